/**
 * The server events of each kind of Realtime turn, as plain objects, with
 * deterministic ids. `ScriptedRealtimeServer`'s turn builders send them over
 * the fake socket and `RealtimeServerEventBuilder` returns them; both build
 * them here, so an event means the same in both (same fields, same order,
 * same id sequence).
 *
 * What depends on the client (the session it configured, whether it asked to
 * retrieve or truncate an item) is a parameter: the server reads it from the
 * client events it received, the standalone builder takes it from its caller.
 *
 * @module
 */

import { type TextChunks, textChunks } from '../_internal/text_chunks.ts';
import type { RealtimeServerEvent } from './scripted_realtime_server_types.ts';

/** PCM16 at 24 kHz: 48 bytes per millisecond of audio. */
const BYTES_PER_MS = 48;

/** What the builders remember about one connection's conversation. */
export interface ConversationState {
  /** The id of the last conversation item, for `previous_item_id`. */
  lastItemId: string | null;
  /** The assistant response left open by `assistantAnswers({ complete: false })`. */
  openResponse: OpenResponse | undefined;
}

/** An assistant response in progress. */
export interface OpenResponse {
  readonly responseId: string;
  readonly itemId: string;
  readonly modality: 'audio' | 'text';
  readonly transcript: string;
  readonly response: Record<string, unknown>;
}

/** Where the events are built: the id source and the conversation they continue. */
export interface TurnState {
  /** A fresh deterministic id with `prefix` (`item_1`, `resp_2`, ...). */
  nextId(prefix: string): string;
  /** The conversation the events continue. */
  readonly conversation: ConversationState;
}

/** A fresh conversation: no item yet, no open response. */
export function newConversation(): ConversationState {
  return { lastItemId: null, openResponse: undefined };
}

/** A counter per id prefix, as the server keeps one: `item_1`, `item_2`, `resp_1`. */
export function idCounter(): (prefix: string) => string {
  const ids = new Map<string, number>();
  return (prefix) => {
    const next = (ids.get(prefix) ?? 0) + 1;
    ids.set(prefix, next);
    return `${prefix}_${next}`;
  };
}

// --- handshake -------------------------------------------------------------

/**
 * `session.created` for session `id` of a client that sent `clientSessions`
 * (the `session` of each of its `session.update` events, in order).
 */
export function sessionCreatedEvent(
  id: string,
  clientSessions: readonly unknown[],
): RealtimeServerEvent {
  return {
    type: 'session.created',
    session: { ...sessionOf(clientSessions), id, object: 'realtime.session' },
  };
}

/**
 * `session.updated` echoing everything the client configured, with the API's
 * turn-detection defaults filled in, then `options.session` merged over it.
 */
export function sessionUpdatedEvent(
  id: string,
  clientSessions: readonly unknown[],
  options: { session?: Record<string, unknown>; serverInterrupts?: boolean },
): RealtimeServerEvent {
  return {
    type: 'session.updated',
    session: {
      ...sessionOf(clientSessions, options.serverInterrupts ?? true),
      id,
      object: 'realtime.session',
      ...options.session,
    },
  };
}

/** Every client session merged, with server defaults. */
function sessionOf(clientSessions: readonly unknown[], serverInterrupts?: boolean) {
  let session: Record<string, unknown> = { type: 'realtime' };
  for (const update of clientSessions) {
    if (isObject(update)) session = merge(session, update);
  }
  if (serverInterrupts !== undefined) {
    const audio = isObject(session.audio) ? session.audio : {};
    const input = isObject(audio.input) ? audio.input : {};
    const detection = input.turn_detection;
    if (isObject(detection)) {
      session = merge(session, {
        audio: {
          input: {
            turn_detection: {
              create_response: serverInterrupts,
              interrupt_response: serverInterrupts,
              ...detection,
            },
          },
        },
      });
    }
  }
  return session;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merge(base: Record<string, unknown>, over: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    out[key] = isObject(value) && isObject(out[key])
      ? merge(out[key] as Record<string, unknown>, value)
      : value;
  }
  return out;
}

// --- the user's turn -------------------------------------------------------

/** The parameters of a user's spoken turn. */
export interface UserSpeechParams {
  transcript?: string;
  itemId?: string;
  audioStartMs?: number;
  audioEndMs?: number;
  speechAlreadyStarted?: boolean;
}

/** A user's spoken turn, and its item (for `conversation.item.retrieved`). */
export function userSpeechEvents(
  state: TurnState,
  options: UserSpeechParams,
): { events: RealtimeServerEvent[]; item: Record<string, unknown> } {
  const conversation = state.conversation;
  const itemId = options.itemId ?? state.nextId('item');
  const audioStartMs = options.audioStartMs ?? 0;
  const audioEndMs = options.audioEndMs ?? audioStartMs + 1000;
  const previous = conversation.lastItemId;
  conversation.lastItemId = itemId;
  const item = {
    id: itemId,
    object: 'realtime.item',
    type: 'message',
    status: 'completed',
    role: 'user',
    content: [{ type: 'input_audio', transcript: null }],
  };
  const events: RealtimeServerEvent[] = [
    ...(options.speechAlreadyStarted ? [] : [speechStartedEvent(itemId, audioStartMs)]),
    { type: 'input_audio_buffer.speech_stopped', audio_end_ms: audioEndMs, item_id: itemId },
    { type: 'input_audio_buffer.committed', previous_item_id: previous, item_id: itemId },
    { type: 'conversation.item.added', previous_item_id: previous, item },
    { type: 'conversation.item.done', previous_item_id: previous, item },
  ];
  if (options.transcript !== undefined) {
    events.push(
      {
        type: 'conversation.item.input_audio_transcription.delta',
        item_id: itemId,
        content_index: 0,
        delta: options.transcript,
      },
      {
        type: 'conversation.item.input_audio_transcription.completed',
        item_id: itemId,
        content_index: 0,
        transcript: options.transcript,
        usage: { type: 'duration', seconds: Math.max(0, (audioEndMs - audioStartMs) / 1000) },
      },
    );
  }
  return { events, item };
}

/** `input_audio_buffer.speech_started` for the user item `itemId`. */
export function speechStartedEvent(itemId: string, audioStartMs: number): RealtimeServerEvent {
  return {
    type: 'input_audio_buffer.speech_started',
    audio_start_ms: audioStartMs,
    item_id: itemId,
  };
}

/** `conversation.item.retrieved` of a user item, with its transcript. */
export function retrievedUserItemEvent(
  item: Record<string, unknown>,
  transcript: string,
): RealtimeServerEvent {
  return {
    type: 'conversation.item.retrieved',
    item: { ...item, content: [{ type: 'input_audio', transcript }] },
  };
}

// --- the assistant's answer ------------------------------------------------

/** The parameters of an assistant answer. */
export interface AnswerParams {
  text?: string;
  transcript?: string;
  audioMs?: number;
  chunks?: TextChunks;
  responseId?: string;
  itemId?: string;
  complete?: boolean;
  usage?: { input_tokens: number; output_tokens: number };
}

/**
 * An assistant response with one message; with `complete: false` it stops
 * after the deltas and leaves the response open in the conversation.
 * `where` names the call in a `chunks` error.
 */
export function assistantAnswerEvents(
  state: TurnState,
  options: AnswerParams,
  where: string,
): RealtimeServerEvent[] {
  const conversation = state.conversation;
  const modality: 'audio' | 'text' = options.text !== undefined ? 'text' : 'audio';
  const words = options.text ?? options.transcript ?? '';
  const responseId = options.responseId ?? state.nextId('resp');
  const itemId = options.itemId ?? state.nextId('item');
  const chunks = options.chunks ?? 2;
  const parts = textChunks(words, chunks, where);
  const previous = conversation.lastItemId;
  conversation.lastItemId = itemId;
  const response = responseObject(responseId, modality, 'in_progress');
  const ids = { response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 };
  const item = {
    id: itemId,
    object: 'realtime.item',
    type: 'message',
    status: 'in_progress',
    role: 'assistant',
    content: [] as unknown[],
  };
  const events: RealtimeServerEvent[] = [
    { type: 'response.created', response },
    { type: 'response.output_item.added', response_id: responseId, output_index: 0, item },
    { type: 'conversation.item.added', previous_item_id: previous, item },
    {
      type: 'response.content_part.added',
      ...ids,
      part: modality === 'text' ? { type: 'text', text: '' } : { type: 'audio', transcript: '' },
    },
  ];
  if (modality === 'text') {
    for (const delta of parts) {
      events.push({ type: 'response.output_text.delta', ...ids, delta });
    }
  } else {
    const audioBytes = Math.round((options.audioMs ?? 100) * BYTES_PER_MS);
    const count = Math.max(parts.length, typeof chunks === 'number' ? chunks : 0);
    let sentBytes = 0;
    for (let i = 0; i < count; i++) {
      if (i < parts.length) {
        events.push({ type: 'response.output_audio_transcript.delta', ...ids, delta: parts[i] });
      }
      // Even-sized PCM16 chunks; the last one takes the remainder.
      const share = i === count - 1
        ? audioBytes - sentBytes
        : Math.floor(audioBytes / count / 2) * 2;
      sentBytes += share;
      if (share > 0) {
        events.push({ type: 'response.output_audio.delta', ...ids, delta: base64Silence(share) });
      }
    }
  }
  const open: OpenResponse = { responseId, itemId, modality, transcript: words, response };
  if (options.complete === false) {
    conversation.openResponse = open;
    return events;
  }
  events.push(...finishEvents(open, 'completed', options.usage));
  return events;
}

function base64Silence(bytes: number): string {
  // btoa of zero bytes: 3 bytes → "AAAA".
  const whole = Math.floor(bytes / 3);
  const rest = bytes % 3;
  return 'AAAA'.repeat(whole) + (rest === 1 ? 'AA==' : rest === 2 ? 'AAA=' : '');
}

function responseObject(responseId: string, modality: 'audio' | 'text', status: string) {
  return {
    object: 'realtime.response',
    id: responseId,
    status,
    status_details: null,
    output: [] as unknown[],
    conversation_id: 'conv_1',
    output_modalities: [modality],
    max_output_tokens: 'inf',
    audio: { output: { format: { type: 'audio/pcm', rate: 24000 }, voice: 'marin' } },
    usage: null as unknown,
    metadata: null,
  };
}

/** The `done` half of a response: part, item and response completion. */
export function finishEvents(
  open: OpenResponse,
  status: 'completed' | 'cancelled',
  usage?: { input_tokens: number; output_tokens: number },
  reason?: string,
): RealtimeServerEvent[] {
  const ids = {
    response_id: open.responseId,
    item_id: open.itemId,
    output_index: 0,
    content_index: 0,
  };
  const itemStatus = status === 'completed' ? 'completed' : 'incomplete';
  const content = open.modality === 'text'
    ? { type: 'output_text', text: open.transcript }
    : { type: 'output_audio', transcript: open.transcript };
  const item = {
    id: open.itemId,
    object: 'realtime.item',
    type: 'message',
    status: itemStatus,
    role: 'assistant',
    content: [content],
  };
  const events: RealtimeServerEvent[] = open.modality === 'text'
    ? [
      { type: 'response.output_text.done', ...ids, text: open.transcript },
      { type: 'response.content_part.done', ...ids, part: { type: 'text', text: open.transcript } },
    ]
    : [
      { type: 'response.output_audio.done', ...ids },
      { type: 'response.output_audio_transcript.done', ...ids, transcript: open.transcript },
      {
        type: 'response.content_part.done',
        ...ids,
        part: { type: 'audio', transcript: open.transcript },
      },
    ];
  events.push(
    { type: 'conversation.item.done', item },
    { type: 'response.output_item.done', response_id: open.responseId, output_index: 0, item },
    {
      type: 'response.done',
      response: {
        ...open.response,
        status,
        status_details: status === 'cancelled' ? { type: 'cancelled', reason } : null,
        output: [item],
        usage: usageOf(usage),
      },
    },
  );
  return events;
}

function usageOf(usage?: { input_tokens: number; output_tokens: number }) {
  const input = usage?.input_tokens ?? 0;
  const output = usage?.output_tokens ?? 0;
  return {
    total_tokens: input + output,
    input_tokens: input,
    output_tokens: output,
    input_token_details: { text_tokens: input, audio_tokens: 0, cached_tokens: 0 },
    output_token_details: { text_tokens: output, audio_tokens: 0 },
  };
}

/**
 * The `done` half of the open response (`completed` by default), which it
 * takes out of the conversation. `undefined` when no response is open.
 */
export function completeResponseEvents(
  state: TurnState,
  options: { status?: 'completed' | 'cancelled'; reason?: string },
): RealtimeServerEvent[] | undefined {
  const open = state.conversation.openResponse;
  if (open === undefined) return undefined;
  state.conversation.openResponse = undefined;
  const status = options.status ?? 'completed';
  return finishEvents(
    open,
    status,
    undefined,
    status === 'cancelled' ? options.reason ?? 'client_cancelled' : undefined,
  );
}

// --- tool calls ------------------------------------------------------------

/** The parameters of a function tool call. */
export interface ToolCallParams {
  name: string;
  arguments: Record<string, unknown> | string;
  callId?: string;
  itemId?: string;
  responseId?: string;
}

/**
 * A response in which the model calls one function tool. `check` sees the
 * call item before the conversation notes it (so a call it rejects leaves no
 * trace); `where` names the call in a `chunks` error.
 */
export function toolCallEvents(
  state: TurnState,
  options: ToolCallParams,
  where: string,
  check?: (item: Record<string, unknown>, responseId: string) => void,
): RealtimeServerEvent[] {
  const conversation = state.conversation;
  const responseId = options.responseId ?? state.nextId('resp');
  const itemId = options.itemId ?? state.nextId('item');
  const callId = options.callId ?? state.nextId('call');
  const args = typeof options.arguments === 'string'
    ? options.arguments
    : JSON.stringify(options.arguments);
  check?.({ type: 'function_call', name: options.name, arguments: args }, responseId);
  const previous = conversation.lastItemId;
  conversation.lastItemId = itemId;
  const response = responseObject(responseId, 'audio', 'in_progress');
  const base = {
    id: itemId,
    object: 'realtime.item',
    type: 'function_call',
    name: options.name,
    call_id: callId,
  };
  const added = { ...base, status: 'in_progress', arguments: '' };
  const done = { ...base, status: 'completed', arguments: args };
  const ids = { response_id: responseId, item_id: itemId, output_index: 0, call_id: callId };
  return [
    { type: 'response.created', response },
    { type: 'response.output_item.added', response_id: responseId, output_index: 0, item: added },
    { type: 'conversation.item.added', previous_item_id: previous, item: added },
    ...textChunks(args, 2, where).map((delta) => ({
      type: 'response.function_call_arguments.delta',
      ...ids,
      delta,
    })),
    { type: 'response.function_call_arguments.done', ...ids, name: options.name, arguments: args },
    { type: 'conversation.item.done', previous_item_id: previous, item: done },
    { type: 'response.output_item.done', response_id: responseId, output_index: 0, item: done },
    {
      type: 'response.done',
      response: { ...response, status: 'completed', output: [done], usage: usageOf() },
    },
  ];
}

// --- interruptions ---------------------------------------------------------

/** The response an interruption cancels: `cancelled`, reason `turn_detected`. */
export function interruptedResponseEvents(open: OpenResponse): RealtimeServerEvent[] {
  return finishEvents(open, 'cancelled', undefined, 'turn_detected');
}

/** `conversation.item.truncated` answering a client's truncation of `itemId`. */
export function truncatedEvent(
  itemId: string,
  truncate: { content_index?: unknown; audio_end_ms?: unknown },
): RealtimeServerEvent {
  return {
    type: 'conversation.item.truncated',
    item_id: itemId,
    content_index: truncate.content_index ?? 0,
    audio_end_ms: truncate.audio_end_ms ?? 0,
  };
}

/** `conversation.item.retrieved` of a truncated assistant item, with what was heard. */
export function retrievedAssistantItemEvent(
  itemId: string,
  heardTranscript: string | undefined,
): RealtimeServerEvent {
  return {
    type: 'conversation.item.retrieved',
    item: {
      id: itemId,
      object: 'realtime.item',
      type: 'message',
      status: 'incomplete',
      role: 'assistant',
      content: [{ type: 'output_audio', transcript: heardTranscript ?? '' }],
    },
  };
}

// --- errors, rate limits, client items --------------------------------------

/** An `error` event answering the client event `eventId` (or none). */
export function responseErrorEvent(
  options: { code?: string; message?: string; errorType?: string },
  eventId: unknown,
): RealtimeServerEvent {
  return {
    type: 'error',
    error: {
      type: options.errorType ?? 'invalid_request_error',
      code: options.code ?? 'response_create_failed',
      message: options.message ?? 'The response could not be created.',
      param: null,
      event_id: eventId,
    },
  };
}

type Limit = { limit: number; remaining: number; resetSeconds: number };

/** A `rate_limits.updated` event. */
export function rateLimitsEvent(
  options: { requests?: Limit; tokens?: Limit },
): RealtimeServerEvent {
  const requests = options.requests ?? { limit: 1000, remaining: 999, resetSeconds: 60 };
  const tokens = options.tokens ?? { limit: 40000, remaining: 39000, resetSeconds: 60 };
  return {
    type: 'rate_limits.updated',
    rate_limits: [
      {
        name: 'requests',
        limit: requests.limit,
        remaining: requests.remaining,
        reset_seconds: requests.resetSeconds,
      },
      {
        name: 'tokens',
        limit: tokens.limit,
        remaining: tokens.remaining,
        reset_seconds: tokens.resetSeconds,
      },
    ],
  };
}

/**
 * The API's confirmation of one client `conversation.item.create` (`request`
 * is the client event): `conversation.item.added` and `.done` with the item,
 * given an id `item_N` if it had none.
 */
export function clientItemEvents(
  state: TurnState,
  // deno-lint-ignore no-explicit-any
  request: Readonly<Record<string, any>>,
): RealtimeServerEvent[] {
  const conversation = state.conversation;
  const item = {
    ...request.item,
    id: typeof request.item?.id === 'string' ? request.item.id : state.nextId('item'),
    object: 'realtime.item',
    status: request.item?.status ?? 'completed',
  };
  const previous = typeof request.previous_item_id === 'string' &&
      request.previous_item_id !== 'root'
    ? request.previous_item_id
    : request.previous_item_id === 'root'
    ? null
    : conversation.lastItemId;
  if (request.previous_item_id === undefined) conversation.lastItemId = item.id;
  return [
    { type: 'conversation.item.added', previous_item_id: previous, item },
    { type: 'conversation.item.done', previous_item_id: previous, item },
  ];
}
