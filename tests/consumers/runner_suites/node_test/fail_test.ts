// node:test under tsx: every test must fail with the messages expected.json lists.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import { assistantMessage, functionCall, ScriptedModel } from 'scripted-agents/testing';
import { useCassette, withDoubles } from 'scripted-agents/runner';

test(
  'a forgotten step',
  withDoubles(async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
    await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  }),
);

test(
  'a failing body and a failing teardown',
  withDoubles(async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
    const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    assert.equal(result.finalOutput, 'Rome.');
  }),
);

test(
  'a model name reaching for the real provider',
  withDoubles(async () => {
    await new Runner().run(new Agent({ name: 'Geo', model: 'gpt-4.1' }), 'Capital?');
  }),
);

test(
  'a fetch to the internet, caught by the code under test',
  withDoubles(async () => {
    await fetch('https://example.com/v1/responses').catch(() => {});
  }),
);

test(
  'a missing cassette in CI',
  withDoubles(async () => {
    await useCassette({ provider: { getModel: () => new ScriptedModel() } });
  }),
);

// One mistake, one report: the body's own error, with the unused step as one line of it.
test(
  'a strict mismatch in the body',
  withDoubles(async () => {
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
  }),
);
