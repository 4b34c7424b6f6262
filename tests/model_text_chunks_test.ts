// Streaming as a model streams: `assistantMessage(text, { chunks })` cuts a
// streamed text into pieces (given, or a number of them), through the real
// Runner; the Realtime turn builders take the same `chunks`.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Agent, Runner } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  assistantMessage,
  modelHold,
  modelResponder,
  modelResponse,
  ScriptedModel,
} from 'scripted-agents/testing';
import { assistantAnswers, ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
import { textChunks } from '../_internal/text_chunks.ts';
import { checkProperty } from './_property.ts';
import { describe, test } from './_harness.ts';

const runner = () => new Runner({ tracingDisabled: true });

async function streamedDeltas(model: ScriptedModel): Promise<string[]> {
  const result = await runner().run(new Agent({ name: 'A', model }), 'Hi', { stream: true });
  const deltas: string[] = [];
  for await (const text of result.toTextStream()) deltas.push(text);
  await result.completed;
  return deltas;
}

describe('textChunks', () => {
  test('a number: pieces as even as possible, by code point', () => {
    assert.deepEqual(textChunks('abcde', 4, 'w'), ['ab', 'c', 'd', 'e']);
    assert.deepEqual(textChunks('abcdefgh', 3, 'w'), ['abc', 'def', 'gh']);
    assert.deepEqual(textChunks('Hi', 5, 'w'), ['H', 'i']);
    assert.deepEqual(textChunks('', 3, 'w'), ['']);
    assert.deepEqual(textChunks('abc', 1, 'w'), ['abc']);
    // An emoji is never cut in half.
    assert.deepEqual(textChunks('a😀b', 3, 'w'), ['a', '😀', 'b']);
  });

  test('pieces: used as given when they join to the text', () => {
    const given = ['Hel', '', 'lo'];
    const pieces = textChunks('Hello', given, 'w');
    assert.deepEqual(pieces, ['Hel', '', 'lo']);
    assert.notEqual(pieces, given);
  });

  test('what is refused, each with its message', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      assert.throws(() => textChunks('x', bad, 'assistantMessage()'), {
        name: 'TypeError',
        message:
          `assistantMessage(): chunks must be a positive whole number or an array of pieces, got ${bad}.`,
      });
    }
    assert.throws(() => textChunks('x', [1] as never, 'assistantMessage()'), {
      name: 'TypeError',
      message: 'assistantMessage(): chunks must be a positive whole number or an array of pieces.',
    });
    assert.throws(() => textChunks('x', 'x' as never, 'w'), TypeError);
    assert.throws(() => textChunks('Hello', ['Hel', 'p'], 'assistantMessage()'), {
      name: 'TypeError',
      message:
        'assistantMessage(): the chunks join to "Help", not the text "Hello". Give pieces that join to the text, or a number of pieces.',
    });
    assert.throws(() => textChunks('', [], 'w'), {
      message:
        'w: the chunks join to "", not the text "". Give pieces that join to the text, or a number of pieces.',
    });
  });

  test('property: the pieces join to the text, min(n, length) of them, lengths within one', () => {
    checkProperty(
      200,
      fc.property(
        fc.string({ unit: 'grapheme-composite' }),
        fc.integer({ min: 1, max: 12 }),
        (text, n) => {
          const pieces = textChunks(text, n, 'w');
          assert.equal(pieces.join(''), text);
          const points = Array.from(text).length;
          assert.equal(pieces.length, Math.max(1, Math.min(n, points)));
          const lengths = pieces.map((piece) => Array.from(piece).length);
          assert.ok(Math.max(...lengths) - Math.min(...lengths) <= 1, String(lengths));
          // Longer pieces first.
          assert.deepEqual(lengths, [...lengths].sort((a, b) => b - a));
        },
      ),
    );
  });
});

describe('assistantMessage(text, { chunks }) in a streamed run', () => {
  test('the item is the same plain item; the builder refuses pieces of another text', () => {
    assert.deepEqual(
      assistantMessage('Hello', { chunks: ['He', 'llo'] }),
      assistantMessage('Hello'),
    );
    assert.throws(() => assistantMessage('Hello', { chunks: ['He'] }), {
      name: 'TypeError',
      message:
        'assistantMessage(): the chunks join to "He", not the text "Hello". Give pieces that join to the text, or a number of pieces.',
    });
  });

  test('given pieces, a number of pieces, and an unchunked message beside them', async () => {
    const model = new ScriptedModel([[
      assistantMessage('Hello ', { id: 'm1', chunks: ['He', 'llo '] }),
      assistantMessage('there', { id: 'm2' }),
      assistantMessage('abcdef', { id: 'm3', chunks: 3 }),
    ]]);
    assert.deepEqual(await streamedDeltas(model), ['He', 'llo ', 'there', 'ab', 'cd', 'ef']);
  });

  test('the raw events carry the item id on every piece; response_done has the whole text', async () => {
    const model = new ScriptedModel([[assistantMessage('abcd', { id: 'msg_1', chunks: 2 })]]);
    const events = [];
    for await (
      const event of model.getStreamedResponse({
        input: 'Hi',
        modelSettings: {},
        tools: [],
        outputType: 'text',
        handoffs: [],
        tracing: false,
      })
    ) events.push(event);
    assert.deepEqual(events.slice(0, 3), [
      { type: 'response_started' },
      { type: 'output_text_delta', itemId: 'msg_1', delta: 'ab' },
      { type: 'output_text_delta', itemId: 'msg_1', delta: 'cd' },
    ]);
    const done = events[3] as { type: string; response: { output: unknown[] } };
    assert.equal(done.type, 'response_done');
    assert.deepEqual(done.response.output, [assistantMessage('abcd', { id: 'msg_1' })]);
  });

  test('every kind of response step: envelope, modelResponse, responder, hold', async () => {
    const { Usage } = await import('@openai/agents');
    const chunked = () => assistantMessage('xyz', { chunks: 3 });
    const model = new ScriptedModel([
      { output: [chunked()], usage: new Usage({ requests: 1 }) },
      modelResponse([chunked()], { usage: { inputTokens: 1 } }),
      modelResponder(() => [chunked()]),
      modelResponder(() => ({ output: [chunked()], usage: new Usage({ requests: 1 }) })),
    ]);
    for (let i = 0; i < 4; i++) assert.deepEqual(await streamedDeltas(model), ['x', 'y', 'z']);
    const hold = modelHold([chunked()]);
    const held = new ScriptedModel([hold]);
    const deltas = streamedDeltas(held);
    await hold.reached;
    hold.release();
    assert.deepEqual(await deltas, ['x', 'y', 'z']);
  });

  test('a non-streamed run is not affected: the final output is the whole text', async () => {
    const model = new ScriptedModel([[assistantMessage('abc', { chunks: 3 })]]);
    const result = await runner().run(new Agent({ name: 'A', model }), 'Hi');
    assert.equal(result.finalOutput, 'abc');
    assert.equal(result.rawResponses[0].output.length, 1);
  });

  test('the pieces are fixed when the step is scripted, not by a later change of the item', async () => {
    const item = assistantMessage('abc', { chunks: ['a', 'bc'] });
    const model = new ScriptedModel([[item]]);
    (item.content[0] as { text: string }).text = 'changed';
    assert.deepEqual(await streamedDeltas(model), ['a', 'bc']);
    // An item changed before it is scripted no longer matches its pieces: one whole delta.
    const changed = assistantMessage('abc', { chunks: ['a', 'bc'] });
    (changed.content[0] as { text: string }).text = 'other';
    assert.deepEqual(await streamedDeltas(new ScriptedModel([[changed]])), ['other']);
  });
});

describe('Realtime: assistantAnswers takes the same chunks', () => {
  test('given pieces stream as they are, into the session transcript', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
      transport: server.transport(),
    });
    await session.connect({ apiKey: 'test' });
    const seen: string[] = [];
    session.transport.on('*', (event: { type: string; delta?: string }) => {
      if (event.type === 'response.output_audio_transcript.delta') seen.push(event.delta!);
    });
    const events = await assistantAnswers(server, {
      transcript: 'Hello there!',
      chunks: ['Hello', ' there', '!'],
    });
    const deltas = events.filter((e) => e.type === 'response.output_audio_transcript.delta')
      .map((e) => e.delta);
    assert.deepEqual(deltas, ['Hello', ' there', '!']);
    // As many audio deltas as pieces.
    assert.equal(events.filter((e) => e.type === 'response.output_audio.delta').length, 3);
    assert.deepEqual(seen, ['Hello', ' there', '!']);
    assert.deepEqual(session.history.at(-1), {
      itemId: 'item_1',
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_audio', transcript: 'Hello there!', audio: null }],
    });
    session.close();
    await server.settled();
  });

  test('pieces that do not join to the text are refused before anything is sent', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
      transport: server.transport(),
    });
    await session.connect({ apiKey: 'test' });
    await assert.rejects(assistantAnswers(server, { text: 'Hi', chunks: ['H'] }), {
      name: 'TypeError',
      message:
        'assistantAnswers(): the chunks join to "H", not the text "Hi". Give pieces that join to the text, or a number of pieces.',
    });
    assert.deepEqual(session.history, []);
    session.close();
    await server.settled();
  });
});
