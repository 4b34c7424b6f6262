// Recipe "Test a Realtime agent tool workflow at the wire": the same
// application code as realtime_agent_tool_test.ts, tested through the SDK's
// real WebSocket transport against ScriptedRealtimeServer. The server scripts
// the model's function call as Realtime API events; the SDK parses them, runs
// the tool and sends the output back as client events.
import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import {
  assistantAnswers,
  assistantCallsTool,
  handshake,
  ScriptedRealtimeServer,
} from 'scripted-agents/realtime_testing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

/** Resolves once the session's history satisfies `done`. */
function historyReaches(
  session: RealtimeSession,
  done: (history: RealtimeSession['history']) => boolean,
): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!done(session.history)) return;
      session.off('history_updated', check);
      resolve();
    };
    session.on('history_updated', check);
  });
}

test('executes a RealtimeAgent tool call through the real transport', async () => {
  let lookedUpOrderId: string | undefined;
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks up an order by ID.',
    parameters: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => {
      lookedUpOrderId = orderId;
      return `Order ${orderId} has shipped.`;
    },
  });
  const agent = new RealtimeAgent({
    name: 'Order assistant',
    instructions: 'Help customers track their orders.',
    tools: [lookupOrder],
  });
  // Session configuration updates are checked once below; the rest of the
  // scenario is about the conversation.
  const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
  const session = new RealtimeSession(agent, { transport: server.transport() });

  await server.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async ({ expectClientEvent }) => {
      await handshake(server);
      await expectClientEvent('conversation.item.create', (event) => {
        assert.deepEqual(event.item, {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'Where is order 123?' }],
        });
      });
      await expectClientEvent('response.create');

      // Script the model choosing the agent's tool, as the API streams it.
      await assistantCallsTool(server, {
        name: 'lookup_order',
        arguments: { orderId: 'order_123' },
        callId: 'call_1',
      });

      // RealtimeSession runs the tool and the transport sends its result.
      await expectClientEvent('conversation.item.create', (event) => {
        assert.deepEqual(event.item, {
          type: 'function_call_output',
          call_id: 'call_1',
          output: 'Order order_123 has shipped.',
        });
      });
      await expectClientEvent('response.create');
      await assistantAnswers(server, {
        transcript: 'Your order has shipped.',
        audioMs: 200,
        itemId: 'item_answer',
      });
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      session.sendMessage('Where is order 123?');
      // The application is done when the spoken answer is complete.
      await historyReaches(
        session,
        (history) =>
          history.some((item) =>
            item.itemId === 'item_answer' && 'status' in item && item.status === 'completed'
          ),
      );
    },
  });

  assert.equal(lookedUpOrderId, 'order_123');
  // The tool was announced to the API in the session configuration.
  const config = server.clientEvents.find((e) => e.type === 'session.update')?.event;
  assert.equal(config?.session.tools[0].name, 'lookup_order');
  assert.deepEqual(
    session.history.map((item) => item.type),
    ['function_call', 'message'],
  );
  session.close();
  await server.settled();
  server.assertComplete();
});
