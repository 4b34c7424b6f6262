/**
 * Validation and normalization of scripted model inputs, done once when a step
 * is passed to the constructor or `enqueue()`, so that a malformed script fails
 * next to its definition instead of in the middle of a run.
 *
 * @module
 */

import { ordinal } from '../../_internal/format.ts';
import { type HoldGate, holdGate } from './_model_hold.ts';
import {
  type EnvelopeParts,
  isScriptedResponse,
  snapshotResponse,
  toUsage,
} from './model_response.ts';
import { snapshotValue } from '../../_internal/snapshot.ts';
import { type StepCheck, stepCheck } from '../../_internal/script_check.ts';
import { chunkPlan } from '../../_internal/text_chunks.ts';
import type { StepCount } from '../../_internal/step_script.ts';
import { stepCount } from '../_shared/_step_count.ts';
import {
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepReason,
} from './scripted_model_errors.ts';
import type {
  ScriptedModelExplicitStep,
  ScriptedModelResponse,
  ScriptedModelRetryAdvice,
  ScriptedModelStep,
  ScriptedModelStream,
} from './scripted_model_types.ts';

/**
 * A validated step as the model queues it. Fixed data (responses, array
 * streams, static retry advice) is already a private snapshot.
 */
export type QueuedStep =
  | {
    readonly type: 'response';
    readonly response: ScriptedModelResponse;
    /** How the response is checked against the request it answers. */
    readonly check: StepCheck;
    /** The usage and ids `modelResponse(…, options)` sets over the response. */
    readonly envelope?: EnvelopeParts;
    /** The pieces chunked messages stream as, by output position (read before the copy). */
    readonly chunks?: ReadonlyMap<number, readonly string[]>;
  }
  | {
    readonly type: 'error';
    readonly error: unknown;
    readonly retryAdvice: ScriptedModelRetryAdvice | undefined;
  }
  | {
    readonly type: 'responder';
    readonly respond: Extract<ScriptedModelExplicitStep, { type: 'responder' }>['respond'];
    /** Whether the responder's results are checked against the request. */
    readonly validate: boolean;
  }
  | { readonly type: 'stream'; readonly events: ScriptedModelStream }
  | {
    readonly type: 'stream_responder';
    readonly respond: Extract<ScriptedModelExplicitStep, { type: 'stream_responder' }>['respond'];
  }
  | HeldStep;

/** A `modelHold()` step: the gate to wait on, then the step that answers (if any). */
export type HeldStep = {
  readonly type: 'hold';
  readonly gate: HoldGate;
  readonly then: Exclude<QueuedStep, HeldStep> | undefined;
  readonly atEvent: number;
  readonly ignoreAbort: boolean;
};

/**
 * A queued step with how often it may be used, and its 1-based number in the
 * model's script (for messages).
 */
export type ScriptedUse = {
  readonly step: QueuedStep;
  readonly count: StepCount;
  readonly number: number;
};

/**
 * Validates one input with its `times` and `optional` (a bare response is
 * used once), or throws `InvalidScriptedModelStepError` with `inputIndex`.
 */
export function toCountedStep(
  input: ScriptedModelStep,
  inputIndex: number,
): { readonly step: QueuedStep; readonly count: StepCount } {
  const step = toQueuedStep(input, inputIndex);
  // A bare response has no fields of its own: it is used once.
  const count = Array.isArray(input) || !('type' in input) ? ONCE : stepCount(input);
  if (count === undefined) throw invalidTimes(inputIndex, step.type);
  return { step, count };
}

/**
 * A step for one use of a step that may be used several times: its fixed
 * data (a response, an array stream) copied, so no two calls share objects
 * the runner may keep or change.
 */
export function freshUse(step: QueuedStep): QueuedStep {
  switch (step.type) {
    case 'response':
      return { ...step, response: snapshotResponse(step.response) };
    case 'stream':
      return Array.isArray(step.events) ? { ...step, events: snapshotValue(step.events) } : step;
    case 'hold':
      return step.then === undefined ? step : {
        ...step,
        then: freshUse(step.then) as Exclude<QueuedStep, HeldStep>,
      };
    default:
      return step;
  }
}

const ONCE: StepCount = Object.freeze({ min: 1, max: 1 });

function invalidTimes(inputIndex: number, stepType: string): InvalidScriptedModelStepError {
  return new InvalidScriptedModelStepError({
    reason: 'invalid_times',
    message:
      `ScriptedModel input ${
        ordinal(inputIndex)
      } has invalid \`times\` or \`optional\` (times: a whole number of at least 1, 'any' ` +
      'or { min, max }; optional: a boolean).',
    inputIndex,
    stepType,
  });
}

const stepTypes = new Set([
  'response',
  'error',
  'responder',
  'stream',
  'stream_responder',
  'hold',
]);

/** True for a non-null object that can be iterated with `for await`. */
export function isScriptedStream(value: unknown): value is ScriptedModelStream {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<symbol, unknown>;
  return typeof candidate[Symbol.iterator] === 'function' ||
    typeof candidate[Symbol.asyncIterator] === 'function';
}

/**
 * Validates one input and returns the step to queue, or throws
 * `InvalidScriptedModelStepError` with `inputIndex`.
 */
export function toQueuedStep(input: ScriptedModelStep, inputIndex: number): QueuedStep {
  if (typeof input !== 'object' || input === null) {
    throw invalidInput('invalid_input', inputIndex);
  }
  if (Array.isArray(input)) {
    return {
      type: 'response',
      response: snapshotResponse(input),
      check: stepCheck(input, true),
      chunks: chunkPlan(input),
    };
  }
  if (!('type' in input)) {
    if (!('output' in input) && !('usage' in input)) {
      throw invalidInput('invalid_input', inputIndex);
    }
    if (!isScriptedResponse(input)) throw invalidEnvelope(inputIndex);
    return {
      type: 'response',
      response: snapshotResponse(input),
      check: stepCheck(input, true),
      chunks: chunkPlan(input.output),
    };
  }

  const type: unknown = input.type;
  if (typeof type !== 'string' || !stepTypes.has(type)) {
    throw new InvalidScriptedModelStepError(
      typeof type === 'string'
        ? {
          reason: 'unknown_step_type',
          message: `ScriptedModel input ${ordinal(inputIndex)} has unknown type "${type}".${
            bareItemHint(type)
          }`,
          inputIndex,
          stepType: type,
        }
        : {
          reason: 'unknown_step_type',
          message: invalidMessage('unknown_step_type', inputIndex),
          inputIndex,
        },
    );
  }

  const step = input as ScriptedModelExplicitStep;
  switch (step.type) {
    case 'response':
      if (!('response' in step)) throw invalidInput('missing_response', inputIndex, 'response');
      if (!isScriptedResponse(step.response)) throw invalidEnvelope(inputIndex);
      return {
        type: 'response',
        response: snapshotResponse(step.response),
        check: stepCheck(step.response, step.validate),
        envelope: envelopeParts(step, inputIndex),
        chunks: chunkPlan(Array.isArray(step.response) ? step.response : step.response.output),
      };
    case 'error':
      if (!('error' in step)) throw invalidInput('missing_error', inputIndex, 'error');
      return {
        type: 'error',
        error: step.error,
        // A callback is kept by reference; fixed advice is detached from the test's object.
        retryAdvice: typeof step.retryAdvice === 'function'
          ? step.retryAdvice
          : snapshotValue(step.retryAdvice),
      };
    case 'responder':
    case 'stream_responder':
      if (typeof step.respond !== 'function') {
        throw invalidInput('missing_responder', inputIndex, step.type);
      }
      return step.type === 'responder'
        ? { type: 'responder', respond: step.respond, validate: step.validate !== false }
        : { type: 'stream_responder', respond: step.respond };
    case 'stream':
      if (!isScriptedStream(step.events)) {
        throw invalidInput('invalid_stream', inputIndex, 'stream');
      }
      // An array is fixed data and is detached; any other iterable may be
      // stateful or lazy on purpose and is used as given.
      return {
        type: 'stream',
        events: Array.isArray(step.events) ? snapshotValue(step.events) : step.events,
      };
    case 'hold':
      return toHeldStep(step, inputIndex);
  }
}

/** The envelope parts a response step sets, checked and copied; `undefined` for none. */
function envelopeParts(
  step: Extract<ScriptedModelExplicitStep, { type: 'response' }>,
  inputIndex: number,
): EnvelopeParts | undefined {
  const { usage, responseId, requestId } = step;
  if (usage === undefined && responseId === undefined && requestId === undefined) return undefined;
  if (
    (usage !== undefined && (typeof usage !== 'object' || usage === null)) ||
    (responseId !== undefined && typeof responseId !== 'string') ||
    (requestId !== undefined && typeof requestId !== 'string')
  ) {
    throw invalidEnvelope(inputIndex);
  }
  const parts: { usage?: EnvelopeParts['usage']; responseId?: string; requestId?: string } = {};
  if (usage !== undefined) parts.usage = toUsage(usage);
  if (responseId !== undefined) parts.responseId = responseId;
  if (requestId !== undefined) parts.requestId = requestId;
  return parts;
}

/** A hold made by `modelHold()`, scripted once, around a valid step that is not a hold. */
function toHeldStep(
  step: Extract<ScriptedModelExplicitStep, { type: 'hold' }>,
  inputIndex: number,
): HeldStep {
  const gate = holdGate(step);
  const atEvent: unknown = step.atEvent;
  if (
    gate === undefined || gate.scripted ||
    typeof atEvent !== 'number' || !Number.isSafeInteger(atEvent) || atEvent < 0 ||
    (step.then === undefined && atEvent > 0)
  ) {
    throw invalidInput('invalid_input', inputIndex, 'hold');
  }
  let then: HeldStep['then'];
  if (step.then !== undefined) {
    const inner = toQueuedStep(step.then, inputIndex);
    if (inner.type === 'hold') throw invalidInput('invalid_input', inputIndex, 'hold');
    // How often belongs to the hold, which every use passes through.
    if (typeof step.then === 'object' && step.then !== null && hasRepeat(step.then)) {
      throw invalidTimes(inputIndex, 'hold');
    }
    then = inner;
  }
  return { type: 'hold', gate, then, atEvent, ignoreAbort: gate.ignoreAbort };
}

function hasRepeat(input: object): boolean {
  return !Array.isArray(input) && ('times' in input || 'optional' in input);
}

/**
 * Marks the holds of a validated batch as scripted, after rejecting a hold
 * that appears twice in it: each hold serves one call of one model.
 */
export function claimHolds(steps: readonly { readonly step: QueuedStep }[]): void {
  const seen = new Set<HoldGate>();
  steps.forEach(({ step }, inputIndex) => {
    if (step.type !== 'hold') return;
    if (seen.has(step.gate)) throw invalidInput('invalid_input', inputIndex, 'hold');
    seen.add(step.gate);
  });
  for (const gate of seen) gate.scripted = true;
}

function invalidMessage(reason: InvalidScriptedModelStepReason, inputIndex: number): string {
  return `ScriptedModel input ${ordinal(inputIndex)} is invalid (${reason.replaceAll('_', ' ')}).`;
}

function invalidInput(
  reason: InvalidScriptedModelStepReason,
  inputIndex: number,
  stepType?: string,
): InvalidScriptedModelStepError {
  return new InvalidScriptedModelStepError({
    reason,
    message: invalidMessage(reason, inputIndex),
    inputIndex,
    stepType,
  });
}

function invalidEnvelope(inputIndex: number): InvalidScriptedModelStepError {
  return new InvalidScriptedModelStepError({
    reason: 'invalid_response',
    message: `ScriptedModel input ${ordinal(inputIndex)} has an invalid response envelope.`,
    inputIndex,
  });
}

/**
 * The builder call that makes an item of each type a step could hold, for the
 * hint on a bare item; other item types are shown as `item`.
 */
const ITEM_BUILDERS: Readonly<Record<string, string>> = {
  message: "assistantMessage('x')",
  function_call: "functionCall('name', { … })",
  reasoning: 'reasoningItem()',
  hosted_tool_call: 'hostedToolCall()',
  computer_call: 'computerCall()',
  shell_call: 'shellCall()',
  apply_patch_call: 'applyPatchCall()',
  tool_search_call: 'toolSearchCall()',
  tool_search_output: 'toolSearchOutput()',
  program: 'programCall()',
  program_output: 'programOutput()',
  compaction: 'compactionItem()',
};

/** Conversation item types that are not builder-made but are still no step. */
const OTHER_ITEM_TYPES = new Set([
  'function_call_result',
  'computer_call_result',
  'shell_call_output',
  'apply_patch_call_output',
]);

/**
 * What to write instead when an item was passed where a step belongs (the
 * items of one response go in an array); `''` for a type that is no item.
 */
function bareItemHint(type: string): string {
  const written = Object.hasOwn(ITEM_BUILDERS, type)
    ? ITEM_BUILDERS[type]
    : OTHER_ITEM_TYPES.has(type)
    ? 'item'
    : undefined;
  if (written === undefined) return '';
  return ' It is an item, not a step: a step holds the items of one response in an array, ' +
    `so write [${written}] instead of ${written}.`;
}
