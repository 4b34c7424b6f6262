// `new ScriptedModel(steps, { name, streamed })` and the `responseDone()` builder: a model's name in
// every message it raises, one path forbidden, and the terminal stream event as a builder.
import assert from 'node:assert/strict';
import { Agent, Runner, Usage } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
  modelResponder,
  modelStream,
  responseDone,
  ScriptedModel,
  ScriptedModelProvider,
  UnexpectedModelCallError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { collect, modelRequest, runner, weatherTool } from './_model_fixtures.ts';

describe('ScriptedModel name', () => {
  test('an unexpected call and unconsumed steps name the model', async () => {
    const model = new ScriptedModel([], { name: 'digest model' });
    await assert.rejects(model.getResponse(modelRequest()), {
      name: 'UnexpectedModelCallError',
      message: 'ScriptedModel "digest model" received unexpected non-streaming call #1; no ' +
        'scripted steps remain. It has no scripted steps. Add a step for this call (constructor ' +
        'or enqueue()), or find why the workflow asked again.\nThe call was answering:\n' +
        '  user: "Hi"',
    });
    assert.throws(() => model.assertNoUnexpectedCalls(), (error: unknown) => {
      assert.match(String((error as Error).message), /^ScriptedModel "digest model" /);
      return true;
    });
    model.acknowledgeFailures();

    const unused = new ScriptedModel([[assistantMessage('Left.')]], { name: 'digest model' });
    assert.throws(() => unused.assertComplete(), {
      name: 'UnconsumedModelStepsError',
      message: 'ScriptedModel "digest model" has 1 unconsumed scripted step. 0 calls were made. ' +
        'Unused: #1 message "Left.". Remove the steps the workflow no longer needs, or find why ' +
        'it stopped early (an interruption, a guardrail, a changed tool).',
    });
  });

  test('two models of one provider are told apart', async () => {
    const provider = new ScriptedModelProvider({
      models: {
        writer: new ScriptedModel([[assistantMessage('Draft.')]], { name: 'writer' }),
        digest: new ScriptedModel([[assistantMessage('Digest.')]], { name: 'digest' }),
      },
    });
    await new Runner({ modelProvider: provider, tracingDisabled: true })
      .run(new Agent({ name: 'W', model: 'writer' }), 'Write');
    const failure = await provider.assertComplete().catch((error: unknown) => error);
    assert(failure instanceof Error);
    assert.ok(failure.message.startsWith('ScriptedModel "digest" has 1 unconsumed scripted step.'));
  });

  test('step errors at the constructor, enqueue() and call time name the model', async () => {
    assert.throws(() => new ScriptedModel([{ type: 'nope' } as never], { name: 'm' }), {
      name: 'InvalidScriptedModelStepError',
      message: 'ScriptedModel "m" input #1 has unknown type "nope".',
    });
    const model = new ScriptedModel([], { name: 'm' });
    assert.throws(() => model.enqueue([functionCall('f', '{"a":')]), (error: unknown) => {
      assert(error instanceof InvalidScriptedModelStepError);
      assert.ok(error.message.startsWith('ScriptedModel "m" input #1, output item #1:'));
      // Renamed before anything read it: the stack agrees.
      assert.ok(String(error.stack).includes('ScriptedModel "m" input #1'));
      return true;
    });
    model.enqueue(modelStream([]), modelResponder(() => 42 as never));
    await assert.rejects(model.getResponse(modelRequest()), {
      message: 'ScriptedModel "m" cannot use raw stream step for non-streaming call #1.',
    });
    await assert.rejects(model.getResponse(modelRequest()), {
      message: 'ScriptedModel "m" responder returned an invalid response for call #2.',
    });
    assert.equal(model.acknowledgeFailures().length, 2);
  });

  test('a mismatched answer names the model', async () => {
    const model = new ScriptedModel([[functionCall('get_weather', { city: 42 })]], {
      name: 'planner',
    });
    const agent = new Agent({ name: 'A', model, tools: [weatherTool()] });
    await assert.rejects(runner().run(agent, 'Go'));
    const [failure] = model.acknowledgeFailures();
    assert.match(String((failure as Error).message), /^ScriptedModel "planner" call #1/);
  });

  test('without a name the messages say ScriptedModel, as the SDK double does', () => {
    assert.throws(() => new ScriptedModel([{ type: 'nope' } as never]), {
      message: 'ScriptedModel input #1 has unknown type "nope".',
    });
  });
});

describe('ScriptedModel streamed option', () => {
  test('streamed: true refuses a non-streaming call, naming it, and keeps the step', async () => {
    const model = new ScriptedModel([[assistantMessage('Streamed only.')]], { streamed: true });
    const failure = await model.getResponse(modelRequest()).catch((error: unknown) => error);
    assert(failure instanceof UnexpectedModelCallError);
    assert.equal(failure.callIndex, 0);
    assert.equal(failure.streamed, false);
    assert.equal(
      failure.message,
      'ScriptedModel received unexpected non-streaming call #1; it serves streaming calls only ' +
        '({ streamed: true }). Make the code under test ask for a streaming response, or drop ' +
        'the `streamed` option.',
    );
    assert.equal(model.remainingSteps, 1);
    assert.equal(model.acknowledgeFailures().length, 1);
    const events = await collect(model.getStreamedResponse(modelRequest()));
    assert.equal(events.at(-1)?.type, 'response_done');
    model.assertComplete();
  });

  test('streamed: false refuses a streaming call through the Runner', async () => {
    const model = new ScriptedModel([[assistantMessage('Plain only.')]], {
      streamed: false,
      name: 'plain',
    });
    const agent = new Agent({ name: 'A', model });
    await assert.rejects(
      async () => {
        const result = await runner().run(agent, 'Hi', { stream: true });
        await result.completed;
      },
      {
        name: 'UnexpectedModelCallError',
        message: 'ScriptedModel "plain" received unexpected streaming call #1; it serves ' +
          'non-streaming calls only ({ streamed: false }). Make the code under test ask for a ' +
          'non-streaming response, or drop the `streamed` option.',
      },
    );
    model.acknowledgeFailures();
    assert.equal((await runner().run(agent, 'Hi')).finalOutput, 'Plain only.');
    model.assertComplete();
  });
});

describe('responseDone()', () => {
  test('the terminal event, as a synthesized stream ends', async () => {
    const usage = new Usage({ requests: 1, inputTokens: 4, outputTokens: 2 });
    const output = [assistantMessage('Done.')];
    const event = responseDone(output, { id: 'resp_9', usage });
    assert.deepEqual(event, {
      type: 'response_done',
      response: {
        id: 'resp_9',
        requestId: undefined,
        usage: {
          requests: 1,
          inputTokens: 4,
          outputTokens: 2,
          totalTokens: 6,
          inputTokensDetails: undefined,
          outputTokensDetails: undefined,
          requestUsageEntries: undefined,
        },
        rawUsage: undefined,
        providerData: undefined,
        output,
      },
    });
    assert.notEqual(event.type === 'response_done' && event.response.output, output);
    const synthesized = await collect(
      new ScriptedModel([{ output, usage, responseId: 'resp_9' }]).getStreamedResponse(
        modelRequest(),
      ),
    );
    assert.deepEqual(synthesized.at(-1), event);
  });

  test('defaults: one request, no tokens, a fixed id', () => {
    const event = responseDone([]);
    assert(event.type === 'response_done');
    assert.equal(event.response.id, 'scripted-response');
    assert.equal(event.response.usage.requests, 1);
    assert.equal(event.response.usage.totalTokens, 0);
    assert.deepEqual(event.response.output, []);
  });
});
