import assert from 'node:assert/strict';
import { Agent, Runner } from '@openai/agents';
import {
  assertAllComplete,
  assistantMessage,
  DoubleFailuresError,
  doubleScope,
  OfflineNetworkError,
  SandboxSdkUnavailableError,
  ScriptedModel,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from 'scripted-agents/testing';
import {
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  RealtimeTransportNotClosedError,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';
import { asyncEscapeOf, escapeOf } from './_scope_escape.ts';
import { runner, weatherTool, weatherTurns } from './_model_fixtures.ts';

/** The standard SuppressedError shape (native in Deno/Bun, TypeScript's helper on Node 20). */
function assertSuppressed(error: unknown, teardown: (e: unknown) => void, primary: unknown) {
  assert.ok(error instanceof Error);
  assert.equal(error.name, 'SuppressedError');
  const { error: teardownError, suppressed } = error as Error & {
    error: unknown;
    suppressed: unknown;
  };
  teardown(teardownError);
  assert.equal(suppressed, primary);
}

describe('using: disposal runs the double teardown', () => {
  test('ScriptedModel: unconsumed steps fail the scope; a complete script passes', async () => {
    const escaped = escapeOf(() => {
      using _model = new ScriptedModel([[assistantMessage('never used')]]);
    });
    assert.ok(escaped instanceof UnconsumedModelStepsError);
    assert.match(escaped.message, /^ScriptedModel /);

    {
      using model = new ScriptedModel([[assistantMessage('Paris.')]]);
      const result = await runner().run(new Agent({ name: 'geo', model }), 'Capital?');
      assert.equal(result.finalOutput, 'Paris.');
    }
  });

  test('ScriptedRealtimeTransport: await using checks completion and closure', async () => {
    const escaped = await asyncEscapeOf(async () => {
      await using transport = new ScriptedRealtimeTransport();
      await transport.connect({ apiKey: 'test' });
    });
    // Unconsumed connect call and a transport left connected: both reported.
    assert.ok(escaped instanceof AggregateError);
    assert.match(escaped.message, /^ScriptedRealtimeTransport teardown found 2 problems/);
    assert.ok(escaped.errors[0] instanceof IncompleteRealtimeScenarioError);
    assert.ok(escaped.errors[1] instanceof RealtimeTransportNotClosedError);

    {
      await using transport = new ScriptedRealtimeTransport();
      const connect = transport.expectCall('connect');
      await transport.connect({ apiKey: 'test' });
      await connect;
      const close = transport.expectCall('close');
      transport.close();
      await close;
    }
  });

  test('a failing scope keeps its own error primary (SuppressedError)', async () => {
    const primary = new Error('the assertion that failed first');
    const escaped = escapeOf(() => {
      using _model = new ScriptedModel([[assistantMessage('unused')]]);
      throw primary;
    });
    assertSuppressed(escaped, (teardown) => {
      assert.ok(teardown instanceof UnconsumedModelStepsError);
    }, primary);

    const asyncEscaped = await asyncEscapeOf(async () => {
      await using _transport = new ScriptedRealtimeTransport();
      _transport.failNextCall('close', new Error('unused failure'));
      throw primary;
    });
    assertSuppressed(asyncEscaped, (teardown) => {
      assert.ok(teardown instanceof IncompleteRealtimeScenarioError);
      assert.deepEqual(teardown.pendingFailures, [{ method: 'close', count: 1 }]);
    }, primary);
  });
});

describe('swallowed failures are reported at teardown', () => {
  test('ScriptedModel: an unexpected call caught by application code', async () => {
    const model = new ScriptedModel([[assistantMessage('first answer')]]);
    const agent = new Agent({ name: 'Assistant', model });
    await runner().run(agent, 'one');
    // The application retries on any failure and falls back silently.
    const fallback = await runner().run(agent, 'two').catch(() => 'fallback');
    assert.equal(fallback, 'fallback');

    model.assertComplete(); // the SDK double's check alone passes...
    assert.throws(() => model.assertNoUnexpectedCalls(), (error: unknown) => {
      assert.ok(error instanceof DoubleFailuresError);
      assert.equal(error.double, 'ScriptedModel');
      assert.equal(error.failures.length, 1);
      assert.ok(error.failures[0] instanceof UnexpectedModelCallError);
      assert.equal(error.failures[0].callIndex, 1);
      return true;
    });
    assert.throws(() => model[Symbol.dispose](), DoubleFailuresError); // ...teardown does not.
    assert.equal(model.acknowledgeFailures().length, 1);
    model[Symbol.dispose]();
  });

  test('ScriptedRealtimeTransport: a rejected matcher and an unexpected method, caught', async () => {
    const transport = new ScriptedRealtimeTransport();
    const rejected = transport.expectCall('mute', (call) => call.muted === true);
    assert.throws(() => transport.mute(false), RealtimeCallMatcherError);
    await assert.rejects(rejected, RealtimeCallMatcherError);
    const wrong = transport.expectCall('interrupt');
    try {
      transport.sendEvent({ type: 'response.create' });
    } catch {
      // Application code that ignores transport errors.
    }
    await assert.rejects(wrong, UnexpectedRealtimeCallError);

    transport.assertComplete();
    transport.assertClosed();
    await assert.rejects(transport[Symbol.asyncDispose](), (error: unknown) => {
      assert.ok(error instanceof DoubleFailuresError);
      assert.equal(error.double, 'ScriptedRealtimeTransport');
      assert.ok(error.failures[0] instanceof RealtimeCallMatcherError);
      assert.ok(error.failures[1] instanceof UnexpectedRealtimeCallError);
      return true;
    });
  });
});

describe('assertAllComplete', () => {
  test('passes when every double is complete', async () => {
    const model = new ScriptedModel();
    const other = new ScriptedModel([]);
    const transport = new ScriptedRealtimeTransport();
    await assertAllComplete(model, other, transport);
  });

  test('checks every double and reports each failure', async () => {
    const model = new ScriptedModel([[assistantMessage('unused')]]);
    const complete = new ScriptedModel();
    const transport = new ScriptedRealtimeTransport();
    transport.failNextCall('mute', new Error('unused'));

    await assert.rejects(assertAllComplete(model, complete, transport), (error: unknown) => {
      assert.ok(error instanceof AggregateError);
      assert.equal(error.errors.length, 2);
      assert.ok(error.errors[0] instanceof UnconsumedModelStepsError);
      assert.ok(error.errors[1] instanceof IncompleteRealtimeScenarioError);
      assert.match(error.message, /2 test doubles failed their teardown checks/);
      assert.match(error.message, /ScriptedModel has 1 unconsumed scripted step\./);
      return true;
    });
    // A single failure is rethrown unwrapped.
    await assert.rejects(assertAllComplete(complete, model), UnconsumedModelStepsError);
  });

  test('rejects values without a teardown', async () => {
    await assert.rejects(assertAllComplete({} as Disposable), TypeError);
    await assert.rejects(
      assertAllComplete({ [Symbol.dispose]: 'not a function' } as unknown as Disposable),
      (error: unknown) => {
        assert.ok(error instanceof TypeError);
        assert.equal(
          error.message,
          'assertAllComplete received a value that is neither Disposable nor AsyncDisposable.',
        );
        return true;
      },
    );
  });
});

describe('doubleScope', () => {
  test('await using verifies every double it created or tracked', async () => {
    {
      await using scope = doubleScope({ offline: true });
      const model = scope.model(weatherTurns());
      const transport = scope.track(new ScriptedRealtimeTransport());
      assert.equal(transport.status, 'disconnected');
      const result = await new Runner().run(
        new Agent({ name: 'Weather', model, tools: [weatherTool()] }),
        'Weather in Tokyo?',
      );
      assert.equal(result.finalOutput, 'It is sunny in Tokyo.');
    }

    const escaped = await asyncEscapeOf(async () => {
      await using scope = doubleScope();
      scope.model([[assistantMessage('unused')]]);
      const transport = scope.track(new ScriptedRealtimeTransport());
      await transport.connect({ apiKey: 'test' }).catch(() => undefined);
    });
    assert.ok(escaped instanceof AggregateError);
    assert.equal(escaped.errors.length, 2);
    assert.ok(escaped.errors[0] instanceof UnconsumedModelStepsError);
    assert.ok(escaped.errors[1] instanceof AggregateError); // the transport's own two problems
  });

  test('finish() serves runners without using, runs once, and restores the network', async () => {
    const originalFetch = globalThis.fetch;
    const scope = doubleScope({ offline: true });
    const model = scope.model([[assistantMessage('done')]]);
    await assert.rejects(fetch('https://api.openai.com/v1/responses'), OfflineNetworkError);
    await runner().run(new Agent({ name: 'a', model }), 'go');
    await assert.rejects(scope.finish(), (error: unknown) => {
      assert.ok(error instanceof DoubleFailuresError);
      assert.equal(error.double, 'offlineGuard');
      return true;
    });
    assert.equal(globalThis.fetch, originalFetch);
    await scope.finish();
    assert.throws(() => scope.model(), TypeError);
  });

  test('finish() does not report again what a double reported at its own teardown', async () => {
    const scope = doubleScope();
    const model = scope.model([[assistantMessage('never requested')]]);
    assert.throws(() => model[Symbol.dispose](), UnconsumedModelStepsError);
    // The mistake was reported once, by the double's own teardown.
    await scope.finish();
    // An explicit check still checks it.
    await assert.rejects(assertAllComplete(model), UnconsumedModelStepsError);
  });

  test('finish() disposes each tracked double once; track() after it throws', async () => {
    const disposals: string[] = [];
    const scope = doubleScope();
    const plain = { [Symbol.dispose]: () => void disposals.push('sync') };
    assert.equal(scope.track(plain), plain);
    scope.track({ [Symbol.asyncDispose]: async () => void disposals.push('async') });
    await scope.finish();
    await scope.finish();
    await scope[Symbol.asyncDispose]();
    assert.deepEqual(disposals, ['sync', 'async']);
    assert.throws(() => scope.track(plain), (error: unknown) => {
      assert.ok(error instanceof TypeError);
      assert.equal(error.message, 'This DoubleScope has already finished; create a new scope.');
      return true;
    });
  });

  test('scope.sandbox() returns a working session that the scope verifies', async () => {
    const scope = doubleScope();
    // This file also runs against SDK releases without the sandbox entry (before 0.9):
    // there the session cannot be made, and the scope says why and has nothing to verify.
    const hasSandboxEntry = await import('@openai/agents-core/sandbox').then(
      () => true,
      () => false,
    );
    if (!hasSandboxEntry) {
      assert.throws(() => scope.sandbox([]), (error: unknown) => {
        assert.ok(error instanceof SandboxSdkUnavailableError);
        assert.equal(error.double, 'scriptedSandboxSession');
        return true;
      });
      await scope.finish();
      return;
    }
    const sandbox = scope.sandbox([
      { method: 'pathExists', result: true },
      { method: 'pathExists', result: false },
    ]);
    assert.equal(await sandbox.pathExists('/workspace'), true);
    await assert.rejects(scope.finish(), { name: 'UnconsumedSandboxStepsError' });
  });

  test('without offline: true the network globals stay untouched', async () => {
    const originalFetch = globalThis.fetch;
    for (const options of [undefined, {}, { offline: false }]) {
      const scope = doubleScope(options);
      assert.equal(globalThis.fetch, originalFetch);
      await scope.finish();
    }
  });
});
