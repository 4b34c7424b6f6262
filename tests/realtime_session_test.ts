// Realtime sessions on the failure paths a session test meets in practice,
// through a real RealtimeSession under this package's harness (all three
// runtimes, Deno's sanitizers on). The documented Realtime flows are the
// recipes (tests/recipes/realtime_*_test.ts); under Deno, deno.json maps their
// node:test import to tests/_node_test_shim.ts, so they run sanitized too.
//
// Waits are bounded with AbortSignal.timeout(5_000), as the recipes do. That
// timer does not trip Deno's op sanitizer (Deno, Node and Bun all create it
// unref'd, and runScenario removes its abort listener when the run ends).
import assert from 'node:assert/strict';
import {
  RealtimeCallMatcherError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeScenarioCancelledError,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';
import { createScenarioGate, createSession } from './_realtime_fixtures.ts';

describe('Realtime sessions on failure paths', () => {
  test('a matcher failure while the application waits ends the run and still closes the session', async () => {
    const { session, transport } = createSession();
    const replyDelivered = createScenarioGate();
    const error = await transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async ({ expectCall }) => {
        try {
          await expectCall('connect');
          await expectCall('sendMessage', (call) => call.message === 'Goodbye');
          replyDelivered.release();
          await expectCall('close');
        } catch (error) {
          replyDelivered.fail(error);
          throw error;
        }
      },
      exercise: async () => {
        try {
          await session.connect({ apiKey: 'test' });
          try {
            session.sendMessage('Hello');
          } catch {
            // An application that swallows transport errors: the run still fails.
          }
          await replyDelivered.promise;
        } finally {
          session.close();
        }
      },
    }).catch((e) => e);

    assert.ok(error instanceof RealtimeCallMatcherError);
    assert.equal(error.callIndex, 1);
    assert.equal(error.actualMethod, 'sendMessage');
    // The cleanup close was recorded after the run failed, with nobody left to expect it.
    assert.deepEqual(transport.calls.map((call) => call.method), [
      'connect',
      'sendMessage',
      'close',
    ]);
    transport.assertClosed();
    assert.deepEqual(transport.acknowledgeFailures(), [error]);
  });

  test('a signal cancels a run whose expected call never comes, reporting what was pending', async () => {
    const { session, transport } = createSession();
    const controller = new AbortController();
    const replyDelivered = createScenarioGate();
    const error = await transport.runScenario({
      signal: controller.signal,
      scenario: async ({ expectCall }) => {
        try {
          await expectCall('connect');
          await expectCall('sendMessage');
          replyDelivered.release();
        } catch (error) {
          replyDelivered.fail(error);
          throw error;
        }
      },
      exercise: async () => {
        try {
          await session.connect({ apiKey: 'test' });
          // The application forgot to send its message and waits anyway; the
          // test's deadline fires (its own signal: no timer needed here).
          controller.abort();
          await replyDelivered.promise;
        } finally {
          session.close();
        }
      },
    }).catch((e) => e);

    assert.ok(error instanceof ScriptedRealtimeScenarioCancelledError);
    assert.equal(error.name, 'AbortError');
    assert.deepEqual(error.pendingExpectations, [{ order: 2, method: 'sendMessage' }]);
    transport.assertClosed();
    // The cancelled expectation is gone; the cleanup close arrived unexpected.
    assert.deepEqual(transport.calls.map((call) => call.method), ['connect', 'close']);
    assert.throws(() => transport.assertComplete(), /1 unconsumed call/);
  });

  test('a remote disconnect during connect supersedes the attempt', async () => {
    const { session, transport } = createSession();
    transport.once('connection_change', () => transport.disconnect(new Error('dropped')));
    const sessionErrors: unknown[] = [];
    session.on('error', (event) => sessionErrors.push(event));
    await assert.rejects(
      session.connect({ apiKey: 'test' }),
      ScriptedRealtimeConnectionSupersededError,
    );
    assert.equal(transport.status, 'disconnected');
    assert.equal(sessionErrors.length, 1);
    await transport.expectCall('connect');
    transport.assertComplete();
    transport.assertClosed();
  });
});
