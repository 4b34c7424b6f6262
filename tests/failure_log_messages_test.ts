// The exact wording of the teardown error every double raises for the failures it
// reported (_internal/double_failures_error.ts) and of the shared plural helper
// (_internal/format.ts): what a runner that prints only the message shows.
import assert from 'node:assert/strict';
import { DoubleFailuresError } from '../_internal/double_failures_error.ts';
import { countOf, ordinal, pluralSuffix } from '../_internal/format.ts';
import { describe, test } from './_harness.ts';

class ExampleError extends Error {
  override readonly name = 'ExampleError';
}

describe('DoubleFailuresError', () => {
  test('one failure: singular wording, "it", the failure as "Name: message"', () => {
    const error = new DoubleFailuresError('ScriptedModel', [new ExampleError('boom')]);
    assert.equal(
      error.message,
      'ScriptedModel raised 1 failure during the test, even if the code under test caught it: ' +
        '#1 ExampleError: boom',
    );
    assert.equal(error.name, 'DoubleFailuresError');
    assert.equal(String(error), `DoubleFailuresError: ${error.message}`);
  });

  test('several failures: plural wording, "them", numbered 1-based and joined with "; "', () => {
    const error = new DoubleFailuresError('offlineGuard', [
      new TypeError('first'),
      'second as text',
      42,
    ]);
    assert.equal(
      error.message,
      'offlineGuard raised 3 failures during the test, even if the code under test caught them: ' +
        '#1 TypeError: first; #2 the string "second as text"; #3 number 42',
    );
  });

  test('a failure whose String() throws is described by its shape, not its text', () => {
    const bare = Object.create(null) as object;
    assert.throws(() => String(bare), TypeError);
    const error = new DoubleFailuresError('ScriptedMcpServer', [bare, new Error('plain')]);
    assert.equal(
      error.message,
      'ScriptedMcpServer raised 2 failures during the test, even if the code under test caught ' +
        'them: #1 an object with no keys; #2 Error: plain',
    );
  });

  test('an Error is described by name and message even where its own String() differs', () => {
    const empty = new Error('');
    assert.equal(String(empty), 'Error');
    const custom = Object.assign(new RangeError('out of range'), {
      toString: () => 'custom text',
    });
    const error = new DoubleFailuresError('ScriptedModel', [empty, custom]);
    assert.equal(
      error.message,
      'ScriptedModel raised 2 failures during the test, even if the code under test caught ' +
        'them: #1 Error; #2 RangeError: out of range',
    );
  });

  test('no failures: the plural count and "them", with nothing listed', () => {
    const error = new DoubleFailuresError('ScriptedModel', []);
    assert.equal(
      error.message,
      'ScriptedModel raised 0 failures during the test, even if the code under test caught them: ',
    );
  });
});

describe('format helpers', () => {
  test('pluralSuffix is empty for exactly one and "s" for any other count', () => {
    assert.equal(pluralSuffix(1), '');
    assert.equal(pluralSuffix(0), 's');
    assert.equal(pluralSuffix(2), 's');
    assert.equal(`3 call${pluralSuffix(3)}`, '3 calls');
  });

  test('countOf and ordinal agree with pluralSuffix', () => {
    assert.equal(countOf(1, 'step'), '1 step');
    assert.equal(countOf(2, 'step'), `2 step${pluralSuffix(2)}`);
    assert.equal(ordinal(0), '#1');
  });
});
