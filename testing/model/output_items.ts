/**
 * Builders for the two most common normalized output items. The set is small
 * on purpose: pass any other normalized item (reasoning, hosted tools, images,
 * deliberately malformed cases, in a step with `{ validate: false }`) to a step
 * directly.
 *
 * @module
 */

import type {
  SdkAssistantMessageItem as AssistantMessageItem,
  SdkFunctionCallItem as FunctionCallItem,
} from '../_shared/_sdk_types.ts';
import { markExpectToolError, markUnchecked } from '../../_internal/script_check.ts';
import { markChunks, textChunks } from '../../_internal/text_chunks.ts';
import { hashString } from '../_shared/_seeded_random.ts';

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
  /**
   * How a streamed call delivers the text, as a real model streams it: the
   * pieces themselves (`['Hel', 'lo.']`, which must join to the text), or how
   * many pieces to cut it into (`3`: lengths differ by at most one
   * character; fewer for a shorter text). Default: one delta with the whole
   * text. The item itself is the same either way; a non-streamed call is not
   * affected.
   */
  chunks?: number | readonly string[];
};

/**
 * Options for {@linkcode functionCall}.
 */
export type FunctionCallOptions = {
  /**
   * The call id that links the tool result to this call. Default
   * `call_<name>_<hash of the arguments>`: the same for the same call in every
   * run, different for different arguments. Give a call that repeats exactly
   * in one run (a poll) its own id, since the SDK pairs results by id.
   */
  callId?: string;
  /** The item id; defaults to `callId`. */
  id?: string;
  /** The tool namespace, for namespaced function tools. */
  namespace?: string;
  /** Provider-specific data attached to the call item. */
  providerData?: Record<string, unknown>;
  /**
   * `false` marks a call that is wrong on purpose (arguments that are not JSON
   * or break the tool's schema, a tool the agent lacks): the model neither
   * parses its arguments when it is scripted nor checks it against the request.
   * Default `true`.
   */
  validate?: boolean;
  /**
   * `true` marks a call whose tool fails on purpose (how the agent copes with
   * a tool error): its failure is not reported, and a tool that succeeds is
   * (`ScriptedOutputMismatchError`, reason `expected_tool_error`, at the next
   * model call or at `assertComplete()`). Without it, a scripted call whose
   * tool fails (the SDK's default "An error occurred…" result) fails the next
   * model call with reason `tool_failed`. Default `false`.
   */
  expectToolError?: boolean;
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
 *
 * @example Streamed in pieces, as a model streams
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([
 *   [assistantMessage('Hello there.', { chunks: ['Hel', 'lo ', 'there.'] })],
 *   [assistantMessage('abcdefgh', { chunks: 3 })],
 * ]);
 * const runner = new Runner({ tracingDisabled: true });
 * const agent = new Agent({ name: 'A', model });
 * for (const expected of [['Hel', 'lo ', 'there.'], ['abc', 'def', 'gh']]) {
 *   const result = await runner.run(agent, 'Hi', { stream: true });
 *   const deltas: string[] = [];
 *   for await (const text of result.toTextStream()) deltas.push(text);
 *   await result.completed;
 *   assert.deepEqual(deltas, expected);
 * }
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
  if (options.chunks === undefined) return message as AssistantMessageItem;
  return markChunks(
    message as AssistantMessageItem,
    textChunks(text, options.chunks, 'assistantMessage()'),
  );
}

/**
 * A completed function call. `args` is used as the `arguments` string when it is
 * a string (which must be JSON) and JSON-encoded otherwise; `callId` defaults to
 * `call_<name>_<hash of the arguments>` and `id` to the call id.
 *
 * Arguments given as a string must be JSON: `new ScriptedModel()` and
 * `enqueue()` reject a scripted call whose text does not parse
 * (`InvalidScriptedModelStepError`, reason `invalid_arguments`), so a typo in
 * hand-written JSON fails where the step is written. A call that is malformed
 * on purpose says so with `{ validate: false }`, which also exempts the item
 * from the model's check against the request.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { functionCall, ScriptedModel } from 'scripted-agents/testing';
 *
 * const call = functionCall('get_weather', { city: 'Tokyo' });
 * assert.equal(call.arguments, '{"city":"Tokyo"}');
 * assert.match(call.callId, /^call_get_weather_[0-9a-z]+$/);
 * assert.equal(call.id, call.callId);
 * // Deterministic: the same call gets the same id in every run.
 * assert.equal(functionCall('get_weather', { city: 'Tokyo' }).callId, call.callId);
 * assert.equal(call.status, 'completed');
 * assert.equal(functionCall('get_weather', '{"city":"Oslo"}', { callId: 'c2' }).callId, 'c2');
 * // A string must be JSON, unless the call is malformed on purpose.
 * assert.throws(() => new ScriptedModel([[functionCall('get_weather', '{city: Oslo}')]]), {
 *   name: 'InvalidScriptedModelStepError',
 *   reason: 'invalid_arguments',
 *   inputIndex: 0,
 * });
 * const broken = functionCall('get_weather', '{"city":', { validate: false });
 * assert.equal(new ScriptedModel([[broken]]).remainingSteps, 1);
 * ```
 */
export function functionCall(
  name: string,
  args: string | Record<string, unknown>,
  options: FunctionCallOptions = {},
): FunctionCallItem {
  const text = typeof args === 'string' ? args : JSON.stringify(args);
  const callId = options.callId ?? `call_${name}_${hashString(text).toString(36)}`;
  const item: FunctionCallItem = {
    type: 'function_call',
    name,
    callId,
    id: options.id ?? callId,
    namespace: options.namespace,
    status: 'completed',
    arguments: text,
    providerData: options.providerData,
  };
  if (options.expectToolError === true) markExpectToolError(item);
  return options.validate === false ? markUnchecked(item) : item;
}
