/**
 * One error for a test whose body failed and whose teardown then failed too.
 *
 * `using` cannot report that case well: the runtime wraps both in a
 * `SuppressedError` whose message is fixed ("An error was suppressed during
 * disposal", or empty where the syntax is compiled down), and most runners
 * print only that message. A teardown cannot tell whether it runs because
 * the body failed, so the doubles cannot fix it from inside their
 * `Symbol.dispose`. Whoever runs the body and the teardown itself can:
 * {@linkcode runWithTeardown} does, and throws
 * {@linkcode TeardownAlsoFailedError}, whose message starts with the body's
 * message and then gives the teardown's findings. Shared by
 * `DoubleScope.run` and the runner integrations.
 *
 * @module
 */

import { describeThrown } from './format.ts';

/** The stack frames of `error`'s stack (the lines after its message), or `''`. */
function framesOf(error: unknown): string {
  const stack = error instanceof Error ? error.stack : undefined;
  if (typeof stack !== 'string') return '';
  const lines = stack.split('\n');
  const first = lines.findIndex((line) => /^\s+at /.test(line) || /^\S*@\S*:\d+/.test(line));
  return first < 0 ? '' : lines.slice(first).join('\n');
}

/**
 * Gives `error` a stack that points at the body's failure: runners show the
 * code frame of the first stack frame. Its first line only, then the frames:
 * runners print the message themselves and take the frames from the lines
 * after the first.
 */
function pointAtBody(error: Error, bodyError: unknown): void {
  const frames = framesOf(bodyError);
  if (frames === '') return;
  Object.defineProperty(error, 'stack', {
    value: `TeardownAlsoFailedError: ${error.message.split('\n')[0]}\n${frames}`,
    writable: true,
    configurable: true,
    enumerable: false,
  });
}

/**
 * A test body failed and the teardown after it (the doubles' checks) failed
 * too: both failures in one error. The message is the body's failure first,
 * then the teardown's; `cause` is the body's failure (runners print it with
 * its own stack and diff), and the stack shows where the body failed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { assistantMessage, doubleScope, TeardownAlsoFailedError } from 'scripted-agents/testing';
 *
 * const run = doubleScope().run((scope) => {
 *   scope.model([[assistantMessage('never requested')]]);
 *   throw new Error('the answer is wrong');
 * });
 * await assert.rejects(run, (error) => {
 *   assert.ok(error instanceof TeardownAlsoFailedError);
 *   assert.match(error.message, /^Error: the answer is wrong\n\nThe teardown failed too: /);
 *   assert.equal(error.cause, error.bodyError);
 *   assert.equal((error.teardownError as Error).name, 'UnconsumedModelStepsError');
 *   return true;
 * });
 * ```
 */
export class TeardownAlsoFailedError extends Error {
  /** What the test body threw (also the `cause`). */
  readonly bodyError: unknown;
  /** What the teardown threw after it (one error, or an `AggregateError` of several). */
  readonly teardownError: unknown;
  /** Always `'TeardownAlsoFailedError'`. */
  override readonly name: 'TeardownAlsoFailedError';

  /** Both failures: the body's first. */
  constructor(bodyError: unknown, teardownError: unknown) {
    super(
      `${describeThrown(bodyError).trimEnd()}\n\nThe teardown failed too: ${
        describeThrown(teardownError).trimEnd()
      }`,
      { cause: bodyError },
    );
    this.bodyError = bodyError;
    this.teardownError = teardownError;
    pointAtBody(this, bodyError);
    this.name = 'TeardownAlsoFailedError';
  }
}

/**
 * The one error to report when a body threw `bodyError` and its teardown then
 * threw `teardownError`.
 */
export function combinedFailure(
  bodyError: unknown,
  teardownError: unknown,
): TeardownAlsoFailedError {
  return new TeardownAlsoFailedError(bodyError, teardownError);
}

/**
 * Runs `body`, then `teardown` whether or not the body failed (given what the
 * body threw, so it does not report that again). Resolves to the
 * body's result when both succeed; rejects with the body's failure when only
 * it failed, the teardown's when only that failed, and a
 * {@linkcode TeardownAlsoFailedError} when both did.
 */
export async function runWithTeardown<T>(
  body: () => T | PromiseLike<T>,
  teardown: (bodyErrors: readonly unknown[]) => void | PromiseLike<void>,
): Promise<T> {
  let result: T;
  try {
    result = await body();
  } catch (bodyError) {
    try {
      await teardown([bodyError]);
    } catch (teardownError) {
      throw combinedFailure(bodyError, teardownError);
    }
    throw bodyError;
  }
  await teardown([]);
  return result;
}
