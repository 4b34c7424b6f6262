/**
 * The public types of `ScriptedMcpServer`: its options, tool definitions,
 * `callTool` steps and recorded calls.
 *
 * @module
 */

import type {
  SdkCallToolResult,
  SdkMcpResource,
  SdkMcpResourceContent,
  SdkMcpResourceTemplate,
  SdkMcpServer,
} from './_sdk_mcp_types.ts';
import type { AnyOrderOf, StepRepeat } from '../step_bending/step_bending_types.ts';

/**
 * A tool the server lists: a name, an optional description and a JSON
 * schema for its arguments. Missing schema fields get the MCP defaults
 * (`type: 'object'`, no properties, none required, `additionalProperties:
 * false`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ScriptedMcpToolDefinition } from "scripted-agents/testing";
 *
 * const forecast: ScriptedMcpToolDefinition = {
 *   name: "get_forecast",
 *   description: "Forecast for a city.",
 *   inputSchema: { properties: { city: { type: "string" } }, required: ["city"] },
 * };
 * assert.equal(forecast.name, "get_forecast");
 * ```
 */
export interface ScriptedMcpToolDefinition {
  /** The tool name the model calls. */
  name: string;
  /** The description the model sees. */
  description?: string;
  /** The JSON schema of the arguments (an object schema). */
  inputSchema?: {
    type?: 'object';
    properties?: Record<string, unknown>;
    required?: string[];
    additionalProperties?: boolean;
  };
}

/**
 * What a `callTool` step answers: a string (one text content item) or a
 * complete MCP `CallToolResult` (`content`, and optionally `isError`,
 * `structuredContent`, `_meta`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ScriptedMcpToolResult } from "scripted-agents/testing";
 *
 * const failed: ScriptedMcpToolResult = {
 *   content: [{ type: "text", text: "city not found" }],
 *   isError: true,
 * };
 * assert.equal(failed.isError, true);
 * ```
 */
export type ScriptedMcpToolResult = string | SdkCallToolResult;

/**
 * One recorded call to the server, in call order. `args` are the detached
 * arguments (for `callTool`: tool name, arguments, meta; the abort signal
 * is not recorded).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ScriptedMcpServer } from "scripted-agents/testing";
 *
 * const server = new ScriptedMcpServer({ name: "docs" });
 * await server.connect();
 * await server.close();
 * assert.deepEqual(server.calls.map((call) => call.method), ["connect", "close"]);
 * ```
 */
export type RecordedMcpCall = Readonly<{
  /** The zero-based position of this call in `calls`. */
  index: number;
  /** The server method called. */
  method: ScriptedMcpMethod;
  /** The detached arguments in parameter order. */
  args: readonly unknown[];
}>;

/**
 * The server methods a `ScriptedMcpServer` records.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ScriptedMcpMethod } from "scripted-agents/testing";
 *
 * const method: ScriptedMcpMethod = "callTool";
 * assert.equal(method, "callTool");
 * ```
 */
export type ScriptedMcpMethod =
  | 'connect'
  | 'close'
  | 'listTools'
  | 'callTool'
  | 'callToolResult'
  | 'invalidateToolsCache'
  | 'listResources'
  | 'listResourceTemplates'
  | 'readResource';

/**
 * A tool call as a `callTool` step's `respond` receives it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ScriptedMcpServer, type ScriptedMcpToolCall } from "scripted-agents/testing";
 *
 * const seen: ScriptedMcpToolCall[] = [];
 * const server = new ScriptedMcpServer({
 *   name: "weather",
 *   steps: [{ tool: "get_forecast", respond: (call) => (seen.push(call), "sunny") }],
 * });
 * await server.connect();
 * await server.callTool("get_forecast", { city: "Oslo" });
 * assert.deepEqual(seen[0].args, { city: "Oslo" });
 * await server.close();
 * ```
 */
export type ScriptedMcpToolCall = Readonly<{
  /** The zero-based position of the call in `calls`. */
  index: number;
  /** The tool called. */
  tool: string;
  /** The detached arguments. */
  args: Readonly<Record<string, unknown>> | null;
  /** The detached request meta, if any. */
  meta: Readonly<Record<string, unknown>> | null | undefined;
}>;

/**
 * One `callTool` step: the tool it answers, an optional matcher, and exactly
 * one outcome (`result`, `respond` or `error`). `times` and `optional` let it
 * repeat or be skipped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ScriptedMcpToolStep } from "scripted-agents/testing";
 *
 * const step: ScriptedMcpToolStep = {
 *   tool: "get_forecast",
 *   match: (args) => args?.city === "Oslo",
 *   result: "Oslo: rain",
 * };
 * assert.equal(step.tool, "get_forecast");
 * ```
 */
export type ScriptedMcpToolStep =
  & {
    /** The tool this step answers. */
    tool: string;
    /** Checks the arguments (and meta) first; `false` fails the call. */
    match?: (
      args: Readonly<Record<string, unknown>> | null,
      meta: Readonly<Record<string, unknown>> | null | undefined,
    ) => boolean | void;
  }
  & StepRepeat
  & (
    | { result: ScriptedMcpToolResult; respond?: never; error?: never }
    | {
      respond: (
        call: ScriptedMcpToolCall,
      ) => ScriptedMcpToolResult | PromiseLike<ScriptedMcpToolResult>;
      result?: never;
      error?: never;
    }
    | { error: unknown; result?: never; respond?: never }
  );

/**
 * What a server's `steps` accept: a step, or a group of steps that may be
 * used in any order (`anyOrder(...)`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { anyOrder, type ScriptedMcpInput } from "scripted-agents/testing";
 *
 * const steps: ScriptedMcpInput[] = [
 *   anyOrder({ tool: "a", result: "A" }, { tool: "b", result: "B" }),
 * ];
 * assert.equal(steps.length, 1);
 * ```
 */
export type ScriptedMcpInput = ScriptedMcpToolStep | AnyOrderOf<ScriptedMcpToolStep>;

/**
 * Options of `new ScriptedMcpServer()`. Besides the script, every optional
 * `MCPServer` setting the SDK reads (`cacheToolsList`, `toolFilter`,
 * `errorFunction`, `useStructuredContent`, ...) is passed through as is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ScriptedMcpServer, type ScriptedMcpServerOptions } from "scripted-agents/testing";
 *
 * const options: ScriptedMcpServerOptions = {
 *   name: "weather",
 *   tools: [{ name: "get_forecast" }],
 *   cacheToolsList: true,
 * };
 * assert.equal(new ScriptedMcpServer(options).cacheToolsList, true);
 * ```
 */
export type ScriptedMcpServerOptions =
  & Partial<
    Pick<
      SdkMcpServer,
      | 'cacheToolsList'
      | 'toolFilter'
      | 'toolMetaResolver'
      | 'customDataExtractor'
      | 'toolInputGuardrails'
      | 'toolOutputGuardrails'
      | 'useStructuredContent'
      | 'errorFunction'
    >
  >
  & {
    /** The server name (tool cache key, trace and error label). */
    name: string;
    /** The tools `listTools()` returns (change them later with `setTools()`). */
    tools?: readonly ScriptedMcpToolDefinition[];
    /** The `callTool` script. */
    steps?: Iterable<ScriptedMcpInput>;
    /**
     * Steps that answer matching tool calls at any point, any number of
     * times, and are never required. The ordered `steps` are offered every
     * call first. They take no `times` or `optional`.
     */
    anytime?: Iterable<ScriptedMcpToolStep>;
    /** What `listResources()` returns. */
    resources?: readonly SdkMcpResource[];
    /** What `listResourceTemplates()` returns. */
    resourceTemplates?: readonly SdkMcpResourceTemplate[];
    /** What `readResource(uri)` returns per URI: contents, or a text shorthand. */
    resourceContents?: Readonly<Record<string, string | readonly SdkMcpResourceContent[]>>;
    /** When set, `connect()` rejects with this value (and the server stays disconnected). */
    connectError?: unknown;
  };
