/**
 * `ScriptedModel`: a deterministic `Model` for the real `Runner` that consumes
 * one scripted step per model call and records every call it receives.
 *
 * @example
 * ```ts
 * import { Agent, Runner } from "@openai/agents";
 * import { assistantMessage, ScriptedModel } from "scripted-agents/testing";
 *
 * const model = new ScriptedModel([[assistantMessage("Paris is the capital of France.")]]);
 * const agent = new Agent({ name: "Geography assistant", model });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, "Capital of France?");
 * console.assert(result.finalOutput === "Paris is the capital of France.");
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
} from './_sdk_types.ts';
import { ordinal } from '../_internal/format.ts';
import { FailureLog, runTeardownChecks } from '../_internal/failure_log.ts';
import { isScriptedStream, type QueuedStep, toQueuedStep } from './_model_input.ts';
import { isScriptedResponse, normalizeResponse } from './_model_response.ts';
import { Queue } from '../_internal/queue.ts';
import { RetryAdviceBook } from './_retry_advice.ts';
import { frozenSnapshot } from '../_internal/snapshot.ts';
import { SnapshotStore } from '../_internal/snapshot_store.ts';
import { synthesizeStream } from '../_internal/stream.ts';
import {
  InvalidScriptedModelStepError,
  ScriptedModelRequestAbortedError,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from './scripted_model_errors.ts';
import type {
  RecordedModelCall,
  ScriptedModelInput,
  ScriptedModelResponse,
} from './scripted_model_types.ts';

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
 * Failures it raises for a drifted workflow (unexpected calls, call-time
 * invalid steps) are also kept in `failures`, so `assertNoUnexpectedCalls()` or
 * teardown with `using` reports them even when the code under test caught them.
 *
 * @example
 * ```ts
 * import { Agent, Runner, tool } from "@openai/agents";
 * import { z } from "zod";
 * import { assistantMessage, functionCall, ScriptedModel } from "scripted-agents/testing";
 *
 * const weather = tool({
 *   name: "get_weather",
 *   description: "Gets the weather for a city.",
 *   parameters: z.object({ city: z.string() }),
 *   execute: async ({ city }) => `${city}: sunny`,
 * });
 * const model = new ScriptedModel([
 *   [functionCall("get_weather", { city: "Tokyo" }, { callId: "call_1" })],
 *   [assistantMessage("It is sunny in Tokyo.")],
 * ]);
 * const agent = new Agent({ name: "Weather assistant", model, tools: [weather] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, "Weather in Tokyo?");
 * console.assert(result.finalOutput === "It is sunny in Tokyo.");
 * console.assert(model.calls.length === 2);
 * model.assertComplete();
 * ```
 */
export class ScriptedModel implements Model {
  readonly #steps = new Queue<QueuedStep>();
  readonly #calls: RecordedModelCall[] = [];
  readonly #retryAdvice = new RetryAdviceBook();
  readonly #failures = new FailureLog(DOUBLE);
  // Consecutive requests repeat most of their content; stored calls share it.
  readonly #requests = new SnapshotStore();

  /**
   * Creates a model that will answer calls with `inputs`, in order. Each input
   * is a step (`modelResponse`, `modelError`, `modelResponder`, `modelStream`,
   * `modelStreamResponder`) or a bare response (an output array or a complete
   * envelope).
   */
  constructor(inputs: Iterable<ScriptedModelInput> = []) {
    this.#push(queuedSteps(inputs));
  }

  /** Every recorded call, in invocation order: a new frozen array of fresh snapshots. */
  get calls(): readonly RecordedModelCall[] {
    return Object.freeze(this.#calls.map(readCall));
  }

  /** A fresh snapshot of the first call, or `undefined` before any call. */
  get firstCall(): RecordedModelCall | undefined {
    const call = this.#calls[0];
    return call === undefined ? undefined : readCall(call);
  }

  /** A fresh snapshot of the latest call, or `undefined` before any call. */
  get lastCall(): RecordedModelCall | undefined {
    const call = this.#calls[this.#calls.length - 1];
    return call === undefined ? undefined : readCall(call);
  }

  /** How many scripted steps no call has consumed yet. */
  get remainingSteps(): number {
    return this.#steps.size;
  }

  /**
   * Appends steps to the script. Atomic: if any input is invalid, none is added
   * (the error's `inputIndex` counts positions in this call's arguments).
   */
  enqueue(...inputs: ScriptedModelInput[]): void {
    this.#push(queuedSteps(inputs));
  }

  /** Throws `UnconsumedModelStepsError` if any scripted step is left. */
  assertComplete(): void {
    const remaining = this.#steps.size;
    if (remaining > 0) throw new UnconsumedModelStepsError(remaining);
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
    runTeardownChecks(DOUBLE, [
      () => this.assertNoUnexpectedCalls(),
      () => this.assertComplete(),
    ]);
  }

  /** Answers a non-streaming call with the next step. A raw stream step cannot serve it. */
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    if (request.signal?.aborted) throw new ScriptedModelRequestAbortedError();
    const call = this.#record(request, false);
    const step = this.#take(call);

    let response: ScriptedModelResponse;
    switch (step.type) {
      case 'stream':
      case 'stream_responder':
        throw this.#failures.raise(
          new InvalidScriptedModelStepError({
            reason: 'incompatible_call',
            message: `ScriptedModel cannot use raw stream step for non-streaming call ${
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

    throwIfAborted(call);
    const normalized = this.#normalize(call, response, step.type === 'responder', false);
    throwIfAborted(call);
    return normalized;
  }

  /**
   * Answers a streaming call. The call is recorded and its step taken now (so
   * several streams are assigned in invocation order); the step runs when the
   * returned stream is first iterated. Throws synchronously if the signal is
   * already aborted or no step remains.
   */
  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    if (request.signal?.aborted) throw new ScriptedModelRequestAbortedError();
    const call = this.#record(request, true);
    const step = this.#take(call);
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
    throwIfAborted(call);
    switch (step.type) {
      case 'error':
        this.#retryAdvice.remember(step.error, {
          request,
          streamed: true,
          advice: step.retryAdvice,
        });
        throw step.error;
      case 'stream':
      case 'stream_responder': {
        const events = step.type === 'stream' ? step.events : await step.respond(readCall(call));
        throwIfAborted(call);
        if (step.type === 'stream_responder' && !isScriptedStream(events)) {
          throw this.#failures.raise(
            new InvalidScriptedModelStepError({
              reason: 'invalid_stream',
              message: `ScriptedModel stream responder returned an invalid stream for call ${
                ordinal(call.index)
              }.`,
              callIndex: call.index,
              stepType: 'stream_responder',
            }),
          );
        }
        for await (const event of events) {
          throwIfAborted(call);
          yield event;
        }
        throwIfAborted(call);
        return;
      }
      case 'response':
      case 'responder': {
        const response = step.type === 'response'
          ? step.response
          : await step.respond(readCall(call));
        throwIfAborted(call);
        const normalized = this.#normalize(call, response, step.type === 'responder', true);
        yield* synthesizeStream(normalized, () => throwIfAborted(call));
      }
    }
  }

  #push(steps: QueuedStep[]): void {
    for (const step of steps) this.#steps.push(step);
  }

  #record(request: ModelRequest, streamed: boolean): RecordedModelCall {
    // The single call-time snapshot, deeply frozen and shared with earlier calls
    // where equal; every read copies it, so the sharing never shows.
    const call: RecordedModelCall = Object.freeze({
      index: this.#calls.length,
      streamed,
      request: this.#requests.store(request),
    });
    this.#calls.push(call);
    return call;
  }

  #take(call: RecordedModelCall): QueuedStep {
    const step = this.#steps.shift();
    if (step === undefined) throw this.#failures.raise(new UnexpectedModelCallError(call));
    return step;
  }

  #normalize(
    call: RecordedModelCall,
    response: ScriptedModelResponse,
    fromResponder: boolean,
    requireResponseId: boolean,
  ): ModelResponse {
    // Queued responses were validated at enqueue; a responder's result is checked here.
    if (fromResponder && !isScriptedResponse(response)) {
      throw this.#failures.raise(
        new InvalidScriptedModelStepError({
          reason: 'invalid_response',
          message: `ScriptedModel responder returned an invalid response for call ${
            ordinal(call.index)
          }.`,
          callIndex: call.index,
        }),
      );
    }
    return normalizeResponse(response, {
      callIndex: call.index,
      // The call-time snapshot decides, not the live settings a responder could still change.
      preserveRawUsage: call.request.modelSettings?.preserveRawUsage === true,
      requireResponseId,
    });
  }
}

/** Validates every input first, so that one invalid input adds nothing. */
function queuedSteps(inputs: Iterable<ScriptedModelInput>): QueuedStep[] {
  return Array.from(inputs, toQueuedStep);
}

/** A fresh frozen view of a recorded call: reading or mutating it cannot reach the history. */
function readCall(call: RecordedModelCall): RecordedModelCall {
  return Object.freeze({
    index: call.index,
    streamed: call.streamed,
    request: frozenSnapshot(call.request),
  });
}

function throwIfAborted(call: RecordedModelCall): void {
  if (call.request.signal?.aborted) throw new ScriptedModelRequestAbortedError(call.index);
}
