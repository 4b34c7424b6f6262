// Ids stay out of what a trajectory compares: two real runs of one workflow
// whose scripts differ only in call ids, item ids and response ids give
// trajectories that match each other under every order mode, from every
// source (the result, its items, the model, a RunState), also after a JSON
// round trip; the short form's `callId` is still compared when written.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Agent, Runner, tool, Usage } from '@openai/agents';
import { z } from 'zod';
import {
  assertTrajectory,
  assistantMessage,
  functionCall,
  handoffCall,
  modelResponse,
  ScriptedModel,
  trajectory,
  TrajectoryMismatchError,
  type TrajectoryOrder,
  type TrajectoryStep,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { checkAsyncProperty } from './_property.ts';

const orders: TrajectoryOrder[] = ['strict', 'unordered', 'superset', 'subset', 'in_order'];

type Call = { tool: 'lookup'; args: { q: string } } | { tool: 'refund'; args: { amount: number } };

/** A workflow: Triage's turns, maybe a handoff to Billing and its turns, then an answer. */
interface Plan {
  triage: Call[][];
  handoff: boolean;
  billing: Call[][];
  answer: string;
}

const lookupCall = fc.record({
  tool: fc.constant('lookup' as const),
  args: fc.record({ q: fc.string({ maxLength: 6 }) }),
});
const refundCall = fc.record({
  tool: fc.constant('refund' as const),
  args: fc.record({ amount: fc.integer({ min: 0, max: 99 }) }),
});
const turns = (call: fc.Arbitrary<Call>) =>
  fc.array(fc.array(call, { minLength: 1, maxLength: 3 }), { maxLength: 3 });
const plan: fc.Arbitrary<Plan> = fc.record({
  triage: turns(fc.oneof(lookupCall, refundCall)),
  handoff: fc.boolean(),
  billing: turns(refundCall),
  answer: fc.string({ maxLength: 8 }),
});
/** Two different id prefixes, one per run. */
const prefixes = fc.tuple(
  fc.stringMatching(/^[a-z0-9]{1,6}$/),
  fc.stringMatching(/^[a-z0-9]{1,6}$/),
)
  .filter(([a, b]) => a !== b);

function agents(options: { refundNeedsApproval?: boolean } = {}) {
  const lookup = tool({
    name: 'lookup',
    description: 'Looks something up.',
    parameters: z.object({ q: z.string() }),
    execute: async ({ q }) => ({ found: q }),
  });
  const refund = tool({
    name: 'refund',
    description: 'Refunds an amount.',
    parameters: z.object({ amount: z.number() }),
    needsApproval: options.refundNeedsApproval === true,
    execute: async ({ amount }) => `refunded ${amount}`,
  });
  const billing = new Agent({ name: 'Billing', tools: [refund] });
  const triage = new Agent({ name: 'Triage', tools: [lookup, refund], handoffs: [billing] });
  return { triage, billing };
}

/** Runs `plan` with every id the script sets starting with `prefix`. */
async function runPlan(plan: Plan, prefix: string) {
  const { triage, billing } = agents();
  let next = 0;
  const id = (kind: string) => `${kind}_${prefix}_${next++}`;
  const respond = (output: ReturnType<typeof assistantMessage | typeof functionCall>[]) =>
    modelResponse({ output, usage: new Usage(), responseId: id('resp') });
  const callTurn = (calls: Call[]) =>
    respond(calls.map((call) => functionCall(call.tool, call.args, { callId: id('call') })));
  const script = [
    ...plan.triage.map(callTurn),
    ...(plan.handoff
      ? [
        respond([handoffCall(billing, { callId: id('call'), id: id('fc') })]),
        ...plan.billing.map(callTurn),
      ]
      : []),
    respond([assistantMessage(plan.answer, { id: id('msg') })]),
  ];
  const model = new ScriptedModel(script);
  triage.model = model;
  billing.model = model;
  const result = await new Runner({ tracingDisabled: true }).run(triage, 'Help me');
  model.assertComplete();
  return { result, model };
}

const roundTrip = (steps: TrajectoryStep[]): TrajectoryStep[] => JSON.parse(JSON.stringify(steps));

const callIds = (steps: readonly TrajectoryStep[]) =>
  steps.flatMap((step) => 'callId' in step && step.callId !== undefined ? [step.callId] : []);

describe('trajectories of runs that differ only in ids', () => {
  test('match each other under every order mode, from every source, also as JSON', async () => {
    await checkAsyncProperty(
      30,
      fc.asyncProperty(plan, prefixes, async (plan, [one, two]) => {
        const first = await runPlan(plan, one);
        const second = await runPlan(plan, two);
        const sources = (run: typeof first) => [run.result, run.result.newItems, run.model];
        const calls = plan.triage.length + (plan.handoff ? 1 + plan.billing.length : 0);
        if (calls > 0) {
          // The runs really differ: every call id names its run.
          assert.notDeepEqual(
            callIds(trajectory(first.result)),
            callIds(trajectory(second.result)),
          );
        }
        // Each source against the same source of the other run (a model's steps do not know
        // the agent before a handoff, so sources are not compared with each other).
        const secondSources = sources(second);
        for (const [index, expectedSource] of sources(first).entries()) {
          const expected = trajectory(expectedSource);
          const actual = secondSources[index];
          for (const order of orders) {
            assertTrajectory(actual, expected, { order });
            assertTrajectory(actual, roundTrip(expected), { order });
            assertTrajectory(actual, expected, {
              order,
              kinds: ['tool_call', 'handoff', 'message'],
            });
          }
        }
      }),
    );
  });

  test('a changed argument still fails, so only the ids are left out', async () => {
    const plan: Plan = {
      triage: [[{ tool: 'lookup', args: { q: 'a' } }]],
      handoff: true,
      billing: [[{ tool: 'refund', args: { amount: 5 } }]],
      answer: 'Done.',
    };
    const first = await runPlan(plan, 'one');
    const other = await runPlan(
      { ...plan, billing: [[{ tool: 'refund', args: { amount: 6 } }]] },
      'two',
    );
    for (const order of ['strict', 'unordered', 'superset', 'subset'] as const) {
      assert.throws(() => assertTrajectory(other.result, trajectory(first.result), { order }), {
        name: 'TrajectoryMismatchError',
      });
    }
    assert.throws(() => assertTrajectory(other.result, trajectory(first.result)), (error) => {
      assert.ok(error instanceof TrajectoryMismatchError);
      assert.match(error.message, /differs at args\.amount: expected 5, actual 6\./);
      return true;
    });
  });

  test('the ids a run had are in its steps, and the short form compares a callId it names', async () => {
    const plan: Plan = {
      triage: [[{ tool: 'lookup', args: { q: 'a' } }]],
      handoff: false,
      billing: [],
      answer: 'Done.',
    };
    const first = await runPlan(plan, 'one');
    const second = await runPlan(plan, 'two');
    assert.deepEqual(trajectory(first.result).filter((step) => step.kind === 'tool_call'), [
      {
        kind: 'tool_call',
        agent: 'Triage',
        tool: 'lookup',
        args: { q: 'a' },
        output: { found: 'a' },
        callId: 'call_one_0',
      },
    ]);
    assertTrajectory(second.result, [
      { tool: 'lookup', callId: 'call_two_0' },
      { message: 'Done.' },
    ]);
    assert.throws(
      () =>
        assertTrajectory(second.result, [
          { tool: 'lookup', callId: 'call_one_0' },
          { message: 'Done.' },
        ]),
      (error) => {
        assert.ok(error instanceof TrajectoryMismatchError);
        assert.match(
          error.message,
          /differs at callId: expected "call_one_0", actual "call_two_0"\./,
        );
        return true;
      },
    );
  });

  test('an interrupted run and its resumed run: the approval steps match across ids', async () => {
    const run = async (prefix: string) => {
      const { triage } = agents({ refundNeedsApproval: true });
      const model = new ScriptedModel([
        [functionCall('refund', { amount: 5 }, { callId: `call_${prefix}`, id: `fc_${prefix}` })],
        [assistantMessage('Refunded.', { id: `msg_${prefix}` })],
      ]);
      triage.model = model;
      const runner = new Runner({ tracingDisabled: true });
      const paused = await runner.run(triage, 'Refund 5');
      const waiting = trajectory(paused.state);
      for (const interruption of paused.interruptions) paused.state.approve(interruption);
      const resumed = await runner.run(triage, paused.state);
      model.assertComplete();
      return { waiting, resumed };
    };
    const first = await run('one');
    const second = await run('two');
    assert.deepEqual(first.waiting.at(-1), {
      kind: 'approval',
      agent: 'Triage',
      tool: 'refund',
      args: { amount: 5 },
      callId: 'call_one',
    });
    for (const order of orders) {
      assertTrajectory(second.waiting, first.waiting, { order });
      assertTrajectory(second.resumed, trajectory(first.resumed), { order });
      assertTrajectory(second.resumed.state, trajectory(first.resumed.state), {
        order,
        kinds: ['approval', 'tool_call', 'final_message'],
      });
    }
  });
});
