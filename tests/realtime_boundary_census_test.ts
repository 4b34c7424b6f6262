import assert from 'node:assert/strict';
import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';
import { z } from 'zod';
import { census, unknownReads } from './_boundary_census.ts';
import { describe, test } from './_harness.ts';

describe('RealtimeSession reads nothing from the transport that it does not know', () => {
  test('connect, a message, a tool call, mute, interrupt, close', async () => {
    const transport = new ScriptedRealtimeTransport();
    const { proxy, reads } = census(transport);
    const weather = tool({
      name: 'get_weather',
      description: 'Weather for a city.',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => `${city}: sunny`,
    });
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A', tools: [weather] }), {
      transport: proxy,
    });
    const connect = transport.expectCall('connect');
    await session.connect({ apiKey: 'test' });
    await connect;

    const message = transport.expectCall('sendMessage');
    session.sendMessage('Hello');
    assert.equal((await message).message, 'Hello');

    const output = transport.expectCall('sendFunctionCallOutput');
    transport.emit('function_call', {
      type: 'function_call',
      callId: 'call_1',
      responseId: 'resp_1',
      name: 'get_weather',
      arguments: '{"city":"Tokyo"}',
    });
    assert.equal((await output).output, 'Tokyo: sunny');

    const mute = transport.expectCall('mute');
    session.mute(true);
    await mute;
    const interrupt = transport.expectCall('interrupt');
    session.interrupt();
    await interrupt;
    const close = transport.expectCall('close');
    session.close();
    await close;

    assert.ok(reads.has('sendMessage') && reads.has('sendFunctionCallOutput'));
    assert.deepEqual(unknownReads(transport, reads), []);
    transport.assertComplete();
    transport.assertClosed();
  });
});
