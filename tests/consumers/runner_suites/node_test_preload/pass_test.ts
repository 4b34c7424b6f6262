// node:test under tsx with `--import scripted-agents/node_test`: must pass
// (scripts/check_package.mjs). No withDoubles(): the preload hooks every test.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { test } from 'node:test';
import { Agent, run, Runner, setDefaultModelProvider } from '@openai/agents';
import { assistantMessage, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';
import { allowNetwork, useCassette } from 'scripted-agents/node_test';
import { currentTestRun } from 'scripted-agents/runner';

const concierge = new Agent({ name: 'Concierge', model: 'gpt-4.1-mini' });

test('a finished script passes without assertComplete()', async () => {
  const model = new ScriptedModel([[assistantMessage('Paris.')]]);
  const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  assert.equal(result.finalOutput, 'Paris.');
});

test('loopback stays open', async () => {
  const server = createServer((_request, response) => response.end('pong'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    const response = await fetch(`http://127.0.0.1:${port}/ping`);
    assert.equal(await response.text(), 'pong');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('replays the recording named after the test', async () => {
  const cassette = await useCassette();
  const agent = new Agent({ name: 'Geo', model: 'gpt-4.1' });
  const result = await new Runner({ modelProvider: cassette }).run(agent, 'Capital?');
  assert.equal(result.finalOutput, 'Paris.');
});

test("the top-level run() reaches this test's provider", async () => {
  setDefaultModelProvider(ScriptedModelProvider.forAll([[assistantMessage('Booked.')]]));
  assert.equal((await run(concierge, 'Book a trip')).finalOutput, 'Booked.');
});

test("and the next test's provider, not the first one's", async () => {
  setDefaultModelProvider(ScriptedModelProvider.forAll([[assistantMessage('Refunded.')]]));
  assert.equal((await run(concierge, 'Refund it')).finalOutput, 'Refunded.');
});

test('allowNetwork() opens the network for this test only', () => {
  const run = currentTestRun();
  assert.equal(run?.name, 'allowNetwork() opens the network for this test only');
  assert.equal(run?.networkAllowed, false);
  allowNetwork();
  assert.equal(run?.networkAllowed, true);
});

test('the next test is offline again', () => {
  assert.equal(currentTestRun()?.networkAllowed, false);
});
