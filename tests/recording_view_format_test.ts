// How a recording diff and a failure are shown, to the character: the terminal
// text (its two header lines, the tally, one block per change with its sign, its
// position and label, each field's changed window or its old and new JSON, how
// many fields were left out), the diff page and the failure page (sections,
// fields, title, summary, redaction), and which TypeScript a cassette becomes.
import assert from 'node:assert/strict';
import {
  formatRecordingDiff,
  parseRecording,
  type RecordingChange,
  type RecordingDiff,
  recordingToTypeScript,
  renderFailurePage,
  renderRecordingDiffPage,
} from '../cassette/recording_view.ts';
import { describe, test } from './_harness.ts';

/** A diff of two cassettes holding `oldUnits` and `newUnits` interactions, with `changes`. */
const diffOf = (
  changes: RecordingChange[],
  { oldUnits = 2, newUnits = 3, unit = 'interaction' } = {},
): RecordingDiff => ({
  old: { name: 'old.json', kind: 'cassette', units: oldUnits },
  new: { name: 'new.json', kind: 'cassette', units: newUnits },
  unit,
  changes,
});

const added = (newIndex: number, label: string): RecordingChange => ({
  kind: 'added',
  newIndex,
  label,
  fields: [],
  fieldCount: 0,
});

const removed = (oldIndex: number, label: string): RecordingChange => ({
  kind: 'removed',
  oldIndex,
  label,
  fields: [],
  fieldCount: 0,
});

/** The `<main>` of a page. */
const mainOf = (html: string) => /<main>([\s\S]*)<\/main>/.exec(html)![1];

const cassette = (models: string[]) =>
  parseRecording(
    JSON.stringify({
      format: 'scripted-agents/cassette',
      version: 2,
      models: {},
      interactions: models.map((model) => ({
        model,
        streamed: false,
        request: { input: 'Hi', modelSettings: {}, tools: [], handoffs: [] },
        response: { output: [], usage: {} },
      })),
      blobs: {},
    }),
    'c.json',
  );

describe('the terminal text of a diff', () => {
  test('no change: the two header lines and "No difference."', () => {
    assert.equal(
      formatRecordingDiff(diffOf([], { oldUnits: 1, newUnits: 1 })),
      '--- old.json (cassette, 1 interaction)\n+++ new.json (cassette, 1 interaction)\n' +
        'No difference.\n',
    );
  });

  test('each change: its sign, position and label; the tally first', () => {
    const text = formatRecordingDiff(diffOf([
      removed(0, 'm: answer "a"'),
      added(2, 'm: answer "b"'),
      { kind: 'changed', oldIndex: 1, newIndex: 1, label: 'same place', fields: [], fieldCount: 0 },
      { kind: 'changed', oldIndex: 1, newIndex: 0, label: 'moved', fields: [], fieldCount: 0 },
      added(9, 'm: answer "c"'),
    ], { oldUnits: 0, newUnits: 2 }));
    assert.equal(
      text,
      [
        '--- old.json (cassette, 0 interactions)',
        '+++ new.json (cassette, 2 interactions)',
        '2 changed, 2 added, 1 removed',
        '',
        '- interaction #1 removed: m: answer "a"',
        '+ interaction #3 added: m: answer "b"',
        '~ interaction #2 changed: same place',
        '~ interaction #2 → #1 changed: moved',
        '+ interaction #10 added: m: answer "c"',
        '',
      ].join('\n'),
    );
  });

  test('recordings of two kinds: one change without a position', () => {
    const diff: RecordingDiff = {
      old: { name: 'a', kind: 'cassette', units: 3 },
      new: { name: 'b', kind: 'transcript', units: 1 },
      unit: 'interaction',
      changes: [{
        kind: 'changed',
        label: 'a cassette against a transcript',
        fields: [],
        fieldCount: 0,
      }],
    };
    assert.equal(
      formatRecordingDiff(diff),
      '--- a (cassette, 3 interactions)\n+++ b (transcript, 1 interaction)\n' +
        '1 changed, 0 added, 0 removed\n\n~ interaction changed: a cassette against a transcript\n',
    );
  });

  test('a field: its path, then its changed window, or its old and new JSON', () => {
    const change: RecordingChange = {
      kind: 'changed',
      oldIndex: 0,
      newIndex: 0,
      label: 'e',
      fields: [
        { path: 'event.text', old: 'Hello there', new: 'Hello here' },
        { path: 'event.n', old: 1, new: { n: 2 } },
        { path: 'event.gone', old: [1], new: undefined },
        { path: 'event.new', old: undefined, new: null },
        { path: '', old: 'x'.repeat(300), new: 7 },
        { path: 'event.long', old: 'x'.repeat(199), new: 'y'.repeat(200) },
      ],
      fieldCount: 6,
    };
    const lines = formatRecordingDiff(diffOf([change], { unit: 'event' })).split('\n');
    assert.deepEqual(lines.slice(4), [
      '~ event #1 changed: e',
      '    event.text:',
      '      Hello [-there-]{+here+}',
      '    event.n:',
      '      - 1',
      '      + {"n":2}',
      '    event.gone:',
      '      - [1]',
      '      + (absent)',
      '    event.new:',
      '      - (absent)',
      '      + null',
      '    (the whole value):',
      `      - "${'x'.repeat(198)}…`,
      '      + 7',
      '    event.long:',
      `      [-${'x'.repeat(199)}-]`,
      `      {+${'y'.repeat(200)}+}`,
      '',
    ]);
  });

  test('a JSON value of exactly 200 characters is shown whole', () => {
    const fits = 'x'.repeat(198); // with its quotes, 200
    const lines = formatRecordingDiff(diffOf([{
      kind: 'changed',
      oldIndex: 0,
      newIndex: 0,
      label: 'e',
      fields: [{ path: 'p', old: fits, new: 1 }, { path: 'q', old: `${fits}x`, new: 1 }],
      fieldCount: 2,
    }])).split('\n');
    assert.equal(lines[6], `      - "${fits}"`);
    assert.equal(lines[9], `      - "${fits}…`);
  });

  test('fields left out are counted after the ones shown', () => {
    const change = (fieldCount: number): RecordingChange => ({
      kind: 'changed',
      oldIndex: 0,
      newIndex: 0,
      label: 'e',
      fields: [{ path: 'a', old: 1, new: 2 }],
      fieldCount,
    });
    assert.match(
      formatRecordingDiff(diffOf([change(13)])),
      /\+ 2\n {4}… and 12 more differing fields\n$/,
    );
    assert.match(formatRecordingDiff(diffOf([change(1)])), /\+ 2\n$/);
  });
});

describe('the diff page', () => {
  test('one section per change, each field with its window; the title and summary', async () => {
    const html = await renderRecordingDiffPage(diffOf([
      removed(0, 'm: <b>'),
      {
        kind: 'changed',
        oldIndex: 1,
        newIndex: 2,
        label: 'm',
        fields: [
          { path: 'request.input', old: 'say <hi>', new: 'say <ho>' },
          { path: '', old: 1, new: '<2>' },
        ],
        fieldCount: 4,
      },
      {
        kind: 'changed',
        oldIndex: 2,
        newIndex: 2,
        label: 'm',
        fields: [{ path: 'p', old: 1, new: 2 }],
        fieldCount: 1,
      },
    ]));
    assert.ok(html.includes('<title>old.json → new.json · scripted-agents diff</title>'), html);
    assert.ok(
      html.includes(
        '<h1>old.json → new.json</h1><input id="search"',
      ),
    );
    assert.ok(html.includes('<span class="muted">j/k: next/previous · /: search</span></div>'));
    assert.equal(
      mainOf(html),
      '<p class="summary">2 changed, 0 added, 1 removed (2 interactions → 3)</p>' +
        '<section class="turn change removed" id="c0" tabindex="-1"><header>' +
        '<span class="n">removed</span> <span class="model">interaction #1 · m: &lt;b&gt;</span>' +
        '</header></section>\n' +
        '<section class="turn change changed" id="c1" tabindex="-1"><header>' +
        '<span class="n">changed</span> <span class="model">interaction #2 → #3 · m</span></header>' +
        '<div class="field"><div class="path">request.input</div>' +
        '<pre class="text">say &lt;<del>hi</del><ins>ho</ins>&gt;</pre></div>' +
        '<div class="field"><div class="path">(the whole value)</div>' +
        '<pre class="text"><del>1</del>\n<ins>&quot;&lt;2&gt;&quot;</ins></pre></div>' +
        '<div class="muted">… and 2 more differing fields</div></section>\n' +
        '<section class="turn change changed" id="c2" tabindex="-1"><header>' +
        '<span class="n">changed</span> <span class="model">interaction #3 · m</span></header>' +
        '<div class="field"><div class="path">p</div>' +
        '<pre class="text"><del>1</del>\n<ins>2</ins></pre></div></section>',
    );
    assert.match(html, /<script type="application\/json" id="data">\{"files":\[\]\}<\/script>/);
  });

  test('no change: "No difference." and the unit counts', async () => {
    const html = await renderRecordingDiffPage(diffOf([], { oldUnits: 1, newUnits: 1 }));
    assert.equal(mainOf(html), '<p class="summary">No difference. (1 interaction → 1)</p>');
  });
});

describe('the failure page', () => {
  test('its message, then each differing field with its path; credentials redacted', async () => {
    const html = await renderFailurePage({
      title: 'CassetteMissError: <call #3>',
      message: 'No match <here>. key sk-abcdefghijklmnop',
      expected: [{ input: 'Hi there', key: 'sk-abcdefghijklmnop' }, 1],
      actual: [{ input: 'Hi here', key: 'sk-zyxwvutsrqponmlk' }, 2],
    });
    assert.ok(html.includes('<title>CassetteMissError: &lt;call #3&gt; · scripted-agents</title>'));
    assert.ok(html.includes('<h1>CassetteMissError: &lt;call #3&gt;</h1>'));
    assert.ok(html.includes('<span class="muted">/: search</span></div>'));
    assert.equal(
      mainOf(html),
      '<section class="turn change changed" tabindex="-1"><header><span class="n">failure</span>' +
        '</header><pre class="text">No match &lt;here&gt;. key [redacted]</pre></section>' +
        '<section class="turn change changed" tabindex="-1"><header>' +
        '<span class="n">difference</span> <span class="model">2 differing fields (recorded → now)' +
        '</span></header>' +
        '<div class="field"><div class="path">[0].input</div>' +
        '<pre class="text">Hi <del>there</del><ins>here</ins></pre></div>' +
        '<div class="field"><div class="path">[1]</div>' +
        '<pre class="text"><del>1</del>\n<ins>2</ins></pre></div></section>',
    );
    assert.match(html, /<script type="application\/json" id="data">\{"files":\[\]\}<\/script>/);
  });

  test('a whole value that differs; an absent one is null', async () => {
    const html = await renderFailurePage({
      title: 'E',
      message: 'm',
      expected: undefined,
      actual: 'now',
    });
    assert.ok(
      mainOf(html).endsWith(
        '<span class="model">1 differing field (recorded → now)</span></header>' +
          '<div class="field"><div class="path">(the whole value)</div>' +
          '<pre class="text"><del>null</del>\n<ins>&quot;now&quot;</ins></pre></div></section>',
      ),
      html,
    );
  });

  test('at most 50 fields, then how many more', async () => {
    const many = (value: number) =>
      Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, value]));
    const html = await renderFailurePage({
      title: 'E',
      message: 'm',
      expected: many(1),
      actual: many(2),
    });
    assert.equal(html.match(/<div class="field">/g)?.length, 50);
    assert.match(html, /60 differing fields \(recorded → now\)/);
    assert.match(
      html,
      /<div class="path">k49<\/div>[^]*?<\/div><div class="muted">… and 10 more differing fields<\/div><\/section><\/main>/,
    );
  });

  test('no difference: a count of none', async () => {
    const html = await renderFailurePage({ title: 'E', message: 'm', expected: 1, actual: 1 });
    assert.match(
      html,
      /0 differing fields \(recorded → now\)<\/span><\/header><\/section><\/main>/,
    );
  });
});

describe('to-ts', () => {
  test('a cassette of one model or none is a ScriptedModel; of two, a provider', () => {
    assert.equal(
      recordingToTypeScript(cassette([])),
      "import { ScriptedModel } from 'scripted-agents/testing';\n\n" +
        'export const model = new ScriptedModel([\n]);\n',
    );
    assert.match(recordingToTypeScript(cassette(['a', 'a'])), /export const model = /);
    assert.match(recordingToTypeScript(cassette(['a', 'b'])), /export const provider = /);
  });

  test('a trace recording is an error naming it and its kind', () => {
    assert.throws(() => recordingToTypeScript(parseRecording('{"traces": []}', 't.json')), {
      name: 'TypeError',
      message: 't.json is a trace; to-ts converts cassettes.',
    });
  });
});
