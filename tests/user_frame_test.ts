// Direct tests of fromCaller, the stack taker of the errors a double throws straight to the
// test: an error's stack starts at the caller of the method named, its header kept; any
// other value is returned as it is, untouched.
import assert from 'node:assert/strict';
import { fromCaller } from '../testing/model/_user_frame.ts';
import { describe, test } from './_harness.ts';

/** Throws as the doubles do: `throw fromCaller(...)` from the method the test calls. */
function thrower(): never {
  throw fromCaller(new Error('left over'), thrower);
}

function caught(): Error {
  try {
    thrower();
  } catch (error) {
    return error as Error;
  }
}

describe('fromCaller', () => {
  test("an error's stack starts at the caller of the method, with its header", () => {
    const error = caught();
    const lines = String(error.stack).split('\n');
    assert.equal(lines[0], 'Error: left over');
    const frame = lines.find((line) => /^\s+at /.test(line)) ?? '';
    assert.match(frame, /user_frame_test\.(ts|js)/);
    assert.doesNotMatch(String(error.stack), /at thrower/);
  });

  test('a value that is not an error is returned untouched', () => {
    const value = { message: 'not an error' };
    assert.equal(fromCaller(value, thrower), value);
    assert.deepEqual(Object.getOwnPropertyNames(value), ['message']);
    assert.equal(fromCaller('text', thrower), 'text');
  });

  test('without Error.captureStackTrace (Firefox) the stack stays as the engine made it', () => {
    const scope = Error as { captureStackTrace?: unknown };
    const capture = Object.getOwnPropertyDescriptor(Error, 'captureStackTrace');
    const error = new Error('left over');
    const stack = error.stack;
    try {
      scope.captureStackTrace = undefined;
      assert.equal(fromCaller(error, thrower), error);
      assert.equal(error.stack, stack);
    } finally {
      if (capture === undefined) delete scope.captureStackTrace;
      else Object.defineProperty(Error, 'captureStackTrace', capture);
    }
  });
});
