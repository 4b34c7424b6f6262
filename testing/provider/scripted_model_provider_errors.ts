/**
 * The errors a `ScriptedModelProvider` raises.
 *
 * @module
 */

/** Options of {@linkcode UnknownModelNameError}. */
export interface UnknownModelNameErrorOptions {
  /**
   * The agent that asked, when the request was its run's first model call:
   * the call the SDK makes in parallel with the input guardrails.
   */
  firstCallAgent?: string;
}

/**
 * An agent asked for a model name the provider does not route, and there is no
 * fallback. `knownNames` lists the names it does route. When the request was a
 * run's first model call (`firstCallAgent` names the agent), the message adds
 * that the SDK makes that call in parallel with the input guardrails (unless a
 * guardrail sets `runInParallel: false`), so it happens even when a guardrail
 * trips: the model has to be scripted, or the guardrail made blocking.
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
 *   assert.equal(error.firstCallAgent, undefined); // asked outside a run
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
  /** The agent whose run's first model call this was (beside its input guardrails), if it was. */
  readonly firstCallAgent: string | undefined;
  /** Always `'UnknownModelNameError'`. */
  override readonly name: 'UnknownModelNameError';

  /** Reports `modelName` against the `knownNames`. */
  constructor(
    modelName: string | undefined,
    knownNames: readonly string[],
    options: UnknownModelNameErrorOptions = {},
  ) {
    const known = knownNames.length === 0
      ? 'no names'
      : knownNames.map((name) => `"${name}"`).join(', ');
    const agent = options.firstCallAgent;
    const route = modelName === undefined ? 'a fallback model' : `a model for "${modelName}"`;
    const guardrails = agent === undefined
      ? ''
      : ` It was the run's first model call, by agent "${agent}": if the run has input ` +
        'guardrails, the SDK makes this call in parallel with them (unless a guardrail sets ' +
        `runInParallel: false), so it happens even when one trips. Script ${route}, or give ` +
        'the guardrail runInParallel: false to run it before the model call.';
    super(
      (modelName === undefined
        ? `ScriptedModelProvider has no fallback for an agent without a model name; it routes ${known}.`
        : `ScriptedModelProvider has no model named "${modelName}" and no fallback; it routes ${known}.`) +
        guardrails,
    );
    this.modelName = modelName;
    this.knownNames = Object.freeze([...knownNames]);
    this.firstCallAgent = agent;
    this.name = 'UnknownModelNameError';
  }
}
