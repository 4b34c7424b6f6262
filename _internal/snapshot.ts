/**
 * Detach rules shared by every double: what is copied, what keeps its identity.
 *
 * A snapshot copies the mutable data containers a test could later change
 * (arrays, plain objects from any realm, array buffers and their views, and
 * `Map`s and `Set`s) and keeps everything else by identity (functions, class
 * instances such as `AbortSignal`, `Usage`, `Manifest`, `Date`, errors,
 * promises, subclasses of `Map` and `Set`). A copied `Map` keeps its keys and
 * snapshots its values; a copied `Set` keeps its members: both are looked up
 * by identity, so the copy answers `get`/`has` as the original did. Cycles and
 * aliasing inside one snapshot are preserved through a memo.
 *
 * @module
 */

const objectToString = Object.prototype.toString;
const functionToString = Function.prototype.toString;
const objectConstructorSource = functionToString.call(Object);
const getPrototypeOf = Object.getPrototypeOf;
const objectKeys = Object.keys;
const ownSymbols = Object.getOwnPropertySymbols;
const isEnumerable = Object.prototype.propertyIsEnumerable;
const hasOwn = Object.prototype.hasOwnProperty;
const objectPrototype = Object.prototype;

/** Prototypes already classified as "plain object" prototypes (any realm). */
const plainPrototypes = new WeakSet<object>([Object.prototype]);
const nonPlainPrototypes = new WeakSet<object>();

/**
 * True for objects created by `{}`, `Object.create(null)`, `JSON.parse`, or an
 * object literal in another realm (a vm context, an iframe).
 */
export function isPlainObject(value: object): boolean {
  const proto = getPrototypeOf(value);
  if (proto === objectPrototype || proto === null || plainPrototypes.has(proto)) return true;
  if (nonPlainPrototypes.has(proto)) return false;
  const plain = hasOwn.call(proto, 'constructor') &&
    typeof proto.constructor === 'function' &&
    functionToString.call(proto.constructor) === objectConstructorSource;
  (plain ? plainPrototypes : nonPlainPrototypes).add(proto);
  return plain;
}

/**
 * The own enumerable keys (strings, then symbols) in `Reflect.ownKeys` order.
 * `Object.keys` plus the (rare) symbols costs a fraction of `Reflect.ownKeys`
 * and an enumerability check per key.
 */
export function enumerableOwnKeys(value: object): PropertyKey[] {
  const keys: PropertyKey[] = objectKeys(value);
  const symbols = ownSymbols(value);
  for (let i = 0; i < symbols.length; i++) {
    if (isEnumerable.call(value, symbols[i])) keys.push(symbols[i]);
  }
  return keys;
}

const MAP = 1;
const SET = 2;
const nativeSources = new Map([
  [functionToString.call(Map), MAP],
  [functionToString.call(Set), SET],
]);
/** Prototypes already classified: `Map.prototype` and `Set.prototype` of any realm, or neither. */
const collectionPrototypes = new WeakMap<object, number>([[Map.prototype, MAP], [
  Set.prototype,
  SET,
]]);

/**
 * `MAP` for a `Map`, `SET` for a `Set` (of any realm, not a subclass: a
 * subclass is a class instance and keeps its identity), else 0.
 */
export function collectionKind(value: object): number {
  const proto = getPrototypeOf(value);
  if (proto === null) return 0;
  let kind = collectionPrototypes.get(proto);
  if (kind === undefined) {
    const constructor = hasOwn.call(proto, 'constructor') ? proto.constructor : undefined;
    kind = typeof constructor === 'function'
      ? nativeSources.get(functionToString.call(constructor)) ?? 0
      : 0;
    // A foreign prototype must also carry the brand (a plain object claiming a
    // native constructor is not a Map).
    if (
      kind !== 0 && objectToString.call(value) !== (kind === MAP ? '[object Map]' : '[object Set]')
    ) {
      kind = 0;
    }
    collectionPrototypes.set(proto, kind);
  }
  return kind;
}

/** An empty `Map` or `Set` of the realm and kind of `value` (see {@linkcode collectionKind}). */
export function emptyCollection(value: object): Map<unknown, unknown> | Set<unknown> {
  const proto = getPrototypeOf(value) as { constructor: new () => Map<unknown, unknown> };
  return new proto.constructor();
}

/**
 * Fills `copy` (from {@linkcode emptyCollection}) with the entries of `value`
 * of kind `kind`: a map's keys as they are and its object values through
 * `detach`, a set's members as they are.
 */
export function fillCollection(
  value: object,
  kind: number,
  copy: Map<unknown, unknown> | Set<unknown>,
  detach: (item: object) => unknown,
): void {
  if (kind === SET) {
    for (const member of value as Set<unknown>) (copy as Set<unknown>).add(member);
    return;
  }
  for (const [key, item] of value as Map<unknown, unknown>) {
    (copy as Map<unknown, unknown>).set(
      key,
      typeof item === 'object' && item !== null ? detach(item) : item,
    );
  }
}

function isArrayBufferLike(value: object): value is ArrayBuffer | SharedArrayBuffer {
  const tag = objectToString.call(value);
  return tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]';
}

/**
 * Returns a detached copy of `value` under the testing snapshot rules.
 * Primitives and functions are returned unchanged.
 */
export function snapshotValue<T>(value: T, memo: WeakMap<object, unknown> = new WeakMap()): T {
  if (typeof value !== 'object' || value === null) return value;
  return snapshotObject(value, memo) as T;
}

function snapshotObject(value: object, memo: WeakMap<object, unknown>): unknown {
  const seen = memo.get(value);
  if (seen !== undefined) return seen;

  if (Array.isArray(value)) {
    const length = value.length;
    const copy = new Array(length);
    memo.set(value, copy);
    for (let i = 0; i < length; i++) {
      const item = value[i];
      copy[i] = typeof item === 'object' && item !== null ? snapshotObject(item, memo) : item;
    }
    return copy;
  }

  if (isPlainObject(value)) {
    const copy = Object.create(getPrototypeOf(value));
    memo.set(value, copy);
    for (const key of enumerableOwnKeys(value)) {
      const item = (value as Record<PropertyKey, unknown>)[key];
      const detached = typeof item === 'object' && item !== null
        ? snapshotObject(item, memo)
        : item;
      if (key in copy) {
        // A key the prototype also has (an own "__proto__" from JSON.parse, or one
        // a frozen or setter-bearing prototype would intercept) must still become an
        // own data key; assignment does exactly that for every other key.
        Object.defineProperty(copy, key, {
          value: detached,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      } else {
        copy[key] = detached;
      }
    }
    return copy;
  }

  if (isArrayBufferLike(value)) {
    const copy = value.slice(0);
    memo.set(value, copy);
    return copy;
  }

  if (ArrayBuffer.isView(value)) {
    const buffer = snapshotObject(value.buffer, memo) as ArrayBuffer;
    const copy = objectToString.call(value) === '[object DataView]'
      ? new DataView(buffer, value.byteOffset, value.byteLength)
      : new (value.constructor as new (
        buffer: ArrayBuffer,
        byteOffset: number,
        length: number,
      ) => ArrayBufferView)(
        buffer,
        value.byteOffset,
        (value as unknown as { length: number }).length,
      );
    memo.set(value, copy);
    return copy;
  }

  const kind = collectionKind(value);
  if (kind !== 0) {
    const copy = emptyCollection(value);
    // In the memo before its entries are read, so a map holding itself holds its copy.
    memo.set(value, copy);
    fillCollection(value, kind, copy, (item) => snapshotObject(item, memo));
    return copy;
  }

  // Class instances, Date, Error, Promise, AbortSignal, Usage, ...
  return value;
}

/** Snapshots `value` and freezes the top level of the copy. */
export function frozenSnapshot<T>(value: T): Readonly<T> {
  const copy = snapshotValue(value);
  return typeof copy === 'object' && copy !== null ? Object.freeze(copy) : copy;
}

/** A frozen shallow copy of an array: what errors expose as their collections. */
export function frozenCopy<T>(items: readonly T[]): readonly T[] {
  return Object.freeze(items.slice());
}

/**
 * A strict JSON-compatible clone used for provider raw usage. Anything that is
 * not JSON data (undefined in arrays, non-finite numbers, bigint, symbols,
 * functions, class instances, cycles) invalidates the whole clone, which then
 * yields `undefined`. Object properties whose value is `undefined` are skipped.
 */
export function snapshotRawUsage(raw: unknown): Record<string, unknown> | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  try {
    return cloneJson(raw, new Set()) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const notJson = Symbol('not JSON');

function cloneJson(value: unknown, ancestors: Set<object>): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    throw notJson;
  }
  if (typeof value !== 'object') throw notJson;
  if (ancestors.has(value)) throw notJson;
  ancestors.add(value);
  let copy: unknown;
  if (Array.isArray(value)) {
    copy = value.map((item) => {
      if (item === undefined) throw notJson;
      return cloneJson(item, ancestors);
    });
  } else {
    const proto = getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) throw notJson;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      const cloned = cloneJson(item, ancestors);
      if (key in out) {
        // As in snapshotObject: an inherited key must not reach the prototype.
        Object.defineProperty(out, key, {
          value: cloned,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      } else {
        out[key] = cloned;
      }
    }
    copy = out;
  }
  ancestors.delete(value);
  return copy;
}
