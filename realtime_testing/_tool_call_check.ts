/**
 * The Realtime side of the check of scripted answers: a function call the
 * scripted server sends must name a tool of the session (the tools of the
 * last `session.update` the client sent) with arguments its schema accepts,
 * as a real Realtime model is held to the session's tools.
 *
 * @module
 */

import { checkFunctionCall, offerOf, outputMismatchError } from '../_internal/script_check.ts';
import { ordinal } from '../_internal/format.ts';
import type { ScriptedOutputMismatchError } from '../_internal/script_check_errors.ts';

const DOUBLE = 'ScriptedRealtimeServer';
const WAY_OUT = 'If the call is wrong on purpose, pass { validate: false } to ' +
  'assistantCallsTool() or sendServerEvent(), or switch the check off with ' +
  'new ScriptedRealtimeServer({ validate: false }).';

/** The session's tools as the client last declared them, and the calls checked so far. */
export class RealtimeToolCheck {
  readonly #enabled: boolean;
  #tools: readonly unknown[] | undefined;
  #calls = 0;

  constructor(enabled: boolean) {
    this.#enabled = enabled;
  }

  /** Notes the tools of a `session.update` the server received (a partial update keeps them). */
  received(event: Readonly<Record<string, unknown>>): void {
    if (event.type !== 'session.update') return;
    const session = event.session;
    if (typeof session !== 'object' || session === null) return;
    const tools = (session as Record<string, unknown>).tools;
    if (Array.isArray(tools)) this.#tools = tools;
  }

  /**
   * The mismatch of a function call item the server is about to send, or
   * `undefined` (also when the check is off, or the session declared no tools).
   */
  check(
    item: unknown,
    where: { readonly outputIndex: number; readonly responseId: unknown },
    validate: boolean,
  ): ScriptedOutputMismatchError | undefined {
    if (!this.#enabled || !validate || this.#tools === undefined) return undefined;
    if (typeof item !== 'object' || item === null) return undefined;
    const call = item as Record<string, unknown>;
    if (call.type !== 'function_call') return undefined;
    const callIndex = this.#calls++;
    const found = checkFunctionCall(offerOf({ tools: this.#tools }), call, where.outputIndex);
    if (found === undefined) return undefined;
    const response = typeof where.responseId === 'string' ? ` (response ${where.responseId})` : '';
    return outputMismatchError(found, {
      double: DOUBLE,
      callIndex,
      message: `${DOUBLE} tool call ${ordinal(callIndex)}${response}, output item ${
        ordinal(found.itemIndex)
      }: ${found.problem.replace('the request', 'the session')} ${WAY_OUT}`,
    });
  }
}
