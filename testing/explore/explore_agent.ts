/**
 * `exploreAgent()`: property-based runs over what a model could choose. It
 * runs the app's own code many times on the real `Runner`, each time with a
 * {@linkcode BehaviourModel} playing another generated behaviour (tool calls
 * with schema-valid arguments, handoffs, final answers, approval decisions),
 * checks the app's invariant and the built-in ones (the run ends, nothing is
 * thrown, no network request), and on a failure shrinks the behaviour to the
 * smallest one that still fails and rejects with it as a `ScriptedModel`
 * script. Deterministic: the same seed gives the same runs and the same script.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import { exploreAgent } from 'scripted-agents/testing';
 *
 * const passed = await exploreAgent(async (model) => {
 *   let stock = 3;
 *   const reserve = tool({
 *     name: 'reserve',
 *     description: 'Reserves one item.',
 *     parameters: z.object({ sku: z.string() }),
 *     execute: () => (stock > 0 ? `reserved, ${--stock} left` : 'out of stock'),
 *   });
 *   const agent = new Agent({ name: 'Shop', model, tools: [reserve] });
 *   await new Runner({ tracingDisabled: true }).run(agent, 'Reserve one', { maxTurns: 20 });
 *   return stock;
 * }, { runs: 20, seed: 1, check: (stock) => stock >= 0 });
 * assert.deepEqual(passed, { runs: 20, seed: 1 });
 * ```
 *
 * @module
 */

import { explorationSeed } from '../../_internal/exploration_seed.ts';
import { hashString } from '../_shared/_seeded_random.ts';
import { BehaviourModel, randomBehaviour } from './model_behaviour.ts';
import type { ModelBehaviour } from './model_behaviour_types.ts';
import { type OfflineGuard, offlineGuard } from '../scope/offline_guard.ts';
import { formatTrajectory, trajectory } from '../trajectory/trajectory.ts';
import type { TrajectoryStep } from '../trajectory/trajectory_types.ts';
import { shrink } from './_explore_shrink.ts';
import { printExploreScript } from './_explore_script.ts';
import { ExplorationFailedError } from './explore_agent_errors.ts';
import type {
  ExplorationFailureReason,
  ExplorationResult,
  ExploreAgentOptions,
  ExploreHelpers,
  ExploreRun,
  SettleableResult,
} from './explore_agent_types.ts';

/** One run of one behaviour. */
interface Outcome {
  readonly model: BehaviourModel;
  readonly failure: { reason: ExplorationFailureReason; cause: unknown } | undefined;
  readonly result: unknown;
  /** The last run result `helpers.settle` saw, for the trajectory when `run` returns something else. */
  readonly settled: unknown;
}

function isSettleable(value: unknown): value is SettleableResult {
  return typeof value === 'object' && value !== null && 'interruptions' in value &&
    Array.isArray((value as SettleableResult).interruptions) && 'state' in value;
}

function isRunResult(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'newItems' in value && 'state' in value;
}

function helpersFor(model: BehaviourModel, seen: { result?: unknown }): ExploreHelpers {
  return {
    decide: () => model.decide(),
    async settle<Result extends SettleableResult>(
      result: Result | Promise<Result>,
      resume: (state: Result['state']) => Result | Promise<Result>,
    ): Promise<Result> {
      let current = await result;
      while (true) {
        seen.result = current;
        if (current.completed !== undefined) await current.completed;
        if (current.interruptions.length === 0) return current;
        for (const item of current.interruptions) {
          if (model.decide() === 'approve') current.state.approve(item);
          else current.state.reject(item);
        }
        current = await resume(current.state);
      }
    },
  };
}

/** A run result in `value`: itself, or one of its own properties (`{ ledger, result }`). */
function runResultIn(value: unknown): object | undefined {
  if (isRunResult(value)) return value as object;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.values(value).find(isRunResult) as object | undefined;
}

/**
 * The run's trajectory: from the run result `run` returned (itself or as one
 * of the returned object's properties), else from the last result
 * `helpers.settle` saw, else from the model's calls.
 */
function trajectoryOf(outcome: Pick<Outcome, 'model' | 'result' | 'settled'>): TrajectoryStep[] {
  const source = runResultIn(outcome.result) ?? runResultIn(outcome.settled) ?? outcome.model;
  try {
    return trajectory(source);
  } catch {
    return trajectory(outcome.model);
  }
}

async function runOnce<Result>(
  run: ExploreRun<Result>,
  behaviour: ModelBehaviour,
  options: ExploreAgentOptions<Result>,
  guard: OfflineGuard,
): Promise<Outcome> {
  const model = new BehaviourModel(behaviour, options);
  const seen: { result?: unknown } = {};
  let result: Result | undefined;
  let failure: Outcome['failure'];
  try {
    result = await run(model, helpersFor(model, seen));
    if (isSettleable(result)) {
      if (result.completed !== undefined) await result.completed;
      if (result.interruptions.length > 0) {
        failure = {
          reason: 'unfinished_run',
          cause: new Error(
            `The run returned with ${result.interruptions.length} undecided approval ` +
              'interruption(s): decide them with helpers.settle(result, resume).',
          ),
        };
      }
    }
  } catch (error) {
    failure = { reason: 'uncaught_exception', cause: error };
  }
  const blocked = guard.acknowledgeFailures();
  if (blocked.length > 0) failure = { reason: 'network_request', cause: blocked[0] };
  if (failure === undefined && options.check !== undefined) {
    try {
      const steps = trajectoryOf({ model, result, settled: seen.result });
      const verdict = await options.check(result as Result, steps);
      if (verdict === false) failure = { reason: 'check_returned_false', cause: undefined };
    } catch (error) {
      failure = { reason: 'check_failed', cause: error };
    }
  }
  return { model, failure, result, settled: seen.result };
}

/** The seed of run `runIndex` of an exploration from `seed`. */
function runSeed(seed: number, runIndex: number): number {
  return hashString(`${seed}:${runIndex}`);
}

/**
 * Runs `run(model, helpers)` `runs` times (default 100), each with a
 * {@linkcode BehaviourModel} playing a behaviour generated from `seed`, and
 * checks after each run that it ended (no approval left undecided), threw
 * nothing, sent no network request (the whole exploration runs under an
 * {@linkcode offlineGuard}) and passes `check(result, trajectory)`. Resolves
 * to `{ runs, seed }` when every run passed; otherwise shrinks the first
 * failing behaviour and rejects with {@linkcode ExplorationFailedError}
 * (what broke, the seed, the shrunk steps and script, the trajectory).
 *
 * - Use `model` for every agent: as its `model`, or as the runner's
 *   `modelProvider` (then the script routes model names).
 * - Approvals: pass the run through `helpers.settle(result, resume)` to let
 *   the behaviour approve or reject each interruption and resume from the
 *   `RunState`, or call `helpers.decide(item)` where the app decides itself.
 * - Streamed runs, guardrails and handoffs need nothing extra: the model
 *   answers streamed calls with synthesized events, and the real `Runner`
 *   does the rest.
 *
 * @example An invariant broken, shrunk to a script
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import { exploreAgent, ExplorationFailedError } from 'scripted-agents/testing';
 *
 * const error = await exploreAgent(async (model) => {
 *   const refunds: number[] = [];
 *   const refund = tool({
 *     name: 'refund',
 *     description: 'Refunds an order.',
 *     parameters: z.object({ orderId: z.string() }),
 *     execute: () => {
 *       refunds.push(1);
 *       return 'refunded';
 *     },
 *   });
 *   const agent = new Agent({ name: 'Support', model, tools: [refund] });
 *   await new Runner({ tracingDisabled: true }).run(agent, 'Refund A-1', { maxTurns: 20 });
 *   return refunds.length;
 * }, { seed: 3, check: (count) => count <= 1 }).catch((e) => e);
 *
 * assert.ok(error instanceof ExplorationFailedError);
 * assert.equal(error.reason, 'check_returned_false');
 * // Shrunk to the smallest failure: two refunds in one call, then the answer.
 * assert.equal(error.steps.length, 2);
 * assert.match(error.script, /functionCall\("refund"/);
 * ```
 */
export async function exploreAgent<Result>(
  run: ExploreRun<Result>,
  options: ExploreAgentOptions<Result> = {},
): Promise<ExplorationResult> {
  const seed = options.seed ?? explorationSeed() ?? 0;
  const runs = options.runs ?? 100;
  const guard = offlineGuard();
  try {
    for (let runIndex = 0; runIndex < runs; runIndex++) {
      const behaviour = randomBehaviour(runSeed(seed, runIndex), options);
      const outcome = await runOnce(run, behaviour, options, guard);
      if (outcome.failure === undefined) continue;
      const reason = outcome.failure.reason;
      const shrunk = await shrink(
        outcome,
        (found) => found.model.consumed,
        async (candidate) => {
          const probe = await runOnce(run, candidate, options, guard);
          return probe.failure?.reason === reason ? probe : undefined;
        },
        options.maxShrinks ?? 2000,
      );
      throw failureOf(shrunk.outcome, {
        seed,
        runIndex,
        runs,
        originalCalls: outcome.model.answered.length,
        shrinkRuns: shrunk.runs,
      });
    }
  } finally {
    guard.acknowledgeFailures();
    guard[Symbol.dispose]();
  }
  return { runs, seed };
}

function failureOf(
  outcome: Outcome,
  context: {
    seed: number;
    runIndex: number;
    runs: number;
    originalCalls: number;
    shrinkRuns: number;
  },
): ExplorationFailedError {
  const failure = outcome.failure as NonNullable<Outcome['failure']>;
  const steps = trajectoryOf(outcome);
  const calls = outcome.model.answered;
  return new ExplorationFailedError({
    reason: failure.reason,
    seed: context.seed,
    runIndex: context.runIndex,
    runs: context.runs,
    steps: outcome.model.steps,
    routes: outcome.model.routes,
    decisions: outcome.model.decisions,
    script: printExploreScript(calls, outcome.model.decisions),
    trajectory: steps,
    transcript: steps.length === 0 ? '(no steps)' : formatTrajectory(steps),
    originalCalls: context.originalCalls,
    shrinkRuns: context.shrinkRuns,
    cause: failure.cause,
  });
}
