// Recipe "Reconnect without duplicating history at the wire": the server drops
// the connection; the application reconnects and restores the conversation
// with `updateHistory()`. The SDK re-creates each item (with its id and the
// item it follows); the server confirms them, a confirmation even arrives
// twice, and the history still holds every item once, in order.
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  acknowledgeClientItems,
  assistantAnswers,
  ScriptedRealtimeServer,
} from 'scripted-agents/realtime_testing';
import assert from 'node:assert/strict';
import test from 'node:test';

test('restores the conversation on a new connection without duplicates', async () => {
  const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), {
    transport: server.transport(),
  });

  // First connection: one exchange.
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Hello');
  await server.expectClientEvent('conversation.item.create');
  await server.expectClientEvent('response.create');
  await acknowledgeClientItems(server);
  await assistantAnswers(server, { text: 'Hi! How can I help?', itemId: 'assistant_1' });
  const saved = session.history;
  assert.equal(saved.length, 2);

  // The server goes away; the application notices and reconnects.
  await server.closeConnection({ code: 1006, error: true });
  assert.equal(session.transport.status, 'disconnected');
  await session.connect({ apiKey: 'test' });
  assert.equal(session.history.length, 0);

  session.updateHistory(saved);
  const [user, assistant] = [
    await server.expectClientEvent('conversation.item.create'),
    await server.expectClientEvent('conversation.item.create'),
  ];
  assert.deepEqual(
    [user.item, assistant.item].map((item) => item.type === 'message' && [item.id, item.role]),
    [[saved[0].itemId, 'user'], ['assistant_1', 'assistant']],
  );

  // The confirmation of the first item is delivered twice.
  server.duplicateServerEvent('conversation.item.added');
  await acknowledgeClientItems(server);

  assert.deepEqual(
    session.history.map((item) => item.itemId),
    saved.map((item) => item.itemId),
  );
  assert.deepEqual(server.connections.map((c) => [c.state, c.closedBy]), [
    ['closed', 'server'],
    ['open', undefined],
  ]);
  session.close();
  await server.settled();
  server.assertComplete();
});
