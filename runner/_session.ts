/**
 * The shared machinery of the runner entries: which test is running (an
 * `AsyncLocalStorage` where the runner lets us wrap the test, else the test
 * begun last), the live-double collector, the offline network gate and the
 * default-provider guard. One session per global scope: Vitest and Jest give
 * every test file its own; `node:test`, Deno and Bun share one per process.
 *
 * @module
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Model, ModelProvider } from '@openai/agents-core';
import { Runner, setDefaultModelProvider } from '@openai/agents-core';
import { liveDoubleRegistry } from '../_internal/live_doubles.ts';
import { type OfflineGuard, offlineGuard } from '../testing/offline_guard.ts';
import { RealModelRequestError } from './runner_errors.ts';
import { type TestIdentity, TestRun } from './test_run.ts';
// Registers SCRIPTED_AGENTS_SEED as exploreAgent()'s default seed in every runner entry.
import './explore_seed.ts';

const sessionKey = Symbol.for('scripted-agents.runner-session');

/**
 * What outlives a session: one per module instance, so per test file under
 * Vitest and Jest (each file has its own modules) and `node:test` (a process
 * per file), per process under Deno and Bun. `allowNetwork()` called outside
 * any test, and the cassette files the tests claimed. Exported for the
 * session's tests only: nothing resets it, so they put it back themselves.
 */
export const fileScope = { allowsNetwork: false, cassettes: new Map<string, string>() };

/** How a runner entry describes itself to the session. */
export interface SessionOptions {
  /** How users allow the network, for the blocked attempts' messages. */
  readonly advice: string;
  /** Whether the runner was asked to update snapshots (`-u`): cassettes update too. */
  readonly updating: () => boolean;
  /**
   * Loads the SDK's core module as the test files would import it, to find a
   * second copy. Defaults to {@linkcode importSdk}; the session's tests pass
   * a stand-in copy.
   */
  readonly importSdk?: () => Promise<unknown>;
}

/** One global scope's runner integration. */
export class RunnerSession {
  readonly #storage = new AsyncLocalStorage<TestRun>();
  readonly #guard: OfflineGuard;
  #active: TestRun | undefined;
  #closed = false;
  readonly #copies: SdkCopy[] = [{ Runner, setDefaultModelProvider }];
  /** Resolves once the session has found every copy of the SDK; begin runs after it. */
  readonly ready: Promise<void>;
  /** Whether the runner was asked to update snapshots, so cassettes update too. */
  readonly updating: () => boolean;

  constructor(options: SessionOptions) {
    this.updating = options.updating;
    liveDoubleRegistry().collect = (double) => this.current()?.track(double);
    this.#guard = offlineGuard({
      allow: ({ target }) => this.#allows(target),
      advice: options.advice,
      onBlocked: (error) => this.current()?.noteBlocked(error),
    });
    this.ready = otherSdkCopy(options.importSdk ?? importSdk, setDefaultModelProvider).then(
      (other) => {
        if (other !== undefined) this.#copies.push(other);
      },
    );
  }

  /** The running test: the one whose async context this is, else the one begun last. */
  current(): TestRun | undefined {
    return this.#storage.getStore() ?? this.#active;
  }

  /** Starts a run for `test` (the current one until it ends or another begins). */
  begin(test: TestIdentity): TestRun {
    this.#guardDefaultProvider();
    const run = new TestRun(test);
    this.#active = run;
    return run;
  }

  /** Runs `body` with `run` as the current test in its whole async context. */
  within<T>(run: TestRun, body: () => T): T {
    return this.#storage.run(run, body);
  }

  /** Ends `run`: verifies its doubles (throws what verification found). */
  async end(run: TestRun): Promise<void> {
    if (this.#active === run) this.#active = undefined;
    // The runs hold their own blocked attempts; the guard's log would only grow.
    this.#guard.acknowledgeFailures();
    await run.verify();
  }

  /**
   * Claims cassette `path` for `run`: a second test with the same path gets
   * the first one's name back (the two would share the file).
   */
  claimCassette(path: string, run: TestRun): string | undefined {
    const owner = fileScope.cassettes.get(path);
    if (owner !== undefined && owner !== run.name) return owner;
    fileScope.cassettes.set(path, run.name);
    return undefined;
  }

  /** Removes the gate and the collector (the end of a test file). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const registry = liveDoubleRegistry();
    registry.collect = undefined;
    this.#guard.acknowledgeFailures();
    this.#guard[Symbol.dispose]();
    const scope = globalThis as { [sessionKey]?: RunnerSession };
    if (scope[sessionKey] === this) delete scope[sessionKey];
  }

  #allows(target: string): boolean {
    if (isLoopback(target)) return true;
    const run = this.current();
    return run === undefined || fileScope.allowsNetwork || run.networkAllowed;
  }

  /**
   * Puts a guard in front of whatever default provider each copy of the SDK
   * has now (the SDK's entry sets the real OpenAI one when a test file first
   * imports it, after this setup ran). The SDK does not say which provider is
   * the default, so a `Runner` of that copy is asked once (which only
   * resolves the provider): that runner is then the way to the real one.
   */
  #guardDefaultProvider(): void {
    const scope = globalThis as { [probeKey]?: { ours: boolean } };
    for (const copy of this.#copies) {
      const probe = { ours: false };
      scope[probeKey] = probe;
      const lazy = new copy.Runner().config.modelProvider;
      try {
        const model = lazy.getModel(probeName) as unknown;
        (model as Promise<unknown> | undefined)?.catch?.(() => {});
      } catch {
        // A provider that needs configuration (an API key) may refuse: it is resolved all the same.
      } finally {
        delete scope[probeKey];
      }
      // A guard (of this session or an earlier one) is there already: it reads the current session.
      if (!probe.ours) copy.setDefaultModelProvider(defaultProviderGuard(lazy));
    }
  }
}

/** What the guard needs of one copy of the SDK. */
export interface SdkCopy {
  /** That copy's `Runner`, whose config resolves that copy's default provider. */
  readonly Runner: typeof Runner;
  /** That copy's setter of the default provider. */
  readonly setDefaultModelProvider: typeof setDefaultModelProvider;
}

/** The SDK's core module as this global scope's test files import it. */
export const importSdk = (): Promise<unknown> => import('@openai/agents-core');

/**
 * A second copy of the SDK in this global scope (Jest loads a CommonJS setup
 * file while ESM tests import the SDK's ES modules), whose default provider
 * needs the guard too: the module `load` gives when it is a copy of the SDK
 * whose setter is not `own` (the copy this file imported), else `undefined`.
 */
export async function otherSdkCopy(
  load: () => Promise<unknown>,
  own: typeof setDefaultModelProvider,
): Promise<SdkCopy | undefined> {
  try {
    const other = await load() as Partial<SdkCopy>;
    if (
      typeof other.Runner === 'function' && typeof other.setDefaultModelProvider === 'function' &&
      other.setDefaultModelProvider !== own
    ) {
      return other as SdkCopy;
    }
  } catch {
    // No dynamic import here (CommonJS Jest without VM modules): one copy only.
  }
  return undefined;
}

const probeName = 'scripted-agents-default-provider-probe';
const probeKey = Symbol.for('scripted-agents.default-provider-probe');

/**
 * Stands in for a default provider: inside an offline test (of whichever
 * session is current) it refuses at once, naming the model; otherwise it
 * hands the name to `delegate`, the provider that was the default before.
 */
function defaultProviderGuard(delegate: ModelProvider): ModelProvider {
  return {
    getModel: (name?: string): Promise<Model> | Model => {
      const probe = (globalThis as { [probeKey]?: { ours: boolean } })[probeKey];
      if (probe !== undefined) {
        probe.ours = true;
        return Promise.reject(new Error('probe'));
      }
      const run = existingSession()?.current();
      if (run !== undefined && !fileScope.allowsNetwork && !run.networkAllowed) {
        throw new RealModelRequestError(name, run.name);
      }
      return delegate.getModel(name);
    },
  };
}

/**
 * Lets the running test use the network, or, called outside any test (at the
 * top of a test file), every test of the file (of the process, for runners
 * that run every file in one process: Deno, Bun). Recording a cassette does
 * this by itself.
 *
 * @example
 * ```ts
 * import { allowNetwork, withDoubles } from 'scripted-agents/runner';
 *
 * await withDoubles(async () => {
 *   allowNetwork(); // this test may call the real provider
 * }, { titles: ['live smoke test'] })({});
 * ```
 */
export function allowNetwork(): void {
  const run = existingSession()?.current();
  if (run === undefined) fileScope.allowsNetwork = true;
  else run.allowNetwork();
}

/** The session of this global scope, created on first use. */
export function runnerSession(options: SessionOptions): RunnerSession {
  const scope = globalThis as { [sessionKey]?: RunnerSession };
  return (scope[sessionKey] ??= new RunnerSession(options));
}

/** The session of this global scope, if a runner entry started one. */
export function existingSession(): RunnerSession | undefined {
  return (globalThis as { [sessionKey]?: RunnerSession })[sessionKey];
}

/** Whether `target` (a URL as text) points at this machine. */
export function isLoopback(target: string): boolean {
  let host: string;
  try {
    host = new URL(target).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(host);
}
