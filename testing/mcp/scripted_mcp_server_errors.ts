/**
 * The errors a `ScriptedMcpServer` raises when a workflow drifts from its
 * script. Every field is an own enumerable property (present even when
 * `undefined`), declared before `name`; messages number calls from 1.
 *
 * @module
 */

import { countOf, ordinal } from '../../_internal/format.ts';
import type { ScriptedMcpMethod } from './scripted_mcp_server_types.ts';

/**
 * A tool call no step could take (another tool was expected, or the script
 * was used up), or a `readResource` of a URI the server does not have.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ScriptedMcpServer, UnexpectedMcpCallError } from "scripted-agents/testing";
 *
 * const server = new ScriptedMcpServer({ name: "weather", steps: [{ tool: "a", result: "A" }] });
 * await server.connect();
 * await assert.rejects(server.callTool("b", {}), (error) => {
 *   assert(error instanceof UnexpectedMcpCallError);
 *   assert.equal(error.target, "b");
 *   assert.equal(error.expected, "a");
 *   return true;
 * });
 * server.acknowledgeFailures();
 * await server.close();
 * ```
 */
export class UnexpectedMcpCallError extends Error {
  /** The server's name. */
  readonly server: string;
  /** The zero-based position of the call in `calls`. */
  readonly callIndex: number;
  /** The method called (`callTool`, `callToolResult` or `readResource`). */
  readonly method: ScriptedMcpMethod;
  /** The tool name or resource URI the call asked for. */
  readonly target: string;
  /** The tool of the required step the call displaced, or `undefined`. */
  readonly expected: string | undefined;
  /** The required tool calls still expected after this one. */
  readonly remainingSteps: number;
  /** Always `'UnexpectedMcpCallError'`. */
  override readonly name: 'UnexpectedMcpCallError';

  /** Describes the call; the message names the call (1-based) and both targets. */
  constructor(options: {
    server: string;
    callIndex: number;
    method: ScriptedMcpMethod;
    target: string;
    expected: string | undefined;
    remainingSteps: number;
  }) {
    const { server, callIndex, method, target, expected, remainingSteps } = options;
    super(
      `ScriptedMcpServer "${server}" received unexpected ${method}("${target}") call ${
        ordinal(callIndex)
      }; ${
        method === 'readResource'
          ? 'no such resource is scripted.'
          : expected === undefined
          ? 'no scripted step can take it.'
          : `expected a call of "${expected}".`
      }`,
    );
    this.server = server;
    this.callIndex = callIndex;
    this.method = method;
    this.target = target;
    this.expected = expected;
    this.remainingSteps = remainingSteps;
    this.name = 'UnexpectedMcpCallError';
  }
}

/**
 * A step's matcher returned `false` for the call's arguments.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { McpCallMatcherError, ScriptedMcpServer } from "scripted-agents/testing";
 *
 * const server = new ScriptedMcpServer({
 *   name: "weather",
 *   steps: [{ tool: "get_forecast", match: (args) => args?.city === "Oslo", result: "rain" }],
 * });
 * await server.connect();
 * await assert.rejects(server.callTool("get_forecast", { city: "Rome" }), McpCallMatcherError);
 * server.acknowledgeFailures();
 * await server.close();
 * ```
 */
export class McpCallMatcherError extends Error {
  /** The server's name. */
  readonly server: string;
  /** The zero-based position of the call in `calls`. */
  readonly callIndex: number;
  /** The tool called. */
  readonly tool: string;
  /** Always `'McpCallMatcherError'`. */
  override readonly name: 'McpCallMatcherError';

  /** Names the call (1-based) and the tool. */
  constructor(server: string, callIndex: number, tool: string) {
    super(
      `ScriptedMcpServer "${server}" matcher rejected ${tool} call ${ordinal(callIndex)}.`,
    );
    this.server = server;
    this.callIndex = callIndex;
    this.tool = tool;
    this.name = 'McpCallMatcherError';
  }
}

/**
 * The server was used while not connected: before `connect()`, after
 * `close()`, or after a failed connect. Real MCP servers refuse such calls too.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { McpServerNotConnectedError, ScriptedMcpServer } from "scripted-agents/testing";
 *
 * const server = new ScriptedMcpServer({ name: "docs" });
 * await assert.rejects(server.listTools(), McpServerNotConnectedError);
 * server.acknowledgeFailures();
 * ```
 */
export class McpServerNotConnectedError extends Error {
  /** The server's name. */
  readonly server: string;
  /** The zero-based position of the call in `calls`. */
  readonly callIndex: number;
  /** The method called. */
  readonly method: ScriptedMcpMethod;
  /** Always `'McpServerNotConnectedError'`. */
  override readonly name: 'McpServerNotConnectedError';

  /** Names the call (1-based) and the method. */
  constructor(server: string, callIndex: number, method: ScriptedMcpMethod) {
    super(
      `ScriptedMcpServer "${server}" received ${method} call ${
        ordinal(callIndex)
      } while not connected; call connect() first.`,
    );
    this.server = server;
    this.callIndex = callIndex;
    this.method = method;
    this.name = 'McpServerNotConnectedError';
  }
}

/**
 * `assertComplete()` found required tool calls that did not happen.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ScriptedMcpServer, UnconsumedMcpStepsError } from "scripted-agents/testing";
 *
 * const server = new ScriptedMcpServer({ name: "weather", steps: [{ tool: "a", result: "A" }] });
 * assert.throws(() => server.assertComplete(), (error) => {
 *   assert(error instanceof UnconsumedMcpStepsError);
 *   assert.deepEqual(error.pendingTools, ["a"]);
 *   return true;
 * });
 * ```
 */
export class UnconsumedMcpStepsError extends Error {
  /** The server's name. */
  readonly server: string;
  /** How many required tool calls did not happen. */
  readonly remainingSteps: number;
  /** The tools of those calls, in script order (a tool repeats per missing use). */
  readonly pendingTools: readonly string[];
  /** Always `'UnconsumedMcpStepsError'`. */
  override readonly name: 'UnconsumedMcpStepsError';

  /** Lists the missing calls. */
  constructor(server: string, pendingTools: readonly string[]) {
    super(
      `ScriptedMcpServer "${server}" has ${countOf(pendingTools.length, 'unconsumed step')}: ${
        pendingTools.join(', ')
      }.`,
    );
    this.server = server;
    this.remainingSteps = pendingTools.length;
    this.pendingTools = Object.freeze([...pendingTools]);
    this.name = 'UnconsumedMcpStepsError';
  }
}

/**
 * `assertClosed()` (or teardown): the server was connected and never closed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { McpServerNotClosedError, ScriptedMcpServer } from "scripted-agents/testing";
 *
 * const server = new ScriptedMcpServer({ name: "docs" });
 * await server.connect();
 * assert.throws(() => server.assertClosed(), McpServerNotClosedError);
 * await server.close();
 * server.assertClosed();
 * ```
 */
export class McpServerNotClosedError extends Error {
  /** The server's name. */
  readonly server: string;
  /** Always `'McpServerNotClosedError'`. */
  override readonly name: 'McpServerNotClosedError';

  /** Names the server. */
  constructor(server: string) {
    super(`ScriptedMcpServer "${server}" was connected and never closed.`);
    this.server = server;
    this.name = 'McpServerNotClosedError';
  }
}

/**
 * Why {@linkcode InvalidScriptedMcpStepError} rejected an input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { InvalidScriptedMcpStepReason } from "scripted-agents/testing";
 *
 * const reason: InvalidScriptedMcpStepReason = "invalid_times";
 * assert.equal(reason, "invalid_times");
 * ```
 */
export type InvalidScriptedMcpStepReason =
  | 'invalid_input'
  | 'invalid_tool'
  | 'invalid_matcher'
  | 'invalid_outcome'
  | 'invalid_times'
  | 'invalid_group';

/**
 * A step, tool definition or option is malformed; raised by the constructor
 * or `enqueue()` (or `setTools()`), before any call.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { InvalidScriptedMcpStepError, ScriptedMcpServer } from "scripted-agents/testing";
 *
 * assert.throws(
 *   () => new ScriptedMcpServer({ name: "x", steps: [{ tool: "a" } as never] }),
 *   (error) => error instanceof InvalidScriptedMcpStepError && error.reason === "invalid_outcome",
 * );
 * ```
 */
export class InvalidScriptedMcpStepError extends Error {
  /** Which rule the input broke. */
  readonly reason: InvalidScriptedMcpStepReason;
  /** The zero-based position of the input (in `steps`, `enqueue()` arguments or `tools`). */
  readonly inputIndex: number;
  /** Always `'InvalidScriptedMcpStepError'`. */
  override readonly name: 'InvalidScriptedMcpStepError';

  /** Names the input (1-based) and the rule. */
  constructor(reason: InvalidScriptedMcpStepReason, inputIndex: number, detail: string) {
    super(`ScriptedMcpServer input ${ordinal(inputIndex)} ${detail}.`);
    this.reason = reason;
    this.inputIndex = inputIndex;
    this.name = 'InvalidScriptedMcpStepError';
  }
}
