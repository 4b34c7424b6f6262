// A runner session opened and closed by each test itself: which test is
// current, the network gate (loopback always; other addresses outside a test
// or when allowed), the default-provider guard and its probe, and closing. The
// session, fetch and the SDK's default provider are process-wide: every test
// opens its own session with a stand-in fetch and provider and restores all
// three in a `finally`.
import assert from 'node:assert/strict';
import { Runner, setDefaultModelProvider } from '@openai/agents';
import type { Model, ModelProvider } from '@openai/agents';
import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
import * as sdkCore from '@openai/agents-core';
import {
  allowNetwork,
  existingSession,
  fileScope,
  importSdk,
  otherSdkCopy,
  RunnerSession,
  runnerSession,
  type SessionOptions,
} from '../runner/_session.ts';
import { argv } from 'node:process';
import { registerHooks, type RunnerHooks } from '../runner/register_hooks.ts';
import { describe, test } from './_harness.ts';

const options = { advice: 'Allow it in this test.', updating: () => false };
const probeName = 'scripted-agents-default-provider-probe';
const sessionKey = Symbol.for('scripted-agents.runner-session');
const probeKey = Symbol.for('scripted-agents.default-provider-probe');
const identity = (title: string) => ({ file: undefined, titles: [title] });

/** The SDK's current default provider, pinned (the SDK has no getter for it). */
function currentDefaultProvider(): ModelProvider {
  const lazy = new Runner().config.modelProvider;
  try {
    const model = lazy.getModel('scripted-agents-pin') as unknown;
    (model as Promise<unknown> | undefined)?.catch?.(() => {});
  } catch {
    // A provider without an API key may refuse; it is resolved all the same.
  }
  return lazy;
}

/** Asks the SDK's default provider (a fresh Runner's) for `name`. */
const askDefault = (name: string) => new Runner().config.modelProvider.getModel(name);

interface Stand {
  readonly session: RunnerSession;
  /** The names the stand-in default provider was asked for. */
  readonly asked: string[];
  /** The URLs that reached the stand-in fetch. */
  readonly fetched: string[];
}

async function withSession(
  body: (stand: Stand) => Promise<void> | void,
  extra: Partial<SessionOptions> = {},
  open: () => RunnerSession = () => runnerSession({ ...options, ...extra }),
): Promise<void> {
  assert.equal(existingSession(), undefined, 'no session is open before this test');
  const fetchDescriptor = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  const previousProvider = currentDefaultProvider();
  const asked: string[] = [];
  const fetched: string[] = [];
  const model = {} as Model;
  setDefaultModelProvider({
    getModel: (name?: string) => {
      asked.push(name ?? '');
      return model;
    },
  });
  globalThis.fetch = ((input: unknown) => {
    fetched.push(String(input));
    return Promise.resolve(new Response(null));
  }) as typeof fetch;
  let session: RunnerSession | undefined;
  try {
    session = open();
    await session.ready;
    await body({ session, asked, fetched });
  } finally {
    session?.close();
    if (fetchDescriptor === undefined) delete (globalThis as { fetch?: unknown }).fetch;
    else Object.defineProperty(globalThis, 'fetch', fetchDescriptor);
    setDefaultModelProvider(previousProvider);
  }
}

describe('runner session: the current test', () => {
  test('the session sits under a key every copy of the library shares', async () => {
    await withSession(({ session }) => {
      assert.equal((globalThis as { [sessionKey]?: unknown })[sessionKey], session);
      assert.equal(existingSession(), session);
    });
    assert.equal(existingSession(), undefined);
  });

  test("its async context's test first, else the one begun last; ending another keeps it", async () => {
    await withSession(async ({ session }) => {
      const a = session.begin(identity('a'));
      const b = session.begin(identity('b'));
      assert.equal(session.current(), b);
      assert.equal(session.within(a, () => session.current()), a);
      await session.end(a);
      assert.equal(session.current(), b, 'ending a test that is not the last begun');
      await session.end(b);
      assert.equal(session.current(), undefined);
    });
  });

  test('a double made outside any test is not tracked; one made inside is', async () => {
    await withSession(async ({ session }) => {
      const outside = new ScriptedModel([[assistantMessage('shared')]]);
      const run = session.begin(identity('tracked'));
      const inside = session.within(run, () => new ScriptedModel([[assistantMessage('left')]]));
      await assert.rejects(session.end(run), { name: 'UnconsumedModelStepsError' });
      assert.equal(outside.remainingSteps, 1);
      assert.equal(inside.remainingSteps, 1);
    });
  });
});

describe('runner session: the network gate', () => {
  test('outside a test anything passes; inside, loopback and allowed tests do', async () => {
    await withSession(async ({ session, fetched }) => {
      await fetch('https://example.com/outside');
      const run = session.begin(identity('offline'));
      await session.within(run, async () => {
        await fetch('http://127.0.0.1:9/local');
        await fetch('http://[::1]:9/local6');
        run.allowNetwork();
        await fetch('https://example.com/allowed');
      });
      await session.end(run);
      assert.deepEqual(fetched, [
        'https://example.com/outside',
        'http://127.0.0.1:9/local',
        'http://[::1]:9/local6',
        'https://example.com/allowed',
      ]);
    });
  });
});

describe('runner session: the default-provider guard', () => {
  test('probes the default once, refuses in an offline test, passes through between tests', async () => {
    await withSession(async ({ session, asked }) => {
      assert.deepEqual(asked, []);
      const a = session.begin(identity('first'));
      assert.deepEqual(asked, [probeName], 'the begin resolves the default with the probe');
      assert.throws(() => session.within(a, () => askDefault('gpt-4.1')), {
        name: 'RealModelRequestError',
        model: 'gpt-4.1',
        test: 'first',
      });
      await session.end(a);
      await askDefault('between');
      assert.deepEqual(asked, [probeName, 'between']);
      const b = session.begin(identity('second'));
      assert.deepEqual(asked, [probeName, 'between'], 'the guard answers the second probe');
      await session.end(b);
    });
  });

  test("answers another copy's probe, and passes through once the session closed", async () => {
    await withSession(async ({ session, asked }) => {
      await session.end(session.begin(identity('guarded')));
      const probe = { ours: false };
      (globalThis as { [probeKey]?: unknown })[probeKey] = probe;
      let answer: unknown;
      try {
        answer = askDefault('probed');
      } finally {
        delete (globalThis as { [probeKey]?: unknown })[probeKey];
      }
      await assert.rejects(Promise.resolve(answer));
      assert.equal(probe.ours, true);
      assert.deepEqual(asked, [probeName]);
      session.close();
      await askDefault('after');
      assert.deepEqual(asked, [probeName, 'after']);
    });
  });
});

describe('runner session: closing', () => {
  test('closing another or a closed session leaves the registered one working', async () => {
    await withSession(async ({ session: first }) => {
      const loose = new RunnerSession(options);
      loose.close();
      assert.equal(existingSession(), first, 'a session that is not registered');
      first.close();
      const second = runnerSession(options);
      try {
        assert.notEqual(second, first);
        first.close();
        assert.equal(existingSession(), second);
        const run = second.begin(identity('after a second close'));
        second.within(run, () => new ScriptedModel([[assistantMessage('left')]]));
        await assert.rejects(second.end(run), { name: 'UnconsumedModelStepsError' });
      } finally {
        second.close();
      }
    });
  });
});

/** A stand-in second copy of the SDK: its own Runner and default provider. */
function otherCopy() {
  const asked: string[] = [];
  const installed: ModelProvider[] = [];
  let current: ModelProvider = {
    getModel: (name?: string) => {
      asked.push(name ?? '');
      return {} as Model;
    },
  };
  const setDefaultModelProvider = (provider: ModelProvider) => {
    installed.push(provider);
    current = provider;
  };
  // Like the SDK's: a runner's provider resolves the default once, on its first request.
  class OtherRunner {
    #resolved: ModelProvider | undefined;
    readonly config = {
      modelProvider: {
        getModel: (name?: string) => (this.#resolved ??= current).getModel(name),
      },
    };
  }
  const copy = { Runner: OtherRunner, setDefaultModelProvider };
  const ask = (name: string) => new OtherRunner().config.modelProvider.getModel(name);
  return { copy, asked, installed, ask };
}

describe('runner session: a second copy of the SDK', () => {
  test('the default importer loads the copy this file imported', async () => {
    const loaded = await importSdk() as Record<string, unknown>;
    assert.equal(loaded.Runner, sdkCore.Runner);
    assert.equal(loaded.setDefaultModelProvider, sdkCore.setDefaultModelProvider);
    assert.equal(await otherSdkCopy(importSdk, sdkCore.setDefaultModelProvider), undefined);
  });

  test('a module with its own Runner and setter is another copy; anything else is not', async () => {
    const own = sdkCore.setDefaultModelProvider;
    const { copy } = otherCopy();
    const load = (value: unknown) => () => Promise.resolve(value);
    assert.equal(await otherSdkCopy(load(copy), own), copy);
    const { Runner: _, ...noRunner } = copy;
    assert.equal(await otherSdkCopy(load(noRunner), own), undefined, 'no Runner');
    assert.equal(
      await otherSdkCopy(load({ ...copy, Runner: 'Runner' }), own),
      undefined,
      'a Runner that is not a class',
    );
    assert.equal(
      await otherSdkCopy(load({ Runner: copy.Runner }), own),
      undefined,
      'no setter',
    );
    assert.equal(
      await otherSdkCopy(load({ ...copy, setDefaultModelProvider: own }), own),
      undefined,
      "this file's own copy",
    );
    assert.equal(await otherSdkCopy(load(undefined), own), undefined, 'nothing loaded');
  });

  test('an importer that throws or rejects means one copy only', async () => {
    const own = sdkCore.setDefaultModelProvider;
    const throwing = () => {
      throw new TypeError('no dynamic import here');
    };
    assert.equal(await otherSdkCopy(throwing, own), undefined);
    const rejecting = () => Promise.reject(new Error('module not found'));
    assert.equal(await otherSdkCopy(rejecting, own), undefined);
  });

  test("the session guards the other copy's default provider as well as its own", async () => {
    const other = otherCopy();
    await withSession(async ({ session, asked }) => {
      assert.deepEqual(other.installed, [], 'nothing is installed before a test begins');
      const a = session.begin(identity('both copies'));
      assert.equal(other.installed.length, 1);
      assert.deepEqual(other.asked, [probeName], 'the begin resolves the other default too');
      assert.throws(() => session.within(a, () => other.ask('gpt-4.1')), {
        name: 'RealModelRequestError',
        model: 'gpt-4.1',
        test: 'both copies',
      });
      assert.throws(() => session.within(a, () => askDefault('gpt-4.1')), {
        name: 'RealModelRequestError',
      });
      await session.end(a);
      await other.ask('between');
      assert.deepEqual(other.asked, [probeName, 'between']);
      await session.end(session.begin(identity('again')));
      assert.equal(other.installed.length, 1, 'the guard answers the second probe');
      assert.deepEqual(asked, [probeName]);
    }, { importSdk: () => Promise.resolve(other.copy) });
  });

  test('the search starts with the first test, not with the session, and guards a copy found then', async () => {
    // Jest's ESM mode fails a test file whose imports load the SDK while an import of it the
    // setup file started is still linking: the session imports nothing until a test begins.
    const other = otherCopy();
    const previousProvider = currentDefaultProvider();
    let imports = 0;
    let release = () => {};
    const loaded = new Promise<void>((resolve) => release = resolve);
    const session = runnerSession({
      ...options,
      importSdk: () => {
        imports++;
        return loaded.then(() => other.copy);
      },
    });
    try {
      assert.equal(imports, 0, 'creating the session imports nothing');
      const run = session.begin(identity('first'));
      assert.equal(imports, 1, 'the first test starts the search');
      assert.deepEqual(other.installed, [], 'the copy is not found yet');
      const ready = session.ready;
      assert.equal(session.ready, ready, 'one search');
      release();
      await ready;
      assert.equal(other.installed.length, 1, 'the copy found during the test is guarded');
      assert.throws(() => session.within(run, () => other.ask('gpt-4.1')), {
        name: 'RealModelRequestError',
      });
      await session.end(run);
      await session.end(session.begin(identity('second')));
      assert.equal(imports, 1, 'later tests reuse the search');
    } finally {
      session.close();
      setDefaultModelProvider(previousProvider);
    }
  });

  test('a copy found between tests is guarded when the next test begins', async () => {
    const other = otherCopy();
    const previousProvider = currentDefaultProvider();
    const session = runnerSession({ ...options, importSdk: () => Promise.resolve(other.copy) });
    try {
      await session.ready;
      assert.deepEqual(other.installed, [], 'no test is running: nothing is installed yet');
      await session.end(session.begin(identity('next')));
      assert.equal(other.installed.length, 1);
    } finally {
      session.close();
      setDefaultModelProvider(previousProvider);
    }
  });
});

describe('runner session: allowNetwork() outside any test', () => {
  test('without a session, or between tests, it opens the network to every later test', async () => {
    try {
      allowNetwork();
      assert.equal(fileScope.allowsNetwork, true, 'no session open');
      fileScope.allowsNetwork = false;
      await withSession(async ({ session, asked, fetched }) => {
        allowNetwork();
        assert.equal(fileScope.allowsNetwork, true, 'a session open, no test running');
        const run = session.begin(identity('after allowNetwork'));
        assert.equal(run.networkAllowed, false, 'the file is allowed, not the test');
        await session.within(run, async () => {
          await fetch('https://example.com/file-wide');
          await askDefault('real');
        });
        await session.end(run);
        assert.deepEqual(fetched, ['https://example.com/file-wide']);
        assert.deepEqual(asked, [probeName, 'real']);
      });
    } finally {
      fileScope.allowsNetwork = false;
    }
  });

  test('inside a test it allows that test only', async () => {
    await withSession(async ({ session }) => {
      const run = session.begin(identity('allowed'));
      session.within(run, () => allowNetwork());
      assert.equal(run.networkAllowed, true);
      assert.equal(fileScope.allowsNetwork, false);
      await session.end(run);
    });
  });
});

// deno-lint-ignore no-explicit-any
type Hook = (...args: any[]) => any;

/** A runner's hook registrars that keep what registerHooks() registers. */
function hookStand(withAfterAll = true) {
  const registered: Record<string, Hook> = {};
  const registrar = (name: string) => (fn: Hook) => {
    registered[name] = fn;
  };
  const hooks: RunnerHooks = {
    beforeEach: registrar('beforeEach'),
    afterEach: registrar('afterEach'),
    ...(withAfterAll ? { afterAll: registrar('afterAll') } : {}),
  };
  return { hooks, registered };
}

/** Opens the session through registerHooks(). */
const viaHooks =
  (hooks: RunnerHooks, hookOptions: Parameters<typeof registerHooks>[1] = {}) => () => {
    registerHooks(hooks, hookOptions);
    const session = existingSession();
    assert.ok(session !== undefined, 'registerHooks() opens the session');
    return session;
  };

describe('registerHooks', () => {
  test('before and after each test, unnamed tests numbered; without afterAll only those two', async () => {
    const { hooks, registered } = hookStand(false);
    await withSession(
      async ({ session }) => {
        assert.deepEqual(Object.keys(registered), ['beforeEach', 'afterEach']);
        assert.equal(registered.beforeEach!.length, 0, 'a hook without a done() parameter');
        assert.equal(registered.afterEach!.length, 0);
        await registered.afterEach!();
        await registered.beforeEach!();
        const first = session.current();
        assert.match(first?.name ?? '', /^test \d+$/);
        await registered.afterEach!();
        assert.equal(session.current(), undefined);
        await registered.beforeEach!();
        const n = Number(first!.name.slice('test '.length));
        assert.equal(session.current()?.name, `test ${n + 1}`);
        session.within(session.current()!, () => new ScriptedModel([[assistantMessage('left')]]));
        await assert.rejects(registered.afterEach!(), { name: 'UnconsumedModelStepsError' });
      },
      {},
      viaHooks(hooks),
    );
  });

  test('the default advice names scripted-agents/runner; entry names another', async () => {
    for (const [entry, named] of [[undefined, 'scripted-agents/runner'], ['x/jest', 'x/jest']]) {
      const { hooks, registered } = hookStand();
      await withSession(
        async ({ session }) => {
          await registered.beforeEach!();
          const run = session.current()!;
          await session.within(run, async () => {
            await assert.rejects(fetch('https://example.com/'), (error: Error) => {
              assert.equal(error.name, 'OfflineNetworkError');
              assert.ok(
                error.message.endsWith(
                  ` To allow it, call allowNetwork() from ${named} inside the test, or at the top ` +
                    'of the test file, outside any test, for the whole file.',
                ),
                error.message,
              );
              return true;
            });
          });
          await assert.rejects(registered.afterEach!(), { name: 'DoubleFailuresError' });
        },
        {},
        viaHooks(hooks, entry === undefined ? {} : { entry }),
      );
    }
  });

  test('updating: the given function, else the command-line flags', async () => {
    const given = hookStand();
    await withSession(
      ({ session }) => {
        assert.equal(session.updating(), true);
      },
      {},
      viaHooks(given.hooks, { updating: () => true }),
    );
    const flags = hookStand();
    await withSession(
      ({ session }) => {
        assert.equal(session.updating(), false, `no update flag in ${argv.join(' ')}`);
        for (const flag of ['-u', '--update', '--update-snapshots', '--test-update-snapshots']) {
          argv.push(flag);
          try {
            assert.equal(session.updating(), true, flag);
          } finally {
            argv.pop();
          }
        }
        argv.push('--updated');
        try {
          assert.equal(session.updating(), false, 'a flag that only starts like one');
        } finally {
          argv.pop();
        }
      },
      {},
      viaHooks(flags.hooks),
    );
  });

  test('identify names the test from the hook argument; primitive arguments end the last run', async () => {
    const { hooks, registered } = hookStand();
    const identify = (context: unknown) => ({
      file: undefined,
      titles: ['suite', String(context)],
    });
    await withSession(
      async ({ session }) => {
        for (const context of ['named', null, 7]) {
          await registered.beforeEach!(context);
          assert.equal(session.current()?.name, `suite › ${String(context)}`);
          await registered.afterEach!(context);
          assert.equal(session.current(), undefined);
        }
        registered.afterAll!();
        assert.equal(existingSession(), undefined, 'afterAll closes the session');
      },
      {},
      viaHooks(hooks, { identify }),
    );
  });

  test('an object argument (or its key) tells concurrent tests apart', async () => {
    for (const keyed of [false, true]) {
      const { hooks, registered } = hookStand();
      const a = { title: 'a' };
      const b = { title: 'b' };
      // With a key, every hook gets a fresh wrapper around the same test object.
      const arg = (task: object) => (keyed ? { task } : task);
      const identify = (context: unknown) => {
        const task = (keyed ? (context as { task: typeof a }).task : context) as typeof a;
        return { file: undefined, titles: [task.title] };
      };
      await withSession(
        async ({ session }) => {
          await registered.beforeEach!(arg(a));
          const runA = session.current()!;
          await registered.beforeEach!(arg(b));
          const runB = session.current()!;
          assert.equal(runA.name, 'a');
          session.within(runA, () => new ScriptedModel([[assistantMessage('left')]]));
          await assert.rejects(registered.afterEach!(arg(a)), {
            name: 'UnconsumedModelStepsError',
          });
          assert.equal(session.current(), runB, 'the last begun is still running');
          await registered.afterEach!(arg(b));
          assert.equal(session.current(), undefined);
        },
        {},
        viaHooks(
          hooks,
          keyed ? { identify, key: (c) => (c as { task: object }).task } : { identify },
        ),
      );
    }
  });

  test('aroundEach, when given, runs each test in its own run instead of beforeEach', async () => {
    const { hooks, registered } = hookStand();
    let around: ((runTest: () => Promise<void>, context: never) => Promise<void>) | undefined;
    const identify = (context: unknown) => ({ file: undefined, titles: [String(context)] });
    await withSession(
      async ({ session }) => {
        assert.deepEqual(Object.keys(registered).sort(), ['afterAll', 'afterEach']);
        const seen: (string | undefined)[] = [];
        await around!(async () => {
          await Promise.resolve();
          seen.push(session.current()?.name);
        }, 'wrapped' as never);
        assert.deepEqual(seen, ['wrapped']);
        await registered.afterEach!('wrapped');
        assert.equal(session.current(), undefined);
      },
      {},
      viaHooks({
        ...hooks,
        aroundEach: (fn) => {
          around = fn;
        },
      }, { identify }),
    );
  });
});
