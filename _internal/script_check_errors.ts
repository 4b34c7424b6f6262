/**
 * The error a scripted double raises when a scripted answer is one no real
 * model could give for the request it answers: a call to a tool the request
 * does not offer, arguments its schema rejects, a structured output its output
 * schema rejects.
 *
 * @module
 */

/**
 * Why a scripted output item does not fit the request it answers.
 *
 * - `unknown_tool`: a function call names no tool or handoff of the request,
 *   or a hosted or built-in call (`computer_call`, `shell_call`, a web search,
 *   an MCP call…) is scripted without the matching tool.
 * - `invalid_arguments`: a call's arguments are not JSON, or break the tool's
 *   parameters schema.
 * - `invalid_output`: the final message of a structured-output agent is not
 *   JSON, or breaks the output schema.
 * - `missing_property`: a call left out a property its schema requires, and
 *   the tool then failed (reported by the next call, which carries the result).
 * - `tool_failed`: the tool of a scripted call threw, rejected its arguments or
 *   timed out, and the SDK gave the model its default error text (reported by
 *   the next call, which carries the result).
 * - `expected_tool_error`: a call scripted with `expectToolError: true` whose
 *   tool succeeded (reported by the next call), or whose result never reached
 *   a model call (reported by `assertComplete()`).
 */
export type ScriptedOutputMismatchReason =
  | 'unknown_tool'
  | 'invalid_arguments'
  | 'invalid_output'
  | 'missing_property'
  | 'tool_failed'
  | 'expected_tool_error';

/** What {@linkcode ScriptedOutputMismatchError} is constructed from. */
export interface ScriptedOutputMismatchErrorOptions {
  /** The double that checked the item, e.g. `"ScriptedModel"`. */
  double: string;
  /** The zero-based position of the call whose scripted answer holds the item. */
  callIndex: number;
  /** The zero-based position of the item in that answer's output. */
  itemIndex: number;
  /** What is wrong. */
  reason: ScriptedOutputMismatchReason;
  /** The tool the item calls (or the tool a hosted call needs), for the tool reasons. */
  toolName?: string;
  /** Where the value is wrong, e.g. `amountCents` or `items[2].sku`; `''` for the whole value. */
  path?: string;
  /** What the request's schema (or tool list) wanted there, in words. */
  expected: string;
  /** What the script has there (`undefined` for a missing property). */
  actual?: unknown;
  /** The names the request offers, for `unknown_tool`. */
  available?: readonly string[];
  /** The complete message. */
  message: string;
}

/**
 * A scripted answer does not fit the request it answers: it calls a tool the
 * request does not offer, its arguments or structured output break the
 * request's schema, or it left out a required property and the tool failed.
 * Or the tool of a scripted call failed (`tool_failed`: it threw, or rejected
 * arguments the schema sent to the model allowed), or succeeded although the
 * call said `expectToolError: true` (`expected_tool_error`): found at the next
 * call, whose input carries the tool's result. Raised at the call (kept in
 * `failures`, so teardown reports it even when the code under test caught it).
 *
 * Switch the check off for a step that is wrong on purpose with
 * `functionCall(name, args, { validate: false })` (one item),
 * `modelResponse(output, { validate: false })` (one step) or
 * `new ScriptedModel(steps, { validate: false })` (the whole model).
 *
 * @example A misnamed argument fails at the call, naming the path
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import {
 *   assistantMessage,
 *   functionCall,
 *   ScriptedModel,
 *   ScriptedOutputMismatchError,
 * } from 'scripted-agents/testing';
 *
 * const refund = tool({
 *   name: 'refund',
 *   description: 'Refunds an order.',
 *   parameters: z.object({ orderId: z.string(), amountCents: z.number() }),
 *   execute: () => 'refunded',
 * });
 * const model = new ScriptedModel([
 *   [functionCall('refund', { orderId: 'ORD-1', amount: 15 })],
 *   [assistantMessage('Refunded.')],
 * ]);
 * const agent = new Agent({ name: 'Support', model, tools: [refund] });
 *
 * await assert.rejects(new Runner({ tracingDisabled: true }).run(agent, 'Refund ORD-1'), (error) => {
 *   assert.ok(error instanceof ScriptedOutputMismatchError);
 *   assert.equal(error.reason, 'invalid_arguments');
 *   assert.equal(error.callIndex, 0);
 *   assert.equal(error.itemIndex, 0);
 *   assert.equal(error.toolName, 'refund');
 *   assert.equal(error.path, 'amount');
 *   return true;
 * });
 * model.acknowledgeFailures(); // provoked on purpose: keep it out of teardown
 * ```
 */
export class ScriptedOutputMismatchError extends Error {
  /** The double that checked the item, e.g. `"ScriptedModel"`. */
  readonly double: string;
  /** The zero-based position of the call whose scripted answer holds the item. */
  readonly callIndex: number;
  /** The zero-based position of the item in that answer's output. */
  readonly itemIndex: number;
  /** What is wrong. */
  readonly reason: ScriptedOutputMismatchReason;
  /** The tool the item calls (or needs), for the tool reasons. */
  readonly toolName: string | undefined;
  /** Where the value is wrong; `''` for the whole value. */
  readonly path: string | undefined;
  /** What the request wanted there, in words. */
  readonly expected: string;
  /** What the script has there (`undefined` for a missing property). */
  readonly actual: unknown;
  /** The names the request offers, for `unknown_tool`. */
  readonly available: readonly string[] | undefined;
  /** Always `'ScriptedOutputMismatchError'`. */
  override readonly name: 'ScriptedOutputMismatchError';

  /**
   * `false`, so a runner that diffs a thrown error's `expected` and `actual` (Vitest) prints no
   * diff of its own: `expected` says in words what the request wanted, and `actual` is the scripted
   * value: not two values of one form.
   */
  get showDiff(): false {
    return false;
  }

  /** Builds the error from its fields and complete message. */
  constructor(options: ScriptedOutputMismatchErrorOptions) {
    super(options.message);
    this.double = options.double;
    this.callIndex = options.callIndex;
    this.itemIndex = options.itemIndex;
    this.reason = options.reason;
    this.toolName = options.toolName;
    this.path = options.path;
    this.expected = options.expected;
    this.actual = options.actual;
    this.available = options.available === undefined
      ? undefined
      : Object.freeze([...options.available]);
    this.name = 'ScriptedOutputMismatchError';
  }
}
