// Recipe "Script a response with hosted tool calls": builders produce the
// normalized items a model returns for reasoning and hosted tools, so a test
// does not spell the protocol objects out by hand.
import { Agent, Runner, webSearchTool } from '@openai/agents';
import {
  assistantMessage,
  codeInterpreterCall,
  reasoningItem,
  ScriptedModel,
  webSearchCall,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';

test('a researcher searches the web and runs code before answering', async () => {
  const model = new ScriptedModel([
    [
      reasoningItem('Search for the figures, then compute the growth.'),
      webSearchCall({ query: 'ACME revenue 2024 2025' }),
      codeInterpreterCall({ code: 'print(round((130 - 100) / 100 * 100))' }),
      assistantMessage('Revenue grew 30% year over year.'),
    ],
  ]);
  const agent = new Agent({
    name: 'Researcher',
    model,
    tools: [webSearchTool()],
  });

  const runner = new Runner({ tracingDisabled: true });
  const result = await runner.run(agent, 'How fast did ACME grow?');

  assert.equal(result.finalOutput, 'Revenue grew 30% year over year.');
  // The items appear in the run exactly as a real model's would.
  assert.deepEqual(
    result.newItems.map((item) => item.type),
    ['reasoning_item', 'tool_call_item', 'tool_call_item', 'message_output_item'],
  );
  const hosted = result.newItems
    .filter((item) => item.type === 'tool_call_item')
    .map((item) => (item.rawItem as { name: string }).name);
  assert.deepEqual(hosted, ['web_search_call', 'code_interpreter_call']);
  model.assertComplete();
});
