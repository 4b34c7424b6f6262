// trajectory(), formatTrajectory() and assertTrajectory() on plain item lists and
// steps: every step kind, every order and argument mode, patterns and matchers,
// and the mismatch message and its structured fields.
import assert from 'node:assert/strict';
import {
  assertTrajectory,
  assistantMessage,
  fileSearchCall,
  formatTrajectory,
  functionCall,
  mcpApprovalRequest,
  mcpCall,
  reasoningItem,
  shellCall,
  trajectory,
  TrajectoryMismatchError,
  type TrajectoryStep,
  webSearchCall,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { trajectoryMismatchKeys } from './_trajectory_fixtures.ts';

/** A matcher with the protocol Vitest's and Jest's `expect.any()` objects have. */
const anyOf = (type: 'number' | 'object') => ({
  asymmetricMatch: (value: unknown) => (typeof value) === type,
  toAsymmetricMatcher: () => `Any<${type}>`,
});

const workflow: TrajectoryStep[] = [
  { kind: 'input', text: 'Refund ORD-1' },
  {
    kind: 'tool_call',
    agent: 'Triage',
    tool: 'lookup_order',
    args: { orderId: 'ORD-1' },
    output: { status: 'delivered', total: 5 },
    callId: 'c1',
  },
  { kind: 'handoff', agent: 'Triage', to: 'Billing', callId: 'c2' },
  {
    kind: 'tool_call',
    agent: 'Billing',
    tool: 'refund',
    args: { orderId: 'ORD-1', amount: 5, reason: 'damaged' },
    output: 'ok',
    callId: 'c3',
  },
  { kind: 'message', agent: 'Billing', text: 'Refunded 5.00.', final: true },
];

describe('trajectory() of model items', () => {
  test('tool calls take their results by call id; the last message is final', () => {
    const steps = trajectory([
      { type: 'message', role: 'user', content: 'Weather?' },
      functionCall('get_weather', { city: 'Tokyo' }, { callId: 'a' }),
      functionCall('get_time', '{"zone":"JST"}', { callId: 'b' }),
      {
        type: 'function_call_result',
        name: 'get_time',
        callId: 'b',
        status: 'completed',
        output: { type: 'text', text: '12:00' },
      },
      {
        type: 'function_call_result',
        name: 'get_weather',
        callId: 'a',
        status: 'completed',
        output: '{"sky":"clear"}',
      },
      assistantMessage('Clear at noon.'),
    ]);
    assert.deepEqual(steps, [
      { kind: 'input', text: 'Weather?' },
      {
        kind: 'tool_call',
        tool: 'get_weather',
        args: { city: 'Tokyo' },
        output: { sky: 'clear' },
        callId: 'a',
      },
      { kind: 'tool_call', tool: 'get_time', args: { zone: 'JST' }, output: '12:00', callId: 'b' },
      { kind: 'message', text: 'Clear at noon.', final: true },
    ]);
    assert.deepEqual(JSON.parse(JSON.stringify(steps)), steps);
  });

  test('hosted, MCP, approval, reasoning and local tools each have a kind', () => {
    const steps = trajectory([
      reasoningItem('Search first.'),
      webSearchCall({ query: 'refund policy' }),
      fileSearchCall({ queries: ['faq'] }),
      mcpCall({ serverLabel: 'docs', name: 'search', arguments: { q: 'zod' }, output: '3 hits' }),
      mcpApprovalRequest({ serverLabel: 'docs', name: 'delete_page', arguments: { id: 7 } }),
      shellCall(['ls'], { callId: 's1' }),
    ]);
    assert.deepEqual(steps.map((step) => step.kind), [
      'reasoning',
      'hosted_tool_call',
      'hosted_tool_call',
      'mcp_call',
      'approval',
      'tool_call',
    ]);
    assert.equal(
      formatTrajectory(steps),
      [
        'reasoning "Search first."',
        'hosted web_search_call({"type":"search","query":"refund policy"})',
        'hosted file_search_call(["faq"])',
        'mcp docs.search({"q":"zod"}) → "3 hits"',
        'approval docs.delete_page({"id":7}) pending',
        'shell({"commands":["ls"]})',
      ].join('\n'),
    );
  });

  test('a function call whose arguments are not JSON keeps its raw text', () => {
    const [step] = trajectory([functionCall('lookup', '{id: 1}', { callId: 'x' })]);
    assert.deepEqual(step, { kind: 'tool_call', tool: 'lookup', args: '{id: 1}', callId: 'x' });
  });

  test('a list of steps is copied; anything else is a TypeError that lists the sources', () => {
    const copy = trajectory(workflow);
    assert.deepEqual(copy, workflow);
    assert.notEqual(copy[1], workflow[1]);
    assert.throws(() => trajectory({ nothing: true }), {
      name: 'TypeError',
      message: /cannot read a trajectory from this object\. Pass a run result, a RunState/,
    });
  });
});

describe('formatTrajectory()', () => {
  test('one line a step, agent first, output after an arrow', () => {
    assert.equal(
      formatTrajectory(workflow),
      [
        'user: "Refund ORD-1"',
        'Triage: lookup_order({"orderId":"ORD-1"}) → {"status":"delivered","total":5}',
        'Triage: handoff → Billing',
        'Billing: refund({"orderId":"ORD-1","amount":5,"reason":"damaged"}) → "ok"',
        'Billing: message "Refunded 5.00." (final)',
      ].join('\n'),
    );
  });

  test('kinds, last and maxLength select and shorten', () => {
    assert.equal(
      formatTrajectory(workflow, { kinds: ['tool_call'], last: 1, maxLength: 4 }),
      'Billing: refund({"orderId":"ORD…","amount":5,"reason":"dam…"}) → "ok"',
    );
    assert.equal(formatTrajectory(workflow, { last: 0 }), '');
    assert.equal(
      formatTrajectory(workflow, { kinds: ['final_message', 'handoff'] }),
      'Triage: handoff → Billing\nBilling: message "Refunded 5.00." (final)',
    );
    assert.equal(
      formatTrajectory([
        { kind: 'guardrail', agent: 'Triage', guardrail: 'no_pii', stage: 'input' },
        { kind: 'final_output', output: { ok: true } },
      ]),
      'Triage: input guardrail no_pii tripped\nfinal output {"ok":true}',
    );
  });
});

describe('assertTrajectory() order modes', () => {
  const expected = [
    { tool: 'lookup_order', args: { orderId: 'ORD-1' } },
    { handoff: 'Billing' },
    { tool: 'refund', args: { orderId: 'ORD-1', amount: 5, reason: 'damaged' } },
    { message: 'Refunded 5.00.' },
  ];

  test('strict (the default) passes on the same steps in the same order', () => {
    assertTrajectory(workflow, expected);
    assert.throws(
      () => assertTrajectory(workflow, [expected[1], expected[0], expected[2], expected[3]]),
      TrajectoryMismatchError,
    );
  });

  test('unordered, superset, subset and in_order', () => {
    const shuffled = [expected[3], expected[1], expected[0], expected[2]];
    assertTrajectory(workflow, shuffled, { order: 'unordered' });
    assertTrajectory(workflow, [expected[2], expected[0]], { order: 'superset' });
    assert.throws(() => assertTrajectory(workflow, [expected[0]], { order: 'unordered' }));
    assertTrajectory(workflow, [...expected, { tool: 'escalate' }], { order: 'subset' });
    assert.throws(() => assertTrajectory(workflow, [expected[0]], { order: 'subset' }));
    assertTrajectory(workflow, [expected[0], expected[3]], { order: 'in_order' });
    assert.throws(() =>
      assertTrajectory(workflow, [expected[3], expected[0]], { order: 'in_order' })
    );
  });

  test('overlapping patterns are paired so that every step finds one (unordered)', () => {
    const steps: TrajectoryStep[] = [
      { kind: 'tool_call', tool: 'search', args: { q: 'ab' } },
      { kind: 'tool_call', tool: 'search', args: { q: 'a' } },
    ];
    // Greedy pairing would give the first step to /a/ and leave 'a' for /ab/.
    assertTrajectory(steps, [{ tool: 'search', args: { q: /a/ } }, {
      tool: 'search',
      args: { q: /ab/ },
    }], { order: 'unordered' });
  });
});

describe('assertTrajectory() argument modes and patterns', () => {
  test('exact, contains, ignore and per-tool overrides', () => {
    const refundOnly = { kinds: ['tool_call'] as const };
    const refund = { tool: 'refund', args: { amount: 5 } };
    assert.throws(() => assertTrajectory(workflow, [refund], { ...refundOnly, order: 'superset' }));
    assertTrajectory(workflow, [refund], { ...refundOnly, order: 'superset', args: 'contains' });
    assertTrajectory(workflow, [{ tool: 'refund', args: { amount: 999 } }], {
      ...refundOnly,
      order: 'superset',
      args: 'ignore',
    });
    assertTrajectory(workflow, [{ tool: 'refund', args: { amount: 999 } }], {
      ...refundOnly,
      order: 'superset',
      toolArgs: { refund: 'ignore' },
    });
    assertTrajectory(workflow, [{ tool: 'refund', args: 'five' }], {
      ...refundOnly,
      order: 'superset',
      toolArgs: {
        refund: (actual, expected) =>
          expected === 'five' && (actual as { amount: number }).amount === 5,
      },
    });
  });

  test('contains: arrays may hold more elements, the expected ones in order', () => {
    const steps: TrajectoryStep[] = [
      { kind: 'tool_call', tool: 'tag', args: { tags: ['a', 'b', 'c'], extra: 1 } },
    ];
    assertTrajectory(steps, [{ tool: 'tag', args: { tags: ['a', 'c'] } }], { args: 'contains' });
    assert.throws(
      () =>
        assertTrajectory(steps, [{ tool: 'tag', args: { tags: ['c', 'a'] } }], {
          args: 'contains',
        }),
      /differs at args\.tags\[/,
    );
  });

  test('RegExp in strings and values; asymmetric matchers are asked', () => {
    assertTrajectory(workflow, [
      {
        tool: /^lookup/,
        args: { orderId: /^ORD-\d$/ },
        output: { status: 'delivered', total: anyOf('number') },
      },
      { handoff: /bill/i, agent: 'Triage' },
      { tool: 'refund', args: anyOf('object'), agent: /Billing/ },
      { message: /refunded/i },
    ]);
    assert.throws(
      () =>
        assertTrajectory(workflow, [{ tool: 'lookup_order', args: { orderId: anyOf('number') } }], {
          order: 'superset',
        }),
      (error: unknown) => {
        assert.ok(error instanceof TrajectoryMismatchError);
        assert.match(error.message, /args\.orderId: expected Any<number>, actual "ORD-1"/);
        return true;
      },
    );
  });

  test('kinds: reasoning is compared once a short form names it; messages are final only', () => {
    const steps: TrajectoryStep[] = [
      { kind: 'reasoning', text: 'think' },
      { kind: 'message', text: 'Checking…' },
      { kind: 'tool_call', tool: 'lookup', args: {} },
      { kind: 'message', text: 'Done.', final: true },
    ];
    assertTrajectory(steps, [{ tool: 'lookup' }, { message: 'Done.' }]);
    assertTrajectory(steps, [{ reasoning: 'think' }, { tool: 'lookup' }, { message: 'Done.' }]);
    assertTrajectory(steps, [{ message: 'Checking…' }, { tool: 'lookup' }, { message: 'Done.' }], {
      kinds: ['message', 'tool_call'],
    });
  });

  test('a step form it does not know, and a bad mode, are TypeErrors', () => {
    assert.throws(() => assertTrajectory(workflow, [{ nope: 1 } as never]), {
      name: 'TypeError',
      message: /expected step #1 is not a step form/,
    });
    assert.throws(() => assertTrajectory(workflow, [], { order: 'sorted' as never }), TypeError);
    assert.throws(() => assertTrajectory(workflow, [], { args: 'loose' as never }), TypeError);
    assert.throws(
      () => assertTrajectory(workflow, [], { toolArgs: { x: 'y' as never } }),
      TypeError,
    );
  });
});

describe('TrajectoryMismatchError', () => {
  test('an aligned diff: the missing step, the unexpected one, and where arguments differ', () => {
    const expected = [
      { tool: 'lookup_order', args: { orderId: 'ORD-1' } },
      { handoff: 'Refunds' },
      { tool: 'refund', args: { orderId: 'ORD-1', amount: 50, reason: 'damaged' } },
      { message: 'Refunded 5.00.' },
    ];
    assert.throws(() => assertTrajectory(workflow, expected), (error: unknown) => {
      assert.ok(error instanceof TrajectoryMismatchError);
      assert.deepEqual(Object.keys(error), trajectoryMismatchKeys);
      assert.equal(error.order, 'strict');
      assert.deepEqual(error.expected, expected);
      assert.deepEqual(error.missing, [expected[1], expected[2]]);
      assert.deepEqual(error.unexpected, [workflow[2], workflow[3]]);
      assert.deepEqual(error.actual, workflow.slice(1));
      assert.equal(
        error.message,
        [
          "Trajectory mismatch (order 'strict', args 'exact'): 2 expected steps missing, 2 unexpected steps.",
          'Expected 4 steps, got 4 ("-" expected but missing, "+" not expected):',
          '    Triage: lookup_order({"orderId":"ORD-1"}) → {"status":"delivered","total":5}',
          '  - handoff → Refunds   (expected #2)',
          '  - refund({"orderId":"ORD-1","amount":50,"reason":"damaged"})   (expected #3)',
          '  + Triage: handoff → Billing   (actual #2)',
          '  + Billing: refund({"orderId":"ORD-1","amount":5,"reason":"damaged"}) → "ok"   (actual #3)',
          '    Billing: message "Refunded 5.00." (final)',
          'Expected #2 is closest to actual #2, which differs at to: expected "Refunds", actual "Billing".',
          'Expected #3 is closest to actual #3, which differs at args.amount: expected 50, actual 5.',
          "Fix the expected steps or the workflow, or compare more loosely: order 'in_order' or " +
          "'superset' lets other steps happen too; 'unordered' ignores the order; args 'contains' " +
          'allows extra arguments. formatTrajectory(actual) prints the whole run.',
        ].join('\n'),
      );
      return true;
    });
  });

  test('long strings that differ late are shown around their first difference', () => {
    const prompt = `${'Please summarise the order history. '.repeat(5)}Answer in French.`;
    const steps: TrajectoryStep[] = [{ kind: 'tool_call', tool: 'summarise', args: { prompt } }];
    const changed = prompt.replace('French', 'German');
    assert.throws(
      () => assertTrajectory(steps, [{ tool: 'summarise', args: { prompt: changed } }]),
      (error: unknown) => {
        assert.ok(error instanceof TrajectoryMismatchError);
        const note = error.message.split('\n').find((line) => line.startsWith('Expected #1'));
        assert.equal(
          note,
          'Expected #1 is closest to actual #1, which differs at args.prompt: expected ' +
            '"…arise the order history. Please summarise the order history. Answer in German.", ' +
            'actual "…arise the order history. Please summarise the order history. Answer in French.".',
        );
        return true;
      },
    );
  });

  test('a run with no steps says so', () => {
    assert.throws(() => assertTrajectory([], [{ tool: 'lookup' }]), /\(no steps\)/);
  });
});
