// Deno.test with `--preload` of scripted-agents/deno: every test must fail with the
// messages expected.json lists. No withDoubles(): the preload wraps every test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Agent, run, Runner, setDefaultModelProvider } from '@openai/agents';
import { assistantMessage, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';

const concierge = new Agent({ name: 'Concierge', model: 'gpt-4.1-mini' });

Deno.test('a forgotten step', async () => {
  const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
  await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
});

Deno.test('a failing body and a failing teardown', async () => {
  const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
  const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  assert.equal(result.finalOutput, 'Rome.');
});

Deno.test({
  name: 'a fetch to the internet, caught by the code under test',
  fn: async () => {
    await fetch('https://example.com/v1/responses').catch(() => {});
  },
});

test('a forgotten step in a node:test test under Deno', async () => {
  const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
  await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
});

Deno.test('a provider set by one test', async () => {
  setDefaultModelProvider(
    ScriptedModelProvider.forAll([[assistantMessage('Booked.')], [assistantMessage('left')]]),
  );
  await run(concierge, 'Book a trip');
});

Deno.test("is not the next test's, which set none", async () => {
  await run(concierge, 'Book a trip');
});
