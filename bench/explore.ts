/**
 * The exploration benchmark's app and runs: a support desk of two agents
 * (Triage hands off to Billing) and three tools (`lookup_order`; `refund`,
 * which needs an approval; `cancel_order`), run on the real `Runner` with a
 * model of ours (a `BehaviourModel` playing a behaviour, or a hand-written
 * `ScriptedModel` of the same steps), approvals decided and resumed.
 *
 * @module
 */

import { Agent, Runner, tool } from '@openai/agents';
import type { Model, RunToolApprovalItem } from '@openai/agents-core';
import { z } from 'zod';

/** What the benchmark needs from the package's exploration exports (loaded dynamically). */
export interface ExploreModule {
  BehaviourModel: new (
    behaviour: unknown,
    options: { maxCalls: number },
  ) => Model & {
    readonly steps: unknown[];
    readonly decisions: readonly ('approve' | 'reject')[];
    decide(): 'approve' | 'reject';
  };
  randomBehaviour(seed: number, options: { maxCalls: number }): unknown;
  exploreAgent(
    run: (
      model: Model,
      helpers: { decide(item: RunToolApprovalItem): 'approve' | 'reject' },
    ) => Promise<unknown>,
    options: {
      runs: number;
      seed: number;
      maxCalls: number;
      check?: (result: never) => boolean;
    },
  ): Promise<{ runs: number; seed: number }>;
  ScriptedModel: new (steps: unknown[]) => Model;
}

/** The call budget of every explored run: runs of at most 5 model calls. */
export const MAX_CALLS = 5;

const runner = new Runner({ tracingDisabled: true });

/** One conversation of the desk; `safe` puts cancel_order behind the approval too. */
export async function desk(
  model: Model,
  decide: (item: RunToolApprovalItem) => 'approve' | 'reject',
  safe = true,
): Promise<{ refunded: string[]; approved: number }> {
  const refunded: string[] = [];
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks up an order.',
    parameters: z.object({ orderId: z.string() }),
    execute: ({ orderId }) => `order ${orderId}: paid`,
  });
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order.',
    parameters: z.object({ orderId: z.string(), reason: z.string() }),
    needsApproval: true,
    execute: ({ orderId }) => {
      refunded.push(orderId);
      return 'refunded';
    },
  });
  const cancelOrder = tool({
    name: 'cancel_order',
    description: 'Cancels an order.',
    parameters: z.object({ orderId: z.string() }),
    needsApproval: safe,
    execute: ({ orderId }) => {
      refunded.push(orderId);
      return 'cancelled';
    },
  });
  const billing = new Agent({ name: 'Billing', model, tools: [refund, cancelOrder] });
  const triage = new Agent({ name: 'Triage', model, tools: [lookupOrder], handoffs: [billing] });
  let approved = 0;
  let result = await runner.run(triage, 'Refund order A-1.', { maxTurns: 30 });
  while (result.interruptions.length > 0) {
    for (const item of result.interruptions) {
      if (decide(item) === 'approve') {
        approved++;
        result.state.approve(item);
      } else {
        result.state.reject(item);
      }
    }
    result = await runner.run(triage, result.state, { maxTurns: 30 });
  }
  return { refunded, approved };
}

/** `count` behaviours and, for each, the steps and decisions a hand-written script needs. */
export async function scriptedRuns(module: ExploreModule, count: number) {
  const runs = [];
  for (let i = 0; i < count; i++) {
    const behaviour = module.randomBehaviour(i, { maxCalls: MAX_CALLS });
    const model = new module.BehaviourModel(behaviour, { maxCalls: MAX_CALLS });
    await desk(model, () => model.decide());
    runs.push({ behaviour, steps: model.steps, decisions: model.decisions });
  }
  return runs;
}
