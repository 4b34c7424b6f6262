/**
 * The errors a `ScriptedModelProvider` raises.
 *
 * @module
 */

/**
 * An agent asked for a model name the provider does not route, and there is no
 * fallback. `knownNames` lists the names it does route.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutoModel, ScriptedModelProvider, UnknownModelNameError } from "scripted-agents/testing";
 *
 * const provider = new ScriptedModelProvider({ models: { "model-a": new AutoModel() } });
 * assert.throws(() => provider.getModel("model-b"), (error: unknown) => {
 *   assert.ok(error instanceof UnknownModelNameError);
 *   assert.equal(error.modelName, "model-b");
 *   assert.deepEqual(error.knownNames, ["model-a"]);
 *   return true;
 * });
 * provider.acknowledgeFailures();
 * ```
 */
export class UnknownModelNameError extends Error {
  /** The requested name; `undefined` for an agent without a model name. */
  readonly modelName: string | undefined;
  /** The names the provider routes. */
  readonly knownNames: readonly string[];
  /** Always `'UnknownModelNameError'`. */
  override readonly name: 'UnknownModelNameError';

  /** Reports `modelName` against the `knownNames`. */
  constructor(modelName: string | undefined, knownNames: readonly string[]) {
    const known = knownNames.length === 0
      ? 'no names'
      : knownNames.map((name) => `"${name}"`).join(', ');
    super(
      modelName === undefined
        ? `ScriptedModelProvider has no fallback for an agent without a model name; it routes ${known}.`
        : `ScriptedModelProvider has no model named "${modelName}" and no fallback; it routes ${known}.`,
    );
    this.modelName = modelName;
    this.knownNames = Object.freeze([...knownNames]);
    this.name = 'UnknownModelNameError';
  }
}
