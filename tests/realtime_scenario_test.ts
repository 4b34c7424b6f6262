import assert from 'node:assert/strict';
import {
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  ScriptedRealtimeScenarioCancelledError,
  type ScriptedRealtimeScenarioContext,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';
import { deferred } from './_realtime_fixtures.ts';

const forever = new Promise<never>(() => {});

describe('runScenario outcomes', () => {
  test('resolves with the exercise value once both sides finish and the transport is complete', async () => {
    const transport = new ScriptedRealtimeTransport();
    const value = await transport.runScenario({
      scenario: async ({ expectCall }) => {
        await expectCall('mute', (call) => call.muted);
        await expectCall('interrupt');
      },
      exercise: async () => {
        transport.mute(true);
        await null;
        transport.interrupt();
        return 42;
      },
    });
    assert.equal(value, 42);
    transport.assertComplete();
  });

  test('starts both sides in microtasks, scenario first, and runs them concurrently', async () => {
    const transport = new ScriptedRealtimeTransport();
    const order: string[] = [];
    const scenarioWaiting = deferred();
    const run = transport.runScenario({
      scenario: async () => {
        order.push('scenario');
        await scenarioWaiting.promise;
        order.push('scenario resumed');
      },
      exercise: () => {
        order.push('exercise');
        scenarioWaiting.resolve();
      },
    });
    order.push('after runScenario()');
    await run;
    assert.deepEqual(order, ['after runScenario()', 'scenario', 'exercise', 'scenario resumed']);
  });

  test('a synchronous throw from either side becomes the run rejection', async () => {
    for (const side of ['scenario', 'exercise'] as const) {
      const transport = new ScriptedRealtimeTransport();
      const thrown = new Error(`${side} threw`);
      const error = await transport.runScenario({
        scenario: side === 'scenario'
          ? () => {
            throw thrown;
          }
          : () => forever,
        exercise: side === 'exercise'
          ? () => {
            throw thrown;
          }
          : () => forever,
      }).catch((e) => e);
      assert.equal(error, thrown);
    }
  });

  test('a rejected side rejects the run and every pending expectation with its original value', async () => {
    for (const value of ['plain string', undefined, { code: 7 }]) {
      const transport = new ScriptedRealtimeTransport();
      let pending: Promise<unknown> | undefined;
      const outcome = await transport.runScenario({
        scenario: ({ expectCall }) => {
          pending = expectCall('sendMessage');
          return forever;
        },
        exercise: async () => {
          await null;
          throw value;
        },
      }).then(() => 'fulfilled', (error) => ({ error }));
      assert.deepEqual(outcome, { error: value });
      assert.equal(
        await pending?.catch((error) => ({ error })).then((r) => (r as { error: unknown }).error),
        value,
      );
      // The pending expectation was removed: nothing is left over.
      transport.assertComplete();
    }
  });

  test('an expectation failure ends the run with that exact error', async () => {
    const cases = {
      unexpected: { matcher: undefined, error: UnexpectedRealtimeCallError },
      matcher: { matcher: () => false, error: RealtimeCallMatcherError },
    };
    for (const [name, { matcher, error: ErrorClass }] of Object.entries(cases)) {
      const transport = new ScriptedRealtimeTransport();
      let expectation: Promise<unknown> | undefined;
      const error = await transport.runScenario({
        scenario: async ({ expectCall }) => {
          expectation = name === 'unexpected'
            ? expectCall('mute')
            : expectCall('interrupt', matcher);
          await expectation;
        },
        exercise: async () => {
          try {
            transport.interrupt();
          } catch {
            // The application swallows it; the run still fails.
          }
          await forever;
        },
      }).catch((e) => e);
      assert.ok(error instanceof ErrorClass, name);
      assert.equal(await expectation?.catch((e) => e), error);
      assert.deepEqual(transport.acknowledgeFailures(), [error]);
    }
  });

  test('a value thrown by a matcher ends the run unchanged', async () => {
    const transport = new ScriptedRealtimeTransport();
    const assertion = new assert.AssertionError({ message: 'wrong message' });
    const error = await transport.runScenario({
      scenario: async ({ expectCall }) => {
        await expectCall('sendMessage', () => {
          throw assertion;
        });
      },
      exercise: () => {
        assert.throws(() => transport.sendMessage('Hi', {}), (e) => e === assertion);
        return forever;
      },
    }).catch((e) => e);
    assert.equal(error, assertion);
    transport.acknowledgeFailures();
  });

  test('the exercise ending with an expectation pending fails with Incomplete, shared by identity', async () => {
    const transport = new ScriptedRealtimeTransport();
    let pending: Promise<unknown> | undefined;
    const error = await transport.runScenario({
      scenario: async ({ expectCall }) => {
        pending = expectCall('sendMessage');
        await pending;
      },
      exercise: async () => {},
    }).catch((e) => e);
    assert.ok(error instanceof IncompleteRealtimeScenarioError);
    assert.deepEqual(error.pendingExpectations, [{ order: 1, method: 'sendMessage' }]);
    assert.equal(
      error.message,
      'ScriptedRealtimeTransport scenario is incomplete: 0 unconsumed calls, ' +
        '1 pending expectation (#1 sendMessage), and 0 pending failures. Find why the ' +
        'application never made the expected call (it stopped early, or calls another ' +
        'method), or drop the expectations the workflow no longer has.',
    );
    assert.equal(await pending?.catch((e) => e), error);
    transport.assertComplete();
  });

  test('a scenario finishing in the same turn as the exercise still succeeds', async () => {
    const transport = new ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'k' });
    void transport.expectCall('connect');
    const value = await transport.runScenario({
      scenario: async ({ expectCall }) => {
        await expectCall('close');
      },
      // The exercise's last call settles the scenario's last expectation: the
      // run peeks at the scenario before declaring the expectation incomplete.
      exercise: () => {
        transport.close();
        return 'closed';
      },
    });
    assert.equal(value, 'closed');
  });

  test('after the exercise, an expectation with nothing to consume fails at once, awaited or not', async () => {
    for (const awaited of [true, false]) {
      const transport = new ScriptedRealtimeTransport();
      const exerciseDone = deferred();
      let late: Promise<unknown> | undefined;
      const error = await transport.runScenario({
        scenario: async ({ expectCall }) => {
          await exerciseDone.promise;
          // Give the run a few turns to notice the exercise finished.
          for (let i = 0; i < 10; i++) await null;
          late = expectCall('mute');
          if (awaited) await late;
          else await forever;
        },
        exercise: () => {
          exerciseDone.resolve();
        },
      }).catch((e) => e);
      assert.ok(error instanceof IncompleteRealtimeScenarioError);
      assert.deepEqual(error.pendingExpectations, [{ order: 1, method: 'mute' }]);
      assert.equal(await late?.catch((e) => e), error);
    }
  });

  test('after the exercise, an expectation can still consume a call made before it', async () => {
    const transport = new ScriptedRealtimeTransport();
    const exerciseDone = deferred();
    const value = await transport.runScenario({
      scenario: async ({ expectCall }) => {
        await exerciseDone.promise;
        for (let i = 0; i < 10; i++) await null;
        await expectCall('mute');
      },
      exercise: () => {
        transport.mute(true);
        exerciseDone.resolve();
        return 'ok';
      },
    });
    assert.equal(value, 'ok');
  });

  test('the final completeness check fails on unexpected calls and unused failures', async () => {
    const transport = new ScriptedRealtimeTransport();
    transport.failNextCall('close', new Error('never used'));
    const error = await transport.runScenario({
      scenario: async ({ expectCall }) => {
        await expectCall('mute');
      },
      exercise: () => {
        transport.mute(true);
        transport.interrupt();
      },
    }).catch((e) => e);
    assert.ok(error instanceof IncompleteRealtimeScenarioError);
    assert.deepEqual(error.unconsumedCalls, [{ index: 1, method: 'interrupt' }]);
    assert.deepEqual(error.pendingFailures, [{ method: 'close', count: 1 }]);
    // Neither the buffered call nor the unused failure is cleared by the failed run.
    assert.throws(() => transport.assertComplete(), IncompleteRealtimeScenarioError);
  });

  test('the context emit is the transport emit, synchronous', async () => {
    const transport = new ScriptedRealtimeTransport();
    const heard: string[] = [];
    transport.on('audio_interrupted', () => heard.push('heard'));
    await transport.runScenario({
      scenario: ({ emit }) => {
        assert.equal(emit('audio_interrupted'), true);
        assert.deepEqual(heard, ['heard']);
        assert.equal(emit('audio_done'), false);
      },
      exercise: () => {},
    });
  });
});

describe('runScenario cancellation', () => {
  test('an already aborted signal rejects at once and invokes neither side', async () => {
    const transport = new ScriptedRealtimeTransport();
    const direct = transport.expectCall('connect');
    let invoked = false;
    const controller = new AbortController();
    controller.abort();
    const error = await transport.runScenario({
      signal: controller.signal,
      scenario: () => {
        invoked = true;
      },
      exercise: () => {
        invoked = true;
      },
    }).catch((e) => e);
    assert.ok(error instanceof ScriptedRealtimeScenarioCancelledError);
    assert.equal(error.name, 'AbortError');
    assert.deepEqual(error.pendingExpectations, [{ order: 1, method: 'connect' }]);
    assert.equal(invoked, false);
    await transport.connect({ apiKey: 'k' });
    await direct;
  });

  test('aborting during the run cancels it with the expectations pending at that moment', async () => {
    const transport = new ScriptedRealtimeTransport();
    const controller = new AbortController();
    let pending: Promise<unknown> | undefined;
    const error = await transport.runScenario({
      signal: controller.signal,
      scenario: async ({ expectCall }) => {
        await expectCall('connect');
        pending = expectCall('sendMessage');
        await pending;
      },
      exercise: async () => {
        await transport.connect({ apiKey: 'k' });
        // A deadline reached: the test's own signal, no timer involved.
        controller.abort();
        await forever;
      },
    }).catch((e) => e);
    assert.ok(error instanceof ScriptedRealtimeScenarioCancelledError);
    assert.equal(error.name, 'AbortError');
    assert.deepEqual(error.pendingExpectations, [{ order: 2, method: 'sendMessage' }]);
    assert.equal(
      error.message,
      'ScriptedRealtimeTransport scenario was cancelled with pending expectations: #2 sendMessage.',
    );
    assert.equal(await pending?.catch((e) => e), error);
    transport.assertComplete();
  });

  test('the abort listener is added once and removed when the run ends', async () => {
    const added: unknown[] = [];
    const removed: unknown[] = [];
    const signal = {
      aborted: false,
      addEventListener(type: string, listener: unknown, options: unknown) {
        added.push([type, listener, options]);
      },
      removeEventListener(type: string, listener: unknown) {
        removed.push([type, listener]);
      },
    } as unknown as AbortSignal;
    const transport = new ScriptedRealtimeTransport();
    await transport.runScenario({ signal, scenario: () => {}, exercise: () => {} });
    assert.equal(added.length, 1);
    const [type, listener, options] = added[0] as [string, unknown, unknown];
    assert.equal(type, 'abort');
    assert.deepEqual(options, { once: true });
    assert.deepEqual(removed, [['abort', listener]]);

    await transport.runScenario({
      signal,
      scenario: () => {
        throw new Error('failed');
      },
      exercise: () => {},
    }).catch(() => {});
    assert.equal(added.length, 2);
    assert.equal(removed.length, 2);
  });
});

describe('runScenario context after the run', () => {
  test('a failed run rejects late expectations with its error, without unhandled rejections', async () => {
    const transport = new ScriptedRealtimeTransport();
    const failure = new Error('exercise failed');
    let context: ScriptedRealtimeScenarioContext | undefined;
    const error = await transport.runScenario({
      scenario: (ctx) => {
        context = ctx;
        return forever;
      },
      exercise: () => {
        throw failure;
      },
    }).catch((e) => e);
    assert.equal(error, failure);
    // Not awaited on purpose: the run already reported this error.
    void context?.expectCall('mute');
    assert.equal(await context?.expectCall('mute').catch((e) => e), failure);
    transport.mute(true);
    assert.equal(transport.calls.length, 1);
  });

  test('a successful run rejects late expectations with undefined, registering nothing', async () => {
    const transport = new ScriptedRealtimeTransport();
    let context: ScriptedRealtimeScenarioContext | undefined;
    await transport.runScenario({
      scenario: (ctx) => {
        context = ctx;
      },
      exercise: () => {},
    });
    const late = await context?.expectCall('mute').then(
      () => 'fulfilled',
      (e) => ({ rejected: e }),
    );
    assert.deepEqual(late, { rejected: undefined });
    transport.mute(true);
    assert.throws(() => transport.assertComplete(), /1 unconsumed call/);
  });
});

describe('runScenario failure paths leave no unhandled rejection', () => {
  // Deno (sanitizers on), Bun and Node all fail a test run on an unhandled
  // rejection, so each of these passing is the proof.
  test('expectations the scenario never awaited are rejected quietly when the run fails', async () => {
    const transport = new ScriptedRealtimeTransport();
    const error = await transport.runScenario({
      scenario: ({ expectCall }) => {
        expectCall('mute');
        expectCall('close');
        expectCall('interrupt', () => false);
        return forever;
      },
      exercise: () => {
        try {
          transport.sendMessage('surprise', {});
        } catch {
          // swallowed
        }
        return forever;
      },
    }).catch((e) => e);
    assert.ok(error instanceof UnexpectedRealtimeCallError);
    transport.acknowledgeFailures();
  });

  test('an exercise that ends early rejects unawaited expectations quietly', async () => {
    const transport = new ScriptedRealtimeTransport();
    const error = await transport.runScenario({
      scenario: ({ expectCall }) => {
        expectCall('mute');
        expectCall('sendMessage', () => {
          throw new Error('never reached');
        });
      },
      exercise: () => 'done',
    }).catch((e) => e);
    assert.ok(error instanceof IncompleteRealtimeScenarioError);
    assert.equal(error.pendingExpectations.length, 2);
  });

  test('a cancelled run rejects unawaited expectations quietly', async () => {
    const transport = new ScriptedRealtimeTransport();
    const controller = new AbortController();
    const error = await transport.runScenario({
      signal: controller.signal,
      scenario: ({ expectCall }) => {
        expectCall('connect');
        controller.abort();
        return forever;
      },
      exercise: () => forever,
    }).catch((e) => e);
    assert.ok(error instanceof ScriptedRealtimeScenarioCancelledError);
  });

  test('a buffered mismatch found by an unawaited expectation is reported by the run only', async () => {
    const transport = new ScriptedRealtimeTransport();
    transport.interrupt();
    const error = await transport.runScenario({
      scenario: ({ expectCall }) => {
        expectCall('mute');
        return forever;
      },
      exercise: () => forever,
    }).catch((e) => e);
    assert.ok(error instanceof UnexpectedRealtimeCallError);
    transport.acknowledgeFailures();
  });
});
