// Deno.test with `--preload` of scripted-agents/deno: must pass (scripts/check_package.mjs).
// No withDoubles(): the preload wraps every test.
import { test } from 'node:test';
import { Agent, run, Runner, setDefaultModelProvider } from '@openai/agents';
import { assistantMessage, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';
import { useCassette } from 'scripted-agents/deno';
import { expect } from './expect.ts';

const concierge = new Agent({ name: 'Concierge', model: 'gpt-4.1-mini' });

Deno.test('a finished script passes without assertComplete()', async () => {
  const model = new ScriptedModel([[assistantMessage('Paris.')]]);
  const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  expect(result.finalOutput).toBe('Paris.');
});

Deno.test({
  name: 'loopback stays open',
  fn: async () => {
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
  },
});

Deno.test('replays the recording named after the test', async () => {
  const cassette = await useCassette();
  const agent = new Agent({ name: 'Geo', model: 'gpt-4.1' });
  const result = await new Runner({ modelProvider: cassette }).run(agent, 'Capital?');
  expect(result.finalOutput).toBe('Paris.');
});

Deno.test("the top-level run() reaches this test's provider", async () => {
  setDefaultModelProvider(ScriptedModelProvider.forAll([[assistantMessage('Booked.')]]));
  expect((await run(concierge, 'Book a trip')).finalOutput).toBe('Booked.');
});

test("and the next test's provider (a node:test test under Deno)", async () => {
  setDefaultModelProvider(ScriptedModelProvider.forAll([[assistantMessage('Refunded.')]]));
  expect((await run(concierge, 'Refund it')).finalOutput).toBe('Refunded.');
});
