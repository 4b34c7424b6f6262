// The edges of trajectory matching (testing/trajectory/_trajectory_match.ts) that a plain
// value never reaches: a matcher that accepts `undefined` past the end of an
// array, an expected `undefined` against a value that is there, an expected
// field left undefined, the fields after the arguments, and a per-tool rule
// for a step that has no tool.
import assert from 'node:assert/strict';
import {
  stepDifference,
  valueDifference,
  VOLATILE_FIELDS,
  withoutVolatile,
} from '../testing/trajectory/_trajectory_match.ts';
import type { TrajectoryStep } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

/** A matcher that accepts anything, `undefined` included (as `expect.not.stringContaining()` does). */
const anyValue = { asymmetricMatch: () => true };
/** A matcher that accepts only `undefined`. */
const nothing = { asymmetricMatch: (value: unknown) => value === undefined };

const exact = { args: 'exact' as const, toolArgs: {} };

describe('arrays end where they end, whatever the matcher accepts', () => {
  test('exact: an expected element past the actual end is missing, even for a matcher', () => {
    assert.deepEqual(valueDifference([1], [1, anyValue], 'a'), {
      path: 'a[1]',
      expected: anyValue,
      actual: undefined,
    });
    assert.deepEqual(valueDifference([], [nothing], 'a'), {
      path: 'a[0]',
      expected: nothing,
      actual: undefined,
    });
  });

  test('contains: the search stops at the last element; nothing left is missing', () => {
    assert.deepEqual(valueDifference([], [anyValue], 'a', 'contains'), {
      path: 'a[0]',
      expected: anyValue,
      actual: undefined,
    });
    assert.deepEqual(valueDifference([1], [nothing], 'a', 'contains'), {
      path: 'a[0]',
      expected: nothing,
      actual: 1,
    });
    assert.deepEqual(valueDifference([1], [1, anyValue], 'a', 'contains'), {
      path: 'a[1]',
      expected: anyValue,
      actual: undefined,
    });
  });
});

describe('undefined in expected objects and steps', () => {
  test('an expected undefined key matches an absent key, not a present value', () => {
    assert.equal(valueDifference({}, { a: undefined }, 'v'), undefined);
    assert.deepEqual(valueDifference({ a: 1 }, { a: undefined }, 'v'), {
      path: 'v.a',
      expected: undefined,
      actual: 1,
    });
    assert.deepEqual(valueDifference({ a: 1 }, { a: undefined }, 'v', 'contains'), {
      path: 'v.a',
      expected: undefined,
      actual: 1,
    });
  });

  test('a step field written as undefined is not compared', () => {
    const step = { kind: 'tool_call', tool: 't', args: {}, output: 'ok' } as TrajectoryStep;
    assert.equal(
      stepDifference(step, { kind: 'tool_call', tool: 't', output: undefined }, exact),
      undefined,
    );
    assert.equal(
      stepDifference(step, { kind: 'tool_call', tool: 't', args: undefined }, exact),
      undefined,
    );
  });

  test('fields after matching arguments are still compared', () => {
    const step = { kind: 'tool_call', tool: 't', args: { a: 1 }, output: 'ok' } as TrajectoryStep;
    assert.deepEqual(
      stepDifference(step, { kind: 'tool_call', tool: 't', args: { a: 1 }, output: 'no' }, exact),
      { path: 'output', expected: 'no', actual: 'ok' },
    );
    assert.deepEqual(
      stepDifference(step, { kind: 'tool_call', args: { a: 1 }, callId: 'c' }, exact),
      { path: 'callId', expected: 'c', actual: undefined },
    );
  });

  test('a per-tool rule applies only to a step with that tool name', () => {
    // A handoff has no tool: a rule keyed "undefined" is not its rule.
    const handoff = { kind: 'handoff', to: 'B' } as TrajectoryStep;
    const rules = { args: 'exact' as const, toolArgs: { undefined: 'ignore' as const } };
    assert.deepEqual(stepDifference(handoff, { kind: 'handoff', args: { a: 1 } }, rules), {
      path: 'args',
      expected: { a: 1 },
      actual: undefined,
    });
  });
});

describe('volatile fields', () => {
  test('only the call id is volatile; withoutVolatile() drops it and keeps the rest, in order', () => {
    assert.deepEqual(VOLATILE_FIELDS, ['callId']);
    const step = { kind: 'approval', agent: 'A', tool: 't', callId: 'c1', decision: 'approved' };
    const kept = withoutVolatile(step);
    assert.deepEqual(kept, { kind: 'approval', agent: 'A', tool: 't', decision: 'approved' });
    assert.deepEqual(Object.keys(kept), ['kind', 'agent', 'tool', 'decision']);
    // A copy: the step the test wrote keeps its id.
    assert.equal(step.callId, 'c1');
    assert.notEqual(withoutVolatile({ kind: 'message' }), withoutVolatile({ kind: 'message' }));
  });
});
