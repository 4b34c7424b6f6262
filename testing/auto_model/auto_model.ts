/**
 * `AutoModel`: a `Model` that needs no script. On each call it reads what the
 * runner offers (function tools, handoffs, the output type) and answers the
 * way a cooperative model would: it calls every offered function tool once,
 * with arguments generated from the tool's JSON schema, optionally follows
 * handoffs, and then finishes with an output the agent's output type accepts.
 * A smoke test for tool wiring, schemas, handoffs and output types.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner, tool } from "@openai/agents";
 * import { z } from "zod";
 * import { AutoModel } from "scripted-agents/testing";
 *
 * const seen: unknown[] = [];
 * const weather = tool({
 *   name: "get_weather",
 *   description: "Gets the weather for a city.",
 *   parameters: z.object({ city: z.string(), days: z.number().int().positive() }),
 *   execute: (input) => {
 *     seen.push(input);
 *     return "sunny";
 *   },
 * });
 * const model = new AutoModel({ seed: 1 });
 * const agent = new Agent({
 *   name: "Forecaster",
 *   model,
 *   tools: [weather],
 *   outputType: z.object({ summary: z.string(), confidence: z.number() }),
 * });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, "Weather?");
 * assert.equal(seen.length, 1);
 * assert.deepEqual(seen[0], model.generated[0].value);
 * assert.equal(typeof result.finalOutput?.summary, "string");
 * model.assertComplete();
 * ```
 *
 * @module
 */

import { Usage } from '@openai/agents-core';
import type {
  SdkModel as Model,
  SdkModelRequest as ModelRequest,
  SdkModelResponse as ModelResponse,
  SdkStreamEvent as StreamEvent,
} from '../_shared/_sdk_types.ts';
import type { SdkOutputModelItem as OutputModelItem } from '../_shared/_sdk_item_types.ts';
import { FailureLog, runTeardownChecks } from '../../_internal/failure_log.ts';
import { frozenSnapshot } from '../../_internal/snapshot.ts';
import type { JsonSchema } from '../_shared/_schema_values.ts';
import { hashString } from '../_shared/_seeded_random.ts';
import { synthesizeStream } from '../../_internal/stream.ts';
import { assistantMessage } from '../model/output_items.ts';
import { hostedPlans } from './hosted_calls.ts';
import { ModelCallLog, throwIfAborted } from '../model/model_calls.ts';
import type { RecordedModelCall } from '../model/scripted_model_types.ts';
import {
  AutoModelBudgetExceededError,
  AutoModelIncompleteError,
  type AutoModelNameOption,
  AutoModelUnknownNameError,
  AutoModelValueError,
  type AutoModelValueFailureReason,
} from './auto_model_errors.ts';
import { nearestName } from '../../_internal/nearest_name.ts';
import type {
  AutoModelGeneratedValue,
  AutoModelOptions,
  AutoModelSchema,
} from './auto_model_types.ts';
import { announceDouble, settleDouble } from '../../_internal/live_doubles.ts';
import { assertOwnerRunning } from '../../_internal/ended_test_error.ts';

const DOUBLE = 'AutoModel';
/** Candidates tried against a richer schema's own validation before giving up. */
const VALIDATION_ATTEMPTS = 12;
/**
 * The value generator, loaded with the first value a model makes rather than with the testing
 * entry; kept so that later calls await a settled promise instead of asking the module map.
 */
let schemaValues: Promise<typeof import('../_shared/_schema_values.ts')> | undefined;

type Tool = ModelRequest['tools'][number];
type Item = { type?: unknown; name?: unknown; providerData?: Record<string, unknown> };

/**
 * A model double that plays a cooperative model: it calls the tools it is
 * offered (each once, in order, or all at once with `parallelToolCalls`), with
 * arguments generated from their schemas, follows handoffs if asked, and ends
 * with a valid final output, so an agent can be smoke-tested with no script.
 *
 * - A request with `modelSettings.toolChoice: 'none'` gets no tool call.
 * - Which tools were already called is read from the request's history, so one
 *   `AutoModel` can serve several agents of a run (and resumed runs).
 * - Generated values are deterministic for a `seed` and recorded in
 *   `generated`; calls are recorded like `ScriptedModel`'s (`calls`,
 *   `firstCall`, `lastCall`, frozen snapshots).
 * - Where no valid value can be generated, the call fails with
 *   `AutoModelValueError` (tool name, schema path); invalid arguments are never sent.
 * - Streamed calls get the same response as synthesized stream events.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner, tool } from "@openai/agents";
 * import { z } from "zod";
 * import { AutoModel } from "scripted-agents/testing";
 *
 * const lookup = tool({
 *   name: "lookup",
 *   description: "Looks up an order.",
 *   parameters: z.object({ orderId: z.string() }),
 *   execute: ({ orderId }) => `order ${orderId}: shipped`,
 * });
 * using model = new AutoModel({ arguments: { lookup: { orderId: "A-1" } } });
 * const agent = new Agent({ name: "Support", model, tools: [lookup] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, "Where is A-1?", { stream: true });
 * await result.completed;
 * assert.equal(result.finalOutput, "AutoModel finished.");
 * assert.deepEqual(model.generated.map((g) => g.value), [{ orderId: "A-1" }]);
 * assert.equal(model.calls.length, 2);
 * ```
 */
export class AutoModel implements Model {
  readonly #options: AutoModelOptions;
  readonly #calls = new ModelCallLog(this);
  readonly #failures = new FailureLog(DOUBLE);
  readonly #generated: AutoModelGeneratedValue[] = [];
  readonly #offered = new Set<string>();
  readonly #called = new Set<string>();
  /** Every function tool and handoff tool name any request offered, in first-seen order. */
  readonly #seenTools = new Set<string>();
  readonly #seenHandoffs = new Set<string>();

  /** Creates a model with `options` (all optional; see {@linkcode AutoModelOptions}). */
  constructor(options: AutoModelOptions = {}) {
    this.#options = { ...options };
    announceDouble(this);
  }

  /** Every recorded call, in invocation order: a new frozen array of fresh snapshots. */
  get calls(): readonly RecordedModelCall[] {
    return this.#calls.all();
  }

  /** A fresh snapshot of the first call, or `undefined` before any call. */
  get firstCall(): RecordedModelCall | undefined {
    return this.#calls.at(0);
  }

  /** A fresh snapshot of the latest call, or `undefined` before any call. */
  get lastCall(): RecordedModelCall | undefined {
    return this.#calls.at(-1);
  }

  /** Every value generated (or fixed) so far, in order: tool and handoff arguments, outputs. */
  get generated(): readonly AutoModelGeneratedValue[] {
    return Object.freeze(this.#generated.map((entry) => frozenSnapshot(entry)));
  }

  /**
   * Throws `AutoModelIncompleteError` if the model was never called, or if a
   * selected function tool it was offered was never called.
   */
  assertComplete(): void {
    const uncalled = [...this.#offered].filter((name) => !this.#called.has(name));
    if (this.#calls.length === 0 || uncalled.length > 0) {
      throw new AutoModelIncompleteError(this.#calls.length, uncalled);
    }
  }

  /** The failures this model raised (value, budget), whether or not the code under test caught them. */
  get failures(): readonly unknown[] {
    return this.#failures.failures;
  }

  /** Returns the recorded failures and forgets them, for tests that provoke one on purpose. */
  acknowledgeFailures(): readonly unknown[] {
    return this.#failures.take();
  }

  /** Throws `DoubleFailuresError` if this model raised any failure not yet acknowledged. */
  assertNoUnexpectedCalls(): void {
    this.#failures.assertNone();
  }

  /** Teardown for `using model = new AutoModel()`: unreported failures, then `assertComplete()`. */
  [Symbol.dispose](): void {
    settleDouble(this);
    runTeardownChecks(DOUBLE, [
      () => this.assertNoUnexpectedCalls(),
      () => this.assertComplete(),
    ]);
  }

  /** Answers a non-streaming call. */
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    assertOwnerRunning(this, DOUBLE, 'a non-streaming call');
    const call = this.#calls.record(request, false);
    const response = await this.#respond(call, request);
    throwIfAborted(call);
    this.#calls.answer(call, response.output);
    return response;
  }

  /** Answers a streaming call with the same response, as synthesized stream events. */
  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    assertOwnerRunning(this, DOUBLE, 'a streaming call');
    const call = this.#calls.record(request, true);
    return this.#stream(call, request);
  }

  async *#stream(call: RecordedModelCall, request: ModelRequest): AsyncGenerator<StreamEvent> {
    throwIfAborted(call);
    const response = await this.#respond(call, request);
    this.#calls.answer(call, response.output);
    yield* synthesizeStream(response, () => throwIfAborted(call));
  }

  async #respond(call: RecordedModelCall, request: ModelRequest): Promise<ModelResponse> {
    const maxCalls = this.#options.maxCalls ?? 50;
    if (call.index >= maxCalls) {
      throw this.#failures.raise(new AutoModelBudgetExceededError(call.index, maxCalls));
    }
    const history = Array.isArray(request.input) ? (request.input as unknown as Item[]) : [];
    const calledNames = new Set(
      history.filter((item) => item?.type === 'function_call').map((item) => String(item.name)),
    );
    const output: OutputModelItem[] = [];
    for (const tool of request.tools) if (tool.type === 'function') this.#seenTools.add(tool.name);
    for (const handoff of request.handoffs) this.#seenHandoffs.add(handoff.toolName);

    // A model told not to use tools (`toolChoice: 'none'`) calls none.
    const toolsAllowed = request.modelSettings?.toolChoice !== 'none';
    const functionTools = request.tools.filter((
      tool,
    ): tool is Extract<Tool, { type: 'function' }> =>
      toolsAllowed && tool.type === 'function' && this.#selects(tool.name)
    );
    for (const tool of functionTools) this.#offered.add(tool.name);
    const pendingTools = functionTools.filter((tool) => !calledNames.has(tool.name));
    const pendingHosted = this.#options.hostedTools === true && toolsAllowed
      ? hostedPlans(request.tools).filter((plan) => !history.some(plan.done))
      : [];
    const parallel = this.#options.parallelToolCalls === true;

    if (pendingTools.length > 0 || pendingHosted.length > 0) {
      const tools = parallel ? pendingTools : pendingTools.slice(0, 1);
      for (const tool of tools) {
        const callId = `auto_call_${call.index + 1}_${output.length + 1}`;
        const value = await this.#value(call, {
          kind: 'tool',
          name: tool.name,
          schema: this.#options.toolSchemas?.[tool.name] ?? (tool.parameters as JsonSchema),
          sent: tool.parameters as JsonSchema,
        });
        this.#called.add(tool.name);
        this.#remember(call, 'tool', tool.name, callId, value);
        const item: OutputModelItem = {
          type: 'function_call',
          id: callId,
          callId,
          name: tool.name,
          status: 'completed',
          arguments: typeof value === 'string' ? value : JSON.stringify(value),
        };
        if (tool.namespace !== undefined) item.namespace = tool.namespace;
        output.push(item);
      }
      if (parallel || output.length === 0) {
        const plans = parallel ? pendingHosted : pendingHosted.slice(0, 1);
        for (const plan of plans) {
          output.push(plan.build(`auto_${plan.key}_${call.index + 1}_${output.length + 1}`));
        }
      }
      return response(call, output);
    }

    const handoff = this.#nextHandoff(request, calledNames);
    if (handoff !== undefined) {
      const callId = `auto_call_${call.index + 1}_1`;
      const value = await this.#value(call, {
        kind: 'handoff',
        name: handoff.toolName,
        schema: handoff.inputJsonSchema as JsonSchema,
        sent: handoff.inputJsonSchema as JsonSchema,
      });
      this.#remember(call, 'handoff', handoff.toolName, callId, value);
      output.push({
        type: 'function_call',
        id: callId,
        callId,
        name: handoff.toolName,
        status: 'completed',
        arguments: typeof value === 'string' ? value : JSON.stringify(value),
      });
      return response(call, output);
    }

    // The run ends with this answer: a name that no request offered was misspelled
    // (the tools of every agent the run visited have been seen by now).
    this.#checkNames(call);
    const outputType = request.outputType;
    let text: string;
    if (outputType === 'text') {
      text = this.#options.finalText ?? 'AutoModel finished.';
    } else {
      const value = await this.#value(call, {
        kind: 'output',
        name: outputType.name,
        schema: this.#options.outputSchema ?? (outputType.schema as JsonSchema),
        sent: outputType.schema as JsonSchema,
      });
      this.#remember(call, 'output', outputType.name, undefined, value);
      text = JSON.stringify(value);
    }
    output.push(assistantMessage(text, { id: `auto_msg_${call.index + 1}` }));
    return response(call, output);
  }

  /** Throws for the first name in the options that no request offered. */
  #checkNames(call: RecordedModelCall): void {
    const tools = this.#options.tools;
    const handoffs = this.#options.handoffs;
    const entries: [AutoModelNameOption, string, boolean][] = [
      ...(Array.isArray(tools) ? tools : []).map((name): [AutoModelNameOption, string, boolean] => [
        'tools',
        name,
        this.#seenTools.has(name),
      ]),
      ...Object.keys(this.#options.arguments ?? {}).map((
        name,
      ): [AutoModelNameOption, string, boolean] => [
        'arguments',
        name,
        this.#seenTools.has(name) || this.#seenHandoffs.has(name),
      ]),
      ...(Array.isArray(handoffs) ? handoffs : []).map((
        name,
      ): [AutoModelNameOption, string, boolean] => [
        'handoffs',
        name,
        this.#seenHandoffs.has(name) || this.#seenHandoffs.has(handoffToolName(name)),
      ]),
    ];
    const unknown = entries.find(([, , known]) => !known);
    if (unknown === undefined) return;
    const [option, name] = unknown;
    const known = option === 'tools'
      ? [...this.#seenTools]
      : option === 'handoffs'
      ? [...this.#seenHandoffs]
      : [...this.#seenTools, ...this.#seenHandoffs];
    throw this.#failures.raise(
      new AutoModelUnknownNameError({
        callIndex: call.index,
        option,
        unknownName: name,
        toolName: undefined,
        knownNames: known,
        suggestion: nearestName(name, known) ??
          (option === 'tools' ? undefined : nearestName(handoffToolName(name), known)),
      }),
    );
  }

  /** Throws for a key of fixed arguments that `schema` neither declares nor allows. */
  #checkKeys(
    call: RecordedModelCall,
    name: string,
    fixed: Record<string, unknown>,
    schema: JsonSchema,
  ): void {
    const shape = schema as {
      properties?: unknown;
      additionalProperties?: unknown;
      patternProperties?: unknown;
    };
    if (typeof shape.properties !== 'object' || shape.properties === null) return;
    if (shape.additionalProperties !== false || shape.patternProperties !== undefined) return;
    const declared = Object.keys(shape.properties);
    const key = Object.keys(fixed).find((key) => !declared.includes(key));
    if (key === undefined) return;
    throw this.#failures.raise(
      new AutoModelUnknownNameError({
        callIndex: call.index,
        option: 'arguments',
        unknownName: key,
        toolName: name,
        knownNames: declared,
        suggestion: nearestName(key, declared),
      }),
    );
  }

  #selects(name: string): boolean {
    const selection = this.#options.tools ?? 'all';
    if (selection === 'all') return true;
    if (selection === 'none') return false;
    return selection.includes(name);
  }

  #nextHandoff(
    request: ModelRequest,
    calledNames: ReadonlySet<string>,
  ): ModelRequest['handoffs'][number] | undefined {
    const policy = this.#options.handoffs ?? 'skip';
    if (policy === 'skip') return undefined;
    return request.handoffs.find((handoff) =>
      !calledNames.has(handoff.toolName) &&
      (policy === 'follow' ||
        policy.some((name) =>
          name === handoff.toolName || handoffToolName(name) === handoff.toolName
        ))
    );
  }

  #remember(
    call: RecordedModelCall,
    kind: AutoModelGeneratedValue['kind'],
    name: string,
    callId: string | undefined,
    value: unknown,
  ): void {
    this.#generated.push(Object.freeze({ callIndex: call.index, kind, name, callId, value }));
  }

  /** The fixed value for `name`, or one generated from the schema (and validated by it). */
  async #value(
    call: RecordedModelCall,
    target: {
      kind: AutoModelGeneratedValue['kind'];
      name: string;
      schema: AutoModelSchema | JsonSchema;
      /** The schema the request sent, which fixed arguments are checked against. */
      sent: JsonSchema;
    },
  ): Promise<unknown> {
    const fixed = target.kind === 'output' ? undefined : this.#options.arguments?.[target.name];
    if (typeof fixed === 'string') return fixed;
    if (fixed !== undefined) {
      this.#checkKeys(call, target.name, fixed, target.sent);
      return structuredClone(fixed);
    }
    const standard = standardSchema(target.schema);
    const json = standard === undefined
      ? target.schema as JsonSchema
      : standard.jsonSchema.input({ target: 'draft-2020-12' }) as JsonSchema;
    const baseSeed =
      ((this.#options.seed ?? 0) * 31 + hashString(`${target.kind}:${target.name}`)) >>>
      0;
    const { generateSchemaValue } = await (schemaValues ??= import('../_shared/_schema_values.ts'));
    let rejection: { path: string; message: string } | undefined;
    for (let attempt = 0; attempt < (standard === undefined ? 1 : VALIDATION_ATTEMPTS); attempt++) {
      const result = generateSchemaValue(json, { seed: (baseSeed + attempt * 7919) >>> 0 });
      if (!result.ok) {
        throw this.#valueError(call, target, result.schemaPath, result.reason, result.message);
      }
      if (standard === undefined) return result.value;
      const verdict = await standard.validate(result.value) as {
        issues?: ReadonlyArray<{ message: string; path?: ReadonlyArray<unknown> }>;
      };
      if (verdict.issues === undefined || verdict.issues.length === 0) return result.value;
      const issue = verdict.issues[0];
      rejection = { path: pointerOf(issue.path ?? []), message: issue.message };
    }
    const { path, message } = rejection as { path: string; message: string };
    throw this.#valueError(
      call,
      target,
      path,
      'rejected_by_schema',
      `the schema's own validation rejected every candidate: ${message}`,
    );
  }

  #valueError(
    call: RecordedModelCall,
    target: { kind: AutoModelGeneratedValue['kind']; name: string },
    schemaPath: string,
    reason: AutoModelValueFailureReason,
    detail: string,
  ): AutoModelValueError {
    return this.#failures.raise(
      new AutoModelValueError({
        callIndex: call.index,
        kind: target.kind,
        name: target.name,
        schemaPath,
        reason,
        detail,
      }),
    );
  }
}

type StandardJsonSchema = {
  validate: (value: unknown) => unknown;
  jsonSchema: { input: (options: { target: string }) => unknown };
};

function standardSchema(schema: AutoModelSchema | JsonSchema): StandardJsonSchema | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const standard = (schema as { '~standard'?: Partial<StandardJsonSchema> })['~standard'];
  if (
    typeof standard === 'object' && standard !== null && typeof standard.validate === 'function' &&
    typeof standard.jsonSchema?.input === 'function'
  ) {
    return standard as StandardJsonSchema;
  }
  return undefined;
}

/** A Standard Schema issue path as a schema pointer (`['a', 0]` → `#/properties/a/items`). */
function pointerOf(path: ReadonlyArray<unknown>): string {
  return path.reduce<string>((pointer, segment) => {
    const key = typeof segment === 'object' && segment !== null && 'key' in segment
      ? (segment as { key: unknown }).key
      : segment;
    return typeof key === 'number' ? `${pointer}/items` : `${pointer}/properties/${String(key)}`;
  }, '#');
}

/** The SDK's default handoff tool name for an agent named `name`. */
function handoffToolName(name: string): string {
  return `transfer_to_${name.replace(/[^a-zA-Z0-9]/g, '_')}`;
}

function response(call: RecordedModelCall, output: OutputModelItem[]): ModelResponse {
  return {
    output,
    usage: new Usage({ requests: 1 }),
    responseId: `auto-response-${call.index + 1}`,
  };
}
