// A suite that must pass under scripted-agents/vitest and scripted-agents/jest
// (scripts/check_package.mjs copies it into the consumer projects; for Jest the
// imports become @jest/globals and scripted-agents/jest).
import { createServer } from 'node:http';
import { Agent, handoff, run, Runner, setDefaultModelProvider, tool } from '@openai/agents';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  ScriptedModelProvider,
  scriptedSandboxSession,
} from 'scripted-agents/testing';
import { useCassette } from 'scripted-agents/vitest';

const weather = tool({
  name: 'get_weather',
  description: 'The weather of a city',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `Sunny in ${city}`,
});

describe('verification', () => {
  test('a finished script passes without assertComplete()', async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    expect(result.finalOutput).toBe('Paris.');
  });

  test('a double disposed by the test is not verified twice', async () => {
    const sandbox = scriptedSandboxSession([{ method: 'pathExists', result: true }]);
    expect(await sandbox.pathExists('/workspace')).toBe(true);
    sandbox[Symbol.dispose]();
  });
});

describe('offline', () => {
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
});

describe('matchers', () => {
  test('tool calls, handoffs, trajectories and completeness', async () => {
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
  });

  test('a run result snapshots as its transcript', async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    expect(result).toMatchSnapshot();
  });
});

describe('cassettes', () => {
  test('replays the recording named after the test', async () => {
    const cassette = await useCassette();
    const agent = new Agent({ name: 'Geo', model: 'gpt-4.1' });
    const result = await new Runner({ modelProvider: cassette }).run(agent, 'Capital?');
    expect(result.finalOutput).toBe('Paris.');
  });
});

describe('top-level run()', () => {
  const concierge = new Agent({ name: 'Concierge', model: 'gpt-4.1-mini' });

  test("reaches this test's provider", async () => {
    setDefaultModelProvider(ScriptedModelProvider.forAll([[assistantMessage('Booked.')]]));
    expect((await run(concierge, 'Book a trip')).finalOutput).toBe('Booked.');
  });

  test("and the next test's, not the first one's", async () => {
    setDefaultModelProvider(ScriptedModelProvider.forAll([[assistantMessage('Refunded.')]]));
    expect((await run(concierge, 'Refund it')).finalOutput).toBe('Refunded.');
  });
});
