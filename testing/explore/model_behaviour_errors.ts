/**
 * The errors of {@linkcode BehaviourModel}.
 *
 * @module
 */

import { ordinal } from '../../_internal/format.ts';

/** The options of {@linkcode BehaviourValueError}. */
export interface BehaviourValueErrorOptions {
  /** The zero-based model call. */
  callIndex: number;
  /** What the value was for. */
  kind: 'tool' | 'handoff' | 'output';
  /** The tool or handoff tool name, or the output type's name. */
  name: string;
  /** A JSON pointer into the schema where generation failed. */
  schemaPath: string;
  /** The generator's explanation. */
  detail: string;
}

/**
 * A behaviour chose a tool, handoff or structured output for which no value
 * can be generated from the schema (one that no value satisfies, or a keyword
 * the generator does not support). Give a richer schema (`toolSchemas`,
 * `outputSchema`) or turn that choice off.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { BehaviourModel, BehaviourValueError } from 'scripted-agents/testing';
 *
 * const odd = {
 *   type: 'function',
 *   name: 'odd',
 *   description: 'Takes anything but a string.',
 *   parameters: { type: 'object', properties: { x: { not: { type: 'string' } } }, required: ['x'] },
 *   strict: false,
 * };
 * const model = new BehaviourModel({ calls: [{ option: 1, targets: [] }], decisions: [] });
 * const request = { input: 'go', tools: [odd], handoffs: [], outputType: 'text', modelSettings: {} };
 * const error = await model.getResponse(request as never).catch((e) => e);
 * assert.ok(error instanceof BehaviourValueError);
 * assert.equal(error.schemaPath, '#/properties/x/not');
 * ```
 */
export class BehaviourValueError extends Error {
  /** The zero-based model call. */
  readonly callIndex: number;
  /** What the value was for. */
  readonly kind: 'tool' | 'handoff' | 'output';
  /** The tool or handoff tool name, or the output type's name. */
  readonly toolName: string;
  /** A JSON pointer into the schema where generation failed. */
  readonly schemaPath: string;
  /** Always `'BehaviourValueError'`. */
  override readonly name: 'BehaviourValueError';

  /** Builds the error from its fields. */
  constructor(options: BehaviourValueErrorOptions) {
    super(
      `BehaviourModel cannot generate ${
        options.kind === 'output' ? 'the output' : `arguments for ${options.kind}`
      } "${options.name}" at ${options.schemaPath} (call ${
        ordinal(options.callIndex)
      }): ${options.detail}. Give a richer schema (toolSchemas, outputSchema) or set that ` +
        'weight to 0.',
    );
    this.callIndex = options.callIndex;
    this.kind = options.kind;
    this.toolName = options.name;
    this.schemaPath = options.schemaPath;
    this.name = 'BehaviourValueError';
  }
}
