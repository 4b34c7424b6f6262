/**
 * `withFaults(model, options)`: a decorator over any model double that
 * injects provider faults (errors with retry advice, hangs, delays, cut
 * streams, pauses between stream events), chosen by a seed or by the
 * caller's random function, and records each one. Same seed, same calls:
 * same faults, so a failing chaos run replays.
 *
 * @example A chaos run that always ends, whatever the seed
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, modelResponder, ScriptedModel, withFaults } from 'scripted-agents/testing';
 *
 * const inner = new ScriptedModel([
 *   modelResponder(() => [assistantMessage('Done.')], { times: 'any' }),
 * ]);
 * const model = withFaults(inner, { seed: 3, rates: { error: 0.5 } });
 * const agent = new Agent({
 *   name: 'Chaos',
 *   model,
 *   modelSettings: {
 *     retry: {
 *       maxRetries: 20,
 *       policy: ({ providerAdvice }) => providerAdvice?.suggested === true,
 *       backoff: { initialDelayMs: 0, jitter: false },
 *     },
 *   },
 * });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Go');
 *
 * assert.equal(result.finalOutput, 'Done.');
 * // Every injected error was retried: the calls before the answer are the faults.
 * assert.equal(model.faults.length, model.calls.length - 1);
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
} from '../_shared/_sdk_types.ts';
import { RetryAdviceBook } from '../model/retry_advice.ts';
import { ScriptedModelRequestAbortedError } from '../model/scripted_model_errors.ts';
import { InvalidFaultOptionsError, ModelFaultError } from './with_faults_errors.ts';
import type {
  FaultDelayContext,
  FaultKind,
  FaultRates,
  FaultyModelCall,
  InjectedFault,
  WithFaultsOptions,
} from './with_faults_types.ts';

/** The per-call faults, in the order their bands lie on one draw. */
const CALL_FAULTS = ['error', 'hang', 'delay', 'cut'] as const;

type CallFault = (typeof CALL_FAULTS)[number];

/** The fault drawn for a call, before it happens. */
type Plan =
  | { readonly kind: 'error' | 'hang' }
  | { readonly kind: 'delay'; readonly delayMs: number }
  | { readonly kind: 'cut'; readonly atEvent: number };

/** A call as the decorator keeps it. */
type Call = {
  readonly index: number;
  readonly streamed: boolean;
  readonly faults: InjectedFault[];
  /** The call's fields of a `ModelFaultError`. */
  readonly fault: () => { callIndex: number; streamed: boolean };
};

/**
 * Wraps `model` (a `ScriptedModel`, an `AutoModel`, a cassette's model, any
 * `Model`) so its calls meet provider faults at the rates of
 * `options.rates`.
 *
 * - `error` fails the call with `ModelFaultError` before the model is
 *   asked; `getRetryAdvice()` answers `options.retryAdvice` (default
 *   `{ suggested: true }`) for it, so a retry policy retries.
 * - `hang` never answers; an abort of the request ends it with an
 *   `AbortError`, unless `options.ignoreAbort`.
 * - `delay` waits `options.delay(ms)` first, and `eventDelay` before a
 *   stream event; the default waits a timer, a test passes its own.
 * - `cut` ends a stream with `ModelFaultError` after some of its events.
 *
 * The faults are drawn from `options.seed` (a small seeded generator) or
 * `options.random`, one draw per call in call order (plus the delay or cut
 * point, and one per stream event when `eventDelay` is set), so the same
 * seed and the same calls give the same faults. `calls` and `faults` record
 * them; the model's own teardown (`assertComplete()`, `Symbol.dispose`) is
 * passed through, so `using`, a provider and `doubleScope()` verify it.
 *
 * @example A cut stream, and how to assert it
 * ```ts
 * import assert from 'node:assert/strict';
 * import { assistantMessage, ModelFaultError, ScriptedModel, withFaults } from 'scripted-agents/testing';
 *
 * const model = withFaults(new ScriptedModel([[assistantMessage('Hello')]]), {
 *   rates: { cut: 1 },
 *   maxEventsBeforeCut: 1,
 * });
 * const events: string[] = [];
 * await assert.rejects(async () => {
 *   for await (const event of model.getStreamedResponse({} as never)) events.push(event.type);
 * }, ModelFaultError);
 * const [fault] = model.faults;
 * assert.equal(fault.kind, 'cut');
 * assert.equal(events.length, fault.atEvent);
 * ```
 */
export function withFaults(model: Model, options: WithFaultsOptions): FaultyModel {
  return new FaultyModel(model, options);
}

/**
 * The model `withFaults()` returns: a `Model` that injects faults into the
 * calls it passes to the wrapped model, and records them.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { AutoModel, FaultyModel, withFaults } from 'scripted-agents/testing';
 *
 * const model = withFaults(new AutoModel(), { rates: {} });
 * assert.ok(model instanceof FaultyModel);
 * assert.ok(model.model instanceof AutoModel);
 * ```
 */
export class FaultyModel implements Model {
  /** The wrapped model. */
  readonly model: Model;
  readonly #rates: Required<FaultRates>;
  readonly #random: () => number;
  readonly #delay: (ms: number, context: FaultDelayContext) => Promise<void>;
  readonly #delayMs: { readonly min: number; readonly max: number };
  readonly #maxEventsBeforeCut: number;
  readonly #ignoreAbort: boolean;
  readonly #retryAdvice: ModelRetryAdvice;
  readonly #advice = new RetryAdviceBook();
  readonly #calls: Call[] = [];

  /** Wraps `model`; see {@linkcode withFaults}. Throws `InvalidFaultOptionsError` on bad options. */
  constructor(model: Model, options: WithFaultsOptions) {
    this.model = model;
    this.#rates = readRates(options.rates);
    this.#random = randomSource(options);
    if (options.delay !== undefined && typeof options.delay !== 'function') {
      throw new InvalidFaultOptionsError('delay', 'must be a function');
    }
    this.#delay = options.delay ?? timerDelay;
    this.#delayMs = readDelayRange(options.delayMs);
    const maxEvents = options.maxEventsBeforeCut ?? 3;
    if (!Number.isSafeInteger(maxEvents) || maxEvents < 0) {
      throw new InvalidFaultOptionsError(
        'maxEventsBeforeCut',
        'must be a whole number of at least 0',
      );
    }
    this.#maxEventsBeforeCut = maxEvents;
    this.#ignoreAbort = options.ignoreAbort === true;
    this.#retryAdvice = options.retryAdvice ?? { suggested: true };
  }

  /** Every call so far with the faults injected into it: a new frozen array of frozen records. */
  get calls(): readonly FaultyModelCall[] {
    return Object.freeze(this.#calls.map((call) =>
      Object.freeze({
        index: call.index,
        streamed: call.streamed,
        faults: Object.freeze([...call.faults]),
      })
    ));
  }

  /** Every fault injected so far, in the order they happened. */
  get faults(): readonly InjectedFault[] {
    return Object.freeze(this.#calls.flatMap((call) => call.faults));
  }

  /** Fails, hangs or delays the call as drawn, else asks the wrapped model. */
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const call = this.#record(false);
    await this.#beforeModel(call, this.#drawCallFault(call), request);
    return await this.model.getResponse(request);
  }

  /** Streams the wrapped model's answer, with the faults drawn for this call. */
  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const call = this.#record(true);
    const plan = this.#drawCallFault(call);
    await this.#beforeModel(call, plan, request);
    const cutAt = plan?.kind === 'cut' ? plan.atEvent : undefined;
    let delivered = 0;
    const deliver = async (): Promise<void> => {
      if (delivered === cutAt) throw this.#cut(call, delivered, request);
      if (this.#rates.eventDelay > 0 && this.#random() < this.#rates.eventDelay) {
        const delayMs = this.#drawDelay();
        this.#note(call, 'event_delay', { atEvent: delivered, delayMs });
        await this.#delay(delayMs, {
          callIndex: call.index,
          atEvent: delivered,
          signal: request.signal,
        });
      }
      delivered++;
    };
    if (cutAt === undefined) {
      for await (const event of this.model.getStreamedResponse(request)) {
        await deliver();
        yield event;
      }
      return;
    }
    // One event behind the model, so a stream shorter than the cut point is
    // cut before its last event: a cut stream never completes.
    let previous: { event: StreamEvent } | undefined;
    for await (const event of this.model.getStreamedResponse(request)) {
      if (previous !== undefined) {
        await deliver();
        yield previous.event;
      }
      previous = { event };
    }
    throw this.#cut(call, delivered, request);
  }

  /** The advice for an injected failure, else the wrapped model's. */
  async getRetryAdvice(request: ModelRetryAdviceRequest): Promise<ModelRetryAdvice | undefined> {
    if (request.error instanceof ModelFaultError) return await this.#advice.take(request);
    return await this.model.getRetryAdvice?.(request);
  }

  /** The wrapped model's failures, if it keeps any. */
  get failures(): readonly unknown[] {
    return (this.model as { failures?: readonly unknown[] }).failures ?? [];
  }

  /** Passes through to the wrapped model's `acknowledgeFailures()`, if it has one. */
  acknowledgeFailures(): readonly unknown[] {
    return (this.model as { acknowledgeFailures?: () => readonly unknown[] })
      .acknowledgeFailures?.() ?? [];
  }

  /** Passes through to the wrapped model's `assertNoUnexpectedCalls()`, if it has one. */
  assertNoUnexpectedCalls(): void {
    (this.model as { assertNoUnexpectedCalls?: () => void }).assertNoUnexpectedCalls?.();
  }

  /** Passes through to the wrapped model's `assertComplete()`, if it has one. */
  assertComplete(): void {
    (this.model as { assertComplete?: () => void }).assertComplete?.();
  }

  /** Teardown for `using`: the wrapped model's own. */
  [Symbol.dispose](): void {
    (this.model as Partial<Disposable>)[Symbol.dispose]?.();
  }

  #record(streamed: boolean): Call {
    const index = this.#calls.length;
    const call: Call = {
      index,
      streamed,
      faults: [],
      fault: () => ({ callIndex: index, streamed }),
    };
    this.#calls.push(call);
    return call;
  }

  /** One draw picks the call's fault (or none); a delay or cut draws its parameter. */
  #drawCallFault(call: { streamed: boolean }): Plan | undefined {
    const draw = this.#random();
    let band = 0;
    let kind: CallFault | undefined;
    for (const candidate of CALL_FAULTS) {
      band += this.#rates[candidate];
      if (draw < band) {
        kind = candidate;
        break;
      }
    }
    if (kind === undefined || (kind === 'cut' && !call.streamed)) return undefined;
    if (kind === 'delay') return { kind, delayMs: this.#drawDelay() };
    if (kind === 'cut') {
      return { kind, atEvent: Math.floor(this.#random() * (this.#maxEventsBeforeCut + 1)) };
    }
    return { kind };
  }

  #note(
    call: Call,
    kind: FaultKind,
    drawn: { atEvent?: number; delayMs?: number },
  ): InjectedFault {
    const fault: InjectedFault = Object.freeze({
      callIndex: call.index,
      streamed: call.streamed,
      kind,
      atEvent: drawn.atEvent,
      delayMs: drawn.delayMs,
    });
    call.faults.push(fault);
    return fault;
  }

  #drawDelay(): number {
    const { min, max } = this.#delayMs;
    return min + Math.floor(this.#random() * (max - min + 1));
  }

  /** The fault drawn for the call, if it happens before the model is asked. */
  async #beforeModel(call: Call, plan: Plan | undefined, request: ModelRequest): Promise<void> {
    switch (plan?.kind) {
      case 'error':
        this.#note(call, 'error', {});
        throw this.#failure(new ModelFaultError('error', call.fault()), call, request);
      case 'hang':
        this.#note(call, 'hang', {});
        await hang(call.index, this.#ignoreAbort ? undefined : request.signal);
        return;
      case 'delay':
        this.#note(call, 'delay', { delayMs: plan.delayMs });
        await this.#delay(plan.delayMs, {
          callIndex: call.index,
          atEvent: undefined,
          signal: request.signal,
        });
    }
  }

  #cut(call: Call, delivered: number, request: ModelRequest): ModelFaultError {
    this.#note(call, 'cut', { atEvent: delivered });
    return this.#failure(
      new ModelFaultError('cut', { ...call.fault(), atEvent: delivered }),
      call,
      request,
    );
  }

  /** Leaves the advice behind for the runner's `getRetryAdvice()`. */
  #failure(error: ModelFaultError, call: Call, request: ModelRequest): ModelFaultError {
    this.#advice.remember(error, { request, streamed: call.streamed, advice: this.#retryAdvice });
    return error;
  }
}

/** Never settles; an abort of `signal` rejects it with an `AbortError`. */
function hang(callIndex: number, signal: AbortSignal | undefined): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    if (signal?.aborted) reject(new ScriptedModelRequestAbortedError(callIndex));
    signal?.addEventListener(
      'abort',
      () => reject(new ScriptedModelRequestAbortedError(callIndex)),
      { once: true },
    );
  });
}

/** The default delay: a timer, ended early by an abort of the request. */
function timerDelay(ms: number, context: FaultDelayContext): Promise<void> {
  const { signal, callIndex } = context;
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ScriptedModelRequestAbortedError(callIndex));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ScriptedModelRequestAbortedError(callIndex));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function readRates(rates: FaultRates | undefined): Required<FaultRates> {
  if (typeof rates !== 'object' || rates === null) {
    throw new InvalidFaultOptionsError('rates', 'must be an object of probabilities');
  }
  const rate = (name: keyof FaultRates): number => {
    const value = rates[name] ?? 0;
    if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
      throw new InvalidFaultOptionsError(`rates.${name}`, 'must be a probability from 0 to 1');
    }
    return value;
  };
  const parsed = {
    error: rate('error'),
    hang: rate('hang'),
    delay: rate('delay'),
    cut: rate('cut'),
    eventDelay: rate('eventDelay'),
  };
  if (parsed.error + parsed.hang + parsed.delay + parsed.cut > 1) {
    throw new InvalidFaultOptionsError(
      'rates',
      'must give error, hang, delay and cut together at most 1 (one of them is drawn per call)',
    );
  }
  return parsed;
}

function readDelayRange(range: WithFaultsOptions['delayMs']): { min: number; max: number } {
  const min = range?.min ?? 0;
  const max = range?.max ?? 1000;
  if (!Number.isSafeInteger(min) || min < 0 || !Number.isSafeInteger(max) || max < min) {
    throw new InvalidFaultOptionsError(
      'delayMs',
      'must be whole milliseconds with 0 <= min <= max',
    );
  }
  return { min, max };
}

function randomSource(options: WithFaultsOptions): () => number {
  if (options.random !== undefined) {
    if (typeof options.random !== 'function') {
      throw new InvalidFaultOptionsError(
        'random',
        'must be a function returning numbers in [0, 1)',
      );
    }
    const random = options.random;
    return () => {
      const value = random();
      if (typeof value !== 'number' || !(value >= 0 && value < 1)) {
        throw new InvalidFaultOptionsError('random', 'must return numbers in [0, 1)');
      }
      return value;
    };
  }
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed)) {
    throw new InvalidFaultOptionsError('seed', 'must be a safe integer');
  }
  return mulberry32(seed);
}

/** A small, fast seeded generator (mulberry32): the same seed gives the same sequence everywhere. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
