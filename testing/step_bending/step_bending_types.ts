/**
 * The fields that let a scripted step bend: repeat, or be optional.
 *
 * @module
 */

/**
 * How often a step may be used. Without these fields a step is used exactly
 * once.
 *
 * - `times: n`: exactly `n` times; `times: 'any'`: any number of times,
 *   including none; `times: { min, max }`: between `min` (default 0) and
 *   `max` (default unlimited).
 * - `optional: true`: the step may be skipped (its minimum becomes 0).
 *
 * `assertComplete()` reports only uses that were required and did not happen.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { StepRepeat } from "scripted-agents/testing";
 *
 * const everyTurn: StepRepeat = { times: "any" };
 * assert.equal(everyTurn.times, "any");
 * ```
 */
export interface StepRepeat {
  /** Exactly `n`, `'any'` (0 or more), or a `{ min, max }` range. */
  times?: number | 'any' | { min?: number; max?: number };
  /** Whether the step may be skipped altogether. */
  optional?: boolean;
}

/**
 * A group of steps that may be used in any order, made by `anyOrder()`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { anyOrder, type AnyOrderOf, type ScriptedMcpToolStep } from "scripted-agents/testing";
 *
 * const group: AnyOrderOf<ScriptedMcpToolStep> = anyOrder({ tool: "a", result: "A" });
 * assert.equal(group.anyOrder.length, 1);
 * ```
 */
export type AnyOrderOf<S> = Readonly<{ anyOrder: readonly S[] }>;
