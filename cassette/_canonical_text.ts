/**
 * The matching key of a live request without building its stored copy: the
 * exact text `JSON.stringify` gives for the stored form of the request, written
 * straight from the live values. A replay that hits never needs the copy, so
 * the common case allocates one string per call instead of a deep copy.
 *
 * Only plain data takes this path. Anything the stored form rewrites (class
 * instances, `toJSON`, byte arrays, binary or credential-looking strings,
 * credential-named fields, integer-like or `__proto__` keys, deep nesting)
 * makes it give up (`undefined`), and the caller converts the request the
 * ordinary way; so the text is always the stored form's, or nothing.
 *
 * @module
 */

import {
  isCredentialName,
  mayContainCredentialText,
  redactCredentialText,
} from '../_internal/credentials.ts';
import { isBinaryString, orderedKeys } from './_json.ts';
import { requestDefaults, storedRequestKeys } from './_serialize.ts';
import type { ModelRequest } from '@openai/agents-core';

const objectPrototype = Object.prototype;
const MAX_DEPTH = 48;

/** Thrown inside the walk to give up; never escapes this module. */
const GIVE_UP = Symbol('give up');

/**
 * `JSON.stringify` of the stored form of `request` (see `requestRecord`), or
 * `undefined` when the request holds anything but plain data.
 */
export function canonicalRequestText(
  request: ModelRequest,
  items?: ItemTextCache,
): string | undefined {
  const source = request as unknown as Record<string, unknown>;
  let out = '{';
  let first = true;
  try {
    for (const key of storedRequestKeys) {
      const value = source[key] ?? requestDefaults[key];
      const text = key === 'input' && items !== undefined && Array.isArray(value)
        ? writeItems(value, items)
        : write(value, 0);
      if (text === undefined) continue;
      out += `${first ? '' : ','}"${key}":${text}`;
      first = false;
    }
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
  return `${out}}`;
}

/**
 * The texts of input items already written, by item object. The runner hands
 * every turn the same item objects again, so a long run writes each item
 * once. An entry is reused only while the item's own fields still hold the
 * same values; a change deeper down could go unseen, which is why a key that
 * matches nothing is never trusted: the caller converts the request afresh.
 */
export class ItemTextCache {
  readonly #entries = new WeakMap<object, { text: string; keys: string[]; values: unknown[] }>();

  /** The cached text of `item`, if its own fields are unchanged. */
  get(item: object): string | undefined {
    const entry = this.#entries.get(item);
    if (entry === undefined) return undefined;
    const keys = Object.keys(item);
    if (keys.length !== entry.keys.length) return undefined;
    const source = item as Record<string, unknown>;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] !== entry.keys[i] || source[keys[i]] !== entry.values[i]) return undefined;
    }
    return entry.text;
  }

  /** Remembers the text of `item`. */
  set(item: object, text: string): void {
    const keys = Object.keys(item);
    const source = item as Record<string, unknown>;
    this.#entries.set(item, { text, keys, values: keys.map((key) => source[key]) });
  }
}

function writeItems(items: unknown[], cache: ItemTextCache): string {
  if (Object.getPrototypeOf(items) !== Array.prototype) throw GIVE_UP;
  let out = '[';
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    let text: string | undefined;
    if (typeof item === 'object' && item !== null) {
      text = cache.get(item);
      if (text === undefined) {
        text = write(item, 1) ?? 'null';
        cache.set(item, text);
      }
    } else {
      text = write(item, 1) ?? 'null';
    }
    out += `${i === 0 ? '' : ','}${text}`;
  }
  return `${out}]`;
}

function write(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
      if (isBinaryString(value)) throw GIVE_UP;
      if (mayContainCredentialText(value) && redactCredentialText(value) !== value) {
        throw GIVE_UP;
      }
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value === 0 ? 0 : value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'object':
      break;
    default:
      throw GIVE_UP;
  }
  if (value === null) return 'null';
  if (depth >= MAX_DEPTH) throw GIVE_UP;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) throw GIVE_UP;
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      out += `${i === 0 ? '' : ','}${write(value[i], depth + 1) ?? 'null'}`;
    }
    return `${out}]`;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== objectPrototype && proto !== null) throw GIVE_UP;
  const source = value as Record<string, unknown>;
  if (typeof source.toJSON === 'function') throw GIVE_UP;
  const keys = orderedKeys(Object.keys(source));
  let out = '{';
  let first = true;
  for (const key of keys) {
    const code = key.charCodeAt(0);
    if ((code >= 48 && code <= 57) || key === '__proto__') throw GIVE_UP;
    const child = source[key];
    if (
      (typeof child === 'string' || typeof child === 'number') && isCredentialName(key)
    ) {
      throw GIVE_UP;
    }
    const text = write(child, depth + 1);
    if (text === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
    first = false;
  }
  return `${out}}`;
}
