/**
 * Side-by-side helpers for the realtime conformance tests: the same program
 * runs against this package's `ScriptedRealtimeTransport` and against the
 * SDK's own, and the two observable traces must be identical.
 *
 * @module
 */

import * as sdk from '@openai/agents/realtime/testing';
import * as ours from 'scripted-agents/realtime_testing';

/** One of the two implementations under comparison (typed as ours). */
export interface Implementation {
  readonly label: 'ours' | 'sdk';
  readonly R: typeof ours;
}

/** Ours first, then the SDK's double typed through our declarations. */
export const implementations: readonly Implementation[] = [
  { label: 'ours', R: ours },
  { label: 'sdk', R: sdk as unknown as typeof ours },
];

/** Runs `program` against both implementations and returns both traces. */
export async function traceBoth(
  program: (impl: Implementation) => Promise<unknown[]> | unknown[],
): Promise<{ ours: unknown[]; sdk: unknown[] }> {
  const [oursTrace, sdkTrace] = [
    await program(implementations[0]),
    await program(implementations[1]),
  ];
  return { ours: oursTrace, sdk: sdkTrace };
}

/** A small deterministic PRNG (mulberry32) so fuzzed programs are reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Counts microtask turns, to compare exactly when promises settle. */
export function microtaskClock(): { now(): number; stop(): void } {
  let ticks = 0;
  let running = true;
  const step = (): void => {
    if (!running) return;
    ticks++;
    // Bounded so a forgotten clock cannot spin forever.
    if (ticks < 10_000) queueMicrotask(step);
  };
  queueMicrotask(step);
  return {
    now: () => ticks,
    stop: () => {
      running = false;
    },
  };
}
