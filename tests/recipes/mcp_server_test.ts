// Recipe "Test an agent that uses an MCP server": `ScriptedMcpServer` stands in for the MCP
// server process. It lists scripted tools, answers tool calls from a script, and records
// `connect`, `listTools`, `callTool` and `close`, so the test runs the real Agent and Runner
// without starting a server.
import { Agent, Runner } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedMcpServer,
  ScriptedModel,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';

test('the agent looks up a forecast through the MCP server', async () => {
  using server = new ScriptedMcpServer({
    name: 'weather',
    tools: [{
      name: 'get_forecast',
      description: 'Gets the forecast for a city.',
      inputSchema: { properties: { city: { type: 'string' } }, required: ['city'] },
    }],
    steps: [
      { tool: 'get_forecast', match: (args) => args?.city === 'Oslo', result: 'Oslo: rain' },
    ],
  });
  const model = new ScriptedModel([
    [functionCall('get_forecast', { city: 'Oslo' }, { callId: 'call_1' })],
    [assistantMessage('Take an umbrella in Oslo.')],
  ]);
  const agent = new Agent({ name: 'Forecaster', model, mcpServers: [server] });

  await server.connect();
  try {
    const result = await new Runner({ tracingDisabled: true }).run(agent, 'Weather in Oslo?');
    assert.equal(result.finalOutput, 'Take an umbrella in Oslo.');
  } finally {
    await server.close();
  }

  // The model was offered the server's tool, and the tool was called once.
  const offered = model.firstCall?.request.tools.map((tool) => 'name' in tool && tool.name);
  assert.deepEqual(offered, ['get_forecast']);
  assert.deepEqual(server.toolCalls.map((call) => call.args), [{ city: 'Oslo' }]);
  model.assertComplete();
  // `using` checks at the end of the test: every step used, no unexpected call, closed.
});

test('a tool failure reaches the model as an error result', async () => {
  using server = new ScriptedMcpServer({
    name: 'weather',
    tools: [{ name: 'get_forecast' }],
    steps: [{
      tool: 'get_forecast',
      result: { content: [{ type: 'text', text: 'unknown city' }], isError: true },
    }],
  });
  const model = new ScriptedModel([
    [functionCall('get_forecast', { city: 'Atlantis' }, { callId: 'call_1' })],
    [assistantMessage('I could not find that city.')],
  ]);
  const agent = new Agent({ name: 'Forecaster', model, mcpServers: [server] });

  await server.connect();
  const result = await new Runner({ tracingDisabled: true }).run(agent, 'Atlantis?');
  await server.close();

  assert.equal(result.finalOutput, 'I could not find that city.');
  assert.match(JSON.stringify(model.lastCall?.request.input), /unknown city/);
});
