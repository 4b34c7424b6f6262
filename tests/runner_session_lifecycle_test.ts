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
import { existingSession, RunnerSession, runnerSession } from '../runner/_session.ts';
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

async function withSession(body: (stand: Stand) => Promise<void> | void): Promise<void> {
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
    session = runnerSession(options);
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
