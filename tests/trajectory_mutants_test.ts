// The matching core of assertTrajectory(), pinned exactly (testing/trajectory/_trajectory_match.ts):
// the path and both sides of each first difference, the order in which a
// step's fields are compared, the argument rules, and the alignment each order
// mode gives, including which of two equally long alignments is chosen.
import assert from 'node:assert/strict';
import {
  align,
  kindSelected,
  stepDifference,
  valueDifference,
} from '../testing/trajectory/_trajectory_match.ts';
import type { TrajectoryStep } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const exact = { args: 'exact' as const, toolArgs: {} };

describe('valueDifference', () => {
  test('matchers and RegExps; a global RegExp matches every time', () => {
    const even = { asymmetricMatch: (value: unknown) => value === 2 };
    assert.equal(valueDifference(2, even, 'v'), undefined);
    assert.deepEqual(valueDifference(3, even, 'v'), { path: 'v', expected: even, actual: 3 });
    const global = /a/g;
    assert.equal(valueDifference('a', global, 'v'), undefined);
    assert.equal(valueDifference('a', global, 'v'), undefined);
    assert.deepEqual(valueDifference(1, /1/, 'v'), { path: 'v', expected: /1/, actual: 1 });
    assert.deepEqual(valueDifference('b', /a/, 'v'), { path: 'v', expected: /a/, actual: 'b' });
  });

  test('exact arrays: each index, and the first index only one side has', () => {
    assert.equal(valueDifference([1, 2], [1, 2], 'a'), undefined);
    assert.deepEqual(valueDifference([1, 2], [1], 'a'), {
      path: 'a[1]',
      expected: undefined,
      actual: 2,
    });
    assert.deepEqual(valueDifference([1], [1, 3], 'a'), {
      path: 'a[1]',
      expected: 3,
      actual: undefined,
    });
    assert.deepEqual(valueDifference([{ x: 1 }], [{ x: 2 }], 'a'), {
      path: 'a[0].x',
      expected: 2,
      actual: 1,
    });
    assert.deepEqual(valueDifference({ 0: 1 }, [1], 'a'), {
      path: 'a',
      expected: [1],
      actual: { 0: 1 },
    });
    assert.deepEqual(valueDifference([], [], 'a'), undefined);
  });

  test('contains arrays: the expected elements in order, others between', () => {
    assert.equal(valueDifference([1, 2, 3], [1, 3], 'a', 'contains'), undefined);
    assert.equal(valueDifference([3, 1, 3], [1, 3], 'a', 'contains'), undefined);
    assert.equal(valueDifference([1, 2], [], 'a', 'contains'), undefined);
    assert.deepEqual(valueDifference([3, 1], [1, 3], 'a', 'contains'), {
      path: 'a[2]',
      expected: 3,
      actual: undefined,
    });
    // Nothing left to search: the path is past the end.
    assert.deepEqual(valueDifference([1], [1, 1], 'a', 'contains'), {
      path: 'a[1]',
      expected: 1,
      actual: undefined,
    });
    // Where the search stopped, compared in depth.
    assert.deepEqual(valueDifference([{ x: 1, y: 2 }], [{ x: 2 }], 'a', 'contains'), {
      path: 'a[0].x',
      expected: 2,
      actual: 1,
    });
    assert.deepEqual(valueDifference([{ x: 1, y: 2 }], [{ x: 1 }], 'a', 'contains'), undefined);
    assert.deepEqual(valueDifference('x', ['x'], 'a', 'contains'), {
      path: 'a',
      expected: ['x'],
      actual: 'x',
    });
  });

  test('objects: missing and extra keys, undefined values, odd key names', () => {
    assert.equal(valueDifference({ a: 1 }, { a: 1, b: undefined }, 'o'), undefined);
    assert.equal(valueDifference({ a: 1, b: undefined }, { a: 1 }, 'o'), undefined);
    assert.deepEqual(valueDifference({ a: 1, b: 2 }, { a: 1 }, 'o'), {
      path: 'o.b',
      expected: undefined,
      actual: 2,
    });
    assert.equal(valueDifference({ a: 1, b: 2 }, { a: 1 }, 'o', 'contains'), undefined);
    assert.deepEqual(valueDifference({ 'a-b': 1 }, { 'a-b': 2 }, 'o'), {
      path: 'o["a-b"]',
      expected: 2,
      actual: 1,
    });
    assert.deepEqual(valueDifference({ $x_1: 1 }, { $x_1: 2 }, 'o'), {
      path: 'o.$x_1',
      expected: 2,
      actual: 1,
    });
    assert.deepEqual(valueDifference({ a: { b: 1 } }, { a: { b: 1, c: 2 } }, 'o', 'contains'), {
      path: 'o.a.c',
      expected: 2,
      actual: undefined,
    });
    assert.deepEqual(valueDifference([1], { 0: 1 }, 'o'), {
      path: 'o',
      expected: { 0: 1 },
      actual: [1],
    });
    assert.deepEqual(valueDifference(null, { a: 1 }, 'o'), {
      path: 'o',
      expected: { a: 1 },
      actual: null,
    });
  });

  test('primitives compare with Object.is', () => {
    assert.equal(valueDifference(Number.NaN, Number.NaN, 'p'), undefined);
    assert.deepEqual(valueDifference(0, -0, 'p'), { path: 'p', expected: -0, actual: 0 });
    assert.deepEqual(valueDifference('1', 1, 'p'), { path: 'p', expected: 1, actual: '1' });
    assert.deepEqual(valueDifference(null, undefined, 'p'), {
      path: 'p',
      expected: undefined,
      actual: null,
    });
  });
});

describe('stepDifference', () => {
  const call: TrajectoryStep = {
    kind: 'tool_call',
    agent: 'A',
    tool: 'lookup',
    args: { id: 1 },
    output: 'ok',
  };

  test('kind first, then the name, the target and the agent, then the rest in order', () => {
    assert.deepEqual(stepDifference(call, { kind: 'handoff', to: 'B' }, exact), {
      path: 'kind',
      expected: 'handoff',
      actual: 'tool_call',
    });
    assert.deepEqual(
      stepDifference(call, {
        kind: 'tool_call',
        output: 'no',
        args: { id: 2 },
        agent: 'Z',
        tool: 'x',
      }, exact),
      { path: 'tool', expected: 'x', actual: 'lookup' },
    );
    assert.deepEqual(
      stepDifference(call, { kind: 'tool_call', output: 'no', args: { id: 2 }, agent: 'Z' }, exact),
      { path: 'agent', expected: 'Z', actual: 'A' },
    );
    assert.deepEqual(
      stepDifference(call, { kind: 'tool_call', output: 'no', args: { id: 2 } }, exact),
      {
        path: 'output',
        expected: 'no',
        actual: 'ok',
      },
    );
    const handoff: TrajectoryStep = { kind: 'handoff', agent: 'A', to: 'B' };
    assert.deepEqual(stepDifference(handoff, { kind: 'handoff', agent: 'Z', to: 'C' }, exact), {
      path: 'to',
      expected: 'C',
      actual: 'B',
    });
  });

  test('matching arguments do not end the comparison; later fields still count', () => {
    assert.deepEqual(
      stepDifference(call, { kind: 'tool_call', args: { id: 1 }, output: 'no' }, exact),
      {
        path: 'output',
        expected: 'no',
        actual: 'ok',
      },
    );
    const withId: TrajectoryStep = { ...call, callId: 'c1' };
    assert.equal(
      stepDifference(withId, { kind: 'tool_call', callId: undefined }, exact),
      undefined,
    );
  });

  test('fields the expected step leaves out, or leaves undefined, are not compared', () => {
    assert.equal(stepDifference(call, { kind: 'tool_call' }, exact), undefined);
    assert.equal(
      stepDifference(call, { kind: 'tool_call', callId: undefined, args: undefined }, exact),
      undefined,
    );
    assert.deepEqual(stepDifference(call, { kind: 'tool_call', callId: 'c1' }, exact), {
      path: 'callId',
      expected: 'c1',
      actual: undefined,
    });
  });

  test('argument rules: the default, a tool of its own, a predicate', () => {
    const expected = { kind: 'tool_call', tool: 'lookup', args: {} };
    assert.deepEqual(stepDifference(call, expected, exact), {
      path: 'args.id',
      expected: undefined,
      actual: 1,
    });
    assert.equal(stepDifference(call, expected, { args: 'contains', toolArgs: {} }), undefined);
    assert.equal(
      stepDifference(call, expected, { args: 'exact', toolArgs: { lookup: 'ignore' } }),
      undefined,
    );
    assert.equal(
      stepDifference(call, expected, { args: 'ignore', toolArgs: { lookup: 'exact' } })?.path,
      'args.id',
    );
    const seen: unknown[] = [];
    const predicate = (actual: unknown, pattern: unknown) => {
      seen.push(actual, pattern);
      return false;
    };
    assert.deepEqual(
      stepDifference(call, { kind: 'tool_call', args: 'any' }, {
        args: 'exact',
        toolArgs: { lookup: predicate },
      }),
      { path: 'args', expected: 'any', actual: { id: 1 } },
    );
    assert.deepEqual(seen, [{ id: 1 }, 'any']);
    assert.equal(
      stepDifference(call, { kind: 'tool_call', args: 'any' }, {
        args: 'exact',
        toolArgs: { lookup: () => true },
      }),
      undefined,
    );
    // Only a tool's own entry counts, not what every object inherits.
    const inherited: TrajectoryStep = { kind: 'tool_call', tool: 'toString', args: { a: 1 } };
    assert.equal(
      stepDifference(inherited, { kind: 'tool_call', args: {} }, { args: 'exact', toolArgs: {} })
        ?.path,
      'args.a',
    );
    // A step without a tool name takes the default rule.
    const hosted: TrajectoryStep = { kind: 'reasoning', text: 'x' };
    assert.equal(
      stepDifference(hosted, { kind: 'reasoning', args: { a: 1 } }, { args: 'exact', toolArgs: {} })
        ?.path,
      'args',
    );
  });
});

describe('align', () => {
  const same = (pairs: Array<[number, number]>) => (e: number, a: number) =>
    pairs.some(([pe, pa]) => pe === e && pa === a);

  test('each order mode counts missing and unexpected steps its own way', () => {
    // Expected 0 matches actual 1; expected 1 matches nothing; actual 0 and 2 are extra.
    const matches = same([[0, 1]]);
    assert.deepEqual(align('strict', 2, 3, matches), {
      ok: false,
      pairs: [[0, 1]],
      missing: [1],
      unexpected: [0, 2],
    });
    assert.deepEqual(align('unordered', 2, 3, matches), {
      ok: false,
      pairs: [[0, 1]],
      missing: [1],
      unexpected: [0, 2],
    });
    assert.deepEqual(align('in_order', 2, 3, matches), {
      ok: false,
      pairs: [[0, 1]],
      missing: [1],
      unexpected: [],
    });
    assert.deepEqual(align('superset', 2, 3, matches), {
      ok: false,
      pairs: [[0, 1]],
      missing: [1],
      unexpected: [],
    });
    assert.deepEqual(align('subset', 2, 3, matches), {
      ok: false,
      pairs: [[0, 1]],
      missing: [],
      unexpected: [0, 2],
    });
    assert.equal(align('superset', 1, 3, matches).ok, true);
    assert.equal(align('in_order', 1, 3, matches).ok, true);
    assert.equal(align('subset', 2, 1, same([[1, 0]])).ok, true);
    assert.equal(align('strict', 0, 0, matches).ok, true);
  });

  test('of two equally long in-order alignments, the later expected step is kept', () => {
    // Expected [A, B], actual [B, A].
    assert.deepEqual(align('strict', 2, 2, same([[0, 1], [1, 0]])), {
      ok: false,
      pairs: [[1, 0]],
      missing: [0],
      unexpected: [1],
    });
    assert.deepEqual(align('strict', 3, 3, same([[0, 0], [1, 1], [2, 2]])).pairs, [[0, 0], [1, 1], [
      2,
      2,
    ]]);
    // A repeated step pairs with the first of its equals.
    assert.deepEqual(align('in_order', 1, 2, same([[0, 0], [0, 1]])).pairs, [[0, 0]]);
    assert.deepEqual(align('in_order', 2, 3, same([[0, 0], [1, 2], [1, 1]])).pairs, [[0, 0], [
      1,
      1,
    ]]);
  });

  test('unordered pairing reassigns an earlier pick to let every step find one', () => {
    // Expected 0 matches both actual steps, expected 1 only actual 0.
    assert.deepEqual(align('unordered', 2, 2, same([[0, 0], [0, 1], [1, 0]])), {
      ok: true,
      pairs: [[1, 0], [0, 1]],
      missing: [],
      unexpected: [],
    });
    // A chain of two reassignments.
    const chain = same([[0, 0], [1, 0], [1, 1], [2, 1], [2, 2]]);
    assert.deepEqual(align('unordered', 3, 3, chain).pairs, [[0, 0], [1, 1], [2, 2]]);
    assert.deepEqual(align('unordered', 2, 1, same([[0, 0], [1, 0]])), {
      ok: false,
      pairs: [[0, 0]],
      missing: [1],
      unexpected: [],
    });
  });
});

describe('kindSelected', () => {
  test('a kind by name; the final message also under final_message', () => {
    const kinds = new Set(['tool_call', 'final_message']);
    assert.equal(kindSelected({ kind: 'tool_call' }, kinds), true);
    assert.equal(kindSelected({ kind: 'handoff' }, kinds), false);
    assert.equal(kindSelected({ kind: 'message', final: true }, kinds), true);
    assert.equal(kindSelected({ kind: 'message' }, kinds), false);
    assert.equal(kindSelected({ kind: 'message', final: 'yes' }, kinds), false);
    assert.equal(kindSelected({ kind: 'reasoning', final: true }, kinds), false);
    assert.equal(kindSelected({ kind: 'message', final: true }, new Set(['tool_call'])), false);
    assert.equal(kindSelected({ kind: 'message' }, new Set(['message'])), true);
  });
});
