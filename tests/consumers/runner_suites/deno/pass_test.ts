// Deno.test with the context form: must pass (scripts/check_package.mjs).
import { Agent, handoff, run, Runner, setDefaultModelProvider, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  ScriptedModelProvider,
} from 'scripted-agents/testing';
import { useCassette, withDoubles } from 'scripted-agents/runner';
import { expect } from './expect.ts';

const weather = tool({
  name: 'get_weather',
  description: 'The weather of a city',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `Sunny in ${city}`,
});

Deno.test('scripted-agents is the npm install, not the repository sources', () => {
  expect(import.meta.resolve('scripted-agents/runner')).toMatch(
    /\/node_modules\/scripted-agents\/esm\/runner\/mod\.js$/,
  );
});

Deno.test(
  'a finished script passes without assertComplete()',
  withDoubles(async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    expect(result.finalOutput).toBe('Paris.');
  }),
);

Deno.test(
  'loopback stays open',
  withDoubles(async () => {
    const server = Deno.serve(
      { hostname: '127.0.0.1', port: 0, onListen: () => {} },
      () => new Response('pong'),
    );
    try {
      const response = await fetch(`http://127.0.0.1:${server.addr.port}/ping`);
      expect(await response.text()).toBe('pong');
    } finally {
      await server.shutdown();
    }
  }),
);

Deno.test(
  'tool calls, handoffs, trajectories and completeness',
  withDoubles(async () => {
    const billing = new Agent({
      name: 'Billing',
      model: new ScriptedModel([[assistantMessage('Refunded.')]]),
    });
    const model = new ScriptedModel([
      [functionCall('get_weather', { city: 'Paris' }, { callId: 'call_1' })],
      [functionCall('transfer_to_Billing', {}, { callId: 'call_2' })],
    ]);
    const triage = new Agent({
      name: 'Triage',
      model,
      tools: [weather],
      handoffs: [handoff(billing)],
    });
    const result = await new Runner().run(triage, 'Weather, then a refund');
    expect(result).toHaveCalledTool('get_weather');
    expect(result).toHaveCalledTool('get_weather', expect.objectContaining({ city: 'Paris' }));
    expect(result).not.toHaveCalledTool('book_flight');
    expect(result).toHaveHandedOffTo('Billing');
    expect(result).toMatchTrajectory([
      { tool: 'get_weather', args: { city: 'Paris' } },
      { handoff: 'Billing' },
      { message: 'Refunded.' },
    ], { kinds: ['tool_call', 'handoff', 'message'] });
    expect(model).toBeComplete();
  }),
);

Deno.test(
  'replays the recording named after the test',
  withDoubles(async () => {
    const cassette = await useCassette();
    const agent = new Agent({ name: 'Geo', model: 'gpt-4.1' });
    const result = await new Runner({ modelProvider: cassette }).run(agent, 'Capital?');
    expect(result.finalOutput).toBe('Paris.');
  }),
);

Deno.test('a test with steps', async (t) => {
  await t.step(
    'replays the recording named after the test and the step',
    withDoubles(async () => {
      const cassette = await useCassette();
      const agent = new Agent({ name: 'Geo', model: 'gpt-4.1' });
      const result = await new Runner({ modelProvider: cassette }).run(agent, 'Capital?');
      expect(result.finalOutput).toBe('Paris.');
    }),
  );
});

const concierge = new Agent({ name: 'Concierge', model: 'gpt-4.1-mini' });

Deno.test(
  "the top-level run() reaches this test's provider",
  withDoubles(async () => {
    setDefaultModelProvider(ScriptedModelProvider.forAll([[assistantMessage('Booked.')]]));
    expect((await run(concierge, 'Book a trip')).finalOutput).toBe('Booked.');
  }),
);

Deno.test(
  "and the next test's provider, not the first one's",
  withDoubles(async () => {
    setDefaultModelProvider(ScriptedModelProvider.forAll([[assistantMessage('Refunded.')]]));
    expect((await run(concierge, 'Refund it')).finalOutput).toBe('Refunded.');
  }),
);
