/**
 * Builders shared by the realtime double's tests: hand-settled promises for
 * coordinating a scenario with the application without timers, and a real
 * `RealtimeSession` over a scripted transport.
 *
 * @module
 */

import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';

/** A promise the test settles by hand. */
export function deferred<T = void>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
} {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * The recipes' gate between a scenario and the application waiting on it: the
 * scenario releases it, or fails it with the error that ended the scenario.
 */
export function createScenarioGate(): {
  promise: Promise<void>;
  release: () => void;
  fail: (reason: unknown) => void;
} {
  const { promise, resolve: release, reject: fail } = deferred();
  // Observe a scenario failure that happens before exercise reaches its await.
  // Awaiting the original promise still receives the same rejection.
  void promise.catch(() => undefined);
  return { promise, release, fail };
}

/** A RealtimeSession for a plain agent, over a fresh scripted transport. */
export function createSession(): {
  session: RealtimeSession;
  transport: ScriptedRealtimeTransport;
} {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport });
  return { session, transport };
}
