// The application the realtime_inline_transport recipe tests (in a real project this is
// src/voice.ts). It makes its Realtime transport inline, in its own function, with the SDK's
// WebRTC class; a test never passes one in. The class is reached through `voiceTransport`, the one
// seam the module keeps: assigning to an object's property works the same under Deno, Bun and
// Node, where replacing an imported binding needs a module mocker (vi.mock, jest.mock), which
// exists only in some runners.
import {
  OpenAIRealtimeWebRTC,
  type OpenAIRealtimeWebRTCOptions,
  RealtimeAgent,
  RealtimeSession,
  type RealtimeTransportLayer,
  tool,
} from '@openai/agents/realtime';
import { z } from 'zod';

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
