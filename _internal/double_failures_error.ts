/**
 * The error a double's teardown raises for failures it reported during the
 * test, whether or not the code under test caught them.
 *
 * @module
 */

import { ordinal } from './format.ts';

/**
 * Raised by `assertNoUnexpectedCalls()` and by teardown (`using` /
 * `Symbol.dispose`) when a double rejected a call during the test — an
 * unexpected call, a rejected or throwing matcher, a step incompatible with the
 * call — even if application code caught that failure and the run went on.
 *
 * @example
 * ```ts
 * import { DoubleFailuresError, ScriptedModel } from "scripted-agents/testing";
 *
 * const model = new ScriptedModel();
 * await model.getResponse({} as never).catch(() => {}); // swallowed by "the app"
 * try {
 *   model.assertNoUnexpectedCalls();
 * } catch (error) {
 *   console.assert(error instanceof DoubleFailuresError);
 * }
 * ```
 */
export class DoubleFailuresError extends Error {
  /** Which double raised the failures, e.g. `"ScriptedModel"`. */
  readonly double: string;
  /** The raised failures, in the order the double raised them (a frozen copy). */
  readonly failures: readonly unknown[];
  /** Always `'DoubleFailuresError'`. */
  override readonly name = 'DoubleFailuresError';

  /** Lists `failures` (in order) in the message, naming `double`. */
  constructor(double: string, failures: readonly unknown[]) {
    super(
      `${double} raised ${failures.length} failure${
        failures.length === 1 ? '' : 's'
      } during the test, even if the code under test caught ${
        failures.length === 1 ? 'it' : 'them'
      }: ${failures.map((failure, i) => `${ordinal(i)} ${describe(failure)}`).join('; ')}`,
    );
    this.double = double;
    this.failures = Object.freeze([...failures]);
  }
}

function describe(failure: unknown): string {
  if (failure instanceof Error) return `${failure.name}: ${failure.message}`;
  try {
    return String(failure);
  } catch {
    return Object.prototype.toString.call(failure);
  }
}
