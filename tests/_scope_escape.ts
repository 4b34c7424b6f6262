/**
 * What escapes a `using` / `await using` scope: the teardown tests run a body that
 * must throw and assert on what it threw.
 *
 * @module
 */

import assert from 'node:assert/strict';

/** Runs `body` in a `using` scope and returns what escaped it. */
export function escapeOf(body: () => void): unknown {
  try {
    body();
  } catch (error) {
    return error;
  }
  assert.fail('expected the scope to throw');
}

/** Runs `body` in an `await using` scope and returns what escaped it. */
export async function asyncEscapeOf(body: () => Promise<void>): Promise<unknown> {
  try {
    await body();
  } catch (error) {
    return error;
  }
  assert.fail('expected the scope to throw');
}
