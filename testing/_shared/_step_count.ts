/**
 * Reading a step's `times` and `optional` fields, for the doubles whose
 * steps may bend.
 *
 * @module
 */

import type { StepCount } from '../../_internal/step_script.ts';
import type { StepRepeat } from '../step_bending/step_bending_types.ts';

const once: StepCount = Object.freeze({ min: 1, max: 1 });

/** The count a step's fields ask for, or `undefined` when they are malformed. */
export function stepCount(step: object): StepCount | undefined {
  const { times, optional } = step as { times?: unknown; optional?: unknown };
  if (optional !== undefined && typeof optional !== 'boolean') return undefined;
  let count: StepCount;
  if (times === undefined) count = once;
  else if (times === 'any') count = { min: 0, max: Infinity };
  else if (typeof times === 'number') {
    if (!Number.isSafeInteger(times) || times < 1) return undefined;
    count = { min: times, max: times };
  } else if (typeof times === 'object' && times !== null) {
    const { min = 0, max = Infinity } = times as { min?: unknown; max?: unknown };
    if (typeof min !== 'number' || !Number.isSafeInteger(min) || min < 0) return undefined;
    if (typeof max !== 'number' || !(max === Infinity || Number.isSafeInteger(max))) {
      return undefined;
    }
    if (max < 1 || max < min) return undefined;
    count = { min, max };
  } else return undefined;
  return optional === true ? { min: 0, max: count.max } : count;
}

/** Whether `input` is a group made by `anyOrder()`. */
export function isGroup(input: unknown): input is { anyOrder: readonly unknown[] } {
  return typeof input === 'object' && input !== null && 'anyOrder' in input &&
    Array.isArray((input as { anyOrder: unknown }).anyOrder);
}

/**
 * The `times` and `optional` a step factory was given, as the step's own
 * fields: only those present, so a plain step keeps its plain shape.
 */
export function repeatFields(options: StepRepeat): StepRepeat {
  const fields: StepRepeat = {};
  if (options.times !== undefined) fields.times = options.times;
  if (options.optional !== undefined) fields.optional = options.optional;
  return fields;
}
