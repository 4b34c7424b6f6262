// A test file that imports scripted-agents/testing but not @openai/agents: it must
// load and pass under Jest's ESM mode too, where a module the package loaded
// lazily (after the file's own imports) once failed with "You are trying to
// import a file after the Jest environment has been torn down".
// scripts/check_package.mjs runs it in the Jest ESM suite.
import { describe, expect, test } from 'vitest';
import {
  assertTrajectory,
  assistantMessage,
  formatTrajectory,
  functionCall,
  ScriptedModel,
  trajectory,
} from 'scripted-agents/testing';

describe('a file importing only scripted-agents/testing', () => {
  test('its model answers a request and its trajectory reads the answer', async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const response = await model.getResponse({
      input: [{ type: 'message', role: 'user', content: 'Capital?' }],
      modelSettings: {},
      tools: [],
      handoffs: [],
      outputType: 'text',
      tracing: false,
    });
    expect(response.output).toEqual([assistantMessage('Paris.')]);
    expect(formatTrajectory(model)).toBe('user: "Capital?"\nmessage "Paris." (final)');
  });

  test('a trajectory of plain items matches', () => {
    const steps = trajectory([functionCall('ping', {}, { callId: 'c1' })]);
    assertTrajectory(steps, [{ tool: 'ping', args: {} }]);
    expect(steps).toEqual([{ kind: 'tool_call', tool: 'ping', args: {}, callId: 'c1' }]);
  });
});
