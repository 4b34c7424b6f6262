// A suite whose every test must fail, each with the messages expected.json
// lists (in that order), as the runner's JSON report keeps them.
import { Agent, run, Runner, setDefaultModelProvider, tool } from '@openai/agents';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  assertTrajectory,
  assistantMessage,
  functionCall,
  ScriptedModel,
  ScriptedModelProvider,
} from 'scripted-agents/testing';
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

  // One mistake, one report: the body's own ScriptedOutputMismatchError, with the step the
  // stopped run never reached as one line of it (no DoubleFailuresError, no second error).
  test('a strict mismatch in the body', async () => {
    const bookTrip = tool({
      name: 'book_trip',
      description: 'Books a trip',
      parameters: z.object({ nights: z.number() }),
      execute: ({ nights }) => `booked ${nights} nights`,
    });
    const model = new ScriptedModel([
      [functionCall('book_trip', { nights: 'three' })],
      [assistantMessage('Booked.')],
    ]);
    await new Runner().run(new Agent({ name: 'Concierge', model, tools: [bookTrip] }), 'Book');
  });

  // The script refused at construction is the report; the other models' steps one line of it.
  test('a script refused at construction', () => {
    new ScriptedModel([[assistantMessage('Paris.')]]);
    new ScriptedModel([[assistantMessage('Rome.')], [assistantMessage('Madrid.')]]);
    new ScriptedModel([[functionCall('book_trip', '{"nights": 3')]]);
  });

  // A provider's routes are known at once: the matcher fails without an await.
  test('a provider with an unused step, checked without await', async () => {
    const provider = ScriptedModelProvider.forAll([
      [assistantMessage('Paris.')],
      [assistantMessage('unused')],
    ]);
    await new Runner({ modelProvider: provider }).run(new Agent({ name: 'Geo' }), 'Capital?');
    expect(provider).toBeComplete();
  });

  // The package's aligned diff, and no runner diff of the short form against the full steps.
  test('a trajectory that does not match', async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    expect(result).toMatchTrajectory([{ message: 'Rome.' }]);
  });

  test('a trajectory assertTrajectory rejects', async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    assertTrajectory(result, [{ message: 'Rome.' }]);
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
