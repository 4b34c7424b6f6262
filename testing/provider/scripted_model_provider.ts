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

import { FailureLog, runTeardownChecks, throwCollected } from '../../_internal/failure_log.ts';
import { describeThrown } from '../../_internal/format.ts';
import type { SdkModel as Model } from '../_shared/_sdk_types.ts';
import { ScriptedModel } from '../model/scripted_model.ts';
import type { ScriptedModelStep } from '../model/scripted_model_types.ts';
import type { SdkModelProvider as ModelProvider } from '../_shared/_sdk_item_types.ts';
import { registerRoutes } from '../_shared/_model_routes.ts';
import { UnknownModelNameError } from './scripted_model_provider_errors.ts';
import { firstRequestAgent } from './_first_model_request.ts';
import type {
  ScriptedModelProviderOptions,
  ScriptedModelRoute,
} from './scripted_model_provider_types.ts';
import { announceDouble, ownDoubles, settleDouble } from '../../_internal/live_doubles.ts';
import { assertOwnerRunning } from '../../_internal/ended_test_error.ts';
import { assertCompleteNow } from '../../_internal/one_report.ts';
import { shareToolOutcomes } from '../../_internal/tool_outcome.ts';

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
 * - {@linkcode ScriptedModelProvider.forAll} sends every model name to one
 *   model: the one-liner for an app whose agents name real models.
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
  /** The names of optional routes. */
  readonly #optional = new Set<string>();
  readonly #optionalFallback: boolean;
  readonly #requests: Array<string | undefined> = [];
  readonly #failures = new FailureLog(DOUBLE);

  /** Creates a provider routing `options.models` by name, with an optional `fallback`. */
  constructor(options: ScriptedModelProviderOptions) {
    this.#models = new Map(
      Object.entries(options.models).map(([name, route]) => {
        const { model, optional } = readRoute(`route "${name}"`, route);
        if (optional) this.#optional.add(name);
        return [name, model];
      }),
    );
    const fallback = options.fallback === undefined
      ? undefined
      : readRoute('fallback', options.fallback);
    this.#fallback = fallback?.model;
    this.#optionalFallback = fallback?.optional === true;
    registerRoutes(this, this.#models, this.#fallback);
    // For the matchers (non-enumerable, so the provider's shape stays its own).
    Object.defineProperty(this, assertCompleteNow, { value: () => this.#assertCompleteNow() });
    // A tool's result can reach another routed model (a handoff in the same turn).
    shareToolOutcomes([...this.#models.values(), this.#fallback]);
    ownDoubles(this, [...this.#models.values(), this.#fallback]);
    announceDouble(this);
  }

  /**
   * A provider that answers every model name with one model: give it to
   * `new Runner({ modelProvider })` when the agents under test name real models
   * (`model: 'gpt-4.1-mini'`). The SDK prefers an agent's own model to the
   * runner's, so `new Runner({ model: scripted })` does not reach such an agent:
   * its name goes to the runner's model provider, by default the OpenAI one,
   * and the run tries the network. With this provider every name (an agent's,
   * a handoff target's, none at all) gets `modelOrSteps`.
   *
   * `modelOrSteps` is a `Model` (`ScriptedModel`, `AutoModel`, any other), or
   * the steps of a `ScriptedModel` to create (then available as `fallback`).
   * `requests` still lists the names the agents asked for, and
   * `assertComplete()` runs the model's teardown check.
   *
   * @example Every agent's model name answered by one script
   * ```ts
   * import assert from "node:assert/strict";
   * import { Agent, Runner } from "@openai/agents";
   * import { assistantMessage, ScriptedModel, ScriptedModelProvider } from "scripted-agents/testing";
   *
   * const agent = new Agent({ name: "Support", model: "gpt-4.1-mini" });
   * const model = new ScriptedModel([[assistantMessage("Your order has shipped.")]]);
   * const runner = new Runner({
   *   modelProvider: ScriptedModelProvider.forAll(model),
   *   tracingDisabled: true,
   * });
   * const result = await runner.run(agent, "Where is my order?");
   * assert.equal(result.finalOutput, "Your order has shipped.");
   * assert.equal(model.calls.length, 1);
   * ```
   *
   * @example Steps instead of a model
   * ```ts
   * import assert from "node:assert/strict";
   * import { assistantMessage, ScriptedModel, ScriptedModelProvider } from "scripted-agents/testing";
   *
   * const provider = ScriptedModelProvider.forAll([[assistantMessage("Hi.")]]);
   * assert.ok(provider.fallback instanceof ScriptedModel);
   * assert.equal(provider.getModel("gpt-4.1-mini"), provider.getModel("o3"));
   * assert.deepEqual(provider.requests, ["gpt-4.1-mini", "o3"]);
   * ```
   */
  static forAll(modelOrSteps: Model | Iterable<ScriptedModelStep>): ScriptedModelProvider {
    return new ScriptedModelProvider({ models: {}, fallback: modelOf(modelOrSteps) });
  }

  /**
   * The model for `modelName`. An empty or absent name (an agent without a
   * model) and an unlisted name get the fallback; without one, throws
   * `UnknownModelNameError`.
   */
  getModel(modelName?: string): Model {
    const name = modelName === '' ? undefined : modelName;
    assertOwnerRunning(
      this,
      DOUBLE,
      name === undefined ? 'a request for the default model' : `a request for model "${name}"`,
    );
    const firstCallAgent = firstRequestAgent();
    this.#requests.push(name);
    const model = name === undefined ? undefined : this.#models.get(name);
    if (model !== undefined) return model;
    if (this.#fallback !== undefined) return this.#fallback;
    throw this.#failures.raise(
      new UnknownModelNameError(name, [...this.#models.keys()], { firstCallAgent }),
    );
  }

  /** The model names asked for, in order (`undefined` for an agent without one). */
  get requests(): readonly (string | undefined)[] {
    return Object.freeze([...this.#requests]);
  }

  /** The model for unlisted names and agents without one (`forAll`'s model), if any. */
  get fallback(): Model | undefined {
    return this.#fallback;
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
   * Runs the teardown check (`Symbol.dispose`, else `Symbol.asyncDispose`) of
   * every routed double and of the fallback, each once, and reports every
   * problem together (one error as is, several as an `AggregateError`).
   */
  async assertComplete(): Promise<void> {
    await this.#assertCompleteNow();
  }

  /**
   * What `assertComplete()` checks, thrown at once when every routed double's
   * check is synchronous (`ScriptedModel`, `AutoModel`: the usual case); a
   * promise only when a routed model has nothing but an asynchronous
   * teardown. `toBeComplete()` uses it, so it needs no `await`.
   */
  #assertCompleteNow(): void | Promise<void> {
    // One slot per double, so the problems keep the routes' order whichever finish later.
    const found: unknown[][] = [];
    const later: Promise<void>[] = [];
    for (const model of new Set([...this.#models.values(), this.#fallback])) {
      if (this.#unrequestedOptional(model)) continue;
      const slot: unknown[] = [];
      found.push(slot);
      try {
        const dispose = (model as Partial<Disposable> | undefined)?.[Symbol.dispose];
        const asyncDispose = (model as Partial<AsyncDisposable> | undefined)?.[Symbol.asyncDispose];
        if (typeof dispose === 'function') dispose.call(model);
        else if (typeof asyncDispose === 'function') {
          later.push(
            Promise.resolve(asyncDispose.call(model)).catch((error) => {
              slot.push(error);
            }),
          );
        }
      } catch (error) {
        slot.push(error);
      }
    }
    const report = () =>
      throwCollected(
        found.flat(),
        (count) => `${count} routed models failed their teardown checks`,
      );
    if (later.length === 0) return report();
    return Promise.all(later).then(report);
  }

  /**
   * Whether every route to `model` is optional and none was asked for (the
   * fallback counts as asked for when an unlisted name or none was).
   */
  #unrequestedOptional(model: Model | undefined): boolean {
    const names: string[] = [];
    for (const [name, routed] of this.#models) if (routed === model) names.push(name);
    if (!names.every((name) => this.#optional.has(name))) return false;
    if (model === this.#fallback) {
      if (!this.#optionalFallback) return false;
      const fellBack = this.#requests.some((requested) =>
        requested === undefined || !this.#models.has(requested)
      );
      if (fellBack) return false;
    }
    return !names.some((name) => this.#requests.includes(name));
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

/** A route's model, and whether it is optional; throws a `TypeError` for anything else. */
function readRoute(
  where: string,
  route: Model | ScriptedModelRoute,
): { model: Model; optional: boolean } {
  if (typeof (route as Partial<Model> | null)?.getResponse === 'function') {
    return { model: route as Model, optional: false };
  }
  const { model, optional } = (typeof route === 'object' && route !== null ? route : {}) as Partial<
    ScriptedModelRoute
  >;
  if (
    typeof model?.getResponse !== 'function' ||
    (optional !== undefined && typeof optional !== 'boolean')
  ) {
    throw new TypeError(
      `ScriptedModelProvider ${where} must be a Model or a route { model, optional } (a Model and ` +
        `a boolean); it got ${describeThrown(route)}.`,
    );
  }
  return { model, optional: optional === true };
}

/** `forAll`'s argument as a model: a `Model` as it is, steps as a new `ScriptedModel`. */
function modelOf(modelOrSteps: Model | Iterable<ScriptedModelStep>): Model {
  // A string is iterable too, but a model name here is the mistake this method avoids.
  const candidate = (typeof modelOrSteps === 'object' ? modelOrSteps : undefined) as
    | (Partial<Model> & Partial<Iterable<ScriptedModelStep>>)
    | null
    | undefined;
  if (typeof candidate?.getResponse === 'function') return modelOrSteps as Model;
  if (typeof candidate?.[Symbol.iterator] === 'function') {
    return new ScriptedModel(modelOrSteps as Iterable<ScriptedModelStep>);
  }
  throw new TypeError(
    `ScriptedModelProvider.forAll expects a Model (such as a ScriptedModel or an AutoModel) or ` +
      `the steps of a ScriptedModel (an array); it got ${describe(modelOrSteps)}.`,
  );
}

/** What `forAll` got instead of a Model, with a hint for the likeliest mix-up. */
function describe(value: unknown): string {
  const shown = describeThrown(value);
  return typeof value === 'string'
    ? `${shown} (a model name? forAll takes the model that answers every name)`
    : shown;
}
