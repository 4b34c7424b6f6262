/**
 * Shared settings and checks of the property-based tests (`*_property_test.ts`).
 *
 * Every property runs a bounded number of cases so that `npm test` stays fast.
 * On failure fast-check throws an error whose message carries the seed, the
 * shrunk counterexample and the replay path; the harness rethrows it unchanged,
 * so every runtime's reporter prints it. To replay a failure, or to search
 * harder, set the environment variables:
 *
 *   FC_SEED=<seed> FC_PATH=<path>   replay exactly the reported case
 *   FC_NUM_RUNS=<n>                 run n cases per property instead of the default
 *
 * Hangs are detected without wall-clock timers: {@linkcode settlesWithin} races a
 * promise against a bound counted in macrotask turns.
 *
 * @module
 */

import assert from 'node:assert/strict';
import process from 'node:process';
import fc from 'fast-check';

const env = (name: string): string | undefined => {
  try {
    return process.env[name];
  } catch {
    return undefined;
  }
};

/** fast-check parameters for a property with `numRuns` cases by default. */
export function propertyParameters<T>(numRuns: number): fc.Parameters<T> {
  const seed = env('FC_SEED');
  const path = env('FC_PATH');
  const runs = env('FC_NUM_RUNS');
  return {
    numRuns: runs === undefined ? numRuns : Number(runs),
    ...(seed === undefined ? {} : { seed: Number(seed) }),
    ...(path === undefined ? {} : { path }),
    // Keep the failure message readable: the shrunk case and the seed, not every step.
    verbose: 0,
  };
}

/** Runs a synchronous property. The thrown error names the seed and the counterexample. */
export function checkProperty<Ts extends [unknown, ...unknown[]]>(
  numRuns: number,
  property: fc.IProperty<Ts>,
): void {
  fc.assert(property, propertyParameters(numRuns));
}

/** Runs an asynchronous property. The rejection names the seed and the counterexample. */
export async function checkAsyncProperty<Ts extends [unknown, ...unknown[]]>(
  numRuns: number,
  property: fc.IAsyncProperty<Ts>,
): Promise<void> {
  await fc.assert(property, propertyParameters(numRuns));
}

/** One macrotask turn: every microtask queued before it has run. */
export function macrotask(): Promise<void> {
  return new Promise((resolve) => {
    // A MessageChannel message is a macrotask in every runtime and in browsers,
    // without the minimum delay some runtimes give setTimeout.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      channel.port2.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/** The outcome of a promise that settled within the bound. */
export type Settled<T> = { status: 'fulfilled'; value: T } | {
  status: 'rejected';
  reason: unknown;
};

/**
 * Waits for `promise` for at most `turns` macrotask turns (each one drains the
 * microtask queue). Work driven only by promises settles within a few turns;
 * one still pending after the bound is hung, and this rejects saying so.
 */
export async function settlesWithin<T>(
  promise: Promise<T>,
  turns: number,
  what: string,
): Promise<Settled<T>> {
  let outcome: Settled<T> | undefined;
  promise.then(
    (value) => {
      outcome = { status: 'fulfilled', value };
    },
    (reason) => {
      outcome = { status: 'rejected', reason };
    },
  );
  for (let turn = 0; turn < turns && outcome === undefined; turn++) await macrotask();
  if (outcome === undefined) {
    assert.fail(`${what} did not settle within ${turns} macrotask turns: it hangs`);
  }
  return outcome;
}

/**
 * Collects the unhandled rejections of a block of asynchronous work: a global
 * `unhandledrejection` listener where the runtime has one (Deno, browsers),
 * else Node's `process` event. `stop()` waits a few macrotask turns, so that a
 * rejection left unhandled by the block has been reported, then detaches.
 * `bun test` reports an unhandled rejection itself, as a failure of the running
 * test, before any listener sees it: there the property fails through the
 * runner (replay its seed under Deno or Node to see the shrunk case).
 */
export function watchUnhandledRejections(): { stop(): Promise<unknown[]> } {
  const reasons: unknown[] = [];
  const target = globalThis as unknown as {
    addEventListener?: (type: string, listener: (event: Event) => void) => void;
    removeEventListener?: (type: string, listener: (event: Event) => void) => void;
  };
  const onEvent = (event: Event) => {
    reasons.push((event as PromiseRejectionEvent).reason);
    event.preventDefault();
  };
  const onProcess = (reason: unknown) => {
    reasons.push(reason);
  };
  // Node 20 has no global unhandledrejection event; Deno and Bun do.
  const useEvent = typeof target.addEventListener === 'function' &&
    typeof (globalThis as { PromiseRejectionEvent?: unknown }).PromiseRejectionEvent ===
      'function';
  if (useEvent) target.addEventListener!('unhandledrejection', onEvent);
  else process.on('unhandledRejection', onProcess);
  return {
    async stop() {
      for (let turn = 0; turn < 3; turn++) await macrotask();
      if (useEvent) target.removeEventListener!('unhandledrejection', onEvent);
      else process.off('unhandledRejection', onProcess);
      return reasons;
    },
  };
}
