/**
 * The errors `scriptedComputer()` raises when a computer-use workflow drifts
 * from its script. Every field is an own enumerable property (present even
 * when `undefined`), declared before `name`; messages number actions from 1.
 *
 * @module
 */

import { countOf, ordinal } from '../../_internal/format.ts';

/**
 * An action no step could take: another action was expected, or the script
 * was used up (`expectedAction` undefined).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptedComputer, UnexpectedComputerActionError } from "scripted-agents/testing";
 *
 * const computer = scriptedComputer([{ action: "click" }]);
 * assert.throws(() => computer.type("hi"), (error) => {
 *   assert(error instanceof UnexpectedComputerActionError);
 *   assert.equal(error.actualAction, "type");
 *   assert.equal(error.expectedAction, "click");
 *   return true;
 * });
 * computer.acknowledgeFailures();
 * ```
 */
export class UnexpectedComputerActionError extends Error {
  /** The zero-based position of the action in `calls`. */
  readonly callIndex: number;
  /** The action the SDK performed. */
  readonly actualAction: string;
  /** The action of the required step it displaced, or `undefined`. */
  readonly expectedAction: string | undefined;
  /** The required actions still expected after this one. */
  readonly remainingSteps: number;
  /** Always `'UnexpectedComputerActionError'`. */
  override readonly name: 'UnexpectedComputerActionError';

  /** Names the action (1-based) and both action names. */
  constructor(options: {
    callIndex: number;
    actualAction: string;
    expectedAction: string | undefined;
    remainingSteps: number;
  }) {
    const { callIndex, actualAction, expectedAction, remainingSteps } = options;
    super(
      `Scripted computer received unexpected ${actualAction} action ${ordinal(callIndex)}; ${
        expectedAction === undefined
          ? 'no scripted step can take it.'
          : `expected ${expectedAction}.`
      }`,
    );
    this.callIndex = callIndex;
    this.actualAction = actualAction;
    this.expectedAction = expectedAction;
    this.remainingSteps = remainingSteps;
    this.name = 'UnexpectedComputerActionError';
  }
}

/**
 * A step's matcher returned `false` for the action's arguments.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ComputerActionMatcherError, scriptedComputer } from "scripted-agents/testing";
 *
 * const computer = scriptedComputer([{ action: "type", match: (text) => text === "hello" }]);
 * assert.throws(() => computer.type("bye"), ComputerActionMatcherError);
 * computer.acknowledgeFailures();
 * ```
 */
export class ComputerActionMatcherError extends Error {
  /** The zero-based position of the action in `calls`. */
  readonly callIndex: number;
  /** The action the matcher rejected. */
  readonly action: string;
  /** Always `'ComputerActionMatcherError'`. */
  override readonly name: 'ComputerActionMatcherError';

  /** Names the action (1-based). */
  constructor(callIndex: number, action: string) {
    super(`Scripted computer matcher rejected ${action} action ${ordinal(callIndex)}.`);
    this.callIndex = callIndex;
    this.action = action;
    this.name = 'ComputerActionMatcherError';
  }
}

/**
 * `assertComplete()` found required actions that did not happen.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptedComputer, UnconsumedComputerStepsError } from "scripted-agents/testing";
 *
 * const computer = scriptedComputer([{ action: "click" }, { action: "type" }]);
 * assert.throws(() => computer.assertComplete(), (error) => {
 *   assert(error instanceof UnconsumedComputerStepsError);
 *   assert.deepEqual(error.pendingActions, ["click", "type"]);
 *   return true;
 * });
 * ```
 */
export class UnconsumedComputerStepsError extends Error {
  /** How many required actions did not happen. */
  readonly remainingSteps: number;
  /** Those actions, in script order (repeated per missing use). */
  readonly pendingActions: readonly string[];
  /** Always `'UnconsumedComputerStepsError'`. */
  override readonly name: 'UnconsumedComputerStepsError';

  /** Lists the missing actions. */
  constructor(pendingActions: readonly string[]) {
    super(
      `Scripted computer has ${countOf(pendingActions.length, 'unconsumed step')}: ${
        pendingActions.join(', ')
      }.`,
    );
    this.remainingSteps = pendingActions.length;
    this.pendingActions = Object.freeze([...pendingActions]);
    this.name = 'UnconsumedComputerStepsError';
  }
}

/**
 * Why {@linkcode InvalidScriptedComputerStepError} rejected a step.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { InvalidScriptedComputerStepReason } from "scripted-agents/testing";
 *
 * const reason: InvalidScriptedComputerStepReason = "unknown_action";
 * assert.equal(reason, "unknown_action");
 * ```
 */
export type InvalidScriptedComputerStepReason =
  | 'invalid_input'
  | 'unknown_action'
  | 'invalid_matcher'
  | 'invalid_outcome'
  | 'invalid_times'
  | 'invalid_group';

/**
 * A computer step is malformed; raised by `scriptedComputer()` before any
 * action.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { InvalidScriptedComputerStepError, scriptedComputer } from "scripted-agents/testing";
 *
 * assert.throws(
 *   () => scriptedComputer([{ action: "screenshot" } as never]),
 *   (error) => error instanceof InvalidScriptedComputerStepError && error.reason === "invalid_outcome",
 * );
 * ```
 */
export class InvalidScriptedComputerStepError extends Error {
  /** Which rule the step broke. */
  readonly reason: InvalidScriptedComputerStepReason;
  /** The zero-based position of the step (in the script or in `anytime`). */
  readonly inputIndex: number;
  /** Always `'InvalidScriptedComputerStepError'`. */
  override readonly name: 'InvalidScriptedComputerStepError';

  /** Names the step (1-based) and the rule. */
  constructor(reason: InvalidScriptedComputerStepReason, inputIndex: number, detail: string) {
    super(`Scripted computer step ${ordinal(inputIndex)} ${detail}.`);
    this.reason = reason;
    this.inputIndex = inputIndex;
    this.name = 'InvalidScriptedComputerStepError';
  }
}
