// The changed window of a long text in a recording diff, to the character: how
// much unchanged text stays around a change, where the cut falls and where the
// ellipsis goes; when a text counts as rewritten (old text, then new, instead of
// interleaved words); how long a non-text value may be; and where added,
// removed and changed units sit when runs of changes follow each other.
import assert from 'node:assert/strict';
import {
  diffRecordings,
  formatRecordingDiff,
  parseRecording,
  renderRecordingDiffPage,
} from '../cassette/recording_view.ts';
import { describe, test } from './_harness.ts';

/** A realtime transcript of server events: the smallest recording to diff. */
function transcript(events: readonly Record<string, unknown>[]): string {
  return JSON.stringify({
    format: 'scripted-agents/realtime-transcript',
    version: 1,
    connections: [{
      url: 'wss://x',
      entries: events.map((event) => ({ direction: 'server', event })),
      close: null,
    }],
  });
}

const diffOf = (old: unknown, current: unknown) =>
  diffRecordings(
    parseRecording(transcript([{ type: 't', text: old }]), 'a'),
    parseRecording(transcript([{ type: 't', text: current }]), 'b'),
  );

/** The lines the terminal diff shows under the changed field `event.text`. */
function windowOf(old: unknown, current: unknown): string[] {
  const lines = formatRecordingDiff(diffOf(old, current)).split('\n');
  const at = lines.indexOf('    event.text:');
  assert.ok(at > 0, lines.join('\n'));
  return lines.slice(at + 1, -1).map((line) => line.replace(/^ {6}/, ''));
}

const A = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('changed window of a text', () => {
  test('unchanged text before the first change keeps its last 40 characters after an ellipsis', () => {
    // 51 unchanged characters (50 and a space): cut to the 40 next to the change.
    assert.deepEqual(windowOf(`${A.slice(0, 50)} old`, `${A.slice(0, 50)} new`), [
      `…${A.slice(11, 50)} [-old-]{+new+}`,
    ]);
    // Exactly 40: kept whole, no ellipsis.
    assert.deepEqual(windowOf(`${A.slice(0, 39)} old`, `${A.slice(0, 39)} new`), [
      `${A.slice(0, 39)} [-old-]{+new+}`,
    ]);
  });

  test('unchanged text after the last change keeps its first 40 characters before an ellipsis', () => {
    assert.deepEqual(windowOf(`old ${A.slice(0, 50)}`, `new ${A.slice(0, 50)}`), [
      `[-old-]{+new+} ${A.slice(0, 39)}…`,
    ]);
    assert.deepEqual(windowOf(`old ${A.slice(0, 39)}`, `new ${A.slice(0, 39)}`), [
      `[-old-]{+new+} ${A.slice(0, 39)}`,
    ]);
  });

  test('unchanged text between two changes keeps 40 characters on each side when longer than 80', () => {
    // 52 unchanged characters between the changes: kept whole.
    assert.deepEqual(windowOf(`old ${A.slice(0, 50)} old`, `new ${A.slice(0, 50)} new`), [
      `[-old-]{+new+} ${A.slice(0, 50)} [-old-]{+new+}`,
    ]);
    // Exactly 80: kept whole.
    const eighty = `${A}${A.slice(0, 16)}`;
    assert.deepEqual(windowOf(`old ${eighty} old`, `new ${eighty} new`), [
      `[-old-]{+new+} ${eighty} [-old-]{+new+}`,
    ]);
    // 102: its first 40 and last 40 around a spaced ellipsis.
    const long = `${A}${A.slice(0, 38)}`;
    assert.deepEqual(windowOf(`old ${long} old`, `new ${long} new`), [
      `[-old-]{+new+} ${long.slice(0, 39)} … ${long.slice(-39)} [-old-]{+new+}`,
    ]);
  });

  test('the page shows the same window, the changes marked as deleted and inserted', async () => {
    const html = await renderRecordingDiffPage(
      diffOf(`${A.slice(0, 50)} old`, `${A.slice(0, 50)} new`),
    );
    assert.ok(
      html.includes(`<pre class="text">…${A.slice(11, 50)} <del>old</del><ins>new</ins></pre>`),
      html,
    );
  });
});

describe('rewritten text', () => {
  test('less than 40% of the longer text unchanged (spaces not counted) shows old, then new', () => {
    // Unchanged: " bbbb " and " dddd ", 8 characters without the spaces, of 24 (9.6 needed).
    assert.deepEqual(windowOf('aaaa bbbb cccc dddd eeee', 'xxxx bbbb yyyy dddd zzzz'), [
      '[-aaaa bbbb cccc dddd eeee-]',
      '{+xxxx bbbb yyyy dddd zzzz+}',
    ]);
    // The longer text counts: 14 unchanged of 50.
    assert.deepEqual(
      windowOf('keep this part and then a lot of other words here', 'keep this part'),
      ['[-keep this part and then a lot of other words here-]', '{+keep this part+}'],
    );
    assert.deepEqual(
      windowOf('keep this part', 'keep this part and then a lot of other words here'),
      ['[-keep this part-]', '{+keep this part and then a lot of other words here+}'],
    );
  });

  test('exactly 40% unchanged stays interleaved', () => {
    // 10 unchanged of 25.
    assert.deepEqual(windowOf(`keepkeepke ${'a'.repeat(14)}`, `keepkeepke ${'b'.repeat(14)}`), [
      `keepkeepke [-${'a'.repeat(14)}-]{+${'b'.repeat(14)}+}`,
    ]);
  });

  test('a text of at most 20 characters (surrounding spaces not counted) stays interleaved', () => {
    assert.deepEqual(windowOf('a'.repeat(20), 'b'.repeat(20)), [
      `[-${'a'.repeat(20)}-]{+${'b'.repeat(20)}+}`,
    ]);
    const padded = ' '.repeat(30);
    assert.deepEqual(windowOf(`ab cd${padded}`, 'ab ce'), [`ab [-cd${padded}-]{+ce+}`]);
    assert.deepEqual(windowOf('ab ce', `ab cd${padded}`), [`ab [-ce-]{+cd${padded}+}`]);
  });

  test('a rewritten text longer than 240 characters is cut to 239 and an ellipsis', () => {
    assert.deepEqual(windowOf('a'.repeat(241), 'b'.repeat(240)), [
      `[-${'a'.repeat(239)}…-]`,
      `{+${'b'.repeat(240)}+}`,
    ]);
  });
});

describe('values that are not two texts', () => {
  test('show as JSON, an absent one as (absent), longer than 200 characters cut to 199 and an ellipsis', () => {
    assert.deepEqual(windowOf(1, 2), ['- 1', '+ 2']);
    assert.deepEqual(windowOf(undefined, 'x'), ['- (absent)', '+ "x"']);
    assert.deepEqual(windowOf('x', undefined), ['- "x"', '+ (absent)']);
    // 198 characters and the quotes: 200, kept whole.
    assert.deepEqual(windowOf(1, 'x'.repeat(198)), ['- 1', `+ "${'x'.repeat(198)}"`]);
    // 201: cut.
    assert.deepEqual(windowOf(1, 'x'.repeat(199)), ['- 1', `+ "${'x'.repeat(198)}…`]);
  });
});

describe('positions of changes', () => {
  const changesOf = (from: string, to: string) =>
    diffRecordings(
      parseRecording(transcript([...from].map((type) => ({ type }))), 'a'),
      parseRecording(transcript([...to].map((type) => ({ type }))), 'b'),
    ).changes;

  test('an addition moves the positions of what follows in the new recording only', () => {
    assert.deepEqual(changesOf('abc', 'axbcy'), [
      { kind: 'added', newIndex: 1, label: 'connection 1 ← server x', fields: [], fieldCount: 0 },
      { kind: 'added', newIndex: 4, label: 'connection 1 ← server y', fields: [], fieldCount: 0 },
    ]);
  });

  test('a removal moves the positions of what follows in the old recording only', () => {
    assert.deepEqual(changesOf('abcde', 'acd'), [
      { kind: 'removed', oldIndex: 1, label: 'connection 1 ← server b', fields: [], fieldCount: 0 },
      { kind: 'removed', oldIndex: 4, label: 'connection 1 ← server e', fields: [], fieldCount: 0 },
    ]);
    assert.deepEqual(changesOf('abcd', 'acdbe').map((c) => [c.kind, c.oldIndex, c.newIndex]), [
      ['removed', 1, undefined],
      ['added', undefined, 3],
      ['added', undefined, 4],
    ]);
  });

  test('a change moves the positions of what follows in both recordings by its run', () => {
    assert.deepEqual(changesOf('abcde', 'axcd').map((c) => [c.kind, c.oldIndex, c.newIndex]), [
      ['changed', 1, 1],
      ['removed', 4, undefined],
    ]);
    assert.deepEqual(changesOf('abcd', 'axycde').map((c) => [c.kind, c.oldIndex, c.newIndex]), [
      ['changed', 1, 1],
      ['added', undefined, 2],
      ['added', undefined, 5],
    ]);
  });

  test('an added or removed unit shows its heading and no fields', () => {
    const text = formatRecordingDiff(
      diffRecordings(
        parseRecording(transcript([{ type: 'a' }, { type: 'b' }]), 'a'),
        parseRecording(
          transcript([{ type: 'a' }, { type: 'c' }, { type: 'b' }, { type: 'd' }]),
          'b',
        ),
      ),
    );
    assert.equal(
      text.split('\n').slice(2).join('\n'),
      '0 changed, 2 added, 0 removed\n\n+ event #2 added: connection 1 ← server c\n+ event #4 added: connection 1 ← server d\n',
    );
  });
});
