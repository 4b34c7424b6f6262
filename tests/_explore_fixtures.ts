/**
 * The refund desk used by the exploration tests, the guide and the bench: two
 * agents (Triage hands off to Billing) and three tools (`lookup_order`,
 * `refund`, which needs an approval, and `cancel_order`, which refunds as a
 * side effect without one: the bug exploration finds).
 */

import { Agent, type Model, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import type { ExploreHelpers } from 'scripted-agents/testing';

/** Money moved by the app's payment system, with the path that moved it. */
export interface Ledger {
  refunds: { orderId: string; via: 'refund' | 'cancel_order' }[];
}

export function refundDesk(model: Model, ledger: Ledger, options: { safeCancel?: boolean } = {}) {
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks up an order.',
    parameters: z.object({ orderId: z.string() }),
    execute: ({ orderId }) => `order ${orderId}: paid, not shipped`,
  });
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order (a person approves it first).',
    parameters: z.object({ orderId: z.string(), reason: z.string() }),
    needsApproval: true,
    execute: ({ orderId }) => {
      ledger.refunds.push({ orderId, via: 'refund' });
      return `refunded ${orderId}`;
    },
  });
  const cancelOrder = tool({
    name: 'cancel_order',
    description: 'Cancels an order that has not shipped.',
    parameters: z.object({ orderId: z.string() }),
    // The fixed app asks for the same approval as refund.
    needsApproval: options.safeCancel === true,
    execute: ({ orderId }) => {
      // Cancelling a paid order refunds the payment: the second way money moves.
      ledger.refunds.push({ orderId, via: 'cancel_order' });
      return `cancelled ${orderId}`;
    },
  });
  const billing = new Agent({
    name: 'Billing',
    instructions: 'Handle refunds and cancellations.',
    model,
    tools: [refund, cancelOrder],
  });
  const triage = new Agent({
    name: 'Triage',
    instructions: 'Look up the order, then hand billing questions to Billing.',
    model,
    tools: [lookupOrder],
    handoffs: [billing],
  });
  return { triage, billing };
}

/** The app's run, approvals decided by the behaviour: what exploreAgent runs. */
export async function runDesk(
  model: Model,
  helpers: Pick<ExploreHelpers, 'settle'>,
  options: { safeCancel?: boolean; stream?: boolean } = {},
) {
  const ledger: Ledger = { refunds: [] };
  const { triage } = refundDesk(model, ledger, options);
  const runner = new Runner({ tracingDisabled: true });
  const result = options.stream === true
    ? await helpers.settle(
      runner.run(triage, 'Please refund order A-1.', { stream: true, maxTurns: 30 }),
      (state) => runner.run(triage, state, { stream: true, maxTurns: 30 }),
    )
    : await helpers.settle(
      runner.run(triage, 'Please refund order A-1.', { maxTurns: 30 }),
      (state) => runner.run(triage, state, { maxTurns: 30 }),
    );
  return { ledger, result };
}

/** The invariant: money moves only through an approved refund. */
export function everyRefundApproved(
  outcome: { ledger: Ledger },
  steps: readonly { kind: string; tool?: string; decision?: string }[],
): boolean {
  const approved =
    steps.filter((step) => step.kind === 'approval' && step.decision === 'approved').length;
  return outcome.ledger.refunds.length <= approved;
}
