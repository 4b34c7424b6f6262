/**
 * `scriptedComputer()`: an in-memory `Computer` for the SDK's computer-use
 * tool. Each scripted step answers one action (click, type, screenshot, ...)
 * in order; every action is recorded, so a test can run the real computer
 * tool loop and assert what the agent did on screen.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptedComputer } from "scripted-agents/testing";
 *
 * using computer = scriptedComputer([
 *   { action: "click", match: (x, y, button) => x === 10 && y === 20 && button === "left" },
 *   { action: "screenshot", result: "iVBORw0KGgo=" },
 * ]);
 * await computer.click(10, 20, "left");
 * assert.equal(await computer.screenshot(), "iVBORw0KGgo=");
 * ```
 *
 * @module
 */

import { FailureLog } from '../../_internal/failure_log.ts';
import { type ScriptEntry, StepScript } from '../../_internal/step_script.ts';
import { snapshotValue } from '../../_internal/snapshot.ts';
import type { Assert, HasExactKeys } from '../_shared/_exact_keys.ts';
import { stepCount } from '../_shared/_step_count.ts';
import { scriptEntry, takeStep } from '../_shared/_script_steps.ts';
import {
  ComputerActionMatcherError,
  InvalidScriptedComputerStepError,
  UnconsumedComputerStepsError,
  UnexpectedComputerActionError,
} from './scripted_computer_errors.ts';
import type {
  RecordedComputerCall,
  ScriptedComputer,
  ScriptedComputerAction,
  ScriptedComputerInput,
  ScriptedComputerOptions,
} from './scripted_computer_types.ts';
import { announceDouble } from '../../_internal/live_doubles.ts';

/**
 * How many action arguments each computer method takes before the run
 * context. Also the list of actions a step may name; it must name exactly
 * the SDK's computer methods, so a new one fails the type check here.
 */
const actionArity = Object.freeze(
  {
    screenshot: 0,
    click: 3,
    doubleClick: 2,
    scroll: 4,
    type: 1,
    wait: 0,
    move: 2,
    keypress: 1,
    drag: 1,
  } as const satisfies Record<ScriptedComputerAction, number>,
);

type _ActionArityIsExact = Assert<HasExactKeys<typeof actionArity, ScriptedComputerAction>>;

type Outcome =
  | { readonly kind: 'result'; readonly value: unknown }
  | { readonly kind: 'respond'; readonly respond: (call: RecordedComputerCall) => unknown }
  | { readonly kind: 'error'; readonly error: unknown };

interface Step {
  readonly action: ScriptedComputerAction;
  readonly match: ((...args: unknown[]) => unknown) | undefined;
  readonly outcome: Outcome;
}

const hasOwn = (object: object, key: PropertyKey): boolean =>
  Object.prototype.hasOwnProperty.call(object, key);

/**
 * Creates a scripted `Computer`. Each action the SDK performs takes the next
 * fitting step; steps may repeat (`times`), be `optional`, or form
 * `anyOrder(...)` groups, and `options.anytime` steps answer matching
 * actions at any point (the screenshot the SDK takes after each batch of
 * actions is the usual one). Actions without an outcome answer `undefined`;
 * `screenshot` steps need a `result` or `respond`. Recorded arguments leave
 * out the run context the SDK passes last.
 *
 * Pass it as `computerTool({ computer })`. Failures for a drifted workflow
 * are kept in `failures`; `using` reports them and unconsumed required steps.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, computerTool, Runner } from "@openai/agents";
 * import { assistantMessage, scriptedComputer, ScriptedModel } from "scripted-agents/testing";
 *
 * using computer = scriptedComputer(
 *   [{ action: "type", match: (text) => text === "hello" }],
 *   { anytime: [{ action: "screenshot", result: "iVBORw0KGgo=" }] },
 * );
 * const model = new ScriptedModel([
 *   [{
 *     type: "computer_call",
 *     callId: "call_1",
 *     status: "completed",
 *     action: { type: "type", text: "hello" },
 *   }],
 *   [assistantMessage("Typed it.")],
 * ]);
 * const agent = new Agent({ name: "Operator", model, tools: [computerTool({ computer })] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, "Type hello");
 * assert.equal(result.finalOutput, "Typed it.");
 * assert.deepEqual(computer.calls.map((call) => call.action), ["type", "screenshot"]);
 * ```
 */
export function scriptedComputer(
  inputs: Iterable<ScriptedComputerInput> = [],
  options: ScriptedComputerOptions = {},
): ScriptedComputer {
  const entries = Array.from(inputs as Iterable<unknown>, toEntry);
  const anytime = Array.from(options.anytime ?? [], (input: unknown, index) => {
    if (typeof input === 'object' && input !== null && ('times' in input || 'optional' in input)) {
      throw new InvalidScriptedComputerStepError(
        'invalid_times',
        index,
        'is an anytime step, already optional and unlimited',
      );
    }
    return toStep(input, index);
  });
  const script = new StepScript<Step>((step) => step.action);
  script.push(entries);
  script.pushAnytime(anytime);
  const history: RecordedComputerCall[] = [];
  const failures = new FailureLog('ScriptedComputer');

  function perform(action: ScriptedComputerAction, allArgs: unknown[]): unknown {
    const args = snapshotValue(allArgs.slice(0, actionArity[action]));
    const call: RecordedComputerCall = Object.freeze({
      index: history.length,
      action,
      args: Object.freeze(args),
    });
    history.push(call);
    const { outcome } = takeStep(script, action, {
      failures,
      matches: ({ match }) => match?.(...snapshotValue(args)),
      mismatch: () => new ComputerActionMatcherError(call.index, action),
      unexpected: (expected) =>
        new UnexpectedComputerActionError({
          callIndex: call.index,
          actualAction: action,
          expectedAction: expected?.action,
          remainingSteps: script.remaining,
        }),
    });
    switch (outcome.kind) {
      case 'error':
        throw outcome.error;
      case 'respond':
        return outcome.respond(freshCall(call));
      default:
        return outcome.value;
    }
  }

  const computer: Record<PropertyKey, unknown> = {
    environment: options.environment ?? 'browser',
    dimensions: options.dimensions ?? [1024, 768],
  };
  for (const action of Object.keys(actionArity) as ScriptedComputerAction[]) {
    computer[action] = (...args: unknown[]) => perform(action, args);
  }
  const assertComplete = (): void => {
    const pending = script.pending();
    if (pending.length > 0) {
      throw new UnconsumedComputerStepsError(pending.map((step) => step.action));
    }
  };
  Object.defineProperties(computer, {
    calls: { get: () => Object.freeze(history.map(freshCall)), enumerable: false },
    remainingSteps: { get: () => script.remaining, enumerable: false },
    assertComplete: { value: assertComplete },
    ...failures.members(() => [assertComplete]),
  });
  announceDouble(computer);
  return computer as unknown as ScriptedComputer;
}

function freshCall(call: RecordedComputerCall): RecordedComputerCall {
  return Object.freeze({
    index: call.index,
    action: call.action,
    args: Object.freeze(snapshotValue([...call.args])),
  });
}

function toEntry(input: unknown, inputIndex: number): ScriptEntry<Step> {
  return scriptEntry(
    input,
    (member) => toCounted(member, inputIndex),
    (problem) =>
      new InvalidScriptedComputerStepError(
        'invalid_group',
        inputIndex,
        problem === 'empty' ? 'is an empty group' : 'nests a group in a group',
      ),
  );
}

function toCounted(input: unknown, inputIndex: number) {
  const step = toStep(input, inputIndex);
  const count = stepCount(input as object);
  if (count === undefined) {
    throw new InvalidScriptedComputerStepError(
      'invalid_times',
      inputIndex,
      'has invalid `times` or `optional`',
    );
  }
  return { step, count };
}

function toStep(input: unknown, inputIndex: number): Step {
  if (typeof input !== 'object' || input === null) {
    throw new InvalidScriptedComputerStepError('invalid_input', inputIndex, 'must be an object');
  }
  const source = input as Record<string, unknown>;
  const action = source.action;
  if (typeof action !== 'string' || !hasOwn(actionArity, action)) {
    throw new InvalidScriptedComputerStepError(
      'unknown_action',
      inputIndex,
      'must name a computer action',
    );
  }
  if (source.match !== undefined && typeof source.match !== 'function') {
    throw new InvalidScriptedComputerStepError(
      'invalid_matcher',
      inputIndex,
      'must use a function matcher',
    );
  }
  const outcomes = ['result', 'respond', 'error'].filter((key) => hasOwn(source, key));
  const invalidOutcome = () =>
    new InvalidScriptedComputerStepError(
      'invalid_outcome',
      inputIndex,
      action === 'screenshot'
        ? 'for screenshot must define exactly one of result (a string), respond, or error'
        : `for ${action} must define at most one of result, respond, or error`,
    );
  if (outcomes.length > 1 || (action === 'screenshot' && outcomes.length === 0)) {
    throw invalidOutcome();
  }
  let outcome: Outcome;
  switch (outcomes[0]) {
    case 'respond':
      if (typeof source.respond !== 'function') throw invalidOutcome();
      outcome = { kind: 'respond', respond: source.respond as Outcome & never };
      break;
    case 'error':
      outcome = { kind: 'error', error: source.error };
      break;
    default:
      if (action === 'screenshot' && typeof source.result !== 'string') throw invalidOutcome();
      outcome = { kind: 'result', value: source.result };
  }
  return {
    action: action as ScriptedComputerAction,
    match: source.match as Step['match'],
    outcome,
  };
}
