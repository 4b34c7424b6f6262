/**
 * The errors an `AutoModel` raises. Every field is an own enumerable property,
 * present even when `undefined`.
 *
 * @module
 */

import { countOf, ordinal } from '../../_internal/format.ts';

/**
 * Why `AutoModel` could not produce a value: the schema uses a keyword it does
 * not support (`not`, tuple forms it cannot read), no value can satisfy it, a
 * `$ref` does not resolve, a pattern cannot be met, or a richer schema
 * (`toolSchemas`, `outputSchema`) rejected every candidate.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AutoModelValueFailureReason } from "scripted-agents/testing";
 *
 * const reason: AutoModelValueFailureReason = "unsupported_keyword";
 * assert.equal(reason, "unsupported_keyword");
 * ```
 */
export type AutoModelValueFailureReason =
  | 'unsupported_keyword'
  | 'unsatisfiable'
  | 'unresolved_ref'
  | 'unsatisfiable_pattern'
  | 'rejected_by_schema';

/**
 * What {@linkcode AutoModelValueError} is constructed from.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutoModelValueError, type AutoModelValueErrorOptions } from "scripted-agents/testing";
 *
 * const options: AutoModelValueErrorOptions = {
 *   callIndex: 0,
 *   kind: "tool",
 *   name: "lookup",
 *   schemaPath: "#/properties/id/pattern",
 *   reason: "unsatisfiable_pattern",
 *   detail: "cannot match",
 * };
 * assert.equal(new AutoModelValueError(options).toolName, "lookup");
 * ```
 */
export interface AutoModelValueErrorOptions {
  /** The zero-based model call. */
  callIndex: number;
  /** What the value was for. */
  kind: 'tool' | 'handoff' | 'output';
  /** The tool or handoff tool name, or the output type's name. */
  name: string;
  /** A JSON pointer into the schema where generation failed (`#/properties/a/not`). */
  schemaPath: string;
  /** Why. */
  reason: AutoModelValueFailureReason;
  /** The generator's explanation. */
  detail: string;
}

/**
 * `AutoModel` cannot generate a valid value for a tool's arguments, a handoff's
 * input or the structured output; it never sends an invalid one instead.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutoModel, AutoModelValueError } from "scripted-agents/testing";
 *
 * const odd = {
 *   type: "function",
 *   name: "odd",
 *   description: "Takes anything but a string.",
 *   parameters: { type: "object", properties: { x: { not: { type: "string" } } }, required: ["x"] },
 *   strict: false,
 * };
 * const model = new AutoModel();
 * const request = { input: "go", tools: [odd], handoffs: [], outputType: "text", modelSettings: {} };
 * const error = await model.getResponse(request as never).catch((e) => e);
 * assert.ok(error instanceof AutoModelValueError);
 * assert.equal(error.toolName, "odd");
 * assert.equal(error.schemaPath, "#/properties/x/not");
 * model.acknowledgeFailures();
 * ```
 */
export class AutoModelValueError extends Error {
  /** The zero-based model call. */
  readonly callIndex: number;
  /** What the value was for. */
  readonly kind: 'tool' | 'handoff' | 'output';
  /** The tool or handoff tool name, or the output type's name. */
  readonly toolName: string;
  /** A JSON pointer into the schema where generation failed. */
  readonly schemaPath: string;
  /** Why. */
  readonly reason: AutoModelValueFailureReason;
  /** Always `'AutoModelValueError'`. */
  override readonly name: 'AutoModelValueError';

  /** Builds the error from its fields. */
  constructor(options: AutoModelValueErrorOptions) {
    super(
      `AutoModel cannot generate ${
        options.kind === 'output' ? 'the output' : `arguments for ${options.kind}`
      } "${options.name}" at ${options.schemaPath} (call ${
        ordinal(options.callIndex)
      }, ${options.reason}): ${options.detail}`,
    );
    this.callIndex = options.callIndex;
    this.kind = options.kind;
    this.toolName = options.name;
    this.schemaPath = options.schemaPath;
    this.reason = options.reason;
    this.name = 'AutoModelValueError';
  }
}

/**
 * The workflow made more model calls than the `maxCalls` budget allows (a
 * loop that never ends, or a budget set too low).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutoModel, AutoModelBudgetExceededError } from "scripted-agents/testing";
 *
 * const model = new AutoModel({ maxCalls: 0 });
 * const request = { input: "hi", tools: [], handoffs: [], outputType: "text", modelSettings: {} };
 * const error = await model.getResponse(request as never).catch((e) => e);
 * assert.ok(error instanceof AutoModelBudgetExceededError);
 * assert.equal(error.maxCalls, 0);
 * model.acknowledgeFailures();
 * ```
 */
export class AutoModelBudgetExceededError extends Error {
  /** The zero-based call over budget. */
  readonly callIndex: number;
  /** The budget. */
  readonly maxCalls: number;
  /** Always `'AutoModelBudgetExceededError'`. */
  override readonly name: 'AutoModelBudgetExceededError';

  /** Reports call `callIndex` over a budget of `maxCalls`. */
  constructor(callIndex: number, maxCalls: number) {
    super(
      `AutoModel call ${ordinal(callIndex)} exceeds its budget of ${countOf(maxCalls, 'call')}.`,
    );
    this.callIndex = callIndex;
    this.maxCalls = maxCalls;
    this.name = 'AutoModelBudgetExceededError';
  }
}

/**
 * `assertComplete()`: the model was never called, or some selected function
 * tool it was offered was never called (the run ended first: a tool-use
 * behaviour that stops early, the call budget, an error the code caught).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutoModel, AutoModelIncompleteError } from "scripted-agents/testing";
 *
 * const model = new AutoModel();
 * assert.throws(() => model.assertComplete(), AutoModelIncompleteError);
 * ```
 */
export class AutoModelIncompleteError extends Error {
  /** How many calls the model answered. */
  readonly calls: number;
  /** The offered and selected function tools that were never called. */
  readonly uncalledTools: readonly string[];
  /** Always `'AutoModelIncompleteError'`. */
  override readonly name: 'AutoModelIncompleteError';

  /** Reports the calls made and the tools left uncalled. */
  constructor(calls: number, uncalledTools: readonly string[]) {
    super(
      calls === 0
        ? 'AutoModel was never called.'
        : `AutoModel never called ${countOf(uncalledTools.length, 'offered tool')}: ${
          uncalledTools.join(', ')
        }.`,
    );
    this.calls = calls;
    this.uncalledTools = Object.freeze([...uncalledTools]);
    this.name = 'AutoModelIncompleteError';
  }
}

/**
 * Which `AutoModel` option held a name that matched nothing: the `tools`
 * selection, the `handoffs` policy, or `arguments` (a tool or handoff name, or
 * a key of the fixed arguments themselves).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AutoModelNameOption } from "scripted-agents/testing";
 *
 * const option: AutoModelNameOption = "tools";
 * assert.equal(option, "tools");
 * ```
 */
export type AutoModelNameOption = 'tools' | 'handoffs' | 'arguments';

/**
 * What {@linkcode AutoModelUnknownNameError} is constructed from.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import {
 *   AutoModelUnknownNameError,
 *   type AutoModelUnknownNameErrorOptions,
 * } from "scripted-agents/testing";
 *
 * const options: AutoModelUnknownNameErrorOptions = {
 *   callIndex: 0,
 *   option: "tools",
 *   unknownName: "lookupOrder",
 *   toolName: undefined,
 *   knownNames: ["lookup_order"],
 *   suggestion: "lookup_order",
 * };
 * assert.equal(new AutoModelUnknownNameError(options).suggestion, "lookup_order");
 * ```
 */
export interface AutoModelUnknownNameErrorOptions {
  /** The zero-based model call that found it. */
  callIndex: number;
  /** The option that holds the name. */
  option: AutoModelNameOption;
  /** The name as written. */
  unknownName: string;
  /** For a key of fixed arguments, the tool or handoff they are for; otherwise `undefined`. */
  toolName: string | undefined;
  /** The names it could have been: offered tools and handoffs, or the schema's properties. */
  knownNames: readonly string[];
  /** The nearest of `knownNames`, if one is near. */
  suggestion: string | undefined;
}

/**
 * A name in `AutoModel`'s options matches nothing: a `tools` or `handoffs`
 * entry, or an `arguments` key, that names no tool or handoff any request
 * offered (found when the model is about to give the final answer, so the
 * tools of every agent the run visited count), or a key of fixed arguments
 * that the tool's schema does not declare (found before the call is sent).
 * Without this check a misspelled name would silently call nothing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutoModel, AutoModelUnknownNameError } from "scripted-agents/testing";
 *
 * const lookup = {
 *   type: "function",
 *   name: "lookup_order",
 *   description: "Looks up an order.",
 *   parameters: { type: "object", properties: {}, required: [], additionalProperties: false },
 *   strict: true,
 * };
 * const model = new AutoModel({ tools: ["lookupOrder"] });
 * const request = { input: "go", tools: [lookup], handoffs: [], outputType: "text", modelSettings: {} };
 * const error = await model.getResponse(request as never).catch((e) => e);
 * assert.ok(error instanceof AutoModelUnknownNameError);
 * assert.equal(error.suggestion, "lookup_order");
 * model.acknowledgeFailures();
 * ```
 */
export class AutoModelUnknownNameError extends Error {
  /** The zero-based model call that found it. */
  readonly callIndex: number;
  /** The option that holds the name. */
  readonly option: AutoModelNameOption;
  /** The name as written. */
  readonly unknownName: string;
  /** For a key of fixed arguments, the tool or handoff they are for; otherwise `undefined`. */
  readonly toolName: string | undefined;
  /** The names it could have been: offered tools and handoffs, or the schema's properties. */
  readonly knownNames: readonly string[];
  /** The nearest of `knownNames`, if one is near. */
  readonly suggestion: string | undefined;
  /** Always `'AutoModelUnknownNameError'`. */
  override readonly name: 'AutoModelUnknownNameError';

  /** Builds the error from its fields. */
  constructor(options: AutoModelUnknownNameErrorOptions) {
    const known = options.knownNames.length === 0 ? '(none)' : options.knownNames.join(', ');
    const hint = options.suggestion === undefined ? '' : ` Did you mean "${options.suggestion}"?`;
    super(
      options.toolName === undefined
        ? `AutoModel option ${options.option} names "${options.unknownName}", but no request up ` +
          `to call ${ordinal(options.callIndex)} (the final answer) offered it. ` +
          `Offered: ${known}.${hint}`
        : `AutoModel arguments for "${options.toolName}" have the key "${options.unknownName}", ` +
          `which its schema does not declare (call ${ordinal(options.callIndex)}). ` +
          `Its properties: ${known}.${hint}`,
    );
    this.callIndex = options.callIndex;
    this.option = options.option;
    this.unknownName = options.unknownName;
    this.toolName = options.toolName;
    this.knownNames = Object.freeze([...options.knownNames]);
    this.suggestion = options.suggestion;
    this.name = 'AutoModelUnknownNameError';
  }
}
