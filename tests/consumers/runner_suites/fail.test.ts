// A suite whose every test must fail, each with the messages expected.json
// lists (in that order), as the runner's JSON report keeps them.
import { Agent, run, Runner, setDefaultModelProvider } from '@openai/agents';
import { describe, expect, test } from 'vitest';
import { assistantMessage, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';
import { useCassette } from 'scripted-agents/vitest';

describe('fails', () => {
  test('a forgotten step', async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
    await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  });

  test('a failing body and a failing teardown', async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
    const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    expect(result.finalOutput).toBe('Rome.');
  });

  test('a swallowed unexpected call', async () => {
    const model = new ScriptedModel();
    await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?').catch(() => {});
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

  test('a tool that was never called', async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    expect(result).toHaveCalledTool('book_flight');
  });
});

describe('top-level run()', () => {
  const concierge = new Agent({ name: 'Concierge', model: 'gpt-4.1-mini' });

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
