/**
 * The typed vocabulary of the realtime double: transport method names, the data
 * each recorded call carries, matchers, and the `runScenario()` contract.
 *
 * Everything here is derived from the SDK's `RealtimeTransportLayer`, so a
 * method the SDK adds cannot silently vanish from the typed interface: the
 * call-data map collapses to `never` (and the build breaks) until it names
 * exactly the interface's methods.
 *
 * @module
 */

import type {
  SdkRealtimeClientMessage as RealtimeClientMessage,
  SdkRealtimeItem as RealtimeItem,
  SdkRealtimeSessionConfig as RealtimeSessionConfig,
  SdkRealtimeTransportEventTypes as RealtimeTransportEventTypes,
  SdkRealtimeTransportLayer as RealtimeTransportLayer,
  SdkRealtimeTransportLayerConnectOptions as RealtimeTransportLayerConnectOptions,
  SdkTransportToolCallEvent as TransportToolCallEvent,
} from './_sdk_types.ts';
import type {
  SdkOpenAIRealtimeWebRTCOptions as OpenAIRealtimeWebRTCOptions,
  SdkOpenAIRealtimeWebSocketOptions as OpenAIRealtimeWebSocketOptions,
} from './_sdk_types.ts';

/**
 * What `new ScriptedRealtimeTransport(options)` accepts: the options of the
 * SDK's `OpenAIRealtimeWebRTC` and `OpenAIRealtimeWebSocket`, so the double
 * stands in where an app makes its transport inline (`vi.mock`,
 * `jest.mock`). They are kept as given (`transport.options`) and change
 * nothing: no media, socket or URL is used.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   ScriptedRealtimeTransport,
 *   type ScriptedRealtimeTransportOptions,
 * } from 'scripted-agents/realtime_testing';
 *
 * const options: ScriptedRealtimeTransportOptions = { baseUrl: 'https://example.test/v1' };
 * assert.equal(new ScriptedRealtimeTransport(options).options.baseUrl, 'https://example.test/v1');
 * ```
 */
export type ScriptedRealtimeTransportOptions =
  & Partial<OpenAIRealtimeWebRTCOptions>
  & Partial<OpenAIRealtimeWebSocketOptions>;

/**
 * A pending `connect()` made by `transport.holdConnect()`: the next connect
 * stops in `connecting` until `release()` (it then connects) or `fail(error)`
 * (it rejects with `error` and falls back to `disconnected`).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { type RealtimeConnectHold, ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const hold: RealtimeConnectHold = transport.holdConnect();
 * const connecting = transport.connect({ apiKey: 'test' });
 * await hold.reached;
 * assert.equal(transport.status, 'connecting');
 * hold.release();
 * await connecting;
 * assert.equal(transport.status, 'connected');
 * transport.close();
 * ```
 */
export type RealtimeConnectHold = Readonly<{
  /** Resolves when a `connect()` reaches the hold (and is `connecting`). */
  reached: Promise<void>;
  /** Lets the held connect finish; before it is reached, the next connect passes. Idempotent. */
  release(): void;
  /** Makes the held connect reject with `error`. */
  fail(error: unknown): void;
}>;

/**
 * Every outbound method of `RealtimeTransportLayer` (all function members except
 * the emitter's `on`, `off`, `once` and `emit`): `connect`, `sendEvent`,
 * `requestResponse`, `sendMessage`, `addImage`, `sendAudio`,
 * `updateSessionConfig`, `close`, `mute`, `sendFunctionCallOutput`, `interrupt`,
 * `resetHistory` and `sendMcpResponse`.
 */
export type RealtimeTransportMethod = Exclude<
  {
    // `-?` so an optional method (`requestResponse?`) still counts as a method.
    [K in keyof RealtimeTransportLayer]-?: NonNullable<RealtimeTransportLayer[K]> extends (
      ...args: never[]
    ) => unknown ? K
      : never;
  }[keyof RealtimeTransportLayer],
  // The emitter members are the transport's inbound side, not outbound calls.
  'emit' | 'off' | 'on' | 'once'
>;

/**
 * `Data` itself when its keys are exactly {@linkcode RealtimeTransportMethod},
 * otherwise `never`, which makes every call type unusable and fails the build.
 */
export type ExactRealtimeCallDataMap<Data> = [keyof Data] extends [RealtimeTransportMethod]
  ? [RealtimeTransportMethod] extends [keyof Data] ? Data : never
  : never;

/**
 * The per-method call data: for each {@linkcode RealtimeTransportMethod}, the
 * fields its recorded call carries besides `index` and `method`. `connect`
 * records `apiKeyProvided` instead of the key. The declared map goes through
 * {@linkcode ExactRealtimeCallDataMap}, so it is `never` (and nothing compiles)
 * unless its keys are exactly the transport's methods.
 */
export type RealtimeTransportCallData = ExactRealtimeCallDataMap<{
  connect: {
    options: Omit<RealtimeTransportLayerConnectOptions, 'apiKey'> & { apiKeyProvided: boolean };
  };
  sendEvent: { event: RealtimeClientMessage };
  // deno-lint-ignore no-explicit-any
  requestResponse: { response?: Record<string, any> };
  sendMessage: {
    message: RealtimeUserInput;
    // deno-lint-ignore no-explicit-any
    otherEventData: Record<string, any>;
    options?: { triggerResponse?: boolean };
  };
  addImage: { image: string; options?: { triggerResponse?: boolean } };
  sendAudio: { audio: ArrayBuffer; options: { commit?: boolean } };
  updateSessionConfig: { config: Partial<RealtimeSessionConfig> };
  close: Record<never, never>;
  mute: { muted: boolean };
  sendFunctionCallOutput: {
    toolCall: TransportToolCallEvent;
    output: string;
    startResponse: boolean;
  };
  interrupt: Record<never, never>;
  resetHistory: { oldHistory: RealtimeItem[]; newHistory: RealtimeItem[] };
  sendMcpResponse: {
    approvalRequest: RealtimeMcpCallApprovalRequestItem;
    approved: boolean;
    reason?: string;
  };
}>;

/**
 * A forward-compatible view of any recorded outbound call. At runtime the
 * object also carries its method's fields (see {@linkcode RealtimeTransportCallFor}).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';
 *
 * const transport = new ScriptedRealtimeTransport();
 * transport.mute(true);
 * transport.interrupt();
 * assert.deepEqual(transport.calls, [
 *   { index: 0, method: 'mute', muted: true },
 *   { index: 1, method: 'interrupt' },
 * ]);
 * await transport.expectCall('mute');
 * await transport.expectCall('interrupt');
 * ```
 */
export type RecordedRealtimeTransportCall = Readonly<{
  /** The zero-based position of this call in `calls`. */
  index: number;
  /** The invoked method. Newer SDK versions may add method names. */
  method: string;
}>;

/**
 * The recorded call of one method: `index`, `method`, then the method's fields.
 */
export type RealtimeTransportCallFor<M extends RealtimeTransportMethod> = Readonly<
  { index: number; method: M } & RealtimeTransportCallData[M]
>;

/**
 * Checks one expected call. Return `false` to reject it (a
 * `RealtimeCallMatcherError`); throw to fail with your own error (an assertion,
 * say); return anything else to accept it.
 *
 * @example Rejecting with `false`, or asserting for a detailed diff
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   type RealtimeCallMatcher,
 *   ScriptedRealtimeTransport,
 * } from 'scripted-agents/realtime_testing';
 *
 * const saysHello: RealtimeCallMatcher<'sendMessage'> = (call) => call.message === 'Hello';
 * const transport = new ScriptedRealtimeTransport();
 *
 * transport.sendMessage('Hello', {});
 * await transport.expectCall('sendMessage', saysHello);
 *
 * transport.sendMessage('Bye', {});
 * await assert.rejects(transport.expectCall('sendMessage', saysHello), {
 *   name: 'RealtimeCallMatcherError',
 * });
 *
 * transport.sendMessage('Bye', {});
 * await assert.rejects(
 *   transport.expectCall('sendMessage', (call) => assert.equal(call.message, 'Hello')),
 *   assert.AssertionError, // the matcher's own error, unchanged
 * );
 * transport.acknowledgeFailures();
 * ```
 */
export type RealtimeCallMatcher<M extends RealtimeTransportMethod> = (
  call: RealtimeTransportCallFor<M>,
) => boolean | void;

/**
 * What the `scenario` callback of `runScenario()` receives: the transport side
 * of the conversation.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import {
 *   type ScriptedRealtimeScenarioContext,
 *   ScriptedRealtimeTransport,
 * } from 'scripted-agents/realtime_testing';
 *
 * // The transport side of a conversation, reusable across tests.
 * async function interruptedGreeting({ expectCall, emit }: ScriptedRealtimeScenarioContext) {
 *   await expectCall('connect');
 *   await expectCall('sendMessage', (call) => call.message === 'Hello');
 *   emit('audio_interrupted');
 *   await expectCall('close');
 * }
 *
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), { transport });
 * let interrupted = 0;
 * session.on('audio_interrupted', () => interrupted++);
 *
 * await transport.runScenario({
 *   scenario: interruptedGreeting,
 *   exercise: async () => {
 *     await session.connect({ apiKey: 'test' });
 *     session.sendMessage('Hello');
 *     session.close();
 *   },
 * });
 * assert.equal(interrupted, 1);
 * transport.assertClosed();
 * ```
 */
export type ScriptedRealtimeScenarioContext = {
  /** Expects the next outbound call; a failure ends the run with that error. */
  expectCall: <M extends RealtimeTransportMethod>(
    method: M,
    matcher?: RealtimeCallMatcher<M>,
  ) => Promise<RealtimeTransportCallFor<M>>;
  /**
   * Delivers an inbound transport event synchronously to the session (one
   * emitted before the session's `connect()` resumed is delivered right after
   * it has: see `ScriptedRealtimeTransport.emit`).
   */
  emit: <E extends keyof RealtimeTransportEventTypes>(
    event: E,
    ...args: RealtimeTransportEventTypes[E]
  ) => boolean;
};

/**
 * The two concurrently running sides of `runScenario()` and its optional
 * cancellation signal.
 */
export type ScriptedRealtimeScenarioOptions<T = void> = {
  /** The transport side: expects outbound calls and emits inbound events. */
  scenario: (context: ScriptedRealtimeScenarioContext) => void | Promise<void>;
  /** The application side: drives the session; its value is the run's value. */
  exercise: () => T | Promise<T>;
  /** Cancels the run (the only bound on a wait: the double has no timers). */
  signal?: AbortSignal;
};

/**
 * An expectation still waiting for its call, numbered in registration order
 * (starting at 1).
 */
export type PendingRealtimeExpectation = Readonly<{
  order: number;
  method: RealtimeTransportMethod;
}>;

/**
 * Injected failures not yet thrown, counted per method.
 */
export type PendingRealtimeFailure = Readonly<{
  method: RealtimeTransportMethod;
  count: number;
}>;

/**
 * The transport's lifecycle status (`RealtimeTransportLayer['status']`).
 */
export type RealtimeTransportStatus = RealtimeTransportLayer['status'];

/**
 * What `sendMessage` sends: a text string or a structured user message. The SDK
 * does not export this type publicly, so it is read off `RealtimeTransportLayer`.
 */
export type RealtimeUserInput = Parameters<RealtimeTransportLayer['sendMessage']>[0];

/**
 * The MCP approval request `sendMcpResponse` answers. The SDK does not export
 * this type publicly, so it is read off `RealtimeTransportLayer`.
 */
export type RealtimeMcpCallApprovalRequestItem = Parameters<
  RealtimeTransportLayer['sendMcpResponse']
>[0];
