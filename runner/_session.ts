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
import {
  Agent,
  getGlobalTraceProvider,
  NoopTrace,
  run,
  Runner,
  setDefaultModelProvider,
  setTracingDisabled,
} from '@openai/agents-core';
import { liveDoubleRegistry } from '../_internal/live_doubles.ts';
import { type OfflineGuard, offlineGuard } from '../testing/scope/offline_guard.ts';
import { NoDefaultModelProviderError, RealModelRequestError } from './runner_errors.ts';
import { type TestIdentity, TestRun, type VerifyOptions } from './test_run.ts';
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
  readonly #copies: SdkCopy[] = [{
    Runner,
    setDefaultModelProvider,
    run,
    Agent,
    getGlobalTraceProvider,
    NoopTrace,
    setTracingDisabled,
  }];
  /** The guard each copy had as its default when the running test began. */
  readonly #guards = new Map<SdkCopy, ModelProvider>();
  #prepared: Promise<void> | undefined;
  readonly #importSdk: () => Promise<unknown>;
  #ready: Promise<void> | undefined;
  /** Whether the runner was asked to update snapshots, so cassettes update too. */
  readonly updating: () => boolean;

  constructor(options: SessionOptions) {
    this.updating = options.updating;
    const registry = liveDoubleRegistry();
    const owners = registry.owners ??= new WeakMap();
    registry.collect = (double) => {
      const run = this.current();
      if (run === undefined) return;
      run.track(double);
      owners.set(double, run);
    };
    registry.raised = (failure) => this.current()?.noteRaised(failure);
    this.#guard = offlineGuard({
      allow: ({ target }) => this.#allows(target),
      advice: options.advice,
      onBlocked: (error) => this.current()?.noteBlocked(error),
    });
    this.#importSdk = options.importSdk ?? importSdk;
  }

  /**
   * Resolves once the session has found every copy of the SDK (a copy found
   * while a test runs is guarded at once). The search starts at the first
   * read or the first test, not when the setup file runs: under Jest's ESM
   * mode a test file whose own imports load the SDK while that search's
   * import of it is still linking fails to load ("... is not in cache").
   */
  get ready(): Promise<void> {
    return this.#ready ??= otherSdkCopy(this.#importSdk, setDefaultModelProvider).then(
      (other) => {
        if (other === undefined) return;
        this.#copies.push(other);
        if (this.#active !== undefined) this.#guardDefaultProvider();
      },
    );
  }

  /** The running test: the one whose async context this is, else the one begun last. */
  current(): TestRun | undefined {
    return this.#storage.getStore() ?? this.#active;
  }

  /**
   * Resolves once the session can begin runs: every copy of the SDK is found
   * (see `ready`) and the runner behind each copy's top-level `run()` asks
   * the guard for its models. That runner keeps the first default provider it
   * resolves for good; when that is the guard, the guard hands each request
   * on to the provider the running test set (`setDefaultModelProvider()`),
   * so every test's top-level `run()` reaches its own provider.
   */
  prepare(): Promise<void> {
    return this.#prepared ??= this.ready.then(async () => {
      for (const copy of this.#copies) {
        this.#guardOf(copy);
        await routeTopLevelRun(copy);
      }
    });
  }

  /** Starts a run for `test` (the current one until it ends or another begins). */
  begin(test: TestIdentity): TestRun {
    void this.ready;
    this.#guardDefaultProvider();
    const run = new TestRun(test);
    this.#active = run;
    return run;
  }

  /** Runs `body` with `run` as the current test in its whole async context. */
  within<T>(run: TestRun, body: () => T): T {
    return this.#storage.run(run, body);
  }

  /**
   * Ends `run`: verifies its doubles (throws what verification found, apart
   * from what the body failed with: `options.bodyErrors`).
   */
  async end(run: TestRun, options: VerifyOptions = {}): Promise<void> {
    if (this.#active === run) this.#active = undefined;
    this.#restoreDefaultProvider();
    // The runs hold their own blocked attempts; the guard's log would only grow.
    this.#guard.acknowledgeFailures();
    await run.verify(options);
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
    registry.raised = undefined;
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
    for (const copy of this.#copies) this.#guardOf(copy);
  }

  /** The guard that is `copy`'s default provider, put there now if another provider is. */
  #guardOf(copy: SdkCopy): ModelProvider {
    const { guard, lazy } = probeDefault(copy);
    // A guard (of this session or an earlier one) is there already: it reads the current session.
    const current = guard ?? defaultProviderGuard(lazy, copy);
    if (guard === undefined) copy.setDefaultModelProvider(current);
    this.#guards.set(copy, current);
    return current;
  }

  /**
   * Puts back the guard a test replaced with `setDefaultModelProvider()`: the
   * provider the test set is its own, and the next test begins without it.
   */
  #restoreDefaultProvider(): void {
    for (const [copy, guard] of this.#guards) {
      if (probeDefault(copy).guard === undefined) copy.setDefaultModelProvider(guard);
    }
  }
}

/** What a probe of a copy's default provider found. */
interface ProbeResult {
  /** The guard that answered, when the default is one. */
  readonly guard: ModelProvider | undefined;
  /**
   * A provider that has resolved the default (the way to it, whatever it is);
   * none when the SDK refuses a `Runner` without a default (0.3, before
   * `@openai/agents` set one): then there is no real provider to reach.
   */
  readonly lazy: ModelProvider | undefined;
}

/**
 * Asks `copy`'s current default provider, through a fresh `Runner` (which
 * only resolves it), whether it is a guard. The SDK does not say which
 * provider is the default, so the question is the probe's model name.
 */
function probeDefault(copy: SdkCopy): ProbeResult {
  const scope = globalThis as { [probeKey]?: Probe };
  const probe: Probe = { ours: false, guard: undefined };
  scope[probeKey] = probe;
  let lazy: ModelProvider | undefined;
  try {
    lazy = new copy.Runner().config.modelProvider;
    const model = lazy.getModel(probeName) as unknown;
    (model as Promise<unknown> | undefined)?.catch?.(() => {});
  } catch {
    // A provider that needs configuration (an API key) may refuse: it is resolved all the same.
  } finally {
    delete scope[probeKey];
  }
  return { guard: probe.ours ? probe.guard : undefined, lazy };
}

/** What a guard answers a probe with. */
interface Probe {
  ours: boolean;
  guard: ModelProvider | undefined;
}

/** The copies whose top-level `run()` was routed through a guard (once per global scope). */
const routedKey = Symbol.for('scripted-agents.top-level-run-routed');

/**
 * Makes the runner behind `copy`'s top-level `run()` resolve its default
 * provider now, while the guard is the default: that runner keeps what it
 * resolves first. A run of a probe agent with tracing off (the agent's model
 * name is the probe's, which the guard refuses, so no model is ever called;
 * a filter that throws stops it before any model call should a provider other
 * than the guard answer). Once per copy of the SDK in the global scope.
 */
async function routeTopLevelRun(copy: SdkCopy): Promise<void> {
  const topLevelRun = copy.run;
  const AgentClass = copy.Agent;
  if (topLevelRun === undefined || AgentClass === undefined) return;
  const scope = globalThis as { [routedKey]?: WeakSet<object> };
  const routed = scope[routedKey] ??= new WeakSet();
  if (routed.has(topLevelRun)) return;
  routed.add(topLevelRun);
  const provider = copy.getGlobalTraceProvider?.();
  const traced = provider !== undefined && copy.NoopTrace !== undefined &&
    !(provider.createTrace({ name: probeName }) instanceof copy.NoopTrace);
  if (traced) copy.setTracingDisabled?.(true);
  const probe: Probe = { ours: false, guard: undefined };
  (globalThis as { [probeKey]?: Probe })[probeKey] = probe;
  try {
    await topLevelRun(new AgentClass({ name: probeName, model: probeName }), probeName, {
      callModelInputFilter: () => {
        throw new Error('scripted-agents: the probe run calls no model');
      },
    });
  } catch {
    // The probe's refusal: the runner has resolved the guard.
  } finally {
    delete (globalThis as { [probeKey]?: Probe })[probeKey];
    if (traced) copy.setTracingDisabled?.(false);
  }
}

/** What the guard needs of one copy of the SDK. */
export interface SdkCopy {
  /** That copy's `Runner`, whose config resolves that copy's default provider. */
  readonly Runner: typeof Runner;
  /** That copy's setter of the default provider. */
  readonly setDefaultModelProvider: typeof setDefaultModelProvider;
  /** That copy's top-level `run()`, whose runner the session routes through the guard. */
  readonly run?: typeof run;
  /** That copy's `Agent`, for the probe run. */
  readonly Agent?: typeof Agent;
  /** That copy's trace provider, to tell whether tracing is on. */
  readonly getGlobalTraceProvider?: typeof getGlobalTraceProvider;
  /** That copy's no-op trace, what a disabled trace provider creates. */
  readonly NoopTrace?: typeof NoopTrace;
  /** That copy's switch of tracing, off for the probe run. */
  readonly setTracingDisabled?: typeof setTracingDisabled;
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
 * Stands in for a default provider. A runner that resolved it earlier (the
 * one behind the SDK's top-level `run()` keeps it) still reaches the provider
 * the running test set with `setDefaultModelProvider()`: the guard asks
 * `copy`'s current default first. When the guard is the default itself,
 * inside an offline test (of whichever session is current) it refuses at
 * once, naming the model; otherwise it hands the name to `delegate`, the
 * provider that was the default before.
 */
function defaultProviderGuard(delegate: ModelProvider | undefined, copy: SdkCopy): ModelProvider {
  // Looking up the current default (which may be this guard), and handing on to
  // `delegate` (which resolves to this guard again when none was set before it).
  let lookingUp = false;
  let delegating = false;
  const guard: ModelProvider = {
    getModel: (name?: string): Promise<Model> | Model => {
      const probe = (globalThis as { [probeKey]?: Probe })[probeKey];
      if (probe !== undefined) {
        probe.ours = true;
        probe.guard = guard;
        return Promise.reject(new Error('probe'));
      }
      if (!lookingUp) {
        // The current default: the test's provider, or (asked again, below) this guard.
        lookingUp = true;
        try {
          return new copy.Runner().config.modelProvider.getModel(name);
        } finally {
          lookingUp = false;
        }
      }
      const run = existingSession()?.current();
      if (run !== undefined && !fileScope.allowsNetwork && !run.networkAllowed) {
        throw new RealModelRequestError(name, run.name);
      }
      if (delegate === undefined || delegating) throw new NoDefaultModelProviderError(name);
      delegating = true;
      try {
        return delegate.getModel(name);
      } finally {
        delegating = false;
      }
    },
  };
  return guard;
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
