// The runner entry's default-provider guard when no default provider was set (a test file that
// never imports '@openai/agents'): on SDK releases that resolve the default when a Runner is made
// (0.3), and on those that resolve it on the first request. A session begins all the same, and a
// request that finds no provider says which entry stands in and what to do.
import assert from 'node:assert/strict';
import { Runner, setDefaultModelProvider } from '@openai/agents';
import type { Model, ModelProvider } from '@openai/agents';
// The session's own module graph (under Node the built entry bundles another copy of the class).
import { NoDefaultModelProviderError } from '../runner/runner_errors.ts';
import { existingSession, runnerSession } from '../runner/_session.ts';
import { describe, test } from './_harness.ts';

const SDK_MESSAGE = 'No default model provider set. Make sure to set a provider using ' +
  'setDefaultModelProvider before calling getDefaultModelProvider or pass an explicit provider.';

/** A copy of the SDK with no default provider set; `eager` Runners resolve it when made (0.3). */
function unsetCopy(eager: boolean) {
  let current: ModelProvider | undefined;
  const installed: ModelProvider[] = [];
  const getDefault = (): ModelProvider => {
    if (current === undefined) throw new Error(SDK_MESSAGE);
    return current;
  };
  class CopyRunner {
    readonly config: { modelProvider: ModelProvider };
    constructor() {
      if (eager) {
        this.config = { modelProvider: getDefault() };
        return;
      }
      let resolved: ModelProvider | undefined;
      this.config = {
        modelProvider: { getModel: (name?: string) => (resolved ??= getDefault()).getModel(name) },
      };
    }
  }
  const copy = {
    Runner: CopyRunner,
    setDefaultModelProvider: (provider: ModelProvider) => {
      installed.push(provider);
      current = provider;
    },
  };
  const ask = (name: string) => new CopyRunner().config.modelProvider.getModel(name);
  return { copy, installed, ask };
}

/** The real SDK's default provider is replaced by the guard too: put a stand-in back after. */
async function withCopy(
  eager: boolean,
  body: (copy: ReturnType<typeof unsetCopy>, session: ReturnType<typeof runnerSession>) => unknown,
) {
  assert.equal(existingSession(), undefined);
  const standIn = { getModel: () => ({}) as Model };
  setDefaultModelProvider(standIn);
  const copy = unsetCopy(eager);
  const session = runnerSession({
    advice: 'Allow it.',
    updating: () => false,
    importSdk: () => Promise.resolve(copy.copy),
  });
  try {
    await session.ready;
    await body(copy, session);
  } finally {
    session.close();
    setDefaultModelProvider(standIn);
  }
}

const expectedMessage = (model: string) =>
  `No default model provider set: the SDK asked for model "${model}", and ` +
  'scripted-agents/runner (the runner setup entry) guards the default provider, which nothing ' +
  "set: '@openai/agents' was not imported. Give the agent a ScriptedModel, or the Runner a " +
  'provider (new Runner({ modelProvider: ScriptedModelProvider.forAll(model) })); for the real ' +
  "OpenAI provider, import '@openai/agents' in the test setup.";

describe('default-provider guard without a default provider', () => {
  for (const eager of [true, false]) {
    const release = eager ? 'a Runner resolves it when made (0.3)' : 'resolved on first request';
    test(`${release}: a test begins, and the request names the entry and the fix`, async () => {
      await withCopy(eager, async (copy, session) => {
        const run = session.begin({ file: undefined, titles: ['no provider'] });
        assert.equal(copy.installed.length, 1, 'the guard is that copy’s default now');
        // Inside an offline test, a real model name is refused first.
        assert.throws(() => session.within(run, () => copy.ask('gpt-4.1')), {
          name: 'RealModelRequestError',
        });
        await session.end(run);
        // Outside a test (or with the network allowed) there is no real provider to reach.
        assert.throws(() => copy.ask('gpt-4.1'), (error: unknown) => {
          assert(error instanceof NoDefaultModelProviderError);
          assert.deepEqual({ ...error }, {
            model: 'gpt-4.1',
            name: 'NoDefaultModelProviderError',
          });
          assert.equal(error.message, expectedMessage('gpt-4.1'));
          return true;
        });
        // A later test begins without trouble, the guard already in place.
        await session.end(session.begin({ file: undefined, titles: ['again'] }));
        assert.equal(copy.installed.length, 1);
      });
    });
  }

  test('the error is exported by the runner entry', async () => {
    const entry = await import('scripted-agents/runner');
    assert.equal(new entry.NoDefaultModelProviderError('m').message, expectedMessage('m'));
  });

  test('the default model is named as such', () => {
    assert.match(
      new NoDefaultModelProviderError(undefined).message,
      /asked for its default model,/,
    );
    assert.match(new NoDefaultModelProviderError('').message, /asked for its default model,/);
    assert.equal(new NoDefaultModelProviderError(undefined).model, undefined);
  });

  test('a copy with a provider set keeps reaching it outside tests, call after call', async () => {
    await withCopy(true, async (_copy, session) => {
      await session.end(session.begin({ file: undefined, titles: ['guarded'] }));
      const model = new Runner().config.modelProvider.getModel('x');
      assert.deepEqual(model, {});
      assert.deepEqual(new Runner().config.modelProvider.getModel('y'), {});
    });
  });
});
