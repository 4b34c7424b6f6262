// The stored form of a cassette, through the public Cassette: which earlier
// interaction an input continues, how requests, responses, events and errors
// are written and read back, and what a loaded file must look like.
import assert from 'node:assert/strict';
import { Usage } from '@openai/agents';
import { assistantMessage } from 'scripted-agents/testing';
import {
  Cassette,
  type CassetteData,
  InvalidCassetteError,
  RecordedModelError,
} from 'scripted-agents/cassette';
import { describe, test } from './_harness.ts';

/** Loosely typed JSON, for tests that break a cassette on purpose. */
// deno-lint-ignore no-explicit-any
type Loose = Record<string, any>;

const fields = { modelSettings: {}, tools: [], handoffs: [], outputType: 'text' };

/** A version 1 cassette (every input whole), one interaction per input, as a value. */
function wholeInputs(inputs: unknown[]): Record<string, unknown> {
  return {
    format: 'scripted-agents/cassette',
    version: 1,
    models: {},
    interactions: inputs.map((input, i) => ({
      model: 'm',
      streamed: false,
      request: { input, ...fields },
      response: { output: [assistantMessage(`answer ${i}`)], usage: { requests: 1 } },
    })),
    blobs: {},
  };
}

/** How each stored request gives its input: whole, or continuing an earlier one. */
const inputsOf = (data: CassetteData) =>
  data.interactions.map(({ request }) =>
    request.inputFrom === undefined
      ? { input: request.input }
      : { from: request.inputFrom, append: request.inputAppend }
  );

const live = (input: unknown) => ({ input, ...fields, tracing: false }) as never;

const textOf = (response: { output: unknown[] }) =>
  (response.output[0] as { content: { text: string }[] }).content[0].text;

const a = { type: 'message', role: 'user', content: 'a' };
const b = { type: 'message', role: 'user', content: 'b' };
const c = { type: 'message', role: 'user', content: 'c' };
const x = { type: 'message', role: 'user', content: 'x' };

describe('Cassette format: continued inputs', () => {
  test('an input continues an earlier one longer than what it shares with the previous input', () => {
    const data = Cassette.fromJSON(JSON.stringify(wholeInputs([[a, b], [a, x], [a, b, c]])))
      .toJSON();
    assert.deepEqual(inputsOf(data), [
      { input: [a, b] },
      { input: [a, x] },
      { from: 0, append: [c] },
    ]);
  });

  test('of equal inputs, the next continuation takes the latest', () => {
    const data = Cassette.fromJSON(JSON.stringify(wholeInputs([[a], [a], [a, c]]))).toJSON();
    assert.deepEqual(inputsOf(data), [
      { input: [a] },
      { from: 0, append: [] },
      { from: 1, append: [c] },
    ]);
  });

  test('an input that starts with a bare string continues like any other', async () => {
    // Any string: this one is what a mutation tool plants in an empty array, so
    // the numbering's "previous input" must really start empty.
    const first = ['Stryker was here'];
    const inputs = [first, [a], [...first, b]];
    const cassette = Cassette.fromJSON(JSON.stringify(wholeInputs(inputs)));
    assert.deepEqual(inputsOf(cassette.toJSON()), [
      { input: first },
      { input: [a] },
      { from: 0, append: [b] },
    ]);
    for (const [i, input] of inputs.entries()) {
      assert.equal(textOf(await cassette.model('m').getResponse(live(input))), `answer ${i}`);
    }
    await cassette.close();
  });

  test('loaded from a value, inputs with undefined slots continue by their other items', () => {
    // Not JSON (text would hold null there), but a value fromJSON accepts as it is.
    const holes = Cassette.fromJSON(wholeInputs([['x', undefined], ['x'], ['x', 'y']])).toJSON();
    assert.deepEqual(inputsOf(holes), [
      { input: ['x', undefined] },
      { input: ['x'] },
      { from: 1, append: ['y'] },
    ]);
    const leading = Cassette.fromJSON(wholeInputs([[undefined], [undefined, 'y']])).toJSON();
    assert.deepEqual(inputsOf(leading), [{ input: [undefined] }, { from: 0, append: ['y'] }]);
  });
});

describe('Cassette format: what a loaded cassette must look like', () => {
  /** A valid version 2 cassette with one of each outcome, as a fresh value (nothing shared). */
  const valid = (): Loose =>
    JSON.parse(JSON.stringify({
      format: 'scripted-agents/cassette',
      version: 2,
      models: { m: { supportsPromptModelSelection: true }, n: {} },
      interactions: [
        {
          model: 'm',
          streamed: false,
          request: { systemInstructions: 'S', input: [a], ...fields, previousResponseId: 'r0' },
          response: { output: [], usage: { requests: 1 } },
        },
        {
          model: 'm',
          streamed: true,
          request: { inputFrom: 0, inputAppend: [b], ...fields, conversationId: 'c0' },
          events: [{ type: 'response_started' }],
          error: {
            className: 'APIError',
            name: 'Error',
            message: 'boom',
            status: 500,
            headers: { 'x-request-id': 'req_1' },
            fields: {},
            retryAdvice: { suggested: false },
            cause: { className: 'TypeError', name: 'TypeError', message: 'inner', fields: {} },
          },
        },
        {
          model: 'n',
          streamed: false,
          request: { input: 'Hi', ...fields },
          error: { className: 'Error', name: 'Error', message: 'x', fields: {} },
        },
      ],
      blobs: { 'sha256-00': 'payload' },
    }));

  /** What loading `value` reports: the path, expected and actual of the error, or 'ok'. */
  const problem = (value: unknown) => {
    try {
      Cassette.fromJSON(value, { label: 'x.json' });
      return 'ok';
    } catch (error) {
      assert.ok(error instanceof InvalidCassetteError, String(error));
      assert.equal(error.label, 'x.json');
      return { path: error.path, expected: error.expected, actual: error.actual };
    }
  };
  const changed = (change: (value: Loose) => void) => {
    const value = valid();
    change(value);
    return problem(value);
  };

  test('the valid cassette loads, from its value and from its text', () => {
    assert.equal(problem(valid()), 'ok');
    assert.equal(problem(JSON.stringify(valid())), 'ok');
    // models and blobs may be left out.
    assert.equal(
      changed((v) => {
        delete v.models;
        v.interactions = [v.interactions[2]];
        delete v.blobs;
      }),
      'ok',
    );
  });

  test('the top level names the field and describes what it found', () => {
    const parse = problem('{ "format": ');
    assert.ok(typeof parse === 'object');
    assert.equal(parse.path, '');
    assert.equal(parse.expected, 'JSON text');
    assert.match(parse.actual, /^not JSON \(.+\)$/);
    assert.deepEqual(problem('[1, 2]'), {
      path: '',
      expected: 'an object',
      actual: 'an array of 2',
    });
    assert.deepEqual(problem('null'), { path: '', expected: 'an object', actual: 'null' });
    assert.deepEqual(problem('"x"'), { path: '', expected: 'an object', actual: 'string "x"' });
    assert.deepEqual(changed((v) => v.format = 'vcr'), {
      path: 'format',
      expected: '"scripted-agents/cassette"',
      actual: 'string "vcr"',
    });
    assert.deepEqual(changed((v) => delete v.version), {
      path: 'version',
      expected: 'format version 3, 2 or 1',
      actual: 'missing',
    });
    assert.deepEqual(changed((v) => v.models = []), {
      path: 'models',
      expected: 'an object of model infos',
      actual: 'an array of 0',
    });
    assert.deepEqual(changed((v) => v.models.m = true), {
      path: 'models["m"]',
      expected: 'an object',
      actual: 'boolean true',
    });
    assert.deepEqual(changed((v) => v.models.n.supportsPromptModelSelection = 'yes'), {
      path: 'models["n"].supportsPromptModelSelection',
      expected: 'a boolean',
      actual: 'string "yes"',
    });
    assert.deepEqual(changed((v) => v.blobs = 'none'), {
      path: 'blobs',
      expected: 'an object of digest to payload',
      actual: 'string "none"',
    });
    assert.deepEqual(changed((v) => v.blobs['sha256-00'] = 7), {
      path: 'blobs["sha256-00"]',
      expected: 'a string',
      actual: 'number 7',
    });
    assert.deepEqual(changed((v) => v.interactions = {}), {
      path: 'interactions',
      expected: 'an array',
      actual: 'an object',
    });
    // A long value is cut short.
    assert.deepEqual(changed((v) => v.format = 'v'.repeat(39)), {
      path: 'format',
      expected: '"scripted-agents/cassette"',
      actual: `string "${'v'.repeat(38)}…`,
    });
    assert.deepEqual(changed((v) => v.format = 'v'.repeat(38)), {
      path: 'format',
      expected: '"scripted-agents/cassette"',
      actual: `string "${'v'.repeat(38)}"`,
    });
  });

  test('an interaction names its first bad field', () => {
    const at = (i: number, change: (interaction: Loose) => void) =>
      changed((v) => change(v.interactions[i]));
    const cases: [unknown, string, string, string][] = [
      [
        changed((v) => v.interactions[2] = null),
        'interactions[2]',
        'an interaction object',
        'null',
      ],
      [at(0, (i) => i.model = 1), 'interactions[0].model', 'a model name string', 'number 1'],
      [at(0, (i) => delete i.streamed), 'interactions[0].streamed', 'a boolean', 'missing'],
      [
        at(0, (i) => i.request = []),
        'interactions[0].request',
        'a request object',
        'an array of 0',
      ],
      [
        at(0, (i) => i.request.input = 3),
        'interactions[0].request.input',
        'a string or an array of input items',
        'number 3',
      ],
      [
        at(0, (i) => i.request.handoffs = {}),
        'interactions[0].request.handoffs',
        'an array',
        'an object',
      ],
      [at(2, (i) => i.request.tools = null), 'interactions[2].request.tools', 'an array', 'null'],
      [
        at(0, (i) => i.request.modelSettings = []),
        'interactions[0].request.modelSettings',
        'an object',
        'an array of 0',
      ],
      [
        at(0, (i) => i.request.systemInstructions = 1),
        'interactions[0].request.systemInstructions',
        'a string',
        'number 1',
      ],
      [
        at(0, (i) => i.request.previousResponseId = false),
        'interactions[0].request.previousResponseId',
        'a string',
        'boolean false',
      ],
      [
        at(1, (i) => i.request.conversationId = {}),
        'interactions[1].request.conversationId',
        'a string',
        'an object',
      ],
      [
        at(0, (i) => delete i.response),
        'interactions[0]',
        'an interaction with one outcome: response, events (optionally followed by error), or error',
        'string "an interaction with no outcome"',
      ],
      [
        at(0, (i) => i.events = []),
        'interactions[0]',
        'an interaction with one outcome: response, events (optionally followed by error), or error',
        'string "an interaction with response and event…',
      ],
      [
        at(2, (i) => i.response = { output: [], usage: {} }),
        'interactions[2]',
        'an interaction with one outcome: response, events (optionally followed by error), or error',
        'string "an interaction with response and error"',
      ],
      [
        at(0, (i) => i.response = 'ok'),
        'interactions[0].response',
        'a response object',
        'string "ok"',
      ],
      [
        at(0, (i) => delete i.response.output),
        'interactions[0].response.output',
        'an array of output items',
        'missing',
      ],
      [
        at(0, (i) => i.response.usage = 1),
        'interactions[0].response.usage',
        'a usage object',
        'number 1',
      ],
      [at(1, (i) => i.events = {}), 'interactions[1].events', 'an array of events', 'an object'],
      [
        at(1, (i) => i.events.push('done')),
        'interactions[1].events[1]',
        'an event object with a string type',
        'string "done"',
      ],
      [
        at(1, (i) => i.events.push({ type: 1 })),
        'interactions[1].events[1]',
        'an event object with a string type',
        'an object',
      ],
      [at(2, (i) => i.error = 'x'), 'interactions[2].error', 'an error record', 'string "x"'],
      [
        at(2, (i) => delete i.error.className),
        'interactions[2].error.className',
        'a string',
        'missing',
      ],
      [at(2, (i) => i.error.name = 0), 'interactions[2].error.name', 'a string', 'number 0'],
      [at(2, (i) => i.error.message = null), 'interactions[2].error.message', 'a string', 'null'],
      [
        at(1, (i) => i.error.status = '500'),
        'interactions[1].error.status',
        'a number',
        'string "500"',
      ],
      [
        at(1, (i) => i.error.headers = []),
        'interactions[1].error.headers',
        'an object of strings',
        'an array of 0',
      ],
      [
        at(1, (i) => i.error.headers['retry-after'] = 1),
        'interactions[1].error.headers.retry-after',
        'a string',
        'number 1',
      ],
      [at(2, (i) => delete i.error.fields), 'interactions[2].error.fields', 'an object', 'missing'],
      [
        at(1, (i) => i.error.retryAdvice = true),
        'interactions[1].error.retryAdvice',
        'an object',
        'boolean true',
      ],
      [
        at(1, (i) => i.error.cause.message = 1),
        'interactions[1].error.cause.message',
        'a string',
        'number 1',
      ],
      [
        at(1, (i) => i.request.inputFrom = -1),
        'interactions[1].request.inputFrom',
        'the index of an earlier interaction (an integer from 0 to 0)',
        'number -1',
      ],
    ];
    for (const [actual, path, expected, found] of cases) {
      assert.deepEqual(actual, { path, expected, actual: found }, path);
    }
  });

  test('in version 1, continuation fields beside a whole input are not read', () => {
    const value = wholeInputs([[a], [a, b]]);
    Object.assign((value.interactions as Loose[])[1].request, { inputFrom: 0, inputAppend: [c] });
    const cassette = Cassette.fromJSON(value);
    assert.deepEqual(cassette.interactions[1].request.input, [a, b]);
  });

  test('a dangling blob reference is named wherever it sits', () => {
    const ref = { $blob: 'sha256-ff' };
    const cases: [(v: Loose) => void, string][] = [
      [
        (v) => v.interactions[0].response.output.push({ content: [{ image: ref }] }),
        'interactions[0].response.output[0].content[0].image',
      ],
      [
        (v) => v.interactions[1].events.push({ type: 'x', data: ref }),
        'interactions[1].events[1].data',
      ],
      [
        (v) => v.interactions[2].error.fields.body = [1, ref],
        'interactions[2].error.fields.body[1]',
      ],
      [
        (v) => v.interactions[2].request.modelSettings.extra = ref,
        'interactions[2].request.modelSettings.extra',
      ],
    ];
    for (const [change, path] of cases) {
      assert.deepEqual(changed(change), {
        path,
        expected: 'a blob stored under sha256-ff',
        actual: 'missing',
      });
    }
    // The first dangling reference is named, past nulls and stored references.
    assert.deepEqual(
      changed((v) =>
        v.interactions[0].response.output.push(null, { $blob: 'sha256-00' }, { $blob: 'sha256-ff' })
      ),
      {
        path: 'interactions[0].response.output[2]',
        expected: 'a blob stored under sha256-ff',
        actual: 'missing',
      },
    );
    // A stored blob, and an object that only looks like a reference, are fine.
    assert.equal(
      changed((v) => v.interactions[0].response.output.push({ $blob: 'sha256-00' })),
      'ok',
    );
    assert.equal(
      changed((v) => v.interactions[0].response.output.push({ $blob: 'sha256-ff', note: 1 })),
      'ok',
    );
    assert.equal(changed((v) => v.interactions[0].response.output.push({ $blob: 1 })), 'ok');
  });
});

/** A provider whose one model answers every call with `answer()` (or throws what it throws). */
function providerOf(answer: () => unknown, events: () => unknown[] = () => []) {
  return {
    getModel: () => ({
      getResponse: async () => await answer(),
      async *getStreamedResponse() {
        for (const event of events()) yield event;
        await answer();
      },
    }),
  } as never;
}

/** Records one call of `request` (or a streamed one) and returns the cassette. */
async function recordOne(
  request: Loose,
  answer: () => unknown,
  options: { normalize?: () => void; streamed?: () => unknown[] } = {},
): Promise<Cassette> {
  const recorder = new Cassette({
    mode: 'record',
    provider: providerOf(answer, options.streamed),
    normalize: options.normalize,
  });
  const model = recorder.model('m');
  if (options.streamed === undefined) {
    await model.getResponse({ tracing: false, ...request } as never).catch(() => {});
  } else {
    try {
      for await (const _ of model.getStreamedResponse({ tracing: false, ...request } as never)) {
        // drained
      }
    } catch {
      // recorded
    }
  }
  return recorder;
}

const reply = () => ({ output: [assistantMessage('ok')], usage: new Usage({ requests: 1 }) });

describe('Cassette format: requests and responses', () => {
  test('a live request missing fields is stored with their defaults, in the stored order', async () => {
    const recorder = await recordOne({ conversationId: 'c1', previousResponseId: 'p1' }, reply);
    const stored = recorder.toJSON().interactions[0].request;
    assert.equal(
      JSON.stringify(stored),
      JSON.stringify({
        input: [],
        modelSettings: {},
        tools: [],
        handoffs: [],
        outputType: 'text',
        previousResponseId: 'p1',
        conversationId: 'c1',
      }),
    );
  });

  test('a response keeps its ids, provider data and raw usage, and replays them', async () => {
    const full = {
      output: [assistantMessage('ok')],
      usage: new Usage({ requests: 1, inputTokens: 3 }),
      responseId: 'resp_1',
      requestId: 'req_1',
      providerData: { tier: 'fast' },
      rawUsage: { total: 9 },
    };
    const recorder = await recordOne({ input: 'Hi' }, () => full);
    const stored = recorder.toJSON().interactions[0].response!;
    assert.deepEqual(Object.keys(stored), [
      'output',
      'providerData',
      'rawUsage',
      'requestId',
      'responseId',
      'usage',
    ]);
    assert.equal(stored.usage.inputTokens, 3);
    const cassette = Cassette.fromJSON(JSON.stringify(recorder));
    const replayed = await cassette.model('m').getResponse(live('Hi'));
    assert.equal(replayed.responseId, 'resp_1');
    assert.equal(replayed.requestId, 'req_1');
    assert.deepEqual(replayed.providerData, { tier: 'fast' });
    assert.deepEqual(replayed.rawUsage, { total: 9 });
    assert.ok(replayed.usage instanceof Usage);
    assert.equal(replayed.usage.inputTokens, 3);

    const bare = await recordOne({ input: 'Hi' }, () => ({}));
    assert.deepEqual(bare.toJSON().interactions[0].response, { output: [], usage: {} });
    const plain = await Cassette.fromJSON(bare.toJSON()).model('m').getResponse(live('Hi'));
    assert.deepEqual(Object.keys(plain).sort(), ['output', 'usage']);
  });

  test('a recorded stream answers a plain call with its last response_done event', async () => {
    const done = (id: unknown, text: string, extra: Loose = {}) => ({
      type: 'response_done',
      response: { id, output: [assistantMessage(text)], usage: { requests: 1 }, ...extra },
    });
    const cassette = (events: unknown[]) =>
      Cassette.fromJSON({
        format: 'scripted-agents/cassette',
        version: 2,
        models: {},
        interactions: [{
          model: 'm',
          streamed: true,
          request: { input: 'Hi', ...fields },
          events,
        }],
        blobs: {},
      });
    const first = await cassette([
      done('resp_0', 'early'),
      { type: 'output_text_delta', delta: 'x' },
      done('resp_1', 'last', {
        requestId: 'req_1',
        providerData: { p: 1 },
        rawUsage: { r: 2 },
        usage: { requests: 1, inputTokens: 5 },
      }),
      { type: 'model', event: {} },
    ]).model('m').getResponse(live('Hi'));
    assert.equal(textOf(first), 'last');
    assert.equal(first.usage.requests, 1);
    assert.equal(first.responseId, 'resp_1');
    assert.equal(first.requestId, 'req_1');
    assert.deepEqual(first.providerData, { p: 1 });
    assert.deepEqual(first.rawUsage, { r: 2 });
    assert.equal(first.usage.inputTokens, 5);
    // The done event may be the first; an id that is not a string is left out.
    const only = await cassette([{ type: 'response_done', response: { id: 7, requestId: 8 } }])
      .model('m').getResponse(live('Hi'));
    assert.deepEqual(only.output, []);
    assert.equal(only.usage.inputTokens, 0);
    assert.deepEqual(Object.keys(only).sort(), ['output', 'usage']);
    // A stream that never finished cannot answer a plain call.
    await assert.rejects(
      cassette([{ type: 'response_started' }]).model('m').getResponse(live('Hi')),
      /stream that ended without a response/,
    );
  });
});

describe('Cassette format: recorded streams', () => {
  test('an event that is no JSON is recorded as null, and the recording still converts', async () => {
    const recorder = await recordOne({ input: 'Hi' }, reply, {
      streamed: () => [undefined, { type: 'response_started' }],
    });
    const [interaction] = recorder.interactions;
    assert.deepEqual(interaction.events, [null, { type: 'response_started' }]);
    assert.equal(interaction.streamed, true);
    // No response_done: the step replays the stream, then fails like it ended.
    assert.equal(recorder.toScriptedModel().remainingSteps, 1);
    assert.match(recorder.toTypeScript(), /modelStream\(\[null,\{"type":"response_started"\}\]\)/);
  });
});

describe('Cassette format: recorded errors', () => {
  const thrown = async (error: unknown) => {
    const recorder = await recordOne({ input: 'Hi' }, () => {
      throw error;
    });
    return recorder.toJSON().interactions[0].error!;
  };

  test('a thrown value that is not an Error is stored by its type and text', async () => {
    assert.deepEqual(await thrown('bad'), {
      className: 'string',
      name: 'Error',
      message: 'bad',
      fields: {},
    });
    assert.deepEqual(await thrown(null), {
      className: 'null',
      name: 'Error',
      message: 'null',
      fields: {},
    });
    assert.deepEqual((await thrown(42)).className, 'number');
    assert.deepEqual((await thrown({ a: 1 })).message, '[object Object]');
    assert.equal((await thrown('key sk-proj-abcdef1234567890')).message.includes('sk-proj'), false);
  });

  test('an Error keeps its class, status, the headers a retry reads, and its other fields', async () => {
    class RateLimitError extends Error {
      status = 429;
      code = 'rate_limit';
      headers = {
        'Retry-After': '1',
        'retry-after-ms': '5',
        'X-Should-Retry': 'true',
        'x-request-id': 'req_1',
        'Content-Type': 'application/json',
        'x-ratelimit-remaining-requests': '0',
        'set-cookie': 'a=b',
        date: 'today',
        'x-count': 5,
      };
    }
    const record = await thrown(new RateLimitError('slow down'));
    assert.equal(record.className, 'RateLimitError');
    assert.equal(record.name, 'Error');
    assert.equal(record.message, 'slow down');
    assert.equal(record.status, 429);
    assert.deepEqual(record.headers, {
      'content-type': 'application/json',
      'retry-after': '1',
      'retry-after-ms': '5',
      'x-ratelimit-remaining-requests': '0',
      'x-request-id': 'req_1',
      'x-should-retry': 'true',
    });
    assert.deepEqual(record.fields, { code: 'rate_limit' });
    // Headers may come as `responseHeaders`; a status that is not a number is a field.
    const other = await thrown(
      Object.assign(new Error('x'), { status: '500', responseHeaders: { 'x-request-id': 'r' } }),
    );
    assert.equal('status' in other, false);
    assert.deepEqual(other.headers, { 'x-request-id': 'r' });
    assert.deepEqual(other.fields, { responseHeaders: { 'x-request-id': 'r' } });
    const noHeaders = await thrown(Object.assign(new Error('x'), { headers: 'none' }));
    assert.equal('headers' in noHeaders, false);
  });

  test('a thrown symbol or object reads as its own text', async () => {
    assert.equal((await thrown(Symbol('gone'))).message, 'Symbol(gone)');
    assert.equal((await thrown({ toString: () => 'custom text' })).message, 'custom text');
  });

  test('own fields named like the standard ones are never stored as fields', async () => {
    class WeirdError extends Error {
      override name = 'WeirdError';
      override message = 'a field message';
      override stack = 'a field stack';
      override cause = new Error('inner');
      status = 503;
      headers = { 'x-ratelimit-limit': 100, 'x-request-id': 'r' };
      kept = 1;
    }
    const record = await thrown(new WeirdError('ignored'));
    assert.equal(record.name, 'WeirdError');
    assert.equal(record.message, 'a field message');
    assert.deepEqual(record.fields, { kept: 1 });
    assert.equal(record.cause?.message, 'inner');
    // A number is no header value.
    assert.deepEqual(record.headers, { 'x-request-id': 'r' });
  });

  test('an error without a constructor, or with null headers, is still recorded', async () => {
    const bare = new Error('bare');
    Object.defineProperty(bare, 'constructor', { value: undefined });
    assert.equal((await thrown(bare)).className, 'Error');
    const nullHeaders = await thrown(
      Object.assign(new Error('x'), { headers: null, responseHeaders: null }),
    );
    assert.equal('headers' in nullHeaders, false);
    // A cause that is no JSON (a function) is left out.
    const fn = await thrown(new Error('x', { cause: () => 1 }));
    assert.deepEqual(Object.keys(fn.fields), []);
  });

  test('causes are kept as records four levels deep, then as a field', async () => {
    let error: Error = new Error('e5', { cause: 'root text' });
    for (let i = 4; i >= 0; i--) error = new Error(`e${i}`, { cause: error });
    const record = await thrown(error);
    const chain: string[] = [];
    let at: Loose | undefined = record;
    let last: Loose = record;
    while (at !== undefined) {
      chain.push(at.message);
      last = at;
      at = at.cause;
    }
    assert.deepEqual(chain, ['e0', 'e1', 'e2', 'e3', 'e4']);
    assert.deepEqual(last.fields, { cause: {} });
    assert.deepEqual((await thrown(new Error('x', { cause: 'why' }))).fields, { cause: 'why' });
    assert.deepEqual((await thrown(new Error('x', { cause: undefined }))).fields, {});

    const cassette = Cassette.fromJSON({
      format: 'scripted-agents/cassette',
      version: 2,
      models: {},
      interactions: [{
        model: 'm',
        streamed: false,
        request: { input: 'Hi', ...fields },
        error: record,
      }],
      blobs: {},
    });
    const replayed = await cassette.model('m').getResponse(live('Hi')).catch((e) => e);
    assert.ok(replayed instanceof RecordedModelError);
    assert.equal(replayed.message, 'e0');
    assert.ok(replayed.cause instanceof RecordedModelError);
    assert.equal((replayed.cause as Error).message, 'e1');
  });
});

describe('Cassette format: converting what the SDK hands over', () => {
  const identity = { normalize: () => {} };
  /** The stored `modelSettings.providerData` of a request carrying `data`, both ways of keying. */
  const stored = async (data: unknown, options: { normalize?: () => void } = identity) => {
    const recorder = await recordOne(
      { input: 'Hi', modelSettings: { providerData: data } },
      reply,
      options,
    );
    return (recorder.interactions[0].request.modelSettings as Loose).providerData as Loose;
  };

  test('values become JSON with their keys sorted, `type` first, credentials redacted', async () => {
    const data = {
      when: new Date(0),
      never: new Date(Number.NaN),
      big: 12n,
      inf: Infinity,
      nan: Number.NaN,
      fn: () => 1,
      sym: Symbol('s'),
      undef: undefined,
      list: [undefined, () => 1, Symbol('s'), 1, 'a', true, null],
      map: new Map<string, unknown>([['k', 1], ['apiKey', 'k1']]),
      set: new Set(['b', 'a']),
      headers: new Headers({ 'X-Trace': 'abc', Authorization: 'Bearer xyz' }),
      bytes: new Uint8Array([104, 105]),
      buffer: new Uint8Array([1, 2, 3]).buffer,
      slice: new Uint8Array([0, 104, 105, 0]).subarray(1, 3),
      custom: { toJSON: () => ({ as: 'json', password: 'p' }) },
      password: 'hunter2',
      apiKey: 123,
      secret: { kept: 'an object' },
      Authorization: 'x',
      flag: false,
      zero: 0,
      type: 'settings',
    };
    const expected = {
      type: 'settings',
      Authorization: '[redacted]',
      apiKey: '[redacted]',
      big: '12',
      buffer: 'AQID',
      bytes: 'aGk=',
      custom: { as: 'json', password: '[redacted]' },
      flag: false,
      headers: { authorization: '[redacted]', 'x-trace': 'abc' },
      inf: null,
      list: [null, null, null, 1, 'a', true, null],
      map: { apiKey: '[redacted]', k: 1 },
      nan: null,
      never: null,
      password: '[redacted]',
      secret: { kept: 'an object' },
      set: ['b', 'a'],
      slice: 'aGk=',
      when: '1970-01-01T00:00:00.000Z',
      zero: 0,
    };
    const converted = await stored(data);
    assert.equal(JSON.stringify(converted), JSON.stringify(expected));
    // As values too: no key left holding undefined, no number that JSON cannot write.
    assert.deepEqual(converted, expected);
    // Keyed from the snapshot (no hook), the request is stored the same way.
    assert.equal(JSON.stringify(await stored(data, {})), JSON.stringify(expected));
    const text = await stored({ note: 'use sk-proj-abcdef1234567890 now', top: 'Bearer' });
    assert.equal(text.note.includes('sk-proj'), false);
    assert.match(text.note, /^use .+ now$/);
    assert.equal(text.top, 'Bearer');
  });

  test('a cookie never reaches the cassette, even from Headers holding several', async () => {
    const headers = new Headers([['set-cookie', 'a=1'], ['set-cookie', 'b=2'], ['X-A', '1']]);
    assert.deepEqual(await stored({ headers }), {
      headers: { 'set-cookie': '[redacted]', 'x-a': '1' },
    });
  });

  test('an object with many keys has them sorted too', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => `k${String(i).padStart(2, '0')}`);
    const data = Object.fromEntries([...keys].reverse().map((key) => [key, 1]));
    assert.deepEqual(Object.keys(await stored({ ...data, type: 'many' })), ['type', ...keys]);
  });

  test('data shaped like a blob reference writes no blob entry', async () => {
    const recorder = await recordOne(
      { input: 'Hi', modelSettings: { providerData: { $blob: 'sha256-abc' } } },
      reply,
    );
    assert.deepEqual(recorder.toJSON().blobs, {});
  });

  test('interactions are fresh copies each time', async () => {
    const recorder = await recordOne({ input: [{ role: 'user', content: 'Hi' }] }, reply);
    const first = recorder.interactions;
    (first[0].request.input as Loose[])[0].content = 'changed';
    first[0].request.modelSettings = { changed: true };
    assert.deepEqual(recorder.interactions[0].request.input, [{ role: 'user', content: 'Hi' }]);
    assert.deepEqual(recorder.interactions[0].request.modelSettings, {});
  });

  test('a normalize hook may rewrite or delete a field named "__proto__"', async () => {
    const settings = () => JSON.parse('{"__proto__": "volatile", "other": 1}');
    const normalize = (request: Loose) => {
      request.modelSettings['__proto__'] = 'fixed';
      delete request.modelSettings.other;
    };
    const recorder = new Cassette({ mode: 'record', provider: providerOf(reply), normalize });
    await recorder.model('m').getResponse(
      { input: 'Hi', modelSettings: settings(), tracing: false } as never,
    );
    const text = JSON.stringify(recorder);
    assert.match(text, /"modelSettings":\{"__proto__":"fixed"\}/);
    const cassette = Cassette.fromJSON(text, {
      normalize: (request: Loose) => {
        normalize(request);
        delete request.modelSettings['__proto__'];
        request.modelSettings['__proto__'] = 'fixed';
      },
    });
    await cassette.model('m').getResponse(
      { input: 'Hi', modelSettings: settings(), tracing: false } as never,
    );
    await cassette.close();
  });

  test('a cycle becomes "[circular]" where the walk starts watching for it', async () => {
    const loop: Loose = { name: 'loop' };
    loop.self = loop;
    const converted = await stored({ loop });
    let depth = 0;
    let at: Loose | string = converted.loop;
    while (typeof at === 'object') {
      assert.equal(at.name, 'loop');
      at = at.self;
      depth++;
    }
    assert.equal(at, '[circular]');
    // The request's fields are walked from depth 0: settings, providerData, then the loop.
    assert.equal(depth, 47);
  });

  test('deep down, an object met twice side by side is no cycle', async () => {
    const shared = { leaf: true };
    let deep: Loose = { a: shared, b: shared };
    for (let i = 0; i < 60; i++) deep = { next: deep };
    let at: Loose = await stored(deep);
    for (let i = 0; i < 60; i++) at = at.next;
    assert.deepEqual(at, { a: { leaf: true }, b: { leaf: true } });
  });

  test('a frozen Map handed over as a field is converted again on each call', async () => {
    // Freezing a Map does not freeze its contents, so only plain nodes are converted once.
    const map = Object.freeze(new Map([['k', 1]]));
    const recorder = new Cassette({ mode: 'record', provider: providerOf(reply) });
    for (const value of [1, 2]) {
      map.set('k', value);
      await recorder.model('m').getResponse(
        { input: 'Hi', modelSettings: map, tracing: false } as never,
      );
    }
    assert.deepEqual(
      recorder.interactions.map((i) => (i.request.modelSettings as Loose).k),
      [1, 2],
    );
  });

  test('an own "__proto__" key is kept as data, never as a prototype', async () => {
    const data = JSON.parse('{"__proto__": {"polluted": true}, "plain": 1}');
    const converted = await stored({ inner: data });
    assert.ok(Object.hasOwn(converted.inner, '__proto__'));
    assert.equal(Object.getPrototypeOf(converted.inner), Object.prototype);
    assert.equal(converted.inner.polluted, undefined);
    const text = '{"format":"scripted-agents/cassette","version":2,"models":{},"interactions":[' +
      '{"model":"m","streamed":false,"request":{"input":"Hi","modelSettings":{},"tools":[],' +
      '"handoffs":[],"outputType":"text"},"response":{"output":[{"__proto__":{"x":1},' +
      '"type":"message"}],"usage":{}}}],"blobs":{}}';
    const cassette = Cassette.fromJSON(text);
    const [item] = (await cassette.model('m').getResponse(live('Hi'))).output as Loose[];
    assert.ok(Object.hasOwn(item, '__proto__'));
    assert.equal(Object.getPrototypeOf(item), Object.prototype);
    assert.equal(item.x, undefined);
    // Written back in the stored order (`type` first), still as data.
    assert.equal(
      JSON.stringify(cassette.toJSON().interactions[0].response!.output),
      '[{"type":"message","__proto__":{"x":1}}]',
    );
    assert.ok(Object.hasOwn(cassette.interactions[0].response!.output[0] as Loose, '__proto__'));
  });
});

describe('Cassette format: key order on load', () => {
  const ordered = {
    model: 'm',
    streamed: false,
    request: {
      systemInstructions: 'S',
      input: [{ type: 'message', content: 'Hi', role: 'user' }],
      modelSettings: { a: 1, b: { c: 1, d: 2 } },
      tools: [],
      handoffs: [],
      outputType: 'text',
    },
    response: {
      output: [{ type: 'message', content: [], id: 'x' }],
      usage: { a: 1, b: 2 },
    },
  };
  /** The same interaction with some keys out of order, at `where`. */
  const variants: [string, Loose][] = [
    ['the interaction', {
      streamed: false,
      model: 'm',
      request: ordered.request,
      response: ordered.response,
    }],
    ['the request', {
      ...ordered,
      request: (({ input, ...others }) => ({ input, ...others }))(ordered.request),
    }],
    ['an input item', {
      ...ordered,
      request: { ...ordered.request, input: [{ role: 'user', type: 'message', content: 'Hi' }] },
    }],
    ['an input item (type last)', {
      ...ordered,
      request: { ...ordered.request, input: [{ content: 'Hi', role: 'user', type: 'message' }] },
    }],
    ['the settings', {
      ...ordered,
      request: { ...ordered.request, modelSettings: { b: { d: 2, c: 1 }, a: 1 } },
    }],
    ['the response', {
      ...ordered,
      response: { usage: { b: 2, a: 1 }, output: ordered.response.output },
    }],
    ['an output item', {
      ...ordered,
      response: { ...ordered.response, output: [{ id: 'x', type: 'message', content: [] }] },
    }],
  ];
  const file = (interaction: unknown) =>
    JSON.stringify({
      format: 'scripted-agents/cassette',
      version: 2,
      models: { m: {} },
      interactions: [interaction],
      blobs: {},
    });
  const request = {
    systemInstructions: 'S',
    input: [{ role: 'user', content: 'Hi', type: 'message' }],
    modelSettings: { b: { d: 2, c: 1 }, a: 1 },
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
  } as never;

  test('a file in the stored order is written back as it was', () => {
    assert.equal(JSON.stringify(Cassette.fromJSON(file(ordered))), file(ordered));
  });

  for (const [where, interaction] of variants) {
    test(`keys out of order in ${where} are put in the stored order, and the request matches`, async () => {
      for (const value of [file(interaction), JSON.parse(file(interaction))]) {
        const cassette = Cassette.fromJSON(value);
        assert.equal(JSON.stringify(cassette), file(ordered));
        assert.equal(JSON.stringify(cassette.interactions[0]), JSON.stringify(ordered));
        assert.equal(textOrNothing(await cassette.model('m').getResponse(request)), 'x');
        await cassette.close();
      }
    });
  }

  test('keys out of order in an interaction without typed objects are put in the stored order', () => {
    // A stream that sent no events: nothing else in the file has keys to order.
    const untyped = (modelSettings: unknown) => ({
      model: 'm',
      streamed: true,
      request: { input: 'Hi', modelSettings, tools: [], handoffs: [], outputType: 'text' },
      events: [],
    });
    for (
      const [settings, sorted] of [
        [{ b: 1, a: 2 }, { a: 2, b: 1 }],
        [{ a: { d: 1, c: 2 } }, { a: { c: 2, d: 1 } }],
        [{ a: [{ d: 1, c: 2 }] }, { a: [{ c: 2, d: 1 }] }],
      ]
    ) {
      assert.equal(
        JSON.stringify(Cassette.fromJSON(file(untyped(settings)))),
        file(untyped(sorted)),
      );
    }
  });

  test('unknown request fields follow the known ones, sorted', () => {
    const written = (request: Loose) =>
      JSON.stringify(Cassette.fromJSON(file({ ...ordered, request })).interactions[0].request);
    const expected = JSON.stringify({ ...ordered.request, alpha: 2, zeta: 1 });
    assert.equal(written({ zeta: 1, alpha: 2, ...ordered.request }), expected);
    assert.equal(written({ ...ordered.request, zeta: 1, alpha: 2 }), expected);
    assert.equal(written({ ...ordered.request, alpha: 2, zeta: 1 }), expected);
  });

  test('a value handed to fromJSON is copied, never changed', async () => {
    const value = JSON.parse(file(ordered));
    value.interactions.push({
      ...ordered,
      // In the stored order, so that nothing about its order calls for a copy.
      request: {
        systemInstructions: 'S',
        inputFrom: 0,
        inputAppend: [],
        modelSettings: ordered.request.modelSettings,
        tools: [],
        handoffs: [],
        outputType: 'text',
      },
    });
    const before = JSON.parse(JSON.stringify(value));
    const cassette = Cassette.fromJSON(value);
    await cassette.model('m').getResponse(request);
    assert.deepEqual(value, before);
    assert.deepEqual(cassette.interactions[1].request.input, ordered.request.input);
  });

  test('a file with a continued input is written back as it was', () => {
    const text = JSON.stringify({
      format: 'scripted-agents/cassette',
      version: 2,
      models: { m: {} },
      interactions: [ordered, {
        ...ordered,
        request: {
          systemInstructions: 'S',
          inputFrom: 0,
          inputAppend: [{ type: 'message', content: 'More', role: 'user' }],
          modelSettings: ordered.request.modelSettings,
          tools: [],
          handoffs: [],
          outputType: 'text',
        },
      }],
      blobs: {},
    });
    const cassette = Cassette.fromJSON(text);
    assert.equal(JSON.stringify(cassette), text);
    assert.deepEqual(Object.keys(cassette.interactions[1].request), [
      'systemInstructions',
      'input',
      'modelSettings',
      'tools',
      'handoffs',
      'outputType',
    ]);
  });

  test('request fields holding undefined are left out', () => {
    const value = JSON.parse(file(ordered));
    Object.assign(value.interactions[0].request, { prompt: undefined, zeta: undefined });
    const loaded = Cassette.fromJSON(value).interactions[0].request;
    assert.deepEqual(Object.keys(loaded), Object.keys(ordered.request));
  });

  test('a request whose every field is out of order is put in order', async () => {
    const unsorted = {
      input: [{ role: 'user', type: 'message', content: 'Hi' }],
      modelSettings: { b: 1, a: 2 },
      tools: [{ name: 't', type: 'function' }],
      handoffs: [{ toolName: 'h', agentName: 'A' }],
    };
    const cassette = Cassette.fromJSON(file({ ...ordered, request: unsorted }));
    assert.equal(
      JSON.stringify(cassette.interactions[0].request),
      JSON.stringify({
        input: [{ type: 'message', content: 'Hi', role: 'user' }],
        modelSettings: { a: 2, b: 1 },
        tools: [{ type: 'function', name: 't' }],
        handoffs: [{ agentName: 'A', toolName: 'h' }],
      }),
    );
  });

  test('an unknown interaction field is dropped', () => {
    const text = file({ ...ordered, note: 'hand-written' });
    assert.equal(JSON.stringify(Cassette.fromJSON(text)), file(ordered));
  });
});

const textOrNothing = (response: { output: unknown[] }) => (response.output[0] as Loose).id;

describe('Cassette format: binary payloads by digest', () => {
  const digestOf = async (text: string) => {
    const bytes = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)),
    );
    return `sha256-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  };
  const storedWith = async (value: unknown) => {
    const recorder = await recordOne({ input: [{ role: 'user', content: value }] }, reply);
    return recorder.toJSON();
  };
  const contentOf = (data: CassetteData) =>
    ((data.interactions[0].request.input as Loose[])[0] as Loose).content;

  test('long base64 text and data URLs are stored once under their SHA-256 digest', async () => {
    const cases: [string, boolean][] = [
      ['A'.repeat(1023), false],
      ['A'.repeat(1024), true],
      ['Az09+/_-'.repeat(128), true],
      [`${'A'.repeat(1022)}==`, true],
      [`${'A'.repeat(1021)}===`, false],
      [`${'A'.repeat(1023)} `, false],
      [`data:image/png;base64,${'A'.repeat(1002)}`, true],
      [`data:text/plain;charset=utf-8;name=a.txt;base64,${'A'.repeat(980)}`, true],
      [`data:text/plain,${'A'.repeat(1010)}`, false],
      [`xdata:image/png;base64,${'A'.repeat(1002)}`, false],
    ];
    for (const [text, blob] of cases) {
      const data = await storedWith(text);
      if (!blob) {
        assert.equal(contentOf(data), text, text.slice(0, 40));
        assert.deepEqual(data.blobs, {});
        continue;
      }
      const digest = await digestOf(text);
      assert.deepEqual(contentOf(data), { $blob: digest }, text.slice(0, 40));
      assert.deepEqual(data.blobs, { [digest]: text });
      // Replay hands over the payload itself, and a request carrying it matches.
      const cassette = Cassette.fromJSON(JSON.stringify(data));
      assert.deepEqual(
        (cassette.interactions[0].request.input as Loose[])[0].content,
        { $blob: digest },
      );
      await cassette.model('m').getResponse(live([{ role: 'user', content: text }]));
      await cassette.close();
    }
  });

  test('bytes become base64, a blob when long', async () => {
    const bytes = new Uint8Array(800).map((_, i) => i % 256);
    const data = await storedWith(bytes);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    const text = btoa(binary);
    assert.deepEqual(data.blobs, { [await digestOf(text)]: text });
    // More than one chunk of the conversion.
    const large = new Uint8Array(0x8000 + 3).fill(65);
    const stored = await storedWith(large);
    assert.deepEqual(Object.values(stored.blobs), [btoa('A'.repeat(0x8000 + 3))]);
  });

  test('a replayed response restores its blobs; toJSON writes only the referenced ones, sorted', async () => {
    const [one, two] = ['B'.repeat(1100), 'C'.repeat(1200)];
    const [first, second] = [await digestOf(one), await digestOf(two)];
    const cassette = Cassette.fromJSON({
      format: 'scripted-agents/cassette',
      version: 2,
      models: {},
      interactions: [{
        model: 'm',
        streamed: false,
        request: { input: 'Hi', ...fields },
        response: {
          output: [{ type: 'image', data: [{ $blob: second }, { $blob: first }] }],
          usage: {},
          providerData: { raw: { $blob: first } },
        },
      }],
      blobs: { [second]: two, 'sha256-unused': 'x', [first]: one },
    });
    const response = await cassette.model('m').getResponse(live('Hi'));
    assert.deepEqual(response.output, [{ type: 'image', data: [two, one] }]);
    assert.deepEqual(response.providerData, { raw: one });
    const blobs = cassette.toJSON().blobs;
    assert.deepEqual(Object.keys(blobs), [first, second].sort());
    assert.deepEqual(blobs, { [first]: one, [second]: two });
    await cassette.close();
  });
});
