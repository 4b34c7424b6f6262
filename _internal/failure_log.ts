/**
 * The record of failures a double raised, and the teardown that reports them.
 * Written once for every double, so none of them lets a swallowed failure or a
 * forgotten `assertComplete()` pass unnoticed.
 *
 * @module
 */

import { DoubleFailuresError } from './double_failures_error.ts';
import { countOf } from './format.ts';
import { settleDouble } from './live_doubles.ts';
import { noteRaised } from './one_report.ts';

/** Remembers every failure a double raised so teardown can report swallowed ones. */
export class FailureLog {
  readonly #double: string;
  #failures: unknown[] = [];

  constructor(double: string) {
    this.#double = double;
  }

  /** Records `failure` and returns it, so call sites read `throw log.raise(err)`. */
  raise<T>(failure: T): T {
    this.#failures.push(failure);
    noteRaised(failure);
    return failure;
  }

  /** A frozen copy of the recorded failures. */
  get failures(): readonly unknown[] {
    return Object.freeze(this.#failures.slice());
  }

  /** Returns the recorded failures and forgets them (the test saw them on purpose). */
  take(): readonly unknown[] {
    const taken = this.#failures;
    this.#failures = [];
    return Object.freeze(taken);
  }

  /** Throws {@linkcode DoubleFailuresError} if any failure was recorded. */
  assertNone(): void {
    if (this.#failures.length > 0) {
      throw new DoubleFailuresError(this.#double, this.#failures);
    }
  }

  /**
   * The failure members of a double built as a plain object rather than a
   * class: `failures`, `acknowledgeFailures()`, `assertNoUnexpectedCalls()` and
   * a `[Symbol.dispose]()` teardown that runs `assertNoUnexpectedCalls()`, then
   * the checks `checks()` lists at teardown time, through
   * {@linkcode runTeardownChecks}. Non-enumerable, read-only and
   * non-configurable, so `Object.keys()` and spreads keep the double's own
   * shape; spread last into `Object.defineProperties()`, they end its own keys.
   */
  members(checks: () => ReadonlyArray<() => void>): PropertyDescriptorMap {
    const assertNoUnexpectedCalls = (): void => this.assertNone();
    const double = this.#double;
    function teardown(this: unknown): void {
      settleDouble(this);
      runTeardownChecks(double, [assertNoUnexpectedCalls, ...checks()]);
    }
    return {
      failures: { get: () => this.failures, enumerable: false, configurable: false },
      acknowledgeFailures: { value: () => this.take() },
      assertNoUnexpectedCalls: { value: assertNoUnexpectedCalls },
      [Symbol.dispose]: { value: teardown },
    };
  }
}

/**
 * Runs every teardown check, collecting failures: none passes silently, one is
 * thrown as is, several are thrown together as an `AggregateError` whose message
 * names the double.
 */
export function runTeardownChecks(double: string, checks: ReadonlyArray<() => void>): void {
  const errors: unknown[] = [];
  for (const check of checks) {
    try {
      check();
    } catch (error) {
      errors.push(error);
    }
  }
  throwCollected(errors, (count) => `${double} teardown found ${countOf(count, 'problem')}`);
}

/**
 * Throws nothing for no errors, the error itself for one, and an
 * `AggregateError` for several, its message `headline(count)` followed by every
 * error's message, so a runner that prints only the message still shows all.
 */
export function throwCollected(errors: unknown[], headline: (count: number) => string): void {
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) {
    throw new AggregateError(
      errors,
      `${headline(errors.length)}: ${
        errors.map((error) => (error instanceof Error ? error.message : String(error))).join(' | ')
      }`,
    );
  }
}
