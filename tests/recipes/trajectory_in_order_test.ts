// Recipe "Assert the steps that matter, in order": `order: 'in_order'` lets
// other steps happen between the expected ones, `args: 'contains'` compares only
// the arguments written, `toolArgs` checks one tool's arguments with a
// function, and RegExps or matcher objects (`expect.any(...)` in Vitest and
// Jest) stand for values a test does not pin down.
import { Agent, Runner, tool } from '@openai/agents';
import {
  assertTrajectory,
  assistantMessage,
  functionCall,
  ScriptedModel,
} from 'scripted-agents/testing';
import test from 'node:test';
import { z } from 'zod';

/** What `expect.any(Number)` is to this API: an object with `asymmetricMatch`. */
const anyNumber = { asymmetricMatch: (value: unknown) => typeof value === 'number' };

test('search, then book: other lookups may come between', async () => {
  const search = tool({
    name: 'search_flights',
    description: 'Searches flights.',
    parameters: z.object({ from: z.string(), to: z.string(), date: z.string() }),
    execute: async ({ to }) => [{ id: 'F1', to, price: 120 }],
  });
  const weather = tool({
    name: 'weather',
    description: 'Weather at a city.',
    parameters: z.object({ city: z.string() }),
    execute: async () => 'sunny',
  });
  const book = tool({
    name: 'book',
    description: 'Books a flight.',
    parameters: z.object({ flightId: z.string(), seats: z.number(), price: z.number() }),
    execute: async ({ flightId }) => `booked ${flightId}`,
  });
  using model = new ScriptedModel([
    [functionCall('search_flights', { from: 'HND', to: 'KIX', date: '2026-12-24' }, {
      callId: 'c1',
    })],
    [functionCall('weather', { city: 'Osaka' }, { callId: 'c2' })],
    [functionCall('book', { flightId: 'F1', seats: 2, price: 240 }, { callId: 'c3' })],
    [assistantMessage('Booked F1 for two.')],
  ]);
  const agent = new Agent({ name: 'Travel', model, tools: [search, weather, book] });
  const result = await new Runner({ tracingDisabled: true }).run(
    agent,
    'Two seats to Osaka, Dec 24',
  );

  assertTrajectory(result, [
    { tool: 'search_flights', args: { to: 'KIX' } },
    { tool: 'book', args: { flightId: /^F\d+$/, price: anyNumber } },
    { message: /booked/i },
  ], {
    order: 'in_order',
    args: 'contains',
    // One tool's own rule: at least one seat, whatever else it was given.
    toolArgs: { book: (actual) => (actual as { seats: number }).seats >= 1 },
  });
});
