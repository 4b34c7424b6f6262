/**
 * The errors a `ScriptedModel` raises when a workflow drifts from its
 * script. Tests assert on their structured fields rather than parsing messages.
 *
 * Every field is an own enumerable property that is always present (possibly
 * `undefined`), assigned in the constructor before `name`, so
 * `Object.keys(error)` lists the fields and then `name`: matchers such as
 * `toMatchObject({ callIndex: undefined })` rely on the key being present.
 *
 * @module
 */

import { countOf, ordinal } from '../../_internal/format.ts';
import type { RecordedModelCall } from './scripted_model_types.ts';

/**
 * A model call arrived after every scripted step was consumed: the workflow made
 * more model requests than the script expected. The call is recorded before this
 * error is raised, so `model.calls` shows what the extra request asked.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { ScriptedModel, UnexpectedModelCallError } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel(); // no steps: any model call is unexpected
 * const run = new Runner({ tracingDisabled: true }).run(new Agent({ name: 'A', model }), 'Hi');
 *
 * await assert.rejects(run, (error) => {
 *   assert.ok(error instanceof UnexpectedModelCallError);
 *   assert.equal(error.callIndex, 0);
 *   assert.equal(error.streamed, false);
 *   // The SDK double's sentence, then how many steps were used and what the call answered.
 *   assert.equal(
 *     error.message,
 *     'ScriptedModel received unexpected non-streaming call #1; no scripted steps remain. ' +
 *       'It has no scripted steps. Add a step for this call (constructor or enqueue()), ' +
 *       'or find why the workflow asked again.\nThe call was answering:\n  user: "Hi"',
 *   );
 *   return true;
 * });
 * assert.equal(model.calls.length, 1); // recorded before it failed
 * model.acknowledgeFailures(); // provoked on purpose: keep it out of teardown
 * ```
 */
export class UnexpectedModelCallError extends Error {
  /** The zero-based position of the call in `ScriptedModel.calls`. */
  readonly callIndex: number;
  /** Whether the unexpected call asked for a streamed response. */
  readonly streamed: boolean;
  /** Always `'UnexpectedModelCallError'`. */
  override readonly name: 'UnexpectedModelCallError';

  /**
   * Describes the recorded call that found no scripted step. `options` only
   * add to the message (a `ScriptedModel` passes its route, how many calls it
   * answered and what the call was answering); the first sentence and the
   * fields stay the same.
   */
  constructor(call: RecordedModelCall, options: ModelFailureContext = {}) {
    super(
      `${options.model ?? 'ScriptedModel'} received unexpected ${
        call.streamed ? 'streaming' : 'non-streaming'
      } call ${ordinal(call.index)}; ${
        options.servesOnly === undefined
          ? 'no scripted steps remain.'
          : `it serves ${options.servesOnly} calls only ({ streamed: ${
            options.servesOnly === 'streaming'
          } }).`
      }${contextText(options, true)}`,
    );
    this.callIndex = call.index;
    this.streamed = call.streamed;
    this.name = 'UnexpectedModelCallError';
  }
}

/**
 * What a `ScriptedModel` adds to its failure messages so nobody has to hunt:
 * every part is optional and already written for people.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { type ModelFailureContext, UnconsumedModelStepsError } from 'scripted-agents/testing';
 *
 * const context: ModelFailureContext = {
 *   route: ' on route "gpt-4.1-mini"',
 *   callCount: 1,
 *   unusedSteps: '#2 message "Refunded…"',
 * };
 * assert.equal(
 *   new UnconsumedModelStepsError(1, context).message,
 *   'ScriptedModel has 1 unconsumed scripted step. 1 call was made on route "gpt-4.1-mini". ' +
 *     'Unused: #2 message "Refunded…". Remove the steps the workflow no longer needs, or find ' +
 *     'why it stopped early (an interruption, a guardrail, a changed tool).',
 * );
 * ```
 */
export interface ModelFailureContext {
  /** Where the model serves, as ` on route "name"` (or `''`). */
  route?: string;
  /**
   * How many calls the model received (for an unexpected call: how many
   * scripted steps were used before it).
   */
  callCount?: number;
  /** The first unused steps, briefly (`#2 function_call escalate(…)`). */
  unusedSteps?: string;
  /** The transcript block (a heading line, then indented steps) of what came before. */
  transcript?: string;
  /** How the message names the model: `ScriptedModel "digest model"` (default `ScriptedModel`). */
  model?: string;
  /** For an unexpected call: the kind of call the model serves, when it serves one kind only. */
  servesOnly?: 'streaming' | 'non-streaming';
}

function contextText(context: ModelFailureContext, unexpected = false): string {
  const parts: string[] = [];
  const route = context.route ?? '';
  if (context.callCount !== undefined) {
    const count = context.callCount;
    parts.push(
      unexpected
        ? (count === 0
          ? ` It has no scripted steps${route}.`
          : ` Its ${countOf(count, 'scripted step')} ${count === 1 ? 'was' : 'were'} used${route}.`)
        : ` ${countOf(count, 'call')} ${count === 1 ? 'was' : 'were'} made${route}.`,
    );
  } else if (route !== '') parts.push(` Route:${route.replace(/^ on routes?/, '')}.`);
  if (context.unusedSteps) parts.push(` Unused: ${context.unusedSteps}.`);
  if (unexpected && context.servesOnly !== undefined) {
    parts.push(
      ` Make the code under test ask for a ${context.servesOnly} response, or drop the ` +
        '`streamed` option.',
    );
  } else if (unexpected && (context.callCount !== undefined || context.transcript)) {
    parts.push(
      ' Add a step for this call (constructor or enqueue()), or find why the workflow asked again.',
    );
  }
  if (!unexpected && context.unusedSteps) {
    parts.push(
      ' Remove the steps the workflow no longer needs, or find why it stopped early (an ' +
        'interruption, a guardrail, a changed tool).',
    );
  }
  if (context.transcript) parts.push(context.transcript);
  return parts.join('');
}

/**
 * `assertComplete()` found scripted steps that no model call consumed: the
 * workflow stopped earlier than the script expected.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   assistantMessage,
 *   ScriptedModel,
 *   UnconsumedModelStepsError,
 * } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([[assistantMessage('never requested')]]);
 * assert.throws(() => model.assertComplete(), {
 *   name: 'UnconsumedModelStepsError',
 *   remainingSteps: 1,
 *   message: 'ScriptedModel has 1 unconsumed scripted step. 0 calls were made. Unused: #1 ' +
 *     'message "never requested". Remove the steps the workflow no longer needs, or find why it ' +
 *     'stopped early (an interruption, a guardrail, a changed tool).',
 * });
 * // Constructed directly, it has the SDK double's message.
 * assert.equal(
 *   new UnconsumedModelStepsError(2).message,
 *   'ScriptedModel has 2 unconsumed scripted steps.',
 * );
 * assert.throws(() => model.assertComplete(), UnconsumedModelStepsError);
 * ```
 */
export class UnconsumedModelStepsError extends Error {
  /** How many scripted steps were left. */
  readonly remainingSteps: number;
  /** Always `'UnconsumedModelStepsError'`. */
  override readonly name: 'UnconsumedModelStepsError';

  /**
   * Reports `remainingSteps` unconsumed steps. `options` only add to the
   * message (a `ScriptedModel` passes its route, call count, the first unused
   * steps and the last steps of the run); the first sentence stays the same.
   */
  constructor(remainingSteps: number, options: ModelFailureContext = {}) {
    super(
      `${options.model ?? 'ScriptedModel'} has ${
        countOf(remainingSteps, 'unconsumed scripted step')
      }.${contextText(options)}`,
    );
    this.remainingSteps = remainingSteps;
    this.name = 'UnconsumedModelStepsError';
  }
}

/**
 * Why a scripted model step was rejected.
 *
 * Raised by the constructor or `enqueue()` (with `inputIndex`):
 * `invalid_input`, `unknown_step_type`, `missing_response`, `invalid_response`,
 * `missing_error`, `missing_responder`, `invalid_stream`. Raised at call time
 * (with `callIndex`): `invalid_response` (a responder's result),
 * `invalid_stream` (a stream responder's result) and `incompatible_call` (a raw
 * stream step drawn by a non-streaming call). Also raised by the constructor
 * or `enqueue()`: `invalid_arguments` (a scripted function call whose
 * arguments text is not JSON) and `invalid_times` (malformed `times` or
 * `optional`, or either on the step inside a `modelHold()`).
 */
export type InvalidScriptedModelStepReason =
  | 'invalid_input'
  | 'unknown_step_type'
  | 'missing_response'
  | 'invalid_response'
  | 'missing_error'
  | 'missing_responder'
  | 'invalid_stream'
  | 'incompatible_call'
  | 'invalid_arguments'
  | 'invalid_times';

/** What {@linkcode InvalidScriptedModelStepError} is constructed from. */
export interface InvalidScriptedModelStepErrorOptions {
  /** Why the step was rejected. */
  reason: InvalidScriptedModelStepReason;
  /** The complete error message. */
  message: string;
  /** The zero-based position of the rejected constructor or `enqueue()` input. */
  inputIndex?: number;
  /** The zero-based position of the call that drew the rejected step. */
  callIndex?: number;
  /** The step's `type`, when it is known. */
  stepType?: string;
}

/**
 * A scripted step is malformed, or cannot serve the call that drew it.
 * Malformed steps are rejected by the constructor or `enqueue()` (before any
 * call, with `inputIndex`); a step that only fails when used (a responder's bad
 * result, a raw stream for a non-streaming call) is rejected at call time (with
 * `callIndex`).
 *
 * @example A malformed step fails where the script is written
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   assistantMessage,
 *   InvalidScriptedModelStepError,
 *   ScriptedModel,
 * } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([[assistantMessage('ok')]]);
 * // A response step without its response (say, a factory call left unfinished).
 * assert.throws(() => model.enqueue({ type: 'response' } as never), (error) => {
 *   assert.ok(error instanceof InvalidScriptedModelStepError);
 *   assert.equal(error.reason, 'missing_response');
 *   assert.equal(error.inputIndex, 0);
 *   assert.equal(error.callIndex, undefined);
 *   return true;
 * });
 * assert.equal(model.remainingSteps, 1); // nothing was added
 * ```
 *
 * @example A raw stream drawn by a non-streaming call
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { ModelRequest } from '@openai/agents';
 * import { modelStream, ScriptedModel } from 'scripted-agents/testing';
 *
 * const request: ModelRequest = {
 *   input: 'Hello',
 *   modelSettings: {},
 *   tools: [],
 *   outputType: 'text',
 *   handoffs: [],
 *   tracing: false,
 * };
 * const model = new ScriptedModel([modelStream([{ type: 'response_started' }])]);
 * await assert.rejects(model.getResponse(request), {
 *   name: 'InvalidScriptedModelStepError',
 *   reason: 'incompatible_call',
 *   callIndex: 0,
 *   stepType: 'stream',
 * });
 * model.acknowledgeFailures();
 * ```
 */
export class InvalidScriptedModelStepError extends Error {
  /** Why the step was rejected. */
  readonly reason: InvalidScriptedModelStepReason;
  /** The zero-based position of the rejected constructor or `enqueue()` input. */
  readonly inputIndex?: number;
  /** The zero-based position of the call that drew the rejected step. */
  readonly callIndex?: number;
  /** The step's `type`, when it is known. */
  readonly stepType?: string;
  /** Always `'InvalidScriptedModelStepError'`. */
  override readonly name: 'InvalidScriptedModelStepError';

  /** Builds the error from its fields and complete message. */
  constructor(options: InvalidScriptedModelStepErrorOptions) {
    super(options.message);
    this.reason = options.reason;
    this.inputIndex = options.inputIndex;
    this.callIndex = options.callIndex;
    this.stepType = options.stepType;
    this.name = 'InvalidScriptedModelStepError';
  }
}

/**
 * The request's `AbortSignal` was aborted. Its `name` is `'AbortError'` on
 * purpose, so the SDK runner (and any code checking `error.name`) treats it as
 * an ordinary cancellation.
 *
 * `callIndex` is `undefined` when the signal was already aborted on entry
 * (nothing was recorded and no step consumed); otherwise it is the index of the
 * recorded call that observed the abort.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import {
 *   assistantMessage,
 *   ScriptedModel,
 *   ScriptedModelRequestAbortedError,
 * } from 'scripted-agents/testing';
 *
 * const model = new ScriptedModel([[assistantMessage('unused')]]);
 * const agent = new Agent({ name: 'A', model });
 * const run = new Runner({ tracingDisabled: true })
 *   .run(agent, 'Hi', { signal: AbortSignal.abort() });
 *
 * await assert.rejects(run, (error) => {
 *   assert.ok(error instanceof ScriptedModelRequestAbortedError);
 *   assert.equal(error.name, 'AbortError');
 *   assert.equal(error.callIndex, undefined); // aborted on entry: nothing recorded
 *   return true;
 * });
 * assert.equal(model.remainingSteps, 1);
 * assert.equal(model.calls.length, 0);
 * ```
 */
export class ScriptedModelRequestAbortedError extends Error {
  /** The zero-based position of the call that observed the abort, if one was recorded. */
  readonly callIndex?: number;
  /** Always `'AbortError'`, the name cancellation checks look for. */
  override readonly name: 'AbortError';

  /** Reports an abort observed by call `callIndex` (or before any call was recorded). */
  constructor(callIndex?: number) {
    super('Scripted model request was aborted.');
    this.callIndex = callIndex;
    this.name = 'AbortError';
  }
}

/** Why {@linkcode StreamedTextNotFoundError} gave up waiting. */
export type StreamedTextNotFoundReason = 'turn_ended' | 'script_ended';

/**
 * A test waited for text a streamed call never streamed
 * (`model.waitForStreamedText(match)`): the stream ended without it, and the
 * run cannot stream it later, because that stream's response asked for no tool
 * (`turn_ended`: the agent's turn ended with it) or no scripted step is left
 * (`script_ended`). It rejects when the stream ends, so the test fails with
 * what was streamed instead of waiting for the test runner's timeout.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { StreamedTextNotFoundError } from 'scripted-agents/testing';
 *
 * const error = new StreamedTextNotFoundError({
 *   callIndex: 0,
 *   expected: '"world"',
 *   deltas: ['Hel', 'lo.'],
 *   reason: 'turn_ended',
 * });
 * assert.equal(
 *   error.message,
 *   'ScriptedModel call #1 ended its stream without the text the test waited for ("world"): ' +
 *     'it streamed 2 text deltas ("Hel", "lo.") and its response asked for no tool, so the ' +
 *     "agent's turn ended there. Script that text (assistantMessage(text, { chunks })), or wait " +
 *     'for what the run streams.',
 * );
 * ```
 */
export class StreamedTextNotFoundError extends Error {
  /** The zero-based index of the call whose stream ended. */
  readonly callIndex: number;
  /** What the test waited for: a JSON string, or a regular expression's source (`/wor.d/`). */
  readonly expected: string;
  /** The text deltas that call streamed, in order (a frozen copy). */
  readonly deltas: readonly string[];
  /** Why the text cannot come later. */
  readonly reason: StreamedTextNotFoundReason;
  /** Always `'StreamedTextNotFoundError'`. */
  override readonly name: 'StreamedTextNotFoundError';

  /** Describes the call whose stream ended without the text. */
  constructor(options: StreamedTextNotFoundErrorOptions) {
    const shown = options.deltas.map((delta) => JSON.stringify(delta)).join(', ');
    super(
      `ScriptedModel call ${
        ordinal(options.callIndex)
      } ended its stream without the text the test waited for (${options.expected}): it streamed ${
        countOf(options.deltas.length, 'text delta')
      }${shown === '' ? '' : ` (${shown})`} and ${
        options.reason === 'turn_ended'
          ? "its response asked for no tool, so the agent's turn ended there"
          : 'no scripted step is left to stream it'
      }. Script that text (assistantMessage(text, { chunks })), or wait for what the run streams.`,
    );
    this.callIndex = options.callIndex;
    this.expected = options.expected;
    this.deltas = Object.freeze([...options.deltas]);
    this.reason = options.reason;
    this.name = 'StreamedTextNotFoundError';
  }
}

/**
 * Options of {@linkcode StreamedTextNotFoundError}.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { StreamedTextNotFoundError, type StreamedTextNotFoundErrorOptions } from 'scripted-agents/testing';
 *
 * const options: StreamedTextNotFoundErrorOptions = {
 *   callIndex: 1,
 *   expected: '/total/',
 *   deltas: [],
 *   reason: 'script_ended',
 * };
 * assert.equal(new StreamedTextNotFoundError(options).reason, 'script_ended');
 * ```
 */
export interface StreamedTextNotFoundErrorOptions {
  /** The zero-based index of the call whose stream ended. */
  callIndex: number;
  /** What the test waited for, as the message shows it. */
  expected: string;
  /** The text deltas that call streamed. */
  deltas: readonly string[];
  /** Why the text cannot come later. */
  reason: StreamedTextNotFoundReason;
}
