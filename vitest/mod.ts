/**
 * Vitest setup: add `'scripted-agents/vitest'` to `test.setupFiles` and every
 * test verifies the doubles it created when it ends, runs offline (loopback
 * aside), and can open the cassette named after it with `useCassette()`.
 * Tests running concurrently (`test.concurrent`) are told apart on Vitest
 * 4.1+ (through `aroundEach`); on older releases a double belongs to the
 * test that began last.
 *
 * @example vitest.config.ts
 * ```ts
 * import assert from 'node:assert/strict';
 * // import { defineConfig } from 'vitest/config';
 * const config = { test: { setupFiles: ['scripted-agents/vitest'] } };
 * // export default defineConfig(config);
 * assert.deepEqual(config.test.setupFiles, ['scripted-agents/vitest']);
 * ```
 *
 * @module
 */

import * as vitest from 'vitest';
import { registerHooks } from '../runner/register_hooks.ts';
import type { TestIdentity } from '../runner/test_run.ts';
import { matchers, serializer } from '../runner/matchers.ts';

export { allowNetwork } from '../runner/with_doubles.ts';
export { useCassette } from '../runner/use_cassette.ts';
export type { UseCassetteOptions } from '../runner/use_cassette.ts';
export type { ScriptedAgentsMatchers } from '../runner/matchers.ts';

interface VitestTask {
  readonly name: string;
  readonly suite?: VitestTask;
  readonly file?: { readonly filepath?: string };
  readonly filepath?: string;
}

const api = vitest as unknown as {
  aroundEach?: (fn: (runTest: () => Promise<void>, context: never) => Promise<void>) => void;
  expect: {
    getState(): { snapshotState?: { _updateSnapshot?: string } };
    extend(matchers: object): void;
    addSnapshotSerializer(serializer: object): void;
  };
};

api.expect.extend(matchers);
api.expect.addSnapshotSerializer(serializer);

registerHooks({
  beforeEach: vitest.beforeEach as never,
  afterEach: vitest.afterEach as never,
  afterAll: vitest.afterAll as never,
  aroundEach: api.aroundEach,
}, {
  entry: 'scripted-agents/vitest',
  key: (context) => (context as { task?: object } | undefined)?.task,
  identify: (context) => identityOf((context as { task: VitestTask }).task),
  updating: () => api.expect.getState().snapshotState?._updateSnapshot === 'all',
  // Vitest has recorded the body's failure (a serialized copy) when afterEach runs.
  bodyErrors: (context) =>
    (context as { task?: { result?: { errors?: unknown[] } } } | undefined)?.task?.result
      ?.errors ?? [],
});

function identityOf(task: VitestTask): TestIdentity {
  const titles = [task.name];
  for (let suite = task.suite; suite !== undefined; suite = suite.suite) {
    // The file's own suite ends the chain; its name is the file's path.
    if (suite.filepath !== undefined) break;
    titles.unshift(suite.name);
  }
  return { file: task.file?.filepath, titles };
}
