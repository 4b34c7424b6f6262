/**
 * The matchers, for any runner whose `expect` takes `expect.extend()` (Vitest,
 * Jest, `bun:test`, the npm `expect` under Deno), and the snapshot serializer
 * that prints run results and model doubles as their compact transcript.
 * `scripted-agents/vitest` and `scripted-agents/jest` register both.
 *
 * @module
 */

import { describeThrown } from '../_internal/format.ts';
import { settleDouble } from '../_internal/live_doubles.ts';
import { assertCompleteNow } from '../_internal/one_report.ts';
import { currentTestRun } from './current_test_run.ts';
import { assertTrajectory } from '../testing/trajectory/assert_trajectory.ts';
import { AutoModel } from '../testing/auto_model/auto_model.ts';
import { ScriptedModel } from '../testing/model/scripted_model.ts';
import { ScriptedModelProvider } from '../testing/provider/scripted_model_provider.ts';
import { formatTrajectory, trajectory } from '../testing/trajectory/trajectory.ts';
import type {
  AssertTrajectoryOptions,
  ExpectedTrajectoryStep,
  TrajectoryStep,
} from '../testing/trajectory/trajectory_types.ts';

/**
 * The matchers' signatures, for a runner's type augmentation:
 * `interface Matchers<R> extends ScriptedAgentsMatchers<R> {}`.
 */
export interface ScriptedAgentsMatchers<R = unknown> {
  /**
   * The agent called tool `name` (and, given `args`, with arguments equal to
   * them; asymmetric matchers such as `expect.objectContaining` work).
   * Reads a run result, a model double or anything `trajectory()` reads.
   */
  toHaveCalledTool(name: string, args?: unknown): R;
  /** The agent handed off to the agent named `agentName`. */
  toHaveHandedOffTo(agentName: string): R;
  /** What the agent did matches `expected`, as `assertTrajectory()` compares them. */
  toMatchTrajectory(
    expected: readonly ExpectedTrajectoryStep[],
    options?: AssertTrajectoryOptions,
  ): R;
  /**
   * The double has nothing left over and raised no unreported failure: its
   * `assertNoUnexpectedCalls()` and `assertComplete()` pass. Synchronous for
   * every double of this package (a `ScriptedModelProvider` too, when the
   * models it routes are); only a double whose check is asynchronous (a
   * routed model with nothing but `Symbol.asyncDispose`) makes it return a
   * promise: `await` it, and under a runner entry a failure of one that was
   * not awaited fails the test when it ends (`UnawaitedMatcherError`).
   */
  toBeComplete(): R;
}

/** What a runner passes a matcher as `this` (only what these matchers use). */
export interface MatcherContext {
  /** `true` under `.not`. */
  readonly isNot?: boolean;
  /** The runner's own equality, which understands asymmetric matchers. */
  equals?(a: unknown, b: unknown): boolean;
}

/** What a matcher returns. */
export interface MatcherResult {
  /** Whether the expectation holds (before `.not`). */
  pass: boolean;
  /** The failure message. */
  message(): string;
}

/** One matcher as `expect.extend()` takes it: `this` is the runner's matcher context. */
export type ScriptedAgentsMatcher<A extends unknown[]> = (
  this: MatcherContext,
  received: unknown,
  ...args: A
) => MatcherResult | Promise<MatcherResult>;

/** The matchers as `expect.extend()` takes them. */
export interface ScriptedAgentsMatcherFunctions {
  /** Any matcher, as `expect.extend()` sees them. */
  // deno-lint-ignore no-explicit-any
  readonly [name: string]: ScriptedAgentsMatcher<any[]>;
  /** See {@linkcode ScriptedAgentsMatchers.toHaveCalledTool}. */
  toHaveCalledTool: ScriptedAgentsMatcher<[name: string, args?: unknown]>;
  /** See {@linkcode ScriptedAgentsMatchers.toHaveHandedOffTo}. */
  toHaveHandedOffTo: ScriptedAgentsMatcher<[agentName: string]>;
  /** See {@linkcode ScriptedAgentsMatchers.toMatchTrajectory}. */
  toMatchTrajectory: ScriptedAgentsMatcher<
    [expected: readonly ExpectedTrajectoryStep[], options?: AssertTrajectoryOptions]
  >;
  /** See {@linkcode ScriptedAgentsMatchers.toBeComplete}. */
  toBeComplete: ScriptedAgentsMatcher<[]>;
}

/**
 * `expect.extend(matchers)`: `toHaveCalledTool`, `toHaveHandedOffTo`,
 * `toMatchTrajectory`, `toBeComplete`. Their failure messages show the
 * transcript of what the agent did.
 *
 * @example With the npm `expect` (as under Deno)
 * ```ts
 * import assert from 'node:assert/strict';
 * import { expect } from 'expect';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import { assistantMessage, functionCall, ScriptedModel } from 'scripted-agents/testing';
 * import { matchers } from 'scripted-agents/runner';
 *
 * expect.extend(matchers);
 * const weather = tool({
 *   name: 'get_weather',
 *   description: 'Weather of a city',
 *   parameters: z.object({ city: z.string() }),
 *   execute: ({ city }) => `Sunny in ${city}`,
 * });
 * const model = new ScriptedModel([
 *   [functionCall('get_weather', { city: 'Paris' }, { callId: 'call_1' })],
 *   [assistantMessage('Sunny.')],
 * ]);
 * const result = await new Runner({ tracingDisabled: true })
 *   .run(new Agent({ name: 'A', model, tools: [weather] }), 'Weather?');
 * // deno-lint-ignore no-explicit-any
 * const check = expect(result) as any;
 * check.toHaveCalledTool('get_weather', { city: 'Paris' });
 * check.not.toHaveHandedOffTo('Billing');
 * // deno-lint-ignore no-explicit-any
 * (expect(model) as any).toBeComplete();
 * assert.throws(() => check.toHaveCalledTool('book_flight'), /get_weather/);
 * ```
 */
export const matchers: ScriptedAgentsMatcherFunctions = {
  toHaveCalledTool(received, name, ...rest) {
    const steps = trajectory(received as object);
    const calls = steps.filter(isToolStep).filter((step) => step.tool === name);
    const withArgs = rest.length === 0
      ? calls
      : calls.filter((step) => equal(this, step.args, rest[0]));
    const what = rest.length === 0
      ? `tool "${name}"`
      : `tool "${name}" with arguments ${show(rest[0])}`;
    return {
      pass: withArgs.length > 0,
      message: () =>
        this.isNot
          ? `Expected the agent not to call ${what}, and it did. What the agent did:\n${
            transcript(steps)
          }`
          : `Expected the agent to call ${what}, and it did not${
            calls.length > 0 && rest.length > 0
              ? ` (it called "${name}" with ${calls.map((step) => show(step.args)).join(', ')})`
              : ''
          }. What the agent did:\n${transcript(steps)}`,
    };
  },

  toHaveHandedOffTo(received, agentName) {
    const steps = trajectory(received as object);
    const pass = steps.some((step) => step.kind === 'handoff' && step.to === agentName);
    return {
      pass,
      message: () =>
        `Expected the agent ${this.isNot ? 'not ' : ''}to hand off to "${agentName}", and it ${
          this.isNot ? 'did' : 'did not'
        }. What the agent did:\n${transcript(steps)}`,
    };
  },

  toMatchTrajectory(received, expected, options) {
    try {
      assertTrajectory(received as object, expected, options);
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'TrajectoryMismatchError') throw error;
      return { pass: false, message: () => error.message };
    }
    return {
      pass: true,
      message: () =>
        `Expected the trajectory not to match, and it did. What the agent did:\n${
          transcript(trajectory(received as object))
        }`,
    };
  },

  toBeComplete(received) {
    const double = received as {
      assertNoUnexpectedCalls?: () => void;
      assertComplete?: () => void | Promise<void>;
      [assertCompleteNow]?: () => void | Promise<void>;
    } | null;
    if (typeof double?.assertComplete !== 'function') {
      throw new TypeError(
        'toBeComplete() expects a double of scripted-agents (a ScriptedModel, a sandbox ' +
          'session, a cassette...), which has assertComplete(); this value has none.',
      );
    }
    const result = (failure: unknown): MatcherResult => {
      // The test fails with this finding: the runner entry's teardown does not report it again.
      if (failure !== undefined && this.isNot !== true) settleDouble(received);
      return {
        pass: failure === undefined,
        message: () =>
          failure === undefined
            ? 'Expected the double to have something left over, and it is complete.'
            : `Expected the double to be complete: ${describeThrown(failure)}${
              transcriptOf(received)
            }`,
      };
    };
    try {
      double.assertNoUnexpectedCalls?.();
      // A check the double can make at once is made at once: no promise to forget to await.
      const pending = typeof double[assertCompleteNow] === 'function'
        ? double[assertCompleteNow]()
        : double.assertComplete();
      if (isThenable(pending)) {
        const checked = Promise.resolve(pending).then(() => result(undefined), result);
        // An un-awaited check that fails still fails the test, when it ends.
        currentTestRun()?.notePendingCheck(
          'toBeComplete',
          checked.then((outcome) =>
            outcome.pass === (this.isNot === true) ? outcome.message() : undefined
          ),
        );
        return checked;
      }
    } catch (error) {
      return result(error);
    }
    return result(undefined);
  },
};

/**
 * A snapshot serializer (`expect.addSnapshotSerializer(serializer)`, or
 * Vitest's and Jest's `snapshotSerializers`) that prints a run result, a
 * `ScriptedModel`, an `AutoModel` or a `ScriptedModelProvider` as its
 * transcript (what the agent did, one step a line) instead of SDK internals.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
 * import { serializer } from 'scripted-agents/runner';
 *
 * const model = new ScriptedModel([[assistantMessage('Paris.')]]);
 * assert.equal(serializer.test(model), true);
 * assert.equal(serializer.test({ finalOutput: 'x' }), false);
 * assert.equal(serializer.serialize(model, { indent: '  ' }, ''), 'Trajectory []');
 * model.acknowledgeFailures();
 * ```
 */
export const serializer: {
  /** Whether `value` is printed by this serializer. */
  test(value: unknown): boolean;
  /** The transcript, each step on its own line, indented as the runner asks. */
  serialize(value: unknown, config: { indent?: string }, indentation: string): string;
} = {
  test(value) {
    if (typeof value !== 'object' || value === null) return false;
    return value instanceof ScriptedModel || value instanceof AutoModel ||
      value instanceof ScriptedModelProvider || ('newItems' in value && 'state' in value);
  },
  serialize(value, config, indentation) {
    const text = formatTrajectory(value as object);
    if (text === '') return 'Trajectory []';
    const inner = `${indentation}${config.indent ?? '  '}`;
    return `Trajectory [\n${
      text.split('\n').map((line) => `${inner}${line}`).join('\n')
    }\n${indentation}]`;
  },
};

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

function isToolStep(
  step: TrajectoryStep,
): step is TrajectoryStep & { tool: string; args?: unknown } {
  return step.kind === 'tool_call' || step.kind === 'mcp_call' || step.kind === 'hosted_tool_call';
}

function equal(context: MatcherContext, actual: unknown, expected: unknown): boolean {
  if (typeof context.equals === 'function') return context.equals(actual, expected);
  return JSON.stringify(actual) === JSON.stringify(expected);
}

function transcript(steps: readonly TrajectoryStep[]): string {
  if (steps.length === 0) return '  (nothing)';
  return formatTrajectory(steps).split('\n').map((line) => `  ${line}`).join('\n');
}

function transcriptOf(source: unknown): string {
  try {
    const steps = trajectory(source as object);
    return steps.length === 0 ? '' : `\nWhat the agent did:\n${transcript(steps)}`;
  } catch {
    return '';
  }
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
