// Behaviour of the plain snapshot functions that mutation testing (npm run
// mutation, MUTATION.md) found no test pinning down, pinned here.
import assert from 'node:assert/strict';
import { frozenSnapshot, snapshotRawUsage, snapshotValue } from '../_internal/snapshot.ts';
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
