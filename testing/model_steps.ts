/**
 * The steps a `ScriptedModel` consumes, one per model call, and the factories
 * that build them. The factories validate nothing: the model validates every
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
  SdkModelRequest as ModelRequest,
  SdkModelResponse as ModelResponse,
  SdkModelRetryAdvice as ModelRetryAdvice,
  SdkModelRetryAdviceRequest as ModelRetryAdviceRequest,
  SdkStreamEvent as StreamEvent,
} from './_sdk_types.ts';

/**
 * A complete normalized response envelope, or the output-only shorthand: an
 * array of output items. The shorthand counts as one request (`new Usage({
 * requests: 1 })`) and gets the deterministic id `scripted-response-N`, where
 * `N` is the 1-based number of the call that uses it.
 *
 * @example
 * ```ts
 * import { assistantMessage, type ScriptedModelResponse } from "scripted-agents/testing";
 *
 * const response: ScriptedModelResponse = [assistantMessage("Hello!")];
 * console.assert(Array.isArray(response));
 * ```
 */
export type ScriptedModelResponse = ModelResponse | ModelResponse['output'];

/**
 * One model call as the model saw it. `request` is a frozen, detached snapshot
 * taken at call time: mutable containers (input items, model settings, tools)
 * are copied, runtime objects (the `AbortSignal`, callbacks, class instances)
 * keep their identity.
 *
 * @example
 * ```ts
 * import { assistantMessage, type RecordedModelCall, ScriptedModel } from "scripted-agents/testing";
 *
 * const model = new ScriptedModel([[assistantMessage("Hi")]]);
 * await model.getResponse({ input: "Hello" } as never);
 * const call: RecordedModelCall | undefined = model.firstCall;
 * console.assert(call?.index === 0 && call.request.input === "Hello");
 * ```
 */
export type RecordedModelCall = Readonly<{
  /** The zero-based position of this call in `calls`. */
  index: number;
  /** Whether the runner asked for a streamed response. */
  streamed: boolean;
  /** A frozen snapshot of the request, detached from the runner's objects. */
  request: Readonly<ModelRequest>;
}>;

/**
 * Retry advice for a scripted failure: a fixed `ModelRetryAdvice` (snapshotted
 * when the step is enqueued) or a callback that derives it from the runner's
 * retry-advice request (`attempt`, `stream`, `request`, `error`).
 *
 * @example
 * ```ts
 * import type { ScriptedModelRetryAdvice } from "scripted-agents/testing";
 *
 * const fixed: ScriptedModelRetryAdvice = { suggested: true, replaySafety: "safe" };
 * const derived: ScriptedModelRetryAdvice = ({ attempt }) => ({ suggested: attempt === 1 });
 * console.assert(typeof derived === "function" && fixed.suggested === true);
 * ```
 */
export type ScriptedModelRetryAdvice =
  | ModelRetryAdvice
  | ((
    request: ModelRetryAdviceRequest,
  ) => ModelRetryAdvice | undefined | Promise<ModelRetryAdvice | undefined>);

/**
 * An exact sequence of normalized `StreamEvent`s, sync or async. An array is
 * snapshotted when enqueued; any other iterable is used by reference.
 *
 * @example
 * ```ts
 * import type { ScriptedModelStream } from "scripted-agents/testing";
 *
 * const events: ScriptedModelStream = [{ type: "response_started" }];
 * console.assert(Array.isArray(events));
 * ```
 */
export type ScriptedModelStream = Iterable<StreamEvent> | AsyncIterable<StreamEvent>;

/**
 * A step that answers one call with a fixed response (see {@linkcode modelResponse}).
 *
 * @example
 * ```ts
 * import { assistantMessage, modelResponse, type ScriptedModelResponseStep } from "scripted-agents/testing";
 *
 * const step: ScriptedModelResponseStep = modelResponse([assistantMessage("Hi")]);
 * console.assert(step.type === "response");
 * ```
 */
export type ScriptedModelResponseStep = {
  /** The step discriminator. */
  type: 'response';
  /** The response returned to the call. */
  response: ScriptedModelResponse;
};

/**
 * A step that fails one call (see {@linkcode modelError}).
 *
 * @example
 * ```ts
 * import { modelError, type ScriptedModelErrorStep } from "scripted-agents/testing";
 *
 * const step: ScriptedModelErrorStep = modelError(new Error("boom"));
 * console.assert(step.type === "error");
 * ```
 */
export type ScriptedModelErrorStep = {
  /** The step discriminator. */
  type: 'error';
  /** The value thrown, as is. */
  error: unknown;
  /** Advice returned by `getRetryAdvice()` for this failure. */
  retryAdvice?: ScriptedModelRetryAdvice;
};

/**
 * A step that derives its response from the recorded call (see
 * {@linkcode modelResponder}).
 *
 * @example
 * ```ts
 * import { assistantMessage, modelResponder, type ScriptedModelResponderStep } from "scripted-agents/testing";
 *
 * const step: ScriptedModelResponderStep = modelResponder(() => [assistantMessage("Hi")]);
 * console.assert(step.type === "responder");
 * ```
 */
export type ScriptedModelResponderStep = {
  /** The step discriminator. */
  type: 'responder';
  /** Called with a fresh frozen snapshot of the call. */
  respond: (call: RecordedModelCall) => ScriptedModelResponse | Promise<ScriptedModelResponse>;
};

/**
 * A step that streams an exact event sequence (see {@linkcode modelStream}).
 *
 * @example
 * ```ts
 * import { modelStream, type ScriptedModelStreamStep } from "scripted-agents/testing";
 *
 * const step: ScriptedModelStreamStep = modelStream([{ type: "response_started" }]);
 * console.assert(step.type === "stream");
 * ```
 */
export type ScriptedModelStreamStep = {
  /** The step discriminator. */
  type: 'stream';
  /** The events yielded, verbatim. */
  events: ScriptedModelStream;
};

/**
 * A step that derives an exact event sequence from the recorded call (see
 * {@linkcode modelStreamResponder}).
 *
 * @example
 * ```ts
 * import { modelStreamResponder, type ScriptedModelStreamResponderStep } from "scripted-agents/testing";
 *
 * const step: ScriptedModelStreamResponderStep = modelStreamResponder(() => []);
 * console.assert(step.type === "stream_responder");
 * ```
 */
export type ScriptedModelStreamResponderStep = {
  /** The step discriminator. */
  type: 'stream_responder';
  /** Called with a fresh frozen snapshot of the call. */
  respond: (call: RecordedModelCall) => ScriptedModelStream | Promise<ScriptedModelStream>;
};

/**
 * Any explicit scripted step.
 *
 * @example
 * ```ts
 * import { modelError, type ScriptedModelStep } from "scripted-agents/testing";
 *
 * const steps: ScriptedModelStep[] = [modelError(new Error("boom"))];
 * console.assert(steps.length === 1);
 * ```
 */
export type ScriptedModelStep =
  | ScriptedModelResponseStep
  | ScriptedModelErrorStep
  | ScriptedModelResponderStep
  | ScriptedModelStreamStep
  | ScriptedModelStreamResponderStep;

/**
 * What the constructor and `enqueue()` accept: an explicit step, or a bare
 * response (an output array or a complete envelope) standing for
 * `modelResponse(response)`.
 *
 * @example
 * ```ts
 * import { assistantMessage, modelError, type ScriptedModelInput } from "scripted-agents/testing";
 *
 * const inputs: ScriptedModelInput[] = [
 *   modelError(new Error("transient")),
 *   [assistantMessage("Recovered.")],
 * ];
 * console.assert(inputs.length === 2);
 * ```
 */
export type ScriptedModelInput = ScriptedModelStep | ScriptedModelResponse;

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
