// Recipe "Inject a Realtime connection failure at the wire": the transport
// double fails `connect()` itself; here the WebSocket handshake fails and the
// SDK's own transport turns that into a rejected `connect()`.
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
import assert from 'node:assert/strict';
import test from 'node:test';

test('a failed WebSocket handshake rejects connect and leaves the transport disconnected', async () => {
  const server = new ScriptedRealtimeServer();
  const session = new RealtimeSession(
    new RealtimeAgent({ name: 'Assistant' }),
    { transport: server.transport() },
  );
  server.failNextHandshake({ message: 'connection failed', code: 1006 });

  // The SDK rejects with the socket's error event.
  await assert.rejects(session.connect({ apiKey: 'test' }), { message: 'connection failed' });
  assert.equal(session.transport.status, 'disconnected');
  await server.settled();
  assert.equal(server.connections[0].closeCode, 1006);
  // Nothing was sent on a socket that never opened.
  assert.equal(server.clientEvents.length, 0);
  server.assertComplete();
});

test('the server closing the socket disconnects the session', async () => {
  const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
  const session = new RealtimeSession(
    new RealtimeAgent({ name: 'Assistant' }),
    { transport: server.transport() },
  );
  const statuses: string[] = [];
  session.transport.on('connection_change', (status) => statuses.push(status));
  await session.connect({ apiKey: 'test' });

  await server.closeConnection({ code: 1011, reason: 'server error', error: true });
  assert.deepEqual(statuses, ['connecting', 'connected', 'disconnected']);
  assert.equal(session.transport.status, 'disconnected');
  server.assertComplete();
});
