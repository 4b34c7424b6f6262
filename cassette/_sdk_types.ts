/**
 * The types of other packages and entries that appear in this entry's public
 * signatures, under local names: the SDK's `Model` and `ModelProvider`, and
 * the `ScriptedModel` of `scripted-agents/testing`. They are the originals,
 * unchanged; the aliases let `deno doc --lint` tell "documented elsewhere"
 * from "a type this package forgot to export".
 *
 * @module
 */

import type { Model, ModelProvider } from '@openai/agents-core';
import type { ScriptedModel } from '../testing/model/scripted_model.ts';

/**
 * The SDK's `Model` interface.
 *
 * @internal
 */
export type SdkModel = Model;
/**
 * The SDK's `ModelProvider` interface.
 *
 * @internal
 */
export type SdkModelProvider = ModelProvider;
/**
 * `ScriptedModel` from `scripted-agents/testing`.
 *
 * @internal
 */
export type TestingScriptedModel = ScriptedModel;
