/**
 * The public types of `AutoModel`: its options and the values it generated.
 *
 * @module
 */

/**
 * A schema `AutoModel` can generate values from: a plain JSON schema object,
 * or a Standard JSON Schema (a zod 4.2+ schema, for example), whose own
 * `validate` then also checks every generated value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { z } from "zod";
 * import type { AutoModelSchema } from "scripted-agents/testing";
 *
 * const fromZod: AutoModelSchema = z.object({ email: z.email() });
 * const fromJson: AutoModelSchema = { type: "object", properties: { id: { type: "integer" } } };
 * assert.ok(fromZod && fromJson);
 * ```
 */
export type AutoModelSchema =
  | { readonly [keyword: string]: unknown }
  | {
    readonly '~standard': {
      readonly validate: (value: unknown) => unknown;
      readonly jsonSchema: { readonly input: (options: { target: string }) => unknown };
    };
  };

/**
 * Which function tools `AutoModel` calls: `'all'` (the default), `'none'`, or
 * the names of the ones to call.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AutoModelToolSelection } from "scripted-agents/testing";
 *
 * const selection: AutoModelToolSelection = ["get_weather"];
 * assert.ok(Array.isArray(selection));
 * ```
 */
export type AutoModelToolSelection = 'all' | 'none' | readonly string[];

/**
 * What `AutoModel` does with the handoffs an agent offers: `'skip'` them (the
 * default), `'follow'` each one once (the first not yet taken, after the
 * agent's tools), or follow only the named ones (handoff tool names such as
 * `'transfer_to_Billing_agent'`, or agent names).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AutoModelHandoffPolicy } from "scripted-agents/testing";
 *
 * const policy: AutoModelHandoffPolicy = "follow";
 * assert.equal(policy, "follow");
 * ```
 */
export type AutoModelHandoffPolicy = 'skip' | 'follow' | readonly string[];

/**
 * Options for `new AutoModel(options)`; every one is optional.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutoModel, type AutoModelOptions } from "scripted-agents/testing";
 *
 * const options: AutoModelOptions = { seed: 7, parallelToolCalls: true, handoffs: "follow" };
 * assert.ok(new AutoModel(options));
 * ```
 */
export interface AutoModelOptions {
  /** The seed of every generated value: the same seed, the same values. Default `0`. */
  seed?: number;
  /** Which offered function tools to call, each once. Default `'all'`. */
  tools?: AutoModelToolSelection;
  /** Call all pending tools in one response instead of one per response. Default `false`. */
  parallelToolCalls?: boolean;
  /** Whether to follow offered handoffs. Default `'skip'`. */
  handoffs?: AutoModelHandoffPolicy;
  /** Fixed arguments for the named tools (or handoffs), used instead of generated ones. */
  arguments?: Readonly<Record<string, string | Record<string, unknown>>>;
  /**
   * Richer schemas for the named tools. The schema the SDK sends for a zod
   * tool keeps what JSON Schema can say (bounds, lengths, formats, patterns)
   * but not refinements (`.refine()`); give the zod schema here to generate
   * from it, and validate every candidate with it.
   */
  toolSchemas?: Readonly<Record<string, AutoModelSchema>>;
  /** A richer schema for structured final outputs, used instead of the serialized output type. */
  outputSchema?: AutoModelSchema;
  /**
   * Also call the agent's computer, shell and apply-patch tools and its hosted
   * tools (web search, file search, code interpreter, image generation, hosted
   * MCP), once each, with the output-item builders' defaults. Default `false`.
   */
  hostedTools?: boolean;
  /** The final text answer for agents with text output. Default `'AutoModel finished.'`. */
  finalText?: string;
  /** The most model calls this model answers; the next one fails. Default `50`. */
  maxCalls?: number;
}

/**
 * One value `AutoModel` generated: the arguments of a tool or handoff call, or
 * a structured final output.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AutoModelGeneratedValue } from "scripted-agents/testing";
 *
 * const value: AutoModelGeneratedValue = {
 *   callIndex: 0,
 *   kind: "tool",
 *   name: "get_weather",
 *   callId: "auto_call_1_1",
 *   value: { city: "alpha" },
 * };
 * assert.equal(value.kind, "tool");
 * ```
 */
export type AutoModelGeneratedValue = Readonly<{
  /** The zero-based model call that produced it. */
  callIndex: number;
  /** What it is for. */
  kind: 'tool' | 'handoff' | 'output';
  /** The tool or handoff tool name, or the output type's name. */
  name: string;
  /** The call id of a tool or handoff call; `undefined` for an output. */
  callId: string | undefined;
  /** The generated (or fixed) value, as sent. */
  value: unknown;
}>;
