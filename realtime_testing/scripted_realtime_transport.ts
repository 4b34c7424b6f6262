/**
 * `ScriptedRealtimeTransport`: an in-memory `RealtimeTransportLayer` for the
 * real `RealtimeSession`. It records every outbound call in one global order,
 * pairs calls with ordered expectations, delivers scripted inbound events
 * synchronously, injects failures and simulates the connection lifecycle.
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
import { OpenAIRealtimeWebSocket } from '@openai/agents-realtime';
import { FailureLog, runTeardownChecks } from '../_internal/failure_log.ts';
import { assertKnownSdkMembers } from '../_internal/unknown_sdk_members.ts';
import { Queue } from '../_internal/queue.ts';
import { frozenSnapshot, snapshotValue } from '../_internal/snapshot.ts';
import { ListenerRegistry } from './_emitter.ts';
import type {
  PendingRealtimeExpectation,
  PendingRealtimeFailure,
  RealtimeCallMatcher,
  RealtimeConnectHold,
  RealtimeMcpCallApprovalRequestItem,
  RealtimeTransportCallFor,
  RealtimeTransportMethod,
  RealtimeTransportStatus,
  RealtimeUserInput,
  RecordedRealtimeTransportCall,
  ScriptedRealtimeScenarioOptions,
  ScriptedRealtimeTransportOptions,
} from './scripted_realtime_transport_types.ts';
import {
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  RealtimeTransportNotClosedError,
  ScriptedRealtimeConnectionSupersededError,
  UnexpectedRealtimeCallError,
} from './scripted_realtime_transport_errors.ts';
import { type RegisteredExpectation, runScenario, type ScenarioHost } from './scenario.ts';
import { announceDouble, settleDouble } from '../_internal/live_doubles.ts';

const DOUBLE = 'ScriptedRealtimeTransport';

/**
 * The public members of the SDK's own transport, `OpenAIRealtimeWebSocket`, as of
 * the newest SDK release this double was tested with: the transport methods it
 * doubles, and the WebSocket-specific ones (`buildSessionPayload`,
 * `connectionState`, `currentItemId`, `currentModel`, `getCommonRequestHeaders`)
 * that `RealtimeSession` does not call on a transport. A member outside this list
 * means a newer SDK whose transport interface may have grown, and the double
 * refuses to be created (`UnknownSdkMembersError`) rather than silently lack it.
 */
const knownSdkTransportMembers: ReadonlySet<string> = new Set([
  'addImage',
  'buildSessionPayload',
  'close',
  'connect',
  'connectionState',
  'currentItemId',
  'currentModel',
  'emit',
  'getCommonRequestHeaders',
  'interrupt',
  'mute',
  'muted',
  'off',
  'on',
  'once',
  'requestResponse',
  'resetHistory',
  'sendAudio',
  'sendEvent',
  'sendFunctionCallOutput',
  'sendMcpResponse',
  'sendMessage',
  'status',
  'updateSessionConfig',
]);

/** A recorded call as stored: frozen at the top, never handed out itself. */
type StoredCall = Readonly<{ index: number; method: RealtimeTransportMethod }>;

interface Expectation {
  readonly order: number;
  readonly method: RealtimeTransportMethod;
  // deno-lint-ignore no-explicit-any
  readonly matcher: RealtimeCallMatcher<any> | undefined;
  readonly resolve: (call: never) => void;
  readonly reject: (error: unknown) => void;
}

type Verdict = { readonly accepted: true } | { readonly accepted: false; readonly error: unknown };
const ACCEPTED: Verdict = { accepted: true };

/** Inbound events held back while `connect()`'s caller had not resumed. */
interface EarlyEvents {
  /** Whether events emitted now are held back. */
  open: boolean;
  readonly events: Array<readonly [PropertyKey, readonly unknown[]]>;
  /** The connection they belong to. */
  generation: number;
}

/**
 * An in-memory Realtime transport for deterministic `RealtimeSession` tests: a
 * drop-in for the SDK's own `ScriptedRealtimeTransport`.
 *
 * Outbound calls are recorded (`calls`) and matched, in one global order, by
 * `expectCall()`; a call that arrives before its expectation waits for it.
 * `emit()` delivers inbound events synchronously. `failNextCall()` makes a
 * method throw, `disconnect()` simulates the remote end going away, and
 * `runScenario()` runs the transport side and the application side together.
 * End every test with `assertComplete()` and `assertClosed()` (or
 * `await using transport = ...`, which runs both and reports failures the
 * application swallowed).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport });
 *
 * // An expectation made before the call waits for it...
 * const connected = transport.expectCall('connect');
 * await session.connect({ apiKey: 'test' });
 * await connected;
 * assert.equal(transport.status, 'connected');
 *
 * // ...and a call made before its expectation waits in a buffer.
 * session.close();
 * const closed = await transport.expectCall('close');
 * assert.equal(closed.index, 1);
 * transport.assertComplete();
 * transport.assertClosed();
 * ```
 */
export class ScriptedRealtimeTransport implements RealtimeTransportLayer, AsyncDisposable {
  /** The lifecycle status; `'disconnected'` until `connect()`. */
  status: RealtimeTransportStatus = 'disconnected';
  /** The last value of a successful `mute()` call; `false` at first. */
  muted: boolean | null = false;

  readonly #listeners = new ListenerRegistry();
  readonly #failures = new FailureLog(DOUBLE);
  readonly #calls: StoredCall[] = [];
  readonly #unconsumed = new Queue<StoredCall>();
  readonly #pending = new Queue<Expectation>();
  // Map order is reported by assertComplete(); emptied methods are deleted.
  readonly #injected = new Map<RealtimeTransportMethod, Queue<{ readonly error: unknown }>>();
  #nextOrder = 1;
  // Bumped by every connect, effective close and disconnect, so an operation
  // can tell that another one took over while it ran.
  #generation = 0;
  // The generation of a connect that has set `connected` but not yet finished
  // notifying about it: such a connection is not established yet.
  #provisionalGeneration: number | undefined;
  // Inbound events emitted after connect() returned and before its caller resumed.
  #early: EarlyEvents | undefined;
  readonly #options: Readonly<ScriptedRealtimeTransportOptions>;
  #connectHolds: ConnectGate[] = [];

  /**
   * A disconnected transport with nothing expected yet. `options` are those
   * of the SDK's own transports (`OpenAIRealtimeWebRTC`,
   * `OpenAIRealtimeWebSocket`), kept as `options` and otherwise unused, so
   * the double stands in for a transport an app makes inline.
   *
   * @throws {UnknownSdkMembersError} when the installed SDK's own transport has
   * public members this double does not know (an SDK newer than this package).
   */
  constructor(options: ScriptedRealtimeTransportOptions = {}) {
    // Media streams, elements and callbacks keep their identity; the rest is copied.
    this.#options = Object.freeze({ ...snapshotValue(options) });
    assertKnownSdkMembers(OpenAIRealtimeWebSocket, knownSdkTransportMembers, {
      double: DOUBLE,
      sdkClass: 'OpenAIRealtimeWebSocket',
      sdkPackage: '@openai/agents-realtime',
    });
    announceDouble(this);
  }

  /** The options the transport was made with, as given (a frozen shallow copy). */
  get options(): Readonly<ScriptedRealtimeTransportOptions> {
    return this.#options;
  }

  /**
   * Holds the next `connect()` in `connecting` until the returned hold is
   * released (or failed), for tests of what an app shows while it connects.
   * Each call holds one more connect, in order.
   */
  holdConnect(): RealtimeConnectHold {
    const gate = new ConnectGate();
    this.#connectHolds.push(gate);
    return gate.hold;
  }

  /** Registers a synchronous listener for a transport event. */
  on<E extends keyof RealtimeTransportEventTypes>(
    event: E,
    listener: (...args: RealtimeTransportEventTypes[E]) => void,
  ): this {
    this.#listeners.on(event, listener);
    return this;
  }

  /** Removes the most recent registration of `listener` for `event` (a `once` one included). */
  off<E extends keyof RealtimeTransportEventTypes>(
    event: E,
    listener: (...args: RealtimeTransportEventTypes[E]) => void,
  ): this {
    this.#listeners.off(event, listener);
    return this;
  }

  /**
   * Delivers an inbound event synchronously. A listener's exception propagates
   * to the caller and stops later listeners. Returns whether anyone listened.
   *
   * One exception, as over a real connection (whose first messages arrive
   * only after `connect()`'s caller went on): an event emitted after
   * `connect()` returned but before its caller resumed (by a scenario as soon
   * as its `expectCall('connect')` resolves) is delivered right after the
   * caller resumes, or just before the next event if that comes first. A
   * `RealtimeSession` would drop a `function_call` it received then. Such an
   * event is dropped only if the connection was closed or lost meanwhile; a
   * listener's exception during that delivery is kept in `failures`.
   */
  emit<E extends keyof RealtimeTransportEventTypes>(
    event: E,
    ...args: RealtimeTransportEventTypes[E]
  ): boolean {
    const early = this.#early;
    if (early?.open) {
      early.events.push([event, args]);
      return this.#listeners.has(event);
    }
    if (early !== undefined) this.#deliverEarly(early, false);
    return this.#listeners.emit(event, args);
  }

  /** Registers a listener that is removed before its first call. */
  once<E extends keyof RealtimeTransportEventTypes>(
    event: E,
    listener: (...args: RealtimeTransportEventTypes[E]) => void,
  ): this {
    this.#listeners.once(event, listener);
    return this;
  }

  /**
   * Every outbound call in invocation order, as fresh detached snapshots: a
   * new frozen array of frozen calls on each read.
   */
  get calls(): readonly RecordedRealtimeTransportCall[] {
    return Object.freeze(this.#calls.map(freshView));
  }

  /**
   * Expects the next outbound call, in one global order. The oldest buffered
   * call (one made before any expectation) is checked at once; otherwise the
   * expectation waits for the next call. The promise resolves with a snapshot
   * of the call, or rejects with `UnexpectedRealtimeCallError` (another method),
   * `RealtimeCallMatcherError` (the matcher returned `false`) or whatever the
   * matcher threw. A waiting expectation's failure is also thrown to the code
   * that made the call. The promise is yours: await it or handle it.
   */
  expectCall<M extends RealtimeTransportMethod>(
    method: M,
    matcher?: RealtimeCallMatcher<M>,
  ): Promise<RealtimeTransportCallFor<M>> {
    return this.#expect(method, matcher).promise;
  }

  /**
   * Runs `scenario` (the transport side: `expectCall`, `emit`) and `exercise`
   * (the application side) concurrently, and resolves with the exercise's value
   * once both finish and `assertComplete()` passes. It rejects with the first
   * failure of either side or of an expectation, with
   * `IncompleteRealtimeScenarioError` when the exercise finishes while
   * expectations still wait, or with `ScriptedRealtimeScenarioCancelledError`
   * when `signal` aborts. Pending expectations are rejected with the same error.
   * No timers: pass a signal when both sides might wait on each other.
   */
  runScenario<T>(options: ScriptedRealtimeScenarioOptions<T>): Promise<T> {
    return runScenario(this.#scenarioHost(), options);
  }

  /**
   * Makes the next call of `method` throw `error` (any value). The failed
   * attempt is still recorded and matched. Several failures for one method
   * are thrown in the order they were added.
   */
  failNextCall(method: RealtimeTransportMethod, error: unknown): void {
    const queue = this.#injected.get(method);
    if (queue === undefined) this.#injected.set(method, queueOf({ error }));
    else queue.push({ error });
  }

  /**
   * Simulates the remote end closing the connection: the status becomes
   * `disconnected` (announced by `connection_change` if it changed) and, when
   * `error` is given, an `error` event follows. Not a recorded call; it also
   * supersedes a connect in progress. The first listener exception is rethrown
   * after both notifications.
   */
  disconnect(error?: unknown): void {
    this.#generation++;
    let thrown: { readonly value: unknown } | undefined;
    if (this.status !== 'disconnected') {
      this.status = 'disconnected';
      try {
        this.#listeners.emit('connection_change', ['disconnected']);
      } catch (value) {
        thrown = { value };
      }
    }
    if (error !== undefined) {
      try {
        this.#listeners.emit('error', [{ type: 'error', error }]);
      } catch (value) {
        thrown ??= { value };
      }
    }
    if (thrown !== undefined) throw thrown.value;
  }

  /**
   * Throws `IncompleteRealtimeScenarioError` if a recorded call was never
   * expected, an expectation is still waiting, or an injected failure was
   * never thrown.
   */
  assertComplete(): void {
    if (this.#unconsumed.size > 0 || this.#pending.size > 0 || this.#injected.size > 0) {
      throw this.#incompleteError();
    }
  }

  /** Throws `RealtimeTransportNotClosedError` unless the status is `disconnected`. */
  assertClosed(): void {
    if (this.status !== 'disconnected') throw new RealtimeTransportNotClosedError(this.status);
  }

  /**
   * The failures this transport raised for a drifted workflow (unexpected
   * calls, rejecting or throwing matchers), even those the application caught.
   */
  get failures(): readonly unknown[] {
    return this.#failures.failures;
  }

  /** Returns the recorded failures and forgets them, for tests that provoke them on purpose. */
  acknowledgeFailures(): readonly unknown[] {
    return this.#failures.take();
  }

  /** Throws `DoubleFailuresError` if this transport raised any failure during the test. */
  assertNoUnexpectedCalls(): void {
    this.#failures.assertNone();
  }

  /**
   * Teardown for `await using`: runs `assertNoUnexpectedCalls()`,
   * `assertComplete()` and `assertClosed()` and reports every problem found.
   */
  async [Symbol.asyncDispose](): Promise<void> {
    settleDouble(this);
    runTeardownChecks(DOUBLE, [
      () => this.assertNoUnexpectedCalls(),
      () => this.assertComplete(),
      () => this.assertClosed(),
    ]);
  }

  /**
   * Records the connect (with `apiKeyProvided`, never the key) and moves
   * through `connecting` to `connected`, announcing both. Runs synchronously
   * although it returns a promise. Rejects with
   * `ScriptedRealtimeConnectionSupersededError` if a close, disconnect or
   * nested connect took over meanwhile.
   */
  connect(options: RealtimeTransportLayerConnectOptions): Promise<void> {
    // Microtasks in the order they run: `open` (queued first), the reactions
    // the connect queued (a resolved `expectCall('connect')`), `close` (queued
    // last), the caller's continuation (its `await` is registered after this
    // returns), then the delivery. The caller's own code right after the call
    // runs before any of them, so its events stay synchronous.
    const early: EarlyEvents = { open: false, events: [], generation: 0 };
    queueMicrotask(() => {
      if (this.#early === early) early.open = true;
    });
    const connecting = this.#connect(options);
    early.generation = this.#generation;
    this.#early = early;
    queueMicrotask(() => {
      early.open = false;
      queueMicrotask(() => this.#deliverEarly(early, true));
    });
    return connecting;
  }

  async #connect(options: RealtimeTransportLayerConnectOptions): Promise<void> {
    const generation = ++this.#generation;
    this.status = 'connecting';
    try {
      this.#record('connect', {
        options: {
          model: options.model,
          url: options.url,
          callId: options.callId,
          initialSessionConfig: options.initialSessionConfig,
          apiKeyProvided: typeof options.apiKey !== 'undefined',
        },
      });
      this.#ensureCurrent(generation, 'connecting');
      this.#listeners.emit('connection_change', ['connecting']);
      this.#ensureCurrent(generation, 'connecting');
      const gate = this.#connectHolds.shift();
      if (gate !== undefined) {
        await gate.wait();
        this.#ensureCurrent(generation, 'connecting');
      }
      this.status = 'connected';
      this.#provisionalGeneration = generation;
      this.#listeners.emit('connection_change', ['connected']);
      this.#ensureCurrent(generation, 'connected');
      this.#provisionalGeneration = undefined;
    } catch (error) {
      if (this.#provisionalGeneration === generation) this.#provisionalGeneration = undefined;
      // Only an attempt nobody took over falls back to disconnected.
      if (this.#generation === generation) {
        this.#generation++;
        this.status = 'disconnected';
        this.#announceQuietly('disconnected');
      }
      throw error;
    }
  }

  /** Records the event. */
  sendEvent(event: RealtimeClientMessage): void {
    this.#record('sendEvent', { event });
  }

  /** Records the response request (always defined, so the session uses it). */
  // deno-lint-ignore no-explicit-any
  requestResponse(response?: Record<string, any>): void {
    this.#record('requestResponse', { response });
  }

  /** Records the message. */
  sendMessage(
    message: RealtimeUserInput,
    // deno-lint-ignore no-explicit-any
    otherEventData: Record<string, any>,
    options?: { triggerResponse?: boolean },
  ): void {
    this.#record('sendMessage', { message, otherEventData, options });
  }

  /** Records the image. */
  addImage(image: string, options?: { triggerResponse?: boolean }): void {
    this.#record('addImage', { image, options });
  }

  /** Records the audio (a copy of the buffer). */
  sendAudio(audio: ArrayBuffer, options: { commit?: boolean }): void {
    this.#record('sendAudio', { audio, options });
  }

  /** Records the session update. */
  updateSessionConfig(config: Partial<RealtimeSessionConfig>): void {
    this.#record('updateSessionConfig', { config });
  }

  /**
   * Records the close and moves through `disconnecting` to `disconnected`,
   * announcing the latter. A no-op (not recorded) when already disconnected. If
   * the close fails, an established connection is kept and one still being
   * made is dropped.
   */
  close(): void {
    if (this.status === 'disconnected') return;
    const generation = ++this.#generation;
    const wasEstablished = this.status === 'connected' &&
      this.#provisionalGeneration === undefined;
    this.status = 'disconnecting';
    try {
      this.#record('close', {});
    } catch (error) {
      if (this.#generation === generation && this.status === 'disconnecting') {
        if (wasEstablished) {
          this.status = 'connected';
        } else {
          this.status = 'disconnected';
          this.#announceQuietly('disconnected');
        }
      }
      throw error;
    }
    // A lifecycle operation started from the close matcher keeps its newer state.
    if (this.#generation !== generation || this.status !== 'disconnecting') return;
    this.status = 'disconnected';
    this.#listeners.emit('connection_change', ['disconnected']);
  }

  /** Records the call and, if it succeeds, updates `muted`. */
  mute(muted: boolean): void {
    this.#record('mute', { muted });
    this.muted = muted;
  }

  /** Records the tool output. */
  sendFunctionCallOutput(
    toolCall: TransportToolCallEvent,
    output: string,
    startResponse: boolean,
  ): void {
    this.#record('sendFunctionCallOutput', { toolCall, output, startResponse });
  }

  /** Records the interruption. */
  interrupt(): void {
    this.#record('interrupt', {});
  }

  /** Records both histories (detached copies). */
  resetHistory(oldHistory: RealtimeItem[], newHistory: RealtimeItem[]): void {
    this.#record('resetHistory', { oldHistory, newHistory });
  }

  /** Records the MCP approval response. */
  sendMcpResponse(
    approvalRequest: RealtimeMcpCallApprovalRequestItem,
    approved: boolean,
    reason?: string,
  ): void {
    this.#record('sendMcpResponse', { approvalRequest, approved, reason });
  }

  /**
   * Records one outbound call, pairs it with the oldest waiting expectation
   * and throws a reserved injected failure once validation passed.
   */
  #record(method: RealtimeTransportMethod, fields: object): void {
    // Reserved before anything else, so a matcher that re-enters the same
    // method cannot take this call's failure.
    const failure = this.#takeInjected(method);
    const call: StoredCall = Object.freeze({
      ...snapshotValue({ method, ...fields }),
      index: this.#calls.length,
    });
    this.#calls.push(call);
    const expectation = this.#pending.shift();
    if (expectation === undefined) {
      this.#unconsumed.push(call);
    } else {
      const verdict = this.#judge(expectation, call);
      if (!verdict.accepted) {
        // The call stays recorded and consumed; the reserved failure is dropped.
        expectation.reject(verdict.error);
        throw verdict.error;
      }
      expectation.resolve(freshView(call) as never);
    }
    if (failure !== undefined) throw failure.error;
  }

  #expect<M extends RealtimeTransportMethod>(
    method: M,
    matcher: RealtimeCallMatcher<M> | undefined,
  ): RegisteredExpectation<M> {
    const order = this.#nextOrder++;
    const buffered = this.#unconsumed.shift();
    if (buffered !== undefined) {
      const verdict = this.#judge({ method, matcher }, buffered);
      return {
        pending: false,
        promise: verdict.accepted
          ? Promise.resolve(freshView(buffered) as RealtimeTransportCallFor<M>)
          : Promise.reject(verdict.error),
      };
    }
    const promise = new Promise<RealtimeTransportCallFor<M>>((resolve, reject) => {
      this.#pending.push({
        order,
        method,
        matcher,
        resolve: resolve as (call: never) => void,
        reject,
      });
    });
    return { pending: true, promise };
  }

  /** Checks a call against an expectation; failures are logged for teardown. */
  #judge(
    // deno-lint-ignore no-explicit-any
    expectation: Pick<Expectation, 'method'> & { readonly matcher?: RealtimeCallMatcher<any> },
    call: StoredCall,
  ): Verdict {
    if (expectation.method !== call.method) {
      return this.#rejected(new UnexpectedRealtimeCallError(expectation.method, call));
    }
    if (expectation.matcher === undefined) return ACCEPTED;
    let result: boolean | void;
    try {
      result = expectation.matcher(freshView(call) as never);
    } catch (thrown) {
      return this.#rejected(thrown);
    }
    return result === false ? this.#rejected(new RealtimeCallMatcherError(call)) : ACCEPTED;
  }

  #rejected(error: unknown): Verdict {
    return { accepted: false, error: this.#failures.raise(error) };
  }

  #takeInjected(method: RealtimeTransportMethod): { readonly error: unknown } | undefined {
    const queue = this.#injected.get(method);
    if (queue === undefined) return undefined;
    const failure = queue.shift();
    if (queue.size === 0) this.#injected.delete(method);
    return failure;
  }

  #ensureCurrent(generation: number, status: RealtimeTransportStatus): void {
    if (this.#generation !== generation || this.status !== status) {
      throw new ScriptedRealtimeConnectionSupersededError();
    }
  }

  /**
   * Delivers the events emitted while `connect()`'s caller had not resumed,
   * unless that connection is gone. `late`: no emit is waiting on them, so a
   * listener's exception goes to `failures`.
   */
  #deliverEarly(early: EarlyEvents, late: boolean): void {
    if (this.#early !== early) return;
    this.#early = undefined;
    if (early.generation !== this.#generation || this.status !== 'connected') return;
    for (const [event, args] of early.events) {
      if (!late) {
        this.#listeners.emit(event, args);
        continue;
      }
      try {
        this.#listeners.emit(event, args);
      } catch (error) {
        this.#failures.raise(error);
      }
    }
  }

  /** Announces a status during error recovery, where the original error must win. */
  #announceQuietly(status: RealtimeTransportStatus): void {
    try {
      this.#listeners.emit('connection_change', [status]);
    } catch {
      // Swallowed on purpose: the failure being rethrown is the one that matters.
    }
  }

  #pendingExpectations(): PendingRealtimeExpectation[] {
    return this.#pending.toArray().map(({ order, method }) => ({ order, method }));
  }

  #incompleteError(): IncompleteRealtimeScenarioError {
    const unconsumed = this.#unconsumed.toArray().map(({ index, method }) => ({ index, method }));
    const failures: PendingRealtimeFailure[] = [];
    for (const [method, queue] of this.#injected) failures.push({ method, count: queue.size });
    return new IncompleteRealtimeScenarioError(unconsumed, this.#pendingExpectations(), failures);
  }

  #scenarioHost(): ScenarioHost {
    return {
      expect: (method, matcher) => this.#expect(method, matcher),
      emit: (event, ...args) => this.emit(event, ...args),
      pendingExpectations: () => this.#pendingExpectations(),
      rejectPendingExpectations: (error) => {
        for (const expectation of this.#pending.drain()) expectation.reject(error);
      },
      incompleteError: () => this.#incompleteError(),
      assertComplete: () => this.assertComplete(),
    };
  }
}

/** A fresh detached copy of a stored call, frozen at the top. */
function freshView(call: StoredCall): StoredCall {
  return frozenSnapshot(call);
}

function queueOf<T>(item: T): Queue<T> {
  const queue = new Queue<T>();
  queue.push(item);
  return queue;
}

/** One `holdConnect()`: reached by a connect, then released or failed. */
class ConnectGate {
  readonly hold: RealtimeConnectHold;
  #outcome: { readonly error: unknown } | 'released' | undefined;
  #settle: (() => void) | undefined;
  #reach!: () => void;

  constructor() {
    const reached = new Promise<void>((resolve) => {
      this.#reach = resolve;
    });
    this.hold = Object.freeze({
      reached,
      release: () => this.#decide('released'),
      fail: (error: unknown) => this.#decide({ error }),
    });
  }

  #decide(outcome: { readonly error: unknown } | 'released'): void {
    if (this.#outcome !== undefined) return;
    this.#outcome = outcome;
    this.#settle?.();
  }

  /** Announces the connect, then waits for the test's decision. */
  wait(): Promise<void> {
    this.#reach();
    return new Promise<void>((resolve, reject) => {
      this.#settle = () => {
        const outcome = this.#outcome;
        if (outcome === 'released') resolve();
        else reject(outcome?.error);
      };
      if (this.#outcome !== undefined) this.#settle();
    });
  }
}
