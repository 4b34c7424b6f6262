/**
 * The factories that build the steps a `ScriptedModel` consumes, one per
 * model call. The factories validate nothing: the model validates every
 * step when it is passed to the constructor or `enqueue()`.
 *
 * @example
 * ```ts
 * import {
 *   assistantMessage,
 *   modelError,
 *   modelResponder,
 *   ScriptedModel,
 * } from "scripted-agents/testing";
 *
 * const model = new ScriptedModel([
 *   modelError(new Error("rate limited"), { suggested: true }),
 *   modelResponder((call) => [assistantMessage(`call ${call.index}`)]),
 * ]);
 * console.assert(model.remainingSteps === 2);
 * ```
 *
 * @module
 */

import type {
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
 * to the model is equivalent.
 *
 * @example
 * ```ts
 * import { Usage } from "@openai/agents-core";
 * import { assistantMessage, modelResponse, ScriptedModel } from "scripted-agents/testing";
 *
 * const model = new ScriptedModel([
 *   modelResponse({
 *     output: [assistantMessage("Hi")],
 *     usage: new Usage({ requests: 1, inputTokens: 3, outputTokens: 1 }),
 *     responseId: "resp_1",
 *   }),
 * ]);
 * const response = await model.getResponse({} as never);
 * console.assert(response.responseId === "resp_1");
 * ```
 */
export function modelResponse(response: ScriptedModelResponse): ScriptedModelResponseStep {
  return { type: 'response', response };
}

/**
 * A step that makes one call throw `error` (the same value, as is). The
 * optional `retryAdvice` is what `getRetryAdvice()` returns for that failure:
 * a fixed value or a callback. Whether the runner retries is up to its retry
 * policy; a retry is another call and consumes the next step.
 *
 * @example
 * ```ts
 * import { assistantMessage, modelError, ScriptedModel } from "scripted-agents/testing";
 *
 * const failure = new Error("rate limited");
 * const model = new ScriptedModel([
 *   modelError(failure, ({ attempt }) => ({ suggested: attempt === 1 })),
 *   [assistantMessage("Recovered.")],
 * ]);
 * const error = await model.getResponse({} as never).catch((e) => e);
 * console.assert(error === failure);
 * ```
 */
export function modelError(
  error: unknown,
  retryAdvice?: ScriptedModelRetryAdvice,
): ScriptedModelErrorStep {
  return { type: 'error', error, retryAdvice };
}

/**
 * A step that derives its response from the call: `respond` receives a fresh
 * frozen snapshot of the recorded call and returns (or resolves to) a response.
 * Use it when the answer really depends on the request, or to assert at the
 * model boundary.
 *
 * @example
 * ```ts
 * import { assistantMessage, modelResponder, ScriptedModel } from "scripted-agents/testing";
 *
 * const model = new ScriptedModel([
 *   modelResponder((call) => [assistantMessage(`Handled call ${call.index}.`)]),
 * ]);
 * const response = await model.getResponse({ input: "Hi" } as never);
 * console.assert(response.output.length === 1);
 * ```
 */
export function modelResponder(
  respond: ScriptedModelResponderStep['respond'],
): ScriptedModelResponderStep {
  return { type: 'responder', respond };
}

/**
 * A step that streams exactly `events` (normalized `StreamEvent`s, not provider
 * wire chunks). Only a streaming call can use it; a non-streaming call that draws
 * it fails with `InvalidScriptedModelStepError` reason `incompatible_call`.
 *
 * @example
 * ```ts
 * import { modelStream, ScriptedModel } from "scripted-agents/testing";
 *
 * const model = new ScriptedModel([modelStream([{ type: "response_started" }])]);
 * const types = [];
 * for await (const event of model.getStreamedResponse({} as never)) types.push(event.type);
 * console.assert(types[0] === "response_started");
 * ```
 */
export function modelStream(events: ScriptedModelStreamStep['events']): ScriptedModelStreamStep {
  return { type: 'stream', events };
}

/**
 * A step that derives an exact event stream from the call: `respond` receives a
 * fresh frozen snapshot of the recorded call and returns (or resolves to) an
 * iterable or async iterable of events. Streaming calls only.
 *
 * @example
 * ```ts
 * import { modelStreamResponder, ScriptedModel } from "scripted-agents/testing";
 *
 * const model = new ScriptedModel([
 *   modelStreamResponder(async function* (call) {
 *     yield { type: "output_text_delta", delta: `call ${call.index}` };
 *   }),
 * ]);
 * for await (const event of model.getStreamedResponse({} as never)) {
 *   console.assert(event.type === "output_text_delta");
 * }
 * ```
 */
export function modelStreamResponder(
  respond: ScriptedModelStreamResponderStep['respond'],
): ScriptedModelStreamResponderStep {
  return { type: 'stream_responder', respond };
}
