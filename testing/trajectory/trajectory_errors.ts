/**
 * The error {@linkcode assertTrajectory} throws when a run's steps do not
 * match the expected ones.
 *
 * @module
 */

import type {
  ExpectedTrajectoryStep,
  TrajectoryOrder,
  TrajectoryStep,
} from './trajectory_types.ts';

/** What {@linkcode TrajectoryMismatchError} is constructed from. */
export interface TrajectoryMismatchErrorOptions {
  /** The complete message. */
  message: string;
  /** The order mode of the comparison. */
  order: TrajectoryOrder;
  /** The expected steps that took part. */
  expected: readonly ExpectedTrajectoryStep[];
  /** The actual steps that took part (after the `kinds` filter). */
  actual: readonly TrajectoryStep[];
  /** Expected steps that did not happen (as the order mode counts them). */
  missing: readonly ExpectedTrajectoryStep[];
  /** Steps that happened but the order mode does not allow. */
  unexpected: readonly TrajectoryStep[];
}

/**
 * A run's trajectory did not match: the message is an aligned diff of the two
 * formatted trajectories (`-` an expected step that is missing, `+` a step
 * that was not expected) and, for a step that nearly matched, the path where
 * it differs (`args.orderId`).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { assertTrajectory, TrajectoryMismatchError } from 'scripted-agents/testing';
 *
 * const actual = [{ kind: 'tool_call', tool: 'lookup', args: { id: 2 } }] as const;
 * assert.throws(() => assertTrajectory([...actual], [{ tool: 'lookup', args: { id: 1 } }]), (error) => {
 *   assert.ok(error instanceof TrajectoryMismatchError);
 *   assert.equal(error.order, 'strict');
 *   assert.deepEqual(error.missing, [{ tool: 'lookup', args: { id: 1 } }]);
 *   assert.deepEqual(error.unexpected, [{ kind: 'tool_call', tool: 'lookup', args: { id: 2 } }]);
 *   assert.match(error.message, /args\.id: expected 1, actual 2/);
 *   return true;
 * });
 * ```
 */
export class TrajectoryMismatchError extends Error {
  /** The order mode of the comparison. */
  readonly order: TrajectoryOrder;
  /** The expected steps that took part. */
  readonly expected: readonly ExpectedTrajectoryStep[];
  /** The actual steps that took part (after the `kinds` filter). */
  readonly actual: readonly TrajectoryStep[];
  /** Expected steps that did not happen (as the order mode counts them). */
  readonly missing: readonly ExpectedTrajectoryStep[];
  /** Steps that happened but the order mode does not allow. */
  readonly unexpected: readonly TrajectoryStep[];
  /** Always `'TrajectoryMismatchError'`. */
  override readonly name: 'TrajectoryMismatchError';

  /**
   * `false`, so a runner that diffs a thrown error's `expected` and `actual` (Vitest) prints no
   * diff of its own: the message is already an aligned diff of the formatted trajectories, and
   * `expected` (the short expected form) and `actual` (the full steps) are not two values of one
   * form.
   */
  get showDiff(): false {
    return false;
  }

  /** Builds the error from its fields and complete message. */
  constructor(options: TrajectoryMismatchErrorOptions) {
    super(options.message);
    this.order = options.order;
    this.expected = options.expected;
    this.actual = options.actual;
    this.missing = options.missing;
    this.unexpected = options.unexpected;
    this.name = 'TrajectoryMismatchError';
  }
}
