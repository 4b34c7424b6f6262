// The SDK makes a run's first model call in parallel with its input guardrails
// (runInParallel defaults to true), so a guardrail test whose tripwire fires
// still needs that call scripted. When it is not, the provider's
// UnknownModelNameError says so: it names the agent and the two ways out
// (testing/provider/scripted_model_provider_errors.ts, testing/provider/_first_model_request.ts).
import assert from 'node:assert/strict';
import {
  Agent,
  handoff,
  type InputGuardrail,
  InputGuardrailTripwireTriggered,
  Runner,
} from '@openai/agents';
import {
  assistantMessage,
  handoffCall,
  ScriptedModel,
  ScriptedModelProvider,
  UnknownModelNameError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const hint = (agent: string, model: string) =>
  ` It was the run's first model call, by agent "${agent}": if the run has input guardrails, ` +
  'the SDK makes this call in parallel with them (unless a guardrail sets runInParallel: false), ' +
  `so it happens even when one trips. Script a model for "${model}", or give the guardrail ` +
  'runInParallel: false to run it before the model call.';

/** A tutor whose input guardrail asks a guard agent (model "guard-model") and always trips. */
function tutorWithGuardrail(provider: ScriptedModelProvider, runInParallel?: boolean) {
  const guard = new Agent({ name: 'Guard', model: 'guard-model' });
  const guardrail: InputGuardrail = {
    name: 'no_homework',
    ...(runInParallel === undefined ? {} : { runInParallel }),
    execute: async ({ input, context }) => {
      const text = typeof input === 'string' ? input : 'input';
      const verdict = await new Runner({ modelProvider: provider, tracingDisabled: true })
        .run(guard, text, { context });
      return { outputInfo: verdict.finalOutput, tripwireTriggered: true };
    },
  };
  return new Agent({ name: 'Tutor', model: 'tutor-model', inputGuardrails: [guardrail] });
}

describe('UnknownModelNameError: the first model call beside the input guardrails', () => {
  for (const tracingDisabled of [true, false]) {
    test(
      `a tripped parallel guardrail: the unscripted first call names the agent and the way out (tracing ${
        tracingDisabled ? 'off' : 'on'
      })`,
      async () => {
        const provider = new ScriptedModelProvider({
          models: { 'guard-model': new ScriptedModel([[assistantMessage('homework')]]) },
        });
        const tutor = tutorWithGuardrail(provider);
        await assert.rejects(
          new Runner({ modelProvider: provider, tracingDisabled }).run(tutor, 'Solve 2x = 4'),
          InputGuardrailTripwireTriggered,
        );
        const [failure, ...rest] = provider.acknowledgeFailures();
        assert.deepEqual(rest, []);
        assert.ok(failure instanceof UnknownModelNameError);
        assert.deepEqual({ ...failure }, {
          modelName: 'tutor-model',
          knownNames: ['guard-model'],
          firstCallAgent: 'Tutor',
          name: 'UnknownModelNameError',
        });
        assert.equal(
          failure.message,
          'ScriptedModelProvider has no model named "tutor-model" and no fallback; it routes ' +
            `"guard-model".${hint('Tutor', 'tutor-model')}`,
        );
        assert.deepEqual(provider.requests, ['tutor-model', 'guard-model']);
      },
    );
  }

  test('with runInParallel: false the tripwire ends the run before the model is asked', async () => {
    const provider = new ScriptedModelProvider({
      models: { 'guard-model': new ScriptedModel([[assistantMessage('homework')]]) },
    });
    const tutor = tutorWithGuardrail(provider, false);
    await assert.rejects(
      new Runner({ modelProvider: provider, tracingDisabled: true }).run(tutor, 'Solve 2x = 4'),
      InputGuardrailTripwireTriggered,
    );
    assert.deepEqual(provider.failures, []);
    assert.deepEqual(provider.requests, ['guard-model']);
    await provider.assertComplete();
  });

  test("a later request of the run (a handoff target) gets no hint; a guardrail's own agent run is a run of its own", async () => {
    const billing = new Agent({ name: 'Billing', model: 'billing-model' });
    const triageModel = new ScriptedModel([[handoffCall(billing)]]);
    const provider = new ScriptedModelProvider({ models: { 'triage-model': triageModel } });
    const triage = new Agent({
      name: 'Triage',
      model: 'triage-model',
      handoffs: [handoff(billing)],
    });
    const error = await new Runner({ modelProvider: provider, tracingDisabled: true })
      .run(triage, 'Refund me')
      .catch((e) => e);
    assert.ok(error instanceof UnknownModelNameError);
    assert.equal(error.firstCallAgent, undefined);
    assert.equal(
      error.message,
      'ScriptedModelProvider has no model named "billing-model" and no fallback; it routes ' +
        '"triage-model".',
    );
    provider.acknowledgeFailures();

    // The tutor's model is scripted; the guard agent's, asked by the guardrail's own run, is not.
    const scripted = new ScriptedModelProvider({
      models: { 'tutor-model': new ScriptedModel([[assistantMessage('x = 2')]]) },
    });
    const tutor = tutorWithGuardrail(scripted);
    const failed = await new Runner({ modelProvider: scripted, tracingDisabled: true })
      .run(tutor, 'Solve 2x = 4')
      .catch((e) => e);
    assert.equal(failed.name, 'GuardrailExecutionError');
    const [guardFailure] = scripted.acknowledgeFailures();
    assert.ok(guardFailure instanceof UnknownModelNameError);
    assert.equal(guardFailure.modelName, 'guard-model');
    assert.equal(guardFailure.firstCallAgent, 'Guard');
  });

  test('an agent without a model name: the fallback is what to script', async () => {
    const provider = new ScriptedModelProvider({ models: {} });
    const error = await new Runner({ modelProvider: provider, tracingDisabled: true })
      .run(new Agent({ name: 'Nameless' }), 'hi')
      .catch((e) => e);
    assert.ok(error instanceof UnknownModelNameError);
    assert.equal(
      error.message,
      'ScriptedModelProvider has no fallback for an agent without a model name; it routes no ' +
        `names. It was the run's first model call, by agent "Nameless": if the run has input ` +
        'guardrails, the SDK makes this call in parallel with them (unless a guardrail sets ' +
        'runInParallel: false), so it happens even when one trips. Script a fallback model, or ' +
        'give the guardrail runInParallel: false to run it before the model call.',
    );
    provider.acknowledgeFailures();
  });
});
