/**
 * The public types of a {@linkcode Cassette}: its options and the JSON-safe
 * shape of a recording (what `toJSON()` returns and `fromJSON()` reads).
 *
 * @module
 */

import type { SdkModelProvider as ModelProvider } from './_sdk_types.ts';

/**
 * What a cassette does with model calls:
 *
 * - `'replay'` (the default): answer every call from the recording; the real
 *   provider is never called, not even `getModel`. A call that matches no
 *   recorded interaction fails with `CassetteMissError`.
 * - `'record'`: call the real provider for every call and record each
 *   interaction, replacing whatever the cassette held.
 * - `'auto'`: replay when there is a recording (`Cassette.fromJSON`, or an
 *   existing file for `openCassette`), record when there is none.
 * - `'update'`: replay what still matches, record what is missing through the
 *   real provider, and drop recorded interactions the run never used.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteMode } from "scripted-agents/cassette";
 *
 * const mode: CassetteMode = "update";
 * assert.equal(mode, "update");
 * ```
 */
export type CassetteMode = 'replay' | 'record' | 'auto' | 'update';

/**
 * A JSON value: what a cassette stores.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { JsonValue } from "scripted-agents/cassette";
 *
 * const value: JsonValue = { tools: [], text: "hi", n: 1, ok: true, none: null };
 * assert.equal(JSON.parse(JSON.stringify(value)).text, "hi");
 * ```
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/**
 * A JSON object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { JsonObject } from "scripted-agents/cassette";
 *
 * const object: JsonObject = { city: "Tokyo" };
 * assert.equal(object.city, "Tokyo");
 * ```
 */
export type JsonObject = { [key: string]: JsonValue };

/**
 * A model request as a cassette stores and compares it: the JSON-safe form of
 * the SDK's `ModelRequest` without its signal, tracing flag and internal
 * fields. Keys of nested objects are sorted (`type` first), so two equal
 * requests always serialize alike. Large binary strings (base64 images, audio,
 * files) appear as `{ "$blob": "sha256-…" }` references into
 * {@linkcode CassetteData.blobs}; a key of the data itself spelled `$blob`
 * (or `$$blob`, …) appears with one more leading `$`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteRequest } from "scripted-agents/cassette";
 *
 * const request: CassetteRequest = {
 *   systemInstructions: "Be brief.",
 *   input: "Hi",
 *   modelSettings: {},
 *   tools: [],
 *   handoffs: [],
 *   outputType: "text",
 * };
 * assert.equal(request.input, "Hi");
 * ```
 */
export interface CassetteRequest {
  /** The agent's system instructions. */
  systemInstructions?: string;
  /** The prompt template reference, when the agent uses one. */
  prompt?: JsonValue;
  /** The input: a string or the list of input items. */
  input: string | JsonValue[];
  /** The model settings (functions such as a retry policy are left out). */
  modelSettings: JsonValue;
  /** The serialized tools. */
  tools: JsonValue[];
  /** The serialized handoffs. */
  handoffs: JsonValue[];
  /** `'text'` or the output JSON schema. */
  outputType: JsonValue;
  /** The previous response id of a chained (server-side state) call. */
  previousResponseId?: string;
  /** The conversation id of a conversation-backed call. */
  conversationId?: string;
}

/**
 * A request as a cassette file stores it: a {@linkcode CassetteRequest} whose
 * input is either written out (`input`) or, when the input list of an earlier
 * recorded request is where it starts, given as that interaction's index in
 * {@linkcode CassetteData.interactions} (`inputFrom`) and the items that follow
 * (`inputAppend`). Each turn of a conversation then stores only what it added,
 * so a file grows with the number of turns rather than with its square, and a
 * re-recording reads as a diff of turns. `Cassette.fromJSON` expands it back;
 * everything else (`interactions`, `normalize`, `redact`, `CassetteMissError`)
 * sees whole requests.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteStoredRequest } from "scripted-agents/cassette";
 *
 * // The second turn: interaction 0's input, then the call and its result.
 * const request: CassetteStoredRequest = {
 *   inputFrom: 0,
 *   inputAppend: [
 *     { type: "function_call", name: "get_weather", callId: "c1", arguments: "{}" },
 *     { type: "function_call_result", callId: "c1", output: "sunny" },
 *   ],
 *   modelSettings: {},
 *   tools: [],
 *   handoffs: [],
 *   outputType: "text",
 * };
 * assert.equal(request.inputAppend?.length, 2);
 * ```
 */
export type CassetteStoredRequest =
  & Omit<CassetteRequest, 'input'>
  & (
    | {
      /** The whole input: a string or the list of input items. */
      input: string | JsonValue[];
      inputFrom?: undefined;
      inputAppend?: undefined;
    }
    | {
      input?: undefined;
      /** The index of the earlier interaction whose input list this one starts with. */
      inputFrom: number;
      /** The input items after those of interaction `inputFrom`. */
      inputAppend: JsonValue[];
    }
  );

/**
 * A recorded model response: the SDK's `ModelResponse` with its `Usage`
 * flattened to plain fields.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteResponse } from "scripted-agents/cassette";
 *
 * const response: CassetteResponse = {
 *   output: [{ type: "message", role: "assistant", status: "completed", content: [] }],
 *   usage: { requests: 1, inputTokens: 3, outputTokens: 1, totalTokens: 4 },
 *   responseId: "resp_1",
 * };
 * assert.equal(response.responseId, "resp_1");
 * ```
 */
export interface CassetteResponse {
  /** The output items. */
  output: JsonValue[];
  /** The usage, as the plain fields of the SDK's `Usage`. */
  usage: JsonObject;
  /** The provider's response id. */
  responseId?: string;
  /** The provider's request id. */
  requestId?: string;
  /** Provider data attached to the response (JSON-safe parts only). */
  providerData?: JsonObject;
  /** The raw provider usage, when the call asked to preserve it. */
  rawUsage?: JsonObject;
}

/**
 * A recorded thrown error: enough of it for the runner's retry policy to
 * decide the same way on replay (status, headers, code, the provider's retry
 * advice). Credential headers and fields are never stored.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteErrorRecord } from "scripted-agents/cassette";
 *
 * const error: CassetteErrorRecord = {
 *   className: "RateLimitError",
 *   name: "Error",
 *   message: "429 Rate limit reached",
 *   status: 429,
 *   headers: { "retry-after-ms": "0" },
 *   fields: { code: "rate_limit_exceeded" },
 *   retryAdvice: { suggested: true },
 * };
 * assert.equal(error.status, 429);
 * ```
 */
export interface CassetteErrorRecord {
  /** The constructor name of the thrown value, e.g. `'RateLimitError'`. */
  className: string;
  /** The error's `name`. */
  name: string;
  /** The error's message. */
  message: string;
  /** The HTTP status, when the error had one. */
  status?: number;
  /** The response headers, lower-cased (credential headers removed). */
  headers?: Record<string, string>;
  /** Every other JSON-safe own field (`code`, `type`, `param`, `error`, `requestID`...). */
  fields: JsonObject;
  /** The recorded `cause`, when it was an error. */
  cause?: CassetteErrorRecord;
  /** What the real model's `getRetryAdvice()` answered for this error, if it was asked. */
  retryAdvice?: JsonObject;
}

/**
 * Where a recorded interaction came from: when it was recorded, and with
 * which versions of the SDK and of this package. An interaction kept by
 * `update` keeps its provenance, so a re-recording changes only what changed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteProvenance } from "scripted-agents/cassette";
 *
 * const recorded: CassetteProvenance = {
 *   at: "2026-11-30T12:00:00.000Z",
 *   sdk: "0.20.0",
 *   package: "0.1.0",
 * };
 * assert.equal(new Date(recorded.at).getUTCFullYear(), 2026);
 * ```
 */
export interface CassetteProvenance {
  /** When the interaction was recorded, as an ISO 8601 date and time. */
  at: string;
  /** The `@openai/agents-core` version, when the recorder knew it (`openCassette` looks it up). */
  sdk?: string;
  /** The scripted-agents version that recorded it. */
  package?: string;
}

/**
 * What a cassette does when a recorded interaction is older than
 * {@linkcode CassetteExpiry.maxAge}:
 *
 * - `'warn'` (the default): replays, and reports the expired interactions
 *   through `onWarning` (by default `console.warn`).
 * - `'fail'`: a replay throws `CassetteExpiredError` when the
 *   cassette loads.
 * - `'rerecord'`: with a real provider, the expired interactions are recorded
 *   again (as in `update`, so the rest keep their date); without one, it
 *   fails like `'fail'`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteExpiryAction } from "scripted-agents/cassette";
 *
 * const action: CassetteExpiryAction = "rerecord";
 * assert.equal(action, "rerecord");
 * ```
 */
export type CassetteExpiryAction = 'warn' | 'fail' | 'rerecord';

/**
 * An expiry policy: how old a recorded interaction may be and what happens
 * past that. Given as a cassette option, it is also written into the file,
 * where `scripted-agents check` reads it; a policy in the file applies when
 * the options give none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteExpiry } from "scripted-agents/cassette";
 *
 * const expiry: CassetteExpiry = { maxAge: "30d", onExpired: "fail" };
 * assert.equal(expiry.maxAge, "30d");
 * ```
 */
export interface CassetteExpiry {
  /** The maximum age: a number and `d` (days) or `h` (hours), e.g. `'30d'`, `'12h'`. */
  maxAge: string;
  /** What happens past it; `'warn'` by default. */
  onExpired?: CassetteExpiryAction;
}

/**
 * One recorded model call: which model, what was asked, and what happened.
 * Exactly one outcome is present: `response` (a non-streamed call), `events`
 * (a streamed call, possibly followed by the `error` that ended it), or
 * `error` alone (the call threw).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteInteraction } from "scripted-agents/cassette";
 *
 * const interaction: CassetteInteraction = {
 *   model: "gpt-4.1",
 *   streamed: false,
 *   request: { input: "Hi", modelSettings: {}, tools: [], handoffs: [], outputType: "text" },
 *   response: { output: [], usage: { requests: 1 } },
 * };
 * assert.equal(interaction.model, "gpt-4.1");
 * ```
 */
export interface CassetteInteraction {
  /** The model name the runner asked the provider for (`''` for the default model). */
  model: string;
  /**
   * The agent the call served, when the run named it (recorded since this
   * field exists; shown by the viewer, never matched).
   */
  agent?: string;
  /** Whether the call was streamed. */
  streamed: boolean;
  /** The normalized request. */
  request: CassetteRequest;
  /** The response of a non-streamed call. */
  response?: CassetteResponse;
  /** The events of a streamed call, in order. */
  events?: JsonValue[];
  /** The error the call threw (after `events`, for a stream that failed midway). */
  error?: CassetteErrorRecord;
  /** When and with which versions it was recorded (absent in files from before provenance). */
  recorded?: CassetteProvenance;
}

/**
 * One recorded model call as a cassette file stores it: a
 * {@linkcode CassetteInteraction} whose request is a
 * {@linkcode CassetteStoredRequest} (its input possibly given as a
 * continuation of an earlier interaction's).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteStoredInteraction } from "scripted-agents/cassette";
 *
 * const interaction: CassetteStoredInteraction = {
 *   model: "gpt-4.1",
 *   streamed: false,
 *   request: {
 *     inputFrom: 0,
 *     inputAppend: [{ type: "message", role: "user", content: "And tomorrow?" }],
 *     modelSettings: {},
 *     tools: [],
 *     handoffs: [],
 *     outputType: "text",
 *   },
 *   response: { output: [], usage: { requests: 1 } },
 * };
 * assert.equal(interaction.request.inputFrom, 0);
 * ```
 */
export interface CassetteStoredInteraction extends Omit<CassetteInteraction, 'request'> {
  /** The normalized request, its input possibly continuing an earlier interaction's. */
  request: CassetteStoredRequest;
}

/**
 * What a model looked like when it was recorded, for what the runner reads
 * from a model before calling it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteModelInfo } from "scripted-agents/cassette";
 *
 * const info: CassetteModelInfo = { supportsPromptModelSelection: true };
 * assert.equal(info.supportsPromptModelSelection, true);
 * ```
 */
export interface CassetteModelInfo {
  /** The real model's `supportsPromptModelSelection`. */
  supportsPromptModelSelection?: boolean;
}

/**
 * A whole cassette in its JSON form: a format tag and version, the
 * interactions in recording order, the models' info, and the large binary
 * payloads the interactions reference by digest. This is format version 2,
 * where a request's input may continue an earlier interaction's (see
 * {@linkcode CassetteStoredRequest}), or version 3: the same, written only
 * when the recorded data holds a key spelled like a blob reference's
 * (`$blob`, `$$blob`, …), which is stored with one more leading `$` so it is
 * never mistaken for a reference (replayed values get the data's own keys
 * back). Each interaction may carry its provenance (`recorded`) and the file
 * its expiry policy (`expiry`), both optional, so files written before them
 * load unchanged and an older reader ignores them. `Cassette.fromJSON` also
 * reads version 1, where every request wrote out its whole input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Cassette, type CassetteData } from "scripted-agents/cassette";
 *
 * const data: CassetteData = JSON.parse(JSON.stringify(new Cassette()));
 * assert.equal(data.format, "scripted-agents/cassette");
 * assert.equal(data.version, 2);
 * assert.deepEqual(data.interactions, []);
 * ```
 */
export interface CassetteData {
  /** Always `'scripted-agents/cassette'`. */
  format: 'scripted-agents/cassette';
  /** The format version: `3` when a key of the data is escaped (see above), else `2`. */
  version: 2 | 3;
  /** The expiry policy recorded with the cassette, if it has one. */
  expiry?: CassetteExpiry;
  /** Per model name, what the runner reads from the model itself. */
  models: Record<string, CassetteModelInfo>;
  /** The recorded interactions, one after another. */
  interactions: CassetteStoredInteraction[];
  /** Large binary strings, stored once, keyed by `sha256-<hex>` digest. */
  blobs: Record<string, string>;
}

/**
 * What {@linkcode CassetteOptions.normalize} is told about the request it rewrites.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteNormalizeContext } from "scripted-agents/cassette";
 *
 * const context: CassetteNormalizeContext = { model: "gpt-4.1" };
 * assert.equal(context.model, "gpt-4.1");
 * ```
 */
export interface CassetteNormalizeContext {
  /** The model name of the call. */
  model: string;
}

/**
 * Options of {@linkcode Cassette}, `Cassette.fromJSON()` and `openCassette()`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { CassetteOptions } from "scripted-agents/cassette";
 *
 * const options: CassetteOptions = {
 *   mode: "replay",
 *   normalize: (request) => ({
 *     ...request,
 *     systemInstructions: request.systemInstructions?.replace(/\d{4}-\d\d-\d\d/g, "<date>"),
 *   }),
 * };
 * assert.equal(options.mode, "replay");
 * ```
 */
export interface CassetteOptions {
  /** What to do with calls; `'replay'` by default. */
  mode?: CassetteMode;
  /**
   * The real provider, called only when recording (`record`, `update`, and
   * `auto` without a recording). In `replay` it is never called. A function
   * is called (once) only when the first call is recorded, so a stand-in
   * that is itself a double (`() => ScriptedModelProvider.forAll(steps)`) is
   * not even created on replay. A provider given as is that the cassette
   * never used is excused from the test runner's verification when the
   * cassette closes, with the models it routes.
   */
  provider?: ModelProvider | (() => ModelProvider | Promise<ModelProvider>);
  /**
   * Rewrites volatile parts of a request (a timestamp in the instructions, a
   * random id in a tool result) before it is matched and stored. It receives
   * a JSON copy it may change in place or replace; it also runs over every
   * loaded recorded request, so it should give the same result when applied twice.
   */
  normalize?: (
    request: CassetteRequest,
    context: CassetteNormalizeContext,
  ) => CassetteRequest | void;
  /**
   * Rewrites what is stored, after the built-in credential redaction: it
   * receives a JSON copy of each interaction it may change in place or
   * replace. During replay it also runs over each live request (as an
   * interaction without an outcome), so what it removes still matches.
   */
  redact?: (interaction: CassetteInteraction) => CassetteInteraction | void;
  /**
   * Called by `close()` in a recording mode with the cassette to keep; the
   * file adapter writes it here. Not called in `replay`.
   */
  save?: (data: CassetteData) => void | Promise<void>;
  /** Names the cassette in messages, e.g. its file path. */
  label?: string;
  /**
   * How old a recorded interaction may be, and what happens past it (see
   * {@linkcode CassetteExpiry}). Written into the recording; when absent, the
   * policy the loaded recording carries applies.
   */
  expiry?: CassetteExpiry;
  /** Receives the expiry warning (policy `'warn'`); `console.warn` by default. */
  onWarning?: (message: string) => void;
  /** The SDK version written into the provenance of what is recorded (`openCassette` finds it). */
  sdkVersion?: string;
  /** The current time, for the recording date and the expiry check; `new Date()` by default. */
  now?: () => Date;
  /**
   * Called with every `CassetteMissError` before it is thrown
   * (awaited), e.g. to write a failure artifact and name it in the message;
   * `openCassette` sets it when an artifacts folder is configured.
   */
  onMiss?: (error: Error) => void | Promise<void>;
}
