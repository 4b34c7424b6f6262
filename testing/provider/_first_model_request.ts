/**
 * Whether a model request is the first of its run, read from the SDK's
 * current trace and span (a run has one trace, also with tracing disabled).
 * That request is the one the SDK makes in parallel with the starting agent's
 * input guardrails, so a guardrail that trips does not stop it: an error about
 * it has to say so, or it reads as if the guardrail had nothing to do with it.
 *
 * @module
 */

import { getCurrentSpan, getCurrentTrace } from '@openai/agents-core';

// Runs (traces) in which a model was already asked for, by any provider.
const asked = new WeakSet<object>();

/**
 * The agent asking, when this is the first model request of its run; marks
 * the run, so later requests (a later turn, a handoff target, a guardrail's
 * own agent run inside the same trace) get `undefined`. `undefined` outside a
 * run too.
 */
export function firstRequestAgent(): string | undefined {
  const trace: unknown = getCurrentTrace();
  if (typeof trace !== 'object' || trace === null || asked.has(trace)) return undefined;
  asked.add(trace);
  const data = getCurrentSpan()?.spanData as Record<string, unknown> | undefined;
  // With tracing on the request runs in a turn span, with tracing off in the agent's span.
  if (data?.type === 'turn') {
    return data.turn === 1 && typeof data.agent_name === 'string' ? data.agent_name : undefined;
  }
  return data?.type === 'agent' && typeof data.name === 'string' ? data.name : undefined;
}
