import { RealtimeAgent, RealtimeSession, type RealtimeOutputGuardrail } from '@openai/agents/realtime';
import { hostedMcpTool } from '@openai/agents';
import {
  assistantAnswers, assistantCallsTool, handshake,
  ScriptedRealtimeServer, 
} from 'scripted-agents/realtime_testing';
import { test } from './_harness.ts';

test('handoff', async () => {
  const server = new ScriptedRealtimeServer();
  const billing = new RealtimeAgent({ name: 'Billing', instructions: 'You handle billing.' });
  const triage = new RealtimeAgent({ name: 'Triage', instructions: 'Route the caller.', handoffs: [billing] });
  const session = new RealtimeSession(triage, { transport: server.transport() });
  session.on('agent_handoff', (_c, from, to) => console.log('handoff', from.name, to.name));
  await session.connect({ apiKey: 'test' });
  await assistantCallsTool(server, { name: 'transfer_to_Billing', arguments: {} });
  await new Promise((r) => setTimeout(r, 20));
  for (const e of server.clientEvents) console.log(JSON.stringify(e.event).slice(0, 400));
  session.close(); await server.settled();
});

test('guardrail', async () => {
  const server = new ScriptedRealtimeServer();
  const noRefunds: RealtimeOutputGuardrail = { name: 'no refunds', execute: async ({ agentOutput }) => ({ tripwireTriggered: agentOutput.includes('refund'), outputInfo: { found: 'refund' } }) };
  const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), { transport: server.transport(), outputGuardrails: [noRefunds], outputGuardrailSettings: { debounceTextLength: 10 } });
  session.on('guardrail_tripped', () => console.log('tripped'));
  await session.connect({ apiKey: 'test' });
  await assistantAnswers(server, { transcript: 'Sure, I will refund everything you ever bought', audioMs: 400, chunks: 4, complete: false });
  await new Promise((r) => setTimeout(r, 20));
  for (const e of server.clientEvents) console.log(JSON.stringify(e.event).slice(0, 300));
  session.close(); await server.settled();
});

test('mcp', async () => {
  const server = new ScriptedRealtimeServer();
  const agent = new RealtimeAgent({ name: 'A', tools: [hostedMcpTool({ serverLabel: 'deepwiki', serverUrl: 'https://mcp.deepwiki.com/mcp', requireApproval: 'always' })] });
  const session = new RealtimeSession(agent, { transport: server.transport() });
  session.on('tool_approval_requested', (_c, _a, req) => { console.log('approval requested', JSON.stringify(req).slice(0, 300)); void session.approve(req.approvalItem); });
  session.on('error', (e) => console.log('error', e));
  await session.connect({ apiKey: 'test' });
  await server.sendServerEvent({ type: 'conversation.item.done', item: { id: 'mcpl_1', type: 'mcp_list_tools', server_label: 'deepwiki', tools: [{ name: 'ask_question', description: 'Ask', input_schema: {} }] } });
  await server.sendServerEvent({ type: 'conversation.item.done', item: { id: 'mcpr_1', type: 'mcp_approval_request', server_label: 'deepwiki', name: 'ask_question', arguments: '{"q":"x"}' } });
  await new Promise((r) => setTimeout(r, 20));
  for (const e of server.clientEvents) console.log(JSON.stringify(e.event).slice(0, 300));
  console.log(JSON.stringify(session.history));
  session.close(); await server.settled();
});
