/**
 * The public types of `withFaults()`: how often each fault happens, how
 * delays are waited for, and the faults it recorded.
 *
 * @module
 */

import type { SdkModelRetryAdvice as ModelRetryAdvice } from '../_shared/_sdk_types.ts';

/**
 * What `withFaults()` can do to one call: fail it (`error`), never answer
 * (`hang`), answer late (`delay`), cut its stream short (`cut`, streaming
 * calls only), or pause before one stream event (`event_delay`).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { FaultKind } from 'scripted-agents/testing';
 *
 * const kind: FaultKind = 'cut';
 * assert.equal(kind, 'cut');
 * ```
 */
export type FaultKind = 'error' | 'hang' | 'delay' | 'cut' | 'event_delay';

/**
 * How likely each fault is, each a probability from 0 to 1. One draw per
 * call picks at most one of `error`, `hang`, `delay` and `cut` (so their sum
 * may not exceed 1; a `cut` drawn for a non-streaming call is no fault);
 * `eventDelay` is drawn again before every event of a stream.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { FaultRates } from 'scripted-agents/testing';
 *
 * const rates: FaultRates = { error: 0.2, cut: 0.1, eventDelay: 0.05 };
 * assert.equal(rates.hang, undefined);
 * ```
 */
export interface FaultRates {
  /** A call fails with `ModelFaultError` (kind `'error'`), before the model is asked. */
  error?: number;
  /** A call never answers; an abort ends it unless `ignoreAbort` is set. */
  hang?: number;
  /** A call waits `delay(ms)` before the model is asked. */
  delay?: number;
  /** A stream ends with `ModelFaultError` (kind `'cut'`) after some of its events. */
  cut?: number;
  /** A stream waits `delay(ms)` before an event. */
  eventDelay?: number;
}

/**
 * What a `delay` function is told besides how long: the call, the stream
 * event it waits before (for `event_delay`), and the request's signal.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { FaultDelayContext } from 'scripted-agents/testing';
 *
 * const context: FaultDelayContext = { callIndex: 0, atEvent: undefined, signal: undefined };
 * assert.equal(context.callIndex, 0);
 * ```
 */
export interface FaultDelayContext {
  /** The zero-based position of the call in the decorator's `calls`. */
  readonly callIndex: number;
  /** For an `event_delay`: the zero-based position of the event it waits before. */
  readonly atEvent: number | undefined;
  /** The request's abort signal, if any. */
  readonly signal: AbortSignal | undefined;
}

/**
 * Options of `withFaults(model, options)`.
 *
 * @example Faults from a seed, delays that do not wait for time
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { WithFaultsOptions } from 'scripted-agents/testing';
 *
 * const options: WithFaultsOptions = {
 *   seed: 7,
 *   rates: { error: 0.3, delay: 0.3 },
 *   delay: () => Promise.resolve(),
 * };
 * assert.equal(options.seed, 7);
 * ```
 */
export interface WithFaultsOptions {
  /** How likely each fault is. */
  rates: FaultRates;
  /** The seed of the faults' random choices (a safe integer; default 1): same seed, same faults. */
  seed?: number;
  /**
   * Your own source of random numbers in `[0, 1)`, used instead of the seed
   * (for example fast-check's or your suite's generator).
   */
  random?: () => number;
  /**
   * How a delay is waited for. Default: a timer of `ms` milliseconds that an
   * abort of the request ends with an `AbortError`. Tests pass their own
   * (`() => Promise.resolve()`, or a promise the test settles) so nothing
   * waits for time.
   */
  delay?: (ms: number, context: FaultDelayContext) => Promise<void>;
  /** The range delays are drawn from, in milliseconds (default `{ min: 0, max: 1000 }`). */
  delayMs?: { min?: number; max?: number };
  /** The most events a cut stream delivers before it ends (default 3; drawn from 0 to it). */
  maxEventsBeforeCut?: number;
  /** `true`: a hanging call ignores the abort, as a provider that swallows it (default `false`). */
  ignoreAbort?: boolean;
  /**
   * What `getRetryAdvice()` answers for an injected error or cut (default
   * `{ suggested: true }`, as for a transient provider failure).
   */
  retryAdvice?: ModelRetryAdvice;
}

/**
 * One fault `withFaults()` injected: which call, what it did, and its
 * drawn parameters.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { InjectedFault } from 'scripted-agents/testing';
 *
 * const fault: InjectedFault = {
 *   callIndex: 2,
 *   streamed: true,
 *   kind: 'cut',
 *   atEvent: 1,
 *   delayMs: undefined,
 * };
 * assert.equal(fault.kind, 'cut');
 * ```
 */
export type InjectedFault = Readonly<{
  /** The zero-based position of the call in the decorator's `calls`. */
  callIndex: number;
  /** Whether the call was streaming. */
  streamed: boolean;
  /** What the fault did. */
  kind: FaultKind;
  /** For `cut`: how many events were delivered before it; for `event_delay`: the event it preceded. */
  atEvent: number | undefined;
  /** For `delay` and `event_delay`: how long, in milliseconds. */
  delayMs: number | undefined;
}>;

/**
 * One call through `withFaults()`, with the faults injected into it.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { FaultyModelCall } from 'scripted-agents/testing';
 *
 * const call: FaultyModelCall = { index: 0, streamed: false, faults: [] };
 * assert.equal(call.faults.length, 0);
 * ```
 */
export type FaultyModelCall = Readonly<{
  /** The zero-based position of this call. */
  index: number;
  /** Whether the runner asked for a streamed response. */
  streamed: boolean;
  /** The faults injected into this call, in the order they happened. */
  faults: readonly InjectedFault[];
}>;
