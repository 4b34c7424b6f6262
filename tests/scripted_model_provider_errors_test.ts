import assert from 'node:assert/strict';
import { Agent, Runner } from '@openai/agents';
import { AutoModel, ScriptedModelProvider, UnknownModelNameError } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

// The error ScriptedModelProvider raises, as the provider raises it: the exact
// name, message and structured fields (own enumerable properties, name last).
describe('ScriptedModelProvider errors', () => {
  test('an unknown name without a fallback lists the names it routes', async () => {
    const provider = new ScriptedModelProvider({ models: { 'model-a': new AutoModel() } });
    const error = await new Runner({ modelProvider: provider, tracingDisabled: true })
      .run(new Agent({ name: 'Lost', model: 'model-c' }), 'hi')
      .catch((e) => e);
    assert.ok(error instanceof UnknownModelNameError);
    assert.deepEqual({ ...error }, {
      modelName: 'model-c',
      knownNames: ['model-a'],
      firstCallAgent: error.firstCallAgent,
      name: 'UnknownModelNameError',
    });
    // Where the SDK tells the run's first call, the agent is named and the hint follows.
    assert.ok([undefined, 'Lost'].includes(error.firstCallAgent));
    assert.equal(error.message.includes(' It was the run'), error.firstCallAgent !== undefined);
    // The first-call hint (firstCallAgent and its sentence) needs an SDK that makes
    // the first call beside the input guardrails; guardrail_first_call_test.ts has it.
    assert.equal(
      error.message.split(' It was')[0],
      'ScriptedModelProvider has no model named "model-c" and no fallback; it routes "model-a".',
    );
    assert.throws(() => provider.getModel(), {
      name: 'UnknownModelNameError',
      message: 'ScriptedModelProvider has no fallback for an agent without a model name; ' +
        'it routes "model-a".',
    });
    assert.equal(provider.acknowledgeFailures().length, 2);
  });
});
