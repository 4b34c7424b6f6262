// Bun with the preload file: must pass (scripts/check_package.mjs).
import { createServer } from 'node:http';
import { Agent, Runner } from '@openai/agents';
import { expect, test } from 'bun:test';
import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';

test('a finished script passes without assertComplete()', async () => {
  const model = new ScriptedModel([[assistantMessage('Paris.')]]);
  const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  expect(result.finalOutput).toBe('Paris.');
  // deno-lint-ignore no-explicit-any
  (expect(model) as any).toBeComplete();
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
