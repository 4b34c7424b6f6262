// One test's run: its name, network permission, cassette claims, and the
// verification of the doubles it created (newest first, each disposed once
// through its own method, settled ones skipped, every failure reported).
import assert from 'node:assert/strict';
import { TestRun } from 'scripted-agents/runner';
import { assistantMessage, doubleScope, UnconsumedModelStepsError } from 'scripted-agents/testing';
import { liveDoubleRegistry, settleDouble } from '../_internal/live_doubles.ts';
import { describe, test } from './_harness.ts';

describe('TestRun', () => {
  test('its name joins the titles; the network is off until allowed', () => {
    const run = new TestRun({ file: '/t/a.test.ts', titles: ['suite', 'inner', 'case'] });
    assert.equal(run.name, 'suite › inner › case');
    assert.deepEqual(run.test, { file: '/t/a.test.ts', titles: ['suite', 'inner', 'case'] });
    assert.equal(run.networkAllowed, false);
    run.allowNetwork();
    assert.equal(run.networkAllowed, true);
  });

  test('a cassette path is claimed once per run', () => {
    const run = new TestRun({ file: undefined, titles: ['t'] });
    assert.equal(run.claimCassette('/t/a.json'), true);
    assert.equal(run.claimCassette('/t/a.json'), false);
    assert.equal(run.claimCassette('/t/b.json'), true);
  });

  test('an async dispose wins over a sync one, called on the double itself', async () => {
    const calls: string[] = [];
    const double = {
      [Symbol.asyncDispose](this: unknown) {
        calls.push(this === double ? 'async on double' : 'async elsewhere');
        return Promise.resolve();
      },
      [Symbol.dispose]() {
        calls.push('sync');
      },
    };
    const syncOnly = {
      [Symbol.dispose](this: unknown) {
        calls.push(this === syncOnly ? 'sync on double' : 'sync elsewhere');
      },
    };
    const run = new TestRun({ file: undefined, titles: ['t'] });
    run.track(syncOnly);
    run.track(double);
    await run.verify();
    assert.deepEqual(calls, ['async on double', 'sync on double']);
  });

  test('doubles created after verification are not tracked; settled ones are skipped', async () => {
    const calls: string[] = [];
    const run = new TestRun({ file: undefined, titles: ['t'] });
    const settled = { [Symbol.dispose]: () => calls.push('settled') };
    liveDoubleRegistry(); // settling is recorded only once a registry exists
    settleDouble(settled);
    run.track(settled);
    run.track({ [Symbol.dispose]: () => calls.push('live') });
    await run.verify();
    run.track({ [Symbol.dispose]: () => calls.push('late') });
    await run.verify();
    assert.deepEqual(calls, ['live', 'live']);
  });

  test('one failure is thrown as it is', async () => {
    const failure = new RangeError('left over');
    const run = new TestRun({ file: undefined, titles: ['t'] });
    run.track({
      [Symbol.dispose]: () => {
        throw failure;
      },
    });
    await assert.rejects(run.verify(), (error) => error === failure);
  });

  test('several failures, blocked requests included, are one AggregateError naming the test', async () => {
    const run = new TestRun({ file: undefined, titles: ['suite', 'case'] });
    run.track({
      [Symbol.dispose]: () => {
        throw new Error('first double');
      },
    });
    run.track({
      [Symbol.asyncDispose]: () => Promise.reject(new Error('second double')),
    });
    run.noteBlocked(new Error('blocked fetch'));
    await assert.rejects(run.verify(), (error: AggregateError) => {
      assert.ok(error instanceof AggregateError);
      assert.equal(error.errors.length, 3);
      assert.equal(error.errors[2].name, 'DoubleFailuresError');
      assert.equal(
        error.message,
        'verifying the test doubles of "suite › case" found 3 problems: second double | ' +
          'first double | The offline test network guard raised 1 failure during the test, even ' +
          'if the code under test caught it: #1 Error: blocked fetch',
      );
      return true;
    });
  });

  test('blocked requests alone are one DoubleFailuresError', async () => {
    const run = new TestRun({ file: undefined, titles: ['t'] });
    run.noteBlocked('one');
    run.noteBlocked('two');
    await assert.rejects(run.verify(), (error: Error & { failures: unknown[] }) => {
      assert.equal(error.name, 'DoubleFailuresError');
      assert.deepEqual(error.failures, ['one', 'two']);
      return true;
    });
  });

  // Vitest runs the entry's afterEach (the run's verification) before onTestFinished (where a
  // test finishes its scope); node:test's t.after and Jest's afterEach run before the entry's.
  test("a scope's double is reported once, whether the run or the scope verifies first", async () => {
    const runFirst = new TestRun({ file: undefined, titles: ['run first'] });
    const early = doubleScope();
    runFirst.track(early.model([[assistantMessage('never requested')]]));
    await assert.rejects(runFirst.verify(), UnconsumedModelStepsError);
    await early.finish();

    const scopeFirst = new TestRun({ file: undefined, titles: ['scope first'] });
    const late = doubleScope();
    scopeFirst.track(late.model([[assistantMessage('never requested')]]));
    await assert.rejects(late.finish(), UnconsumedModelStepsError);
    await scopeFirst.verify();
  });
});
