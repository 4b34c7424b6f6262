// Recipe "Find the model behaviour that breaks an invariant": exploreAgent runs
// the app on the real Runner with many generated model behaviours, checks an
// invariant after each run, and shrinks a failure to a ScriptedModel script.
// Here the hand-written scripts pass, and exploration finds the refund that
// skips the approval.
import { Agent, type Model, Runner, type RunToolApprovalItem, tool } from '@openai/agents';
import {
  assistantMessage,
  ExplorationFailedError,
  exploreAgent,
  type ExploreHelpers,
  functionCall,
  ScriptedModel,
  trajectory,
  type TrajectoryStep,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

// The app: Triage looks orders up and hands billing questions to Billing,
// which refunds (a person approves every refund) and cancels unshipped orders.
function supportDesk(model: Model, payments: { refunded: string[] }, fixed = false) {
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks up an order.',
    parameters: z.object({ orderId: z.string() }),
    execute: ({ orderId }) => `order ${orderId}: paid, not shipped`,
  });
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order.',
    parameters: z.object({ orderId: z.string(), reason: z.string() }),
    needsApproval: true,
    execute: ({ orderId }) => {
      payments.refunded.push(orderId);
      return `refunded ${orderId}`;
    },
  });
  const cancelOrder = tool({
    name: 'cancel_order',
    description: 'Cancels an order that has not shipped.',
    parameters: z.object({ orderId: z.string() }),
    // The fix: cancelling refunds the payment too, so it needs the same approval.
    needsApproval: fixed,
    execute: ({ orderId }) => {
      payments.refunded.push(orderId); // a cancelled paid order is refunded
      return `cancelled ${orderId}`;
    },
  });
  const billing = new Agent({ name: 'Billing', model, tools: [refund, cancelOrder] });
  const triage = new Agent({ name: 'Triage', model, tools: [lookupOrder], handoffs: [billing] });
  return triage;
}

// How the app runs a conversation: it stops at approvals, a person decides,
// and the run resumes from its state. In tests the decisions come from `decide`.
async function handle(
  model: Model,
  decide: (item: RunToolApprovalItem) => 'approve' | 'reject',
  fixed = false,
) {
  const payments = { refunded: [] as string[] };
  const triage = supportDesk(model, payments, fixed);
  const runner = new Runner({ tracingDisabled: true });
  let result = await runner.run(triage, 'Please refund order A-1.', { maxTurns: 30 });
  while (result.interruptions.length > 0) {
    for (const item of result.interruptions) {
      if (decide(item) === 'approve') result.state.approve(item);
      else result.state.reject(item);
    }
    result = await runner.run(triage, result.state, { maxTurns: 30 });
  }
  return { payments, result };
}

// The invariant: money moves only after a person approved it.
function refundsWereApproved(
  outcome: { payments: { refunded: string[] } },
  steps: TrajectoryStep[],
): boolean {
  const approved = steps.filter((s) => s.kind === 'approval' && s.decision === 'approved');
  return outcome.payments.refunded.length <= approved.length;
}

// The hand-written scripts: the paths the author thought of. Both pass.
test('an approved refund moves money once; a rejected one does not', async () => {
  for (const decision of ['approve', 'reject'] as const) {
    const model = new ScriptedModel([
      [functionCall('transfer_to_Billing', {})],
      [functionCall('refund', { orderId: 'A-1', reason: 'damaged' })],
      [assistantMessage(decision === 'approve' ? 'Refunded.' : 'Not refunded.')],
    ]);
    const outcome = await handle(model, () => decision);
    assert.deepEqual(outcome.payments.refunded, decision === 'approve' ? ['A-1'] : []);
    assert.equal(refundsWereApproved(outcome, trajectory(outcome.result)), true);
    model.assertComplete();
  }
});

// Exploration: every behaviour a model could choose, shrunk to the smallest failure.
test('exploration finds the refund that skips the approval', async () => {
  const explore = (fixed: boolean) =>
    exploreAgent(
      (model, helpers: ExploreHelpers) => handle(model, helpers.decide, fixed),
      {
        seed: 1,
        runs: 100,
        maxCalls: 5,
        check: (outcome, steps) => refundsWereApproved(outcome, steps),
      },
    );

  const error = await explore(false).catch((e) => e);
  assert.ok(error instanceof ExplorationFailedError);
  // The smallest failure: hand off, cancel the order, answer. No approval asked.
  assert.deepEqual(
    error.trajectory.map((step) => step.kind === 'tool_call' ? step.tool : step.kind),
    [
      'input',
      'handoff',
      'cancel_order',
      'message',
    ],
  );
  // The shrunk behaviour is a script: paste error.script into a test, or replay the steps.
  const replay = new ScriptedModel(error.steps);
  const outcome = await handle(replay, () => 'approve');
  assert.deepEqual(outcome.payments.refunded.length, 1);
  replay.assertComplete();

  // With the fix, no behaviour breaks the invariant.
  assert.deepEqual(await explore(true), { runs: 100, seed: 1 });
});
