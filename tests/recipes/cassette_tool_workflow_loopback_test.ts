// Recipe "Record a tool workflow once, replay it offline": the tool workflow of
// tool_workflow_test.ts, recorded through the real OpenAIProvider and `openai`
// client (here against a local server that answers like the Responses API; in
// your suite, the real API with SCRIPTED_AGENTS_CASSETTE=record), then
// replayed from the cassette file with the server stopped.
import { Agent, OpenAIProvider, Runner, tool } from '@openai/agents';
import { openCassette } from 'scripted-agents/cassette_fs';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'node:test';
import OpenAI from 'openai';
import { z } from 'zod';
import { startResponsesServer, wireFunctionCall, wireMessage } from '../_responses_server.ts';

function weatherAgent() {
  const weather = tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: async ({ city }) => `${city}: sunny`,
  });
  return new Agent({
    name: 'Weather assistant',
    instructions: 'Answer weather questions with the get_weather tool.',
    model: 'gpt-4.1-mini',
    tools: [weather],
  });
}

test('records a tool workflow through OpenAIProvider and replays it offline', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cassette-recipe-'));
  const file = path.join(dir, 'weather.json');
  // Stands in for the Responses API: a tool call first, then the answer.
  const server = await startResponsesServer((body) => {
    const input = body.input as { type?: string }[];
    return input.some((item) => item.type === 'function_call_output')
      ? { kind: 'output', output: [wireMessage('msg_1', 'It is sunny in Tokyo.')] }
      : { kind: 'output', output: [wireFunctionCall('call_1', 'get_weather', { city: 'Tokyo' })] };
  });
  try {
    // 1. Record once with the real provider.
    const client = new OpenAI({ apiKey: 'sk-test-recipe-0123456789', baseURL: server.baseURL });
    const recorder = await openCassette(file, {
      mode: 'record',
      provider: new OpenAIProvider({ openAIClient: client }),
    });
    await new Runner({ modelProvider: recorder, tracingDisabled: true })
      .run(weatherAgent(), 'What is the weather in Tokyo?');
    await recorder.close();
    await server.close();

    // The cassette is a readable list of agent turns, without the API key.
    const text = await readFile(file, 'utf8');
    assert.equal(text.includes('sk-test'), false);
    assert.equal(JSON.parse(text).interactions.length, 2);

    // 2. Replay forever, offline: the real Runner, tool and items, no network.
    const cassette = await openCassette(file, { mode: 'replay' });
    const runner = new Runner({ modelProvider: cassette, tracingDisabled: true });
    const result = await runner.run(weatherAgent(), 'What is the weather in Tokyo?');

    assert.equal(result.finalOutput, 'It is sunny in Tokyo.');
    const toolCall = result.newItems.find((item) => item.type === 'tool_call_item');
    assert.deepEqual(toolCall?.rawItem, {
      type: 'function_call',
      id: 'fc_call_1',
      callId: 'call_1',
      name: 'get_weather',
      status: 'completed',
      arguments: '{"city":"Tokyo"}',
      providerData: { id: 'fc_call_1', type: 'function_call' },
    });
    // Fails if a later change makes fewer model calls than were recorded.
    await cassette.close();
  } finally {
    await server.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
});
