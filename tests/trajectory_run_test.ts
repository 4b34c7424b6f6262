// Trajectories of real runs (the SDK's Runner): a multi-agent workflow read from
// the result, the models and the provider; streamed runs; parallel tool calls;
// agents used as tools and the nested runs behind them; interrupted runs and
// their resumption; guardrail trips; structured outputs; traces; AutoModel.
import assert from 'node:assert/strict';
import { Agent, Runner, RunState, setTraceProcessors, tool, withTrace } from '@openai/agents';
import { z } from 'zod';
import {
  assertTrajectory,
  assistantMessage,
  AutoModel,
  formatTrajectory,
  functionCall,
  ScriptedModel,
  ScriptedModelProvider,
  TraceRecorder,
  trajectory,
  TrajectoryMismatchError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import {
  billingScript,
  expectedSteps,
  expectedText,
  supportAgents,
  triageScript,
  userInput,
} from './_trajectory_fixtures.ts';

// No default exporter: the TraceRecorder test records in memory only.
setTraceProcessors([]);

function scriptedSupport(options: { refundNeedsApproval?: boolean } = {}) {
  const { triage, billing } = supportAgents(options);
  const triageModel = new ScriptedModel(triageScript(billing));
  const billingModel = new ScriptedModel(billingScript());
  const provider = new ScriptedModelProvider({
    models: { 'triage-model': triageModel, 'billing-model': billingModel },
  });
  const runner = new Runner({ modelProvider: provider, tracingDisabled: true });
  return { triage, billing, triageModel, billingModel, provider, runner };
}

/** The steps without their agents (a model request does not name its agent). */
function withoutAgents<T extends object>(steps: readonly T[]): T[] {
  return steps.map((step) => {
    const { agent: _agent, ...rest } = step as Record<string, unknown>;
    return rest as T;
  });
}

describe('trajectory of a multi-agent run', () => {
  test('the result gives every step with its agent, output and call id', async () => {
    const { triage, runner, provider } = scriptedSupport();
    const result = await runner.run(triage, userInput);

    assert.deepEqual(trajectory(result), [
      { kind: 'input', text: userInput },
      {
        kind: 'tool_call',
        agent: 'Triage',
        tool: 'lookup_order',
        args: { orderId: 'ORD-1' },
        output: { orderId: 'ORD-1', status: 'delivered', total: 5 },
        callId: 'call_lookup',
      },
      { kind: 'handoff', agent: 'Triage', to: 'Billing', callId: 'call_handoff' },
      {
        kind: 'tool_call',
        agent: 'Billing',
        tool: 'refund',
        args: { orderId: 'ORD-1', amount: 5 },
        output: 'refunded 5 on ORD-1',
        callId: 'call_refund',
      },
      { kind: 'message', agent: 'Billing', text: 'Refunded 5.00 on ORD-1.', final: true },
    ]);
    assert.equal(formatTrajectory(result), expectedText);
    assertTrajectory(result, expectedSteps, { args: 'exact', order: 'strict' });
    await provider.assertComplete();
  });

  test('the models and the provider give the same steps (agents known after a handoff)', async () => {
    const { triage, runner, provider, triageModel, billingModel } = scriptedSupport();
    const result = await runner.run(triage, userInput);

    const fromProvider = trajectory(provider);
    const fromResult = trajectory(result);
    // A model request does not name its agent: the first agent is unknown to a model.
    assert.deepEqual(
      fromProvider,
      fromResult.map((step) => {
        if (!('agent' in step) || step.agent !== 'Triage') return step;
        const { agent: _agent, ...rest } = step;
        return rest;
      }),
    );
    assertTrajectory(provider, withoutAgents(expectedSteps));
    assert.deepEqual(trajectory(triageModel).map((step) => step.kind), [
      'input',
      'tool_call',
      'handoff',
    ]);
    assertTrajectory(billingModel, [{ tool: 'refund', output: 'refunded 5 on ORD-1' }, {
      message: /Refunded/,
    }]);
  });

  test('a drifted run fails with the aligned diff', async () => {
    const { triage, runner } = scriptedSupport();
    const result = await runner.run(triage, userInput);
    assert.throws(
      () =>
        assertTrajectory(result, [
          { tool: 'lookup_order', args: { orderId: 'ORD-2' } },
          { handoff: 'Billing' },
          { tool: 'refund', args: { orderId: 'ORD-1', amount: 5 } },
          { message: 'Refunded 5.00 on ORD-1.' },
        ]),
      (error: unknown) => {
        assert.ok(error instanceof TrajectoryMismatchError);
        assert.equal(error.missing.length, 1);
        assert.equal(error.unexpected.length, 1);
        assert.match(
          error.message,
          /Expected #1 is closest to actual #1, which differs at args\.orderId: expected "ORD-2", actual "ORD-1"\./,
        );
        return true;
      },
    );
  });

  test('a streamed run has the same trajectory as a plain one', async () => {
    const plain = scriptedSupport();
    const expected = trajectory(await plain.runner.run(plain.triage, userInput));
    const streamed = scriptedSupport();
    const result = await streamed.runner.run(streamed.triage, userInput, { stream: true });
    for await (const _event of result) { /* drain */ }
    await result.completed;
    assert.deepEqual(trajectory(result), expected);
    assert.deepEqual(trajectory(streamed.provider), trajectory(plain.provider));
  });
});

describe('trajectory of parallel tool calls, agents as tools and nested runs', () => {
  test('parallel tool calls each carry their own output', async () => {
    const weather = tool({
      name: 'weather',
      description: 'Weather of a city.',
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }) => `${city}: sunny`,
    });
    using model = new ScriptedModel([
      [
        functionCall('weather', { city: 'Osaka' }, { callId: 'w1' }),
        functionCall('weather', { city: 'Kyoto' }, { callId: 'w2' }),
      ],
      [assistantMessage('Both sunny.')],
    ]);
    const agent = new Agent({ name: 'Forecaster', model, tools: [weather] });
    const result = await new Runner({ tracingDisabled: true }).run(agent, 'Osaka and Kyoto?');
    assert.equal(
      formatTrajectory(result),
      [
        'user: "Osaka and Kyoto?"',
        'Forecaster: weather({"city":"Osaka"}) → "Osaka: sunny"',
        'Forecaster: weather({"city":"Kyoto"}) → "Kyoto: sunny"',
        'Forecaster: message "Both sunny." (final)',
      ].join('\n'),
    );
    assertTrajectory(result, [
      { tool: 'weather', args: { city: 'Kyoto' }, output: 'Kyoto: sunny' },
      { tool: 'weather', args: { city: 'Osaka' }, output: 'Osaka: sunny' },
      { message: 'Both sunny.' },
    ], { order: 'unordered' });
    assert.deepEqual(trajectory(model), withoutAgents(trajectory(result)));
  });

  test('an agent used as a tool: one step outside, its own run inside the shared model', async () => {
    using model = new ScriptedModel([
      [functionCall('translate', { input: 'good morning' }, { callId: 't1' })],
      [assistantMessage('Bonjour')],
      [assistantMessage('In French: Bonjour')],
    ]);
    const translator = new Agent({ name: 'Translator', model });
    const manager = new Agent({
      name: 'Manager',
      model,
      tools: [translator.asTool({ toolName: 'translate', toolDescription: 'Translates.' })],
    });
    const result = await new Runner({ tracingDisabled: true }).run(manager, 'Say good morning');

    assert.equal(
      formatTrajectory(result),
      [
        'user: "Say good morning"',
        'Manager: translate({"input":"good morning"}) → "Bonjour"',
        'Manager: message "In French: Bonjour" (final)',
      ].join('\n'),
    );
    // The model served both runs: the nested run's input and answer come between.
    assert.equal(
      formatTrajectory(model),
      [
        'user: "Say good morning"',
        'translate({"input":"good morning"}) → "Bonjour"',
        'user: "good morning"',
        'message "Bonjour"',
        'message "In French: Bonjour" (final)',
      ].join('\n'),
    );
    assertTrajectory(model, [{ tool: 'translate' }, { message: 'Bonjour' }, {
      message: /In French/,
    }], { kinds: ['tool_call', 'message'], args: 'ignore' });
  });
});

describe('trajectory of an interrupted and resumed run', () => {
  test('the pending approval comes last; after approval the call and its output follow', async () => {
    const { triage, runner } = scriptedSupport({ refundNeedsApproval: true });
    const interrupted = await runner.run(triage, userInput);
    assert.equal(interrupted.interruptions.length, 1);

    const pending = [
      'user: "Refund ORD-1, it arrived broken."',
      'Triage: lookup_order({"orderId":"ORD-1"}) → {"orderId":"ORD-1","status":"delivered","total":5}',
      'Triage: handoff → Billing',
      'Billing: approval refund({"orderId":"ORD-1","amount":5}) pending',
    ].join('\n');
    assert.equal(formatTrajectory(interrupted), pending);
    assert.equal(formatTrajectory(interrupted.state), pending);
    const restored = await RunState.fromString(triage, interrupted.state.toString());
    assert.equal(formatTrajectory(restored), pending);
    assertTrajectory(interrupted.state, [
      { tool: 'lookup_order' },
      { handoff: 'Billing' },
      { approval: 'refund', args: { orderId: 'ORD-1', amount: 5 } },
    ], { args: 'contains' });

    interrupted.state.approve(interrupted.interruptions[0]);
    const resumed = await runner.run(triage, interrupted.state);
    assertTrajectory(resumed, [
      { tool: 'lookup_order' },
      { handoff: 'Billing' },
      { approval: 'refund', decision: 'approved' },
      { tool: 'refund', output: 'refunded 5 on ORD-1' },
      { message: 'Refunded 5.00 on ORD-1.' },
    ]);
  });

  test('a rejected call shows the rejection and the output the model got', async () => {
    const { triage, runner } = scriptedSupport({ refundNeedsApproval: true });
    const interrupted = await runner.run(triage, userInput);
    interrupted.state.reject(interrupted.interruptions[0]);
    const resumed = await runner.run(triage, interrupted.state);
    const steps = trajectory(resumed).filter((step) =>
      step.kind === 'approval' || step.kind === 'tool_call'
    );
    assert.deepEqual(steps.map((step) => step.kind === 'approval' ? step.decision : step.tool), [
      'lookup_order',
      'rejected',
      'refund',
    ]);
  });
});

describe('trajectory of guardrails, structured output, traces and AutoModel', () => {
  test('a tripped input guardrail ends the trajectory of the error the run threw', async () => {
    // A blocking guardrail runs before the model, so the model is never called.
    using model = new ScriptedModel([]);
    const agent = new Agent({
      name: 'Guarded',
      model,
      inputGuardrails: [{
        name: 'no_secrets',
        runInParallel: false,
        execute: async () => ({ tripwireTriggered: true, outputInfo: {} }),
      }],
    });
    const error = await new Runner({ tracingDisabled: true }).run(agent, 'my password is x').then(
      () => assert.fail('the guardrail should trip'),
      (caught: unknown) => caught as Error,
    );
    assert.deepEqual(trajectory(error), [
      { kind: 'input', text: 'my password is x' },
      { kind: 'guardrail', agent: 'Guarded', guardrail: 'no_secrets', stage: 'input' },
    ]);
    assertTrajectory(error, [{ guardrail: 'no_secrets', stage: 'input' }]);
    assert.equal(model.calls.length, 0);
  });

  test('a structured final output is a step of its own', async () => {
    using model = new ScriptedModel([[assistantMessage('{"refunded":true,"amount":5}')]]);
    const agent = new Agent({
      name: 'Billing',
      model,
      outputType: z.object({ refunded: z.boolean(), amount: z.number() }),
    });
    const result = await new Runner({ tracingDisabled: true }).run(agent, 'Refund');
    assert.deepEqual(trajectory(result).slice(-2), [
      { kind: 'message', agent: 'Billing', text: '{"refunded":true,"amount":5}', final: true },
      { kind: 'final_output', agent: 'Billing', output: { refunded: true, amount: 5 } },
    ]);
    assertTrajectory(result, [{ finalOutput: { refunded: true, amount: 5 } }], {
      kinds: ['final_output'],
    });
  });

  test('a TraceRecorder gives the tool calls and handoffs of its spans, under their agents', async () => {
    using recorder = new TraceRecorder();
    const { triage, billing } = supportAgents();
    const provider = new ScriptedModelProvider({
      models: {
        'triage-model': new ScriptedModel(triageScript(billing)),
        'billing-model': new ScriptedModel(billingScript()),
      },
    });
    await withTrace(
      'Support',
      () => new Runner({ modelProvider: provider }).run(triage, userInput),
    );
    assertTrajectory(recorder, expectedSteps.slice(0, 3));
    assert.equal(
      formatTrajectory(recorder),
      [
        'Triage: lookup_order({"orderId":"ORD-1"}) → {"orderId":"ORD-1","status":"delivered","total":5}',
        'Triage: handoff → Billing',
        'Billing: refund({"orderId":"ORD-1","amount":5}) → "refunded 5 on ORD-1"',
      ].join('\n'),
    );
    await provider.assertComplete();
  });

  test('AutoModel: what it chose to call, with what came back', async () => {
    const lookup = tool({
      name: 'lookup_order',
      description: 'Looks an order up.',
      parameters: z.object({ orderId: z.string() }),
      execute: async () => 'delivered',
    });
    using model = new AutoModel({ seed: 1 });
    const agent = new Agent({ name: 'Support', model, tools: [lookup] });
    await new Runner({ tracingDisabled: true }).run(agent, 'Where is my order?');
    assertTrajectory(model, [{ tool: 'lookup_order', output: 'delivered' }, { message: /./ }], {
      args: 'ignore',
    });
  });
});
