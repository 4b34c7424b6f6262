// The trajectory of a Realtime session: RealtimeSession.history (the SDK's real
// session over its real WebSocket transport, against ScriptedRealtimeServer)
// reads as the same steps as a text run: the tool call with its output, then
// the spoken answer's transcript as the final message.
import assert from 'node:assert/strict';
import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { z } from 'zod';
import {
  assistantAnswers,
  assistantCallsTool,
  handshake,
  ScriptedRealtimeServer,
} from 'scripted-agents/realtime_testing';
import { assertTrajectory, formatTrajectory, trajectory } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

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

describe('trajectory of a Realtime session', () => {
  test('history gives the tool call with its output and the spoken answer', async () => {
    const lookupOrder = tool({
      name: 'lookup_order',
      description: 'Looks up an order by ID.',
      parameters: z.object({ orderId: z.string() }),
      execute: async ({ orderId }) => `Order ${orderId} has shipped.`,
    });
    const agent = new RealtimeAgent({ name: 'Order assistant', tools: [lookupOrder] });
    const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
    const session = new RealtimeSession(agent, { transport: server.transport() });

    await server.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async ({ expectClientEvent }) => {
        await handshake(server);
        await expectClientEvent('conversation.item.create');
        await expectClientEvent('response.create');
        await assistantCallsTool(server, {
          name: 'lookup_order',
          arguments: { orderId: 'order_123' },
          callId: 'call_1',
        });
        await expectClientEvent('conversation.item.create');
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
        await historyReaches(
          session,
          (history) =>
            history.some((item) =>
              item.itemId === 'item_answer' && 'status' in item && item.status === 'completed'
            ),
        );
      },
    });

    assert.equal(
      formatTrajectory(session),
      [
        'Order assistant: lookup_order({"orderId":"order_123"}) → "Order order_123 has shipped."',
        'Order assistant: message "Your order has shipped." (final)',
      ].join('\n'),
    );
    // The history list itself reads the same, without the agent's name.
    assert.deepEqual(
      trajectory(session.history).map((step) => step.kind),
      ['tool_call', 'message'],
    );
    assertTrajectory(session, [
      { tool: 'lookup_order', args: { orderId: 'order_123' }, output: /shipped/ },
      { message: 'Your order has shipped.' },
    ]);
    session.close();
    await server.settled();
    server.assertComplete();
  });
});
