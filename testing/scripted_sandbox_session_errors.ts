/**
 * The errors a scripted sandbox session raises. Every field is an own,
 * enumerable property that is always present (possibly `undefined`), so tests
 * can assert on structured fields (`toMatchObject`, `assert.partialDeepStrictEqual`)
 * instead of parsing messages. Messages never include argument values: a
 * failing assertion must not print the secrets a workflow passed to the sandbox.
 *
 * @module
 */

import { countOf, ordinal } from '../_internal/format.ts';

/** Why {@linkcode InvalidScriptedSandboxStepError} rejected a step. */
export type InvalidScriptedSandboxStepReason =
  | 'invalid_input'
  | 'unknown_method'
  | 'invalid_matcher'
  | 'invalid_outcome'
  | 'invalid_times'
  | 'invalid_group';

/** What {@linkcode InvalidScriptedSandboxStepError} is constructed from. */
export interface InvalidScriptedSandboxStepErrorOptions {
  /** Which rule the step broke. */
  reason: InvalidScriptedSandboxStepReason;
  /** The zero-based position of the invalid step in the script. */
  inputIndex: number;
  /** The message; the session supplies the exact wording for each rule. */
  message: string;
  /** The step's method, when it is a string. */
  method?: string;
}

// Fields are declared without initialisers and assigned in the constructor, in
// declaration order with `name` last: the key order of `Object.keys(error)` is
// then the same whether a compiler uses define or assign semantics for fields.

/**
 * Thrown by `scriptedSandboxSession()` when a step is malformed. Validation
 * happens when the session is created and stops at the first invalid step, so
 * a broken script fails next to the test's setup, not halfway through a run.
 *
 * @example
 * ```ts
 * import { InvalidScriptedSandboxStepError, scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * try {
 *   scriptedSandboxSession([{ method: 'execCommand' } as never]);
 * } catch (error) {
 *   console.assert(error instanceof InvalidScriptedSandboxStepError);
 *   console.assert((error as InvalidScriptedSandboxStepError).reason === 'invalid_outcome');
 * }
 * ```
 */
export class InvalidScriptedSandboxStepError extends Error {
  /** Which rule the step broke. */
  readonly reason: InvalidScriptedSandboxStepReason;
  /** The zero-based position of the invalid step in the script. */
  readonly inputIndex: number;
  /** The step's method when it is a string; `undefined` otherwise. */
  readonly method?: string;
  /** Always `'InvalidScriptedSandboxStepError'`. */
  override readonly name: 'InvalidScriptedSandboxStepError';

  /** Builds the error from its structured fields and message. */
  constructor(options: InvalidScriptedSandboxStepErrorOptions) {
    super(options.message);
    this.reason = options.reason;
    this.inputIndex = options.inputIndex;
    this.method = options.method;
    this.name = 'InvalidScriptedSandboxStepError';
  }
}

/** What {@linkcode UnexpectedSandboxCallError} is constructed from. */
export interface UnexpectedSandboxCallErrorOptions {
  /** The zero-based position of the call in `calls`. */
  callIndex: number;
  /** The method the workflow called. */
  actualMethod: string;
  /** The method the script expected, or `undefined` when the script was exhausted. */
  expectedMethod?: string;
  /** The steps left after the mismatched step was consumed. */
  remainingSteps: number;
}

/**
 * Raised when the workflow calls a different sandbox method than the script's
 * next step, or keeps calling after the script is exhausted. The mismatched step
 * is consumed, so `remainingSteps` counts the steps after it.
 *
 * @example
 * ```ts
 * import { scriptedSandboxSession, UnexpectedSandboxCallError } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'execCommand', result: 'ok' },
 *   { method: 'readFile', result: 'contents' },
 * ]);
 * const error = await sandbox.readFile({ path: '/etc/hosts' }).catch((e) => e);
 * console.assert(error instanceof UnexpectedSandboxCallError);
 * console.assert(error.expectedMethod === 'execCommand' && error.remainingSteps === 1);
 * sandbox.acknowledgeFailures();
 * ```
 */
export class UnexpectedSandboxCallError extends Error {
  /** The zero-based position of the call in `calls`. */
  readonly callIndex: number;
  /** The method the workflow called. */
  readonly actualMethod: string;
  /** The method the script expected; `undefined` when no steps remained. */
  readonly expectedMethod?: string;
  /** The steps left after the mismatched step was consumed. */
  readonly remainingSteps: number;
  /** Always `'UnexpectedSandboxCallError'`. */
  override readonly name: 'UnexpectedSandboxCallError';

  /** Builds the error; the message names the call (1-based) and both methods. */
  constructor(options: UnexpectedSandboxCallErrorOptions) {
    const { callIndex, actualMethod, expectedMethod, remainingSteps } = options;
    super(
      `Scripted sandbox session received unexpected ${actualMethod} call ${ordinal(callIndex)}; ${
        expectedMethod === undefined ? 'no scripted steps remain' : `expected ${expectedMethod}`
      }.`,
    );
    this.callIndex = callIndex;
    this.actualMethod = actualMethod;
    this.expectedMethod = expectedMethod;
    this.remainingSteps = remainingSteps;
    this.name = 'UnexpectedSandboxCallError';
  }
}

/** The call a rejecting matcher saw: a `RecordedSandboxCall` fits. */
export interface SandboxCallMatcherErrorCall {
  /** The zero-based position of the call in `calls`. */
  readonly index: number;
  /** The called method. */
  readonly method: string;
  /** The call's arguments; accepted for `RecordedSandboxCall`, never read. */
  readonly args?: readonly unknown[];
}

/**
 * Raised when a step's `match` returns exactly `false`. A matcher that returns
 * `undefined` or `true` passes, and one that throws propagates its own error, so
 * assertion-style matchers keep their detailed diffs.
 *
 * @example
 * ```ts
 * import { SandboxCallMatcherError, scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '/workspace\n' },
 * ]);
 * const error = await sandbox.execCommand({ cmd: 'ls' }).catch((e) => e);
 * console.assert(error instanceof SandboxCallMatcherError);
 * console.assert(error.callIndex === 0 && error.method === 'execCommand');
 * sandbox.acknowledgeFailures();
 * ```
 */
export class SandboxCallMatcherError extends Error {
  /** The zero-based position of the call in `calls`. */
  readonly callIndex: number;
  /** The called method. */
  readonly method: string;
  /** Always `'SandboxCallMatcherError'`. */
  override readonly name: 'SandboxCallMatcherError';

  /** Builds the error from the rejected call. */
  constructor(call: SandboxCallMatcherErrorCall) {
    super(`Scripted sandbox session matcher rejected ${call.method} call ${ordinal(call.index)}.`);
    this.callIndex = call.index;
    this.method = call.method;
    this.name = 'SandboxCallMatcherError';
  }
}

/**
 * Thrown by `assertComplete()` when the workflow ended before it consumed every
 * scripted step, for example because it exited early.
 *
 * @example
 * ```ts
 * import { scriptedSandboxSession, UnconsumedSandboxStepsError } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([{ method: 'execCommand', result: 'ok' }]);
 * try {
 *   sandbox.assertComplete();
 * } catch (error) {
 *   console.assert(error instanceof UnconsumedSandboxStepsError);
 *   console.assert((error as UnconsumedSandboxStepsError).pendingMethods[0] === 'execCommand');
 * }
 * ```
 */
export class UnconsumedSandboxStepsError extends Error {
  /** How many steps were left. */
  readonly remainingSteps: number;
  /** The methods of the unconsumed steps, in script order (a frozen copy). */
  readonly pendingMethods: readonly string[];
  /** Always `'UnconsumedSandboxStepsError'`. */
  override readonly name: 'UnconsumedSandboxStepsError';

  /** Builds the error from the methods of the unconsumed steps. */
  constructor(pendingMethods: readonly string[]) {
    super(
      `Scripted sandbox session has ${countOf(pendingMethods.length, 'unconsumed step')}: ${
        pendingMethods.join(', ')
      }.`,
    );
    this.remainingSteps = pendingMethods.length;
    this.pendingMethods = Object.freeze([...pendingMethods]);
    this.name = 'UnconsumedSandboxStepsError';
  }
}
