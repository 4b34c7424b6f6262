// Recipe "Give each agent its own script": agents name their models, and a
// ScriptedModelProvider routes every name to its own double, so the triage
// script and each specialist's script stay separate and readable.
import { Agent, Runner, tool } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  handoffCall,
  ScriptedModel,
  ScriptedModelProvider,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

test('triage and specialists each follow their own script', async () => {
  const refund = tool({
    name: 'issue_refund',
    description: 'Refunds an order.',
    parameters: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => `Refunded ${orderId}.`,
  });
  const refunds = new Agent({ name: 'Refunds', model: 'refunds-model', tools: [refund] });
  const shipping = new Agent({ name: 'Shipping', model: 'shipping-model' });
  const faq = new Agent({ name: 'FAQ', model: 'faq-model' });
  const triage = Agent.create({
    name: 'Triage',
    model: 'triage-model',
    handoffs: [refunds, shipping, faq],
  });

  const provider = new ScriptedModelProvider({
    models: {
      'triage-model': new ScriptedModel([[handoffCall(refunds)]]),
      'refunds-model': new ScriptedModel([
        [functionCall('issue_refund', { orderId: 'A-17' }, { callId: 'call_1' })],
        [assistantMessage('Order A-17 has been refunded.')],
      ]),
      // Specialists this conversation never reaches need no script.
      'shipping-model': new ScriptedModel(),
      'faq-model': new ScriptedModel(),
    },
  });

  const runner = new Runner({ modelProvider: provider, tracingDisabled: true });
  const result = await runner.run(triage, 'Please refund order A-17.');

  assert.equal(result.finalOutput, 'Order A-17 has been refunded.');
  assert.equal(result.lastAgent?.name, 'Refunds');
  assert.deepEqual(provider.requests, ['triage-model', 'refunds-model', 'refunds-model']);
  // Checks every routed double: unconsumed steps, swallowed failures.
  await provider.assertComplete();
});
