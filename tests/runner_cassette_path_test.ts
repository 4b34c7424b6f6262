// Cassette names per test: the folder a relative, absolute (POSIX, UNC, drive)
// or missing `dir` gives, the message when the runner does not tell the test's
// file, and the file names of titles no file system accepts as they are
// (device names, dots, exactly and over 120 characters, the hash of a long name).
import assert from 'node:assert/strict';
import { safeFileName, testCassettePath } from 'scripted-agents/runner';
import { describe, test } from './_harness.ts';

const inTests = { file: '/app/tests/weather.test.ts', titles: ['weather', 'Paris'] };

describe('testCassettePath', () => {
  test('a relative dir is taken from the test file folder', () => {
    assert.equal(
      testCassettePath(inTests, { dir: 'tapes' }),
      '/app/tests/tapes/weather › Paris.json',
    );
    assert.equal(
      testCassettePath(inTests, { dir: 'tapes/deep//' }),
      '/app/tests/tapes/deep/weather › Paris.json',
    );
  });

  test('an absolute POSIX, UNC or drive dir is used as it is', () => {
    assert.equal(
      testCassettePath(inTests, { dir: '/srv/tapes' }),
      '/srv/tapes/weather › Paris.json',
    );
    assert.equal(
      testCassettePath(inTests, { dir: '/srv/tapes//' }),
      '/srv/tapes/weather › Paris.json',
    );
    assert.equal(
      testCassettePath(inTests, { dir: '\\\\srv\\tapes' }),
      '\\\\srv\\tapes/weather › Paris.json',
    );
    assert.equal(testCassettePath(inTests, { dir: 'C:/tapes' }), 'C:/tapes/weather › Paris.json');
    assert.equal(
      testCassettePath(inTests, { dir: 'c:\\tapes\\' }),
      'c:\\tapes/weather › Paris.json',
    );
  });

  test('a drive letter later in a relative dir keeps it relative', () => {
    assert.equal(
      testCassettePath(inTests, { dir: 'x/C:/y' }),
      '/app/tests/x/C:/y/weather › Paris.json',
    );
    assert.equal(
      testCassettePath(inTests, { dir: 'C:tapes' }),
      '/app/tests/C:tapes/weather › Paris.json',
    );
  });

  test('without the test file an absolute dir still works', () => {
    assert.equal(
      testCassettePath({ file: undefined, titles: ['a'] }, { dir: '/srv/tapes' }),
      '/srv/tapes/a.json',
    );
  });

  test('without the test file and an absolute dir, the error names the test and the fix', () => {
    for (const dir of [undefined, 'tapes']) {
      assert.throws(
        () => testCassettePath({ file: undefined, titles: ['suite', 'case'] }, { dir }),
        {
          name: 'TypeError',
          message: 'The runner does not tell the file of test "suite › case", so its cassette ' +
            "has no default folder: pass an absolute one, useCassette({ dir: '/path/to/cassettes' }).",
        },
      );
    }
  });

  test('the default folder is __cassettes__/<test file> beside it, Windows separators too', () => {
    assert.equal(
      testCassettePath({ file: 'C:\\app\\t\\a.test.ts', titles: ['x'] }),
      'C:/app/t/__cassettes__/a.test.ts/x.json',
    );
  });
});

describe('safeFileName', () => {
  test('device names of Windows are prefixed, alone or before a dot only', () => {
    assert.equal(safeFileName('nul'), '_nul');
    assert.equal(safeFileName('con.txt'), '_con.txt');
    assert.equal(safeFileName('COM1'), '_COM1');
    assert.equal(safeFileName('lpt9.log'), '_lpt9.log');
    assert.equal(safeFileName('falcon'), 'falcon');
    assert.equal(safeFileName('console'), 'console');
    assert.equal(safeFileName('COMX'), 'COMX');
    assert.equal(safeFileName('LPTX'), 'LPTX');
  });

  test('a leading dot stays; trailing dots and spaces become underscores', () => {
    assert.equal(safeFileName('.env'), '.env');
    assert.equal(safeFileName('..'), '__');
    assert.equal(safeFileName('a. '), 'a__');
    assert.equal(safeFileName(''), '_');
  });

  test('120 characters stay as they are; more keep the start and end with the hash', () => {
    const exact = 'n'.repeat(120);
    assert.equal(safeFileName(exact), exact);
    assert.equal(safeFileName('y'.repeat(130)), `${'y'.repeat(111)}-75d49e77`);
    // A hash with a leading zero keeps its 8 digits.
    assert.equal(safeFileName(`${'x'.repeat(130)}368`), `${'x'.repeat(111)}-04350314`);
  });
});
