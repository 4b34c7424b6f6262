// Recipe "Test a computer-use agent": `scriptedComputer()` stands in for the browser or
// desktop. The real computer tool loop performs the model's actions on it, takes a screenshot
// after each batch and sends it back to the model; the test asserts the actions.
import { Agent, computerTool, Runner } from '@openai/agents';
import { assistantMessage, scriptedComputer, ScriptedModel } from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';

test('the agent fills in a search box and submits it', async () => {
  using computer = scriptedComputer([
    { action: 'click', match: (x, y) => x === 320 && y === 48 },
    { action: 'type', match: (text) => text === 'weather in Oslo' },
    { action: 'keypress', match: (keys) => keys.includes('ENTER') },
  ], {
    dimensions: [1280, 800],
    // The loop takes a screenshot after every batch of actions.
    anytime: [{ action: 'screenshot', result: 'iVBORw0KGgo=' }],
  });
  const model = new ScriptedModel([
    [{
      type: 'computer_call',
      callId: 'call_1',
      status: 'completed',
      action: { type: 'click', x: 320, y: 48, button: 'left' },
    }],
    [{
      type: 'computer_call',
      callId: 'call_2',
      status: 'completed',
      actions: [{ type: 'type', text: 'weather in Oslo' }, { type: 'keypress', keys: ['ENTER'] }],
    }],
    [assistantMessage('I searched for the weather in Oslo.')],
  ]);
  const agent = new Agent({ name: 'Operator', model, tools: [computerTool({ computer })] });

  const result = await new Runner({ tracingDisabled: true }).run(agent, 'Search the weather.');

  assert.equal(result.finalOutput, 'I searched for the weather in Oslo.');
  assert.deepEqual(computer.calls.map((call) => call.action), [
    'click',
    'screenshot',
    'type',
    'keypress',
    'screenshot',
  ]);
  // Each screenshot went back to the model as the computer call's result.
  assert.match(JSON.stringify(model.lastCall?.request.input), /iVBORw0KGgo=/);
  model.assertComplete();
});
