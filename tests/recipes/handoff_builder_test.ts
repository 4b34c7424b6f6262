// Recipe "Script a handoff": handoffCall(target) produces the function call a
// model makes to hand off, with the exact tool name the SDK derives for the
// target agent or handoff.
import { Agent, handoff, Runner } from '@openai/agents';
import { assistantMessage, handoffCall, ScriptedModel } from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

test('triage hands off to billing with a reason', async () => {
  const escalations: unknown[] = [];
  const billingModel = new ScriptedModel([[assistantMessage('Your refund is on its way.')]]);
  const billing = new Agent({ name: 'Billing agent', model: billingModel });
  const toBilling = handoff(billing, {
    inputType: z.object({ reason: z.string() }),
    onHandoff: (_context, input) => {
      escalations.push(input);
    },
  });

  const triageModel = new ScriptedModel([
    [handoffCall(toBilling, { arguments: { reason: 'refund request' } })],
  ]);
  const triage = Agent.create({
    name: 'Triage agent',
    model: triageModel,
    handoffs: [toBilling],
  });

  const runner = new Runner({ tracingDisabled: true });
  const result = await runner.run(triage, 'I want my money back.');

  assert.equal(result.finalOutput, 'Your refund is on its way.');
  assert.equal(result.lastAgent?.name, 'Billing agent');
  assert.deepEqual(escalations, [{ reason: 'refund request' }]);
  // The tool name was derived by the SDK, not typed by hand.
  assert.equal(handoffCall(billing).name, toBilling.toolName);
  triageModel.assertComplete();
  billingModel.assertComplete();
});
