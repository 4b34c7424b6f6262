/**
 * The public types of trajectories: the steps {@linkcode trajectory} returns
 * (defined beside the code that reads them, in the model room), the expected
 * steps {@linkcode assertTrajectory} takes, and their options.
 *
 * @module
 */

import type {
  TrajectoryGuardrailStep,
  TrajectoryJson,
  TrajectoryStep,
  TrajectoryStepKind,
} from '../model/trajectory_step_types.ts';

export type {
  TrajectoryApprovalStep,
  TrajectoryFinalOutputStep,
  TrajectoryGuardrailStep,
  TrajectoryHandoffStep,
  TrajectoryHostedToolCallStep,
  TrajectoryInputStep,
  TrajectoryJson,
  TrajectoryMcpCallStep,
  TrajectoryMessageStep,
  TrajectoryReasoningStep,
  TrajectorySource,
  TrajectoryStep,
  TrajectoryStepKind,
  TrajectoryToolCallStep,
} from '../model/trajectory_step_types.ts';

/**
 * A value matcher of Vitest or Jest (`expect.any(Number)`,
 * `expect.objectContaining({...})`), asked whether an actual value matches.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { AsymmetricMatcher } from 'scripted-agents/testing';
 *
 * const anyNumber: AsymmetricMatcher = { asymmetricMatch: (value) => typeof value === 'number' };
 * assert.equal(anyNumber.asymmetricMatch(3), true);
 * ```
 */
export interface AsymmetricMatcher {
  /** Whether `actual` matches. */
  asymmetricMatch(actual: unknown): boolean;
}

/** A string, or a pattern a string must match, or an asymmetric matcher. */
export type TrajectoryTextPattern = string | RegExp | AsymmetricMatcher;

/**
 * An expected value: plain JSON, where any string may instead be a `RegExp`
 * and any value an {@linkcode AsymmetricMatcher}.
 */
export type TrajectoryValuePattern =
  | null
  | boolean
  | number
  | TrajectoryTextPattern
  | readonly TrajectoryValuePattern[]
  | { readonly [key: string]: TrajectoryValuePattern | undefined };

/** The fields every expected step form may add. */
export interface ExpectedStepBase {
  /** The acting agent's name; not compared when absent. */
  agent?: TrajectoryTextPattern;
}

/**
 * An expected step: one of the short forms, or a full
 * {@linkcode TrajectoryStep} (as {@linkcode trajectory} returns it, where any
 * field may be a pattern). Fields left out are not compared, and neither is a
 * full step's `callId` (ids differ from run to run).
 *
 * - `{ tool, args?, output?, callId? }`: a tool call (the one form whose
 *   `callId` is compared);
 * - `{ handoff }`: a handoff to that agent;
 * - `{ message }`: an assistant message;
 * - `{ hosted, args?, output? }`, `{ mcp, server?, args?, output? }`,
 *   `{ approval, args? }`, `{ reasoning }`, `{ guardrail, stage? }`,
 *   `{ finalOutput }`, `{ input }`: the other kinds.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { ExpectedTrajectoryStep } from 'scripted-agents/testing';
 *
 * const expected: ExpectedTrajectoryStep[] = [
 *   { tool: 'lookup_order', args: { orderId: /^ORD-/ } },
 *   { handoff: 'Billing' },
 *   { message: /refunded/i, agent: 'Billing' },
 * ];
 * assert.equal(expected.length, 3);
 * ```
 */
export type ExpectedTrajectoryStep =
  | (ExpectedStepBase & {
    tool: TrajectoryTextPattern;
    args?: TrajectoryValuePattern;
    output?: TrajectoryValuePattern;
    callId?: TrajectoryTextPattern;
  })
  | (ExpectedStepBase & { handoff: TrajectoryTextPattern })
  | (ExpectedStepBase & { message: TrajectoryTextPattern })
  | (ExpectedStepBase & {
    hosted: TrajectoryTextPattern;
    args?: TrajectoryValuePattern;
    output?: TrajectoryValuePattern;
  })
  | (ExpectedStepBase & {
    mcp: TrajectoryTextPattern;
    server?: TrajectoryTextPattern;
    args?: TrajectoryValuePattern;
    output?: TrajectoryValuePattern;
  })
  | (ExpectedStepBase & {
    approval: TrajectoryTextPattern;
    args?: TrajectoryValuePattern;
    decision?: 'approved' | 'rejected';
  })
  | (ExpectedStepBase & { reasoning: TrajectoryTextPattern })
  | (ExpectedStepBase & {
    guardrail: TrajectoryTextPattern;
    stage?: NonNullable<TrajectoryGuardrailStep['stage']>;
  })
  | (ExpectedStepBase & { finalOutput: TrajectoryValuePattern })
  | (ExpectedStepBase & { input: TrajectoryTextPattern })
  | TrajectoryStep
  | { readonly kind: TrajectoryStepKind; readonly [field: string]: unknown };

/**
 * How expected steps line up with what happened:
 *
 * - `'strict'`: the same steps in the same order;
 * - `'unordered'`: the same steps in any order;
 * - `'superset'`: every expected step happened; others may have too;
 * - `'subset'`: every step that happened was expected;
 * - `'in_order'`: every expected step happened, in this order; others may
 *   come between.
 */
export type TrajectoryOrder = 'strict' | 'unordered' | 'superset' | 'subset' | 'in_order';

/**
 * How a tool call's arguments are compared: `'exact'` (deeply equal),
 * `'contains'` (the expected arguments are a deep part of the actual ones:
 * objects may have more keys, arrays more elements), `'ignore'`.
 */
export type TrajectoryArgsMode = 'exact' | 'contains' | 'ignore';

/** A tool's own argument check: `true` when `actual` satisfies `expected`. */
export type TrajectoryArgsPredicate = (actual: TrajectoryJson, expected: unknown) => boolean;

/**
 * Which kinds take part in a comparison: step kinds, plus `'final_message'`
 * for only the run's final message (while `'message'` takes every message).
 */
export type TrajectoryKindFilter = TrajectoryStepKind | 'final_message';

/**
 * Options of {@linkcode assertTrajectory}.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { AssertTrajectoryOptions } from 'scripted-agents/testing';
 *
 * const options: AssertTrajectoryOptions = {
 *   order: 'in_order',
 *   args: 'contains',
 *   toolArgs: { search: 'ignore', refund: (actual) => (actual as { amount: number }).amount > 0 },
 * };
 * assert.equal(options.order, 'in_order');
 * ```
 */
export interface AssertTrajectoryOptions {
  /** How expected steps line up with what happened; default `'strict'`. */
  order?: TrajectoryOrder;
  /** How arguments are compared; default `'exact'`. */
  args?: TrajectoryArgsMode;
  /** Per-tool argument modes or predicates, by tool name; they win over `args`. */
  toolArgs?: Readonly<Record<string, TrajectoryArgsMode | TrajectoryArgsPredicate>>;
  /**
   * Which kinds take part. Default: tool calls, handoffs and the final
   * message (`['tool_call', 'handoff', 'final_message']`), plus every other
   * kind an expected short form names (`{ reasoning }`, `{ mcp }`...).
   */
  kinds?: readonly TrajectoryKindFilter[];
}

/**
 * Options of {@linkcode formatTrajectory}.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { FormatTrajectoryOptions } from 'scripted-agents/testing';
 *
 * const options: FormatTrajectoryOptions = { last: 5, maxLength: 60 };
 * assert.equal(options.last, 5);
 * ```
 */
export interface FormatTrajectoryOptions {
  /** Only these kinds (default: every kind). */
  kinds?: readonly TrajectoryKindFilter[];
  /** Only the last `last` steps (after `kinds`), for a transcript before a failure. */
  last?: number;
  /** The longest a string value is shown before it is shortened with `…`; default 80. */
  maxLength?: number;
}
