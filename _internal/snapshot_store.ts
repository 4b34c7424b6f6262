/**
 * Shared, immutable storage for the snapshots a double records call after
 * call.
 *
 * The Runner rebuilds (structured-clones) its whole input every turn, so a
 * model called N times sees N requests that repeat almost all of their
 * content in new objects. Copying each request keeps O(N²) objects alive. A
 * {@link SnapshotStore} keeps snapshots as immutable nodes instead, and a node
 * equal to one stored before is reused, so a store holds O(total new content)
 * and recording a request allocates only what is new in it. Two tiers find
 * the equal node:
 *
 * 1. the node at the same position in the previous snapshot (the Runner
 *    appends to its history, so this almost always hits, and checking it
 *    costs one comparison per property);
 * 2. otherwise a content hash over the node's children (already stored
 *    nodes or primitives), so moved or repeated content is shared too.
 *
 * What a stored snapshot means is exactly {@link snapshotValue}'s rules: plain
 * objects (any realm) and arrays are copied, buffers and views, `Map`s and
 * `Set`s are copied (per snapshot, never shared), everything else keeps its
 * identity; accessors are read once, non-enumerable
 * keys are dropped, an own `__proto__` key stays an own key, cycles and
 * aliasing are preserved. Sharing never shows: stored nodes are immutable
 * (object nodes frozen) and private, and readers get a fresh copy (`frozenSnapshot(stored)`). Within
 * one snapshot two distinct source objects never share a node, even with
 * equal content, so a reader's copy has exactly the aliasing of the source.
 *
 * @module
 */

import {
  collectionKind,
  emptyCollection,
  enumerableOwnKeys,
  fillCollection,
  isPlainObject,
  snapshotValue,
} from './snapshot.ts';

const getPrototypeOf = Object.getPrototypeOf;
const objectToString = Object.prototype.toString;
const defineProperty = Object.defineProperty;
const freeze = Object.freeze;
const imul = Math.imul;

const PRIME = 0x01000193;
const ARRAY_SEED = 0x5bd1e995;
const OBJECT_SEED = 0x27d4eb2f;

type Container = unknown[] | Record<PropertyKey, unknown>;

const ARRAY = 0;
const OBJECT = 1;
/** A node no later snapshot may reuse (cycle members, buffer copies), or a kept identity. */
const LEAF = 2;

/**
 * The store's record of one stored object: the frozen node readers copy (or,
 * for a kept identity, the object itself), plus what later snapshots compare
 * against. A record's `values` hold records for objects and the values
 * themselves otherwise, so records form a tree parallel to the nodes, and
 * walking the previous snapshot never probes a stored value (which could be a
 * user's object kept by identity, or a Proxy).
 */
interface NodeRecord {
  readonly kind: typeof ARRAY | typeof OBJECT | typeof LEAF;
  readonly node: object;
  /** An object node's own keys in order (shared per key sequence). */
  readonly keys: readonly PropertyKey[] | undefined;
  /** An object node's prototype (kept here so comparing never touches the node). */
  readonly proto: object | null;
  /** Entries in order: a record for each object value, else the value itself. */
  readonly values: readonly unknown[];
  /** Structural hash over the node's prototype, keys and entries. */
  readonly hash: number;
  /**
   * An array node's hash before its length is mixed in: a left fold over the
   * entries, so the hash of an array that extends this one continues from it.
   */
  readonly fold: number;
  /** The last snapshot (epoch) that used this node. */
  epoch: number;
}

/** An entry of `values` is a record exactly when it is an object (kept identities are boxed). */
function nodeOf(entry: unknown): unknown {
  return typeof entry === 'object' && entry !== null ? (entry as NodeRecord).node : entry;
}

/**
 * Object.is, spelled out so the common case is one `===`. Callers must not
 * test `===` first: comparing two equal strings that are distinct heap
 * objects reads both, so a second comparison doubles the cost.
 */
function same(a: unknown, b: unknown): boolean {
  // deno-lint-ignore no-self-compare
  return a === b ? a !== 0 || 1 / (a as number) === 1 / (b as number) : a !== a && b !== b;
}

function isBinary(value: object): boolean {
  if (ArrayBuffer.isView(value)) return true;
  const tag = objectToString.call(value);
  return tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]';
}

/*
 * Only object nodes are frozen. Arrays (array nodes, entries, key lists) are
 * left unfrozen: JavaScriptCore freezes an array in O(length) and reads frozen
 * arrays through a slow path. All of it is private: no stored node is ever
 * handed out (every read copies), so nothing can mutate it.
 */
const NO_VALUES: readonly unknown[] = [];

/**
 * Interns snapshots for one owner (one double): `store(value)` returns an
 * immutable snapshot of `value` that shares equal subtrees with the snapshots
 * this store returned before.
 */
export class SnapshotStore {
  /** The previous snapshot's root entry: the positional hints of the next one. */
  #previous: unknown;
  #epoch = 0;
  /** Content hash to the records with that hash. */
  #table = new Map<number, NodeRecord[]>();
  /** Ids of primitives and key lists, for hashing. */
  #atoms = new Map<unknown, number>();
  /** One leaf record per object kept by identity. */
  #kept = new Map<object, NodeRecord>();
  /** Key sequences, so nodes with equal keys share one key list. */
  #keyLists = new Map<string, readonly PropertyKey[]>();
  /**
   * Source object to its record, for the snapshot in progress (aliasing). A
   * WeakMap: on JavaScriptCore it is several times faster than a Map here, on
   * V8 about as fast.
   */
  #memo = new WeakMap<object, NodeRecord>();
  /** The source objects being visited, outermost first (cycles). */
  #path: object[] = [];
  /** Per path depth: the record of a node created early because a cycle reached it (rare). */
  #early: Map<number, NodeRecord> | undefined;
  #binaryMemo: WeakMap<object, unknown> | undefined;

  /** An immutable snapshot of `value` (primitives and functions are returned as they are). */
  store<T>(value: T): T {
    if (typeof value !== 'object' || value === null) return value;
    this.#epoch++;
    try {
      const entry = this.#visit(value, this.#previous);
      this.#previous = entry;
      return entry.node as T;
    } finally {
      this.#memo = new WeakMap();
      this.#path = [];
      this.#early = undefined;
      this.#binaryMemo = undefined;
    }
  }

  /**
   * The record for the object `value` (callers pass primitives through as
   * their own entries). `hint` is the entry that stood at the same place in the
   * previous snapshot.
   */
  #visit(value: object, hint: unknown): NodeRecord {
    const seen = this.#memo.get(value);
    if (seen !== undefined) return seen;
    const depth = this.#path.lastIndexOf(value);
    if (depth >= 0) return this.#cycle(depth);
    const record = typeof hint === 'object' && hint !== null ? hint as NodeRecord : undefined;
    // Arrays first, whatever their prototype (the order the SDK's own doubles follow).
    if (Array.isArray(value)) {
      return this.#array(value, record !== undefined && record.kind === ARRAY ? record : undefined);
    }
    if (isPlainObject(value)) {
      return this.#object(
        value,
        record !== undefined && record.kind === OBJECT ? record : undefined,
        getPrototypeOf(value),
      );
    }
    if (isBinary(value)) return this.#binary(value);
    const kind = collectionKind(value);
    if (kind !== 0) return this.#collection(value, kind);
    // Class instances, Date, Error, Promise, AbortSignal, Usage, ...
    let kept = this.#kept.get(value);
    if (kept === undefined) {
      kept = this.#leaf(value);
      this.#kept.set(value, kept);
    }
    return kept;
  }

  #array(source: readonly unknown[], hint: NodeRecord | undefined): NodeRecord {
    const length = source.length;
    const hints = hint?.values;
    const hintLength = hints === undefined ? 0 : hints.length;
    // While `values` is undefined, every entry so far equals the hint's at the
    // same index. Then the hint is reused (same length) or, as the Runner
    // appends to its history every turn, extended: its entries, node and hash
    // state are copied or continued instead of rebuilt entry by entry.
    let values: readonly unknown[] | unknown[] | undefined =
      hint === undefined || hintLength > length ? [] : undefined;
    let extended = false;
    const depth = this.#path.push(source) - 1;
    for (let i = 0; i < length; i++) {
      const previous = i < hintLength ? (hints as readonly unknown[])[i] : undefined;
      const value = source[i];
      // Most entries are primitives: skip the call.
      const entry = typeof value === 'object' && value !== null
        ? this.#visit(value, previous)
        : value;
      if (values === undefined) {
        if (i < hintLength) {
          if (same(entry, previous)) continue;
          values = (hints as readonly unknown[]).slice(0, i);
        } else {
          // The hint matched entirely and the source goes on: collect the tail.
          values = [];
          extended = true;
        }
      }
      (values as unknown[]).push(entry);
    }
    this.#path.pop();
    // concat allocates the exact length; slice-then-push would leave up to half spare.
    if (extended) values = (hints as readonly unknown[]).concat(values as unknown[]);
    if (values === undefined) {
      // Equal to the hint: reuse it, unless this snapshot already did. Then its
      // entries are interned again (no record's `values` is ever changed, so two
      // records may share one).
      if ((hint as NodeRecord).epoch !== this.#epoch) {
        return this.#finish(source, depth, hint, undefined, undefined, null);
      }
      values = hints as readonly unknown[];
    }
    return this.#finish(
      source,
      depth,
      undefined,
      values,
      undefined,
      null,
      extended ? hint : undefined,
    );
  }

  #object(source: object, hint: NodeRecord | undefined, proto: object | null): NodeRecord {
    const keys = enumerableOwnKeys(source);
    const hintKeys = hint?.keys;
    const hints = hint?.values;
    let candidate =
      hint !== undefined && (hintKeys as readonly PropertyKey[]).length === keys.length &&
        hint.epoch !== this.#epoch && hint.proto === proto
        ? hint
        : undefined;
    let values: unknown[] | undefined = candidate === undefined ? [] : undefined;
    const depth = this.#path.push(source) - 1;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      // The same key at the same index is the common case; otherwise look for it.
      let at = i;
      if (hintKeys !== undefined && hintKeys[i] !== key) at = hintKeys.indexOf(key);
      // A key the hint lacks (at -1) reads hints[-1], which is undefined.
      const previous = hints?.[at];
      const value = (source as Record<PropertyKey, unknown>)[key];
      const entry = typeof value === 'object' && value !== null
        ? this.#visit(value, previous)
        : value;
      if (candidate !== undefined && (at !== i || !same(entry, previous))) {
        values = (hints as readonly unknown[]).slice(0, i);
        candidate = undefined;
      }
      values?.push(entry);
    }
    this.#path.pop();
    return this.#finish(source, depth, candidate, values, keys, proto);
  }

  /** Reuses the candidate, fills a node a cycle created early, or interns a new node. */
  #finish(
    source: object,
    depth: number,
    candidate: NodeRecord | undefined,
    values: readonly unknown[] | undefined,
    keys: PropertyKey[] | undefined,
    proto: object | null,
    prefix?: NodeRecord,
  ): NodeRecord {
    let record: NodeRecord;
    const early = this.#early?.get(depth);
    if (early !== undefined) {
      (this.#early as Map<number, NodeRecord>).delete(depth);
      record = this.#fill(early, values ?? (candidate as NodeRecord).values, keys);
    } else if (candidate !== undefined) {
      candidate.epoch = this.#epoch;
      record = candidate;
    } else {
      record = this.#intern(
        values as readonly unknown[],
        keys === undefined ? undefined : this.#keyList(keys),
        proto,
        prefix,
      );
    }
    this.#memo.set(source, record);
    return record;
  }

  /**
   * A cycle reached the source at `depth` before its node exists: create that
   * node now (empty, filled when the source is done). It is never shared.
   */
  #cycle(depth: number): NodeRecord {
    this.#early ??= new Map();
    let record = this.#early.get(depth);
    if (record === undefined) {
      const source = this.#path[depth];
      record = this.#leaf(
        Array.isArray(source) ? [] : Object.create(getPrototypeOf(source)) as object,
      );
      this.#early.set(depth, record);
    }
    return record;
  }

  #fill(
    record: NodeRecord,
    values: readonly unknown[],
    keys: readonly PropertyKey[] | undefined,
  ): NodeRecord {
    const node = record.node;
    if (keys === undefined) {
      for (let i = 0; i < values.length; i++) (node as unknown[]).push(nodeOf(values[i]));
    } else {
      assign(node as Record<PropertyKey, unknown>, keys, values);
      freeze(node);
    }
    return record;
  }

  /** Buffers and views are copied per snapshot and never shared: comparing bytes costs what copying does. */
  #binary(source: object): NodeRecord {
    this.#binaryMemo ??= new WeakMap();
    const record = this.#leaf(snapshotValue(source, this.#binaryMemo) as object);
    this.#memo.set(source, record);
    return record;
  }

  /**
   * A `Map` or `Set` is copied per snapshot, with what it holds at the time,
   * and never shared: the same map, changed between two calls, is two
   * different nodes (and so are the objects holding it), so each snapshot
   * shows what was sent then. Its object values are stored as nodes (aliasing
   * and cycles preserved); its keys keep their identity.
   */
  #collection(source: object, kind: number): NodeRecord {
    const copy = emptyCollection(source);
    const record = this.#leaf(copy);
    // In the memo before its entries: a value that leads back here gets this copy.
    this.#memo.set(source, record);
    fillCollection(source, kind, copy, (item) => this.#visit(item, undefined).node);
    return record;
  }

  #leaf(node: object): NodeRecord {
    return {
      kind: LEAF,
      node,
      keys: undefined,
      proto: null,
      values: NO_VALUES,
      hash: this.#atomHash(node),
      fold: 0,
      epoch: this.#epoch,
    };
  }

  /** A small id per value (0 and -0 share one: `#equal` tells them apart). */
  #atomHash(value: unknown): number {
    let id = this.#atoms.get(value);
    if (id === undefined) {
      id = this.#atoms.size + 1;
      this.#atoms.set(value, id);
    }
    return id;
  }

  /**
   * The record of a stored node equal to `values`, not used yet by this
   * snapshot, or a new one. `prefix` is an array record whose entries start
   * `values`: its hash state and node are continued, not recomputed.
   */
  #intern(
    values: readonly unknown[],
    keys: readonly PropertyKey[] | undefined,
    proto: object | null,
    prefix?: NodeRecord,
  ): NodeRecord {
    const from = prefix === undefined ? 0 : prefix.values.length;
    let fold = keys !== undefined
      ? imul(imul(OBJECT_SEED ^ this.#atomHash(proto), PRIME) ^ this.#atomHash(keys), PRIME)
      : prefix === undefined
      ? ARRAY_SEED
      : prefix.fold;
    for (let i = from; i < values.length; i++) {
      const entry = values[i];
      const entryHash = typeof entry === 'object' && entry !== null
        ? (entry as NodeRecord).hash
        : this.#atomHash(entry);
      fold = imul(fold ^ entryHash, PRIME);
    }
    const hash = (keys === undefined ? imul(fold ^ values.length, PRIME) : fold) & 0x3fffffff;
    const bucket = this.#table.get(hash);
    if (bucket !== undefined) {
      for (const record of bucket) {
        if (this.#equal(record, values, keys, proto)) {
          record.epoch = this.#epoch;
          return record;
        }
      }
    }
    let node: Container;
    if (keys === undefined) {
      const added: unknown[] = [];
      for (let i = from; i < values.length; i++) added.push(nodeOf(values[i]));
      // Entries are never spread by concat: only its (array) argument is.
      node = prefix === undefined ? added : (prefix.node as unknown[]).concat(added);
    } else {
      node = Object.create(proto) as Record<PropertyKey, unknown>;
      assign(node, keys, values);
      // Arrays are left unfrozen: freezing one costs O(length) on JavaScriptCore
      // (0.4 ms for 2,000 elements), i.e. O(N²) over a growing history. Nodes are
      // private and never handed out, so nothing could mutate them anyway.
      freeze(node);
    }
    const record: NodeRecord = {
      kind: keys === undefined ? ARRAY : OBJECT,
      node,
      keys,
      proto,
      values,
      hash,
      fold: keys === undefined ? fold : 0,
      epoch: this.#epoch,
    };
    if (bucket === undefined) this.#table.set(hash, [record]);
    else bucket.push(record);
    return record;
  }

  #equal(
    record: NodeRecord,
    values: readonly unknown[],
    keys: readonly PropertyKey[] | undefined,
    proto: object | null,
  ): boolean {
    if (record.keys !== keys || record.epoch === this.#epoch) return false;
    const stored = record.values;
    if (stored.length !== values.length) return false;
    if (record.proto !== proto) return false;
    for (let i = 0; i < values.length; i++) if (!same(stored[i], values[i])) return false;
    return true;
  }

  /** One list per key sequence; keys with symbols are kept as they are (rare). */
  #keyList(keys: PropertyKey[]): readonly PropertyKey[] {
    let signature = '';
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (typeof key !== 'string') return keys;
      // Length-prefixed, so no key content can fake a boundary.
      signature += key.length + ':' + key;
    }
    let list = this.#keyLists.get(signature);
    if (list === undefined) {
      list = keys;
      this.#keyLists.set(signature, list);
    }
    return list;
  }
}

function assign(
  node: Record<PropertyKey, unknown>,
  keys: readonly PropertyKey[],
  values: readonly unknown[],
): void {
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const value = nodeOf(values[i]);
    if (key in node) {
      // A key the prototype also has (an own "__proto__" from JSON.parse, or one a
      // frozen or setter-bearing prototype would intercept) must stay an own data key.
      // The node is frozen right after, which fixes the other flags.
      defineProperty(node, key, { value, enumerable: true });
    } else {
      node[key] = value;
    }
  }
}
