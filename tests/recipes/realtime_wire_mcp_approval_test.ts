// Recipe "Approve a hosted MCP tool call at the wire": the server lists the
// MCP server's tools and asks for approval; the application approves through
// the session, and the SDK answers with an `mcp_approval_response` item.
import { hostedMcpTool } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
import assert from 'node:assert/strict';
import test from 'node:test';

test('approves an MCP tool call the server asks about', async () => {
  const agent = new RealtimeAgent({
    name: 'Researcher',
    tools: [
      hostedMcpTool({
        serverLabel: 'deepwiki',
        serverUrl: 'https://mcp.deepwiki.com/mcp',
        requireApproval: 'always',
      }),
    ],
  });
  const server = new ScriptedRealtimeServer();
  const session = new RealtimeSession(agent, { transport: server.transport() });
  const requested: string[] = [];
  let approved!: Promise<void>;
  // The session ignores approval requests until its connect() has returned,
  // so the scenario waits for the application to be connected.
  let markConnected!: () => void;
  const connected = new Promise<void>((resolve) => (markConnected = resolve));
  const decided = new Promise<void>((resolve) => {
    session.on('tool_approval_requested', (_context, _agent, request) => {
      if (request.type !== 'mcp_approval_request') return;
      requested.push(request.approvalItem.toolName ?? '');
      // Application policy: approve questions to deepwiki.
      approved = session.approve(request.approvalItem);
      resolve();
    });
  });

  await server.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async ({ expectClientEvent, sendServerEvent }) => {
      await expectClientEvent('session.update', (event) => {
        assert.deepEqual(event.session.tools, [{
          type: 'mcp',
          server_label: 'deepwiki',
          server_url: 'https://mcp.deepwiki.com/mcp',
          require_approval: 'always',
        }]);
      });
      await connected;
      await sendServerEvent({
        type: 'conversation.item.done',
        item: {
          id: 'mcpl_1',
          type: 'mcp_list_tools',
          server_label: 'deepwiki',
          tools: [{ name: 'ask_question', description: 'Ask about a repository.' }],
        },
      });
      await sendServerEvent({
        type: 'conversation.item.done',
        item: {
          id: 'mcpr_1',
          type: 'mcp_approval_request',
          server_label: 'deepwiki',
          name: 'ask_question',
          arguments: JSON.stringify({ question: 'What is the Agents SDK?' }),
        },
      });
      await expectClientEvent('conversation.item.create', (event) => {
        assert.deepEqual(event, {
          type: 'conversation.item.create',
          previous_item_id: 'mcpr_1',
          item: { type: 'mcp_approval_response', approval_request_id: 'mcpr_1', approve: true },
        });
      });
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      markConnected();
      // The application is done once it has decided.
      await decided;
      await approved;
    },
  });

  assert.deepEqual(requested, ['ask_question']);
  assert.equal(session.history[0].type, 'mcp_approval_request');
  session.close();
  await server.settled();
  server.assertComplete();
});
