// Vitest only: the vi.mock pattern of docs/realtime.md. The app (realtime_mock_app.ts) calls
// `new OpenAIRealtimeWebRTC(...)` itself; the mock factory hands it a ScriptedRealtimeTransport
// subclass that keeps every instance, so the test scripts the transport the app made. The
// scripted-agents/vitest setup verifies each instance when the test ends.
import { describe, expect, test, vi } from 'vitest';
import type {
  RealtimeConnectHold,
  ScriptedRealtimeTransport,
} from 'scripted-agents/realtime_testing';
import { startVoice, type VoicePanel } from './realtime_mock_app.ts';

// vi.mock is hoisted above the imports; vi.hoisted makes these reachable from its factory.
const { made, holds } = vi.hoisted(() => ({
  made: [] as ScriptedRealtimeTransport[],
  holds: [] as RealtimeConnectHold[],
}));
vi.mock('@openai/agents/realtime', async (importOriginal) => {
  const original = await importOriginal<typeof import('@openai/agents/realtime')>();
  const { ScriptedRealtimeTransport } = await import('scripted-agents/realtime_testing');
  class OpenAIRealtimeWebRTC extends ScriptedRealtimeTransport {
    constructor(options?: ConstructorParameters<typeof ScriptedRealtimeTransport>[0]) {
      super(options);
      made.push(this);
      // Each instance's first connect waits for the test, to show what the app does meanwhile.
      holds.push(this.holdConnect());
    }
  }
  return { ...original, OpenAIRealtimeWebRTC };
});

describe('an app that makes its transport inline', () => {
  test('gets the stand-in from vi.mock and connects through it', async () => {
    const panel: VoicePanel = { status: 'idle' };
    const starting = startVoice(panel, 'ek_test');
    await holds[0].reached;
    expect(panel.status).toBe('connecting');
    holds[0].release();
    const session = await starting;
    expect(panel.status).toBe('live');
    expect(made).toHaveLength(1);
    expect(made[0].options.baseUrl).toBe('https://api.openai.com/v1/realtime/calls');
    expect(made[0].status).toBe('connected');
    session?.close();
    await made[0].expectCall('connect');
    await made[0].expectCall('close');
  });

  test('shows offline when the held connect fails', async () => {
    const panel: VoicePanel = { status: 'idle' };
    const starting = startVoice(panel, 'ek_expired');
    await holds[1].reached;
    const transport = made[1];
    expect(transport.status).toBe('connecting');
    expect(panel.status).toBe('connecting');
    holds[1].fail(new Error('401: the client secret expired'));
    await expect(starting).resolves.toBeUndefined();
    expect(panel.status).toBe('offline');
    await transport.expectCall('connect');
  });
});
