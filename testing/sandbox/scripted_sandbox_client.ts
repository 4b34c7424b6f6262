/**
 * `scriptedSandboxClient()`: an in-memory `SandboxClient` that hands out
 * scripted sandbox sessions from `create()` and `resume()`, and serializes a
 * session's state to a small JSON-safe record, so sandbox resume flows (a
 * `RunState` round trip, a session resumed from saved state) run without a
 * sandbox provider.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptedSandboxClient, scriptedSandboxSession } from "scripted-agents/testing";
 *
 * const first = scriptedSandboxSession([{ method: "execCommand", result: "one" }]);
 * const resumed = scriptedSandboxSession([{ method: "execCommand", result: "two" }]);
 * using client = scriptedSandboxClient({ sessions: [first, resumed] });
 *
 * const session = await client.create();
 * assert.equal(await session.execCommand!({ cmd: "a" }), "one");
 * const saved = JSON.stringify(await client.serializeSessionState(session.state));
 * const state = await client.deserializeSessionState(JSON.parse(saved));
 * const again = await client.resume(state);
 * assert.equal(again, resumed);
 * assert.equal(await again.execCommand!({ cmd: "b" }), "two");
 * ```
 *
 * @module
 */

import { requireSdkSandbox, type SdkSandbox } from './_sdk_sandbox.ts';
import { attempt } from '../../_internal/attempt.ts';
import { FailureLog } from '../../_internal/failure_log.ts';
import { snapshotValue } from '../../_internal/snapshot.ts';
import type {
  SdkManifest as Manifest,
  SdkSandboxClientCreateArgs as SandboxClientCreateArgs,
  SdkSandboxSessionState as SandboxSessionState,
} from './_sdk_sandbox_client_types.ts';
import {
  UnexpectedSandboxClientCallError,
  UnusedSandboxSessionsError,
} from './scripted_sandbox_client_errors.ts';
import type {
  RecordedSandboxClientCall,
  ScriptedSandboxClient,
  ScriptedSandboxClientMethod,
  ScriptedSandboxClientOptions,
  SerializedScriptedSandboxState,
} from './scripted_sandbox_client_types.ts';
import type { ScriptedSandboxSession } from './scripted_sandbox_session_types.ts';
import { announceDouble } from '../../_internal/live_doubles.ts';

type Session = ScriptedSandboxSession;

/**
 * Creates a scripted `SandboxClient` over `options.sessions`.
 *
 * - `create(args?)` / `create(manifest, options?)` and `resume(state)` hand
 *   out the next scripted session, in order. `create` gives it the manifest
 *   it was asked for (a new empty one otherwise); `resume` gives it the state
 *   it was asked to resume.
 * - `serializeSessionState(state)` returns `{ backendId, session }` (JSON-safe)
 *   for the state of a session this client handed out;
 *   `deserializeSessionState(record)` turns it back into that session's
 *   state; `delete(state)` only records.
 * - Every call is recorded in `calls`, with the position of the session it
 *   concerned. A call the script cannot serve fails with
 *   `UnexpectedSandboxClientCallError` and is kept in `failures`.
 * - Teardown (`using`) reports failures, sessions never handed out, and each
 *   handed-out session's own teardown problems.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Manifest } from "@openai/agents/sandbox";
 * import { scriptedSandboxClient, scriptedSandboxSession } from "scripted-agents/testing";
 *
 * using client = scriptedSandboxClient({ sessions: [scriptedSandboxSession()] });
 * const manifest = new Manifest({ entries: { "README.md": { type: "file", content: "hi" } } });
 * const session = await client.create(manifest);
 * assert.deepEqual(Object.keys(session.state.manifest.entries), ["README.md"]);
 * assert.equal(client.sessionOf(session.state), 0);
 * ```
 */
export function scriptedSandboxClient(
  options: ScriptedSandboxClientOptions,
): ScriptedSandboxClient {
  const sandbox = requireSdkSandbox('scriptedSandboxClient');
  const { cloneManifest, Manifest } = sandbox;
  const backendId = options.backendId ?? 'scripted';
  const sessions: Session[] = Array.from(options.sessions ?? []);
  for (const [index, session] of sessions.entries()) {
    if (typeof session !== 'object' || session === null || !('state' in session)) {
      throw new TypeError(`scriptedSandboxClient session #${index + 1} is not a sandbox session.`);
    }
  }
  const owners = new WeakMap<object, number>();
  const history: RecordedSandboxClientCall[] = [];
  const failures = new FailureLog('ScriptedSandboxClient');
  let handedOut = 0;

  function record(
    method: ScriptedSandboxClientMethod,
    args: unknown[],
    session: number | undefined,
  ): RecordedSandboxClientCall {
    const call = Object.freeze({
      index: history.length,
      method,
      args: Object.freeze(args.map((arg) => detach(arg, sandbox))),
      session,
    });
    history.push(call);
    return call;
  }

  function handOut(call: RecordedSandboxClientCall): [Session, number] {
    const session = sessions[handedOut];
    if (session === undefined) {
      throw failures.raise(
        new UnexpectedSandboxClientCallError(call.index, call.method, 'no_session_left'),
      );
    }
    const index = handedOut++;
    return [session, index];
  }

  function setCallSession(call: RecordedSandboxClientCall, session: number): void {
    history[call.index] = Object.freeze({ ...call, session });
  }

  const client = {
    backendId,
    create(
      argsOrManifest?: SandboxClientCreateArgs | Manifest,
      createOptions?: Record<string, unknown>,
    ): Promise<Session> {
      return attempt(() => {
        const call = record(
          'create',
          createOptions === undefined ? [argsOrManifest] : [argsOrManifest, createOptions],
          undefined,
        );
        const [session, index] = handOut(call);
        setCallSession(call, index);
        const requested = argsOrManifest instanceof Manifest
          ? argsOrManifest
          : argsOrManifest?.manifest;
        session.state = {
          ...session.state,
          manifest: requested instanceof Manifest
            ? requested
            : new Manifest(requested ?? session.state.manifest),
        };
        owners.set(session.state, index);
        return session;
      });
    },
    resume(state: SandboxSessionState, resumeOptions?: unknown): Promise<Session> {
      return attempt(() => {
        const call = record(
          'resume',
          resumeOptions === undefined ? [state] : [state, resumeOptions],
          undefined,
        );
        const [session, index] = handOut(call);
        setCallSession(call, index);
        session.state = state;
        owners.set(state, index);
        return session;
      });
    },
    serializeSessionState(
      state: SandboxSessionState,
      serializeOptions?: unknown,
    ): Promise<Record<string, unknown>> {
      return attempt(() => {
        const owner = owners.get(state);
        const call = record(
          'serializeSessionState',
          serializeOptions === undefined ? [state] : [state, serializeOptions],
          owner,
        );
        if (owner === undefined) {
          throw failures.raise(
            new UnexpectedSandboxClientCallError(
              call.index,
              'serializeSessionState',
              'unknown_state',
            ),
          );
        }
        const serialized: SerializedScriptedSandboxState = { backendId, session: owner };
        return serialized;
      });
    },
    deserializeSessionState(serialized: Record<string, unknown>): Promise<SandboxSessionState> {
      return attempt(() => {
        const owner = serialized?.backendId === backendId &&
            typeof serialized.session === 'number' && serialized.session < handedOut
          ? serialized.session
          : undefined;
        const call = record('deserializeSessionState', [serialized], owner);
        if (owner === undefined) {
          throw failures.raise(
            new UnexpectedSandboxClientCallError(
              call.index,
              'deserializeSessionState',
              'unknown_state',
            ),
          );
        }
        const original = sessions[owner].state;
        const state: SandboxSessionState = {
          ...original,
          manifest: cloneManifest(original.manifest),
        };
        owners.set(state, owner);
        return state;
      });
    },
    delete(state: SandboxSessionState): Promise<void> {
      return attempt(() => {
        record('delete', [state], owners.get(state));
      });
    },
  };

  const assertComplete = (): void => {
    const remaining = sessions.length - handedOut;
    if (remaining > 0) throw new UnusedSandboxSessionsError(remaining);
  };
  Object.defineProperties(client, {
    calls: {
      get: () => Object.freeze(history.map((call) => freshCall(call, sandbox))),
      enumerable: false,
    },
    remainingSessions: { get: () => sessions.length - handedOut, enumerable: false },
    sessionOf: { value: (state: SandboxSessionState) => owners.get(state) },
    assertComplete: { value: assertComplete },
    // The sessions handed out by teardown time are disposed with the client.
    ...failures.members(() => [
      assertComplete,
      ...sessions.slice(0, handedOut).map((session) => () => session[Symbol.dispose]()),
    ]),
  });
  announceDouble(client);
  return client as unknown as ScriptedSandboxClient;
}

/** A detached copy of one argument; a manifest is cloned with the SDK's own helper. */
function detach(value: unknown, { cloneManifest, Manifest }: SdkSandbox): unknown {
  if (value instanceof Manifest) return cloneManifest(value);
  if (typeof value === 'object' && value !== null && 'manifest' in value) {
    const { manifest, ...rest } = value as { manifest: unknown };
    return {
      ...snapshotValue(rest),
      manifest: manifest instanceof Manifest ? cloneManifest(manifest) : snapshotValue(manifest),
    };
  }
  return snapshotValue(value);
}

function freshCall(
  call: RecordedSandboxClientCall,
  sandbox: SdkSandbox,
): RecordedSandboxClientCall {
  return Object.freeze({
    ...call,
    args: Object.freeze(call.args.map((arg) => detach(arg, sandbox))),
  });
}
