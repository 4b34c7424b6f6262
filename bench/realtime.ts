/**
 * The Realtime workload: one `runScenario` with a connect, N request/reply
 * round trips (the exercise sends an event and waits for the scenario's
 * reply, the scenario expects the call with a matcher and emits the reply),
 * and a close. Everything the transport double does per call is on the path:
 * recording, the expectation queue, matcher snapshots and listener dispatch.
 *
 * @module
 */

/** Events the workload emits and listens to (a subset of the transport's). */
type Listener = (...args: unknown[]) => void;

/** What the benchmark needs from a scripted transport (ours and the SDK's alike). */
export interface ScriptedTransport {
  connect(options: Record<string, unknown>): Promise<void>;
  sendEvent(event: { type: string; [key: string]: unknown }): void;
  close(): void;
  once(event: string, listener: Listener): unknown;
  readonly calls: readonly unknown[];
  runScenario<T>(options: {
    scenario(ctx: {
      expectCall(method: string, matcher?: (call: never) => boolean | void): Promise<unknown>;
      emit(event: string, ...args: unknown[]): boolean;
    }): void | Promise<void>;
    exercise(): T | Promise<T>;
  }): Promise<T>;
}

/** A transport class with a no-argument constructor. */
export type ScriptedTransportClass = new () => ScriptedTransport;

/**
 * Runs `roundTrips` request/reply exchanges through a fresh transport and
 * returns it (reading its `calls` is left to the caller, outside the timing).
 */
export async function runRealtimeScenario(
  Transport: ScriptedTransportClass,
  roundTrips: number,
): Promise<ScriptedTransport> {
  const transport = new Transport();
  await transport.runScenario({
    async scenario({ expectCall, emit }) {
      await expectCall('connect');
      for (let i = 0; i < roundTrips; i++) {
        await expectCall(
          'sendEvent',
          (call: { event: { type: string; seq: number } }) =>
            call.event.type === 'ping' && call.event.seq === i,
        );
        emit('*', { type: 'pong', seq: i });
      }
      await expectCall('close');
    },
    async exercise() {
      await transport.connect({ apiKey: 'test-key', model: 'gpt-realtime' });
      for (let i = 0; i < roundTrips; i++) {
        const reply = new Promise((resolve) => transport.once('*', resolve));
        transport.sendEvent({ type: 'ping', seq: i });
        await reply;
      }
      transport.close();
    },
  });
  return transport;
}
