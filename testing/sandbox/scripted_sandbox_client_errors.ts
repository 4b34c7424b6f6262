/**
 * The errors `scriptedSandboxClient()` raises. Every field is an own
 * enumerable property (present even when `undefined`), declared before
 * `name`; messages number calls from 1.
 *
 * @module
 */

import { countOf, ordinal } from '../../_internal/format.ts';
import type { ScriptedSandboxClientMethod } from './scripted_sandbox_client_types.ts';

/**
 * A client call the script cannot serve: `create()` or `resume()` with no
 * scripted session left, or a state (or serialized state) that no session of
 * this client produced.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptedSandboxClient, UnexpectedSandboxClientCallError } from "scripted-agents/testing";
 *
 * const client = scriptedSandboxClient({ sessions: [] });
 * await assert.rejects(client.create(), (error) => {
 *   assert(error instanceof UnexpectedSandboxClientCallError);
 *   assert.equal(error.method, "create");
 *   assert.equal(error.reason, "no_session_left");
 *   return true;
 * });
 * client.acknowledgeFailures();
 * ```
 */
export class UnexpectedSandboxClientCallError extends Error {
  /** The zero-based position of the call in `calls`. */
  readonly callIndex: number;
  /** The client method called. */
  readonly method: ScriptedSandboxClientMethod;
  /** Why it cannot be served: no session left, or a state this client did not produce. */
  readonly reason: 'no_session_left' | 'unknown_state';
  /** Always `'UnexpectedSandboxClientCallError'`. */
  override readonly name: 'UnexpectedSandboxClientCallError';

  /** Names the call (1-based), the method and the reason. */
  constructor(
    callIndex: number,
    method: ScriptedSandboxClientMethod,
    reason: 'no_session_left' | 'unknown_state',
  ) {
    super(
      `Scripted sandbox client received unexpected ${method} call ${ordinal(callIndex)}; ${
        reason === 'no_session_left'
          ? 'no scripted session is left to hand out.'
          : 'the state does not belong to any of its sessions.'
      }`,
    );
    this.callIndex = callIndex;
    this.method = method;
    this.reason = reason;
    this.name = 'UnexpectedSandboxClientCallError';
  }
}

/**
 * `assertComplete()` found scripted sessions that no `create()` or
 * `resume()` handed out: the workflow created or resumed fewer sandboxes than
 * scripted.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import {
 *   scriptedSandboxClient,
 *   scriptedSandboxSession,
 *   UnusedSandboxSessionsError,
 * } from "scripted-agents/testing";
 *
 * const client = scriptedSandboxClient({ sessions: [scriptedSandboxSession()] });
 * assert.throws(() => client.assertComplete(), UnusedSandboxSessionsError);
 * ```
 */
export class UnusedSandboxSessionsError extends Error {
  /** How many scripted sessions were never handed out. */
  readonly remainingSessions: number;
  /** Always `'UnusedSandboxSessionsError'`. */
  override readonly name: 'UnusedSandboxSessionsError';

  /** Reports the count. */
  constructor(remainingSessions: number) {
    super(
      `Scripted sandbox client has ${
        countOf(remainingSessions, 'session')
      } that no create() or resume() handed out.`,
    );
    this.remainingSessions = remainingSessions;
    this.name = 'UnusedSandboxSessionsError';
  }
}
