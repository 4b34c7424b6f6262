/**
 * What the step-script doubles (`scriptedSandboxSession()`,
 * `scriptedComputer()`, `ScriptedMcpServer`) do alike around the shared step
 * script: reading one script input (a step, or an `anyOrder()` group of steps)
 * into an entry, and offering a call to the script, where a matcher that
 * answers `false` or throws refuses the call and a refused or unexpected call
 * is a failure the double remembers.
 *
 * @module
 */

import type { FailureLog } from '../../_internal/failure_log.ts';
import type { ScriptEntry, StepCount, StepScript } from '../../_internal/step_script.ts';
import { isGroup } from './_step_count.ts';

/**
 * Reads one script input into an entry. `counted` validates a single step
 * (with how often it may be used); `invalidGroup` makes the error for an empty
 * group or a group nested in a group.
 */
export function scriptEntry<S>(
  input: unknown,
  counted: (member: unknown) => { readonly step: S; readonly count: StepCount },
  invalidGroup: (problem: 'empty' | 'nested') => unknown,
): ScriptEntry<S> {
  if (!isGroup(input)) return { kind: 'step', ...counted(input) };
  if (input.anyOrder.length === 0) throw invalidGroup('empty');
  return {
    kind: 'group',
    members: input.anyOrder.map((member) => {
      if (isGroup(member)) throw invalidGroup('nested');
      return counted(member);
    }),
  };
}

/** How a double judges a call offered to its script, and the errors it reports. */
export interface TakeStepOptions<S> {
  /** Where refused and unexpected calls are remembered. */
  readonly failures: FailureLog;
  /** Runs the step's matcher (only called when the step has one); `false` refuses the call. */
  readonly matches: (step: S) => unknown;
  /** The failure for a matcher that answered `false`. */
  readonly mismatch: () => unknown;
  /** The failure for a call no step may take; `expected` is the required step in the way. */
  readonly unexpected: (expected: S | undefined) => unknown;
}

/**
 * Offers a call with `key` to `script` and returns the step that takes it.
 * Throws (and records in `failures`) the first refusing matcher's failure, or
 * the unexpected-call failure when no step may take the call.
 */
export function takeStep<S extends { readonly match?: unknown }>(
  script: StepScript<S>,
  key: string,
  options: TakeStepOptions<S>,
): S {
  const { failures, matches, mismatch, unexpected } = options;
  const taken = script.take(key, (step) => {
    if (step.match === undefined) return true;
    try {
      return matches(step) === false ? mismatch() : true;
    } catch (error) {
      return error;
    }
  });
  if (taken.kind === 'unexpected') throw failures.raise(unexpected(taken.expected));
  if (taken.kind === 'rejected') throw failures.raise(taken.failure);
  return taken.step;
}
