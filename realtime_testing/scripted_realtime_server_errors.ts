/**
 * The errors of the Realtime server double and of transcript replay. Every
 * field is an own enumerable property that is always present (even when
 * `undefined`); messages number events from 1 and never contain a credential.
 *
 * @module
 */

import { countOf, differenceWindow, ordinal } from '../_internal/format.ts';
import { redactCredentialText } from '../_internal/credentials.ts';
import { frozenCopy } from '../_internal/snapshot.ts';
import { cancelledMessage, listPending } from './_scenario_messages.ts';
import type {
  PendingClientEventExpectation,
  PendingRealtimeServerFault,
  RealtimeClientEventType,
} from './scripted_realtime_server_types.ts';

const PREFIX = 'ScriptedRealtimeServer';

function listExpectations(pending: readonly PendingClientEventExpectation[]): string {
  return listPending(pending, ({ type }) => type);
}

/**
 * A client event arrived where an expectation for another type waited.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { UnexpectedRealtimeClientEventError } from 'scripted-agents/realtime_testing';
 *
 * const error = new UnexpectedRealtimeClientEventError('response.create', {
 *   index: 2,
 *   type: 'response.cancel',
 * });
 * assert.equal(error.message.includes('#3'), true);
 * assert.equal(error.actualType, 'response.cancel');
 * ```
 */
export class UnexpectedRealtimeClientEventError extends Error {
  /** Zero-based position of the event in `server.clientEvents`. */
  readonly eventIndex: number;
  /** The type the expectation asked for. */
  readonly expectedType: RealtimeClientEventType;
  /** The type the client sent. */
  readonly actualType: string;
  /** Always `'UnexpectedRealtimeClientEventError'`. */
  override readonly name: 'UnexpectedRealtimeClientEventError';

  /** Describes `actual` arriving where `expectedType` was expected. */
  constructor(
    expectedType: RealtimeClientEventType,
    actual: { readonly index: number; readonly type: string },
  ) {
    super(
      `${PREFIX} expected client event ${expectedType} but received ${actual.type} (client event ${
        ordinal(actual.index)
      }).`,
    );
    this.eventIndex = actual.index;
    this.expectedType = expectedType;
    this.actualType = actual.type;
    this.name = 'UnexpectedRealtimeClientEventError';
  }
}

/**
 * An expectation's matcher returned exactly `false` for its client event.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeClientEventMatcherError } from 'scripted-agents/realtime_testing';
 *
 * const error = new RealtimeClientEventMatcherError({ index: 0, type: 'session.update' });
 * assert.equal(error.eventIndex, 0);
 * ```
 */
export class RealtimeClientEventMatcherError extends Error {
  /** Zero-based position of the event in `server.clientEvents`. */
  readonly eventIndex: number;
  /** The type of the rejected event. */
  readonly actualType: string;
  /** Always `'RealtimeClientEventMatcherError'`. */
  override readonly name: 'RealtimeClientEventMatcherError';

  /** Describes the event a matcher rejected. */
  constructor(event: { readonly index: number; readonly type: string }) {
    super(`${PREFIX} matcher rejected client event ${ordinal(event.index)} (${event.type}).`);
    this.eventIndex = event.index;
    this.actualType = event.type;
    this.name = 'RealtimeClientEventMatcherError';
  }
}

/**
 * Client events nobody expected, expectations nothing satisfied, or scheduled
 * faults nothing triggered. Raised by `assertComplete()` and by
 * `runScenario()` when the exercise ends with expectations pending.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { IncompleteRealtimeServerScenarioError } from 'scripted-agents/realtime_testing';
 *
 * const error = new IncompleteRealtimeServerScenarioError({
 *   unexpectedEvents: [{ index: 0, type: 'session.update' }],
 *   pendingExpectations: [],
 *   pendingFaults: [],
 * });
 * assert.equal(error.unexpectedEvents.length, 1);
 * ```
 */
export class IncompleteRealtimeServerScenarioError extends Error {
  /** Client events no expectation consumed (a frozen copy). */
  readonly unexpectedEvents: readonly Readonly<{ index: number; type: string }>[];
  /** Expectations no client event satisfied (a frozen copy). */
  readonly pendingExpectations: readonly PendingClientEventExpectation[];
  /** Scheduled faults never triggered (a frozen copy). */
  readonly pendingFaults: readonly PendingRealtimeServerFault[];
  /** Always `'IncompleteRealtimeServerScenarioError'`. */
  override readonly name: 'IncompleteRealtimeServerScenarioError';

  /** Copies and freezes the three collections. */
  constructor(state: {
    readonly unexpectedEvents: readonly Readonly<{ index: number; type: string }>[];
    readonly pendingExpectations: readonly PendingClientEventExpectation[];
    readonly pendingFaults: readonly PendingRealtimeServerFault[];
  }) {
    const unexpected = state.unexpectedEvents.length > 0
      ? ` (${state.unexpectedEvents.map((e) => `${ordinal(e.index)} ${e.type}`).join(', ')})`
      : '';
    const listed = state.pendingExpectations.length > 0
      ? ` (${listExpectations(state.pendingExpectations)})`
      : '';
    const faults = state.pendingFaults.length > 0
      ? ` (${
        state.pendingFaults.map((f) => f.type === undefined ? f.fault : `${f.fault} ${f.type}`)
          .join(', ')
      })`
      : '';
    super(
      `${PREFIX} scenario is incomplete: ${
        countOf(state.unexpectedEvents.length, 'unexpected client event')
      }${unexpected}, ${
        countOf(state.pendingExpectations.length, 'pending expectation')
      }${listed}, and ${countOf(state.pendingFaults.length, 'unused fault')}${faults}.${
        nextSteps(state)
      }`,
    );
    this.unexpectedEvents = frozenCopy(state.unexpectedEvents.map((e) => Object.freeze({ ...e })));
    this.pendingExpectations = frozenCopy(state.pendingExpectations);
    this.pendingFaults = frozenCopy(state.pendingFaults);
    this.name = 'IncompleteRealtimeServerScenarioError';
  }
}

/** What to do about each kind of leftover, in the order the message lists them. */
function nextSteps(state: {
  readonly unexpectedEvents: readonly Readonly<{ type: string }>[];
  readonly pendingExpectations: readonly unknown[];
  readonly pendingFaults: readonly unknown[];
}): string {
  let text = '';
  if (state.unexpectedEvents.length > 0) {
    const types = [...new Set(state.unexpectedEvents.map((event) => event.type))];
    const quoted = types.map((type) => `'${type}'`);
    text += ` Expect ${state.unexpectedEvents.length === 1 ? 'it' : 'each'} where the scenario ` +
      `meets it (await server.expectClientEvent(${quoted[0]})), or, if the test does not care ` +
      `about ${types.length === 1 ? 'that type' : 'those types'}, let the server ignore ` +
      `${types.length === 1 ? 'it' : 'them'}: new ScriptedRealtimeServer({ ignoreClientEvents: [${
        quoted.join(', ')
      }] }).`;
  }
  if (state.pendingExpectations.length > 0) {
    text += ' Find why the application never sent the expected ' +
      `${state.pendingExpectations.length === 1 ? 'event' : 'events'} (it stopped early, or ` +
      'sends another type), or drop the expectations the workflow no longer has.';
  }
  if (state.pendingFaults.length > 0) {
    text += ' Remove the faults the run never reached, or drive it to them.';
  }
  return text;
}

/**
 * `server.runScenario()` was cancelled by its signal. Its `name` is
 * `'AbortError'`, as for any abort.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   ScriptedRealtimeServer,
 *   ScriptedRealtimeServerScenarioCancelledError,
 * } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer();
 * const error = await server.runScenario({
 *   signal: AbortSignal.abort(),
 *   scenario: () => {},
 *   exercise: () => {},
 * }).catch((e) => e);
 * assert.ok(error instanceof ScriptedRealtimeServerScenarioCancelledError);
 * assert.equal(error.name, 'AbortError');
 * ```
 */
export class ScriptedRealtimeServerScenarioCancelledError extends Error {
  /** The expectations pending when the run was cancelled (a frozen copy). */
  readonly pendingExpectations: readonly PendingClientEventExpectation[];
  /** Always `'AbortError'`. */
  override readonly name: 'AbortError';

  /** Copies and freezes the expectations pending at cancellation. */
  constructor(pendingExpectations: readonly PendingClientEventExpectation[]) {
    super(cancelledMessage(PREFIX, listExpectations(pendingExpectations)));
    this.pendingExpectations = frozenCopy(pendingExpectations);
    this.name = 'AbortError';
  }
}

/**
 * Why a server event was refused: `not_an_object`, `missing_type`,
 * `unknown_type` (with the closest known type, if any), `missing_field` (a
 * field the SDK requires for this type, without which it would drop the event
 * silently) or `not_json` (the event does not survive `JSON.stringify`).
 *
 * @example
 * ```ts
 * import type { InvalidRealtimeServerEventReason } from 'scripted-agents/realtime_testing';
 *
 * const reason: InvalidRealtimeServerEventReason = 'unknown_type';
 * ```
 */
export type InvalidRealtimeServerEventReason =
  | 'not_an_object'
  | 'missing_type'
  | 'unknown_type'
  | 'missing_field'
  | 'not_json';

/**
 * `sendServerEvent()` refused an event that the SDK would not understand.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   InvalidRealtimeServerEventError,
 *   ScriptedRealtimeServer,
 * } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer();
 * await assert.rejects(
 *   server.sendServerEvent({ type: 'response.done.' }),
 *   (error) =>
 *     error instanceof InvalidRealtimeServerEventError &&
 *     error.reason === 'unknown_type' && error.suggestion === 'response.done',
 * );
 * ```
 */
export class InvalidRealtimeServerEventError extends Error {
  /** Why the event was refused. */
  readonly reason: InvalidRealtimeServerEventReason;
  /** The event's `type`, when it has a string one. */
  readonly type: string | undefined;
  /** The missing field, for `missing_field`. */
  readonly field: string | undefined;
  /** The closest known type, for `unknown_type`. */
  readonly suggestion: string | undefined;
  /**
   * Where the event came from: `'sendServerEvent()'` (a test's own event), or
   * the transcript entry `replayRealtimeTranscript()` replayed, 1-based:
   * `'replayRealtimeTranscript() (connection #1, entry #3)'`.
   */
  readonly source: string;
  /** Always `'InvalidRealtimeServerEventError'`. */
  override readonly name: 'InvalidRealtimeServerEventError';

  /** Describes the refused event and where it came from (default `'sendServerEvent()'`). */
  constructor(
    reason: InvalidRealtimeServerEventReason,
    details: { type?: string; field?: string; suggestion?: string; source?: string } = {},
  ) {
    const what = details.type === undefined ? 'server event' : `server event ${details.type}`;
    const source = details.source ?? 'sendServerEvent()';
    const text = {
      not_an_object: 'a server event must be a plain JSON object',
      missing_type: 'a server event needs a string `type`',
      unknown_type: `${what} has an unknown type${
        details.suggestion === undefined ? '' : ` (did you mean ${details.suggestion}?)`
      }; pass { allowUnknownType: true } to send it anyway`,
      missing_field: `${what} lacks the field \`${details.field}\`, without which the SDK ` +
        'would drop it silently',
      not_json: `${what} cannot be serialized as JSON`,
    }[reason];
    super(`${PREFIX} refused a server event from ${source}: ${text}.`);
    this.reason = reason;
    this.type = details.type;
    this.field = details.field;
    this.suggestion = details.suggestion;
    this.source = source;
    this.name = 'InvalidRealtimeServerEventError';
  }
}

/**
 * Why a turn builder could not build its turn (`InvalidRealtimeTurnError.reason`):
 * `no_open_response`: `completeResponse()` found no response left open by
 * `assistantAnswers({ complete: false })`.
 *
 * @example
 * ```ts
 * import type { InvalidRealtimeTurnReason } from 'scripted-agents/realtime_testing';
 *
 * const reason: InvalidRealtimeTurnReason = 'no_open_response';
 * ```
 */
export type InvalidRealtimeTurnReason = 'no_open_response';

/**
 * Options of `InvalidRealtimeTurnError`.
 *
 * @example
 * ```ts
 * import type { InvalidRealtimeTurnErrorOptions } from 'scripted-agents/realtime_testing';
 *
 * const options: InvalidRealtimeTurnErrorOptions = { call: 'completeResponse()' };
 * ```
 */
export type InvalidRealtimeTurnErrorOptions = {
  /** The builder call that failed, e.g. `'completeResponse()'`. */
  call: string;
  /** The double it was called on (default `'ScriptedRealtimeServer'`). */
  double?: 'ScriptedRealtimeServer' | 'RealtimeServerEventBuilder';
};

/**
 * A turn builder was called where the conversation does not allow its turn:
 * `completeResponse()` with no response open. Nothing was sent or built.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   completeResponse,
 *   InvalidRealtimeTurnError,
 *   ScriptedRealtimeServer,
 * } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
 * const transport = server.transport();
 * await transport.connect({ apiKey: 'test' });
 * await assert.rejects(completeResponse(server), (error) =>
 *   error instanceof InvalidRealtimeTurnError &&
 *   error.reason === 'no_open_response' && error.call === 'completeResponse()');
 * transport.close();
 * await server.settled();
 * ```
 */
export class InvalidRealtimeTurnError extends Error {
  /** Why the turn could not be built. */
  readonly reason: InvalidRealtimeTurnReason;
  /** The builder call, e.g. `'completeResponse()'`. */
  readonly call: string;
  /** The double the builder ran on. */
  readonly double: 'ScriptedRealtimeServer' | 'RealtimeServerEventBuilder';
  /** Always `'InvalidRealtimeTurnError'`. */
  override readonly name: 'InvalidRealtimeTurnError';

  /** Describes the refused turn. */
  constructor(reason: InvalidRealtimeTurnReason, options: InvalidRealtimeTurnErrorOptions) {
    const double = options.double ?? 'ScriptedRealtimeServer';
    const where = double === 'ScriptedRealtimeServer'
      ? 'on the current connection'
      : 'in this builder';
    super(
      `${double}: ${options.call} found no open response ${where}. ` +
        'It finishes the response that assistantAnswers({ complete: false }) left open; ' +
        'a completed response, or one that completeResponse() or userInterrupts() already ' +
        'finished, is closed. Call assistantAnswers({ ..., complete: false }) first, or ' +
        'drop this call.',
    );
    this.reason = reason;
    this.call = options.call;
    this.double = double;
    this.name = 'InvalidRealtimeTurnError';
  }
}

/**
 * A server-side operation needed an open connection and there was none.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   RealtimeServerNotConnectedError,
 *   ScriptedRealtimeServer,
 * } from 'scripted-agents/realtime_testing';
 *
 * const server = new ScriptedRealtimeServer();
 * assert.throws(() => server.closeConnection(), RealtimeServerNotConnectedError);
 * ```
 */
export class RealtimeServerNotConnectedError extends Error {
  /** The operation that needed a connection. */
  readonly operation: string;
  /** Always `'RealtimeServerNotConnectedError'`. */
  override readonly name: 'RealtimeServerNotConnectedError';

  /** Names the `operation` that found no open connection. */
  constructor(operation: string) {
    super(`${PREFIX} cannot ${operation}: no connection is open.`);
    this.operation = operation;
    this.name = 'RealtimeServerNotConnectedError';
  }
}

/**
 * The test ended with a connection to the server still open: a
 * `RealtimeSession` (or transport) connected to it was never closed. Thrown by
 * `assertClosed()` and the server's teardown (`await using`, `doubleScope()`,
 * `assertAllComplete()`, the runner entries). `connections` are the open
 * connections' 0-based indexes, as in `server.connections`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeServerConnectionOpenError } from 'scripted-agents/realtime_testing';
 *
 * const error = new RealtimeServerConnectionOpenError([0]);
 * assert.deepEqual(error.connections, [0]);
 * assert.match(error.message, /connection #1 is still open/);
 * assert.match(error.message, /Call session\.close\(\)/);
 * ```
 */
export class RealtimeServerConnectionOpenError extends Error {
  /** The 0-based indexes of the connections still open. */
  readonly connections: readonly number[];
  /** Always `'RealtimeServerConnectionOpenError'`. */
  override readonly name: 'RealtimeServerConnectionOpenError';

  /** Names the `connections` (0-based indexes) nobody closed. */
  constructor(connections: readonly number[]) {
    const which = connections.map((index) => `#${index + 1}`);
    const list = which.length === 1
      ? `connection ${which[0]} is`
      : `connections ${which.slice(0, -1).join(', ')} and ${which.at(-1)} are`;
    super(
      `${PREFIX} ${list} still open at the end of the test: the RealtimeSession (or ` +
        'transport) connected to it was never closed. Call session.close() before the test ' +
        'ends (server.settled() then shows the connection closed).',
    );
    this.connections = Object.freeze([...connections]);
    this.name = 'RealtimeServerConnectionOpenError';
  }
}

/**
 * Replay found the client sending something else than the recorded session
 * did. `diff` is a readable, line-based comparison (`-` recorded, `+` actual).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeTranscriptDriftError } from 'scripted-agents/realtime_testing';
 *
 * const error = new RealtimeTranscriptDriftError({
 *   eventIndex: 1,
 *   expected: { type: 'response.create' },
 *   actual: { type: 'response.cancel' },
 * });
 * assert.match(error.diff, /- {3}"type": "response.create"/);
 * ```
 */
export class RealtimeTranscriptDriftError extends Error {
  /** Zero-based position of the client event in the transcript. */
  readonly eventIndex: number;
  /** The recorded client event (`undefined`: the client sent more than was recorded). */
  readonly expected: unknown;
  /** The client event sent now (`undefined`: the client stopped early). */
  readonly actual: unknown;
  /** A line diff of the two, credentials redacted. */
  readonly diff: string;
  /** Always `'RealtimeTranscriptDriftError'`. */
  override readonly name: 'RealtimeTranscriptDriftError';

  /** Describes the drift at `eventIndex`. */
  constructor(drift: { eventIndex: number; expected: unknown; actual: unknown }) {
    const diff = lineDiff(drift.expected, drift.actual);
    super(
      `${PREFIX} replay drifted at client event ${
        ordinal(drift.eventIndex)
      } (- recorded, + actual):\n${diff}`,
    );
    this.eventIndex = drift.eventIndex;
    this.expected = drift.expected;
    this.actual = drift.actual;
    this.diff = diff;
    this.name = 'RealtimeTranscriptDriftError';
  }
}

/**
 * A transcript that is not a `scripted-agents/realtime-transcript` version 1
 * document.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { InvalidRealtimeTranscriptError, parseRealtimeTranscript } from 'scripted-agents/realtime_testing';
 *
 * assert.throws(() => parseRealtimeTranscript('{}'), InvalidRealtimeTranscriptError);
 * ```
 */
export class InvalidRealtimeTranscriptError extends Error {
  /** What is wrong with it. */
  readonly reason: 'not_json' | 'wrong_format' | 'unsupported_version' | 'malformed';
  /** Always `'InvalidRealtimeTranscriptError'`. */
  override readonly name: 'InvalidRealtimeTranscriptError';

  /** Describes the problem. */
  constructor(
    reason: 'not_json' | 'wrong_format' | 'unsupported_version' | 'malformed',
    detail: string,
  ) {
    super(`${PREFIX} cannot read the transcript (${reason}): ${detail}`);
    this.reason = reason;
    this.name = 'InvalidRealtimeTranscriptError';
  }
}

function pretty(value: unknown): string[] {
  if (value === undefined) return [];
  return redactCredentialText(JSON.stringify(value, null, 2) ?? String(value)).split('\n');
}

/** A small longest-common-subsequence line diff; unchanged lines are indented. */
function lineDiff(expected: unknown, actual: unknown): string {
  const a = pretty(expected);
  const b = pretty(actual);
  const lcs: number[][] = Array.from(
    { length: a.length + 1 },
    () => new Array(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const ops: { mark: ' ' | '-' | '+'; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ mark: ' ', line: a[i] });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      ops.push({ mark: '-', line: a[i] });
      i++;
    } else {
      ops.push({ mark: '+', line: b[j] });
      j++;
    }
  }
  const out = shortenLines(ops).map(({ mark, line }) => `${mark} ${line}`);
  if (expected === undefined) out.unshift('- (nothing recorded)');
  if (actual === undefined) out.push('+ (nothing sent)');
  return out.join('\n');
}

/** How long a diff line may be before it is cut (the key and indentation not counted). */
const LINE_WIDTH = 100;

/**
 * Long lines cut to a readable window. In each run of changed lines, the n-th
 * removed line and the n-th added line are cut around their first difference;
 * every other long line keeps its start. The indentation and a key in front
 * are always kept whole.
 */
function shortenLines<T extends { mark: string; line: string }>(ops: readonly T[]): T[] {
  const shown = ops.map((op) => ({ ...op }));
  for (let k = 0; k < shown.length;) {
    let end = k;
    while (end < shown.length && shown[end].mark !== ' ') end++;
    const run = shown.slice(k, Math.max(end, k + 1));
    const removed = run.filter((op) => op.mark === '-');
    const added = run.filter((op) => op.mark === '+');
    const pairs = Math.min(removed.length, added.length);
    for (let p = 0; p < pairs; p++) {
      [removed[p].line, added[p].line] = windowPair(removed[p].line, added[p].line);
    }
    for (const op of [...removed.slice(pairs), ...added.slice(pairs)]) op.line = windowOne(op.line);
    if (end === k) shown[k].line = windowOne(shown[k].line);
    k = Math.max(end, k + 1);
  }
  return shown;
}

function headOf(line: string): string {
  return /^\s*(?:"(?:[^"\\]|\\.)*": )?/.exec(line)![0];
}

/** A long line cut after its start. */
function windowOne(line: string): string {
  const head = headOf(line);
  return head + differenceWindow(line.slice(head.length), '', LINE_WIDTH)[0];
}

/** Two lines around their first difference, the indentation and a shared key kept whole. */
function windowPair(a: string, b: string): [string, string] {
  const head = headOf(a);
  if (headOf(b) !== head) return differenceWindow(a, b, LINE_WIDTH);
  const [restA, restB] = differenceWindow(a.slice(head.length), b.slice(head.length), LINE_WIDTH);
  return [head + restA, head + restB];
}
