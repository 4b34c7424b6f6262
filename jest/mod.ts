/**
 * Jest setup: add `'scripted-agents/jest'` to `setupFilesAfterEnv` (CommonJS
 * and ESM projects alike) and every test verifies the doubles it created when
 * it ends, runs offline (loopback aside), and can open the cassette named
 * after it with `useCassette()`. Jest does not tell concurrent tests
 * (`test.concurrent`) apart in its hooks: there a double belongs to the test
 * that began last.
 *
 * @example jest.config.js
 * ```ts
 * import assert from 'node:assert/strict';
 * const config = { setupFilesAfterEnv: ['scripted-agents/jest'] };
 * // module.exports = config;
 * assert.deepEqual(config.setupFilesAfterEnv, ['scripted-agents/jest']);
 * ```
 *
 * @module
 */

import { registerHooks } from '../runner/register_hooks.ts';
import type { TestIdentity } from '../runner/test_run.ts';
import { matchers, serializer } from '../runner/matchers.ts';

export { allowNetwork } from '../runner/with_doubles.ts';
export { useCassette } from '../runner/use_cassette.ts';
export type { UseCassetteOptions } from '../runner/use_cassette.ts';
export type { ScriptedAgentsMatchers } from '../runner/matchers.ts';

interface JestExpectState {
  readonly currentTestName?: string;
  readonly testPath?: string;
  readonly snapshotState?: { readonly _updateSnapshot?: string };
}

interface CircusTest {
  readonly name: string;
  readonly parent?: CircusTest;
  /** What the test failed with so far: an error, or `[error, asyncError]`. */
  readonly errors?: readonly unknown[];
}

const scope = globalThis as {
  beforeEach?: unknown;
  afterEach?: unknown;
  afterAll?: unknown;
  expect?: {
    getState?: () => JestExpectState;
    extend?: (matchers: object) => void;
    addSnapshotSerializer?: (serializer: object) => void;
  };
};

if (typeof scope.beforeEach !== 'function' || typeof scope.afterEach !== 'function') {
  throw new Error(
    "scripted-agents/jest uses Jest's global hooks, and there are none here: list it in " +
      'setupFilesAfterEnv (not setupFiles), and keep injectGlobals on. For bun test, call ' +
      'registerHooks({ beforeEach, afterEach, afterAll }) from scripted-agents/runner in a --preload file.',
  );
}

scope.expect?.extend?.(matchers);
scope.expect?.addSnapshotSerializer?.(serializer);

registerHooks({
  beforeEach: scope.beforeEach as never,
  afterEach: scope.afterEach as never,
  afterAll: scope.afterAll as never,
}, {
  entry: 'scripted-agents/jest',
  identify: identity,
  updating: () => scope.expect?.getState?.().snapshotState?._updateSnapshot === 'all',
  bodyErrors: () =>
    circusTest()?.errors?.map((entry) => Array.isArray(entry) ? entry[0] : entry) ?? [],
});

function identity(): TestIdentity {
  const state = scope.expect?.getState?.() ?? {};
  return {
    file: state.testPath,
    titles: circusTitles() ?? [state.currentTestName ?? 'test'],
  };
}

/**
 * The running test's describe blocks and name from jest-circus's state, which
 * keeps them apart (`currentTestName` joins them with spaces). Not a public
 * API: when it is not there, the joined name is used.
 */
function circusTitles(): string[] | undefined {
  let test = circusTest();
  if (test === undefined) return undefined;
  const titles: string[] = [];
  // The root block is jest-circus's own (named ROOT_DESCRIBE_BLOCK).
  for (; test !== undefined && test.parent !== undefined; test = test.parent) {
    titles.unshift(test.name);
  }
  return titles;
}

/** jest-circus's running test (not a public API: `undefined` when it is not there). */
function circusTest(): CircusTest | undefined {
  const key = Object.getOwnPropertySymbols(globalThis)
    .find((symbol) => symbol.description === 'JEST_STATE_SYMBOL');
  if (key === undefined) return undefined;
  const state = (globalThis as Record<symbol, unknown>)[key] as
    | { currentlyRunningTest?: CircusTest | null }
    | undefined;
  return state?.currentlyRunningTest ?? undefined;
}
