/**
 * The error of {@linkcode exploreAgent}: a behaviour broke an invariant, and
 * here is the smallest one found, as steps and as a script.
 *
 * @module
 */

import { countOf, describeThrown, ordinal } from '../../_internal/format.ts';
import type { ExplorationFailureReason } from './explore_agent_types.ts';
import type { ScriptedModelInput } from '../model/scripted_model_types.ts';
import type { TrajectoryStep } from '../trajectory/trajectory_types.ts';

/** The options of {@linkcode ExplorationFailedError}. */
export interface ExplorationFailedErrorOptions {
  /** Which invariant broke. */
  reason: ExplorationFailureReason;
  /** The exploration's seed. */
  seed: number;
  /** The zero-based run that first broke it. */
  runIndex: number;
  /** How many runs the exploration would have made. */
  runs: number;
  /** The shrunk behaviour's steps, in call order. */
  steps: ScriptedModelInput[];
  /** The same steps per model name the provider was asked for (`''`: the model used directly). */
  routes: Record<string, ScriptedModelInput[]>;
  /** The shrunk behaviour's approval decisions, in order. */
  decisions: readonly ('approve' | 'reject')[];
  /** The shrunk behaviour as TypeScript source. */
  script: string;
  /** The shrunk run's trajectory. */
  trajectory: TrajectoryStep[];
  /** The text of the trajectory, for the message. */
  transcript: string;
  /** How many model calls the first failing behaviour made. */
  originalCalls: number;
  /** How many runs shrinking spent. */
  shrinkRuns: number;
  /** What the invariant threw (`undefined` when `check` returned `false`). */
  cause: unknown;
}

const WHAT_BROKE: Record<ExplorationFailureReason, string> = {
  check_failed: 'the check threw',
  check_returned_false: 'the check returned false',
  uncaught_exception: 'the run threw',
  unfinished_run: 'the run stopped at approvals that were never decided',
  network_request: 'the run tried to reach the network',
};

/**
 * A behaviour of the model made the app break an invariant. The fields hold
 * the shrunk behaviour: `steps` replay it on `new ScriptedModel(steps)`
 * (deciding approvals as `decisions` says), `script` is the same as source to
 * paste into a test, and the same `seed` finds and shrinks it again.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { exploreAgent, ExplorationFailedError, ScriptedModel } from 'scripted-agents/testing';
 *
 * const error = await exploreAgent(async (model) => {
 *   return await new Runner({ tracingDisabled: true }).run(new Agent({ name: 'A', model }), 'Hi');
 * }, { runs: 5, check: (result) => result.finalOutput !== 'Done.' }).catch((e) => e);
 * assert.ok(error instanceof ExplorationFailedError);
 * assert.equal(error.reason, 'check_returned_false');
 * assert.equal(error.runIndex, 0);
 *
 * // The steps replay the failing run.
 * const model = new ScriptedModel(error.steps);
 * const replay = await new Runner({ tracingDisabled: true }).run(new Agent({ name: 'A', model }), 'Hi');
 * assert.equal(replay.finalOutput, 'Done.');
 * ```
 */
export class ExplorationFailedError extends Error {
  /** Which invariant broke. */
  readonly reason: ExplorationFailureReason;
  /** The exploration's seed: the same seed finds and shrinks the same failure. */
  readonly seed: number;
  /** The zero-based run that first broke the invariant. */
  readonly runIndex: number;
  /** The shrunk behaviour as `ScriptedModel` steps, in call order. */
  readonly steps: ScriptedModelInput[];
  /** The steps per model name the provider was asked for (`''`: the model used directly). */
  readonly routes: Record<string, ScriptedModelInput[]>;
  /** The shrunk behaviour's decisions at approval interruptions, in order. */
  readonly decisions: readonly ('approve' | 'reject')[];
  /** The shrunk behaviour as TypeScript source (the builders `to-ts` prints). */
  readonly script: string;
  /** The shrunk run's trajectory. */
  readonly trajectory: TrajectoryStep[];
  /** What the invariant threw (`undefined` when `check` returned `false`). */
  override readonly cause: unknown;
  /** Always `'ExplorationFailedError'`. */
  override readonly name: 'ExplorationFailedError';

  /** Describes the failure from its fields. */
  constructor(options: ExplorationFailedErrorOptions) {
    const what = options.cause === undefined
      ? WHAT_BROKE[options.reason]
      : `${WHAT_BROKE[options.reason]}: ${describeThrown(options.cause)}`;
    const calls = options.steps.length;
    const decisions = options.decisions.length === 0
      ? ''
      : ` and ${countOf(options.decisions.length, 'approval decision')}`;
    super(
      `exploreAgent found a failing behaviour on run ${ordinal(options.runIndex)} of ` +
        `${options.runs} (seed ${options.seed}): ${what}.\n` +
        `Shrunk from ${countOf(options.originalCalls, 'model call')} to ${
          countOf(calls, 'model call')
        }${decisions} in ${countOf(options.shrinkRuns, 'run')}. The run:\n` +
        `${options.transcript.replace(/^/gm, '  ')}\n\n` +
        `The script (new ScriptedModel(error.steps) replays it):\n\n${options.script}\n` +
        `To explore again from this failure: exploreAgent(run, { seed: ${options.seed} }), or ` +
        `SCRIPTED_AGENTS_SEED=${options.seed} under a runner entry.`,
    );
    this.reason = options.reason;
    this.seed = options.seed;
    this.runIndex = options.runIndex;
    this.steps = options.steps;
    this.routes = options.routes;
    this.decisions = options.decisions;
    this.script = options.script;
    this.trajectory = options.trajectory;
    this.cause = options.cause;
    this.name = 'ExplorationFailedError';
  }
}
