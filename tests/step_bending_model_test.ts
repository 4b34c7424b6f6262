// Model steps that repeat or may be skipped: `times` and `optional` on every kind of ScriptedModel
// step, read by the same step script as the MCP, computer and sandbox doubles, with
// assertComplete() reporting only the required uses that did not happen.
import assert from 'node:assert/strict';
import { Agent, type StreamEvent, Usage } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
  modelError,
  modelHold,
  modelResponder,
  modelResponse,
  modelStream,
  modelStreamResponder,
  ScriptedModel,
  UnconsumedModelStepsError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { collect, isUnexpectedCall, modelRequest, runner } from './_model_fixtures.ts';

const done = (text: string): StreamEvent => ({
  type: 'response_done',
  response: { id: 'resp_1', usage: new Usage({ requests: 1 }), output: [assistantMessage(text)] },
});

function isInvalidTimes(inputIndex: number, stepType: string) {
  return (error: unknown) => {
    assert(error instanceof InvalidScriptedModelStepError);
    assert.equal(error.reason, 'invalid_times');
    assert.equal(error.inputIndex, inputIndex);
    assert.equal(error.stepType, stepType);
    assert.equal(
      error.message,
      `ScriptedModel input #${inputIndex + 1} has invalid \`times\` or \`optional\` (times: a ` +
        "whole number of at least 1, 'any' or { min, max }; optional: a boolean).",
    );
    return true;
  };
}

describe('model steps: times', () => {
  test('times: n answers n calls with the same response, then the next step', async () => {
    const model = new ScriptedModel([
      modelResponse([assistantMessage('Digest.')], { times: 2 }),
      [assistantMessage('After.')],
    ]);
    assert.equal(model.remainingSteps, 3);
    const first = await model.getResponse(modelRequest());
    assert.equal(model.remainingSteps, 2);
    const second = await model.getResponse(modelRequest());
    assert.deepEqual(first.output, [assistantMessage('Digest.')]);
    assert.deepEqual(second.output, first.output);
    // Each use is its own copy: what the runner keeps of one answer is not the other's.
    assert.notEqual(second.output[0], first.output[0]);
    assert.equal(first.responseId, 'scripted-response-1');
    assert.equal(second.responseId, 'scripted-response-2');
    const third = await model.getResponse(modelRequest());
    assert.deepEqual(third.output, [assistantMessage('After.')]);
    assert.equal(model.remainingSteps, 0);
    model.assertComplete();
    await assert.rejects(model.getResponse(modelRequest()), isUnexpectedCall(3, false));
    model.acknowledgeFailures();
  });

  test("times: 'any' serves every call of a run, and none is also complete", async () => {
    const unused = new ScriptedModel([
      modelResponder(() => [assistantMessage('x')], { times: 'any' }),
    ]);
    assert.equal(unused.remainingSteps, 0);
    unused.assertComplete();

    const model = new ScriptedModel([
      modelResponder((call) => [assistantMessage(`Call #${call.index + 1}.`)], { times: 'any' }),
    ]);
    const agent = new Agent({ name: 'Digest', model });
    for (let turn = 1; turn <= 3; turn++) {
      assert.equal((await runner().run(agent, 'Digest')).finalOutput, `Call #${turn}.`);
    }
    assert.equal(model.calls.length, 3);
    model.assertComplete();
  });

  test('times: { min, max } requires min uses and allows max', async () => {
    const model = new ScriptedModel([
      modelResponse([assistantMessage('Ranged.')], { times: { min: 2, max: 3 } }),
      [assistantMessage('Next.')],
    ]);
    await model.getResponse(modelRequest());
    assert.equal(model.remainingSteps, 2);
    assert.throws(() => model.assertComplete(), {
      name: 'UnconsumedModelStepsError',
      remainingSteps: 2,
      message: 'ScriptedModel has 2 unconsumed scripted steps. 1 call was made. Unused: #1 ' +
        'message "Ranged.", #2 message "Next.". Remove the steps the workflow no longer needs, ' +
        'or find why it stopped early (an interruption, a guardrail, a changed tool).\nLast ' +
        'steps before it stopped:\n  user: "Hi"\n  message "Ranged." (final)',
    });
    for (let use = 2; use <= 3; use++) {
      assert.deepEqual(
        (await model.getResponse(modelRequest())).output,
        [assistantMessage('Ranged.')],
      );
    }
    // The maximum is used up: the next call takes the next step.
    assert.deepEqual(
      (await model.getResponse(modelRequest())).output,
      [assistantMessage('Next.')],
    );
    model.assertComplete();
  });

  test('a repeated step missing several uses is listed once, with its count', () => {
    const model = new ScriptedModel([
      modelResponse([assistantMessage('Again.')], { times: 3 }),
      modelError(new Error('down'), undefined, { times: 2 }),
    ]);
    assert.throws(() => model.assertComplete(), {
      remainingSteps: 5,
      message: 'ScriptedModel has 5 unconsumed scripted steps. 0 calls were made. Unused: #1 ' +
        'message "Again." (3 uses), #2 error (Error) (2 uses). Remove the steps the workflow no ' +
        'longer needs, or find why it stopped early (an interruption, a guardrail, a changed ' +
        'tool).',
    });
  });

  test('an error step with times fails every use, each with its retry advice', async () => {
    const failure = new Error('rate limited');
    const model = new ScriptedModel([
      modelError(failure, { suggested: true }, { times: 2 }),
      [assistantMessage('Recovered.')],
    ]);
    const agent = new Agent({
      name: 'Retrying',
      model,
      modelSettings: {
        retry: {
          maxRetries: 2,
          policy: ({ providerAdvice }) => providerAdvice?.suggested === true,
          // No backoff delay, so no timers.
          backoff: { initialDelayMs: 0, jitter: false },
        },
      },
    });
    assert.equal((await runner().run(agent, 'Hi')).finalOutput, 'Recovered.');
    assert.equal(model.calls.length, 3);
    model.assertComplete();
  });

  test('a repeated array stream streams the same events, a fresh copy each time', async () => {
    const model = new ScriptedModel([
      modelStream([{ type: 'output_text_delta', delta: 'Hi' }, done('Hi')], { times: 2 }),
    ]);
    const first = await collect(model.getStreamedResponse(modelRequest()));
    const second = await collect(model.getStreamedResponse(modelRequest()));
    assert.deepEqual(second, first);
    assert.notEqual(second[0], first[0]);
    assert.equal(first.length, 2);
    model.assertComplete();
  });

  test('a repeated stream responder runs once per call', async () => {
    const model = new ScriptedModel([
      modelStreamResponder((call) => [done(`#${call.index + 1}`)], { times: { min: 1 } }),
    ]);
    const agent = new Agent({ name: 'Streamer', model });
    for (const expected of ['#1', '#2']) {
      const result = await runner().run(agent, 'Go', { stream: true });
      await result.completed;
      assert.equal(result.finalOutput, expected);
    }
    model.assertComplete();
  });

  test('enqueue() adds repeated steps after the current ones', async () => {
    const model = new ScriptedModel([[assistantMessage('One.')]]);
    model.enqueue(modelResponse([assistantMessage('Many.')], { times: 'any' }));
    assert.equal(model.remainingSteps, 1);
    await model.getResponse(modelRequest());
    for (let call = 0; call < 4; call++) {
      assert.deepEqual(
        (await model.getResponse(modelRequest())).output,
        [assistantMessage('Many.')],
      );
    }
    model.assertComplete();
  });
});

describe('model steps: long scripts', () => {
  test('steps used long ago are released, and the unused ones keep their numbers', async () => {
    const model = new ScriptedModel(
      Array.from({ length: 200 }, (_, index) => [assistantMessage(`Answer ${index + 1}.`)]),
    );
    for (let call = 0; call < 150; call++) {
      assert.deepEqual(
        (await model.getResponse(modelRequest())).output,
        [assistantMessage(`Answer ${call + 1}.`)],
      );
    }
    assert.equal(model.remainingSteps, 50);
    assert.throws(() => model.assertComplete(), (error: unknown) => {
      assert.ok(
        String((error as Error).message).includes(
          'Unused: #151 message "Answer 151.", #152 message "Answer 152.", #153 message ' +
            '"Answer 153.", and 47 more.',
        ),
        String((error as Error).message),
      );
      return true;
    });
    model.enqueue(modelResponse([assistantMessage('Tail.')], { times: 'any' }));
    for (let call = 150; call < 200; call++) await model.getResponse(modelRequest());
    assert.deepEqual((await model.getResponse(modelRequest())).output, [assistantMessage('Tail.')]);
    model.assertComplete();
  });
});

describe('model steps: optional', () => {
  test('an optional step left unused does not fail assertComplete()', async () => {
    const model = new ScriptedModel([
      [assistantMessage('Answer.')],
      modelResponse([assistantMessage('Maybe a follow-up.')], { optional: true }),
    ]);
    assert.equal(model.remainingSteps, 1);
    await model.getResponse(modelRequest());
    assert.equal(model.remainingSteps, 0);
    model.assertComplete();
  });

  test('an optional step still answers the call that reaches it', async () => {
    const model = new ScriptedModel([
      modelResponse([assistantMessage('Optional.')], { optional: true }),
      [assistantMessage('Required.')],
    ]);
    assert.deepEqual(
      (await model.getResponse(modelRequest())).output,
      [assistantMessage('Optional.')],
    );
    assert.throws(() => model.assertComplete(), UnconsumedModelStepsError);
    await model.getResponse(modelRequest());
    model.assertComplete();
  });

  test('optional with times allows up to times uses and requires none', async () => {
    const model = new ScriptedModel([
      modelResponse([assistantMessage('Up to two.')], { times: 2, optional: true }),
    ]);
    assert.equal(model.remainingSteps, 0);
    await model.getResponse(modelRequest());
    await model.getResponse(modelRequest());
    await assert.rejects(model.getResponse(modelRequest()), isUnexpectedCall(2, false));
    assert.equal(model.acknowledgeFailures().length, 1);
    model.assertComplete();
  });

  test('an optional step is validated where it is written, like any other', () => {
    assert.throws(
      () =>
        new ScriptedModel([
          modelResponse([functionCall('lookup', '{"id":')], { optional: true, times: 'any' }),
        ]),
      { name: 'InvalidScriptedModelStepError', reason: 'invalid_arguments', inputIndex: 0 },
    );
  });
});

describe('model steps: holds that repeat', () => {
  test('every call reaching a repeated hold waits; one release lets all through', async () => {
    const hold = modelHold([assistantMessage('Released.')], { times: 2 });
    const model = new ScriptedModel([hold]);
    assert.equal(hold.times, 2);
    const first = model.getResponse(modelRequest());
    const second = model.getResponse(modelRequest());
    assert.equal((await hold.reached).index, 0);
    assert.equal(hold.state, 'held');
    hold.release();
    const answers = await Promise.all([first, second]);
    assert.deepEqual(answers.map((answer) => answer.output), [
      [assistantMessage('Released.')],
      [assistantMessage('Released.')],
    ]);
    assert.notEqual(answers[1].output[0], answers[0].output[0]);
    assert.equal(hold.state, 'released');
    model.assertComplete();
  });

  test('an optional hold never reached is complete', () => {
    const hold = modelHold([assistantMessage('Never.')], { optional: true });
    const model = new ScriptedModel([hold]);
    assert.equal(hold.optional, true);
    assert.equal(model.remainingSteps, 0);
    model.assertComplete();
    assert.equal(hold.state, 'pending');
  });

  test('aborting one of two held calls leaves the hold holding the other', async () => {
    const hold = modelHold([assistantMessage('Kept.')], { times: 2 });
    const model = new ScriptedModel([hold]);
    const controller = new AbortController();
    const aborted = model.getResponse(modelRequest({ signal: controller.signal }));
    const kept = model.getResponse(modelRequest());
    await hold.reached;
    controller.abort();
    await assert.rejects(aborted, { name: 'AbortError', callIndex: 0 });
    assert.equal(hold.state, 'held');
    hold.release();
    assert.deepEqual((await kept).output, [assistantMessage('Kept.')]);
  });
});

describe('model steps: malformed times and optional', () => {
  const malformed: readonly [string, Record<string, unknown>][] = [
    ['times: 0', { times: 0 }],
    ['a fractional times', { times: 1.5 }],
    ['an unknown string', { times: 'many' }],
    ['max below min', { times: { min: 3, max: 2 } }],
    ['a non-boolean optional', { optional: 'yes' }],
  ];
  for (const [name, fields] of malformed) {
    test(`${name} is refused where the step is written, for every kind of step`, () => {
      const steps: readonly [string, Record<string, unknown>][] = [
        ['response', { type: 'response', response: [assistantMessage('x')] }],
        ['error', { type: 'error', error: new Error('x') }],
        ['responder', { type: 'responder', respond: () => [] }],
        ['stream', { type: 'stream', events: [] }],
        ['stream_responder', { type: 'stream_responder', respond: () => [] }],
      ];
      for (const [stepType, step] of steps) {
        assert.throws(
          () => new ScriptedModel([[assistantMessage('ok')], { ...step, ...fields } as never]),
          isInvalidTimes(1, stepType),
        );
      }
      assert.throws(
        () => new ScriptedModel([modelHold([assistantMessage('x')], fields as never)]),
        isInvalidTimes(0, 'hold'),
      );
    });
  }

  test('times on the step inside a hold is refused: the hold is what repeats', () => {
    assert.throws(
      () =>
        new ScriptedModel([
          modelHold(modelResponse([assistantMessage('x')], { times: 2 })),
        ]),
      isInvalidTimes(0, 'hold'),
    );
    assert.throws(
      () =>
        new ScriptedModel([modelHold(modelResponse([assistantMessage('x')], { optional: true }))]),
      isInvalidTimes(0, 'hold'),
    );
  });

  test('an invalid input adds nothing, including the valid repeated ones before it', async () => {
    const model = new ScriptedModel();
    assert.throws(
      () =>
        model.enqueue(modelResponse([assistantMessage('x')], { times: 'any' }), {
          type: 'response',
          response: [],
          times: -1,
        } as never),
      isInvalidTimes(1, 'response'),
    );
    assert.equal(model.remainingSteps, 0);
    await assert.rejects(model.getResponse(modelRequest()), isUnexpectedCall(0, false));
    model.acknowledgeFailures();
  });

  test('the factories set only the fields they were given', () => {
    assert.deepEqual(Object.keys(modelResponse([])), ['type', 'response']);
    assert.deepEqual(modelResponse([], { times: 2, optional: false }), {
      type: 'response',
      response: [],
      times: 2,
      optional: false,
    });
    assert.deepEqual(modelResponse([], { validate: false, times: 'any' }), {
      type: 'response',
      response: [],
      validate: false,
      times: 'any',
    });
    const respond = () => [];
    assert.deepEqual(modelResponder(respond, { optional: true }), {
      type: 'responder',
      respond,
      optional: true,
    });
    assert.deepEqual(modelResponder(respond, { validate: false, times: 3 }), {
      type: 'responder',
      respond,
      validate: false,
      times: 3,
    });
    assert.deepEqual(modelStream([], { times: { min: 1 } }), {
      type: 'stream',
      events: [],
      times: { min: 1 },
    });
    assert.deepEqual(modelStreamResponder(respond, { optional: true }), {
      type: 'stream_responder',
      respond,
      optional: true,
    });
    const error = new Error('x');
    assert.deepEqual(modelError(error, undefined, { times: 2 }), {
      type: 'error',
      error,
      retryAdvice: undefined,
      times: 2,
    });
    assert.deepEqual(Object.keys(modelError(error)), ['type', 'error', 'retryAdvice']);
    assert.deepEqual(Object.keys(modelHold()), [
      'type',
      'then',
      'atEvent',
      'ignoreAbort',
      'reached',
      'state',
      'release',
    ]);
  });
});
