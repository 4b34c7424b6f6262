/**
 * The public types of `scriptedSandboxClient()`.
 *
 * @module
 */

import type { SdkSandboxClient, SdkSandboxSessionState } from './_sdk_sandbox_client_types.ts';
import type { ScriptedSandboxSession } from './scripted_sandbox_session_types.ts';

/**
 * The client methods a `scriptedSandboxClient()` records.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ScriptedSandboxClientMethod } from "scripted-agents/testing";
 *
 * const method: ScriptedSandboxClientMethod = "resume";
 * assert.equal(method, "resume");
 * ```
 */
export type ScriptedSandboxClientMethod =
  | 'create'
  | 'resume'
  | 'serializeSessionState'
  | 'deserializeSessionState'
  | 'delete';

/**
 * One recorded client call. `session` is the position (in `sessions`) of
 * the scripted session a `create` or `resume` handed out, or of the session
 * whose state a `serializeSessionState`, `deserializeSessionState` or
 * `delete` concerned (when known).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptedSandboxClient, scriptedSandboxSession } from "scripted-agents/testing";
 *
 * const client = scriptedSandboxClient({ sessions: [scriptedSandboxSession()] });
 * await client.create();
 * assert.deepEqual(client.calls.map(({ method, session }) => [method, session]), [["create", 0]]);
 * ```
 */
export type RecordedSandboxClientCall = Readonly<{
  /** The zero-based position of the call in `calls`. */
  index: number;
  /** The client method called. */
  method: ScriptedSandboxClientMethod;
  /** The detached arguments (client options included, run contexts left out). */
  args: readonly unknown[];
  /** Which scripted session the call handed out or concerned, if any. */
  session: number | undefined;
}>;

/**
 * Options of `scriptedSandboxClient()`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptedSandboxClient, type ScriptedSandboxClientOptions } from "scripted-agents/testing";
 *
 * const options: ScriptedSandboxClientOptions = { backendId: "fake-cloud", sessions: [] };
 * assert.equal(scriptedSandboxClient(options).backendId, "fake-cloud");
 * ```
 */
export interface ScriptedSandboxClientOptions {
  /** The client's backend id (default `'scripted'`); serialized state carries it. */
  backendId?: string;
  /**
   * The sessions `create()` and `resume()` hand out, in order: the first
   * call gets the first session, the next call the second, and so on.
   */
  sessions: Iterable<ScriptedSandboxSession>;
}

/**
 * The serialized form of a scripted session's state: JSON-safe, so it
 * survives a `RunState` round trip. It names the client's backend and the
 * session by position.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptedSandboxClient, scriptedSandboxSession } from "scripted-agents/testing";
 *
 * const client = scriptedSandboxClient({ sessions: [scriptedSandboxSession()] });
 * const session = await client.create();
 * const serialized = await client.serializeSessionState(session.state);
 * assert.deepEqual(serialized, { backendId: "scripted", session: 0 });
 * ```
 */
export type SerializedScriptedSandboxState = {
  /** The backend that serialized it. */
  backendId: string;
  /** The position of the session (in `sessions`) whose state this is. */
  session: number;
};

/**
 * The client `scriptedSandboxClient()` returns: the SDK's `SandboxClient`
 * with `create`, `resume`, `serializeSessionState`,
 * `deserializeSessionState` and `delete`, plus the recorder and verification
 * members every double has.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type ScriptedSandboxClient, scriptedSandboxClient } from "scripted-agents/testing";
 *
 * const client: ScriptedSandboxClient = scriptedSandboxClient({ sessions: [] });
 * client.assertComplete();
 * assert.equal(client.remainingSessions, 0);
 * ```
 */
export type ScriptedSandboxClient =
  & SdkSandboxClient
  & Required<
    Pick<
      SdkSandboxClient,
      'create' | 'resume' | 'serializeSessionState' | 'deserializeSessionState' | 'delete'
    >
  >
  & {
    /** Every recorded call, in call order: a new frozen array of frozen records. */
    readonly calls: readonly RecordedSandboxClientCall[];
    /** How many scripted sessions no `create()` or `resume()` has handed out yet. */
    readonly remainingSessions: number;
    /** The session (by position) a state belongs to, or `undefined` for a foreign state. */
    sessionOf(state: SdkSandboxSessionState): number | undefined;
    /** Throws `UnusedSandboxSessionsError` if a scripted session was never handed out. */
    assertComplete(): void;
    /** The failures this client raised, caught by the code under test or not. */
    readonly failures: readonly unknown[];
    /** Returns the recorded failures and forgets them, for tests that provoke one on purpose. */
    acknowledgeFailures(): readonly unknown[];
    /** Throws `DoubleFailuresError` if the client raised any failure. */
    assertNoUnexpectedCalls(): void;
    /**
     * Teardown: runs `assertNoUnexpectedCalls()` and `assertComplete()`, then
     * every handed-out session's own teardown, reporting all problems together.
     */
    [Symbol.dispose](): void;
  };
