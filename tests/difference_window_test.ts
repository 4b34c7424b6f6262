// Long values in drift and mismatch messages are shown around their first difference
// (_internal/format.ts), so the recorded and the current line never read the same: the
// shared window itself, and the messages that use it (a cassette miss, a realtime drift).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { assistantMessage } from 'scripted-agents/testing';
import { Cassette, CassetteMissError } from 'scripted-agents/cassette';
import { RealtimeTranscriptDriftError } from 'scripted-agents/realtime_testing';
import { differenceWindow } from '../_internal/format.ts';
import { describe, test } from './_harness.ts';
import { checkProperty } from './_property.ts';

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

const PROMPT = 'You are a support agent for ACME. '.repeat(12);

describe('differenceWindow', () => {
  test('short texts are shown whole', () => {
    assert.deepEqual(differenceWindow('abc', 'abd', 100), ['abc', 'abd']);
  });

  test('long texts are cut around the first difference, an ellipsis on each cut side', () => {
    const [recorded, now] = differenceWindow(`${PROMPT}Be brief.`, `${PROMPT}Be kind.`, 60);
    assert.ok(recorded.startsWith('…') && now.startsWith('…'), recorded);
    assert.ok(recorded.endsWith('Be brief.') && now.endsWith('Be kind.'), now);
    assert.ok(recorded.length <= 60 && now.length <= 60);
    const [head, headNow] = differenceWindow(`x${PROMPT}`, `y${PROMPT}`, 40);
    assert.ok(!head.startsWith('…') && head.endsWith('…') && head.length === 40, head);
    assert.equal(headNow, `y${head.slice(1)}`);
    const [middle] = differenceWindow(`${PROMPT}!${PROMPT}`, `${PROMPT}?${PROMPT}`, 40);
    assert.ok(middle.startsWith('…') && middle.endsWith('…') && middle.length === 40, middle);
    assert.ok(middle.includes('!'));
  });

  test('exact windows: at the width, near the end, after the start, for equal texts', () => {
    const x = (n: number) => 'x'.repeat(n);
    // Both exactly as wide as allowed: whole.
    assert.deepEqual(differenceWindow(`${x(19)}a`, `${x(19)}b`, 20), [`${x(19)}a`, `${x(19)}b`]);
    // One as wide as allowed, shown whole; the other cut after the window.
    assert.deepEqual(differenceWindow(`a${x(19)}`, `b${x(24)}`, 20), [`a${x(19)}`, `b${x(18)}…`]);
    // A difference at the very end: the window moves back to stay full.
    assert.deepEqual(differenceWindow(`${x(40)}a`, `${x(40)}b`, 20), [
      `…${x(17)}a`,
      `…${x(17)}b`,
    ]);
    // Near the end of the longer text: filled up to its end.
    assert.deepEqual(differenceWindow(`${x(40)}a${x(3)}`, `${x(40)}b`, 20), [
      `…${x(14)}a${x(3)}`,
      `…${x(14)}b`,
    ]);
    // Early in long texts: six characters before the difference, the rest cut.
    assert.deepEqual(differenceWindow(`${x(30)}a${x(40)}`, `${x(30)}b${x(40)}`, 20), [
      `…${x(6)}a${x(11)}…`,
      `…${x(6)}b${x(11)}…`,
    ]);
    // The length of the longer text places the window, not the shorter.
    assert.deepEqual(differenceWindow(`${x(30)}a`, `${x(30)}b${x(30)}`, 20), [
      `…${x(6)}a`,
      `…${x(6)}b${x(11)}…`,
    ]);
    // Equal long texts (no difference) give their end twice.
    assert.deepEqual(differenceWindow(x(30), x(30), 20), [`…${x(18)}`, `…${x(18)}`]);
  });

  test('surrogate pairs: only a real pair moves the window, at its start or its end', () => {
    const x = (n: number) => 'x'.repeat(n);
    const chars = (...codes: number[]) => String.fromCharCode(...codes);
    // The window of these starts at index 12, on `second`: it moves back only onto a pair.
    for (
      const [before, code, moves] of [
        [0xd800, 0xdc00, true],
        [0xdbff, 0xdfff, true],
        [0xd7ff, 0xdc00, false],
        [0xdc00, 0xdc00, false],
        [0xd800, 0xdbff, false],
        [0xd800, 0xe000, false],
      ] as const
    ) {
      const text = `${x(11)}${chars(before, code)}${x(16)}`;
      const [line] = differenceWindow(`${text}a`, `${text}b`, 20);
      const shown = moves ? chars(before, code) : chars(code);
      assert.equal(line, `…${shown}${x(16)}a`, `${before.toString(16)} ${code.toString(16)}`);
    }
    // The window of these would end between the halves: it ends before the pair.
    for (const pair of [chars(0xd800, 0xdc00), chars(0xdbff, 0xdfff)]) {
      const text = (c: string) => `${x(30)}${c}${x(10)}${pair}${x(9)}`;
      assert.deepEqual(differenceWindow(text('a'), text('b'), 20), [
        `…${x(6)}a${x(10)}…`,
        `…${x(6)}b${x(10)}…`,
      ]);
    }
  });

  test('a surrogate pair is never cut in half', () => {
    const emoji = '😀'.repeat(80);
    for (const width of [20, 21, 22, 23]) {
      for (
        const [a, b] of [[`${emoji}a${emoji}`, `${emoji}b${emoji}`], [`a${emoji}`, `b${emoji}`]]
      ) {
        for (const line of differenceWindow(a, b, width)) {
          assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(line), `${width}: ${line}`);
          assert.ok(!/(?<![\ud800-\udbff])[\udc00-\udfff]/.test(line), `${width}: ${line}`);
        }
      }
    }
  });

  test('property: two different texts give two different lines, each showing where they differ', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '…', ' ', '😀', 'é'), maxLength: 40 });
    checkProperty(
      500,
      fc.property(
        text,
        fc.nat(300),
        text,
        text,
        fc.integer({ min: 12, max: 120 }),
        (stem, repeat, tailA, tailB, width) => {
          const prefix = stem.repeat(Math.ceil(repeat / Math.max(stem.length, 1)));
          const a = prefix + tailA;
          const b = prefix + tailB;
          fc.pre(a !== b);
          const [lineA, lineB] = differenceWindow(a, b, width);
          assert.notEqual(lineA, lineB);
          assert.ok(lineA.length <= width && lineB.length <= width);
          const at = firstDifference(a, b);
          for (const [line, whole] of [[lineA, a], [lineB, b]]) {
            // The first differing character, with what leads up to it.
            const around = whole.slice(Math.max(0, at - 2), at + 1);
            assert.ok(line.includes(around), `${JSON.stringify(line)} lacks ${around}`);
            if (whole.length <= width && a.length <= width && b.length <= width) {
              assert.equal(line, whole);
            }
          }
        },
      ),
    );
  });
});

describe('drift messages use the window', () => {
  test('a cassette miss on a long prompt changed near its end shows two different lines', async () => {
    const fields = { modelSettings: {}, tools: [], handoffs: [], outputType: 'text' };
    const cassette = Cassette.fromJSON({
      format: 'scripted-agents/cassette',
      version: 2,
      models: {},
      interactions: [{
        model: 'm',
        streamed: false,
        request: { systemInstructions: `${PROMPT}Be brief.`, input: 'hi', ...fields },
        response: { output: [assistantMessage('ok')], usage: { requests: 1 } },
      }],
      blobs: {},
    });
    const error = await cassette.model('m').getResponse(
      { systemInstructions: `${PROMPT}Be kind.`, input: 'hi', ...fields, tracing: false } as never,
    ).catch((e) => e);
    assert.ok(error instanceof CassetteMissError, String(error));
    const lines = error.message.split('\n');
    const recorded = lines.find((line) => line.startsWith('    recorded: '))!;
    const now = lines.find((line) => line.startsWith('    now:      '))!;
    assert.notEqual(recorded.slice(14), now.slice(14));
    assert.match(recorded, /…[^…]*Be brief\."$/);
    assert.match(now, /…[^…]*Be kind\."$/);
    cassette.acknowledgeFailures();
  });

  test('a realtime drift in a long line shows it around the first difference', () => {
    const error = new RealtimeTranscriptDriftError({
      eventIndex: 0,
      expected: { type: 'session.update', instructions: `${PROMPT}Be brief.` },
      actual: { type: 'session.update', instructions: `${PROMPT}Be kind.` },
    });
    const lines = error.diff.split('\n');
    assert.equal(lines[1], '    "type": "session.update",');
    const removed = lines.find((line) => line.startsWith('-'))!;
    const added = lines.find((line) => line.startsWith('+'))!;
    assert.match(removed, /^- {3}"instructions": …[^…]*Be brief\."$/);
    assert.match(added, /^\+ {3}"instructions": …[^…]*Be kind\."$/);
    assert.ok(removed.length <= 120 && added.length <= 120, removed);
  });

  test('a realtime drift: unchanged long lines keep their start, unpaired ones too', () => {
    const P = 'You are a support agent for ACME. '.repeat(6);
    const diff = (expected: unknown, actual: unknown) =>
      new RealtimeTranscriptDriftError({ eventIndex: 0, expected, actual }).diff.split('\n');
    // After the key, 98 characters of the value and an ellipsis (the quote counts).
    const cut = P.slice(0, 98);
    assert.deepEqual(diff({ type: 'x', long: P, n: 1 }, { type: 'x', long: P, n: 2 }), [
      '  {',
      '    "type": "x",',
      `    "long": "${cut}…`,
      '-   "n": 1',
      '+   "n": 2',
      '  }',
    ]);
    // The first removed line pairs with the added one; the second is cut after its start.
    assert.deepEqual(diff({ a: `${P}1`, b: `${P}2`, c: 1 }, { a: `${P}3`, c: 1 }), [
      '  {',
      `-   "a": …${P.slice(-95)}1",`,
      `-   "b": "${cut}…`,
      `+   "a": …${P.slice(-95)}3",`,
      '    "c": 1',
      '  }',
    ]);
    // Different keys: the whole lines are compared, and differ at the key.
    assert.deepEqual(diff({ a: `${P}1` }, { b: `${P}2` }), [
      '  {',
      `-   "a": "${P.slice(0, 91)}…`,
      `+   "b": "${P.slice(0, 91)}…`,
      '  }',
    ]);
    // Each run of changes pairs its own lines.
    assert.deepEqual(diff({ a: `${P}1`, k: 1, b: `${P}2` }, { a: `${P}3`, k: 1, b: `${P}4` }), [
      '  {',
      `-   "a": …${P.slice(-95)}1",`,
      `+   "a": …${P.slice(-95)}3",`,
      '    "k": 1,',
      `-   "b": …${P.slice(-96)}2"`,
      `+   "b": …${P.slice(-96)}4"`,
      '  }',
    ]);
    // One removed and two added lines: the second added one is cut after its start.
    assert.deepEqual(diff([`${P}1`], [`${P}2`, `${P}3`]), [
      '  [',
      `-   …${P.slice(-95)}1"`,
      `+   …${P.slice(-95)}2",`,
      `+   "${cut}…`,
      '  ]',
    ]);
    // An array item has no key: only the indentation stays in front.
    assert.deepEqual(diff([`${P}1`], [`${P}2`]), [
      '  [',
      `-   …${P.slice(-96)}1"`,
      `+   …${P.slice(-96)}2"`,
      '  ]',
    ]);
  });
});
