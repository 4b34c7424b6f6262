// Behaviour of the plain snapshot functions that mutation testing (npm run
// mutation, docs/reports/mutation.md) found no test pinning down, pinned here.
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import {
  enumerableOwnKeys,
  frozenSnapshot,
  isPlainObject,
  snapshotRawUsage,
  snapshotValue,
} from '../_internal/snapshot.ts';
import { describe, test } from './_harness.ts';

const ownDataKey = { writable: true, enumerable: true, configurable: true };

describe('snapshot edges', () => {
  test('an own "__proto__" key is copied as an ordinary, mutable own data key', () => {
    const source = JSON.parse('{"__proto__": {"nested": 1}, "a": 2}');
    const copy = snapshotValue(source);
    assert.deepEqual(Object.getOwnPropertyDescriptor(copy, '__proto__'), {
      value: { nested: 1 },
      ...ownDataKey,
    });
    assert.equal(Object.getPrototypeOf(copy), Object.prototype);
    const usage = snapshotRawUsage(JSON.parse('{"__proto__": 3, "total_tokens": 4}'));
    assert.ok(usage !== undefined);
    assert.deepEqual(Object.getOwnPropertyDescriptor(usage, '__proto__'), {
      value: 3,
      ...ownDataKey,
    });
    assert.deepEqual(Object.keys(usage), ['__proto__', 'total_tokens']);
  });

  test('an object whose prototype has a non-function constructor is kept by identity', () => {
    const odd = Object.create({ constructor: 'not a function' });
    odd.value = 1;
    assert.equal(snapshotValue(odd), odd);
    assert.equal(snapshotValue({ odd }).odd, odd);
  });

  test('frozenSnapshot leaves a function alone (returned as it is, not frozen)', () => {
    const fn = () => 1;
    assert.equal(frozenSnapshot(fn), fn);
    assert.ok(!Object.isFrozen(fn));
  });

  test('raw usage that is not a plain object gives undefined', () => {
    for (const raw of [null, 'text', 3, [1, 2], true]) {
      assert.equal(snapshotRawUsage(raw), undefined);
    }
  });
});

describe('snapshot edges: keys the prototype also has', () => {
  test('a frozen prototype (hardened realm) does not stop a key that shadows it', () => {
    // Assigning `copy.toString = ...` on a fresh object whose prototype is frozen
    // throws in strict code; the copy must define the key as its own instead.
    const source = runInNewContext(
      'Object.freeze(Object.prototype); ({ toString: "text", valueOf: { n: 1 }, a: 2 })',
    );
    const copy = snapshotValue(source);
    assert.notEqual(copy, source);
    assert.deepEqual(Object.keys(copy), ['toString', 'valueOf', 'a']);
    assert.deepEqual(Object.getOwnPropertyDescriptor(copy, 'toString'), {
      value: 'text',
      ...ownDataKey,
    });
    assert.notEqual(copy.valueOf, source.valueOf);
    assert.equal(copy.valueOf.n, 1);
    assert.equal(Object.getPrototypeOf(copy), Object.getPrototypeOf(source));
  });

  test('a setter on the prototype does not swallow a key of the copy', () => {
    const source = runInNewContext(
      'Object.defineProperty(Object.prototype, "tap", {' +
        ' set(v) { this.tapped = v; }, get() { return "inherited"; }, configurable: true });' +
        ' ({ tap: 1, b: 2 })',
    );
    const copy = snapshotValue(source);
    assert.deepEqual(Object.keys(copy), ['tap', 'b']);
    assert.equal(copy.tap, 1);
    assert.equal(Object.hasOwn(copy, 'tapped'), false);
  });

  test('raw usage keeps a key that a setter on Object.prototype would intercept', () => {
    // Defined and removed synchronously, so no other test can see it.
    Object.defineProperty(Object.prototype, 'snapshotProbe', {
      set(this: Record<string, unknown>, v: unknown) {
        Object.defineProperty(this, 'intercepted', { value: v, enumerable: true });
      },
      configurable: true,
    });
    let usage: Record<string, unknown> | undefined;
    let copy: Record<string, unknown>;
    try {
      usage = snapshotRawUsage({ snapshotProbe: 1, total_tokens: 2 });
      copy = snapshotValue({ snapshotProbe: 3 });
    } finally {
      delete (Object.prototype as Record<string, unknown>).snapshotProbe;
    }
    assert.deepEqual(usage, { snapshotProbe: 1, total_tokens: 2 });
    assert.deepEqual(Object.getOwnPropertyDescriptor(usage, 'snapshotProbe'), {
      value: 1,
      ...ownDataKey,
    });
    assert.deepEqual(Object.keys(copy), ['snapshotProbe']);
    assert.equal(copy.snapshotProbe, 3);
  });
});

describe('snapshot edges: keys and prototypes', () => {
  test('enumerableOwnKeys lists an own key named "undefined" once', () => {
    const tag = Symbol('tag');
    assert.deepEqual(enumerableOwnKeys({ undefined: 1 }), ['undefined']);
    assert.deepEqual(enumerableOwnKeys({ undefined: 1, [tag]: 2 }), ['undefined', tag]);
  });

  test('a prototype is classified once: changing its constructor later changes nothing', () => {
    // Classification is cached per prototype, both ways, so every snapshot of a
    // long test treats the objects of one prototype alike.
    class Token {
      value = 1;
    }
    const token = new Token();
    assert.equal(isPlainObject(token), false);
    Object.defineProperty(Token.prototype, 'constructor', { value: Object });
    assert.equal(isPlainObject(new Token()), false);
    assert.equal(snapshotValue({ token }).token, token);

    const foreign = runInNewContext('({ a: 1 })');
    const foreignPrototype = Object.getPrototypeOf(foreign);
    assert.equal(isPlainObject(foreign), true);
    Object.defineProperty(foreignPrototype, 'constructor', { value: 'replaced' });
    assert.equal(isPlainObject(foreign), true);
    assert.notEqual(snapshotValue(foreign), foreign);
  });
});

describe('snapshot edges: raw usage cycles', () => {
  test('a cycle is rejected at its first repetition (a getter on it is read once)', () => {
    let reads = 0;
    const raw = {
      get self(): unknown {
        reads++;
        return raw;
      },
    };
    assert.equal(snapshotRawUsage(raw), undefined);
    assert.equal(reads, 1);
  });
});

describe('snapshot edges: raw usage functions', () => {
  test('a function is not JSON data, whatever its prototype', () => {
    for (const proto of [null, Object.prototype]) {
      const fn = Object.setPrototypeOf(Object.assign(() => 1, { tokens: 1 }), proto);
      assert.equal(snapshotRawUsage({ total_tokens: 1, fn }), undefined);
      assert.equal(snapshotRawUsage({ list: [fn] }), undefined);
    }
  });
});
