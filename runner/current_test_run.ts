/**
 * The running test's {@linkcode TestRun}, for helpers of your own.
 *
 * @module
 */

import { existingSession } from './_session.ts';
import type { TestRun } from './test_run.ts';

/**
 * The run of the test running now (in this async context), or `undefined`
 * outside a test or without a runner entry set up.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { currentTestRun, withDoubles } from 'scripted-agents/runner';
 *
 * assert.equal(currentTestRun(), undefined);
 * await withDoubles(() => {
 *   assert.equal(currentTestRun()?.name, 'answers');
 * }, { titles: ['answers'] })({});
 * ```
 */
export function currentTestRun(): TestRun | undefined {
  return existingSession()?.current();
}
