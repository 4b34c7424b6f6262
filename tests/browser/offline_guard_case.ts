/// <reference lib="dom" />
// The offline guard in the page: it replaces the browser's own fetch, WebSocket,
// EventSource and XMLHttpRequest with blockers while active, and restores them.
import { offlineGuard, OfflineNetworkError } from 'scripted-agents/testing';
import { assertEqual, assertJsonEqual, assertOk } from './_assert.ts';
import type { BrowserCase } from './_case.ts';

export const cases: BrowserCase[] = [
  {
    name: 'offlineGuard blocks the browser network APIs, then restores them',
    run: async () => {
      const originals = {
        fetch: globalThis.fetch,
        WebSocket: globalThis.WebSocket,
        EventSource: globalThis.EventSource,
        XMLHttpRequest: globalThis.XMLHttpRequest,
      };
      const guard = offlineGuard();
      const fetchFailure = await fetch('https://api.openai.com/v1/responses').catch((e) => e);
      assertOk(fetchFailure instanceof OfflineNetworkError, 'fetch rejects');
      for (
        const attempt of [
          () => new WebSocket('wss://api.openai.com/v1/realtime'),
          () => new EventSource('https://api.openai.com/v1/events'),
          () => new XMLHttpRequest().open('GET', 'https://api.openai.com/v1/models'),
        ]
      ) {
        let thrown: unknown;
        try {
          attempt();
        } catch (error) {
          thrown = error;
        }
        assertOk(thrown instanceof OfflineNetworkError, 'the constructor throws');
      }
      assertJsonEqual(
        guard.acknowledgeFailures().map((e) => (e as OfflineNetworkError).api),
        ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest'],
      );
      guard[Symbol.dispose]();
      for (const [name, original] of Object.entries(originals)) {
        assertEqual((globalThis as Record<string, unknown>)[name], original, `${name} restored`);
      }
    },
  },
];
