/**
 * The public types of `ScriptedModelProvider`.
 *
 * @module
 */

import type { SdkModel as Model } from '../_shared/_sdk_types.ts';

/**
 * Options for `new ScriptedModelProvider(options)`: the models by name, and an
 * optional fallback for agents without a model name or with an unlisted one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutoModel, assistantMessage, ScriptedModel, type ScriptedModelProviderOptions } from "scripted-agents/testing";
 *
 * const options: ScriptedModelProviderOptions = {
 *   models: { "triage-model": new ScriptedModel([[assistantMessage("hi")]]) },
 *   fallback: new AutoModel(),
 * };
 * assert.ok(options.models["triage-model"]);
 * ```
 */
export interface ScriptedModelProviderOptions {
  /**
   * The model each model name routes to: a `ScriptedModel`, an `AutoModel`
   * or any `Model`, or a route `{ model, optional: true }` for a name the
   * workflow may never ask for.
   */
  models: Readonly<Record<string, Model | ScriptedModelRoute>>;
  /** The model for an agent with no model name, or with a name not in `models`. */
  fallback?: Model | ScriptedModelRoute;
}

/**
 * A route with options: `optional: true` is a route the workflow may never
 * ask for. Until some agent asks for it, `assertComplete()` skips its
 * model's teardown check (the model of an optional route that was asked
 * for, or that another route shares, is checked as usual). How often the
 * model answers is its own script's business: give its steps `times`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assistantMessage, ScriptedModel, ScriptedModelProvider, type ScriptedModelRoute } from "scripted-agents/testing";
 *
 * const digest: ScriptedModelRoute = {
 *   model: new ScriptedModel([[assistantMessage("Digest.")]]),
 *   optional: true,
 * };
 * const provider = new ScriptedModelProvider({ models: { digest } });
 * await provider.assertComplete(); // never asked for: nothing to verify
 * assert.deepEqual(provider.requests, []);
 * ```
 */
export interface ScriptedModelRoute {
  /** The model the route answers with. */
  model: Model;
  /** Whether the workflow may never ask for this route (default `false`). */
  optional?: boolean;
}
