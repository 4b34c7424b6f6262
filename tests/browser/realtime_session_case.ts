// RealtimeSession on ScriptedRealtimeTransport, in the page: the real session
// runs an agent tool call scripted through the transport and sends its output
// back, and an interruption travels both ways (the application's interrupt
// request out, the transport's notification in).
import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { z } from 'zod';
import { ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';
import { assertEqual, assertOk } from './_assert.ts';
import type { BrowserCase } from './_case.ts';

/** A promise the scenario releases, which also fails when the scenario fails. */
function gate() {
  let open!: () => void;
  let fail!: (reason: unknown) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  promise.catch(() => undefined);
  return { promise, open, fail };
}

export const cases: BrowserCase[] = [
  {
    name: 'RealtimeSession tool call on ScriptedRealtimeTransport',
    run: async () => {
      let lookedUp: string | undefined;
      const lookupOrder = tool({
        name: 'lookup_order',
        description: 'Looks up an order by ID.',
        parameters: z.object({ orderId: z.string() }),
        execute: ({ orderId }) => {
          lookedUp = orderId;
          return `Order ${orderId} has shipped.`;
        },
      });
      const agent = new RealtimeAgent({ name: 'Order assistant', tools: [lookupOrder] });
      const transport = new ScriptedRealtimeTransport();
      const session = new RealtimeSession(agent, { transport });
      const outputSent = gate();
      await transport.runScenario({
        scenario: async ({ expectCall, emit }) => {
          try {
            await expectCall('connect');
            await expectCall('sendMessage', (call) => call.message === 'Where is order 123?');
            emit('turn_started', {
              type: 'response_started',
              providerData: { response: { id: 'response_1' } },
            });
            emit('function_call', {
              type: 'function_call',
              name: 'lookup_order',
              callId: 'call_1',
              arguments: JSON.stringify({ orderId: 'order_123' }),
              responseId: 'response_1',
            });
            const output = await expectCall('sendFunctionCallOutput');
            assertEqual(output.toolCall.callId, 'call_1');
            assertEqual(output.output, 'Order order_123 has shipped.');
            assertEqual(output.startResponse, true);
            outputSent.open();
            await expectCall('close');
          } catch (error) {
            outputSent.fail(error);
            throw error;
          }
        },
        exercise: async () => {
          try {
            await session.connect({ apiKey: 'test' });
            session.sendMessage('Where is order 123?');
            await outputSent.promise;
          } finally {
            session.close();
          }
        },
      });
      assertEqual(lookedUp, 'order_123');
      transport.assertComplete();
      transport.assertClosed();
    },
  },
  {
    name: 'RealtimeSession interruption on ScriptedRealtimeTransport',
    run: async () => {
      const transport = new ScriptedRealtimeTransport();
      const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), {
        transport,
      });
      let audioStarted = false;
      let interrupted = false;
      session.once('audio_start', () => (audioStarted = true));
      session.once('audio_interrupted', () => (interrupted = true));
      const speaking = gate();
      await transport.runScenario({
        scenario: async ({ expectCall, emit }) => {
          try {
            await expectCall('connect');
            await expectCall('sendMessage');
            emit('turn_started', {
              type: 'response_started',
              providerData: { response: { id: 'response_1' } },
            });
            emit('audio', {
              type: 'audio',
              responseId: 'response_1',
              data: new Uint8Array([1, 2, 3]).buffer,
            });
            assertOk(audioStarted, 'the session saw the audio before the interruption');
            speaking.open();
            await expectCall('interrupt');
            emit('audio_interrupted');
            await expectCall('close');
          } catch (error) {
            speaking.fail(error);
            throw error;
          }
        },
        exercise: async () => {
          try {
            await session.connect({ apiKey: 'test' });
            session.sendMessage('Tell me a long story');
            await speaking.promise;
            session.interrupt();
          } finally {
            session.close();
          }
        },
      });
      assertOk(interrupted, 'the session forwarded the interruption notification');
      assertEqual(transport.calls.filter((c) => c.method === 'interrupt').length, 1);
      transport.assertComplete();
      transport.assertClosed();
    },
  },
];
