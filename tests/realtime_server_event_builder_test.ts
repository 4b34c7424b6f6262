import assert from 'node:assert/strict';
import {
  OpenAIRealtimeWebSocket,
  RealtimeAgent,
  RealtimeSession,
  tool,
} from '@openai/agents/realtime';
import { z } from 'zod';
import {
  acknowledgeClientItems,
  assistantAnswers,
  assistantCallsTool,
  type ClientItemCreateEvent,
  completeResponse,
  handshake,
  InvalidRealtimeTurnError,
  rateLimitsUpdated,
  type RealtimeServerEvent,
  RealtimeServerEventBuilder,
  responseFails,
  ScriptedRealtimeServer,
  userInterrupts,
  userSpeaks,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';

const echo = tool({
  name: 'echo',
  description: 'Echoes the text.',
  parameters: z.object({ text: z.string() }),
  execute: ({ text }) => `echo: ${text}`,
});

/**
 * A session on a live server, whose every frame the client's socket receives
 * is kept (parsed), so a test compares what went over the wire.
 */
async function liveSession() {
  const server = new ScriptedRealtimeServer({
    ignoreClientEvents: [
      'session.update',
      'conversation.item.retrieve',
      'conversation.item.truncate',
      'response.cancel',
    ],
  });
  const wire: RealtimeServerEvent[] = [];
  const transport = new OpenAIRealtimeWebSocket({
    createWebSocket: async (options) => {
      const socket = await server.createWebSocket(options);
      (socket as unknown as EventTarget).addEventListener('message', (event) => {
        wire.push(JSON.parse(String((event as MessageEvent).data)));
      });
      return socket;
    },
  });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'A', tools: [echo] }), {
    transport,
  });
  const errors: unknown[] = [];
  session.on('error', (error) => errors.push(error));
  await session.connect({ apiKey: 'test' });
  return { errors, server, session, transport, wire };
}

/** The client events of `type` the server received, in order. */
function clientEventsOf(server: ScriptedRealtimeServer, type: string) {
  return server.clientEvents.filter((e) => e.type === type).map((e) => e.event);
}

describe('RealtimeServerEventBuilder', () => {
  test('builds, for a whole script, exactly the events the live server sends over the wire', async () => {
    const { errors, server, session, transport, wire } = await liveSession();
    const build = new RealtimeServerEventBuilder();
    const sent: RealtimeServerEvent[] = [];
    const built: RealtimeServerEvent[] = [];
    const sessions = () => clientEventsOf(server, 'session.update').map((e) => e.session);

    // The handshake: created echoes the client's first update; updated also the
    // tracing update the SDK sends in answer to created.
    const before = sessions();
    sent.push(...await handshake(server, { session: { voice: 'marin' } }));
    built.push(
      ...build.sessionCreated({ clientSessions: before }),
      ...build.sessionUpdated({ clientSessions: sessions(), session: { voice: 'marin' } }),
    );

    sent.push(...await userSpeaks(server, { transcript: 'Hi there', audioEndMs: 1500 }));
    built.push(...build.userSpeaks({
      transcript: 'Hi there',
      audioEndMs: 1500,
      retrieved: clientEventsOf(server, 'conversation.item.retrieve').length === 1,
    }));

    sent.push(...await assistantAnswers(server, { text: 'Hello, how can I help?', chunks: 3 }));
    built.push(...build.assistantAnswers({ text: 'Hello, how can I help?', chunks: 3 }));

    sent.push(...await assistantCallsTool(server, { name: 'echo', arguments: { text: 'hi' } }));
    built.push(...build.assistantCallsTool({ name: 'echo', arguments: { text: 'hi' } }));
    const output = await server.expectClientEvent('conversation.item.create');
    await server.expectClientEvent('response.create');
    sent.push(...await acknowledgeClientItems(server));
    built.push(...build.acknowledgeClientItems([output as ClientItemCreateEvent]));

    sent.push(
      ...await assistantAnswers(server, {
        transcript: 'Once upon a time',
        audioMs: 250,
        complete: false,
        usage: { input_tokens: 3, output_tokens: 4 },
      }),
    );
    built.push(...build.assistantAnswers({
      transcript: 'Once upon a time',
      audioMs: 250,
      complete: false,
      usage: { input_tokens: 3, output_tokens: 4 },
    }));
    sent.push(...await userInterrupts(server, { transcript: 'Stop', heardTranscript: 'Once' }));
    const [truncate] = clientEventsOf(server, 'conversation.item.truncate');
    assert.ok(truncate !== undefined, 'the SDK truncates the interrupted audio');
    built.push(...build.userInterrupts({
      transcript: 'Stop',
      heardTranscript: 'Once',
      truncate: { audioEndMs: truncate.audio_end_ms, contentIndex: truncate.content_index },
      retrievedTruncated: true,
      retrieved: true,
    }));

    sent.push(...await assistantAnswers(server, { text: 'Sorry.', complete: false }));
    built.push(...build.assistantAnswers({ text: 'Sorry.', complete: false }));
    sent.push(...await completeResponse(server, { status: 'cancelled' }));
    built.push(...build.completeResponse({ status: 'cancelled' }));

    transport.requestResponse();
    const request = await server.expectClientEvent('response.create');
    sent.push(...await responseFails(server, { code: 'rate_limit_exceeded' }));
    built.push(...build.responseFails({ code: 'rate_limit_exceeded', eventId: request.event_id }));

    sent.push(...await rateLimitsUpdated(server));
    built.push(...build.rateLimitsUpdated());

    // Every kind of turn is in the script, and the three views agree event for event.
    assert.equal(sent.length, 70);
    assert.ok(built.some((e) => e.type === 'conversation.item.truncated'));
    assert.equal(built.filter((e) => e.type === 'conversation.item.retrieved').length, 3);
    assert.deepEqual(built, sent);
    assert.deepEqual(built, wire);
    assert.equal(errors.length, 1, 'the session reports the scripted error, and only it');
    session.close();
    await server.settled();
  });

  test('events are fresh JSON objects, each with the next event id', () => {
    const build = new RealtimeServerEventBuilder();
    const first = build.rateLimitsUpdated({ tokens: { limit: 10, remaining: 1, resetSeconds: 2 } });
    const second = build.responseFails();
    assert.deepEqual(first, [{
      type: 'rate_limits.updated',
      rate_limits: [
        { name: 'requests', limit: 1000, remaining: 999, reset_seconds: 60 },
        { name: 'tokens', limit: 10, remaining: 1, reset_seconds: 2 },
      ],
      event_id: 'event_1',
    }]);
    assert.deepEqual(second, [{
      type: 'error',
      error: {
        type: 'invalid_request_error',
        code: 'response_create_failed',
        message: 'The response could not be created.',
        param: null,
        event_id: null,
      },
      event_id: 'event_2',
    }]);
    first[0].rate_limits[0].limit = 0;
    assert.equal(build.rateLimitsUpdated()[0].rate_limits[0].limit, 1000);
  });

  test('a handshake without client sessions, and sessionUpdated without sessionCreated', () => {
    const build = new RealtimeServerEventBuilder();
    assert.deepEqual(build.sessionUpdated({ serverInterrupts: false }), [{
      type: 'session.updated',
      session: { type: 'realtime', id: 'sess_1', object: 'realtime.session' },
      event_id: 'event_1',
    }]);
    const [created, updated] = build.handshake({
      clientSessions: [
        { type: 'realtime', audio: { input: { turn_detection: { type: 'server_vad' } } } },
        { type: 'realtime', tracing: 'auto' },
      ],
    });
    assert.equal(created.session.id, 'sess_2');
    assert.equal(created.session.tracing, 'auto');
    assert.equal(created.session.audio.input.turn_detection.interrupt_response, undefined);
    assert.deepEqual(updated.session.audio.input.turn_detection, {
      create_response: true,
      interrupt_response: true,
      type: 'server_vad',
    });
    assert.equal(updated.session.id, 'sess_2');
  });

  test('userSpeaks retrieves only with a transcript; an interruption with nothing open', () => {
    const build = new RealtimeServerEventBuilder();
    assert.deepEqual(build.userSpeaks({ retrieved: true }).map((e) => e.type), [
      'input_audio_buffer.speech_started',
      'input_audio_buffer.speech_stopped',
      'input_audio_buffer.committed',
      'conversation.item.added',
      'conversation.item.done',
    ]);
    const events = build.userInterrupts({ transcript: 'Hey', truncate: { audioEndMs: 5 } });
    assert.deepEqual(events.map((e) => e.type), [
      'input_audio_buffer.speech_started',
      'input_audio_buffer.speech_stopped',
      'input_audio_buffer.committed',
      'conversation.item.added',
      'conversation.item.done',
      'conversation.item.input_audio_transcription.delta',
      'conversation.item.input_audio_transcription.completed',
    ]);
    assert.equal(events[2].previous_item_id, 'item_1');
    assert.equal(events[2].item_id, 'item_2');
  });

  test('an interruption truncated without a retrieve, at content index 0 by default', () => {
    const build = new RealtimeServerEventBuilder();
    build.assistantAnswers({ transcript: 'Long', complete: false, itemId: 'item_a' });
    const events = build.userInterrupts({ truncate: { audioEndMs: 42 } });
    const truncated = events.find((e) => e.type === 'conversation.item.truncated');
    assert.deepEqual(truncated, {
      type: 'conversation.item.truncated',
      item_id: 'item_a',
      content_index: 0,
      audio_end_ms: 42,
      event_id: truncated?.event_id,
    });
    assert.equal(events.some((e) => e.type === 'conversation.item.retrieved'), false);
    const done = events.find((e) => e.type === 'response.done');
    assert.deepEqual(done?.response.status_details, { type: 'cancelled', reason: 'turn_detected' });
  });

  test('an interruption the client did not truncate cancels the response and goes on', () => {
    const build = new RealtimeServerEventBuilder();
    build.assistantAnswers({ text: 'Long', complete: false });
    assert.deepEqual(build.userInterrupts({ retrievedTruncated: true }).map((e) => e.type), [
      'input_audio_buffer.speech_started',
      'response.output_text.done',
      'response.content_part.done',
      'conversation.item.done',
      'response.output_item.done',
      'response.done',
      'input_audio_buffer.speech_stopped',
      'input_audio_buffer.committed',
      'conversation.item.added',
      'conversation.item.done',
    ]);
  });

  test('completeResponse with no open response throws InvalidRealtimeTurnError', () => {
    const build = new RealtimeServerEventBuilder();
    build.assistantAnswers({ text: 'Done.' });
    assert.throws(() => build.completeResponse(), (error) => {
      assert.ok(error instanceof InvalidRealtimeTurnError);
      assert.deepEqual({ ...error }, {
        reason: 'no_open_response',
        call: 'completeResponse()',
        double: 'RealtimeServerEventBuilder',
        name: 'InvalidRealtimeTurnError',
      });
      return true;
    });
    // Nothing was built: the next event id is still the one after the answer's.
    const answerEvents = 11;
    assert.equal(build.rateLimitsUpdated()[0].event_id, `event_${answerEvents + 1}`);
  });

  test('spoken answers in given pieces stream as many audio deltas, sharing the audio', () => {
    const build = new RealtimeServerEventBuilder();
    const events = build.assistantAnswers({ transcript: 'Hello!', chunks: ['Hel', 'lo!'] });
    const deltas = events.filter((e) =>
      e.type === 'response.output_audio_transcript.delta' ||
      e.type === 'response.output_audio.delta'
    ).map((e) => [e.type.replace('response.output_', ''), e.delta]);
    // 100 ms of PCM16 at 24 kHz: 4800 bytes in two even halves, base64 of zero bytes.
    assert.deepEqual(deltas, [
      ['audio_transcript.delta', 'Hel'],
      ['audio.delta', 'AAAA'.repeat(800)],
      ['audio_transcript.delta', 'lo!'],
      ['audio.delta', 'AAAA'.repeat(800)],
    ]);
  });

  test('a chunks error names the builder call', () => {
    const build = new RealtimeServerEventBuilder();
    assert.throws(
      () => build.assistantAnswers({ text: 'Hi', chunks: ['H'] }),
      /RealtimeServerEventBuilder\.assistantAnswers\(\): the chunks join to "H"/,
    );
  });
});
