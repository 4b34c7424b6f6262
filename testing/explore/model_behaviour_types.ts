/**
 * The public types of model behaviours: the choice records a
 * {@linkcode BehaviourModel} interprets against each request, the options
 * that weight and bound them, and what a behaviour model records.
 *
 * @module
 */

import type { AutoModelSchema } from '../auto_model/auto_model_types.ts';
import type { ScriptedModelInput } from '../model/scripted_model_types.ts';

/**
 * One thing a call does: the tool to call (or the handoff, or the error), how
 * its value is made and whether it is a boundary or invalid one. Every field
 * is a non-negative integer read modulo what the request offers, so any record
 * is meaningful against any request, and `0` is always the simplest choice.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { ChoiceTarget } from 'scripted-agents/testing';
 *
 * // The first offered tool, with its simplest valid arguments.
 * const target: ChoiceTarget = { index: 0, value: 0, mode: 0 };
 * assert.equal(target.index, 0);
 * ```
 */
export interface ChoiceTarget {
  /** Which tool, handoff or error variant, modulo how many the request offers. */
  readonly index: number;
  /** The seed of the generated value; `0` is the simplest (no optional fields). */
  readonly value: number;
  /**
   * Which of the allowed value modes (`arguments`, `outputs`), modulo their count; `0` is the
   * first listed (`'valid'` by default). A value that came out valid (a bound or a break that
   * moved nothing) is recorded at the list's own `'valid'`.
   */
  readonly mode: number;
}

/**
 * What one model call does, as a record read lazily against the call's
 * request: `option` picks the kind of answer (weighted over the kinds the
 * request allows, the final answer first), `targets` what it calls.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { ModelCallChoice } from 'scripted-agents/testing';
 *
 * // `option: 0` is always the final answer.
 * const answer: ModelCallChoice = { option: 0, targets: [] };
 * assert.equal(answer.targets.length, 0);
 * ```
 */
export interface ModelCallChoice {
  /** The kind of answer, read as a slot of the weights of the kinds this request allows. */
  readonly option: number;
  /** What the answer calls or produces; an empty list means one simplest target. */
  readonly targets: readonly ChoiceTarget[];
}

/**
 * A whole model behaviour: one choice per model call, in call order (a call
 * past the end answers finally), and one decision per approval interruption
 * (even: approve, odd: reject; past the end: approve). Plain data, so a
 * fast-check arbitrary can generate and shrink it.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { ModelBehaviour } from 'scripted-agents/testing';
 *
 * const behaviour: ModelBehaviour = {
 *   calls: [{ option: 1, targets: [{ index: 0, value: 0, mode: 0 }] }],
 *   decisions: [1],
 * };
 * assert.equal(behaviour.calls.length, 1);
 * ```
 */
export interface ModelBehaviour {
  /** One choice per model call, in call order. */
  readonly calls: readonly ModelCallChoice[];
  /** One decision per approval interruption, in the order they are decided. */
  readonly decisions: readonly number[];
}

/** The kinds of answer a behaviour chooses among, in the order their weight slots are laid out. */
export type ModelCallKind = 'answer' | 'tools' | 'handoff' | 'error' | 'hosted';

/**
 * How a function tool's arguments (or the structured output) are made:
 * valid under the schema, valid at its bounds, or invalid.
 */
export type BehaviourValueMode = 'valid' | 'boundary' | 'invalid';

/**
 * The relative weight of each kind of answer: integers, `0` turns a kind off.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { ModelBehaviourWeights } from 'scripted-agents/testing';
 *
 * const weights: ModelBehaviourWeights = { tools: 4, error: 1 };
 * assert.equal(weights.tools, 4);
 * ```
 */
export interface ModelBehaviourWeights {
  /** A final answer: text, or the structured output. Default 1. */
  readonly answer?: number;
  /** One or several function tool calls. Default 3. */
  readonly tools?: number;
  /** A handoff. Default 1. */
  readonly handoff?: number;
  /** A model error (a 500 or a 429 from the provider). Default 0: off. */
  readonly error?: number;
  /**
   * A hosted tool call (web search, file search, code interpreter, image
   * generation, hosted MCP), a computer, shell or apply-patch call, or a hosted
   * MCP server's approval request, where the request offers one. Default 0: off.
   */
  readonly hosted?: number;
}

/**
 * What a behaviour may do and how it is weighted and bounded.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { ModelBehaviourOptions } from 'scripted-agents/testing';
 *
 * const options: ModelBehaviourOptions = {
 *   maxCalls: 5,
 *   arguments: ['valid', 'boundary'],
 *   weights: { handoff: 0 },
 * };
 * assert.equal(options.maxCalls, 5);
 * ```
 */
export interface ModelBehaviourOptions {
  /** The call budget: from this call on (0-based count), every call answers finally. Default 8. */
  readonly maxCalls?: number;
  /** The most function tools one call calls at once. Default 3. */
  readonly maxToolsPerCall?: number;
  /** The weight of each kind of answer. */
  readonly weights?: ModelBehaviourWeights;
  /** The modes of tool and handoff arguments, in shrinking order. Default `['valid']`. */
  readonly arguments?: readonly BehaviourValueMode[];
  /** The modes of the structured output (`'boundary'` counts as valid). Default `['valid']`. */
  readonly outputs?: readonly BehaviourValueMode[];
  /**
   * Richer schemas per function tool name (zod or any Standard Schema with
   * JSON Schema output, or a JSON schema) to generate arguments from, for
   * tools whose sent schema lost its bounds. Values are still sent as JSON.
   */
  readonly toolSchemas?: Readonly<Record<string, AutoModelSchema>>;
  /** A richer schema of the structured output, like `toolSchemas`. */
  readonly outputSchema?: AutoModelSchema;
}

/**
 * One answered call of a {@linkcode BehaviourModel}: where it came from, what
 * kind of answer was chosen, and the step that replays it in a `ScriptedModel`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { BehaviourCall } from 'scripted-agents/testing';
 *
 * const call: BehaviourCall = { index: 0, route: '', kind: 'answer', step: [] };
 * assert.equal(call.kind, 'answer');
 * ```
 */
export interface BehaviourCall {
  /** The zero-based position of the call. */
  readonly index: number;
  /** The model name the provider was asked for (`''` when the model was used directly). */
  readonly route: string;
  /** The kind of answer chosen. */
  readonly kind: ModelCallKind;
  /** The step that makes a `ScriptedModel` answer this call the same way. */
  readonly step: ScriptedModelInput;
}
