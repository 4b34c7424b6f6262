/**
 * Turn builders for `ScriptedRealtimeServer`. Each waits for the first
 * connection if the application has not connected yet, then sends the complete server
 * event sequence the Realtime API sends for one kind of turn, with
 * deterministic ids, and resolves with the events it sent (in order) once the
 * client's socket has dispatched them, so a test says what happens instead of
 * spelling out a dozen events.
 *
 * Builders that depend on what the client answered (the handshake echoing the
 * client's `session.update`, a transcription or truncation answering the
 * client's `conversation.item.retrieve`) look at the client events the server
 * received, as a real server would; they never consume expectations.
 *
 * @module
 */

import {
  internalsOf,
  type ScriptedRealtimeServer,
  type ServerConnection,
} from './scripted_realtime_server.ts';
import {
  assistantAnswerEvents,
  clientItemEvents,
  completeResponseEvents,
  interruptedResponseEvents,
  rateLimitsEvent,
  responseErrorEvent,
  retrievedAssistantItemEvent,
  retrievedUserItemEvent,
  sessionCreatedEvent,
  sessionUpdatedEvent,
  speechStartedEvent,
  toolCallEvents,
  truncatedEvent,
  type TurnState,
  userSpeechEvents,
} from './_turn_events.ts';
import {
  InvalidRealtimeTurnError,
  RealtimeServerNotConnectedError,
} from './scripted_realtime_server_errors.ts';
import type {
  RealtimeServerEvent,
  SendServerEventOptions,
} from './scripted_realtime_server_types.ts';

/**
 * The live connection. Before the first connection exists, waits for it: the
 * scenario usually starts before the application connects. After that, a
 * missing live connection is an error.
 */
async function connectionOf(
  server: ScriptedRealtimeServer,
  operation: string,
): Promise<ServerConnection> {
  const inner = internalsOf(server);
  if (inner.current() === undefined && server.connections.length === 0) {
    await server.waitForConnection(0);
  }
  const connection = inner.current();
  if (connection === undefined) throw new RealtimeServerNotConnectedError(operation);
  return connection;
}

/** Sends `events` in order and resolves with what was sent, once delivered. */
async function sendAll(
  server: ScriptedRealtimeServer,
  events: readonly RealtimeServerEvent[],
  options: SendServerEventOptions = {},
): Promise<RealtimeServerEvent[]> {
  // Queued together (so a paused server holds them all), awaited together.
  return await Promise.all(events.map((event) => server.sendServerEvent(event, options)));
}

/**
 * Options of {@linkcode handshake}.
 *
 * @example
 * ```ts
 * import type { HandshakeOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: HandshakeOptions = { session: { voice: 'marin' } };
 * ```
 */
export type HandshakeOptions = {
  /** Fields merged over the echoed session in `session.updated`. */
  session?: Record<string, unknown>;
  /**
   * Whether `session.updated` reports server-side interruption
   * (`turn_detection.interrupt_response`) and automatic responses
   * (`create_response`), as the API's defaults do. Default `true`; with
   * `false` the SDK cancels interrupted responses itself (`response.cancel`).
   */
  serverInterrupts?: boolean;
};

/**
 * The usual start of a session: waits for the client's first
 * `session.update` on the current connection, sends `session.created`, lets
 * the SDK answer it (it sends its tracing `session.update`), then sends
 * `session.updated` echoing everything the client configured, with the API's
 * turn-detection defaults filled in. Resolves with `[created, updated]`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { handshake, ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
 * const transport = server.transport();
 * await transport.connect({ apiKey: 'test' });
 * const [created, updated] = await handshake(server);
 * assert.equal(created.type, 'session.created');
 * assert.equal(updated.session.audio.input.turn_detection.interrupt_response, true);
 * transport.close();
 * await server.settled();
 * ```
 */
export async function handshake(
  server: ScriptedRealtimeServer,
  options: HandshakeOptions = {},
): Promise<RealtimeServerEvent[]> {
  const connection = await connectionOf(server, 'perform the handshake');
  while (!connection.received.some((e) => e.type === 'session.update')) {
    if (!connection.live || internalsOf(server).disposed()) {
      throw new RealtimeServerNotConnectedError('perform the handshake');
    }
    await connection.nextReceive();
  }
  const clientSessions = () =>
    connection.received.filter((e) => e.type === 'session.update').map((e) => e.event.session);
  const id = internalsOf(server).nextId('sess');
  const created = await server.sendServerEvent(sessionCreatedEvent(id, clientSessions()));
  // Built once `session.created` is delivered, so it echoes what the SDK sent in answer.
  const updated = await server.sendServerEvent(
    sessionUpdatedEvent(id, clientSessions(), options),
  );
  return [created, updated];
}

/** The builders' view of one connection: the server's ids, the connection's conversation. */
function turnState(server: ScriptedRealtimeServer, connection: ServerConnection): TurnState {
  const inner = internalsOf(server);
  return { nextId: inner.nextId, conversation: inner.conversation(connection) };
}

/**
 * Options of {@linkcode userSpeaks}.
 *
 * @example
 * ```ts
 * import type { UserSpeaksOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: UserSpeaksOptions = { transcript: 'What is the weather?' };
 * ```
 */
export type UserSpeaksOptions = {
  /** What the transcription model heard (omit for no transcription events). */
  transcript?: string;
  /** The user item's id (default: a fresh `item_N`). */
  itemId?: string;
  /** Where speech started in the input buffer (default 0). */
  audioStartMs?: number;
  /** Where it stopped (default `audioStartMs + 1000`). */
  audioEndMs?: number;
  /** Skip `speech_started` (used when an interruption already sent it). */
  speechAlreadyStarted?: boolean;
};

/**
 * A user's spoken turn under server VAD: `speech_started`, `speech_stopped`,
 * `input_audio_buffer.committed`, the user item (`conversation.item.added`,
 * `conversation.item.done`), then, with a `transcript`, the transcription
 * (`…input_audio_transcription.delta` and `.completed`) and, if the client
 * asked for the item (the SDK does), `conversation.item.retrieved` with the
 * transcript. Resolves with the events sent.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeServer, userSpeaks } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer({
 *   ignoreClientEvents: ['session.update', 'conversation.item.retrieve'],
 * });
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
 *   transport: server.transport(),
 * });
 * await session.connect({ apiKey: 'test' });
 * await userSpeaks(server, { transcript: 'Hi there', itemId: 'item_user' });
 * assert.deepEqual(session.history[0].type === 'message' && session.history[0].content, [
 *   { type: 'input_audio', transcript: 'Hi there', audio: null },
 * ]);
 * session.close();
 * await server.settled();
 * ```
 */
export async function userSpeaks(
  server: ScriptedRealtimeServer,
  options: UserSpeaksOptions = {},
): Promise<RealtimeServerEvent[]> {
  const connection = await connectionOf(server, 'send a user turn');
  const { events, item } = userSpeechEvents(turnState(server, connection), options);
  const sent = await sendAll(server, events);
  if (
    options.transcript !== undefined &&
    asked(connection, 'conversation.item.retrieve', String(item.id))
  ) {
    sent.push(await server.sendServerEvent(retrievedUserItemEvent(item, options.transcript)));
  }
  return sent;
}

/** Whether the client sent a `type` event for `itemId` that is not answered yet. */
function asked(connection: ServerConnection, type: string, itemId: string): boolean {
  const found = connection.received.find((e) =>
    e.type === type && e.event.item_id === itemId && !answeredSet(connection).has(e.index)
  );
  return found !== undefined && claim(connection, found.index);
}

/** Marks the client event at `index` answered; false if it already was. */
function claim(connection: ServerConnection, index: number): boolean {
  const answered = answeredSet(connection);
  if (answered.has(index)) return false;
  answered.add(index);
  return true;
}

function answeredSet(connection: ServerConnection): Set<number> {
  let answered = ANSWERED.get(connection);
  if (answered === undefined) {
    answered = new Set<number>();
    ANSWERED.set(connection, answered);
  }
  return answered;
}
const ANSWERED = new WeakMap<ServerConnection, Set<number>>();

/**
 * Options of {@linkcode assistantAnswers}: `text` for a text response, or
 * `transcript` (with `audioMs` of audio) for a spoken one.
 *
 * @example
 * ```ts
 * import type { AssistantAnswersOptions } from 'scripted-agents/realtime_testing';
 *
 * const spoken: AssistantAnswersOptions = { transcript: 'Hello!', audioMs: 300, chunks: 3 };
 * ```
 */
export type AssistantAnswersOptions = {
  /** The answer as text (`output_modalities: ['text']`). */
  text?: string;
  /** The answer as audio: its transcript. */
  transcript?: string;
  /** Milliseconds of (silent PCM16, 24 kHz) audio to stream (default 100). */
  audioMs?: number;
  /**
   * How the text / transcript streams: how many deltas to cut it (and the
   * audio) into, lengths differing by at most one character (default 2;
   * fewer for a shorter text), or the pieces themselves (`['Hel', 'lo!']`,
   * which must join to the text; the audio then comes in as many deltas).
   */
  chunks?: number | readonly string[];
  /** The response id (default: a fresh `resp_N`). */
  responseId?: string;
  /** The assistant item's id (default: a fresh `item_N`). */
  itemId?: string;
  /**
   * `false` stops after the deltas and leaves the response in progress, for
   * {@linkcode userInterrupts} or {@linkcode completeResponse}. Default `true`.
   */
  complete?: boolean;
  /** Token usage reported in `response.done`. */
  usage?: { input_tokens: number; output_tokens: number };
};

/**
 * An assistant response with one message: `response.created`, the output
 * item (`response.output_item.added`, `conversation.item.added`), the content
 * part, the text deltas (or audio transcript and audio deltas), their `done`
 * events, `conversation.item.done`, `response.output_item.done` and
 * `response.done`. Resolves with the events sent.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { assistantAnswers, ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
 *   transport: server.transport(),
 * });
 * await session.connect({ apiKey: 'test' });
 * const events = await assistantAnswers(server, { text: 'Hello!' });
 * assert.equal(events.at(-1)?.type, 'response.done');
 * assert.deepEqual(session.history[0], {
 *   itemId: 'item_1',
 *   type: 'message',
 *   role: 'assistant',
 *   status: 'completed',
 *   content: [{ type: 'output_text', text: 'Hello!' }],
 * });
 * session.close();
 * await server.settled();
 * ```
 */
export async function assistantAnswers(
  server: ScriptedRealtimeServer,
  options: AssistantAnswersOptions,
): Promise<RealtimeServerEvent[]> {
  const connection = await connectionOf(server, 'send an assistant turn');
  return await sendAll(
    server,
    assistantAnswerEvents(turnState(server, connection), options, 'assistantAnswers()'),
  );
}

/**
 * Finishes the response a `complete: false` {@linkcode assistantAnswers}
 * left open, as `completed` (default) or `cancelled`. Resolves with the
 * events sent.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   assistantAnswers,
 *   completeResponse,
 *   ScriptedRealtimeServer,
 * } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
 * const transport = server.transport();
 * await transport.connect({ apiKey: 'test' });
 * await assistantAnswers(server, { text: 'Hel', complete: false });
 * const events = await completeResponse(server);
 * assert.equal(events.at(-1)?.response.status, 'completed');
 * transport.close();
 * await server.settled();
 * ```
 */
export async function completeResponse(
  server: ScriptedRealtimeServer,
  options: CompleteResponseOptions = {},
): Promise<RealtimeServerEvent[]> {
  const connection = await connectionOf(server, 'complete a response');
  const events = completeResponseEvents(turnState(server, connection), options);
  if (events === undefined) {
    throw new InvalidRealtimeTurnError('no_open_response', { call: 'completeResponse()' });
  }
  return await sendAll(server, events);
}

/**
 * Options of {@linkcode completeResponse}.
 *
 * @example
 * ```ts
 * import type { CompleteResponseOptions } from 'scripted-agents/realtime_testing';
 *
 * const cancelled: CompleteResponseOptions = { status: 'cancelled' };
 * ```
 */
export type CompleteResponseOptions = {
  /**
   * `'completed'` (default), or `'cancelled'` for a response the client
   * cancelled (`response.cancel`): its item ends `incomplete`.
   */
  status?: 'completed' | 'cancelled';
  /** The `status_details.reason` of a cancelled response (default `'client_cancelled'`). */
  reason?: string;
};

/**
 * Options of {@linkcode assistantCallsTool}.
 *
 * @example
 * ```ts
 * import type { AssistantCallsToolOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: AssistantCallsToolOptions = {
 *   name: 'lookup_order',
 *   arguments: { orderId: '123' },
 *   callId: 'call_1',
 * };
 * ```
 */
export type AssistantCallsToolOptions = {
  /** The function tool's name. */
  name: string;
  /** The arguments, as an object (serialized) or a JSON string. */
  arguments: Record<string, unknown> | string;
  /** The call id (default: a fresh `call_N`). */
  callId?: string;
  /** The function call item's id (default: a fresh `item_N`). */
  itemId?: string;
  /** The response id (default: a fresh `resp_N`). */
  responseId?: string;
  /**
   * `false` sends a call that does not fit the session's tools (a wrong name,
   * arguments the tool's schema rejects) on purpose. Default `true`: such a
   * call rejects with `ScriptedOutputMismatchError` before anything is sent.
   */
  validate?: boolean;
};

/**
 * A response in which the model calls one function tool: `response.created`,
 * the `function_call` item (added), argument deltas and
 * `response.function_call_arguments.done`, `conversation.item.done`,
 * `response.output_item.done` (where the SDK dispatches the call) and
 * `response.done`. Resolves with the events sent; the SDK then runs the tool
 * and sends the output (`conversation.item.create`) and a `response.create`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
 * import { z } from 'zod';
 * import { assistantCallsTool, ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
 *
 * const echo = tool({
 *   name: 'echo',
 *   description: 'Echoes.',
 *   parameters: z.object({ text: z.string() }),
 *   execute: ({ text }) => text,
 * });
 * const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A', tools: [echo] }), {
 *   transport: server.transport(),
 * });
 * await session.connect({ apiKey: 'test' });
 * await assistantCallsTool(server, { name: 'echo', arguments: { text: 'hi' }, callId: 'c1' });
 * const output = await server.expectClientEvent('conversation.item.create');
 * assert.deepEqual(output.item, { type: 'function_call_output', output: 'hi', call_id: 'c1' });
 * await server.expectClientEvent('response.create');
 * session.close();
 * await server.settled();
 * ```
 */
export async function assistantCallsTool(
  server: ScriptedRealtimeServer,
  options: AssistantCallsToolOptions,
): Promise<RealtimeServerEvent[]> {
  const connection = await connectionOf(server, 'send a tool call');
  const inner = internalsOf(server);
  // Checked before anything is sent or noted, so a wrong call leaves no half-sent response.
  const events = toolCallEvents(
    turnState(server, connection),
    options,
    'assistantCallsTool()',
    (item, responseId) =>
      inner.checkToolCall(item, { outputIndex: 0, responseId }, options.validate !== false),
  );
  return await sendAll(server, events, { validate: false });
}

/**
 * Options of {@linkcode userInterrupts}.
 *
 * @example
 * ```ts
 * import type { UserInterruptsOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: UserInterruptsOptions = { transcript: 'Stop, please.', heardTranscript: 'Once' };
 * ```
 */
export type UserInterruptsOptions = UserSpeaksOptions & {
  /**
   * The assistant transcript the server keeps after the client truncates the
   * audio (default `''`: the API removes the transcript of truncated audio).
   */
  heardTranscript?: string;
};

/**
 * The user starts speaking while the assistant's audio response (left open
 * by `assistantAnswers({ complete: false })`) plays: `speech_started` (the SDK
 * interrupts playback, and sends `conversation.item.truncate`, plus
 * `response.cancel` unless the session reports server-side interruption),
 * the response finished as `cancelled` with an `incomplete` item,
 * `conversation.item.truncated` and the retrieved item if the client
 * truncated, then the rest of the user's turn as {@linkcode userSpeaks}.
 * Resolves with the events sent.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import {
 *   assistantAnswers,
 *   ScriptedRealtimeServer,
 *   userInterrupts,
 * } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer({
 *   ignoreClientEvents: ['session.update', 'conversation.item.retrieve', 'response.cancel'],
 * });
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
 *   transport: server.transport(),
 * });
 * await session.connect({ apiKey: 'test' });
 * await assistantAnswers(server, { transcript: 'Once upon', audioMs: 200, complete: false });
 * await userInterrupts(server, { transcript: 'Stop' });
 * const truncate = await server.expectClientEvent('conversation.item.truncate');
 * assert.equal(truncate.audio_end_ms, 200);
 * session.close();
 * await server.settled();
 * ```
 */
export async function userInterrupts(
  server: ScriptedRealtimeServer,
  options: UserInterruptsOptions = {},
): Promise<RealtimeServerEvent[]> {
  const connection = await connectionOf(server, 'interrupt');
  const inner = internalsOf(server);
  const conversation = inner.conversation(connection);
  const open = conversation.openResponse;
  conversation.openResponse = undefined;
  const itemId = options.itemId ?? inner.nextId('item');
  const sent = [
    await server.sendServerEvent(speechStartedEvent(itemId, options.audioStartMs ?? 0)),
  ];
  if (open !== undefined) {
    sent.push(...await sendAll(server, interruptedResponseEvents(open)));
    const truncate = connection.received.findLast((e) =>
      e.type === 'conversation.item.truncate' && e.event.item_id === open.itemId
    );
    if (truncate !== undefined) {
      sent.push(await server.sendServerEvent(truncatedEvent(open.itemId, truncate.event)));
      if (asked(connection, 'conversation.item.retrieve', open.itemId)) {
        sent.push(
          await server.sendServerEvent(
            retrievedAssistantItemEvent(open.itemId, options.heardTranscript),
          ),
        );
      }
    }
  }
  sent.push(...await userSpeaks(server, { ...options, itemId, speechAlreadyStarted: true }));
  return sent;
}

/**
 * Options of {@linkcode responseFails}.
 *
 * @example
 * ```ts
 * import type { ResponseFailsOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: ResponseFailsOptions = { code: 'rate_limit_exceeded', message: 'Slow down.' };
 * ```
 */
export type ResponseFailsOptions = {
  /** The error code (default `'invalid_request_error'`'s `'response_create_failed'`). */
  code?: string;
  /** The message (default `'The response could not be created.'`). */
  message?: string;
  /** The error type (default `'invalid_request_error'`). */
  errorType?: string;
  /**
   * The client event the error answers (default: the last `response.create`
   * the connection received), which lets the SDK release its pending request.
   */
  eventId?: string | null;
};

/**
 * An `error` event rejecting a client request, by default the last
 * `response.create` (its `event_id` goes into `error.event_id`, as the API
 * does). Resolves with `[errorEvent]`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { responseFails, ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
 * const transport = server.transport();
 * const errors: unknown[] = [];
 * transport.on('error', (e) => errors.push(e));
 * await transport.connect({ apiKey: 'test' });
 * transport.requestResponse();
 * await server.expectClientEvent('response.create');
 * const [event] = await responseFails(server, { message: 'No.' });
 * assert.equal(event.error.event_id, 'agents_js_response_create_1');
 * assert.equal(errors.length, 1);
 * transport.close();
 * await server.settled();
 * ```
 */
export async function responseFails(
  server: ScriptedRealtimeServer,
  options: ResponseFailsOptions = {},
): Promise<RealtimeServerEvent[]> {
  const connection = await connectionOf(server, 'send an error');
  const eventId = options.eventId !== undefined
    ? options.eventId
    : connection.received.findLast((e) => e.type === 'response.create')?.event.event_id ?? null;
  return [await server.sendServerEvent(responseErrorEvent(options, eventId))];
}

/**
 * Options of {@linkcode rateLimitsUpdated}.
 *
 * @example
 * ```ts
 * import type { RateLimitsOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: RateLimitsOptions = { tokens: { limit: 1000, remaining: 10, resetSeconds: 5 } };
 * ```
 */
export type RateLimitsOptions = {
  requests?: { limit: number; remaining: number; resetSeconds: number };
  tokens?: { limit: number; remaining: number; resetSeconds: number };
};

/**
 * A `rate_limits.updated` event (the API sends one after each response).
 * Resolves with `[event]`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { rateLimitsUpdated, ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
 * const transport = server.transport();
 * const seen: unknown[] = [];
 * transport.on('rate_limits.updated' as never, (e: unknown) => seen.push(e));
 * await transport.connect({ apiKey: 'test' });
 * await rateLimitsUpdated(server, { tokens: { limit: 100, remaining: 1, resetSeconds: 2 } });
 * assert.equal(seen.length, 1);
 * transport.close();
 * await server.settled();
 * ```
 */
export async function rateLimitsUpdated(
  server: ScriptedRealtimeServer,
  options: RateLimitsOptions = {},
): Promise<RealtimeServerEvent[]> {
  await connectionOf(server, 'send rate limits');
  return [await server.sendServerEvent(rateLimitsEvent(options))];
}

/**
 * The API's confirmation of the items the client created: for every
 * `conversation.item.create` the current connection received that no earlier
 * call confirmed, `conversation.item.added` and `conversation.item.done` with
 * the item (given an id `item_N` if it had none) and its `previous_item_id`
 * (the one the client asked for, else the last item of the conversation).
 * Resolves with the events sent.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { acknowledgeClientItems, ScriptedRealtimeServer } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer({
 *   ignoreClientEvents: ['session.update', 'conversation.item.create', 'response.create'],
 * });
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
 *   transport: server.transport(),
 * });
 * await session.connect({ apiKey: 'test' });
 * session.sendMessage('Hello');
 * const events = await acknowledgeClientItems(server);
 * assert.deepEqual(events.map((e) => e.type), ['conversation.item.added', 'conversation.item.done']);
 * assert.equal(session.history[0].itemId, 'item_1');
 * session.close();
 * await server.settled();
 * ```
 */
export async function acknowledgeClientItems(
  server: ScriptedRealtimeServer,
): Promise<RealtimeServerEvent[]> {
  const connection = await connectionOf(server, 'acknowledge client items');
  const state = turnState(server, connection);
  const events: RealtimeServerEvent[] = [];
  for (const received of connection.received) {
    if (received.type !== 'conversation.item.create') continue;
    if (!claim(connection, received.index)) continue;
    events.push(...clientItemEvents(state, received.event));
  }
  return await sendAll(server, events);
}
