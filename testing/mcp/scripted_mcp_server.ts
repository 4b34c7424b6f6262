/**
 * `ScriptedMcpServer`: an in-memory MCP server for agents with `mcpServers`.
 * It lists scripted tool definitions, answers `callTool` from a script of
 * steps (in the style of the sandbox double), serves scripted resources, and
 * records every call, including `connect` and `close`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner } from "@openai/agents";
 * import { assistantMessage, functionCall, ScriptedMcpServer, ScriptedModel } from "scripted-agents/testing";
 *
 * using server = new ScriptedMcpServer({
 *   name: "weather",
 *   tools: [{ name: "get_forecast", inputSchema: { properties: { city: { type: "string" } } } }],
 *   steps: [{ tool: "get_forecast", match: (args) => args?.city === "Oslo", result: "Rain." }],
 * });
 * const model = new ScriptedModel([
 *   [functionCall("get_forecast", { city: "Oslo" }, { callId: "call_1" })],
 *   [assistantMessage("Take an umbrella.")],
 * ]);
 * const agent = new Agent({ name: "Forecaster", model, mcpServers: [server] });
 * await server.connect();
 * const result = await new Runner({ tracingDisabled: true }).run(agent, "Oslo?");
 * await server.close();
 * assert.equal(result.finalOutput, "Take an umbrella.");
 * assert.deepEqual(server.toolCalls.map((call) => call.args), [{ city: "Oslo" }]);
 * ```
 *
 * @module
 */

import { invalidateServerToolsCache } from '@openai/agents-core';
import { attempt } from '../../_internal/attempt.ts';
import { FailureLog, runTeardownChecks } from '../../_internal/failure_log.ts';
import { type ScriptEntry, StepScript } from '../../_internal/step_script.ts';
import { snapshotValue } from '../../_internal/snapshot.ts';
import { stepCount } from '../_shared/_step_count.ts';
import { scriptEntry, takeStep } from '../_shared/_script_steps.ts';
import type {
  SdkCallToolResult as CallToolResult,
  SdkCallToolResultContent as CallToolResultContent,
  SdkMcpCallToolOptions as MCPCallToolOptions,
  SdkMcpListResourcesParams as MCPListResourcesParams,
  SdkMcpListResourcesResult as MCPListResourcesResult,
  SdkMcpListResourceTemplatesResult as MCPListResourceTemplatesResult,
  SdkMcpReadResourceResult as MCPReadResourceResult,
  SdkMcpResource as MCPResource,
  SdkMcpResourceContent as MCPResourceContent,
  SdkMcpResourceTemplate as MCPResourceTemplate,
  SdkMcpServer as MCPServer,
  SdkMcpServerWithResources as MCPServerWithResources,
  SdkMcpTool as MCPTool,
} from './_sdk_mcp_types.ts';
import {
  InvalidScriptedMcpStepError,
  McpCallMatcherError,
  McpServerNotClosedError,
  McpServerNotConnectedError,
  UnconsumedMcpStepsError,
  UnexpectedMcpCallError,
} from './scripted_mcp_server_errors.ts';
import type {
  RecordedMcpCall,
  ScriptedMcpInput,
  ScriptedMcpMethod,
  ScriptedMcpServerOptions,
  ScriptedMcpToolCall,
  ScriptedMcpToolDefinition,
  ScriptedMcpToolResult,
} from './scripted_mcp_server_types.ts';
import { announceDouble, settleDouble } from '../../_internal/live_doubles.ts';

const DOUBLE = 'ScriptedMcpServer';

type Outcome =
  | { readonly kind: 'result'; readonly value: CallToolResult }
  | {
    readonly kind: 'respond';
    readonly respond: (
      call: ScriptedMcpToolCall,
    ) => ScriptedMcpToolResult | PromiseLike<ScriptedMcpToolResult>;
  }
  | { readonly kind: 'error'; readonly error: unknown };

interface Step {
  readonly tool: string;
  readonly match: ((args: unknown, meta: unknown) => unknown) | undefined;
  readonly outcome: Outcome;
}

const hasOwn = (object: object, key: PropertyKey): boolean =>
  Object.prototype.hasOwnProperty.call(object, key);

/**
 * A scripted `MCPServer` (with resources) for the real `Agent` and `Runner`.
 *
 * - `listTools()` returns the scripted tool definitions (`tools`, replaced
 *   with `setTools()`); tool filters, `cacheToolsList` and the SDK's tool
 *   cache work as with a real server. `connect()`, `close()` and
 *   `invalidateToolsCache()` drop the SDK's cached listing for this server
 *   name, as real servers do.
 * - `callTool()` / `callToolResult()` consume the `steps` script: each step
 *   names a `tool`, may `match` the arguments, and answers with `result` (a
 *   string or a `CallToolResult`), `respond(call)` or `error` (thrown as is).
 *   Steps may repeat (`times`), be `optional`, or form `anyOrder(...)` groups;
 *   `anytime` steps answer matching calls at any point and are never required.
 * - Every call is recorded (`calls`, `toolCalls`). Using the server while not
 *   connected fails with `McpServerNotConnectedError`, as a real server does.
 * - Failures for a drifted workflow are kept in `failures`; teardown
 *   (`using`) reports them, unconsumed required steps, and a server left
 *   connected.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ScriptedMcpServer } from "scripted-agents/testing";
 *
 * using server = new ScriptedMcpServer({
 *   name: "docs",
 *   resources: [{ uri: "file:///README.md", name: "README" }],
 *   resourceContents: { "file:///README.md": "# Hello" },
 * });
 * await server.connect();
 * const { contents } = await server.readResource("file:///README.md");
 * assert.deepEqual(contents, [{ uri: "file:///README.md", text: "# Hello" }]);
 * await server.close();
 * ```
 */
export class ScriptedMcpServer implements MCPServerWithResources, Disposable {
  /** The server name. */
  readonly name: string;
  /** Whether the SDK may cache this server's tool listing. */
  cacheToolsList: boolean;
  /** The SDK's tool filter for this server, if given. */
  toolFilter?: MCPServer['toolFilter'];
  /** The SDK's tool meta resolver, if given. */
  toolMetaResolver?: MCPServer['toolMetaResolver'];
  /** The SDK's custom data extractor, if given. */
  customDataExtractor?: MCPServer['customDataExtractor'];
  /** Guardrails run before every tool of this server, if given. */
  toolInputGuardrails?: MCPServer['toolInputGuardrails'];
  /** Guardrails run after every tool of this server, if given. */
  toolOutputGuardrails?: MCPServer['toolOutputGuardrails'];
  /** Whether the model sees `structuredContent` instead of the content items. */
  useStructuredContent?: boolean;
  /** How tool failures become model-visible messages (`null` rethrows). */
  errorFunction?: MCPServer['errorFunction'];

  readonly #script = new StepScript<Step>((step) => step.tool);
  readonly #calls: RecordedMcpCall[] = [];
  readonly #failures = new FailureLog(DOUBLE);
  readonly #resources: readonly MCPResource[];
  readonly #resourceTemplates: readonly MCPResourceTemplate[];
  readonly #contents: ReadonlyMap<string, readonly MCPResourceContent[]>;
  readonly #connectError: { error: unknown } | undefined;
  #tools: readonly MCPTool[];
  #connected = false;

  /** Creates a disconnected server from its script. */
  constructor(options: ScriptedMcpServerOptions) {
    if (typeof options?.name !== 'string' || options.name === '') {
      throw new TypeError('ScriptedMcpServer needs a non-empty `name`.');
    }
    this.name = options.name;
    this.cacheToolsList = options.cacheToolsList ?? false;
    this.toolFilter = options.toolFilter;
    this.toolMetaResolver = options.toolMetaResolver;
    this.customDataExtractor = options.customDataExtractor;
    this.toolInputGuardrails = options.toolInputGuardrails;
    this.toolOutputGuardrails = options.toolOutputGuardrails;
    this.useStructuredContent = options.useStructuredContent;
    if ('errorFunction' in options) this.errorFunction = options.errorFunction;
    this.#tools = toolDefinitions(options.tools ?? []);
    this.#resources = snapshotValue([...(options.resources ?? [])]);
    this.#resourceTemplates = snapshotValue([...(options.resourceTemplates ?? [])]);
    this.#contents = new Map(
      Object.entries(options.resourceContents ?? {}).map(([uri, contents]) => [
        uri,
        typeof contents === 'string' ? [{ uri, text: contents }] : snapshotValue([...contents]),
      ]),
    );
    this.#connectError = 'connectError' in options ? { error: options.connectError } : undefined;
    this.#script.push(scriptEntries(options.steps ?? []));
    this.#script.pushAnytime(
      Array.from(options.anytime ?? [], (input: unknown, inputIndex) => {
        const { step } = toStep(input, inputIndex);
        if (
          typeof input === 'object' && input !== null && ('times' in input || 'optional' in input)
        ) {
          throw new InvalidScriptedMcpStepError(
            'invalid_times',
            inputIndex,
            'is an anytime step, already optional and unlimited',
          );
        }
        return step;
      }),
    );
    announceDouble(this);
  }

  /** Every recorded call, in call order: a new frozen array of frozen records. */
  get calls(): readonly RecordedMcpCall[] {
    return Object.freeze(this.#calls.map(freshCall));
  }

  /** The tool calls (`callTool` and `callToolResult`), in call order. */
  get toolCalls(): readonly ScriptedMcpToolCall[] {
    return Object.freeze(
      this.#calls.filter((call) => call.method === 'callTool' || call.method === 'callToolResult')
        .map(toolCallOf),
    );
  }

  /** Whether the server is connected now. */
  get connected(): boolean {
    return this.#connected;
  }

  /** The number of required tool calls that have not happened yet. */
  get remainingSteps(): number {
    return this.#script.remaining;
  }

  /**
   * Appends `callTool` steps (atomically: one invalid input adds none).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ScriptedMcpServer } from "scripted-agents/testing";
   *
   * const server = new ScriptedMcpServer({ name: "weather" });
   * server.enqueue({ tool: "get_forecast", result: "sunny" });
   * assert.equal(server.remainingSteps, 1);
   * ```
   */
  enqueue(...inputs: ScriptedMcpInput[]): void {
    this.#script.push(scriptEntries(inputs));
  }

  /**
   * Replaces the tool definitions later listings return (a server whose
   * tools changed). With `cacheToolsList`, the SDK keeps its cached listing
   * until `invalidateToolsCache()`, `connect()` or `close()`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ScriptedMcpServer } from "scripted-agents/testing";
   *
   * using server = new ScriptedMcpServer({ name: "docs", tools: [{ name: "search" }] });
   * await server.connect();
   * server.setTools([{ name: "search" }, { name: "fetch" }]);
   * assert.deepEqual((await server.listTools()).map((tool) => tool.name), ["search", "fetch"]);
   * await server.close();
   * ```
   */
  setTools(tools: readonly ScriptedMcpToolDefinition[]): void {
    this.#tools = toolDefinitions(tools);
  }

  /** Connects (recorded); rejects with `connectError` when one is scripted. */
  async connect(): Promise<void> {
    this.#record('connect', []);
    await invalidateServerToolsCache(this.name);
    if (this.#connectError !== undefined) throw this.#connectError.error;
    this.#connected = true;
  }

  /** Closes (recorded). Closing a closed server is allowed, as with real servers. */
  async close(): Promise<void> {
    this.#record('close', []);
    this.#connected = false;
    await invalidateServerToolsCache(this.name);
  }

  /** Returns a detached copy of the scripted tool definitions. */
  listTools(): Promise<MCPTool[]> {
    return this.#connectedCall('listTools', [], () => snapshotValue([...this.#tools]));
  }

  /** Answers a tool call with the next fitting step: the result's content items. */
  async callTool(
    toolName: string,
    args: Record<string, unknown> | null,
    meta?: Record<string, unknown> | null,
    options?: MCPCallToolOptions,
  ): Promise<CallToolResultContent> {
    const result = await this.#callTool('callTool', toolName, args, meta, options);
    return contentWithMetadata(result);
  }

  /** Answers a tool call with the next fitting step: the full MCP result. */
  callToolResult(
    toolName: string,
    args: Record<string, unknown> | null,
    meta?: Record<string, unknown> | null,
    options?: MCPCallToolOptions,
  ): Promise<CallToolResult> {
    return this.#callTool('callToolResult', toolName, args, meta, options);
  }

  /** Drops the SDK's cached tool listing for this server (recorded). */
  async invalidateToolsCache(): Promise<void> {
    this.#record('invalidateToolsCache', []);
    await invalidateServerToolsCache(this.name);
  }

  /** Returns the scripted resources. */
  listResources(params?: MCPListResourcesParams): Promise<MCPListResourcesResult> {
    return this.#connectedCall(
      'listResources',
      params === undefined ? [] : [params],
      () => ({ resources: snapshotValue([...this.#resources]) }),
    );
  }

  /** Returns the scripted resource templates. */
  listResourceTemplates(params?: MCPListResourcesParams): Promise<MCPListResourceTemplatesResult> {
    return this.#connectedCall(
      'listResourceTemplates',
      params === undefined ? [] : [params],
      () => ({ resourceTemplates: snapshotValue([...this.#resourceTemplates]) }),
    );
  }

  /** Returns the scripted contents of `uri`; an unknown URI fails as an unexpected call. */
  readResource(uri: string): Promise<MCPReadResourceResult> {
    return this.#connectedCall('readResource', [uri], (call) => {
      const contents = this.#contents.get(uri);
      if (contents === undefined) {
        throw this.#failures.raise(
          new UnexpectedMcpCallError({
            server: this.name,
            callIndex: call.index,
            method: 'readResource',
            target: uri,
            expected: undefined,
            remainingSteps: this.#script.remaining,
          }),
        );
      }
      return { contents: snapshotValue([...contents]) };
    });
  }

  /** Throws `UnconsumedMcpStepsError` if a required tool call did not happen. */
  assertComplete(): void {
    const pending = this.#script.pending();
    if (pending.length > 0) {
      throw new UnconsumedMcpStepsError(this.name, pending.map((step) => step.tool));
    }
  }

  /** Throws `McpServerNotClosedError` if the server is still connected. */
  assertClosed(): void {
    if (this.#connected) throw new McpServerNotClosedError(this.name);
  }

  /** The failures this server raised for a drifted workflow, caught or not. */
  get failures(): readonly unknown[] {
    return this.#failures.failures;
  }

  /** Returns the recorded failures and forgets them, for tests that provoke one on purpose. */
  acknowledgeFailures(): readonly unknown[] {
    return this.#failures.take();
  }

  /** Throws `DoubleFailuresError` if the server raised any failure not yet acknowledged. */
  assertNoUnexpectedCalls(): void {
    this.#failures.assertNone();
  }

  /**
   * Teardown for `using server = new ScriptedMcpServer(...)`: reports
   * unacknowledged failures, unconsumed required steps and a server left
   * connected, together.
   */
  [Symbol.dispose](): void {
    settleDouble(this);
    runTeardownChecks(DOUBLE, [
      () => this.assertNoUnexpectedCalls(),
      () => this.assertComplete(),
      () => this.assertClosed(),
    ]);
  }

  #record(method: ScriptedMcpMethod, args: unknown[]): RecordedMcpCall {
    const call: RecordedMcpCall = Object.freeze({
      index: this.#calls.length,
      method,
      args: Object.freeze(snapshotValue(args)),
    });
    this.#calls.push(call);
    return call;
  }

  /** Records the call, then fails it unless connected, else runs `answer`. */
  #connectedCall<T>(
    method: ScriptedMcpMethod,
    args: unknown[],
    answer: (call: RecordedMcpCall) => T | Promise<T>,
  ): Promise<T> {
    return attempt(() => {
      const call = this.#record(method, args);
      if (!this.#connected) {
        throw this.#failures.raise(new McpServerNotConnectedError(this.name, call.index, method));
      }
      return answer(call);
    });
  }

  #callTool(
    method: 'callTool' | 'callToolResult',
    toolName: string,
    args: Record<string, unknown> | null,
    meta: Record<string, unknown> | null | undefined,
    options: MCPCallToolOptions | undefined,
  ): Promise<CallToolResult> {
    const recordedArgs = meta === undefined ? [toolName, args] : [toolName, args, meta];
    return this.#connectedCall(method, recordedArgs, async (call) => {
      options?.signal?.throwIfAborted();
      const toolCall = toolCallOf(call);
      const { outcome } = takeStep(this.#script, toolName, {
        failures: this.#failures,
        matches: (step) => step.match?.(snapshotValue(toolCall.args), snapshotValue(toolCall.meta)),
        mismatch: () => new McpCallMatcherError(this.name, call.index, toolName),
        unexpected: (expected) =>
          new UnexpectedMcpCallError({
            server: this.name,
            callIndex: call.index,
            method,
            target: toolName,
            expected: expected?.tool,
            remainingSteps: this.#script.remaining,
          }),
      });
      switch (outcome.kind) {
        case 'error':
          throw outcome.error;
        case 'respond':
          return toCallToolResult(await outcome.respond(toolCall));
        default:
          return snapshotValue(outcome.value);
      }
    });
  }
}

function freshCall(call: RecordedMcpCall): RecordedMcpCall {
  return Object.freeze({
    index: call.index,
    method: call.method,
    args: Object.freeze(snapshotValue([...call.args])),
  });
}

function toolCallOf(call: RecordedMcpCall): ScriptedMcpToolCall {
  const [tool, args, meta] = snapshotValue([...call.args]) as [
    string,
    Record<string, unknown> | null,
    Record<string, unknown> | null | undefined,
  ];
  return Object.freeze({ index: call.index, tool, args, meta });
}

function toCallToolResult(result: ScriptedMcpToolResult): CallToolResult {
  if (typeof result === 'string') return { content: [{ type: 'text', text: result }] };
  return snapshotValue(result);
}

/** The content items with the result's metadata attached, as the SDK's MCP clients return them. */
function contentWithMetadata(result: CallToolResult): CallToolResultContent {
  const content = [...result.content] as CallToolResultContent;
  for (const key of ['_meta', 'structuredContent', 'isError'] as const) {
    if (result[key] !== undefined) {
      Object.defineProperty(content, key, {
        value: result[key],
        enumerable: false,
        writable: true,
        configurable: true,
      });
    }
  }
  return content;
}

function toolDefinitions(tools: readonly ScriptedMcpToolDefinition[]): readonly MCPTool[] {
  return Object.freeze(Array.from(tools, (tool, index) => {
    if (typeof tool !== 'object' || tool === null || typeof tool.name !== 'string') {
      throw new InvalidScriptedMcpStepError('invalid_tool', index, 'is not a tool definition');
    }
    const schema = tool.inputSchema ?? {};
    const definition: MCPTool = {
      name: tool.name,
      inputSchema: {
        type: 'object',
        properties: snapshotValue(schema.properties ?? {}) as Record<string, unknown>,
        required: [...(schema.required ?? [])],
        additionalProperties: schema.additionalProperties ?? false,
      },
    };
    if (tool.description !== undefined) definition.description = tool.description;
    return Object.freeze(definition);
  }));
}

/** Validates every input first, so one invalid input adds nothing. */
function scriptEntries(inputs: Iterable<ScriptedMcpInput>): ScriptEntry<Step>[] {
  return Array.from(
    inputs as Iterable<unknown>,
    (input, inputIndex): ScriptEntry<Step> =>
      scriptEntry(
        input,
        (member) => toStep(member, inputIndex),
        (problem) =>
          new InvalidScriptedMcpStepError(
            'invalid_group',
            inputIndex,
            problem === 'empty' ? 'is an empty group' : 'nests a group in a group',
          ),
      ),
  );
}

function toStep(input: unknown, inputIndex: number) {
  if (typeof input !== 'object' || input === null) {
    throw new InvalidScriptedMcpStepError('invalid_input', inputIndex, 'must be an object');
  }
  const source = input as Record<string, unknown>;
  if (typeof source.tool !== 'string') {
    throw new InvalidScriptedMcpStepError('invalid_tool', inputIndex, 'must name a `tool`');
  }
  if (source.match !== undefined && typeof source.match !== 'function') {
    throw new InvalidScriptedMcpStepError(
      'invalid_matcher',
      inputIndex,
      'must use a function matcher',
    );
  }
  const count = stepCount(source);
  if (count === undefined) {
    throw new InvalidScriptedMcpStepError(
      'invalid_times',
      inputIndex,
      'has invalid `times` or `optional`',
    );
  }
  const outcomes = ['result', 'respond', 'error'].filter((key) => hasOwn(source, key));
  const invalidOutcome = () =>
    new InvalidScriptedMcpStepError(
      'invalid_outcome',
      inputIndex,
      'must define exactly one of result (a string or a CallToolResult), respond, or error',
    );
  if (outcomes.length !== 1) throw invalidOutcome();
  let outcome: Outcome;
  switch (outcomes[0]) {
    case 'respond':
      if (typeof source.respond !== 'function') throw invalidOutcome();
      outcome = { kind: 'respond', respond: source.respond as never };
      break;
    case 'error':
      outcome = { kind: 'error', error: source.error };
      break;
    default:
      if (!isToolResult(source.result)) throw invalidOutcome();
      outcome = { kind: 'result', value: toCallToolResult(source.result) };
  }
  const step: Step = {
    tool: source.tool,
    match: source.match as Step['match'],
    outcome,
  };
  return { step, count };
}

function isToolResult(value: unknown): value is ScriptedMcpToolResult {
  return typeof value === 'string' ||
    (typeof value === 'object' && value !== null &&
      Array.isArray((value as { content?: unknown }).content));
}
