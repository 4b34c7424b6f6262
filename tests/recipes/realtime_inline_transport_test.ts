// Recipe "Test an app that makes its Realtime transport inline": the app's own function calls
// `new OpenAIRealtimeWebRTC(...)` (the first half of this file; in a project, its own module such
// as src/voice.ts). The test swaps that class for a subclass of ScriptedRealtimeTransport, which
// takes the SDK transports' options, remembers each instance it made, and holds its connect() so
// the test sees what the app shows while it connects. Written with node:test and
// node:assert/strict, it runs unchanged under Deno, Bun and Node. The app keeps one seam, an
// object holding the class, because replacing an imported binding needs a module mocker, which
// only some runners have: under Vitest or Jest the same subclass can come from vi.mock /
// jest.mock of '@openai/agents/realtime' instead (docs/realtime.md), with no seam at all.
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  type RealtimeConnectHold,
  ScriptedRealtimeTransport,
  type ScriptedRealtimeTransportOptions,
} from 'scripted-agents/realtime_testing';
import {
  OpenAIRealtimeWebRTC,
  type OpenAIRealtimeWebRTCOptions,
  RealtimeAgent,
  RealtimeSession,
  type RealtimeTransportLayer,
  tool,
} from '@openai/agents/realtime';
import { z } from 'zod';

// --- the application (src/voice.ts) -------------------------------------------------------
// It makes its transport inline and never takes one from a caller. The class is reached
// through `voiceTransport`, the one seam the module keeps.

/** The transport class the app constructs; production code never changes it. */
export const voiceTransport: {
  OpenAIRealtimeWebRTC: new (options?: OpenAIRealtimeWebRTCOptions) => RealtimeTransportLayer;
} = { OpenAIRealtimeWebRTC };

/** What the app shows: the connection state and the order statuses it looked up. */
export type VoicePanel = { status: 'idle' | 'connecting' | 'live' | 'offline'; lookups: string[] };

/**
 * Starts the voice assistant: shows "connecting", makes the WebRTC transport, connects with the
 * ephemeral key, and shows "live", or "offline" when the connection fails (the app does not
 * rethrow: the panel is its error report).
 */
export async function startVoice(
  panel: VoicePanel,
  clientSecret: string,
): Promise<RealtimeSession | undefined> {
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks up an order by ID.',
    parameters: z.object({ orderId: z.string() }),
    execute: ({ orderId }) => {
      panel.lookups.push(orderId);
      return `Order ${orderId} has shipped.`;
    },
  });
  const agent = new RealtimeAgent({ name: 'Order desk', tools: [lookupOrder] });
  panel.status = 'connecting';
  const transport = new voiceTransport.OpenAIRealtimeWebRTC({
    baseUrl: 'https://api.openai.com/v1/realtime/calls',
  });
  const session = new RealtimeSession(agent, { transport, model: 'gpt-realtime' });
  try {
    await session.connect({ apiKey: clientSecret });
  } catch {
    panel.status = 'offline';
    return undefined;
  }
  panel.status = 'live';
  return session;
}

// --- its test ----------------------------------------------------------------------------

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
