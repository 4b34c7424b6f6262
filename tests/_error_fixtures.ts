/**
 * Readers for the structured part of the doubles' errors, shared by the error
 * tests of the three doubles.
 *
 * @module
 */

import assert from 'node:assert/strict';

/** Own enumerable keys, in order, each with its value. */
export function fields(error: object): [string, unknown][] {
  return Object.keys(error).map((key) => [key, (error as Record<string, unknown>)[key]]);
}

/** Like {@link fields}, and every one of them must be a plain data property. */
export function ownDataFields(error: object): [string, unknown][] {
  return Object.keys(error).map((key) => {
    const descriptor = Object.getOwnPropertyDescriptor(error, key)!;
    assert.ok(descriptor.enumerable, `${key} is enumerable`);
    assert.ok('value' in descriptor, `${key} is a data property`);
    return [key, descriptor.value];
  });
}
