/**
 * The voice-turn workload: N turns of "the user speaks, the assistant answers
 * with audio" in a real `RealtimeSession`, once through a transport double
 * (normalized events emitted straight into the session) and once through
 * `ScriptedRealtimeServer` (Realtime API events over the fake socket, parsed
 * by the SDK's real `OpenAIRealtimeWebSocket`). Both end with the same
 * history, so the difference is what running the SDK's protocol code costs.
 *
 * The wire floor (`voiceTurnsOverFloor`) is the same workload through the
 * same real transport over the cheapest socket the transport accepts: it
 * replays the frames `ScriptedRealtimeServer` sent for each turn (recorded
 * once, before any timing, by `recordWireFrames`) and ignores what the client
 * sends, so the difference between the server and the floor is ours alone.
 *
 * @module
 */

import { OpenAIRealtimeWebSocket, RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';

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
  return (await wireRun(wire, turns, false)).length;
}

/** What the floor replays: the server's frames per turn, and the history they led to. */
export interface WireFrames {
  /** `frames[i]`: the text frames the server sent in turn `i`, in order. */
  readonly frames: readonly (readonly string[])[];
  /** `JSON.stringify(session.history)` at the end of the recorded run. */
  readonly history: string;
}

/**
 * Runs the wire workload once (untimed) and keeps every frame the server
 * sent: the builders resolve with the events as sent, each the parse of its
 * frame, so stringifying them again gives the frames byte for byte.
 */
export async function recordWireFrames(wire: WireModule, turns: number): Promise<WireFrames> {
  const { frames, history } = await wireRun(wire, turns, true);
  return { frames, history: JSON.stringify(history) };
}

async function wireRun(
  wire: WireModule,
  turns: number,
  record: boolean,
): Promise<{ length: number; frames: string[][]; history: unknown[] }> {
  const frames: string[][] = [];
  const server = new wire.ScriptedRealtimeServer({
    ignoreClientEvents: ['session.update', 'conversation.item.retrieve'],
  });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), {
    transport: server.transport() as never,
  });
  await session.connect({ apiKey: 'test' });
  for (let i = 0; i < turns; i++) {
    const user = await wire.userSpeaks(server, {
      transcript: `Question ${i}`,
      itemId: `user_${i}`,
    });
    const assistant = await wire.assistantAnswers(server, {
      transcript: `Answer ${i}`,
      audioMs: 200,
      itemId: `assistant_${i}`,
    });
    if (record) frames.push([...user, ...assistant].map((event) => JSON.stringify(event)));
  }
  const history = record ? [...session.history] : [];
  const length = session.history.length;
  session.close();
  await server.settled();
  return { length, frames, history };
}

type Listener = (event: unknown) => void;

/**
 * The least a WebSocket can be for the SDK's transport: listeners, an `open`
 * a microtask after the transport listens for it (as a socket opens after the
 * code that created it ran), a `send` that drops the frame and a `close`
 * that only changes the state. Frames go straight to the `message`
 * listeners, with no event object beyond `{ type, data }`.
 */
class FloorSocket {
  readyState = 0;
  readonly #listeners = new Map<string, Listener[]>();

  addEventListener(type: string, listener: Listener): void {
    const list = this.#listeners.get(type);
    if (list === undefined) this.#listeners.set(type, [listener]);
    else list.push(listener);
    if (type === 'open') {
      queueMicrotask(() => {
        this.readyState = 1;
        for (const open of this.#listeners.get('open') ?? []) open({ type: 'open' });
      });
    }
  }

  removeEventListener(type: string, listener: Listener): void {
    const list = this.#listeners.get(type);
    const index = list?.indexOf(listener) ?? -1;
    if (index !== -1) list!.splice(index, 1);
  }

  send(_data: unknown): void {}

  close(): void {
    this.readyState = 3;
  }

  deliver(data: string): void {
    const event = { type: 'message', data };
    for (const listener of this.#listeners.get('message') ?? []) listener(event);
  }
}

/**
 * The SDK's transport as `ScriptedRealtimeServer.transport()` configures it by
 * default: an interruption reports all audio as played (through `_interrupt`,
 * the hook the SDK documents for that), so the client sends exactly what it
 * sends to the server (no `conversation.item.truncate`, which the wall clock
 * would otherwise cause).
 */
class FloorTransport extends OpenAIRealtimeWebSocket {
  override _interrupt(_elapsedTime: number, cancelOngoingResponse?: boolean): void {
    super._interrupt(Number.POSITIVE_INFINITY, cancelOngoingResponse);
  }
}

/**
 * N voice turns through the SDK's real transport over {@link FloorSocket},
 * replaying `recorded` (one turn's frames at a time, then a microtask, as
 * the transport-double workload does). Returns the session's history, for
 * {@link sameHistory} to compare outside the timing.
 */
export async function voiceTurnsOverFloor(recorded: WireFrames): Promise<readonly unknown[]> {
  let socket: FloorSocket | undefined;
  const transport = new FloorTransport({
    useInsecureApiKey: true,
    // The SDK types the socket as the `ws` package's; the transport only uses the
    // standard surface, as with our fake socket.
    createWebSocket: () => {
      socket = new FloorSocket();
      return Promise.resolve(socket as never);
    },
  });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), { transport });
  await session.connect({ apiKey: 'test' });
  for (const turn of recorded.frames) {
    for (const frame of turn) socket!.deliver(frame);
    await null;
  }
  const history = session.history;
  session.close();
  return history;
}

/** Throws unless `history` is the one the recorded server run ended with. */
export function sameHistory(recorded: WireFrames, history: unknown): void {
  if (JSON.stringify(history) !== recorded.history) {
    throw new Error('floor: the history differs from the one ScriptedRealtimeServer produced');
  }
}
