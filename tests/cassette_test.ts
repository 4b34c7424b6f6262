// The Cassette in memory: recording modes, matching, normalization, redaction,
// binary payloads by digest, streams in both directions, errors and retry
// advice, loading errors, and the conversion to a ScriptedModel. The "real"
// provider here is a ScriptedModel behind a provider; the real OpenAI stack is
// exercised by tests/cassette_loopback_test.ts.
import assert from 'node:assert/strict';
import {
  Agent,
  handoff,
  type Model,
  type ModelProvider,
  retryPolicies,
  Runner,
  tool,
} from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  modelError,
  modelResponder,
  ScriptedModel,
} from 'scripted-agents/testing';
import {
  Cassette,
  type CassetteData,
  CassetteMissError,
  InvalidCassetteError,
  RecordedModelError,
  UnusedCassetteInteractionsError,
} from 'scripted-agents/cassette';
import { describe, test } from './_harness.ts';

const runner = (modelProvider: ModelProvider) =>
  new Runner({ modelProvider, tracingDisabled: true });

/** A provider serving one scripted model per name; counts getModel calls. */
function scriptedProvider(models: Record<string, Model>): ModelProvider & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    getModel(name?: string) {
      asked.push(name ?? '');
      const model = models[name ?? ''];
      if (model === undefined) throw new Error(`no model ${name}`);
      return model;
    },
  };
}

const never: ModelProvider = {
  getModel() {
    throw new Error('replay must not ask the provider for a model');
  },
};

const weather = tool({
  name: 'get_weather',
  description: 'Gets the weather for a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: sunny`,
});

function weatherScript(): ScriptedModel {
  return new ScriptedModel([
    [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
    [assistantMessage('It is sunny in Tokyo.', { id: 'msg_1' })],
  ]);
}

const weatherAgent = () =>
  new Agent({ name: 'Weather', instructions: 'Use tools.', model: 'm', tools: [weather] });

async function recordWeather(): Promise<CassetteData> {
  const recorder = new Cassette({
    mode: 'record',
    provider: scriptedProvider({ m: weatherScript() }),
  });
  await runner(recorder).run(weatherAgent(), 'Weather in Tokyo?');
  return JSON.parse(JSON.stringify(await recorder.close()));
}

describe('Cassette: record and replay', () => {
  test('replays a recorded tool loop without asking the provider for a model', async () => {
    const data = await recordWeather();
    assert.equal(data.interactions.length, 2);
    assert.deepEqual(data.interactions.map((i) => i.model), ['m', 'm']);
    const cassette = Cassette.fromJSON(data, { provider: never });
    const result = await runner(cassette).run(weatherAgent(), 'Weather in Tokyo?');
    assert.equal(result.finalOutput, 'It is sunny in Tokyo.');
    assert.deepEqual(
      result.newItems.map((item) => item.type),
      ['tool_call_item', 'tool_call_output_item', 'message_output_item'],
    );
    await cassette.close();
  });

  test('toJSON shows what is recorded so far, at any time', async () => {
    let seen: CassetteData | undefined;
    const script = new ScriptedModel([
      [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
      modelResponder(() => {
        seen = JSON.parse(JSON.stringify(recorder));
        return [assistantMessage('Done.')];
      }),
    ]);
    const recorder = new Cassette({ mode: 'record', provider: scriptedProvider({ m: script }) });
    await runner(recorder).run(weatherAgent(), 'Go');
    assert.equal(seen?.interactions.length, 1);
    assert.equal(recorder.toJSON().interactions.length, 2);
    assert.equal(recorder.mode, 'record');
  });

  test('the file form is versioned, keyed stably, and pretty-printable', async () => {
    const data = await recordWeather();
    assert.equal(data.format, 'scripted-agents/cassette');
    assert.equal(data.version, 2);
    assert.deepEqual(Object.keys(data.interactions[0]), [
      'model',
      'agent',
      'streamed',
      'request',
      'response',
      'recorded',
    ]);
    assert.equal(data.interactions[0].agent, weatherAgent().name);
    assert.deepEqual(Object.keys(data.interactions[0].request), [
      'systemInstructions',
      'input',
      'modelSettings',
      'tools',
      'handoffs',
      'outputType',
    ]);
    const item = data.interactions[0].response!.output[0] as Record<string, unknown>;
    assert.equal(Object.keys(item)[0], 'type');
    // The second turn stores only what it added to the first turn's input.
    const second = data.interactions[1].request;
    assert.deepEqual(Object.keys(second), [
      'systemInstructions',
      'inputFrom',
      'inputAppend',
      'modelSettings',
      'tools',
      'handoffs',
      'outputType',
    ]);
    assert.equal(second.inputFrom, 0);
    assert.deepEqual(second.inputAppend?.map((i) => (i as { type: string }).type), [
      'function_call',
      'function_call_result',
    ]);
    // Loading and writing again changes nothing.
    assert.deepEqual(Cassette.fromJSON(data).toJSON(), data);
    // `interactions` shows whole requests.
    const whole = Cassette.fromJSON(data).interactions;
    assert.deepEqual(whole[1].request.input, [
      ...(data.interactions[0].request.input as unknown[]),
      ...second.inputAppend!,
    ]);
  });

  test('auto records without a recording and replays with one', async () => {
    const provider = scriptedProvider({ m: weatherScript() });
    const first = new Cassette({ mode: 'auto', provider });
    assert.equal(first.mode, 'record');
    await runner(first).run(weatherAgent(), 'Weather in Tokyo?');
    const second = Cassette.fromJSON(await first.close(), { mode: 'auto', provider: never });
    assert.equal(second.mode, 'replay');
    await runner(second).run(weatherAgent(), 'Weather in Tokyo?');
    await second.close();
  });

  test('update keeps what still matches, records what is missing, drops what is unused', async () => {
    const data = await recordWeather();
    // A third, unrelated recorded interaction that no run will use.
    data.interactions.push({ ...data.interactions[1], model: 'old' });
    const provider = scriptedProvider({
      m: new ScriptedModel([[assistantMessage('Hello there.')]]),
    });
    const updater = Cassette.fromJSON(data, { mode: 'update', provider });
    await runner(updater).run(weatherAgent(), 'Weather in Tokyo?');
    const hello = await runner(updater).run(weatherAgent(), 'Hello');
    assert.equal(hello.finalOutput, 'Hello there.');
    const updated = await updater.close();
    assert.equal(updated.interactions.length, 3);
    assert.deepEqual(updated.interactions.slice(0, 2), data.interactions.slice(0, 2));
    assert.equal(updated.interactions.some((i) => i.model === 'old'), false);
    assert.deepEqual(provider.asked, ['m']);
  });

  test('close() saves a recording, and `await using` closes', async () => {
    const saved: CassetteData[] = [];
    {
      await using recorder = new Cassette({
        mode: 'record',
        provider: scriptedProvider({ m: weatherScript() }),
        save: (data) => {
          saved.push(data);
        },
      });
      await runner(recorder).run(weatherAgent(), 'Weather in Tokyo?');
    }
    assert.equal(saved.length, 1);
    assert.equal(saved[0].interactions.length, 2);
  });

  test('recording needs a provider; an unknown mode is rejected', () => {
    assert.throws(() => new Cassette({ mode: 'record' }), /needs the real provider/);
    assert.throws(() => new Cassette({ mode: 'rewind' as never }), /must be one of/);
  });

  test('a model taken with model(name) and handed-off agents go through the cassette', async () => {
    const billing = new Agent({ name: 'Billing', instructions: 'Bill.', model: 'small' });
    const triage = (model: Model) =>
      new Agent({ name: 'Triage', instructions: 'Route.', model, handoffs: [handoff(billing)] });
    const provider = scriptedProvider({
      big: new ScriptedModel([[functionCall('transfer_to_Billing', {}, { callId: 'h1' })]]),
      small: new ScriptedModel([[assistantMessage('Your bill is 3 EUR.')]]),
    });
    const recorder = new Cassette({ mode: 'record', provider });
    await recorder.getModel('big');
    const recorded = await runner(recorder).run(triage(recorder.model('big')), 'My bill?');
    assert.equal(recorded.finalOutput, 'Your bill is 3 EUR.');
    const data = await recorder.close();
    assert.deepEqual(data.interactions.map((i) => i.model), ['big', 'small']);
    assert.equal(
      (data.interactions[0].request.handoffs[0] as { toolName: string }).toolName,
      'transfer_to_Billing',
    );

    const cassette = Cassette.fromJSON(data);
    const replayed = await runner(cassette).run(triage(cassette.model('big')), 'My bill?');
    assert.equal(replayed.finalOutput, 'Your bill is 3 EUR.');
    assert.equal(replayed.lastAgent?.name, 'Billing');
    await cassette.close();
  });
});

describe('Cassette: matching', () => {
  test('a miss is raised, kept for teardown, and reported by close() with unused interactions', async () => {
    const cassette = Cassette.fromJSON(await recordWeather());
    const error = await runner(cassette).run(weatherAgent(), 'Weather in Kyoto?').catch((e) => e);
    assert.ok(error instanceof CassetteMissError);
    assert.equal(error.nearestIndex, 0);
    assert.equal(error.differenceCount, 1);
    assert.deepEqual(Object.keys(error).sort(), [
      'callIndex',
      'differenceCount',
      'differences',
      'label',
      'model',
      'name',
      'nearest',
      'nearestIndex',
      'nearestModel',
      'nearestUsed',
      'nearestUsedBy',
      'request',
      'streamed',
    ]);
    const teardown = await cassette.close().catch((e) => e);
    assert.ok(teardown instanceof AggregateError);
    assert.equal(teardown.errors.length, 2);
    assert.ok(teardown.errors[1] instanceof UnusedCassetteInteractionsError);
  });

  test('a request missing optional fields matches its own recording', async () => {
    const bare = { input: 'Hi', tracing: false } as never;
    const recorder = new Cassette({
      mode: 'record',
      provider: scriptedProvider({ m: new ScriptedModel([[assistantMessage('Hello.')]]) }),
    });
    await recorder.model('m').getResponse(bare);
    const cassette = Cassette.fromJSON(JSON.stringify(recorder));
    const response = await cassette.model('m').getResponse(bare);
    assert.equal(response.output.length, 1);
    await cassette.close();
  });

  test('calls that share their input and differ elsewhere match only their own recording', async () => {
    const hi = [{ type: 'message', role: 'user', content: 'Hi' }];
    const requests = [
      { input: hi, tracing: false },
      { input: hi, systemInstructions: 'A', tracing: false },
      { input: hi, systemInstructions: 'B', tracing: false },
      {
        input: hi,
        systemInstructions: 'B',
        tools: [{ type: 'function', name: 't' }],
        tracing: false,
      },
      { input: [...hi, hi[0]], systemInstructions: 'B', tracing: false },
    ] as never[];
    const recorder = new Cassette({
      mode: 'record',
      provider: scriptedProvider({
        m: new ScriptedModel(requests.map((_, i) => [assistantMessage(`answer ${i}`)])),
      }),
    });
    for (const request of requests) await recorder.model('m').getResponse(request);
    const cassette = Cassette.fromJSON(JSON.stringify(recorder));
    const model = cassette.model('m');
    const textOf = (response: { output: unknown[] }) =>
      (response.output[0] as { content: { text: string }[] }).content[0].text;
    // In an order where each call differs from the one before: every call finds its own answer.
    for (const i of [0, 1, 2, 4, 3]) {
      assert.equal(textOf(await model.getResponse(requests[i])), `answer ${i}`);
    }
    const drifted = await model.getResponse(
      { input: hi, systemInstructions: 'C', tracing: false } as never,
    ).catch((e) => e);
    assert.ok(drifted instanceof CassetteMissError);
    assert.deepEqual(drifted.differences.map((d) => d.path), ['request.systemInstructions']);
    cassette.acknowledgeFailures();
    await cassette.close();
  });

  test('an input list holding something other than items still matches its recording', async () => {
    const requests = [
      { input: [{ type: 'message', role: 'user', content: 'Hi' }, 'loose text'], tracing: false },
      { input: ['loose text', 7, null], tracing: false },
    ] as never[];
    const recorder = new Cassette({
      mode: 'record',
      provider: scriptedProvider({
        m: new ScriptedModel([[assistantMessage('one')], [assistantMessage('two')]]),
      }),
    });
    for (const request of requests) await recorder.model('m').getResponse(request);
    const cassette = Cassette.fromJSON(JSON.stringify(recorder));
    const textOf = (response: { output: unknown[] }) =>
      (response.output[0] as { content: { text: string }[] }).content[0].text;
    assert.equal(textOf(await cassette.model('m').getResponse(requests[1])), 'two');
    assert.equal(textOf(await cassette.model('m').getResponse(requests[0])), 'one');
    await cassette.close();
  });

  test('an empty cassette misses with no nearest interaction', async () => {
    const cassette = new Cassette();
    const error = await cassette.model('x').getResponse({
      input: 'Hi',
      modelSettings: {},
      tools: [],
      handoffs: [],
      outputType: 'text',
      tracing: false,
    }).catch((e) => e);
    assert.ok(error instanceof CassetteMissError);
    assert.equal(error.nearest, undefined);
    assert.match(error.message, /holds no recorded interaction/);
    assert.equal(cassette.acknowledgeFailures().length, 1);
    await cassette.close();
  });

  test('normalize rewrites volatile parts before matching and storing', async () => {
    const stamp = (text: string) =>
      new Agent({ name: 'Clock', instructions: `Now is ${text}.`, model: 'm' });
    const normalize = (request: { systemInstructions?: string }) => {
      request.systemInstructions = request.systemInstructions?.replace(
        /\d{4}-\d\d-\d\dT[\d:.]+Z/,
        '<now>',
      );
    };
    const recorder = new Cassette({
      mode: 'record',
      normalize,
      provider: scriptedProvider({ m: new ScriptedModel([[assistantMessage('Tick.')]]) }),
    });
    await runner(recorder).run(stamp('2024-01-01T00:00:00.000Z'), 'Time?');
    const data = await recorder.close();
    assert.equal(data.interactions[0].request.systemInstructions, 'Now is <now>.');
    const cassette = Cassette.fromJSON(data, { normalize });
    const result = await runner(cassette).run(stamp('2031-12-31T23:59:59.999Z'), 'Time?');
    assert.equal(result.finalOutput, 'Tick.');
    await cassette.close();
  });

  test('redact removes more from what is stored, and replay still matches', async () => {
    const redact = (interaction: { request: { input: unknown } }) => {
      interaction.request.input = JSON.parse(
        JSON.stringify(interaction.request.input).replaceAll('4111-1111', '<card>'),
      );
    };
    const agent = new Agent({ name: 'Pay', instructions: 'Pay.', model: 'm' });
    const recorder = new Cassette({
      mode: 'record',
      redact,
      provider: scriptedProvider({ m: new ScriptedModel([[assistantMessage('Paid.')]]) }),
    });
    await runner(recorder).run(agent, 'Card 4111-1111');
    const text = JSON.stringify(await recorder.close());
    assert.equal(text.includes('4111-1111'), false);
    assert.match(text, /Card <card>/);
    const cassette = Cassette.fromJSON(text, { redact });
    assert.equal((await runner(cassette).run(agent, 'Card 4111-1111')).finalOutput, 'Paid.');
    await cassette.close();
  });

  test('no credential reaches the cassette, even inside a recorded error', async () => {
    const failure = Object.assign(new Error('401 Incorrect API key sk-proj-abcdef1234567890'), {
      status: 401,
      headers: new Headers({ 'x-request-id': 'req_1', 'set-cookie': 'session=abc' }),
      request: { headers: { Authorization: 'Bearer sk-proj-abcdef1234567890', 'api-key': 'k1' } },
    });
    const agent = new Agent({ name: 'A', instructions: 'x', model: 'm' });
    const recorder = new Cassette({
      mode: 'record',
      provider: scriptedProvider({ m: new ScriptedModel([modelError(failure)]) }),
    });
    await assert.rejects(runner(recorder).run(agent, 'Hi'), (e) => e === failure);
    const text = JSON.stringify(await recorder.close());
    assert.equal(text.includes('sk-proj'), false);
    assert.equal(text.includes('abc'), false);
    assert.match(text, /"Authorization":"\[redacted\]"/);
    assert.match(text, /"x-request-id":"req_1"/);
  });

  test('large binary payloads are stored once, by digest', async () => {
    const image = `data:image/png;base64,${'iVBORw0KGgo'.repeat(200)}`;
    const agent = new Agent({ name: 'Eyes', instructions: 'Look.', model: 'm', tools: [weather] });
    const input = [{
      role: 'user' as const,
      content: [{ type: 'input_image' as const, image }],
    }];
    const recorder = new Cassette({
      mode: 'record',
      provider: scriptedProvider({ m: weatherScript() }),
    });
    await runner(recorder).run(agent, input);
    const data = await recorder.close();
    const text = JSON.stringify(data);
    assert.equal(text.split(image).length - 1, 1, 'the image is stored exactly once');
    const [digest] = Object.keys(data.blobs);
    assert.match(digest, /^sha256-[0-9a-f]{64}$/);
    // The second request continues the first one's input, so the file refers to it once...
    assert.equal(text.split(`{"$blob":"${digest}"}`).length - 1, 1);
    // ...and both whole requests refer to it.
    const requests = JSON.stringify(Cassette.fromJSON(text).interactions.map((i) => i.request));
    assert.equal(requests.split(`{"$blob":"${digest}"}`).length - 1, 2);
    const cassette = Cassette.fromJSON(text);
    assert.equal((await runner(cassette).run(agent, input)).finalOutput, 'It is sunny in Tokyo.');
    await cassette.close();
  });
});

describe('Cassette: concurrent calls with binary payloads', () => {
  test('calls that arrive together carrying the same large payload all match', async () => {
    const image = `data:image/png;base64,${'iVBORw0KGgo'.repeat(200)}`;
    const request = () =>
      ({
        input: [{ role: 'user', content: [{ type: 'input_image', image }] }],
        modelSettings: {},
        tools: [],
        handoffs: [],
        outputType: 'text',
        tracing: false,
      }) as never;
    const recorder = new Cassette({
      mode: 'record',
      provider: scriptedProvider({
        m: new ScriptedModel([[assistantMessage('one')], [assistantMessage('two')]]),
      }),
    });
    await recorder.model('m').getResponse(request());
    await recorder.model('m').getResponse(request());
    const cassette = Cassette.fromJSON(JSON.stringify(recorder));
    // Equal requests arriving together take the two recordings, in either order.
    const answers = await Promise.all([
      cassette.model('m').getResponse(request()),
      cassette.model('m').getResponse(request()),
    ]);
    assert.deepEqual(
      answers.map((a) => (a.output[0] as { content: { text: string }[] }).content[0].text).sort(),
      ['one', 'two'],
    );
    await cassette.close();
  });
});

describe('Cassette: streams', () => {
  test('a recorded stream replays as the same events, and into a non-streamed call', async () => {
    const recorder = new Cassette({
      mode: 'record',
      provider: scriptedProvider({ m: weatherScript() }),
    });
    const streamed = await runner(recorder).run(weatherAgent(), 'Weather?', { stream: true });
    const recordedEvents: unknown[] = [];
    for await (const event of streamed) {
      if (event.type === 'raw_model_stream_event') recordedEvents.push(event.data);
    }
    await streamed.completed;
    const data = await recorder.close();
    assert.deepEqual(data.interactions.map((i) => i.streamed), [true, true]);

    const cassette = Cassette.fromJSON(data);
    const replay = await runner(cassette).run(weatherAgent(), 'Weather?', { stream: true });
    const replayedEvents: unknown[] = [];
    for await (const event of replay) {
      if (event.type === 'raw_model_stream_event') replayedEvents.push(event.data);
    }
    await replay.completed;
    // The same events, as JSON (a recording holds no `undefined` fields).
    const json = (value: unknown) => JSON.parse(JSON.stringify(value));
    assert.deepEqual(json(replayedEvents), json(recordedEvents));
    assert.equal(replayedEvents.length, recordedEvents.length);
    await cassette.close();

    const plain = Cassette.fromJSON(data);
    const result = await runner(plain).run(weatherAgent(), 'Weather?');
    assert.equal(result.finalOutput, 'It is sunny in Tokyo.');
    await plain.close();
  });

  test('a recorded non-streamed response answers a streamed call', async () => {
    const cassette = Cassette.fromJSON(await recordWeather());
    const streamed = await runner(cassette).run(weatherAgent(), 'Weather in Tokyo?', {
      stream: true,
    });
    const deltas: string[] = [];
    for await (const event of streamed) {
      if (event.type === 'raw_model_stream_event' && event.data.type === 'output_text_delta') {
        deltas.push(event.data.delta);
      }
    }
    await streamed.completed;
    assert.deepEqual(deltas, ['It is sunny in Tokyo.']);
    assert.equal(streamed.finalOutput, 'It is sunny in Tokyo.');
    await cassette.close();
  });
});

describe('Cassette: errors and retries', () => {
  test('a recorded error replays with its fields, and the retry policy decides the same', async () => {
    const failure = Object.assign(new Error('429 slow down'), {
      status: 429,
      code: 'rate_limit_exceeded',
      headers: new Headers({ 'retry-after-ms': '0' }),
    });
    const agent = new Agent({
      name: 'Retry',
      instructions: 'x',
      model: 'm',
      modelSettings: { retry: { maxRetries: 1, policy: retryPolicies.providerSuggested() } },
    });
    const provider = scriptedProvider({
      m: new ScriptedModel([
        modelError(failure, { suggested: true, reason: 'rate limited' }),
        [assistantMessage('Recovered.')],
      ]),
    });
    const recorder = new Cassette({ mode: 'record', provider });
    assert.equal((await runner(recorder).run(agent, 'Hi')).finalOutput, 'Recovered.');
    const data = await recorder.close();
    assert.deepEqual(data.interactions[0].error?.retryAdvice, {
      reason: 'rate limited',
      suggested: true,
    });
    assert.equal(data.interactions[0].error?.status, 429);

    const cassette = Cassette.fromJSON(data);
    const seen: unknown[] = [];
    const model = cassette.model('m');
    const original = model.getRetryAdvice!.bind(model);
    model.getRetryAdvice = async (args) => {
      seen.push(args.error);
      return await original(args);
    };
    assert.equal((await runner(cassette).run(agent, 'Hi')).finalOutput, 'Recovered.');
    assert.equal(seen.length, 1);
    const replayed = seen[0] as RecordedModelError;
    assert.ok(replayed instanceof RecordedModelError);
    assert.equal(replayed.status, 429);
    assert.equal((replayed as unknown as { code: string }).code, 'rate_limit_exceeded');
    assert.equal(replayed.headers?.get('retry-after-ms'), '0');
    assert.equal(replayed.message, '429 slow down');
    await cassette.close();
  });

  test('a recorded error without a retry reaches the caller', async () => {
    const failure = Object.assign(new Error('400 bad'), { status: 400 });
    const agent = new Agent({ name: 'A', instructions: 'x', model: 'm' });
    const recorder = new Cassette({
      mode: 'record',
      provider: scriptedProvider({ m: new ScriptedModel([modelError(failure)]) }),
    });
    await assert.rejects(runner(recorder).run(agent, 'Hi'));
    const cassette = Cassette.fromJSON(await recorder.close());
    const error = await runner(cassette).run(agent, 'Hi').catch((e) => e);
    assert.ok(error instanceof RecordedModelError);
    assert.equal(error.recordedClass, 'Error');
    assert.equal(error.status, 400);
    await cassette.close();
  });
});

describe('Cassette: loading', () => {
  const valid = (): Record<string, unknown> => ({
    format: 'scripted-agents/cassette',
    version: 1,
    models: {},
    interactions: [{
      model: 'm',
      streamed: false,
      request: { input: 'Hi', modelSettings: {}, tools: [], handoffs: [], outputType: 'text' },
      response: { output: [], usage: { requests: 1 } },
    }],
    blobs: {},
  });

  const invalid = (value: unknown): InvalidCassetteError => {
    try {
      Cassette.fromJSON(value, { label: 'x.json' });
    } catch (error) {
      assert.ok(error instanceof InvalidCassetteError, String(error));
      return error;
    }
    assert.fail('expected InvalidCassetteError');
  };

  test('bad JSON, unknown formats and versions name what was expected', () => {
    const json = invalid('{ not json');
    assert.equal(json.path, '');
    assert.equal(json.expected, 'JSON text');
    assert.match(json.message, /^Cassette x\.json is invalid/);
    assert.equal(invalid({ ...valid(), format: 'vcr' }).path, 'format');
    const version = invalid({ ...valid(), version: 4 });
    assert.equal(version.path, 'version');
    assert.equal(version.expected, 'format version 3, 2 or 1');
    assert.equal(version.actual, 'number 4');
  });

  test('wrong shapes name the field', () => {
    const data = valid();
    (data.interactions as Record<string, unknown>[])[0].request = {
      input: 'Hi',
      modelSettings: {},
      tools: 'none',
      handoffs: [],
    };
    const error = invalid(data);
    assert.equal(error.path, 'interactions[0].request.tools');
    assert.equal(error.expected, 'an array');
    const noOutcome = valid();
    delete (noOutcome.interactions as Record<string, unknown>[])[0].response;
    assert.equal(invalid(noOutcome).path, 'interactions[0]');
    const dangling = valid();
    (dangling.interactions as Record<string, unknown>[])[0].request = {
      input: [{ $blob: 'sha256-00' }],
      modelSettings: {},
      tools: [],
      handoffs: [],
    };
    assert.equal(invalid(dangling).path, 'interactions[0].request.input[0]');
  });
});

describe('Cassette: format versions and continued inputs', () => {
  const interaction = (request: Record<string, unknown>, text: string) => ({
    model: 'm',
    streamed: false,
    request: { ...request, modelSettings: {}, tools: [], handoffs: [], outputType: 'text' },
    response: { output: [assistantMessage(text)], usage: { requests: 1 } },
  });
  const hi = { type: 'message', role: 'user', content: 'Hi' };
  const call = { type: 'function_call', callId: 'c1', name: 'get_weather', arguments: '{}' };
  const result = { type: 'function_call_result', callId: 'c1', output: 'sunny' };

  test('version 1 (every input whole) loads, replays, and is written as version 2', async () => {
    const v1 = {
      format: 'scripted-agents/cassette',
      version: 1,
      models: {},
      interactions: [
        interaction({ input: [hi] }, 'one'),
        interaction({ input: [hi, call, result] }, 'two'),
      ],
      blobs: {},
    };
    const cassette = Cassette.fromJSON(JSON.stringify(v1));
    assert.deepEqual(cassette.interactions.map((i) => i.request.input), [[hi], [hi, call, result]]);
    const model = cassette.model('m');
    const answer = async (input: unknown[]) =>
      (await model.getResponse({ ...v1.interactions[0].request, input, tracing: false } as never))
        .output[0];
    assert.deepEqual(await answer([hi]), v1.interactions[0].response.output[0]);
    assert.deepEqual(await answer([hi, call, result]), v1.interactions[1].response.output[0]);
    const written = await cassette.close();
    assert.equal(written.version, 2);
    assert.deepEqual(written.interactions[1].request.inputFrom, 0);
    assert.deepEqual(written.interactions[1].request.inputAppend, [call, result]);
    assert.equal('input' in written.interactions[1].request, false);
    // In version 1, the continuation fields mean nothing: the input is required.
    const stale = structuredClone(v1) as Record<string, unknown>;
    (stale.interactions as Record<string, unknown>[])[1].request = written.interactions[1].request;
    const error = (() => {
      try {
        Cassette.fromJSON(stale);
      } catch (e) {
        return e;
      }
    })();
    assert.ok(error instanceof InvalidCassetteError);
    assert.equal(error.path, 'interactions[1].request.input');
  });

  test('each input continues the earlier one it starts with, however runs interleave', async () => {
    const other = { type: 'message', role: 'user', content: 'Other' };
    const inputs = [[hi], [other], [hi, call], [other, result], [hi, call, result], [hi, call]];
    const recorder = new Cassette({
      mode: 'record',
      provider: {
        getModel: () => new ScriptedModel(inputs.map((_, i) => [assistantMessage(`answer ${i}`)])),
      },
    });
    const base = { modelSettings: {}, tools: [], handoffs: [], outputType: 'text', tracing: false };
    for (const input of inputs) {
      await recorder.model('m').getResponse({ ...base, input } as never);
    }
    const data = await recorder.close();
    assert.deepEqual(
      data.interactions.map(({ request }) =>
        request.inputFrom === undefined
          ? { input: request.input }
          : { from: request.inputFrom, append: request.inputAppend }
      ),
      [
        { input: [hi] },
        { input: [other] },
        { from: 0, append: [call] },
        { from: 1, append: [result] },
        { from: 2, append: [result] },
        // An input equal to two earlier ones continues the latest, adding nothing.
        { from: 2, append: [] },
      ],
    );
    const cassette = Cassette.fromJSON(JSON.stringify(data));
    assert.deepEqual(cassette.interactions.map((i) => i.request.input), inputs);
    // Any order: the last request first takes the first recording of that input.
    for (const i of [5, 4, 3, 2, 1, 0]) {
      const response = await cassette.model('m').getResponse(
        { ...base, input: inputs[i] } as never,
      );
      const text = (response.output[0] as { content: { text: string }[] }).content[0].text;
      assert.equal(text, `answer ${i === 5 ? 2 : i === 2 ? 5 : i}`);
    }
    await cassette.close();
  });

  test('a bad continuation names the field', () => {
    const load = (
      second: Record<string, unknown>,
      first: Record<string, unknown> = { input: [hi] },
    ) => {
      try {
        Cassette.fromJSON({
          format: 'scripted-agents/cassette',
          version: 2,
          models: {},
          interactions: [interaction(first, 'one'), interaction(second, 'two')],
          blobs: {},
        }, { label: 'x.json' });
      } catch (error) {
        assert.ok(error instanceof InvalidCassetteError, String(error));
        return { path: error.path, expected: error.expected, actual: error.actual };
      }
      assert.fail('expected InvalidCassetteError');
    };
    assert.deepEqual(load({ inputFrom: 1, inputAppend: [] }), {
      path: 'interactions[1].request.inputFrom',
      expected: 'the index of an earlier interaction (an integer from 0 to 0)',
      actual: 'number 1',
    });
    assert.deepEqual(
      load({ inputFrom: 0.5, inputAppend: [] }).path,
      'interactions[1].request.inputFrom',
    );
    assert.deepEqual(
      load({ inputFrom: '0', inputAppend: [] }).path,
      'interactions[1].request.inputFrom',
    );
    assert.deepEqual(load({ inputAppend: [call] }), {
      path: 'interactions[1].request.inputFrom',
      expected: 'the index of an earlier interaction (an integer from 0 to 0)',
      actual: 'missing',
    });
    assert.deepEqual(load({ inputFrom: 0 }), {
      path: 'interactions[1].request.inputAppend',
      expected: "an array of the input items after inputFrom's",
      actual: 'missing',
    });
    assert.deepEqual(load({ input: [hi], inputFrom: 0, inputAppend: [] }), {
      path: 'interactions[1].request.input',
      expected: 'absent when inputFrom and inputAppend give the input',
      actual: 'an array of 1',
    });
    assert.deepEqual(load({ inputFrom: 0, inputAppend: [] }, { input: 'Hi' }), {
      path: 'interactions[1].request.inputFrom',
      expected: 'the index of an earlier interaction whose input is an array',
      actual: '0, whose input is string "Hi"',
    });
    assert.deepEqual(load({ input: [hi] }, { inputFrom: 0, inputAppend: [] }), {
      path: 'interactions[0].request.inputFrom',
      expected: 'absent (no interaction precedes the first one to continue)',
      actual: 'number 0',
    });
    // A dangling blob reference among the appended items is named too.
    assert.deepEqual(
      load({ inputFrom: 0, inputAppend: [call, { $blob: 'sha256-00' }] }).path,
      'interactions[1].request.inputAppend[1]',
    );
  });
});

describe('Cassette: to a hand-editable script', () => {
  test('toScriptedModel answers like the recording; toTypeScript prints the builders', async () => {
    const data = await recordWeather();
    const cassette = Cassette.fromJSON(data);
    const scripted = cassette.toScriptedModel();
    const result = await new Runner({ tracingDisabled: true }).run(
      new Agent({ name: 'Weather', instructions: 'Use tools.', model: scripted, tools: [weather] }),
      'Weather in Tokyo?',
    );
    assert.equal(result.finalOutput, 'It is sunny in Tokyo.');
    scripted.assertComplete();

    const source = cassette.toTypeScript('m');
    assert.match(source, /import \{ Usage \} from '@openai\/agents';/);
    assert.match(
      source,
      /import \{ assistantMessage, functionCall, modelResponse, ScriptedModel \} from 'scripted-agents\/testing';/,
    );
    assert.match(
      source,
      /functionCall\("get_weather", \{"city":"Tokyo"\}, \{ callId: "call_1" \}\)/,
    );
    assert.match(source, /assistantMessage\("It is sunny in Tokyo\.", \{ id: "msg_1" \}\)/);
    assert.throws(
      () =>
        Cassette.fromJSON({
          ...data,
          interactions: [...data.interactions, { ...data.interactions[0], model: 'n' }],
        }).toScriptedModel(),
      /holds 2 models/,
    );
  });
});
