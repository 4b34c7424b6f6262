/**
 * Minimal assertions for the browser cases (the page has no `node:assert`).
 * Failures throw `BrowserAssertionError` with both sides in the message.
 *
 * @module
 */

/** A failed browser assertion. */
export class BrowserAssertionError extends Error {
  override readonly name = 'BrowserAssertionError';
}

const show = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/** Fails unless `value` is truthy. */
export function assertOk(value: unknown, message = 'expected a truthy value'): asserts value {
  if (!value) throw new BrowserAssertionError(`${message} (got ${show(value)})`);
}

/** Fails unless `actual` is `expected` (`Object.is`). */
export function assertEqual<T>(actual: unknown, expected: T, message = 'values differ'): void {
  if (!Object.is(actual, expected)) {
    throw new BrowserAssertionError(`${message}: ${show(actual)} !== ${show(expected)}`);
  }
}

/** Fails unless `actual` and `expected` have the same JSON form. */
export function assertJsonEqual(
  actual: unknown,
  expected: unknown,
  message = 'values differ',
): void {
  if (show(actual) !== show(expected)) {
    throw new BrowserAssertionError(`${message}: ${show(actual)} is not ${show(expected)}`);
  }
}

/** Fails unless `promise` rejects with an error that `check` accepts; returns the error. */
export async function assertRejects(
  promise: Promise<unknown>,
  check: (error: unknown) => boolean,
  message = 'expected a rejection',
): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    if (!check(error)) throw new BrowserAssertionError(`${message}: got ${String(error)}`);
    return error;
  }
  throw new BrowserAssertionError(`${message}: it fulfilled`);
}
