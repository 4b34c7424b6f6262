/**
 * `registerHooks()`: the one adapter every runner entry is, for any runner with
 * Jest-style global hooks (`beforeEach`, `afterEach`, `afterAll`), and what a
 * `bun test --preload` file calls with `bun:test`'s hooks.
 *
 * @module
 */

import { argv, execArgv } from 'node:process';
import { runnerSession } from './_session.ts';
import type { TestIdentity, TestRun } from './test_run.ts';

/** A hook registrar: `beforeEach`, `afterEach`, `afterAll` of a runner. */
// deno-lint-ignore no-explicit-any
export type HookRegistrar = (fn: (...args: any[]) => any) => unknown;

/** The runner's hooks {@linkcode registerHooks} uses; those it lacks are skipped. */
export interface RunnerHooks {
  /** Runs before each test (its argument, if any, is passed to `identify`). */
  readonly beforeEach: HookRegistrar;
  /** Runs after each test; a throw fails that test. */
  readonly afterEach: HookRegistrar;
  /** Runs after the file's (or, for Bun's preload, the run's) last test. */
  readonly afterAll?: HookRegistrar;
  /**
   * Wraps each test (Vitest 4.1+): the test then runs in its run's async
   * context, so doubles of concurrent tests are told apart. Used instead of
   * `beforeEach` when given.
   */
  readonly aroundEach?: (
    fn: (runTest: () => Promise<void>, context: never) => Promise<void>,
  ) => unknown;
}

/** Options of {@linkcode registerHooks}. */
export interface RegisterHooksOptions {
  /** The entry users import `allowNetwork` from, for the messages. Defaults to `scripted-agents/runner`. */
  entry?: string;
  /**
   * Which test is starting, from the hook's argument (Vitest's context) or
   * the runner's state. Without it the test is unnamed: `useCassette()`
   * then needs a `name` and an absolute `dir`.
   */
  identify?: (context: unknown) => TestIdentity;
  /** Whether the runner was asked to update snapshots. Defaults to the usual command-line flags. */
  updating?: () => boolean;
  /** The object that stands for the test in every hook's argument. Defaults to the argument. */
  key?: (context: unknown) => unknown;
  /**
   * What the test body failed with, read in `afterEach` from its argument
   * (Vitest's context) or the runner's state, so the teardown does not
   * report a double's failure the body failed with again. Defaults to none.
   */
  bodyErrors?: (context: unknown) => readonly unknown[];
}

const updateFlags = ['-u', '--update', '--update-snapshots', '--test-update-snapshots'];
let unnamed = 0;

/**
 * Installs the integration with the runner's global hooks: before each test a
 * run begins (doubles created from then on belong to it; the network is
 * closed, loopback aside); after each test every double it created is
 * verified and a finding fails the test. Call it once per global scope, from
 * a setup file. The test the hooks see last is the running one: for tests
 * running concurrently in one file the runner must tell more (Vitest's entry
 * does).
 *
 * @example A `bun test --preload` file, and what it registers
 * ```ts
 * import assert from 'node:assert/strict';
 * import { registerHooks } from 'scripted-agents/runner';
 *
 * // In the preload file: import { afterAll, afterEach, beforeEach } from 'bun:test';
 * const registered: string[] = [];
 * const hook = (name: string) => () => registered.push(name);
 * registerHooks({
 *   beforeEach: hook('beforeEach'),
 *   afterEach: hook('afterEach'),
 *   afterAll: hook('afterAll'),
 * });
 * assert.deepEqual(registered, ['beforeEach', 'afterEach', 'afterAll']);
 * ```
 */
export function registerHooks(hooks: RunnerHooks, options: RegisterHooksOptions = {}): void {
  const entry = options.entry ?? 'scripted-agents/runner';
  const session = runnerSession({
    advice: `To allow it, call allowNetwork() from ${entry} inside the test, or at the top ` +
      'of the test file, outside any test, for the whole file.',
    updating: options.updating ?? flagsSayUpdate,
  });
  const identify = options.identify ?? (() => ({ file: undefined, titles: [`test ${++unnamed}`] }));
  let last: TestRun | undefined;
  const runs = new WeakMap<object, TestRun>();
  const keyOf = (context: unknown): object | undefined => {
    const key = options.key === undefined ? context : options.key(context);
    return typeof key === 'object' && key !== null ? key : undefined;
  };
  const begin = (context: unknown): TestRun => {
    const run = session.begin(identify(context));
    last = run;
    const key = keyOf(context);
    if (key !== undefined) runs.set(key, run);
    return run;
  };
  if (hooks.aroundEach !== undefined) {
    hooks.aroundEach(async (runTest, context) => {
      await session.prepare();
      return session.within(begin(context), runTest);
    });
  } else {
    // Rest parameters keep the hooks' arity 0: Jest and Bun take a hook with a
    // parameter for one that calls `done()`. The first test starts the search for
    // a second SDK copy (prepare() waits for it), not the setup file's load.
    hooks.beforeEach(
      (async (...args: unknown[]) => {
        await session.prepare();
        begin(args[0]);
      }) as never,
    );
  }
  hooks.afterEach(
    (async (...args: unknown[]) => {
      const key = keyOf(args[0]);
      const run = (key === undefined ? undefined : runs.get(key)) ?? last;
      if (run === undefined) return;
      if (last === run) last = undefined;
      await session.end(run, { bodyErrors: options.bodyErrors?.(args[0]) ?? [] });
    }) as never,
  );
  hooks.afterAll?.((() => session.close()) as never);
}

function flagsSayUpdate(): boolean {
  return [...argv.slice(2), ...execArgv].some((arg) => updateFlags.includes(arg));
}
