// The hang detector of the property tests (tests/_property.ts) must itself be
// trustworthy: it reports a promise that never settles, counting macrotask
// turns rather than wall-clock time, and passes on the outcome of one that does.
import assert from 'node:assert/strict';
import { macrotask, settlesWithin } from './_property.ts';
import { describe, test } from './_harness.ts';

describe('settlesWithin', () => {
  test('reports a promise that never settles as hung', async () => {
    await assert.rejects(
      settlesWithin(new Promise(() => {}), 5, 'the forever promise'),
      /the forever promise did not settle within 5 macrotask turns: it hangs/,
    );
  });

  test('passes on the value or the reason of a promise that settles in time', async () => {
    const later = (async () => {
      await macrotask();
      await macrotask();
      return 'value';
    })();
    assert.deepEqual(await settlesWithin(later, 5, 'later'), {
      status: 'fulfilled',
      value: 'value',
    });
    const reason = new Error('rejected');
    assert.deepEqual(await settlesWithin(Promise.reject(reason), 1, 'rejected'), {
      status: 'rejected',
      reason,
    });
  });

  test('a promise that needs more turns than the bound counts as hung', async () => {
    const slow = (async () => {
      for (let i = 0; i < 10; i++) await macrotask();
    })();
    await assert.rejects(settlesWithin(slow, 3, 'slow'), /slow did not settle within 3/);
    await slow;
  });
});
