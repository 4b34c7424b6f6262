/**
 * `ScriptedModel`: a deterministic `Model` for the real `Runner` that consumes
 * one scripted step per model call and records every call it receives.
 *
 * @example A fixed answer
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([[assistantMessage('Paris is the capital of France.')]]);
 * const agent = new Agent({ name: 'Geography assistant', model });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Capital of France?');
 *
 * assert.equal(result.finalOutput, 'Paris is the capital of France.');
 * // The runner turned the user's text into a message item.
 * assert.deepEqual(model.firstCall?.request.input, [
 *   { type: 'message', role: 'user', content: 'Capital of France?' },
 * ]);
 * model.assertComplete();
 * ```
 *
 * @module
 */

import type {
  SdkModel as Model,
  SdkModelRequest as ModelRequest,
  SdkModelResponse as ModelResponse,
  SdkModelRetryAdvice as ModelRetryAdvice,
  SdkModelRetryAdviceRequest as ModelRetryAdviceRequest,
  SdkStreamEvent as StreamEvent,
  SdkUsage as Usage,
} from '../_shared/_sdk_types.ts';
import { ordinal } from '../../_internal/format.ts';
import { FailureLog, runTeardownChecks } from '../../_internal/failure_log.ts';
import {
  claimHolds,
  freshUse,
  type HeldStep,
  isScriptedStream,
  type QueuedStep,
  type ScriptedUse,
  toCountedStep,
} from './_model_input.ts';
import { isScriptedResponse, normalizeResponse, toUsage } from './model_response.ts';
import { type StepCount, StepScript } from '../../_internal/step_script.ts';
import {
  inputItems,
  lastCallTranscript,
  routeText,
  transcriptBlock,
  unusedUsesText,
} from './_transcript.ts';
import { RetryAdviceBook } from './retry_advice.ts';
import { ModelCallLog, readCall, throwIfAborted as throwIfCallAborted } from './model_calls.ts';
import { synthesizeStream } from '../../_internal/stream.ts';
import { chunkPlan } from '../../_internal/text_chunks.ts';
import { StreamWatch } from './_stream_watch.ts';
import { traceResponseSpans } from './_model_spans.ts';
import { noteRaised } from '../../_internal/one_report.ts';
import { ScriptCheck, unparsedArguments } from '../../_internal/script_check.ts';
import { registerToolOutcomes } from '../../_internal/tool_outcome.ts';
import {
  InvalidScriptedModelStepError,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from './scripted_model_errors.ts';
import type {
  RecordedModelCall,
  ScriptedModelOptions,
  ScriptedModelResponse,
  ScriptedModelStep,
  StreamedText,
} from './scripted_model_types.ts';
import { announceDouble, settleDouble } from '../../_internal/live_doubles.ts';
import { assertOwnerRunning } from '../../_internal/ended_test_error.ts';
import { fromCaller } from './_user_frame.ts';

const DOUBLE = 'ScriptedModel';

/**
 * A deterministic model test double: each model call consumes the next
 * scripted step, in order, whether the runner streams or not.
 *
 * - Steps are validated when passed to the constructor or `enqueue()`; a
 *   malformed one throws `InvalidScriptedModelStepError` with its `inputIndex`.
 * - Every call is recorded (`calls`, `firstCall`, `lastCall`) with a frozen,
 *   detached snapshot of its request, before its step resolves or throws.
 * - A call with no step left throws `UnexpectedModelCallError`; steps left at
 *   the end are reported by `assertComplete()` (`UnconsumedModelStepsError`).
 * - A plain response answers a streaming call with synthesized events; raw
 *   streams (`modelStream`, `modelStreamResponder`) serve streaming calls only.
 * - Cancellation is cooperative: the request's signal is checked before a call
 *   is recorded and again whenever control returns from scripted code.
 *
 * - Each scripted response is checked against the request it answers: a
 *   function call must name a tool or handoff the request offers, with
 *   arguments its schema accepts; a structured output must fit the output
 *   schema; a hosted or built-in call needs its tool. A mismatch throws
 *   `ScriptedOutputMismatchError` at the call. A scripted call whose tool then
 *   failed (the SDK's default error text in the next call's input) fails that
 *   next call the same way (`tool_failed`), unless the call says
 *   `expectToolError: true`. `{ validate: false }` switches
 *   the check off for one call item (`functionCall()`), one step
 *   (`modelResponse()`, `modelResponder()`) or the whole model (the
 *   constructor).
 *
 * Failures it raises for a drifted workflow (unexpected calls, call-time
 * invalid steps, mismatched answers) are also kept in `failures`, so `assertNoUnexpectedCalls()` or
 * teardown with `using` reports them even when the code under test caught them.
 *
 * @example The same script serves a streamed run
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([[assistantMessage('Hello there.')]]);
 * const agent = new Agent({ name: 'Assistant', model });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Hi', { stream: true });
 * let text = '';
 * for await (const chunk of result.toTextStream()) text += chunk;
 * await result.completed;
 *
 * assert.equal(text, 'Hello there.');
 * assert.equal(model.firstCall?.streamed, true);
 * model.assertComplete();
 * ```
 *
 * @example A workflow that stops early fails the test
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import {
 *   assistantMessage,
 *   ScriptedModel,
 *   UnconsumedModelStepsError,
 * } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([
 *   [assistantMessage('First answer.')],
 *   [assistantMessage('An answer for a follow-up that never comes.')],
 * ]);
 * await new Runner({ tracingDisabled: true }).run(new Agent({ name: 'A', model }), 'Hi');
 *
 * assert.equal(model.remainingSteps, 1);
 * assert.throws(() => model.assertComplete(), UnconsumedModelStepsError);
 * ```
 */
export class ScriptedModel implements Model {
  readonly #steps = new StepScript<ScriptedUse>(() => '');
  readonly #calls = new ModelCallLog(this);
  readonly #retryAdvice = new RetryAdviceBook();
  readonly #failures: FailureLog;
  readonly #check: ScriptCheck;
  /** How messages name this model: `ScriptedModel`, or `ScriptedModel "digest model"`. */
  readonly #label: string;
  readonly #servesOnly: 'streaming' | 'non-streaming' | undefined;
  readonly #validate: boolean;
  readonly #defaultUsage: Usage | undefined;
  readonly #streamed = new StreamWatch();
  /** Calls that drew a `modelHold(..., { ignoreAbort: true })`: from then on they ignore the signal. */
  readonly #ignoringAbort = new WeakSet<RecordedModelCall>();
  #pushed = 0;

  /**
   * Creates a model that will answer calls with `inputs`, in order. Each input
   * is a step (`modelResponse`, `modelError`, `modelResponder`, `modelStream`,
   * `modelStreamResponder`) or a bare response (an output array or a complete
   * envelope). `options.validate: false` switches off the check of responses
   * against the requests they answer; `options.traceSpans` opens a `response`
   * span around each traced call, as a real model does; `options.defaultUsage`
   * is the usage every output-only response reports (see
   * `ScriptedModelOptions`).
   */
  constructor(inputs: Iterable<ScriptedModelStep> = [], options: ScriptedModelOptions = {}) {
    this.#validate = options.validate !== false;
    this.#defaultUsage = options.defaultUsage === undefined
      ? undefined
      : toUsage(options.defaultUsage);
    this.#label = options.name === undefined ? DOUBLE : `${DOUBLE} ${JSON.stringify(options.name)}`;
    this.#servesOnly = options.streamed === undefined
      ? undefined
      : options.streamed
      ? 'streaming'
      : 'non-streaming';
    this.#failures = new FailureLog(this.#label);
    this.#check = new ScriptCheck(this.#label, this.#validate, { where: () => routeText(this) });
    registerToolOutcomes(this, this.#check.outcomes);
    try {
      this.#push(queuedSteps(inputs, this.#validate, this.#label));
    } catch (error) {
      throw fromCaller(error, ScriptedModel);
    }
    if (options.traceSpans === true) traceResponseSpans(this);
    announceDouble(this);
  }

  /** Every recorded call, in invocation order: a new frozen array of fresh snapshots. */
  get calls(): readonly RecordedModelCall[] {
    return this.#calls.all();
  }

  /** A fresh snapshot of the first call, or `undefined` before any call. */
  get firstCall(): RecordedModelCall | undefined {
    return this.#calls.at(0);
  }

  /** A fresh snapshot of the latest call, or `undefined` before any call. */
  get lastCall(): RecordedModelCall | undefined {
    return this.#calls.at(-1);
  }

  /**
   * How many required uses of scripted steps no call has made yet (a step
   * used once counts 1; `times: 3` counts 3 until used; an `optional` or
   * `times: 'any'` step counts 0).
   */
  get remainingSteps(): number {
    return this.#steps.remaining;
  }

  /**
   * Appends steps to the script. Atomic: if any input is invalid, none is added
   * (the error's `inputIndex` counts positions in this call's arguments).
   */
  enqueue(...inputs: ScriptedModelStep[]): void {
    try {
      this.#push(queuedSteps(inputs, this.#validate, this.#label));
    } catch (error) {
      throw fromCaller(error, ScriptedModel.prototype.enqueue);
    }
  }

  /**
   * Throws `UnconsumedModelStepsError` if a required use of a scripted step
   * did not happen (optional uses left over are fine), and
   * `ScriptedOutputMismatchError` (reason `expected_tool_error`) if a call
   * scripted with `expectToolError: true` never had its failure confirmed by
   * a later call.
   */
  assertComplete(): void {
    const remaining = this.#steps.remaining;
    if (remaining > 0) {
      throw fromCaller(
        new UnconsumedModelStepsError(remaining, {
          model: this.#label,
          route: routeText(this),
          callCount: this.#calls.length,
          unusedSteps: unusedUsesText(this.#steps.pending()),
          transcript: lastCallTranscript(this, 'Last steps before it stopped'),
        }),
        ScriptedModel.prototype.assertComplete,
      );
    }
    const unconfirmed = this.#check.unconfirmed();
    if (unconfirmed !== undefined) throw unconfirmed;
  }

  /**
   * Resolves when a streamed call of this model has streamed text that
   * contains `match` (a string) or matches it (a `RegExp`), counting the text
   * of every streamed call so far; so a test can wait for the text its UI
   * should show. Rejects with `StreamedTextNotFoundError` when a stream ends
   * without it and the run cannot stream it later (that response asked for no
   * tool, or no scripted step is left), so the test fails with what was
   * streamed instead of waiting for its runner's timeout. Asked once the
   * script is used up, it rejects at once; asked after a turn that ended with
   * steps left, it waits for the next streamed call (a later run's).
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { Agent, Runner } from '@openai/agents';
   * import { assistantMessage, ScriptedModel, StreamedTextNotFoundError } from 'scripted-agents/testing';
   *
   * const model = new ScriptedModel([[assistantMessage('Hello there.', { chunks: 2 })]]);
   * const result = await new Runner({ tracingDisabled: true })
   *   .run(new Agent({ name: 'A', model }), 'Hi', { stream: true });
   * const waited = model.waitForStreamedText('Goodbye');
   * for await (const _event of result) {
   *   // the application reads the stream
   * }
   * await result.completed;
   *
   * await assert.rejects(waited, (error) => {
   *   assert.ok(error instanceof StreamedTextNotFoundError);
   *   assert.deepEqual(error.deltas, ['Hello ', 'there.']);
   *   assert.equal(error.reason, 'script_ended');
   *   return true;
   * });
   * ```
   */
  waitForStreamedText(match: string | RegExp): Promise<StreamedText> {
    return this.#streamed.wait(match);
  }

  /**
   * The failures this model raised for a drifted workflow (unexpected calls,
   * call-time invalid steps), whether or not the code under test caught them.
   */
  get failures(): readonly unknown[] {
    return this.#failures.failures;
  }

  /** Returns the recorded failures and forgets them, for tests that provoke one on purpose. */
  acknowledgeFailures(): readonly unknown[] {
    return this.#failures.take();
  }

  /** Throws `DoubleFailuresError` if this model raised any failure not yet acknowledged. */
  assertNoUnexpectedCalls(): void {
    this.#failures.assertNone();
  }

  /**
   * Teardown for `using model = new ScriptedModel(...)`: reports unacknowledged
   * failures and unconsumed steps together.
   */
  [Symbol.dispose](): void {
    settleDouble(this);
    runTeardownChecks(this.#label, [
      () => this.assertNoUnexpectedCalls(),
      () => this.assertComplete(),
    ]);
  }

  /** Answers a non-streaming call with the next step. A raw stream step cannot serve it. */
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    assertOwnerRunning(this, this.#label, 'a non-streaming call');
    const call = this.#calls.record(request, false);
    this.#checkFollowUp(call);
    const taken = this.#take(call);
    const step = taken.type === 'hold' ? await this.#release(call, taken) : taken;

    let response: ScriptedModelResponse;
    switch (step.type) {
      case 'stream':
      case 'stream_responder':
        throw this.#failures.raise(
          new InvalidScriptedModelStepError({
            reason: 'incompatible_call',
            message: `${this.#label} cannot use raw stream step for non-streaming call ${
              ordinal(call.index)
            }.`,
            callIndex: call.index,
            stepType: step.type,
          }),
        );
      case 'error':
        this.#retryAdvice.remember(step.error, {
          request,
          streamed: false,
          advice: step.retryAdvice,
        });
        throw step.error;
      case 'responder':
        response = await step.respond(readCall(call));
        break;
      case 'response':
        response = step.response;
        break;
    }

    this.#throwIfAborted(call);
    const normalized = this.#normalize(call, response, step, false);
    this.#throwIfAborted(call);
    this.#calls.answer(call, normalized.output);
    return normalized;
  }

  /**
   * Answers a streaming call. The call is recorded and its step taken now (so
   * several streams are assigned in invocation order); the step runs when the
   * returned stream is first iterated. Throws synchronously if the signal is
   * already aborted or no step remains.
   */
  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    assertOwnerRunning(this, this.#label, 'a streaming call');
    const call = this.#calls.record(request, true);
    this.#checkFollowUp(call);
    const step = this.#take(call);
    // The common case, a queued response without raw usage, normalizes without
    // side effects, so it can be done now and streamed by the synthesis itself:
    // one generator between the runner and the events, as a hand-written model.
    if (step.type === 'response' && !hasOwnRawUsage(step.response)) {
      try {
        return this.#synthesize(call, step.response, step);
      } catch (error) {
        // As from the generator below: the stream fails when it is first read.
        return failedStream(error);
      }
    }
    return this.#stream(call, step, request);
  }

  /** The advice scripted for the failed attempt's error, consumed (one-shot). */
  async getRetryAdvice(request: ModelRetryAdviceRequest): Promise<ModelRetryAdvice | undefined> {
    return await this.#retryAdvice.take(request);
  }

  async *#stream(
    call: RecordedModelCall,
    step: QueuedStep,
    request: ModelRequest,
  ): AsyncGenerator<StreamEvent> {
    this.#throwIfAborted(call);
    switch (step.type) {
      case 'hold':
        yield* this.#holdStream(call, step, request);
        return;
      case 'error':
        this.#retryAdvice.remember(step.error, {
          request,
          streamed: true,
          advice: step.retryAdvice,
        });
        this.#streamed.ended(call.index, 'failed', this.#steps.remaining);
        throw step.error;
      case 'stream':
      case 'stream_responder': {
        const events = step.type === 'stream' ? step.events : await step.respond(readCall(call));
        this.#throwIfAborted(call);
        if (step.type === 'stream_responder' && !isScriptedStream(events)) {
          throw this.#failures.raise(
            new InvalidScriptedModelStepError({
              reason: 'invalid_stream',
              message: `${this.#label} stream responder returned an invalid stream for call ${
                ordinal(call.index)
              }.`,
              callIndex: call.index,
              stepType: 'stream_responder',
            }),
          );
        }
        this.#streamed.started();
        let done = false;
        try {
          for await (const event of events) {
            this.#throwIfAborted(call);
            if (event.type === 'response_done') {
              this.#calls.answer(call, event.response.output);
              done = true;
            }
            this.#observe(call, event);
            yield event;
          }
        } finally {
          if (!done) this.#streamed.ended(call.index, 'failed', this.#steps.remaining);
        }
        this.#throwIfAborted(call);
        return;
      }
      case 'response':
      case 'responder': {
        const response = step.type === 'response'
          ? step.response
          : await step.respond(readCall(call));
        this.#throwIfAborted(call);
        yield* this.#synthesize(call, response, step);
      }
    }
  }

  /**
   * How a plain response answers a streaming call, on the fast path and in
   * {@linkcode #stream} alike: normalized and checked now (throws), recorded
   * as the answer, then streamed by the synthesis itself.
   */
  #synthesize(
    call: RecordedModelCall,
    response: ScriptedModelResponse,
    step: Extract<QueuedStep, { type: 'response' | 'responder' }>,
  ): AsyncGenerator<StreamEvent> {
    const normalized = this.#normalize(call, response, step, true);
    this.#calls.answer(call, normalized.output);
    // A queued response is the step's own snapshot, used by this call only.
    this.#streamed.started();
    return synthesizeStream(normalized, () => this.#throwIfAborted(call), {
      owned: step.type === 'response',
      observe: (event) => this.#observe(call, event),
      // A responder's items are its own, so they are known by identity.
      chunks: step.type === 'response'
        ? step.chunks
        : chunkPlan(Array.isArray(response) ? response : response.output),
    });
  }

  /** Tells the stream watch what call `call` streams: its text, and its end. */
  #observe(call: RecordedModelCall, event: StreamEvent): void {
    if (event.type === 'output_text_delta') this.#streamed.delta(call.index, event.delta);
    else if (event.type === 'response_done') {
      this.#streamed.ended(call.index, event.response.output, this.#steps.remaining);
    }
  }

  /** Waits at a hold; resolves with the step that answers once it is released. */
  async #release(
    call: RecordedModelCall,
    step: HeldStep,
  ): Promise<Exclude<QueuedStep, HeldStep>> {
    await step.gate.wait(call, readCall(call));
    // A hold without `then` cannot be released; only an abort ends it.
    return step.then!;
  }

  /** Streams the held step's events, holding before event `atEvent` (or before the end). */
  async *#holdStream(
    call: RecordedModelCall,
    step: HeldStep,
    request: ModelRequest,
  ): AsyncGenerator<StreamEvent> {
    if (step.atEvent === 0) {
      yield* this.#stream(call, await this.#release(call, step), request);
      return;
    }
    let delivered = 0;
    for await (const event of this.#stream(call, step.then!, request)) {
      if (delivered === step.atEvent) await this.#release(call, step);
      delivered++;
      yield event;
    }
    if (delivered <= step.atEvent) await this.#release(call, step);
  }

  #push(steps: readonly { readonly step: QueuedStep; readonly count: StepCount }[]): void {
    this.#steps.push(steps.map(({ step, count }, index) => ({
      kind: 'step' as const,
      step: { step, count, number: this.#pushed + index + 1 },
      count,
    })));
    this.#pushed += steps.length;
  }

  /**
   * From a hold that ignores the abort on, the call does too: a provider that
   * swallows the abort answers anyway.
   */
  #throwIfAborted(call: RecordedModelCall): void {
    if (!this.#ignoringAbort.has(call)) throwIfCallAborted(call);
  }

  #take(call: RecordedModelCall): QueuedStep {
    if (this.#servesOnly !== undefined && call.streamed !== (this.#servesOnly === 'streaming')) {
      // The other path is refused before it can use a step.
      throw this.#failures.raise(
        new UnexpectedModelCallError(call, {
          model: this.#label,
          route: routeText(this),
          servesOnly: this.#servesOnly,
        }),
      );
    }
    // Calls are not told apart by a key: each takes the next use the script allows.
    const taken = this.#steps.take('', () => true);
    if (taken.kind !== 'step') {
      throw this.#failures.raise(
        new UnexpectedModelCallError(call, {
          model: this.#label,
          route: routeText(this),
          callCount: this.#pushed,
          transcript: transcriptBlock(inputItems(call.request.input), {
            heading: 'The call was answering',
          }),
        }),
      );
    }
    const { step, count } = taken.step;
    if (step.type === 'hold' && step.ignoreAbort) this.#ignoringAbort.add(call);
    // A step used more than once gives each call its own copy of its fixed data.
    return count.max > 1 ? freshUse(step) : step;
  }

  /**
   * A call whose input carries the result of an earlier scripted call fails
   * when that tool failed (or succeeded against `expectToolError`): the first
   * place a model learns a tool's outcome, before the script answers it.
   */
  #checkFollowUp(call: RecordedModelCall): void {
    const mismatch = this.#check.followUp(call.index, call.request);
    if (mismatch !== undefined) throw this.#failures.raise(mismatch);
  }

  #normalize(
    call: RecordedModelCall,
    response: ScriptedModelResponse,
    step: Extract<QueuedStep, { type: 'response' | 'responder' }>,
    requireResponseId: boolean,
  ): ModelResponse {
    const fromResponder = step.type === 'responder';
    // Queued responses were validated at enqueue; a responder's result is checked here.
    if (fromResponder && !isScriptedResponse(response)) {
      throw this.#failures.raise(
        new InvalidScriptedModelStepError({
          reason: 'invalid_response',
          message: `${this.#label} responder returned an invalid response for call ${
            ordinal(call.index)
          }.`,
          callIndex: call.index,
        }),
      );
    }
    const normalized = normalizeResponse(response, {
      callIndex: call.index,
      // The call-time snapshot decides, not the live settings a responder could still change.
      preserveRawUsage: call.request.modelSettings?.preserveRawUsage === true,
      requireResponseId,
      step: step.type === 'response' ? step.envelope : undefined,
      defaultUsage: this.#defaultUsage,
    });
    // Judged by the call-time snapshot, what the model was sent. The store shares
    // unchanged parts between calls, so an unchanged tool list is the same object
    // call after call and what the check reads from it is cached by identity.
    const mismatch = this.#check.response(call.index, call.request, normalized.output, {
      step: step.type === 'response' ? step.check : undefined,
      validate: step.type === 'response' || step.validate,
      scripted: response,
      where: { agent: this.#calls.agentAt(call.index), route: routeText(this) },
    });
    if (mismatch !== undefined) throw this.#failures.raise(mismatch);
    return normalized;
  }
}

/** A stream whose first read rejects with `error`. */
// deno-lint-ignore require-yield
async function* failedStream(error: unknown): AsyncGenerator<StreamEvent> {
  throw error;
}

/** True when normalizing `response` would read its `rawUsage` (possibly an accessor). */
function hasOwnRawUsage(response: ScriptedModelResponse): boolean {
  return !Array.isArray(response) && Object.prototype.hasOwnProperty.call(response, 'rawUsage');
}

/** Validates every input first, so that one invalid input adds nothing. */
function queuedSteps(
  inputs: Iterable<ScriptedModelStep>,
  validate: boolean,
  label: string,
): { readonly step: QueuedStep; readonly count: StepCount }[] {
  try {
    const steps = Array.from(inputs, toCountedStep);
    if (validate) steps.forEach(({ step }, inputIndex) => assertParsedArguments(step, inputIndex));
    claimHolds(steps);
    return steps;
  } catch (error) {
    throw named(error, label);
  }
}

/**
 * A step error made where the model's name is not known, renamed before
 * anyone reads it: its message opens with `label` instead of `ScriptedModel`
 * (every runtime formats `stack` when it is first read, so it agrees).
 */
function named(error: unknown, label: string): unknown {
  if (
    label !== DOUBLE && error instanceof InvalidScriptedModelStepError &&
    error.message.startsWith(`${DOUBLE} `)
  ) {
    error.message = label + error.message.slice(DOUBLE.length);
  }
  return error;
}

/** Function-call arguments given as text must be JSON where the step is written. */
function assertParsedArguments(step: QueuedStep, inputIndex: number): void {
  const fixed = step.type === 'hold' ? step.then : step;
  if (fixed?.type !== 'response') return;
  const problem = unparsedArguments(fixed.response, fixed.check);
  if (problem === undefined) return;
  // A refusal of the script: what the test's other doubles then miss follows from it.
  const error = new InvalidScriptedModelStepError({
    reason: 'invalid_arguments',
    message:
      `ScriptedModel input ${ordinal(inputIndex)}, output item ${
        ordinal(problem.itemIndex)
      }: function_call "${problem.name}" has arguments that are not JSON (${problem.error}). ` +
      'Pass an object to functionCall(), or JSON text; for a call that is malformed on ' +
      'purpose, add { validate: false }.',
    inputIndex,
    stepType: 'response',
  });
  noteRaised(error);
  throw error;
}
