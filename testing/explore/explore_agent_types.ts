/**
 * The public types of {@linkcode exploreAgent}: its options, the helpers the
 * app's run callback gets, and what a passing exploration resolves to.
 *
 * @module
 */

import type { SdkRunToolApprovalItem as RunToolApprovalItem } from './_explore_sdk_types.ts';
import type { BehaviourModel } from './model_behaviour.ts';
import type { ModelBehaviourOptions } from './model_behaviour_types.ts';
import type { TrajectoryStep } from '../trajectory/trajectory_types.ts';

/**
 * A run result whose approval interruptions {@linkcode ExploreHelpers.settle}
 * can decide and resume: a `RunResult` or a `StreamedRunResult`.
 */
export interface SettleableResult {
  /** The approvals the run stopped at. */
  readonly interruptions: readonly RunToolApprovalItem[];
  /** The state to approve or reject them on, and to resume from. */
  readonly state: {
    approve(item: RunToolApprovalItem): void;
    reject(item: RunToolApprovalItem): void;
  };
  /** Settles when a streamed run has finished (absent on a non-streamed result). */
  readonly completed?: Promise<void>;
}

/**
 * What the run callback gets beside the model: the behaviour's decisions at
 * approval interruptions.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { ExploreHelpers } from 'scripted-agents/testing';
 *
 * const helpers: Pick<ExploreHelpers, 'decide'> = { decide: () => 'approve' };
 * assert.equal(helpers.decide({} as never), 'approve');
 * ```
 */
export interface ExploreHelpers {
  /**
   * The behaviour's decision for one approval interruption (recorded, and
   * shrunk towards `'approve'`). For an app that applies decisions itself.
   */
  decide(interruption: RunToolApprovalItem): 'approve' | 'reject';
  /**
   * Decides every interruption of `result` (awaiting a streamed result's
   * `completed` first), applies each decision to `result.state`, resumes
   * through `resume(state)`, and repeats until the run stops without
   * interruptions; resolves to that last result.
   */
  settle<Result extends SettleableResult>(
    result: Result | Promise<Result>,
    resume: (state: Result['state']) => Result | Promise<Result>,
  ): Promise<Result>;
}

/**
 * The app's code under exploration: it builds its agents on `model` (as each
 * agent's `model`, or as the runner's `modelProvider`), runs them, and
 * returns what `check` judges: the last run result, or an object holding it
 * as a property (`{ ledger, result }`), which is where the trajectory `check`
 * gets comes from (else from the last result `helpers.settle` saw, else from
 * the model's calls).
 */
export type ExploreRun<Result> = (
  model: BehaviourModel,
  helpers: ExploreHelpers,
) => Result | Promise<Result>;

/**
 * An invariant of the app: throws, or returns `false`, when a run broke it.
 * Gets the run callback's result and the run's trajectory.
 */
export type ExploreCheck<Result> = (
  result: Result,
  trajectory: TrajectoryStep[],
) => boolean | void | Promise<boolean | void>;

/**
 * The options of {@linkcode exploreAgent}: how many runs, from which seed,
 * what a behaviour may do (every {@linkcode ModelBehaviourOptions} field) and
 * the invariant to check.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { ExploreAgentOptions } from 'scripted-agents/testing';
 *
 * const options: ExploreAgentOptions<{ refunds: number }> = {
 *   runs: 200,
 *   seed: 7,
 *   maxCalls: 5,
 *   check: (result) => result.refunds <= 1,
 * };
 * assert.equal(options.runs, 200);
 * ```
 */
export interface ExploreAgentOptions<Result> extends ModelBehaviourOptions {
  /** How many behaviours to run. Default 100. */
  readonly runs?: number;
  /**
   * The seed of the exploration: the same seed gives the same behaviours,
   * the same failure and the same shrunk script. Default: the seed a runner
   * entry took from `SCRIPTED_AGENTS_SEED`, else `0` (so a test's result never
   * changes between runs; vary the seed to explore further).
   */
  readonly seed?: number;
  /** The invariant; the built-in ones (the run ends, nothing thrown, offline) are always checked. */
  readonly check?: ExploreCheck<Result>;
  /** The most runs spent shrinking a failure. Default 2000. */
  readonly maxShrinks?: number;
}

/**
 * What a passing exploration resolves to.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { ExplorationResult } from 'scripted-agents/testing';
 *
 * const passed: ExplorationResult = { runs: 100, seed: 0 };
 * assert.equal(passed.runs, 100);
 * ```
 */
export interface ExplorationResult {
  /** How many behaviours ran. */
  readonly runs: number;
  /** The seed they came from. */
  readonly seed: number;
}

/**
 * Which invariant a run broke:
 * - `check_failed`: `check` threw;
 * - `check_returned_false`: `check` returned `false`;
 * - `uncaught_exception`: the run callback threw (or rejected);
 * - `unfinished_run`: the run stopped at approvals that were never decided;
 * - `network_request`: the run tried to reach the network.
 */
export type ExplorationFailureReason =
  | 'check_failed'
  | 'check_returned_false'
  | 'uncaught_exception'
  | 'unfinished_run'
  | 'network_request';
