// Inbound events emitted while connect()'s caller has not resumed yet (a
// scenario emitting as soon as its expectCall('connect') resolves): a real
// connection's first messages arrive only after that, and a RealtimeSession
// drops a function_call it gets earlier, so the transport delivers such events
// right after the caller resumes (realtime_testing/scripted_realtime_transport.ts).
import assert from 'node:assert/strict';
import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { z } from 'zod';
import { ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';
import { createScenarioGate } from './_realtime_fixtures.ts';

const functionCallEvent = (callId: string) => ({
  type: 'function_call' as const,
  name: 'lookup_order',
  callId,
  arguments: '{"orderId":"A1"}',
  responseId: 'resp_1',
  status: 'completed' as const,
});

function sessionWithTool() {
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks an order up.',
    parameters: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => `${orderId} shipped`,
  });
  const transport = new ScriptedRealtimeTransport();
  const agent = new RealtimeAgent({ name: 'Voice', tools: [lookupOrder] });
  const session = new RealtimeSession(agent, { transport });
  return { transport, session };
}

describe('ScriptedRealtimeTransport: events emitted while connect() settles', () => {
  test('a function_call emitted as soon as the connect is seen reaches the session and its tool runs', async () => {
    const { transport, session } = sessionWithTool();
    const answered = createScenarioGate();
    await transport.runScenario({
      scenario: async ({ expectCall, emit }) => {
        await expectCall('connect');
        emit('function_call', functionCallEvent('call_1'));
        const call = await expectCall('sendFunctionCallOutput');
        assert.deepEqual([call.toolCall.callId, call.output, call.startResponse], [
          'call_1',
          'A1 shipped',
          true,
        ]);
        answered.release();
        await expectCall('close');
      },
      exercise: async () => {
        await session.connect({ apiKey: 'test' });
        await answered.promise;
        session.close();
      },
    });
    assert.deepEqual(transport.calls.map((call) => call.method), [
      'connect',
      'sendFunctionCallOutput',
      'close',
    ]);
    transport.assertClosed();
  });

  test('held events are heard after the caller resumes, in order; emit says whether anyone listens', async () => {
    const transport = new ScriptedRealtimeTransport();
    const heard: string[] = [];
    transport.on('audio_interrupted', () => heard.push('audio_interrupted'));
    transport.on('audio_done', () => heard.push('audio_done'));
    const connected = transport.expectCall('connect');
    const returned: boolean[] = [];
    const scenario = connected.then(() => {
      returned.push(transport.emit('audio_interrupted'));
      returned.push(transport.emit('turn_started', {} as never));
      returned.push(transport.emit('audio_done'));
      heard.push('emitted');
    });
    await transport.connect({ apiKey: 'test' });
    heard.push('caller resumed');
    await scenario;
    assert.deepEqual(returned, [true, false, true]);
    assert.deepEqual(heard, ['emitted', 'caller resumed', 'audio_interrupted', 'audio_done']);
    transport.close();
    await transport.expectCall('close');
    transport.assertComplete();
  });

  test("the caller's own events right after connect() stay synchronous", async () => {
    const transport = new ScriptedRealtimeTransport();
    const heard: string[] = [];
    transport.on('audio_done', () => heard.push('audio_done'));
    const connecting = transport.connect({ apiKey: 'test' });
    assert.equal(transport.emit('audio_done'), true);
    assert.deepEqual(heard, ['audio_done']);
    await connecting;
    transport.emit('audio_done');
    assert.deepEqual(heard, ['audio_done', 'audio_done']);
    transport.close();
  });

  test('the next event delivers the held ones first', async () => {
    const transport = new ScriptedRealtimeTransport();
    const heard: string[] = [];
    transport.on('audio_interrupted', () => heard.push('audio_interrupted'));
    transport.on('audio_done', () => heard.push('audio_done'));
    const scenario = transport.expectCall('connect').then(() => {
      transport.emit('audio_interrupted');
    });
    await transport.connect({ apiKey: 'test' });
    // The caller resumed before the held event's own delivery, and emits at once.
    assert.deepEqual(heard, [], 'held until now');
    transport.emit('audio_done');
    assert.deepEqual(heard, ['audio_interrupted', 'audio_done']);
    await scenario;
    assert.deepEqual(heard, ['audio_interrupted', 'audio_done'], 'delivered once');
    transport.close();
  });

  test("a held event's listener exception goes to the next emit's caller when that delivers it", async () => {
    const transport = new ScriptedRealtimeTransport();
    const boom = new Error('listener failed');
    const heard: string[] = [];
    transport.on('audio_interrupted', () => {
      throw boom;
    });
    transport.on('audio_done', () => heard.push('audio_done'));
    const scenario = transport.expectCall('connect').then(() => {
      transport.emit('audio_interrupted');
    });
    // The caller resumes before the held event's own delivery, and emits at once.
    await transport.connect({ apiKey: 'test' });
    assert.throws(() => transport.emit('audio_done'), (error) => error === boom);
    await scenario;
    // The held event was delivered (and failed) before the new one, which its exception stopped.
    assert.deepEqual(heard, []);
    assert.deepEqual(transport.failures, []);
    transport.emit('audio_done');
    assert.deepEqual(heard, ['audio_done']);
    transport.close();
  });

  test('a connection closed or lost before delivery delivers nothing', async () => {
    for (const end of ['close', 'disconnect'] as const) {
      const transport = new ScriptedRealtimeTransport();
      const heard: string[] = [];
      transport.on('audio_done', () => heard.push('audio_done'));
      const scenario = transport.expectCall('connect').then(() => {
        transport.emit('audio_done');
      });
      const connecting = transport.connect({ apiKey: 'test' });
      await scenario;
      if (end === 'close') transport.close();
      else transport.disconnect();
      await connecting;
      // A later event would deliver held ones first: there are none left.
      transport.emit('audio_done');
      assert.deepEqual(heard, ['audio_done'], end);
      if (end === 'close') void transport.expectCall('close');
    }
  });

  test("a listener's exception during the late delivery is kept in failures", async () => {
    const transport = new ScriptedRealtimeTransport();
    const boom = new Error('listener failed');
    transport.on('audio_done', () => {
      throw boom;
    });
    const scenario = transport.expectCall('connect').then(() => transport.emit('audio_done'));
    await transport.connect({ apiKey: 'test' });
    assert.deepEqual(transport.failures, [], 'delivered after the caller resumed');
    assert.equal(await scenario, true);
    assert.deepEqual(transport.failures, [boom]);
    assert.deepEqual(transport.acknowledgeFailures(), [boom]);
    transport.close();
  });
});
