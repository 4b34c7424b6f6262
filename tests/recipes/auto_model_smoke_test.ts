// Recipe "Smoke-test an agent with no script": AutoModel calls every tool the
// agent offers, with arguments generated from each tool's schema, then answers
// with an object the agent's structured output type accepts.
import { Agent, Runner, tool } from '@openai/agents';
import { AutoModel } from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

test('every tool is wired, every schema parses, the output type can be produced', async () => {
  const received: Record<string, unknown> = {};
  const searchFlights = tool({
    name: 'search_flights',
    description: 'Finds flights between two airports.',
    parameters: z.object({
      from: z.string(),
      to: z.string(),
      passengers: z.number().int().positive(),
      cabin: z.enum(['economy', 'business']),
    }),
    execute: async (input) => {
      received.search_flights = input;
      return 'Two flights found.';
    },
  });
  const holdSeat = tool({
    name: 'hold_seat',
    description: 'Holds a seat for 15 minutes.',
    parameters: z.object({ flight: z.string(), seat: z.string().nullable() }),
    execute: async (input) => {
      received.hold_seat = input;
      return 'Seat held.';
    },
  });
  const Itinerary = z.object({
    summary: z.string(),
    legs: z.array(z.object({ flight: z.string(), departs: z.string() })),
    refundable: z.boolean(),
  });

  // No script: the same seed always generates the same arguments and output.
  const model = new AutoModel({ seed: 1 });
  const agent = new Agent({
    name: 'Travel agent',
    model,
    tools: [searchFlights, holdSeat],
    outputType: Itinerary,
  });

  const runner = new Runner({ tracingDisabled: true });
  const result = await runner.run(agent, 'Book me a flight to Lisbon.');

  // Both tools ran with the arguments the model generated for them...
  assert.deepEqual(Object.keys(received), ['search_flights', 'hold_seat']);
  for (const call of model.generated.filter((value) => value.kind === 'tool')) {
    assert.deepEqual(received[call.name], call.value);
  }
  // ...and the final answer parsed with the agent's own output type.
  assert.ok(Itinerary.safeParse(result.finalOutput).success);
  // Fails if a tool was never called (the run ended early) or the model never ran.
  model.assertComplete();
});
