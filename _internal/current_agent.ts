/**
 * The agent a model call serves, read from the span the runner made current
 * for it (the agent's span, or the turn's): the runner opens both whether or
 * not tracing is on (a disabled trace keeps their data), so a double learns
 * which agent called it without the request naming it.
 *
 * @module
 */

import { getCurrentSpan } from '@openai/agents-core';

/** The current agent's name, or `undefined` outside a run (or a span that names none). */
export function currentAgentName(): string | undefined {
  let data: Readonly<Record<string, unknown>> | undefined;
  try {
    data = getCurrentSpan()?.spanData as Readonly<Record<string, unknown>> | undefined;
  } catch {
    return undefined;
  }
  if (data === undefined) return undefined;
  const name = data.type === 'agent'
    ? data.name
    : data.type === 'turn'
    ? data.agent_name
    : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
}
