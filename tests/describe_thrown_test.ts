// The one description of a thrown value (_internal/format.ts) that the teardown errors and
// the argument checks put into their messages: an Error by name and message, anything else
// by its kind and a short, safe look at it.
import assert from 'node:assert/strict';
import { describeThrown } from '../_internal/format.ts';
import { describe, test } from './_harness.ts';

class ExampleError extends Error {
  override readonly name = 'ExampleError';
}

class Point {
  constructor(readonly x: number, readonly y: number) {}
}

describe('describeThrown', () => {
  test('an Error is its name and message, in full, and its own toString is not asked', () => {
    assert.equal(describeThrown(new ExampleError('boom')), 'ExampleError: boom');
    assert.equal(describeThrown(new TypeError('a\nsecond line')), 'TypeError: a\nsecond line');
    const long = 'x'.repeat(500);
    assert.equal(describeThrown(new Error(long)), `Error: ${long}`);
    const custom = Object.assign(new RangeError('out of range'), { toString: () => 'custom' });
    assert.equal(describeThrown(custom), 'RangeError: out of range');
  });

  test('an Error with an empty message is its name alone', () => {
    assert.equal(describeThrown(new Error('')), 'Error');
    assert.equal(describeThrown(new ExampleError()), 'ExampleError');
  });

  test('null and undefined are named as they are', () => {
    assert.equal(describeThrown(null), 'null');
    assert.equal(describeThrown(undefined), 'undefined');
  });

  test('a string is quoted, and a long one cut to 80 characters with an ellipsis', () => {
    assert.equal(describeThrown('boom'), 'the string "boom"');
    assert.equal(describeThrown(''), 'the string ""');
    assert.equal(describeThrown('say "hi"\n'), 'the string "say \\"hi\\"\\n"');
    const fits = 'a'.repeat(80);
    assert.equal(describeThrown(fits), `the string "${fits}"`);
    assert.equal(describeThrown(`${fits}b`), `the string "${'a'.repeat(79)}…"`);
  });

  test('a cut never splits a surrogate pair', () => {
    // The 79th and 80th code units are one emoji: the cut keeps neither half.
    const text = `${'a'.repeat(78)}😀${'b'.repeat(10)}`;
    assert.equal(describeThrown(text), `the string "${'a'.repeat(78)}…"`);
    // An emoji that ends before the cut is kept whole.
    const before = `${'a'.repeat(77)}😀${'b'.repeat(10)}`;
    assert.equal(describeThrown(before), `the string "${'a'.repeat(77)}😀…"`);
  });

  test('numbers, booleans, bigints and symbols are their type and text', () => {
    assert.equal(describeThrown(42), 'number 42');
    assert.equal(describeThrown(Number.NaN), 'number NaN');
    assert.equal(describeThrown(false), 'boolean false');
    assert.equal(describeThrown(10n), 'bigint 10');
    assert.equal(describeThrown(Symbol('tag')), 'symbol Symbol(tag)');
  });

  test('a function is named, never shown as its source', () => {
    function handler() {}
    assert.equal(describeThrown(handler), 'the function handler');
    assert.equal(describeThrown(Point), 'the function Point');
    // Set explicitly: runtimes differ in what name they infer for an unnamed function.
    const anonymous = Object.defineProperty(() => 'source', 'name', { value: '' });
    assert.equal(describeThrown(anonymous), 'an anonymous function');
  });

  test('an array is its length', () => {
    assert.equal(describeThrown([]), 'an array of 0 items');
    assert.equal(describeThrown(['only']), 'an array of 1 item');
    assert.equal(describeThrown([1, 2, 3]), 'an array of 3 items');
  });

  test('a plain object is its keys: the first five, then how many more', () => {
    assert.equal(describeThrown({}), 'an object with no keys');
    assert.equal(describeThrown({ model: 'x' }), 'an object with keys model');
    assert.equal(
      describeThrown({ a: 1, b: 2, c: 3, d: 4, e: 5 }),
      'an object with keys a, b, c, d, e',
    );
    assert.equal(
      describeThrown({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7 }),
      'an object with keys a, b, c, d, e and 2 more',
    );
    assert.equal(describeThrown({ ['k'.repeat(90)]: 1 }), `an object with keys ${'k'.repeat(79)}…`);
  });

  test('an object without a prototype is described by its keys, not its (throwing) text', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    assert.throws(() => String(bare), TypeError);
    assert.equal(describeThrown(bare), 'an object with no keys');
    bare.code = 7;
    assert.equal(describeThrown(bare), 'an object with keys code');
    // A toString of its own is not asked either.
    assert.equal(describeThrown({ toString: () => 'text' }), 'an object with keys toString');
  });

  test('a class instance is named by its class, with its own keys when it has any', () => {
    assert.equal(describeThrown(new Point(1, 2)), 'an instance of Point with keys x, y');
    assert.equal(describeThrown(new Map([['a', 1]])), 'an instance of Map');
    // A prototype with no constructor name of its own reads as a plain object.
    const nameless = Object.create({ constructor: { name: '' } }) as object;
    assert.equal(describeThrown(nameless), 'an object with no keys');
    // So does one whose prototype has no constructor at all.
    const orphan = Object.create(Object.create(null)) as Record<string, unknown>;
    orphan.id = 1;
    assert.equal(describeThrown(orphan), 'an object with keys id');
  });

  test('a value that cannot be looked at is said to be so, never a throw', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    assert.equal(describeThrown(proxy), 'a value that cannot be inspected');
    const hostile = new Proxy({}, {
      ownKeys() {
        throw new Error('no keys for you');
      },
    });
    assert.equal(describeThrown(hostile), 'a value that cannot be inspected');
  });
});
