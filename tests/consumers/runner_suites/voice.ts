// The application module of inline_transport.test.ts: it makes its Realtime transport
// inline, as an app does, so the test can only reach it through a module mock.
import { OpenAIRealtimeWebRTC, RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';

export async function startVoice(): Promise<RealtimeSession> {
  const transport = new OpenAIRealtimeWebRTC({ baseUrl: 'https://realtime.example.test/v1' });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), { transport });
  await session.connect({ apiKey: 'ek_test' });
  return session;
}
