// The viewer's rendering and the semantic diff, in every runtime: a recording
// is untrusted input and enters the page only as escaped text or inert JSON; the
// page loads nothing from anywhere (its CSP allows its own inline style and
// script by digest, nothing else); a diff names the interaction, the field and
// the changed window of text.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  diffRecordings,
  formatRecordingDiff,
  parseRecording,
  recordingToTypeScript,
  renderFailurePage,
  renderRecordingDiffPage,
  renderRecordingsPage,
} from '../cassette/recording_view.ts';
import { describe, test } from './_harness.ts';
import { FIXTURE, repositoryRoot } from './_cassette_scenarios.ts';
import {
  HOSTILE,
  hostileCassette,
  recordToolLoop,
  recordTraces,
  transcript,
} from './_viewer_fixtures.ts';

const fixture = (name: string) => readFile(path.join(repositoryRoot(), name), 'utf8');

/** The inline scripts of a page: what a browser would run. */
function scripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]);
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

describe('viewer page', () => {
  test('a cassette renders one turn per interaction, v1 and v2 files alike', async () => {
    const v2 = parseRecording(await fixture(FIXTURE), 'v2.json');
    const v1 = parseRecording(
      await fixture('tests/fixtures/cassette_agent_runs_v1.json'),
      'v1.json',
    );
    assert.equal(v2.kind, 'cassette');
    assert.equal(v1.kind, 'cassette');
    const html = await renderRecordingsPage([v2]);
    assert.equal(html.match(/<section class="turn"/g)?.length, 16);
    assert.match(html, /tool call <span class="tool">get_weather<\/span>/);
    assert.match(html, /&quot;city&quot;: &quot;Tokyo&quot;/);
    assert.match(html, /cassette, 16 interactions, 2 models \(gpt-4\.1-mini, gpt-4\.1-nano\)/);
    const v1Html = await renderRecordingsPage([v1]);
    assert.equal(v1Html.match(/<section class="turn"/g)?.length, 16);
  });

  test('the page loads nothing from anywhere: CSP by digest, no URL in a src or href', async () => {
    const html = await renderRecordingsPage([parseRecording(await fixture(FIXTURE), 'a.json')]);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    assert.ok(csp !== undefined);
    assert.match(csp, /^default-src 'none'; /);
    const [script] = scripts(html);
    assert.equal(scripts(html).length, 1);
    assert.ok(csp.includes(`script-src 'sha256-${await sha256(script)}'`), csp);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    assert.ok(csp.includes(`style-src 'sha256-${await sha256(style)}'`), csp);
    assert.doesNotMatch(html, /\s(src|href)="(?!#)/);
    assert.doesNotMatch(html, /@import|url\(/);
  });

  test('hostile strings are text: no markup, no script and no credential gets through', async () => {
    const html = await renderRecordingsPage([
      parseRecording(JSON.stringify(hostileCassette()), 'hostile.json'),
    ]);
    // One inline script (ours); the data element cannot be closed from inside.
    assert.equal(scripts(html).length, 1);
    assert.equal(html.match(/<\/script>/g)?.length, 2);
    assert.doesNotMatch(html, /<img/);
    assert.doesNotMatch(html, /<!--/);
    assert.ok(html.includes('&lt;img src=x onerror=&quot;window.pwned'));
    assert.ok(html.includes('&lt;/script&gt;&lt;script&gt;window.pwned'));
    assert.doesNotMatch(html, /sk-live-0123456789abcdef/);
    // The embedded data is JSON a parser reads back to the same step.
    const data = /<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(html)![1];
    const parsed = JSON.parse(data);
    assert.match(parsed.files[0].turns[0].step, /window\.pwned/);
  });

  test('a malformed or foreign file is a clear error naming the file', () => {
    assert.throws(() => parseRecording('{"format": "scripted-agents/cassette"', 'a.json'), {
      name: 'TypeError',
      message: /^a\.json is not JSON/,
    });
    assert.throws(
      () => parseRecording(JSON.stringify({ ...hostileCassette(), interactions: 3 }), 'b.json'),
      {
        name: 'InvalidCassetteError',
        message: /b\.json is invalid: interactions should be an array/,
      },
    );
    assert.throws(() => parseRecording('{"name": "package"}', 'c.json'), {
      name: 'TypeError',
      message: /^c\.json is not a recording: expected a cassette/,
    });
    assert.throws(() => parseRecording('[]', 'd.json'), { message: /d\.json is not a recording/ });
    const deep = `{"format": "scripted-agents/cassette", "x": ${'['.repeat(200_000)}${
      ']'.repeat(200_000)
    }}`;
    assert.throws(() => parseRecording(deep, 'e.json'), {
      name: 'TypeError',
      message: /^e\.json (is nested too deeply to be a recording|is not JSON)/,
    });
  });

  test('the instructions mark what changed since the previous turn', async () => {
    const data = await recordToolLoop();
    data.interactions[1].request.systemInstructions = 'Answer about the rain, briefly.';
    const html = await renderRecordingsPage([parseRecording(JSON.stringify(data), 'x.json')]);
    assert.match(html, /changed since #1/);
    assert.match(html, /Answer about the <del>weather<\/del><ins>rain, briefly<\/ins>\./);
  });

  test('a fresh recording shows its provenance and its steps; stream events are data', async () => {
    const data = await recordToolLoop();
    const html = await renderRecordingsPage([parseRecording(JSON.stringify(data), 'fresh.json')]);
    assert.match(html, /recorded 2026-11-01T10:00:00\.000Z · scripted-agents 0\.1\.0/);
    const embedded = JSON.parse(
      /<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(html)![1],
    );
    assert.equal(
      embedded.files[0].turns[0].step,
      '[functionCall("get_weather", {"city":"Tokyo"}, { callId: "call_1" })]',
    );
    assert.match(
      html,
      /<details class="step" data-file="0" data-turn="0"><summary>ScriptedModel step/,
    );
    const streamed = parseRecording(await fixture(FIXTURE), 'f.json');
    const page = await renderRecordingsPage([streamed]);
    assert.match(
      page,
      /<details class="events" data-file="0" data-turn="2"><summary>Stream events \(6\)/,
    );
    assert.match(page, /response_done/);
  });

  test('unchanged instructions are written once, however many turns repeat them', async () => {
    const data = await recordToolLoop({ instructions: `Be helpful. ${'x'.repeat(5000)}` });
    const many = { ...data, interactions: Array.from({ length: 40 }, () => data.interactions[0]) };
    const html = await renderRecordingsPage([parseRecording(JSON.stringify(many), 'many.json')]);
    assert.equal(html.split('Be helpful.').length - 1, 2); // the first turn, and the data
    assert.equal(html.match(/unchanged since #/g)?.length, 39);
    assert.ok(html.length < 80_000, `${html.length} bytes`);
  });

  test('a trace recording shows its span tree; a transcript its event timeline', async () => {
    const traces = parseRecording(JSON.stringify(await recordTraces()), 'traces.json');
    assert.equal(traces.kind, 'trace');
    const html = await renderRecordingsPage([traces]);
    assert.match(html, /trace 1<\/span> <span class="model">Nightly job/);
    assert.match(html, /<span class="type">custom: fetch<\/span>/);
    assert.match(html, /<ul><li><details class="span"><summary><span class="type">custom: parse/);
    const timeline = await renderRecordingsPage([
      parseRecording(JSON.stringify(transcript()), 'rt.json'),
    ]);
    assert.equal(timeline.match(/<details class="event /g)?.length, 4);
    assert.match(timeline, /client →<\/span> <span class="type">session\.update/);
    assert.match(timeline, /closed by client, code 1000/);
  });
});

describe('semantic diff', () => {
  test('the same recording has no difference; a re-recording is only its dates', async () => {
    const a = await recordToolLoop();
    const b = await recordToolLoop({ now: () => new Date('2026-11-20T00:00:00.000Z') });
    const diff = diffRecordings(
      parseRecording(JSON.stringify(a), 'a'),
      parseRecording(JSON.stringify(b), 'b'),
    );
    assert.deepEqual(diff.changes, []);
    assert.match(formatRecordingDiff(diff), /No difference\./);
  });

  test('a changed interaction names the field and the changed window of its text', async () => {
    const a = await recordToolLoop();
    const b = await recordToolLoop({ instructions: 'Answer about the weather, briefly.' });
    const diff = diffRecordings(
      parseRecording(JSON.stringify(a), 'old.json'),
      parseRecording(JSON.stringify(b), 'new.json'),
    );
    assert.deepEqual(diff.changes.map((c) => [c.kind, c.oldIndex, c.newIndex]), [
      ['changed', 0, 0],
      ['changed', 1, 1],
    ]);
    assert.deepEqual(diff.changes[0].fields.map((f) => f.path), ['request.systemInstructions']);
    const text = formatRecordingDiff(diff);
    assert.match(text, /^--- old\.json \(cassette, 3 interactions\)\n\+\+\+ new\.json/);
    assert.match(text, /2 changed, 0 added, 0 removed/);
    assert.match(text, /~ interaction #1 changed: weather-model: tool call get_weather/);
    assert.match(
      text,
      /request\.systemInstructions:\n {6}Answer about the weather\{\+, briefly\+\}\./,
    );
    const html = await renderRecordingDiffPage(diff);
    assert.match(html, /weather<ins>, briefly<\/ins>\./);
  });

  test('added and removed interactions are aligned, not shown as changes of all after', async () => {
    const a = await recordToolLoop();
    const b = JSON.parse(JSON.stringify(a));
    const added = JSON.parse(JSON.stringify(a.interactions[2]));
    added.response.output[0].content[0].text = 'Il pleut.';
    b.interactions.splice(0, 1);
    b.interactions.push(added);
    // The continuation index of the removed first turn's follower no longer exists.
    const second = b.interactions[0];
    second.request.input = [
      ...a.interactions[0].request.input as unknown[],
      ...second.request.inputAppend,
    ];
    delete second.request.inputFrom;
    delete second.request.inputAppend;
    const diff = diffRecordings(
      parseRecording(JSON.stringify(a), 'a'),
      parseRecording(JSON.stringify(b), 'b'),
    );
    const kinds = diff.changes.map((c) => c.kind);
    assert.ok(kinds.includes('added') && kinds.includes('removed'), JSON.stringify(diff.changes));
    const text = formatRecordingDiff(diff);
    assert.match(text, /\+ interaction #3 added: translate-model: answer "Il pleut\."/);
  });

  test('a mostly rewritten text shows the old text, then the new one, not interleaved words', async () => {
    const a = await recordToolLoop();
    const b = structuredClone(a);
    b.interactions[2].response!.output = [{
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'Das Wetter ist heute wirklich schön.' }],
    }];
    (a.interactions[2].response!.output[0] as { content: { text: string }[] }).content[0].text =
      'It is sunny today, and warm enough for a walk.';
    const text = formatRecordingDiff(
      diffRecordings(
        parseRecording(JSON.stringify(a), 'a'),
        parseRecording(JSON.stringify(b), 'b'),
      ),
    );
    assert.match(
      text,
      /response\.output\[0\]\.content\[0\]\.text:\n {6}\[-It is sunny today, and warm enough for a walk\.-\]\n {6}\{\+Das Wetter ist heute wirklich schön\.\+\}\n/,
    );
  });

  test('alignment: runs of removals and additions pair up in order, the rest stay additions or removals', () => {
    const events = (types: string) => ({
      format: 'scripted-agents/realtime-transcript',
      version: 1,
      connections: [{
        url: 'wss://x',
        entries: [...types].map((type) => ({ direction: 'server', event: { type } })),
        close: null,
      }],
    });
    const changes = (from: string, to: string) =>
      diffRecordings(
        parseRecording(JSON.stringify(events(from)), 'a'),
        parseRecording(JSON.stringify(events(to)), 'b'),
      ).changes.map((
        c,
      ) => [c.kind, c.oldIndex, c.newIndex, c.label.replace(/connection 1 ← server /g, '')]);
    // Three replaced by three: three changes, each naming both units.
    assert.deepEqual(changes('abcde', 'axyze'), [
      ['changed', 1, 1, 'b → x'],
      ['changed', 2, 2, 'c → y'],
      ['changed', 3, 3, 'd → z'],
    ]);
    // Two replaced by four: two changes, then two additions at their new positions.
    assert.deepEqual(changes('abcf', 'axyzwf'), [
      ['changed', 1, 1, 'b → x'],
      ['changed', 2, 2, 'c → y'],
      ['added', undefined, 3, 'z'],
      ['added', undefined, 4, 'w'],
    ]);
    // Three replaced by one: one change, then two removals at their old positions.
    assert.deepEqual(changes('abcdf', 'axf'), [
      ['changed', 1, 1, 'b → x'],
      ['removed', 2, undefined, 'c'],
      ['removed', 3, undefined, 'd'],
    ]);
    // A lone removal, then a lone addition further on: the positions keep counting.
    assert.deepEqual(changes('abcd', 'acde'), [
      ['removed', 1, undefined, 'b'],
      ['added', undefined, 3, 'e'],
    ]);
    assert.deepEqual(changes('abcd', 'abcdgh'), [
      ['added', undefined, 4, 'g'],
      ['added', undefined, 5, 'h'],
    ]);
    assert.deepEqual(changes('abghcd', 'abcd'), [
      ['removed', 2, undefined, 'g'],
      ['removed', 3, undefined, 'h'],
    ]);
    // A changed unit of the same label keeps one label; its fields are paths without a dot.
    const same = diffRecordings(
      parseRecording(JSON.stringify(events('a')), 'a'),
      parseRecording(
        JSON.stringify({
          ...events('a'),
          connections: [{
            url: 'wss://x',
            entries: [{ direction: 'server', event: { type: 'a', n: 1 } }],
            close: null,
          }],
        }),
        'b',
      ),
    ).changes;
    assert.deepEqual(same.map((c) => [c.label, c.fields]), [
      ['connection 1 ← server a', [{ path: 'event.n', old: undefined, new: 1 }]],
    ]);
  });

  test('a cassette against a transcript is one change saying so', async () => {
    const diff = diffRecordings(
      parseRecording(JSON.stringify(await recordToolLoop()), 'a'),
      parseRecording(JSON.stringify(transcript()), 'b'),
    );
    assert.deepEqual(diff.changes, [{
      kind: 'changed',
      label: 'a cassette against a transcript',
      fields: [],
      fieldCount: 0,
    }]);
    assert.match(formatRecordingDiff(diff), /a cassette against a transcript/);
  });

  test('transcripts differ by event; traces by span', async () => {
    const a = transcript() as { connections: { entries: { event: { type: string } }[] }[] };
    const b = JSON.parse(JSON.stringify(a));
    b.connections[0].entries[1].event.session.instructions = 'Hello';
    const diff = diffRecordings(
      parseRecording(JSON.stringify(a), 'a'),
      parseRecording(JSON.stringify(b), 'b'),
    );
    assert.equal(diff.unit, 'event');
    assert.match(
      formatRecordingDiff(diff),
      /event #2 changed: connection 1 client → session\.update\n {4}event\.session\.instructions:\n {6}\[-Hi-\]\{\+Hello\+\}/,
    );
    const traces = await recordTraces();
    const other = JSON.parse(JSON.stringify(traces));
    other[0].spans[0].children = [];
    const spans = diffRecordings(
      parseRecording(JSON.stringify(traces), 'a'),
      parseRecording(JSON.stringify(other), 'b'),
    );
    assert.deepEqual(spans.changes.map((c) => c.kind), ['removed']);
  });

  test('a failure page shows the message and each differing field, redacted', async () => {
    const html = await renderFailurePage({
      title: 'CassetteMissError',
      message: 'No recorded interaction matches. key sk-abcdefghijklmnopq',
      expected: { input: 'Hi', tools: ['a'] },
      actual: { input: 'Hello', tools: ['a', 'b'] },
    });
    assert.match(html, /No recorded interaction matches\./);
    assert.doesNotMatch(html, /sk-abcdefghijklmnopq/);
    assert.match(
      html,
      /<div class="path">input<\/div><pre class="text"><del>Hi<\/del><ins>Hello<\/ins>/,
    );
    assert.match(html, /<div class="path">tools\[1\]<\/div>/);
  });
});

describe('to-ts', () => {
  test('one model: a ScriptedModel; several: a ScriptedModelProvider with a route per model', async () => {
    const data = await recordToolLoop();
    const several = recordingToTypeScript(parseRecording(JSON.stringify(data), 'a'));
    assert.match(
      several,
      /^import \{ Usage \} from '@openai\/agents';\nimport \{ assistantMessage, functionCall, modelResponse, ScriptedModel, ScriptedModelProvider \} from 'scripted-agents\/testing';/,
    );
    assert.match(
      several,
      /export const provider = new ScriptedModelProvider\(\{\n {2}models: \{\n {4}"weather-model": new ScriptedModel\(\[\n {6}\/\/ Call #1\n/,
    );
    assert.match(several, /"translate-model": new ScriptedModel\(\[/);
    assert.match(
      several,
      /functionCall\("get_weather", \{"city":"Tokyo"\}, \{ callId: "call_1" \}\)/,
    );
    const one = { ...data, interactions: data.interactions.slice(0, 2) };
    const single = recordingToTypeScript(parseRecording(JSON.stringify(one), 'b'));
    assert.match(single, /export const model = new ScriptedModel\(\[/);
    assert.doesNotMatch(single, /ScriptedModelProvider/);
    assert.throws(() => recordingToTypeScript(parseRecording(JSON.stringify(transcript()), 'rt')), {
      message: 'rt is a transcript; to-ts converts cassettes.',
    });
  });

  test('a default-model cassette becomes the fallback route', async () => {
    const data = await recordToolLoop();
    data.interactions[2].model = '';
    const source = recordingToTypeScript(parseRecording(JSON.stringify(data), 'a'));
    assert.match(source, /\n {2}\},\n {2}fallback: new ScriptedModel\(\[\n {4}\/\/ Call #1\n/);
  });
});

describe('HOSTILE', () => {
  test('holds markup that would run if used as HTML', () => {
    assert.match(HOSTILE.script, /<\/script>/);
    assert.match(HOSTILE.img, /onerror/);
  });
});
