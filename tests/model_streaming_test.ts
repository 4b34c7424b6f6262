import assert from 'node:assert/strict';
import { Agent, type StreamEvent, Usage } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
  modelError,
  modelResponder,
  modelResponse,
  modelStream,
  modelStreamResponder,
  ScriptedModel,
  UnexpectedModelCallError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import {
  collect,
  isUnexpectedCall,
  modelRequest,
  noopTool,
  runner,
  streamedRun,
  weatherTool,
  weatherTurns,
} from './_model_fixtures.ts';

describe('automatic streaming through the Runner', () => {
  test('a plain response step serves run(..., { stream: true })', async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const { result, raw } = await streamedRun(new Agent({ name: 'A', model }), 'Capital?');
    assert.equal(result.finalOutput, 'Paris.');
    assert.deepEqual(raw.map((e) => e.type), [
      'response_started',
      'output_text_delta',
      'response_done',
    ]);
    assert.equal(model.firstCall?.streamed, true);
    model.assertComplete();
  });

  test('a streamed tool workflow runs the real tool pipeline', async () => {
    const model = new ScriptedModel(weatherTurns());
    const agent = new Agent({ name: 'Weather', model, tools: [weatherTool()] });
    const { result } = await streamedRun(agent, 'Weather in Tokyo?');
    assert.equal(result.finalOutput, 'It is sunny in Tokyo.');
    assert.deepEqual(model.calls.map((c) => c.streamed), [true, true]);
    const lastInput = model.lastCall?.request.input;
    assert(Array.isArray(lastInput));
    assert.ok(lastInput.some((item) => item.type === 'function_call_result'));
    model.assertComplete();
  });

  test('toTextStream() yields the assistant text', async () => {
    const model = new ScriptedModel([[assistantMessage('Hello there.')]]);
    const result = await runner().run(new Agent({ name: 'A', model }), 'Hi', { stream: true });
    let text = '';
    for await (const chunk of result.toTextStream()) text += chunk;
    await result.completed;
    assert.equal(text, 'Hello there.');
  });

  test('streamed usage reaches the runner, requests: 0 included', async () => {
    const model = new ScriptedModel([
      {
        output: [assistantMessage('x')],
        usage: new Usage({ requests: 0, inputTokens: 3, outputTokens: 4 }),
      },
    ]);
    const { result } = await streamedRun(new Agent({ name: 'A', model }), 'go');
    assert.equal(result.state.usage.requests, 0);
    assert.equal(result.state.usage.inputTokens, 3);
    assert.equal(result.state.usage.totalTokens, 7);
  });

  test('shorthand steps in a streamed run get deterministic response ids', async () => {
    const model = new ScriptedModel([
      [functionCall('noop', {}, { callId: 'c1' })],
      [assistantMessage('done')],
    ]);
    const { result } = await streamedRun(
      new Agent({ name: 'A', model, tools: [noopTool()] }),
      'go',
    );
    assert.deepEqual(result.rawResponses.map((r) => r.responseId), [
      'scripted-response-1',
      'scripted-response-2',
    ]);
    assert.equal(result.state.usage.requests, 2);
  });

  test('an exact modelStream drives a streamed run', async () => {
    const message = assistantMessage('Hi!', { id: 'msg_1' });
    const model = new ScriptedModel([
      modelStream([
        { type: 'response_started' },
        { type: 'output_text_delta', itemId: 'msg_1', delta: 'H' },
        { type: 'output_text_delta', itemId: 'msg_1', delta: 'i!' },
        {
          type: 'response_done',
          response: {
            id: 'resp_exact',
            usage: { requests: 1, inputTokens: 1, outputTokens: 2, totalTokens: 3 },
            output: [message],
          },
        },
      ]),
    ]);
    const { result, raw } = await streamedRun(new Agent({ name: 'A', model }), 'Hi');
    assert.equal(result.finalOutput, 'Hi!');
    assert.deepEqual(
      raw.filter((e) => e.type === 'output_text_delta').map((e) => e.delta),
      ['H', 'i!'],
    );
    assert.equal(result.rawResponses[0].responseId, 'resp_exact');
  });

  test('a model error step fails the streamed run with the scripted error', async () => {
    const failure = new Error('stream failed');
    const model = new ScriptedModel([modelError(failure)]);
    const result = await runner().run(new Agent({ name: 'A', model }), 'Hi', { stream: true });
    await assert.rejects(
      (async () => {
        for await (const _ of result.toStream()) { /* drain */ }
        await result.completed;
      })(),
      (e) => e === failure,
    );
  });
});

describe('synthesized events', () => {
  test('order and shape: started, one delta per output_text part, done', async () => {
    const output = [
      assistantMessage('First.', { id: 'msg_1' }),
      functionCall('f', {}, { callId: 'c1' }),
      {
        type: 'message' as const,
        role: 'assistant' as const,
        status: 'completed' as const,
        id: 'msg_2',
        content: [
          { type: 'output_text' as const, text: 'Part A', providerData: { annotation: 1 } },
          { type: 'refusal' as const, refusal: 'no' },
          { type: 'output_text' as const, text: 'Part B' },
        ],
      },
      { type: 'reasoning' as const, content: [{ type: 'input_text' as const, text: 'hmm' }] },
      assistantMessage('No id.'),
    ];
    const model = new ScriptedModel([output]);
    const events = await collect(model.getStreamedResponse(modelRequest()));
    assert.deepEqual(events.slice(0, -1), [
      { type: 'response_started' },
      { type: 'output_text_delta', itemId: 'msg_1', delta: 'First.' },
      {
        type: 'output_text_delta',
        itemId: 'msg_2',
        delta: 'Part A',
        providerData: { annotation: 1 },
      },
      { type: 'output_text_delta', itemId: 'msg_2', delta: 'Part B' },
      { type: 'output_text_delta', itemId: undefined, delta: 'No id.' },
    ]);
    // itemId is always present as a key, possibly undefined; no providerData key unless defined.
    assert.deepEqual(Object.keys(events[4]), ['type', 'itemId', 'delta']);
    assert.deepEqual(Object.keys(events[0]), ['type']);

    const done = events.at(-1)!;
    assert.equal(done.type, 'response_done');
    assert.deepEqual(Object.keys(done), ['type', 'response']);
    const response = (done as Extract<StreamEvent, { type: 'response_done' }>).response;
    assert.deepEqual(Object.keys(response), [
      'id',
      'requestId',
      'usage',
      'rawUsage',
      'providerData',
      'output',
    ]);
    assert.equal(response.id, 'scripted-response-1');
    assert.deepEqual(response.output, output);
    assert.notEqual(response.output, output);
    assert.deepEqual(response.usage, {
      requests: 1,
      inputTokens: 0,
      outputTokens: 0,
      totalTokens: 0,
      inputTokensDetails: undefined,
      outputTokensDetails: undefined,
      requestUsageEntries: undefined,
    });
    assert.ok(!(response.usage instanceof Usage));
  });

  test('non-assistant messages produce no deltas', async () => {
    const model = new ScriptedModel([[
      { type: 'message', role: 'user', content: [{ type: 'output_text', text: 'x' }] } as never,
      { type: 'message', role: 'assistant', status: 'completed', content: 'nope' } as never,
    ]]);
    const events = await collect(model.getStreamedResponse(modelRequest()));
    assert.deepEqual(events.map((e) => e.type), ['response_started', 'response_done']);
  });

  test('an envelope keeps its id, request id, provider data and full usage', async () => {
    const model = new ScriptedModel([{
      output: [assistantMessage('x')],
      usage: new Usage({
        requests: 2,
        inputTokens: 5,
        outputTokens: 6,
        inputTokensDetails: { cached_tokens: 1 },
        outputTokensDetails: [{ reasoning_tokens: 2 }],
        requestUsageEntries: [{
          inputTokens: 5,
          outputTokens: 6,
          totalTokens: 11,
          endpoint: 'responses.create',
        }],
      }),
      responseId: 'resp_9',
      requestId: 'req_9',
      providerData: { p: true },
    }]);
    const events = await collect(model.getStreamedResponse(modelRequest()));
    const done = events.at(-1) as Extract<StreamEvent, { type: 'response_done' }>;
    assert.equal(done.response.id, 'resp_9');
    assert.equal(done.response.requestId, 'req_9');
    assert.deepEqual(done.response.providerData, { p: true });
    assert.deepEqual(done.response.usage, {
      requests: 2,
      inputTokens: 5,
      outputTokens: 6,
      totalTokens: 11,
      inputTokensDetails: [{ cached_tokens: 1 }],
      outputTokensDetails: [{ reasoning_tokens: 2 }],
      requestUsageEntries: [{
        inputTokens: 5,
        outputTokens: 6,
        totalTokens: 11,
        inputTokensDetails: {},
        outputTokensDetails: {},
        endpoint: 'responses.create',
      }],
    });
  });

  test('an id-less envelope gets a deterministic id when streamed only', async () => {
    const envelope = { output: [assistantMessage('x')], usage: new Usage() };
    const model = new ScriptedModel([envelope, envelope, envelope]);
    const nonStreamed = await model.getResponse(modelRequest());
    assert.equal('responseId' in nonStreamed, false);
    const events = await collect(model.getStreamedResponse(modelRequest()));
    const done = events.at(-1) as Extract<StreamEvent, { type: 'response_done' }>;
    assert.equal(done.response.id, 'scripted-response-2');
    assert.equal(await model.getResponse(modelRequest()).then((r) => r.responseId), undefined);
  });

  test('each event is a detached copy: mutating a delta does not change response_done', async () => {
    const model = new ScriptedModel([[
      {
        type: 'message',
        role: 'assistant',
        status: 'completed',
        id: 'm',
        content: [{ type: 'output_text', text: 'T', providerData: { tag: 'original' } }],
      },
    ]]);
    const stream = model.getStreamedResponse(modelRequest());
    const seen: StreamEvent[] = [];
    for await (const event of stream) {
      seen.push(event);
      if (event.type === 'output_text_delta') {
        (event.providerData as { tag: string }).tag = 'mutated';
      }
    }
    const done = seen.at(-1) as Extract<StreamEvent, { type: 'response_done' }>;
    const part = (done.response.output[0] as { content: { providerData: unknown }[] }).content[0];
    assert.deepEqual(part.providerData, { tag: 'original' });
  });

  test('the same step streamed twice is not shared between calls', async () => {
    const model = new ScriptedModel([modelResponder(() => [assistantMessage('r')])]);
    model.enqueue(modelResponder(() => [assistantMessage('r')]));
    const a = await collect(model.getStreamedResponse(modelRequest()));
    const b = await collect(model.getStreamedResponse(modelRequest()));
    assert.deepEqual(a.slice(1, -1), b.slice(1, -1));
    assert.notEqual(a[1], b[1]);
  });

  test('a responder result streams the same way, and is validated', async () => {
    const model = new ScriptedModel([
      modelResponder((call) => [assistantMessage(`call ${call.index}, ${call.streamed}`)]),
      modelResponder(() => ({ output: [], usage: {} }) as never),
    ]);
    const events = await collect(model.getStreamedResponse(modelRequest()));
    assert.deepEqual(events[1], {
      type: 'output_text_delta',
      itemId: undefined,
      delta: 'call 0, true',
    });
    await assert.rejects(collect(model.getStreamedResponse(modelRequest())), (error: unknown) => {
      assert(error instanceof InvalidScriptedModelStepError);
      assert.equal(error.reason, 'invalid_response');
      assert.equal(error.callIndex, 1);
      assert.equal(error.stepType, undefined);
      return true;
    });
    model.acknowledgeFailures();
  });
});

describe('exact streams', () => {
  test('array events are yielded verbatim, in order', async () => {
    const events: StreamEvent[] = [
      { type: 'response_started', providerData: { seq: 0 } },
      { type: 'model', event: { anything: true } },
      { type: 'output_text_delta', delta: 'x' },
    ];
    const model = new ScriptedModel([modelStream(events)]);
    const first = await collect(model.getStreamedResponse(modelRequest()));
    assert.deepEqual(first, events);
  });

  test('a sync iterable and an async iterable are consumed lazily', async () => {
    const pulled: number[] = [];
    function* sync() {
      pulled.push(1);
      yield { type: 'output_text_delta' as const, delta: 'a' };
      pulled.push(2);
      yield { type: 'output_text_delta' as const, delta: 'b' };
    }
    async function* asyncEvents() {
      await Promise.resolve();
      yield { type: 'output_text_delta' as const, delta: 'c' };
    }
    const model = new ScriptedModel([modelStream(sync()), modelStream(asyncEvents())]);
    const first = model.getStreamedResponse(modelRequest());
    assert.deepEqual(pulled, []);
    assert.deepEqual((await collect(first)).map((e) => (e as { delta: string }).delta), [
      'a',
      'b',
    ]);
    assert.deepEqual(pulled, [1, 2]);
    const second = await collect(model.getStreamedResponse(modelRequest()));
    assert.deepEqual(second, [{ type: 'output_text_delta', delta: 'c' }]);
  });

  test('a stream responder receives the recorded call (sync or async result)', async () => {
    const model = new ScriptedModel([
      modelStreamResponder((call) => [{ type: 'output_text_delta', delta: `#${call.index}` }]),
      modelStreamResponder(async (call) => {
        await Promise.resolve();
        return (async function* () {
          yield { type: 'output_text_delta' as const, delta: `#${call.index}` };
        })();
      }),
    ]);
    assert.deepEqual(await collect(model.getStreamedResponse(modelRequest())), [
      { type: 'output_text_delta', delta: '#0' },
    ]);
    assert.deepEqual(await collect(model.getStreamedResponse(modelRequest())), [
      { type: 'output_text_delta', delta: '#1' },
    ]);
  });

  test('a stream responder returning a non-iterable fails with invalid_stream', async () => {
    const model = new ScriptedModel([
      modelStreamResponder(() => ({}) as never),
      modelStreamResponder(() => Promise.resolve(42 as never)),
    ]);
    for (const callIndex of [0, 1]) {
      await assert.rejects(collect(model.getStreamedResponse(modelRequest())), (error: unknown) => {
        assert(error instanceof InvalidScriptedModelStepError);
        assert.deepEqual(
          {
            reason: error.reason,
            callIndex: error.callIndex,
            inputIndex: error.inputIndex,
            stepType: error.stepType,
            message: error.message,
          },
          {
            reason: 'invalid_stream',
            callIndex,
            inputIndex: undefined,
            stepType: 'stream_responder',
            message: `ScriptedModel stream responder returned an invalid stream for call #${
              callIndex + 1
            }.`,
          },
        );
        return true;
      });
    }
    assert.equal(model.acknowledgeFailures().length, 2);
  });

  test('an error thrown by a stream iterator propagates as is', async () => {
    const failure = new Error('mid-stream');
    const model = new ScriptedModel([
      modelStream((async function* () {
        yield { type: 'response_started' as const };
        throw failure;
      })()),
    ]);
    const seen: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const event of model.getStreamedResponse(modelRequest())) seen.push(event.type);
      })(),
      (e) => e === failure,
    );
    assert.deepEqual(seen, ['response_started']);
  });
});

describe('eager recording', () => {
  test('calls and steps are assigned in invocation order, not iteration order', async () => {
    const model = new ScriptedModel([
      [assistantMessage('first step')],
      [assistantMessage('second step')],
    ]);
    const a = model.getStreamedResponse(modelRequest({ input: 'a' }));
    const b = model.getStreamedResponse(modelRequest({ input: 'b' }));
    assert.equal(model.calls.length, 2);
    assert.equal(model.remainingSteps, 0);
    const fromB = await collect(b);
    const fromA = await collect(a);
    assert.equal((fromB[1] as { delta: string }).delta, 'second step');
    assert.equal((fromA[1] as { delta: string }).delta, 'first step');
    assert.deepEqual(model.calls.map((c) => c.request.input), ['a', 'b']);
  });

  test('an unexpected streaming call throws synchronously, after recording', () => {
    const model = new ScriptedModel();
    assert.throws(() => model.getStreamedResponse(modelRequest()), isUnexpectedCall(0, true));
    assert.equal(model.calls.length, 1);
    assert.equal(model.calls[0].streamed, true);
    model.acknowledgeFailures();
  });

  test('an unexpected call in a streamed run fails the run', async () => {
    const model = new ScriptedModel([[functionCall('noop', {}, { callId: 'c' })]]);
    const agent = new Agent({ name: 'A', model, tools: [noopTool()] });
    await assert.rejects(streamedRun(agent, 'go'), UnexpectedModelCallError);
    assert.equal(model.failures.length, 1);
    model.acknowledgeFailures();
  });

  test('an error step in streaming mode throws when iterated', async () => {
    const failure = new Error('scripted');
    const model = new ScriptedModel([modelError(failure), modelResponse([])]);
    const stream = model.getStreamedResponse(modelRequest());
    assert.equal(model.remainingSteps, 1);
    await assert.rejects(collect(stream), (e) => e === failure);
  });
});
