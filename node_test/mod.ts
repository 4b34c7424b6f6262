/**
 * node:test setup: preload it with `--import` and every test verifies the
 * doubles it created when it ends, runs offline (loopback aside), and can
 * open the cassette named after it with `useCassette()`, without wrapping
 * each test in `withDoubles()`:
 *
 * ```sh
 * node --import tsx --import scripted-agents/node_test --test test/*.test.ts
 * ```
 *
 * A module preloaded with `--import` registers node:test's root-level
 * `beforeEach`, `afterEach` and `after`, which apply to every test of every
 * file (`--test` runs each file in a process of its own, with the same
 * `--import` flags). When the test's body failed, node:test keeps the body's
 * failure as the test's; what the doubles found then is printed under it as
 * the test's diagnostic ("The teardown failed too: …"). Tests run one after
 * another in a file by default; with `{ concurrency }` a double belongs to
 * the test that began last.
 *
 * @example The command line, as a package.json script
 * ```ts
 * import assert from 'node:assert/strict';
 * const scripts = { test: 'node --import tsx --import scripted-agents/node_test --test' };
 * assert.match(scripts.test, /--import scripted-agents\/node_test/);
 * ```
 *
 * @module
 */

import { after, afterEach, beforeEach } from 'node:test';
import { argv } from 'node:process';
import { type HookRegistrar, registerHooks } from '../runner/register_hooks.ts';
import type { TestIdentity } from '../runner/test_run.ts';
import { toPath } from '../runner/with_doubles.ts';
import { describeThrown } from '../_internal/format.ts';

export { allowNetwork } from '../runner/with_doubles.ts';
export { useCassette } from '../runner/use_cassette.ts';
export type { UseCassetteOptions } from '../runner/use_cassette.ts';

/** What node:test hands its hooks: the test's context. */
interface NodeTestContext {
  readonly name: string;
  /** Node 20.13+: the names from the outermost suite, joined by ` > `. */
  readonly fullName?: string;
  /** Node 22.6+: the test file's path. */
  readonly filePath?: string;
  /** Node 20.13+: what the test's body threw, seen by `afterEach`. */
  readonly error?: unknown;
  diagnostic(message: string): void;
}

/**
 * node:test's `afterEach`, whose throw is dropped once the body failed: the
 * findings then go under the body's failure, as the test's diagnostic.
 */
const afterEachKeepingFindings: HookRegistrar = (fn) =>
  afterEach(async (context) => {
    const test = context as unknown as NodeTestContext;
    try {
      await fn(test);
    } catch (error) {
      if (test.error === undefined || test.error === null) throw error;
      test.diagnostic(`The teardown failed too: ${describeThrown(error)}`);
    }
  });

registerHooks({
  beforeEach: beforeEach as HookRegistrar,
  afterEach: afterEachKeepingFindings,
  afterAll: after as HookRegistrar,
}, {
  entry: 'scripted-agents/node_test',
  identify: (context) => identityOf(context as NodeTestContext),
});

function identityOf(test: NodeTestContext): TestIdentity {
  const titles = typeof test.fullName === 'string' && test.fullName !== ''
    ? test.fullName.split(' > ')
    : [test.name];
  const file = test.filePath ?? argv[1];
  return { file: typeof file === 'string' && file !== '' ? toPath(file) : undefined, titles };
}
