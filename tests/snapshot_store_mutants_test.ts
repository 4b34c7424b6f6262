// Behaviour of the snapshot store that mutation testing (npm run mutation,
// docs/reports/mutation.md) found no test pinning down, pinned here.
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { frozenSnapshot, snapshotValue } from '../_internal/snapshot.ts';
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

describe('SnapshotStore: keys the prototype also has', () => {
  test('a frozen prototype (hardened realm) does not stop a key that shadows it', () => {
    const make = () =>
      runInNewContext(
        'Object.freeze(Object.prototype); ({ item: { toString: "text", constructor: 1, a: 2 } })',
      );
    const store = new SnapshotStore();
    for (let round = 0; round < 2; round++) {
      const source = make();
      const stored = store.store(source);
      assert.deepEqual(Object.keys(stored.item), ['toString', 'constructor', 'a']);
      assert.equal(stored.item.toString, 'text');
      assert.deepEqual(
        JSON.stringify(frozenSnapshot(stored)),
        JSON.stringify(frozenSnapshot(snapshotValue(source))),
      );
    }
  });
});

describe('SnapshotStore: the node at the same position comes first', () => {
  // Equal content stored twice gives two distinct nodes (a snapshot never shares
  // a node between two source objects). The next snapshot then reuses, for each
  // unchanged value, the node that stood at its position, not the first equal
  // node the content lookup would find.
  test('in an array', () => {
    const store = new SnapshotStore();
    const first = store.store({ list: [{ v: 1 }, { v: 1 }] });
    assert.notEqual(first.list[0], first.list[1]);
    const second = store.store({ list: [{ v: 2 }, { v: 1 }] });
    assert.equal(second.list[1], first.list[1]);
  });

  test('under an object key, the first one included', () => {
    const store = new SnapshotStore();
    const first = store.store({ p: { v: 1 }, q: { a: { v: 1 } }, r: { v: 1 } });
    const second = store.store({ p: { v: 2 }, q: { a: { v: 1 } }, r: { v: 1 } });
    assert.equal(second.q.a, first.q.a);
    assert.equal(second.q, first.q);
    assert.equal(second.r, first.r);
  });

  test('for an array value, of the same or another length', () => {
    const store = new SnapshotStore();
    const first = store.store({ a: [1], b: [1], c: [[1], [1]] });
    const second = store.store({ a: [2], b: [1], c: [[2], [1]] });
    assert.equal(second.b, first.b);
    assert.equal(second.c[1], first.c[1]);
    const third = store.store({ a: [2], b: [1, 2], c: [[2]] });
    assert.deepEqual(frozenSnapshot(third), { a: [2], b: [1, 2], c: [[2]] });
  });

  test('a primitive stored in between does not reset the positions', () => {
    for (const between of [undefined, null, 0, 'text', () => 1]) {
      const store = new SnapshotStore();
      const first = store.store({ list: [{ v: 1 }, { v: 1 }] });
      assert.equal(store.store(between), between);
      const second = store.store({ list: [{ v: 2 }, { v: 1 }] });
      assert.equal(second.list[1], first.list[1], String(between));
    }
  });

  test('null or a primitive that became an object', () => {
    for (const before of [null, undefined, 1, 'x']) {
      const store = new SnapshotStore();
      store.store({ v: before, list: [before] });
      const stored = store.store({ v: { a: 1 }, list: [{ a: 1 }] });
      assert.deepEqual(frozenSnapshot(stored), { v: { a: 1 }, list: [{ a: 1 }] });
    }
  });
});

describe('SnapshotStore: an object at the same position with other keys', () => {
  test('fewer keys than before', () => {
    const store = new SnapshotStore();
    store.store({ x: { a: 1, b: 2 } });
    const stored = store.store({ x: { a: 1 } });
    assert.deepEqual(Object.keys(stored.x), ['a']);
    assert.deepEqual(frozenSnapshot(stored), { x: { a: 1 } });
  });

  test('other keys, or the same keys in another order, with equal values', () => {
    const store = new SnapshotStore();
    store.store({ x: { a: 1, b: 1 } });
    const renamed = store.store({ x: { c: 1, d: 1 } });
    assert.deepEqual(Object.keys(renamed.x), ['c', 'd']);
    store.store({ x: { a: 1, b: 1 } });
    const reordered = store.store({ x: { b: 1, a: 1 } });
    assert.deepEqual(Object.keys(reordered.x), ['b', 'a']);
  });

  test('an accessor named "undefined" is read once', () => {
    let reads = 0;
    const item = {
      get undefined() {
        reads++;
        return { n: reads };
      },
    };
    const store = new SnapshotStore();
    store.store({ item });
    assert.equal(reads, 1);
    const stored = store.store({ item });
    assert.equal(reads, 2);
    assert.deepEqual(frozenSnapshot(stored), { item: { undefined: { n: 2 } } });
  });
});

describe('SnapshotStore: an extended array is found by content', () => {
  test('an array grown from the previous one equals the same array stored from scratch', () => {
    // The grown array's hash continues from the previous one's; the same entries
    // hashed from the start must land on it, or moved content would not be shared.
    const store = new SnapshotStore();
    const first = store.store({ a: [1, { v: 2 }] });
    const grown = store.store({ a: [1, { v: 2 }, 3, 'four'] });
    assert.equal(grown.a[1], first.a[1]);
    const moved = store.store({ b: [1, { v: 2 }, 3, 'four'] });
    assert.equal(moved.b, grown.a);
    const regrown = store.store({ b: [1, { v: 2 }, 3, 'four', 5] });
    const movedAgain = store.store({ c: [1, { v: 2 }, 3, 'four', 5] });
    assert.equal(movedAgain.c, regrown.b);
  });
});

describe('SnapshotStore: a cycle back to the root', () => {
  test('a root that contains itself is stored as one node, snapshot after snapshot', () => {
    const store = new SnapshotStore();
    for (let round = 0; round < 2; round++) {
      const root: Record<string, unknown> = { name: 'root', list: [] };
      (root.list as unknown[]).push(root);
      root.self = root;
      const stored = store.store(root);
      assert.equal(stored.self, stored);
      assert.equal((stored.list as unknown[])[0], stored);
      const read = frozenSnapshot(stored);
      assert.equal(read.self, read);
    }
  });
});

describe('SnapshotStore: values that look like stored nodes', () => {
  test('a function with node-like properties at a position is no hint for the next value', () => {
    for (const kind of [0, 1]) {
      const fn = Object.assign(() => 1, { kind, keys: undefined, values: undefined });
      const store = new SnapshotStore();
      const first = store.store({ v: fn, list: [fn] });
      assert.equal(first.v, fn);
      const stored = store.store({ v: { a: 1 }, list: [[2]] });
      assert.deepEqual(frozenSnapshot(stored), { v: { a: 1 }, list: [[2]] });
    }
  });
});
