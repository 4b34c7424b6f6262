// Bun with the preload file: must pass (scripts/check_package.mjs).
import { createServer } from 'node:http';
import { Agent, run, Runner, setDefaultModelProvider } from '@openai/agents';
import { expect, test } from 'bun:test';
import { assistantMessage, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';

test('a finished script passes without assertComplete()', async () => {
  const model = new ScriptedModel([[assistantMessage('Paris.')]]);
  const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  expect(result.finalOutput).toBe('Paris.');
  expect(model).toBeComplete();
});

test('loopback stays open', async () => {
  const server = createServer((_request, response) => response.end('pong'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    const response = await fetch(`http://127.0.0.1:${port}/ping`);
    expect(await response.text()).toBe('pong');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

const concierge = new Agent({ name: 'Concierge', model: 'gpt-4.1-mini' });

test("the top-level run() reaches this test's provider", async () => {
  setDefaultModelProvider(ScriptedModelProvider.forAll([[assistantMessage('Booked.')]]));
  expect((await run(concierge, 'Book a trip')).finalOutput).toBe('Booked.');
});

test("and the next test's provider, not the first one's", async () => {
  setDefaultModelProvider(ScriptedModelProvider.forAll([[assistantMessage('Refunded.')]]));
  expect((await run(concierge, 'Refund it')).finalOutput).toBe('Refunded.');
});
