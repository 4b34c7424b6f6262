// offlineGuard's exact contract: the error each blocked call raises (message and
// fields, for every kind of target), the property descriptors it installs and
// puts back, and its disposal. Network APIs the runtime lacks are stood in for by
// test classes defined on the global scope for the test, then removed again.
import assert from 'node:assert/strict';
import { DoubleFailuresError, offlineGuard, OfflineNetworkError } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

type Api = 'fetch' | 'WebSocket' | 'EventSource' | 'XMLHttpRequest';
const apis: readonly Api[] = ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest'];
const scope = globalThis as unknown as Record<string, unknown>;

const message = (api: Api, target: string) =>
  `scripted-agents offlineGuard blocked ${api}(${target}): tests under the guard must not use the ` +
  'network. Give the agent a ScriptedModel (not a model name) and keep real providers out of the ' +
  'test.';

function assertBlocked(error: unknown, api: Api, target: string): true {
  assert.ok(error instanceof OfflineNetworkError);
  assert.equal(error.name, 'OfflineNetworkError');
  assert.equal(error.api, api);
  assert.equal(error.target, target);
  assert.equal(error.message, message(api, target));
  return true;
}

/**
 * Runs `body` with the global `api` defined by `descriptor` as an own property
 * (or removed, for `undefined`), then puts the runtime's own property back.
 */
function withGlobal(api: Api, descriptor: PropertyDescriptor | undefined, body: () => void): void {
  const original = Object.getOwnPropertyDescriptor(globalThis, api);
  if (descriptor === undefined) delete scope[api];
  else Object.defineProperty(globalThis, api, { configurable: true, ...descriptor });
  try {
    body();
  } finally {
    if (original === undefined) delete scope[api];
    else Object.defineProperty(globalThis, api, original);
  }
}

/** Stands in for a network constructor the runtime lacks. */
class StandInConstructor {
  constructor(readonly url?: unknown) {}
}

describe('offlineGuard: the blocked call', () => {
  test('fetch rejects with the target as text: string, URL, Request, url/href objects', async () => {
    const guard = offlineGuard();
    const cases: Array<[unknown, string]> = [
      ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
      [new URL('https://example.com/from-url'), 'https://example.com/from-url'],
      [new Request('https://example.com/from-request'), 'https://example.com/from-request'],
      [{ url: 'https://example.com/url-field' }, 'https://example.com/url-field'],
      [{ href: 'https://example.com/href-field' }, 'https://example.com/href-field'],
      [
        { url: 'https://example.com/url-wins', href: 'https://example.com/href' },
        'https://example.com/url-wins',
      ],
      [{ port: 443 }, '[object Object]'],
      [{ url: 42 }, '[object Object]'],
      [null, 'null'],
      [undefined, 'undefined'],
      [42, '42'],
    ];
    for (const [input, target] of cases) {
      const call = (fetch as (input: unknown) => Promise<Response>)(input);
      // A rejected promise, never a synchronous throw, as a real fetch fails.
      assert.ok(call instanceof Promise);
      await assert.rejects(call, (error: unknown) => assertBlocked(error, 'fetch', target));
    }
    assert.equal(guard.acknowledgeFailures().length, cases.length);
    guard[Symbol.dispose]();
  });

  test('network constructors throw, describing URL, Request and url/href objects alike', () => {
    withGlobal('EventSource', { writable: true, value: StandInConstructor }, () => {
      withGlobal('XMLHttpRequest', { writable: true, value: StandInConstructor }, () => {
        withGlobal('WebSocket', { writable: true, value: StandInConstructor }, () => {
          const guard = offlineGuard();
          const cases: Array<[unknown, string]> = [
            ['wss://example.com/socket', 'wss://example.com/socket'],
            [new URL('wss://example.com/url'), 'wss://example.com/url'],
            [new Request('https://example.com/request'), 'https://example.com/request'],
            [{ url: 'wss://example.com/url-field' }, 'wss://example.com/url-field'],
            [{ href: 'wss://example.com/href-field' }, 'wss://example.com/href-field'],
            [{}, '[object Object]'],
            [null, 'null'],
            [undefined, 'undefined'],
          ];
          for (const api of ['WebSocket', 'EventSource', 'XMLHttpRequest'] as const) {
            const Blocked = scope[api] as new (input?: unknown) => unknown;
            assert.notEqual(Blocked, StandInConstructor);
            for (const [input, target] of cases) {
              assert.throws(
                () => new Blocked(input),
                (e: unknown) => assertBlocked(e, api, target),
              );
            }
            // No argument at all: described as undefined.
            assert.throws(() => new Blocked(), (e: unknown) => assertBlocked(e, api, 'undefined'));
          }
          assert.equal(guard.failures.length, 3 * (cases.length + 1));
          guard.acknowledgeFailures();
          guard[Symbol.dispose]();
          assert.equal(scope.WebSocket, StandInConstructor);
          assert.equal(scope.EventSource, StandInConstructor);
          assert.equal(scope.XMLHttpRequest, StandInConstructor);
        });
      });
    });
  });
});

describe('offlineGuard: the globals it replaces and restores', () => {
  test('each API gets a writable, configurable blocker, and its own descriptor back', () => {
    // Stand-ins of both property kinds where the runtime lacks the API: a data
    // property (enumerable) and an accessor (not enumerable, as Deno's are).
    const standIns: Record<Api, PropertyDescriptor> = {
      fetch: { writable: true, enumerable: true, value: async () => new Response('') },
      WebSocket: { enumerable: false, get: () => StandInConstructor },
      EventSource: { writable: true, enumerable: true, value: StandInConstructor },
      XMLHttpRequest: { enumerable: false, get: () => StandInConstructor, set: () => {} },
    };
    const run = (index: number): void => {
      if (index < apis.length) {
        const api = apis[index];
        const own = Object.getOwnPropertyDescriptor(globalThis, api);
        if (own !== undefined && scope[api] !== undefined) return run(index + 1);
        return withGlobal(api, standIns[api], () => run(index + 1));
      }
      const before = new Map(
        apis.map((api) => [api, Object.getOwnPropertyDescriptor(globalThis, api)!]),
      );
      const guard = offlineGuard();
      for (const api of apis) {
        const during = Object.getOwnPropertyDescriptor(globalThis, api)!;
        assert.equal(typeof during.value, 'function', api);
        assert.notEqual(during.value, before.get(api)!.value, api);
        assert.deepEqual(
          { ...during, value: undefined },
          {
            value: undefined,
            writable: true,
            configurable: true,
            enumerable: before.get(api)!.enumerable,
          },
          api,
        );
      }
      // Writable: code under the guard may still install its own stub.
      const stub = () => Promise.resolve(new Response('stubbed'));
      scope.fetch = stub;
      assert.equal(scope.fetch, stub);
      guard[Symbol.dispose]();
      for (const api of apis) {
        assert.deepEqual(Object.getOwnPropertyDescriptor(globalThis, api), before.get(api), api);
      }
    };
    run(0);
  });

  test('an API declared but undefined stays undefined, so feature detection sees none', () => {
    withGlobal('XMLHttpRequest', { writable: true, enumerable: false, value: undefined }, () => {
      const before = Object.getOwnPropertyDescriptor(globalThis, 'XMLHttpRequest');
      const guard = offlineGuard();
      assert.equal(typeof scope.XMLHttpRequest, 'undefined');
      assert.deepEqual(Object.getOwnPropertyDescriptor(globalThis, 'XMLHttpRequest'), before);
      guard[Symbol.dispose]();
      assert.deepEqual(Object.getOwnPropertyDescriptor(globalThis, 'XMLHttpRequest'), before);
    });
  });

  test('an API the global scope inherits is blocked too, and shows through again on dispose', () => {
    withGlobal('XMLHttpRequest', undefined, () => {
      const prototype = Object.getPrototypeOf(globalThis);
      const layer = Object.create(prototype, {
        XMLHttpRequest: { configurable: true, writable: true, value: StandInConstructor },
      });
      Object.setPrototypeOf(globalThis, layer);
      try {
        assert.equal(scope.XMLHttpRequest, StandInConstructor);
        const guard = offlineGuard();
        assert.deepEqual(
          { ...Object.getOwnPropertyDescriptor(globalThis, 'XMLHttpRequest'), value: undefined },
          { value: undefined, writable: true, configurable: true, enumerable: false },
        );
        const Blocked = scope.XMLHttpRequest as new (url: string) => unknown;
        assert.throws(
          () => new Blocked('https://example.com/xhr'),
          (error: unknown) => assertBlocked(error, 'XMLHttpRequest', 'https://example.com/xhr'),
        );
        guard.acknowledgeFailures();
        guard[Symbol.dispose]();
        assert.equal(Object.getOwnPropertyDescriptor(globalThis, 'XMLHttpRequest'), undefined);
        assert.equal(scope.XMLHttpRequest, StandInConstructor);
      } finally {
        Object.setPrototypeOf(globalThis, prototype);
      }
    });
  });
});

describe('offlineGuard: reporting and disposal', () => {
  test('assertNoNetworkUse() throws once something was blocked, until acknowledged', async () => {
    using guard = offlineGuard();
    guard.assertNoNetworkUse();
    await assert.rejects(fetch('https://example.com/x'), OfflineNetworkError);
    assert.throws(() => guard.assertNoNetworkUse(), (error: unknown) => {
      assert.ok(error instanceof DoubleFailuresError);
      assert.equal(error.double, 'offlineGuard');
      assert.equal(error.failures.length, 1);
      assertBlocked(error.failures[0], 'fetch', 'https://example.com/x');
      return true;
    });
    assert.equal(guard.acknowledgeFailures().length, 1);
    guard.assertNoNetworkUse();
  });

  test('a second dispose neither reports again nor restores again', async () => {
    const original = globalThis.fetch;
    const outer = offlineGuard();
    const outerFetch = globalThis.fetch;
    const inner = offlineGuard();
    await assert.rejects(fetch('https://example.com/inner'), OfflineNetworkError);
    assert.throws(() => inner[Symbol.dispose](), DoubleFailuresError);
    assert.equal(globalThis.fetch, outerFetch);
    inner[Symbol.dispose](); // reports nothing this time
    outer[Symbol.dispose]();
    assert.equal(globalThis.fetch, original);
    inner[Symbol.dispose](); // does not put the outer guard's blocker back
    assert.equal(globalThis.fetch, original);
  });
});
