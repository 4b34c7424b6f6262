/**
 * Realtime transcripts at the edges: what the recorder writes for frames that
 * are not JSON objects or not text, how it records closes, which documents
 * the parser refuses, and how replay compares and closes. The recorder is
 * driven through a plain socket the test controls, the replay through a bare
 * client on the server's fake socket, so every frame is exactly the one
 * written here.
 */
import assert from 'node:assert/strict';
import {
  InvalidRealtimeTranscriptError,
  parseRealtimeTranscript,
  type RealtimeTranscript,
  type RealtimeTranscriptConnection,
  RealtimeTranscriptDriftError,
  RealtimeTranscriptRecorder,
  replayRealtimeTranscript,
  ScriptedRealtimeServer,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';

/** A socket the test drives by hand: it keeps what was sent and how it was closed. */
class PlainSocket extends EventTarget {
  readonly sent: unknown[] = [];
  closedWith: [number | undefined, string | undefined] | undefined;
  send(data: unknown): void {
    this.sent.push(data);
  }
  close(code?: number, reason?: string): void {
    this.closedWith = [code, reason];
  }
  /** Delivers a server frame. */
  message(data: unknown): void {
    this.dispatchEvent(Object.assign(new Event('message'), { data }));
  }
  /** Delivers the close event, with the fields given (none: a close without code or reason). */
  closed(fields: { code?: number; reason?: string } = {}): void {
    this.dispatchEvent(Object.assign(new Event('close'), fields));
  }
}

async function recording() {
  const sockets: PlainSocket[] = [];
  const recorder = new RealtimeTranscriptRecorder(() => {
    const socket = new PlainSocket();
    sockets.push(socket);
    return Promise.resolve(socket as never);
  });
  const connect = async () => {
    const socket = await recorder.createWebSocket(
      { url: 'wss://api.openai.com/v1/realtime', apiKey: 'test' } as never,
    );
    assert.equal(socket, sockets.at(-1));
    return socket as unknown as PlainSocket;
  };
  return { recorder, connect };
}

const DOCUMENT = { format: 'scripted-agents/realtime-transcript', version: 1 };

function transcript(...connections: RealtimeTranscriptConnection[]): RealtimeTranscript {
  return { ...DOCUMENT, connections } as RealtimeTranscript;
}

type WireSocket = {
  send(data: string): void;
  close(): void;
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
};

/**
 * A bare client on the server's fake socket (no SDK): it sends exactly these
 * frames; `frames` collects what the server sent.
 */
async function wireClient(server: ScriptedRealtimeServer) {
  const socket = await server.createWebSocket(
    { url: 'wss://api.openai.com/v1/realtime', apiKey: 'test' } as never,
  ) as unknown as WireSocket;
  const frames: unknown[] = [];
  const waiters: Array<() => void> = [];
  socket.addEventListener('message', (event) => {
    frames.push(JSON.parse(String(event.data)));
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve) => socket.addEventListener('open', () => resolve()));
  /** Resolves once the server sent `count` frames. */
  const framesSent = async (count: number) => {
    while (frames.length < count) await new Promise<void>((wake) => waiters.push(wake));
  };
  return Object.assign(socket, { frames, framesSent });
}

describe('realtime transcript recorder: frames and closes', () => {
  test('client frames that are not JSON objects are kept as <invalid> text; binary ones are not recorded', async () => {
    const { recorder, connect } = await recording();
    const socket = await connect();
    const binary = new Uint8Array([1, 2]);
    for (const frame of ['{"type":"response.create"}', '42', 'null', '[1]', '"hi"', 'oops']) {
      socket.send(frame);
    }
    socket.send(binary);
    // Everything still reaches the real socket, in order.
    assert.deepEqual(socket.sent, [
      '{"type":"response.create"}',
      '42',
      'null',
      '[1]',
      '"hi"',
      'oops',
      binary,
    ]);
    assert.deepEqual(recorder.transcript().connections[0].entries, [
      { direction: 'client', event: { type: 'response.create' } },
      { direction: 'client', event: { type: '<invalid>', frame: '42' } },
      { direction: 'client', event: { type: '<invalid>', frame: 'null' } },
      { direction: 'client', event: { type: '<invalid>', frame: '[1]' } },
      { direction: 'client', event: { type: '<invalid>', frame: '"hi"' } },
      { direction: 'client', event: { type: '<invalid>', frame: 'oops' } },
    ]);
  });

  test('server frames: text recorded (objects or <invalid>), binary not', async () => {
    const { recorder, connect } = await recording();
    const socket = await connect();
    socket.message('{"type":"session.created","session":{}}');
    socket.message(new Uint8Array([7]).buffer);
    socket.message('[2]');
    assert.deepEqual(recorder.transcript().connections[0].entries, [
      { direction: 'server', event: { type: 'session.created', session: {} } },
      { direction: 'server', event: { type: '<invalid>', frame: '[2]' } },
    ]);
  });

  test('closes: by the server unless the client closed; code and reason, or 1005 and empty', async () => {
    const { recorder, connect } = await recording();
    const first = await connect();
    first.closed();
    const second = await connect();
    second.closed({ code: 4000, reason: 'going away' });
    const third = await connect();
    third.close(1000, 'done');
    assert.deepEqual(third.closedWith, [1000, 'done']);
    third.closed({ code: 1000, reason: 'done' });
    assert.deepEqual(recorder.transcript().connections.map((c) => c.close), [
      { code: 1005, reason: '', by: 'server' },
      { code: 4000, reason: 'going away', by: 'server' },
      { code: 1000, reason: 'done', by: 'client' },
    ]);
  });
});

describe('realtime transcript parser: what it refuses', () => {
  const refused = (text: string) => {
    try {
      parseRealtimeTranscript(text);
    } catch (error) {
      assert.ok(error instanceof InvalidRealtimeTranscriptError, String(error));
      return [error.reason, error.message];
    }
    return ['accepted'];
  };
  const valid = { url: 'wss://x', entries: [], close: null };

  test('not an object, or another format / version, with a message that says what was expected', () => {
    assert.deepEqual(refused('null'), [
      'wrong_format',
      'ScriptedRealtimeServer cannot read the transcript (wrong_format): expected format "scripted-agents/realtime-transcript"',
    ]);
    assert.equal(refused('7')[0], 'wrong_format');
    assert.deepEqual(refused(JSON.stringify({ ...DOCUMENT, version: 2, connections: [] })), [
      'unsupported_version',
      'ScriptedRealtimeServer cannot read the transcript (unsupported_version): version 2 (this package reads version 1)',
    ]);
  });

  test('every connection and every entry must be well-formed', () => {
    const document = (connections: unknown) => JSON.stringify({ ...DOCUMENT, connections });
    const entry = (e: unknown) => document([{ ...valid, entries: [e] }]);
    const cases = {
      'one bad connection after a good one': document([valid, { ...valid, url: 5 }]),
      'a null connection': document([null]),
      'no url': document([{ entries: [], close: null }]),
      'no entries': document([{ url: 'wss://x', close: null }]),
      'a null entry': entry(null),
      'another direction': entry({ direction: 'sideways', event: { type: 'x' } }),
      'a null event': entry({ direction: 'client', event: null }),
      'no event': entry({ direction: 'client' }),
      'an event without a type': entry({ direction: 'server', event: {} }),
    };
    for (const [name, text] of Object.entries(cases)) {
      assert.deepEqual(refused(text), [
        'malformed',
        'ScriptedRealtimeServer cannot read the transcript (malformed): connections must be a list of { url, entries: [{ direction, event }], close }',
      ], name);
    }
    const fine = document([
      valid,
      {
        ...valid,
        entries: [
          { direction: 'client', event: { type: 'a' } },
          { direction: 'server', event: { type: 'b' } },
        ],
      },
    ]);
    assert.equal(parseRealtimeTranscript(fine).connections[1].entries.length, 2);
  });
});

describe('realtime transcript replay: comparing and closing', () => {
  test('key order does not count, nulls and lists do; a client close is not replayed; unknown server types are sent', async () => {
    const server = new ScriptedRealtimeServer();
    const recorded = {
      type: 'conversation.item.create',
      previous_item_id: null,
      item: {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: 'a' }, { text: 'b', type: 'input_text' }],
      },
    };
    const replay = replayRealtimeTranscript(
      server,
      transcript(
        {
          url: 'wss://x',
          entries: [
            { direction: 'server', event: { type: 'future.event', detail: 1 } },
            { direction: 'client', event: recorded },
          ],
          close: null,
        },
        {
          url: 'wss://x',
          entries: [{ direction: 'client', event: { type: 'response.create' } }],
          close: { code: 1000, reason: '', by: 'client' },
        },
      ),
    );
    const socket = await wireClient(server);
    await socket.framesSent(1);
    // The same event, every object's keys in another order.
    socket.send(JSON.stringify({
      item: {
        content: [{ text: 'a', type: 'input_text' }, { type: 'input_text', text: 'b' }],
        role: 'user',
        type: 'message',
      },
      previous_item_id: null,
      type: 'conversation.item.create',
    }));
    await server.settled();
    socket.close();
    await server.settled();
    const next = await wireClient(server);
    next.send('{"type":"response.create"}');
    await replay;
    assert.deepEqual(server.failures, []);
    assert.deepEqual(socket.frames, [{ type: 'future.event', detail: 1, event_id: 'event_1' }]);
    // The recorded close was the client's: the server leaves the connection open.
    assert.equal(server.connections[1].state, 'open');
    assert.equal(server.connections[1].closedBy, undefined);
    next.close();
    await server.settled();
    server.assertComplete();
  });

  test('a list is not an object with numbered keys; drift is reported at the client event where it happens', async () => {
    const server = new ScriptedRealtimeServer();
    const replay = replayRealtimeTranscript(
      server,
      transcript({
        url: 'wss://x',
        entries: [
          { direction: 'client', event: { type: 'response.create' } },
          { direction: 'client', event: { type: 'response.cancel', ids: { 0: 'a' } } },
        ],
        close: null,
      }),
    );
    const socket = await wireClient(server);
    socket.send('{"type":"response.create"}');
    socket.send('{"type":"response.cancel","ids":["a"]}');
    const error = await replay.catch((e) => e);
    assert.ok(error instanceof RealtimeTranscriptDriftError);
    assert.equal(error.eventIndex, 1);
    assert.match(error.message, /replay drifted at client event #2/);
    assert.deepEqual(error.actual, { type: 'response.cancel', ids: ['a'] });
    assert.equal(server.acknowledgeFailures().length, 1);
    socket.close();
    await server.settled();
  });
});
