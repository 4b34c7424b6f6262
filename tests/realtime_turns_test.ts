import assert from 'node:assert/strict';
import {
  type OpenAIRealtimeWebSocket,
  RealtimeAgent,
  type RealtimeItem,
  RealtimeSession,
  tool,
} from '@openai/agents/realtime';
import { z } from 'zod';
import {
  assistantAnswers,
  assistantCallsTool,
  completeResponse,
  handshake,
  rateLimitsUpdated,
  type RealtimeServerEvent,
  responseFails,
  ScriptedRealtimeServer,
  userInterrupts,
  userSpeaks,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';

/**
 * Watches what the SDK's transport makes of each server event. The transport
 * emits `*` with the raw event, then the event under its own type only when
 * the SDK's schema accepted it (`error` for errors); a known type with a bad
 * shape is dropped to `*` alone, silently. `parsed` lists the types accepted.
 */
function watch(transport: OpenAIRealtimeWebSocket) {
  const emitted: string[] = [];
  const raw: string[] = [];
  const original = transport.emit.bind(transport);
  // deno-lint-ignore no-explicit-any
  (transport as any).emit = (name: string, ...args: any[]) => {
    emitted.push(name);
    if (name === '*') raw.push(args[0].type);
    return original(name as never, ...(args as never[]));
  };
  return {
    emitted,
    /** Every raw event that was followed by its typed emission. */
    parsed(): string[] {
      const out: string[] = [];
      let k = 0;
      for (let i = 0; i < emitted.length; i++) {
        if (emitted[i] !== '*') continue;
        const type = raw[k++];
        const next = emitted[i + 1];
        out.push(next === (type === 'error' ? 'error' : type) ? type : `DROPPED ${type}`);
      }
      return out;
    },
  };
}

/** History items without `previousItemId`, whose empty value varies by SDK version. */
function withoutPlacement(history: readonly RealtimeItem[]): object[] {
  return (history as (RealtimeItem & { previousItemId?: unknown })[]).map((
    { previousItemId: _placement, ...item },
  ) => item);
}

function statusOf(item: RealtimeItem): string | undefined {
  return 'status' in item ? item.status : undefined;
}

function types(events: readonly RealtimeServerEvent[]): string[] {
  return events.map((e) => e.type);
}

async function setup(options: { tools?: ReturnType<typeof tool>[] } = {}) {
  const server = new ScriptedRealtimeServer({
    ignoreClientEvents: ['session.update', 'conversation.item.retrieve'],
  });
  const transport = server.transport();
  const watcher = watch(transport);
  const agent = new RealtimeAgent({ name: 'Assistant', tools: options.tools ?? [] });
  const session = new RealtimeSession(agent, { transport });
  const sessionEvents: string[] = [];
  for (
    const name of [
      'agent_start',
      'agent_end',
      'audio_start',
      'audio_stopped',
      'audio_interrupted',
      'agent_tool_start',
      'agent_tool_end',
      'error',
    ] as const
  ) {
    session.on(name, () => sessionEvents.push(name));
  }
  await session.connect({ apiKey: 'test' });
  const sent: RealtimeServerEvent[] = [];
  const close = async () => {
    session.close();
    await server.settled();
  };
  return { server, transport, watcher, session, sessionEvents, sent, close };
}

function assertAllParsed(watcher: ReturnType<typeof watch>, events: RealtimeServerEvent[]) {
  const parsed = watcher.parsed();
  assert.deepEqual(parsed.slice(-events.length), types(events));
}

describe('turn builders: every event parses through the real transport', () => {
  test('handshake: session.created, then session.updated echoing the client config', async () => {
    const { server, watcher, close } = await setup();
    const events = await handshake(server);
    assert.deepEqual(types(events), ['session.created', 'session.updated']);
    assertAllParsed(watcher, events);
    // The SDK answered session.created with its tracing update, which the echo includes.
    const updates = server.clientEvents.filter((e) => e.type === 'session.update');
    assert.deepEqual(updates[1].event.session, { type: 'realtime', tracing: 'auto' });
    assert.equal(events[1].session.tracing, 'auto');
    assert.equal(events[1].session.audio.input.turn_detection.type, 'semantic_vad');
    assert.equal(events[1].session.audio.input.turn_detection.interrupt_response, true);
    await close();
  });

  test('userSpeaks: VAD, commit, user item and transcript; the retrieved item lands in history', async () => {
    const { server, watcher, session, close } = await setup();
    const events = await userSpeaks(server, { transcript: 'Hello there', itemId: 'item_u1' });
    assert.deepEqual(types(events), [
      'input_audio_buffer.speech_started',
      'input_audio_buffer.speech_stopped',
      'input_audio_buffer.committed',
      'conversation.item.added',
      'conversation.item.done',
      'conversation.item.input_audio_transcription.delta',
      'conversation.item.input_audio_transcription.completed',
      'conversation.item.retrieved',
    ]);
    assertAllParsed(watcher, events);
    assert.deepEqual(
      server.clientEvents.filter((e) => e.type === 'conversation.item.retrieve').map((e) =>
        e.event
      ),
      [{ type: 'conversation.item.retrieve', item_id: 'item_u1' }],
    );
    // The retrieved item says nothing about placement; how the SDK records
    // that (`previousItemId` undefined or null) varies between its versions.
    assert.deepEqual(withoutPlacement(session.history), [{
      itemId: 'item_u1',
      type: 'message',
      role: 'user',
      status: 'completed',
      content: [{ type: 'input_audio', transcript: 'Hello there', audio: null }],
    }]);
    await close();
  });

  test('assistantAnswers (audio): deltas, audio and transcript; audio_start/stopped; a completed item', async () => {
    const { server, watcher, session, sessionEvents, transport, close } = await setup();
    const audio: number[] = [];
    transport.on('audio', (event) => audio.push(event.data.byteLength));
    const events = await assistantAnswers(server, {
      transcript: 'Hi! How can I help?',
      audioMs: 300,
      chunks: 3,
      itemId: 'item_a1',
      responseId: 'resp_a1',
    });
    assert.deepEqual(types(events), [
      'response.created',
      'response.output_item.added',
      'conversation.item.added',
      'response.content_part.added',
      'response.output_audio_transcript.delta',
      'response.output_audio.delta',
      'response.output_audio_transcript.delta',
      'response.output_audio.delta',
      'response.output_audio_transcript.delta',
      'response.output_audio.delta',
      'response.output_audio.done',
      'response.output_audio_transcript.done',
      'response.content_part.done',
      'conversation.item.done',
      'response.output_item.done',
      'response.done',
    ]);
    assertAllParsed(watcher, events);
    // 300 ms of 24 kHz PCM16 = 14,400 bytes.
    assert.equal(audio.reduce((a, b) => a + b, 0), 14_400);
    assert.deepEqual(sessionEvents, ['agent_start', 'audio_start', 'audio_stopped', 'agent_end']);
    assert.deepEqual(session.history, [{
      itemId: 'item_a1',
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_audio', transcript: 'Hi! How can I help?', audio: null }],
    }]);
    await close();
  });

  test('assistantAnswers (text) and completeResponse', async () => {
    const { server, watcher, session, close } = await setup();
    const first = await assistantAnswers(server, { text: 'Hello', complete: false });
    assert.equal(first.at(-1)?.type, 'response.output_text.delta');
    assert.equal(statusOf(session.history[0]), 'in_progress');
    const rest = await completeResponse(server);
    assertAllParsed(watcher, [...first, ...rest]);
    assert.deepEqual(types(rest), [
      'response.output_text.done',
      'response.content_part.done',
      'conversation.item.done',
      'response.output_item.done',
      'response.done',
    ]);
    assert.deepEqual(session.history[0].type === 'message' && session.history[0].content, [
      { type: 'output_text', text: 'Hello' },
    ]);
    await close();
  });

  test('assistantCallsTool: the SDK runs the tool on output_item.done and answers with the output', async () => {
    const calls: string[] = [];
    const lookup = tool({
      name: 'lookup_order',
      description: 'Looks up an order.',
      parameters: z.object({ orderId: z.string() }),
      execute: ({ orderId }) => {
        calls.push(orderId);
        return `Order ${orderId} has shipped.`;
      },
    });
    const { server, watcher, session, sessionEvents, close } = await setup({ tools: [lookup] });
    const events = await assistantCallsTool(server, {
      name: 'lookup_order',
      arguments: { orderId: '123' },
      callId: 'call_1',
      itemId: 'item_fc',
    });
    assert.deepEqual(types(events), [
      'response.created',
      'response.output_item.added',
      'conversation.item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'conversation.item.done',
      'response.output_item.done',
      'response.done',
    ]);
    assertAllParsed(watcher, events);
    const output = await server.expectClientEvent('conversation.item.create');
    assert.deepEqual(output.item, {
      type: 'function_call_output',
      output: 'Order 123 has shipped.',
      call_id: 'call_1',
    });
    await server.expectClientEvent('response.create');
    assert.deepEqual(calls, ['123']);
    assert.deepEqual(withoutPlacement(session.history), [{
      itemId: 'item_fc',
      type: 'function_call',
      status: 'completed',
      arguments: '{"orderId":"123"}',
      name: 'lookup_order',
      output: 'Order 123 has shipped.',
    }]);
    assert.ok(
      sessionEvents.includes('agent_tool_start') && sessionEvents.includes('agent_tool_end'),
    );
    await close();
  });

  test('userInterrupts: truncation at the audio heard, a cancelled response, the user turn', async () => {
    const server = new ScriptedRealtimeServer({
      ignoreClientEvents: ['session.update', 'conversation.item.retrieve'],
    });
    const transport = server.transport({ audioPlayedMs: 120 });
    const watcher = watch(transport);
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), { transport });
    const interrupted: string[] = [];
    session.on('audio_interrupted', () => interrupted.push('audio_interrupted'));
    await session.connect({ apiKey: 'test' });
    const begun = await assistantAnswers(server, {
      transcript: 'Once upon a time',
      audioMs: 500,
      complete: false,
      itemId: 'item_story',
    });
    const events = await userInterrupts(server, {
      transcript: 'Stop',
      itemId: 'item_stop',
      heardTranscript: 'Once',
    });
    assertAllParsed(watcher, [...begun, ...events]);
    // No session.updated was scripted: the SDK assumes no server-side
    // interruption and cancels the response itself, then truncates.
    const cancel = await server.expectClientEvent('response.cancel');
    assert.equal(cancel.type, 'response.cancel');
    const truncate = await server.expectClientEvent('conversation.item.truncate');
    assert.deepEqual(truncate, {
      type: 'conversation.item.truncate',
      item_id: 'item_story',
      content_index: 0,
      audio_end_ms: 120,
    });
    assert.deepEqual(types(events).slice(0, 8), [
      'input_audio_buffer.speech_started',
      'response.output_audio.done',
      'response.output_audio_transcript.done',
      'response.content_part.done',
      'conversation.item.done',
      'response.output_item.done',
      'response.done',
      'conversation.item.truncated',
    ]);
    assert.equal(events[6].response.status, 'cancelled');
    assert.deepEqual(interrupted, ['audio_interrupted']);
    const story = session.history.find((item: RealtimeItem) => item.itemId === 'item_story');
    assert.equal(story && statusOf(story), 'incomplete');
    assert.deepEqual(story?.type === 'message' && story.content, [
      { type: 'output_audio', transcript: 'Once', audio: null },
    ]);
    assert.deepEqual(session.history.map((item) => item.itemId), ['item_story', 'item_stop']);
    session.close();
    await server.settled();
  });

  test('with a handshake reporting server-side interruption, the SDK sends no response.cancel', async () => {
    const server = new ScriptedRealtimeServer({
      ignoreClientEvents: ['session.update', 'conversation.item.retrieve'],
    });
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
      transport: server.transport(),
    });
    await session.connect({ apiKey: 'test' });
    await handshake(server);
    await assistantAnswers(server, { transcript: 'Long answer', audioMs: 400, complete: false });
    await userInterrupts(server, {});
    // audioPlayedMs defaults to all audio received: 400 ms.
    const truncate = await server.expectClientEvent('conversation.item.truncate');
    assert.equal(truncate.audio_end_ms, 400);
    server.assertComplete();
    session.close();
    await server.settled();
  });

  test('responseFails: an error linked to the response.create releases the next request', async () => {
    const { server, watcher, session, sessionEvents, close } = await setup();
    session.sendMessage('first');
    await server.expectClientEvent('conversation.item.create');
    const create = await server.expectClientEvent('response.create');
    const events = await responseFails(server, { code: 'server_error', message: 'Boom' });
    assertAllParsed(watcher, events);
    assert.equal(events[0].error.event_id, create.event_id);
    assert.deepEqual(sessionEvents, ['error']);
    session.sendMessage('second');
    await server.expectClientEvent('conversation.item.create');
    const next = await server.expectClientEvent('response.create');
    assert.equal(next.event_id, 'agents_js_response_create_2');
    await close();
  });

  test('rateLimitsUpdated: a known event with both limits', async () => {
    const { server, watcher, close } = await setup();
    const events = await rateLimitsUpdated(server, {
      tokens: { limit: 100, remaining: 5, resetSeconds: 1.5 },
    });
    assertAllParsed(watcher, events);
    assert.deepEqual(events[0].rate_limits[1], {
      name: 'tokens',
      limit: 100,
      remaining: 5,
      reset_seconds: 1.5,
    });
    await close();
  });

  test('a response without response.created holds the next response.create back', async () => {
    const { server, session, close } = await setup();
    session.sendMessage('one');
    await server.expectClientEvent('conversation.item.create');
    await server.expectClientEvent('response.create');
    session.sendMessage('two');
    await server.expectClientEvent('conversation.item.create');
    const held = server.expectClientEvent('response.create');
    let released = false;
    void held.then(() => (released = true));
    await server.settled();
    assert.equal(released, false);
    await assistantAnswers(server, { text: 'One.' });
    await held;
    assert.equal(released, true);
    await close();
  });
});
