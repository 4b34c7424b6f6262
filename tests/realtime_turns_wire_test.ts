/**
 * Wire-level goldens of the Realtime turn builders.
 *
 * The SDK's transport reads only some fields of each server event (it ignores
 * `object`, `status_details`, `usage`, `output_modalities`, most
 * `previous_item_id`s, ...), so tests that go through a `RealtimeSession`
 * cannot notice a builder that drops or garbles them. These tests talk to the
 * server through a bare fake socket instead: the client frames are exactly the
 * ones written here, and every event a builder sends is compared field by
 * field with the event the Realtime API sends for that turn. The goldens
 * protect the protocol shape real servers send, which applications that read
 * the raw events (`transport.on('*')`) or other clients depend on.
 */
import assert from 'node:assert/strict';
import {
  acknowledgeClientItems,
  assistantAnswers,
  assistantCallsTool,
  completeResponse,
  handshake,
  InvalidRealtimeTurnError,
  rateLimitsUpdated,
  type RealtimeServerEvent,
  RealtimeServerNotConnectedError,
  responseFails,
  ScriptedRealtimeServer,
  userInterrupts,
  userSpeaks,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';

/**
 * The client event types these tests send, none of them expected (the
 * `transcription_session.update` one test sends is not a known type; nothing
 * checks that every client event was expected).
 */
const CLIENT_TYPES = [
  'session.update',
  'response.create',
  'response.cancel',
  'conversation.item.create',
  'conversation.item.retrieve',
  'conversation.item.truncate',
] as const;

type WireSocket = {
  send(data: string): void;
  close(): void;
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
};

/** A bare client: the server's fake socket, without the SDK. */
async function wireClient(server: ScriptedRealtimeServer) {
  const socket = await server.createWebSocket(
    { url: 'wss://api.openai.com/v1/realtime?model=gpt-realtime', apiKey: 'test' } as never,
  ) as unknown as WireSocket;
  const frames: RealtimeServerEvent[] = [];
  socket.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data))));
  await new Promise<void>((resolve) => socket.addEventListener('open', () => resolve()));
  return {
    socket,
    frames,
    send(event: Record<string, unknown>) {
      socket.send(JSON.stringify(event));
    },
    async close() {
      socket.close();
      await server.settled();
    },
  };
}

async function open() {
  const server = new ScriptedRealtimeServer({ ignoreClientEvents: [...CLIENT_TYPES] });
  return { server, ...await wireClient(server) };
}

/** The events without the `event_id` every server event gets (`event_1`, `event_2`, ...). */
function bare(events: readonly RealtimeServerEvent[]): Record<string, unknown>[] {
  return events.map(({ event_id: _id, ...rest }) => rest);
}

/** PCM16 silence as the API streams it: `bytes` zero bytes, base64. */
function silence(bytes: number): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

const ZERO_USAGE = {
  total_tokens: 0,
  input_tokens: 0,
  output_tokens: 0,
  input_token_details: { text_tokens: 0, audio_tokens: 0, cached_tokens: 0 },
  output_token_details: { text_tokens: 0, audio_tokens: 0 },
};

function response(id: string, modality: 'audio' | 'text', status: string) {
  return {
    object: 'realtime.response',
    id,
    status,
    status_details: null,
    output: [],
    conversation_id: 'conv_1',
    output_modalities: [modality],
    max_output_tokens: 'inf',
    audio: { output: { format: { type: 'audio/pcm', rate: 24000 }, voice: 'marin' } },
    usage: null,
    metadata: null,
  };
}

describe('turn builders on the wire', () => {
  test('handshake merges every session.update (deeply) and fills in the turn-detection defaults', async () => {
    const { server, send, frames, close } = await open();
    // Only session.update events count, and only their object sessions.
    send({ type: 'response.create' });
    send({
      type: 'session.update',
      session: {
        instructions: 'Be brief.',
        audio: { input: { format: { type: 'audio/pcm', rate: 24000 } } },
        tracing: { workflow_name: 'support' },
      },
    });
    send({ type: 'transcription_session.update', session: { instructions: 'Not this.' } });
    send({ type: 'session.update', session: null });
    send({
      type: 'session.update',
      session: {
        audio: { input: { turn_detection: { type: 'server_vad' } }, output: { voice: 'cedar' } },
        tracing: 'auto',
      },
    });
    const events = await handshake(server, { session: { model: 'gpt-realtime' } });
    const configured = {
      type: 'realtime',
      instructions: 'Be brief.',
      tracing: 'auto',
    };
    assert.deepEqual(bare(events), [
      {
        type: 'session.created',
        session: {
          ...configured,
          audio: {
            input: {
              format: { type: 'audio/pcm', rate: 24000 },
              turn_detection: { type: 'server_vad' },
            },
            output: { voice: 'cedar' },
          },
          id: 'sess_1',
          object: 'realtime.session',
        },
      },
      {
        type: 'session.updated',
        session: {
          ...configured,
          audio: {
            input: {
              format: { type: 'audio/pcm', rate: 24000 },
              turn_detection: {
                type: 'server_vad',
                create_response: true,
                interrupt_response: true,
              },
            },
            output: { voice: 'cedar' },
          },
          id: 'sess_1',
          object: 'realtime.session',
          model: 'gpt-realtime',
        },
      },
    ]);
    // Resolved once the client's socket had them.
    assert.deepEqual(frames, events);
    await close();
  });

  test("handshake: the client's own turn-detection flags win; serverInterrupts: false reports none", async () => {
    const { server, send, close } = await open();
    send({
      type: 'session.update',
      session: {
        type: 'realtime',
        audio: { input: { turn_detection: { type: 'semantic_vad', interrupt_response: false } } },
      },
    });
    const [, updated] = await handshake(server);
    assert.deepEqual(updated.session.audio, {
      input: {
        turn_detection: { type: 'semantic_vad', create_response: true, interrupt_response: false },
      },
    });
    const [, again] = await handshake(server, { serverInterrupts: false });
    assert.equal(again.session.id, 'sess_2');
    assert.deepEqual(again.session.audio.input.turn_detection, {
      type: 'semantic_vad',
      create_response: false,
      interrupt_response: false,
    });
    await close();
  });

  test('handshake adds no turn detection the client did not configure (absent or null)', async () => {
    const { server, send, close } = await open();
    send({ type: 'session.update', session: { type: 'realtime' } });
    const first = await handshake(server);
    assert.deepEqual(bare(first).map((e) => e.session), [
      { type: 'realtime', id: 'sess_1', object: 'realtime.session' },
      { type: 'realtime', id: 'sess_1', object: 'realtime.session' },
    ]);
    send({ type: 'session.update', session: { audio: { input: { turn_detection: null } } } });
    const [, updated] = await handshake(server);
    assert.deepEqual(updated.session, {
      type: 'realtime',
      audio: { input: { turn_detection: null } },
      id: 'sess_2',
      object: 'realtime.session',
    });
    await close();
  });

  test('userSpeaks: VAD, commit, item and transcription; retrieved only for a retrieve of that item', async () => {
    const { server, send, close } = await open();
    // No transcript: no transcription events, and no retrieved item even if asked for.
    send({ type: 'conversation.item.retrieve', item_id: 'item_1' });
    const first = await userSpeaks(server, { audioStartMs: 500 });
    const firstItem = {
      id: 'item_1',
      object: 'realtime.item',
      type: 'message',
      status: 'completed',
      role: 'user',
      content: [{ type: 'input_audio', transcript: null }],
    };
    assert.deepEqual(bare(first), [
      { type: 'input_audio_buffer.speech_started', audio_start_ms: 500, item_id: 'item_1' },
      { type: 'input_audio_buffer.speech_stopped', audio_end_ms: 1500, item_id: 'item_1' },
      { type: 'input_audio_buffer.committed', previous_item_id: null, item_id: 'item_1' },
      { type: 'conversation.item.added', previous_item_id: null, item: firstItem },
      { type: 'conversation.item.done', previous_item_id: null, item: firstItem },
    ]);

    // A retrieve of another item, or another event about this one, asks for nothing.
    send({ type: 'conversation.item.retrieve', item_id: 'item_other' });
    send({
      type: 'conversation.item.truncate',
      item_id: 'item_u2',
      content_index: 0,
      audio_end_ms: 1,
    });
    const second = await userSpeaks(server, {
      transcript: 'Hi there',
      itemId: 'item_u2',
      audioStartMs: 200,
      audioEndMs: 1700,
    });
    const secondItem = { ...firstItem, id: 'item_u2' };
    assert.deepEqual(bare(second), [
      { type: 'input_audio_buffer.speech_started', audio_start_ms: 200, item_id: 'item_u2' },
      { type: 'input_audio_buffer.speech_stopped', audio_end_ms: 1700, item_id: 'item_u2' },
      { type: 'input_audio_buffer.committed', previous_item_id: 'item_1', item_id: 'item_u2' },
      { type: 'conversation.item.added', previous_item_id: 'item_1', item: secondItem },
      { type: 'conversation.item.done', previous_item_id: 'item_1', item: secondItem },
      {
        type: 'conversation.item.input_audio_transcription.delta',
        item_id: 'item_u2',
        content_index: 0,
        delta: 'Hi there',
      },
      {
        type: 'conversation.item.input_audio_transcription.completed',
        item_id: 'item_u2',
        content_index: 0,
        transcript: 'Hi there',
        usage: { type: 'duration', seconds: 1.5 },
      },
    ]);

    // Asked for: the retrieved item carries the transcript, once per request.
    // An end before the start bills no negative duration.
    send({ type: 'conversation.item.retrieve', item_id: 'item_u3' });
    const third = await userSpeaks(server, {
      transcript: 'Bye',
      itemId: 'item_u3',
      audioStartMs: 3000,
      audioEndMs: 2000,
    });
    assert.deepEqual(bare(third).slice(-2), [
      {
        type: 'conversation.item.input_audio_transcription.completed',
        item_id: 'item_u3',
        content_index: 0,
        transcript: 'Bye',
        usage: { type: 'duration', seconds: 0 },
      },
      {
        type: 'conversation.item.retrieved',
        item: {
          ...firstItem,
          id: 'item_u3',
          content: [{ type: 'input_audio', transcript: 'Bye' }],
        },
      },
    ]);
    const repeated = await userSpeaks(server, { transcript: 'Bye', itemId: 'item_u3' });
    assert.equal(repeated.at(-1)?.type, 'conversation.item.input_audio_transcription.completed');
    await close();
  });

  test('assistantAnswers (text): the whole event sequence, chunked deltas, default ids and usage', async () => {
    const { server, close } = await open();
    const events = await assistantAnswers(server, { text: 'abcde', chunks: 4 });
    const ids = { response_id: 'resp_1', item_id: 'item_1', output_index: 0, content_index: 0 };
    const item = {
      id: 'item_1',
      object: 'realtime.item',
      type: 'message',
      role: 'assistant',
    };
    const done = {
      ...item,
      status: 'completed',
      content: [{ type: 'output_text', text: 'abcde' }],
    };
    assert.deepEqual(bare(events), [
      { type: 'response.created', response: response('resp_1', 'text', 'in_progress') },
      {
        type: 'response.output_item.added',
        response_id: 'resp_1',
        output_index: 0,
        item: { ...item, status: 'in_progress', content: [] },
      },
      {
        type: 'conversation.item.added',
        previous_item_id: null,
        item: { ...item, status: 'in_progress', content: [] },
      },
      { type: 'response.content_part.added', ...ids, part: { type: 'text', text: '' } },
      // Five characters in four chunks: sizes 2, 1, 1, 1 (differing by at most one).
      { type: 'response.output_text.delta', ...ids, delta: 'ab' },
      { type: 'response.output_text.delta', ...ids, delta: 'c' },
      { type: 'response.output_text.delta', ...ids, delta: 'd' },
      { type: 'response.output_text.delta', ...ids, delta: 'e' },
      { type: 'response.output_text.done', ...ids, text: 'abcde' },
      { type: 'response.content_part.done', ...ids, part: { type: 'text', text: 'abcde' } },
      { type: 'conversation.item.done', item: done },
      { type: 'response.output_item.done', response_id: 'resp_1', output_index: 0, item: done },
      {
        type: 'response.done',
        response: {
          ...response('resp_1', 'text', 'completed'),
          output: [done],
          usage: ZERO_USAGE,
        },
      },
    ]);
    await close();
  });

  test('assistantAnswers: chunks of one and two characters, an empty text still has one delta, usage', async () => {
    const { server, close } = await open();
    const deltas = (events: RealtimeServerEvent[]) =>
      events.filter((e) => e.type === 'response.output_text.delta').map((e) => e.delta);
    assert.deepEqual(deltas(await assistantAnswers(server, { text: 'Hello' })), ['Hel', 'lo']);
    assert.deepEqual(deltas(await assistantAnswers(server, { text: 'Hi', chunks: 5 })), ['H', 'i']);
    const empty = await assistantAnswers(server, {
      text: '',
      usage: { input_tokens: 7, output_tokens: 5 },
    });
    assert.deepEqual(deltas(empty), ['']);
    assert.deepEqual(empty.at(-1)?.response.usage, {
      total_tokens: 12,
      input_tokens: 7,
      output_tokens: 5,
      input_token_details: { text_tokens: 7, audio_tokens: 0, cached_tokens: 0 },
      output_token_details: { text_tokens: 5, audio_tokens: 0 },
    });
    // Each answer follows the previous item.
    assert.equal(empty[2].previous_item_id, 'item_2');
    await close();
  });

  test('assistantAnswers (audio): transcript and audio interleaved, even PCM16 chunks, the rest last', async () => {
    const { server, close } = await open();
    const events = await assistantAnswers(server, {
      transcript: 'Hi',
      audioMs: 100,
      chunks: 3,
      responseId: 'resp_a',
      itemId: 'item_a',
    });
    const ids = { response_id: 'resp_a', item_id: 'item_a', output_index: 0, content_index: 0 };
    const item = { id: 'item_a', object: 'realtime.item', type: 'message', role: 'assistant' };
    const done = {
      ...item,
      status: 'completed',
      content: [{ type: 'output_audio', transcript: 'Hi' }],
    };
    // 100 ms of 24 kHz PCM16 is 4,800 bytes: three deltas of 1,600 (two characters of
    // transcript spread over the first two).
    assert.deepEqual(bare(events), [
      { type: 'response.created', response: response('resp_a', 'audio', 'in_progress') },
      {
        type: 'response.output_item.added',
        response_id: 'resp_a',
        output_index: 0,
        item: { ...item, status: 'in_progress', content: [] },
      },
      {
        type: 'conversation.item.added',
        previous_item_id: null,
        item: { ...item, status: 'in_progress', content: [] },
      },
      { type: 'response.content_part.added', ...ids, part: { type: 'audio', transcript: '' } },
      { type: 'response.output_audio_transcript.delta', ...ids, delta: 'H' },
      { type: 'response.output_audio.delta', ...ids, delta: silence(1600) },
      { type: 'response.output_audio_transcript.delta', ...ids, delta: 'i' },
      { type: 'response.output_audio.delta', ...ids, delta: silence(1600) },
      { type: 'response.output_audio.delta', ...ids, delta: silence(1600) },
      { type: 'response.output_audio.done', ...ids },
      { type: 'response.output_audio_transcript.done', ...ids, transcript: 'Hi' },
      { type: 'response.content_part.done', ...ids, part: { type: 'audio', transcript: 'Hi' } },
      { type: 'conversation.item.done', item: done },
      { type: 'response.output_item.done', response_id: 'resp_a', output_index: 0, item: done },
      {
        type: 'response.done',
        response: {
          ...response('resp_a', 'audio', 'completed'),
          output: [done],
          usage: ZERO_USAGE,
        },
      },
    ]);
    await close();
  });

  test('assistantAnswers (audio): byte counts not divisible by three are padded base64', async () => {
    const { server, close } = await open();
    const events = await assistantAnswers(server, { transcript: 'x', audioMs: 100, chunks: 11 });
    const audio = events.filter((e) => e.type === 'response.output_audio.delta').map((e) =>
      e.delta as string
    );
    // 4,800 bytes in 11: ten even shares of 436 (436 % 3 = 1), the last takes 440 (% 3 = 2).
    assert.deepEqual(audio, [...Array(10).fill(silence(436)), silence(440)]);
    assert.equal(audio[0].slice(-4), 'AA==');
    assert.equal(audio[10].slice(-4), 'AAA=');
    assert.equal(audio.reduce((sum, delta) => sum + atob(delta).length, 0), 4800);
    await close();
  });

  test('assistantAnswers (audio): no transcript is one empty delta; no audio, no audio delta', async () => {
    const { server, close } = await open();
    const events = await assistantAnswers(server, { audioMs: 0 });
    assert.deepEqual(events.map((e) => e.type), [
      'response.created',
      'response.output_item.added',
      'conversation.item.added',
      'response.content_part.added',
      'response.output_audio_transcript.delta',
      'response.output_audio.done',
      'response.output_audio_transcript.done',
      'response.content_part.done',
      'conversation.item.done',
      'response.output_item.done',
      'response.done',
    ]);
    assert.equal(events[4].delta, '');
    assert.equal(events[6].transcript, '');
    assert.deepEqual(events[0].response.output_modalities, ['audio']);
    await close();
  });

  test('completeResponse: cancelled ends the item incomplete with the reason; completed has none', async () => {
    const { server, close } = await open();
    await assistantAnswers(server, { text: 'Hel', complete: false });
    const cancelled = await completeResponse(server, { status: 'cancelled' });
    const ids = { response_id: 'resp_1', item_id: 'item_1', output_index: 0, content_index: 0 };
    const item = {
      id: 'item_1',
      object: 'realtime.item',
      type: 'message',
      status: 'incomplete',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'Hel' }],
    };
    assert.deepEqual(bare(cancelled), [
      { type: 'response.output_text.done', ...ids, text: 'Hel' },
      { type: 'response.content_part.done', ...ids, part: { type: 'text', text: 'Hel' } },
      { type: 'conversation.item.done', item },
      { type: 'response.output_item.done', response_id: 'resp_1', output_index: 0, item },
      {
        type: 'response.done',
        response: {
          ...response('resp_1', 'text', 'cancelled'),
          status_details: { type: 'cancelled', reason: 'client_cancelled' },
          output: [item],
          usage: ZERO_USAGE,
        },
      },
    ]);
    // The response is finished: a second completeResponse() has nothing to close.
    await assert.rejects(completeResponse(server), {
      name: 'InvalidRealtimeTurnError',
      reason: 'no_open_response',
      call: 'completeResponse()',
    });

    await assistantAnswers(server, { transcript: 'So', complete: false, responseId: 'resp_b' });
    const reasoned = await completeResponse(server, {
      status: 'cancelled',
      reason: 'turn_detected',
    });
    assert.deepEqual(reasoned.at(-1)?.response.status_details, {
      type: 'cancelled',
      reason: 'turn_detected',
    });
    assert.deepEqual(reasoned.at(-1)?.response.output[0].content, [
      { type: 'output_audio', transcript: 'So' },
    ]);

    await assistantAnswers(server, { transcript: 'Done', complete: false, responseId: 'resp_c' });
    const completed = await completeResponse(server);
    const last = completed.at(-1)?.response;
    assert.equal(last.status, 'completed');
    assert.equal(last.status_details, null);
    assert.equal(last.output[0].status, 'completed');
    await close();
  });

  test('assistantCallsTool: a function call with default ids, string arguments sent as given', async () => {
    const { server, close } = await open();
    const args = '{"city":"Paris"}';
    const events = await assistantCallsTool(server, { name: 'weather', arguments: args });
    const base = {
      id: 'item_1',
      object: 'realtime.item',
      type: 'function_call',
      name: 'weather',
      call_id: 'call_1',
    };
    const added = { ...base, status: 'in_progress', arguments: '' };
    const done = { ...base, status: 'completed', arguments: args };
    const ids = { response_id: 'resp_1', item_id: 'item_1', output_index: 0, call_id: 'call_1' };
    assert.deepEqual(bare(events), [
      { type: 'response.created', response: response('resp_1', 'audio', 'in_progress') },
      { type: 'response.output_item.added', response_id: 'resp_1', output_index: 0, item: added },
      { type: 'conversation.item.added', previous_item_id: null, item: added },
      { type: 'response.function_call_arguments.delta', ...ids, delta: '{"city":' },
      { type: 'response.function_call_arguments.delta', ...ids, delta: '"Paris"}' },
      { type: 'response.function_call_arguments.done', ...ids, name: 'weather', arguments: args },
      { type: 'conversation.item.done', previous_item_id: null, item: done },
      { type: 'response.output_item.done', response_id: 'resp_1', output_index: 0, item: done },
      {
        type: 'response.done',
        response: {
          ...response('resp_1', 'audio', 'completed'),
          output: [done],
          usage: ZERO_USAGE,
        },
      },
    ]);
    const object = await assistantCallsTool(server, { name: 'weather', arguments: { a: 1 } });
    assert.equal(object.at(-1)?.response.output[0].arguments, '{"a":1}');
    assert.equal(object.at(-1)?.response.output[0].call_id, 'call_2');
    await close();
  });

  test('userInterrupts without an open response: speech started once, then the user turn', async () => {
    const { server, close } = await open();
    const events = await userInterrupts(server, { audioStartMs: 40 });
    const item = {
      id: 'item_1',
      object: 'realtime.item',
      type: 'message',
      status: 'completed',
      role: 'user',
      content: [{ type: 'input_audio', transcript: null }],
    };
    assert.deepEqual(bare(events), [
      { type: 'input_audio_buffer.speech_started', audio_start_ms: 40, item_id: 'item_1' },
      { type: 'input_audio_buffer.speech_stopped', audio_end_ms: 1040, item_id: 'item_1' },
      { type: 'input_audio_buffer.committed', previous_item_id: null, item_id: 'item_1' },
      { type: 'conversation.item.added', previous_item_id: null, item },
      { type: 'conversation.item.done', previous_item_id: null, item },
    ]);
    await close();
  });

  test('userInterrupts: the response ends cancelled (turn_detected); no truncate, no truncated', async () => {
    const { server, send, close } = await open();
    await assistantAnswers(server, {
      transcript: 'Once',
      audioMs: 0,
      complete: false,
      itemId: 'item_story',
      responseId: 'resp_story',
    });
    // The client asked for the item but never truncated it.
    send({ type: 'conversation.item.retrieve', item_id: 'item_story' });
    const events = await userInterrupts(server, { itemId: 'item_user' });
    const item = {
      id: 'item_story',
      object: 'realtime.item',
      type: 'message',
      status: 'incomplete',
      role: 'assistant',
      content: [{ type: 'output_audio', transcript: 'Once' }],
    };
    const ids = {
      response_id: 'resp_story',
      item_id: 'item_story',
      output_index: 0,
      content_index: 0,
    };
    assert.deepEqual(bare(events).slice(0, 7), [
      { type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: 'item_user' },
      { type: 'response.output_audio.done', ...ids },
      { type: 'response.output_audio_transcript.done', ...ids, transcript: 'Once' },
      { type: 'response.content_part.done', ...ids, part: { type: 'audio', transcript: 'Once' } },
      { type: 'conversation.item.done', item },
      { type: 'response.output_item.done', response_id: 'resp_story', output_index: 0, item },
      {
        type: 'response.done',
        response: {
          ...response('resp_story', 'audio', 'cancelled'),
          status_details: { type: 'cancelled', reason: 'turn_detected' },
          output: [item],
          usage: ZERO_USAGE,
        },
      },
    ]);
    assert.deepEqual(events.slice(7).map((e) => e.type), [
      'input_audio_buffer.speech_stopped',
      'input_audio_buffer.committed',
      'conversation.item.added',
      'conversation.item.done',
    ]);
    // The response is no longer open.
    await assert.rejects(completeResponse(server), InvalidRealtimeTurnError);
    await close();
  });

  test('userInterrupts answers the truncate of the interrupted item, and the retrieve if asked', async () => {
    const { server, send, close } = await open();
    await assistantAnswers(server, {
      transcript: 'Once upon',
      audioMs: 0,
      complete: false,
      itemId: 'item_story',
    });
    // A truncate without content_index (0 is meant), one of another item, then the retrieve.
    send({ type: 'conversation.item.truncate', item_id: 'item_story', audio_end_ms: 120 });
    send({
      type: 'conversation.item.truncate',
      item_id: 'item_else',
      content_index: 1,
      audio_end_ms: 9,
    });
    send({ type: 'conversation.item.retrieve', item_id: 'item_story' });
    const events = await userInterrupts(server, { itemId: 'item_user' });
    assert.deepEqual(bare(events).slice(7, 9), [
      {
        type: 'conversation.item.truncated',
        item_id: 'item_story',
        content_index: 0,
        audio_end_ms: 120,
      },
      {
        type: 'conversation.item.retrieved',
        item: {
          id: 'item_story',
          object: 'realtime.item',
          type: 'message',
          status: 'incomplete',
          role: 'assistant',
          // The API drops the transcript of truncated audio.
          content: [{ type: 'output_audio', transcript: '' }],
        },
      },
    ]);
    assert.equal(events[9].type, 'input_audio_buffer.speech_stopped');

    // Truncated but not asked for: no retrieved item; a truncate without audio_end_ms means 0.
    await assistantAnswers(server, {
      transcript: 'Twice',
      audioMs: 0,
      complete: false,
      itemId: 'item_story2',
    });
    send({ type: 'conversation.item.truncate', item_id: 'item_story2', content_index: 2 });
    const second = await userInterrupts(server, { itemId: 'item_user2' });
    assert.deepEqual(bare(second).slice(7, 9), [
      {
        type: 'conversation.item.truncated',
        item_id: 'item_story2',
        content_index: 2,
        audio_end_ms: 0,
      },
      { type: 'input_audio_buffer.speech_stopped', audio_end_ms: 1000, item_id: 'item_user2' },
    ]);
    await close();
  });

  test('responseFails: the defaults, the last response.create answered, an explicit event id', async () => {
    const { server, send, close } = await open();
    const error = (event_id: string | null, more: Record<string, unknown> = {}) => ({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        code: 'response_create_failed',
        message: 'The response could not be created.',
        param: null,
        event_id,
        ...more,
      },
    });
    // Nothing to answer yet.
    assert.deepEqual(bare(await responseFails(server)), [error(null)]);
    send({ type: 'response.create', event_id: 'evt_create_1' });
    send({ type: 'response.create', event_id: 'evt_create_2' });
    send({ type: 'conversation.item.create', event_id: 'evt_item', item: { type: 'message' } });
    assert.deepEqual(
      bare(
        await responseFails(server, {
          code: 'server_error',
          message: 'Boom',
          errorType: 'server_error',
        }),
      ),
      [error('evt_create_2', { type: 'server_error', code: 'server_error', message: 'Boom' })],
    );
    assert.deepEqual(bare(await responseFails(server, { eventId: null })), [error(null)]);
    assert.deepEqual(bare(await responseFails(server, { eventId: 'evt_item' })), [
      error('evt_item'),
    ]);
    await close();
  });

  test('rateLimitsUpdated: default requests and tokens, or the ones given', async () => {
    const { server, close } = await open();
    assert.deepEqual(bare(await rateLimitsUpdated(server)), [{
      type: 'rate_limits.updated',
      rate_limits: [
        { name: 'requests', limit: 1000, remaining: 999, reset_seconds: 60 },
        { name: 'tokens', limit: 40000, remaining: 39000, reset_seconds: 60 },
      ],
    }]);
    const given = await rateLimitsUpdated(server, {
      requests: { limit: 10, remaining: 3, resetSeconds: 0.5 },
    });
    assert.deepEqual(given[0].rate_limits[0], {
      name: 'requests',
      limit: 10,
      remaining: 3,
      reset_seconds: 0.5,
    });
    await close();
  });
});

describe('acknowledgeClientItems on the wire', () => {
  test('each created item once, with its id or a fresh one, and where the client placed it', async () => {
    const { server, send, close } = await open();
    const message = (text: string) => ({
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text }],
    });
    send({ type: 'session.update', session: { type: 'realtime' } });
    // Appended (no previous_item_id): follows the last item, becomes the last item.
    send({ type: 'conversation.item.create', item: { ...message('a'), id: 'item_a' } });
    // At the start of the conversation.
    send({
      type: 'conversation.item.create',
      previous_item_id: 'root',
      item: { ...message('b'), id: 'item_b', status: 'in_progress' },
    });
    send({ type: 'response.create' });
    // After a given item.
    send({
      type: 'conversation.item.create',
      previous_item_id: 'item_x',
      item: { ...message('c'), id: 'item_c' },
    });
    // No id: the server gives one.
    send({ type: 'conversation.item.create', item: message('d') });
    const events = await acknowledgeClientItems(server);
    const item = (text: string, id: string, status = 'completed') => ({
      ...message(text),
      id,
      object: 'realtime.item',
      status,
    });
    const both = (previous: string | null, it: Record<string, unknown>) => [
      { type: 'conversation.item.added', previous_item_id: previous, item: it },
      { type: 'conversation.item.done', previous_item_id: previous, item: it },
    ];
    assert.deepEqual(bare(events), [
      ...both(null, item('a', 'item_a')),
      ...both(null, item('b', 'item_b', 'in_progress')),
      ...both('item_x', item('c', 'item_c')),
      ...both('item_a', item('d', 'item_1')),
    ]);
    // Already acknowledged: nothing more.
    assert.deepEqual(await acknowledgeClientItems(server), []);
    // The last appended item is where the next turn goes.
    const turn = await userSpeaks(server, { itemId: 'item_u' });
    assert.equal(turn[2].previous_item_id, 'item_1');
    // A create without an item still gets an acknowledged item.
    send({ type: 'conversation.item.create' });
    assert.deepEqual(bare(await acknowledgeClientItems(server)), [
      ...both('item_u', { id: 'item_2', object: 'realtime.item', status: 'completed' }),
    ]);
    await close();
  });
});

describe('turn builders and the connection', () => {
  test('a builder called before the client connects waits for the connection', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: [...CLIENT_TYPES] });
    const pending = rateLimitsUpdated(server);
    const client = await wireClient(server);
    const [event] = await pending;
    assert.deepEqual(client.frames, [event]);
    await client.close();
  });

  test('after the connection closed, every builder fails naming what it could not do', async () => {
    const { server, close } = await open();
    await close();
    const operations: Array<[string, () => Promise<unknown>]> = [
      ['perform the handshake', () => handshake(server)],
      ['send a user turn', () => userSpeaks(server)],
      ['send an assistant turn', () => assistantAnswers(server, { text: 'x' })],
      ['complete a response', () => completeResponse(server)],
      ['send a tool call', () => assistantCallsTool(server, { name: 'f', arguments: {} })],
      ['interrupt', () => userInterrupts(server)],
      ['send an error', () => responseFails(server)],
      ['send rate limits', () => rateLimitsUpdated(server)],
      ['acknowledge client items', () => acknowledgeClientItems(server)],
    ];
    for (const [operation, run] of operations) {
      await assert.rejects(run(), (error: unknown) => {
        assert.ok(error instanceof RealtimeServerNotConnectedError);
        assert.equal(error.operation, operation);
        return true;
      });
    }
  });

  test('handshake fails when the connection closes before any session.update', async () => {
    const { server, send, socket } = await open();
    send({ type: 'response.create' });
    const pending = handshake(server);
    socket.close();
    await assert.rejects(pending, (error: unknown) => {
      assert.ok(error instanceof RealtimeServerNotConnectedError);
      assert.equal(error.operation, 'perform the handshake');
      return true;
    });
    await server.settled();
  });

  test('a connection the server closed before it opened is not waited for', async () => {
    const server = new ScriptedRealtimeServer();
    const socket = await server.createWebSocket(
      { url: 'wss://api.openai.com/v1/realtime', apiKey: 'test' } as never,
    ) as unknown as WireSocket;
    // Nobody listens yet, so the socket is still connecting when the server closes it.
    const closing = server.closeConnection({ code: 1011 });
    await assert.rejects(rateLimitsUpdated(server), RealtimeServerNotConnectedError);
    const closed = new Promise<void>((resolve) =>
      socket.addEventListener('close', () => resolve())
    );
    socket.addEventListener('open', () => {});
    await closing;
    await closed;
    assert.equal(server.connections[0].closeCode, 1011);
  });
});
