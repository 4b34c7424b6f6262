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

/**
 * A comparable description of any value: records keep their key order and
 * `undefined` members, buffers show their bytes, errors show class, name,
 * message, own enumerable keys and fields.
 */
export function describeValue(value: unknown, seen = new Set<object>()): unknown {
  if (value === undefined) return { undefined: true };
  if (typeof value === 'bigint' || typeof value === 'symbol') {
    return { [typeof value]: String(value) };
  }
  if (typeof value === 'function') return { function: value.name };
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return { cycle: true };
  seen.add(value);
  try {
    if (value instanceof Error) {
      return {
        error: value.constructor.name,
        name: value.name,
        message: value.message,
        keys: Object.keys(value),
        fields: Object.fromEntries(
          Object.keys(value).map((key) => [
            key,
            describeValue((value as unknown as Record<string, unknown>)[key], seen),
          ]),
        ),
      };
    }
    if (value instanceof ArrayBuffer) return { arrayBuffer: [...new Uint8Array(value)] };
    if (ArrayBuffer.isView(value)) {
      return {
        view: value.constructor.name,
        bytes: [...new Uint8Array(value.buffer, value.byteOffset, value.byteLength)],
      };
    }
    if (Array.isArray(value)) {
      return {
        array: value.map((item) => describeValue(item, seen)),
        frozen: Object.isFrozen(value),
      };
    }
    const proto = Object.getPrototypeOf(value);
    const plain = proto === null || proto === Object.prototype;
    return {
      record: plain ? 'plain' : proto.constructor?.name ?? 'unknown',
      frozen: Object.isFrozen(value),
      entries: Object.keys(value).map((key) => [
        key,
        describeValue((value as Record<string, unknown>)[key], seen),
      ]),
    };
  } finally {
    seen.delete(value);
  }
}

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
