// The shared teardown aggregation (_internal/failure_log.ts): what a runner that
// prints only an error's message shows when several teardown checks fail.
import assert from 'node:assert/strict';
import { FailureLog, runTeardownChecks, throwCollected } from '../_internal/failure_log.ts';
import { describe, test } from './_harness.ts';

describe('throwCollected', () => {
  test('several errors: an AggregateError whose message lists every message in order', () => {
    const first = new Error('first problem');
    assert.throws(
      () => throwCollected([first, 'second problem'], (count) => `found ${count} problems`),
      (error: unknown) => {
        assert(error instanceof AggregateError);
        assert.equal(error.message, 'found 2 problems: first problem | second problem');
        assert.deepEqual(error.errors, [first, 'second problem']);
        return true;
      },
    );
  });

  test('one error is thrown as it is; none throws nothing', () => {
    const only = new Error('only');
    assert.throws(() => throwCollected([only], () => 'unused'), (error) => error === only);
    throwCollected([], () => 'unused');
  });

  test('runTeardownChecks runs every check and names the double', () => {
    const ran: string[] = [];
    assert.throws(
      () =>
        runTeardownChecks('SomeDouble', [
          () => {
            ran.push('a');
            throw new Error('a failed');
          },
          () => {
            ran.push('b');
          },
          () => {
            ran.push('c');
            throw new Error('c failed');
          },
        ]),
      { message: 'SomeDouble teardown found 2 problems: a failed | c failed' },
    );
    assert.deepEqual(ran, ['a', 'b', 'c']);
  });
});

describe('FailureLog', () => {
  test('failures is a frozen copy: reading it does not stop later failures being recorded', () => {
    const log = new FailureLog('SomeDouble');
    const first = new Error('first');
    log.raise(first);
    const before = log.failures;
    assert.ok(Object.isFrozen(before));
    const second = new Error('second');
    assert.equal(log.raise(second), second);
    assert.deepEqual(before, [first]);
    assert.deepEqual(log.failures, [first, second]);
    assert.deepEqual(log.take(), [first, second]);
    assert.deepEqual(log.failures, []);
  });
});
