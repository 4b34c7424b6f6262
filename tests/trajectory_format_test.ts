// The line of each trajectory step, and the full form of each expected short
// form, pinned exactly (testing/model/trajectory_format.ts): how values, patterns
// and matchers are written, where a string is cut, every step kind's line, and
// which short form becomes which full step.
import assert from 'node:assert/strict';
import {
  expandExpected,
  formatStepLine,
  shorten,
  showValue,
} from '../testing/model/trajectory_format.ts';
import { describe, test } from './_harness.ts';

describe('shorten', () => {
  test('kept up to the limit, else cut to it with the mark', () => {
    assert.equal(shorten('abcd', 4), 'abcd');
    assert.equal(shorten('abcde', 4), 'abc…');
    assert.equal(shorten('abc', 1), 'a…');
    assert.equal(shorten('abc', 0), 'a…');
  });
});

describe('showValue', () => {
  test('scalars, patterns, functions and compact containers', () => {
    assert.equal(showValue('x'.repeat(5), 3), '"xx…"');
    assert.equal(showValue(/a+/gi), '/a+/gi');
    assert.equal(showValue(undefined), 'undefined');
    assert.equal(showValue(() => 1), '<function>');
    assert.equal(showValue(null), 'null');
    assert.equal(showValue(1.5), '1.5');
    assert.equal(showValue(false), 'false');
    assert.equal(showValue(3n), '3n');
    assert.equal(showValue(Symbol('s')), 'Symbol(s)');
    assert.equal(showValue([1, 'ab', [null]], 1), '[1,"a…",[null]]');
    assert.equal(showValue({ a: 1, b: undefined, 'c d': ['x'] }), '{"a":1,"c d":["x"]}');
    assert.equal(showValue({}), '{}');
    assert.equal(showValue([]), '[]');
  });

  test('a matcher by its own description, else a placeholder', () => {
    const asymmetric = (extra: Record<string, unknown>) => ({
      asymmetricMatch: () => true,
      ...extra,
    });
    assert.equal(
      showValue(asymmetric({ toAsymmetricMatcher: () => 'Any<String>' })),
      'Any<String>',
    );
    assert.equal(
      showValue(asymmetric({ toAsymmetricMatcher: () => 5, toString: () => 'Own' })),
      'Own',
    );
    assert.equal(showValue(asymmetric({ toString: () => '[object Object]' })), '<matcher>');
    assert.equal(showValue(asymmetric({})), '<matcher>');
    assert.equal(showValue(asymmetric({ toAsymmetricMatcher: 'not a function' })), '<matcher>');
    // The description is asked of the matcher itself.
    const self = asymmetric({
      label: 'Mine',
      toAsymmetricMatcher(this: { label: string }) {
        return this.label;
      },
    });
    assert.equal(showValue(self), 'Mine');
    assert.equal(showValue({ inner: asymmetric({ toString: () => 'In' }) }), '{"inner":In}');
  });
});

describe('formatStepLine', () => {
  test('each kind, with and without its optional parts', () => {
    const lines: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'input', agent: 'ignored', text: 'hi' }, 'user: "hi"'],
      [{ kind: 'input', text: /h/ }, 'user: /h/'],
      [{ kind: 'tool_call', agent: 'A', tool: 't', args: { x: 1 } }, 'A: t({"x":1})'],
      [{ kind: 'tool_call', tool: 't', args: {}, output: 'ok' }, 't({}) → "ok"'],
      [{ kind: 'tool_call', tool: 't', output: undefined }, 't()'],
      [{ kind: 'tool_call', tool: /t/, args: 'raw' }, '/t/("raw")'],
      [{ kind: 'handoff', agent: 'A', to: 'B' }, 'A: handoff → B'],
      [{ kind: 'message', text: 'm' }, 'message "m"'],
      [{ kind: 'message', text: 'm', final: true }, 'message "m" (final)'],
      [{ kind: 'message', text: 'm', final: 'yes' }, 'message "m"'],
      [
        { kind: 'hosted_tool_call', tool: 'web', args: { q: 1 }, output: 2 },
        'hosted web({"q":1}) → 2',
      ],
      [{ kind: 'hosted_tool_call', tool: 'web' }, 'hosted web()'],
      [
        { kind: 'mcp_call', server: 'docs', tool: 's', args: {}, output: 'r' },
        'mcp docs.s({}) → "r"',
      ],
      [{ kind: 'mcp_call', tool: 's' }, 'mcp s()'],
      [
        { kind: 'approval', server: 'docs', tool: 'd', args: {}, decision: 'approved' },
        'approval docs.d({}) approved',
      ],
      [{ kind: 'approval', tool: 'd', decision: 'rejected' }, 'approval d() rejected'],
      [{ kind: 'approval', tool: 'd', args: { id: 1 } }, 'approval d({"id":1}) pending'],
      [{ kind: 'reasoning', agent: 'A', text: 'think' }, 'A: reasoning "think"'],
      [{ kind: 'guardrail', guardrail: 'g', stage: 'output' }, 'output guardrail g tripped'],
      [{ kind: 'guardrail', guardrail: 'g' }, 'guardrail g tripped'],
      [{ kind: 'final_output', agent: 'A', output: [1] }, 'A: final output [1]'],
      [{ kind: 'other', value: 1 }, '{"kind":"other","value":1}'],
      [{ agent: 'A', kind: 'other' }, 'A: {"agent":"A","kind":"other"}'],
    ];
    for (const [step, line] of lines) assert.equal(formatStepLine(step), line, line);
  });

  test('every shown string is cut at the limit', () => {
    const long = 'abcdefgh';
    assert.equal(
      formatStepLine(
        { kind: 'tool_call', agent: long, tool: long, args: { long }, output: long },
        4,
      ),
      'abcdefgh: abcdefgh({"long":"abc…"}) → "abc…"',
    );
    assert.equal(formatStepLine({ kind: 'message', text: long }, 4), 'message "abc…"');
    assert.equal(formatStepLine({ kind: 'input', text: long }, 4), 'user: "abc…"');
    assert.equal(formatStepLine({ kind: 'reasoning', text: long }, 4), 'reasoning "abc…"');
    assert.equal(
      formatStepLine({ kind: 'message', text: 'x'.repeat(81) }),
      `message "${'x'.repeat(79)}…"`,
    );
  });
});

describe('expandExpected', () => {
  test('each short form as its full step, the agent second', () => {
    const forms: Array<[unknown, Record<string, unknown>]> = [
      [{ tool: 't', args: { a: 1 }, output: 2 }, {
        kind: 'tool_call',
        tool: 't',
        args: { a: 1 },
        output: 2,
      }],
      [{ handoff: 'B', agent: 'A' }, { kind: 'handoff', agent: 'A', to: 'B' }],
      [{ message: /m/ }, { kind: 'message', text: /m/ }],
      [{ hosted: 'web', args: 1 }, { kind: 'hosted_tool_call', tool: 'web', args: 1 }],
      [{ mcp: 's', server: 'docs' }, { kind: 'mcp_call', tool: 's', server: 'docs' }],
      [{ approval: 'd', decision: 'approved' }, {
        kind: 'approval',
        tool: 'd',
        decision: 'approved',
      }],
      [{ reasoning: 'r' }, { kind: 'reasoning', text: 'r' }],
      [{ guardrail: 'g', stage: 'input' }, { kind: 'guardrail', guardrail: 'g', stage: 'input' }],
      [{ finalOutput: { n: 1 } }, { kind: 'final_output', output: { n: 1 } }],
      [{ input: 'hi', agent: 'dropped' }, { kind: 'input', text: 'hi' }],
      [{ agent: 'A', tool: 't' }, { kind: 'tool_call', agent: 'A', tool: 't' }],
    ];
    for (const [form, full] of forms) {
      const expanded = expandExpected(form);
      assert.deepEqual(expanded, full);
      assert.deepEqual(Object.keys(expanded), Object.keys(full));
    }
    // The first form key wins.
    assert.deepEqual(expandExpected({ handoff: 'B', message: 'm' }), { kind: 'handoff', to: 'B' });
  });

  test('a full step passes as it is; anything else is invalid', () => {
    const full = { kind: 'tool_call', tool: 't' };
    assert.equal(expandExpected(full), full);
    assert.deepEqual(expandExpected(7), { kind: 'invalid', value: 7 });
    assert.deepEqual(expandExpected(null), { kind: 'invalid', value: null });
    assert.deepEqual(expandExpected({ agent: 'A' }), { kind: 'invalid', value: { agent: 'A' } });
  });
});

describe('names and values that are not plain', () => {
  test('a value that is not an object is an invalid expected step, whatever its type', () => {
    for (const value of ['tool', 7, true, undefined, null]) {
      assert.deepEqual(expandExpected(value), { kind: 'invalid', value });
    }
  });

  test("a matcher in a call's name position is written as its own description", () => {
    const anyString = {
      asymmetricMatch: (actual: unknown) => typeof actual === 'string',
      toAsymmetricMatcher: () => 'Any<String>',
    };
    const line = formatStepLine({ kind: 'tool_call', tool: anyString, args: {} } as never, 80);
    assert.ok(line.includes('Any<String>({})'), line);
  });
});
