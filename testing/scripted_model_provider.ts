/**
 * `ScriptedModelProvider`: a `ModelProvider` that routes model names to test
 * doubles, so each agent of a multi-agent run has its own script.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner } from "@openai/agents";
 * import { assistantMessage, handoffCall, ScriptedModel, ScriptedModelProvider } from "scripted-agents/testing";
 *
 * const billing = new Agent({ name: "Billing", model: "billing-model" });
 * const triage = new Agent({ name: "Triage", model: "triage-model", handoffs: [billing] });
 * const provider = new ScriptedModelProvider({
 *   models: {
 *     "triage-model": new ScriptedModel([[handoffCall(billing)]]),
 *     "billing-model": new ScriptedModel([[assistantMessage("Refund issued.")]]),
 *   },
 * });
 * const runner = new Runner({ modelProvider: provider, tracingDisabled: true });
 * const result = await runner.run(triage, "Refund please");
 * assert.equal(result.finalOutput, "Refund issued.");
 * assert.equal(result.lastAgent?.name, "Billing");
 * await provider.assertComplete();
 * ```
 *
 * @module
 */

import { FailureLog, runTeardownChecks, throwCollected } from '../_internal/failure_log.ts';
import type { SdkModel as Model } from './_sdk_types.ts';
import type { SdkModelProvider as ModelProvider } from './_sdk_item_types.ts';
import { registerRoutes } from './_model_routes.ts';
import { UnknownModelNameError } from './scripted_model_provider_errors.ts';
import type { ScriptedModelProviderOptions } from './scripted_model_provider_types.ts';
import { announceDouble, settleDouble } from '../_internal/live_doubles.ts';

const DOUBLE = 'ScriptedModelProvider';

/**
 * Routes model names to models. Give it to `new Runner({ modelProvider })` or
 * `setDefaultModelProvider()`; agents then name their model (`model:
 * 'triage-model'`) and each name gets its own double.
 *
 * - An agent without a model name (or with an unlisted one) gets `fallback`;
 *   without a fallback, `getModel` throws `UnknownModelNameError`, which lists
 *   the known names (and is kept in `failures`).
 * - `requests` records every name asked for, in order.
 * - `assertComplete()` runs the teardown check of every routed double that has
 *   one (`ScriptedModel`, `AutoModel`, the fallback), reporting all problems together.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner } from "@openai/agents";
 * import { AutoModel, ScriptedModelProvider } from "scripted-agents/testing";
 *
 * const provider = new ScriptedModelProvider({ models: {}, fallback: new AutoModel() });
 * const agent = new Agent({ name: "Helper" });
 * const result = await new Runner({ modelProvider: provider, tracingDisabled: true }).run(agent, "hi");
 * assert.equal(result.finalOutput, "AutoModel finished.");
 * assert.deepEqual(provider.requests, [undefined]);
 * await provider.assertComplete();
 * ```
 */
export class ScriptedModelProvider implements ModelProvider {
  readonly #models: ReadonlyMap<string, Model>;
  readonly #fallback: Model | undefined;
  readonly #requests: Array<string | undefined> = [];
  readonly #failures = new FailureLog(DOUBLE);

  /** Creates a provider routing `options.models` by name, with an optional `fallback`. */
  constructor(options: ScriptedModelProviderOptions) {
    this.#models = new Map(Object.entries(options.models));
    this.#fallback = options.fallback;
    registerRoutes(this, this.#models, this.#fallback);
    announceDouble(this);
  }

  /**
   * The model for `modelName`. An empty or absent name (an agent without a
   * model) and an unlisted name get the fallback; without one, throws
   * `UnknownModelNameError`.
   */
  getModel(modelName?: string): Model {
    const name = modelName === '' ? undefined : modelName;
    this.#requests.push(name);
    const model = name === undefined ? undefined : this.#models.get(name);
    if (model !== undefined) return model;
    if (this.#fallback !== undefined) return this.#fallback;
    throw this.#failures.raise(new UnknownModelNameError(name, [...this.#models.keys()]));
  }

  /** The model names asked for, in order (`undefined` for an agent without one). */
  get requests(): readonly (string | undefined)[] {
    return Object.freeze([...this.#requests]);
  }

  /** The names this provider routes. */
  get modelNames(): readonly string[] {
    return Object.freeze([...this.#models.keys()]);
  }

  /** The failures this provider raised (unknown names), caught by the code under test or not. */
  get failures(): readonly unknown[] {
    return this.#failures.failures;
  }

  /** Returns the recorded failures and forgets them. */
  acknowledgeFailures(): readonly unknown[] {
    return this.#failures.take();
  }

  /** Throws `DoubleFailuresError` if this provider raised any failure not yet acknowledged. */
  assertNoUnexpectedCalls(): void {
    this.#failures.assertNone();
  }

  /**
   * Runs the teardown check (`Symbol.asyncDispose` or `Symbol.dispose`) of
   * every routed double and of the fallback, each once, and reports every
   * problem together (one error as is, several as an `AggregateError`).
   */
  async assertComplete(): Promise<void> {
    const errors: unknown[] = [];
    const models = new Set([...this.#models.values(), this.#fallback]);
    for (const model of models) {
      try {
        const asyncDispose = (model as Partial<AsyncDisposable> | undefined)?.[Symbol.asyncDispose];
        const dispose = (model as Partial<Disposable> | undefined)?.[Symbol.dispose];
        if (typeof asyncDispose === 'function') await asyncDispose.call(model);
        else if (typeof dispose === 'function') dispose.call(model);
      } catch (error) {
        errors.push(error);
      }
    }
    throwCollected(errors, (count) => `${count} routed models failed their teardown checks`);
  }

  /** Teardown for `await using`: the provider's own failures, then every routed double. */
  async [Symbol.asyncDispose](): Promise<void> {
    settleDouble(this);
    const errors: unknown[] = [];
    try {
      runTeardownChecks(DOUBLE, [() => this.assertNoUnexpectedCalls()]);
    } catch (error) {
      errors.push(error);
    }
    try {
      await this.assertComplete();
    } catch (error) {
      errors.push(error);
    }
    throwCollected(errors, (count) => `${DOUBLE} teardown found ${count} problems`);
  }
}
