// Properties of assertTrajectory() over arbitrary trajectories: a trajectory
// always matches itself under every order and argument mode; removing one
// step fails 'strict', 'unordered' and 'superset' and passes 'subset'; a
// shuffle passes 'unordered' and fails 'strict' whenever it changed the order.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  assertTrajectory,
  type TrajectoryJson,
  type TrajectoryKindFilter,
  TrajectoryMismatchError,
  type TrajectoryOrder,
  type TrajectoryStep,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { trajectoryMismatchKeys } from './_trajectory_fixtures.ts';
import { checkProperty } from './_property.ts';

const orders: TrajectoryOrder[] = ['strict', 'unordered', 'superset', 'subset', 'in_order'];
const everyKind: TrajectoryKindFilter[] = [
  'input',
  'tool_call',
  'handoff',
  'message',
  'hosted_tool_call',
  'mcp_call',
  'approval',
  'reasoning',
  'guardrail',
  'final_output',
];

const name = fc.constantFrom('Triage', 'Billing', 'Support');
const json = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<TrajectoryJson>;

const step: fc.Arbitrary<TrajectoryStep> = fc.oneof(
  fc.record({
    kind: fc.constant('tool_call' as const),
    agent: name,
    tool: fc.constantFrom('lookup', 'refund', 'search'),
    args: json,
    output: json,
  }, { requiredKeys: ['kind', 'tool', 'args'] }),
  fc.record({ kind: fc.constant('handoff' as const), agent: name, to: name }),
  fc.record({
    kind: fc.constant('message' as const),
    agent: name,
    text: fc.string({ maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant('reasoning' as const), text: fc.string({ maxLength: 8 }) }),
  fc.record({
    kind: fc.constant('guardrail' as const),
    guardrail: fc.constantFrom('pii', 'tone'),
    stage: fc.constantFrom('input' as const, 'output' as const),
  }),
  fc.record({
    kind: fc.constant('mcp_call' as const),
    server: name,
    tool: fc.constant('q'),
    args: json,
  }),
);

const trajectories = fc.array(step, { maxLength: 8 });

const fails = (run: () => void) => {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof TrajectoryMismatchError, String(error));
    return true;
  }
  return false;
};

describe('assertTrajectory() properties', () => {
  test('a trajectory matches itself under every order and argument mode', () => {
    checkProperty(
      100,
      fc.property(
        trajectories,
        fc.constantFrom(...orders),
        fc.constantFrom('exact', 'contains', 'ignore' as const),
        (steps, order, args) => {
          assertTrajectory(steps, steps, { order, args, kinds: everyKind });
        },
      ),
    );
  });

  test('one step removed: strict, unordered and superset fail; subset passes', () => {
    checkProperty(
      100,
      fc.property(
        trajectories.filter((steps) => steps.length > 0),
        fc.nat(),
        (steps, at) => {
          const index = at % steps.length;
          const fewer = steps.filter((_, i) => i !== index);
          for (const order of ['strict', 'unordered', 'superset'] as const) {
            assert.ok(
              fails(() => assertTrajectory(fewer, steps, { order, kinds: everyKind })),
              order,
            );
          }
          assertTrajectory(fewer, steps, { order: 'subset', kinds: everyKind });
        },
      ),
    );
  });

  test('a shuffle passes unordered, and fails strict when the order changed', () => {
    checkProperty(
      100,
      fc.property(
        trajectories.chain((steps) =>
          fc.tuple(
            fc.constant(steps),
            fc.array(fc.double({ noNaN: true }), {
              minLength: steps.length,
              maxLength: steps.length,
            }),
          )
        ),
        ([steps, keys]) => {
          const shuffled = steps.map((s, i) => ({ s, k: keys[i] })).sort((a, b) => a.k - b.k)
            .map(({ s }) => s);
          assertTrajectory(shuffled, steps, { order: 'unordered', kinds: everyKind });
          const changed = !shuffled.every((s, i) => JSON.stringify(s) === JSON.stringify(steps[i]));
          assert.equal(
            fails(() => assertTrajectory(shuffled, steps, { kinds: everyKind })),
            changed,
          );
        },
      ),
    );
  });

  test('every error field is an own property, whatever the mismatch', () => {
    checkProperty(
      100,
      fc.property(
        trajectories,
        trajectories,
        fc.constantFrom(...orders),
        (actual, expected, order) => {
          try {
            assertTrajectory(actual, expected, { order, kinds: everyKind });
          } catch (error) {
            assert.ok(error instanceof TrajectoryMismatchError);
            assert.deepEqual(Object.keys(error), trajectoryMismatchKeys);
            assert.equal(error.order, order);
            assert.ok(error.missing.length + error.unexpected.length > 0);
          }
        },
      ),
    );
  });
});
