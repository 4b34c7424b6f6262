/**
 * Builders for the two most common normalized output items. The set is small
 * on purpose: pass any other normalized item (reasoning, hosted tools, images,
 * deliberately malformed cases) to a step directly.
 *
 * @module
 */

import type {
  SdkAssistantMessageItem as AssistantMessageItem,
  SdkFunctionCallItem as FunctionCallItem,
} from './_sdk_types.ts';

/**
 * Options for {@linkcode assistantMessage}.
 */
export type AssistantMessageOptions = {
  /** The item id (also the `itemId` of automatically streamed text deltas). */
  id?: string;
  /** The message phase, e.g. `'commentary'` or `'final_answer'`. */
  phase?: AssistantMessageItem['phase'];
  /** Provider-specific data attached to the message item. */
  providerData?: Record<string, unknown>;
};

/**
 * Options for {@linkcode functionCall}; `callId` is required because the SDK
 * pairs the tool result with the call through it.
 */
export type FunctionCallOptions = {
  /** The call id that links the tool result to this call. */
  callId: string;
  /** The item id; defaults to `callId`. */
  id?: string;
  /** The tool namespace, for namespaced function tools. */
  namespace?: string;
  /** Provider-specific data attached to the call item. */
  providerData?: Record<string, unknown>;
};

/**
 * A completed assistant message holding one `output_text` part. Optional keys
 * appear only when given.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { assistantMessage } from 'scripted-agents/testing';
 *
 * assert.deepEqual(assistantMessage('Paris is the capital of France.'), {
 *   type: 'message',
 *   role: 'assistant',
 *   status: 'completed',
 *   content: [{ type: 'output_text', text: 'Paris is the capital of France.' }],
 * });
 * assert.equal(assistantMessage('Done.', { id: 'msg_1', phase: 'final_answer' }).id, 'msg_1');
 * ```
 */
export function assistantMessage(
  text: string,
  options: AssistantMessageOptions = {},
): AssistantMessageItem {
  // Built key by key so that absent options leave no `undefined` keys behind.
  const message: Record<string, unknown> = {
    type: 'message',
    role: 'assistant',
    status: 'completed',
  };
  if (options.id !== undefined) message.id = options.id;
  if (options.phase !== undefined) message.phase = options.phase;
  message.content = [{ type: 'output_text', text }];
  if (options.providerData !== undefined) message.providerData = options.providerData;
  return message as AssistantMessageItem;
}

/**
 * A completed function call. `args` is used as the `arguments` string when it is
 * a string and JSON-encoded otherwise; `id` defaults to `options.callId`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { functionCall } from 'scripted-agents/testing';
 *
 * const call = functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' });
 * assert.equal(call.arguments, '{"city":"Tokyo"}');
 * assert.equal(call.id, 'call_1');
 * assert.equal(call.status, 'completed');
 * // A string is used as is, for deliberately malformed arguments.
 * assert.equal(functionCall('get_weather', '{"city":', { callId: 'c' }).arguments, '{"city":');
 * ```
 */
export function functionCall(
  name: string,
  args: string | Record<string, unknown>,
  options: FunctionCallOptions,
): FunctionCallItem {
  return {
    type: 'function_call',
    name,
    callId: options.callId,
    id: options.id ?? options.callId,
    namespace: options.namespace,
    status: 'completed',
    arguments: typeof args === 'string' ? args : JSON.stringify(args),
    providerData: options.providerData,
  };
}
