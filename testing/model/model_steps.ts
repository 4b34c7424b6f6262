/**
 * The factories that build the steps a `ScriptedModel` consumes, one per
 * model call. The factories validate nothing: the model validates every
 * step when it is passed to the constructor or `enqueue()`.
 *
 * @example A failure the runner retries, then an answer derived from the request
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import {
 *   assistantMessage,
 *   modelError,
 *   modelResponder,
 *   ScriptedModel,
 * } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([
 *   // `suggested: true` is what getRetryAdvice() reports for this failure.
 *   modelError(new Error('rate limited'), { suggested: true }),
 *   modelResponder((call) => [assistantMessage(`Answered on call #${call.index + 1}.`)]),
 * ]);
 * const agent = new Agent({
 *   name: 'A',
 *   model,
 *   // A retry policy that follows the model's advice, once.
 *   modelSettings: {
 *     retry: { maxRetries: 1, policy: ({ providerAdvice }) => providerAdvice?.suggested === true },
 *   },
 * });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Hi');
 *
 * assert.equal(result.finalOutput, 'Answered on call #2.');
 * assert.equal(model.calls.length, 2);
 * model.assertComplete();
 * ```
 *
 * @module
 */

import { Usage } from '@openai/agents-core';
import { responseDone as responseDoneEvent } from '../../_internal/stream.ts';
import type {
  SdkModelResponse as ModelResponse,
  SdkStreamEvent as StreamEvent,
} from '../_shared/_sdk_types.ts';
import { repeatFields } from '../_shared/_step_count.ts';
import type { StepRepeat } from '../step_bending/step_bending_types.ts';
import type {
  ModelResponseOptions,
  ModelStepOptions,
  ResponseDoneOptions,
  ScriptedModelErrorStep,
  ScriptedModelResponderStep,
  ScriptedModelResponse,
  ScriptedModelResponseStep,
  ScriptedModelRetryAdvice,
  ScriptedModelStreamResponderStep,
  ScriptedModelStreamStep,
} from './scripted_model_types.ts';

/**
 * A step that answers one call with `response`: an output array (shorthand) or
 * a complete envelope, snapshotted when enqueued. Passing the response directly
 * to the model is equivalent. With `{ validate: false }` the response is not
 * checked against the request it answers (for a step that is wrong on purpose).
 * `{ usage, responseId, requestId }` set those parts of the envelope (over the
 * response's own), so an output array can report its own usage.
 *
 * @example Usage per call, added up by the runner
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import { assistantMessage, functionCall, modelResponse, ScriptedModel } from 'scripted-agents/testing';
 *
 * const ping = tool({ name: 'ping', description: 'Pings.', parameters: z.object({}), execute: () => 'pong' });
 * const model = new ScriptedModel([
 *   modelResponse([functionCall('ping', {})], { usage: { inputTokens: 20, outputTokens: 5 } }),
 *   modelResponse([assistantMessage('pong')], { usage: { inputTokens: 30, outputTokens: 1 } }),
 * ]);
 * const result = await new Runner({ tracingDisabled: true })
 *   .run(new Agent({ name: 'A', model, tools: [ping] }), 'Ping?');
 *
 * assert.equal(result.state.usage.requests, 2);
 * assert.equal(result.state.usage.inputTokens, 50);
 * assert.equal(result.state.usage.outputTokens, 6);
 * ```
 *
 * @example A complete envelope: your own usage and response id
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, Usage } from '@openai/agents';
 * import { assistantMessage, modelResponse, ScriptedModel } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([
 *   modelResponse({
 *     output: [assistantMessage('Hi')],
 *     usage: new Usage({ requests: 1, inputTokens: 3, outputTokens: 1 }),
 *     responseId: 'resp_1',
 *   }),
 * ]);
 * const result = await new Runner({ tracingDisabled: true })
 *   .run(new Agent({ name: 'A', model }), 'Hello');
 *
 * assert.equal(result.finalOutput, 'Hi');
 * assert.equal(result.lastResponseId, 'resp_1');
 * assert.equal(result.state.usage.inputTokens, 3);
 * ```
 */
export function modelResponse(
  response: ScriptedModelResponse,
  options: ModelResponseOptions = {},
): ScriptedModelResponseStep {
  const step: ScriptedModelResponseStep = { type: 'response', response, ...repeatFields(options) };
  if (options.validate === false) step.validate = false;
  if (options.usage !== undefined) step.usage = options.usage;
  if (options.responseId !== undefined) step.responseId = options.responseId;
  if (options.requestId !== undefined) step.requestId = options.requestId;
  return step;
}

/**
 * A step that makes one call throw `error` (the same value, as is). The
 * optional `retryAdvice` is what `getRetryAdvice()` returns for that failure:
 * a fixed value or a callback. Whether the runner retries is up to its retry
 * policy; a retry is another call and consumes the next step.
 *
 * @example Without a retry policy the failure ends the run, as is
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { modelError, ScriptedModel } from 'scripted-agents/testing';
 *
 * const failure = new Error('rate limited');
 * const model = new ScriptedModel([
 *   modelError(failure, ({ attempt }) => ({ suggested: attempt === 1 })),
 * ]);
 * const run = new Runner({ tracingDisabled: true }).run(new Agent({ name: 'A', model }), 'Hi');
 *
 * await assert.rejects(run, (error) => error === failure);
 * model.assertComplete();
 * ```
 */
export function modelError(
  error: unknown,
  retryAdvice?: ScriptedModelRetryAdvice,
  options: StepRepeat = {},
): ScriptedModelErrorStep {
  return { type: 'error', error, retryAdvice, ...repeatFields(options) };
}

/**
 * A step that derives its response from the call: `respond` receives a fresh
 * frozen snapshot of the recorded call and returns (or resolves to) a response.
 * Use it when the answer really depends on the request, or to assert at the
 * model boundary. Its results are checked against the request like any
 * scripted response, unless the step is made with `{ validate: false }`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, modelResponder, ScriptedModel } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([
 *   modelResponder((call) => {
 *     // Assert at the model boundary, then answer from what was asked.
 *     assert.equal(call.request.systemInstructions, 'Answer in French.');
 *     return [assistantMessage('Bonjour !')];
 *   }),
 * ]);
 * const agent = new Agent({ name: 'A', instructions: 'Answer in French.', model });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Hello');
 *
 * assert.equal(result.finalOutput, 'Bonjour !');
 * ```
 */
export function modelResponder(
  respond: ScriptedModelResponderStep['respond'],
  options: ModelStepOptions = {},
): ScriptedModelResponderStep {
  return options.validate === false
    ? { type: 'responder', respond, validate: false, ...repeatFields(options) }
    : { type: 'responder', respond, ...repeatFields(options) };
}

/**
 * A step that streams exactly `events` (normalized `StreamEvent`s, not provider
 * wire chunks). Only a streaming call can use it; a non-streaming call that draws
 * it fails with `InvalidScriptedModelStepError` reason `incompatible_call`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, Usage } from '@openai/agents';
 * import { assistantMessage, modelStream, ScriptedModel } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([
 *   modelStream([
 *     { type: 'response_started' },
 *     { type: 'output_text_delta', delta: 'Hel' },
 *     { type: 'output_text_delta', delta: 'lo.' },
 *     {
 *       type: 'response_done',
 *       response: {
 *         id: 'resp_1',
 *         usage: new Usage({ requests: 1 }),
 *         output: [assistantMessage('Hello.')],
 *       },
 *     },
 *   ]),
 * ]);
 * const agent = new Agent({ name: 'A', model });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Hi', { stream: true });
 * const deltas: string[] = [];
 * for await (const chunk of result.toTextStream()) deltas.push(chunk);
 * await result.completed;
 *
 * assert.deepEqual(deltas, ['Hel', 'lo.']);
 * assert.equal(result.finalOutput, 'Hello.');
 * ```
 */
export function modelStream(
  events: ScriptedModelStreamStep['events'],
  options: StepRepeat = {},
): ScriptedModelStreamStep {
  return { type: 'stream', events, ...repeatFields(options) };
}

/**
 * A step that derives an exact event stream from the call: `respond` receives a
 * fresh frozen snapshot of the recorded call and returns (or resolves to) an
 * iterable or async iterable of events. Streaming calls only.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { ModelRequest } from '@openai/agents';
 * import { modelStreamResponder, ScriptedModel } from 'scripted-agents/testing';
 *
 * const request: ModelRequest = {
 *   input: 'Hello',
 *   modelSettings: {},
 *   tools: [],
 *   outputType: 'text',
 *   handoffs: [],
 *   tracing: false,
 * };
 * const model = new ScriptedModel([
 *   modelStreamResponder(async function* (call) {
 *     yield { type: 'output_text_delta', delta: `call #${call.index + 1}` };
 *   }),
 * ]);
 * const events = [];
 * for await (const event of model.getStreamedResponse(request)) events.push(event);
 *
 * assert.deepEqual(events, [{ type: 'output_text_delta', delta: 'call #1' }]);
 * ```
 */
export function modelStreamResponder(
  respond: ScriptedModelStreamResponderStep['respond'],
  options: StepRepeat = {},
): ScriptedModelStreamResponderStep {
  return { type: 'stream_responder', respond, ...repeatFields(options) };
}

/**
 * The terminal event of a scripted stream, `response_done`, for the items of
 * `output`: the event the runner takes the response from, built as a
 * synthesized stream builds it. `options.id` is the response id (default
 * `'scripted-response'`); `options.usage` a `Usage` (default one request,
 * no tokens). The output is copied, so one array can serve several events.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, Usage } from '@openai/agents';
 * import { assistantMessage, modelStream, responseDone, ScriptedModel } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([
 *   modelStream([
 *     { type: 'output_text_delta', delta: 'Hi.' },
 *     responseDone([assistantMessage('Hi.')], {
 *       id: 'resp_1',
 *       usage: new Usage({ requests: 1, inputTokens: 5, outputTokens: 2 }),
 *     }),
 *   ]),
 * ]);
 * const result = await new Runner({ tracingDisabled: true })
 *   .run(new Agent({ name: 'A', model }), 'Hello', { stream: true });
 * await result.completed;
 *
 * assert.equal(result.finalOutput, 'Hi.');
 * assert.equal(result.lastResponseId, 'resp_1');
 * assert.equal(result.state.usage.outputTokens, 2);
 * ```
 */
export function responseDone(
  output: ModelResponse['output'],
  options: ResponseDoneOptions = {},
): StreamEvent {
  return responseDoneEvent({
    output,
    usage: options.usage ?? new Usage({ requests: 1 }),
    responseId: options.id ?? 'scripted-response',
  }, false);
}
