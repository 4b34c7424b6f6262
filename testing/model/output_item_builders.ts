/**
 * Builders for the normalized output items a model response can hold beyond a
 * message and a function call: reasoning, hosted tool calls (web search, file
 * search, code interpreter, image generation, MCP), computer, shell and
 * apply-patch calls, handoffs, tool search (`tool_search_call`,
 * `tool_search_output`), programmatic tool calling (`program`,
 * `program_output`) and context compaction (`compaction`). Each returns the SDK's own protocol item,
 * shaped as the SDK's OpenAI Responses adapter would normalize it, and each can
 * be called with no argument.
 *
 * Ids have fixed defaults (`'ws_1'`, `'call_shell_1'`, `'call_<handoff tool
 * name>'`...): the SDK rejects a call id used twice in one run, so pass
 * `id`/`callId` when a run holds several items of one kind.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner } from "@openai/agents";
 * import { assistantMessage, reasoningItem, ScriptedModel, webSearchCall } from "scripted-agents/testing";
 *
 * const model = new ScriptedModel([
 *   [reasoningItem("Search first."), webSearchCall({ query: "weather Tokyo" }), assistantMessage("Sunny.")],
 * ]);
 * const agent = new Agent({ name: "Researcher", model });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, "Weather?");
 * assert.deepEqual(result.newItems.map((item) => item.type), [
 *   "reasoning_item",
 *   "tool_call_item",
 *   "message_output_item",
 * ]);
 * ```
 *
 * @module
 */

import { getHandoff } from '@openai/agents-core';
import type {
  SdkAnyAgent as AnyAgent,
  SdkAnyHandoff as AnyHandoff,
  SdkApplyPatchCallItem as ApplyPatchCallItem,
  SdkApplyPatchOperation as ApplyPatchOperation,
  SdkCompactionItem as CompactionItem,
  SdkComputerAction as ComputerAction,
  SdkComputerUseCallItem as ComputerUseCallItem,
  SdkHostedToolCallItem as HostedToolCallItem,
  SdkProgramCallItem as ProgramCallItem,
  SdkProgramCallResultItem as ProgramCallResultItem,
  SdkReasoningItem as ReasoningItem,
  SdkShellCallItem as ShellCallItem,
  SdkToolSearchCallItem as ToolSearchCallItem,
  SdkToolSearchOutputItem as ToolSearchOutputItem,
} from '../_shared/_sdk_item_types.ts';
import type { SdkFunctionCallItem as FunctionCallItem } from '../_shared/_sdk_types.ts';

type ProviderData = Record<string, unknown>;

/**
 * Options every builder accepts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type ItemBuilderOptions, reasoningItem } from "scripted-agents/testing";
 *
 * const options: ItemBuilderOptions = { id: "rs_2", providerData: { encrypted_content: "x" } };
 * assert.equal(reasoningItem("Hmm.", options).id, "rs_2");
 * ```
 */
export interface ItemBuilderOptions {
  /** The item id. */
  id?: string;
  /** Extra provider data, merged over the builder's own (for hosted calls: the raw API item). */
  providerData?: Record<string, unknown>;
}

/** Options for the builders of items that carry a `callId`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellCall, type CallItemBuilderOptions } from "scripted-agents/testing";
 *
 * const options: CallItemBuilderOptions = { callId: "call_7" };
 * assert.equal(shellCall(undefined, options).callId, "call_7");
 * ```
 */
export interface CallItemBuilderOptions extends ItemBuilderOptions {
  /** The call id that pairs the call with its result. */
  callId?: string;
}

/** Options for {@linkcode reasoningItem}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reasoningItem, type ReasoningItemOptions } from "scripted-agents/testing";
 *
 * const options: ReasoningItemOptions = { rawContent: "step 1" };
 * assert.equal(reasoningItem("Plan.", options).rawContent?.[0].text, "step 1");
 * ```
 */
export interface ReasoningItemOptions extends ItemBuilderOptions {
  /** The raw reasoning text, for models that return it. */
  rawContent?: string;
}

/**
 * A reasoning item with one summary text part (`content`), as reasoning models return before
 * acting. The runner keeps it in history as a `reasoning_item`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reasoningItem } from "scripted-agents/testing";
 *
 * const item = reasoningItem();
 * assert.equal(item.type, "reasoning");
 * assert.equal(item.content[0].text, "Thinking about the request.");
 * ```
 */
export function reasoningItem(
  summary = 'Thinking about the request.',
  options: ReasoningItemOptions = {},
): ReasoningItem {
  const item: ReasoningItem = {
    type: 'reasoning',
    id: options.id ?? 'rs_1',
    content: [{ type: 'input_text', text: summary }],
  };
  if (options.rawContent !== undefined) {
    item.rawContent = [{ type: 'reasoning_text', text: options.rawContent }];
  }
  if (options.providerData !== undefined) item.providerData = options.providerData;
  return item;
}

/** Options for {@linkcode hostedToolCall}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hostedToolCall, type HostedToolCallOptions } from "scripted-agents/testing";
 *
 * const options: HostedToolCallOptions = { output: "done" };
 * assert.equal(hostedToolCall("custom_tool", options).output, "done");
 * ```
 */
export interface HostedToolCallOptions extends ItemBuilderOptions {
  /** The call's arguments: a string is used as is, anything else JSON-encoded. */
  arguments?: string | Record<string, unknown>;
  /** The call's status; default `'completed'`. */
  status?: string;
  /** The call's output, when the provider reports one. */
  output?: string;
}

/**
 * A generic hosted tool call: a tool the provider runs (the SDK records it and
 * runs nothing). The specific builders below use it; use it directly for a
 * hosted tool without a builder of its own. `providerData.type` defaults to
 * `name`, as the SDK's adapter keeps the raw item type there.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hostedToolCall } from "scripted-agents/testing";
 *
 * const item = hostedToolCall("tool_search_call", { arguments: { query: "weather" } });
 * assert.equal(item.type, "hosted_tool_call");
 * assert.equal(item.arguments, '{"query":"weather"}');
 * assert.equal(item.providerData?.type, "tool_search_call");
 * ```
 */
export function hostedToolCall(
  name = 'hosted_tool',
  options: HostedToolCallOptions = {},
): HostedToolCallItem {
  const id = options.id ?? 'ht_1';
  const status = options.status ?? 'completed';
  const item: HostedToolCallItem = {
    type: 'hosted_tool_call',
    id,
    name,
    status,
    providerData: { type: name, id, status, ...options.providerData },
  };
  if (options.arguments !== undefined) {
    item.arguments = typeof options.arguments === 'string'
      ? options.arguments
      : JSON.stringify(options.arguments);
  }
  if (options.output !== undefined) item.output = options.output;
  return item;
}

/** Options for {@linkcode webSearchCall}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { webSearchCall, type WebSearchCallOptions } from "scripted-agents/testing";
 *
 * const options: WebSearchCallOptions = { query: "news" };
 * assert.equal(webSearchCall(options).providerData?.action?.query, "news");
 * ```
 */
export interface WebSearchCallOptions extends ItemBuilderOptions {
  /** The search query; default `'latest news'`. */
  query?: string;
  /** The call's status; default `'completed'`. */
  status?: string;
}

/**
 * A completed web search call (`web_search_call`), with a `search` action.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { webSearchCall } from "scripted-agents/testing";
 *
 * const item = webSearchCall({ query: "weather Tokyo" });
 * assert.equal(item.name, "web_search_call");
 * assert.deepEqual(item.providerData?.action, { type: "search", query: "weather Tokyo" });
 * ```
 */
export function webSearchCall(options: WebSearchCallOptions = {}): HostedToolCallItem {
  return hostedToolCall('web_search_call', {
    id: options.id ?? 'ws_1',
    status: options.status,
    providerData: {
      action: { type: 'search', query: options.query ?? 'latest news' },
      ...options.providerData,
    },
  });
}

/** Options for {@linkcode fileSearchCall}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileSearchCall, type FileSearchCallOptions } from "scripted-agents/testing";
 *
 * const options: FileSearchCallOptions = { queries: ["faq"] };
 * assert.deepEqual(fileSearchCall(options).providerData?.queries, ["faq"]);
 * ```
 */
export interface FileSearchCallOptions extends ItemBuilderOptions {
  /** The queries searched; default `['query']`. */
  queries?: string[];
  /** The results, in the provider's raw shape; default `null` (not included). */
  results?: unknown[] | null;
}

/**
 * A completed file search call (`file_search_call`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileSearchCall } from "scripted-agents/testing";
 *
 * const item = fileSearchCall({ queries: ["refund policy"] });
 * assert.equal(item.name, "file_search_call");
 * assert.deepEqual(item.providerData?.queries, ["refund policy"]);
 * ```
 */
export function fileSearchCall(options: FileSearchCallOptions = {}): HostedToolCallItem {
  return hostedToolCall('file_search_call', {
    id: options.id ?? 'fs_1',
    providerData: {
      queries: options.queries ?? ['query'],
      results: options.results ?? null,
      ...options.providerData,
    },
  });
}

/** Options for {@linkcode codeInterpreterCall}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { codeInterpreterCall, type CodeInterpreterCallOptions } from "scripted-agents/testing";
 *
 * const options: CodeInterpreterCallOptions = { containerId: "cntr_9" };
 * assert.equal(codeInterpreterCall(options).providerData?.container_id, "cntr_9");
 * ```
 */
export interface CodeInterpreterCallOptions extends ItemBuilderOptions {
  /** The code run; default `'print(1 + 1)'`. */
  code?: string;
  /** The container id; default `'cntr_1'`. */
  containerId?: string;
  /** The outputs, in the provider's raw shape; default one log output `'2'`. */
  outputs?: unknown[];
}

/**
 * A completed code interpreter call (`code_interpreter_call`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { codeInterpreterCall } from "scripted-agents/testing";
 *
 * const item = codeInterpreterCall({ code: "print(6 * 7)" });
 * assert.equal(item.name, "code_interpreter_call");
 * assert.equal(item.providerData?.code, "print(6 * 7)");
 * ```
 */
export function codeInterpreterCall(options: CodeInterpreterCallOptions = {}): HostedToolCallItem {
  return hostedToolCall('code_interpreter_call', {
    id: options.id ?? 'ci_1',
    providerData: {
      code: options.code ?? 'print(1 + 1)',
      container_id: options.containerId ?? 'cntr_1',
      outputs: options.outputs ?? [{ type: 'logs', logs: '2' }],
      ...options.providerData,
    },
  });
}

/** A 1×1 transparent PNG, base64: the default generated image. */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Options for {@linkcode imageGenerationCall}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { imageGenerationCall, type ImageGenerationCallOptions } from "scripted-agents/testing";
 *
 * const options: ImageGenerationCallOptions = { result: "AAAA" };
 * assert.equal(imageGenerationCall(options).output, "AAAA");
 * ```
 */
export interface ImageGenerationCallOptions extends ItemBuilderOptions {
  /** The generated image, base64; default a 1×1 PNG. */
  result?: string;
}

/**
 * A completed image generation call (`image_generation_call`); the image is
 * the item's `output`, as the SDK's adapter moves it there.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { imageGenerationCall } from "scripted-agents/testing";
 *
 * const item = imageGenerationCall();
 * assert.equal(item.name, "image_generation_call");
 * assert.ok(item.output?.startsWith("iVBOR"));
 * ```
 */
export function imageGenerationCall(options: ImageGenerationCallOptions = {}): HostedToolCallItem {
  return hostedToolCall('image_generation_call', {
    id: options.id ?? 'ig_1',
    output: options.result ?? TINY_PNG,
    providerData: options.providerData,
  });
}

/** Options for {@linkcode computerCall}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { computerCall, type ComputerCallOptions } from "scripted-agents/testing";
 *
 * const options: ComputerCallOptions = { callId: "call_c2", status: "in_progress" };
 * assert.equal(computerCall(undefined, options).status, "in_progress");
 * ```
 */
export interface ComputerCallOptions extends CallItemBuilderOptions {
  /** The call's status; default `'completed'`. */
  status?: ComputerUseCallItem['status'];
}

/**
 * A computer-use call. The runner performs `action` (default a screenshot) on
 * the agent's computer tool and answers with a `computer_call_result`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { computerCall } from "scripted-agents/testing";
 *
 * const item = computerCall({ type: "click", x: 10, y: 20, button: "left" });
 * assert.equal(item.type, "computer_call");
 * assert.equal(item.callId, "call_computer_1");
 * ```
 */
export function computerCall(
  action: ComputerAction = { type: 'screenshot' },
  options: ComputerCallOptions = {},
): ComputerUseCallItem {
  const callId = options.callId ?? 'call_computer_1';
  const item: ComputerUseCallItem = {
    type: 'computer_call',
    id: options.id ?? callId,
    callId,
    status: options.status ?? 'completed',
    action,
  };
  if (options.providerData !== undefined) item.providerData = options.providerData;
  return item;
}

/** Options for {@linkcode shellCall}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellCall, type ShellCallOptions } from "scripted-agents/testing";
 *
 * const options: ShellCallOptions = { maxOutputLength: 100 };
 * assert.equal(shellCall(["ls"], options).action.maxOutputLength, 100);
 * ```
 */
export interface ShellCallOptions extends CallItemBuilderOptions {
  /** A timeout for the commands, in milliseconds. */
  timeoutMs?: number;
  /** The longest output the model wants back. */
  maxOutputLength?: number;
  /** The call's status; default `'completed'`. */
  status?: ShellCallItem['status'];
}

/**
 * A shell call. With a local `shellTool` the runner runs `commands` (default
 * `['echo hello']`) through the tool's shell and answers with a
 * `shell_call_output`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellCall } from "scripted-agents/testing";
 *
 * const item = shellCall(["ls -la"], { timeoutMs: 1000 });
 * assert.deepEqual(item.action, { commands: ["ls -la"], timeoutMs: 1000 });
 * ```
 */
export function shellCall(
  commands: string[] = ['echo hello'],
  options: ShellCallOptions = {},
): ShellCallItem {
  const callId = options.callId ?? 'call_shell_1';
  const action: ShellCallItem['action'] = { commands };
  if (options.timeoutMs !== undefined) action.timeoutMs = options.timeoutMs;
  if (options.maxOutputLength !== undefined) action.maxOutputLength = options.maxOutputLength;
  const item: ShellCallItem = {
    type: 'shell_call',
    id: options.id ?? callId,
    callId,
    status: options.status ?? 'completed',
    action,
  };
  if (options.providerData !== undefined) item.providerData = options.providerData;
  return item;
}

/** Options for {@linkcode applyPatchCall}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { applyPatchCall, type ApplyPatchCallOptions } from "scripted-agents/testing";
 *
 * const options: ApplyPatchCallOptions = { callId: "call_p2" };
 * assert.equal(applyPatchCall(undefined, options).callId, "call_p2");
 * ```
 */
export interface ApplyPatchCallOptions extends CallItemBuilderOptions {
  /** The call's status; default `'completed'`. */
  status?: ApplyPatchCallItem['status'];
}

/**
 * An apply-patch call. The runner hands `operation` (default: create
 * `hello.txt` with one line) to the `applyPatchTool`'s editor and answers with
 * an `apply_patch_call_output`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { applyPatchCall } from "scripted-agents/testing";
 *
 * const item = applyPatchCall({ type: "delete_file", path: "old.txt" });
 * assert.equal(item.type, "apply_patch_call");
 * assert.equal(item.operation.path, "old.txt");
 * ```
 */
export function applyPatchCall(
  operation: ApplyPatchOperation = { type: 'create_file', path: 'hello.txt', diff: '+hello\n' },
  options: ApplyPatchCallOptions = {},
): ApplyPatchCallItem {
  const callId = options.callId ?? 'call_patch_1';
  const item: ApplyPatchCallItem = {
    type: 'apply_patch_call',
    id: options.id ?? callId,
    callId,
    status: options.status ?? 'completed',
    operation,
  };
  if (options.providerData !== undefined) item.providerData = options.providerData;
  return item;
}

/** Options shared by the hosted MCP builders.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpListTools, type McpItemOptions } from "scripted-agents/testing";
 *
 * const options: McpItemOptions = { serverLabel: "docs" };
 * assert.equal(mcpListTools(options).providerData?.server_label, "docs");
 * ```
 */
export interface McpItemOptions extends ItemBuilderOptions {
  /** The MCP server's label, as given to `hostedMcpTool({ serverLabel })`; default `'mcp_server'`. */
  serverLabel?: string;
}

/** Options for {@linkcode mcpCall} and {@linkcode mcpApprovalRequest}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpApprovalRequest, type McpCallOptions } from "scripted-agents/testing";
 *
 * const options: McpCallOptions = { name: "search", arguments: { q: "x" } };
 * assert.equal(mcpApprovalRequest(options).providerData?.arguments, '{"q":"x"}');
 * ```
 */
export interface McpCallOptions extends McpItemOptions {
  /** The MCP tool's name; default `'echo'`. */
  name?: string;
  /** Its arguments: a string is used as is, anything else JSON-encoded; default `'{}'`. */
  arguments?: string | Record<string, unknown>;
}

/** Options for {@linkcode mcpCall}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpCall, type McpToolCallOptions } from "scripted-agents/testing";
 *
 * const options: McpToolCallOptions = { error: "timeout" };
 * assert.equal(mcpCall(options).providerData?.error, "timeout");
 * ```
 */
export interface McpToolCallOptions extends McpCallOptions {
  /** The tool's output; default `'ok'`. */
  output?: string;
  /** An error the server reported instead of an output. */
  error?: string;
}

function encodeArguments(args: string | Record<string, unknown> | undefined): string {
  if (args === undefined) return '{}';
  return typeof args === 'string' ? args : JSON.stringify(args);
}

/**
 * A completed hosted MCP tool call (`mcp_call`): the provider called a tool of
 * a remote MCP server (`hostedMcpTool`) and reports its output.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpCall } from "scripted-agents/testing";
 *
 * const item = mcpCall({ serverLabel: "docs", name: "search", arguments: { q: "zod" }, output: "3 hits" });
 * assert.equal(item.name, "mcp_call");
 * assert.equal(item.output, "3 hits");
 * assert.equal(item.providerData?.server_label, "docs");
 * ```
 */
export function mcpCall(options: McpToolCallOptions = {}): HostedToolCallItem {
  const output = options.output ?? 'ok';
  return hostedToolCall('mcp_call', {
    id: options.id ?? 'mcp_1',
    output,
    providerData: {
      server_label: options.serverLabel ?? 'mcp_server',
      name: options.name ?? 'echo',
      arguments: encodeArguments(options.arguments),
      ...(options.error !== undefined ? { error: options.error } : {}),
      ...options.providerData,
    },
  });
}

/** One MCP tool in a {@linkcode mcpListTools} item.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpListTools, type McpListedTool } from "scripted-agents/testing";
 *
 * const listed: McpListedTool = { name: "search", description: "Searches." };
 * const item = mcpListTools({ tools: [listed] });
 * assert.equal((item.providerData?.tools as McpListedTool[])[0].name, "search");
 * ```
 */
export interface McpListedTool {
  /** The tool's name. */
  name: string;
  /** Its description. */
  description?: string;
  /** Its JSON input schema; default an empty object schema. */
  inputSchema?: Record<string, unknown>;
}

/** Options for {@linkcode mcpListTools}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpListTools, type McpListToolsOptions } from "scripted-agents/testing";
 *
 * const options: McpListToolsOptions = { tools: [{ name: "a" }, { name: "b" }] };
 * assert.equal((mcpListTools(options).providerData?.tools as unknown[]).length, 2);
 * ```
 */
export interface McpListToolsOptions extends McpItemOptions {
  /** The listed tools; default one `echo` tool. */
  tools?: McpListedTool[];
}

/**
 * The list of tools a hosted MCP server offers (`mcp_list_tools`), as the
 * provider reports it before calling one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpListTools } from "scripted-agents/testing";
 *
 * const item = mcpListTools({ serverLabel: "docs", tools: [{ name: "search" }] });
 * assert.equal(item.name, "mcp_list_tools");
 * assert.equal((item.providerData?.tools as { name: string }[])[0].name, "search");
 * ```
 */
export function mcpListTools(options: McpListToolsOptions = {}): HostedToolCallItem {
  const tools = options.tools ?? [{ name: 'echo', description: 'Echoes its input.' }];
  return hostedToolCall('mcp_list_tools', {
    id: options.id ?? 'mcpl_1',
    providerData: {
      server_label: options.serverLabel ?? 'mcp_server',
      tools: tools.map((tool) => ({
        name: tool.name,
        description: tool.description ?? null,
        input_schema: tool.inputSchema ?? { type: 'object', properties: {} },
      })),
      ...options.providerData,
    },
  });
}

/**
 * A hosted MCP server asks for approval before a tool call
 * (`mcp_approval_request`). With `hostedMcpTool({ serverLabel, requireApproval:
 * 'always' })` and no `onApproval` callback, the run stops with an
 * interruption that `result.state.approve()` or `reject()` resolves.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpApprovalRequest } from "scripted-agents/testing";
 *
 * const item = mcpApprovalRequest({ serverLabel: "docs", name: "delete_page" });
 * assert.equal(item.name, "mcp_approval_request");
 * assert.equal(item.providerData?.name, "delete_page");
 * ```
 */
export function mcpApprovalRequest(options: McpCallOptions = {}): HostedToolCallItem {
  const item = hostedToolCall('mcp_approval_request', {
    id: options.id ?? 'mcpr_1',
    providerData: {
      server_label: options.serverLabel ?? 'mcp_server',
      name: options.name ?? 'echo',
      arguments: encodeArguments(options.arguments),
      ...options.providerData,
    },
  });
  // An approval request carries no status of its own in the raw item.
  delete (item.providerData as ProviderData).status;
  return item;
}

/** Options for {@linkcode handoffCall}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent } from "@openai/agents";
 * import { handoffCall, type HandoffCallOptions } from "scripted-agents/testing";
 *
 * const options: HandoffCallOptions = { callId: "call_h2", arguments: { reason: "vip" } };
 * const item = handoffCall(new Agent({ name: "VIP desk" }), options);
 * assert.equal(item.arguments, '{"reason":"vip"}');
 * ```
 */
export interface HandoffCallOptions extends CallItemBuilderOptions {
  /** The handoff's input, for handoffs with an `inputType`; default `{}`. */
  arguments?: string | Record<string, unknown>;
}

/**
 * The function call that hands off to `target`, named exactly as the SDK names
 * the handoff tool (`transfer_to_<agent>` for an agent, or a `Handoff`'s
 * `toolName`, including a `toolNameOverride`). The call id defaults to
 * `call_<tool name>`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent } from "@openai/agents";
 * import { handoffCall } from "scripted-agents/testing";
 *
 * const billing = new Agent({ name: "Billing agent" });
 * const item = handoffCall(billing);
 * assert.equal(item.name, "transfer_to_Billing_agent");
 * assert.equal(item.arguments, "{}");
 * ```
 */
export function handoffCall(
  target: AnyAgent | AnyHandoff,
  options: HandoffCallOptions = {},
): FunctionCallItem {
  const name = getHandoff(target).toolName;
  const callId = options.callId ?? `call_${name}`;
  const item: FunctionCallItem = {
    type: 'function_call',
    id: options.id ?? callId,
    callId,
    name,
    status: 'completed',
    arguments: encodeArguments(options.arguments),
  };
  if (options.providerData !== undefined) item.providerData = options.providerData;
  return item;
}

/** Options shared by {@linkcode toolSearchCall} and {@linkcode toolSearchOutput}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolSearchCall, type ToolSearchItemOptions } from "scripted-agents/testing";
 *
 * const options: ToolSearchItemOptions = { execution: "client", callId: "call_ts_2" };
 * assert.equal(toolSearchCall(undefined, options).providerData?.call_id, "call_ts_2");
 * ```
 */
export interface ToolSearchItemOptions extends CallItemBuilderOptions {
  /**
   * Who runs the search: `'server'` (the default, as `toolSearchTool()` does:
   * the provider searches and returns the `tool_search_output` itself) or
   * `'client'` (`toolSearchTool({ execution: 'client' })`: the runner answers
   * the call with its own output, from the agent's deferred tools).
   */
  execution?: 'client' | 'server';
  /** The item's status; default `'completed'`. */
  status?: string;
}

/**
 * A tool search call (`tool_search_call`): the model asks to load deferred
 * tools (`tool({ deferLoading: true })`, a deferred hosted MCP server) before
 * calling them. `args` are the search's arguments, default `{ paths: [] }`:
 * the runner itself answers a client search only in that built-in form
 * (`{ paths: string[] }`, each a deferred tool's name or namespace). The call
 * id (default `'call_tool_search_1'`) and `execution` sit in `providerData`,
 * where the SDK's Responses adapter keeps them.
 *
 * @example A client search: the runner answers it from the agent's deferred tools
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner, tool, toolSearchTool } from "@openai/agents";
 * import { z } from "zod";
 * import { assistantMessage, functionCall, ScriptedModel, toolSearchCall } from "scripted-agents/testing";
 *
 * const lookup = tool({
 *   name: "lookup_order",
 *   description: "Finds an order.",
 *   parameters: z.object({ id: z.string() }),
 *   deferLoading: true,
 *   execute: ({ id }) => `order ${id}: shipped`,
 * });
 * const model = new ScriptedModel([
 *   [toolSearchCall({ paths: ["lookup_order"] }, { execution: "client" })],
 *   [functionCall("lookup_order", { id: "A1" })],
 *   [assistantMessage("Your order has shipped.")],
 * ]);
 * const agent = new Agent({ name: "Support", model, tools: [toolSearchTool({ execution: "client" }), lookup] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, "Where is A1?");
 *
 * assert.equal(result.finalOutput, "Your order has shipped.");
 * assert.deepEqual(result.newItems.slice(0, 2).map((item) => item.type), [
 *   "tool_search_call_item",
 *   "tool_search_output_item",
 * ]);
 * model.assertComplete();
 * ```
 */
export function toolSearchCall(
  args: unknown = { paths: [] },
  options: ToolSearchItemOptions = {},
): ToolSearchCallItem {
  return {
    type: 'tool_search_call',
    id: options.id ?? 'tsc_1',
    status: options.status ?? 'completed',
    arguments: args,
    providerData: {
      call_id: options.callId ?? 'call_tool_search_1',
      execution: options.execution ?? 'server',
      ...options.providerData,
    },
  };
}

/** Options for {@linkcode toolSearchOutput}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolSearchOutput, type ToolSearchOutputOptions } from "scripted-agents/testing";
 *
 * const options: ToolSearchOutputOptions = { toolSearchAgentName: "Support" };
 * assert.equal(toolSearchOutput([], options).toolSearchAgentName, "Support");
 * ```
 */
export interface ToolSearchOutputOptions extends ToolSearchItemOptions {
  /**
   * The agent the search loaded tools for. The runner sets it itself on every
   * output it keeps (to the agent's name when that name is unique in the run),
   * so give it only for an item of a conversation history you build by hand.
   */
  toolSearchAgentName?: string;
  /**
   * The qualified names (`mcp_<server label>.<tool>`) of hosted MCP tools the
   * search loaded. Like `toolSearchAgentName`, the runner recomputes it for an
   * output a model returns; give it for history built by hand.
   */
  toolSearchMcpToolNames?: string[];
}

/**
 * The result of a tool search (`tool_search_output`): the tools it loaded, in
 * the provider's raw shape (a function tool is `{ type: 'function', name,
 * description, parameters, … }`; default none). With server execution the
 * provider returns it in the same response as its {@linkcode toolSearchCall},
 * and the tools it lists can be called from then on. The call id defaults to
 * `'call_tool_search_1'`, the one of `toolSearchCall()`.
 *
 * @example A server search returns its output in the same response
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner, tool, toolSearchTool } from "@openai/agents";
 * import { z } from "zod";
 * import {
 *   assistantMessage,
 *   functionCall,
 *   ScriptedModel,
 *   toolSearchCall,
 *   toolSearchOutput,
 * } from "scripted-agents/testing";
 *
 * const lookup = tool({
 *   name: "lookup_order",
 *   description: "Finds an order.",
 *   parameters: z.object({ id: z.string() }),
 *   deferLoading: true,
 *   execute: ({ id }) => `order ${id}: shipped`,
 * });
 * const model = new ScriptedModel([
 *   [
 *     toolSearchCall({ paths: ["lookup_order"] }),
 *     toolSearchOutput([{ type: "function", name: "lookup_order" }]),
 *     functionCall("lookup_order", { id: "A1" }),
 *   ],
 *   [assistantMessage("Shipped.")],
 * ]);
 * const agent = new Agent({ name: "Support", model, tools: [toolSearchTool(), lookup] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, "Where is A1?");
 *
 * assert.equal(result.finalOutput, "Shipped.");
 * const output = result.newItems.find((item) => item.type === "tool_search_output_item");
 * // The runner attributes the search to the agent it served.
 * assert.equal((output?.rawItem as { toolSearchAgentName?: string }).toolSearchAgentName, "Support");
 * ```
 */
export function toolSearchOutput(
  tools: Record<string, unknown>[] = [],
  options: ToolSearchOutputOptions = {},
): ToolSearchOutputItem {
  const item: ToolSearchOutputItem = {
    type: 'tool_search_output',
    id: options.id ?? 'tso_1',
    status: options.status ?? 'completed',
    tools,
    providerData: {
      call_id: options.callId ?? 'call_tool_search_1',
      execution: options.execution ?? 'server',
      ...options.providerData,
    },
  };
  if (options.toolSearchAgentName !== undefined) {
    item.toolSearchAgentName = options.toolSearchAgentName;
  }
  if (options.toolSearchMcpToolNames !== undefined) {
    item.toolSearchMcpToolNames = options.toolSearchMcpToolNames;
  }
  return item;
}

/** Options for {@linkcode programCall}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { programCall, type ProgramCallOptions } from "scripted-agents/testing";
 *
 * const options: ProgramCallOptions = { fingerprint: "fp_2" };
 * assert.equal(programCall(undefined, options).fingerprint, "fp_2");
 * ```
 */
export interface ProgramCallOptions extends CallItemBuilderOptions {
  /** The program's fingerprint, as the provider reports it; default `'fp_1'`. */
  fingerprint?: string;
}

/**
 * A program the model wrote and the provider runs (`program`, programmatic
 * tool calling): the runner records it and runs nothing. The request must
 * offer `programmaticToolCallingTool()` (the runner rejects the item
 * otherwise). The call id defaults to `'call_program_1'`.
 *
 * @example The program and its result, in one response
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, programmaticToolCallingTool, Runner } from "@openai/agents";
 * import { assistantMessage, programCall, programOutput, ScriptedModel } from "scripted-agents/testing";
 *
 * const model = new ScriptedModel([
 *   [programCall("print(6 * 7)"), programOutput("42"), assistantMessage("The answer is 42.")],
 * ]);
 * const agent = new Agent({ name: "Calculator", model, tools: [programmaticToolCallingTool()] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, "6 times 7?");
 *
 * assert.equal(result.finalOutput, "The answer is 42.");
 * assert.deepEqual(result.newItems.map((item) => item.type), [
 *   "tool_call_item",
 *   "tool_call_output_item",
 *   "message_output_item",
 * ]);
 * ```
 */
export function programCall(
  code = 'print(1 + 1)',
  options: ProgramCallOptions = {},
): ProgramCallItem {
  const callId = options.callId ?? 'call_program_1';
  const item: ProgramCallItem = {
    type: 'program',
    id: options.id ?? callId,
    callId,
    code,
    fingerprint: options.fingerprint ?? 'fp_1',
  };
  if (options.providerData !== undefined) item.providerData = options.providerData;
  return item;
}

/** Options for {@linkcode programOutput}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { programOutput, type ProgramOutputOptions } from "scripted-agents/testing";
 *
 * const options: ProgramOutputOptions = { status: "incomplete" };
 * assert.equal(programOutput("", options).status, "incomplete");
 * ```
 */
export interface ProgramOutputOptions extends CallItemBuilderOptions {
  /** Whether the program ran to its end; default `'completed'`. */
  status?: ProgramCallResultItem['status'];
}

/**
 * The result of a {@linkcode programCall} (`program_output`), reported by the
 * provider in the same response; the runner keeps it as a
 * `tool_call_output_item` whose `output` is `output` (default `'2'`). The
 * call id defaults to `'call_program_1'`, the one of `programCall()`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { programOutput } from "scripted-agents/testing";
 *
 * const item = programOutput("42", { callId: "call_p2" });
 * assert.deepEqual(item, {
 *   type: "program_output",
 *   id: "call_p2_output",
 *   callId: "call_p2",
 *   output: "42",
 *   status: "completed",
 * });
 * ```
 */
export function programOutput(
  output = '2',
  options: ProgramOutputOptions = {},
): ProgramCallResultItem {
  const callId = options.callId ?? 'call_program_1';
  const item: ProgramCallResultItem = {
    type: 'program_output',
    id: options.id ?? `${callId}_output`,
    callId,
    output,
    status: options.status ?? 'completed',
  };
  if (options.providerData !== undefined) item.providerData = options.providerData;
  return item;
}

/** Options for {@linkcode compactionItem}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compactionItem, type CompactionItemOptions } from "scripted-agents/testing";
 *
 * const options: CompactionItemOptions = { createdBy: "server" };
 * assert.equal(compactionItem(undefined, options).created_by, "server");
 * ```
 */
export interface CompactionItemOptions extends ItemBuilderOptions {
  /** Who compacted the context, as the provider reports it. */
  createdBy?: string;
}

/**
 * A compaction item (`compaction`): the provider replaced earlier context
 * with an opaque, encrypted summary (`encryptedContent`, default
 * `'compacted:1'`; the SDK rejects one without it). The runner keeps it as a
 * `compaction_item` and, on later calls, sends it in place of the context it
 * stands for (the items before it are not sent again).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner } from "@openai/agents";
 * import { assistantMessage, compactionItem, ScriptedModel } from "scripted-agents/testing";
 *
 * const model = new ScriptedModel([[compactionItem("enc_summary"), assistantMessage("Done.")]]);
 * const result = await new Runner({ tracingDisabled: true }).run(new Agent({ name: "A", model }), "Hi");
 *
 * assert.equal(result.finalOutput, "Done.");
 * assert.equal(result.newItems[0].type, "compaction_item");
 * assert.deepEqual(result.newItems[0].rawItem, { type: "compaction", id: "cmp_1", encrypted_content: "enc_summary" });
 * ```
 */
export function compactionItem(
  encryptedContent = 'compacted:1',
  options: CompactionItemOptions = {},
): CompactionItem {
  const item: CompactionItem = {
    type: 'compaction',
    id: options.id ?? 'cmp_1',
    encrypted_content: encryptedContent,
  };
  if (options.createdBy !== undefined) item.created_by = options.createdBy;
  if (options.providerData !== undefined) item.providerData = options.providerData;
  return item;
}
