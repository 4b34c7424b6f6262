// Optional routes of ScriptedModelProvider: `{ model, optional: true }` is a route the workflow may
// never ask for; its model is verified once some agent asks for it, or when another route shares it.
// The provider is asked as the runner asks it (getModel per name), so this runs on every release
// the provider supports.
import assert from 'node:assert/strict';
import {
  assistantMessage,
  ScriptedModel,
  ScriptedModelProvider,
  UnconsumedModelStepsError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { modelRequest } from './_model_fixtures.ts';

const oneStep = () => new ScriptedModel([[assistantMessage('Answer.')]]);

describe('ScriptedModelProvider optional routes', () => {
  test('an optional route never asked for is not verified; a required one is', async () => {
    const writer = oneStep();
    const digest = oneStep();
    const provider = new ScriptedModelProvider({
      models: { writer, digest: { model: digest, optional: true } },
    });
    assert.deepEqual(provider.modelNames, ['writer', 'digest']);
    await assert.rejects(provider.assertComplete(), UnconsumedModelStepsError);
    await provider.getModel('writer').getResponse(modelRequest());
    await provider.assertComplete();
    await provider[Symbol.asyncDispose]();
  });

  test('an optional route asked for is verified as usual', async () => {
    const digest = oneStep();
    const provider = new ScriptedModelProvider({
      models: { digest: { model: digest, optional: true } },
    });
    assert.equal(provider.getModel('digest'), digest);
    await assert.rejects(provider.assertComplete(), UnconsumedModelStepsError);
    await digest.getResponse(modelRequest());
    await provider.assertComplete();
  });

  test('a model that a required route shares is verified', async () => {
    const shared = oneStep();
    const provider = new ScriptedModelProvider({
      models: { main: shared, spare: { model: shared, optional: true } },
    });
    await assert.rejects(provider.assertComplete(), UnconsumedModelStepsError);
    const bothOptional = new ScriptedModelProvider({
      models: { a: { model: shared, optional: true }, b: { model: shared, optional: true } },
    });
    await bothOptional.assertComplete();
    bothOptional.getModel('b');
    await assert.rejects(bothOptional.assertComplete(), UnconsumedModelStepsError);
  });

  test('an optional fallback is verified once a name falls back to it', async () => {
    for (const asked of [undefined, '', 'unlisted']) {
      const fallback = oneStep();
      const provider = new ScriptedModelProvider({
        models: { known: { model: oneStep(), optional: true } },
        fallback: { model: fallback, optional: true },
      });
      assert.equal(provider.fallback, fallback);
      provider.getModel('known');
      await assert.rejects(provider.assertComplete(), UnconsumedModelStepsError);
      const fresh = new ScriptedModelProvider({
        models: { known: { model: oneStep(), optional: true } },
        fallback: { model: fallback, optional: true },
      });
      await fresh.assertComplete();
      assert.equal(fresh.getModel(asked), fallback);
      await assert.rejects(fresh.assertComplete(), UnconsumedModelStepsError);
    }
    const required = new ScriptedModelProvider({ models: {}, fallback: oneStep() });
    await assert.rejects(required.assertComplete(), UnconsumedModelStepsError);
  });

  test('a fallback that is also a required route is verified', async () => {
    const model = oneStep();
    const provider = new ScriptedModelProvider({
      models: { main: model },
      fallback: { model, optional: true },
    });
    await assert.rejects(provider.assertComplete(), UnconsumedModelStepsError);
  });

  test('a malformed route is refused where the provider is made', () => {
    const message = (where: string, got: string) =>
      `ScriptedModelProvider ${where} must be a Model or a route { model, optional } (a Model and ` +
      `a boolean); it got ${got}.`;
    assert.throws(
      () => new ScriptedModelProvider({ models: { a: { model: {} } as never } }),
      { name: 'TypeError', message: message('route "a"', 'an object with keys model') },
    );
    assert.throws(
      () =>
        new ScriptedModelProvider({
          models: { b: { model: oneStep(), optional: 'yes' } as never },
        }),
      { name: 'TypeError', message: message('route "b"', 'an object with keys model, optional') },
    );
    assert.throws(
      () => new ScriptedModelProvider({ models: {}, fallback: null as never }),
      { name: 'TypeError', message: message('fallback', 'null') },
    );
    assert.throws(
      () => new ScriptedModelProvider({ models: { c: 'gpt-4.1' as never } }),
      { name: 'TypeError', message: message('route "c"', 'the string "gpt-4.1"') },
    );
  });
});
