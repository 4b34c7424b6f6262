// Recipe "Test a Realtime session at the wire": the two-turn conversation of
// realtime_scenario_test.ts, but the scenario scripts Realtime API events
// (with turn builders) instead of normalized history items, and the history
// is what the SDK's transport made of them.
import { RealtimeAgent, type RealtimeItem, RealtimeSession } from '@openai/agents/realtime';
import {
  assistantAnswers,
  handshake,
  ScriptedRealtimeServer,
} from 'scripted-agents/realtime_testing';
import assert from 'node:assert/strict';
import test from 'node:test';

function historyReaches(session: RealtimeSession, length: number): Promise<void> {
  return new Promise((resolve) => {
    const check = (history: RealtimeItem[]) => {
      if (
        history.length < length || history.some((i) => 'status' in i && i.status !== 'completed')
      ) {
        return;
      }
      session.off('history_updated', check);
      resolve();
    };
    session.on('history_updated', check);
  });
}

test('runs a two-turn Realtime conversation through the real transport', async () => {
  const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), {
    transport: server.transport(),
  });

  await server.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async ({ expectClientEvent, sendServerEvent }) => {
      await handshake(server);
      for (
        const [userId, text, assistantId, answer] of [
          ['user_1', 'Hello', 'assistant_1', 'Hi! How can I help?'],
          ['user_2', 'What did I just say?', 'assistant_2', 'You said hello.'],
        ]
      ) {
        const created = await expectClientEvent('conversation.item.create', (event) => {
          assert.deepEqual(event.item, {
            type: 'message',
            role: 'user',
            content: [{ type: 'input_text', text }],
          });
        });
        await expectClientEvent('response.create');
        // The API confirms the user's item, then answers.
        const item = { ...created.item, id: userId, status: 'completed' };
        await sendServerEvent({ type: 'conversation.item.added', item });
        await sendServerEvent({ type: 'conversation.item.done', item });
        await assistantAnswers(server, { text: answer, itemId: assistantId });
      }
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      session.sendMessage('Hello');
      await historyReaches(session, 2);
      session.sendMessage('What did I just say?');
      await historyReaches(session, 4);
    },
  });

  assert.deepEqual(
    session.history.map((item) =>
      item.type === 'message' ? [item.itemId, item.role, item.content] : item.itemId
    ),
    [
      ['user_1', 'user', [{ type: 'input_text', text: 'Hello' }]],
      ['assistant_1', 'assistant', [{ type: 'output_text', text: 'Hi! How can I help?' }]],
      ['user_2', 'user', [{ type: 'input_text', text: 'What did I just say?' }]],
      ['assistant_2', 'assistant', [{ type: 'output_text', text: 'You said hello.' }]],
    ],
  );
  session.close();
  await server.settled();
  server.assertComplete();
});
