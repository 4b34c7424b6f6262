import assert from 'node:assert/strict';
import {
  Agent,
  getGlobalTraceProvider,
  NoopTrace,
  OpenAIProvider,
  Runner,
  setTracingDisabled,
} from '@openai/agents';
import { DoubleFailuresError, offlineGuard, OfflineNetworkError } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

describe('offlineGuard', () => {
  test('a real provider run that would reach the network fails loudly and is reported', async () => {
    const originalFetch = globalThis.fetch;
    const guard = offlineGuard();
    assert.notEqual(globalThis.fetch, originalFetch);
    // A real OpenAI provider with a key: without the guard this run sends a
    // POST to the Responses API.
    const runner = new Runner({
      modelProvider: new OpenAIProvider({ apiKey: 'sk-offline-test' }),
    });
    const agent = new Agent({ name: 'Real model', model: 'gpt-4.1-mini' });
    await assert.rejects(runner.run(agent, 'Hello'));

    const blocked = guard.failures;
    assert.ok(blocked.length >= 1);
    assert.ok(blocked[0] instanceof OfflineNetworkError);
    assert.equal(blocked[0].api, 'fetch');
    assert.match(blocked[0].target, /^https:\/\/api\.openai\.com\//);

    // The SDK caught and retried the blocked request; teardown still reports it.
    assert.throws(() => guard[Symbol.dispose](), (error: unknown) => {
      assert.ok(error instanceof DoubleFailuresError);
      assert.equal(error.double, 'offlineGuard');
      assert.equal(error.failures.length, blocked.length);
      return true;
    });
    assert.equal(globalThis.fetch, originalFetch);
  });

  test('disables tracing export and restores the previous state on dispose', () => {
    const tracingDisabled = () => getGlobalTraceProvider().createTrace({}) instanceof NoopTrace;
    setTracingDisabled(false);
    try {
      {
        using _guard = offlineGuard();
        assert.equal(tracingDisabled(), true);
      }
      assert.equal(tracingDisabled(), false);
      setTracingDisabled(true);
      {
        using _guard = offlineGuard();
        assert.equal(tracingDisabled(), true);
      }
      assert.equal(tracingDisabled(), true);
    } finally {
      setTracingDisabled(true);
    }
  });

  test('blocks every global network constructor the runtime defines', async () => {
    const guard = offlineGuard();
    const scope = globalThis as Record<string, unknown>;
    await assert.rejects(fetch(new URL('https://example.com/a')), OfflineNetworkError);
    for (const api of ['WebSocket', 'EventSource', 'XMLHttpRequest'] as const) {
      const Blocked = scope[api] as (new (url: string) => unknown) | undefined;
      if (Blocked === undefined) continue;
      assert.throws(() => new Blocked('wss://example.com/socket'), (error: unknown) => {
        assert.ok(error instanceof OfflineNetworkError);
        assert.equal(error.api, api);
        assert.equal(error.target, 'wss://example.com/socket');
        return true;
      });
    }
    const acknowledged = guard.acknowledgeFailures();
    assert.ok(acknowledged.length >= 1);
    assert.equal((acknowledged[0] as OfflineNetworkError).target, 'https://example.com/a');
    guard.assertNoNetworkUse();
    guard[Symbol.dispose]();
  });

  test('nested guards restore in reverse order and dispose is idempotent', () => {
    const original = globalThis.fetch;
    const outer = offlineGuard();
    const outerFetch = globalThis.fetch;
    const inner = offlineGuard();
    assert.notEqual(globalThis.fetch, outerFetch);
    inner[Symbol.dispose]();
    assert.equal(globalThis.fetch, outerFetch);
    outer[Symbol.dispose]();
    outer[Symbol.dispose]();
    assert.equal(globalThis.fetch, original);
  });

  test('a blocked attempt fails the using scope even when the code caught it', () => {
    const run = () => {
      using _guard = offlineGuard();
      void fetch('https://example.com/swallowed').catch(() => undefined);
    };
    assert.throws(run, DoubleFailuresError);
  });
});
