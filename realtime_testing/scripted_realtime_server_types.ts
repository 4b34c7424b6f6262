/**
 * The typed vocabulary of the Realtime server double: the client events the
 * SDK's WebSocket transport sends (as parsed JSON), the server events a test
 * delivers, recorded connections and events, and the scenario contract.
 *
 * The SDK declares its client messages only as `{ type: string }`, so the
 * shapes below are written from what its transport actually serializes, with
 * every configurable part typed by the SDK's own public types
 * (`RealtimeSessionConfig`, `RealtimeAudioFormat`, `RealtimeUserInput`).
 *
 * @module
 */

import type {
  SdkRealtimeAudioFormat as RealtimeAudioFormat,
  SdkRealtimeAudioInputConfig as AudioInput,
  SdkRealtimeSessionConfig as RealtimeSessionConfig,
  SdkRealtimeSessionConfigDefinition as SessionDefinition,
} from './_sdk_types.ts';

/**
 * The `session` object of a `session.update` client event, as the SDK's
 * WebSocket transport builds it: snake_case fields, `noise_reduction: null` by
 * default, tools reduced to their wire fields. Every field but `type` is
 * optional because the tracing update carries only `tracing`.
 *
 * @example
 * ```ts
 * import type { RealtimeSessionUpdatePayload } from 'scripted-agents/realtime_testing';
 *
 * const session: RealtimeSessionUpdatePayload = { type: 'realtime', tracing: 'auto' };
 * ```
 */
export type RealtimeSessionUpdatePayload = {
  type: 'realtime';
  instructions?: string;
  model?: string;
  output_modalities?: ('text' | 'audio')[];
  audio?: {
    input?: {
      format?: RealtimeAudioFormat;
      noise_reduction?: AudioInput['noiseReduction'];
      transcription?: AudioInput['transcription'];
      // deno-lint-ignore no-explicit-any
      turn_detection?: Record<string, any> | null;
    };
    output?: { format?: RealtimeAudioFormat; voice?: string; speed?: number };
  };
  // deno-lint-ignore no-explicit-any
  tool_choice?: any;
  tools?: RealtimeSessionToolPayload[];
  parallel_tool_calls?: boolean;
  reasoning?: SessionDefinition['reasoning'];
  // deno-lint-ignore no-explicit-any
  tracing?: RealtimeSessionConfig['tracing'] | Record<string, any>;
  prompt?: { id: string; version?: string; variables?: Record<string, unknown> };
  // Provider data is merged into the payload as is.
  // deno-lint-ignore no-explicit-any
  [providerField: string]: any;
};

/**
 * One tool in `session.update`: a function tool's wire fields, or a hosted MCP
 * server.
 *
 * @example
 * ```ts
 * import type { RealtimeSessionToolPayload } from 'scripted-agents/realtime_testing';
 *
 * const tool: RealtimeSessionToolPayload = {
 *   type: 'function',
 *   name: 'lookup_order',
 *   description: 'Looks up an order.',
 *   parameters: { type: 'object', properties: {} },
 * };
 * ```
 */
export type RealtimeSessionToolPayload =
  | {
    type: 'function';
    name: string;
    description?: string;
    parameters?: Record<string, unknown>;
  }
  | {
    type: 'mcp';
    server_label: string;
    server_url?: string;
    server_description?: string;
    connector_id?: string;
    authorization?: string;
    headers?: Record<string, string>;
    allowed_tools?: unknown;
    require_approval?: unknown;
  };

/**
 * A content part of a user message the SDK creates.
 *
 * @example
 * ```ts
 * import type { RealtimeClientContentPart } from 'scripted-agents/realtime_testing';
 *
 * const part: RealtimeClientContentPart = { type: 'input_text', text: 'Hello' };
 * ```
 */
export type RealtimeClientContentPart =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url: string; [providerField: string]: unknown }
  | { type: 'input_audio'; audio?: string | null; transcript?: string | null }
  | { type: 'output_text'; text: string }
  | { type: 'output_audio'; audio?: string | null; transcript?: string | null };

/**
 * The `item` of a `conversation.item.create` client event: a message (from
 * `sendMessage`, `addImage` or `updateHistory`), a function call output, or an
 * MCP approval response.
 *
 * @example
 * ```ts
 * import type { RealtimeClientItem } from 'scripted-agents/realtime_testing';
 *
 * const item: RealtimeClientItem = { type: 'function_call_output', call_id: 'c1', output: 'ok' };
 * ```
 */
export type RealtimeClientItem =
  | {
    type: 'message';
    role: 'user' | 'assistant' | 'system';
    content: RealtimeClientContentPart[];
    id?: string;
    status?: 'in_progress' | 'completed' | 'incomplete';
  }
  | { type: 'function_call_output'; call_id: string; output: string }
  | {
    type: 'mcp_approval_response';
    approval_request_id: string;
    approve: boolean;
    reason?: string;
  };

/**
 * Every client event the SDK's WebSocket transport sends, by `type`, as the
 * parsed JSON of the frame.
 *
 * @example
 * ```ts
 * import type { RealtimeClientEventMap } from 'scripted-agents/realtime_testing';
 *
 * const cancel: RealtimeClientEventMap['response.cancel'] = { type: 'response.cancel' };
 * ```
 */
export type RealtimeClientEventMap = {
  'session.update': {
    type: 'session.update';
    event_id?: string;
    session: RealtimeSessionUpdatePayload;
  };
  'conversation.item.create': {
    type: 'conversation.item.create';
    event_id?: string;
    previous_item_id?: string | null;
    item: RealtimeClientItem;
  };
  'conversation.item.delete': {
    type: 'conversation.item.delete';
    event_id?: string;
    item_id: string;
  };
  'conversation.item.retrieve': {
    type: 'conversation.item.retrieve';
    event_id?: string;
    item_id: string;
  };
  'conversation.item.truncate': {
    type: 'conversation.item.truncate';
    event_id?: string;
    item_id: string;
    content_index: number;
    audio_end_ms: number;
  };
  'input_audio_buffer.append': {
    type: 'input_audio_buffer.append';
    event_id?: string;
    audio: string;
  };
  'input_audio_buffer.commit': { type: 'input_audio_buffer.commit'; event_id?: string };
  'input_audio_buffer.clear': { type: 'input_audio_buffer.clear'; event_id?: string };
  'response.create': {
    type: 'response.create';
    event_id?: string;
    // deno-lint-ignore no-explicit-any
    response?: Record<string, any>;
  };
  'response.cancel': { type: 'response.cancel'; event_id?: string; response_id?: string };
};

/**
 * The `type` of a client event the SDK sends.
 *
 * @example
 * ```ts
 * import type { RealtimeClientEventType } from 'scripted-agents/realtime_testing';
 *
 * const type: RealtimeClientEventType = 'response.create';
 * ```
 */
export type RealtimeClientEventType = keyof RealtimeClientEventMap;

/**
 * The client event of one `type`.
 *
 * @example
 * ```ts
 * import type { RealtimeClientEventFor } from 'scripted-agents/realtime_testing';
 *
 * const event: RealtimeClientEventFor<'conversation.item.retrieve'> = {
 *   type: 'conversation.item.retrieve',
 *   item_id: 'item_1',
 * };
 * ```
 */
export type RealtimeClientEventFor<T extends RealtimeClientEventType> = Readonly<
  RealtimeClientEventMap[T]
>;

/**
 * Checks one expected client event. Return `false` to reject it (a
 * `RealtimeClientEventMatcherError`); throw to fail with your own error;
 * return anything else to accept it.
 *
 * @example
 * ```ts
 * import type { RealtimeClientEventMatcher } from 'scripted-agents/realtime_testing';
 *
 * const isToolOutput: RealtimeClientEventMatcher<'conversation.item.create'> = (event) =>
 *   event.item.type === 'function_call_output';
 * ```
 */
export type RealtimeClientEventMatcher<T extends RealtimeClientEventType> = (
  event: RealtimeClientEventFor<T>,
) => boolean | void;

/**
 * A server event as it goes over the wire: a JSON object with a `type`. A
 * missing `event_id` is filled in when the event is sent.
 *
 * @example
 * ```ts
 * import type { RealtimeServerEvent } from 'scripted-agents/realtime_testing';
 *
 * const event: RealtimeServerEvent = { type: 'input_audio_buffer.cleared' };
 * ```
 */
export type RealtimeServerEvent = {
  type: string;
  event_id?: string;
  // deno-lint-ignore no-explicit-any
  [field: string]: any;
};

/**
 * Options of `sendServerEvent()`.
 *
 * @example
 * ```ts
 * import type { SendServerEventOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: SendServerEventOptions = { allowUnknownType: true };
 * ```
 */
export type SendServerEventOptions = {
  /**
   * Send a `type` this package does not know (a newer API event, or a
   * deliberately unknown one) instead of failing with
   * `InvalidRealtimeServerEventError`.
   */
  allowUnknownType?: boolean;
  /**
   * `false` sends a `response.output_item.done` whose function call does not
   * fit the session's tools (a deliberately wrong call) without the check.
   * Default `true`.
   */
  validate?: boolean;
};

/**
 * One client event as the server received it, in `clientEvents`.
 *
 * @example
 * ```ts
 * import type { RecordedRealtimeClientEvent } from 'scripted-agents/realtime_testing';
 *
 * const recorded: RecordedRealtimeClientEvent = {
 *   index: 0,
 *   connectionIndex: 0,
 *   type: 'response.create',
 *   event: { type: 'response.create' },
 *   dropped: false,
 * };
 * ```
 */
export type RecordedRealtimeClientEvent = Readonly<{
  /** Zero-based position in `clientEvents`. */
  index: number;
  /** Zero-based index of the connection that sent it. */
  connectionIndex: number;
  /** The event's `type` (for a frame that is not a JSON object: `'<invalid>'`). */
  type: string;
  /** The parsed JSON. */
  // deno-lint-ignore no-explicit-any
  event: Readonly<Record<string, any>>;
  /** True when a `dropClientEvent()` fault lost it before the server saw it. */
  dropped: boolean;
}>;

/**
 * One WebSocket connection the transport opened, in `connections`.
 *
 * @example
 * ```ts
 * import type { RecordedRealtimeConnection } from 'scripted-agents/realtime_testing';
 *
 * const connection: RecordedRealtimeConnection = {
 *   index: 0,
 *   url: 'wss://api.openai.com/v1/realtime?model=gpt-realtime',
 *   apiKey: 'ek_test',
 *   state: 'open',
 *   closeCode: undefined,
 *   closeReason: undefined,
 *   closedBy: undefined,
 * };
 * ```
 */
export type RecordedRealtimeConnection = Readonly<{
  index: number;
  url: string;
  /** The credential the transport passed to `createWebSocket` (never in messages). */
  apiKey: string;
  state: RealtimeConnectionState;
  closeCode: number | undefined;
  closeReason: string | undefined;
  /** Who closed it: the client (`ws.close()`), the server (a fault), or nobody yet. */
  closedBy: 'client' | 'server' | undefined;
}>;

/**
 * The state of a fake socket, named after `WebSocket.readyState`.
 *
 * @example
 * ```ts
 * import type { RealtimeConnectionState } from 'scripted-agents/realtime_testing';
 *
 * const state: RealtimeConnectionState = 'closed';
 * ```
 */
export type RealtimeConnectionState = 'connecting' | 'open' | 'closing' | 'closed';

/**
 * Options of `closeConnection()`.
 *
 * @example
 * ```ts
 * import type { CloseConnectionOptions } from 'scripted-agents/realtime_testing';
 *
 * const abnormal: CloseConnectionOptions = { code: 1006, error: true };
 * ```
 */
export type CloseConnectionOptions = {
  /** The close code (default 1000); 1006 is an abnormal closure. */
  code?: number;
  /** The close reason (default `''`). */
  reason?: string;
  /** Dispatch an `error` event before `close`, as a browser does for abnormal closures. */
  error?: boolean;
};

/**
 * Options of `failNextHandshake()`: the next connection never opens.
 *
 * @example
 * ```ts
 * import type { FailHandshakeOptions } from 'scripted-agents/realtime_testing';
 *
 * const refused: FailHandshakeOptions = { code: 1006, message: 'refused' };
 * ```
 */
export type FailHandshakeOptions = {
  /** The close code after the `error` event (default 1006). */
  code?: number;
  /** The close reason (default `''`). */
  reason?: string;
  /** The `message` of the `error` event (default `'WebSocket handshake failed'`). */
  message?: string;
};

/**
 * The options of `server.transport()`: the SDK's `OpenAIRealtimeWebSocket`
 * options (except `createWebSocket`, which is the server's) plus a
 * deterministic interruption clock.
 *
 * @example
 * ```ts
 * import type { ScriptedServerTransportOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: ScriptedServerTransportOptions = { audioPlayedMs: 120 };
 * ```
 */
export type ScriptedServerTransportOptions = {
  /** The model named in the connection URL. */
  model?: string;
  /** The URL the transport connects to (recorded in `connections`). */
  url?: string;
  /** Passed to the SDK; defaults to `true`, since every test key is a plain string. */
  useInsecureApiKey?: boolean;
  /**
   * How many milliseconds of the current response's audio the listener has
   * heard when the transport interrupts it. The SDK measures this with
   * `Date.now()` since the first audio delta and caps it at the audio
   * received; this replaces the wall clock so `audio_end_ms` in
   * `conversation.item.truncate` is deterministic. Default `Infinity`: all
   * audio received so far was heard, so `audio_end_ms` is its length.
   */
  audioPlayedMs?: number | (() => number);
};

/**
 * An expectation still waiting for its client event, numbered in
 * registration order (starting at 1).
 *
 * @example
 * ```ts
 * import type { PendingClientEventExpectation } from 'scripted-agents/realtime_testing';
 *
 * const pending: PendingClientEventExpectation = { order: 1, type: 'response.create' };
 * ```
 */
export type PendingClientEventExpectation = Readonly<{
  order: number;
  type: RealtimeClientEventType;
}>;

/**
 * A scheduled fault nothing triggered yet.
 *
 * @example
 * ```ts
 * import type { PendingRealtimeServerFault } from 'scripted-agents/realtime_testing';
 *
 * const unused: PendingRealtimeServerFault = { fault: 'dropClientEvent', type: 'response.create' };
 * ```
 */
export type PendingRealtimeServerFault = Readonly<{
  fault: 'failNextHandshake' | 'dropClientEvent' | 'duplicateServerEvent';
  /** The event type a drop or duplicate waits for. */
  type: string | undefined;
}>;

/**
 * What the `scenario` callback of `server.runScenario()` receives: the server
 * side of the conversation.
 *
 * @example
 * ```ts
 * import type { ScriptedRealtimeServerScenarioContext } from 'scripted-agents/realtime_testing';
 *
 * async function answer({ expectClientEvent, sendServerEvent }: ScriptedRealtimeServerScenarioContext) {
 *   await expectClientEvent('response.create');
 *   await sendServerEvent({ type: 'rate_limits.updated', rate_limits: [] });
 * }
 * ```
 */
export type ScriptedRealtimeServerScenarioContext = {
  /** Expects the next client event; a failure ends the run with that error. */
  expectClientEvent: <T extends RealtimeClientEventType>(
    type: T,
    matcher?: RealtimeClientEventMatcher<T>,
  ) => Promise<RealtimeClientEventFor<T>>;
  /** Sends a server event; resolves once the client's socket has dispatched it. */
  sendServerEvent: (
    event: RealtimeServerEvent,
    options?: SendServerEventOptions,
  ) => Promise<RealtimeServerEvent>;
};

/**
 * The two concurrently running sides of `server.runScenario()` and its
 * optional cancellation signal.
 *
 * @example
 * ```ts
 * import type { ScriptedRealtimeServerScenarioOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: ScriptedRealtimeServerScenarioOptions<number> = {
 *   scenario: () => {},
 *   exercise: () => 42,
 * };
 * ```
 */
export type ScriptedRealtimeServerScenarioOptions<T = void> = {
  /** The server side: expects client events and sends server events. */
  scenario: (context: ScriptedRealtimeServerScenarioContext) => void | Promise<void>;
  /** The application side: drives the session; its value is the run's value. */
  exercise: () => T | Promise<T>;
  /** Cancels the run (the only bound on a wait: the double has no timers). */
  signal?: AbortSignal;
};

/**
 * Options of `new ScriptedRealtimeServer()`.
 *
 * @example
 * ```ts
 * import type { ScriptedRealtimeServerOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: ScriptedRealtimeServerOptions = {
 *   ignoreClientEvents: ['conversation.item.retrieve'],
 * };
 * ```
 */
export type ScriptedRealtimeServerOptions = {
  /**
   * Client event types that are recorded in `clientEvents` but never matched
   * against expectations (nor reported as unexpected); expecting one of them
   * is an error.
   */
  ignoreClientEvents?: readonly RealtimeClientEventType[];
  /**
   * Whether a function call the server sends is checked against the tools of
   * the last `session.update` the client sent (its name, its arguments
   * against the tool's schema). Default `true`.
   */
  validate?: boolean;
};

/**
 * One recorded frame of a transcript: a client event the SDK sent, or a
 * server event it received, in the order they crossed the socket.
 *
 * @example
 * ```ts
 * import type { RealtimeTranscriptEntry } from 'scripted-agents/realtime_testing';
 *
 * const entry: RealtimeTranscriptEntry = {
 *   direction: 'server',
 *   event: { type: 'session.created', event_id: 'event_1', session: {} },
 * };
 * ```
 */
export type RealtimeTranscriptEntry = {
  direction: 'client' | 'server';
  // deno-lint-ignore no-explicit-any
  event: Record<string, any>;
};

/**
 * One recorded connection: its URL (credentials redacted), its frames, and
 * how it closed.
 *
 * @example
 * ```ts
 * import type { RealtimeTranscriptConnection } from 'scripted-agents/realtime_testing';
 *
 * const connection: RealtimeTranscriptConnection = {
 *   url: 'wss://api.openai.com/v1/realtime?model=gpt-realtime',
 *   entries: [],
 *   close: { code: 1000, reason: '', by: 'client' },
 * };
 * ```
 */
export type RealtimeTranscriptConnection = {
  url: string;
  entries: RealtimeTranscriptEntry[];
  /** The close the client saw, or `null` if the recording ended first. */
  close: { code: number; reason: string; by: 'client' | 'server' } | null;
};

/**
 * A recorded Realtime session at the wire (a JSON document). Credentials are
 * never written.
 *
 * @example
 * ```ts
 * import type { RealtimeTranscript } from 'scripted-agents/realtime_testing';
 *
 * const transcript: RealtimeTranscript = {
 *   format: 'scripted-agents/realtime-transcript',
 *   version: 1,
 *   connections: [],
 * };
 * ```
 */
export type RealtimeTranscript = {
  format: 'scripted-agents/realtime-transcript';
  version: 1;
  connections: RealtimeTranscriptConnection[];
};
