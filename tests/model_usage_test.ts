// Usage and ids per step and by default: `new ScriptedModel(steps, { defaultUsage })`
// and `modelResponse(output, { usage, responseId, requestId })`, added up by the
// real Runner in `result.state.usage` as for a real model, streamed or not.
import assert from 'node:assert/strict';
import { Agent, Runner, tool, Usage } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
  modelResponder,
  modelResponse,
  ScriptedModel,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const runner = () => new Runner({ tracingDisabled: true });
const ping = () =>
  tool({ name: 'ping', description: 'Pings.', parameters: z.object({}), execute: () => 'pong' });

async function run(model: ScriptedModel, stream: boolean) {
  const agent = new Agent({ name: 'A', model, tools: [ping()] });
  if (!stream) return await runner().run(agent, 'Hi');
  const result = await runner().run(agent, 'Hi', { stream: true });
  for await (const _event of result) { /* drain */ }
  await result.completed;
  return result;
}

for (const stream of [false, true]) {
  const mode = stream ? 'streamed' : 'not streamed';

  describe(`usage per step and by default (${mode})`, () => {
    test('defaultUsage: every output-only response reports it, and the runner adds them up', async () => {
      const model = new ScriptedModel([
        [functionCall('ping', {})],
        modelResponder(() => [assistantMessage('pong')]),
      ], { defaultUsage: { inputTokens: 10, outputTokens: 4 } });
      const result = await run(model, stream);

      assert.equal(result.state.usage.requests, 2);
      assert.equal(result.state.usage.inputTokens, 20);
      assert.equal(result.state.usage.outputTokens, 8);
      assert.equal(result.state.usage.totalTokens, 28);
      assert.deepEqual(
        result.rawResponses.map((response) => [response.responseId, response.usage.inputTokens]),
        [['scripted-response-1', 10], ['scripted-response-2', 10]],
      );
      // Each call has its own Usage, never the one given.
      assert.notEqual(result.rawResponses[0].usage, result.rawResponses[1].usage);
      model.assertComplete();
    });

    test('a step usage and ids win over the default; a Usage instance is copied', async () => {
      const given = new Usage({ requests: 1, inputTokens: 100, outputTokens: 1 });
      const model = new ScriptedModel([
        modelResponse([functionCall('ping', {})], {
          usage: given,
          responseId: 'resp_a',
          requestId: 'req_a',
        }),
        [assistantMessage('pong')],
      ], { defaultUsage: new Usage({ requests: 1, inputTokens: 1, outputTokens: 1 }) });
      given.inputTokens = 999;
      const result = await run(model, stream);

      assert.equal(result.state.usage.inputTokens, 101);
      assert.equal(result.rawResponses[0].responseId, 'resp_a');
      assert.equal(result.rawResponses[0].requestId, 'req_a');
      assert.equal(result.rawResponses[1].responseId, 'scripted-response-2');
      assert.equal(result.rawResponses[1].requestId, undefined);
      assert.notEqual(result.rawResponses[0].usage, given);
    });

    test('without either, one request and no tokens per call, as before', async () => {
      const model = new ScriptedModel([[functionCall('ping', {})], [assistantMessage('pong')]]);
      const result = await run(model, stream);
      assert.equal(result.state.usage.requests, 2);
      assert.equal(result.state.usage.totalTokens, 0);
    });

    test('step options over a complete envelope; the default never replaces its usage', async () => {
      const model = new ScriptedModel([
        modelResponse(
          {
            output: [functionCall('ping', {})],
            usage: new Usage({ requests: 1, inputTokens: 5 }),
            responseId: 'own',
          },
          { responseId: 'over' },
        ),
        modelResponse(
          { output: [assistantMessage('pong')], usage: new Usage({ requests: 1, inputTokens: 6 }) },
          { usage: { inputTokens: 7 } },
        ),
      ], { defaultUsage: { inputTokens: 1000 } });
      const result = await run(model, stream);
      assert.equal(result.rawResponses[0].responseId, 'over');
      assert.equal(result.state.usage.inputTokens, 12);
    });
  });
}

describe('usage: what the streamed response_done carries', () => {
  test('the synthesized response_done reports the step usage and ids', async () => {
    const model = new ScriptedModel([
      modelResponse([assistantMessage('Hi')], {
        usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
        responseId: 'resp_s',
        requestId: 'req_s',
      }),
    ]);
    const events = [];
    for await (
      const event of model.getStreamedResponse({
        input: 'Hi',
        modelSettings: {},
        tools: [],
        outputType: 'text',
        handoffs: [],
        tracing: false,
      })
    ) events.push(event);
    const done = events.at(-1) as {
      type: string;
      response: { id: string; requestId?: string; usage: Record<string, unknown> };
    };
    assert.equal(done.type, 'response_done');
    assert.equal(done.response.id, 'resp_s');
    assert.equal(done.response.requestId, 'req_s');
    assert.deepEqual(
      [
        done.response.usage.requests,
        done.response.usage.inputTokens,
        done.response.usage.totalTokens,
      ],
      [1, 3, 5],
    );
  });
});

describe('usage: a malformed step option fails where it is written', () => {
  test('usage that is no object, ids that are no strings', () => {
    for (
      const step of [
        { type: 'response', response: [], usage: 5 },
        { type: 'response', response: [], responseId: 1 },
        { type: 'response', response: [], requestId: null },
      ]
    ) {
      assert.throws(() => new ScriptedModel([step as never]), (error: unknown) => {
        assert.ok(error instanceof InvalidScriptedModelStepError);
        assert.equal(error.reason, 'invalid_response');
        assert.equal(error.inputIndex, 0);
        assert.equal(error.message, 'ScriptedModel input #1 has an invalid response envelope.');
        return true;
      });
    }
  });

  test('modelResponse leaves out what is not given', () => {
    assert.deepEqual(modelResponse([]), { type: 'response', response: [] });
    assert.deepEqual(modelResponse([], { validate: false, usage: { inputTokens: 1 } }), {
      type: 'response',
      response: [],
      validate: false,
      usage: { inputTokens: 1 },
    });
  });
});
