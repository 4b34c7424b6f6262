import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { Usage } from '@openai/agents';
import {
  frozenCopy,
  frozenSnapshot,
  isPlainObject,
  snapshotRawUsage,
  snapshotValue,
} from '../_internal/snapshot.ts';
import { describe, test } from './_harness.ts';

describe('snapshotValue: what is copied', () => {
  test('primitives and functions are returned unchanged', () => {
    const fn = () => 1;
    for (const value of [undefined, null, 0, -0, 1n, 'text', true, Symbol.iterator, fn]) {
      assert.ok(Object.is(snapshotValue(value), value));
    }
  });

  test('plain objects and arrays are copied deeply', () => {
    const source = { a: [1, { b: 2 }], c: { d: { e: 'f' } } };
    const copy = snapshotValue(source);
    assert.deepEqual(copy, source);
    assert.notEqual(copy, source);
    assert.notEqual(copy.a, source.a);
    assert.notEqual(copy.a[1], source.a[1]);
    assert.notEqual(copy.c.d, source.c.d);
    (copy.c.d as { e: string }).e = 'changed';
    assert.equal(source.c.d.e, 'f');
  });

  test('a frozen source gives a mutable copy', () => {
    const copy = snapshotValue(Object.freeze({ a: Object.freeze([1]) }));
    assert.ok(!Object.isFrozen(copy));
    assert.ok(!Object.isFrozen(copy.a));
  });

  test('cycles and aliasing are preserved within one snapshot', () => {
    const cycle: Record<string, unknown> = { name: 'cycle' };
    cycle.self = cycle;
    const source = { cycle, aliases: [cycle, cycle], again: cycle };
    const copy = snapshotValue(source);
    const copied = copy.cycle as Record<string, unknown>;
    assert.notEqual(copied, cycle);
    assert.equal(copied.self, copied);
    assert.equal(copy.aliases[0], copied);
    assert.equal(copy.aliases[1], copied);
    assert.equal(copy.again, copied);
  });

  test('separate snapshots do not share copies', () => {
    const shared = { x: 1 };
    assert.notEqual(snapshotValue(shared), snapshotValue(shared));
  });

  test('a memo passed explicitly is shared between snapshots', () => {
    const shared = { x: 1 };
    const memo = new WeakMap<object, unknown>();
    const first = snapshotValue({ shared }, memo);
    const second = snapshotValue({ shared }, memo);
    assert.equal(first.shared, second.shared);
  });

  test('array holes become undefined and extra non-index properties are dropped', () => {
    // deno-lint-ignore no-sparse-arrays
    const source: unknown[] & { extra?: string } = [1, , 3];
    source.extra = 'dropped';
    const copy = snapshotValue(source) as unknown[] & { extra?: string };
    assert.equal(copy.length, 3);
    assert.ok(1 in copy);
    assert.equal(copy[1], undefined);
    assert.equal(copy.extra, undefined);
    assert.ok(Array.isArray(copy));
  });

  test('a null-prototype object stays null-prototype', () => {
    const source = Object.assign(Object.create(null), { a: 1 });
    const copy = snapshotValue(source);
    assert.notEqual(copy, source);
    assert.equal(Object.getPrototypeOf(copy), null);
    assert.equal(copy.a, 1);
  });

  test('own enumerable string and symbol keys are kept; non-enumerable keys dropped', () => {
    const tag = Symbol('tag');
    const source: Record<PropertyKey, unknown> = { visible: 1, [tag]: { nested: true } };
    Object.defineProperty(source, 'hidden', { value: 2, enumerable: false });
    const copy = snapshotValue(source);
    assert.equal(copy.visible, 1);
    assert.deepEqual(copy[tag], { nested: true });
    assert.notEqual(copy[tag], source[tag]);
    assert.equal(Object.hasOwn(copy, 'hidden'), false);
  });

  test('accessors are invoked and become writable data properties', () => {
    let reads = 0;
    const source = {
      get value() {
        reads++;
        return { computed: true };
      },
    };
    const copy = snapshotValue(source);
    assert.equal(reads, 1);
    const descriptor = Object.getOwnPropertyDescriptor(copy, 'value')!;
    assert.deepEqual(descriptor, {
      value: { computed: true },
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });

  test('an own "__proto__" key from JSON.parse stays an own key and keeps the prototype', () => {
    const source = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    const copy = snapshotValue(source);
    assert.equal(Object.getPrototypeOf(copy), Object.prototype);
    assert.ok(Object.hasOwn(copy, '__proto__'));
    assert.deepEqual(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value, {
      polluted: true,
    });
    assert.equal((copy as { polluted?: boolean }).polluted, undefined);
    assert.equal(({} as { polluted?: boolean }).polluted, undefined);
  });
});

describe('snapshotValue: buffers and views', () => {
  test('an ArrayBuffer is copied', () => {
    const buffer = new Uint8Array([1, 2, 3]).buffer;
    const copy = snapshotValue(buffer);
    assert.notEqual(copy, buffer);
    assert.deepEqual(new Uint8Array(copy), new Uint8Array([1, 2, 3]));
    new Uint8Array(buffer)[0] = 9;
    assert.equal(new Uint8Array(copy)[0], 1);
  });

  test('a SharedArrayBuffer is copied', () => {
    const shared = new SharedArrayBuffer(4);
    new Uint8Array(shared)[0] = 7;
    const copy = snapshotValue(shared);
    assert.notEqual(copy, shared);
    assert.equal(Object.prototype.toString.call(copy), '[object SharedArrayBuffer]');
    assert.equal(new Uint8Array(copy)[0], 7);
  });

  test('a typed-array view shares its copied buffer with a separately referenced buffer', () => {
    const buffer = new ArrayBuffer(8);
    const view = new Uint16Array(buffer, 2, 2);
    view[0] = 500;
    const copy = snapshotValue({ buffer, view, bytes: new Uint8Array(buffer) });
    assert.ok(copy.view instanceof Uint16Array);
    assert.notEqual(copy.buffer, buffer);
    assert.equal(copy.view.buffer, copy.buffer);
    assert.equal(copy.bytes.buffer, copy.buffer);
    assert.equal(copy.view.byteOffset, 2);
    assert.equal(copy.view.length, 2);
    assert.equal(copy.view[0], 500);
    copy.view[1] = 42;
    assert.equal(copy.bytes[4], 42);
    assert.equal(view[1], 0);
  });

  test('a DataView is rebuilt over the copied buffer with its offset and length', () => {
    const buffer = new ArrayBuffer(8);
    const dataView = new DataView(buffer, 1, 4);
    dataView.setUint8(0, 5);
    const copy = snapshotValue([buffer, dataView]);
    const [copiedBuffer, copiedView] = copy as [ArrayBuffer, DataView];
    assert.ok(copiedView instanceof DataView);
    assert.equal(copiedView.buffer, copiedBuffer);
    assert.equal(copiedView.byteOffset, 1);
    assert.equal(copiedView.byteLength, 4);
    assert.equal(copiedView.getUint8(0), 5);
  });
});

describe('snapshotValue: what keeps its identity', () => {
  test('class instances and built-in objects are not copied', () => {
    class Token {
      value = { nested: 1 };
    }
    const values = [
      new Token(),
      new (class Registry extends Map<number, number> {})([[1, 2]]),
      new Date(0),
      new Error('e'),
      Promise.resolve(1),
      new AbortController().signal,
      new Usage({ requests: 1 }),
      /re/,
      new WeakMap(),
    ];
    const copy = snapshotValue({ values });
    values.forEach((value, i) => assert.equal(copy.values[i], value));
  });

  test('an object inheriting from a plain object is not plain', () => {
    const base = { inherited: true };
    const derived = Object.create(base);
    derived.own = 1;
    assert.equal(isPlainObject(derived), false);
    assert.equal(snapshotValue({ derived }).derived, derived);
  });
});

describe('snapshotValue: other realms', () => {
  test('plain objects and arrays from a vm context are copied', () => {
    const foreign = runInNewContext('({ a: { b: [1, 2] }, list: [{ c: 3 }] })');
    assert.notEqual(Object.getPrototypeOf(foreign), Object.prototype);
    assert.equal(isPlainObject(foreign), true);
    const copy = snapshotValue(foreign);
    assert.notEqual(copy, foreign);
    assert.notEqual(copy.a, foreign.a);
    assert.notEqual(copy.list, foreign.list);
    assert.ok(Array.isArray(copy.list));
    assert.deepEqual(JSON.parse(JSON.stringify(copy)), { a: { b: [1, 2] }, list: [{ c: 3 }] });
    // The copy keeps the foreign prototype, so it still looks like a value of that realm.
    assert.equal(Object.getPrototypeOf(copy), Object.getPrototypeOf(foreign));
  });

  test('class instances and buffers from a vm context follow the same rules', () => {
    const foreign = runInNewContext(
      '({ instance: new (class Foreign {})(), date: new Date(0), bytes: new Uint8Array([1, 2]) })',
    );
    const copy = snapshotValue(foreign);
    assert.equal(copy.instance, foreign.instance);
    assert.equal(copy.date, foreign.date);
    assert.notEqual(copy.bytes, foreign.bytes);
    assert.deepEqual([...copy.bytes], [1, 2]);
  });
});

describe('frozenSnapshot and frozenCopy', () => {
  test('frozenSnapshot freezes only the top level of a copy', () => {
    const source = { nested: { a: 1 } };
    const copy = frozenSnapshot(source);
    assert.notEqual(copy, source);
    assert.ok(Object.isFrozen(copy));
    assert.ok(!Object.isFrozen(copy.nested));
    assert.ok(!Object.isFrozen(source));
    assert.equal(frozenSnapshot('text'), 'text');
    assert.equal(frozenSnapshot(undefined), undefined);
  });

  test('frozenCopy is a frozen shallow copy', () => {
    const item = { a: 1 };
    const items = [item];
    const copy = frozenCopy(items);
    assert.notEqual(copy, items);
    assert.ok(Object.isFrozen(copy));
    assert.equal(copy[0], item);
  });
});

describe('snapshotRawUsage: an all-or-nothing JSON clone', () => {
  test('clones JSON data and skips undefined properties', () => {
    const source = {
      n: 1,
      s: 'x',
      b: false,
      nil: null,
      list: [1, 'two', null, { deep: [true] }],
      skip: undefined,
    };
    const copy = snapshotRawUsage(source);
    assert.deepEqual(copy, {
      n: 1,
      s: 'x',
      b: false,
      nil: null,
      list: [1, 'two', null, { deep: [true] }],
    });
    assert.notEqual(copy, source);
    assert.notEqual(copy?.list, source.list);
    assert.equal(Object.hasOwn(copy!, 'skip'), false);
  });

  test('only a non-null, non-array object is accepted at the top', () => {
    for (const value of [undefined, null, 1, 'x', true, [1, 2]]) {
      assert.equal(snapshotRawUsage(value), undefined);
    }
    assert.deepEqual(snapshotRawUsage(Object.create(null)), {});
  });

  test('anything that is not JSON data anywhere invalidates the whole clone', () => {
    class Instance {}
    const invalid: unknown[] = [
      { list: [1, undefined] },
      { n: Number.NaN },
      { n: Number.POSITIVE_INFINITY },
      { n: 1n },
      { s: Symbol('s') },
      { f: () => 1 },
      { deep: { instance: new Instance() } },
      { date: new Date(0) },
      { map: new Map() },
      runInNewContext('({ foreign: true })'),
      { nested: runInNewContext('({ foreign: true })') },
    ];
    for (const value of invalid) assert.equal(snapshotRawUsage(value), undefined);
  });

  test('cycles invalidate the clone; shared non-cyclic references are fine', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    assert.equal(snapshotRawUsage(cyclic), undefined);
    const shared = { k: 1 };
    const copy = snapshotRawUsage({ x: shared, y: [shared, shared] });
    assert.deepEqual(copy, { x: { k: 1 }, y: [{ k: 1 }, { k: 1 }] });
  });

  test('getters are invoked; a throwing getter yields undefined', () => {
    assert.deepEqual(
      snapshotRawUsage({
        get tokens() {
          return 5;
        },
      }),
      { tokens: 5 },
    );
    assert.equal(
      snapshotRawUsage({
        get tokens() {
          throw new Error('boom');
        },
      }),
      undefined,
    );
  });

  test('only enumerable string keys count', () => {
    const source: Record<PropertyKey, unknown> = { kept: 1, [Symbol('s')]: 2 };
    Object.defineProperty(source, 'hidden', { value: 3, enumerable: false });
    assert.deepEqual(snapshotRawUsage(source), { kept: 1 });
  });

  test('an own "__proto__" key stays an own key', () => {
    const copy = snapshotRawUsage(JSON.parse('{"__proto__": {"x": 1}}'))!;
    assert.equal(Object.getPrototypeOf(copy), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value, { x: 1 });
  });
});
