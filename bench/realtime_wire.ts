/**
 * The voice-turn workload: N turns of "the user speaks, the assistant answers
 * with audio" in a real `RealtimeSession`, once through a transport double
 * (normalized events emitted straight into the session) and once through
 * `ScriptedRealtimeServer` (Realtime API events over the fake socket, parsed
 * by the SDK's real `OpenAIRealtimeWebSocket`). Both end with the same
 * history, so the difference is what running the SDK's protocol code costs.
 *
 * @module
 */

import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';

/** The part of scripted-agents/realtime_testing the wire variant uses. */
export interface WireModule {
  ScriptedRealtimeServer: new (options?: { ignoreClientEvents?: string[] }) => {
    transport(options?: Record<string, unknown>): unknown;
    settled(): Promise<void>;
  };
  userSpeaks(server: unknown, options: Record<string, unknown>): Promise<unknown[]>;
  assistantAnswers(server: unknown, options: Record<string, unknown>): Promise<unknown[]>;
}

/** A transport double: the SDK's or ours (no-argument constructor, `emit`). */
export type TransportDoubleClass = new () => {
  emit(event: string, ...args: unknown[]): boolean;
};

const AUDIO = new Uint8Array(4_800).buffer; // 100 ms of 24 kHz PCM16

/** N voice turns through a transport double; returns the history length. */
export async function voiceTurnsOverTransport(
  Transport: TransportDoubleClass,
  turns: number,
): Promise<number> {
  const transport = new Transport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), {
    transport: transport as never,
  });
  await session.connect({ apiKey: 'test' });
  for (let i = 0; i < turns; i++) {
    const user = `user_${i}`;
    const assistant = `assistant_${i}`;
    const response = `resp_${i}`;
    transport.emit('item_update', {
      itemId: user,
      type: 'message',
      role: 'user',
      status: 'completed',
      content: [{ type: 'input_audio', transcript: `Question ${i}` }],
    });
    transport.emit('turn_started', {
      type: 'response_started',
      providerData: { response: { id: response } },
    });
    transport.emit('item_update', {
      itemId: assistant,
      type: 'message',
      role: 'assistant',
      status: 'in_progress',
      content: [],
    });
    for (const delta of ['Answer ', `${i}`]) {
      transport.emit('audio_transcript_delta', {
        type: 'transcript_delta',
        delta,
        itemId: assistant,
        responseId: response,
      });
      transport.emit('audio', { type: 'audio', data: AUDIO, responseId: response });
    }
    transport.emit('audio_done');
    transport.emit('item_update', {
      itemId: assistant,
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_audio', transcript: `Answer ${i}` }],
    });
    transport.emit('turn_done', {
      type: 'response_done',
      response: { id: response, output: [], usage: {} },
    });
    await null;
  }
  const length = session.history.length;
  session.close();
  return length;
}

/** N voice turns through ScriptedRealtimeServer and the SDK's real transport. */
export async function voiceTurnsOverWire(wire: WireModule, turns: number): Promise<number> {
  const server = new wire.ScriptedRealtimeServer({
    ignoreClientEvents: ['session.update', 'conversation.item.retrieve'],
  });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), {
    transport: server.transport() as never,
  });
  await session.connect({ apiKey: 'test' });
  for (let i = 0; i < turns; i++) {
    await wire.userSpeaks(server, { transcript: `Question ${i}`, itemId: `user_${i}` });
    await wire.assistantAnswers(server, {
      transcript: `Answer ${i}`,
      audioMs: 200,
      itemId: `assistant_${i}`,
    });
  }
  const length = session.history.length;
  session.close();
  await server.settled();
  return length;
}
