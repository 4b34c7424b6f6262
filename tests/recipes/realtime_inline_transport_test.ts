// Recipe "Test an app that makes its Realtime transport inline": the app's own function calls
// `new OpenAIRealtimeWebRTC(...)` (see _voice_app.ts); the test swaps that class for a subclass
// of ScriptedRealtimeTransport, which takes the SDK transports' options, remembers each instance
// it made, and holds its connect() so the test sees what the app shows while it connects.
// Written with node:test and node:assert/strict; it runs unchanged under Deno, Bun and Node.
// The app keeps one seam, an object holding the class, because replacing an imported binding
// needs a module mocker, which only some runners have: under Vitest or Jest the same subclass
// can come from vi.mock / jest.mock of '@openai/agents/realtime' instead (docs/realtime.md), and
// the app needs no seam at all.
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  type RealtimeConnectHold,
  ScriptedRealtimeTransport,
  type ScriptedRealtimeTransportOptions,
} from 'scripted-agents/realtime_testing';
import { startVoice, type VoicePanel, voiceTransport } from './_voice_app.ts';

/**
 * Runs `body` with the app's WebRTC class replaced by a stand-in whose every instance is kept in
 * `made` with the hold on its first connect in `holds`; the SDK's class is back afterwards.
 */
async function withStandIn(
  body: (made: ScriptedRealtimeTransport[], holds: RealtimeConnectHold[]) => Promise<void>,
) {
  const made: ScriptedRealtimeTransport[] = [];
  const holds: RealtimeConnectHold[] = [];
  const original = voiceTransport.OpenAIRealtimeWebRTC;
  voiceTransport.OpenAIRealtimeWebRTC = class extends ScriptedRealtimeTransport {
    constructor(options?: ScriptedRealtimeTransportOptions) {
      super(options);
      made.push(this);
      holds.push(this.holdConnect());
    }
  };
  try {
    await body(made, holds);
  } finally {
    voiceTransport.OpenAIRealtimeWebRTC = original;
  }
}

test('the panel says connecting until the transport connects, then runs a tool call', () =>
  withStandIn(async (made, holds) => {
    const panel: VoicePanel = { status: 'idle', lookups: [] };
    const starting = startVoice(panel, 'ek_test');
    await holds[0].reached;
    assert.equal(panel.status, 'connecting');
    // The app configured the transport it made as the SDK's class would be configured.
    assert.equal(made[0].options.baseUrl, 'https://api.openai.com/v1/realtime/calls');
    holds[0].release();
    const session = await starting;
    assert.ok(session !== undefined);
    assert.equal(panel.status, 'live');

    const transport = made[0];
    // Script the model calling the app's tool; the SDK runs it and sends the output back.
    transport.emit('function_call', {
      type: 'function_call',
      name: 'lookup_order',
      callId: 'call_1',
      arguments: JSON.stringify({ orderId: '123' }),
      responseId: 'resp_1',
    });
    await transport.expectCall('connect', (call) => {
      // Recorded calls keep no credential, only whether one was given.
      assert.equal(call.options.apiKeyProvided, true);
      assert.equal(call.options.model, 'gpt-realtime');
    });
    await transport.expectCall('sendFunctionCallOutput', (call) => {
      assert.equal(call.output, 'Order 123 has shipped.');
    });
    assert.deepEqual(panel.lookups, ['123']);
    session.close();
    await transport.expectCall('close');
    transport.assertComplete();
    assert.equal(made.length, 1);
  }));

test('a connection that fails shows the panel offline', () =>
  withStandIn(async (made, holds) => {
    const panel: VoicePanel = { status: 'idle', lookups: [] };
    const starting = startVoice(panel, 'ek_expired');
    await holds[0].reached;
    holds[0].fail(new Error('401: the client secret expired'));
    assert.equal(await starting, undefined);
    assert.equal(panel.status, 'offline');
    assert.equal(made[0].status, 'disconnected');
    await made[0].expectCall('connect');
    made[0].assertComplete();
  }));
