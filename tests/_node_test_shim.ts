/**
 * What `node:test` resolves to under Deno (tests/deno.jsonc maps it here): the
 * recipes are user-facing examples written against `node:test`, and Deno's own
 * node:test runs them with its op and resource sanitizers off. Through this
 * module they register as `Deno.test` via the harness, sanitizers on, with
 * `t.after` teardowns. Node and Bun keep their real `node:test`.
 *
 * Only what the recipes use exists here; anything else fails to type-check.
 *
 * @module
 */

import { test as harnessTest, type TestFn } from './_harness.ts';

/** Registers a test the way `node:test`'s default export does (name and body only). */
export default function test(name: string, fn: TestFn): void {
  harnessTest(name, fn);
}

export { test };
