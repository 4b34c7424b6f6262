import assert from 'node:assert/strict';
import type { ModelResponse } from '@openai/agents';
import { Usage } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepReason,
  modelError,
  modelResponder,
  modelResponse,
  modelStream,
  modelStreamResponder,
  ScriptedModel,
  type ScriptedModelInput,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { collect, modelRequest } from './_model_fixtures.ts';

describe('step factories', () => {
  test('build plain step objects without validating anything', () => {
    const respond = () => [];
    assert.deepEqual(modelResponse([]), { type: 'response', response: [] });
    assert.deepEqual(modelResponder(respond), { type: 'responder', respond });
    assert.deepEqual(modelStream([]), { type: 'stream', events: [] });
    assert.deepEqual(modelStreamResponder(respond), { type: 'stream_responder', respond });
    // Nothing is checked until the step reaches a model.
    assert.deepEqual(modelResponse('garbage' as never), { type: 'response', response: 'garbage' });
    assert.deepEqual(modelStream(42 as never), { type: 'stream', events: 42 });
  });

  test('modelError always has a retryAdvice key', () => {
    const error = new Error('x');
    const bare = modelError(error);
    assert.deepEqual(Object.keys(bare), ['type', 'error', 'retryAdvice']);
    assert.equal(bare.error, error);
    assert.equal(bare.retryAdvice, undefined);
    const advice = { suggested: true };
    assert.equal(modelError(error, advice).retryAdvice, advice);
  });
});

describe('output items', () => {
  test('assistantMessage without options is exactly the completed text message', () => {
    const message = assistantMessage('Hello');
    assert.deepEqual(message, {
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'Hello' }],
    });
    assert.deepEqual(Object.keys(message), ['type', 'role', 'status', 'content']);
  });

  test('assistantMessage options appear in a fixed key order, only when defined', () => {
    const message = assistantMessage('Hi', {
      providerData: { p: 1 },
      phase: 'final_answer',
      id: 'msg_1',
    });
    assert.deepEqual(Object.keys(message), [
      'type',
      'role',
      'status',
      'id',
      'phase',
      'content',
      'providerData',
    ]);
    assert.equal(message.id, 'msg_1');
    assert.equal(message.phase, 'final_answer');
    assert.deepEqual(message.providerData, { p: 1 });
    assert.deepEqual(Object.keys(assistantMessage('x', { id: undefined, phase: 'commentary' })), [
      'type',
      'role',
      'status',
      'phase',
      'content',
    ]);
  });

  test('functionCall encodes object arguments and keeps string arguments as is', () => {
    const call = functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' });
    assert.deepEqual(Object.keys(call), [
      'type',
      'name',
      'callId',
      'id',
      'namespace',
      'status',
      'arguments',
      'providerData',
    ]);
    assert.equal(call.type, 'function_call');
    assert.equal(call.name, 'get_weather');
    assert.equal(call.callId, 'call_1');
    assert.equal(call.id, 'call_1');
    assert.equal(call.namespace, undefined);
    assert.equal(call.status, 'completed');
    assert.equal(call.arguments, '{"city":"Tokyo"}');
    assert.equal(call.providerData, undefined);
    assert.equal(functionCall('f', '{not json', { callId: 'c' }).arguments, '{not json');
  });

  test('functionCall options override id and carry namespace and providerData', () => {
    const call = functionCall('f', {}, {
      callId: 'c',
      id: 'fc_1',
      namespace: 'ns',
      providerData: { x: 1 },
    });
    assert.equal(call.id, 'fc_1');
    assert.equal(call.namespace, 'ns');
    assert.deepEqual(call.providerData, { x: 1 });
    assert.equal(call.arguments, '{}');
  });
});

function assertInvalid(
  fn: () => unknown,
  expected: {
    reason: InvalidScriptedModelStepReason;
    inputIndex: number;
    stepType?: string;
    message: string;
  },
): void {
  assert.throws(fn, (error: unknown) => {
    assert(error instanceof InvalidScriptedModelStepError);
    assert.equal(error.name, 'InvalidScriptedModelStepError');
    assert.deepEqual(
      {
        reason: error.reason,
        inputIndex: error.inputIndex,
        callIndex: error.callIndex,
        stepType: error.stepType,
        message: error.message,
      },
      { ...expected, callIndex: undefined, stepType: expected.stepType },
    );
    assert.deepEqual(Object.keys(error), [
      'reason',
      'inputIndex',
      'callIndex',
      'stepType',
      'name',
    ]);
    return true;
  });
}

describe('validation at construction and enqueue', () => {
  const valid = [assistantMessage('ok')];
  const cases: Array<{
    name: string;
    input: unknown;
    reason: InvalidScriptedModelStepReason;
    stepType?: string;
    message: (n: number) => string;
  }> = [
    ...[null, undefined, 'text', 42, true, () => {}, Symbol('s')].map((input) => ({
      name: `invalid_input: ${typeof input === 'symbol' ? 'symbol' : String(input)}`,
      input,
      reason: 'invalid_input' as const,
      message: (n: number) => `ScriptedModel input #${n} is invalid (invalid input).`,
    })),
    {
      name: 'invalid_input: an object with no type, output or usage',
      input: {},
      reason: 'invalid_input',
      message: (n) => `ScriptedModel input #${n} is invalid (invalid input).`,
    },
    {
      name: 'unknown_step_type with a string type',
      input: { type: 'reply' },
      reason: 'unknown_step_type',
      stepType: 'reply',
      message: (n) => `ScriptedModel input #${n} has unknown type "reply".`,
    },
    {
      name: 'unknown_step_type with a non-string type',
      input: { type: 7 },
      reason: 'unknown_step_type',
      message: (n) => `ScriptedModel input #${n} is invalid (unknown step type).`,
    },
    {
      name: 'missing_response',
      input: { type: 'response' },
      reason: 'missing_response',
      stepType: 'response',
      message: (n) => `ScriptedModel input #${n} is invalid (missing response).`,
    },
    {
      name: 'invalid_response: a response step with a non-response',
      input: { type: 'response', response: 'text' },
      reason: 'invalid_response',
      message: (n) => `ScriptedModel input #${n} has an invalid response envelope.`,
    },
    {
      name: 'invalid_response: a response step with response: undefined',
      input: { type: 'response', response: undefined },
      reason: 'invalid_response',
      message: (n) => `ScriptedModel input #${n} has an invalid response envelope.`,
    },
    {
      name: 'invalid_response: a response step with response: null',
      input: { type: 'response', response: null },
      reason: 'invalid_response',
      message: (n) => `ScriptedModel input #${n} has an invalid response envelope.`,
    },
    {
      name: 'invalid_response: a bare envelope with a plain usage record',
      input: { output: [], usage: { requests: 1 } },
      reason: 'invalid_response',
      message: (n) => `ScriptedModel input #${n} has an invalid response envelope.`,
    },
    {
      name: 'invalid_response: a bare envelope without output',
      input: { usage: new Usage() },
      reason: 'invalid_response',
      message: (n) => `ScriptedModel input #${n} has an invalid response envelope.`,
    },
    {
      name: 'invalid_response: a bare envelope without usage',
      input: { output: [] },
      reason: 'invalid_response',
      message: (n) => `ScriptedModel input #${n} has an invalid response envelope.`,
    },
    {
      name: 'invalid_response: an envelope whose output is not an array',
      input: modelResponse({ output: {}, usage: new Usage() } as never),
      reason: 'invalid_response',
      message: (n) => `ScriptedModel input #${n} has an invalid response envelope.`,
    },
    {
      name: 'missing_error',
      input: { type: 'error' },
      reason: 'missing_error',
      stepType: 'error',
      message: (n) => `ScriptedModel input #${n} is invalid (missing error).`,
    },
    {
      name: 'missing_responder',
      input: { type: 'responder', respond: 'not a function' },
      reason: 'missing_responder',
      stepType: 'responder',
      message: (n) => `ScriptedModel input #${n} is invalid (missing responder).`,
    },
    {
      name: 'missing_responder for a stream responder',
      input: { type: 'stream_responder' },
      reason: 'missing_responder',
      stepType: 'stream_responder',
      message: (n) => `ScriptedModel input #${n} is invalid (missing responder).`,
    },
    ...[undefined, null, 42, 'abc', {}].map((events) => ({
      name: `invalid_stream: events = ${JSON.stringify(events) ?? 'undefined'}`,
      input: { type: 'stream', events },
      reason: 'invalid_stream' as const,
      stepType: 'stream',
      message: (n: number) => `ScriptedModel input #${n} is invalid (invalid stream).`,
    })),
  ];

  for (const c of cases) {
    test(`constructor: ${c.name}`, () => {
      assertInvalid(() => new ScriptedModel([valid, valid, c.input as ScriptedModelInput]), {
        reason: c.reason,
        inputIndex: 2,
        stepType: c.stepType,
        message: c.message(3),
      });
    });
  }

  test('enqueue: inputIndex counts within the enqueue() arguments and nothing is added', () => {
    const model = new ScriptedModel([valid, valid, valid]);
    assertInvalid(() => model.enqueue(valid, { type: 'error' } as never), {
      reason: 'missing_error',
      inputIndex: 1,
      stepType: 'error',
      message: 'ScriptedModel input #2 is invalid (missing error).',
    });
    // Atomic: the valid first argument was not added either.
    assert.equal(model.remainingSteps, 3);
  });

  test('the constructor reports the first invalid input, in order', () => {
    assertInvalid(() => new ScriptedModel([valid, {} as never, { type: 'x' } as never]), {
      reason: 'invalid_input',
      inputIndex: 1,
      message: 'ScriptedModel input #2 is invalid (invalid input).',
    });
  });

  test('valid edge cases are accepted', () => {
    const model = new ScriptedModel([
      modelError(undefined),
      { type: 'error', error: undefined },
      modelStream(new Set([{ type: 'response_started' as const }])),
      modelStream((async function* () {})()),
      modelStream(
        {
          [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve({ done: true }) }),
        } as never,
      ),
      { output: [], usage: new Usage({ requests: 0 }) },
      [],
      modelResponse([]),
    ]);
    assert.equal(model.remainingSteps, 8);
  });

  test('a non-iterable argument to the constructor is a TypeError', () => {
    assert.throws(() => new ScriptedModel(null as never), TypeError);
  });
});

describe('enqueue-time snapshots', () => {
  test('mutating a queued output array after enqueue changes nothing', async () => {
    const output = [assistantMessage('original')];
    const model = new ScriptedModel([output]);
    (output[0].content[0] as { text: string }).text = 'mutated';
    output.push(assistantMessage('extra'));
    const response = await model.getResponse(modelRequest());
    assert.notEqual(response.output, output);
    assert.deepEqual(response.output, [assistantMessage('original')]);
  });

  test('an envelope is copied: extra keys dropped, usage rebuilt, later mutation ignored', async () => {
    const usage = new Usage({
      requests: 2,
      inputTokens: 10,
      outputTokens: 5,
      inputTokensDetails: { cached_tokens: 3 },
      requestUsageEntries: [
        {
          inputTokens: 10,
          outputTokens: 5,
          totalTokens: 15,
          inputTokensDetails: { cached_tokens: 3 },
        },
      ],
    });
    const envelope = {
      output: [assistantMessage('a')],
      usage,
      responseId: 'resp_1',
      requestId: 'req_1',
      providerData: { nested: { n: 1 } },
      extra: 'dropped',
    };
    const model = new ScriptedModel([envelope]);
    envelope.output.push(assistantMessage('b'));
    envelope.responseId = 'changed';
    envelope.providerData.nested.n = 2;
    usage.inputTokensDetails[0].cached_tokens = 99;
    usage.inputTokens = 1000;
    usage.requestUsageEntries![0].inputTokensDetails.cached_tokens = 99;

    const response = await model.getResponse(modelRequest());
    assert.deepEqual(Object.keys(response), [
      'output',
      'usage',
      'responseId',
      'requestId',
      'providerData',
    ]);
    assert.notEqual(response, envelope);
    assert.deepEqual(response.output, [assistantMessage('a')]);
    assert.equal(response.responseId, 'resp_1');
    assert.deepEqual(response.providerData, { nested: { n: 1 } });
    assert.ok(response.usage instanceof Usage);
    assert.notEqual(response.usage, usage);
    assert.equal(response.usage.requests, 2);
    assert.equal(response.usage.inputTokens, 10);
    assert.equal(response.usage.totalTokens, 15);
    assert.deepEqual(response.usage.inputTokensDetails, [{ cached_tokens: 3 }]);
    assert.equal(response.usage.requestUsageEntries?.length, 1);
    assert.deepEqual(response.usage.requestUsageEntries?.[0].inputTokensDetails, {
      cached_tokens: 3,
    });
  });

  test('undefined optional envelope keys are not copied', async () => {
    const model = new ScriptedModel([
      { output: [], usage: new Usage(), responseId: undefined, providerData: undefined },
    ]);
    const response = await model.getResponse(modelRequest());
    assert.deepEqual(Object.keys(response), ['output', 'usage']);
  });

  test('one envelope used for two steps gives two independent snapshots', async () => {
    const envelope: ModelResponse = { output: [assistantMessage('a')], usage: new Usage() };
    const model = new ScriptedModel([envelope, modelResponse(envelope)]);
    const first = await model.getResponse(modelRequest());
    const second = await model.getResponse(modelRequest());
    assert.notEqual(first, second);
    assert.notEqual(first.output, second.output);
    assert.notEqual(first.usage, second.usage);
    assert.deepEqual(first.output, second.output);
  });

  test('a response step returns the enqueue-time snapshot, not the caller object', async () => {
    const envelope: ModelResponse = { output: [], usage: new Usage() };
    const model = new ScriptedModel([modelResponse(envelope)]);
    const response = await model.getResponse(modelRequest());
    assert.notEqual(response, envelope);
    assert.deepEqual(response, { output: [], usage: new Usage() });
  });

  test('static retry advice is detached at enqueue, a callback is kept', async () => {
    const error = new Error('x');
    const advice = { suggested: true, normalized: { statusCode: 500 } };
    const model = new ScriptedModel([modelError(error, advice)]);
    advice.suggested = false;
    advice.normalized.statusCode = 503;
    const live = modelRequest();
    await model.getResponse(live).catch(() => undefined);
    const received = await model.getRetryAdvice({
      request: live,
      error,
      stream: false,
      attempt: 1,
    });
    assert.deepEqual(received, { suggested: true, normalized: { statusCode: 500 } });
  });

  test('array streams are snapshotted at enqueue; other iterables are used by reference', async () => {
    const arrayEvents = [{ type: 'output_text_delta' as const, delta: 'original' }];
    const setEvents = new Set([{ type: 'output_text_delta' as const, delta: 'original' }]);
    const model = new ScriptedModel([modelStream(arrayEvents), modelStream(setEvents)]);
    arrayEvents[0].delta = 'mutated';
    arrayEvents.push({ type: 'output_text_delta', delta: 'extra' });
    [...setEvents][0].delta = 'mutated';

    const fromArray = await collect(model.getStreamedResponse(modelRequest()));
    assert.deepEqual(fromArray, [{ type: 'output_text_delta', delta: 'original' }]);

    const fromSet = await collect(model.getStreamedResponse(modelRequest()));
    assert.equal(fromSet[0], [...setEvents][0]);
    assert.deepEqual(fromSet, [{ type: 'output_text_delta', delta: 'mutated' }]);
  });
});
