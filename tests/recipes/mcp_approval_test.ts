// Recipe "Test a hosted MCP approval": the model asks to call a tool of a
// hosted MCP server that requires approval; the run stops with an
// interruption, the test approves it, and the resumed run finishes.
import { Agent, hostedMcpTool, Runner } from '@openai/agents';
import {
  assistantMessage,
  mcpApprovalRequest,
  mcpCall,
  ScriptedModel,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';

test('an approved MCP call resumes the run', async () => {
  const model = new ScriptedModel([
    // Turn 1: the server asks before running delete_page.
    [mcpApprovalRequest({
      serverLabel: 'wiki',
      name: 'delete_page',
      arguments: { page: 'Drafts' },
    })],
    // Turn 2 (after approval): the provider ran the tool and the model answers.
    [
      mcpCall({ serverLabel: 'wiki', name: 'delete_page', output: 'Deleted Drafts.' }),
      assistantMessage('The Drafts page is gone.'),
    ],
  ]);
  const agent = new Agent({
    name: 'Wiki admin',
    model,
    tools: [
      hostedMcpTool({
        serverLabel: 'wiki',
        serverUrl: 'https://wiki.example.com/mcp',
        requireApproval: 'always',
      }),
    ],
  });

  const runner = new Runner({ tracingDisabled: true });
  const first = await runner.run(agent, 'Delete the Drafts page.');
  assert.equal(first.finalOutput, undefined);
  assert.equal(first.interruptions.length, 1);
  const [approval] = first.interruptions;
  assert.equal((approval.rawItem as { name: string }).name, 'delete_page');

  first.state.approve(approval);
  const second = await runner.run(agent, first.state);

  assert.equal(second.finalOutput, 'The Drafts page is gone.');
  // The model's second call carried the approval back to the server.
  const input = model.lastCall?.request.input;
  assert(Array.isArray(input));
  assert(
    input.some((item) => item.type === 'hosted_tool_call' && item.name === 'mcp_approval_response'),
  );
  model.assertComplete();
});
