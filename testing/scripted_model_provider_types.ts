/**
 * The public types of `ScriptedModelProvider`.
 *
 * @module
 */

import type { SdkModel as Model } from './_sdk_types.ts';

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
  /** The model each model name routes to: a `ScriptedModel`, an `AutoModel` or any `Model`. */
  models: Readonly<Record<string, Model>>;
  /** The model for an agent with no model name, or with a name not in `models`. */
  fallback?: Model;
}
