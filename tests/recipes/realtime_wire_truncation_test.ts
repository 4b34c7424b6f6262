// Recipe "Check audio truncation at the wire": when playback is interrupted,
// the SDK truncates the assistant's audio at what the user heard, measured
// from the first audio chunk and capped at the audio received. The server's
// transport takes the heard time from the test (`audioPlayedMs`), so the
// `audio_end_ms` the SDK computes is exact.
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  assistantAnswers,
  completeResponse,
  ScriptedRealtimeServer,
} from 'scripted-agents/realtime_testing';
import assert from 'node:assert/strict';
import test from 'node:test';

async function interruptAfter(options: {
  heardMs: number;
  receivedMs: number;
  audioDone?: boolean;
}) {
  // The truncations are read from server.clientEvents below, so the server records them
  // without matching them against expectations (it would report them as unexpected).
  const server = new ScriptedRealtimeServer({
    ignoreClientEvents: ['session.update', 'response.cancel', 'conversation.item.truncate'],
  });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), {
    transport: server.transport({ audioPlayedMs: () => options.heardMs }),
  });
  await session.connect({ apiKey: 'test' });
  await assistantAnswers(server, {
    transcript: 'A long answer',
    audioMs: options.receivedMs,
    itemId: 'item_answer',
    complete: !!options.audioDone,
  });
  session.interrupt();
  await server.settled();
  const truncations = server.clientEvents
    .filter((e) => e.type === 'conversation.item.truncate')
    .map((e) => e.event.audio_end_ms);
  if (!options.audioDone) await completeResponse(server, { status: 'cancelled' });
  session.close();
  await server.settled();
  return truncations;
}

test('truncates at the time heard', async () => {
  assert.deepEqual(await interruptAfter({ heardMs: 120.7, receivedMs: 500 }), [120]);
});

test('caps the truncation at the audio received', async () => {
  assert.deepEqual(await interruptAfter({ heardMs: 900, receivedMs: 300 }), [300]);
});

test('does not truncate audio that was generated and fully heard', async () => {
  assert.deepEqual(
    await interruptAfter({ heardMs: 1_000, receivedMs: 300, audioDone: true }),
    [],
  );
});

test('a finished answer the user did not hear to the end: depends on the SDK version', async () => {
  // Since SDK 0.20 the transport keeps the playback position after generation
  // ends (the application may still be playing buffered audio) and truncates
  // what was not heard; before, it forgot the position and sent nothing.
  const truncations = await interruptAfter({ heardMs: 100, receivedMs: 300, audioDone: true });
  assert.ok(
    JSON.stringify(truncations) === '[100]' || JSON.stringify(truncations) === '[]',
    `unexpected truncations ${JSON.stringify(truncations)}`,
  );
});
