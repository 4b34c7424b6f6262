/**
 * `ScriptedRealtimeServer`: a fake Realtime API server at the far end of an
 * in-memory WebSocket, so the SDK's real `OpenAIRealtimeWebSocket` (its
 * session serialization, event parsing, response sequencing and interruption
 * logic) runs in the test.
 *
 * @module
 */

import { OpenAIRealtimeWebSocket } from '@openai/agents-realtime';
import type {
  SdkCreateWebSocket as CreateWebSocket,
  SdkOpenAIRealtimeWebSocket,
} from './_sdk_types.ts';
import { attempt } from '../_internal/attempt.ts';
import { FailureLog, runTeardownChecks } from '../_internal/failure_log.ts';
import { Queue } from '../_internal/queue.ts';
import { frozenSnapshot, snapshotValue } from '../_internal/snapshot.ts';
import {
  FakeCloseEvent,
  FakeErrorEvent,
  FakeMessageEvent,
  type FakeSocketPeer,
  FakeWebSocket,
} from './_fake_socket.ts';
import { closestKnownType, REQUIRED_FIELDS } from './_server_event_catalog.ts';
import { RealtimeToolCheck } from './_tool_call_check.ts';
import { type ConversationState, idCounter, newConversation } from './_turn_events.ts';
import { type Registered, runGenericScenario } from './scenario.ts';
import type {
  CloseConnectionOptions,
  FailHandshakeOptions,
  PendingClientEventExpectation,
  PendingRealtimeServerFault,
  RealtimeClientEventFor,
  RealtimeClientEventMatcher,
  RealtimeClientEventType,
  RealtimeConnectionState,
  RealtimeServerEvent,
  RecordedRealtimeClientEvent,
  RecordedRealtimeConnection,
  ScriptedRealtimeServerOptions,
  ScriptedRealtimeServerScenarioContext,
  ScriptedRealtimeServerScenarioOptions,
  ScriptedServerTransportOptions,
  SendServerEventOptions,
} from './scripted_realtime_server_types.ts';
import {
  IncompleteRealtimeServerScenarioError,
  InvalidRealtimeServerEventError,
  RealtimeClientEventMatcherError,
  RealtimeServerConnectionOpenError,
  RealtimeServerNotConnectedError,
  ScriptedRealtimeServerScenarioCancelledError,
  UnexpectedRealtimeClientEventError,
} from './scripted_realtime_server_errors.ts';
import { announceDouble, settleDouble } from '../_internal/live_doubles.ts';

const DOUBLE = 'ScriptedRealtimeServer';

type StoredEvent = {
  index: number;
  connectionIndex: number;
  type: string;
  // deno-lint-ignore no-explicit-any
  event: Record<string, any>;
  dropped: boolean;
};

interface Expectation {
  readonly order: number;
  readonly type: RealtimeClientEventType;
  /** Replay's check: any type; returns the failure, or undefined to accept. */
  readonly check?: (event: StoredEvent) => unknown;
  // deno-lint-ignore no-explicit-any
  readonly matcher: RealtimeClientEventMatcher<any> | undefined;
  readonly resolve: (event: never) => void;
  readonly reject: (error: unknown) => void;
  /** The promise handed out, so teardown can reject it without an unhandled rejection. */
  promise?: Promise<unknown>;
}

type Delivery =
  | {
    readonly kind: 'message';
    readonly event: RealtimeServerEvent;
    readonly data: string;
    readonly done: () => void;
  }
  | { readonly kind: 'open' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'close'; readonly code: number; readonly reason: string };

/** One fake connection: the socket, its record and its delivery queue. */
export class ServerConnection implements FakeSocketPeer {
  readonly index: number;
  readonly url: string;
  readonly apiKey: string;
  readonly socket: FakeWebSocket;
  state: RealtimeConnectionState = 'connecting';
  closeCode: number | undefined;
  closeReason: string | undefined;
  closedBy: 'client' | 'server' | undefined;
  /** Client events this connection sent, in order (dropped ones excluded). */
  readonly received: StoredEvent[] = [];
  readonly #hooks: ConnectionHooks;
  readonly #queue: Delivery[] = [];
  #started = false;
  #draining = false;
  #openedWaiters: Array<() => void> = [];
  #receiveWaiters: Array<() => void> = [];

  constructor(hooks: ConnectionHooks, index: number, url: string, apiKey: string) {
    this.#hooks = hooks;
    this.index = index;
    this.url = url;
    this.apiKey = apiKey;
    this.socket = new FakeWebSocket(url, this);
    // Events start flowing once the client listens for `open`: a real socket
    // opens in a later task, after the code that created it (and any wrapper
    // of the factory) has attached its listeners.
    const add = this.socket.addEventListener.bind(this.socket);
    this.socket.addEventListener = (...args: Parameters<EventTarget['addEventListener']>) => {
      add(...args);
      if (args[0] === 'open') this.#start();
    };
  }

  /** True while the server may still send on this connection. */
  get live(): boolean {
    return (this.state === 'connecting' || this.state === 'open') && this.closedBy === undefined;
  }

  /** Deliveries not yet dispatched that carry server events. */
  get queuedMessages(): RealtimeServerEvent[] {
    return this.#queue.flatMap((d) => d.kind === 'message' ? [d.event] : []);
  }

  /** True while deliveries wait to be dispatched on a started socket. */
  busy(): boolean {
    return this.#started && this.#queue.length > 0;
  }

  enqueue(delivery: Delivery): void {
    this.#queue.push(delivery);
    this.#schedule();
  }

  /** Reorders the queued messages: `order[i]` is the old position of the new i-th. */
  reorder(order: readonly number[]): void {
    const messages = this.#queue.filter((d) => d.kind === 'message');
    if (
      order.length !== messages.length ||
      new Set(order).size !== order.length ||
      order.some((i) => !Number.isInteger(i) || i < 0 || i >= messages.length)
    ) {
      throw new RangeError(
        `${DOUBLE}: resumeDelivery order must be a permutation of 0..${messages.length - 1}.`,
      );
    }
    const reordered = order.map((i) => messages[i]);
    let next = 0;
    for (let i = 0; i < this.#queue.length; i++) {
      if (this.#queue[i].kind === 'message') this.#queue[i] = reordered[next++];
    }
  }

  /** Resolves once the socket has opened (or immediately if it did, or never will). */
  opened(): Promise<void> {
    if (this.state !== 'connecting') return Promise.resolve();
    return new Promise((resolve) => this.#openedWaiters.push(resolve));
  }

  /** Resolves at the next client event on this connection, or when it closes. */
  nextReceive(): Promise<void> {
    if (this.state === 'closed') return Promise.resolve();
    return new Promise((resolve) => this.#receiveWaiters.push(resolve));
  }

  receive(data: string): void {
    const stored = this.#hooks.receive(this, data);
    if (stored !== undefined && !stored.dropped) this.received.push(stored);
    this.#wakeReceivers();
  }

  clientClosed(code: number, reason: string): void {
    // A socket closed before anyone listened still delivers its close.
    this.#start();
    if (this.closedBy !== undefined) return;
    this.closedBy = 'client';
    this.closeCode = code;
    this.closeReason = reason;
    this.state = 'closing';
    // Frames the server had not delivered yet are lost with the connection.
    this.#discardMessages();
    this.enqueue({ kind: 'close', code, reason });
  }

  serverClose(options: CloseConnectionOptions): Promise<void> {
    this.closedBy = 'server';
    this.closeCode = options.code ?? 1000;
    this.closeReason = options.reason ?? '';
    if (options.error) {
      this.enqueue({ kind: 'error', message: `connection closed with code ${this.closeCode}` });
    }
    return new Promise((resolve) => {
      this.enqueue({ kind: 'close', code: this.closeCode!, reason: this.closeReason! });
      this.#afterClose.push(resolve);
    });
  }

  readonly #afterClose: Array<() => void> = [];

  #start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#schedule();
  }

  #schedule(): void {
    if (!this.#started || this.#draining || this.#hooks.paused()) return;
    if (this.#queue.length === 0) return;
    this.#draining = true;
    queueMicrotask(() => this.#step());
  }

  /** Called by the server when delivery resumes. */
  resume(): void {
    this.#schedule();
  }

  #step(): void {
    this.#draining = false;
    if (this.#hooks.paused()) return;
    const delivery = this.#queue.shift();
    if (delivery === undefined) return;
    try {
      this.#dispatch(delivery);
    } finally {
      this.#schedule();
    }
  }

  #dispatch(delivery: Delivery): void {
    const socket = this.socket;
    switch (delivery.kind) {
      case 'open':
        if (socket.readyState !== 0) return;
        socket.readyState = 1;
        this.state = 'open';
        this.#wakeOpened();
        socket.dispatchEvent(new Event('open'));
        return;
      case 'message':
        try {
          if (socket.readyState === 1 || socket.readyState === 2) {
            socket.dispatchEvent(new FakeMessageEvent(delivery.data, originOf(this.url)));
          }
        } finally {
          delivery.done();
        }
        return;
      case 'error':
        if (socket.readyState === 3) return;
        socket.dispatchEvent(new FakeErrorEvent(delivery.message));
        return;
      case 'close': {
        if (socket.readyState === 3) return;
        socket.readyState = 3;
        this.state = 'closed';
        this.#discardMessages();
        this.#wakeOpened();
        this.#wakeReceivers();
        socket.dispatchEvent(
          new FakeCloseEvent(delivery.code, delivery.reason, delivery.code !== 1006),
        );
        for (const resolve of this.#afterClose.splice(0)) resolve();
        return;
      }
    }
  }

  /** Discards undelivered server events and wakes every waiter (the test is over). */
  shutDown(): void {
    this.#discardMessages();
    for (const resolve of this.#afterClose.splice(0)) resolve();
    this.#wakeOpened();
    this.#wakeReceivers();
  }

  #discardMessages(): void {
    for (let i = this.#queue.length - 1; i >= 0; i--) {
      const delivery = this.#queue[i];
      if (delivery.kind === 'message') {
        this.#queue.splice(i, 1);
        delivery.done();
      }
    }
  }

  #wakeOpened(): void {
    for (const resolve of this.#openedWaiters.splice(0)) resolve();
  }

  #wakeReceivers(): void {
    for (const resolve of this.#receiveWaiters.splice(0)) resolve();
  }
}

/** What a connection needs from its server. */
interface ConnectionHooks {
  /** Records a client frame; returns the stored event. */
  receive(connection: ServerConnection, data: string): StoredEvent | undefined;
  /** Whether delivery is paused. */
  paused(): boolean;
}

/** What the turn builders and the transcript module read from a server. */
export interface ServerInternals {
  /** The connection server events go to now, or `undefined`. */
  current(): ServerConnection | undefined;
  /** A fresh deterministic id with `prefix` (`item_1`, `resp_2`, ...). */
  nextId(prefix: string): string;
  /** Per-connection conversation state the builders share. */
  conversation(connection: ServerConnection): ConversationState;
  /** Expects the next client event whatever its type; `check` returns a failure or undefined. */
  // deno-lint-ignore no-explicit-any
  expectAny(check: (event: StoredEvent) => unknown): Promise<Record<string, any>>;
  /** Whether `type` is in `ignoreClientEvents`. */
  isIgnored(type: string): boolean;
  /** Whether teardown has run (then nothing may wait any more). */
  disposed(): boolean;
  /** The live connection with `index`, once it exists. */
  connection(index: number): Promise<ServerConnection>;
  /** Throws (and records) the mismatch of a function call item with the session's tools. */
  checkToolCall(
    item: unknown,
    where: { readonly outputIndex: number; readonly responseId: unknown },
    validate: boolean,
  ): void;
}

const internals = new WeakMap<ScriptedRealtimeServer, ServerInternals>();

/** The builders' view of `server` (not part of the public API). */
export function internalsOf(server: ScriptedRealtimeServer): ServerInternals {
  const found = internals.get(server);
  if (found === undefined) throw new TypeError(`${DOUBLE}: not a ScriptedRealtimeServer.`);
  return found;
}

/**
 * A scripted Realtime API server behind a fake WebSocket, for tests that run
 * the SDK's real `OpenAIRealtimeWebSocket` transport.
 *
 * Pass `server.transport()` (or `new OpenAIRealtimeWebSocket({ createWebSocket:
 * server.createWebSocket })`) to `new RealtimeSession(agent, { transport })`.
 * The server sends nothing on its own: `expectClientEvent()` waits for the
 * client events the SDK sends (session updates, items, `response.create`, …),
 * `sendServerEvent()` and the turn builders deliver server events, and fault
 * methods close the socket, fail the handshake, drop, duplicate, delay or
 * reorder events. No real socket is ever opened and there are no timers.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer();
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), {
 *   transport: server.transport(),
 * });
 * await server.runScenario({
 *   scenario: async ({ expectClientEvent }) => {
 *     await expectClientEvent('session.update', (e) => e.session.type === 'realtime');
 *     await expectClientEvent('conversation.item.create');
 *     await expectClientEvent('response.create');
 *   },
 *   exercise: async () => {
 *     await session.connect({ apiKey: 'test' });
 *     session.sendMessage('Hello');
 *   },
 * });
 * session.close();
 * assert.equal(server.connections[0].state, 'closing');
 * await server.settled();
 * assert.equal(server.connections[0].state, 'closed');
 * ```
 */
export class ScriptedRealtimeServer implements AsyncDisposable {
  /**
   * The factory to pass as the `createWebSocket` option of the SDK's
   * `OpenAIRealtimeWebSocket`: each call opens one fake connection.
   */
  readonly createWebSocket: CreateWebSocket;

  readonly #failures = new FailureLog(DOUBLE);
  readonly #events: StoredEvent[] = [];
  readonly #unconsumed = new Queue<StoredEvent>();
  readonly #pending = new Queue<Expectation>();
  readonly #connections: ServerConnection[] = [];
  readonly #conversations = new WeakMap<ServerConnection, ConversationState>();
  readonly #ignored: ReadonlySet<string>;
  readonly #toolCheck: RealtimeToolCheck;
  #faults: Array<
    | { fault: 'failNextHandshake'; options: FailHandshakeOptions }
    | { fault: 'dropClientEvent'; type: string }
    | { fault: 'duplicateServerEvent'; type: string }
  > = [];
  #nextOrder = 1;
  readonly #nextId = idCounter();
  #connectionWaiters: Array<
    { index: number; resolve: () => void; reject: (error: unknown) => void }
  > = [];
  #disposed = false;
  #paused = false;
  readonly #hooks: ConnectionHooks = {
    receive: (connection, data) => this.#receive(connection, data),
    paused: () => this.#paused,
  };

  /** Creates a server with no connection. */
  constructor(options: ScriptedRealtimeServerOptions = {}) {
    this.#ignored = new Set(options.ignoreClientEvents ?? []);
    this.#toolCheck = new RealtimeToolCheck(options.validate !== false);
    // The SDK types the result as the `ws` package's socket under Node; the
    // transport only uses the standard WebSocket surface the fake provides.
    this.createWebSocket = (options) =>
      Promise.resolve(
        this.#open(options.url, options.apiKey) as unknown as Awaited<ReturnType<CreateWebSocket>>,
      );
    internals.set(this, {
      current: () => this.#current(),
      nextId: this.#nextId,
      conversation: (connection) => {
        let state = this.#conversations.get(connection);
        if (state === undefined) {
          state = newConversation();
          this.#conversations.set(connection, state);
        }
        return state;
      },
      expectAny: (check) => this.#expect('*' as RealtimeClientEventType, undefined, check).promise,
      isIgnored: (type) => this.#ignored.has(type),
      disposed: () => this.#disposed,
      connection: async (index) => {
        await this.waitForConnection(index);
        return this.#connections[index];
      },
      checkToolCall: (item, where, validate) => this.#checkToolCall(item, where, validate),
    });
    announceDouble(this);
  }

  /**
   * A real `OpenAIRealtimeWebSocket` wired to this server. `options` are the
   * SDK's transport options plus `audioPlayedMs`, which makes the
   * `audio_end_ms` of interruptions deterministic (see
   * {@linkcode ScriptedServerTransportOptions}).
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { OpenAIRealtimeWebSocket } from '@openai/agents/realtime';
   * import { ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
   *
   * const server = new ScriptedRealtimeServer();
   * const transport = server.transport({ model: 'gpt-realtime' });
   * assert.ok(transport instanceof OpenAIRealtimeWebSocket);
   * await transport.connect({ apiKey: 'test' });
   * assert.equal(server.connections[0].url, 'wss://api.openai.com/v1/realtime?model=gpt-realtime');
   * transport.close();
   * await server.settled();
   * ```
   */
  transport(options: ScriptedServerTransportOptions = {}): SdkOpenAIRealtimeWebSocket {
    const { audioPlayedMs, useInsecureApiKey, ...rest } = options;
    return new ScriptedServerWebSocketTransport({
      ...rest,
      useInsecureApiKey: useInsecureApiKey ?? true,
      createWebSocket: this.createWebSocket,
      audioPlayedMs: audioPlayedMs ?? Number.POSITIVE_INFINITY,
    });
  }

  /**
   * Every client event the server received (and every dropped one), in
   * order, as fresh detached snapshots.
   */
  get clientEvents(): readonly RecordedRealtimeClientEvent[] {
    return Object.freeze(this.#events.map((e) => frozenSnapshot(e)));
  }

  /** Every connection the transport opened, as fresh detached snapshots. */
  get connections(): readonly RecordedRealtimeConnection[] {
    return Object.freeze(this.#connections.map(describeConnection));
  }

  /** Server events sent but not yet delivered (while paused), in delivery order. */
  get pendingDeliveries(): readonly RealtimeServerEvent[] {
    return Object.freeze(this.#current()?.queuedMessages.map((e) => snapshotValue(e)) ?? []);
  }

  /**
   * Expects the next client event, in one global order across connections.
   * The oldest buffered event (one that arrived before any expectation) is
   * checked at once; otherwise the expectation waits. Resolves with a detached
   * copy of the event, or rejects with `UnexpectedRealtimeClientEventError`
   * (another type), `RealtimeClientEventMatcherError` (the matcher returned
   * `false`) or whatever the matcher threw; each failure is also recorded for
   * teardown.
   */
  expectClientEvent<T extends RealtimeClientEventType>(
    type: T,
    matcher?: RealtimeClientEventMatcher<T>,
  ): Promise<RealtimeClientEventFor<T>> {
    return this.#expect(type, matcher).promise;
  }

  /**
   * Sends one server event (wire JSON) on the current connection. The event is
   * checked first: an unknown `type` (unless `allowUnknownType`), or a known
   * one lacking a field the SDK requires, rejects with
   * `InvalidRealtimeServerEventError`; a missing `event_id` is filled in.
   * Resolves with the event as sent once the client's socket has dispatched
   * it (or dropped it because it closed). Rejects with
   * `RealtimeServerNotConnectedError` when no connection is live.
   */
  sendServerEvent(
    event: RealtimeServerEvent,
    options: SendServerEventOptions = {},
  ): Promise<RealtimeServerEvent> {
    return attempt(() => {
      const connection = this.#current();
      const prepared = this.#prepare(event, options);
      if (connection === undefined) {
        throw new RealtimeServerNotConnectedError('send a server event');
      }
      const { event: copy, data } = prepared;
      if (copy.type === 'response.output_item.done') {
        this.#checkToolCall(copy.item, {
          outputIndex: typeof copy.output_index === 'number' ? copy.output_index : 0,
          responseId: copy.response_id,
        }, options.validate !== false);
      }
      const sent = this.#enqueueMessage(connection, copy, data);
      if (!this.#takeFault('duplicateServerEvent', copy.type)) return sent;
      return Promise.all([sent, this.#enqueueMessage(connection, copy, data)]).then(() => copy);
    });
  }

  /**
   * Runs `scenario` (the server side: `expectClientEvent`, `sendServerEvent`,
   * builders) and `exercise` (the application side) concurrently, with the
   * same rules as `ScriptedRealtimeTransport.runScenario()`: the first failure
   * of either side or of an expectation ends the run, an exercise that
   * finishes while expectations wait fails with
   * `IncompleteRealtimeServerScenarioError`, and `signal` cancels with
   * `ScriptedRealtimeServerScenarioCancelledError`.
   */
  runScenario<T>(options: ScriptedRealtimeServerScenarioOptions<T>): Promise<T> {
    return runGenericScenario<T, ScriptedRealtimeServerScenarioContext>(
      {
        cancelledError: () =>
          new ScriptedRealtimeServerScenarioCancelledError(this.#pendingExpectations()),
        rejectPendingExpectations: (error) => {
          for (const expectation of this.#pending.drain()) expectation.reject(error);
        },
        hasPendingExpectations: () => this.#pending.size > 0,
        incompleteError: () => this.#incompleteError(),
        assertComplete: () => this.assertComplete(),
      },
      options,
      (guard) => ({
        expectClientEvent: <T extends RealtimeClientEventType>(
          type: T,
          matcher?: RealtimeClientEventMatcher<T>,
        ) => guard(() => this.#expect(type, matcher)),
        sendServerEvent: (event, sendOptions) => this.sendServerEvent(event, sendOptions),
      }),
    );
  }

  /**
   * Resolves once every queued delivery of the current connection has been
   * dispatched (immediately while paused or with nothing queued).
   */
  async settled(): Promise<void> {
    for (let i = 0; i < 10_000; i++) {
      const busy = this.#connections.some((c) => c.busy());
      if (!busy || this.#paused) return;
      await Promise.resolve();
    }
  }

  /**
   * Resolves when connection `index` (default: the next one not yet opened)
   * has opened or failed, with its snapshot.
   */
  async waitForConnection(index: number = this.#connections.length): Promise<
    RecordedRealtimeConnection
  > {
    if (index >= this.#connections.length) {
      if (this.#disposed) throw new RealtimeServerNotConnectedError('wait for a connection');
      await new Promise<void>((resolve, reject) =>
        this.#connectionWaiters.push({ index, resolve, reject })
      );
    }
    const connection = this.#connections[index];
    await connection.opened();
    return describeConnection(connection);
  }

  /**
   * Closes the current connection from the server side: an optional `error`
   * event, then `close` with `code` (default 1000) and `reason`. Throws
   * `RealtimeServerNotConnectedError` when no connection is live; otherwise
   * resolves once the client has seen the close.
   */
  closeConnection(options: CloseConnectionOptions = {}): Promise<void> {
    const connection = this.#current();
    if (connection === undefined) throw new RealtimeServerNotConnectedError('close the connection');
    return connection.serverClose(options);
  }

  /**
   * Makes the next connection fail its handshake: it never opens; the client
   * sees `error`, then `close` (default code 1006).
   */
  failNextHandshake(options: FailHandshakeOptions = {}): void {
    this.#faults.push({ fault: 'failNextHandshake', options });
  }

  /** Loses the next client event of `type` before the server sees it (it is recorded as dropped). */
  dropClientEvent(type: RealtimeClientEventType): void {
    this.#faults.push({ fault: 'dropClientEvent', type });
  }

  /** Delivers the next server event of `type` twice. */
  duplicateServerEvent(type: string): void {
    this.#faults.push({ fault: 'duplicateServerEvent', type });
  }

  /** Holds every delivery (server events, and socket events queued after them) until resumed. */
  pauseDelivery(): void {
    this.#paused = true;
  }

  /**
   * Resumes delivery. `order` reorders the held server events first:
   * `order[i]` is the position in `pendingDeliveries` of the event to deliver
   * i-th (a permutation, else `RangeError`).
   */
  resumeDelivery(options: { order?: readonly number[] } = {}): void {
    if (options.order !== undefined) {
      const connection = this.#current();
      if (connection === undefined) {
        throw new RealtimeServerNotConnectedError('reorder deliveries');
      }
      connection.reorder(options.order);
    }
    this.#paused = false;
    for (const connection of this.#connections) connection.resume();
  }

  /**
   * Throws `IncompleteRealtimeServerScenarioError` if a client event was
   * never expected, an expectation still waits, or a fault was never used.
   */
  assertComplete(): void {
    if (this.#unconsumed.size > 0 || this.#pending.size > 0 || this.#faults.length > 0) {
      throw this.#incompleteError();
    }
  }

  /**
   * Throws `RealtimeServerConnectionOpenError` if a connection is still open
   * (or opening) and nobody closed it: a `RealtimeSession` left connected.
   * The server's teardown runs it too.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
   * import { ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
   *
   * const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
   * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
   *   transport: server.transport(),
   * });
   * await session.connect({ apiKey: 'test' });
   * assert.throws(() => server.assertClosed(), { name: 'RealtimeServerConnectionOpenError' });
   * session.close();
   * server.assertClosed();
   * await server[Symbol.asyncDispose]();
   * ```
   */
  assertClosed(): void {
    const open = this.#connections.filter((connection) => connection.live)
      .map((connection) => connection.index);
    if (open.length > 0) throw new RealtimeServerConnectionOpenError(open);
  }

  /** The failures this server raised (mismatched or rejected client events). */
  get failures(): readonly unknown[] {
    return this.#failures.failures;
  }

  /** Returns the recorded failures and forgets them, for tests that provoke them. */
  acknowledgeFailures(): readonly unknown[] {
    return this.#failures.take();
  }

  /** Throws `DoubleFailuresError` if this server raised any failure. */
  assertNoUnexpectedCalls(): void {
    this.#failures.assertNone();
  }

  /**
   * Teardown for `await using` (and `doubleScope().track()`): waits for
   * queued deliveries, then runs `assertNoUnexpectedCalls()` and
   * `assertComplete()` and reports every problem found.
   */
  async [Symbol.asyncDispose](): Promise<void> {
    settleDouble(this);
    await this.settled();
    const incomplete = this.#pending.size > 0 ? this.#incompleteError() : undefined;
    let open: unknown;
    try {
      this.assertClosed();
    } catch (error) {
      open = error;
    }
    this.#shutDown(incomplete);
    runTeardownChecks(DOUBLE, [
      () => this.assertNoUnexpectedCalls(),
      () => {
        if (incomplete !== undefined) throw incomplete;
        this.assertComplete();
      },
      () => {
        if (open !== undefined) throw open;
      },
    ]);
  }

  /**
   * The end of the test: nothing the server handed out may stay pending.
   * Waiting expectations are rejected (with the incomplete-scenario error),
   * waits for a connection fail, and undelivered server events are discarded
   * (their promises resolve).
   */
  #shutDown(incomplete: unknown): void {
    this.#disposed = true;
    for (const expectation of this.#pending.drain()) {
      // Teardown reports the incomplete scenario itself; a test that never
      // awaited this expectation must not also get an unhandled rejection.
      expectation.promise?.catch(() => {});
      expectation.reject(incomplete);
    }
    for (const waiter of this.#connectionWaiters.splice(0)) {
      waiter.reject(new RealtimeServerNotConnectedError('wait for a connection'));
    }
    for (const connection of this.#connections) connection.shutDown();
  }

  #receive(connection: ServerConnection, data: string): StoredEvent | undefined {
    let event: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(data);
      event = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? parsed as Record<string, unknown>
        : { value: parsed };
    } catch {
      event = { frame: data };
    }
    const type = typeof event.type === 'string' ? event.type : '<invalid>';
    const dropped = this.#takeFault('dropClientEvent', type);
    const stored: StoredEvent = {
      index: this.#events.length,
      connectionIndex: connection.index,
      type,
      event,
      dropped,
    };
    this.#events.push(stored);
    if (!dropped) this.#toolCheck.received(event);
    if (dropped || this.#ignored.has(type)) return stored;
    const expectation = this.#pending.shift();
    if (expectation === undefined) {
      this.#unconsumed.push(stored);
      return stored;
    }
    const verdict = this.#judge(expectation, stored);
    if (verdict === undefined) expectation.resolve(snapshotValue(stored.event) as never);
    else expectation.reject(verdict);
    return stored;
  }

  #open(url: string, apiKey: string): FakeWebSocket {
    const connection = new ServerConnection(this.#hooks, this.#connections.length, url, apiKey);
    this.#connections.push(connection);
    const failure = this.#faults.findIndex((f) => f.fault === 'failNextHandshake');
    if (failure !== -1) {
      const [fault] = this.#faults.splice(failure, 1);
      const options = (fault as { options: FailHandshakeOptions }).options;
      connection.closedBy = 'server';
      connection.closeCode = options.code ?? 1006;
      connection.closeReason = options.reason ?? '';
      connection.enqueue({
        kind: 'error',
        message: options.message ?? 'WebSocket handshake failed',
      });
      connection.enqueue({
        kind: 'close',
        code: connection.closeCode,
        reason: connection.closeReason,
      });
    } else {
      connection.enqueue({ kind: 'open' });
    }
    for (const waiter of this.#connectionWaiters.splice(0)) {
      if (waiter.index <= connection.index) waiter.resolve();
      else this.#connectionWaiters.push(waiter);
    }
    return connection.socket;
  }

  /** Throws (and records) the mismatch of a function call about to be sent. */
  #checkToolCall(
    item: unknown,
    where: { readonly outputIndex: number; readonly responseId: unknown },
    validate: boolean,
  ): void {
    const mismatch = this.#toolCheck.check(item, where, validate);
    if (mismatch !== undefined) throw this.#failures.raise(mismatch);
  }

  #current(): ServerConnection | undefined {
    const last = this.#connections[this.#connections.length - 1];
    return last?.live ? last : undefined;
  }

  /** Validates `event`; returns the copy to hand back and the frame to send. */
  #prepare(
    event: RealtimeServerEvent,
    options: SendServerEventOptions,
  ): { event: RealtimeServerEvent; data: string } {
    if (typeof event !== 'object' || event === null || Array.isArray(event)) {
      throw new InvalidRealtimeServerEventError('not_an_object');
    }
    const type = event.type;
    if (typeof type !== 'string' || type === '') {
      throw new InvalidRealtimeServerEventError('missing_type');
    }
    const required = REQUIRED_FIELDS.get(type);
    if (required === undefined && options.allowUnknownType !== true) {
      throw new InvalidRealtimeServerEventError('unknown_type', {
        type,
        suggestion: closestKnownType(type),
      });
    }
    for (const field of required ?? []) {
      if (event[field] === undefined) {
        throw new InvalidRealtimeServerEventError('missing_field', { type, field });
      }
    }
    let data: string;
    try {
      data = JSON.stringify(
        event.event_id === undefined
          ? { ...event, event_id: internalsOf(this).nextId('event') }
          : event,
      );
    } catch {
      throw new InvalidRealtimeServerEventError('not_json', { type });
    }
    // The copy handed back is the frame itself, parsed: detached from the
    // caller's object and exactly what the client received.
    return { event: JSON.parse(data), data };
  }

  #enqueueMessage(
    connection: ServerConnection,
    event: RealtimeServerEvent,
    data: string,
  ): Promise<RealtimeServerEvent> {
    return new Promise((resolve) => {
      connection.enqueue({ kind: 'message', event, data, done: () => resolve(event) });
    });
  }

  #takeFault(fault: 'dropClientEvent' | 'duplicateServerEvent', type: string): boolean {
    const index = this.#faults.findIndex((f) =>
      f.fault === fault && (f as { type: string }).type === type
    );
    if (index === -1) return false;
    this.#faults.splice(index, 1);
    return true;
  }

  #expect<T extends RealtimeClientEventType>(
    type: T,
    matcher: RealtimeClientEventMatcher<T> | undefined,
    check?: (event: StoredEvent) => unknown,
  ): Registered<RealtimeClientEventFor<T>> {
    if (this.#ignored.has(type)) {
      throw new TypeError(
        `${DOUBLE}: ${type} is in ignoreClientEvents, so it can never be expected.`,
      );
    }
    const order = this.#nextOrder++;
    const buffered = this.#unconsumed.shift();
    if (buffered !== undefined) {
      const verdict = this.#judge({ type, matcher, check }, buffered);
      return {
        pending: false,
        promise: verdict === undefined
          ? Promise.resolve(snapshotValue(buffered.event) as RealtimeClientEventFor<T>)
          : Promise.reject(verdict),
      };
    }
    let entry!: Expectation;
    const promise = new Promise<RealtimeClientEventFor<T>>((resolve, reject) => {
      entry = {
        order,
        type,
        matcher,
        check,
        resolve: resolve as (event: never) => void,
        reject,
      };
    });
    entry.promise = promise;
    this.#pending.push(entry);
    return { pending: true, promise };
  }

  /** Undefined when accepted, else the (recorded) failure. */
  #judge(
    expectation: {
      readonly type: RealtimeClientEventType;
      readonly matcher?: RealtimeClientEventMatcher<never>;
      readonly check?: (event: StoredEvent) => unknown;
    },
    stored: StoredEvent,
  ): unknown {
    if (expectation.check !== undefined) {
      const failure = expectation.check(stored);
      return failure === undefined ? undefined : this.#failures.raise(failure);
    }
    if (expectation.type !== stored.type) {
      return this.#failures.raise(new UnexpectedRealtimeClientEventError(expectation.type, stored));
    }
    if (expectation.matcher === undefined) return undefined;
    let result: boolean | void;
    try {
      result = expectation.matcher(snapshotValue(stored.event) as never);
    } catch (thrown) {
      return this.#failures.raise(thrown);
    }
    return result === false
      ? this.#failures.raise(new RealtimeClientEventMatcherError(stored))
      : undefined;
  }

  #pendingExpectations(): PendingClientEventExpectation[] {
    return this.#pending.toArray().map(({ order, type }) => ({ order, type }));
  }

  #incompleteError(): IncompleteRealtimeServerScenarioError {
    const faults: PendingRealtimeServerFault[] = this.#faults.map((f) => ({
      fault: f.fault,
      type: 'type' in f ? f.type : undefined,
    }));
    return new IncompleteRealtimeServerScenarioError({
      unexpectedEvents: this.#unconsumed.toArray().map(({ index, type }) => ({ index, type })),
      pendingExpectations: this.#pendingExpectations(),
      pendingFaults: faults,
    });
  }
}

function describeConnection(connection: ServerConnection): RecordedRealtimeConnection {
  return Object.freeze({
    index: connection.index,
    url: connection.url,
    apiKey: connection.apiKey,
    state: connection.state,
    closeCode: connection.closeCode,
    closeReason: connection.closeReason,
    closedBy: connection.closedBy,
  });
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * The SDK's WebSocket transport with one seam replaced: the elapsed playback
 * time of an interruption comes from the test instead of `Date.now()`.
 * `_interrupt` is the hook the SDK documents for transports that know their
 * own playback position; everything else is the SDK's code.
 */
class ScriptedServerWebSocketTransport extends OpenAIRealtimeWebSocket {
  readonly #audioPlayedMs: number | (() => number);

  constructor(
    options: ConstructorParameters<typeof OpenAIRealtimeWebSocket>[0] & {
      audioPlayedMs: number | (() => number);
    },
  ) {
    const { audioPlayedMs, ...rest } = options;
    super(rest);
    this.#audioPlayedMs = audioPlayedMs;
  }

  override _interrupt(_elapsedTime: number, cancelOngoingResponse?: boolean): void {
    const played = typeof this.#audioPlayedMs === 'function'
      ? this.#audioPlayedMs()
      : this.#audioPlayedMs;
    super._interrupt(played, cancelOngoingResponse);
  }
}
