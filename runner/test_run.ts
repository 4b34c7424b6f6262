/**
 * One test as the runner integrations see it: the doubles it created, whether
 * it may use the network, the cassettes it opened, and the verification that
 * runs when it ends. Web-standard and runner-agnostic; each runner entry only
 * decides when a run begins and ends and which run is current.
 *
 * @module
 */

import { DoubleFailuresError } from '../_internal/double_failures_error.ts';
import { throwCollected } from '../_internal/failure_log.ts';
import { countOf } from '../_internal/format.ts';
import { liveDoubleRegistry } from '../_internal/live_doubles.ts';
import { oneReport } from '../_internal/one_report.ts';
import { UnawaitedMatcherError } from './runner_errors.ts';

/**
 * Which test a run belongs to: its file (a path, when the runner tells) and
 * its titles, outermost describe block first and the test's own name last.
 */
export interface TestIdentity {
  /** The test file's path, or `undefined` when the runner does not tell. */
  readonly file: string | undefined;
  /** The describe blocks' titles, then the test's own. */
  readonly titles: readonly string[];
}

/** Options of {@linkcode TestRun.verify}. */
export interface VerifyOptions {
  /**
   * What the test body failed with (empty when it passed; the runner entries
   * read it from the runner). A double's failure among them (or their
   * causes) is not reported again, and what followed from it becomes one
   * line of that error.
   */
  readonly bodyErrors?: readonly unknown[];
}

/**
 * A check a matcher could not finish at once: its name and the promise of
 * its failure message (`undefined` when it passed).
 */
interface PendingCheck {
  readonly matcher: string;
  readonly outcome: Promise<string | undefined>;
}

/**
 * The doubles one test created and what the test is allowed to do. The runner
 * entries create one per test; {@linkcode currentTestRun} finds it.
 *
 * @example A run verifies the doubles it tracked
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedModel, assistantMessage } from 'scripted-agents/testing';
 * import { TestRun } from 'scripted-agents/runner';
 *
 * const run = new TestRun({ file: 'weather.test.ts', titles: ['weather', 'answers'] });
 * run.track(new ScriptedModel([[assistantMessage('never requested')]]));
 * await assert.rejects(run.verify(), { name: 'UnconsumedModelStepsError' });
 * assert.equal(run.name, 'weather › answers');
 * ```
 */
export class TestRun {
  /** The test this run belongs to. */
  readonly test: TestIdentity;
  readonly #doubles: object[] = [];
  readonly #blocked: unknown[] = [];
  readonly #cassettes = new Set<string>();
  readonly #pending: PendingCheck[] = [];
  readonly #raised: unknown[] = [];
  #networkAllowed = false;
  #finished = false;

  /** A run for `test`; the runner entries create these. */
  constructor(test: TestIdentity) {
    this.test = test;
  }

  /** The test's titles joined with ` › ` (describe blocks first). */
  get name(): string {
    return this.test.titles.join(' › ');
  }

  /** Whether the test has ended: its doubles were verified (a later call of one names it). */
  get ended(): boolean {
    return this.#finished;
  }

  /** Whether this test may reach non-loopback addresses (see `allowNetwork()`). */
  get networkAllowed(): boolean {
    return this.#networkAllowed;
  }

  /** Lets this test reach the network (real providers, any address). */
  allowNetwork(): void {
    this.#networkAllowed = true;
  }

  /** Adds a double to verify when the test ends (the doubles do this themselves). */
  track(double: object): void {
    if (!this.#finished) this.#doubles.push(double);
  }

  /**
   * Records a failure a double raised during this test (the doubles do this
   * themselves), so the teardown recognises a runner's copy of it among the
   * body's errors.
   */
  noteRaised(failure: unknown): void {
    if (!this.#finished) this.#raised.push(failure);
  }

  /** Records a blocked network attempt, reported when the test ends even if it was caught. */
  noteBlocked(failure: unknown): void {
    this.#blocked.push(failure);
  }

  /**
   * Tracks a matcher's check that finishes later (`outcome` resolves to its
   * failure message, or `undefined` when it passed). If it fails and the test
   * body did not fail with its message, the promise was not awaited: the
   * test then fails when it ends, naming the matcher.
   */
  notePendingCheck(matcher: string, outcome: Promise<string | undefined>): void {
    if (!this.#finished) this.#pending.push({ matcher, outcome });
  }

  /**
   * Claims the cassette file `path` for this test: `false` when this test
   * already opened it (a second cassette then needs its own name).
   */
  claimCassette(path: string): boolean {
    if (this.#cassettes.has(path)) return false;
    this.#cassettes.add(path);
    return true;
  }

  /**
   * Verifies every double the test created and whose own teardown did not run
   * yet, newest first (as `using` would: a provider before the models it
   * hands out), each even when an earlier one fails; then reports blocked
   * network attempts, and a matcher's failed check that was not awaited. One
   * problem is thrown as is; several as an `AggregateError` whose message
   * lists every one of them. A failure the body failed with is not reported
   * again (see {@linkcode VerifyOptions.bodyErrors}).
   */
  async verify(options: VerifyOptions = {}): Promise<void> {
    this.#finished = true;
    const bodyErrors = options.bodyErrors ?? [];
    const settled = liveDoubleRegistry().settled;
    const unawaited: unknown[] = [];
    for (const { matcher, outcome } of this.#pending) {
      const message = await outcome;
      if (message !== undefined && !bodyErrors.some((error) => mentions(error, message))) {
        unawaited.push(new UnawaitedMatcherError(matcher, message));
      }
    }
    const errors: unknown[] = [];
    for (const double of [...this.#doubles].reverse()) {
      if (settled.has(double)) continue;
      try {
        await disposeDouble(double);
      } catch (error) {
        errors.push(error);
      }
    }
    if (this.#blocked.length > 0) {
      errors.push(new DoubleFailuresError('The offline test network guard', this.#blocked));
    }
    throwCollected(
      [...unawaited, ...oneReport(errors, bodyErrors, this.#raised)],
      (count) => `verifying the test doubles of "${this.name}" found ${countOf(count, 'problem')}`,
    );
  }
}

/** Whether `error`'s message (a runner may keep a copy of the error) contains `text`. */
function mentions(error: unknown, text: string): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.includes(text);
}

function disposeDouble(double: object): void | PromiseLike<void> {
  const asyncDispose = (double as Partial<AsyncDisposable>)[Symbol.asyncDispose];
  if (typeof asyncDispose === 'function') return asyncDispose.call(double);
  const dispose = (double as Partial<Disposable>)[Symbol.dispose];
  if (typeof dispose === 'function') return dispose.call(double);
}
