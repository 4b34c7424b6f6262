/**
 * One line per trajectory step: the agent first, a tool call as
 * `name({compact json}) → output`, long strings shortened. Expected steps
 * (which may hold patterns and matchers) are written the same way, so an
 * expected line and an actual line read alike in a diff.
 *
 * @module
 */

import type { TrajectoryStep } from './trajectory_step_types.ts';

/** The longest a string value is shown before it is shortened, by default. */
export const DEFAULT_MAX_LENGTH = 80;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** `text` cut to `max` characters, the cut marked with `…`. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}

/** A matcher's own description (`Any<String>`, `ObjectContaining {...}`), if it gives one. */
function matcherText(value: Record<string, unknown>): string {
  for (const method of ['toAsymmetricMatcher', 'toString']) {
    const describe = value[method];
    if (typeof describe === 'function' && describe !== Object.prototype.toString) {
      const text = describe.call(value);
      if (typeof text === 'string' && text !== '[object Object]') return text;
    }
  }
  return '<matcher>';
}

/**
 * Compact JSON with long strings shortened; a `RegExp` shows as `/…/`, an
 * asymmetric matcher as its own description.
 */
export function showValue(value: unknown, max: number = DEFAULT_MAX_LENGTH): string {
  if (typeof value === 'string') return JSON.stringify(shorten(value, max));
  if (value instanceof RegExp) return String(value);
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return '<function>';
  // Only an expected step can hold one (actual steps are JSON); JSON.stringify would throw.
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? String(value);
  if (typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function') {
    return matcherText(value as Record<string, unknown>);
  }
  if (Array.isArray(value)) return `[${value.map((entry) => showValue(entry, max)).join(',')}]`;
  const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
  return `{${
    entries.map(([key, entry]) => `${JSON.stringify(key)}:${showValue(entry, max)}`).join(',')
  }}`;
}

/** A field that is text (a message, a name): quoted, shortened, or the pattern as written. */
const showText = (value: unknown, max: number): string =>
  typeof value === 'string' ? JSON.stringify(shorten(value, max)) : showValue(value, max);

/** A name in a call position: bare when it is a plain string. */
const showName = (value: unknown, max: number): string =>
  typeof value === 'string' ? value : showValue(value, max);

const arrow = (step: Record<string, unknown>, max: number): string =>
  'output' in step && step.output !== undefined ? ` → ${showValue(step.output, max)}` : '';

const call = (name: unknown, args: unknown, max: number): string =>
  `${showName(name, max)}(${args === undefined ? '' : showValue(args, max)})`;

/**
 * The line of one step (or of a full-form expected step, whose fields may be
 * patterns): `Agent: tool({"id":1}) → "ok"`, `Agent: handoff → Billing`,
 * `Agent: message "Done." (final)`.
 */
export function formatStepLine(
  step: TrajectoryStep | Record<string, unknown>,
  max: number = DEFAULT_MAX_LENGTH,
): string {
  const s = step as Record<string, unknown>;
  const agent = s.agent === undefined ? '' : `${showName(s.agent, max)}: `;
  let body: string;
  switch (s.kind) {
    case 'input':
      return `user: ${showText(s.text, max)}`;
    case 'tool_call':
      body = `${call(s.tool, s.args, max)}${arrow(s, max)}`;
      break;
    case 'handoff':
      body = `handoff → ${showName(s.to, max)}`;
      break;
    case 'message':
      body = `message ${showText(s.text, max)}${s.final === true ? ' (final)' : ''}`;
      break;
    case 'hosted_tool_call':
      body = `hosted ${call(s.tool, s.args, max)}${arrow(s, max)}`;
      break;
    case 'mcp_call': {
      const server = s.server === undefined ? '' : `${showName(s.server, max)}.`;
      body = `mcp ${server}${call(s.tool, s.args, max)}${arrow(s, max)}`;
      break;
    }
    case 'approval': {
      const server = s.server === undefined ? '' : `${showName(s.server, max)}.`;
      const decision = s.decision === undefined ? 'pending' : showName(s.decision, max);
      body = `approval ${server}${call(s.tool, s.args, max)} ${decision}`;
      break;
    }
    case 'reasoning':
      body = `reasoning ${showText(s.text, max)}`;
      break;
    case 'guardrail':
      body = `${s.stage === undefined ? '' : `${String(s.stage)} `}guardrail ${
        showName(s.guardrail, max)
      } tripped`;
      break;
    case 'final_output':
      body = `final output ${showValue(s.output, max)}`;
      break;
    default:
      body = showValue(s, max);
  }
  return `${agent}${body}`;
}

/**
 * The short form of an expected step written as its full form: `{ tool }` as
 * a `tool_call`, `{ handoff }` as a `handoff`... A full form passes as is.
 */
export function expandExpected(expected: unknown): Record<string, unknown> {
  if (!isObject(expected)) return { kind: 'invalid', value: expected };
  if (typeof expected.kind === 'string') return expected;
  const { agent, ...rest } = expected;
  const withAgent = (step: Record<string, unknown>) =>
    agent === undefined ? step : { kind: step.kind, agent, ...without(step, 'kind') };
  if ('tool' in rest) return withAgent({ kind: 'tool_call', ...rest });
  if ('handoff' in rest) return withAgent({ kind: 'handoff', to: rest.handoff });
  if ('message' in rest) return withAgent({ kind: 'message', text: rest.message });
  if ('hosted' in rest) {
    return withAgent({ kind: 'hosted_tool_call', tool: rest.hosted, ...without(rest, 'hosted') });
  }
  if ('mcp' in rest) {
    return withAgent({ kind: 'mcp_call', tool: rest.mcp, ...without(rest, 'mcp') });
  }
  if ('approval' in rest) {
    return withAgent({ kind: 'approval', tool: rest.approval, ...without(rest, 'approval') });
  }
  if ('reasoning' in rest) return withAgent({ kind: 'reasoning', text: rest.reasoning });
  if ('guardrail' in rest) return withAgent({ kind: 'guardrail', ...rest });
  if ('finalOutput' in rest) return withAgent({ kind: 'final_output', output: rest.finalOutput });
  if ('input' in rest) return { kind: 'input', text: rest.input };
  return { kind: 'invalid', value: expected };
}

function without(object: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = object;
  return rest;
}
