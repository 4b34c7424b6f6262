// Behaviour of the snapshot store that mutation testing (npm run mutation,
// MUTATION.md) found no test pinning down, pinned here.
import assert from 'node:assert/strict';
import { frozenSnapshot } from '../_internal/snapshot.ts';
import { SnapshotStore } from '../_internal/snapshot_store.ts';
import { describe, test } from './_harness.ts';

describe('SnapshotStore: key lists', () => {
  test('key sequences whose concatenations look alike stay distinct', () => {
    // Without a separator between a key's length and the next key, the sequences
    // ['9abcdefghi'] and ['0', 'abcdefghi'] would both read "109abcdefghi".
    const store = new SnapshotStore();
    const one = store.store({ '9abcdefghi': 1 });
    const two = store.store({ 0: 1, abcdefghi: 2 });
    assert.deepEqual(Object.keys(frozenSnapshot(one)), ['9abcdefghi']);
    assert.deepEqual(frozenSnapshot(two), { 0: 1, abcdefghi: 2 });
  });
});

describe('SnapshotStore: NaN against other values', () => {
  test('a value that became NaN, or stopped being NaN, at the same place is read as it is now', () => {
    for (const [before, after] of [[1, NaN], [NaN, 1], [NaN, NaN]]) {
      const store = new SnapshotStore();
      store.store({ v: before, list: [before] });
      const stored = store.store({ v: after, list: [after] });
      assert.ok(Object.is(frozenSnapshot(stored).v, after), `${before} then ${after}`);
      assert.ok(Object.is(frozenSnapshot(stored).list[0], after), `${before} then ${after}`);
    }
  });
});
