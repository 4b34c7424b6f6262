/**
 * One support workflow for the trajectory tests, driven by any model: Triage
 * looks the order up and hands off to Billing, which refunds it and answers.
 * The scripted steps and the loopback server's replies say the same thing, so
 * the trajectory must come out the same whichever model ran it.
 *
 * @module
 */

import { Agent, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  type ExpectedTrajectoryStep,
  functionCall,
  handoffCall,
  type ScriptedModelInput,
} from 'scripted-agents/testing';
import { type ReplyFn, wireFunctionCall, wireMessage } from './_responses_server.ts';

/** The agents of the workflow; `refundNeedsApproval` pauses the run before the refund. */
export function supportAgents(options: { refundNeedsApproval?: boolean } = {}) {
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
    needsApproval: options.refundNeedsApproval === true,
    execute: async ({ orderId, amount }) => `refunded ${amount} on ${orderId}`,
  });
  const billing = new Agent({
    name: 'Billing',
    instructions: 'You are Billing.',
    model: 'billing-model',
    tools: [refund],
  });
  const triage = new Agent({
    name: 'Triage',
    instructions: 'You are Triage.',
    model: 'triage-model',
    tools: [lookupOrder],
    handoffs: [billing],
  });
  return { triage, billing };
}

/** The script of the Triage agent's model. */
export function triageScript(billing: Agent): ScriptedModelInput[] {
  return [
    [functionCall('lookup_order', { orderId: 'ORD-1' }, { callId: 'call_lookup' })],
    [handoffCall(billing, { callId: 'call_handoff' })],
  ];
}

/** The script of the Billing agent's model. */
export function billingScript(): ScriptedModelInput[] {
  return [
    [functionCall('refund', { orderId: 'ORD-1', amount: 5 }, { callId: 'call_refund' })],
    [assistantMessage('Refunded 5.00 on ORD-1.')],
  ];
}

/** What every run of the workflow must show. */
export const expectedSteps: ExpectedTrajectoryStep[] = [
  {
    agent: 'Triage',
    tool: 'lookup_order',
    args: { orderId: 'ORD-1' },
    output: { orderId: 'ORD-1', status: 'delivered', total: 5 },
  },
  { agent: 'Triage', handoff: 'Billing' },
  { agent: 'Billing', tool: 'refund', args: { orderId: 'ORD-1', amount: 5 }, output: /refunded 5/ },
  { agent: 'Billing', message: 'Refunded 5.00 on ORD-1.' },
];

/** The formatted trajectory of a complete run. */
export const expectedText = [
  'user: "Refund ORD-1, it arrived broken."',
  'Triage: lookup_order({"orderId":"ORD-1"}) → {"orderId":"ORD-1","status":"delivered","total":5}',
  'Triage: handoff → Billing',
  'Billing: refund({"orderId":"ORD-1","amount":5}) → "refunded 5 on ORD-1"',
  'Billing: message "Refunded 5.00 on ORD-1." (final)',
].join('\n');

/** The user's request. */
export const userInput = 'Refund ORD-1, it arrived broken.';

/** The loopback Responses server's replies: the same decisions as the scripts. */
export function supportReplies(): ReplyFn {
  return (body) => {
    const input = Array.isArray(body.input) ? body.input as Record<string, unknown>[] : [];
    const answered = new Set(
      input.filter((item) => item.type === 'function_call_output').map((item) => item.call_id),
    );
    if (String(body.instructions).includes('Billing')) {
      if (!answered.has('call_refund')) {
        return {
          kind: 'output',
          output: [wireFunctionCall('call_refund', 'refund', { orderId: 'ORD-1', amount: 5 })],
        };
      }
      return { kind: 'output', output: [wireMessage('msg_done', 'Refunded 5.00 on ORD-1.')] };
    }
    if (!answered.has('call_lookup')) {
      return {
        kind: 'output',
        output: [wireFunctionCall('call_lookup', 'lookup_order', { orderId: 'ORD-1' })],
      };
    }
    return {
      kind: 'output',
      output: [wireFunctionCall('call_handoff', 'transfer_to_Billing', {})],
    };
  };
}

/**
 * The own keys of a `TrajectoryMismatchError`, in the order every runtime lists them: its
 * fields in declaration order, then `name` (the error convention of CONTRIBUTING.md).
 */
export const trajectoryMismatchKeys = [
  'order',
  'expected',
  'actual',
  'missing',
  'unexpected',
  'name',
] as const;
