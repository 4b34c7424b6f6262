// Recipe "Test a handoff between Realtime agents at the wire": the model calls
// the handoff tool; the SDK switches agents, reconfigures the session with the
// new agent's instructions and tools, answers the call and asks for a new
// response, all as client events on the socket.
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  assistantCallsTool,
  handshake,
  ScriptedRealtimeServer,
} from 'scripted-agents/realtime_testing';
import assert from 'node:assert/strict';
import test from 'node:test';

/**
 * Resolves when the application's `session.connect()` has returned: the
 * session ignores or forgets conversation events that arrive while it is
 * still connecting, so the scenario waits for this before scripting a turn.
 */
function connectedGate() {
  let open!: () => void;
  const connected = new Promise<void>((resolve) => (open = resolve));
  return { connected, open };
}

test('hands the caller over to the billing agent', async () => {
  const billing = new RealtimeAgent({
    name: 'Billing',
    instructions: 'You handle billing questions.',
  });
  const triage = new RealtimeAgent({
    name: 'Triage',
    instructions: 'Route the caller to the right agent.',
    handoffs: [billing],
  });
  const server = new ScriptedRealtimeServer();
  const session = new RealtimeSession(triage, { transport: server.transport() });
  const handoffs: string[] = [];
  const gate = connectedGate();
  session.on('agent_handoff', (_context, from, to) => handoffs.push(`${from.name} -> ${to.name}`));

  await server.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async ({ expectClientEvent }) => {
      await expectClientEvent('session.update', (event) => {
        assert.equal(event.session.instructions, 'Route the caller to the right agent.');
        assert.deepEqual(
          event.session.tools?.map((tool) => tool.type === 'function' && tool.name),
          [
            'transfer_to_Billing',
          ],
        );
      });
      await handshake(server);
      await expectClientEvent('session.update', (event) => {
        assert.deepEqual(event.session, { type: 'realtime', tracing: 'auto' });
      });

      await gate.connected;
      await assistantCallsTool(server, {
        name: 'transfer_to_Billing',
        arguments: {},
        callId: 'call_handoff',
      });
      // The new agent's configuration goes out before the call is answered.
      await expectClientEvent('session.update', (event) => {
        assert.equal(event.session.instructions, 'You handle billing questions.');
        // No tools left (sent as `tools: []` since SDK 0.20, omitted before).
        assert.deepEqual(event.session.tools ?? [], []);
      });
      await expectClientEvent('conversation.item.create', (event) => {
        assert.deepEqual(event.item, {
          type: 'function_call_output',
          call_id: 'call_handoff',
          output: JSON.stringify({ assistant: 'Billing' }),
        });
      });
      await expectClientEvent('response.create');
    },
    exercise: async () => {
      const handedOff = new Promise((resolve) => session.once('agent_handoff', resolve));
      await session.connect({ apiKey: 'test' });
      gate.open();
      await handedOff;
    },
  });

  assert.deepEqual(handoffs, ['Triage -> Billing']);
  assert.equal(session.currentAgent.name, 'Billing');
  session.close();
  await server.settled();
  server.assertComplete();
});
