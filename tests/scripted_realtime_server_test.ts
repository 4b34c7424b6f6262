import assert from 'node:assert/strict';
import { OpenAIRealtimeWebSocket, RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  assistantAnswers,
  DoubleFailuresError,
  handshake,
  IncompleteRealtimeServerScenarioError,
  InvalidRealtimeServerEventError,
  RealtimeClientEventMatcherError,
  RealtimeServerNotConnectedError,
  ScriptedRealtimeServer,
  ScriptedRealtimeServerScenarioCancelledError,
  UnexpectedRealtimeClientEventError,
  userInterrupts,
  userSpeaks,
} from 'scripted-agents/realtime_testing';
import { doubleScope } from 'scripted-agents/testing';
import { internalsOf } from '../realtime_testing/scripted_realtime_server.ts';
import { describe, test } from './_harness.ts';

const KEY = 'sk-test-abcdefghijklmnop';

function newSession(server: ScriptedRealtimeServer, options = {}) {
  const transport = server.transport(options);
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport });
  return { session, transport };
}

describe('ScriptedRealtimeServer: the fake socket', () => {
  test('the real transport connects, sends its session.update and records the connection', async () => {
    const server = new ScriptedRealtimeServer();
    const { session } = newSession(server, { model: 'gpt-realtime' });
    const states: string[] = [];
    session.transport.on('connection_change', (status) => states.push(status));
    await session.connect({ apiKey: KEY });
    const update = await server.expectClientEvent('session.update');
    assert.equal(update.session.type, 'realtime');
    assert.equal(update.session.audio?.input?.noise_reduction, null);
    assert.deepEqual(states, ['connecting', 'connected']);
    const [connection] = server.connections;
    assert.equal(connection.url, 'wss://api.openai.com/v1/realtime?model=gpt-realtime');
    assert.equal(connection.apiKey, KEY);
    assert.equal(connection.state, 'open');
    session.close();
    await server.settled();
    assert.deepEqual(server.connections[0], {
      ...connection,
      state: 'closed',
      closeCode: 1005,
      closeReason: '',
      closedBy: 'client',
    });
    assert.deepEqual(states, ['connecting', 'connected', 'disconnected']);
    server.assertComplete();
  });

  test('server.createWebSocket works as the option of a transport built by the test', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const transport = new OpenAIRealtimeWebSocket({
      createWebSocket: server.createWebSocket,
      url: 'wss://example.test/realtime',
    });
    await transport.connect({ apiKey: KEY });
    assert.equal(transport.status, 'connected');
    assert.equal(server.connections[0].url, 'wss://example.test/realtime');
    transport.close();
    await server.settled();
    assert.equal(server.connections[0].state, 'closed');
  });

  test('events arrive asynchronously, after the call that sent them', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const { session, transport } = newSession(server);
    await session.connect({ apiKey: KEY });
    const seen: string[] = [];
    transport.on('*', (event) => seen.push(event.type));
    const sent = server.sendServerEvent({ type: 'input_audio_buffer.cleared' });
    assert.deepEqual(seen, []);
    const event = await sent;
    assert.deepEqual(seen, ['input_audio_buffer.cleared']);
    assert.equal(event.event_id, 'event_1');
    session.close();
    await server.settled();
  });

  test('clientEvents and connections are detached snapshots', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const { session } = newSession(server);
    await session.connect({ apiKey: KEY });
    const events = server.clientEvents;
    assert.equal(events.length, 1);
    assert.ok(Object.isFrozen(events) && Object.isFrozen(events[0]));
    (events[0].event as { type: string }).type = 'changed';
    assert.equal(server.clientEvents[0].event.type, 'session.update');
    assert.notEqual(server.connections, server.connections);
    session.close();
    await server.settled();
  });

  test('credentials never appear in failure messages', async () => {
    const server = new ScriptedRealtimeServer();
    const { session } = newSession(server);
    await session.connect({ apiKey: KEY });
    const error = await server.expectClientEvent('response.create').catch((e) => e);
    assert.ok(error instanceof UnexpectedRealtimeClientEventError);
    session.close();
    await server.settled();
    const teardown = await server[Symbol.asyncDispose]().catch((e) => e);
    for (const message of [error.message, teardown.message]) {
      assert.equal(message.includes(KEY), false);
    }
  });
});

describe('ScriptedRealtimeServer: expectations', () => {
  test('buffered and waiting expectations are matched in one global order', async () => {
    const server = new ScriptedRealtimeServer();
    const { session } = newSession(server);
    await session.connect({ apiKey: KEY });
    // Buffered: the session.update arrived before any expectation.
    await server.expectClientEvent('session.update');
    const item = server.expectClientEvent(
      'conversation.item.create',
      (event) => event.item.type === 'message' && event.item.content[0].type === 'input_text',
    );
    const create = server.expectClientEvent('response.create');
    session.sendMessage('Hello');
    assert.equal((await item).item.type, 'message');
    assert.equal((await create).event_id, 'agents_js_response_create_1');
    session.close();
    await server.settled();
    server.assertComplete();
    server.assertNoUnexpectedCalls();
  });

  test('a mismatched type and a rejecting matcher fail with structured errors, recorded for teardown', async () => {
    const server = new ScriptedRealtimeServer();
    const { session } = newSession(server);
    await session.connect({ apiKey: KEY });
    const wrong = await server.expectClientEvent('response.create').catch((e) => e);
    assert.ok(wrong instanceof UnexpectedRealtimeClientEventError);
    assert.deepEqual(
      { ...wrong },
      {
        eventIndex: 0,
        expectedType: 'response.create',
        actualType: 'session.update',
        name: wrong.name,
      },
    );
    const rejected = server.expectClientEvent('conversation.item.create', () => false);
    session.sendMessage('Hi');
    const matcherError = await rejected.catch((e) => e);
    assert.ok(matcherError instanceof RealtimeClientEventMatcherError);
    assert.equal(matcherError.eventIndex, 1);
    await server.expectClientEvent('response.create');
    assert.throws(() => server.assertNoUnexpectedCalls(), DoubleFailuresError);
    assert.equal(server.acknowledgeFailures().length, 2);
    session.close();
    await server.settled();
  });

  test('ignored types are recorded but never matched, and cannot be expected', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const { session } = newSession(server);
    await session.connect({ apiKey: KEY });
    assert.equal(server.clientEvents[0].type, 'session.update');
    assert.throws(() => server.expectClientEvent('session.update'), TypeError);
    server.assertComplete();
    session.close();
    await server.settled();
  });

  test('teardown reports unexpected client events and waiting expectations', async () => {
    const server = new ScriptedRealtimeServer();
    const { session } = newSession(server);
    await session.connect({ apiKey: KEY });
    session.close();
    await server.settled();
    const error = await server[Symbol.asyncDispose]().catch((e) => e);
    assert.ok(error instanceof IncompleteRealtimeServerScenarioError);
    assert.deepEqual(error.unexpectedEvents, [{ index: 0, type: 'session.update' }]);
    assert.match(error.message, /1 unexpected client event \(#1 session.update\)/);
  });

  test('doubleScope().track() verifies the server at teardown', async () => {
    const scope = doubleScope();
    const server = scope.track(new ScriptedRealtimeServer());
    const { session } = newSession(server);
    await session.connect({ apiKey: KEY });
    session.close();
    const error = await scope.finish().catch((e) => e);
    assert.ok(error instanceof IncompleteRealtimeServerScenarioError);
  });

  test('runScenario runs both sides and fails when the exercise ends with expectations pending', async () => {
    const server = new ScriptedRealtimeServer();
    const { session } = newSession(server);
    const error = await server.runScenario({
      scenario: async ({ expectClientEvent }) => {
        await expectClientEvent('session.update');
        await expectClientEvent('response.create');
      },
      exercise: async () => {
        await session.connect({ apiKey: KEY });
      },
    }).catch((e) => e);
    assert.ok(error instanceof IncompleteRealtimeServerScenarioError);
    assert.deepEqual(error.pendingExpectations, [{ order: 2, type: 'response.create' }]);
    session.close();
    await server.settled();
  });

  test('runScenario is cancelled by its signal', async () => {
    const server = new ScriptedRealtimeServer();
    const controller = new AbortController();
    const error = await server.runScenario({
      signal: controller.signal,
      scenario: async ({ expectClientEvent }) => {
        await expectClientEvent('response.create');
      },
      exercise: () => {
        controller.abort();
        return new Promise<never>(() => {});
      },
    }).catch((e) => e);
    assert.ok(error instanceof ScriptedRealtimeServerScenarioCancelledError);
    assert.deepEqual(error.pendingExpectations, [{ order: 1, type: 'response.create' }]);
  });
});

describe('ScriptedRealtimeServer: server events are validated', () => {
  test('a typo in type is a clear error with a suggestion', async () => {
    const server = new ScriptedRealtimeServer();
    const error = await server.sendServerEvent({ type: 'response.output_audio.delt' }).catch((
      e,
    ) => e);
    assert.ok(error instanceof InvalidRealtimeServerEventError);
    assert.deepEqual({ ...error }, {
      reason: 'unknown_type',
      type: 'response.output_audio.delt',
      field: undefined,
      suggestion: 'response.output_audio.delta',
      source: 'sendServerEvent()',
      name: 'InvalidRealtimeServerEventError',
    });
  });

  test('a known type without a field the SDK requires is refused, not dropped silently', async () => {
    const server = new ScriptedRealtimeServer();
    const error = await server.sendServerEvent({ type: 'response.done' }).catch((e) => e);
    assert.ok(error instanceof InvalidRealtimeServerEventError);
    assert.equal(error.reason, 'missing_field');
    assert.equal(error.field, 'response');
    for (const bad of [null, [], { type: 3 }]) {
      const refused = await server.sendServerEvent(bad as never).catch((e) => e);
      assert.ok(refused instanceof InvalidRealtimeServerEventError);
    }
  });

  test('an unknown type can be sent on purpose; the SDK treats it as generic', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const { session, transport } = newSession(server);
    await session.connect({ apiKey: KEY });
    const seen: unknown[] = [];
    transport.on('*', (event) => seen.push(event));
    await server.sendServerEvent({ type: 'future.event', x: 1 }, { allowUnknownType: true });
    assert.deepEqual(seen, [{ type: 'future.event', x: 1, event_id: 'event_1' }]);
    session.close();
    await server.settled();
  });

  test('sending without a live connection rejects with RealtimeServerNotConnectedError', async () => {
    const server = new ScriptedRealtimeServer();
    const error = await server.sendServerEvent({ type: 'input_audio_buffer.cleared' }).catch((
      e,
    ) => e);
    assert.ok(error instanceof RealtimeServerNotConnectedError);
    assert.equal(error.operation, 'send a server event');
  });
});

describe('ScriptedRealtimeServer: faults', () => {
  test('closeConnection closes from the server with a code; the session disconnects', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const { session, transport } = newSession(server);
    await session.connect({ apiKey: KEY });
    const errors: unknown[] = [];
    session.on('error', (e) => errors.push(e));
    await server.closeConnection({ code: 1011, reason: 'server error', error: true });
    assert.equal(transport.status, 'disconnected');
    assert.equal(errors.length, 1);
    assert.deepEqual(
      { ...server.connections[0] },
      {
        index: 0,
        url: server.connections[0].url,
        apiKey: KEY,
        state: 'closed',
        closeCode: 1011,
        closeReason: 'server error',
        closedBy: 'server',
      },
    );
    await assert.rejects(
      server.sendServerEvent({ type: 'input_audio_buffer.cleared' }),
      RealtimeServerNotConnectedError,
    );
  });

  test('failNextHandshake: connect rejects, the socket never opens, the fault is used', async () => {
    const server = new ScriptedRealtimeServer();
    server.failNextHandshake({ message: 'refused' });
    assert.throws(() => server.assertComplete(), IncompleteRealtimeServerScenarioError);
    const { session, transport } = newSession(server);
    const error = await session.connect({ apiKey: KEY }).catch((e) => e);
    assert.equal(error.type, 'error');
    assert.equal(error.message, 'refused');
    assert.equal(transport.status, 'disconnected');
    await server.settled();
    assert.equal(server.connections[0].closeCode, 1006);
    assert.equal(server.clientEvents.length, 0);
    server.assertComplete();
  });

  test('duplicateServerEvent delivers the next event of a type twice', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const { session, transport } = newSession(server);
    await session.connect({ apiKey: KEY });
    let count = 0;
    transport.on('*', () => count++);
    server.duplicateServerEvent('input_audio_buffer.cleared');
    await server.sendServerEvent({ type: 'input_audio_buffer.cleared' });
    await server.sendServerEvent({ type: 'input_audio_buffer.cleared' });
    assert.equal(count, 3);
    server.assertComplete();
    session.close();
    await server.settled();
  });

  test('dropClientEvent loses one client event: recorded as dropped, never matched', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const { session } = newSession(server);
    await session.connect({ apiKey: KEY });
    server.dropClientEvent('conversation.item.create');
    const create = server.expectClientEvent('response.create');
    session.sendMessage('lost');
    await create;
    assert.deepEqual(server.clientEvents.map((e) => [e.type, e.dropped]), [
      ['session.update', false],
      ['conversation.item.create', true],
      ['response.create', false],
    ]);
    server.assertComplete();
    session.close();
    await server.settled();
  });

  test('pauseDelivery holds events until resumeDelivery, which can reorder them', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const { session, transport } = newSession(server);
    await session.connect({ apiKey: KEY });
    const seen: string[] = [];
    transport.on('*', (event) => seen.push(String((event as { event_id?: string }).event_id)));
    server.pauseDelivery();
    const sent = [1, 2, 3].map((n) =>
      server.sendServerEvent({ type: 'input_audio_buffer.cleared', event_id: `e${n}` })
    );
    await server.settled();
    assert.deepEqual(seen, []);
    assert.deepEqual(server.pendingDeliveries.map((e) => e.event_id), ['e1', 'e2', 'e3']);
    assert.throws(() => server.resumeDelivery({ order: [0, 0, 1] }), RangeError);
    server.resumeDelivery({ order: [2, 0, 1] });
    await Promise.all(sent);
    assert.deepEqual(seen, ['e3', 'e1', 'e2']);
    session.close();
    await server.settled();
  });

  test('a reconnect opens a second connection; sends go to the newest live one', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const { session } = newSession(server);
    await session.connect({ apiKey: KEY });
    await server.closeConnection({ code: 1001 });
    await session.connect({ apiKey: KEY });
    assert.equal(server.connections.length, 2);
    assert.deepEqual(server.connections.map((c) => c.state), ['closed', 'open']);
    assert.equal((await server.waitForConnection(1)).state, 'open');
    session.close();
    await server.settled();
  });
});

describe('ScriptedRealtimeServer: types', () => {
  test('expectClientEvent is typed per event type; unknown types do not compile', async () => {
    const server = new ScriptedRealtimeServer();
    const checks = [
      // @ts-expect-error: not a client event the SDK sends
      () => server.expectClientEvent('response.creat'),
      () =>
        server.expectClientEvent('conversation.item.truncate', (event) => {
          const ms: number = event.audio_end_ms;
          // @ts-expect-error: a truncate event has no `item`
          void event.item;
          return ms >= 0;
        }),
      () =>
        server.expectClientEvent('session.update', (event) => {
          // The SDK's own payload: `noise_reduction: null` is allowed.
          const reduction: { type: string } | null | undefined = event.session.audio?.input
            ?.noise_reduction;
          return reduction === null;
        }),
    ];
    assert.equal(checks.length, 3);
    await server[Symbol.asyncDispose]();
  });
});

/** A socket opened straight from the server's factory, as a transport would. */
async function rawSocket(
  server: ScriptedRealtimeServer,
  url = 'wss://example.test/realtime',
  listen: (socket: WebSocket) => void = () => {},
) {
  const socket = (await server.createWebSocket({ url, apiKey: KEY } as never)) as unknown as
    & WebSocket
    & EventTarget;
  // Events flow once `open` is listened for: other listeners go first.
  listen(socket);
  const opened = new Promise<void>((resolve) => socket.addEventListener('open', () => resolve()));
  return { socket, opened };
}

describe('ScriptedRealtimeServer: the connection lifecycle in detail', () => {
  test('a connection is connecting until delivered open, live while connecting, closing after close()', async () => {
    const server = new ScriptedRealtimeServer();
    assert.equal(server.pendingDeliveries.length, 0);
    server.pauseDelivery();
    const { socket, opened } = await rawSocket(server);
    assert.equal(server.connections[0].state, 'connecting');
    // Live while connecting: the event waits behind the open.
    const sent = server.sendServerEvent({ type: 'input_audio_buffer.cleared', event_id: 'e1' });
    assert.deepEqual(server.pendingDeliveries.map((e) => e.event_id), ['e1']);
    let waited = false;
    const waiting = server.waitForConnection(0).then(() => (waited = true));
    for (let i = 0; i < 20; i++) await Promise.resolve();
    assert.equal(waited, false);
    const seen: Array<{ data: string; origin: string }> = [];
    socket.addEventListener('message', (event) => seen.push(event as MessageEvent));
    server.resumeDelivery();
    await opened;
    await waiting;
    await sent;
    assert.equal(seen.length, 1);
    assert.equal(seen[0].origin, 'wss://example.test');
    socket.close();
    assert.equal(server.connections[0].state, 'closing');
    await server.settled();
    assert.equal(server.connections[0].state, 'closed');
    server.assertComplete();
  });

  test('a socket closed before it opened never opens', async () => {
    const server = new ScriptedRealtimeServer();
    let opens = 0;
    await rawSocket(server, undefined, (socket) => {
      socket.addEventListener('open', () => opens++);
      socket.close();
    });
    await server.settled();
    assert.equal(opens, 0);
    assert.equal(server.connections[0].state, 'closed');
  });

  test('a message event carries an empty origin for a URL that is not one', async () => {
    const server = new ScriptedRealtimeServer();
    const { socket, opened } = await rawSocket(server, 'not a url');
    await opened;
    const origins: string[] = [];
    socket.addEventListener('message', (event) => origins.push((event as MessageEvent).origin));
    await server.sendServerEvent({ type: 'input_audio_buffer.cleared' });
    assert.deepEqual(origins, ['']);
    socket.close();
    await server.settled();
  });

  test('after closeConnection() the server can no longer send, even before the client saw the close', async () => {
    const server = new ScriptedRealtimeServer();
    const { socket, opened } = await rawSocket(server);
    await opened;
    const closes: Array<{ code: number; reason: string; wasClean: boolean }> = [];
    const errors: string[] = [];
    socket.addEventListener('close', (event) => closes.push(event as CloseEvent));
    socket.addEventListener('error', (event) => errors.push((event as ErrorEvent).message));
    const closing = server.closeConnection();
    await assert.rejects(
      server.sendServerEvent({ type: 'input_audio_buffer.cleared' }),
      RealtimeServerNotConnectedError,
    );
    await closing;
    assert.deepEqual(errors, []);
    assert.deepEqual(closes.map(({ code, reason, wasClean }) => ({ code, reason, wasClean })), [
      { code: 1000, reason: '', wasClean: true },
    ]);
    assert.deepEqual({ ...server.connections[0] }, {
      ...server.connections[0],
      closeCode: 1000,
      closeReason: '',
      closedBy: 'server',
    });

    const second = await rawSocket(server);
    await second.opened;
    const lost: Array<{ code: number; wasClean: boolean }> = [];
    const messages: string[] = [];
    second.socket.addEventListener('close', (event) => lost.push(event as CloseEvent));
    second.socket.addEventListener(
      'error',
      (event) => messages.push((event as ErrorEvent).message),
    );
    await server.closeConnection({ code: 1006, error: true });
    assert.deepEqual(messages, ['connection closed with code 1006']);
    assert.deepEqual(lost.map(({ code, wasClean }) => ({ code, wasClean })), [
      { code: 1006, wasClean: false },
    ]);
  });

  test('a failed handshake with the default options', async () => {
    const server = new ScriptedRealtimeServer();
    server.failNextHandshake();
    const seen: string[] = [];
    await rawSocket(server, undefined, (socket) => {
      socket.addEventListener(
        'error',
        (event) => seen.push(`error ${(event as ErrorEvent).message}`),
      );
      socket.addEventListener('close', (event) => seen.push(`close ${(event as CloseEvent).code}`));
    });
    await server.settled();
    assert.deepEqual(seen, ['error WebSocket handshake failed', 'close 1006']);
    assert.deepEqual({ ...server.connections[0] }, {
      ...server.connections[0],
      state: 'closed',
      closeCode: 1006,
      closeReason: '',
      closedBy: 'server',
    });
  });

  test('only a failNextHandshake fault fails a handshake; faults match by kind and type', async () => {
    const server = new ScriptedRealtimeServer();
    server.dropClientEvent('response.create');
    server.duplicateServerEvent('session.update');
    const { socket, opened } = await rawSocket(server);
    await opened;
    socket.send(JSON.stringify({ type: 'session.update', session: {} }));
    assert.equal(server.clientEvents[0].dropped, false);
    assert.throws(() => server.assertComplete(), (error) => {
      assert.ok(error instanceof IncompleteRealtimeServerScenarioError);
      assert.deepEqual(error.pendingFaults, [
        { fault: 'dropClientEvent', type: 'response.create' },
        { fault: 'duplicateServerEvent', type: 'session.update' },
      ]);
      return true;
    });
    server.failNextHandshake({ code: 4000 });
    assert.throws(() => server.assertComplete(), (error) => {
      assert.ok(error instanceof IncompleteRealtimeServerScenarioError);
      assert.deepEqual(error.pendingFaults.at(-1), { fault: 'failNextHandshake', type: undefined });
      return true;
    });
    socket.close();
    await server.settled();
  });

  test('a duplicated event resolves with the event as sent', async () => {
    const server = new ScriptedRealtimeServer();
    const { socket, opened } = await rawSocket(server);
    await opened;
    server.duplicateServerEvent('input_audio_buffer.cleared');
    const sent = await server.sendServerEvent({
      type: 'input_audio_buffer.cleared',
      event_id: 'd',
    });
    assert.deepEqual(sent, { type: 'input_audio_buffer.cleared', event_id: 'd' });
    socket.close();
    await server.settled();
  });

  test('frames that are not event objects are recorded as they came', async () => {
    const server = new ScriptedRealtimeServer();
    const { socket, opened } = await rawSocket(server);
    await opened;
    for (const frame of ['[1]', 'null', '5', 'not json', '{"no":"type"}']) socket.send(frame);
    assert.deepEqual(server.clientEvents.map((e) => [e.type, e.event]), [
      ['<invalid>', { value: [1] }],
      ['<invalid>', { value: null }],
      ['<invalid>', { value: 5 }],
      ['<invalid>', { frame: 'not json' }],
      ['<invalid>', { no: 'type' }],
    ]);
    server.acknowledgeFailures();
    socket.close();
    await server.settled();
  });
});

describe('ScriptedRealtimeServer: delivery control in detail', () => {
  test('settled() waits for every queued delivery of every connection', async () => {
    const server = new ScriptedRealtimeServer();
    const first = await rawSocket(server);
    await first.opened;
    first.socket.close();
    const second = await rawSocket(server);
    await second.opened;
    const seen: string[] = [];
    second.socket.addEventListener('message', () => seen.push('message'));
    void server.sendServerEvent({ type: 'input_audio_buffer.cleared' });
    void server.sendServerEvent({ type: 'input_audio_buffer.cleared' });
    await server.settled();
    assert.deepEqual(seen, ['message', 'message']);
    assert.equal(server.connections[0].state, 'closed');
    second.socket.close();
    await server.settled();
  });

  test('settled() waits for the deliveries queued on the one connection', async () => {
    const server = new ScriptedRealtimeServer();
    const { socket, opened } = await rawSocket(server);
    await opened;
    const seen: string[] = [];
    socket.addEventListener('message', () => seen.push('message'));
    for (let i = 0; i < 10; i++) {
      void server.sendServerEvent({ type: 'input_audio_buffer.cleared' });
    }
    await server.settled();
    assert.equal(seen.length, 10);
    socket.close();
    await server.settled();
  });

  test('audioPlayedMs may be a function, read at the interruption', async () => {
    const server = new ScriptedRealtimeServer({
      ignoreClientEvents: ['session.update', 'conversation.item.retrieve'],
    });
    let played = 0;
    const transport = server.transport({ audioPlayedMs: () => played });
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), { transport });
    await session.connect({ apiKey: KEY });
    await assistantAnswers(server, {
      transcript: 'Once upon a time',
      audioMs: 500,
      complete: false,
      itemId: 'item_story',
    });
    played = 120;
    await userInterrupts(server, { transcript: 'Stop', itemId: 'item_stop' });
    await server.expectClientEvent('response.cancel');
    const truncate = await server.expectClientEvent('conversation.item.truncate');
    assert.equal(truncate.audio_end_ms, 120);
    session.close();
    await server.settled();
  });

  test('pausing after a send holds it even if its delivery was already scheduled', async () => {
    const server = new ScriptedRealtimeServer();
    const { socket, opened } = await rawSocket(server);
    await opened;
    const seen: string[] = [];
    socket.addEventListener('message', () => seen.push('message'));
    const sent = server.sendServerEvent({ type: 'input_audio_buffer.cleared', event_id: 'p' });
    server.pauseDelivery();
    await Promise.resolve();
    await Promise.resolve();
    await server.settled();
    assert.deepEqual(seen, []);
    assert.deepEqual(server.pendingDeliveries.map((e) => e.event_id), ['p']);
    server.resumeDelivery();
    await sent;
    assert.deepEqual(seen, ['message']);
    socket.close();
    await server.settled();
  });

  test('resumeDelivery({ order }) reorders only the held messages and checks the permutation', async () => {
    const server = new ScriptedRealtimeServer();
    server.pauseDelivery();
    const { socket, opened } = await rawSocket(server);
    const ids: string[] = [];
    socket.addEventListener('message', (event) => {
      ids.push(JSON.parse((event as MessageEvent).data).event_id);
    });
    const sent = ['a', 'b'].map((id) =>
      server.sendServerEvent({ type: 'input_audio_buffer.cleared', event_id: id })
    );
    for (const order of [[0], [0, 2], [-1, 0], [0.5, 0], [0, 1, 2]]) {
      assert.throws(() => server.resumeDelivery({ order }), {
        name: 'RangeError',
        message: 'ScriptedRealtimeServer: resumeDelivery order must be a permutation of 0..1.',
      });
    }
    // The open that waits in front of the messages stays in front.
    server.resumeDelivery({ order: [1, 0] });
    await opened;
    await Promise.all(sent);
    assert.deepEqual(ids, ['b', 'a']);
    socket.close();
    await server.settled();
  });

  test('without a connection: nothing pending, resume without order is fine, reorder and close are not', () => {
    const server = new ScriptedRealtimeServer();
    assert.deepEqual(server.pendingDeliveries, []);
    server.pauseDelivery();
    server.resumeDelivery();
    assert.throws(() => server.resumeDelivery({ order: [] }), (error) => {
      assert.ok(error instanceof RealtimeServerNotConnectedError);
      assert.equal(error.operation, 'reorder deliveries');
      return true;
    });
    assert.throws(() => server.closeConnection(), (error) => {
      assert.ok(error instanceof RealtimeServerNotConnectedError);
      assert.equal(error.operation, 'close the connection');
      return true;
    });
    assert.deepEqual(server.failures, []);
  });

  test('waitForConnection(index) waits for that connection, not an earlier one', async () => {
    const server = new ScriptedRealtimeServer();
    let second = false;
    const waiting = server.waitForConnection(1).then((c) => {
      second = true;
      return c;
    });
    const first = await rawSocket(server);
    await first.opened;
    await server.settled();
    assert.equal(second, false);
    first.socket.close();
    const next = await rawSocket(server);
    assert.equal((await waiting).index, 1);
    await next.opened;
    next.socket.close();
    await server.settled();
  });
});

describe('ScriptedRealtimeServer: validation and teardown in detail', () => {
  test('each invalid server event names its reason', async () => {
    const server = new ScriptedRealtimeServer();
    const cases: Array<[unknown, string]> = [
      ['input_audio_buffer.cleared', 'not_an_object'],
      [null, 'not_an_object'],
      [{ type: '' }, 'missing_type'],
      [{ type: 3 }, 'missing_type'],
    ];
    for (const [event, reason] of cases) {
      await assert.rejects(server.sendServerEvent(event as never), (error) => {
        assert.ok(error instanceof InvalidRealtimeServerEventError);
        assert.equal(error.reason, reason);
        return true;
      });
    }
    await assert.rejects(
      server.sendServerEvent({ type: 'input_audio_buffer.cleared', n: 1n } as never),
      (error) => {
        assert.ok(error instanceof InvalidRealtimeServerEventError);
        assert.equal(error.reason, 'not_json');
        assert.equal(error.type, 'input_audio_buffer.cleared');
        return true;
      },
    );
  });

  test('an ignored type cannot be expected, and the error says why', () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    assert.throws(() => server.expectClientEvent('session.update'), {
      name: 'TypeError',
      message:
        'ScriptedRealtimeServer: session.update is in ignoreClientEvents, so it can never be expected.',
    });
  });

  test('a matcher that throws rejects the expectation with what it threw, recorded', async () => {
    const server = new ScriptedRealtimeServer();
    const { socket, opened } = await rawSocket(server);
    await opened;
    const boom = new Error('matcher broke');
    const expectation = server.expectClientEvent('session.update', () => {
      throw boom;
    });
    socket.send(JSON.stringify({ type: 'session.update', session: {} }));
    await assert.rejects(expectation, (error) => error === boom);
    assert.deepEqual(server.failures, [boom]);
    server.acknowledgeFailures();
    socket.close();
    await server.settled();
  });

  test('a waiting expectation makes assertComplete and teardown fail; teardown ends every wait', async () => {
    const server = new ScriptedRealtimeServer();
    const waiting = server.expectClientEvent('response.create');
    assert.throws(() => server.assertComplete(), IncompleteRealtimeServerScenarioError);
    const connection = server.waitForConnection();
    const teardown = await server[Symbol.asyncDispose]().catch((e) => e);
    assert.ok(teardown instanceof IncompleteRealtimeServerScenarioError);
    assert.deepEqual(teardown.pendingExpectations, [{ order: 1, type: 'response.create' }]);
    await assert.rejects(waiting, (error) => error === teardown);
    for (const wait of [connection, server.waitForConnection()]) {
      await assert.rejects(wait, (error) => {
        assert.ok(error instanceof RealtimeServerNotConnectedError);
        assert.equal(error.operation, 'wait for a connection');
        return true;
      });
    }
  });

  test('runScenario: the scenario sends through its context, and an unexpected client event fails the run', async () => {
    const server = new ScriptedRealtimeServer();
    const { session, transport } = newSession(server);
    const seen: string[] = [];
    transport.on('*', (event) => seen.push(event.type));
    const error = await server.runScenario({
      scenario: async ({ sendServerEvent }) => {
        await server.waitForConnection(0);
        const sent = await sendServerEvent({ type: 'input_audio_buffer.cleared' });
        assert.equal(sent.type, 'input_audio_buffer.cleared');
      },
      exercise: async () => {
        await session.connect({ apiKey: KEY });
        await server.settled();
      },
    }).catch((e) => e);
    // Nobody expected the session.update the SDK sent.
    assert.ok(error instanceof IncompleteRealtimeServerScenarioError);
    assert.deepEqual(error.unexpectedEvents, [{ index: 0, type: 'session.update' }]);
    assert.ok(seen.includes('input_audio_buffer.cleared'));
    session.close();
    await server.settled();
  });

  test('the handshake builder waits for a session.update the server really received', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    server.dropClientEvent('session.update');
    const { socket, opened } = await rawSocket(server);
    await opened;
    socket.send(JSON.stringify({ type: 'session.update', session: {} }));
    let done = false;
    const shaking = handshake(server).then((events) => {
      done = true;
      return events;
    });
    for (let i = 0; i < 20; i++) await Promise.resolve();
    await server.settled();
    assert.equal(done, false);
    socket.send(JSON.stringify({ type: 'session.update', session: {} }));
    const [created] = await shaking;
    assert.equal(created.type, 'session.created');
    socket.close();
    await server.settled();
  });

  test('a handshake still waiting when the server is torn down fails', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const { opened } = await rawSocket(server);
    await opened;
    const shaking = handshake(server);
    await server.settled();
    await server[Symbol.asyncDispose]().catch(() => {});
    await assert.rejects(shaking, RealtimeServerNotConnectedError);
  });

  test('runScenario: expectations registered after the exercise finished', async () => {
    // A buffered event still satisfies a late expectation.
    const buffered = new ScriptedRealtimeServer();
    const first = newSession(buffered);
    const value = await buffered.runScenario({
      scenario: async ({ expectClientEvent }) => {
        await buffered.waitForConnection(0);
        for (let i = 0; i < 20; i++) await Promise.resolve();
        await expectClientEvent('session.update');
      },
      exercise: async () => {
        await first.session.connect({ apiKey: KEY });
        return 'connected';
      },
    });
    assert.equal(value, 'connected');
    first.session.close();
    await buffered.settled();

    // A late expectation that has to wait can never be met: the run fails at once.
    const late = new ScriptedRealtimeServer();
    const error = await late.runScenario({
      scenario: async ({ expectClientEvent }) => {
        for (let i = 0; i < 20; i++) await Promise.resolve();
        await expectClientEvent('response.create');
      },
      exercise: () => Promise.resolve(),
    }).catch((e) => e);
    assert.ok(error instanceof IncompleteRealtimeServerScenarioError);
    assert.deepEqual(error.pendingExpectations, [{ order: 1, type: 'response.create' }]);
  });

  test('a cancelled run rejects the expectations still waiting, and forgets them', async () => {
    const server = new ScriptedRealtimeServer();
    const controller = new AbortController();
    let seen: unknown;
    const error = await server.runScenario({
      signal: controller.signal,
      scenario: async ({ expectClientEvent }) => {
        seen = await expectClientEvent('response.create').catch((e) => e);
      },
      exercise: () => {
        controller.abort();
        return new Promise<never>(() => {});
      },
    }).catch((e) => e);
    assert.ok(error instanceof ScriptedRealtimeServerScenarioCancelledError);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    assert.equal(seen, error);
    server.assertComplete();
  });

  test("a connection's first item follows no previous item", async () => {
    const server = new ScriptedRealtimeServer();
    const { socket, opened } = await rawSocket(server);
    await opened;
    const events = await userSpeaks(server);
    const committed = events.find((e) => e.type === 'input_audio_buffer.committed');
    assert.equal(committed?.previous_item_id, null);
    socket.close();
    await server.settled();
  });

  test('internals belong to servers only', () => {
    assert.throws(() => internalsOf({} as never), {
      name: 'TypeError',
      message: 'ScriptedRealtimeServer: not a ScriptedRealtimeServer.',
    });
  });
});
