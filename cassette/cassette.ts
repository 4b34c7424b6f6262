/**
 * `Cassette`: record a real agent run once at the `Model` boundary, replay it
 * offline forever, and fail loudly when the workflow drifts from the recording.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner } from "@openai/agents";
 * import { assistantMessage, ScriptedModel } from "scripted-agents/testing";
 * import { Cassette } from "scripted-agents/cassette";
 *
 * // Record (here from a scripted provider; in a real suite, OpenAIProvider).
 * const real = new ScriptedModel([[assistantMessage("Paris.")]]);
 * const recorder = new Cassette({ mode: "record", provider: { getModel: () => real } });
 * const agent = new Agent({ name: "Geography", model: "gpt-4.1" });
 * await new Runner({ modelProvider: recorder, tracingDisabled: true }).run(agent, "Capital?");
 * const data = await recorder.close();
 *
 * // Replay offline: the provider is never called.
 * const cassette = Cassette.fromJSON(JSON.parse(JSON.stringify(data)));
 * const runner = new Runner({ modelProvider: cassette, tracingDisabled: true });
 * const result = await runner.run(agent, "Capital?");
 * assert.equal(result.finalOutput, "Paris.");
 * await cassette.close();
 * ```
 *
 * @module
 */

import type {
  ModelRequest,
  ModelResponse,
  ModelRetryAdvice,
  ModelRetryAdviceRequest,
  StreamEvent,
} from '@openai/agents-core';
import { FailureLog, runTeardownChecks } from '../_internal/failure_log.ts';
import { ordinal } from '../_internal/format.ts';
import { SnapshotStore } from '../_internal/snapshot_store.ts';
import { synthesizeStream } from '../_internal/stream.ts';
import { ScriptedModel } from '../testing/model/scripted_model.ts';
import { formatTrajectory } from '../testing/trajectory/trajectory.ts';
import type {
  SdkModel as Model,
  SdkModelProvider as ModelProvider,
  TestingScriptedModel,
} from './_sdk_types.ts';
import { InteractionBook } from './_match.ts';
import { LiveKeys } from './_live_key.ts';
import { BlobTable, Conversion, copyJson, hasEscapedKey, restore, toJson } from './_json.ts';
import { storedInteractions } from './_delta.ts';
import {
  canonicalInteraction,
  canonicalRequest,
  errorRecord,
  FORMAT,
  loadCassette,
  type LoadedCassette,
  replayError,
  replayResponse,
  requestRecord,
  responseFromEvents,
  responseRecord,
  validateExpiry,
  VERSION,
  VERSION_ESCAPED,
} from './_serialize.ts';
import { scriptedSteps } from './_scripted.ts';
import { printScriptedModel } from './_typescript.ts';
import {
  CassetteExpiredError,
  CassetteMissError,
  type RecordedModelError,
  UnusedCassetteInteractionsError,
} from './cassette_errors.ts';
import { expiredInteractions, parseDuration } from './_expiry.ts';
import { PACKAGE_VERSION } from '../_internal/version.ts';
import type {
  CassetteData,
  CassetteErrorRecord,
  CassetteExpiry,
  CassetteInteraction,
  CassetteMode,
  CassetteModelInfo,
  CassetteOptions,
  CassetteRequest,
  JsonObject,
  JsonValue,
} from './cassette_types.ts';
import { announceDouble, settleDouble, settleUnused } from '../_internal/live_doubles.ts';
import { currentAgentName } from '../_internal/current_agent.ts';

const DOUBLE = 'Cassette';
const modes: readonly CassetteMode[] = ['replay', 'record', 'auto', 'update'];

/** What `Cassette.fromJSON` hands to the constructor (set and read synchronously). */
let loading: LoadedCassette | undefined;

/**
 * A live call made ready to match: its key (none in `record`, where nothing is
 * matched) and the request as stored and reported, or how to build it when
 * only a miss needs it.
 */
interface PreparedCall {
  key: string | undefined;
  request: CassetteRequest | (() => Promise<CassetteRequest>);
}

/** A position in the cassette being written, filled when its call settles. */
interface Slot {
  interaction: CassetteInteraction | undefined;
}

/** What a model of the cassette calls back into. */
interface Host {
  getResponse(name: string | undefined, request: ModelRequest): Promise<ModelResponse>;
  getStreamedResponse(name: string | undefined, request: ModelRequest): AsyncIterable<StreamEvent>;
  getRetryAdvice(args: ModelRetryAdviceRequest): Promise<ModelRetryAdvice | undefined>;
  supportsPromptModelSelection(name: string | undefined): boolean | undefined;
}

/**
 * A model provider that records real model calls and replays them. Use it as
 * the runner's provider (`new Runner({ modelProvider: cassette })` or
 * `setDefaultModelProvider(cassette)`) so every agent of a run goes through
 * it, including agents used as tools and handed-off agents; or take one model
 * with `cassette.model(name)`.
 *
 * - **Matching.** A call takes the first unused recorded interaction of the
 *   same model name whose normalized request is equal (instructions, input,
 *   settings, tools, handoffs, output type, previous response and conversation
 *   ids, prompt). Calls may arrive in any order, so concurrent runs replay.
 *   A call that matches nothing throws {@linkcode CassetteMissError}, which
 *   shows where the nearest unused recording differs.
 * - **Streaming.** A recorded stream replays as the same events. A recorded
 *   non-streamed response answers a streamed call with synthesized events
 *   (`response_started`, one text delta per text part, `response_done`), and
 *   a recorded stream answers a non-streamed call with its final response.
 * - **Errors.** A recorded error replays as a {@linkcode RecordedModelError}
 *   with the same status, headers and fields, and the real model's retry
 *   advice, so the runner's retry policy decides as it did.
 * - **Teardown.** `close()` (or `await using`) fails in `replay` when recorded
 *   interactions were never used or a miss was swallowed, and hands a
 *   recording to `save`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner, tool } from "@openai/agents";
 * import { z } from "zod";
 * import { assistantMessage, functionCall, ScriptedModel } from "scripted-agents/testing";
 * import { Cassette } from "scripted-agents/cassette";
 *
 * const weather = tool({
 *   name: "get_weather",
 *   description: "Gets the weather for a city.",
 *   parameters: z.object({ city: z.string() }),
 *   execute: ({ city }) => `${city}: sunny`,
 * });
 * const agent = new Agent({ name: "Weather", model: "gpt-4.1", tools: [weather] });
 * const real = new ScriptedModel([
 *   [functionCall("get_weather", { city: "Tokyo" }, { callId: "call_1" })],
 *   [assistantMessage("It is sunny in Tokyo.")],
 * ]);
 * const recorder = new Cassette({ mode: "record", provider: { getModel: () => real } });
 * await new Runner({ modelProvider: recorder, tracingDisabled: true }).run(agent, "Tokyo?");
 * const text = JSON.stringify(recorder, null, 2);
 *
 * await using cassette = Cassette.fromJSON(text);
 * const result = await new Runner({ modelProvider: cassette, tracingDisabled: true })
 *   .run(agent, "Tokyo?");
 * assert.equal(result.finalOutput, "It is sunny in Tokyo.");
 * assert.equal(cassette.interactions.length, 2);
 * ```
 */
export class Cassette implements ModelProvider {
  readonly #mode: 'replay' | 'record' | 'update';
  readonly #options: CassetteOptions;
  readonly #book = new InteractionBook();
  readonly #blobs = new BlobTable();
  readonly #models = new Map<string, Model>();
  readonly #modelInfo = new Map<string, CassetteModelInfo>();
  readonly #realModels = new Map<string, Promise<Model>>();
  /** The recording provider, once a call needed it (a factory is called then, once). */
  #provider: Promise<ModelProvider> | undefined;
  readonly #resolvedReal = new Map<string, Model>();
  readonly #session: Slot[] = [];
  readonly #pending = new Set<Promise<unknown>>();
  readonly #failures = new FailureLog(DOUBLE);
  /** Replayed errors → the advice recorded with them. */
  readonly #replayedAdvice = new WeakMap<object, JsonObject | undefined>();
  /**
   * Errors thrown while recording → their slot, to store the real advice, and
   * the name of the model that threw (a `redact` hook may rename the stored one).
   */
  readonly #recordedErrors = new WeakMap<object, { slot: Slot; model: string }>();
  readonly #host: Host;
  /** Snapshots of the live requests, sharing what consecutive requests repeat. */
  readonly #snapshots = new SnapshotStore();
  /** Converted JSON of snapshot nodes (see `#prepare`). */
  readonly #converted = new WeakMap<object, JsonValue>();
  /** Keys live calls from their snapshots (see `#prepare`). */
  readonly #live = new LiveKeys(this.#book, this.#blobs);
  /** The expiry policy: the options', else the loaded recording's. */
  readonly #expiry: CassetteExpiry | undefined;
  #calls = 0;

  /**
   * An empty cassette (use `Cassette.fromJSON` to load one). With `mode:
   * 'record'` or `'auto'` it records through `options.provider`.
   */
  constructor(options: CassetteOptions = {}) {
    const data = loading;
    loading = undefined;
    const requested = options.mode ?? 'replay';
    if (!modes.includes(requested)) {
      throw new TypeError(
        `Cassette mode must be one of ${modes.join(', ')}; got ${JSON.stringify(requested)}.`,
      );
    }
    let mode: 'replay' | 'record' | 'update' = requested === 'auto'
      ? (data === undefined ? 'record' : 'replay')
      : requested;
    this.#options = options;
    if (mode !== 'replay' && options.provider === undefined) {
      throw new TypeError(
        `Cassette mode ${JSON.stringify(requested)} records, so it needs the real provider: ` +
          'pass options.provider (e.g. new OpenAIProvider()).',
      );
    }
    if (options.expiry !== undefined) {
      validateExpiry(options.expiry, (path, expected) => {
        throw new TypeError(`Cassette options.${path} must be ${expected}.`);
      });
    }
    this.#expiry = options.expiry ?? data?.expiry;
    if (data !== undefined && mode !== 'record') mode = this.#applyExpiry(data, mode);
    this.#mode = mode;
    if (data !== undefined && this.#mode !== 'record') this.#load(data);
    this.#host = {
      getResponse: (name, request) => this.#getResponse(name, request),
      getStreamedResponse: (name, request) => this.#getStreamedResponse(name, request),
      getRetryAdvice: (args) => this.#getRetryAdvice(args),
      supportsPromptModelSelection: (name) => this.#supportsPromptModelSelection(name),
    };
    announceDouble(this);
  }

  /**
   * Loads a cassette from its JSON form (`toJSON()`'s value, or the JSON text).
   * Throws {@linkcode InvalidCassetteError} naming the first bad field.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Cassette } from "scripted-agents/cassette";
   *
   * const text = JSON.stringify(new Cassette());
   * const cassette = Cassette.fromJSON(text);
   * assert.equal(cassette.mode, "replay");
   * assert.equal(cassette.interactions.length, 0);
   * ```
   */
  static fromJSON(value: unknown, options: CassetteOptions = {}): Cassette {
    loading = loadCassette(value, options.label);
    try {
      return new Cassette(options);
    } finally {
      loading = undefined;
    }
  }

  /** The effective mode: `'auto'` has become `'replay'` or `'record'`. */
  get mode(): 'replay' | 'record' | 'update' {
    return this.#mode;
  }

  /** Names the cassette in messages (`options.label`). */
  get label(): string | undefined {
    return this.#options.label;
  }

  /**
   * The interactions the cassette holds now: the loaded ones in `replay`, the
   * ones recorded (or kept) so far otherwise. A fresh JSON copy, with every
   * request whole (the file form may continue an earlier request's input).
   */
  get interactions(): readonly CassetteInteraction[] {
    return this.#current().map((i) =>
      copyJson(i as unknown as JsonValue) as unknown as CassetteInteraction
    );
  }

  /** The interactions held now (shared, not to be changed). */
  #current(): CassetteInteraction[] {
    return this.#mode === 'replay'
      ? this.#book.entries.map((entry) => entry.interaction)
      : this.#session.flatMap((slot) => slot.interaction === undefined ? [] : [slot.interaction]);
  }

  /** The provider side: the model named `modelName`, backed by this cassette. */
  getModel(modelName?: string): Model | Promise<Model> {
    const model = this.model(modelName);
    if (this.#mode === 'replay') return model;
    // Resolve the real model first so what the runner reads from it is known.
    return this.#realModel(modelName).then(() => model);
  }

  /**
   * The model named `name` (`''` or omitted for the default model),
   * synchronously: for an agent's `model`, or where a `Model` is expected.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Cassette } from "scripted-agents/cassette";
   *
   * const cassette = new Cassette();
   * assert.equal(cassette.model("gpt-4.1"), cassette.model("gpt-4.1"));
   * ```
   */
  model(name?: string): Model {
    const key = name ?? '';
    let model = this.#models.get(key);
    if (model === undefined) {
      model = new CassetteModel(name, this.#host);
      this.#models.set(key, model);
    }
    return model;
  }

  /**
   * The cassette as JSON, at any time: what is recorded so far (or loaded, in
   * `replay`), with the format version, stable key order, each large binary
   * payload once, and each input that starts with an earlier interaction's
   * whole input stored as its continuation (see `CassetteStoredRequest`).
   * `JSON.stringify(cassette)` uses it.
   */
  toJSON(): CassetteData {
    const interactions = this.#current();
    const names = [...new Set(interactions.map((i) => i.model))].sort();
    const models: Record<string, CassetteModelInfo> = {};
    for (const name of names) models[name] = { ...this.#modelInfo.get(name) };
    const stored = storedInteractions(interactions);
    return {
      format: FORMAT,
      version: stored.some((i) => hasEscapedKey(i as unknown as JsonValue))
        ? VERSION_ESCAPED
        : VERSION,
      ...(this.#expiry === undefined ? {} : { expiry: { ...this.#expiry } }),
      models,
      interactions: stored,
      blobs: this.#blobs.referencedBy(stored as unknown as JsonValue[]),
    };
  }

  /** Throws {@linkcode UnusedCassetteInteractionsError} if a recorded interaction was never used (replay). */
  assertComplete(): void {
    if (this.#mode !== 'replay') return;
    const unused = this.#book.unused();
    if (unused.length === 0) return;
    throw new UnusedCassetteInteractionsError(
      this.label,
      unused.map(({ index, interaction }) => ({
        index,
        model: interaction.model,
        streamed: interaction.streamed,
      })),
      { total: this.#book.entries.length },
    );
  }

  /** The misses this cassette raised, whether or not the code under test caught them. */
  get failures(): readonly unknown[] {
    return this.#failures.failures;
  }

  /** Returns the recorded failures and forgets them, for tests that provoke a miss on purpose. */
  acknowledgeFailures(): readonly unknown[] {
    return this.#failures.take();
  }

  /** Throws `DoubleFailuresError` if a miss was raised and not acknowledged. */
  assertNoUnexpectedCalls(): void {
    this.#failures.assertNone();
  }

  /**
   * Finishes the cassette. Waits for calls still recording; then in `replay`
   * fails on swallowed misses and unused interactions (both reported
   * together), and in a recording mode hands the cassette to `options.save`.
   * Resolves to the cassette's JSON form.
   */
  async close(): Promise<CassetteData> {
    settleDouble(this);
    // A recording provider a replay never reached was never meant to run.
    if (this.#realModels.size === 0) settleUnused(this.#options.provider);
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
    if (this.#mode === 'replay') {
      runTeardownChecks(DOUBLE, [
        () => this.assertNoUnexpectedCalls(),
        () => this.assertComplete(),
      ]);
      return this.toJSON();
    }
    const data = this.toJSON();
    await this.#options.save?.(data);
    return data;
  }

  /** `await using cassette = ...`: the same as {@linkcode Cassette.close}. */
  async [Symbol.asyncDispose](): Promise<void> {
    settleDouble(this);
    await this.close();
  }

  /**
   * A `ScriptedModel` whose steps are the recorded responses of model `name`
   * (optional when the cassette holds one model), in recording order: take a
   * recording and go on by hand. Streamed recordings become plain responses
   * (the `ScriptedModel` synthesizes their events); errors become error steps
   * with the recorded retry advice.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Cassette } from "scripted-agents/cassette";
   *
   * const cassette = Cassette.fromJSON({
   *   format: "scripted-agents/cassette",
   *   version: 2,
   *   models: {},
   *   interactions: [{
   *     model: "gpt-4.1",
   *     streamed: false,
   *     request: { input: "Hi", modelSettings: {}, tools: [], handoffs: [], outputType: "text" },
   *     response: { output: [], usage: { requests: 1 }, responseId: "resp_1" },
   *   }],
   *   blobs: {},
   * });
   * const model = cassette.toScriptedModel();
   * assert.equal(model.remainingSteps, 1);
   * const response = await model.getResponse({} as never);
   * assert.equal(response.responseId, "resp_1");
   * ```
   */
  toScriptedModel(name?: string): TestingScriptedModel {
    const interactions = this.#interactionsOf(name);
    return new ScriptedModel(scriptedSteps(interactions, this.#blobs));
  }

  /**
   * TypeScript source that builds the same `ScriptedModel` as
   * {@linkcode Cassette.toScriptedModel}, written with `assistantMessage`,
   * `functionCall`, `modelResponse` and `modelError`, to paste into a test and
   * edit by hand.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Cassette } from "scripted-agents/cassette";
   *
   * const cassette = Cassette.fromJSON({
   *   format: "scripted-agents/cassette",
   *   version: 2,
   *   models: {},
   *   interactions: [{
   *     model: "gpt-4.1",
   *     streamed: false,
   *     request: { input: "Hi", modelSettings: {}, tools: [], handoffs: [], outputType: "text" },
   *     response: {
   *       output: [{
   *         type: "message",
   *         role: "assistant",
   *         status: "completed",
   *         content: [{ type: "output_text", text: "Hello!" }],
   *       }],
   *       usage: { requests: 1 },
   *     },
   *   }],
   *   blobs: {},
   * });
   * assert.match(cassette.toTypeScript(), /assistantMessage\("Hello!"\)/);
   * ```
   */
  toTypeScript(name?: string): string {
    const interactions = this.#interactionsOf(name);
    return printScriptedModel(
      interactions.map((i) =>
        restore(i as unknown as JsonValue, this.#blobs) as CassetteInteraction
      ),
    );
  }

  #interactionsOf(name: string | undefined): CassetteInteraction[] {
    const all = this.#current();
    const names = [...new Set(all.map((i) => i.model))];
    if (name === undefined) {
      if (names.length > 1) {
        throw new TypeError(
          `${this.#named()} holds ${names.length} models (${
            names.map((n) => JSON.stringify(n)).join(', ')
          }); name the one to convert.`,
        );
      }
      return all;
    }
    return all.filter((i) => i.model === name);
  }

  #named(): string {
    return this.label === undefined ? 'Cassette' : `Cassette ${this.label}`;
  }

  // --- loading and preparing ---------------------------------------------------

  /**
   * Applies the expiry policy to a loaded recording: in `update` (and in
   * `replay` with `'rerecord'` and a provider, which then becomes `update`)
   * the expired interactions are left out, to be recorded again; otherwise
   * `'warn'` warns and `'fail'` throws.
   */
  #applyExpiry(data: LoadedCassette, mode: 'replay' | 'update'): 'replay' | 'update' {
    const expiry = this.#expiry;
    if (expiry === undefined) return mode;
    const now = this.#options.now?.() ?? new Date();
    const expired = expiredInteractions(data.interactions, parseDuration(expiry.maxAge)!, now);
    if (expired.length === 0) return mode;
    const action = expiry.onExpired ?? 'warn';
    const rerecord = mode === 'update' ||
      (action === 'rerecord' && this.#options.provider !== undefined);
    if (rerecord) {
      const drop = new Set(expired.map((e) => e.index));
      data.interactions = data.interactions.filter((_, index) => !drop.has(index));
      return 'update';
    }
    const error = new CassetteExpiredError(this.#options.label, {
      maxAge: expiry.maxAge,
      expired,
      reason: action === 'rerecord' ? 'no provider to record them again with' : undefined,
    });
    if (action === 'warn') {
      const warn = this.#options.onWarning ??
        // deno-lint-ignore no-console
        ((message: string) => console.warn(message));
      warn(error.message.replace('its expiry policy fails past that', 'its expiry policy warns'));
      return mode;
    }
    throw error;
  }

  /** The provenance of an interaction recorded now. */
  #provenance(): CassetteInteraction['recorded'] {
    const recorded: NonNullable<CassetteInteraction['recorded']> = {
      at: (this.#options.now?.() ?? new Date()).toISOString(),
    };
    if (this.#options.sdkVersion !== undefined) recorded.sdk = this.#options.sdkVersion;
    recorded.package = PACKAGE_VERSION;
    return recorded;
  }

  /** What is stored for a call recorded now: redacted, then stamped with its provenance. */
  #recorded(interaction: CassetteInteraction): CassetteInteraction {
    return { ...this.#redact(interaction), recorded: this.#provenance() };
  }

  #load(data: LoadedCassette): void {
    this.#blobs.load(data.blobs);
    for (const [name, info] of Object.entries(data.models)) this.#modelInfo.set(name, { ...info });
    for (const interaction of data.interactions) {
      if (this.#options.normalize !== undefined) {
        // Requests share the items of the inputs they continue: the hook gets its own copy.
        const request = copyJson(interaction.request as unknown as JsonValue);
        interaction.request = this.#normalize(
          request as unknown as CassetteRequest,
          interaction.model,
        );
      }
      this.#book.add(interaction);
    }
  }

  #normalize(request: CassetteRequest, model: string): CassetteRequest {
    const { normalize } = this.#options;
    if (normalize === undefined) return request;
    return canonicalRequest(normalize(request, { model }) ?? request);
  }

  /** What is stored: the user's redaction applied, keys in the stable order. */
  #redact(interaction: CassetteInteraction): CassetteInteraction {
    const { redact } = this.#options;
    return canonicalInteraction(
      redact === undefined ? interaction : redact(interaction) ?? interaction,
    );
  }

  /**
   * The live request as stored and matched: converted, normalized, redacted.
   * Without hooks that could change it, the request first goes through a
   * snapshot store, which shares the nodes a request repeats from the previous
   * one; each shared (immutable) node is then converted only once per run, and
   * a call to match is keyed from the snapshot alone (see `LiveKeys`), its
   * stored form built only if it misses.
   */
  async #prepare(
    model: string,
    request: ModelRequest,
    streamed: boolean,
  ): Promise<PreparedCall> {
    const hooks = this.#options.normalize !== undefined || this.#options.redact !== undefined;
    const matching = this.#mode !== 'record';
    if (hooks) {
      const converted = await this.#convert(request, undefined);
      const normalized = this.#normalize(converted, model);
      const stored = this.#options.redact === undefined
        ? normalized
        : this.#redact({ model, streamed, request: normalized }).request;
      return { key: matching ? this.#book.requestKey(model, stored) : undefined, request: stored };
    }
    const snapshot = this.#snapshots.store(storedFields(request));
    const key = matching ? await this.#live.key(model, snapshot) : undefined;
    if (key !== undefined) {
      return { key, request: () => this.#convert(snapshot, this.#converted) };
    }
    const converted = await this.#convert(snapshot, this.#converted);
    return {
      key: matching ? this.#book.requestKey(model, converted) : undefined,
      request: converted,
    };
  }

  /** The stored form of `request` (without the hooks), its blobs resolved. */
  async #convert(
    request: ModelRequest,
    cache: WeakMap<object, JsonValue> | undefined,
  ): Promise<CassetteRequest> {
    const conversion = new Conversion(cache);
    const converted = requestRecord(request, conversion);
    if (conversion.pending.length > 0) await this.#blobs.resolve(conversion);
    return converted;
  }

  // --- calls ---------------------------------------------------------------------

  async #getResponse(name: string | undefined, request: ModelRequest): Promise<ModelResponse> {
    const model = name ?? '';
    const callIndex = this.#calls++;
    throwIfAborted(request);
    const call = await this.#prepare(model, request, false);
    throwIfAborted(request);
    const entry = call.key === undefined ? undefined : this.#book.take(call.key, callIndex);
    if (entry !== undefined) {
      this.#keep(entry.interaction);
      const { interaction } = entry;
      const response = interaction.response ??
        (interaction.events && responseFromEvents(interaction.events));
      if (response !== undefined) return replayResponse(response, this.#blobs);
      if (interaction.error !== undefined) throw this.#replayError(interaction.error);
      throw new Error(
        `${this.#named()}: recorded interaction ${
          ordinal(entry.index)
        } is a stream that ended without a response, so it cannot answer a non-streaming call.`,
      );
    }
    const prepared = typeof call.request === 'function' ? await call.request() : call.request;
    if (this.#mode === 'replay') throw await this.#miss(model, callIndex, false, prepared);
    const recording = this.#recordResponse(name, request, prepared);
    this.#track(recording);
    return await recording;
  }

  #getStreamedResponse(
    name: string | undefined,
    request: ModelRequest,
  ): AsyncIterable<StreamEvent> {
    const callIndex = this.#calls++;
    throwIfAborted(request);
    return this.#stream(name, request, callIndex);
  }

  async *#stream(
    name: string | undefined,
    request: ModelRequest,
    callIndex: number,
  ): AsyncGenerator<StreamEvent> {
    const model = name ?? '';
    const call = await this.#prepare(model, request, true);
    throwIfAborted(request);
    const entry = call.key === undefined ? undefined : this.#book.take(call.key, callIndex);
    if (entry !== undefined) {
      this.#keep(entry.interaction);
      const { interaction } = entry;
      if (interaction.events !== undefined) {
        for (const event of interaction.events) {
          throwIfAborted(request);
          yield restore(event, this.#blobs) as StreamEvent;
        }
        throwIfAborted(request);
        if (interaction.error !== undefined) throw this.#replayError(interaction.error);
        return;
      }
      if (interaction.response !== undefined) {
        const response = replayResponse(interaction.response, this.#blobs);
        response.responseId ??= `cassette-response-${entry.index + 1}`;
        yield* synthesizeStream(response, () => throwIfAborted(request));
        return;
      }
      throw this.#replayError(interaction.error!);
    }
    const prepared = typeof call.request === 'function' ? await call.request() : call.request;
    if (this.#mode === 'replay') throw await this.#miss(model, callIndex, true, prepared);
    let settle!: () => void;
    this.#track(new Promise<void>((resolve) => settle = resolve));
    try {
      yield* this.#recordStream(name, request, prepared);
    } finally {
      settle();
    }
  }

  /** In `update`, a replayed interaction stays in the cassette being written. */
  #keep(interaction: CassetteInteraction): void {
    if (this.#mode === 'update') this.#session.push({ interaction });
  }

  #track(promise: Promise<unknown>): void {
    const settled = promise.then(() => {}, () => {});
    this.#pending.add(settled);
    settled.then(() => this.#pending.delete(settled));
  }

  async #miss(
    model: string,
    callIndex: number,
    streamed: boolean,
    request: CassetteRequest,
  ): Promise<Error> {
    const nearest = this.#book.nearest(model, request, 3);
    const error = new CassetteMissError({
      label: this.label,
      model,
      callIndex,
      streamed,
      request,
      // A copy: the stored requests share their equal input items.
      nearest: nearest === undefined ? undefined : copyJson(
        nearest.entry.interaction.request as unknown as JsonValue,
      ) as unknown as CassetteRequest,
      nearestIndex: nearest?.entry.index,
      nearestModel: nearest?.entry.interaction.model,
      nearestUsed: nearest?.entry.used ?? false,
      nearestUsedBy: nearest?.entry.usedBy,
      differences: nearest?.differences ?? [],
      differenceCount: nearest?.count ?? 0,
      transcript: answeringTranscript(request.input),
    });
    if (this.#options.onMiss !== undefined) {
      try {
        await this.#options.onMiss(error);
      } catch (hookError) {
        // The miss is what the test needs to see; the hook's failure rides along.
        error.message += `\n(options.onMiss failed: ${
          hookError instanceof Error ? hookError.message : String(hookError)
        })`;
      }
    }
    return this.#failures.raise(error);
  }

  #replayError(record: CassetteErrorRecord): RecordedModelError {
    const error = replayError(record, this.#blobs);
    this.#replayedAdvice.set(error, record.retryAdvice);
    return error;
  }

  async #getRetryAdvice(args: ModelRetryAdviceRequest): Promise<ModelRetryAdvice | undefined> {
    const error = args.error;
    if (typeof error !== 'object' || error === null) return undefined;
    if (this.#replayedAdvice.has(error)) {
      const advice = this.#replayedAdvice.get(error);
      return advice === undefined ? undefined : restore(advice, this.#blobs) as ModelRetryAdvice;
    }
    const recorded = this.#recordedErrors.get(error);
    if (recorded === undefined) return undefined;
    const { slot, model } = recorded;
    const real = this.#resolvedReal.get(model);
    const advice = await real?.getRetryAdvice?.(args);
    const interaction = slot.interaction;
    if (interaction?.error !== undefined && advice !== undefined && advice !== null) {
      const conversion = new Conversion();
      const retryAdvice = toJson(advice, conversion) as JsonObject;
      await this.#blobs.resolve(conversion);
      slot.interaction = canonicalInteraction({
        ...interaction,
        error: { ...interaction.error, retryAdvice },
      });
    }
    return advice;
  }

  #supportsPromptModelSelection(name: string | undefined): boolean | undefined {
    const real = this.#resolvedReal.get(name ?? '');
    if (real !== undefined) return real.supportsPromptModelSelection;
    return this.#modelInfo.get(name ?? '')?.supportsPromptModelSelection;
  }

  // --- recording -----------------------------------------------------------------

  #recordingProvider(): Promise<ModelProvider> {
    const given = this.#options.provider!;
    return this.#provider ??= typeof given === 'function'
      ? new Promise<ModelProvider>((resolve) => resolve(given()))
      : Promise.resolve(given);
  }

  #realModel(name: string | undefined): Promise<Model> {
    const key = name ?? '';
    let model = this.#realModels.get(key);
    if (model === undefined) {
      model = this.#recordingProvider().then((provider) => provider.getModel(name)).then((real) => {
        this.#resolvedReal.set(key, real);
        const info: CassetteModelInfo = {};
        if (typeof real.supportsPromptModelSelection === 'boolean') {
          info.supportsPromptModelSelection = real.supportsPromptModelSelection;
        }
        this.#modelInfo.set(key, info);
        return real;
      });
      this.#realModels.set(key, model);
    }
    return model;
  }

  async #recordResponse(
    name: string | undefined,
    request: ModelRequest,
    prepared: CassetteRequest,
  ): Promise<ModelResponse> {
    const model = name ?? '';
    const served = agentField();
    const real = await this.#realModel(name);
    const slot: Slot = { interaction: undefined };
    this.#session.push(slot);
    let response: ModelResponse;
    try {
      response = await real.getResponse(request);
    } catch (error) {
      await this.#recordError(slot, request, error, {
        model,
        ...served,
        streamed: false,
        request: prepared,
      });
      throw error;
    }
    const conversion = new Conversion();
    const record = responseRecord(response, conversion);
    await this.#blobs.resolve(conversion);
    slot.interaction = this.#recorded({
      model,
      ...served,
      streamed: false,
      request: prepared,
      response: record,
    });
    return response;
  }

  async *#recordStream(
    name: string | undefined,
    request: ModelRequest,
    prepared: CassetteRequest,
  ): AsyncGenerator<StreamEvent> {
    const model = name ?? '';
    const served = agentField();
    const real = await this.#realModel(name);
    const slot: Slot = { interaction: undefined };
    this.#session.push(slot);
    const events: JsonValue[] = [];
    const conversion = new Conversion();
    let failed = false;
    try {
      for await (const event of real.getStreamedResponse(request)) {
        events.push(toJson(event, conversion) ?? null);
        yield event;
      }
    } catch (error) {
      failed = true;
      await this.#blobs.resolve(conversion);
      await this.#recordError(slot, request, error, {
        model,
        ...served,
        streamed: true,
        request: prepared,
        events,
      });
      throw error;
    } finally {
      if (!failed) {
        await this.#blobs.resolve(conversion);
        slot.interaction = this.#recorded({
          model,
          ...served,
          streamed: true,
          request: prepared,
          events,
        });
      }
    }
  }

  async #recordError(
    slot: Slot,
    request: ModelRequest,
    error: unknown,
    interaction: CassetteInteraction,
  ): Promise<void> {
    if (request.signal?.aborted) {
      // A cancelled call is the test's doing, not the model's: nothing to replay.
      this.#session.splice(this.#session.indexOf(slot), 1);
      return;
    }
    const conversion = new Conversion();
    const record = errorRecord(error, conversion);
    await this.#blobs.resolve(conversion);
    slot.interaction = this.#recorded({ ...interaction, error: record });
    if (typeof error === 'object' && error !== null) {
      this.#recordedErrors.set(error, { slot, model: interaction.model });
    }
  }
}

/** `{ agent }` for the agent the current call serves, or `{}` outside a run that names one. */
function agentField(): { agent?: string } {
  const agent = currentAgentName();
  return agent === undefined ? {} : { agent };
}

/** The `Model` a cassette hands out: every call goes back to the cassette. */
class CassetteModel implements Model {
  readonly #name: string | undefined;
  readonly #host: Host;

  constructor(name: string | undefined, host: Host) {
    this.#name = name;
    this.#host = host;
  }

  /** What the recorded (or, while recording, the real) model says. */
  get supportsPromptModelSelection(): boolean | undefined {
    return this.#host.supportsPromptModelSelection(this.#name);
  }

  getResponse(request: ModelRequest): Promise<ModelResponse> {
    return this.#host.getResponse(this.#name, request);
  }

  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    return this.#host.getStreamedResponse(this.#name, request);
  }

  getRetryAdvice(args: ModelRetryAdviceRequest): Promise<ModelRetryAdvice | undefined> {
    return this.#host.getRetryAdvice(args);
  }
}

/** The request fields a cassette keeps (the signal and internals stay out of the snapshot). */
function storedFields(request: ModelRequest): ModelRequest {
  return {
    systemInstructions: request.systemInstructions,
    prompt: request.prompt,
    input: request.input,
    modelSettings: request.modelSettings,
    tools: request.tools,
    handoffs: request.handoffs,
    outputType: request.outputType,
    previousResponseId: request.previousResponseId,
    conversationId: request.conversationId,
  } as ModelRequest;
}

function throwIfAborted(request: ModelRequest): void {
  const signal = request.signal;
  if (signal?.aborted) {
    throw signal.reason instanceof Error
      ? signal.reason
      : new DOMException('The model call was aborted.', 'AbortError');
  }
}

/** The last steps a missed call was answering, indented for a message; `''` when none. */
function answeringTranscript(input: CassetteRequest['input']): string {
  const items = typeof input === 'string'
    ? [{ type: 'message', role: 'user', content: input }]
    : input;
  try {
    const text = formatTrajectory(items, { last: 5, maxLength: 40 });
    return text === '' ? '' : `The call was answering:\n${text.replace(/^/gm, '  ')}`;
  } catch {
    return '';
  }
}
