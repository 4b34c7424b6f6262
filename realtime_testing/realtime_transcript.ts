/**
 * Record and replay a Realtime session at the wire. A
 * {@linkcode RealtimeTranscriptRecorder} wraps any `createWebSocket` factory
 * (a real socket in a recording run) and writes down every frame in both
 * directions; {@linkcode replayRealtimeTranscript} plays the server side of
 * such a transcript through a `ScriptedRealtimeServer` and checks that the
 * client sends what it sent when recorded, with a line diff on drift.
 *
 * Transcripts are pretty-printed JSON (`format`
 * `"scripted-agents/realtime-transcript"`, `version` 1) meant to be committed:
 * API keys are never written, and credential-looking fields and tokens are
 * redacted.
 *
 * @module
 */

import { redactCredentials, redactCredentialText } from '../_internal/credentials.ts';
import { ordinal } from '../_internal/format.ts';
import { snapshotValue } from '../_internal/snapshot.ts';
import type { SdkCreateWebSocket as CreateWebSocket } from './_sdk_types.ts';
import { internalsOf, type ScriptedRealtimeServer } from './scripted_realtime_server.ts';
import {
  InvalidRealtimeServerEventError,
  InvalidRealtimeTranscriptError,
  RealtimeTranscriptDriftError,
} from './scripted_realtime_server_errors.ts';
import type {
  RealtimeServerEvent,
  RealtimeTranscript,
  RealtimeTranscriptConnection,
} from './scripted_realtime_server_types.ts';

const FORMAT = 'scripted-agents/realtime-transcript';

/**
 * Records a session: pass `recorder.createWebSocket` as the transport's
 * `createWebSocket` option. The wrapped factory's socket is returned as is;
 * the recorder only listens to its messages and wraps its `send`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { OpenAIRealtimeWebSocket } from '@openai/agents/realtime';
 * import {
 *   RealtimeTranscriptRecorder,
 *   ScriptedRealtimeServer,
 * } from 'scripted-agents/realtime_testing';
 *
 * // In a recording run the factory opens a real socket; here it is the fake one.
 * const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
 * const recorder = new RealtimeTranscriptRecorder(server.createWebSocket);
 * const transport = new OpenAIRealtimeWebSocket({ createWebSocket: recorder.createWebSocket });
 * await transport.connect({ apiKey: 'sk-secret-key-0123456789' });
 * await server.sendServerEvent({ type: 'session.created', session: { type: 'realtime' } });
 * transport.close();
 * await server.settled();
 * const json = recorder.toJSON();
 * assert.equal(json.includes('sk-secret'), false);
 * assert.equal(recorder.transcript().connections[0].entries.length, 3);
 * ```
 */
export class RealtimeTranscriptRecorder {
  /** The recording factory to pass as `createWebSocket`. */
  readonly createWebSocket: CreateWebSocket;
  readonly #connections: RealtimeTranscriptConnection[] = [];

  /** Wraps `factory`, which opens the sockets (real or not). */
  constructor(factory: CreateWebSocket) {
    this.createWebSocket = async (options) => {
      const socket = await factory(options);
      const connection: RealtimeTranscriptConnection = {
        url: redactCredentialText(options.url),
        entries: [],
        close: null,
      };
      this.#connections.push(connection);
      const target = socket as unknown as {
        send(data: unknown): void;
        close(code?: number, reason?: string): void;
        addEventListener(type: string, listener: (event: unknown) => void): void;
      };
      const send = target.send.bind(target);
      const close = target.close.bind(target);
      let closedByClient = false;
      target.close = (code?: number, reason?: string) => {
        closedByClient = true;
        close(code, reason);
      };
      target.send = (data: unknown) => {
        if (typeof data === 'string') {
          connection.entries.push({ direction: 'client', event: parseFrame(data) });
        }
        send(data);
      };
      target.addEventListener('message', (event) => {
        const data = (event as { data?: unknown }).data;
        if (typeof data === 'string') {
          connection.entries.push({ direction: 'server', event: parseFrame(data) });
        }
      });
      target.addEventListener('close', (event) => {
        const { code, reason } = event as { code?: number; reason?: string };
        connection.close = {
          code: code ?? 1005,
          reason: reason ?? '',
          by: closedByClient ? 'client' : 'server',
        };
      });
      return socket;
    };
  }

  /** The transcript so far: a detached copy, credentials redacted. */
  transcript(): RealtimeTranscript {
    return {
      format: FORMAT,
      version: 1,
      connections: redactCredentials(snapshotValue(this.#connections)),
    };
  }

  /** The transcript as pretty-printed JSON (see {@linkcode serializeRealtimeTranscript}). */
  toJSON(): string {
    return serializeRealtimeTranscript(this.transcript());
  }
}

// deno-lint-ignore no-explicit-any
function parseFrame(data: string): Record<string, any> {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // Not JSON: kept as text below.
  }
  return { type: '<invalid>', frame: data };
}

/**
 * A transcript as pretty-printed JSON (two-space indent, trailing newline),
 * credentials redacted.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { serializeRealtimeTranscript } from 'scripted-agents/realtime_testing';
 *
 * const json = serializeRealtimeTranscript({
 *   format: 'scripted-agents/realtime-transcript',
 *   version: 1,
 *   connections: [],
 * });
 * assert.equal(json, '{\n  "format": "scripted-agents/realtime-transcript",\n  "version": 1,\n  "connections": []\n}\n');
 * ```
 */
export function serializeRealtimeTranscript(transcript: RealtimeTranscript): string {
  return `${JSON.stringify(redactCredentials(transcript), null, 2)}\n`;
}

/**
 * Reads a transcript, checking its format and version. Throws
 * `InvalidRealtimeTranscriptError` otherwise.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { parseRealtimeTranscript } from 'scripted-agents/realtime_testing';
 *
 * const transcript = parseRealtimeTranscript(
 *   '{ "format": "scripted-agents/realtime-transcript", "version": 1, "connections": [] }',
 * );
 * assert.deepEqual(transcript.connections, []);
 * ```
 */
export function parseRealtimeTranscript(text: string): RealtimeTranscript {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidRealtimeTranscriptError('not_json', String(error));
  }
  const document = value as Partial<RealtimeTranscript> | null;
  if (typeof document !== 'object' || document === null || document.format !== FORMAT) {
    throw new InvalidRealtimeTranscriptError('wrong_format', `expected format "${FORMAT}"`);
  }
  if (document.version !== 1) {
    throw new InvalidRealtimeTranscriptError(
      'unsupported_version',
      `version ${String(document.version)} (this package reads version 1)`,
    );
  }
  const connections = document.connections;
  const valid = Array.isArray(connections) &&
    connections.every((c) =>
      typeof c === 'object' && c !== null && typeof c.url === 'string' &&
      Array.isArray(c.entries) &&
      c.entries.every((e) =>
        (e?.direction === 'client' || e?.direction === 'server') &&
        typeof e.event === 'object' && e.event !== null && typeof e.event.type === 'string'
      )
    );
  if (!valid) {
    throw new InvalidRealtimeTranscriptError(
      'malformed',
      'connections must be a list of { url, entries: [{ direction, event }], close }',
    );
  }
  return document as RealtimeTranscript;
}

/**
 * Plays the server side of `transcript` through `server`: for each recorded
 * connection in turn, waits for the client to open it, then walks its frames
 * in order, sending each recorded server event and checking each client
 * event against the recorded one (credentials redacted on both sides; a
 * mismatch fails with `RealtimeTranscriptDriftError` and its diff). A
 * recorded server-side close is replayed with its code. Client event types in
 * the server's `ignoreClientEvents` are skipped. Use it as (or inside) a
 * `runScenario()` scenario.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   parseRealtimeTranscript,
 *   replayRealtimeTranscript,
 *   ScriptedRealtimeServer,
 * } from 'scripted-agents/realtime_testing';
 *
 * const transcript = parseRealtimeTranscript(JSON.stringify({
 *   format: 'scripted-agents/realtime-transcript',
 *   version: 1,
 *   connections: [{
 *     url: 'wss://api.openai.com/v1/realtime?model=gpt-realtime',
 *     entries: [
 *       { direction: 'client', event: { type: 'response.create' } },
 *       { direction: 'server', event: { type: 'rate_limits.updated', rate_limits: [] } },
 *     ],
 *     close: null,
 *   }],
 * }));
 * const server = new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });
 * const transport = server.transport();
 * await server.runScenario({
 *   scenario: () => replayRealtimeTranscript(server, transcript),
 *   exercise: async () => {
 *     await transport.connect({ apiKey: 'test' });
 *     transport.sendEvent({ type: 'response.create' });
 *   },
 * }).catch((error) => {
 *   // The SDK adds an event_id to response.create: the replay reports the drift.
 *   assert.match(error.diff, /\+ {3}"event_id": "agents_js_response_create_1"/);
 *   server.acknowledgeFailures();
 * });
 * transport.close();
 * await server.settled();
 * ```
 */
export async function replayRealtimeTranscript(
  server: ScriptedRealtimeServer,
  transcript: RealtimeTranscript,
): Promise<void> {
  const inner = internalsOf(server);
  let clientIndex = 0;
  for (const [index, recorded] of transcript.connections.entries()) {
    await inner.connection(index);
    for (const [entryIndex, entry] of recorded.entries.entries()) {
      if (entry.direction === 'server') {
        await server.sendServerEvent(entry.event as RealtimeServerEvent, {
          allowUnknownType: true,
        }).catch((error) => {
          if (!(error instanceof InvalidRealtimeServerEventError)) throw error;
          // The test did not write this event: name the transcript entry it came from.
          throw new InvalidRealtimeServerEventError(error.reason, {
            type: error.type,
            field: error.field,
            suggestion: error.suggestion,
            source: `replayRealtimeTranscript() (connection ${ordinal(index)}, entry ${
              ordinal(entryIndex)
            })`,
          });
        });
        continue;
      }
      if (inner.isIgnored(entry.event.type)) continue;
      const eventIndex = clientIndex++;
      const expected = entry.event;
      await inner.expectAny((stored) => {
        const actual = redactCredentials(stored.event);
        return sameJson(expected, actual)
          ? undefined
          : new RealtimeTranscriptDriftError({ eventIndex, expected, actual });
      });
    }
    // A close the client started is the application's to repeat, not the server's.
    if (recorded.close !== null && recorded.close.by === 'server') {
      await server.closeConnection({ code: recorded.close.code, reason: recorded.close.reason });
    }
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value).sort().map((
      key,
    ) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}
