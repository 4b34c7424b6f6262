// The viewer's HTML, exactly, piece by piece: what the page script and the
// style find in it (class names, ids, data attributes) and what a reader sees
// (labels, counts, fallbacks for missing fields) for a cassette's turn, a
// transcript's connection and a trace's span tree, and the document shell
// around them (its CSP by digest, the escaping of text and of inert JSON).
import assert from 'node:assert/strict';
import { cassetteHtml, jsonBlock } from '../cassette/_view_cassette.ts';
import { escapeHtml, jsonForScript, page } from '../cassette/_view_page.ts';
import { traceHtml, transcriptHtml } from '../cassette/_view_timeline.ts';
import type {
  CassetteInteraction,
  CassetteRequest,
  JsonObject,
  JsonValue,
} from '../cassette/cassette_types.ts';
import { describe, test } from './_harness.ts';

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

describe('the page shell', () => {
  test('escapeHtml replaces exactly the five characters that open a tag or end an attribute', () => {
    assert.equal(escapeHtml(`a&b<c>d"e'f`), 'a&amp;b&lt;c&gt;d&quot;e&#39;f');
    assert.equal(escapeHtml('<<&&'), '&lt;&lt;&amp;&amp;');
    assert.equal(escapeHtml('plain – text'), 'plain – text');
  });

  test('jsonForScript escapes <, >, & and the line separators as \\u escapes, and undefined is null', () => {
    assert.equal(
      jsonForScript({ s: '</script><!--&\u2028\u2029' }),
      '{"s":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"}',
    );
    assert.equal(JSON.parse(jsonForScript({ s: '</script>&' })).s, '</script>&');
    assert.equal(jsonForScript(undefined), 'null');
    assert.equal(jsonForScript(null), 'null');
    assert.equal(jsonForScript([1, 'a']), '[1,"a"]');
  });

  test('the document: CSP by the digests of its style and script, then title, style, body, data, script', async () => {
    const style = 'body{color:red}';
    const script = 'console.log(1)';
    const html = await page({
      title: 'a <b> & "c"',
      body: '<main>body</main>',
      style,
      script,
      data: { x: '</script>' },
    });
    const csp = [
      "default-src 'none'",
      `style-src 'sha256-${await sha256(style)}'`,
      `script-src 'sha256-${await sha256(script)}'`,
      'img-src data:',
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; ');
    assert.equal(
      html,
      [
        '<!doctype html>',
        '<html lang="en">',
        '<head>',
        '<meta charset="utf-8">',
        `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
        '<meta name="referrer" content="no-referrer">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<title>a &lt;b&gt; &amp; &quot;c&quot;</title>',
        '<style>body{color:red}</style>',
        '</head>',
        '<body>',
        '<main>body</main>',
        '<script type="application/json" id="data">{"x":"\\u003c/script\\u003e"}</script>',
        '<script>console.log(1)</script>',
        '</body>',
        '</html>',
        '',
      ].join('\n'),
    );
  });

  test('the two digests are those of the style and of the script, not swapped or of other text', async () => {
    const html = await page({ title: 't', body: '', style: 'a', script: 'b', data: null });
    assert.ok(html.includes(`style-src 'sha256-${await sha256('a')}'`));
    assert.ok(html.includes(`script-src 'sha256-${await sha256('b')}'`));
    // SHA-256 of "a", in base64, as any other implementation computes it.
    assert.ok(html.includes("'sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs='"));
  });
});

describe('a transcript as timelines', () => {
  test('each event: its direction, type and JSON; the close with its reason; the event count', () => {
    const html = transcriptHtml({
      connections: [{
        url: 'ws://x/<rt>',
        entries: [
          { direction: 'client', event: { type: 'session.update' } },
          { direction: 'server', event: { type: 'a<b' } },
        ],
        close: { by: 'server', code: 4000, reason: 'bye <now>' },
      }],
    }, 3);
    assert.equal(
      html,
      '<section class="turn connection" id="f3-c0" tabindex="-1"><header><span class="n">connection 1</span> ' +
        '<span class="model">ws://x/&lt;rt&gt;</span> <span class="usage">2 events</span></header>' +
        '<div class="timeline">' +
        '<details class="event client" id="f3-c0-e0"><summary><span class="dir">client →</span> ' +
        '<span class="type">session.update</span></summary>' +
        jsonBlock({ type: 'session.update' }) + '</details>' +
        '<details class="event server" id="f3-c0-e1"><summary><span class="dir">← server</span> ' +
        '<span class="type">a&lt;b</span></summary>' + jsonBlock({ type: 'a<b' }) + '</details>' +
        '</div><div class="muted">closed by server, code 4000: bye &lt;now&gt;</div></section>',
    );
  });

  test('missing fields: no type, no direction, no event, no url, a close without by or reason', () => {
    const html = transcriptHtml({
      connections: [
        {
          entries: [{ event: { type: 7 } }, 'not an object', { direction: 'client', event: [1] }],
          close: { code: 1000 },
        },
      ],
    }, 0);
    assert.equal(
      html,
      '<section class="turn connection" id="f0-c0" tabindex="-1"><header><span class="n">connection 1</span> ' +
        '<span class="model"></span> <span class="usage">3 events</span></header><div class="timeline">' +
        '<details class="event server" id="f0-c0-e0"><summary><span class="dir">← server</span> ' +
        '<span class="type">(no type)</span></summary>' + jsonBlock({ type: 7 }) + '</details>' +
        '<details class="event server" id="f0-c0-e1"><summary><span class="dir">← server</span> ' +
        '<span class="type">(no type)</span></summary>' + jsonBlock({}) + '</details>' +
        '<details class="event client" id="f0-c0-e2"><summary><span class="dir">client →</span> ' +
        '<span class="type">(no type)</span></summary>' + jsonBlock({}) + '</details>' +
        '</div><div class="muted">closed by ?, code 1000</div></section>',
    );
  });

  test('a connection not closed says so; one that is not an object is nothing; connections join by lines', () => {
    const html = transcriptHtml({
      connections: [
        { url: 'u1', entries: 'none', close: 'no' },
        null,
        { url: 'u2' },
      ],
    }, 1);
    const section = (c: number, url: string) =>
      `<section class="turn connection" id="f1-c${c}" tabindex="-1"><header><span class="n">connection ${
        c + 1
      }</span> <span class="model">${url}</span> <span class="usage">0 events</span></header>` +
      '<div class="timeline"></div><div class="muted">not closed when the recording ended</div></section>';
    assert.equal(html, [section(0, 'u1'), '', section(2, 'u2')].join('\n'));
  });

  test('a transcript without a connections array is empty', () => {
    assert.equal(transcriptHtml({ connections: 'x' } as JsonObject, 0), '');
    assert.equal(transcriptHtml({}, 0), '');
  });
});

describe('a trace recording as span trees', () => {
  test('a trace: its number, name, spans and their children; a span with an error or not ended says so', () => {
    const html = traceHtml([{
      name: 'job <1>',
      spans: [
        {
          label: 'agent: <A>',
          data: { k: 1 },
          error: { message: 'bad <x>' },
          ended: false,
          children: [
            { type: 'function', name: 'fetch', data: { t: 2 } },
            { type: 'function', name: 'parse', data: null },
          ],
        },
        { type: 'custom', name: 'b', data: null, children: [] },
      ],
    }], 2);
    assert.equal(
      html,
      '<section class="turn trace" id="f2-t0" tabindex="-1"><header><span class="n">trace 1</span> ' +
        '<span class="model">job &lt;1&gt;</span></header><ul class="tree">' +
        '<li><details class="span"><summary><span class="type">agent: &lt;A&gt;</span>' +
        ' <span class="badge error-badge">error: bad &lt;x&gt;</span> <span class="badge">not ended</span>' +
        '</summary>' + jsonBlock({ k: 1 }) + '</details>' +
        '<ul><li><details class="span"><summary><span class="type">function: fetch</span></summary>' +
        jsonBlock({ t: 2 }) + '</details></li>' +
        '<li><details class="span"><summary><span class="type">function: parse</span></summary>' +
        jsonBlock(null) + '</details></li></ul></li>' +
        '<li><details class="span"><summary><span class="type">custom: b</span></summary>' +
        jsonBlock(null) + '</details></li>' +
        '</ul></section>',
    );
  });

  test('missing fields: an unnamed trace, a span without type, name or data, an error without a message', () => {
    const html = traceHtml([
      { ended: false, spans: [{ error: {}, children: 'x' }, 5] },
      'not a trace',
      { name: 'second', spans: 'none', ended: true },
    ], 0);
    assert.equal(
      html,
      [
        '<section class="turn trace" id="f0-t0" tabindex="-1"><header><span class="n">trace 1</span> ' +
        '<span class="model">(unnamed)</span> <span class="badge">not ended</span></header><ul class="tree">' +
        '<li><details class="span"><summary><span class="type">span: </span>' +
        ' <span class="badge error-badge">error: </span></summary>' + jsonBlock(null) +
        '</details></li></ul></section>',
        '',
        '<section class="turn trace" id="f0-t2" tabindex="-1"><header><span class="n">trace 3</span> ' +
        '<span class="model">second</span></header><ul class="tree"></ul></section>',
      ].join('\n'),
    );
  });
});

/** A request with nothing in it but `input` (and `extra`). */
const request = (input: CassetteRequest['input'], extra: Partial<CassetteRequest> = {}) => ({
  input,
  modelSettings: {},
  tools: [],
  handoffs: [],
  outputType: 'text',
  ...extra,
});

/** A non-streamed interaction of model `m` answering nothing, with `extra` over it. */
const interaction = (extra: Partial<CassetteInteraction> = {}): CassetteInteraction => ({
  model: 'm',
  streamed: false,
  request: request('Hi'),
  response: { output: [], usage: {} },
  ...extra,
});

/** The one element of `html` that starts with `open`, up to its matching `close`. */
function element(html: string, open: string, close: string): string {
  const start = html.indexOf(open);
  assert.notEqual(start, -1, `no ${open} in ${html}`);
  const end = html.indexOf(close, start);
  assert.notEqual(end, -1, `no ${close} after ${open} in ${html}`);
  return html.slice(start, end + close.length);
}

/** The turns of a cassette's HTML: one section each, one per line (their JSON may span lines). */
const sections = (html: string): string[] => html.split(/\n(?=<section class="turn")/);

const header = (html: string) => element(html, '<header>', '</header>');

describe("a cassette turn's header", () => {
  test('its anchor and number, model, usage and the copy button of its file and turn', () => {
    const { html } = cassetteHtml([
      interaction({
        model: 'gpt <x>',
        response: { output: [], usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 } },
      }),
    ], 1);
    assert.equal(
      header(html),
      '<header><a class="n" href="#f1-t0">#1</a> <span class="model">gpt &lt;x&gt;</span> ' +
        '<span class="usage">in 3 · out 4 · total 7</span>' +
        '<button type="button" class="copy" data-file="1" data-turn="0">Copy as step</button></header>',
    );
    assert.ok(html.startsWith('<section class="turn" id="f1-t0" tabindex="-1"><header>'));
    assert.ok(html.endsWith('</section>'));
  });

  test('the default model by name, the streamed and error badges; no usage without a response', () => {
    const { html } = cassetteHtml([
      interaction(),
      interaction({
        model: '',
        streamed: true,
        response: undefined,
        events: [],
        error: { className: 'APIError', name: 'Error', message: 'boom', fields: {} },
      }),
    ], 0);
    assert.equal(
      header(sections(html)[1]),
      '<header><a class="n" href="#f0-t1">#2</a> <span class="model">(default model)</span>' +
        ' <span class="badge">streamed</span> <span class="badge error-badge">error</span> ' +
        '<button type="button" class="copy" data-file="0" data-turn="1">Copy as step</button></header>',
    );
  });

  test('usage shows the token counts that are numbers, in order; none is no usage element', () => {
    const usage = (u: JsonObject) =>
      header(cassetteHtml([interaction({ response: { output: [], usage: u } })], 0).html);
    assert.ok(
      usage({ outputTokens: 2, totalTokens: '9' }).includes(
        '</span> <span class="usage">out 2</span><button',
      ),
    );
    assert.ok(
      usage({ totalTokens: 0, inputTokens: 1 }).includes(
        '<span class="usage">in 1 · total 0</span>',
      ),
    );
    assert.ok(usage({ requests: 1 }).includes('<span class="model">m</span> <button'));
  });
});

describe("a cassette turn's provenance, tools and error", () => {
  test('provenance: each field that is a string, in order; none or a non-object is nothing', () => {
    const provenance = (recorded: unknown) =>
      cassetteHtml([interaction({ recorded } as Partial<CassetteInteraction>)], 0).html;
    assert.ok(
      provenance({ at: '2026-01-01', sdk: '0.3.0', package: '0.1.0' }).includes(
        '</header><div class="provenance">recorded 2026-01-01 · SDK 0.3.0 · scripted-agents 0.1.0</div>' +
          '<div class="input">',
      ),
    );
    assert.ok(
      provenance({ sdk: '<0.3>' }).includes('<div class="provenance">SDK &lt;0.3&gt;</div>'),
    );
    assert.ok(
      provenance({ package: '1' }).includes('<div class="provenance">scripted-agents 1</div>'),
    );
    assert.ok(provenance({ at: 1, sdk: null }).includes('</header><div class="input">'));
    assert.ok(provenance('2026').includes('</header><div class="input">'));
  });

  test('tools by name, ? for one without; no tools is nothing', () => {
    const { html } = cassetteHtml([
      interaction({
        request: request('Hi', { tools: [{ name: 'get_<weather>' }, { type: 'x' }, 'str', null] }),
      }),
      interaction(),
    ], 0);
    const [first, second] = sections(html);
    assert.ok(
      first.includes(
        '<div class="tools muted">tools: get_&lt;weather&gt;, ?, ?, ?</div><div class="input">',
      ),
    );
    assert.ok(!second.includes('tools'));
  });

  test('an error: its class, its status when it has one, its message; stream events counted', () => {
    const { html } = cassetteHtml([
      interaction({
        response: undefined,
        streamed: true,
        events: [{ type: 'x' }, { type: 'y' }],
        error: {
          className: 'APIError',
          name: 'Error',
          message: 'boom <1>',
          status: 500,
          fields: {},
        },
      }),
      interaction({
        response: undefined,
        error: { className: 'TypeError', name: 'TypeError', message: 'no', fields: {} },
      }),
    ], 2);
    const [first, second] = sections(html);
    assert.ok(first.includes(
      '<div class="error"><div class="label">error APIError 500</div><pre class="text">boom &lt;1&gt;</pre></div>' +
        '<details class="events" data-file="2" data-turn="0"><summary>Stream events (2)</summary><pre class="json"></pre></details>' +
        '<details class="step" data-file="2" data-turn="0"><summary>ScriptedModel step</summary><pre class="code"></pre></details></section>',
    ));
    assert.ok(!first.includes('<div class="output">'));
    assert.ok(second.includes(
      '</div></div><div class="error"><div class="label">error TypeError</div><pre class="text">no</pre></div>' +
        '<details class="step" data-file="2" data-turn="1">',
    ));
    assert.ok(!second.includes('Stream events'));
  });
});

describe("a cassette turn's data for the page script", () => {
  test('its events (null when not streamed) and its step; a step that cannot be printed says so', () => {
    const events = [{
      type: 'response_done',
      response: { id: 'r', usage: {}, output: [{ type: 'reasoning', content: [] }] },
    }];
    const { turns, html } = cassetteHtml([
      interaction(),
      interaction({ streamed: true, response: undefined, events }),
      interaction({
        response: undefined,
        error: {
          className: 'E',
          name: 'E',
          message: 'm',
          fields: { n: 1n as unknown as number },
        },
      }),
    ], 0);
    assert.deepEqual(turns[0], { events: null, step: '[]' });
    assert.equal(turns[1].events, events);
    assert.ok(turns[1].step.includes('"reasoning"'), turns[1].step);
    assert.deepEqual(turns[2], {
      events: null,
      step: '// This interaction cannot be printed as a step.',
    });
    // The streamed turn's output is the one its last response event holds.
    assert.ok(
      sections(html)[1].includes('<div class="output"><h4>Output</h4><div class="item other">'),
    );
  });
});

describe("a cassette turn's instructions", () => {
  test('first shown whole; unchanged ones point to the turn they were last given in and their text in the data', () => {
    const said = (systemInstructions?: string) =>
      interaction({
        request: request('Hi', systemInstructions === undefined ? {} : { systemInstructions }),
      });
    const { html, texts } = cassetteHtml([
      said(),
      said('Be <brief>.'),
      said(),
      said('Be <brief>.'),
      said('Be very <brief>.'),
      said('Be <brief>.'),
      said('Be <brief>.'),
      said('Be very <brief>.'),
      said('Be very <brief>.'),
    ], 4);
    const instructions = sections(html).map((turn) =>
      turn.includes('<details class="instructions')
        ? element(turn, '<details class="instructions', '</details>')
        : ''
    );
    const unchanged = (since: number, text: number) =>
      `<details class="instructions" data-file="4" data-text="${text}"><summary>Instructions <span class="same">unchanged since #${since}</span></summary><pre class="text"></pre></details>`;
    const changed = (since: number, parts: string) =>
      `<details class="instructions changed"><summary>Instructions <span class="changed-badge">changed since #${since}</span></summary><pre class="text">${parts}</pre></details>`;
    assert.deepEqual(instructions, [
      '',
      '<details class="instructions"><summary>Instructions</summary><pre class="text">Be &lt;brief&gt;.</pre></details>',
      '',
      unchanged(2, 0),
      changed(4, 'Be <ins>very </ins>&lt;brief&gt;.'),
      changed(5, 'Be <del>very </del>&lt;brief&gt;.'),
      unchanged(6, 0),
      changed(7, 'Be <ins>very </ins>&lt;brief&gt;.'),
      unchanged(8, 1),
    ]);
    assert.deepEqual(texts, ['Be <brief>.', 'Be very <brief>.']);
  });
});

const user = (content: JsonValue): JsonObject => ({ type: 'message', role: 'user', content });
const result = (callId: string, output: JsonValue): JsonObject => ({
  type: 'function_call_result',
  callId,
  name: 'get_weather',
  output,
});

describe("a cassette turn's input", () => {
  test('a string is one user message; a list counts its items; a continuation names the turn it continues', () => {
    const first = [user('a')];
    const second = [...first, user('b'), user('c')];
    const { html } = cassetteHtml([
      interaction({ request: request('Hi <you>') }),
      interaction({ request: request(first) }),
      interaction({ request: request(second) }),
      interaction({ request: request([...second, user('d')]) }),
      interaction({ request: request([]) }),
      interaction({ request: request([user('x'), user('y')]) }),
    ], 0);
    const inputs = sections(html).map((turn) => element(turn, '<div class="input">', '</h4>'));
    const message = (text: string) =>
      `<div class="item message" data-role="user"><div class="label">user</div><pre class="text">${text}</pre></div>`;
    assert.ok(
      sections(html)[0].includes(
        `<div class="input"><h4>Input</h4>${message('Hi &lt;you&gt;')}</div>`,
      ),
    );
    assert.deepEqual(inputs, [
      '<div class="input"><h4>Input</h4>',
      '<div class="input"><h4>Input <span class="muted">(1 item)</span></h4>',
      '<div class="input"><h4>New input <span class="muted">(after the input of #2, 2 new items)</span></h4>',
      '<div class="input"><h4>New input <span class="muted">(after the input of #3, 1 new item)</span></h4>',
      '<div class="input"><h4>Input <span class="muted">(0 items)</span></h4>',
      '<div class="input"><h4>Input <span class="muted">(2 items)</span></h4>',
    ]);
    assert.ok(
      sections(html)[2].includes(
        `(after the input of #2, 2 new items)</span></h4>${message('b')}${message('c')}</div>`,
      ),
    );
    assert.ok(
      sections(html)[5].includes(`(2 items)</span></h4>${message('x')}${message('y')}</div>`),
    );
  });

  test('a call in an input shows no result, though a later input sends one', () => {
    const call = { type: 'function_call', callId: 'c1', name: 'f', arguments: '{}' };
    const { html } = cassetteHtml([
      interaction({ request: request([user('a'), call]) }),
      interaction({ request: request([user('a'), call, result('c1', 'sunny')]) }),
    ], 0);
    const [first] = sections(html);
    assert.ok(
      first.includes('<span class="id">c1</span></div><pre class="args">{}</pre></div></div>'),
      first,
    );
    assert.ok(!first.includes('class="result"'));
  });
});

/** The output of one turn answering `output`, tool results taken from `inputs` of later turns. */
function outputHtml(output: JsonValue[], ...inputs: JsonValue[][]): string {
  const { html } = cassetteHtml([
    interaction({ response: { output, usage: {} } }),
    ...inputs.map((input) => interaction({ request: request(input) })),
  ], 0);
  const turn = sections(html)[0];
  const start = turn.indexOf('<div class="output"><h4>Output</h4>');
  assert.notEqual(start, -1, turn);
  const end = turn.indexOf('<details class="step"');
  return turn.slice(start + '<div class="output"><h4>Output</h4>'.length, end - '</div>'.length);
}

describe('the items of a turn', () => {
  test('messages: an answer, other roles, text parts and refusals joined; other content as JSON', () => {
    assert.equal(
      outputHtml([
        {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'a <b>' }, { type: 'refusal', refusal: 'no' }],
        },
        { role: 'system', content: 'rules' },
        { type: 'message', content: [] },
        { type: 'message', role: 'user', content: [{ type: 'input_image' }] },
        { type: 'message', role: 'user', content: ['x'] },
        { type: 'message', role: 'user', content: [null] },
        { type: 'message', role: 'user', content: 5 },
        { type: 7, role: 'user' },
        { type: 'reasoning', role: 'assistant' },
      ]),
      '<div class="item answer" data-role="assistant"><div class="label">assistant</div><pre class="text">a &lt;b&gt;\n(refusal) no</pre></div>' +
        '<div class="item message" data-role="system"><div class="label">system</div><pre class="text">rules</pre></div>' +
        '<div class="item message" data-role="message"><div class="label">message</div><pre class="text"></pre></div>' +
        [[{ type: 'input_image' }], ['x'], [null], 5, undefined].map((content) =>
          `<div class="item message" data-role="user"><div class="label">user</div>${
            jsonBlock(content)
          }</div>`
        ).join('') +
        // A role does not make an item of another type a message.
        `<div class="item other"><div class="label">reasoning</div>${
          jsonBlock({ type: 'reasoning', role: 'assistant' })
        }</div>`,
    );
  });

  test('a tool call: its name, id and arguments, and the result a later input sent back', () => {
    const call = (callId: JsonValue, args: JsonValue, name: JsonValue = 'get_weather') => ({
      type: 'function_call',
      callId,
      name,
      arguments: args,
    });
    const label = (name: string, id?: string) =>
      `<div class="item call"><div class="label">tool call <span class="tool">${name}</span>${
        id === undefined ? '' : ` <span class="id">${id}</span>`
      }</div>`;
    const resultHtml = (body: string) =>
      `<div class="result"><div class="label">result</div>${body}</div>`;
    assert.equal(
      outputHtml(
        [
          call('c1', '{"city":"Tokyo"}'),
          call('c<2>', 'not json <'),
          call(7, { a: 1 }, 3),
          call('c3', '[]'),
          call('c4', '1'),
          call('c5', '{}'),
          call('c6', '{}'),
          call('c7', '{}'),
          call('c8', '{}'),
        ],
        [
          'not a list' as unknown as JsonValue,
          5,
          null,
          result('c1', 'sunny'),
          result('c1', 'second'),
        ],
        [
          {
            type: 'function_call_result',
            callId: 'c3',
            name: 'f',
            output: { type: 'text', text: 't' },
          },
          { type: 'function_call_result', callId: 'c4', output: { type: 'image', url: 'u' } },
          { type: 'function_call_result', callId: 'c5' },
          {
            type: 'function_call_result',
            callId: 'c6',
            output: [{ type: 'input_text', text: 'x' }],
          },
          { type: 'function_call', callId: 'c2', output: 'not a result' },
          {
            type: 'function_call_result',
            callId: 'c7',
            output: { type: 'input_text', text: 'cap' },
          },
          { type: 'function_call_result', callId: 'c8', output: { type: 'text', text: 5 } },
          { type: 'function_call_result', callId: 9, output: 'no id' },
        ],
      ),
      label('get_weather', 'c1') + jsonBlock({ city: 'Tokyo' }, 'args') +
        resultHtml('<pre class="text">sunny</pre>') + '</div>' +
        label('get_weather', 'c&lt;2&gt;') + '<pre class="args">not json &lt;</pre></div>' +
        label('?') + jsonBlock({ a: 1 }, 'args') + '</div>' +
        label('get_weather', 'c3') + jsonBlock([], 'args') +
        resultHtml('<pre class="text">t</pre>') + '</div>' +
        label('get_weather', 'c4') + jsonBlock(1, 'args') +
        resultHtml(jsonBlock({ type: 'image', url: 'u' })) + '</div>' +
        label('get_weather', 'c5') + jsonBlock({}, 'args') + resultHtml(jsonBlock(null)) +
        '</div>' +
        label('get_weather', 'c6') + jsonBlock({}, 'args') +
        resultHtml('<pre class="text">x</pre>') + '</div>' +
        // Only a text part of type 'text' with a string text is shown as text.
        label('get_weather', 'c7') + jsonBlock({}, 'args') +
        resultHtml(jsonBlock({ type: 'input_text', text: 'cap' })) + '</div>' +
        label('get_weather', 'c8') + jsonBlock({}, 'args') +
        resultHtml(jsonBlock({ type: 'text', text: 5 })) + '</div>',
    );
  });

  test("a tool call's result comes from the result item, not from the call repeated before it", () => {
    // The Runner sends the history back: the call item, then its result.
    const call = { type: 'function_call', callId: 'c1', name: 'f', arguments: '{}' };
    const html = outputHtml([call], [call, result('c1', 'done')]);
    assert.ok(
      html.includes(
        '<div class="result"><div class="label">result</div><pre class="text">done</pre></div>',
      ),
      html,
    );
  });

  test('a tool result: its name and id when it has them, its text or its JSON; other items by their type', () => {
    assert.equal(
      outputHtml([
        result('c<1>', 'sunny'),
        { type: 'function_call_result', output: { type: 'image' } },
        { type: 'reasoning', content: [] },
        5,
        null,
      ]),
      '<div class="item tool-result"><div class="label">tool result <span class="tool">get_weather</span> <span class="id">c&lt;1&gt;</span></div><pre class="text">sunny</pre></div>' +
        `<div class="item tool-result"><div class="label">tool result</div>${
          jsonBlock({ type: 'image' })
        }</div>` +
        `<div class="item other"><div class="label">reasoning</div>${
          jsonBlock({ type: 'reasoning', content: [] })
        }</div>` +
        `<div class="item">${jsonBlock(5)}</div><div class="item">${jsonBlock(null)}</div>`,
    );
  });

  test('jsonBlock: pretty JSON, escaped, in a pre of its class; undefined as the word', () => {
    assert.equal(
      jsonBlock({ a: '<b>' }),
      '<pre class="json">{\n  &quot;a&quot;: &quot;&lt;b&gt;&quot;\n}</pre>',
    );
    assert.equal(jsonBlock([1], 'args'), '<pre class="args">[\n  1\n]</pre>');
    assert.equal(jsonBlock(undefined), '<pre class="json">undefined</pre>');
  });
});
