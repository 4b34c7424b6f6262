// The Cassette's own bookkeeping, call by call through its public API: the
// constructor's messages, the model infos it records and reports, misses and
// their structured fields, teardown, the conversion to a ScriptedModel, the
// normalize and redact hooks' arguments, streamed replay (synthesized ids,
// aborts, recorded mid-stream failures), recorded errors of every shape and
// their retry advice, and `close()` waiting for calls still recording.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  type Model,
  type ModelProvider,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  Usage,
} from '@openai/agents';
import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
import {
  Cassette,
  type CassetteData,
  type CassetteInteraction,
  CassetteMissError,
  RecordedModelError,
  UnusedCassetteInteractionsError,
} from 'scripted-agents/cassette';
import { describe, test } from './_harness.ts';

function request(input: ModelRequest['input'], extra: Partial<ModelRequest> = {}): ModelRequest {
  return {
    systemInstructions: 'Be brief.',
    input,
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
    ...extra,
  };
}

function response(text: string, responseId?: string): ModelResponse {
  return {
    output: [assistantMessage(text, { id: 'msg_1' })],
    usage: new Usage({ requests: 1 }),
    ...(responseId === undefined ? {} : { responseId }),
  } as ModelResponse;
}

/** A provider handing out `models[name ?? '']`; records the names asked for. */
function provider(
  models: Record<string, Model>,
): ModelProvider & { asked: (string | undefined)[] } {
  const asked: (string | undefined)[] = [];
  return {
    asked,
    getModel(name?: string) {
      asked.push(name);
      const model = models[name ?? ''];
      if (model === undefined) throw new Error(`no model ${name}`);
      return model;
    },
  };
}

/** A hand-written "real" model. */
function fakeModel(parts: Partial<Model> & { supportsPromptModelSelection?: boolean }): Model {
  return {
    getResponse: () => Promise.reject(new Error('unexpected getResponse')),
    getStreamedResponse: () => {
      throw new Error('unexpected getStreamedResponse');
    },
    ...parts,
  } as Model;
}

async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const roundTrip = (data: CassetteData): CassetteData => JSON.parse(JSON.stringify(data));

/** A cassette file with the given interactions (requests whole). */
function file(interactions: unknown[], models: Record<string, unknown> = {}): unknown {
  return { format: 'scripted-agents/cassette', version: 2, models, interactions, blobs: {} };
}

const storedRequest = (input: string) => ({
  systemInstructions: 'Be brief.',
  input,
  modelSettings: {},
  tools: [],
  handoffs: [],
  outputType: 'text',
});

const textResponse = (text: string, responseId?: string) => ({
  output: [{
    type: 'message',
    role: 'assistant',
    status: 'completed',
    id: 'msg_1',
    content: [{ type: 'output_text', text }],
  }],
  usage: { requests: 1 },
  ...(responseId === undefined ? {} : { responseId }),
});

describe('Cassette core: constructor', () => {
  test('an unknown mode is rejected with the list of modes', () => {
    assert.throws(
      () => new Cassette({ mode: 'bogus' as never }),
      (e) =>
        e instanceof TypeError &&
        e.message === 'Cassette mode must be one of replay, record, auto, update; got "bogus".',
    );
  });

  test('a recording mode without a provider says what to pass', () => {
    assert.throws(
      () => new Cassette({ mode: 'update' }),
      (e) =>
        e instanceof TypeError &&
        e.message ===
          'Cassette mode "update" records, so it needs the real provider: ' +
            'pass options.provider (e.g. new OpenAIProvider()).',
    );
  });

  test('model() and model("") are the same default model', () => {
    const cassette = new Cassette();
    assert.equal(cassette.model(), cassette.model(''));
    assert.notEqual(cassette.model(), cassette.model('m'));
  });
});

describe('Cassette core: model infos', () => {
  test("a loaded cassette reports each model's prompt model selection support", () => {
    const cassette = Cassette.fromJSON(file([], {
      m: { supportsPromptModelSelection: true },
      '': { supportsPromptModelSelection: false },
    }));
    assert.equal(cassette.model('m').supportsPromptModelSelection, true);
    assert.equal(cassette.model().supportsPromptModelSelection, false);
    assert.equal(cassette.model('other').supportsPromptModelSelection, undefined);
  });

  test('record mode starts empty even when given a cassette to load', async () => {
    const real = new ScriptedModel([[assistantMessage('Hi.')]]);
    const data = file([{
      model: 'm',
      streamed: false,
      request: storedRequest('old'),
      response: textResponse('Old.'),
    }], { m: { supportsPromptModelSelection: true } });
    const recorder = Cassette.fromJSON(data, { mode: 'record', provider: provider({ m: real }) });
    assert.equal(recorder.mode, 'record');
    assert.equal(recorder.model('m').supportsPromptModelSelection, undefined);
    assert.deepEqual(recorder.interactions, []);
    await recorder.model('m').getResponse(request('old'));
    const saved = await recorder.close();
    assert.equal(saved.interactions.length, 1);
    assert.deepStrictEqual(saved.models, { m: {} });
  });

  test('recording: getModel resolves the real model first; infos are stored sorted', async () => {
    const a = new ScriptedModel([[assistantMessage('A.')]]);
    const b = fakeModel({
      supportsPromptModelSelection: true,
      getResponse: () => Promise.resolve(response('B.', 'resp_b')),
    });
    const real = provider({ a, b });
    const recorder = new Cassette({ mode: 'record', provider: real });
    const pending = recorder.getModel('b');
    assert.ok(pending instanceof Promise);
    assert.equal(await pending, recorder.model('b'));
    assert.deepEqual(real.asked, ['b']);
    assert.equal(recorder.model('b').supportsPromptModelSelection, true);
    await recorder.model('b').getResponse(request('first'));
    await recorder.model('a').getResponse(request('second'));
    const data = await recorder.close();
    assert.deepEqual(Object.keys(data.models), ['a', 'b']);
    assert.deepStrictEqual(data.models, { a: {}, b: { supportsPromptModelSelection: true } });
    assert.deepEqual(data.interactions.map((i) => i.model), ['b', 'a']);
  });

  test('recording: the flag is read from the real model at each access', async () => {
    for (const name of ['m', undefined]) {
      const real = fakeModel({ supportsPromptModelSelection: true });
      const recorder = new Cassette({
        mode: 'record',
        provider: provider({ [name ?? '']: real }),
      });
      await recorder.getModel(name);
      assert.equal(recorder.model(name).supportsPromptModelSelection, true);
      (real as { supportsPromptModelSelection?: boolean }).supportsPromptModelSelection = false;
      assert.equal(recorder.model(name).supportsPromptModelSelection, false);
    }
  });

  test('replay: getModel is the model itself, synchronously', () => {
    const cassette = new Cassette();
    assert.equal(cassette.getModel('m'), cassette.model('m'));
  });

  test('the default model (no name) records and replays under the name ""', async () => {
    const real = fakeModel({
      supportsPromptModelSelection: true,
      getResponse: () => Promise.resolve(response('Plain.', 'resp_1')),
      async *getStreamedResponse() {
        yield { type: 'response_started' } as StreamEvent;
        yield {
          type: 'response_done',
          response: { id: 'resp_2', usage: {}, output: [] },
        } as unknown as StreamEvent;
      },
    });
    const real$ = provider({ '': real });
    const recorder = new Cassette({ mode: 'record', provider: real$ });
    assert.equal((await recorder.model().getResponse(request('a'))).responseId, 'resp_1');
    assert.equal((await collect(recorder.model().getStreamedResponse(request('b')))).length, 2);
    const data = roundTrip(await recorder.close());
    assert.deepEqual(real$.asked, [undefined]);
    assert.deepEqual(data.interactions.map((i) => [i.model, i.streamed]), [
      ['', false],
      ['', true],
    ]);
    assert.deepStrictEqual(data.models, { '': { supportsPromptModelSelection: true } });

    const cassette = Cassette.fromJSON(data);
    assert.equal(cassette.model().supportsPromptModelSelection, true);
    assert.equal((await cassette.model().getResponse(request('a'))).responseId, 'resp_1');
    const events = await collect(cassette.model().getStreamedResponse(request('b')));
    assert.deepEqual(events.map((e) => e.type), ['response_started', 'response_done']);
    await cassette.close();
  });
});

describe('Cassette core: misses and teardown', () => {
  test('a miss on an empty cassette has no nearest interaction', async () => {
    const cassette = new Cassette();
    const error = await cassette.model('m').getResponse(request('hi')).catch((e) => e);
    assert.ok(error instanceof CassetteMissError);
    assert.equal(error.streamed, false);
    assert.equal(error.callIndex, 0);
    assert.equal(error.model, 'm');
    assert.equal(error.nearest, undefined);
    assert.equal(error.nearestIndex, undefined);
    assert.equal(error.nearestModel, undefined);
    assert.strictEqual(error.nearestUsed, false);
    assert.deepStrictEqual(error.differences, []);
    assert.equal(error.differenceCount, 0);
    assert.match(
      error.message,
      /^Cassette has no recorded interaction for non-streaming model call #1/,
    );
    assert.deepEqual(cassette.failures, [error]);
    assert.deepEqual(cassette.acknowledgeFailures(), [error]);
    assert.deepEqual(cassette.failures, []);
    await cassette.close();
  });

  test('streamed misses count their calls and say they streamed', async () => {
    const cassette = new Cassette();
    const first = await collect(cassette.model('m').getStreamedResponse(request('a'))).catch((e) =>
      e
    );
    const second = await collect(cassette.model('m').getStreamedResponse(request('b'))).catch((e) =>
      e
    );
    const third = await cassette.model('m').getResponse(request('c')).catch((e) => e);
    assert.ok(first instanceof CassetteMissError);
    assert.ok(second instanceof CassetteMissError);
    assert.ok(third instanceof CassetteMissError);
    assert.deepEqual([first.callIndex, second.callIndex, third.callIndex], [0, 1, 2]);
    assert.deepEqual([first.streamed, second.streamed, third.streamed], [true, true, false]);
    assert.match(
      second.message,
      /^Cassette has no recorded interaction for streaming model call #2 /,
    );
    assert.deepEqual(cassette.acknowledgeFailures(), [first, second, third]);
  });

  test('a streamed call repeating a used interaction misses with the used one as nearest', async () => {
    const real = fakeModel({
      async *getStreamedResponse() {
        yield { type: 'response_started' } as StreamEvent;
      },
    });
    const recorder = new Cassette({ mode: 'record', provider: provider({ m: real }) });
    // A list input: the cassette keys it without building its stored form first.
    const same = () => request([{ role: 'user', content: 'same' }] as never);
    await collect(recorder.model('m').getStreamedResponse(same()));
    const data = roundTrip(await recorder.close());

    const cassette = Cassette.fromJSON(data);
    assert.deepEqual(await collect(cassette.model('m').getStreamedResponse(same())), [
      { type: 'response_started' },
    ]);
    const error = await collect(cassette.model('m').getStreamedResponse(same())).catch((e) => e);
    assert.ok(error instanceof CassetteMissError);
    assert.equal(error.streamed, true);
    assert.equal(error.callIndex, 1);
    assert.deepEqual(error.request, data.interactions[0].request);
    assert.deepEqual(error.nearest, data.interactions[0].request);
    assert.equal(error.nearestIndex, 0);
    assert.equal(error.nearestModel, 'm');
    assert.strictEqual(error.nearestUsed, true);
    assert.equal(error.differenceCount, 0);
    assert.deepEqual(cassette.failures, [error]);
    // One swallowed miss and nothing unused: close throws the double's failure report.
    await assert.rejects(
      cassette.close(),
      (e) =>
        e instanceof Error && e.name === 'DoubleFailuresError' &&
        e.message.startsWith('Cassette raised 1 failure during the test'),
    );
  });

  test('close reports a swallowed miss and unused interactions together', async () => {
    const cassette = Cassette.fromJSON(file([
      { model: 'a', streamed: false, request: storedRequest('x'), response: textResponse('X') },
      { model: 'b', streamed: true, request: storedRequest('y'), events: [] },
    ]));
    await cassette.model('a').getResponse(request('other')).catch(() => {});
    assert.throws(
      () => cassette.assertComplete(),
      (e) => {
        assert.ok(e instanceof UnusedCassetteInteractionsError);
        assert.deepStrictEqual(e.unused, [
          { index: 0, model: 'a', streamed: false },
          { index: 1, model: 'b', streamed: true },
        ]);
        assert.equal(e.total, 2);
        return true;
      },
    );
    await assert.rejects(cassette.close(), (e) => {
      assert.ok(e instanceof AggregateError);
      assert.ok(e.message.startsWith('Cassette teardown found 2 problems: Cassette raised 1'));
      return true;
    });
  });

  test('update mode does not require every loaded interaction to be used', async () => {
    const real = new ScriptedModel([]);
    const cassette = Cassette.fromJSON(
      file([
        { model: 'm', streamed: false, request: storedRequest('x'), response: textResponse('X') },
      ]),
      { mode: 'update', provider: provider({ m: real }) },
    );
    assert.equal(cassette.mode, 'update');
    cassette.assertComplete();
    const data = await cassette.close();
    assert.deepEqual(data.interactions, []);
  });
});

describe('Cassette core: toScriptedModel and messages naming the cassette', () => {
  const twoModels = () =>
    file([
      { model: 'a', streamed: false, request: storedRequest('1'), response: textResponse('A1') },
      { model: 'b', streamed: false, request: storedRequest('2'), response: textResponse('B') },
      { model: 'a', streamed: false, request: storedRequest('3'), response: textResponse('A2') },
    ]);

  test('with several models, the one to convert must be named', () => {
    assert.throws(
      () => Cassette.fromJSON(twoModels()).toScriptedModel(),
      (e) =>
        e instanceof TypeError &&
        e.message === 'Cassette holds 2 models ("a", "b"); name the one to convert.',
    );
    assert.throws(
      () => Cassette.fromJSON(twoModels(), { label: 'x.json' }).toTypeScript(),
      (e) =>
        e instanceof TypeError &&
        e.message === 'Cassette x.json holds 2 models ("a", "b"); name the one to convert.',
    );
  });

  test('a named model converts only its own interactions', async () => {
    const cassette = Cassette.fromJSON(twoModels());
    const a = cassette.toScriptedModel('a');
    assert.equal(a.remainingSteps, 2);
    const text = (r: ModelResponse) => JSON.stringify(r.output);
    assert.match(text(await a.getResponse(request('any'))), /A1/);
    assert.match(text(await a.getResponse(request('any'))), /A2/);
    assert.equal(cassette.toScriptedModel('b').remainingSteps, 1);
  });

  test('a recorded stream without a response cannot answer a non-streamed call', async () => {
    const interactions = [
      { model: 'm', streamed: true, request: storedRequest('s'), events: [{ type: 'x' }] },
    ];
    for (const label of [undefined, 'tape.json']) {
      const cassette = Cassette.fromJSON(file(interactions), { label });
      const error = await cassette.model('m').getResponse(request('s')).catch((e) => e);
      assert.ok(error instanceof Error);
      assert.equal(
        error.message,
        `Cassette${label === undefined ? '' : ` ${label}`}: recorded interaction #1 is a ` +
          'stream that ended without a response, so it cannot answer a non-streaming call.',
      );
    }
  });
});

describe('Cassette core: hooks', () => {
  test('normalize applies to the loaded requests and is told the model', async () => {
    const seen: string[] = [];
    const cassette = Cassette.fromJSON(
      file([{
        model: 'm',
        streamed: false,
        request: { ...storedRequest('hi'), systemInstructions: 'Session 1.' },
        response: textResponse('Hello.'),
      }]),
      {
        normalize: (req, { model }) => {
          seen.push(model);
          return { ...req, systemInstructions: 'Session ?.' };
        },
      },
    );
    assert.deepEqual(seen, ['m']);
    assert.equal(cassette.interactions[0].request.systemInstructions, 'Session ?.');
    const answer = await cassette.model('m').getResponse(
      request('hi', { systemInstructions: 'Session 2.' }),
    );
    assert.match(JSON.stringify(answer.output), /Hello\./);
    assert.deepEqual(seen, ['m', 'm']);
    await cassette.close();
  });

  test('redact sees whether the call streams, for the request and for the result', async () => {
    const seen: [boolean, string[]][] = [];
    const real = fakeModel({
      getResponse: () => Promise.resolve(response('Plain.', 'resp_1')),
      async *getStreamedResponse() {
        yield { type: 'response_started' } as StreamEvent;
      },
    });
    const recorder = new Cassette({
      mode: 'record',
      provider: provider({ m: real }),
      redact: (interaction) => {
        seen.push([interaction.streamed, Object.keys(interaction)]);
        return interaction;
      },
    });
    await recorder.model('m').getResponse(request('a'));
    await collect(recorder.model('m').getStreamedResponse(request('b')));
    assert.deepEqual(seen, [
      [false, ['model', 'streamed', 'request']],
      [false, ['model', 'streamed', 'request', 'response']],
      [true, ['model', 'streamed', 'request']],
      [true, ['model', 'streamed', 'request', 'events']],
    ]);
  });
});

describe('Cassette core: streamed replay', () => {
  test('a non-streamed recording replayed as a stream gets an id by position when it had none', async () => {
    const cassette = Cassette.fromJSON(file([
      {
        model: 'm',
        streamed: false,
        request: storedRequest('0'),
        response: textResponse('Zero', 'resp_0'),
      },
      { model: 'm', streamed: false, request: storedRequest('1'), response: textResponse('One') },
    ]));
    const ids = [];
    for (const input of ['0', '1']) {
      const events = await collect(cassette.model('m').getStreamedResponse(request(input)));
      assert.deepEqual(events.map((e) => e.type), [
        'response_started',
        'output_text_delta',
        'response_done',
      ]);
      ids.push((events[2] as { response: { id: string } }).response.id);
    }
    assert.deepEqual(ids, ['resp_0', 'cassette-response-2']);
    await cassette.close();
  });

  test('aborting during a synthesized stream stops it with the abort reason', async () => {
    const cassette = Cassette.fromJSON(file([
      { model: 'm', streamed: false, request: storedRequest('0'), response: textResponse('Zero') },
    ]));
    const controller = new AbortController();
    const reason = new Error('stop');
    const stream = cassette.model('m').getStreamedResponse(
      request('0', { signal: controller.signal }),
    );
    const seen: string[] = [];
    const error = await (async () => {
      for await (const event of stream) {
        seen.push(event.type);
        controller.abort(reason);
      }
    })().catch((e) => e);
    assert.equal(error, reason);
    assert.deepEqual(seen, ['response_started']);
    await cassette.close();
  });

  test('a call whose signal is already aborted is refused before matching', async () => {
    const cassette = Cassette.fromJSON(file([
      { model: 'm', streamed: false, request: storedRequest('0'), response: textResponse('Zero') },
    ]));
    const reason = new Error('cancelled');
    await assert.rejects(
      cassette.model('m').getResponse(request('0', { signal: AbortSignal.abort(reason) })),
      (e) => e === reason,
    );
    await assert.rejects(
      cassette.model('m').getResponse(request('0', { signal: AbortSignal.abort('why') })),
      (e) =>
        e instanceof DOMException && e.name === 'AbortError' &&
        e.message === 'The model call was aborted.',
    );
    assert.throws(
      () =>
        cassette.model('m').getStreamedResponse(
          request('0', { signal: AbortSignal.abort(reason) }),
        ),
      (e) => e === reason,
    );
    // Nothing was consumed: the interaction still answers.
    await cassette.model('m').getResponse(request('0'));
    await cassette.close();
  });
});

describe('Cassette core: recorded errors', () => {
  test('a stream that fails midway is recorded with its events and error, and replays so', async () => {
    const failure = Object.assign(new Error('502 bad gateway'), { status: 502 });
    const real = fakeModel({
      async *getStreamedResponse() {
        yield { type: 'response_started' } as StreamEvent;
        yield { type: 'output_text_delta', delta: 'Hal' } as StreamEvent;
        throw failure;
      },
    });
    const recorder = new Cassette({ mode: 'record', provider: provider({ m: real }) });
    const seen: string[] = [];
    const thrown = await (async () => {
      for await (const event of recorder.model('m').getStreamedResponse(request('s'))) {
        seen.push(event.type);
      }
    })().catch((e) => e);
    assert.equal(thrown, failure);
    assert.deepEqual(seen, ['response_started', 'output_text_delta']);
    const data = roundTrip(await recorder.close());
    assert.equal(data.interactions.length, 1);
    const [recorded] = data.interactions;
    assert.deepEqual(Object.keys(recorded), [
      'model',
      'streamed',
      'request',
      'events',
      'error',
      'recorded',
    ]);
    assert.equal(recorded.model, 'm');
    assert.equal(recorded.streamed, true);
    assert.deepEqual(recorded.request, storedRequest('s'));
    assert.deepEqual(recorded.events, [
      { type: 'response_started' },
      { delta: 'Hal', type: 'output_text_delta' },
    ]);
    assert.equal(recorded.error?.status, 502);
    assert.equal(recorded.error?.message, '502 bad gateway');

    const cassette = Cassette.fromJSON(data);
    const replayed: string[] = [];
    const error = await (async () => {
      for await (const event of cassette.model('m').getStreamedResponse(request('s'))) {
        replayed.push(event.type);
      }
    })().catch((e) => e);
    assert.deepEqual(replayed, ['response_started', 'output_text_delta']);
    assert.ok(error instanceof RecordedModelError);
    assert.equal(error.status, 502);
    await cassette.close();
  });

  test('a recorded non-streamed error answers a streamed call with the error', async () => {
    const failure = Object.assign(new Error('500 oops'), { status: 500 });
    const real = fakeModel({ getResponse: () => Promise.reject(failure) });
    const recorder = new Cassette({ mode: 'record', provider: provider({ m: real }) });
    await assert.rejects(recorder.model('m').getResponse(request('e')), (e) => e === failure);
    const cassette = Cassette.fromJSON(roundTrip(await recorder.close()));
    const error = await collect(cassette.model('m').getStreamedResponse(request('e'))).catch((e) =>
      e
    );
    assert.ok(error instanceof RecordedModelError);
    assert.equal(error.status, 500);
    assert.equal(error.message, '500 oops');
    await cassette.close();
  });

  test('a thrown string or null is rethrown as is and recorded', async () => {
    let next: unknown = 'boom';
    const real = fakeModel({ getResponse: () => Promise.reject(next) });
    const recorder = new Cassette({ mode: 'record', provider: provider({ m: real }) });
    await assert.rejects(recorder.model('m').getResponse(request('1')), (e) => e === 'boom');
    next = null;
    await assert.rejects(recorder.model('m').getResponse(request('2')), (e) => e === null);
    assert.equal(await recorder.model('m').getRetryAdvice!({ error: 'boom' } as never), undefined);
    assert.equal(await recorder.model('m').getRetryAdvice!({ error: null } as never), undefined);
    const data = roundTrip(await recorder.close());
    assert.deepEqual(data.interactions.map((i) => i.error?.className), ['string', 'null']);
    assert.deepEqual(data.interactions.map((i) => i.error?.message), ['boom', 'null']);
  });

  test('a call cancelled by its signal while recording is not recorded', async () => {
    const controller = new AbortController();
    const real = fakeModel({
      getResponse: () => {
        controller.abort(new Error('user cancelled'));
        return Promise.reject(new Error('request aborted'));
      },
    });
    const recorder = new Cassette({ mode: 'record', provider: provider({ m: real }) });
    await assert.rejects(
      recorder.model('m').getResponse(request('x', { signal: controller.signal })),
      /request aborted/,
    );
    assert.deepEqual((await recorder.close()).interactions, []);
  });

  test('the real retry advice is stored only when there is some', async () => {
    const advice = new Map<string, unknown>([
      ['none', undefined],
      ['null', null],
      ['some', { suggested: false, reason: 'bad request' }],
    ]);
    const errors = new Map<string, Error>();
    const real = fakeModel({
      getResponse: (req) => {
        const error = Object.assign(new Error(`400 ${req.input}`), { status: 400 });
        errors.set(req.input as string, error);
        return Promise.reject(error);
      },
      getRetryAdvice: (args) => Promise.resolve(advice.get((args.error as Error).message.slice(4))),
    } as Partial<Model>);
    // The default model: the advice is asked from the real model under the name "".
    const recorder = new Cassette({ mode: 'record', provider: provider({ '': real }) });
    for (const input of advice.keys()) {
      await assert.rejects(recorder.model().getResponse(request(input)));
      const error = errors.get(input)!;
      assert.deepEqual(
        await recorder.model().getRetryAdvice!({ error, attempt: 1, stream: false } as never),
        advice.get(input),
      );
    }
    const data = recorder.toJSON();
    assert.deepEqual(
      data.interactions.map((i) => Object.keys(i.error!).includes('retryAdvice')),
      [false, false, true],
    );
    assert.deepEqual(data.interactions[2].error?.retryAdvice, {
      reason: 'bad request',
      suggested: false,
    });
  });

  test('a real model without getRetryAdvice gives no advice', async () => {
    const failure = new Error('400 x');
    const real = fakeModel({ getResponse: () => Promise.reject(failure) });
    const recorder = new Cassette({ mode: 'record', provider: provider({ m: real }) });
    await assert.rejects(recorder.model('m').getResponse(request('x')));
    assert.equal(await recorder.model('m').getRetryAdvice!({ error: failure } as never), undefined);
    const data = roundTrip(await recorder.close());
    assert.deepEqual(Object.keys(data.interactions[0].error!).includes('retryAdvice'), false);
  });

  test('a redact hook may rename the model or drop the error of a recorded failure', async () => {
    const failure = new Error('400 x');
    const real = fakeModel({
      getResponse: () => Promise.reject(failure),
      getRetryAdvice: () => Promise.resolve({ suggested: true }),
    } as Partial<Model>);
    const renamed = new Cassette({
      mode: 'record',
      provider: provider({ m: real }),
      redact: (i) => i.error === undefined ? i : { ...i, model: 'hidden' },
    });
    await assert.rejects(renamed.model('m').getResponse(request('x')));
    // The advice still comes from the model that threw, and is stored with the renamed record.
    assert.deepEqual(
      await renamed.model('m').getRetryAdvice!({ error: failure } as never),
      { suggested: true },
    );
    const [stored] = (await renamed.close()).interactions;
    assert.equal(stored.model, 'hidden');
    assert.deepEqual(stored.error?.retryAdvice, { suggested: true });

    const dropped = new Cassette({
      mode: 'record',
      provider: provider({ m: real }),
      redact: (i): CassetteInteraction => {
        const { error: _error, ...rest } = i;
        return { ...rest, response: { output: [], usage: {} } };
      },
    });
    await assert.rejects(dropped.model('m').getResponse(request('x')));
    assert.deepEqual(
      await dropped.model('m').getRetryAdvice!({ error: failure } as never),
      { suggested: true },
    );
    const [interaction] = (await dropped.close()).interactions;
    assert.deepEqual(Object.keys(interaction), [
      'model',
      'streamed',
      'request',
      'response',
      'recorded',
    ]);
  });
});

describe('Cassette core: close', () => {
  test('close waits for a call still recording, even one waiting on I/O', async () => {
    let called!: () => void;
    const calling = new Promise<void>((resolve) => called = resolve);
    const real = fakeModel({
      getResponse: async () => {
        called();
        // Real I/O: the recording settles outside the microtask queue.
        await readFile(new URL(import.meta.url));
        return response('Late.', 'resp_late');
      },
    });
    const recorder = new Cassette({ mode: 'record', provider: provider({ m: real }) });
    const call = recorder.model('m').getResponse(request('slow'));
    await calling;
    const data = await recorder.close();
    assert.equal(data.interactions.length, 1);
    assert.equal(data.interactions[0].response?.responseId, 'resp_late');
    assert.equal((await call).responseId, 'resp_late');
  });
});
