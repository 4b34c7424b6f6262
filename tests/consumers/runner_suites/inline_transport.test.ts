// Vitest only (as concurrent.test.ts): docs/realtime.md's module mock that stands a
// ScriptedRealtimeTransport in for the OpenAIRealtimeWebRTC an app makes inline (voice.ts),
// under the scripted-agents/vitest setup file, which verifies the transport when the test ends.
import { describe, expect, test, vi } from 'vitest';
import { ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';

const made = vi.hoisted(() => [] as ScriptedRealtimeTransport[]);
vi.mock('@openai/agents/realtime', async (importOriginal) => {
  const original = await importOriginal<typeof import('@openai/agents/realtime')>();
  const { ScriptedRealtimeTransport } = await import('scripted-agents/realtime_testing');
  class OpenAIRealtimeWebRTC extends ScriptedRealtimeTransport {
    constructor(options?: ConstructorParameters<typeof ScriptedRealtimeTransport>[0]) {
      super(options);
      made.push(this);
    }
  }
  return { ...original, OpenAIRealtimeWebRTC };
});

describe('inline transport', () => {
  test('the voice panel connects', async () => {
    const { startVoice } = await import('./voice.ts'); // calls new OpenAIRealtimeWebRTC(...)
    const session = await startVoice();
    expect(made[0].status).toBe('connected');
    expect(made[0].options.baseUrl).toBe('https://realtime.example.test/v1');
    await made[0].expectCall('connect');
    session.close();
    await made[0].expectCall('close');
  });
});
