/**
 * Where two JSON values differ, for the message of a cassette miss: the first
 * few differing paths with the recorded and the current value, and a distance
 * to pick the nearest recorded request.
 *
 * @module
 */

import { differenceWindow } from '../_internal/format.ts';
import type { JsonValue } from './cassette_types.ts';

/**
 * One differing path between a recorded and a current value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { JsonDifference } from "scripted-agents/cassette";
 *
 * const difference: JsonDifference = {
 *   path: "request.input[0].content",
 *   recorded: "Hi",
 *   actual: "Hello",
 * };
 * assert.equal(difference.recorded, "Hi");
 * ```
 */
export interface JsonDifference {
  /** Where the values differ, e.g. `request.input[2].output`. */
  path: string;
  /** The recorded value there (`undefined` when the recording has none). */
  recorded: JsonValue | undefined;
  /** The current value there (`undefined` when the request has none). */
  actual: JsonValue | undefined;
}

/**
 * Up to `limit` differences between `recorded` and `actual`, in document
 * order, and how many there are in all (counted up to `countLimit`).
 */
export function jsonDifferences(
  recorded: JsonValue | undefined,
  actual: JsonValue | undefined,
  options: { root: string; limit: number; countLimit?: number },
): { differences: JsonDifference[]; count: number } {
  const differences: JsonDifference[] = [];
  const countLimit = options.countLimit ?? Number.POSITIVE_INFINITY;
  let count = 0;
  const visit = (a: JsonValue | undefined, b: JsonValue | undefined, path: string): void => {
    if (count >= countLimit) return;
    if (a === b) return;
    const aIsObject = a !== null && typeof a === 'object';
    const bIsObject = b !== null && typeof b === 'object';
    if (aIsObject && bIsObject && Array.isArray(a) === Array.isArray(b)) {
      if (Array.isArray(a) && Array.isArray(b)) {
        const length = Math.max(a.length, b.length);
        for (let i = 0; i < length; i++) visit(a[i], b[i], `${path}[${i}]`);
        return;
      }
      const left = a as Record<string, JsonValue>;
      const right = b as Record<string, JsonValue>;
      const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
      for (const key of keys) visit(left[key], right[key], `${path}${pathKey(key)}`);
      return;
    }
    count += 1;
    if (differences.length < options.limit) differences.push({ path, recorded: a, actual: b });
  };
  visit(recorded, actual, options.root);
  return { differences, count };
}

function pathKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/**
 * A recorded and a current value as two short lines for a message: long ones
 * are shown around their first difference, so the lines differ where the
 * values do.
 */
export function previewPair(
  recorded: JsonValue | undefined,
  actual: JsonValue | undefined,
  width = 100,
): [string, string] {
  const [a, b] = differenceWindow(
    recorded === undefined ? '' : JSON.stringify(recorded),
    actual === undefined ? '' : JSON.stringify(actual),
    width,
  );
  return [recorded === undefined ? '(absent)' : a, actual === undefined ? '(absent)' : b];
}
