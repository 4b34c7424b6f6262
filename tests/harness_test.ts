// The cross-runtime harness is what makes teardown dependable in every other
// test file, so its contract is proven here in all three runtimes: teardowns run
// after the body (failing or not), in reverse order, each one despite earlier
// failures, and the body's error stays the one the runner reports.
import assert from 'node:assert/strict';
import { describe, runTestBody, runtimeName, test } from './_harness.ts';

/** A promise with its resolver, for ordering without timers (Node 20 lacks `Promise.withResolvers`). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('t.after', () => {
  test('runs after a successful body, in reverse registration order', async () => {
    const log: string[] = [];
    await runTestBody('ok', (t) => {
      t.after(() => {
        log.push('first registered');
      });
      t.after(() => {
        log.push('second registered');
      });
      log.push('body');
    });
    assert.deepEqual(log, ['body', 'second registered', 'first registered']);
  });

  test('runs after a failing body, and the body error is what rejects', async () => {
    const log: string[] = [];
    const bodyError = new Error('body failed');
    await assert.rejects(
      runTestBody('failing', async (t) => {
        t.after(() => {
          log.push('first registered');
        });
        t.after(() => {
          log.push('second registered');
        });
        log.push('body');
        await Promise.resolve();
        throw bodyError;
      }),
      (error) => error === bodyError,
    );
    assert.deepEqual(log, ['body', 'second registered', 'first registered']);
    assert.equal(Object.hasOwn(bodyError, 'teardownErrors'), false);
  });

  test('waits for the body to settle before the first teardown', async () => {
    const log: string[] = [];
    const gate = deferred();
    const run = runTestBody('async body', async (t) => {
      t.after(() => {
        log.push('teardown');
      });
      await gate.promise;
      log.push('body done');
    });
    await Promise.resolve();
    assert.deepEqual(log, []);
    gate.resolve();
    await run;
    assert.deepEqual(log, ['body done', 'teardown']);
  });

  test('awaits each async teardown before starting the next', async () => {
    const log: string[] = [];
    await runTestBody('async teardowns', (t) => {
      t.after(() => {
        log.push('registered first, runs last');
      });
      t.after(async () => {
        await Promise.resolve();
        await Promise.resolve();
        log.push('async teardown finished');
      });
    });
    assert.deepEqual(log, ['async teardown finished', 'registered first, runs last']);
  });

  test('a failing teardown does not stop the others, and the body error stays primary', async () => {
    const log: string[] = [];
    const bodyError = new TypeError('body failed');
    const teardownError = new Error('teardown failed');
    const reported: unknown[][] = [];
    await assert.rejects(
      runTestBody('both fail', (t) => {
        t.after(() => {
          log.push('first registered');
        });
        t.after(() => {
          log.push('second registered');
          throw teardownError;
        });
        throw bodyError;
      }, { reportLaterFailures: (primary, later) => reported.push([primary, ...later]) }),
      (error) => error === bodyError,
    );
    assert.deepEqual(log, ['second registered', 'first registered']);
    assert.deepEqual((bodyError as { teardownErrors?: unknown }).teardownErrors, [teardownError]);
    assert.deepEqual(reported, [[bodyError, teardownError]]);
  });

  test('after a successful body, the first failing teardown is what rejects', async () => {
    const log: string[] = [];
    const laterError = new Error('runs second, fails second');
    const firstError = new Error('runs first, fails first');
    const reported: unknown[][] = [];
    await assert.rejects(
      runTestBody('teardowns fail', (t) => {
        t.after(() => {
          log.push('third');
        });
        t.after(() => {
          log.push('second');
          throw laterError;
        });
        t.after(() => {
          log.push('first');
          throw firstError;
        });
      }, { reportLaterFailures: (primary, later) => reported.push([primary, ...later]) }),
      (error) => error === firstError,
    );
    assert.deepEqual(log, ['first', 'second', 'third']);
    assert.deepEqual((firstError as { teardownErrors?: unknown }).teardownErrors, [laterError]);
    assert.deepEqual(reported, [[firstError, laterError]]);
  });

  test('a thrown non-error value stays primary too', async () => {
    const log: string[] = [];
    const teardownError = new Error('teardown failed');
    const reported: unknown[][] = [];
    await assert.rejects(
      runTestBody('primitive', (t) => {
        t.after(() => {
          log.push('teardown');
          throw teardownError;
        });
        throw 'not an Error';
      }, { reportLaterFailures: (primary, later) => reported.push([primary, ...later]) }),
      (error) => error === 'not an Error',
    );
    assert.deepEqual(log, ['teardown']);
    assert.deepEqual(reported, [['not an Error', teardownError]]);
  });

  test('a failing body with clean teardowns reports nothing extra', async () => {
    const bodyError = new Error('body failed');
    const reported: unknown[] = [];
    await assert.rejects(
      runTestBody('clean teardown', (t) => {
        t.after(() => {});
        throw bodyError;
      }, { reportLaterFailures: (primary) => reported.push(primary) }),
      (error) => error === bodyError,
    );
    assert.deepEqual(reported, []);
  });
});

// Two registered tests prove the same through the runtime's own runner: every
// runtime runs the tests of one file in registration order.
let registeredTeardownRan = false;
describe('test()', () => {
  test('registers t.after with the runtime runner (part 1: registers)', (t) => {
    assert.equal(t.name, 'test() > registers t.after with the runtime runner (part 1: registers)');
    t.after(() => {
      registeredTeardownRan = true;
    });
    assert.equal(registeredTeardownRan, false);
  });

  test('registers t.after with the runtime runner (part 2: observes)', () => {
    assert.equal(registeredTeardownRan, true);
  });
});

test('runtimeName names the runtime executing the tests', () => {
  // deno-lint-ignore no-explicit-any
  const global = globalThis as any;
  const expected = global.Deno !== undefined ? 'deno' : global.Bun !== undefined ? 'bun' : 'node';
  assert.equal(runtimeName, expected);
});
