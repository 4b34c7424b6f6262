/**
 * The six errors of the realtime double. Every field is an own enumerable
 * property that is always present (even when `undefined`), assigned in the
 * constructor before `name`, so `Object.keys(error)` lists the fields and then
 * `name`; tests assert on fields instead of parsing messages. Messages number
 * calls from 1.
 *
 * @module
 */

import { countOf, ordinal } from '../_internal/format.ts';
import { frozenCopy } from '../_internal/snapshot.ts';
import { cancelledMessage, listPending } from './_scenario_messages.ts';
import type {
  PendingRealtimeExpectation,
  PendingRealtimeFailure,
  RealtimeTransportMethod,
  RealtimeTransportStatus,
  RecordedRealtimeTransportCall,
} from './scripted_realtime_transport_types.ts';

const PREFIX = 'ScriptedRealtimeTransport';

function listExpectations(pending: readonly PendingRealtimeExpectation[]): string {
  return listPending(pending, ({ method }) => method);
}

/**
 * An outbound call paired with an expectation for a different method.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   ScriptedRealtimeTransport,
 *   UnexpectedRealtimeCallError,
 * } from 'scripted-agents/realtime_testing';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const expected = transport.expectCall('mute');
 * // The caller sees the failure (the SDK would see it throw)...
 * assert.throws(() => transport.interrupt(), UnexpectedRealtimeCallError);
 * // ...and so does the expectation, with the structured fields.
 * await assert.rejects(expected, {
 *   name: 'UnexpectedRealtimeCallError',
 *   callIndex: 0,
 *   expectedMethod: 'mute',
 *   actualMethod: 'interrupt',
 *   message: 'ScriptedRealtimeTransport expected mute but received interrupt call #1.',
 * });
 * transport.acknowledgeFailures();
 * ```
 */
export class UnexpectedRealtimeCallError extends Error {
  /** The zero-based position of the call in `ScriptedRealtimeTransport.calls`. */
  readonly callIndex: number;
  /** The method the expectation asked for. */
  readonly expectedMethod: RealtimeTransportMethod;
  /** The method actually called. */
  readonly actualMethod: string;
  /** Always `'UnexpectedRealtimeCallError'`. */
  override readonly name: 'UnexpectedRealtimeCallError';

  /** Describes `actualCall` arriving where `expectedMethod` was expected. */
  constructor(expectedMethod: RealtimeTransportMethod, actualCall: RecordedRealtimeTransportCall) {
    super(
      `${PREFIX} expected ${expectedMethod} but received ${actualCall.method} call ${
        ordinal(actualCall.index)
      }.`,
    );
    this.callIndex = actualCall.index;
    this.expectedMethod = expectedMethod;
    this.actualMethod = actualCall.method;
    this.name = 'UnexpectedRealtimeCallError';
  }
}

/**
 * An expectation's matcher returned exactly `false` for its call. (A matcher
 * that throws fails with the thrown value itself.)
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   RealtimeCallMatcherError,
 *   ScriptedRealtimeTransport,
 * } from 'scripted-agents/realtime_testing';
 *
 * const transport = new ScriptedRealtimeTransport();
 * transport.mute(true);
 * await assert.rejects(
 *   transport.expectCall('mute', (call) => call.muted === false),
 *   (error) => {
 *     assert.ok(error instanceof RealtimeCallMatcherError);
 *     assert.equal(error.callIndex, 0);
 *     assert.equal(error.actualMethod, 'mute');
 *     return true;
 *   },
 * );
 * transport.acknowledgeFailures();
 * ```
 */
export class RealtimeCallMatcherError extends Error {
  /** The zero-based position of the call in `ScriptedRealtimeTransport.calls`. */
  readonly callIndex: number;
  /** The method of the rejected call. */
  readonly actualMethod: string;
  /** Always `'RealtimeCallMatcherError'`. */
  override readonly name: 'RealtimeCallMatcherError';

  /** Describes the `call` a matcher rejected. */
  constructor(call: RecordedRealtimeTransportCall) {
    super(`${PREFIX} matcher rejected ${call.method} call ${ordinal(call.index)}.`);
    this.callIndex = call.index;
    this.actualMethod = call.method;
    this.name = 'RealtimeCallMatcherError';
  }
}

/**
 * Calls nobody expected, expectations nothing called, or injected failures
 * nothing triggered. Raised by `assertComplete()` and by `runScenario()` when
 * the exercise ends with expectations pending.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   IncompleteRealtimeScenarioError,
 *   ScriptedRealtimeTransport,
 * } from 'scripted-agents/realtime_testing';
 *
 * const transport = new ScriptedRealtimeTransport();
 * transport.interrupt(); // a call no expectation consumed
 * transport.failNextCall('close', new Error('never thrown'));
 * assert.throws(() => transport.assertComplete(), (error) => {
 *   assert.ok(error instanceof IncompleteRealtimeScenarioError);
 *   assert.deepEqual(error.unconsumedCalls, [{ index: 0, method: 'interrupt' }]);
 *   assert.deepEqual(error.pendingExpectations, []);
 *   assert.deepEqual(error.pendingFailures, [{ method: 'close', count: 1 }]);
 *   assert.equal(
 *     error.message,
 *     'ScriptedRealtimeTransport scenario is incomplete: 1 unconsumed call, ' +
 *       '0 pending expectations, and 1 pending failure. Unconsumed: call #1 interrupt. ' +
 *       "Expect it where the scenario meets it (await transport.expectCall('interrupt')): " +
 *       'the transport reports every call no expectation consumed, so a test that does ' +
 *       'not check that call still expects it. Remove the failNextCall() failures the run ' +
 *       'never reached, or drive it to them.',
 *   );
 *   return true;
 * });
 * ```
 */
export class IncompleteRealtimeScenarioError extends Error {
  /** Recorded calls no expectation consumed (a frozen copy). */
  readonly unconsumedCalls: readonly RecordedRealtimeTransportCall[];
  /** Expectations no call satisfied (a frozen copy). */
  readonly pendingExpectations: readonly PendingRealtimeExpectation[];
  /** Injected failures not yet thrown, per method (a frozen copy). */
  readonly pendingFailures: readonly PendingRealtimeFailure[];
  /** Always `'IncompleteRealtimeScenarioError'`. */
  override readonly name: 'IncompleteRealtimeScenarioError';

  /**
   * Copies and freezes the three collections. (Three positional parameters:
   * the SDK's own signature, kept for drop-in use.)
   */
  constructor(
    unconsumedCalls: readonly RecordedRealtimeTransportCall[],
    pendingExpectations: readonly PendingRealtimeExpectation[],
    pendingFailures: readonly PendingRealtimeFailure[],
  ) {
    const failureCount = pendingFailures.reduce((sum, { count }) => sum + count, 0);
    const listed = pendingExpectations.length > 0
      ? ` (${listExpectations(pendingExpectations)})`
      : '';
    // The first sentence is the SDK double's message, word for word (drop-in);
    // what follows names the leftovers and says what to do about each kind.
    super(
      `${PREFIX} scenario is incomplete: ${countOf(unconsumedCalls.length, 'unconsumed call')}, ${
        countOf(pendingExpectations.length, 'pending expectation')
      }${listed}, and ${countOf(failureCount, 'pending failure')}.${
        nextSteps(unconsumedCalls, pendingExpectations, pendingFailures)
      }`,
    );
    this.unconsumedCalls = frozenCopy(unconsumedCalls);
    this.pendingExpectations = frozenCopy(pendingExpectations);
    this.pendingFailures = frozenCopy(pendingFailures);
    this.name = 'IncompleteRealtimeScenarioError';
  }
}

/** What to do about each kind of leftover, in the order the message counts them. */
function nextSteps(
  unconsumedCalls: readonly RecordedRealtimeTransportCall[],
  pendingExpectations: readonly PendingRealtimeExpectation[],
  pendingFailures: readonly PendingRealtimeFailure[],
): string {
  let text = '';
  if (unconsumedCalls.length > 0) {
    const calls = unconsumedCalls.map((call) => `call ${ordinal(call.index)} ${call.method}`);
    const one = unconsumedCalls.length === 1;
    text += ` Unconsumed: ${calls.join(', ')}. Expect ${one ? 'it' : 'each, in order,'} where ` +
      `the scenario meets it (await transport.expectCall('${unconsumedCalls[0].method}')): ` +
      'the transport reports every call no expectation consumed, so a test that does not ' +
      `check ${one ? 'that call' : 'those calls'} still expects ${one ? 'it' : 'them'}.`;
  }
  if (pendingExpectations.length > 0) {
    text += ' Find why the application never made the expected ' +
      `${pendingExpectations.length === 1 ? 'call' : 'calls'} (it stopped early, or calls ` +
      'another method), or drop the expectations the workflow no longer has.';
  }
  if (pendingFailures.some(({ count }) => count > 0)) {
    text += ' Remove the failNextCall() failures the run never reached, or drive it to them.';
  }
  return text;
}

/**
 * `runScenario()` was cancelled by its signal (already aborted on entry, or
 * aborted during the run). Its `name` is `'AbortError'`, as for any abort.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   ScriptedRealtimeScenarioCancelledError,
 *   ScriptedRealtimeTransport,
 * } from 'scripted-agents/realtime_testing';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const controller = new AbortController();
 * const run = transport.runScenario({
 *   signal: controller.signal,
 *   // Waits for a call the exercise never makes: only the signal can end this run.
 *   scenario: async ({ expectCall }) => void await expectCall('sendMessage'),
 *   exercise: () => controller.abort(),
 * });
 * await assert.rejects(run, (error) => {
 *   assert.ok(error instanceof ScriptedRealtimeScenarioCancelledError);
 *   assert.equal(error.name, 'AbortError');
 *   assert.deepEqual(error.pendingExpectations, [{ order: 1, method: 'sendMessage' }]);
 *   return true;
 * });
 * ```
 */
export class ScriptedRealtimeScenarioCancelledError extends Error {
  /** The expectations pending when the run was cancelled (a frozen copy). */
  readonly pendingExpectations: readonly PendingRealtimeExpectation[];
  /** Always `'AbortError'`. */
  override readonly name: 'AbortError';

  /** Copies and freezes the expectations pending at cancellation. */
  constructor(pendingExpectations: readonly PendingRealtimeExpectation[]) {
    super(cancelledMessage(PREFIX, listExpectations(pendingExpectations)));
    this.pendingExpectations = frozenCopy(pendingExpectations);
    this.name = 'AbortError';
  }
}

/**
 * `assertClosed()` found the transport in a status other than `disconnected`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   RealtimeTransportNotClosedError,
 *   ScriptedRealtimeTransport,
 * } from 'scripted-agents/realtime_testing';
 *
 * const transport = new ScriptedRealtimeTransport();
 * await transport.connect({ apiKey: 'test' });
 * assert.throws(() => transport.assertClosed(), (error) => {
 *   assert.ok(error instanceof RealtimeTransportNotClosedError);
 *   assert.equal(error.status, 'connected');
 *   return true;
 * });
 * transport.close();
 * transport.assertClosed();
 * ```
 */
export class RealtimeTransportNotClosedError extends Error {
  /** The status found instead of `disconnected`. */
  readonly status: RealtimeTransportStatus;
  /** Always `'RealtimeTransportNotClosedError'`. */
  override readonly name: 'RealtimeTransportNotClosedError';

  /** Describes the `status` found instead of `disconnected`. */
  constructor(status: RealtimeTransportStatus) {
    super(`${PREFIX} is not closed; current status is ${status}.`);
    this.status = status;
    this.name = 'RealtimeTransportNotClosedError';
  }
}

/**
 * `connect()` lost its own attempt: while it was still running synchronously
 * (in its matcher or a `connection_change` listener) a `close()`, `disconnect()`
 * or nested `connect()` took over the lifecycle.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   ScriptedRealtimeConnectionSupersededError,
 *   ScriptedRealtimeTransport,
 * } from 'scripted-agents/realtime_testing';
 *
 * const transport = new ScriptedRealtimeTransport();
 * // The remote end goes away while connect() is announcing `connecting`.
 * transport.once('connection_change', () => transport.disconnect());
 * await assert.rejects(transport.connect({ apiKey: 'test' }), (error) => {
 *   assert.ok(error instanceof ScriptedRealtimeConnectionSupersededError);
 *   assert.equal(error.operation, 'connect');
 *   return true;
 * });
 * assert.equal(transport.status, 'disconnected');
 * ```
 */
export class ScriptedRealtimeConnectionSupersededError extends Error {
  /** The superseded operation: always `'connect'`. */
  readonly operation: 'connect';
  /** Always `'ScriptedRealtimeConnectionSupersededError'`. */
  override readonly name: 'ScriptedRealtimeConnectionSupersededError';

  /** The message and `operation` are constant. */
  constructor() {
    super(`${PREFIX} connection attempt was superseded by another lifecycle operation.`);
    this.operation = 'connect';
    this.name = 'ScriptedRealtimeConnectionSupersededError';
  }
}
