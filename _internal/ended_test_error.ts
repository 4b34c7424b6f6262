/**
 * The error of a double called after the test that created it ended: the
 * runner entries verified it then, so what it answers now belongs to no test.
 *
 * @module
 */

import { liveDoubleRegistry } from './live_doubles.ts';

/** The options of {@linkcode EndedTestDoubleError}. */
export interface EndedTestDoubleErrorOptions {
  /** The double's class name (`'ScriptedModel'`, `'ScriptedModelProvider'`). */
  readonly double: string;
  /** The name of the test that created it (describe blocks first, joined by ` › `). */
  readonly test: string;
  /** What was asked of it (`'a non-streaming call'`, `'model "gpt-4.1"'`). */
  readonly request: string;
}

/**
 * A double was called after the test that created it ended (a double kept in
 * a module-level variable, or in a `Runner` made by that test). Thrown only
 * under a runner entry (`scripted-agents/vitest`, `/jest`, `/node_test`,
 * `/deno`, `registerHooks()`, `withDoubles()`), which knows which test
 * created each double.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
 * import { withDoubles } from 'scripted-agents/runner';
 *
 * const runner = new Runner({ tracingDisabled: true });
 * let kept: ScriptedModel | undefined;
 * await withDoubles(async () => {
 *   kept = new ScriptedModel([[assistantMessage('Booked.')]]);
 *   await runner.run(new Agent({ name: 'Booking', model: kept }), 'Book a trip');
 * }, { titles: ['books a trip'] })({});
 *
 * const later = withDoubles(async () => {
 *   await runner.run(new Agent({ name: 'Booking', model: kept! }), 'Book another');
 * }, { titles: ['books another'] });
 * await assert.rejects(later({}), {
 *   name: 'EndedTestDoubleError',
 *   double: 'ScriptedModel',
 *   test: 'books a trip',
 *   message: 'ScriptedModel received a non-streaming call after its test ended: this ' +
 *     'ScriptedModel belongs to test "books a trip" (ended), which verified it when it ' +
 *     'ended. Create the double inside the test that uses it.',
 * });
 * ```
 */
export class EndedTestDoubleError extends Error {
  /** The double's class name. */
  readonly double: string;
  /** The name of the test that created the double. */
  readonly test: string;
  /** Always `'EndedTestDoubleError'`. */
  override readonly name: 'EndedTestDoubleError';

  /** Names the double, what was asked of it, and the test it belongs to. */
  constructor(options: EndedTestDoubleErrorOptions) {
    super(
      `${options.double} received ${options.request} after its test ended: this ${options.double} ` +
        `belongs to test "${options.test}" (ended), which verified it when it ended. Create the ` +
        'double inside the test that uses it.',
    );
    this.double = options.double;
    this.test = options.test;
    this.name = 'EndedTestDoubleError';
  }
}

/**
 * Throws {@linkcode EndedTestDoubleError} when `double` belongs to a test
 * that has ended (known only under a runner entry).
 */
export function assertOwnerRunning(double: object, kind: string, request: string): void {
  const owner = liveDoubleRegistry().owners?.get(double);
  if (owner !== undefined && owner.ended) {
    throw new EndedTestDoubleError({ double: kind, test: owner.name, request });
  }
}
