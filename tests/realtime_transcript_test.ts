import assert from 'node:assert/strict';
import { OpenAIRealtimeWebSocket, RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  assistantAnswers,
  handshake,
  IncompleteRealtimeServerScenarioError,
  InvalidRealtimeTranscriptError,
  parseRealtimeTranscript,
  type RealtimeTranscript,
  RealtimeTranscriptDriftError,
  RealtimeTranscriptRecorder,
  replayRealtimeTranscript,
  ScriptedRealtimeServer,
  serializeRealtimeTranscript,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';

const KEY = 'sk-proj-recordingSecret0123456789';

/**
 * Records a short session. The recorder wraps a WebSocket factory; in a real
 * recording run that factory opens a real socket, here it is the server
 * double's own factory (no network in tests).
 */
async function recordSession(): Promise<string> {
  const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
  const recorder = new RealtimeTranscriptRecorder(server.createWebSocket);
  const transport = new OpenAIRealtimeWebSocket({
    createWebSocket: recorder.createWebSocket,
    url: `wss://api.openai.com/v1/realtime?model=gpt-realtime&api_key=${KEY}`,
  });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport });
  await session.connect({ apiKey: KEY });
  await handshake(server, { session: { client_secret: { value: KEY } } });
  session.sendMessage('Hello');
  await server.expectClientEvent('conversation.item.create');
  await server.expectClientEvent('response.create');
  await assistantAnswers(server, { text: 'Hi there!', itemId: 'item_a', responseId: 'resp_a' });
  session.close();
  await server.settled();
  return recorder.toJSON();
}

function newSession(server: ScriptedRealtimeServer) {
  return new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), {
    transport: server.transport(),
  });
}

describe('realtime transcripts', () => {
  test('the recorder writes both directions in order, pretty-printed, without credentials', async () => {
    const json = await recordSession();
    assert.equal(json.includes('recordingSecret'), false);
    assert.ok(json.startsWith('{\n  "format": "scripted-agents/realtime-transcript",\n'));
    const transcript = parseRealtimeTranscript(json);
    assert.equal(transcript.version, 1);
    const [connection] = transcript.connections;
    assert.match(connection.url, /api_key=\[redacted\]/);
    assert.deepEqual(connection.close, { code: 1005, reason: '', by: 'client' });
    const flow = connection.entries.map((e) => `${e.direction} ${e.event.type}`);
    assert.deepEqual(flow.slice(0, 6), [
      'client session.update',
      'server session.created',
      'client session.update',
      'server session.updated',
      'client conversation.item.create',
      'client response.create',
    ]);
    assert.equal(flow.at(-1), 'server response.done');
    const updated = connection.entries[3].event;
    assert.deepEqual(updated.session.client_secret, '[redacted]');
  });

  test('serialize and parse round-trip; malformed documents are refused', () => {
    const transcript: RealtimeTranscript = {
      format: 'scripted-agents/realtime-transcript',
      version: 1,
      connections: [{ url: 'wss://x', entries: [], close: null }],
    };
    assert.deepEqual(parseRealtimeTranscript(serializeRealtimeTranscript(transcript)), transcript);
    const reasons = [
      'nope',
      '{"format":"other"}',
      JSON.stringify({ ...transcript, version: 2 }),
      '{"format":"scripted-agents/realtime-transcript","version":1,"connections":[{}]}',
    ]
      .map((text) => {
        try {
          parseRealtimeTranscript(text);
          return 'accepted';
        } catch (error) {
          assert.ok(error instanceof InvalidRealtimeTranscriptError);
          return error.reason;
        }
      });
    assert.deepEqual(reasons, ['not_json', 'wrong_format', 'unsupported_version', 'malformed']);
  });

  test('replay drives the same application code to the same history', async () => {
    const transcript = parseRealtimeTranscript(await recordSession());
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const session = newSession(server);
    await server.runScenario({
      scenario: () => replayRealtimeTranscript(server, transcript),
      exercise: async () => {
        await session.connect({ apiKey: 'another-key' });
        session.sendMessage('Hello');
      },
    });
    await server.settled();
    assert.deepEqual(session.history.map((item) => item.itemId), ['item_a']);
    // Every client event matched its recording: nothing was raised.
    assert.deepEqual(server.failures, []);
    session.close();
    await server.settled();
    server.assertComplete();
  });

  test('replay reports drift with a readable diff', async () => {
    const transcript = parseRealtimeTranscript(await recordSession());
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const session = newSession(server);
    const error = await server.runScenario({
      scenario: () => replayRealtimeTranscript(server, transcript),
      exercise: async () => {
        await session.connect({ apiKey: 'another-key' });
        session.sendMessage('Goodbye');
      },
    }).catch((e) => e);
    assert.ok(error instanceof RealtimeTranscriptDriftError);
    assert.equal(error.eventIndex, 0);
    assert.match(error.diff, /- {9}"text": "Hello"\n\+ {9}"text": "Goodbye"/);
    assert.match(error.message, /replay drifted at client event #1/);
    assert.equal(server.acknowledgeFailures().length, 1);
    session.close();
    await server.settled();
  });

  test('a client that stops early leaves the replay incomplete', async () => {
    const transcript = parseRealtimeTranscript(await recordSession());
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const session = newSession(server);
    const error = await server.runScenario({
      scenario: () => replayRealtimeTranscript(server, transcript),
      exercise: async () => {
        await session.connect({ apiKey: 'another-key' });
        await server.settled();
      },
    }).catch((e) => e);
    assert.ok(error instanceof IncompleteRealtimeServerScenarioError);
    session.close();
    await server.settled();
  });

  test('a server-side close is replayed with its code', async () => {
    const transcript: RealtimeTranscript = {
      format: 'scripted-agents/realtime-transcript',
      version: 1,
      connections: [{
        url: 'wss://x',
        entries: [],
        close: { code: 1011, reason: 'internal', by: 'server' },
      }],
    };
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const session = newSession(server);
    await server.runScenario({
      scenario: () => replayRealtimeTranscript(server, transcript),
      exercise: () => session.connect({ apiKey: 'k' }),
    });
    await server.settled();
    assert.equal(server.connections[0].closeCode, 1011);
    assert.equal(session.transport.status, 'disconnected');
  });
});
