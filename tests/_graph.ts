/**
 * Arbitrary object graphs for the snapshot properties, and an exact comparison
 * of two graphs.
 *
 * A graph is generated as a description (`Shape`) and then built, so the same
 * description can be built again into fresh, distinct objects, as the Runner
 * structured-clones its input every turn. A `ref` shape points at a container
 * built earlier (shared reference) or at one still being filled (a cycle).
 *
 * @module
 */

import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { collectionKind, isPlainObject } from '../_internal/snapshot.ts';

/** A class whose instances the snapshot rules keep by identity. */
export class Point {
  constructor(readonly x: number, readonly y: number) {}
}

/** Makes plain objects in another realm (a vm context), created once. */
const otherRealm = runInNewContext('({ make: () => ({}) })') as { make(): object };

const symbolPool = [Symbol.for('shared'), Symbol('local'), Symbol.iterator];
const keyPool = ['a', 'b', 'type', 'content', '0', '10', '__proto__', 'constructor'];

/** The description of one value of a graph. */
export type Shape =
  | { readonly kind: 'primitive'; readonly value: unknown }
  | { readonly kind: 'symbol'; readonly index: number }
  | { readonly kind: 'array'; readonly items: readonly Shape[]; readonly frozen: boolean }
  | {
    readonly kind: 'object';
    readonly entries: readonly (readonly [string | number, Shape])[];
    readonly proto: 'object' | 'null' | 'realm';
    readonly frozen: boolean;
  }
  | { readonly kind: 'instance'; readonly which: 'point' | 'date' | 'map' | 'error' }
  | {
    readonly kind: 'binary';
    readonly which:
      | 'Uint8Array'
      | 'Float64Array'
      | 'DataView'
      | 'ArrayBuffer'
      | 'SharedArrayBuffer'
      | 'view+buffer';
    readonly bytes: readonly number[];
  }
  | { readonly kind: 'ref'; readonly target: number }
  | { readonly kind: 'function' };

const primitive: fc.Arbitrary<Shape> = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0, -0, NaN, Infinity, 1.5, 10n, '', 'x', 'text', true, false, null, undefined),
  fc.string({ maxLength: 4 }),
).map((value) => ({ kind: 'primitive', value }));

/** Arbitrary shapes, at most `depth` containers deep. */
export function shapeArbitrary(depth = 3): fc.Arbitrary<Shape> {
  const { shape } = fc.letrec<{ shape: Shape; container: Shape }>((tie) => ({
    shape: fc.oneof(
      { depthSize: 'small', withCrossShrink: true, maxDepth: depth },
      { arbitrary: primitive, weight: 5 },
      { arbitrary: tie('container'), weight: 4 },
      { arbitrary: fc.nat(4).map((index) => ({ kind: 'symbol', index }) as Shape), weight: 1 },
      {
        arbitrary: fc.constantFrom('point', 'date', 'map', 'error').map((which) =>
          ({ kind: 'instance', which }) as Shape
        ),
        weight: 1,
      },
      {
        arbitrary: fc.record({
          which: fc.constantFrom(
            'Uint8Array',
            'Float64Array',
            'DataView',
            'ArrayBuffer',
            'SharedArrayBuffer',
            'view+buffer',
          ),
          bytes: fc.array(fc.nat(255), { minLength: 8, maxLength: 16 }),
        }).map((b) => ({ kind: 'binary', ...b }) as Shape),
        weight: 1,
      },
      { arbitrary: fc.nat(8).map((target) => ({ kind: 'ref', target }) as Shape), weight: 2 },
      { arbitrary: fc.constant({ kind: 'function' } as Shape), weight: 1 },
    ),
    container: fc.oneof(
      fc.record({
        kind: fc.constant('array' as const),
        items: fc.array(tie('shape'), { maxLength: 4 }),
        frozen: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('object' as const),
        entries: fc.uniqueArray(
          fc.tuple(
            fc.oneof(fc.constantFrom(...keyPool), fc.nat(symbolPool.length - 1)),
            tie('shape'),
          ),
          { maxLength: 4, selector: ([key]) => key },
        ),
        proto: fc.constantFrom('object', 'object', 'null', 'realm'),
        frozen: fc.boolean(),
      }),
    ),
  }));
  return shape;
}

/** Builds shapes into objects. One builder is one snapshot's world of shared references. */
export class GraphBuilder {
  /** Containers in creation order: what `ref` shapes point at. */
  readonly containers: object[] = [];
  readonly #functions = new Map<number, () => number>();

  build(shape: Shape): unknown {
    switch (shape.kind) {
      case 'primitive':
        return shape.value;
      case 'symbol':
        return shape.index < symbolPool.length ? symbolPool[shape.index] : Symbol('fresh');
      case 'function':
        return () => 1;
      case 'ref':
        return this.containers.length === 0
          ? undefined
          : this.containers[shape.target % this.containers.length];
      case 'instance':
        return shape.which === 'point'
          ? new Point(1, 2)
          : shape.which === 'date'
          ? new Date(0)
          : shape.which === 'map'
          ? new Map([['k', { nested: true }]])
          : new Error('kept');
      case 'binary': {
        const buffer = new Uint8Array(shape.bytes).buffer;
        this.containers.push(buffer);
        switch (shape.which) {
          case 'ArrayBuffer':
            return buffer;
          case 'SharedArrayBuffer': {
            // Copied like an ArrayBuffer; runtimes without it get a plain buffer.
            if (typeof SharedArrayBuffer !== 'function') return buffer;
            const shared = new SharedArrayBuffer(shape.bytes.length);
            new Uint8Array(shared).set(shape.bytes);
            this.containers.push(shared);
            return shared;
          }
          case 'Uint8Array':
            return new Uint8Array(buffer, 1, shape.bytes.length - 2);
          case 'Float64Array':
            return new Float64Array(buffer, 0, 1);
          case 'DataView':
            return new DataView(buffer, 2, 4);
          case 'view+buffer':
            return { buffer, view: new Uint16Array(buffer, 2, 2) };
        }
        break;
      }
      case 'array': {
        const array: unknown[] = [];
        this.containers.push(array);
        for (const item of shape.items) array.push(this.build(item));
        if (shape.frozen) Object.freeze(array);
        return array;
      }
      case 'object': {
        const object: Record<PropertyKey, unknown> = shape.proto === 'null'
          ? Object.create(null)
          : shape.proto === 'realm'
          ? otherRealm.make()
          : {};
        this.containers.push(object);
        for (const [key, value] of shape.entries) {
          // A number key stands for a symbol of the pool.
          const property = typeof key === 'number' ? symbolPool[key] : key;
          Object.defineProperty(object, property, {
            value: this.build(value),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        if (shape.frozen) Object.freeze(object);
        return object;
      }
    }
  }
}

/** Builds `shape` into fresh objects. */
export function buildGraph(shape: Shape): unknown {
  return new GraphBuilder().build(shape);
}

function isBinary(value: object): boolean {
  if (ArrayBuffer.isView(value)) return true;
  const tag = Object.prototype.toString.call(value);
  return tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]';
}

/** True for what a snapshot copies: arrays, plain objects of any realm, buffers and views, maps and sets. */
export function isCopied(value: unknown): value is object {
  return typeof value === 'object' && value !== null &&
    (Array.isArray(value) || isPlainObject(value) || isBinary(value) ||
      collectionKind(value) !== 0);
}

/** A map's entries, or a set's members as [member, member]. */
function entriesOf(value: object): [unknown, unknown][] {
  return [...(value as Map<unknown, unknown>).entries()];
}

/** Every copied container reachable from `value`, not through kept identities. */
export function copiedContainers(value: unknown, seen = new Set<object>()): Set<object> {
  if (!isCopied(value) || seen.has(value)) return seen;
  seen.add(value);
  if (ArrayBuffer.isView(value)) {
    copiedContainers(value.buffer, seen);
  } else if (collectionKind(value) !== 0) {
    for (const [, item] of entriesOf(value)) copiedContainers(item, seen);
  } else if (!isBinary(value)) {
    for (const key of Reflect.ownKeys(value)) {
      copiedContainers((value as Record<PropertyKey, unknown>)[key], seen);
    }
  }
  return seen;
}

function bytesOf(value: ArrayBufferView | ArrayBuffer): number[] {
  return ArrayBuffer.isView(value)
    ? [...new Uint8Array(value.buffer, value.byteOffset, value.byteLength)]
    : [...new Uint8Array(value)];
}

/**
 * Asserts that `actual` and `expected` are the same graph: containers
 * correspond one to one (so aliasing and cycles match exactly), with the same
 * prototypes, own keys in order, values and frozenness; anything else is the
 * very same value (`Object.is`).
 */
export function assertSameGraph(actual: unknown, expected: unknown): void {
  const forward = new Map<object, object>();
  const backward = new Map<object, object>();
  const visit = (a: unknown, e: unknown, path: string): void => {
    if (!isCopied(e) || !isCopied(a)) {
      assert.ok(Object.is(a, e), `${path}: ${String(a)} is not the same value as ${String(e)}`);
      return;
    }
    const mapped = forward.get(e);
    if (mapped !== undefined || backward.has(a)) {
      assert.ok(mapped === a && backward.get(a) === e, `${path}: aliasing differs`);
      return;
    }
    forward.set(e, a);
    backward.set(a, e);
    assert.equal(Object.getPrototypeOf(a), Object.getPrototypeOf(e), `${path}: prototype`);
    assert.equal(Array.isArray(a), Array.isArray(e), `${path}: array-ness`);
    assert.equal(Object.isFrozen(a), Object.isFrozen(e), `${path}: frozenness`);
    if (isBinary(e)) {
      assert.ok(isBinary(a), `${path}: not binary`);
      assert.equal(
        Object.prototype.toString.call(a),
        Object.prototype.toString.call(e),
        `${path}: binary kind`,
      );
      assert.deepEqual(bytesOf(a as ArrayBuffer), bytesOf(e as ArrayBuffer), `${path}: bytes`);
      if (ArrayBuffer.isView(e)) {
        const view = a as ArrayBufferView;
        assert.equal(view.byteOffset, e.byteOffset, `${path}: byteOffset`);
        visit(view.buffer, e.buffer, `${path}.buffer`);
      }
      return;
    }
    if (collectionKind(e) !== 0) {
      // Keys (and set members) keep their identity; a map's values are copied.
      const actualEntries = entriesOf(a);
      const expectedEntries = entriesOf(e);
      assert.equal(actualEntries.length, expectedEntries.length, `${path}: size`);
      expectedEntries.forEach(([key, item], i) => {
        assert.ok(Object.is(actualEntries[i][0], key), `${path}: key ${i}`);
        if (collectionKind(e) === 1) {
          visit(actualEntries[i][1], item, `${path}.get(${String(key)})`);
        }
      });
      return;
    }
    const keys = Reflect.ownKeys(e);
    assert.deepEqual(Reflect.ownKeys(a), keys, `${path}: keys`);
    for (const key of keys) {
      visit(
        (a as Record<PropertyKey, unknown>)[key],
        (e as Record<PropertyKey, unknown>)[key],
        `${path}[${String(key)}]`,
      );
    }
  };
  visit(actual, expected, '$');
}

/**
 * Changes every mutable container reachable from `value`: arrays grow, objects
 * get a new key and lose their first, bytes are flipped. Kept identities are
 * left alone (they are shared by design).
 */
export function mutateGraph(value: unknown): void {
  for (const container of copiedContainers(value)) {
    if (Object.isFrozen(container)) continue;
    if (ArrayBuffer.isView(container)) continue; // its buffer is flipped below
    if (collectionKind(container) !== 0) {
      if (collectionKind(container) === 2) (container as Set<unknown>).add('mutated');
      else (container as Map<unknown, unknown>).set('mutated', true);
    } else if (isBinary(container)) {
      const bytes = new Uint8Array(container as ArrayBuffer);
      for (let i = 0; i < bytes.length; i++) bytes[i] = bytes[i] ^ 0xff;
    } else if (Array.isArray(container)) {
      container.push('mutated');
      if (container.length > 1) container[0] = 'changed';
    } else {
      const record = container as Record<PropertyKey, unknown>;
      const first = Reflect.ownKeys(record)[0];
      if (first !== undefined) delete record[first];
      record.mutated = true;
    }
  }
}
