/**
 * Trajectories: what a run did, as plain data ({@linkcode trajectory}) and as
 * one readable text ({@linkcode formatTrajectory}), whichever model drove it
 * (a script, a cassette replay or a real provider).
 *
 * @example What the agent did, step by step
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import {
 *   assistantMessage,
 *   formatTrajectory,
 *   functionCall,
 *   ScriptedModel,
 *   trajectory,
 * } from 'scripted-agents/testing';
 *
 * const lookup = tool({
 *   name: 'lookup_order',
 *   description: 'Looks an order up.',
 *   parameters: z.object({ orderId: z.string() }),
 *   execute: async ({ orderId }) => ({ orderId, status: 'shipped' }),
 * });
 * using model = new ScriptedModel([
 *   [functionCall('lookup_order', { orderId: 'ORD-1' }, { callId: 'c1' })],
 *   [assistantMessage('Your order has shipped.')],
 * ]);
 * const agent = new Agent({ name: 'Support', model, tools: [lookup] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Where is ORD-1?');
 *
 * assert.deepEqual(trajectory(result), [
 *   { kind: 'input', text: 'Where is ORD-1?' },
 *   {
 *     kind: 'tool_call',
 *     agent: 'Support',
 *     tool: 'lookup_order',
 *     args: { orderId: 'ORD-1' },
 *     output: { orderId: 'ORD-1', status: 'shipped' },
 *     callId: 'c1',
 *   },
 *   { kind: 'message', agent: 'Support', text: 'Your order has shipped.', final: true },
 * ]);
 * assert.equal(
 *   formatTrajectory(result),
 *   [
 *     'user: "Where is ORD-1?"',
 *     'Support: lookup_order({"orderId":"ORD-1"}) → {"orderId":"ORD-1","status":"shipped"}',
 *     'Support: message "Your order has shipped." (final)',
 *   ].join('\n'),
 * );
 * ```
 *
 * @module
 */

import { DEFAULT_MAX_LENGTH, formatStepLine } from '../model/trajectory_format.ts';
import { kindSelected } from './_trajectory_match.ts';
import { stepsOf } from '../model/trajectory_sources.ts';
import type {
  FormatTrajectoryOptions,
  TrajectorySource,
  TrajectoryStep,
} from './trajectory_types.ts';

/**
 * The steps of a run, in order, as plain JSON-safe objects: tool calls (with
 * parsed arguments and, once it came back, the output), handoffs, messages,
 * hosted and MCP tool calls, approvals, reasoning, tripped guardrails and a
 * structured final output. Sources:
 *
 * - a `RunResult` or `StreamedRunResult` (its input, `newItems` and output);
 * - a `RunState` (an interrupted run: the pending approvals come last), or an
 *   error the runner threw with its `state` (a tripped guardrail comes last);
 * - a list of run items, model items (a request's `input`, a response's
 *   `output`), Realtime history items, or trajectory steps (copied);
 * - a `ScriptedModel`, `AutoModel` or `ScriptedModelProvider`: from what each
 *   call was asked and answered (the acting agent is known only after a
 *   handoff: a model request does not name its agent);
 * - a `Cassette` (its interactions), a `TraceRecorder` (function, handoff and
 *   guardrail spans) or a `RealtimeSession` (its `history`).
 *
 * Throws a `TypeError` for anything else.
 *
 * @example A handoff, read from the model that served both agents
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, handoffCall, ScriptedModel, trajectory } from 'scripted-agents/testing';
 *
 * const billing = new Agent({ name: 'Billing' });
 * using model = new ScriptedModel([
 *   [handoffCall(billing)],
 *   [assistantMessage('Refund issued.')],
 * ]);
 * billing.model = model;
 * const triage = new Agent({ name: 'Triage', model, handoffs: [billing] });
 * await new Runner({ tracingDisabled: true }).run(triage, 'Refund me');
 *
 * assert.deepEqual(trajectory(model), [
 *   { kind: 'input', text: 'Refund me' },
 *   { kind: 'handoff', to: 'Billing', callId: 'call_transfer_to_Billing' },
 *   { kind: 'message', agent: 'Billing', text: 'Refund issued.', final: true },
 * ]);
 * ```
 */
export function trajectory(source: TrajectorySource): TrajectoryStep[] {
  return stepsOf(source);
}

/**
 * A stable, compact text of a trajectory: one line a step, the agent's name
 * first, tool calls as `name({compact json}) → output`, long strings
 * shortened with `…`. The form for snapshot tests, and the transcript in this
 * package's failure messages. Takes steps or any {@linkcode trajectory}
 * source.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { formatTrajectory } from 'scripted-agents/testing';
 *
 * const text = formatTrajectory([
 *   { kind: 'tool_call', agent: 'Triage', tool: 'escalate', args: { summary: 'x'.repeat(200) } },
 *   { kind: 'handoff', agent: 'Triage', to: 'Billing' },
 *   { kind: 'message', agent: 'Billing', text: 'Refunded.', final: true },
 * ], { maxLength: 10 });
 * assert.equal(
 *   text,
 *   [
 *     'Triage: escalate({"summary":"xxxxxxxxx…"})',
 *     'Triage: handoff → Billing',
 *     'Billing: message "Refunded." (final)',
 *   ].join('\n'),
 * );
 * ```
 */
export function formatTrajectory(
  stepsOrSource: TrajectorySource,
  options: FormatTrajectoryOptions = {},
): string {
  let steps = stepsOf(stepsOrSource);
  if (options.kinds !== undefined) {
    const kinds = new Set<string>(options.kinds);
    steps = steps.filter((step) => kindSelected(step, kinds));
  }
  if (options.last !== undefined) steps = options.last > 0 ? steps.slice(-options.last) : [];
  const max = options.maxLength ?? DEFAULT_MAX_LENGTH;
  return steps.map((step) => formatStepLine(step, max)).join('\n');
}
