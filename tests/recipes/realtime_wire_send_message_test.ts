// Recipe "Test sendMessage at the wire": what `session.sendMessage()` turns
// into on the socket, and how the streamed answer becomes session history.
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { assistantAnswers, ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
import assert from 'node:assert/strict';
import test from 'node:test';

test('sends a user message and records the streamed text answer', async () => {
  const server = new ScriptedRealtimeServer();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), {
    transport: server.transport(),
    config: { outputModalities: ['text'] },
  });
  const deltas: string[] = [];
  session.transport.on('output_text_delta', (event) => deltas.push(event.delta));

  await server.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async ({ expectClientEvent }) => {
      await expectClientEvent('session.update', (event) => {
        assert.deepEqual(event.session.output_modalities, ['text']);
      });
      await expectClientEvent('conversation.item.create', (event) => {
        assert.deepEqual(event.item, {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'Hello' }],
        });
      });
      await expectClientEvent('response.create');
      await assistantAnswers(server, {
        text: 'Hi! How can I help?',
        chunks: 3,
        itemId: 'item_answer',
      });
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      session.sendMessage('Hello');
    },
  });

  assert.deepEqual(deltas, ['Hi! How', ' can I', ' help?']);
  assert.deepEqual(session.history, [{
    itemId: 'item_answer',
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: 'Hi! How can I help?' }],
  }]);
  session.close();
  await server.settled();
  server.assertComplete();
});
