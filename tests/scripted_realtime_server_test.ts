import assert from 'node:assert/strict';
import { OpenAIRealtimeWebSocket, RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  DoubleFailuresError,
  IncompleteRealtimeServerScenarioError,
  InvalidRealtimeServerEventError,
  RealtimeClientEventMatcherError,
  RealtimeServerNotConnectedError,
  ScriptedRealtimeServer,
  ScriptedRealtimeServerScenarioCancelledError,
  UnexpectedRealtimeClientEventError,
} from 'scripted-agents/realtime_testing';
import { doubleScope } from 'scripted-agents/testing';
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
