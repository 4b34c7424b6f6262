// What the viewer makes of a recording, exactly: which kind a file is (a
// cassette, a Realtime transcript, a trace recording) and the error that names a
// malformed or foreign one; the page's frame (its title, search bar, one
// section per file with its one-line summary, the data its script reads); and
// the units a diff compares (an interaction without its dates and continuation
// index, a transcript event with its connection and direction, a span with its
// trace) with the label each unit is shown by.
import assert from 'node:assert/strict';
import {
  diffRecordings,
  parseRecording,
  type Recording,
  renderRecordingsPage,
} from '../cassette/recording_view.ts';
import { describe, test } from './_harness.ts';

type Json = Record<string, unknown>;

/** A request with nothing in it but `input`. */
const request = (input: unknown, extra: Json = {}): Json => ({
  input,
  modelSettings: {},
  tools: [],
  handoffs: [],
  ...extra,
});

/** A non-streamed interaction of `model` answering `output`. */
const interaction = (model: string, output: unknown[], extra: Json = {}): Json => ({
  model,
  streamed: false,
  request: request('Hi'),
  response: { output, usage: { requests: 1 } },
  ...extra,
});

const cassette = (interactions: Json[], extra: Json = {}): string =>
  JSON.stringify({
    format: 'scripted-agents/cassette',
    version: 2,
    models: {},
    interactions,
    blobs: {},
    ...extra,
  });

const message = (text: string): Json => ({
  type: 'message',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text }],
});

const call = (name: string): Json => ({
  type: 'function_call',
  callId: 'c1',
  name,
  arguments: '{}',
  status: 'completed',
});

const trace = (name: string, spans: unknown[]): Json => ({ traceId: `t_${name}`, name, spans });

const span = (path: string, children: unknown[] = [], extra: Json = {}): Json => ({
  path,
  data: { type: 'custom' },
  error: null,
  children,
  ...extra,
});

const transcriptText = (connections: unknown[]): string =>
  JSON.stringify({ format: 'scripted-agents/realtime-transcript', version: 1, connections });

/** The labels of every unit of `recording`, as a diff from an empty one of its kind shows them. */
function labels(recording: Recording, empty: Recording): string[] {
  const diff = diffRecordings(empty, recording);
  assert.ok(diff.changes.every((c) => c.kind === 'added'), JSON.stringify(diff.changes));
  return diff.changes.map((c) => c.label);
}

const emptyCassette = () => parseRecording(cassette([]), 'empty');

/** The one-line summaries and the embedded data of the page of `recordings`. */
async function pageOf(recordings: Recording[]) {
  const html = await renderRecordingsPage(recordings);
  const summaries = [...html.matchAll(/<p class="summary">([^<]*)<\/p>/g)].map((m) => m[1]);
  const data = JSON.parse(
    /<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(html)![1],
  );
  return { html, summaries, data };
}

const NOT_A_RECORDING = ' is not a recording: expected a cassette ("format": ' +
  '"scripted-agents/cassette"), a Realtime transcript ("format": ' +
  '"scripted-agents/realtime-transcript") or a trace recording (the JSON of ' +
  'TraceRecorder.traces, or { "format": "scripted-agents/traces", "traces": [...] }).';

/** Two turns of model `m`, the second's input stored as a continuation of the first's. */
function continuedTurns() {
  const first = interaction('m', [call('f')], {
    request: request([{ role: 'user', content: 'a' }]),
  });
  const second = interaction('m', [message('done')], {
    request: {
      inputFrom: 0,
      inputAppend: [{ role: 'user', content: 'b' }],
      modelSettings: {},
      tools: [],
      handoffs: [],
    },
  });
  return [first, second];
}

describe('which kind of recording a file is', () => {
  test('a cassette keeps its interactions, and its other top-level fields as its header', () => {
    const text = cassette([interaction('m', [message('Hello')])], {
      expiry: { maxAge: '30d' },
      note: 'hand-written',
    });
    const recording = parseRecording(text, 'c.json');
    assert.equal(recording.kind, 'cassette');
    assert.equal(recording.name, 'c.json');
    if (recording.kind !== 'cassette') return;
    assert.deepEqual(recording.header, {
      format: 'scripted-agents/cassette',
      version: 2,
      models: {},
      expiry: { maxAge: '30d' },
      note: 'hand-written',
    });
    assert.equal(recording.interactions.length, 1);
    assert.equal(recording.interactions[0].model, 'm');
    assert.deepEqual(recording.interactions[0].response?.output, [message('Hello')]);
  });

  test('a continued input is written out whole', () => {
    const [first, second] = continuedTurns();
    const recording = parseRecording(cassette([first, second]), 'c.json');
    if (recording.kind !== 'cassette') throw new Error(recording.kind);
    assert.deepEqual(recording.interactions[1].request.input, [
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
    ]);
  });

  test('a transcript is kept as it is, a credential in it redacted', () => {
    const connections = [{ url: 'wss://x', entries: [], close: null, key: 'sk-abcdefghijkl' }];
    const recording = parseRecording(transcriptText(connections), 'rt.json');
    assert.deepEqual(recording, {
      kind: 'transcript',
      name: 'rt.json',
      transcript: {
        format: 'scripted-agents/realtime-transcript',
        version: 1,
        connections: [{ url: 'wss://x', entries: [], close: null, key: '[redacted]' }],
      },
    });
  });

  test('a transcript without a connections array is an error saying so', () => {
    for (const connections of [undefined, {}, 'x']) {
      assert.throws(
        () =>
          parseRecording(
            JSON.stringify({ format: 'scripted-agents/realtime-transcript', connections }),
            'rt.json',
          ),
        {
          name: 'TypeError',
          message: 'rt.json: a Realtime transcript needs a "connections" array.',
        },
      );
    }
  });

  test('a trace recording is a bare array of traces or { format, traces }, even an empty one', () => {
    const traces = [trace('job', [span('custom: a')])];
    assert.deepEqual(parseRecording(JSON.stringify(traces), 't.json'), {
      kind: 'trace',
      name: 't.json',
      traces,
    });
    assert.deepEqual(
      parseRecording(JSON.stringify({ format: 'scripted-agents/traces', traces }), 't.json'),
      { kind: 'trace', name: 't.json', traces },
    );
    // A written recording of no traces is still one; a bare empty array is anything.
    assert.deepEqual(
      parseRecording(JSON.stringify({ format: 'scripted-agents/traces', traces: [] }), 'e.json'),
      { kind: 'trace', name: 'e.json', traces: [] },
    );
    assert.deepEqual(parseRecording('{"traces": []}', 'f.json'), {
      kind: 'trace',
      name: 'f.json',
      traces: [],
    });
  });

  test('anything else is an error naming the file and the three kinds it could have been', () => {
    const foreign = [
      'null',
      '3',
      '"text"',
      '[]',
      '{}',
      '{"traces": "x"}',
      JSON.stringify([trace('a', []), { name: 'no id', spans: [] }]),
      JSON.stringify([{ traceId: 7, spans: [] }]),
      JSON.stringify([{ traceId: 't', spans: {} }]),
      JSON.stringify([null]),
      JSON.stringify([[]]),
      JSON.stringify({ traces: [{ traceId: 't' }] }),
      JSON.stringify({ format: 'scripted-agents/other', connections: [] }),
    ];
    for (const text of foreign) {
      assert.throws(() => parseRecording(text, 'x.json'), (error: Error) => {
        assert.equal(error.name, 'TypeError', text);
        assert.equal(error.message, `x.json${NOT_A_RECORDING}`, text);
        return true;
      });
    }
  });

  test('text that is not JSON is an error with the parser message', () => {
    let parserMessage = '';
    try {
      JSON.parse('{"a": ');
    } catch (error) {
      parserMessage = (error as Error).message;
    }
    assert.throws(() => parseRecording('{"a": ', 'x.json'), {
      name: 'TypeError',
      message: `x.json is not JSON (${parserMessage}).`,
    });
  });

  test('a file nested too deeply for a walk is an error, not a stack overflow', () => {
    // Deep enough for a walk over the parsed value to run out of stack.
    const deep = `{"format": "scripted-agents/traces", "traces": [], "x": ${'['.repeat(20_000)}${
      ']'.repeat(20_000)
    }}`;
    let parsed = true;
    try {
      JSON.parse(deep);
    } catch {
      parsed = false;
    }
    assert.throws(() => parseRecording(deep, 'd.json'), (error: Error) => {
      assert.equal(error.name, 'TypeError');
      assert.match(
        error.message,
        parsed
          ? /^d\.json is nested too deeply to be a recording \(.+\)\.$/
          : /^d\.json is not JSON \(.+\)\.$/,
      );
      return true;
    });
  });

  test("a cassette's credentials are redacted before anything reads them", () => {
    const recording = parseRecording(
      cassette([interaction('m', [message('key sk-abcdefghijkl')])]),
      'c.json',
    );
    if (recording.kind !== 'cassette') throw new Error(recording.kind);
    assert.deepEqual(recording.interactions[0].response?.output, [message('key [redacted]')]);
  });
});

describe('the page of recordings', () => {
  test('one file: its name is the title; the bar has the search box and the keys', async () => {
    const { html } = await pageOf([parseRecording(cassette([]), 'a<b>.json')]);
    assert.ok(html.includes('<title>a&lt;b&gt;.json · scripted-agents</title>'), html);
    assert.ok(
      html.includes(
        '<div class="bar"><h1>a&lt;b&gt;.json</h1>' +
          '<input id="search" type="search" placeholder="Search (/)" aria-label="Search" autocomplete="off">' +
          '<span id="count" class="muted"></span>' +
          '<span class="muted">j/k: next/previous · o: open all · /: search</span></div><main>' +
          '<section class="file"><h2>a&lt;b&gt;.json</h2><p class="summary">',
      ),
      html,
    );
  });

  test('several files: one section each, in order, one per line; the title counts them', async () => {
    const traces = [trace('job', [span('custom: a')])];
    const { html, summaries, data } = await pageOf([
      parseRecording(cassette([interaction('m', [message('Hi')])]), 'one.json'),
      parseRecording(transcriptText([{ url: 'wss://x', entries: [] }]), 'two.json'),
      parseRecording(JSON.stringify(traces), 'three.json'),
    ]);
    assert.ok(html.includes('<title>3 recordings · scripted-agents</title>'));
    assert.ok(html.includes('<h1>3 recordings</h1>'));
    assert.deepEqual([...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1]), [
      'one.json',
      'two.json',
      'three.json',
    ]);
    assert.equal(html.match(/<\/section>\n<section class="file">/g)?.length, 2);
    assert.match(html, /<\/section><\/main>/);
    assert.deepEqual(summaries, [
      'cassette, 1 interaction, 1 model (m)',
      'Realtime transcript, 1 connection',
      'trace recording, 1 trace',
    ]);
    // The script reads each file's turns and texts; only a cassette has turns.
    assert.equal(data.files.length, 3);
    assert.equal(data.files[0].name, 'one.json');
    assert.equal(data.files[0].turns.length, 1);
    assert.deepEqual(data.files.slice(1), [
      { name: 'two.json', turns: [], texts: [] },
      { name: 'three.json', turns: [], texts: [] },
    ]);
  });

  test("a cassette's summary counts interactions and distinct models, the default one by name", async () => {
    const { summaries } = await pageOf([
      parseRecording(
        cassette([
          interaction('b', [message('1')]),
          interaction('', [message('2')]),
          interaction('b', [message('3')]),
          interaction('a', [message('4')]),
        ]),
        'c.json',
      ),
      parseRecording(cassette([]), 'empty.json'),
    ]);
    assert.deepEqual(summaries, [
      'cassette, 4 interactions, 3 models (b, (default), a)',
      'cassette, 0 interactions, 0 models ()',
    ]);
  });

  test("a cassette's summary gives the span of its recording dates, earliest first", async () => {
    const at = (date: string) => ({ recorded: { at: date } });
    const { summaries } = await pageOf([
      parseRecording(
        cassette([
          interaction('m', [message('1')], at('2026-11-03T00:00:00.000Z')),
          interaction('m', [message('2')]),
          interaction('m', [message('3')], at('2026-11-01T00:00:00.000Z')),
          interaction('m', [message('4')], at('2026-11-02T00:00:00.000Z')),
        ]),
        'span.json',
      ),
      parseRecording(
        cassette([
          interaction('m', [message('1')], at('2026-11-05T00:00:00.000Z')),
          interaction('m', [message('2')], at('2026-11-05T00:00:00.000Z')),
        ]),
        'same.json',
      ),
      parseRecording(
        cassette([interaction('m', [message('1')], at('2026-11-06T00:00:00.000Z'))]),
        'one.json',
      ),
    ]);
    assert.deepEqual(summaries, [
      'cassette, 4 interactions, 1 model (m), recorded 2026-11-01T00:00:00.000Z to 2026-11-03T00:00:00.000Z',
      'cassette, 2 interactions, 1 model (m), recorded 2026-11-05T00:00:00.000Z',
      'cassette, 1 interaction, 1 model (m), recorded 2026-11-06T00:00:00.000Z',
    ]);
  });

  test('a transcript counts its connections; a trace recording its traces', async () => {
    const { summaries } = await pageOf([
      parseRecording(transcriptText([]), 'a'),
      parseRecording(transcriptText([{ entries: [] }, { entries: [] }]), 'b'),
      parseRecording('{"traces": []}', 'c'),
      parseRecording(JSON.stringify([trace('x', []), trace('y', [])]), 'd'),
    ]);
    assert.deepEqual(summaries, [
      'Realtime transcript, 0 connections',
      'Realtime transcript, 2 connections',
      'trace recording, 0 traces',
      'trace recording, 2 traces',
    ]);
  });
});

describe('what a diff labels an interaction by', () => {
  test('its model, then each output: a tool call by name, an answer by its text, else its type', () => {
    const recording = parseRecording(
      cassette([
        interaction('m', [call('get_weather')]),
        interaction('m', [message('It is sunny.'), call('a'), call('b')]),
        interaction('m', [{ type: 'reasoning', summary: [] }, { id: 'no type' }]),
        interaction('', [message('x')]),
        interaction('m', []),
      ]),
      'c.json',
    );
    assert.deepEqual(labels(recording, emptyCassette()), [
      'm: tool call get_weather',
      'm: answer "It is sunny.", tool call a, tool call b',
      'm: reasoning, undefined',
      '(default model): answer "x"',
      'm: no output',
    ]);
  });

  test('an answer joins its text parts; parts without text count as empty', () => {
    const parts = (content: unknown) => ({ type: 'message', role: 'assistant', content });
    const recording = parseRecording(
      cassette([
        interaction('m', [parts([{ type: 'output_text', text: 'a' }, { text: 'b' }])]),
        interaction('m', [parts([{ type: 'refusal', refusal: 'no' }, { text: 3 }, null])]),
        interaction('m', [parts('not a list')]),
      ]),
      'c.json',
    );
    assert.deepEqual(labels(recording, emptyCassette()), [
      'm: answer "ab"',
      'm: answer ""',
      'm: answer ""',
    ]);
  });

  test('an answer longer than 60 characters is cut to 59 and an ellipsis', () => {
    const sixty = 'x'.repeat(60);
    const recording = parseRecording(
      cassette([
        interaction('m', [message(sixty)]),
        interaction('m', [message(`${'y'.repeat(59)}zw`)]),
        interaction('m', [message('say "hi"')]),
      ]),
      'c.json',
    );
    assert.deepEqual(labels(recording, emptyCassette()), [
      `m: answer "${sixty}"`,
      `m: answer "${'y'.repeat(59)}…"`,
      'm: answer "say \\"hi\\""',
    ]);
  });

  test('an error by its class; a stream by its last response; output that is not an object is skipped', () => {
    const error = {
      className: 'RateLimitError',
      name: 'Error',
      message: 'slow down',
      fields: {},
    };
    const done = (output: unknown[]) => ({
      type: 'response_done',
      response: { output, usage: {} },
    });
    const streamed = (events: unknown[], extra: Json = {}): Json => ({
      model: 's',
      streamed: true,
      request: request('Hi'),
      events,
      ...extra,
    });
    const recording = parseRecording(
      cassette([
        { model: 'm', streamed: false, request: request('Hi'), error },
        streamed([{ type: 'output_text_delta', delta: 'I' }, done([message('It')])]),
        streamed([{ type: 'output_text_delta', delta: 'I' }], { error }),
        streamed([done([call('f')])], { error }),
        interaction('m', [null, 'text', call('g')]),
      ]),
      'c.json',
    );
    assert.deepEqual(labels(recording, emptyCassette()), [
      'm: error RateLimitError',
      's: answer "It"',
      's: error RateLimitError',
      's: tool call f, error RateLimitError',
      'm: tool call g',
    ]);
  });
});

describe('the units a diff compares', () => {
  test('an interaction inserted before a continued turn is one addition, not a change of all after', () => {
    const [first, second] = continuedTurns();
    const old = parseRecording(cassette([first, second]), 'a');
    const inserted = interaction('other', [message('new')]);
    const current = parseRecording(
      cassette([inserted, first, {
        ...second,
        request: { ...second.request as Json, inputFrom: 1 },
      }]),
      'b',
    );
    const diff = diffRecordings(old, current);
    assert.deepEqual(diff.changes, [{
      kind: 'added',
      newIndex: 0,
      label: 'other: answer "new"',
      fields: [],
      fieldCount: 0,
    }]);
    assert.deepEqual([diff.unit, diff.old.units, diff.new.units], ['interaction', 2, 3]);
  });

  test('a changed interaction names its fields below the interaction, without its dates', () => {
    const old = parseRecording(
      cassette([interaction('m', [message('a')], { recorded: { at: '2026-11-01T00:00:00Z' } })]),
      'a',
    );
    const current = parseRecording(
      cassette([
        interaction('m', [message('a')], {
          request: request('Hello'),
          recorded: { at: '2026-11-09T00:00:00Z' },
        }),
      ]),
      'b',
    );
    assert.deepEqual(diffRecordings(old, current).changes, [{
      kind: 'changed',
      oldIndex: 0,
      newIndex: 0,
      label: 'm: answer "a"',
      fields: [{ path: 'request.input', old: 'Hi', new: 'Hello' }],
      fieldCount: 1,
    }]);
  });

  test('a transcript event is its connection, its direction and its event', () => {
    const recording = parseRecording(
      transcriptText([
        {
          entries: [
            { direction: 'client', event: { type: 'session.update' } },
            { direction: 'server', event: { type: 'session.created' } },
            { direction: 'sideways', event: { type: 'odd' } },
            { event: { type: 'no direction' } },
            { direction: 'client', event: 'not an object' },
            { direction: 'client' },
            null,
          ],
        },
        { entries: 'not a list' },
        null,
        { entries: [{ direction: 'client', event: { type: 'response.create' } }] },
      ]),
      'rt.json',
    );
    const empty = parseRecording(transcriptText([]), 'empty');
    assert.deepEqual(labels(recording, empty), [
      'connection 1 client → session.update',
      'connection 1 ← server session.created',
      'connection 1 ← server odd',
      'connection 1 ← server no direction',
      'connection 1 client → undefined',
      'connection 1 client → undefined',
      'connection 1 ← server undefined',
      'connection 4 client → response.create',
    ]);
    const diff = diffRecordings(empty, recording);
    assert.equal(diff.unit, 'event');
    assert.deepEqual(diff.changes.map((c) => c.newIndex), [0, 1, 2, 3, 4, 5, 6, 7]);
  });

  test('the same event on another connection or in the other direction is a change of that field', () => {
    const entry = (direction: string) => ({ direction, event: { type: 'e' } });
    const diffOf = (a: unknown[], b: unknown[]) =>
      diffRecordings(parseRecording(transcriptText(a), 'a'), parseRecording(transcriptText(b), 'b'))
        .changes.map((c) => [c.kind, c.label, c.fields]);
    assert.deepEqual(diffOf([{ entries: [entry('client')] }], [{ entries: [entry('server')] }]), [
      [
        'changed',
        'connection 1 client → e → connection 1 ← server e',
        [{ path: 'direction', old: 'client', new: 'server' }],
      ],
    ]);
    assert.deepEqual(
      diffOf([{ entries: [] }, { entries: [entry('server')] }], [
        { entries: [entry('server')] },
        { entries: [] },
      ]),
      [[
        'changed',
        'connection 2 ← server e → connection 1 ← server e',
        [{ path: 'connection', old: 1, new: 0 }],
      ]],
    );
    // An entry without an event compares as an empty event.
    assert.deepEqual(
      diffOf([{ entries: [{ direction: 'server' }] }], [{ entries: [entry('server')] }]),
      [[
        'changed',
        'connection 1 ← server undefined → connection 1 ← server e',
        [{ path: 'event.type', old: undefined, new: 'e' }],
      ]],
    );
  });

  test('a span is its trace, path, data and error; its children follow it', () => {
    const recording = parseRecording(
      JSON.stringify([
        trace('job', [
          span('custom: a', [span('custom: a > custom: b', [span('custom: a > custom: b > c')])]),
          span('custom: d', 'not a list' as unknown as unknown[]),
          'not a span',
        ]),
        trace('other', [{ children: [span('x')] }]),
      ]),
      't.json',
    );
    const empty = parseRecording('{"traces": []}', 'empty');
    assert.deepEqual(labels(recording, empty), [
      'job > custom: a',
      'job > custom: a > custom: b',
      'job > custom: a > custom: b > c',
      'job > custom: d',
      'other > undefined',
      'other > x',
    ]);
    const diff = diffRecordings(empty, recording);
    assert.deepEqual([diff.unit, diff.old.units, diff.new.units], ['span', 0, 6]);
  });

  test("a span's missing path, data or error compare as null; other span fields do not count", () => {
    const diffOf = (a: unknown, b: unknown) =>
      diffRecordings(
        parseRecording(JSON.stringify([trace('job', [a])]), 'a'),
        parseRecording(JSON.stringify([trace('job', [b])]), 'b'),
      ).changes.map((c) => c.fields);
    const full = { path: 'p', data: { n: 1 }, error: { message: 'e' } };
    assert.deepEqual(diffOf(full, {}), [[
      { path: 'path', old: 'p', new: null },
      { path: 'data', old: { n: 1 }, new: null },
      { path: 'error', old: { message: 'e' }, new: null },
    ]]);
    assert.deepEqual(diffOf({ path: null, data: null, error: null }, {}), []);
    assert.deepEqual(diffOf({ ...full, spanId: 'a', ended: true }, { ...full, spanId: 'b' }), []);
    // The trace a span is in is part of it.
    assert.deepEqual(
      diffRecordings(
        parseRecording(JSON.stringify([trace('job', [full])]), 'a'),
        parseRecording(JSON.stringify([trace('nightly', [full])]), 'b'),
      ).changes.map((c) => [c.label, c.fields]),
      [['job > p → nightly > p', [{ path: 'trace', old: 'job', new: 'nightly' }]]],
    );
  });
});
