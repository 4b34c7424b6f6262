// assertTrajectory()'s own decisions, pinned exactly (testing/trajectory/assert_trajectory.ts):
// the TypeErrors for bad arguments, which kinds take part (each short form adds
// its kind, a full step does not), the layout of the diff in each order mode,
// the counts, the closest-step notes (which actual step is closest, at most
// five notes) and the advice each mode and argument rule gives.
import assert from 'node:assert/strict';
import {
  assertTrajectory,
  type AssertTrajectoryOptions,
  type ExpectedTrajectoryStep,
  TrajectoryMismatchError,
  type TrajectoryStep,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

/** The mismatch error `assertTrajectory()` throws for these arguments. */
function mismatch(
  actual: readonly TrajectoryStep[],
  expected: readonly ExpectedTrajectoryStep[],
  options?: AssertTrajectoryOptions,
): TrajectoryMismatchError {
  try {
    assertTrajectory(actual, expected, options);
  } catch (error) {
    assert.ok(error instanceof TrajectoryMismatchError);
    assert.equal(error.name, 'TrajectoryMismatchError');
    return error;
  }
  assert.fail('assertTrajectory() passed');
}

const toolStep = (tool: string, args: unknown = {}): TrajectoryStep =>
  ({ kind: 'tool_call', tool, args }) as TrajectoryStep;

/** The last line of a mismatch message, with these hints (none: the plain advice). */
const advice = (...hints: string[]) =>
  `Fix the expected steps or the workflow${
    hints.length === 0 ? '' : `, or compare more loosely: ${hints.join('; ')}`
  }. formatTrajectory(actual) prints the whole run.`;
const otherSteps = "order 'in_order' or 'superset' lets other steps happen too";
const ignoreOrder = "'unordered' ignores the order";
const extraArgs = "args 'contains' allows extra arguments";

describe('assertTrajectory() arguments', () => {
  test('each bad argument is a TypeError saying what is allowed', () => {
    assert.throws(() => assertTrajectory([], [], { order: 'sorted' as never }), {
      name: 'TypeError',
      message:
        "assertTrajectory() got order \"sorted\"; use 'strict', 'unordered', 'superset', 'subset' or 'in_order'.",
    });
    assert.throws(() => assertTrajectory([], [], { args: 'loose' as never }), {
      name: 'TypeError',
      message: "assertTrajectory() got args \"loose\"; use 'exact', 'contains' or 'ignore'.",
    });
    assert.throws(
      () => assertTrajectory([], [], { toolArgs: { ok: 'ignore', refund: 5 as never } }),
      {
        name: 'TypeError',
        message:
          "assertTrajectory() got toolArgs.refund 5; use 'exact', 'contains', 'ignore' or a " +
          'function (actual, expected) => boolean.',
      },
    );
    assert.throws(() => assertTrajectory([], { tool: 'x' } as never), {
      name: 'TypeError',
      message: 'assertTrajectory() takes the expected steps as an array.',
    });
    assert.throws(() => assertTrajectory([], [{ tool: 'a' }, 7 as never]), {
      name: 'TypeError',
      message: 'assertTrajectory() expected step #2 is not a step form: write { tool }, ' +
        '{ handoff }, { message } (or { hosted }, { mcp }, { approval }, { reasoning }, ' +
        '{ guardrail }, { finalOutput }, { input }), or a full step with `kind`.',
    });
  });

  test('every order, args mode and tool rule is accepted', () => {
    for (const order of ['strict', 'unordered', 'superset', 'subset', 'in_order'] as const) {
      assertTrajectory([toolStep('a')], [{ tool: 'a' }], { order });
    }
    for (const args of ['exact', 'contains', 'ignore'] as const) {
      assertTrajectory([toolStep('a')], [{ tool: 'a' }], { args, toolArgs: { a: args } });
    }
    assertTrajectory([toolStep('a', { n: 1 })], [{ tool: 'a', args: 'any' }], {
      toolArgs: { a: () => true },
    });
  });
});

describe('assertTrajectory() kinds', () => {
  test('each short form adds its kind to the default ones', () => {
    const cases: Array<[TrajectoryStep, ExpectedTrajectoryStep]> = [
      [{ kind: 'input', text: 'hi' }, { input: 'hi' }],
      [{ kind: 'hosted_tool_call', tool: 'web_search' }, { hosted: 'web_search' }],
      [{ kind: 'mcp_call', tool: 'search' }, { mcp: 'search' }],
      [{ kind: 'approval', tool: 'refund', args: {} }, { approval: 'refund' }],
      [{ kind: 'reasoning', text: 'think' }, { reasoning: 'think' }],
      [{ kind: 'guardrail', guardrail: 'pii' }, { guardrail: 'pii' }],
      [{ kind: 'final_output', output: 1 }, { finalOutput: 1 }],
    ];
    for (const [step, form] of cases) {
      const actual = [
        step,
        toolStep('t'),
        { kind: 'message', text: 'not final' } as TrajectoryStep,
      ];
      assertTrajectory(actual, [form, { tool: 't' }]);
      // Out of order, so the kind really took part.
      const error = mismatch(actual, [{ tool: 't' }, form]);
      assert.deepEqual(error.actual, actual.slice(0, 2));
    }
  });

  test('a full step adds no kind, and is left out unless its kind takes part', () => {
    const actual: TrajectoryStep[] = [{ kind: 'guardrail', guardrail: 'pii' }, toolStep('t')];
    assertTrajectory(actual, [{ kind: 'guardrail', guardrail: 'other' }, { tool: 't' }]);
    const error = mismatch(actual, [{ kind: 'guardrail', guardrail: 'other' }, { tool: 'u' }]);
    assert.deepEqual(error.expected, [{ tool: 'u' }]);
    assert.deepEqual(error.actual, [toolStep('t')]);
    // Once its kind is selected it is compared.
    assert.throws(
      () =>
        assertTrajectory(actual, [{ kind: 'guardrail', guardrail: 'other' }, { tool: 't' }], {
          kinds: ['guardrail', 'tool_call'],
        }),
      TrajectoryMismatchError,
    );
  });

  test('with kinds given, a short form adds none but is still compared', () => {
    const actual: TrajectoryStep[] = [{ kind: 'reasoning', text: 'think' }, toolStep('t')];
    const error = mismatch(actual, [{ reasoning: 'think' }, { tool: 't' }], {
      kinds: ['tool_call'],
    });
    assert.deepEqual(error.expected, [{ reasoning: 'think' }, { tool: 't' }]);
    assert.deepEqual(error.actual, [toolStep('t')]);
    assert.deepEqual(error.missing, [{ reasoning: 'think' }]);
    assert.deepEqual(error.unexpected, []);
  });
});

describe('assertTrajectory() call ids', () => {
  const call = (callId: string): TrajectoryStep => ({
    kind: 'tool_call',
    tool: 'refund',
    args: { amount: 5 },
    callId,
  });
  const approval = (callId: string): TrajectoryStep => ({
    kind: 'approval',
    tool: 'refund',
    args: { amount: 5 },
    decision: 'approved',
    callId,
  });
  const handoff = (callId: string): TrajectoryStep => ({ kind: 'handoff', to: 'B', callId });

  test('a full step is compared without its call id, whatever kind carries one', () => {
    const kinds: AssertTrajectoryOptions['kinds'] = ['tool_call', 'approval', 'handoff'];
    assertTrajectory([approval('b1'), call('b1'), handoff('b2')], [
      approval('a1'),
      call('a1'),
      handoff('a2'),
    ], { kinds });
    // Written by hand (or as a pattern), a full step's callId is not compared either.
    assertTrajectory([call('b1')], [{ ...call('x'), callId: /^a/ } as never]);
    // An id is all a full step may leave out: its other fields still count.
    const error = mismatch([call('b1')], [{ ...call('a1'), args: { amount: 6 } }]);
    assert.match(error.message, /differs at args\.amount: expected 6, actual 5\./);
    // The error keeps the expected step as written, id included.
    assert.deepEqual(error.expected, [{ ...call('a1'), args: { amount: 6 } }]);
  });

  test('the short form compares the callId it names', () => {
    assertTrajectory([call('b1')], [{ tool: 'refund', callId: 'b1' }]);
    assertTrajectory([call('b1')], [{ tool: 'refund', callId: /^b/ }]);
    const error = mismatch([call('b1')], [{ tool: 'refund', callId: 'a1' }]);
    assert.match(error.message, /differs at callId: expected "a1", actual "b1"\./);
  });
});

describe('TrajectoryMismatchError messages', () => {
  test('strict, one unexpected step: the aligned lines and the advice', () => {
    const actual = [toolStep('a'), toolStep('b'), toolStep('c')];
    const error = mismatch(actual, [{ tool: 'a' }, { tool: 'c' }]);
    assert.equal(error.order, 'strict');
    assert.deepEqual(error.missing, []);
    assert.deepEqual(error.unexpected, [toolStep('b')]);
    assert.equal(
      error.message,
      [
        "Trajectory mismatch (order 'strict', args 'exact'): 1 unexpected step.",
        'Expected 2 steps, got 3 ("-" expected but missing, "+" not expected):',
        '    a({})',
        '  + b({})   (actual #2)',
        '    c({})',
        advice(otherSteps, extraArgs),
      ].join('\n'),
    );
  });

  test('strict: steps after the last pair, on both sides, in place', () => {
    const error = mismatch([toolStep('a'), toolStep('x'), toolStep('y')], [
      { tool: 'a' },
      { tool: 'p' },
    ], { args: 'contains' });
    assert.equal(
      error.message,
      [
        "Trajectory mismatch (order 'strict', args 'contains'): 1 expected step missing, 2 unexpected steps.",
        'Expected 2 steps, got 3 ("-" expected but missing, "+" not expected):',
        '    a({})',
        '  - p()   (expected #2)',
        '  + x({})   (actual #2)',
        '  + y({})   (actual #3)',
        'Expected #2 is closest to actual #2, which differs at tool: expected "p", actual "x".',
        advice(otherSteps, ignoreOrder),
      ].join('\n'),
    );
  });

  test('in_order, one missing step and no hint left: the plain advice', () => {
    const error = mismatch([toolStep('a'), toolStep('b')], [{ tool: 'b' }, { tool: 'a' }], {
      order: 'in_order',
      args: 'ignore',
    });
    assert.deepEqual(error.unexpected, []);
    assert.equal(
      error.message,
      [
        "Trajectory mismatch (order 'in_order', args 'ignore'): 1 expected step missing.",
        'Expected 2 steps, got 2 ("-" expected but missing, "+" not expected):',
        '  - b()   (expected #1)',
        '    a({})',
        '    b({})',
        advice(),
      ].join('\n'),
    );
  });

  test('unordered: every actual step, then the missing ones', () => {
    const error = mismatch([toolStep('a', { n: 1 }), toolStep('b')], [
      { tool: 'b' },
      { tool: 'a', args: { n: 2 } },
    ], { order: 'unordered' });
    assert.equal(
      error.message,
      [
        "Trajectory mismatch (order 'unordered', args 'exact'): 1 expected step missing, 1 unexpected step.",
        'Expected 2 steps, got 2 ("-" expected but missing, "+" not expected):',
        '  + a({"n":1})   (actual #1)',
        '    b({})',
        '  - a({"n":2})   (expected #2)',
        'Expected #2 is closest to actual #1, which differs at args.n: expected 2, actual 1.',
        advice(otherSteps, extraArgs),
      ].join('\n'),
    );
  });

  test('superset: missing steps only, and no hint about other steps', () => {
    const error = mismatch([toolStep('a')], [{ tool: 'b' }], { order: 'superset' });
    assert.equal(
      error.message,
      [
        "Trajectory mismatch (order 'superset', args 'exact'): 1 expected step missing.",
        'Expected 1 step, got 1 ("-" expected but missing, "+" not expected):',
        '    a({})',
        '  - b()   (expected #1)',
        'Expected #1 is closest to actual #1, which differs at tool: expected "b", actual "a".',
        advice(extraArgs),
      ].join('\n'),
    );
  });

  test('subset: the steps not allowed; no run at all says so', () => {
    const error = mismatch([toolStep('a'), toolStep('z')], [{ tool: 'a' }], { order: 'subset' });
    assert.deepEqual(error.missing, []);
    assert.deepEqual(error.unexpected, [toolStep('z')]);
    assert.equal(
      error.message,
      [
        "Trajectory mismatch (order 'subset', args 'exact'): 1 unexpected step.",
        'Expected 1 step, got 2 ("-" expected but missing, "+" not expected):',
        '    a({})',
        '  + z({})   (actual #2)',
        advice(otherSteps, extraArgs),
      ].join('\n'),
    );
    const empty = mismatch([], [{ tool: 'a' }]);
    assert.equal(
      empty.message,
      [
        "Trajectory mismatch (order 'strict', args 'exact'): 1 expected step missing.",
        'Expected 1 step, got 0 ("-" expected but missing, "+" not expected):',
        '  - a()   (expected #1)',
        '    (no steps)',
        advice(extraArgs),
      ].join('\n'),
    );
  });

  test('at most five closest-step notes', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    const error = mismatch(
      names.map((name) => toolStep(name, { n: 1 })),
      names.map((name) => ({ tool: name, args: { n: 2 } })),
    );
    const notes = error.message.split('\n').filter((line) => line.startsWith('Expected #'));
    assert.deepEqual(
      notes,
      names.slice(0, 5).map((_, index) =>
        `Expected #${index + 1} is closest to actual #${
          index + 1
        }, which differs at args.n: expected 2, actual 1.`
      ),
    );
  });

  test('the closest step: same kind and name first (tool, handoff target, guardrail), else the first of the kind', () => {
    const actual: TrajectoryStep[] = [
      { kind: 'message', text: 'm', final: true },
      toolStep('x', { n: 1 }),
      toolStep('y', { n: 1 }),
      { kind: 'handoff', agent: 'P', to: 'A' },
      { kind: 'handoff', agent: 'P', to: 'B' },
      { kind: 'guardrail', guardrail: 'g1', stage: 'input' },
      { kind: 'guardrail', guardrail: 'g2', stage: 'input' },
    ];
    const notes = (expected: ExpectedTrajectoryStep) =>
      mismatch(actual, [expected], { order: 'superset' }).message.split('\n')
        .filter((line) => line.startsWith('Expected #'));
    assert.deepEqual(notes({ tool: 'y', args: { n: 2 } }), [
      'Expected #1 is closest to actual #3, which differs at args.n: expected 2, actual 1.',
    ]);
    assert.deepEqual(notes({ tool: /z/ }), [
      'Expected #1 is closest to actual #2, which differs at tool: expected /z/, actual "x".',
    ]);
    assert.deepEqual(notes({ handoff: 'B', agent: 'Q' }), [
      'Expected #1 is closest to actual #5, which differs at agent: expected "Q", actual "P".',
    ]);
    assert.deepEqual(notes({ guardrail: 'g2', stage: 'output' }), [
      'Expected #1 is closest to actual #7, which differs at stage: expected "output", actual "input".',
    ]);
    // No step of the kind: no note.
    assert.deepEqual(notes({ mcp: 'search' }), []);
  });

  test('a paired step is not the closest; a missing step that would match its closest one has no note', () => {
    // strict: b and a cannot both pair in this order; the unpaired "a" matches the missing one.
    const error = mismatch([toolStep('b'), toolStep('a')], [{ tool: 'a' }, { tool: 'b' }]);
    assert.deepEqual(
      error.message.split('\n').filter((line) => line.startsWith('Expected #')),
      [],
    );
    // The paired actual step (#1) is not offered; the unpaired #2 is.
    const other = mismatch([toolStep('a', { n: 1 }), toolStep('a', { n: 2 })], [
      { tool: 'a', args: { n: 1 } },
      { tool: 'a', args: { n: 3 } },
    ], { order: 'unordered' });
    assert.deepEqual(
      other.message.split('\n').filter((line) => line.startsWith('Expected #')),
      ['Expected #2 is closest to actual #2, which differs at args.n: expected 3, actual 2.'],
    );
  });

  test('a BigInt in an expected step is shown, not a TypeError', () => {
    // A full step may hold any value; actual steps are JSON, so 3n never equals them.
    const error = mismatch([toolStep('t', { n: 3 })], [{
      kind: 'tool_call',
      tool: 't',
      args: { n: 3n },
    }]);
    assert.deepEqual(error.message.split('\n').slice(2, 5), [
      '  - t({"n":3n})   (expected #1)',
      '  + t({"n":3})   (actual #1)',
      'Expected #1 is closest to actual #1, which differs at args.n: expected 3n, actual 3.',
    ]);
  });
});

describe('TrajectoryMismatchError: a structured output', () => {
  const structured: TrajectoryStep[] = [
    { kind: 'input', text: 'Quote?' },
    { kind: 'message', agent: 'Quote agent', text: '{"totalEur":12}', final: true },
    { kind: 'final_output', agent: 'Quote agent', output: { totalEur: 12 } },
  ] as TrajectoryStep[];
  const pair =
    ' A structured output ends the run as the final message and then a final_output step: ' +
    'expect both ([..., { message: ... }, { finalOutput: ... }]).';

  test('{ finalOutput } alone: the unexpected final message is explained, the pair passes', () => {
    const error = mismatch(structured, [{ finalOutput: { totalEur: 12 } }]);
    assert.equal(
      error.message,
      [
        "Trajectory mismatch (order 'strict', args 'exact'): 1 unexpected step.",
        'Expected 1 step, got 2 ("-" expected but missing, "+" not expected):',
        '  + Quote agent: message "{\\"totalEur\\":12}" (final)   (actual #1)',
        '    Quote agent: final output {"totalEur":12}',
        advice(otherSteps, extraArgs).replace(
          ' formatTrajectory(actual)',
          `${pair} formatTrajectory(actual)`,
        ),
      ].join('\n'),
    );
    assertTrajectory(structured, [
      { message: '{"totalEur":12}' },
      { finalOutput: { totalEur: 12 } },
    ]);
  });

  test('no hint without a final_output step, nor for an unexpected message that is not final', () => {
    const text = structured.slice(0, 2);
    const extra = mismatch(text, []);
    assert.ok(!extra.message.includes('A structured output'), extra.message);
    const notFinal = [
      { kind: 'message', agent: 'A', text: 'thinking' },
      structured[2],
    ] as TrajectoryStep[];
    const other = mismatch(notFinal, [{ finalOutput: { totalEur: 12 } }], {
      kinds: ['message', 'final_output'],
    });
    assert.ok(!other.message.includes('A structured output'), other.message);
  });
});
