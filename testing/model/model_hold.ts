/**
 * `modelHold()`: a model step that holds its call until the test releases it,
 * or until the request is aborted. It replaces hand-written responders that
 * wait on a promise and watch the abort signal, for tests of timeouts,
 * cancellation, slow models and "what does the app show while waiting".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner } from "@openai/agents";
 * import { assistantMessage, modelHold, ScriptedModel } from "scripted-agents/testing";
 *
 * const hold = modelHold([assistantMessage("Done.")]);
 * const model = new ScriptedModel([hold]);
 * const agent = new Agent({ name: "Slow", model });
 * const run = new Runner({ tracingDisabled: true }).run(agent, "Go");
 *
 * await hold.reached; // the runner is now waiting for the model
 * assert.equal(hold.state, "held");
 * hold.release();
 * assert.equal((await run).finalOutput, "Done.");
 * ```
 *
 * @module
 */

import { HoldGate, registerHold } from './_model_hold.ts';
import type {
  ModelHold,
  ModelHoldOptions,
  ModelHoldState,
  ScriptedModelStep,
} from './scripted_model_types.ts';
import { repeatFields } from '../_shared/_step_count.ts';

/**
 * A step that holds the call that draws it. `hold.reached` resolves (with a
 * snapshot of the call) as soon as a call reaches the hold; `hold.release()`
 * lets it continue with `then`, any other step or a bare response. Without
 * `then` the call is held until its request is aborted.
 *
 * Aborting the request while it is held (the runner's `signal`, a
 * `modelSettings.timeoutMs`) rejects the call with
 * `ScriptedModelRequestAbortedError` (`name: 'AbortError'`), as any aborted
 * scripted call does; with `options.ignoreAbort` the call stays held after
 * the abort, only `release()` ends it, and the answer (or the rest of the
 * stream) is delivered after the abort, as from a provider that swallows it.
 * Streamed calls hold before the first event, or after
 * `options.atEvent` events of `then`'s stream. Releasing before a call reaches
 * the hold lets that call pass straight through.
 *
 * @example Pause a stream after its first event
 * ```ts
 * import assert from "node:assert/strict";
 * import { assistantMessage, modelHold, ScriptedModel } from "scripted-agents/testing";
 *
 * const hold = modelHold([assistantMessage("Hello")], { atEvent: 1 });
 * const model = new ScriptedModel([hold]);
 * const stream = model.getStreamedResponse({} as never)[Symbol.asyncIterator]();
 * assert.equal((await stream.next()).value.type, "response_started");
 * const next = stream.next(); // waits at the hold
 * await hold.reached;
 * hold.release();
 * assert.equal((await next).value.type, "output_text_delta");
 * ```
 *
 * @example Hold until the request is aborted
 * ```ts
 * import assert from "node:assert/strict";
 * import { modelHold, ScriptedModel, ScriptedModelRequestAbortedError } from "scripted-agents/testing";
 *
 * const hold = modelHold();
 * const model = new ScriptedModel([hold]);
 * const controller = new AbortController();
 * const pending = model.getResponse({ signal: controller.signal } as never);
 * await hold.reached;
 * controller.abort();
 * await assert.rejects(pending, ScriptedModelRequestAbortedError);
 * assert.equal(hold.state, "aborted");
 * ```
 */
export function modelHold(then?: ScriptedModelStep, options: ModelHoldOptions = {}): ModelHold {
  const ignoreAbort = options.ignoreAbort === true;
  const gate = new HoldGate(then !== undefined, ignoreAbort);
  const hold = {
    type: 'hold' as const,
    then,
    atEvent: options.atEvent ?? 0,
    ignoreAbort,
    ...repeatFields(options),
    reached: gate.reached,
    get state(): ModelHoldState {
      return gate.state;
    },
    release(): void {
      gate.release();
    },
  };
  Object.freeze(hold);
  registerHold(hold, gate);
  return hold;
}
