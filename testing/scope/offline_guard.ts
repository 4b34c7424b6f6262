/**
 * A one-call guard that keeps a test offline: it disables the SDK's tracing
 * export and makes every network API of the global scope fail loudly, then puts
 * everything back on dispose.
 *
 * @module
 */

import { getGlobalTraceProvider, NoopTrace, setTracingDisabled } from '@openai/agents-core';
import { FailureLog, runTeardownChecks } from '../../_internal/failure_log.ts';

/** The global network entry points the guard replaces (those the runtime defines). */
export type OfflineNetworkApi = 'fetch' | 'WebSocket' | 'EventSource' | 'XMLHttpRequest';

const guardedApis: readonly OfflineNetworkApi[] = [
  'fetch',
  'WebSocket',
  'EventSource',
  'XMLHttpRequest',
];

/**
 * Thrown (or, for `fetch`, rejected) when code under an {@linkcode offlineGuard}
 * tries to reach the network: typically a real model provider used because an
 * agent was given a model name instead of a scripted model.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { offlineGuard, OfflineNetworkError } from 'scripted-agents/testing';
 *
 * using guard = offlineGuard();
 * // The guard answers before anything leaves the process.
 * await assert.rejects(fetch('https://example.com/v1/responses'), (error) => {
 *   assert.ok(error instanceof OfflineNetworkError);
 *   assert.equal(error.api, 'fetch');
 *   assert.equal(error.target, 'https://example.com/v1/responses');
 *   return true;
 * });
 * guard.acknowledgeFailures(); // provoked on purpose: do not fail the disposal
 * ```
 */
export class OfflineNetworkError extends Error {
  /** The global API that was called. */
  readonly api: OfflineNetworkApi;
  /** The URL (or request) the code tried to reach, as text. */
  readonly target: string;
  /** Always `"OfflineNetworkError"`. */
  override readonly name: 'OfflineNetworkError';

  /**
   * Describes one blocked attempt to use `api` on `target`; `options.advice`
   * (how to allow it) ends the message.
   */
  constructor(api: OfflineNetworkApi, target: string, options: { advice?: string } = {}) {
    super(
      `scripted-agents offlineGuard blocked ${api}(${target}): tests under the guard must not ` +
        'use the network. Give the agent a ScriptedModel (not a model name) and keep real ' +
        `providers out of the test.${options.advice === undefined ? '' : ` ${options.advice}`}`,
    );
    this.api = api;
    this.target = target;
    this.name = 'OfflineNetworkError';
  }
}

/** One attempt to reach the network, as {@linkcode OfflineGuardOptions.allow} sees it. */
export interface OfflineNetworkRequest {
  /** The global API that was called. */
  readonly api: OfflineNetworkApi;
  /** The URL (or request) the code tried to reach, as text. */
  readonly target: string;
}

/** Options of {@linkcode offlineGuard}. */
export interface OfflineGuardOptions {
  /**
   * Lets an attempt through to the real API when it returns `true` (say, a
   * server the test started on 127.0.0.1). Called at the moment of the call,
   * in the caller's context. By default nothing is let through.
   */
  allow?: (request: OfflineNetworkRequest) => boolean;
  /** Ends every blocked attempt's message: how to allow it, in the caller's terms. */
  advice?: string;
  /** Told of each blocked attempt as it happens, in the caller's context (with `allow`). */
  onBlocked?: (error: OfflineNetworkError) => void;
}

/** What {@linkcode offlineGuard} returns: dispose it to restore the previous state. */
export interface OfflineGuard extends Disposable {
  /** Every blocked network attempt so far (a frozen copy), caught or not. */
  readonly failures: readonly unknown[];
  /** Returns the blocked attempts and forgets them (for tests that provoke one on purpose). */
  acknowledgeFailures(): readonly unknown[];
  /** Throws `DoubleFailuresError` if any network attempt was blocked. */
  assertNoNetworkUse(): void;
  /**
   * Restores tracing and the network APIs, then reports blocked attempts.
   * Idempotent: a second call restores nothing and reports nothing.
   */
  [Symbol.dispose](): void;
}

/**
 * Disables SDK tracing export (the SDK's own `setTracingDisabled` switch) and
 * replaces `fetch`, `WebSocket`, `EventSource` and `XMLHttpRequest` with
 * blockers that throw {@linkcode OfflineNetworkError}. Disposal restores the
 * previous tracing state and the original globals, then fails if anything was
 * blocked — even when the SDK or application code caught the error (a real
 * provider's HTTP client turns it into a retried "connection error").
 *
 * Guards nest; dispose them in reverse order of creation (`using` does).
 * Network modules imported directly (such as `node:http` or the `ws` package)
 * are outside the global scope and are not intercepted.
 *
 * @example A swallowed network attempt still fails the test
 * ```ts
 * import assert from 'node:assert/strict';
 * import { DoubleFailuresError, offlineGuard } from 'scripted-agents/testing';
 *
 * const realFetch = globalThis.fetch;
 * assert.throws(() => {
 *   using _offline = offlineGuard();
 *   assert.notEqual(globalThis.fetch, realFetch);
 *   // An HTTP client that catches the failure and gives up quietly...
 *   fetch('https://example.com').catch(() => {});
 * }, DoubleFailuresError); // ...is reported when the guard is disposed.
 * assert.equal(globalThis.fetch, realFetch); // restored either way
 * ```
 */
export function offlineGuard(options: OfflineGuardOptions = {}): OfflineGuard {
  const scope = globalThis as Record<string, unknown>;
  const log = new FailureLog('offlineGuard');
  const tracingWasDisabled = getGlobalTraceProvider().createTrace({}) instanceof NoopTrace;
  // Each replaced API's own property descriptor, or undefined where the global
  // scope only inherits the API (from its prototype): disposal deletes the
  // blocker there, and the inherited API shows through again.
  const saved = new Map<OfflineNetworkApi, PropertyDescriptor | undefined>();

  for (const api of guardedApis) {
    // Absent, or declared as undefined: feature detection keeps seeing no API.
    if (scope[api] === undefined) continue;
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, api);
    saved.set(api, descriptor);
    Object.defineProperty(globalThis, api, {
      configurable: true,
      enumerable: descriptor?.enumerable ?? false,
      writable: true,
      value: options.allow === undefined
        ? blockerFor(api, log)
        : gateFor(api, scope[api], log, options),
    });
  }
  setTracingDisabled(true);

  let active = true;
  return {
    get failures() {
      return log.failures;
    },
    acknowledgeFailures: () => log.take(),
    assertNoNetworkUse: () => log.assertNone(),
    [Symbol.dispose]() {
      if (!active) return;
      active = false;
      for (const [api, descriptor] of saved) {
        if (descriptor === undefined) delete scope[api];
        else Object.defineProperty(globalThis, api, descriptor);
      }
      setTracingDisabled(tracingWasDisabled);
      runTeardownChecks('offlineGuard', [() => log.assertNone()]);
    },
  };
}

function blockerFor(api: OfflineNetworkApi, log: FailureLog): unknown {
  if (api === 'fetch') {
    return function blockedFetch(input: unknown): Promise<never> {
      return Promise.reject(log.raise(new OfflineNetworkError(api, describeTarget(input))));
    };
  }
  return class BlockedNetworkConstructor {
    constructor(input?: unknown) {
      throw log.raise(new OfflineNetworkError(api, describeTarget(input)));
    }
  };
}

/**
 * A blocker that lets allowed attempts through to `original`: a function for
 * `fetch`, and for the constructors one that shares the original's prototype
 * and statics, so `instanceof` and `WebSocket.OPEN` keep working.
 */
function gateFor(
  api: OfflineNetworkApi,
  original: unknown,
  log: FailureLog,
  options: OfflineGuardOptions,
): unknown {
  const allow = options.allow ?? (() => false);
  const advice = { advice: options.advice };
  const block = (target: string): OfflineNetworkError => {
    const error = log.raise(new OfflineNetworkError(api, target, advice));
    options.onBlocked?.(error);
    return error;
  };
  if (api === 'fetch') {
    const realFetch = original as (...args: unknown[]) => Promise<unknown>;
    return function guardedFetch(this: unknown, ...args: unknown[]): Promise<unknown> {
      const target = describeTarget(args[0]);
      if (allow({ api, target })) return realFetch.apply(this, args);
      return Promise.reject(block(target));
    };
  }
  const RealConstructor = original as new (...args: unknown[]) => object;
  function GuardedNetworkConstructor(this: unknown, ...args: unknown[]): object {
    const target = describeTarget(args[0]);
    if (!allow({ api, target })) throw block(target);
    return Reflect.construct(RealConstructor, args);
  }
  GuardedNetworkConstructor.prototype = RealConstructor.prototype;
  Object.setPrototypeOf(GuardedNetworkConstructor, RealConstructor);
  return GuardedNetworkConstructor;
}

function describeTarget(input: unknown): string {
  if (typeof input === 'string') return input;
  if (typeof input === 'object' && input !== null) {
    const url = (input as { url?: unknown; href?: unknown }).url ??
      (input as { href?: unknown }).href;
    if (typeof url === 'string') return url;
  }
  return String(input);
}
