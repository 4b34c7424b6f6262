/**
 * Deno setup: preload it (`deno test --preload=<this entry>`) and every test
 * verifies the doubles it created when it ends, runs offline (loopback
 * aside), and can open the cassette named after it with `useCassette()`,
 * without wrapping each test in `withDoubles()`:
 *
 * ```sh
 * deno test --preload=npm:scripted-agents/deno --allow-env --allow-read
 * ```
 *
 * Deno's runner has no global hooks. The preloaded module runs before the
 * test modules register their tests, so it puts a wrapper in front of
 * `Deno.test` (and its `ignore` and `only`): each test's function then runs
 * as `withDoubles(fn)` would run it. Tests written with `node:test` under
 * Deno go through `Deno.test` too. When the body failed and the doubles found
 * problems as well, the test fails with a `TeardownAlsoFailedError` whose
 * message starts with the body's failure.
 *
 * @example What the preload does to each test
 * ```ts
 * import assert from 'node:assert/strict';
 * import { withDoubles } from 'scripted-agents/runner';
 *
 * // Deno.test('answers', fn) runs, with the preload, as Deno.test('answers', withDoubles(fn)).
 * const wrapped = withDoubles(() => {}, { titles: ['answers'] });
 * assert.equal(typeof wrapped, 'function');
 * ```
 *
 * @module
 */

import { withDoubles } from '../runner/with_doubles.ts';

export { allowNetwork } from '../runner/with_doubles.ts';
export { useCassette } from '../runner/use_cassette.ts';
export type { UseCassetteOptions } from '../runner/use_cassette.ts';

// deno-lint-ignore no-explicit-any
type Register = (...args: any[]) => unknown;

interface DenoTest extends Register {
  ignore?: Register;
  only?: Register;
}

const wrappedKey = Symbol.for('scripted-agents.deno-test-wrapped');
const deno = (globalThis as { Deno?: { test?: DenoTest & { [wrappedKey]?: true } } }).Deno;

if (typeof deno?.test !== 'function') {
  throw new Error(
    'scripted-agents/deno wraps Deno.test, and there is none here: preload it with ' +
      '`deno test --preload=...`. For node:test use scripted-agents/node_test, for Vitest ' +
      'and Jest their entries.',
  );
}

if (deno.test[wrappedKey] !== true) {
  const original = deno.test;
  const wrapping = (register: Register): Register => (...args: unknown[]) =>
    register.apply(original, args.map(wrapArgument));
  const test = wrapping(original) as DenoTest & { [wrappedKey]?: true };
  if (typeof original.ignore === 'function') test.ignore = wrapping(original.ignore);
  if (typeof original.only === 'function') test.only = wrapping(original.only);
  test[wrappedKey] = true;
  deno.test = test;
}

/** A test function, or the `fn` of a test definition, wrapped; anything else as is. */
function wrapArgument(argument: unknown): unknown {
  if (typeof argument === 'function') return withDoubles(argument as (context: object) => unknown);
  if (typeof argument === 'object' && argument !== null) {
    const definition = argument as { fn?: unknown };
    if (typeof definition.fn === 'function') {
      return { ...definition, fn: withDoubles(definition.fn as (context: object) => unknown) };
    }
  }
  return argument;
}
