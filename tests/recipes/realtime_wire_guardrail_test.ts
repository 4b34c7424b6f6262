// Recipe "Trip an output guardrail mid-response at the wire": the guardrail
// runs on the streamed transcript; when it trips, the SDK interrupts the
// spoken answer (cancel + truncate) and asks the model to answer again.
import {
  RealtimeAgent,
  type RealtimeOutputGuardrail,
  RealtimeSession,
} from '@openai/agents/realtime';
import {
  assistantAnswers,
  completeResponse,
  ScriptedRealtimeServer,
} from 'scripted-agents/realtime_testing';
import assert from 'node:assert/strict';
import test from 'node:test';

/**
 * Resolves when the application's `session.connect()` has returned: the
 * session ignores or forgets conversation events that arrive while it is
 * still connecting, so the scenario waits for this before scripting a turn.
 */
function connectedGate() {
  let open!: () => void;
  const connected = new Promise<void>((resolve) => (open = resolve));
  return { connected, open };
}

test('a tripped output guardrail interrupts the answer and asks for a new one', async () => {
  const noRefunds: RealtimeOutputGuardrail = {
    name: 'no refunds',
    execute: async ({ agentOutput }) => ({
      tripwireTriggered: agentOutput.includes('refund'),
      outputInfo: { forbidden: 'refund' },
    }),
  };
  const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Support' }), {
    transport: server.transport({ audioPlayedMs: 100 }),
    outputGuardrails: [noRefunds],
    // Run the guardrail every 10 characters of transcript.
    outputGuardrailSettings: { debounceTextLength: 10 },
  });
  const tripped: string[] = [];
  const gate = connectedGate();
  session.on('guardrail_tripped', (_context, _agent, error) => tripped.push(error.message));

  await server.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async ({ expectClientEvent, sendServerEvent }) => {
      await gate.connected;
      // The answer starts harmlessly: 400 ms of audio, 12 characters of transcript.
      await assistantAnswers(server, {
        transcript: 'Sure, I can',
        audioMs: 400,
        chunks: 1,
        responseId: 'resp_blocked',
        itemId: 'item_blocked',
        complete: false,
      });
      // Then the transcript says what the guardrail forbids.
      await sendServerEvent({
        type: 'response.output_audio_transcript.delta',
        response_id: 'resp_blocked',
        item_id: 'item_blocked',
        output_index: 0,
        content_index: 0,
        delta: ' refund everything you bought.',
      });
      // The SDK stops the answer: the response is cancelled and the audio
      // after what was heard is truncated...
      await expectClientEvent('response.cancel');
      await expectClientEvent('conversation.item.truncate', (event) => {
        assert.equal(event.item_id, 'item_blocked');
        assert.equal(event.audio_end_ms, 100);
      });
      // ...then it tells the model why, as a user message.
      await expectClientEvent('conversation.item.create', (event) => {
        assert.equal(event.item.type, 'message');
        assert.match(JSON.stringify(event.item), /Failed Guardrail Reason: no refunds/);
      });
      // The new response.create waits until the cancelled response is done.
      const next = expectClientEvent('response.create');
      await completeResponse(server, { status: 'cancelled' });
      await next;
      await assistantAnswers(server, {
        transcript: 'Sorry, I cannot help with that.',
        audioMs: 200,
        itemId: 'item_retry',
      });
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      gate.open();
      // The application is done once the second answer is complete.
      await new Promise<void>((resolve) => {
        session.on('history_updated', (history) => {
          const retry = history.find((item) => item.itemId === 'item_retry');
          if (retry && 'status' in retry && retry.status === 'completed') resolve();
        });
      });
    },
  });

  assert.equal(tripped.length, 1);
  assert.match(tripped[0], /Output guardrail triggered/);
  session.close();
  await server.settled();
  server.assertComplete();
});
