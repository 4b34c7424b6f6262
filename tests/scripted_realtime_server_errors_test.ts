import assert from 'node:assert/strict';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  assistantAnswers,
  completeResponse,
  IncompleteRealtimeServerScenarioError,
  InvalidRealtimeServerEventError,
  InvalidRealtimeTranscriptError,
  InvalidRealtimeTurnError,
  parseRealtimeTranscript,
  rateLimitsUpdated,
  RealtimeClientEventMatcherError,
  RealtimeServerNotConnectedError,
  type RealtimeTranscript,
  RealtimeTranscriptDriftError,
  replayRealtimeTranscript,
  ScriptedRealtimeServer,
  ScriptedRealtimeServerScenarioCancelledError,
  UnexpectedRealtimeClientEventError,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';

const KEY = 'sk-test-abcdefghijklmnop';

function newSession(server: ScriptedRealtimeServer) {
  const transport = server.transport();
  return new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport });
}

/** A socket from the server's own factory, with no SDK in between. */
async function rawSocket(server: ScriptedRealtimeServer) {
  const socket = (await server.createWebSocket({
    url: 'wss://example.test/realtime',
    apiKey: KEY,
  } as never)) as unknown as WebSocket & EventTarget;
  const opened = new Promise<void>((resolve) => socket.addEventListener('open', () => resolve()));
  return { socket, opened };
}

// Each error ScriptedRealtimeServer raises, as the server raises it where it can:
// the exact name, message and structured fields (own enumerable properties, name
// last).
describe('ScriptedRealtimeServer errors: expectations', () => {
  test('a client event of another type names both types and the event', async () => {
    const server = new ScriptedRealtimeServer();
    const session = newSession(server);
    await session.connect({ apiKey: KEY });
    const wrong = await server.expectClientEvent('response.create').catch((e) => e);
    assert.ok(wrong instanceof UnexpectedRealtimeClientEventError);
    assert.deepEqual({ ...wrong }, {
      eventIndex: 0,
      expectedType: 'response.create',
      actualType: 'session.update',
      name: 'UnexpectedRealtimeClientEventError',
    });
    assert.equal(
      wrong.message,
      'ScriptedRealtimeServer expected client event response.create but received ' +
        'session.update (client event #1).',
    );
    const rejected = server.expectClientEvent('conversation.item.create', () => false);
    session.sendMessage('Hi');
    const matcherError = await rejected.catch((e) => e);
    assert.ok(matcherError instanceof RealtimeClientEventMatcherError);
    assert.deepEqual({ ...matcherError }, {
      eventIndex: 1,
      actualType: 'conversation.item.create',
      name: 'RealtimeClientEventMatcherError',
    });
    assert.equal(
      matcherError.message,
      'ScriptedRealtimeServer matcher rejected client event #2 (conversation.item.create).',
    );
    await server.expectClientEvent('response.create');
    assert.equal(server.acknowledgeFailures().length, 2);
    session.close();
    await server.settled();
  });

  test('teardown lists the unexpected client events', async () => {
    const server = new ScriptedRealtimeServer();
    const { socket, opened } = await rawSocket(server);
    await opened;
    socket.send(JSON.stringify({ type: 'session.update', session: {} }));
    socket.send(JSON.stringify({ type: 'response.create' }));
    socket.close();
    await server.settled();
    const error = await server[Symbol.asyncDispose]().catch((e) => e);
    assert.ok(error instanceof IncompleteRealtimeServerScenarioError);
    assert.deepEqual({ ...error }, {
      unexpectedEvents: [{ index: 0, type: 'session.update' }, {
        index: 1,
        type: 'response.create',
      }],
      pendingExpectations: [],
      pendingFaults: [],
      name: 'IncompleteRealtimeServerScenarioError',
    });
    assert.equal(
      error.message,
      'ScriptedRealtimeServer scenario is incomplete: 2 unexpected client events ' +
        '(#1 session.update, #2 response.create), 0 pending expectations, and 0 unused faults. ' +
        "Expect each where the scenario meets it (await server.expectClientEvent('session.update')), " +
        'or, if the test does not care about those types, let the server ignore them: ' +
        "new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update', 'response.create'] }).",
    );
  });

  test('assertComplete() lists the waiting expectations and the unused faults', async () => {
    const server = new ScriptedRealtimeServer();
    const waiting = [
      server.expectClientEvent('response.create').catch((e) => e),
      server.expectClientEvent('input_audio_buffer.commit').catch((e) => e),
    ];
    server.failNextHandshake();
    server.dropClientEvent('response.create');
    assert.throws(() => server.assertComplete(), (error) => {
      assert.ok(error instanceof IncompleteRealtimeServerScenarioError);
      assert.deepEqual({ ...error }, {
        unexpectedEvents: [],
        pendingExpectations: [
          { order: 1, type: 'response.create' },
          { order: 2, type: 'input_audio_buffer.commit' },
        ],
        pendingFaults: [
          { fault: 'failNextHandshake', type: undefined },
          { fault: 'dropClientEvent', type: 'response.create' },
        ],
        name: 'IncompleteRealtimeServerScenarioError',
      });
      assert.equal(
        error.message,
        'ScriptedRealtimeServer scenario is incomplete: 0 unexpected client events, ' +
          '2 pending expectations (#1 response.create, #2 input_audio_buffer.commit), ' +
          'and 2 unused faults (failNextHandshake, dropClientEvent response.create). ' +
          'Find why the application never sent the expected events (it stopped early, or sends ' +
          'another type), or drop the expectations the workflow no longer has. Remove the faults ' +
          'the run never reached, or drive it to them.',
      );
      return true;
    });
    const teardown = await server[Symbol.asyncDispose]().catch((e) => e);
    assert.ok(teardown instanceof IncompleteRealtimeServerScenarioError);
    for (const rejection of await Promise.all(waiting)) assert.equal(rejection, teardown);
  });

  test('one of each is counted in the singular', () => {
    const error = new IncompleteRealtimeServerScenarioError({
      unexpectedEvents: [{ index: 2, type: 'response.cancel' }],
      pendingExpectations: [{ order: 4, type: 'response.create' }],
      pendingFaults: [{ fault: 'duplicateServerEvent', type: 'response.done' }],
    });
    assert.equal(
      error.message,
      'ScriptedRealtimeServer scenario is incomplete: 1 unexpected client event ' +
        '(#3 response.cancel), 1 pending expectation (#4 response.create), and 1 unused fault ' +
        '(duplicateServerEvent response.done). ' +
        "Expect it where the scenario meets it (await server.expectClientEvent('response.cancel')), " +
        'or, if the test does not care about that type, let the server ignore it: ' +
        "new ScriptedRealtimeServer({ ignoreClientEvents: ['response.cancel'] }). " +
        'Find why the application never sent the expected event (it stopped early, or sends ' +
        'another type), or drop the expectations the workflow no longer has. Remove the faults ' +
        'the run never reached, or drive it to them.',
    );
  });

  test('the same type twice is named once in the advice', () => {
    const error = new IncompleteRealtimeServerScenarioError({
      unexpectedEvents: [
        { index: 2, type: 'conversation.item.create' },
        { index: 3, type: 'response.create' },
        { index: 4, type: 'conversation.item.create' },
      ],
      pendingExpectations: [],
      pendingFaults: [],
    });
    assert.equal(
      error.message,
      'ScriptedRealtimeServer scenario is incomplete: 3 unexpected client events ' +
        '(#3 conversation.item.create, #4 response.create, #5 conversation.item.create), ' +
        '0 pending expectations, and 0 unused faults. Expect each where the scenario meets it ' +
        "(await server.expectClientEvent('conversation.item.create')), or, if the test does not " +
        'care about those types, let the server ignore them: new ScriptedRealtimeServer({ ' +
        "ignoreClientEvents: ['conversation.item.create', 'response.create'] }).",
    );
  });

  test('a cancelled run is an AbortError listing what was still awaited', async () => {
    const server = new ScriptedRealtimeServer();
    const controller = new AbortController();
    const error = await server.runScenario({
      signal: controller.signal,
      scenario: async ({ expectClientEvent }) => {
        await expectClientEvent('response.create');
      },
      exercise: () => {
        controller.abort();
        return new Promise<never>(() => {});
      },
    }).catch((e) => e);
    assert.ok(error instanceof ScriptedRealtimeServerScenarioCancelledError);
    assert.deepEqual({ ...error }, {
      pendingExpectations: [{ order: 1, type: 'response.create' }],
      name: 'AbortError',
    });
    assert.equal(
      error.message,
      'ScriptedRealtimeServer scenario was cancelled with pending expectations: ' +
        '#1 response.create.',
    );
    const idle = new ScriptedRealtimeServer();
    const aborted = new AbortController();
    aborted.abort();
    const nothing = await idle.runScenario({
      signal: aborted.signal,
      scenario: () => new Promise<never>(() => {}),
      exercise: () => new Promise<never>(() => {}),
    }).catch((e) => e);
    assert.ok(nothing instanceof ScriptedRealtimeServerScenarioCancelledError);
    assert.deepEqual({ ...nothing }, { pendingExpectations: [], name: 'AbortError' });
    assert.equal(nothing.message, 'ScriptedRealtimeServer scenario was cancelled.');
  });
});

describe('ScriptedRealtimeServer errors: server events and connections', () => {
  test('each refused server event says why in words', async () => {
    const server = new ScriptedRealtimeServer();
    const cases: Array<[unknown, object, string]> = [
      [
        null,
        { reason: 'not_an_object', type: undefined, field: undefined, suggestion: undefined },
        'a server event must be a plain JSON object',
      ],
      [
        { type: '' },
        { reason: 'missing_type', type: undefined, field: undefined, suggestion: undefined },
        'a server event needs a string `type`',
      ],
      [
        { type: 'response.output_audio.delt' },
        {
          reason: 'unknown_type',
          type: 'response.output_audio.delt',
          field: undefined,
          suggestion: 'response.output_audio.delta',
        },
        'server event response.output_audio.delt has an unknown type (did you mean ' +
        'response.output_audio.delta?); pass { allowUnknownType: true } to send it anyway',
      ],
      [
        { type: 'qqqq' },
        { reason: 'unknown_type', type: 'qqqq', field: undefined, suggestion: undefined },
        'server event qqqq has an unknown type; pass { allowUnknownType: true } to send it anyway',
      ],
      [
        { type: 'response.done' },
        {
          reason: 'missing_field',
          type: 'response.done',
          field: 'response',
          suggestion: undefined,
        },
        'server event response.done lacks the field `response`, without which the SDK would ' +
        'drop it silently',
      ],
      [
        { type: 'input_audio_buffer.cleared', n: 1n },
        {
          reason: 'not_json',
          type: 'input_audio_buffer.cleared',
          field: undefined,
          suggestion: undefined,
        },
        'server event input_audio_buffer.cleared cannot be serialized as JSON',
      ],
    ];
    for (const [event, fields, text] of cases) {
      await assert.rejects(server.sendServerEvent(event as never), (error) => {
        assert.ok(error instanceof InvalidRealtimeServerEventError);
        assert.deepEqual({ ...error }, {
          ...fields,
          source: 'sendServerEvent()',
          name: 'InvalidRealtimeServerEventError',
        });
        assert.equal(
          error.message,
          `ScriptedRealtimeServer refused a server event from sendServerEvent(): ${text}.`,
        );
        return true;
      });
    }
    assert.equal(
      new InvalidRealtimeServerEventError('not_json').message,
      'ScriptedRealtimeServer refused a server event from sendServerEvent(): server event ' +
        'cannot be serialized as JSON.',
    );
  });

  test('a refused event of a replayed transcript names the entry it came from', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const transport = server.transport();
    const transcript: RealtimeTranscript = {
      format: 'scripted-agents/realtime-transcript',
      version: 1,
      connections: [{
        url: 'wss://api.openai.com/v1/realtime',
        entries: [
          { direction: 'server', event: { type: 'input_audio_buffer.cleared' } },
          { direction: 'server', event: { type: 'response.done' } },
        ],
        close: null,
      }],
    };
    const replay = replayRealtimeTranscript(server, transcript);
    await transport.connect({ apiKey: KEY });
    await assert.rejects(replay, (error) => {
      assert.ok(error instanceof InvalidRealtimeServerEventError);
      assert.deepEqual({ ...error }, {
        reason: 'missing_field',
        type: 'response.done',
        field: 'response',
        suggestion: undefined,
        source: 'replayRealtimeTranscript() (connection #1, entry #2)',
        name: 'InvalidRealtimeServerEventError',
      });
      assert.equal(
        error.message,
        'ScriptedRealtimeServer refused a server event from replayRealtimeTranscript() ' +
          '(connection #1, entry #2): server event response.done lacks the field `response`, ' +
          'without which the SDK would drop it silently.',
      );
      return true;
    });
    transport.close();
    await server.settled();
  });

  test('assistantAnswers() with pieces that do not join to the text names itself', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const transport = server.transport();
    await transport.connect({ apiKey: KEY });
    await assert.rejects(
      assistantAnswers(server, { text: 'Hi', chunks: ['H'] }),
      (error) => error instanceof TypeError && error.message.startsWith('assistantAnswers(): '),
    );
    transport.close();
    await server.settled();
  });

  test('completeResponse() with no open response says what opens one', async () => {
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const transport = server.transport();
    await transport.connect({ apiKey: KEY });
    await assistantAnswers(server, { text: 'Done.' });
    await assert.rejects(completeResponse(server), (error) => {
      assert.ok(error instanceof InvalidRealtimeTurnError);
      assert.deepEqual({ ...error }, {
        reason: 'no_open_response',
        call: 'completeResponse()',
        double: 'ScriptedRealtimeServer',
        name: 'InvalidRealtimeTurnError',
      });
      assert.equal(
        error.message,
        'ScriptedRealtimeServer: completeResponse() found no open response on the current ' +
          'connection. It finishes the response that assistantAnswers({ complete: false }) ' +
          'left open; a completed response, or one that completeResponse() or ' +
          'userInterrupts() already finished, is closed. Call assistantAnswers({ ..., ' +
          'complete: false }) first, or drop this call.',
      );
      return true;
    });
    // Nothing was sent: the next event takes the id after the answer's 11.
    const [limits] = await rateLimitsUpdated(server);
    assert.equal(limits.event_id, 'event_12');
    assert.equal(
      new InvalidRealtimeTurnError('no_open_response', {
        call: 'completeResponse()',
        double: 'RealtimeServerEventBuilder',
      }).message.startsWith(
        'RealtimeServerEventBuilder: completeResponse() found no open response in this builder.',
      ),
      true,
    );
    transport.close();
    await server.settled();
  });

  test('an operation without a connection names the operation', async () => {
    const server = new ScriptedRealtimeServer();
    await assert.rejects(
      server.sendServerEvent({ type: 'input_audio_buffer.cleared' }),
      (error) => {
        assert.ok(error instanceof RealtimeServerNotConnectedError);
        assert.deepEqual({ ...error }, {
          operation: 'send a server event',
          name: 'RealtimeServerNotConnectedError',
        });
        assert.equal(
          error.message,
          'ScriptedRealtimeServer cannot send a server event: no connection is open.',
        );
        return true;
      },
    );
  });
});

describe('ScriptedRealtimeServer errors: transcripts', () => {
  test('an unreadable transcript names the reason', () => {
    assert.throws(() => parseRealtimeTranscript('{"format":"other"}'), (error) => {
      assert.ok(error instanceof InvalidRealtimeTranscriptError);
      assert.deepEqual({ ...error }, {
        reason: 'wrong_format',
        name: 'InvalidRealtimeTranscriptError',
      });
      assert.equal(
        error.message,
        'ScriptedRealtimeServer cannot read the transcript (wrong_format): ' +
          'expected format "scripted-agents/realtime-transcript"',
      );
      return true;
    });
  });

  test('a drift shows the recorded and the actual event line by line', () => {
    const error = new RealtimeTranscriptDriftError({
      eventIndex: 2,
      expected: { type: 'response.create', a: 1, b: 2 },
      actual: { type: 'response.create', b: 2, c: 3 },
    });
    assert.deepEqual({ ...error }, {
      eventIndex: 2,
      expected: { type: 'response.create', a: 1, b: 2 },
      actual: { type: 'response.create', b: 2, c: 3 },
      diff: error.diff,
      name: 'RealtimeTranscriptDriftError',
    });
    assert.equal(
      error.diff,
      [
        '  {',
        '    "type": "response.create",',
        '-   "a": 1,',
        '-   "b": 2',
        '+   "b": 2,',
        '+   "c": 3',
        '  }',
      ].join('\n'),
    );
    assert.equal(
      error.message,
      `ScriptedRealtimeServer replay drifted at client event #3 (- recorded, + actual):\n${error.diff}`,
    );
  });
  test('a drift with nothing recorded or nothing sent says so', () => {
    const extra = new RealtimeTranscriptDriftError({
      eventIndex: 0,
      expected: undefined,
      actual: { type: 'response.cancel' },
    });
    assert.equal(
      extra.diff,
      ['- (nothing recorded)', '+ {', '+   "type": "response.cancel"', '+ }'].join('\n'),
    );
    const missing = new RealtimeTranscriptDriftError({
      eventIndex: 1,
      expected: 'response.create',
      actual: undefined,
    });
    assert.equal(missing.diff, '- "response.create"\n+ (nothing sent)');
    assert.deepEqual({ ...missing }, {
      eventIndex: 1,
      expected: 'response.create',
      actual: undefined,
      diff: '- "response.create"\n+ (nothing sent)',
      name: 'RealtimeTranscriptDriftError',
    });
  });

  test('a drift never shows a credential', () => {
    const error = new RealtimeTranscriptDriftError({
      eventIndex: 0,
      expected: { key: 'none' },
      actual: { key: KEY },
    });
    assert.ok(!error.message.includes(KEY));
    assert.ok(!error.diff.includes(KEY));
  });
  test('a drift keeps the lines both events share and marks the rest', () => {
    const error = new RealtimeTranscriptDriftError({
      eventIndex: 0,
      expected: { item: { id: 'x', n: 2 }, session: { id: 2 }, type: 'response.create' },
      actual: { item: { role: 'x', n: 1 }, session: [], type: 'response.create' },
    });
    assert.equal(
      error.diff,
      [
        '  {',
        '    "item": {',
        '-     "id": "x",',
        '-     "n": 2',
        '-   },',
        '-   "session": {',
        '-     "id": 2',
        '+     "role": "x",',
        '+     "n": 1',
        '    },',
        '+   "session": [],',
        '    "type": "response.create"',
        '  }',
      ].join('\n'),
    );
  });

  test('a drift between values of different shapes removes before it adds', () => {
    const diff = (expected: unknown, actual: unknown) =>
      new RealtimeTranscriptDriftError({ eventIndex: 0, expected, actual }).diff;
    assert.equal(diff(1, 2), '- 1\n+ 2');
    assert.equal(
      diff({ type: 'response.create' }, 'not an event'),
      '- {\n-   "type": "response.create"\n- }\n+ "not an event"',
    );
    assert.equal(
      diff([{ id: 1 }], { item: { id: 1 } }),
      ['- [', '-   {', '+ {', '+   "item": {', '      "id": 1', '    }', '- ]', '+ }'].join('\n'),
    );
  });
});
