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
 * @module
 */

export { DoubleFailuresError } from '../_internal/double_failures_error.ts';
export { ScriptedRealtimeTransport } from './scripted_realtime_transport.ts';
export {
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  RealtimeTransportNotClosedError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeScenarioCancelledError,
  UnexpectedRealtimeCallError,
} from './scripted_realtime_transport_errors.ts';
export type {
  ExactRealtimeCallDataMap,
  PendingRealtimeExpectation,
  PendingRealtimeFailure,
  RealtimeCallMatcher,
  RealtimeMcpCallApprovalRequestItem,
  RealtimeTransportCallData,
  RealtimeTransportCallFor,
  RealtimeTransportMethod,
  RealtimeTransportStatus,
  RealtimeUserInput,
  RecordedRealtimeTransportCall,
  ScriptedRealtimeScenarioContext,
  ScriptedRealtimeScenarioOptions,
} from './scripted_realtime_transport_types.ts';
