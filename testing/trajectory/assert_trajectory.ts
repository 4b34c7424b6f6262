/**
 * `assertTrajectory()`: checks what a run did against the steps a test
 * expects, with the order and argument modes evaluation suites use, and fails
 * with an aligned diff of the two trajectories.
 *
 * @module
 */

import {
  DEFAULT_MAX_LENGTH,
  expandExpected,
  formatStepLine,
  showValue,
} from '../model/trajectory_format.ts';
import {
  align,
  type ArgsRules,
  kindSelected,
  stepDifference,
  type ValueDifference,
  withoutVolatile,
} from './_trajectory_match.ts';
import { stepsOf } from '../model/trajectory_sources.ts';
import { TrajectoryMismatchError } from './trajectory_errors.ts';
import type {
  AssertTrajectoryOptions,
  ExpectedTrajectoryStep,
  TrajectoryKindFilter,
  TrajectoryOrder,
  TrajectorySource,
  TrajectoryStep,
} from './trajectory_types.ts';
import { countOf, differenceWindow } from '../../_internal/format.ts';

const DEFAULT_KINDS: readonly TrajectoryKindFilter[] = ['tool_call', 'handoff', 'final_message'];

/** The kind an expected short form adds to the default `kinds` (messages stay final only). */
const formKinds: Record<string, string> = {
  hosted: 'hosted_tool_call',
  mcp: 'mcp_call',
  approval: 'approval',
  reasoning: 'reasoning',
  guardrail: 'guardrail',
  finalOutput: 'final_output',
  input: 'input',
};

const orders = new Set(['strict', 'unordered', 'superset', 'subset', 'in_order']);
const argModes = new Set(['exact', 'contains', 'ignore']);

/**
 * Checks the trajectory of `actual` (any {@linkcode trajectory} source, or
 * steps) against `expected`, and throws {@linkcode TrajectoryMismatchError}
 * when it does not match.
 *
 * Expected steps are short forms (`{ tool, args?, output? }`, `{ handoff }`,
 * `{ message }`, each with an optional `agent`; `{ hosted }`, `{ mcp }`,
 * `{ approval }`, `{ reasoning }`, `{ guardrail }`, `{ finalOutput }`,
 * `{ input }`) or full steps as {@linkcode trajectory} returns them. Only the
 * fields an expected step has are compared, so outputs count only when
 * written. Call ids are volatile: a full step's `callId` is never compared (so
 * `assertTrajectory(second, trajectory(first))` holds for runs that differ only
 * in ids, under every order mode); the short form `{ tool, callId }` compares
 * the id it names. Any string may be a `RegExp`, and any value a matcher with an
 * `asymmetricMatch` method (`expect.any(String)`, `expect.objectContaining()`).
 *
 * - `order`: `'strict'` (default), `'unordered'`, `'superset'`, `'subset'`,
 *   `'in_order'` (see {@linkcode TrajectoryOrder}).
 * - `args`: `'exact'` (default), `'contains'`, `'ignore'`; `toolArgs`
 *   overrides it per tool with a mode or a predicate.
 * - `kinds`: which steps take part; by default tool calls, handoffs and the
 *   final message, plus every other kind a short form names.
 *
 * @example A multi-agent workflow, then the same with looser modes
 * ```ts
 * import assert from 'node:assert/strict';
 * import { assertTrajectory, type TrajectoryStep } from 'scripted-agents/testing';
 *
 * const steps: TrajectoryStep[] = [
 *   { kind: 'tool_call', agent: 'Triage', tool: 'lookup_order', args: { orderId: 'ORD-1' } },
 *   { kind: 'handoff', agent: 'Triage', to: 'Billing' },
 *   { kind: 'tool_call', agent: 'Billing', tool: 'refund', args: { orderId: 'ORD-1', amount: 5 } },
 *   { kind: 'message', agent: 'Billing', text: 'Refunded 5.00.', final: true },
 * ];
 * assertTrajectory(steps, [
 *   { tool: 'lookup_order', args: { orderId: /^ORD-/ } },
 *   { handoff: 'Billing' },
 *   { tool: 'refund', args: { orderId: 'ORD-1', amount: 5 }, agent: 'Billing' },
 *   { message: /refunded/i },
 * ]);
 * assertTrajectory(steps, [{ handoff: 'Billing' }, { tool: 'refund', args: { amount: 5 } }], {
 *   order: 'in_order',
 *   args: 'contains',
 * });
 * assert.throws(() => assertTrajectory(steps, [{ handoff: 'Billing' }]), {
 *   name: 'TrajectoryMismatchError',
 * });
 * ```
 *
 * @example A trajectory taken from one run matches a run with other ids
 * ```ts
 * import assert from 'node:assert/strict';
 * import { assertTrajectory, trajectory } from 'scripted-agents/testing';
 *
 * const first = trajectory([
 *   { type: 'function_call', name: 'ping', arguments: '{}', callId: 'call_1' },
 *   { type: 'function_call_result', callId: 'call_1', output: 'pong' },
 * ]);
 * const second = [{ ...first[0], callId: 'call_2' }];
 * assertTrajectory(second, first);
 * assert.throws(() => assertTrajectory(second, [{ tool: 'ping', callId: 'call_1' }]), {
 *   name: 'TrajectoryMismatchError',
 * });
 * ```
 */
export function assertTrajectory(
  actual: TrajectorySource,
  expected: readonly ExpectedTrajectoryStep[],
  options: AssertTrajectoryOptions = {},
): void {
  const order = options.order ?? 'strict';
  if (!orders.has(order)) {
    throw new TypeError(
      `assertTrajectory() got order ${
        JSON.stringify(order)
      }; use 'strict', 'unordered', 'superset', 'subset' or 'in_order'.`,
    );
  }
  const rules = argsRules(options);
  if (!Array.isArray(expected)) {
    throw new TypeError('assertTrajectory() takes the expected steps as an array.');
  }
  const forms = expected.map((step, index) => {
    const full = expandExpected(step);
    if (full.kind === 'invalid') {
      throw new TypeError(
        `assertTrajectory() expected step #${index + 1} is not a step form: write ` +
          '{ tool }, { handoff }, { message } (or { hosted }, { mcp }, { approval }, ' +
          '{ reasoning }, { guardrail }, { finalOutput }, { input }), or a full step with `kind`.',
      );
    }
    const short = !('kind' in (step as object));
    // A full step is the data form `trajectory()` returns: its call ids belong to that run.
    return { given: step, full: short ? full : withoutVolatile(full), short };
  });

  const kinds = new Set<string>(options.kinds ?? DEFAULT_KINDS);
  if (options.kinds === undefined) {
    for (const { given, short } of forms) {
      if (!short) continue;
      for (const key of Object.keys(given)) if (key in formKinds) kinds.add(formKinds[key]);
    }
  }
  const taking = forms.filter(({ full, short }) => short || kindSelected(full, kinds));
  const steps = stepsOf(actual).filter((step) => kindSelected(step, kinds));

  const differences = (e: number, a: number) => stepDifference(steps[a], taking[e].full, rules);
  const alignment = align(
    order,
    taking.length,
    steps.length,
    (e, a) => differences(e, a) === undefined,
  );
  if (alignment.ok) return;

  const missing = alignment.missing.map((e) => taking[e].given);
  const unexpected = alignment.unexpected.map((a) => steps[a]);
  throw new TrajectoryMismatchError({
    message: mismatchMessage(
      order,
      options,
      taking.map(({ full }) => full),
      steps,
      alignment,
      differences,
    ),
    order,
    expected: taking.map(({ given }) => given),
    actual: steps,
    missing,
    unexpected,
  });
}

function argsRules(options: AssertTrajectoryOptions): ArgsRules {
  const args = options.args ?? 'exact';
  if (!argModes.has(args)) {
    throw new TypeError(
      `assertTrajectory() got args ${JSON.stringify(args)}; use 'exact', 'contains' or 'ignore'.`,
    );
  }
  const toolArgs = options.toolArgs ?? {};
  for (const [tool, rule] of Object.entries(toolArgs)) {
    if (typeof rule !== 'function' && !argModes.has(rule)) {
      throw new TypeError(
        `assertTrajectory() got toolArgs.${tool} ${JSON.stringify(rule)}; use 'exact', ` +
          "'contains', 'ignore' or a function (actual, expected) => boolean.",
      );
    }
  }
  return { args, toolArgs };
}

type Full = Record<string, unknown>;

function mismatchMessage(
  order: TrajectoryOrder,
  options: AssertTrajectoryOptions,
  expected: readonly Full[],
  actual: readonly TrajectoryStep[],
  alignment: ReturnType<typeof align>,
  differences: (e: number, a: number) => ValueDifference | undefined,
): string {
  const max = DEFAULT_MAX_LENGTH;
  const problems = [
    alignment.missing.length > 0
      ? `${countOf(alignment.missing.length, 'expected step')} missing`
      : undefined,
    alignment.unexpected.length > 0
      ? `${countOf(alignment.unexpected.length, 'unexpected step')}`
      : undefined,
  ].filter((part) => part !== undefined).join(', ');
  const lines = [
    `Trajectory mismatch (order '${order}', args '${options.args ?? 'exact'}'): ${problems}.`,
    `Expected ${countOf(expected.length, 'step')}, got ${actual.length}` +
    ' ("-" expected but missing, "+" not expected):',
  ];
  const unexpected = new Set(alignment.unexpected);
  const expectedLine = (e: number) =>
    `  - ${formatStepLine(expected[e], max)}   (expected #${e + 1})`;
  const actualLine = (a: number) =>
    unexpected.has(a)
      ? `  + ${formatStepLine(actual[a], max)}   (actual #${a + 1})`
      : `    ${formatStepLine(actual[a], max)}`;

  if (order === 'strict' || order === 'in_order') {
    let e = 0;
    let a = 0;
    for (const [pairedE, pairedA] of [...alignment.pairs, [expected.length, actual.length]]) {
      for (; e < pairedE; e++) lines.push(expectedLine(e));
      for (; a < pairedA; a++) lines.push(actualLine(a));
      if (pairedA < actual.length) lines.push(actualLine(pairedA));
      e = pairedE + 1;
      a = pairedA + 1;
    }
  } else {
    for (let a = 0; a < actual.length; a++) lines.push(actualLine(a));
    for (const e of alignment.missing) lines.push(expectedLine(e));
  }
  if (actual.length === 0) lines.push('    (no steps)');

  const paired = new Set(alignment.pairs.map(([, a]) => a));
  let notes = 0;
  for (const e of alignment.missing) {
    if (notes >= 5) break;
    const near = nearest(expected[e], actual, paired);
    if (near === undefined) continue;
    const difference = differences(e, near);
    if (difference === undefined) continue;
    notes++;
    const [shownExpected, shownActual] = typeof difference.expected === 'string' &&
        typeof difference.actual === 'string'
      ? differenceWindow(difference.expected, difference.actual, max).map((part) =>
        JSON.stringify(part)
      )
      : [showValue(difference.expected, max), showValue(difference.actual, max)];
    lines.push(
      `Expected #${e + 1} is closest to actual #${
        near + 1
      }, which differs at ${difference.path}: expected ${shownExpected}, actual ${shownActual}.`,
    );
  }
  lines.push(advice(order, options, alignment, actual));
  return lines.join('\n');
}

/** The unpaired actual step most like `expected`: same kind and name, else same kind. */
function nearest(
  expected: Full,
  actual: readonly TrajectoryStep[],
  paired: ReadonlySet<number>,
): number | undefined {
  const candidates = actual.map((step, index) => ({ step, index }))
    .filter(({ step, index }) => !paired.has(index) && step.kind === expected.kind);
  const named = candidates.find(({ step }) => {
    const s = step as unknown as Full;
    for (const key of ['tool', 'to', 'guardrail']) {
      if (typeof expected[key] === 'string' && s[key] === expected[key]) return true;
    }
    return false;
  });
  return (named ?? candidates[0])?.index;
}

function advice(
  order: TrajectoryOrder,
  options: AssertTrajectoryOptions,
  alignment: ReturnType<typeof align>,
  actual: readonly TrajectoryStep[],
): string {
  const hints: string[] = [];
  // A structured output's run ends in its final message and then the output:
  // `[…, { finalOutput }]` alone leaves the message unexpected.
  const finalMessage = alignment.unexpected.some((a) =>
    actual[a].kind === 'message' && (actual[a] as { final?: boolean }).final === true
  );
  const structured = finalMessage && actual.some((step) => step.kind === 'final_output')
    ? ' A structured output ends the run as the final message and then a final_output step: ' +
      'expect both ([..., { message: ... }, { finalOutput: ... }]).'
    : '';
  if (alignment.unexpected.length > 0 && order !== 'superset') {
    hints.push("order 'in_order' or 'superset' lets other steps happen too");
  }
  if (alignment.missing.length > 0 && alignment.unexpected.length > 0 && order === 'strict') {
    hints.push("'unordered' ignores the order");
  }
  if ((options.args ?? 'exact') === 'exact') hints.push("args 'contains' allows extra arguments");
  return `Fix the expected steps or the workflow${
    hints.length > 0 ? `, or compare more loosely: ${hints.join('; ')}` : ''
  }.${structured} formatTrajectory(actual) prints the whole run.`;
}
