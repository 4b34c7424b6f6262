/**
 * `runScenario()`: the transport side (scenario) and the application side
 * (exercise) run concurrently, and the run ends on the first failure, on
 * cancellation, or when the exercise finishes while expectations still wait.
 *
 * There are no timers here by design: only the caller's signal bounds a wait.
 *
 * @module
 */

import type {
  PendingRealtimeExpectation,
  RealtimeCallMatcher,
  RealtimeTransportCallFor,
  RealtimeTransportMethod,
  ScriptedRealtimeScenarioContext,
  ScriptedRealtimeScenarioOptions,
} from './scripted_realtime_transport_types.ts';
import { ScriptedRealtimeScenarioCancelledError } from './scripted_realtime_transport_errors.ts';

/** An expectation as registered by the transport, and whether it had to wait. */
export interface RegisteredExpectation<M extends RealtimeTransportMethod> {
  readonly promise: Promise<RealtimeTransportCallFor<M>>;
  /** False when a buffered call settled it at once. */
  readonly pending: boolean;
}

/** An expectation as registered by any double, and whether it had to wait. */
export interface Registered<R> {
  readonly promise: Promise<R>;
  /** False when something already buffered settled it at once. */
  readonly pending: boolean;
}

/** What a run needs from its transport (kept structural to avoid an import cycle). */
export interface ScenarioHost {
  expect<M extends RealtimeTransportMethod>(
    method: M,
    matcher: RealtimeCallMatcher<M> | undefined,
  ): RegisteredExpectation<M>;
  readonly emit: ScriptedRealtimeScenarioContext['emit'];
  pendingExpectations(): PendingRealtimeExpectation[];
  /** Removes every pending expectation and rejects it with `error`. */
  rejectPendingExpectations(error: unknown): void;
  /** The transport's `IncompleteRealtimeScenarioError` for its current state. */
  incompleteError(): Error;
  assertComplete(): void;
}

/** What a run needs from any double: the same rules for every realtime double. */
export interface GenericScenarioHost {
  /** The error a cancelled run rejects with, for the expectations pending now. */
  cancelledError(): Error;
  /** Removes every pending expectation and rejects it with `error`. */
  rejectPendingExpectations(error: unknown): void;
  /** Whether any expectation still waits. */
  hasPendingExpectations(): boolean;
  /** The double's "incomplete" error for its current state. */
  incompleteError(): Error;
  assertComplete(): void;
}

/** Wraps one registration with the run's rules (late expectations, termination). */
export type ExpectationGuard = <R>(register: () => Registered<R>) => Promise<R>;

const SCENARIO_FINISHED: unique symbol = Symbol('scenario finished');
const STILL_RUNNING: unique symbol = Symbol('still running');
const ignore = (): void => {};

/** Runs one scenario against `host`; see `ScriptedRealtimeTransport.runScenario`. */
export function runScenario<T>(
  host: ScenarioHost,
  options: ScriptedRealtimeScenarioOptions<T>,
): Promise<T> {
  return runGenericScenario<T, ScriptedRealtimeScenarioContext>(
    {
      cancelledError: () => new ScriptedRealtimeScenarioCancelledError(host.pendingExpectations()),
      rejectPendingExpectations: (error) => host.rejectPendingExpectations(error),
      hasPendingExpectations: () => host.pendingExpectations().length > 0,
      incompleteError: () => host.incompleteError(),
      assertComplete: () => host.assertComplete(),
    },
    options,
    (guard) => ({
      expectCall<M extends RealtimeTransportMethod>(
        method: M,
        matcher?: RealtimeCallMatcher<M>,
      ): Promise<RealtimeTransportCallFor<M>> {
        return guard(() => host.expect(method, matcher));
      },
      emit: host.emit,
    }),
  );
}

/** The options of a generic run: a scenario receiving `Ctx`, an exercise, a signal. */
export interface GenericScenarioOptions<T, Ctx> {
  scenario: (context: Ctx) => void | Promise<void>;
  exercise: () => T | Promise<T>;
  signal?: AbortSignal;
}

/**
 * Runs `scenario` and `exercise` concurrently under the rules every realtime
 * double shares; `makeContext` builds the scenario's context around `guard`.
 */
export async function runGenericScenario<T, Ctx>(
  host: GenericScenarioHost,
  options: GenericScenarioOptions<T, Ctx>,
  makeContext: (guard: ExpectationGuard) => Ctx,
): Promise<T> {
  const { scenario, exercise, signal } = options;
  if (signal?.aborted) {
    throw host.cancelledError();
  }
  let state: 'running' | 'failed' | 'succeeded' = 'running';
  let terminalError: unknown;
  // Set once the exercise has fulfilled: from then on an expectation that has
  // to wait can never be satisfied.
  let exerciseFinished = false;

  // Race entries that reject with the first failure; observed, so never unhandled.
  let failRun!: (error: unknown) => void;
  const failure = new Promise<never>((_, reject) => {
    failRun = reject;
  });
  failure.catch(ignore);
  let cancelRun!: (error: unknown) => void;
  const cancelled = new Promise<never>((_, reject) => {
    cancelRun = reject;
  });
  cancelled.catch(ignore);

  const fail = (error: unknown): void => {
    state = 'failed';
    terminalError = error;
    host.rejectPendingExpectations(error);
    failRun(error);
  };
  /** The first failure terminates the run; later ones change nothing. */
  const terminate = (error: unknown): void => {
    if (state === 'running') fail(error);
  };
  // The cancellation error captures the expectations pending at abort time;
  // the run terminates with it once the race below observes it.
  const onAbort = (): void => {
    cancelRun(host.cancelledError());
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  const guard: ExpectationGuard = <R>(register: () => Registered<R>): Promise<R> => {
    if (state === 'failed') {
      const rejected = Promise.reject(terminalError);
      // The run itself already reported this error: a late, unawaited
      // expectation must not report it again as an unhandled rejection.
      rejected.catch(ignore);
      return rejected;
    }
    // After a successful run there is no terminal error: like the SDK's own
    // double, the promise rejects with `undefined`.
    if (state === 'succeeded') return Promise.reject(undefined);
    const { promise, pending } = register();
    // Also marks the promise handled: the run reports its rejection.
    promise.catch(terminate);
    if (pending && exerciseFinished) terminate(host.incompleteError());
    return promise;
  };
  const context = makeContext(guard);

  try {
    // Both sides start in microtasks, scenario first; a synchronous throw
    // becomes a rejection like any other.
    const scenarioDone = Promise.resolve()
      .then(() => scenario(context))
      .then((): typeof SCENARIO_FINISHED => SCENARIO_FINISHED);
    const exerciseDone = Promise.resolve()
      .then(() => exercise())
      .then((value) => {
        exerciseFinished = true;
        return { value };
      });
    scenarioDone.catch(ignore);
    exerciseDone.catch(ignore);

    const first = await Promise.race([scenarioDone, exerciseDone, cancelled, failure]);
    if (first === SCENARIO_FINISHED) {
      const { value } = await Promise.race([exerciseDone, cancelled, failure]);
      return complete(value);
    }
    // The exercise finished first. A scenario finishing in this same turn (its
    // last expectation satisfied by the exercise's last call) gets one
    // microtask to settle.
    const peek = await Promise.race([scenarioDone, STILL_RUNNING]);
    if (peek === STILL_RUNNING) {
      if (host.hasPendingExpectations()) throw host.incompleteError();
      await Promise.race([scenarioDone, cancelled, failure]);
    }
    return complete(first.value);
  } catch (error) {
    // What the race saw first is the run's error, even if an expectation
    // failure terminated the run a moment earlier: it then replaces that one,
    // for what is still pending and for late expectations (as with the SDK's
    // double).
    if (state === 'running' || error !== terminalError) fail(error);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }

  function complete(value: T): T {
    if (state !== 'running') throw terminalError;
    host.assertComplete();
    state = 'succeeded';
    return value;
  }
}
