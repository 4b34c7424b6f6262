// The model doubles' run failures tell what happened without a hunt: a teardown
// names the route and the first unused steps and counts the calls; an
// unexpected call shows what it was answering. The SDK double's sentence
// always opens the message, so code matching on it keeps working.
import assert from 'node:assert/strict';
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import { Cassette, CassetteMissError } from 'scripted-agents/cassette';
import {
  assistantMessage,
  functionCall,
  modelError,
  modelResponder,
  ScriptedModel,
  ScriptedModelProvider,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const lookup = tool({
  name: 'lookup_order',
  description: 'Looks an order up.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => `${orderId}: delivered`,
});

describe('teardown messages', () => {
  test('ScriptedModelProvider.assertComplete() names the route, the calls and the unused steps', async () => {
    const support = new ScriptedModel([
      [functionCall('lookup_order', { orderId: 'ORD-1' }, { callId: 'c1' })],
      [assistantMessage('Delivered yesterday.')],
      [functionCall('escalate', { summary: 'Customer wants a refund' }, { callId: 'c2' })],
      [assistantMessage('Refunded your order in full.')],
    ]);
    const provider = new ScriptedModelProvider({ models: { 'gpt-4.1-mini': support } });
    const agent = new Agent({ name: 'Support', model: 'gpt-4.1-mini', tools: [lookup] });
    await new Runner({ modelProvider: provider, tracingDisabled: true }).run(
      agent,
      'Where is ORD-1?',
    );

    await assert.rejects(provider.assertComplete(), (error: unknown) => {
      assert.ok(error instanceof UnconsumedModelStepsError);
      assert.equal(error.remainingSteps, 2);
      assert.equal(
        error.message,
        [
          'ScriptedModel has 2 unconsumed scripted steps. 2 calls were made on route "gpt-4.1-mini". ' +
          'Unused: #3 function_call escalate({"summary":"Customer wa…"}), #4 message ' +
          '"Refunded your order in …". Remove the steps the workflow no longer needs, or find why ' +
          'it stopped early (an interruption, a guardrail, a changed tool).',
          'Last steps before it stopped:',
          '  user: "Where is ORD-1?"',
          '  lookup_order({"orderId":"ORD-1"}) → "ORD-1: delivered"',
          '  message "Delivered yesterday." (final)',
        ].join('\n'),
      );
      return true;
    });
  });

  test('a model shared by several routes names them all; a long script is cut after three', () => {
    const model = new ScriptedModel([
      [assistantMessage('a')],
      modelError(new TypeError('boom')),
      modelResponder(() => []),
      [],
    ]);
    new ScriptedModelProvider({ models: { small: model, large: model }, fallback: model });
    assert.throws(() => model.assertComplete(), {
      message: 'ScriptedModel has 4 unconsumed scripted steps. 0 calls were made on routes ' +
        '"small", "large", "fallback". Unused: #1 message "a", #2 error (TypeError), ' +
        '#3 responder, and 1 more. Remove the steps the workflow no longer needs, or find why ' +
        'it stopped early (an interruption, a guardrail, a changed tool).',
    });
  });

  test('a model without a provider has no route to name', () => {
    const model = new ScriptedModel([[assistantMessage('never asked')]]);
    assert.throws(() => model.assertComplete(), {
      message:
        /^ScriptedModel has 1 unconsumed scripted step\. 0 calls were made\. Unused: #1 message "never asked"\./,
    });
  });
});

describe('UnexpectedModelCallError', () => {
  test('shows the route and the last steps the extra call was answering', async () => {
    const model = new ScriptedModel(
      Array.from({ length: 6 }, (_, index) => [
        functionCall('lookup_order', { orderId: `ORD-${index + 1}` }, { callId: `c${index}` }),
      ]),
    );
    const provider = new ScriptedModelProvider({ models: { triage: model } });
    const agent = new Agent({ name: 'Support', model: 'triage', tools: [lookup] });
    const run = new Runner({ modelProvider: provider, tracingDisabled: true }).run(
      agent,
      'Check all',
    );

    await assert.rejects(run, (error: unknown) => {
      assert.ok(error instanceof UnexpectedModelCallError);
      assert.equal(error.callIndex, 6);
      assert.equal(
        error.message,
        [
          'ScriptedModel received unexpected non-streaming call #7; no scripted steps remain. ' +
          'Its 6 scripted steps were used on route "triage". Add a step for this call ' +
          '(constructor or enqueue()), or find why the workflow asked again.',
          'The call was answering:',
          '  (2 earlier steps not shown)',
          '  lookup_order({"orderId":"ORD-2"}) → "ORD-2: delivered"',
          '  lookup_order({"orderId":"ORD-3"}) → "ORD-3: delivered"',
          '  lookup_order({"orderId":"ORD-4"}) → "ORD-4: delivered"',
          '  lookup_order({"orderId":"ORD-5"}) → "ORD-5: delivered"',
          '  lookup_order({"orderId":"ORD-6"}) → "ORD-6: delivered"',
        ].join('\n'),
      );
      return true;
    });
    model.acknowledgeFailures();
  });

  test('constructed directly, it keeps the SDK double message', () => {
    const call = Object.freeze({
      index: 0,
      streamed: true,
      request: {} as never,
    });
    assert.equal(
      new UnexpectedModelCallError(call).message,
      'ScriptedModel received unexpected streaming call #1; no scripted steps remain.',
    );
    assert.equal(
      new UnexpectedModelCallError(call, { route: ' on route "x"' }).message,
      'ScriptedModel received unexpected streaming call #1; no scripted steps remain. Route: "x".',
    );
  });
});

describe('CassetteMissError', () => {
  test('shows the last steps the missed call was answering', async () => {
    const script = () =>
      new ScriptedModel([
        [functionCall('lookup_order', { orderId: 'ORD-1' }, { callId: 'c1' })],
        [assistantMessage('Delivered.')],
      ]);
    const recorder = new Cassette({
      mode: 'record',
      provider: new ScriptedModelProvider({ models: {}, fallback: script() }),
    });
    const agentWith = (status: string) =>
      new Agent({
        name: 'Support',
        model: 'gpt-4.1',
        tools: [tool({
          name: 'lookup_order',
          description: 'Looks an order up.',
          parameters: z.object({ orderId: z.string() }),
          execute: async ({ orderId }) => `${orderId}: ${status}`,
        })],
      });
    await new Runner({ modelProvider: recorder, tracingDisabled: true })
      .run(agentWith('delivered'), 'Where is ORD-1?');
    const replay = Cassette.fromJSON(await recorder.close());

    // The tool now answers differently, so the second request matches no recording.
    const run = new Runner({ modelProvider: replay, tracingDisabled: true })
      .run(agentWith('lost'), 'Where is ORD-1?');
    await assert.rejects(run, (error: unknown) => {
      assert.ok(error instanceof CassetteMissError);
      assert.match(
        error.message,
        /\nThe call was answering:\n {2}user: "Where is ORD-1\?"\n {2}lookup_order\(\{"orderId":"ORD-1"\}\) → "ORD-1: lost"\n/,
      );
      return true;
    });
    replay.acknowledgeFailures();
  });
});
