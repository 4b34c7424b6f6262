/**
 * The public types of `ScriptedModel`: the steps it consumes, one per model
 * call, and the calls it records.
 *
 * @module
 */

import type {
  SdkModelRequest as ModelRequest,
  SdkModelResponse as ModelResponse,
  SdkModelRetryAdvice as ModelRetryAdvice,
  SdkModelRetryAdviceRequest as ModelRetryAdviceRequest,
  SdkStreamEvent as StreamEvent,
  SdkUsage as Usage,
  SdkUsageInput as UsageInput,
} from '../_shared/_sdk_types.ts';
import type { StepRepeat } from '../step_bending/step_bending_types.ts';

/**
 * A complete normalized response envelope, or the output-only shorthand: an
 * array of output items. The shorthand counts as one request (`new Usage({
 * requests: 1 })`) and gets the deterministic id `scripted-response-N`, where
 * `N` is the 1-based number of the call that uses it.
 */
export type ScriptedModelResponse = ModelResponse | ModelResponse['output'];

/**
 * The usage a scripted response reports: a `Usage`, or what its constructor
 * takes (`{ inputTokens: 12, outputTokens: 3 }`; `requests` defaults to 1).
 * Each call gets its own copy, so the runner's `result.state.usage` adds the
 * calls up as it does for a real model.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel, type ScriptedUsage } from 'scripted-agents/testing';
 *
 * const defaultUsage: ScriptedUsage = { inputTokens: 10, outputTokens: 2 };
 * const model = new ScriptedModel([[assistantMessage('Hi')]], { defaultUsage });
 * const result = await new Runner({ tracingDisabled: true }).run(new Agent({ name: 'A', model }), 'Hello');
 * assert.equal(result.state.usage.totalTokens, 12);
 * ```
 */
export type ScriptedUsage = Usage | UsageInput;

/**
 * One model call as the model saw it. `request` is a frozen, detached snapshot
 * taken at call time: mutable containers (input items, model settings, tools)
 * are copied, runtime objects (the `AbortSignal`, callbacks, class instances)
 * keep their identity.
 *
 * @example Recorded calls are snapshots, not live views
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([[assistantMessage('Hi')]]);
 * const agent = new Agent({ name: 'A', instructions: 'Be brief.', model });
 * await new Runner({ tracingDisabled: true }).run(agent, 'Hello');
 *
 * const call = model.firstCall;
 * assert.equal(call?.index, 0);
 * assert.equal(call?.streamed, false);
 * assert.equal(call?.request.systemInstructions, 'Be brief.');
 * assert.ok(Object.isFrozen(call?.request));
 * // Every read is a fresh copy, so nothing a test does to it reaches the history.
 * assert.notEqual(model.firstCall, call);
 * assert.deepEqual(model.firstCall, call);
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
 */
export type ScriptedModelRetryAdvice =
  | ModelRetryAdvice
  | ((
    request: ModelRetryAdviceRequest,
  ) => ModelRetryAdvice | undefined | Promise<ModelRetryAdvice | undefined>);

/**
 * An exact sequence of normalized `StreamEvent`s, sync or async. An array is
 * snapshotted when enqueued; any other iterable is used by reference.
 */
export type ScriptedModelStream = Iterable<StreamEvent> | AsyncIterable<StreamEvent>;

/**
 * A step that answers one call with a fixed response (see {@linkcode modelResponse}).
 */
export type ScriptedModelResponseStep = StepRepeat & {
  /** The step discriminator. */
  type: 'response';
  /** The response returned to the call. */
  response: ScriptedModelResponse;
  /**
   * `false` skips the check of this response against the request it answers
   * (for a step that is wrong on purpose). Default: checked.
   */
  validate?: boolean;
  /** The usage the call reports, over the response's own and the model's `defaultUsage`. */
  usage?: ScriptedUsage;
  /** The response id, over the response's own and the default `scripted-response-N`. */
  responseId?: string;
  /** The provider's request id, over the response's own. */
  requestId?: string;
};

/**
 * A step that fails one call (see {@linkcode modelError}).
 */
export type ScriptedModelErrorStep = StepRepeat & {
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
 */
export type ScriptedModelResponderStep = StepRepeat & {
  /** The step discriminator. */
  type: 'responder';
  /** Called with a fresh frozen snapshot of the call. */
  respond: (call: RecordedModelCall) => ScriptedModelResponse | Promise<ScriptedModelResponse>;
  /** `false` skips the check of the responder's results against the request. Default: checked. */
  validate?: boolean;
};

/**
 * A step that streams an exact event sequence (see {@linkcode modelStream}).
 */
export type ScriptedModelStreamStep = StepRepeat & {
  /** The step discriminator. */
  type: 'stream';
  /** The events yielded, verbatim. */
  events: ScriptedModelStream;
};

/**
 * A step that derives an exact event sequence from the recorded call (see
 * {@linkcode modelStreamResponder}).
 */
export type ScriptedModelStreamResponderStep = StepRepeat & {
  /** The step discriminator. */
  type: 'stream_responder';
  /** Called with a fresh frozen snapshot of the call. */
  respond: (call: RecordedModelCall) => ScriptedModelStream | Promise<ScriptedModelStream>;
};

/**
 * A step made by a step factory (`modelResponse`, `modelError`,
 * `modelResponder`, `modelStream`, `modelStreamResponder`, `modelHold`): an
 * object with a `type`. {@linkcode ScriptedModelStep} is the name to use for
 * a script; this one is for code that switches on `step.type`.
 */
export type ScriptedModelExplicitStep =
  | ScriptedModelResponseStep
  | ScriptedModelErrorStep
  | ScriptedModelResponderStep
  | ScriptedModelStreamStep
  | ScriptedModelStreamResponderStep
  | ModelHold;

/**
 * What one step of a `ScriptedModel` script may be, one per model call: the
 * constructor, `enqueue()`, `modelHold(then)` and `doubleScope().model()`
 * take it. Either a bare response, standing for `modelResponse(response)`
 * (the items of one response in an array, or a complete `ModelResponse`), or
 * a step made by a factory (see {@linkcode ScriptedModelExplicitStep}).
 *
 * @example A script kept in a variable
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   assistantMessage,
 *   functionCall,
 *   modelError,
 *   ScriptedModel,
 *   type ScriptedModelStep,
 * } from 'scripted-agents/testing';
 *
 * const steps: ScriptedModelStep[] = [
 *   [functionCall('get_weather', { city: 'Tokyo' })],
 *   modelError(new Error('rate limited')),
 *   [assistantMessage('Sunny.')],
 * ];
 * assert.equal(new ScriptedModel(steps, { validate: false }).remainingSteps, 3);
 * ```
 */
export type ScriptedModelStep = ScriptedModelExplicitStep | ScriptedModelResponse;

/**
 * The earlier name of {@linkcode ScriptedModelStep}, the same type.
 *
 * @deprecated Use `ScriptedModelStep`, which now also covers a bare response.
 */
export type ScriptedModelInput = ScriptedModelStep;

/**
 * Options of `new ScriptedModel(steps, options)`.
 *
 * @example A double that answers with malformed calls on purpose
 * ```ts
 * import assert from 'node:assert/strict';
 * import { functionCall, ScriptedModel, type ScriptedModelOptions } from 'scripted-agents/testing';
 *
 * const options: ScriptedModelOptions = { validate: false };
 * const model = new ScriptedModel([[functionCall('no_such_tool', {})]], options);
 * assert.equal(model.remainingSteps, 1);
 * ```
 *
 * @example Response spans, as a real model opens them
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedModel, type ScriptedModelOptions } from 'scripted-agents/testing';
 *
 * const options: ScriptedModelOptions = { traceSpans: true };
 * assert.equal(new ScriptedModel([], options).remainingSteps, 0);
 * ```
 */
export interface ScriptedModelOptions {
  /**
   * Whether each scripted response is checked against the request it answers
   * (tool names, arguments against the tool's schema, the structured output
   * against the output schema). Default `true`; `false` switches the check off
   * for the whole model.
   */
  validate?: boolean;
  /**
   * Open a `response` span around every traced call, as a real Responses
   * model does: a child of the agent's span, carrying the response id and,
   * when the run traces data, the input (`_input`; there is no raw API
   * response, so no `_response`). Defaults to `false`: a scripted model
   * emits no model spans, so a trace asserted against production shows
   * `response` spans the test does not.
   */
  traceSpans?: boolean;
  /**
   * The usage every output-only response reports (a bare output array, or a
   * responder's), instead of one request and no tokens. A step's own
   * `modelResponse(output, { usage })` and a complete envelope's `usage` win.
   */
  defaultUsage?: ScriptedUsage;
  /**
   * A name for this model in every message it raises (`ScriptedModel
   * "digest model" received unexpected…`), for apps that use several models
   * of one factory. Default: none, the messages say `ScriptedModel`.
   */
  name?: string;
  /**
   * Which path the model serves: `true` streaming calls only, `false`
   * non-streaming calls only. A call of the other kind fails with
   * `UnexpectedModelCallError` naming it, and uses no step. Default: both.
   */
  streamed?: boolean;
}

/**
 * Options of `modelResponse()` and `modelResponder()`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { functionCall, modelResponse, type StepCheckOptions } from 'scripted-agents/testing';
 *
 * const options: StepCheckOptions = { validate: false };
 * assert.equal(modelResponse([functionCall('refund', '{"orderId":', { validate: false })], options).validate, false);
 * ```
 */
export interface StepCheckOptions {
  /** `false` skips the check of this step against the request it answers. Default `true`. */
  validate?: boolean;
}

/**
 * Options of `responseDone(output, options)`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Usage } from '@openai/agents';
 * import { responseDone, type ResponseDoneOptions } from 'scripted-agents/testing';
 *
 * const options: ResponseDoneOptions = { id: 'resp_7', usage: new Usage({ requests: 1 }) };
 * const event = responseDone([], options);
 * assert.equal(event.type === 'response_done' && event.response.id, 'resp_7');
 * ```
 */
export interface ResponseDoneOptions {
  /** The response id (default `'scripted-response'`). */
  id?: string;
  /** The response's usage (default `new Usage({ requests: 1 })`). */
  usage?: Usage;
}

/**
 * Options of `modelResponse()` and `modelResponder()`: the check switch, and
 * how often the step may be used (`times`, `optional`; see `StepRepeat`).
 *
 * @example A digest step used on every call, however many there are
 * ```ts
 * import assert from 'node:assert/strict';
 * import { assistantMessage, modelResponse, type ModelStepOptions, ScriptedModel } from 'scripted-agents/testing';
 *
 * const options: ModelStepOptions = { times: 'any' };
 * const model = new ScriptedModel([modelResponse([assistantMessage('Digest.')], options)]);
 * assert.equal(model.remainingSteps, 0);
 * model.assertComplete();
 * ```
 */
export interface ModelStepOptions extends StepCheckOptions, StepRepeat {}

/**
 * Options of `modelResponse()`: the check, how often the step may be used, and
 * the parts of the envelope a test cares about, without writing a whole
 * `ModelResponse`.
 *
 * @example Per-call usage and ids for an output array
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import {
 *   assistantMessage,
 *   modelResponse,
 *   type ModelResponseOptions,
 *   ScriptedModel,
 * } from 'scripted-agents/testing';
 *
 * const options: ModelResponseOptions = {
 *   usage: { inputTokens: 7, outputTokens: 3 },
 *   responseId: 'resp_1',
 *   requestId: 'req_1',
 * };
 * const model = new ScriptedModel([modelResponse([assistantMessage('Hi')], options)]);
 * const result = await new Runner({ tracingDisabled: true }).run(new Agent({ name: 'A', model }), 'Hello');
 * assert.equal(result.lastResponseId, 'resp_1');
 * assert.equal(result.rawResponses[0].requestId, 'req_1');
 * assert.equal(result.state.usage.totalTokens, 10);
 * ```
 */
export interface ModelResponseOptions extends ModelStepOptions {
  /** The usage the call reports (a `Usage`, or its constructor's input). */
  usage?: ScriptedUsage;
  /** The response id; default the response's own, else `scripted-response-N`. */
  responseId?: string;
  /** The provider's request id; default the response's own, else none. */
  requestId?: string;
}

/**
 * Where a {@linkcode ModelHold} is: not reached by any call yet (`pending`),
 * holding a call (`held`), let through (`released`, also before a call reached
 * it), or ended by the call's abort signal (`aborted`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { modelHold, type ModelHoldState } from "scripted-agents/testing";
 *
 * const state: ModelHoldState = modelHold().state;
 * assert.equal(state, "pending");
 * ```
 */
export type ModelHoldState = 'pending' | 'held' | 'released' | 'aborted';

/**
 * Options of `modelHold()`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assistantMessage, modelHold, type ModelHoldOptions } from "scripted-agents/testing";
 *
 * const options: ModelHoldOptions = { atEvent: 1 };
 * assert.equal(modelHold([assistantMessage("Hi")], options).atEvent, 1);
 * ```
 */
export interface ModelHoldOptions extends StepRepeat {
  /**
   * For a streaming call: how many events of the response's stream are
   * delivered before the hold (default 0: nothing is streamed until
   * release). A stream with fewer events holds before it ends. A
   * non-streaming call always holds before it answers.
   */
  atEvent?: number;
  /**
   * `true` makes the hold behave as a provider that swallows the abort: an
   * aborted request stays held until `release()` (or forever, without
   * `then`), and from the hold on the call ignores its signal, so the answer
   * is returned and a stream's events keep flowing after the abort. Default
   * `false`: the abort ends the hold with `ScriptedModelRequestAbortedError`.
   */
  ignoreAbort?: boolean;
}

/**
 * A step that holds one model call until the test calls `release()`, then
 * answers it with `then` (any other step or response). Created by
 * `modelHold()`; usable in one script (as often as its `times` allow).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assistantMessage, type ModelHold, modelHold } from "scripted-agents/testing";
 *
 * const hold: ModelHold = modelHold([assistantMessage("Done.")]);
 * assert.equal(hold.type, "hold");
 * ```
 */
export type ModelHold = {
  /** The step discriminator. */
  readonly type: 'hold';
  /** What answers the call once released; `undefined` holds until the request is aborted. */
  readonly then: ScriptedModelStep | undefined;
  /** How many stream events are delivered before holding (streaming calls). */
  readonly atEvent: number;
  /** Whether the held call ignores its abort signal (see `ModelHoldOptions.ignoreAbort`). */
  readonly ignoreAbort: boolean;
  /** How often the hold may be used (every call that reaches it before `release()` waits). */
  readonly times?: StepRepeat['times'];
  /** Whether the hold may be skipped. */
  readonly optional?: boolean;
  /** Resolves with a snapshot of the call when a call reaches the hold. Never rejects. */
  readonly reached: Promise<RecordedModelCall>;
  /** Where the hold is now. */
  readonly state: ModelHoldState;
  /**
   * Lets the held calls continue (and later ones pass straight through).
   * Idempotent. Throws a `TypeError` on a hold without `then`.
   */
  release(): void;
};

/**
 * What `model.waitForStreamedText(match)` resolves with: the call whose
 * streamed text first contained the match, that text so far, and its deltas.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel, type StreamedText } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([[assistantMessage('Hello there.', { chunks: ['Hello', ' there.'] })]]);
 * const result = await new Runner({ tracingDisabled: true })
 *   .run(new Agent({ name: 'A', model }), 'Hi', { stream: true });
 * const seen: StreamedText = await model.waitForStreamedText('Hello');
 * assert.deepEqual(seen.deltas, ['Hello']);
 * for await (const _event of result) {
 *   // the application reads the stream
 * }
 * await result.completed;
 * ```
 */
export type StreamedText = Readonly<{
  /** The zero-based index of the call that streamed it. */
  callIndex: number;
  /** Its text deltas joined, up to and including the one that completed the match. */
  text: string;
  /** Its text deltas so far. */
  deltas: readonly string[];
}>;
