// How the context form names a test and finds its file, from what each
// runner's test context offers (node:test's fullName and filePath, Deno's
// steps and origin), and file: URLs as paths.
import assert from 'node:assert/strict';
import { currentTestRun, toPath, withDoubles } from 'scripted-agents/runner';
import type { TestContextLike, TestIdentity } from 'scripted-agents/runner';
import { describe, test } from './_harness.ts';

async function identity(
  context: TestContextLike,
  options: { file?: string; titles?: string[] } = {},
): Promise<TestIdentity> {
  let seen: TestIdentity | undefined;
  await withDoubles(() => {
    seen = currentTestRun()?.test;
  }, options)(context);
  assert.ok(seen !== undefined, 'a test run inside the body');
  return seen;
}

describe('withDoubles names', () => {
  test("node:test's fullName is split into titles", async () => {
    const seen = await identity({
      name: 'case',
      fullName: 'suite > inner > case',
      filePath: '/t/a.test.ts',
    });
    assert.deepEqual(seen, { file: '/t/a.test.ts', titles: ['suite', 'inner', 'case'] });
  });

  test('without a fullName the names of the step and its parents are used', async () => {
    const seen = await identity({
      name: 'step',
      origin: 'file:///t/b_test.ts',
      parent: { name: 'outer', parent: {} },
      fullName: '',
    });
    assert.deepEqual(seen, { file: '/t/b_test.ts', titles: ['outer', 'step'] });
  });

  test('a context with no name is "test"; given titles and file win', async () => {
    assert.deepEqual((await identity({}, { file: '/x/c.ts' })).titles, ['test']);
    const seen = await identity({ name: 'n', fullName: 'a > n', filePath: '/t/a.ts' }, {
      file: 'file:///given/d.ts',
      titles: ['given'],
    });
    assert.deepEqual(seen, { file: '/given/d.ts', titles: ['given'] });
  });
});

describe('toPath', () => {
  test('file: URLs become paths, drive letters kept, escapes decoded', () => {
    assert.equal(toPath('file:///app/tests/a%20b.test.ts'), '/app/tests/a b.test.ts');
    assert.equal(toPath('file:///C:/app/a.test.ts'), 'C:/app/a.test.ts');
    assert.equal(toPath('file:///c:/x'), 'c:/x');
    assert.equal(toPath('file:///CC:/x'), '/CC:/x');
    assert.equal(toPath('file:///app/C:/x'), '/app/C:/x');
  });

  test('anything else is unchanged', () => {
    assert.equal(toPath('/app/tests/a.test.ts'), '/app/tests/a.test.ts');
    assert.equal(toPath('C:\\app\\a.test.ts'), 'C:\\app\\a.test.ts');
    assert.equal(toPath('http://x/file:a'), 'http://x/file:a');
  });
});
