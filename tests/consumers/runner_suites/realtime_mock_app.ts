// The application realtime_mock.test.ts tests, unchanged from production: it makes its
// transport inline with the SDK's WebRTC class and exposes no way to pass another one.
import { OpenAIRealtimeWebRTC, RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';

export type VoicePanel = { status: 'idle' | 'connecting' | 'live' | 'offline' };

export async function startVoice(panel: VoicePanel, clientSecret: string) {
  panel.status = 'connecting';
  const transport = new OpenAIRealtimeWebRTC({
    baseUrl: 'https://api.openai.com/v1/realtime/calls',
  });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), { transport });
  try {
    await session.connect({ apiKey: clientSecret });
  } catch {
    panel.status = 'offline';
    return undefined;
  }
  panel.status = 'live';
  return session;
}
