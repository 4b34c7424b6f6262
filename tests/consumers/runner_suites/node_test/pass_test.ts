// node:test under tsx: the context form must pass (scripts/check_package.mjs).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { test } from 'node:test';
import { Agent, Runner } from '@openai/agents';
import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
import { useCassette, withDoubles } from 'scripted-agents/runner';

test(
  'a finished script passes without assertComplete()',
  withDoubles(async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    assert.equal(result.finalOutput, 'Paris.');
  }),
);

test(
  'loopback stays open',
  withDoubles(async () => {
    const server = createServer((_request, response) => response.end('pong'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const response = await fetch(`http://127.0.0.1:${port}/ping`);
      assert.equal(await response.text(), 'pong');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }),
);

test(
  'replays the recording named after the test',
  withDoubles(async () => {
    const cassette = await useCassette();
    const agent = new Agent({ name: 'Geo', model: 'gpt-4.1' });
    const result = await new Runner({ modelProvider: cassette }).run(agent, 'Capital?');
    assert.equal(result.finalOutput, 'Paris.');
  }),
);
