/**
 * The one conversion every stored value goes through: any value the SDK hands
 * over becomes JSON with a stable key order (`type` first, then sorted),
 * credentials removed, and large binary strings replaced by digest references
 * (`{ "$blob": "sha256-…" }`) whose payload is kept once in the blob table.
 *
 * A key of the data itself spelled like the blob key (`$blob`, `$$blob`, …)
 * is stored with one more leading `$`, so data that looks like a reference is
 * never read back as one; {@linkcode restore} takes the `$` off again.
 *
 * @module
 */

import {
  isCredentialName,
  mayContainCredentialText,
  redactCredentialText,
  REDACTED,
} from '../_internal/credentials.ts';
import { collectionKind, isPlainObject } from '../_internal/snapshot.ts';
import type { JsonObject, JsonValue } from './cassette_types.ts';

/** The key of a blob reference object. */
export const BLOB_KEY = '$blob';
/** Strings at least this long that look like base64 data are stored as blobs. */
export const BLOB_MIN_LENGTH = 1024;

const DOLLAR = 0x24;

/** True for `$blob`, `$$blob`, …: a key the stored form escapes (or a reference's own key). */
function isBlobLikeKey(key: string): boolean {
  const n = key.length - 4;
  if (n < 1 || key.charCodeAt(0) !== DOLLAR || !key.endsWith('blob')) return false;
  for (let i = 1; i < n; i++) if (key.charCodeAt(i) !== DOLLAR) return false;
  return true;
}

/** The stored spelling of a key of the data. */
export function escapeKey(key: string): string {
  return isBlobLikeKey(key) ? `$${key}` : key;
}

/** The data's own spelling of a stored key (a blob reference's `$blob` stays as it is). */
export function unescapeKey(key: string): string {
  return key.length > 5 && key.charCodeAt(1) === DOLLAR && isBlobLikeKey(key) ? key.slice(1) : key;
}

/** True when stored JSON `value` holds an escaped key (see the module doc). */
export function hasEscapedKey(value: JsonValue): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasEscapedKey(value[i])) return true;
    return false;
  }
  for (const key in value) {
    if (key.charCodeAt(0) === DOLLAR && unescapeKey(key) !== key) return true;
    if (hasEscapedKey(value[key])) return true;
  }
  return false;
}

/**
 * JSON stored before keys were escaped (format versions 1 and 2), in the
 * escaped form: every blob-like key of an object that is not a blob reference
 * gains a `$`. Returns `value` itself when nothing needed it; otherwise a copy
 * of the changed paths (the rest shared).
 */
export function escapeLegacyKeys(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: JsonValue[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = escapeLegacyKeys(value[i]);
      if (item !== value[i]) (out ??= value.slice())[i] = item;
    }
    return out ?? value;
  }
  if (blobRef(value) !== undefined) return value;
  // Allocates nothing until a key or a child changes (almost never: this runs over every loaded file).
  let out: JsonObject | undefined;
  for (const key in value) {
    const child = escapeLegacyKeys(value[key]);
    const stored = escapeKey(key);
    if (out === undefined && (child !== value[key] || stored !== key)) {
      out = {};
      for (const before in value) {
        if (before === key) break;
        put(out, before, value[before]);
      }
    }
    if (out !== undefined) put(out, stored, child);
  }
  return out ?? value;
}

const dataUrl = /^data:[^,;]*(;[^,;=]+=[^,;]*)*;base64,/;
const base64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** True for a string stored once by digest rather than inline. */
export function isBinaryString(value: string): boolean {
  return value.length >= BLOB_MIN_LENGTH && (dataUrl.test(value) || base64.test(value));
}

/** A reference still waiting for its digest, filled in by {@linkcode BlobTable.resolve}. */
interface PendingBlob {
  ref: { [BLOB_KEY]: string };
  payload: string;
}

/** The blobs collected while converting one value, and an optional cache of converted nodes. */
export class Conversion {
  readonly pending: PendingBlob[] = [];
  /**
   * Converted JSON by source node, for sources that are frozen snapshot nodes
   * (immutable, and shared between consecutive requests of a run): each is
   * converted once. The cached JSON is shared, so it must never be changed.
   * A node is cached only when nothing below it is an object a snapshot keeps
   * by identity (see {@linkcode Conversion.kept}).
   */
  readonly cache: WeakMap<object, JsonValue> | undefined;
  /**
   * How many objects kept by identity in snapshots (class instances, dates,
   * headers, errors: anything but plain objects, arrays, buffers, maps and
   * sets) this conversion met. Such an object can change while the node
   * holding it stays the same node, so JSON converted through one describes
   * that moment only and must not be reused for a later request.
   */
  kept = 0;

  constructor(cache?: WeakMap<object, JsonValue>) {
    this.cache = cache;
  }
}

const objectPrototype = Object.prototype;
const isFrozen = Object.isFrozen;
const getPrototypeOf = Object.getPrototypeOf;

/**
 * Converts `value` to JSON. Within objects, `undefined`, functions and symbols
 * are left out (in arrays they become `null`, as `JSON.stringify` does);
 * fields with credential names holding a string or number become
 * `'[redacted]'`; strings lose credential-looking tokens; `Headers` become a
 * lower-cased object; byte arrays become base64; cycles become `'[circular]'`.
 */
export function toJson(value: unknown, conversion: Conversion): JsonValue | undefined {
  return convert(value, conversion, new Set(), 0);
}

// Below this depth a cycle is impossible to miss later, so the ancestor set is
// only kept deeper down: SDK data is shallow and acyclic, and this walk runs
// over every request of a replay.
const CYCLE_CHECK_DEPTH = 48;

function convert(
  value: unknown,
  conversion: Conversion,
  path: Set<object>,
  depth: number,
): JsonValue | undefined {
  switch (typeof value) {
    case 'string':
      return convertString(value, conversion);
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return null;
  const cache = conversion.cache;
  if (cache !== undefined && isFrozen(value)) {
    const cached = cache.get(value);
    if (cached !== undefined) return cached;
    const proto = getPrototypeOf(value);
    if (Array.isArray(value) || proto === objectPrototype || proto === null) {
      const kept = conversion.kept;
      const converted = convertUncached(value, conversion, path, depth);
      if (converted !== undefined && conversion.kept === kept) cache.set(value, converted);
      return converted;
    }
  }
  return convertUncached(value, conversion, path, depth);
}

function convertUncached(
  value: object,
  conversion: Conversion,
  path: Set<object>,
  depth: number,
): JsonValue | undefined {
  const tracked = depth >= CYCLE_CHECK_DEPTH;
  if (tracked) {
    if (path.has(value)) return '[circular]';
    path.add(value);
  }
  const out = convertObject(value, conversion, path, depth + 1);
  if (tracked) path.delete(value);
  return out;
}

function convertObject(
  value: object,
  conversion: Conversion,
  path: Set<object>,
  depth: number,
): JsonValue | undefined {
  if (Array.isArray(value)) {
    const out: JsonValue[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      out[i] = convert(value[i], conversion, path, depth) ?? null;
    }
    return out;
  }
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
    return convertString(bytesToBase64(value), conversion);
  }
  if (!isPlainObject(value) && collectionKind(value) === 0) conversion.kept++;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof Headers !== 'undefined' && value instanceof Headers) {
    const headers: Record<string, unknown> = {};
    value.forEach((v, k) => headers[k.toLowerCase()] = v);
    return convert(headers, conversion, path, depth);
  }
  if (value instanceof Map) {
    return convert(Object.fromEntries(value), conversion, path, depth);
  }
  if (value instanceof Set) return convert([...value], conversion, path, depth);
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return convert(toJSON.call(value), conversion, path, depth);
  const source = value as Record<string, unknown>;
  const out: JsonObject = {};
  const keys = Object.keys(source);
  // Sorted by their stored spelling, so the stored form is in the stable order.
  let escaped = false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key.charCodeAt(0) === DOLLAR && isBlobLikeKey(key)) {
      keys[i] = `$${key}`;
      escaped = true;
    }
  }
  for (const key of orderedKeys(keys)) {
    const child = source[escaped ? unescapeKey(key) : key];
    if (
      (typeof child === 'string' || typeof child === 'number') && isCredentialKey(key)
    ) {
      put(out, key, REDACTED);
      continue;
    }
    const converted = convert(child, conversion, path, depth);
    if (converted !== undefined) put(out, key, converted);
  }
  return out;
}

function convertString(value: string, conversion: Conversion): JsonValue {
  const text = mayContainCredentialText(value) ? redactCredentialText(value) : value;
  if (!isBinaryString(text)) return text;
  const ref = { [BLOB_KEY]: '' };
  conversion.pending.push({ ref, payload: text });
  return ref;
}

/** Sets an own data property, even for the key `__proto__` (which JSON may hold). */
export function put<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/** Whether a field named `key` holds a credential, remembered for the few names data repeats. */
const credentialKeys = new Map<string, boolean>();
function isCredentialKey(key: string): boolean {
  let known = credentialKeys.get(key);
  if (known === undefined) {
    known = isCredentialName(key);
    // Bounded: keys of arbitrary data (a map of ids) must not grow it forever.
    if (credentialKeys.size < 4096) credentialKeys.set(key, known);
  }
  return known;
}

/** Above this many keys, `Array.prototype.sort` beats an insertion sort. */
const INSERTION_SORT_MAX = 24;

/** `type` first (an item reads best by its kind), then the other keys sorted (by code unit). */
export function orderedKeys(keys: string[]): string[] {
  const n = keys.length;
  if (n > INSERTION_SORT_MAX) {
    keys.sort();
  } else {
    // Objects here have a handful of keys, often already in order: an
    // insertion sort is several times faster than the engines' general sort.
    for (let i = 1; i < n; i++) {
      const key = keys[i];
      let j = i - 1;
      while (j >= 0 && keys[j] > key) {
        keys[j + 1] = keys[j];
        j--;
      }
      keys[j + 1] = key;
    }
  }
  const type = keys.indexOf('type');
  if (type > 0) {
    for (let i = type; i > 0; i--) keys[i] = keys[i - 1];
    keys[0] = 'type';
  }
  return keys;
}

/** True when every object in JSON `value` already has its keys in the stable order. */
export function isSorted(value: JsonValue): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isSorted(value[i])) return false;
    return true;
  }
  let previous: string | undefined;
  for (const key in value) {
    if (previous === undefined) {
      if (key !== 'type' && Object.hasOwn(value, 'type')) return false;
    } else if (key === 'type' || (previous !== 'type' && !(previous < key))) {
      return false;
    }
    previous = key;
    if (!isSorted(value[key])) return false;
  }
  return true;
}

/** A copy of JSON `value` with its object keys in the stable order. */
export function sortJson(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(sortJson);
  const out: JsonObject = {};
  for (const key of orderedKeys(Object.keys(value))) put(out, key, sortJson(value[key]));
  return out;
}

function bytesToBase64(value: ArrayBufferView | ArrayBuffer): string {
  const bytes = value instanceof ArrayBuffer
    ? new Uint8Array(value)
    : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The blob table of a cassette: payloads by digest, and a digest cache by payload. */
export class BlobTable {
  readonly #byDigest = new Map<string, string>();
  readonly #byPayload = new Map<string, string>();

  /** Loads stored blobs (already validated). */
  load(blobs: Record<string, string>): void {
    for (const [digest, payload] of Object.entries(blobs)) {
      this.#byDigest.set(digest, payload);
      this.#byPayload.set(payload, digest);
    }
  }

  /** Fills in the digest of every pending reference of `conversion` and keeps the payloads. */
  async resolve(conversion: Conversion): Promise<void> {
    for (const { ref, payload } of conversion.pending) {
      let digest = this.#byPayload.get(payload);
      if (digest === undefined) {
        digest = await sha256(payload);
        this.#byPayload.set(payload, digest);
        this.#byDigest.set(digest, payload);
      }
      ref[BLOB_KEY] = digest;
    }
    conversion.pending.length = 0;
  }

  /** The payload stored under `digest`. */
  get(digest: string): string | undefined {
    return this.#byDigest.get(digest);
  }

  /** The blobs `values` reference, sorted by digest. */
  referencedBy(values: readonly JsonValue[]): Record<string, string> {
    const digests = new Set<string>();
    for (const value of values) collectRefs(value, digests);
    const out: Record<string, string> = {};
    for (const digest of [...digests].sort()) {
      const payload = this.#byDigest.get(digest);
      if (payload !== undefined) out[digest] = payload;
    }
    return out;
  }
}

/** The `sha256-<hex>` digest of `text`'s UTF-8 bytes (web-standard crypto). */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return `sha256-${hex}`;
}

/** The digest a blob reference names, or `undefined` for any other value. */
export function blobRef(value: JsonValue): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const digest = value[BLOB_KEY];
  if (typeof digest !== 'string') return undefined;
  for (const key in value) if (key !== BLOB_KEY) return undefined;
  return digest;
}

/** Every blob digest referenced in `value`. */
export function collectRefs(value: JsonValue, into: Set<string>): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
    return;
  }
  const digest = blobRef(value);
  if (digest !== undefined) {
    into.add(digest);
    return;
  }
  for (const key in value) collectRefs(value[key], into);
}

/**
 * A fresh deep copy of stored JSON with every blob reference replaced by its
 * payload: what a replayed response hands to the runner.
 */
export function restore(value: JsonValue, blobs: BlobTable): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = restore(value[i], blobs);
    return out;
  }
  const digest = blobRef(value);
  if (digest !== undefined) return blobs.get(digest) ?? value;
  const out: Record<string, unknown> = {};
  for (const key in value) {
    put(out, key.charCodeAt(0) === DOLLAR ? unescapeKey(key) : key, restore(value[key], blobs));
  }
  return out;
}

/** A deep copy of JSON `value`. */
export function copyJson<T extends JsonValue>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const out: JsonObject = {};
  for (const key in value) put(out, key, copyJson(value[key]));
  return out as T;
}
