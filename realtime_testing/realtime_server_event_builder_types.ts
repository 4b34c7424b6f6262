/**
 * The options of `RealtimeServerEventBuilder`'s methods. They are the options
 * of the turn builders of the same name, plus what a live
 * `ScriptedRealtimeServer` reads from the client events it received (the
 * session the client configured, whether it truncated or retrieved an item),
 * which a builder without a server takes from its caller.
 *
 * @module
 */

import type {
  AssistantCallsToolOptions,
  HandshakeOptions,
  ResponseFailsOptions,
  UserInterruptsOptions,
  UserSpeaksOptions,
} from './realtime_turns.ts';

/**
 * Options of `RealtimeServerEventBuilder.sessionCreated()`.
 *
 * @example
 * ```ts
 * import type { SessionCreatedOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: SessionCreatedOptions = { clientSessions: [{ type: 'realtime' }] };
 * ```
 */
export type SessionCreatedOptions = {
  /**
   * The `session` of every `session.update` the client sent so far, in order;
   * they are merged as the API merges them (default none: `{ type: 'realtime' }`).
   */
  clientSessions?: readonly Record<string, unknown>[];
};

/**
 * Options of `RealtimeServerEventBuilder.sessionUpdated()` and `.handshake()`:
 * those of the `handshake()` turn builder, and the client's sessions.
 *
 * @example
 * ```ts
 * import type { SessionUpdatedOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: SessionUpdatedOptions = {
 *   clientSessions: [{ type: 'realtime', instructions: 'Be brief.' }],
 *   serverInterrupts: false,
 * };
 * ```
 */
export type SessionUpdatedOptions = HandshakeOptions & SessionCreatedOptions;

/**
 * Options of `RealtimeServerEventBuilder.userSpeaks()`.
 *
 * @example
 * ```ts
 * import type { BuilderUserSpeaksOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: BuilderUserSpeaksOptions = { transcript: 'Hi', retrieved: true };
 * ```
 */
export type BuilderUserSpeaksOptions = UserSpeaksOptions & {
  /**
   * Whether the client asked for the user item (`conversation.item.retrieve`,
   * which the SDK sends after a transcription): with a `transcript`, adds
   * `conversation.item.retrieved`. Default `false`.
   */
  retrieved?: boolean;
};

/**
 * Options of `RealtimeServerEventBuilder.userInterrupts()`.
 *
 * @example
 * ```ts
 * import type { BuilderUserInterruptsOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: BuilderUserInterruptsOptions = {
 *   transcript: 'Stop',
 *   truncate: { audioEndMs: 120 },
 *   retrievedTruncated: true,
 * };
 * ```
 */
export type BuilderUserInterruptsOptions = UserInterruptsOptions & {
  /**
   * The client's `conversation.item.truncate` of the interrupted item (the SDK
   * sends one when it stops playback): adds `conversation.item.truncated`.
   * Omitted: the client did not truncate.
   */
  truncate?: { audioEndMs: number; contentIndex?: number };
  /**
   * Whether the client asked for the truncated item
   * (`conversation.item.retrieve`): adds its `conversation.item.retrieved`.
   * Only with `truncate`. Default `false`.
   */
  retrievedTruncated?: boolean;
  /** As for `userSpeaks()`: whether the client asked for the user item. */
  retrieved?: boolean;
};

/**
 * Options of `RealtimeServerEventBuilder.assistantCallsTool()`: those of the
 * turn builder, without `validate` (a builder knows no session tools).
 *
 * @example
 * ```ts
 * import type { BuilderToolCallOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: BuilderToolCallOptions = { name: 'lookup', arguments: { id: 1 } };
 * ```
 */
export type BuilderToolCallOptions = Omit<AssistantCallsToolOptions, 'validate'>;

/**
 * Options of `RealtimeServerEventBuilder.responseFails()`: those of the turn
 * builder; `eventId` defaults to `null` (a builder saw no `response.create`).
 *
 * @example
 * ```ts
 * import type { BuilderResponseFailsOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: BuilderResponseFailsOptions = { eventId: 'agents_js_response_create_1' };
 * ```
 */
export type BuilderResponseFailsOptions = ResponseFailsOptions;

/**
 * A client `conversation.item.create` event, as
 * `RealtimeServerEventBuilder.acknowledgeClientItems()` confirms it.
 *
 * @example
 * ```ts
 * import type { ClientItemCreateEvent } from 'scripted-agents/realtime_testing';
 *
 * const event: ClientItemCreateEvent = {
 *   type: 'conversation.item.create',
 *   item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
 * };
 * ```
 */
export type ClientItemCreateEvent = {
  type: 'conversation.item.create';
  /** The item the client created (given an id `item_N` when it has none). */
  // deno-lint-ignore no-explicit-any
  item: Record<string, any>;
  /** Where the client put it (`'root'`: first); default after the last item. */
  previous_item_id?: string;
  event_id?: string;
};
