import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { Usage } from '@openai/agents';
import {
  enumerableOwnKeys,
  frozenSnapshot,
  isPlainObject,
  snapshotValue,
} from '../_internal/snapshot.ts';
import { SnapshotStore } from '../_internal/snapshot_store.ts';
import { describe, test } from './_harness.ts';

/** Every plain object and array reachable from `value` (not through kept identities). */
function containers(value: unknown, seen = new Set<object>()): object[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  if (!Array.isArray(value) && !isPlainObject(value)) return [];
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    containers((value as Record<PropertyKey, unknown>)[key], seen);
  }
  return [...seen];
}

/** The Runner-like history after `turns` turns: every call gets fresh structured clones. */
function history(turns: number): Record<string, unknown> {
  const input: unknown[] = [{ type: 'message', role: 'user', content: 'start' }];
  for (let i = 1; i < turns; i++) {
    input.push({
      type: 'function_call',
      callId: `call_${i}`,
      name: 'add',
      arguments: `{"a":${i}}`,
    });
    input.push({ type: 'function_call_result', callId: `call_${i}`, output: { text: `${i}` } });
  }
  const tools = [{ name: 'add', parameters: { type: 'object', properties: { a: {} } } }];
  return structuredClone({ input, tools, modelSettings: {} });
}

describe('SnapshotStore: the same rules as snapshotValue', () => {
  const fixtures: [string, () => unknown][] = [
    ['nested data', () => ({ a: [1, { b: 2 }], c: { d: { e: 'f' } }, n: null, u: undefined })],
    ['numbers', () => ({ zero: 0, negativeZero: -0, nan: NaN, big: 10n, inf: -Infinity })],
    ['array holes', () => [1, , 3]], // deno-lint-ignore no-sparse-arrays
    ['null prototype', () => Object.assign(Object.create(null), { a: { b: 1 } })],
    ['array with a null prototype', () => Object.setPrototypeOf([1, { a: 2 }], null)],
    ['array with Object.prototype', () => Object.setPrototypeOf(['x'], Object.prototype)],
    ['JSON __proto__ key', () => JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')],
    ['other realm', () => runInNewContext('({ a: [{ b: 1 }], c: { d: 2 } })')],
    ['symbol keys', () => ({ [Symbol.for('tag')]: { nested: true }, plain: 1 })],
    ['kept identities', () => ({ usage: new Usage({ requests: 1 }), date: new Date(0) })],
    ['functions', () => ({ fn: () => 1, list: [Math.max] })],
  ];
  for (const [name, make] of fixtures) {
    test(`${name}: a read copy equals snapshotValue's copy`, () => {
      const store = new SnapshotStore();
      const source = make();
      assert.deepEqual(frozenSnapshot(store.store(source)), frozenSnapshot(snapshotValue(source)));
      // Stored again (every node now has a hint), it still reads the same.
      const again = make();
      assert.deepEqual(frozenSnapshot(store.store(again)), frozenSnapshot(snapshotValue(again)));
    });
  }

  test('stored object nodes are frozen; read copies are fresh and mutable below the top', () => {
    const store = new SnapshotStore();
    const stored = store.store({ a: [{ b: 1 }], c: { d: [2] } });
    for (const node of containers(stored)) {
      // Array nodes stay unfrozen (freezing costs O(length) on JavaScriptCore); they are private.
      if (!Array.isArray(node)) assert.ok(Object.isFrozen(node));
    }
    const read = frozenSnapshot(stored);
    assert.ok(Object.isFrozen(read));
    assert.ok(!Object.isFrozen(read.a));
    read.a[0].b = 9;
    assert.equal(stored.a[0].b, 1);
    assert.notEqual(frozenSnapshot(stored).a, read.a);
  });

  test('primitives and functions are returned as they are', () => {
    const store = new SnapshotStore();
    const fn = () => 1;
    for (const value of [undefined, null, 0, -0, 1n, 'text', true, Symbol.iterator, fn]) {
      assert.ok(Object.is(store.store(value), value));
    }
  });

  test('later mutations of the source do not reach the stored snapshot', () => {
    const store = new SnapshotStore();
    const source = { list: [{ v: 1 }], settings: { flag: true } };
    const stored = store.store(source);
    source.list[0].v = 2;
    source.list.push({ v: 3 });
    source.settings.flag = false;
    assert.deepEqual(frozenSnapshot(stored), { list: [{ v: 1 }], settings: { flag: true } });
    const again = store.store(source);
    assert.deepEqual(frozenSnapshot(again), {
      list: [{ v: 2 }, { v: 3 }],
      settings: { flag: false },
    });
    assert.deepEqual(frozenSnapshot(stored), { list: [{ v: 1 }], settings: { flag: true } });
  });

  test('an accessor is read once, even on an object reached twice', () => {
    let reads = 0;
    const shared = {
      get value() {
        reads++;
        return { computed: reads };
      },
    };
    const store = new SnapshotStore();
    const stored = store.store({ first: shared, second: [shared] });
    assert.equal(reads, 1);
    assert.equal(stored.first, stored.second[0]);
    assert.deepEqual(frozenSnapshot(stored).first, { value: { computed: 1 } });
  });

  test('own enumerable keys come in Reflect.ownKeys order; non-enumerable ones are dropped', () => {
    const tag = Symbol('tag');
    const hidden = Symbol('hidden');
    const source: Record<PropertyKey, unknown> = { b: 1, 2: 'two', [tag]: 't', a: 2, 1: 'one' };
    Object.defineProperty(source, 'invisible', { value: 3, enumerable: false });
    Object.defineProperty(source, hidden, { value: 4, enumerable: false });
    assert.deepEqual(enumerableOwnKeys(source), ['1', '2', 'b', 'a', tag]);
    const stored = new SnapshotStore().store(source);
    assert.deepEqual(Reflect.ownKeys(stored), ['1', '2', 'b', 'a', tag]);
  });
});

describe('SnapshotStore: aliasing and cycles', () => {
  test('a cycle is preserved in the stored snapshot and in every read copy', () => {
    const cycle: Record<string, unknown> = { name: 'cycle', list: [] };
    (cycle.list as unknown[]).push(cycle);
    cycle.self = cycle;
    const store = new SnapshotStore();
    for (let round = 0; round < 2; round++) {
      const stored = store.store({ cycle, again: cycle }) as Record<
        string,
        Record<string, unknown>
      >;
      assert.equal(stored.cycle.self, stored.cycle);
      assert.equal((stored.cycle.list as unknown[])[0], stored.cycle);
      assert.equal(stored.again, stored.cycle);
      assert.ok(Object.isFrozen(stored.cycle));
      const read = frozenSnapshot(stored) as Record<string, Record<string, unknown>>;
      assert.notEqual(read.cycle, stored.cycle);
      assert.equal(read.cycle.self, read.cycle);
      assert.equal(read.again, read.cycle);
    }
  });

  test('an object reached twice is one node; equal but distinct objects stay two', () => {
    const store = new SnapshotStore();
    const alias = { x: 1 };
    const aliased = store.store({ a: alias, b: alias });
    assert.equal(aliased.a, aliased.b);
    const distinct = store.store({ a: { x: 1 }, b: { x: 1 } });
    assert.notEqual(distinct.a, distinct.b);
    const again = store.store({ a: alias, b: alias });
    assert.equal(again.a, again.b);
    const read = frozenSnapshot(distinct);
    assert.notEqual(read.a, read.b);
    const readAliased = frozenSnapshot(again);
    assert.equal(readAliased.a, readAliased.b);
  });

  test('equal distinct objects in one array are distinct nodes, also when moved around', () => {
    const store = new SnapshotStore();
    const first = store.store([{ v: 1 }, { v: 1 }, { v: 1 }]);
    assert.equal(new Set(first).size, 3);
    const second = store.store([{ v: 0 }, { v: 1 }, { v: 1 }, { v: 1 }]);
    assert.equal(new Set(second).size, 4);
    for (const node of second.slice(1)) assert.ok(first.includes(node));
  });

  test('a typed-array view and its separately referenced buffer share the copied buffer', () => {
    const buffer = new ArrayBuffer(8);
    const view = new Uint16Array(buffer, 2, 2);
    view[0] = 500;
    const store = new SnapshotStore();
    const stored = store.store({ buffer, view });
    assert.notEqual(stored.buffer, buffer);
    assert.equal(stored.view.buffer, stored.buffer);
    view[0] = 1;
    assert.equal(stored.view[0], 500);
    const read = frozenSnapshot(stored);
    assert.equal(read.view.buffer, read.buffer);
    assert.notEqual(read.buffer, stored.buffer);
  });
});

describe('SnapshotStore: sharing across snapshots', () => {
  test('a growing history reuses every earlier item and stores only the new ones', () => {
    const store = new SnapshotStore();
    const snapshots = [1, 2, 3, 4].map((turns) => store.store(history(turns)));
    const inputs = snapshots.map((s) => s.input as unknown[]);
    for (let n = 1; n < inputs.length; n++) {
      inputs[n - 1].forEach((item, i) => assert.equal(inputs[n][i], item));
      assert.equal(snapshots[n].tools, snapshots[0].tools);
      assert.equal(snapshots[n].modelSettings, snapshots[0].modelSettings);
    }
    for (let n = 0; n < snapshots.length; n++) {
      assert.deepEqual(frozenSnapshot(snapshots[n]), history(n + 1));
    }
  });

  test('content that moved (a trimmed history) is found by content', () => {
    const store = new SnapshotStore();
    const full = store.store(history(5));
    const trimmed = structuredClone(history(5));
    (trimmed.input as unknown[]).splice(0, 3);
    const stored = store.store(trimmed);
    (stored.input as unknown[]).forEach((item, i) =>
      assert.equal(item, (full.input as unknown[])[i + 3])
    );
    assert.deepEqual(frozenSnapshot(stored), trimmed);
  });

  test('0 and -0 are never merged', () => {
    const store = new SnapshotStore();
    store.store({ v: 0, list: [0] });
    const stored = store.store({ v: -0, list: [-0] });
    assert.ok(Object.is(stored.v, -0));
    assert.ok(Object.is(stored.list[0], -0));
    const moved = store.store({ other: [-0], w: { v: 0 } });
    assert.ok(Object.is(moved.other[0], -0));
    assert.ok(Object.is(moved.w.v, 0));
  });

  test('objects with equal values but other prototypes or key orders are not merged', () => {
    const store = new SnapshotStore();
    store.store({ a: { x: 1, y: 2 } });
    const reordered = store.store({ a: { y: 2, x: 1 } });
    assert.deepEqual(Object.keys(reordered.a), ['y', 'x']);
    const nullProto = store.store({ a: Object.assign(Object.create(null), { y: 2, x: 1 }) });
    assert.equal(Object.getPrototypeOf(nullProto.a), null);
    const array = store.store({ a: [2, 1] });
    assert.ok(Array.isArray(array.a));
  });

  test('stores are independent of each other', () => {
    const one = new SnapshotStore().store(history(2));
    const two = new SnapshotStore().store(history(2));
    assert.notEqual(one.input, two.input);
    assert.notEqual((one.input as unknown[])[0], (two.input as unknown[])[0]);
  });
});
