/**
 * `RealtimeServerEventBuilder`: the server events of the turn builders
 * (`handshake`, `userSpeaks`, `assistantAnswers`, ...) as plain objects,
 * without a `ScriptedRealtimeServer`, for tests that feed events to their own
 * code (a reducer, a UI store, a hand-written socket) or assert on them.
 *
 * @module
 */

import {
  assistantAnswerEvents,
  clientItemEvents,
  completeResponseEvents,
  idCounter,
  interruptedResponseEvents,
  newConversation,
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
import type {
  AssistantAnswersOptions,
  CompleteResponseOptions,
  RateLimitsOptions,
} from './realtime_turns.ts';
import type {
  BuilderResponseFailsOptions,
  BuilderToolCallOptions,
  BuilderUserInterruptsOptions,
  BuilderUserSpeaksOptions,
  ClientItemCreateEvent,
  SessionCreatedOptions,
  SessionUpdatedOptions,
} from './realtime_server_event_builder_types.ts';
import { InvalidRealtimeTurnError } from './scripted_realtime_server_errors.ts';
import type { RealtimeServerEvent } from './scripted_realtime_server_types.ts';

const DOUBLE = 'RealtimeServerEventBuilder';

/**
 * Builds the Realtime API server events of whole turns as plain JSON objects:
 * the same events, field for field and in the same order, with the same id
 * sequence (`event_1`, `item_1`, `resp_1`, `call_1`, `sess_1`, one counter
 * per prefix), that `ScriptedRealtimeServer`'s turn builders send over its
 * fake socket for the same script. One builder is one conversation: it
 * remembers the last item (for `previous_item_id`) and a response left open
 * by `assistantAnswers({ complete: false })`.
 *
 * What a server reads from the client (the session it configured, whether it
 * truncated or retrieved an item) is an option here. Every method returns
 * fresh objects; nothing is sent anywhere.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeServerEventBuilder } from 'scripted-agents/realtime_testing';
 *
 * const build = new RealtimeServerEventBuilder();
 * const answer = build.assistantAnswers({ text: 'Hello!' });
 * assert.deepEqual(answer.map((e) => e.type).slice(0, 3), [
 *   'response.created',
 *   'response.output_item.added',
 *   'conversation.item.added',
 * ]);
 * assert.equal(answer[0].event_id, 'event_1');
 * assert.equal(answer[0].response.id, 'resp_1');
 * const done = answer.at(-1);
 * assert.equal(done?.type, 'response.done');
 * assert.deepEqual(done?.response.output[0].content, [{ type: 'output_text', text: 'Hello!' }]);
 *
 * // The next turn continues the conversation.
 * const [, , , added] = build.userSpeaks({ transcript: 'Thanks' });
 * assert.equal(added.previous_item_id, 'item_1');
 * ```
 */
export class RealtimeServerEventBuilder {
  readonly #nextId = idCounter();
  readonly #state: TurnState = { nextId: this.#nextId, conversation: newConversation() };
  #sessionId: string | undefined;

  /**
   * `session.created` (a fresh `sess_N` id) for a client that sent
   * `clientSessions`.
   */
  sessionCreated(options: SessionCreatedOptions = {}): RealtimeServerEvent[] {
    this.#sessionId = this.#nextId('sess');
    return this.#stamp([sessionCreatedEvent(this.#sessionId, options.clientSessions ?? [])]);
  }

  /**
   * `session.updated` echoing `clientSessions` with the API's turn-detection
   * defaults, for the session of the last `sessionCreated()` (a fresh one if
   * there was none).
   */
  sessionUpdated(options: SessionUpdatedOptions = {}): RealtimeServerEvent[] {
    const id = this.#sessionId ??= this.#nextId('sess');
    return this.#stamp([sessionUpdatedEvent(id, options.clientSessions ?? [], options)]);
  }

  /** `[session.created, session.updated]`: `sessionCreated()` then `sessionUpdated()`. */
  handshake(options: SessionUpdatedOptions = {}): RealtimeServerEvent[] {
    return [...this.sessionCreated(options), ...this.sessionUpdated(options)];
  }

  /**
   * A user's spoken turn, as the `userSpeaks()` turn builder sends it; with
   * `retrieved` (and a `transcript`), `conversation.item.retrieved` last.
   */
  userSpeaks(options: BuilderUserSpeaksOptions = {}): RealtimeServerEvent[] {
    const { events, item } = userSpeechEvents(this.#state, options);
    if (options.transcript !== undefined && options.retrieved === true) {
      events.push(retrievedUserItemEvent(item, options.transcript));
    }
    return this.#stamp(events);
  }

  /** An assistant response with one message, as the `assistantAnswers()` turn builder. */
  assistantAnswers(options: AssistantAnswersOptions): RealtimeServerEvent[] {
    return this.#stamp(
      assistantAnswerEvents(this.#state, options, `${DOUBLE}.assistantAnswers()`),
    );
  }

  /**
   * Finishes the response `assistantAnswers({ complete: false })` left open.
   * Throws `InvalidRealtimeTurnError` (reason `no_open_response`) when none is.
   */
  completeResponse(options: CompleteResponseOptions = {}): RealtimeServerEvent[] {
    const events = completeResponseEvents(this.#state, options);
    if (events === undefined) {
      throw new InvalidRealtimeTurnError('no_open_response', {
        call: 'completeResponse()',
        double: DOUBLE,
      });
    }
    return this.#stamp(events);
  }

  /** A response calling one function tool, as the `assistantCallsTool()` turn builder. */
  assistantCallsTool(options: BuilderToolCallOptions): RealtimeServerEvent[] {
    return this.#stamp(toolCallEvents(this.#state, options, `${DOUBLE}.assistantCallsTool()`));
  }

  /**
   * The user speaking over the open response, as the `userInterrupts()` turn
   * builder: `speech_started`, the open response (if any) cancelled, with
   * `truncate` the `conversation.item.truncated` answer (and, with
   * `retrievedTruncated`, the retrieved item), then the user's turn.
   */
  userInterrupts(options: BuilderUserInterruptsOptions = {}): RealtimeServerEvent[] {
    const open = this.#state.conversation.openResponse;
    this.#state.conversation.openResponse = undefined;
    const itemId = options.itemId ?? this.#nextId('item');
    const events = [speechStartedEvent(itemId, options.audioStartMs ?? 0)];
    if (open !== undefined) {
      events.push(...interruptedResponseEvents(open));
      if (options.truncate !== undefined) {
        events.push(
          truncatedEvent(open.itemId, {
            content_index: options.truncate.contentIndex,
            audio_end_ms: options.truncate.audioEndMs,
          }),
        );
        if (options.retrievedTruncated === true) {
          events.push(retrievedAssistantItemEvent(open.itemId, options.heardTranscript));
        }
      }
    }
    return [
      ...this.#stamp(events),
      ...this.userSpeaks({ ...options, itemId, speechAlreadyStarted: true }),
    ];
  }

  /** An `error` event rejecting a client request (`eventId`, default `null`). */
  responseFails(options: BuilderResponseFailsOptions = {}): RealtimeServerEvent[] {
    return this.#stamp([responseErrorEvent(options, options.eventId ?? null)]);
  }

  /** A `rate_limits.updated` event. */
  rateLimitsUpdated(options: RateLimitsOptions = {}): RealtimeServerEvent[] {
    return this.#stamp([rateLimitsEvent(options)]);
  }

  /**
   * The API's confirmation of the client's `conversation.item.create`
   * events, in order: `conversation.item.added` and `.done` for each.
   */
  acknowledgeClientItems(requests: readonly ClientItemCreateEvent[]): RealtimeServerEvent[] {
    return this.#stamp(requests.flatMap((request) => clientItemEvents(this.#state, request)));
  }

  /**
   * Gives each event the next `event_N` id and detaches it as a JSON copy,
   * as the server does to every frame it sends.
   */
  #stamp(events: readonly RealtimeServerEvent[]): RealtimeServerEvent[] {
    return events.map((event) =>
      JSON.parse(JSON.stringify({ ...event, event_id: this.#nextId('event') }))
    );
  }
}
