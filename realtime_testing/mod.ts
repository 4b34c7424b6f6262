/**
 * A scripted `RealtimeTransportLayer` for the real `RealtimeSession`: test
 * Realtime agents and sessions without a socket. A drop-in for
 * `@openai/agents/realtime/testing`.
 *
 * The scenario scripts the transport side (expect outbound calls, emit
 * normalized inbound events); the exercise drives the application through the
 * public session API; both run concurrently. `runScenario()` resolves once
 * both sides are done and every expectation was met.
 *
 * @example A scripted conversation
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport });
 *
 * await transport.runScenario({
 *   scenario: async ({ expectCall }) => {
 *     const connect = await expectCall('connect');
 *     // The key itself is never recorded.
 *     assert.equal(connect.options.apiKeyProvided, true);
 *     await expectCall('sendMessage', (call) => call.message === 'Hello');
 *     await expectCall('close');
 *   },
 *   exercise: async () => {
 *     await session.connect({ apiKey: 'test' });
 *     session.sendMessage('Hello');
 *     session.close();
 *   },
 * });
 * assert.deepEqual(transport.calls.map((call) => call.method), ['connect', 'sendMessage', 'close']);
 * transport.assertComplete();
 * transport.assertClosed();
 * ```
 *
 * For tests of the wire protocol, `ScriptedRealtimeServer` is a fake Realtime
 * API server behind an in-memory WebSocket: the SDK's real
 * `OpenAIRealtimeWebSocket` runs, and the turn builders (`userSpeaks`,
 * `assistantAnswers`, `assistantCallsTool`, `userInterrupts`, ...) send the
 * server events of whole turns.
 *
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import {
 *   assistantAnswers,
 *   ScriptedRealtimeServer,
 *   userSpeaks,
 * } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer({
 *   ignoreClientEvents: ['session.update', 'conversation.item.retrieve'],
 * });
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), {
 *   transport: server.transport(),
 * });
 * await session.connect({ apiKey: 'test' });
 * await userSpeaks(server, { transcript: 'Hello?' });
 * await assistantAnswers(server, { transcript: 'Hi! How can I help?', audioMs: 200 });
 * assert.equal(session.history.length, 2);
 * session.close();
 * await server.settled();
 * ```
 *
 * @module
 */

export { DoubleFailuresError } from '../_internal/double_failures_error.ts';
export { ScriptedOutputMismatchError } from '../_internal/script_check_errors.ts';
export type {
  ScriptedOutputMismatchErrorOptions,
  ScriptedOutputMismatchReason,
} from '../_internal/script_check_errors.ts';
export { UnknownSdkMembersError } from '../_internal/unknown_sdk_members.ts';
export type { UnknownSdkMembersErrorOptions } from '../_internal/unknown_sdk_members.ts';
export { ScriptedRealtimeTransport } from './scripted_realtime_transport.ts';
export {
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  RealtimeTransportNotClosedError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeScenarioCancelledError,
  UnexpectedRealtimeCallError,
} from './scripted_realtime_transport_errors.ts';
export { ScriptedRealtimeServer } from './scripted_realtime_server.ts';
export {
  IncompleteRealtimeServerScenarioError,
  InvalidRealtimeServerEventError,
  type InvalidRealtimeServerEventReason,
  InvalidRealtimeTranscriptError,
  InvalidRealtimeTurnError,
  type InvalidRealtimeTurnErrorOptions,
  type InvalidRealtimeTurnReason,
  RealtimeClientEventMatcherError,
  RealtimeServerConnectionOpenError,
  RealtimeServerNotConnectedError,
  RealtimeTranscriptDriftError,
  ScriptedRealtimeServerScenarioCancelledError,
  UnexpectedRealtimeClientEventError,
} from './scripted_realtime_server_errors.ts';
export type {
  CloseConnectionOptions,
  FailHandshakeOptions,
  PendingClientEventExpectation,
  PendingRealtimeServerFault,
  RealtimeClientContentPart,
  RealtimeClientEventFor,
  RealtimeClientEventMap,
  RealtimeClientEventMatcher,
  RealtimeClientEventType,
  RealtimeClientItem,
  RealtimeConnectionState,
  RealtimeServerEvent,
  RealtimeSessionToolPayload,
  RealtimeSessionUpdatePayload,
  RealtimeTranscript,
  RealtimeTranscriptConnection,
  RealtimeTranscriptEntry,
  RecordedRealtimeClientEvent,
  RecordedRealtimeConnection,
  ScriptedRealtimeServerOptions,
  ScriptedRealtimeServerScenarioContext,
  ScriptedRealtimeServerScenarioOptions,
  ScriptedServerTransportOptions,
  SendServerEventOptions,
} from './scripted_realtime_server_types.ts';
export {
  parseRealtimeTranscript,
  RealtimeTranscriptRecorder,
  replayRealtimeTranscript,
  serializeRealtimeTranscript,
} from './realtime_transcript.ts';
export { RealtimeServerEventBuilder } from './realtime_server_event_builder.ts';
export type {
  BuilderResponseFailsOptions,
  BuilderToolCallOptions,
  BuilderUserInterruptsOptions,
  BuilderUserSpeaksOptions,
  ClientItemCreateEvent,
  SessionCreatedOptions,
  SessionUpdatedOptions,
} from './realtime_server_event_builder_types.ts';
export {
  acknowledgeClientItems,
  assistantAnswers,
  type AssistantAnswersOptions,
  assistantCallsTool,
  type AssistantCallsToolOptions,
  completeResponse,
  type CompleteResponseOptions,
  handshake,
  type HandshakeOptions,
  type RateLimitsOptions,
  rateLimitsUpdated,
  responseFails,
  type ResponseFailsOptions,
  userInterrupts,
  type UserInterruptsOptions,
  userSpeaks,
  type UserSpeaksOptions,
} from './realtime_turns.ts';
export type {
  ExactRealtimeCallDataMap,
  PendingRealtimeExpectation,
  PendingRealtimeFailure,
  RealtimeCallMatcher,
  RealtimeConnectHold,
  RealtimeMcpCallApprovalRequestItem,
  RealtimeTransportCallData,
  RealtimeTransportCallFor,
  RealtimeTransportMethod,
  RealtimeTransportStatus,
  RealtimeUserInput,
  RecordedRealtimeTransportCall,
  ScriptedRealtimeScenarioContext,
  ScriptedRealtimeScenarioOptions,
  ScriptedRealtimeTransportOptions,
} from './scripted_realtime_transport_types.ts';
