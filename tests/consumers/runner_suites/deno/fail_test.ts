// Deno.test with the context form: every test must fail (one step passes) with the messages
// expected.json lists, as Deno's JUnit report keeps them.
import assert from 'node:assert/strict';
import { Agent, run, Runner, setDefaultModelProvider, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  ScriptedModelProvider,
} from 'scripted-agents/testing';
import { useCassette, withDoubles } from 'scripted-agents/runner';
import { expect } from './expect.ts';

Deno.test(
  'a forgotten step',
  withDoubles(async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
    await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  }),
);

Deno.test(
  'a failing body and a failing teardown',
  withDoubles(async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
    const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    assert.equal(result.finalOutput, 'Rome.');
  }),
);

Deno.test(
  'a swallowed unexpected call',
  withDoubles(async () => {
    const model = new ScriptedModel();
    await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?').catch(() => {});
  }),
);

Deno.test(
  'a model name reaching for the real provider',
  withDoubles(async () => {
    await new Runner().run(new Agent({ name: 'Geo', model: 'gpt-4.1' }), 'Capital?');
  }),
);

Deno.test(
  'a fetch to the internet, caught by the code under test',
  withDoubles(async () => {
    await fetch('https://example.com/v1/responses').catch(() => {});
  }),
);

Deno.test(
  'a missing cassette in CI',
  withDoubles(async () => {
    await useCassette({ provider: { getModel: () => new ScriptedModel() } });
  }),
);

Deno.test(
  'a tool that was never called',
  withDoubles(async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    expect(result).toHaveCalledTool('book_flight');
  }),
);

Deno.test('a step that leaves a step unused', async (t) => {
  await t.step(
    'the step',
    withDoubles(async () => {
      const model = new ScriptedModel([
        [assistantMessage('Paris.')],
        [assistantMessage('unused')],
      ]);
      await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    }),
  );
});

// Each wrapped level verifies its own doubles: the step's finished script passes,
// the test's leftover step fails the test alone.
Deno.test(
  'a wrapped test whose wrapped step passes',
  withDoubles(async (t) => {
    const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
    await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    await t.step(
      'the step',
      withDoubles(async () => {
        const inner = new ScriptedModel([[assistantMessage('Rome.')]]);
        await new Runner().run(new Agent({ name: 'Geo', model: inner }), 'Capital of Italy?');
      }),
    );
  }),
);

const concierge = new Agent({ name: 'Concierge', model: 'gpt-4.1-mini' });

Deno.test(
  'a provider set by one test',
  withDoubles(async () => {
    setDefaultModelProvider(
      ScriptedModelProvider.forAll([[assistantMessage('Booked.')], [assistantMessage('left')]]),
    );
    await run(concierge, 'Book a trip');
  }),
);

Deno.test(
  "is not the next test's, which set none",
  withDoubles(async () => {
    await run(concierge, 'Book a trip');
  }),
);

// One mistake, one report: the body's own error, with the unused step as one line of it.
Deno.test(
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

// A provider's routes are known at once: the matcher fails without an await.
Deno.test(
  'a provider with an unused step, checked without await',
  withDoubles(async () => {
    const provider = ScriptedModelProvider.forAll([
      [assistantMessage('Paris.')],
      [assistantMessage('unused')],
    ]);
    await new Runner({ modelProvider: provider }).run(new Agent({ name: 'Geo' }), 'Capital?');
    expect(provider).toBeComplete();
  }),
);
