import assert from 'node:assert/strict';
import * as sdk from '@openai/agents';
import { Agent, type Model } from '@openai/agents';
import { assistantMessage, functionCall, modelError, ScriptedModel } from 'scripted-agents/testing';
import { census, unknownReads } from './_boundary_census.ts';
import { describe, test } from './_harness.ts';
import { collect, runner, weatherTool } from './_model_fixtures.ts';

/**
 * What the Runner may read from a model that ScriptedModel leaves out on purpose,
 * as the SDK's own double does: without `supportsPromptModelSelection` the Runner
 * treats the model as one that does not pick a model from a stored prompt; older
 * releases (0.7 and before) also look for a `model` or `name` property to name a
 * model object where they would show a model name, and find none.
 */
const knownAbsent = ['supportsPromptModelSelection', 'model', 'name'];

function weatherModel() {
  return new ScriptedModel([
    [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
    [assistantMessage('It is sunny in Tokyo.')],
  ]);
}

describe('the Runner reads nothing from ScriptedModel that it does not know', () => {
  test('a non-streamed tool run', async () => {
    const model = weatherModel();
    const { proxy, reads } = census<Model>(model);
    const agent = new Agent({ name: 'Weather', model: proxy, tools: [weatherTool()] });
    const result = await runner().run(agent, 'Weather in Tokyo?');
    assert.equal(result.finalOutput, 'It is sunny in Tokyo.');
    assert.ok(reads.has('getResponse'));
    assert.deepEqual(unknownReads(model, reads, knownAbsent), []);
  });

  test('a streamed tool run', async () => {
    const model = weatherModel();
    const { proxy, reads } = census<Model>(model);
    const agent = new Agent({ name: 'Weather', model: proxy, tools: [weatherTool()] });
    const stream = await runner().run(agent, 'Weather in Tokyo?', { stream: true });
    await collect(stream);
    await stream.completed;
    assert.equal(stream.finalOutput, 'It is sunny in Tokyo.');
    assert.ok(reads.has('getStreamedResponse'));
    assert.deepEqual(unknownReads(model, reads, knownAbsent), []);
  });

  test('a failed model call under the retry policy, where the SDK has one', async () => {
    const model = new ScriptedModel([
      modelError(new Error('rate limited'), { suggested: true, retryAfterMs: 0 }),
      [assistantMessage('after the retry')],
    ]);
    const { proxy, reads } = census<Model>(model);
    const policies = (sdk as Record<string, unknown>).retryPolicies as
      | { providerSuggested(): unknown }
      | undefined;
    const agent = new Agent({
      name: 'A',
      model: proxy,
      ...(policies
        ? {
          modelSettings: {
            retry: {
              maxRetries: 1,
              policy: policies.providerSuggested(),
              backoff: { initialDelayMs: 0, jitter: false },
            },
          } as never,
        }
        : {}),
    });
    const outcome = await runner().run(agent, 'go').then(
      (result) => result.finalOutput,
      (error: unknown) => error,
    );
    // With a retry policy the retry consumes the second step; without one the
    // error ends the run. Either way the census holds.
    if (policies) {
      assert.equal(outcome, 'after the retry');
      assert.ok(reads.has('getRetryAdvice'));
    } else {
      assert.ok(outcome instanceof Error && outcome.message === 'rate limited');
    }
    assert.deepEqual(unknownReads(model, reads, knownAbsent), []);
  });
});
