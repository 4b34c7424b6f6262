/**
 * The public types of `scriptedComputer()`: its steps, options and recorded
 * actions.
 *
 * @module
 */

import type { SdkComputer } from './_sdk_computer_types.ts';
import type { AnyOrderOf, StepRepeat } from '../step_bending/step_bending_types.ts';

/**
 * The computer methods the SDK calls for the model's actions (`screenshot`,
 * `click`, `doubleClick`, `scroll`, `type`, `wait`, `move`, `keypress`,
 * `drag`), derived from the SDK's `Computer` type.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ScriptedComputerAction } from "scripted-agents/testing";
 *
 * const action: ScriptedComputerAction = "doubleClick";
 * assert.equal(action, "doubleClick");
 * ```
 */
export type ScriptedComputerAction = Exclude<
  {
    [K in keyof SdkComputer]-?: [NonNullable<SdkComputer[K]>] extends [never] ? never
      : NonNullable<SdkComputer[K]> extends (...args: never[]) => unknown ? K
      : never;
  }[keyof SdkComputer],
  'initRun'
>;

/**
 * The action arguments of `A` as the SDK passes them, without the trailing
 * run context (which is not recorded).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ScriptedComputerActionArgs } from "scripted-agents/testing";
 *
 * const args: ScriptedComputerActionArgs<"click"> = [10, 20, "left"];
 * assert.equal(args.length, 3);
 * ```
 */
export type ScriptedComputerActionArgs<A extends ScriptedComputerAction> =
  // Every computer method ends with an optional run context: leave it out.
  Required<Parameters<Extract<SdkComputer[A], (...args: never[]) => unknown>>> extends
    [...infer Args, unknown] ? Args : never;

/**
 * One recorded computer action.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptedComputer } from "scripted-agents/testing";
 *
 * const computer = scriptedComputer([{ action: "type", result: undefined }]);
 * await computer.type("hello");
 * assert.deepEqual(computer.calls, [{ index: 0, action: "type", args: ["hello"] }]);
 * ```
 */
export type RecordedComputerCall = Readonly<{
  /** The zero-based position of the action in `calls`. */
  index: number;
  /** The computer method the SDK called. */
  action: ScriptedComputerAction;
  /** The detached action arguments (the run context is left out). */
  args: readonly unknown[];
}>;

/**
 * One computer step: the action it answers, an optional matcher of the
 * action's arguments, and at most one outcome. `screenshot` steps need a
 * `result` (the image, usually base64) or `respond`; other actions answer
 * `undefined` when no outcome is given. `times` / `optional` let it repeat
 * or be skipped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ScriptedComputerStep } from "scripted-agents/testing";
 *
 * const click: ScriptedComputerStep = { action: "click", match: (x, y) => x === 10 && y === 20 };
 * assert.equal(click.action, "click");
 * ```
 */
export type ScriptedComputerStep<A extends ScriptedComputerAction = ScriptedComputerAction> = {
  [K in A]:
    & StepRepeat
    & {
      /** The action this step answers. */
      action: K;
      /** Checks the action's arguments first; `false` fails the action. */
      match?: (...args: ScriptedComputerActionArgs<K>) => boolean | void;
    }
    & (
      | (K extends 'screenshot' ? { result: string } : { result?: undefined }) & {
        respond?: never;
        error?: never;
      }
      | {
        respond: (
          call: RecordedComputerCall,
        ) => K extends 'screenshot' ? string | PromiseLike<string> : void | PromiseLike<void>;
        result?: never;
        error?: never;
      }
      | { error: unknown; result?: never; respond?: never }
    );
}[A];

/**
 * What a computer script accepts: a step or an `anyOrder(...)` group.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ScriptedComputerInput } from "scripted-agents/testing";
 *
 * const steps: ScriptedComputerInput[] = [{ action: "wait" }];
 * assert.equal(steps.length, 1);
 * ```
 */
export type ScriptedComputerInput =
  | ScriptedComputerStep
  | AnyOrderOf<ScriptedComputerStep>;

/**
 * Options of `scriptedComputer()`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptedComputer, type ScriptedComputerOptions } from "scripted-agents/testing";
 *
 * const options: ScriptedComputerOptions = {
 *   environment: "browser",
 *   dimensions: [1024, 768],
 *   anytime: [{ action: "screenshot", result: "iVBORw0KGgo=" }],
 * };
 * const computer = scriptedComputer([], options);
 * assert.equal(await computer.screenshot(), "iVBORw0KGgo=");
 * ```
 */
export interface ScriptedComputerOptions {
  /** The environment the computer reports (default `'browser'`). */
  environment?: SdkComputer['environment'];
  /** The screen size the computer reports (default `[1024, 768]`). */
  dimensions?: [number, number];
  /**
   * Steps that answer matching actions at any point, any number of times,
   * and are never required (typically the screenshot the SDK takes after
   * every batch of actions). They take no `times` or `optional`.
   */
  anytime?: Iterable<ScriptedComputerStep>;
}

/**
 * The computer `scriptedComputer()` returns: the SDK's `Computer` plus the
 * recorder and verification members every double has.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type ScriptedComputer, scriptedComputer } from "scripted-agents/testing";
 *
 * const computer: ScriptedComputer = scriptedComputer([{ action: "wait" }]);
 * await computer.wait();
 * computer[Symbol.dispose]();
 * assert.equal(computer.remainingSteps, 0);
 * ```
 */
export type ScriptedComputer = SdkComputer & {
  /** The environment the computer reports. */
  environment: NonNullable<SdkComputer['environment']>;
  /** The screen size the computer reports. */
  dimensions: [number, number];
  /** Every recorded action, in call order: a new frozen array of frozen records. */
  readonly calls: readonly RecordedComputerCall[];
  /** The number of required actions that have not happened yet. */
  readonly remainingSteps: number;
  /** Throws `UnconsumedComputerStepsError` if a required action did not happen. */
  assertComplete(): void;
  /** The failures this computer raised (unexpected actions, matcher rejections), caught or not. */
  readonly failures: readonly unknown[];
  /** Returns the recorded failures and forgets them, for tests that provoke one on purpose. */
  acknowledgeFailures(): readonly unknown[];
  /** Throws `DoubleFailuresError` if the computer raised any failure. */
  assertNoUnexpectedCalls(): void;
  /** Teardown: runs `assertNoUnexpectedCalls()` and `assertComplete()`, reporting both. */
  [Symbol.dispose](): void;
};
