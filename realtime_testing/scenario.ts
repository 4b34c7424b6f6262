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
} from './call_types.ts';
import { ScriptedRealtimeScenarioCancelledError } from './realtime_errors.ts';

/** An expectation as registered by the transport, and whether it had to wait. */
export interface RegisteredExpectation<M extends RealtimeTransportMethod> {
  readonly promise: Promise<RealtimeTransportCallFor<M>>;
  /** False when a buffered call settled it at once. */
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

type RunState = { readonly kind: 'running' } | { readonly kind: 'succeeded' } | {
  readonly kind: 'failed';
  readonly error: unknown;
};

const RUNNING: RunState = { kind: 'running' };
const SUCCEEDED: RunState = { kind: 'succeeded' };
const ignore = (): void => {};

/** Runs one scenario against `host`; see `ScriptedRealtimeTransport.runScenario`. */
export function runScenario<T>(
  host: ScenarioHost,
  options: ScriptedRealtimeScenarioOptions<T>,
): Promise<T> {
  const { scenario, exercise, signal } = options;
  if (signal?.aborted) {
    return Promise.reject(new ScriptedRealtimeScenarioCancelledError(host.pendingExpectations()));
  }
  return new Promise<T>((resolve, reject) => {
    let state = RUNNING;
    let scenarioFulfilled = false;
    let exerciseResult: { readonly value: T } | undefined;
    // Set once the exercise has fulfilled with nothing pending: from then on an
    // expectation that has to wait can never be satisfied.
    let exerciseFinished = false;

    const onAbort = (): void => {
      fail(new ScriptedRealtimeScenarioCancelledError(host.pendingExpectations()));
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    function fail(error: unknown): void {
      if (state.kind !== 'running') return;
      state = { kind: 'failed', error };
      signal?.removeEventListener('abort', onAbort);
      host.rejectPendingExpectations(error);
      reject(error);
    }

    function succeed(value: T): void {
      if (state.kind !== 'running') return;
      try {
        host.assertComplete();
      } catch (error) {
        fail(error);
        return;
      }
      state = SUCCEEDED;
      signal?.removeEventListener('abort', onAbort);
      resolve(value);
    }

    const context: ScriptedRealtimeScenarioContext = {
      expectCall<M extends RealtimeTransportMethod>(
        method: M,
        matcher?: RealtimeCallMatcher<M>,
      ): Promise<RealtimeTransportCallFor<M>> {
        if (state.kind === 'failed') {
          const rejected = Promise.reject(state.error);
          // The run itself already rejected with this error; a late, unawaited
          // expectation must not report it a second time as an unhandled rejection.
          rejected.catch(ignore);
          return rejected;
        }
        // After a successful run there is no terminal error: the SDK's own
        // double rejects with `undefined`, and so do we.
        if (state.kind === 'succeeded') return Promise.reject(undefined);
        const { promise, pending } = host.expect(method, matcher);
        // Also marks the promise handled: the run reports its rejection.
        promise.then(undefined, fail);
        if (pending && exerciseFinished) fail(host.incompleteError());
        return promise;
      },
      emit: host.emit,
    };

    // Both sides start in microtasks, scenario first; a synchronous throw
    // becomes a rejection like any other.
    const scenarioRun = Promise.resolve().then(() => scenario(context));
    const exerciseRun = Promise.resolve().then(() => exercise());

    scenarioRun.then(() => {
      scenarioFulfilled = true;
      if (exerciseResult !== undefined) succeed(exerciseResult.value);
    }, fail);

    exerciseRun.then((value) => {
      exerciseResult = { value };
      if (scenarioFulfilled) {
        succeed(value);
        return;
      }
      // A scenario finishing in this same turn (its last expectation satisfied
      // by the exercise's last call) gets one microtask to settle first.
      queueMicrotask(() => {
        if (state.kind !== 'running' || scenarioFulfilled) return;
        if (host.pendingExpectations().length > 0) fail(host.incompleteError());
        else exerciseFinished = true;
      });
    }, fail);
  });
}
