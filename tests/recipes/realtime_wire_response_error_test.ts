// Recipe "Handle an error event during response.create at the wire": the API
// rejects a response request with an `error` event naming the request's
// `event_id`. The SDK reports it to the application and releases the request,
// so the next `response.create` is not held back.
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  assistantAnswers,
  responseFails,
  ScriptedRealtimeServer,
} from 'scripted-agents/realtime_testing';
import assert from 'node:assert/strict';
import test from 'node:test';

test('an error for response.create is reported and the next request goes out', async () => {
  const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), {
    transport: server.transport(),
  });
  const errors: unknown[] = [];
  session.on('error', (event) => errors.push(event.error));

  await server.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async ({ expectClientEvent }) => {
      await expectClientEvent('conversation.item.create');
      const first = await expectClientEvent('response.create');
      await responseFails(server, {
        code: 'conversation_already_has_active_response',
        message: 'Conversation already has an active response in progress.',
      });
      await expectClientEvent('conversation.item.create');
      const second = await expectClientEvent('response.create');
      assert.notEqual(second.event_id, first.event_id);
      await assistantAnswers(server, { text: 'Here I am.', itemId: 'item_answer' });
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      session.sendMessage('Are you there?');
      // The application retries once it has seen the error.
      await new Promise((resolve) => session.once('error', resolve));
      session.sendMessage('Are you there?');
    },
  });

  assert.equal(errors.length, 1);
  assert.deepEqual((errors[0] as { error: unknown }).error, {
    type: 'invalid_request_error',
    code: 'conversation_already_has_active_response',
    message: 'Conversation already has an active response in progress.',
    param: null,
    event_id: 'agents_js_response_create_1',
  });
  session.close();
  await server.settled();
  server.assertComplete();
});
