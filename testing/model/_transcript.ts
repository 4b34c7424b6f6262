/**
 * The run-related parts of this package's failure messages, written once so
 * every double tells a failure the same way: the transcript of the last steps
 * before it (formatted as `formatTrajectory` does), the route a model serves,
 * and a brief description of scripted steps nobody used.
 *
 * `transcriptBlock()` is the one to call from any double in this folder:
 * given what the failing call was answering (a request's input, a model, a
 * result...), it returns the lines to append to a message, or `''`.
 *
 * @module
 */

import { showValue } from './trajectory_format.ts';
import { formatStepLine, shorten } from './trajectory_format.ts';
import { routesOf } from '../_shared/_model_routes.ts';
import { callLogOf } from './model_calls.ts';
import { stepsOf } from './trajectory_sources.ts';
import { countOf } from '../../_internal/format.ts';
import type { QueuedStep } from './_model_input.ts';

/** How many steps a transcript shows by default. */
export const TRANSCRIPT_STEPS = 5;

/** How long a string value in a transcript line may get. */
const TRANSCRIPT_VALUE_LENGTH = 40;

/**
 * `\n<heading>:\n  line\n  line` for the last `last` steps of `source`
 * (anything `trajectory()` reads), saying how many earlier steps were left
 * out; `''` when there are none or the source holds no trajectory.
 */
export function transcriptBlock(
  source: unknown,
  options: { heading?: string; last?: number } = {},
): string {
  let steps;
  try {
    steps = stepsOf(source);
  } catch {
    return '';
  }
  if (steps.length === 0) return '';
  const last = options.last ?? TRANSCRIPT_STEPS;
  const shown = steps.slice(-last);
  const hidden = steps.length - shown.length;
  const heading = options.heading ?? 'Last steps';
  const lines = shown.map((step) => `  ${formatStepLine(step, TRANSCRIPT_VALUE_LENGTH)}`);
  if (hidden > 0) lines.unshift(`  (${countOf(hidden, 'earlier step')} not shown)`);
  return `\n${heading}:\n${lines.join('\n')}`;
}

/** A request's input as items (a string input is one user message). */
export function inputItems(input: unknown): unknown[] {
  if (typeof input === 'string') return [{ type: 'message', role: 'user', content: input }];
  return Array.isArray(input) ? input : [];
}

/**
 * The transcript of a model double's last call: the conversation it was sent
 * (what other agents did before included) and what it answered.
 */
export function lastCallTranscript(model: object, heading: string): string {
  const answered = callLogOf(model)?.answered() ?? [];
  const last = answered.at(-1);
  if (last === undefined) return '';
  return transcriptBlock([...inputItems(last.call.request.input), ...(last.output ?? [])], {
    heading,
  });
}

/** ` on route "a"` / ` on routes "a", "b"` when a provider routes `model`; else `''`. */
export function routeText(model: object): string {
  const routes = routesOf(model);
  if (routes.length === 0) return '';
  const names = routes.map((name) => JSON.stringify(name)).join(', ');
  return ` on route${routes.length === 1 ? '' : 's'} ${names}`;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

/** One output item, briefly: `function_call escalate({"summary":"The cust…"})`, `message "Refun…"`. */
function describeItem(item: unknown): string {
  if (!isObject(item)) return String(item);
  const type = String(item.type ?? (typeof item.role === 'string' ? 'message' : 'item'));
  switch (type) {
    case 'function_call': {
      let args: unknown = item.arguments;
      try {
        args = JSON.parse(String(item.arguments));
      } catch {
        // Malformed arguments are shown as the text they are.
      }
      return `function_call ${String(item.name)}(${showValue(args, 12)})`;
    }
    case 'message': {
      const content = Array.isArray(item.content) ? item.content : [];
      const text = typeof item.content === 'string'
        ? item.content
        : content.map((part) => isObject(part) ? String(part.text ?? part.refusal ?? '') : '').join(
          '',
        );
      return `message ${JSON.stringify(shorten(text, 24))}`;
    }
    case 'hosted_tool_call':
      return `hosted_tool_call ${String(item.name)}`;
    default:
      return type;
  }
}

/** A scripted step, briefly: what its response holds, or what kind of step it is. */
export function describeStep(step: QueuedStep): string {
  switch (step.type) {
    case 'response': {
      const response = step.response as unknown;
      const output = Array.isArray(response)
        ? response
        : isObject(response) && Array.isArray(response.output)
        ? response.output
        : [];
      return output.length === 0 ? 'empty response' : output.map(describeItem).join(' + ');
    }
    case 'error': {
      const error = step.error;
      return `error${error instanceof Error ? ` (${error.name})` : ''}`;
    }
    case 'responder':
      return 'responder';
    case 'stream':
      return 'stream';
    case 'stream_responder':
      return 'stream responder';
    case 'hold':
      return `hold${step.then === undefined ? '' : ` then ${describeStep(step.then)}`}`;
  }
}

/** `#2 function_call escalate(…), #3 message "…"`: the first `limit` unused steps, numbered in the script. */
export function unusedStepsText(
  steps: readonly QueuedStep[],
  firstNumber: number,
  limit = 3,
): string {
  return unusedUsesText(steps.map((step, index) => ({ step, number: firstNumber + index })), limit);
}

/**
 * `#2 message "a" (2 uses), #4 responder` for the required uses not made
 * yet, one per use as the script lists them: the uses of one step are
 * shown once, with their count when there are several.
 */
export function unusedUsesText(
  uses: readonly { readonly step: QueuedStep; readonly number: number }[],
  limit = 3,
): string {
  const grouped: { step: QueuedStep; number: number; uses: number }[] = [];
  for (const use of uses) {
    const last = grouped.at(-1);
    if (last?.number === use.number) last.uses++;
    else grouped.push({ step: use.step, number: use.number, uses: 1 });
  }
  const described = grouped.slice(0, limit).map((use) =>
    `#${use.number} ${describeStep(use.step)}${
      use.uses > 1 ? ` (${countOf(use.uses, 'use')})` : ''
    }`
  );
  if (grouped.length > limit) described.push(`and ${grouped.length - limit} more`);
  return described.join(', ');
}
