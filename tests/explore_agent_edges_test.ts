import assert from 'node:assert/strict';
import { Agent, type Model, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import { ExplorationFailedError, exploreAgent, type TrajectoryStep } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

/** An agent whose first tool call ends the run: its output exists only in the run result. */
function stoppingAgent(model: Model) {
  const lookup = tool({
    name: 'lookup',
    description: 'Looks an order up.',
    parameters: z.object({ orderId: z.string() }),
    execute: () => 'order found',
  });
  return new Agent({
    name: 'Desk',
    model,
    tools: [lookup],
    toolUseBehavior: 'stop_on_first_tool',
  });
}

const runner = new Runner({ tracingDisabled: true });

/** The tool outputs a trajectory shows. */
const outputsOf = (steps: readonly TrajectoryStep[]) =>
  steps.flatMap((step) => step.kind === 'tool_call' && 'output' in step ? [step.output] : []);

describe('exploreAgent at the edges of what a run returns', () => {
  test('a run that returns null or nothing passes, with the check given the model trajectory', async () => {
    const seen: TrajectoryStep[][] = [];
    for (const value of [null, undefined, 42, ['not', 'a', 'result']]) {
      const passed = await exploreAgent(async (model) => {
        await runner.run(new Agent({ name: 'A', model }), 'Hi');
        return value;
      }, {
        runs: 2,
        seed: 3,
        weights: { answer: 1, tools: 0, handoff: 0, error: 0 },
        check: (_result, steps) => {
          seen.push([...steps]);
          return true;
        },
      });
      assert.deepEqual(passed, { runs: 2, seed: 3 });
    }
    assert.equal(seen.length, 8);
    for (const steps of seen) assert.equal(steps.at(-1)?.kind, 'message');
  });

  test('the check sees the trajectory of the returned run result, itself or as a property', async () => {
    const options = {
      runs: 3,
      seed: 2,
      maxCalls: 1,
      weights: { answer: 0, tools: 1, handoff: 0, error: 0 },
    } as const;
    const direct: unknown[][] = [];
    await exploreAgent(
      (model) => runner.run(stoppingAgent(model), 'Find A-1'),
      { ...options, check: (_result, steps) => direct.push(outputsOf(steps)) > 0 },
    );
    const wrapped: unknown[][] = [];
    await exploreAgent(
      async (model) => ({ ledger: [], result: await runner.run(stoppingAgent(model), 'Find A-1') }),
      { ...options, check: (_result, steps) => wrapped.push(outputsOf(steps)) > 0 },
    );
    // Only the run result holds the output of the call that stopped the run: the model's
    // calls never saw it.
    assert.equal(direct.length, 3);
    for (const outputs of [...direct, ...wrapped]) assert.ok(outputs.includes('order found'));
    assert.deepEqual(wrapped, direct);
  });

  test('helpers.decide gives the behaviour decision, approve or reject', async () => {
    const decisions: unknown[] = [];
    await exploreAgent(async (_model, helpers) => {
      decisions.push(helpers.decide(undefined as never), helpers.decide(undefined as never));
    }, { runs: 20, seed: 5 });
    assert.equal(decisions.length, 40);
    assert.ok(decisions.includes('approve'));
    assert.ok(decisions.includes('reject'));
    assert.deepEqual(decisions.filter((d) => d !== 'approve' && d !== 'reject'), []);
  });

  test('a streamed result returned unfinished is awaited before its approvals are read', async () => {
    const error = await exploreAgent(async (model) => {
      const refund = tool({
        name: 'refund',
        description: 'Refunds an order.',
        parameters: z.object({ orderId: z.string() }),
        needsApproval: true,
        execute: () => 'refunded',
      });
      const agent = new Agent({ name: 'Desk', model, tools: [refund] });
      // Returned without awaiting `completed`: its interruptions exist only once it has.
      return await runner.run(agent, 'Refund A-1', { stream: true });
    }, { seed: 1, weights: { answer: 0, tools: 1, handoff: 0, error: 0 } }).catch((e) => e);
    assert.ok(error instanceof ExplorationFailedError);
    assert.equal(error.reason, 'unfinished_run');
  });

  test('a run that throws stays an uncaught exception when the check would also fail', async () => {
    const broken = new Error('app broke');
    let checked = 0;
    const error = await exploreAgent(() => Promise.reject(broken), {
      runs: 3,
      seed: 1,
      check: () => {
        checked++;
        return false;
      },
    }).catch((e) => e);
    assert.ok(error instanceof ExplorationFailedError);
    assert.equal(error.reason, 'uncaught_exception');
    assert.equal(error.cause, broken);
    assert.equal(checked, 0);
    // It failed before the model was asked anything.
    assert.deepEqual(error.steps, []);
    assert.ok(error.message.includes('The run:\n  (no steps)\n\n'), error.message);
  });

  test('it runs the app exactly `runs` times when nothing breaks', async () => {
    for (const runs of [1, 4]) {
      let calls = 0;
      const passed = await exploreAgent(() => {
        calls++;
        return Promise.resolve();
      }, { runs, seed: 9 });
      assert.deepEqual(passed, { runs, seed: 9 });
      assert.equal(calls, runs);
    }
  });
});
