/**
 * Verifying many doubles at once: `assertAllComplete(...)` and a scope that
 * creates doubles and checks all of them when the test ends, so no
 * `assertComplete()` is ever forgotten.
 *
 * @module
 */

import { runWithTeardown } from '../../_internal/combined_failure.ts';
import { throwCollected } from '../../_internal/failure_log.ts';
import { oneReport } from '../../_internal/one_report.ts';
import { liveDoubleRegistry } from '../../_internal/live_doubles.ts';
import { countOf } from '../../_internal/format.ts';
import type { ScriptedModelStep } from '../model/scripted_model_types.ts';
import { type OfflineGuard, offlineGuard } from './offline_guard.ts';
import { ScriptedModel } from '../model/scripted_model.ts';
import { scriptedSandboxSession } from '../sandbox/scripted_sandbox_session.ts';
import type {
  ScriptedSandboxInput,
  ScriptedSandboxMethod,
  ScriptedSandboxSession,
} from '../sandbox/scripted_sandbox_session_types.ts';

/**
 * Anything with a teardown check: every double of this package
 * (`ScriptedModel`, `scriptedSandboxSession()`, `ScriptedRealtimeTransport`),
 * the {@linkcode offlineGuard}, or your own `Disposable`/`AsyncDisposable`.
 */
export type VerifiableDouble = Disposable | AsyncDisposable;

/**
 * Runs the teardown check of every double (its `Symbol.asyncDispose` or
 * `Symbol.dispose`: unreported failures, unconsumed steps, pending
 * expectations, an unclosed transport) and reports all problems together.
 * Every double is checked even when an earlier one fails; one failure is
 * rethrown as is, several are thrown as an `AggregateError` listing each.
 * Steps left over beside a failure a double raised (a swallowed one) are a
 * knock-on of the run it stopped: one line of that `DoubleFailuresError`.
 *
 * @example Every double is checked, and every problem reported
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   assertAllComplete,
 *   assistantMessage,
 *   ScriptedModel,
 *   scriptedSandboxSession,
 * } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([[assistantMessage('never requested')]]);
 * const sandbox = scriptedSandboxSession([{ method: 'execCommand', result: 'never run' }]);
 *
 * await assert.rejects(assertAllComplete(model, sandbox), (error) => {
 *   assert.ok(error instanceof AggregateError);
 *   assert.deepEqual(error.errors.map((e) => e.name), [
 *     'UnconsumedModelStepsError',
 *     'UnconsumedSandboxStepsError',
 *   ]);
 *   assert.match(error.message, /^2 test doubles failed their teardown checks: /);
 *   return true;
 * });
 * // Nothing left over: it resolves.
 * await assertAllComplete(new ScriptedModel(), scriptedSandboxSession());
 * ```
 */
export function assertAllComplete(...doubles: VerifiableDouble[]): Promise<void> {
  return verifyAll(doubles, [], false);
}

/**
 * Verifies `doubles`, reporting nothing the body's failure (`bodyErrors`)
 * reported already; with `skipSettled`, not the doubles whose own teardown ran.
 */
async function verifyAll(
  doubles: readonly VerifiableDouble[],
  bodyErrors: readonly unknown[],
  skipSettled: boolean,
): Promise<void> {
  const errors: unknown[] = [];
  // A scope's double whose own teardown already ran (`using`, a failed matcher,
  // or a runner entry's verification when the test ended, which under Vitest
  // runs before onTestFinished) reported what it found there; a second dispose
  // would report the same mistake again. An explicit assertAllComplete() checks.
  const settled = skipSettled ? liveDoubleRegistry().settled : undefined;
  for (const double of doubles) {
    if (settled?.has(double)) continue;
    try {
      await disposeOnce(double);
    } catch (error) {
      errors.push(error);
    }
  }
  throwCollected(
    oneReport(errors, bodyErrors),
    (count) => `${countOf(count, 'test double')} failed their teardown checks`,
  );
}

function disposeOnce(double: VerifiableDouble): void | PromiseLike<void> {
  if (typeof (double as AsyncDisposable)[Symbol.asyncDispose] === 'function') {
    return (double as AsyncDisposable)[Symbol.asyncDispose]();
  }
  if (typeof (double as Disposable)[Symbol.dispose] === 'function') {
    return (double as Disposable)[Symbol.dispose]();
  }
  throw new TypeError(
    'assertAllComplete received a value that is neither Disposable nor AsyncDisposable.',
  );
}

/** Options for {@linkcode doubleScope}. */
export interface DoubleScopeOptions {
  /**
   * Also keep the test offline with an {@linkcode offlineGuard} for the life of
   * the scope: tracing export disabled, global network APIs blocked.
   * Defaults to `false`.
   */
  offline?: boolean;
}

/**
 * Creates doubles and verifies all of them at once when the scope ends.
 * Obtain one with {@linkcode doubleScope}.
 */
export class DoubleScope implements AsyncDisposable {
  readonly #tracked: VerifiableDouble[] = [];
  #guard: OfflineGuard | undefined;
  #finished = false;

  /** Prefer {@linkcode doubleScope}; `offline` starts an offline guard. */
  constructor(options: DoubleScopeOptions = {}) {
    if (options.offline === true) this.#guard = offlineGuard();
  }

  /**
   * A new `ScriptedModel` checked when the scope ends.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { Agent, Runner } from '@openai/agents';
   * import { assistantMessage, doubleScope } from 'scripted-agents/testing';
   *
   * await using scope = doubleScope();
   * const model = scope.model([[assistantMessage('Done.')]]);
   * const result = await new Runner({ tracingDisabled: true })
   *   .run(new Agent({ name: 'A', model }), 'Go');
   * assert.equal(result.finalOutput, 'Done.');
   * ```
   */
  model(inputs: Iterable<ScriptedModelStep> = []): ScriptedModel {
    return this.track(new ScriptedModel(inputs));
  }

  /**
   * A new scripted sandbox session checked when the scope ends; typed like
   * `scriptedSandboxSession()` (a literal step array installs exactly the
   * methods it names).
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { doubleScope } from 'scripted-agents/testing';
   *
   * await using scope = doubleScope();
   * const sandbox = scope.sandbox([{ method: 'pathExists', result: true }]);
   * assert.equal(await sandbox.pathExists('/workspace'), true);
   * ```
   */
  sandbox<const TInputs extends readonly ScriptedSandboxInput[]>(
    inputs: TInputs,
  ): ScriptedSandboxSession<TInputs[number]['method']>;
  /** A sandbox session from any iterable of steps. */
  sandbox<M extends ScriptedSandboxMethod>(
    inputs: Iterable<ScriptedSandboxInput<M>>,
  ): ScriptedSandboxSession<M>;
  sandbox(
    inputs: Iterable<ScriptedSandboxInput>,
  ): ScriptedSandboxSession<ScriptedSandboxMethod> {
    return this.track(
      scriptedSandboxSession(inputs as Iterable<ScriptedSandboxInput<ScriptedSandboxMethod>>),
    );
  }

  /**
   * Adds an existing double (for example a `ScriptedRealtimeTransport`, which
   * lives in the separate realtime entry) and returns it unchanged.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
   * import { ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';
   * import { doubleScope } from 'scripted-agents/testing';
   *
   * await using scope = doubleScope();
   * // Checked at the end of the scope: complete, and closed.
   * const transport = scope.track(new ScriptedRealtimeTransport());
   * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), { transport });
   * await session.connect({ apiKey: 'test' });
   * session.close();
   * assert.deepEqual(transport.calls.map((call) => call.method), ['connect', 'close']);
   * await transport.expectCall('connect');
   * await transport.expectCall('close');
   * ```
   */
  track<T extends VerifiableDouble>(double: T): T {
    if (this.#finished) {
      throw new TypeError('This DoubleScope has already finished; create a new scope.');
    }
    this.#tracked.push(double);
    return double;
  }

  /**
   * Verifies every tracked double (in creation order, all of them even when one
   * fails), then restores the offline guard and reports its blocked requests.
   * Runs once; later calls resolve without checking again. A double whose own
   * teardown already ran (`using`, a failed `toBeComplete()`, a runner
   * entry's verification at the end of the test) is not verified again, so one
   * mistake is reported once. Use it where `await using` is unavailable:
   * `t.after(() => scope.finish())`, `afterEach`, `onTestFinished`.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { assistantMessage, doubleScope } from 'scripted-agents/testing';
   *
   * const scope = doubleScope(); // e.g. in beforeEach, with finish() in afterEach
   * scope.model([[assistantMessage('never requested')]]);
   * await assert.rejects(scope.finish(), { name: 'UnconsumedModelStepsError' });
   * await scope.finish(); // runs once: a second call checks nothing
   * ```
   */
  finish(): Promise<void> {
    return this.#finish([]);
  }

  async #finish(bodyErrors: readonly unknown[]): Promise<void> {
    if (this.#finished) return;
    this.#finished = true;
    const guard = this.#guard;
    this.#guard = undefined;
    // The guard goes last, so doubles are verified while the test is still offline.
    await verifyAll(
      [...this.#tracked, ...(guard === undefined ? [] : [guard])],
      bodyErrors,
      true,
    );
  }

  /**
   * Runs `body` with this scope, then {@linkcode DoubleScope.finish}, and
   * reports what failed in one error: the body's failure as is, the
   * teardown's as is, or, when both failed, a `TeardownAlsoFailedError` whose
   * message is the body's failure first and then the teardown's. A double's
   * failure the body failed with (or that caused its failure) is not reported
   * again, and the steps its stopped run never reached are one line of the
   * body's error (`And so 1 scripted step was not used …`). Prefer it to
   * `await using` when a test may fail in both places: there the runtime's
   * `SuppressedError` carries a fixed message, and most runners print only
   * that. Resolves to what `body` returns.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { Agent, Runner } from '@openai/agents';
   * import { assistantMessage, doubleScope } from 'scripted-agents/testing';
   *
   * const output = await doubleScope({ offline: true }).run(async (scope) => {
   *   const model = scope.model([[assistantMessage('Paris.')]]);
   *   const result = await new Runner().run(new Agent({ name: 'geo', model }), 'Capital?');
   *   return result.finalOutput;
   * }); // every double is verified here
   * assert.equal(output, 'Paris.');
   * ```
   */
  run<T>(body: (scope: DoubleScope) => T | PromiseLike<T>): Promise<T> {
    return runWithTeardown(() => body(this), (bodyErrors) => this.#finish(bodyErrors));
  }

  /** Same as {@linkcode DoubleScope.finish}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.finish();
  }
}

/**
 * Starts a scope for one test: create doubles through it and they are all
 * verified together at the end (`await using`, or one `finish()` call in your
 * runner's teardown hook).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, doubleScope } from 'scripted-agents/testing';
 *
 * {
 *   // `offline: true` also disables tracing export, so a plain Runner is enough.
 *   await using scope = doubleScope({ offline: true });
 *   const model = scope.model([[assistantMessage('Paris.')]]);
 *   const result = await new Runner().run(new Agent({ name: 'geo', model }), 'Capital?');
 *   assert.equal(result.finalOutput, 'Paris.');
 * } // every double is verified here, then the network APIs are restored
 * ```
 */
export function doubleScope(options: DoubleScopeOptions = {}): DoubleScope {
  return new DoubleScope(options);
}
