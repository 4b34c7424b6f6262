// Recipe "Record a tool workflow once, replay it offline": the tool workflow of
// tool_workflow_test.ts, recorded through the real OpenAIProvider and `openai`
// client (here against a local server that answers like the Responses API; in
// your suite, the real API with SCRIPTED_AGENTS_CASSETTE=record), then
// replayed from the cassette file with the server stopped.
import { Agent, OpenAIProvider, Runner, tool } from '@openai/agents';
import { openCassette } from 'scripted-agents/cassette_fs';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'node:test';
import OpenAI from 'openai';
import { z } from 'zod';

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

/**
 * Stands in for the Responses API on 127.0.0.1 (random port): a tool call
 * first, then the answer once the tool result comes back. Only for this
 * recipe; a real suite records against the real API.
 */
async function startFakeResponsesApi(): Promise<{ baseURL: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = JSON.parse(text) as { model: string; input: { type?: string }[] };
    const answered = body.input.some((item) => item.type === 'function_call_output');
    const output = answered
      ? [{
        type: 'message',
        id: 'msg_1',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'It is sunny in Tokyo.', annotations: [] }],
      }]
      : [{
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_1',
        name: 'get_weather',
        arguments: '{"city":"Tokyo"}',
        status: 'completed',
      }];
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({
      id: answered ? 'resp_2' : 'resp_1',
      object: 'response',
      created_at: 1_700_000_000,
      status: 'completed',
      model: body.model,
      output,
      usage: { input_tokens: 20, output_tokens: 5, total_tokens: 25 },
    }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

test('records a tool workflow through OpenAIProvider and replays it offline', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cassette-recipe-'));
  const file = path.join(dir, 'weather.json');
  const server = await startFakeResponsesApi();
  let serverRunning = true;
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
    serverRunning = false;

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
      id: 'fc_1',
      callId: 'call_1',
      name: 'get_weather',
      status: 'completed',
      arguments: '{"city":"Tokyo"}',
      providerData: { id: 'fc_1', type: 'function_call' },
    });
    // Fails if a later change makes fewer model calls than were recorded.
    await cassette.close();
  } finally {
    if (serverRunning) await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});
