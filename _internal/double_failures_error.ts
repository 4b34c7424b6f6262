/**
 * The error a double's teardown raises for failures it reported during the
 * test, whether or not the code under test caught them.
 *
 * Every error class of this package follows the convention written down here
 * once. It extends `Error`; each structured field is declared without an
 * initialiser and assigned in the constructor, so it is an own enumerable
 * property even when its value is `undefined`; `override readonly name` has a
 * literal type and is declared and assigned last. Assigning everything in the
 * constructor, in declaration order, makes `Object.keys(error)` list the
 * fields and then `name` whether the compiler emits class fields with define
 * semantics (native class fields) or assign semantics, so the key order is the
 * same under Deno, Bun and the compiled npm package. Messages number calls and
 * inputs 1-based and pluralise through `format.ts`.
 *
 * @module
 */

import { countOf, describeThrown, ordinal } from './format.ts';

/**
 * Raised by `assertNoUnexpectedCalls()` and by teardown (`using` /
 * `Symbol.dispose`) when a double rejected a call during the test — an
 * unexpected call, a rejected or throwing matcher, a step incompatible with the
 * call — even if application code caught that failure and the run went on.
 *
 * @example Swallowed failures still fail the test
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { DoubleFailuresError, ScriptedModel, UnexpectedModelCallError } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel(); // no steps: the first model call is unexpected
 * const agent = new Agent({ name: 'A', model });
 * // The application catches the failure and carries on...
 * await new Runner({ tracingDisabled: true }).run(agent, 'Hello').catch(() => {});
 * // ...but the model remembers it.
 * assert.throws(() => model.assertNoUnexpectedCalls(), (error) => {
 *   assert.ok(error instanceof DoubleFailuresError);
 *   assert.equal(error.double, 'ScriptedModel');
 *   assert.equal(error.failures.length, 1);
 *   assert.ok(error.failures[0] instanceof UnexpectedModelCallError);
 *   assert.match(error.message, /^ScriptedModel raised 1 failure during the test/);
 *   return true;
 * });
 * ```
 */
export class DoubleFailuresError extends Error {
  /** Which double raised the failures, e.g. `"ScriptedModel"`. */
  readonly double: string;
  /** The raised failures, in the order the double raised them (a frozen copy). */
  readonly failures: readonly unknown[];
  /** Always `'DoubleFailuresError'`. */
  override readonly name: 'DoubleFailuresError';

  /** Lists `failures` (in order) in the message, naming `double`. */
  constructor(double: string, failures: readonly unknown[]) {
    super(
      `${double} raised ${countOf(failures.length, 'failure')} during the test, even if the ` +
        `code under test caught ${failures.length === 1 ? 'it' : 'them'}: ${
          failures.map((failure, i) => `${ordinal(i)} ${describeThrown(failure)}`).join('; ')
        }`,
    );
    this.double = double;
    this.failures = Object.freeze([...failures]);
    this.name = 'DoubleFailuresError';
  }
}
