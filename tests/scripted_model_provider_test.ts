import assert from 'node:assert/strict';
import {
  Agent,
  type Model,
  OpenAIProvider,
  Runner,
  setDefaultModelProvider,
  tool,
} from '@openai/agents';
import OpenAI from 'openai';
import { z } from 'zod';
import {
  assistantMessage,
  AutoModel,
  AutoModelIncompleteError,
  DoubleFailuresError,
  functionCall,
  handoffCall,
  offlineGuard,
  OfflineNetworkError,
  ScriptedModel,
  ScriptedModelProvider,
  UnconsumedModelStepsError,
  UnknownModelNameError,
} from 'scripted-agents/testing';
import { describe, test, type TestContext } from './_harness.ts';

function triageTeam() {
  const refunds = new Agent({
    name: 'Refunds',
    model: 'refunds-model',
    tools: [
      tool({
        name: 'issue_refund',
        description: 'Refunds an order.',
        parameters: z.object({ orderId: z.string() }),
        execute: ({ orderId }) => `refunded ${orderId}`,
      }),
    ],
  });
  const shipping = new Agent({ name: 'Shipping', model: 'shipping-model' });
  const faq = new Agent({ name: 'FAQ', model: 'faq-model' });
  const triage = Agent.create({
    name: 'Triage',
    model: 'triage-model',
    handoffs: [refunds, shipping, faq],
  });
  return { triage, refunds, shipping, faq };
}

describe('ScriptedModelProvider', () => {
  test('routes each agent to its own script by model name', async () => {
    const { triage, refunds } = triageTeam();
    const provider = new ScriptedModelProvider({
      models: {
        'triage-model': new ScriptedModel([[handoffCall(refunds)]]),
        'refunds-model': new ScriptedModel([
          [functionCall('issue_refund', { orderId: 'A-1' }, { callId: 'call_1' })],
          [assistantMessage('Refunded A-1.')],
        ]),
        'shipping-model': new ScriptedModel(),
        'faq-model': new ScriptedModel(),
      },
    });
    const result = await new Runner({ modelProvider: provider, tracingDisabled: true }).run(
      triage,
      'Refund order A-1',
    );
    assert.equal(result.finalOutput, 'Refunded A-1.');
    assert.equal(result.lastAgent?.name, 'Refunds');
    assert.deepEqual(provider.requests, ['triage-model', 'refunds-model', 'refunds-model']);
    assert.deepEqual(provider.modelNames, [
      'triage-model',
      'refunds-model',
      'shipping-model',
      'faq-model',
    ]);
    await provider.assertComplete();
  });

  test('the scripts do not depend on the order other agents run in', async () => {
    // The same refunds script serves a run where triage first asks the FAQ agent.
    const { triage, refunds, faq } = triageTeam();
    faq.handoffs = [triage];
    const triageModel = new ScriptedModel([[handoffCall(faq)], [handoffCall(refunds)]]);
    const provider = new ScriptedModelProvider({
      models: {
        'triage-model': triageModel,
        'faq-model': new ScriptedModel([[handoffCall(triage)]]),
        'refunds-model': new ScriptedModel([[assistantMessage('Refunded.')]]),
      },
    });
    const result = await new Runner({ modelProvider: provider, tracingDisabled: true }).run(
      triage,
      'help',
    );
    assert.equal(result.finalOutput, 'Refunded.');
    await provider.assertComplete();
  });

  test('a fallback serves agents without a model name and unlisted names', async () => {
    const fallback = new AutoModel({ finalText: 'From the fallback.' });
    const provider = new ScriptedModelProvider({ models: {}, fallback });
    const runner = new Runner({ modelProvider: provider, tracingDisabled: true });
    const unnamed = await runner.run(new Agent({ name: 'Unnamed' }), 'hi');
    const unlisted = await runner.run(new Agent({ name: 'Unlisted', model: 'gpt-test' }), 'hi');
    assert.equal(unnamed.finalOutput, 'From the fallback.');
    assert.equal(unlisted.finalOutput, 'From the fallback.');
    assert.deepEqual(provider.requests, [undefined, 'gpt-test']);
    assert.equal(provider.getModel(), fallback);
    assert.equal(provider.getModel(''), fallback);
    await provider.assertComplete();
  });

  test('an unknown name without a fallback fails with the known names, and is kept as a failure', async () => {
    const provider = new ScriptedModelProvider({
      models: { 'model-a': new AutoModel(), 'model-b': new AutoModel() },
    });
    const error = await new Runner({ modelProvider: provider, tracingDisabled: true })
      .run(new Agent({ name: 'Lost', model: 'model-c' }), 'hi')
      .catch((e) => e);
    assert.ok(error instanceof UnknownModelNameError);
    assert.equal(error.modelName, 'model-c');
    assert.deepEqual(error.knownNames, ['model-a', 'model-b']);
    // The first-call hint, on SDKs that make that call beside the input guardrails,
    // is guardrail_first_call_test.ts's; the opening sentence is the same on every SDK.
    assert.equal(
      error.message.split(' It was')[0],
      'ScriptedModelProvider has no model named "model-c" and no fallback; it routes "model-a", "model-b".',
    );
    assert.deepEqual(Object.keys(error), ['modelName', 'knownNames', 'firstCallAgent', 'name']);
    assert.throws(() => provider.getModel(), (e: unknown) => {
      assert.ok(e instanceof UnknownModelNameError);
      assert.equal(e.modelName, undefined);
      assert.match(e.message, /no fallback for an agent without a model name/);
      return true;
    });
    const empty = new ScriptedModelProvider({ models: {} });
    assert.throws(() => empty.getModel('x'), /it routes no names/);
    empty.acknowledgeFailures();
    assert.equal(provider.failures.length, 2);
    assert.throws(() => provider.assertNoUnexpectedCalls(), DoubleFailuresError);
    // Teardown reports the provider's own failures first, then the routed doubles' checks.
    await assert.rejects(() => provider[Symbol.asyncDispose](), (e: unknown) => {
      assert.ok(e instanceof AggregateError);
      assert.equal(e.errors.length, 2);
      const [own, routed] = e.errors;
      assert.ok(own instanceof DoubleFailuresError);
      assert.equal(own.double, 'ScriptedModelProvider');
      assert.equal(own.failures.length, 2);
      assert.ok(routed instanceof AggregateError);
      assert.match(
        e.message,
        /^ScriptedModelProvider teardown found 2 problems: ScriptedModelProvider raised 2 failures during the test/,
      );
      return true;
    });
    provider.acknowledgeFailures();
    provider.assertNoUnexpectedCalls();
  });

  test('assertComplete checks every routed double and reports all problems', async () => {
    const provider = new ScriptedModelProvider({
      models: {
        unused: new ScriptedModel([[assistantMessage('never')]]),
        auto: new AutoModel(),
        plain: { getResponse: () => Promise.reject(new Error('unused')) } as unknown as Model,
      },
    });
    await assert.rejects(() => provider.assertComplete(), (error: unknown) => {
      assert.ok(error instanceof AggregateError);
      assert.equal(error.errors.length, 2);
      assert.ok(error.errors[0] instanceof UnconsumedModelStepsError);
      assert.ok(error.errors[1] instanceof AutoModelIncompleteError);
      assert.match(error.message, /^2 routed models failed their teardown checks/);
      return true;
    });
    const single = new ScriptedModelProvider({ models: { one: new AutoModel() } });
    await assert.rejects(() => single.assertComplete(), AutoModelIncompleteError);
    await assert.rejects(() => single[Symbol.asyncDispose](), AutoModelIncompleteError);
  });

  test('routed async-disposable doubles are awaited', async () => {
    const seen: string[] = [];
    const asyncDouble = {
      getResponse: () => Promise.reject(new Error('unused')),
      getStreamedResponse: () => {
        throw new Error('unused');
      },
      [Symbol.asyncDispose]: async () => {
        seen.push('async');
      },
    } as unknown as Model;
    const provider = new ScriptedModelProvider({ models: { a: asyncDouble } });
    await provider.assertComplete();
    assert.deepEqual(seen, ['async']);
  });

  test('works as the default model provider', async () => {
    const provider = new ScriptedModelProvider({
      models: {
        'default-test-model': new ScriptedModel([[assistantMessage('Default provider.')]]),
      },
    });
    setDefaultModelProvider(provider);
    try {
      const result = await new Runner({ tracingDisabled: true }).run(
        new Agent({ name: 'Defaulted', model: 'default-test-model' }),
        'hi',
      );
      assert.equal(result.finalOutput, 'Default provider.');
    } finally {
      setDefaultModelProvider(undefined as never);
    }
    await provider.assertComplete();
  });
});

describe('ScriptedModelProvider.forAll', () => {
  /**
   * An app's agents as written for production: each names a real model. The
   * default provider is a real OpenAIProvider (no retries, so one blocked request
   * is one failure) and the offline guard turns a request into a failure.
   */
  function productionApp(t: TestContext) {
    const guard = offlineGuard();
    t.after(() => guard[Symbol.dispose]());
    const openai = new OpenAI({ apiKey: 'sk-not-a-real-key', maxRetries: 0 });
    setDefaultModelProvider(new OpenAIProvider({ openAIClient: openai }));
    t.after(() => setDefaultModelProvider(new OpenAIProvider()));
    const billing = new Agent({ name: 'Billing', model: 'o4-mini' });
    const support = Agent.create({ name: 'Support', model: 'gpt-4.1-mini', handoffs: [billing] });
    return { guard, support, billing };
  }

  test('Runner({ model }) does not reach an agent that names its model: the run goes to OpenAI', async (t) => {
    const { guard, support } = productionApp(t);
    const scripted = new ScriptedModel([[assistantMessage('never used')]]);
    await assert.rejects(new Runner({ model: scripted, tracingDisabled: true }).run(support, 'hi'));
    assert.equal(scripted.calls.length, 0);
    const blocked = guard.acknowledgeFailures();
    assert.equal(blocked.length, 1);
    assert.ok(blocked[0] instanceof OfflineNetworkError);
    assert.match(blocked[0].target, /^https:\/\/api\.openai\.com\/v1\/responses/);
  });

  test('sends every model name to one script, and nothing to the default provider', async (t) => {
    const { guard, support, billing } = productionApp(t);
    const model = new ScriptedModel([
      [handoffCall(billing)],
      [assistantMessage('Refund issued.')],
    ]);
    const provider = ScriptedModelProvider.forAll(model);
    const result = await new Runner({ modelProvider: provider, tracingDisabled: true }).run(
      support,
      'Refund please',
    );
    assert.equal(result.finalOutput, 'Refund issued.');
    assert.equal(result.lastAgent?.name, 'Billing');
    assert.equal(model.calls.length, 2);
    assert.deepEqual(provider.requests, ['gpt-4.1-mini', 'o4-mini']);
    assert.deepEqual(provider.modelNames, []);
    assert.equal(provider.fallback, model);
    assert.deepEqual(guard.failures, []);
    await provider.assertComplete();
  });

  test('takes steps, an AutoModel or any Model; names and no name all get it', async () => {
    const fromSteps = ScriptedModelProvider.forAll([[assistantMessage('From steps.')]]);
    assert.ok(fromSteps.fallback instanceof ScriptedModel);
    const runner = new Runner({ modelProvider: fromSteps, tracingDisabled: true });
    const result = await runner.run(new Agent({ name: 'A', model: 'gpt-4.1' }), 'hi');
    assert.equal(result.finalOutput, 'From steps.');
    await fromSteps.assertComplete();

    const auto = new AutoModel({ finalText: 'Auto.' });
    const fromAuto = ScriptedModelProvider.forAll(auto);
    for (const name of [undefined, '', 'gpt-4.1-mini', 'o3']) {
      assert.equal(fromAuto.getModel(name), auto);
    }
    assert.deepEqual(fromAuto.requests, [undefined, undefined, 'gpt-4.1-mini', 'o3']);
    const unnamed = await new Runner({ modelProvider: fromAuto, tracingDisabled: true })
      .run(new Agent({ name: 'Unnamed' }), 'hi');
    assert.equal(unnamed.finalOutput, 'Auto.');
    await fromAuto.assertComplete();

    // The steps are the ScriptedModel's: unused ones fail the provider's teardown.
    const unused = ScriptedModelProvider.forAll([[assistantMessage('never')]]);
    await assert.rejects(() => unused.assertComplete(), UnconsumedModelStepsError);
  });

  test('anything else is a TypeError that says what it takes', () => {
    for (
      const [value, shown] of [
        [undefined, 'undefined'],
        [
          'gpt-4.1-mini',
          'the string "gpt-4.1-mini" (a model name? forAll takes the model that answers every name)',
        ],
        [42, 'number 42'],
        [{ model: 'x' }, 'an object with keys model'],
        [{}, 'an object with no keys'],
      ] as const
    ) {
      assert.throws(
        () => ScriptedModelProvider.forAll(value as never),
        new TypeError(
          'ScriptedModelProvider.forAll expects a Model (such as a ScriptedModel or an AutoModel) ' +
            `or the steps of a ScriptedModel (an array); it got ${shown}.`,
        ),
      );
    }
  });
});
