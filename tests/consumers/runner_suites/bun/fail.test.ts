// Bun with the preload file: every test must fail with the messages expected.json lists.
import { Agent, run, Runner, setDefaultModelProvider, tool } from '@openai/agents';
import { expect, test } from 'bun:test';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  ScriptedModelProvider,
} from 'scripted-agents/testing';

test('a forgotten step', async () => {
  const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
  await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
});

test('a failing body and a failing teardown', async () => {
  const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
  const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  expect(result.finalOutput).toBe('Rome.');
});

test('a model name reaching for the real provider', async () => {
  await new Runner().run(new Agent({ name: 'Geo', model: 'gpt-4.1' }), 'Capital?');
});

test('a fetch to the internet, caught by the code under test', async () => {
  await fetch('https://example.com/v1/responses').catch(() => {});
});

test('a tool that was never called', async () => {
  const model = new ScriptedModel([[assistantMessage('Paris.')]]);
  const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  expect(result).toHaveCalledTool('book_flight');
});

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

// Bun's hooks do not see the body's failure: the teardown reports it once more, as one
// DoubleFailuresError whose last line is the unused step (not a second error for it).
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

// A provider's routes are known at once: the matcher fails without an await.
test('a provider with an unused step, checked without await', async () => {
  const provider = ScriptedModelProvider.forAll([
    [assistantMessage('Paris.')],
    [assistantMessage('unused')],
  ]);
  await new Runner({ modelProvider: provider }).run(new Agent({ name: 'Geo' }), 'Capital?');
  // deno-lint-ignore no-explicit-any
  (expect(provider) as any).toBeComplete();
});

// A check that cannot be synchronous (a routed model whose only teardown is asynchronous):
// without an await it still fails the test, when the test ends, naming the matcher.
test('an asynchronous check that was not awaited', () => {
  const remote = {
    getResponse: () => Promise.reject(new Error('not called')),
    getStreamedResponse: () => {
      throw new Error('not called');
    },
    [Symbol.asyncDispose]: () => Promise.reject(new Error('the remote model holds 1 request')),
  };
  // deno-lint-ignore no-explicit-any
  (expect(ScriptedModelProvider.forAll(remote)) as any).toBeComplete();
});
