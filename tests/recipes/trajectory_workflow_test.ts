// Recipe "Assert what a multi-agent workflow did": one assertion over the whole
// run (tool calls with their arguments and outputs, the handoff, the answer)
// instead of digging through result.newItems. On a drift it fails with an
// aligned diff of expected and actual steps.
import { Agent, Runner, tool } from '@openai/agents';
import {
  assertTrajectory,
  assistantMessage,
  functionCall,
  handoffCall,
  ScriptedModel,
  ScriptedModelProvider,
  TrajectoryMismatchError,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

function supportAgents() {
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks an order up.',
    parameters: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => ({ orderId, status: 'delivered', total: 5 }),
  });
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order.',
    parameters: z.object({ orderId: z.string(), amount: z.number() }),
    execute: async ({ orderId, amount }) => `refunded ${amount} on ${orderId}`,
  });
  const billing = new Agent({ name: 'Billing', model: 'billing-model', tools: [refund] });
  const triage = new Agent({
    name: 'Triage',
    model: 'triage-model',
    tools: [lookupOrder],
    handoffs: [billing],
  });
  return { triage, billing };
}

test('triage looks the order up, hands off to Billing, which refunds 5.00', async () => {
  const { triage, billing } = supportAgents();
  const provider = new ScriptedModelProvider({
    models: {
      'triage-model': new ScriptedModel([
        [functionCall('lookup_order', { orderId: 'ORD-1' }, { callId: 'call_1' })],
        [handoffCall(billing)],
      ]),
      'billing-model': new ScriptedModel([
        [functionCall('refund', { orderId: 'ORD-1', amount: 5 }, { callId: 'call_2' })],
        [assistantMessage('Refunded 5.00 on ORD-1.')],
      ]),
    },
  });
  const result = await new Runner({ modelProvider: provider, tracingDisabled: true })
    .run(triage, 'Refund ORD-1, it arrived broken.');

  // Tool calls, handoffs and the final message take part by default; call ids do not.
  assertTrajectory(result, [
    { agent: 'Triage', tool: 'lookup_order', args: { orderId: 'ORD-1' } },
    { agent: 'Triage', handoff: 'Billing' },
    {
      agent: 'Billing',
      tool: 'refund',
      args: { orderId: 'ORD-1', amount: 5 },
      output: /refunded 5/,
    },
    { agent: 'Billing', message: /^Refunded 5\.00/ },
  ]);

  // Had the workflow refunded another amount, the failure would say where.
  assert.throws(
    () =>
      assertTrajectory(result, [
        { tool: 'lookup_order' },
        { handoff: 'Billing' },
        { tool: 'refund', args: { orderId: 'ORD-1', amount: 50 } },
        { message: /^Refunded/ },
      ]),
    (error: unknown) => {
      assert.ok(error instanceof TrajectoryMismatchError);
      assert.match(error.message, /differs at args\.amount: expected 50, actual 5\./);
      assert.equal(error.missing.length, 1);
      return true;
    },
  );
  await provider.assertComplete();
});
