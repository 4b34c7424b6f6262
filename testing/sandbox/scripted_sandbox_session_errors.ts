/**
 * The errors a scripted sandbox session raises. Every field is an own,
 * enumerable property that is always present (possibly `undefined`), so tests
 * can assert on structured fields (`toMatchObject`, `assert.partialDeepStrictEqual`)
 * instead of parsing messages. Messages never include argument values: a
 * failing assertion must not print the secrets a workflow passed to the sandbox.
 *
 * @module
 */

import { countOf, ordinal } from '../../_internal/format.ts';

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

/**
 * Thrown by `scriptedSandboxSession()` when a step is malformed. Validation
 * happens when the session is created and stops at the first invalid step, so
 * a broken script fails next to the test's setup, not halfway through a run.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { InvalidScriptedSandboxStepError, scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * // A step needs exactly one of `result`, `respond` or `error`.
 * assert.throws(() => scriptedSandboxSession([{ method: 'execCommand' } as never]), (error) => {
 *   assert.ok(error instanceof InvalidScriptedSandboxStepError);
 *   assert.equal(error.reason, 'invalid_outcome');
 *   assert.equal(error.inputIndex, 0);
 *   assert.equal(error.method, 'execCommand');
 *   return true;
 * });
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
 * import assert from 'node:assert/strict';
 * import { scriptedSandboxSession, UnexpectedSandboxCallError } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'execCommand', result: 'ok' },
 *   { method: 'readFile', result: new Uint8Array() },
 * ]);
 * await assert.rejects(sandbox.readFile({ path: '/etc/hosts' }), (error) => {
 *   assert.ok(error instanceof UnexpectedSandboxCallError);
 *   assert.equal(error.callIndex, 0);
 *   assert.equal(error.actualMethod, 'readFile');
 *   assert.equal(error.expectedMethod, 'execCommand');
 *   assert.equal(error.remainingSteps, 1); // the mismatched step was consumed
 *   assert.equal(
 *     error.message,
 *     'Scripted sandbox session received unexpected readFile call #1; expected execCommand.',
 *   );
 *   return true;
 * });
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
 * import assert from 'node:assert/strict';
 * import { scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '/workspace\n' },
 * ]);
 * await assert.rejects(sandbox.execCommand({ cmd: 'ls' }), {
 *   name: 'SandboxCallMatcherError',
 *   callIndex: 0,
 *   method: 'execCommand',
 *   message: 'Scripted sandbox session matcher rejected execCommand call #1.',
 * });
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
 * import assert from 'node:assert/strict';
 * import { scriptedSandboxSession, UnconsumedSandboxStepsError } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'execCommand', result: 'ok' },
 *   { method: 'pathExists', result: true },
 * ]);
 * assert.throws(() => sandbox.assertComplete(), (error) => {
 *   assert.ok(error instanceof UnconsumedSandboxStepsError);
 *   assert.equal(error.remainingSteps, 2);
 *   assert.deepEqual(error.pendingMethods, ['execCommand', 'pathExists']);
 *   assert.equal(
 *     error.message,
 *     'Scripted sandbox session has 2 unconsumed steps: execCommand, pathExists.',
 *   );
 *   return true;
 * });
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

/** The sandbox doubles, as {@linkcode SandboxSdkUnavailableError} names them. */
export type SandboxDoubleName = 'scriptedSandboxSession' | 'scriptedSandboxClient';

/** What {@linkcode SandboxSdkUnavailableError} is constructed from. */
export interface SandboxSdkUnavailableErrorOptions {
  /** The double that was being created. */
  double: SandboxDoubleName;
  /** The oldest `@openai/agents-core` release the sandbox doubles work with. */
  requiredSdk: string;
  /** Why the SDK's sandbox entry could not be loaded. */
  cause: unknown;
}

/**
 * Thrown when a sandbox double is created but the installed SDK has no
 * `@openai/agents-core/sandbox` entry (releases before the sandbox agents
 * shipped). The rest of `scripted-agents/testing` works without it: only the
 * sandbox doubles need it.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { SandboxSdkUnavailableError } from 'scripted-agents/testing';
 *
 * const error = new SandboxSdkUnavailableError({
 *   double: 'scriptedSandboxSession',
 *   requiredSdk: '0.9.0',
 *   cause: new Error('Package subpath ./sandbox is not defined by "exports"'),
 * });
 * assert.equal(error.requiredSdk, '0.9.0');
 * assert.match(error.message, /@openai\/agents-core 0\.9\.0 or newer/);
 * ```
 */
export class SandboxSdkUnavailableError extends Error {
  /** The double that was being created. */
  readonly double: SandboxDoubleName;
  /** The oldest `@openai/agents-core` release the sandbox doubles work with. */
  readonly requiredSdk: string;
  /** Always `'SandboxSdkUnavailableError'`. */
  override readonly name: 'SandboxSdkUnavailableError';

  /** Builds the error from its structured fields; the message says what to install. */
  constructor(options: SandboxSdkUnavailableErrorOptions) {
    super(
      `${options.double}() needs the SDK's sandbox entry (@openai/agents-core/sandbox), which ` +
        `the installed SDK does not have. Install @openai/agents-core ${options.requiredSdk} or ` +
        `newer (with the matching @openai/agents) to use the sandbox doubles; the model and ` +
        `Realtime doubles of this package work with the installed SDK.`,
      { cause: options.cause },
    );
    this.double = options.double;
    this.requiredSdk = options.requiredSdk;
    this.name = 'SandboxSdkUnavailableError';
  }
}
