// Optional routes of ScriptedModelProvider: `{ model, optional: true }` is a route the workflow may
// never ask for; its model is verified once some agent asks for it, or when another route shares it.
import assert from 'node:assert/strict';
import { Agent, Runner } from '@openai/agents';
import {
  assistantMessage,
  AutoModel,
  ScriptedModel,
  ScriptedModelProvider,
  UnconsumedModelStepsError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const run = (provider: ScriptedModelProvider, model?: string) =>
  new Runner({ modelProvider: provider, tracingDisabled: true }).run(
    new Agent({ name: 'A', ...(model === undefined ? {} : { model }) }),
    'Hi',
  );

describe('ScriptedModelProvider optional routes', () => {
  test('an optional route never asked for is not verified', async () => {
    const writer = new ScriptedModel([[assistantMessage('Draft.')]]);
    const digest = new ScriptedModel([[assistantMessage('Digest.')]]);
    const provider = new ScriptedModelProvider({
      models: { writer, digest: { model: digest, optional: true } },
    });
    assert.equal((await run(provider, 'writer')).finalOutput, 'Draft.');
    assert.equal(provider.getModel('digest'), digest);
    await assert.rejects(provider.assertComplete(), UnconsumedModelStepsError);
  });

  test('an optional route asked for is verified as usual', async () => {
    const digest = new ScriptedModel([[assistantMessage('Digest.')]]);
    const provider = new ScriptedModelProvider({
      models: { digest: { model: digest, optional: true } },
    });
    await provider.assertComplete();
    assert.equal((await run(provider, 'digest')).finalOutput, 'Digest.');
    await provider.assertComplete();
    const left = new ScriptedModel([
      [assistantMessage('One.')],
      [assistantMessage('Two.')],
    ]);
    const asked = new ScriptedModelProvider({
      models: { digest: { model: left, optional: true } },
    });
    await run(asked, 'digest');
    await assert.rejects(asked.assertComplete(), UnconsumedModelStepsError);
  });

  test('a model that a required route shares is verified', async () => {
    const shared = new ScriptedModel([[assistantMessage('Shared.')]]);
    const provider = new ScriptedModelProvider({
      models: { main: shared, spare: { model: shared, optional: true } },
    });
    await assert.rejects(provider.assertComplete(), UnconsumedModelStepsError);
  });

  test('an optional fallback is verified once a name falls back to it', async () => {
    const fallback = new AutoModel();
    const provider = new ScriptedModelProvider({
      models: {},
      fallback: { model: fallback, optional: true },
    });
    assert.equal(provider.fallback, fallback);
    await provider.assertComplete();
    await run(provider);
    await provider.assertComplete();

    const required = new ScriptedModelProvider({ models: {}, fallback: new AutoModel() });
    await assert.rejects(required.assertComplete(), { name: 'AutoModelIncompleteError' });
    const named = new ScriptedModelProvider({
      models: { known: new AutoModel() },
      fallback: { model: new ScriptedModel([[assistantMessage('x')]]), optional: true },
    });
    named.getModel('unlisted');
    named.acknowledgeFailures();
    await assert.rejects(named.assertComplete());
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
          models: { b: { model: new AutoModel(), optional: 'yes' } as never },
        }),
      TypeError,
    );
    assert.throws(
      () => new ScriptedModelProvider({ models: {}, fallback: null as never }),
      { name: 'TypeError', message: message('fallback', 'null') },
    );
  });
});
