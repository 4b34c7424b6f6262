// node:test under tsx with `--import scripted-agents/node_test`: every test must
// fail with the messages expected.json lists. No withDoubles(): the preload hooks
// every test.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Agent, run, Runner, setDefaultModelProvider } from '@openai/agents';
import { assistantMessage, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';
import { useCassette } from 'scripted-agents/node_test';

const concierge = new Agent({ name: 'Concierge', model: 'gpt-4.1-mini' });

test('a forgotten step', async () => {
  const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
  await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
});

test('a failing body and a failing teardown', async () => {
  const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
  const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  assert.equal(result.finalOutput, 'Rome.');
});

test('a model name reaching for the real provider', async () => {
  await new Runner().run(new Agent({ name: 'Geo', model: 'gpt-4.1' }), 'Capital?');
});

test('a fetch to the internet, caught by the code under test', async () => {
  await fetch('https://example.com/v1/responses').catch(() => {});
});

test('a missing cassette in CI', async () => {
  await useCassette({ provider: { getModel: () => new ScriptedModel() } });
});

describe('top-level run()', () => {
  test('a provider set by one test', async () => {
    setDefaultModelProvider(
      ScriptedModelProvider.forAll([[assistantMessage('Booked.')], [assistantMessage('left')]]),
    );
    await run(concierge, 'Book a trip');
  });

  test("is not the next test's, which set none", async () => {
    await run(concierge, 'Book a trip');
  });
});
