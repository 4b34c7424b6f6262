/**
 * Between the SDK's live values and a cassette's JSON: requests, responses,
 * stream events and thrown errors to records, records back to responses and
 * errors, and the validation of a loaded cassette.
 *
 * @module
 */

import { Usage } from '@openai/agents-core';
import type { ModelRequest, ModelResponse } from '@openai/agents-core';
import { expandedRequest } from './_delta.ts';
import {
  blobRef,
  type BlobTable,
  type Conversion,
  escapeLegacyKeys,
  isSorted,
  put,
  restore,
  sortJson,
  toJson,
} from './_json.ts';
import { parseDuration } from './_expiry.ts';
import { InvalidCassetteError, RecordedModelError } from './cassette_errors.ts';
import type {
  CassetteData,
  CassetteErrorRecord,
  CassetteExpiry,
  CassetteInteraction,
  CassetteRequest,
  CassetteResponse,
  CassetteStoredInteraction,
  CassetteStoredRequest,
  JsonObject,
  JsonValue,
} from './cassette_types.ts';

/** The format tag of every cassette. */
export const FORMAT = 'scripted-agents/cassette';
/** The format version this code writes when no key needed escaping. */
export const VERSION = 2;
/**
 * Version 2 with blob-like keys of the data escaped (see `cassette/_json.ts`):
 * written only when the data holds such a key, so every other file stays
 * readable by releases that know only version 2, and a release that cannot
 * unescape refuses the file instead of misreading it.
 */
export const VERSION_ESCAPED = 3;
/** The first version, where every request writes out its whole input; still read. */
const VERSION_1 = 1;

/** The request fields a cassette keeps, in the order it stores them. */
export const requestKeys = [
  'systemInstructions',
  'prompt',
  'input',
  'modelSettings',
  'tools',
  'handoffs',
  'outputType',
  'previousResponseId',
  'conversationId',
] as const;

/** The stored order of a request's fields: an input continuing an earlier one sits in its place. */
const storedRequestKeys = requestKeys.flatMap((key) =>
  key === 'input' ? ['input', 'inputFrom', 'inputAppend'] as const : [key]
);

/** `request` with its fields in the stored order and every nested object's keys sorted. */
export function canonicalRequest<T extends CassetteRequest | CassetteStoredRequest>(request: T): T {
  const source = request as unknown as Record<string, JsonValue>;
  const out: Record<string, JsonValue> = {};
  for (const key of storedRequestKeys) {
    if (source[key] !== undefined) out[key] = sortJson(source[key]);
  }
  for (const key of Object.keys(source).sort()) {
    if (!(key in out) && source[key] !== undefined) put(out, key, sortJson(source[key]));
  }
  return out as unknown as T;
}

// `recorded` comes last: the provenance is about the interaction, not part of it.
const interactionKeys = [
  'model',
  'agent',
  'streamed',
  'request',
  'response',
  'events',
  'error',
  'recorded',
] as const;

/** `interaction` in the stored key order (a fresh copy). */
export function canonicalInteraction<T extends CassetteInteraction | CassetteStoredInteraction>(
  interaction: T,
): T {
  const source = interaction as unknown as Record<string, JsonValue>;
  const out: Record<string, JsonValue> = {};
  for (const key of interactionKeys) {
    if (source[key] === undefined) continue;
    out[key] = key === 'request'
      ? canonicalRequest(interaction.request) as unknown as JsonValue
      : sortJson(source[key]);
  }
  return out as unknown as T;
}

/** True when `interaction` (freshly parsed JSON) is already in the stored key order. */
export function isCanonicalInteraction(
  interaction: CassetteInteraction | CassetteStoredInteraction,
): boolean {
  const source = interaction as unknown as Record<string, JsonValue>;
  if (!inOrder(Object.keys(source), interactionKeys)) return false;
  const request = interaction.request as unknown as Record<string, JsonValue>;
  if (!inOrder(Object.keys(request), storedRequestKeys)) return false;
  for (const key in request) if (!isSorted(request[key])) return false;
  for (const key of ['response', 'events', 'error'] as const) {
    if (source[key] !== undefined && !isSorted(source[key])) return false;
  }
  return true;
}

/** True when `keys` are all in `order` and appear in that order. */
function inOrder(keys: string[], order: readonly string[]): boolean {
  let at = -1;
  for (const key of keys) {
    const next = order.indexOf(key);
    if (next <= at) return false;
    at = next;
  }
  return true;
}

/** The stored form of a live request: the kept fields, converted (signal and internals left out). */
export function requestRecord(request: ModelRequest, conversion: Conversion): CassetteRequest {
  const out: Record<string, JsonValue> = {};
  for (const key of requestKeys) {
    // A missing field takes its default in place, so the key order is the stored one.
    const value = toJson(request[key] ?? requestDefaults[key], conversion);
    if (value !== undefined) out[key] = value;
  }
  return out as unknown as CassetteRequest;
}

/** What a request field missing from a live request is stored as. */
export const requestDefaults: Readonly<Record<string, unknown>> = {
  input: [],
  modelSettings: {},
  tools: [],
  handoffs: [],
  outputType: 'text',
};

/** The stored form of a response (`Usage` flattened). */
export function responseRecord(response: ModelResponse, conversion: Conversion): CassetteResponse {
  const out: Record<string, JsonValue> = {
    output: (toJson(response.output, conversion) as JsonValue[] | undefined) ?? [],
    usage: (toJson({ ...response.usage }, conversion) as JsonObject | undefined) ?? {},
  };
  for (const key of ['responseId', 'requestId', 'providerData', 'rawUsage'] as const) {
    const value = toJson(response[key], conversion);
    if (value !== undefined) out[key] = value;
  }
  return out as unknown as CassetteResponse;
}

/** A fresh `ModelResponse` from a stored response. */
export function replayResponse(record: CassetteResponse, blobs: BlobTable): ModelResponse {
  const response: ModelResponse = {
    output: restore(record.output, blobs) as ModelResponse['output'],
    usage: new Usage(restore(record.usage, blobs) as ConstructorParameters<typeof Usage>[0]),
  };
  if (record.responseId !== undefined) response.responseId = record.responseId;
  if (record.requestId !== undefined) response.requestId = record.requestId;
  if (record.providerData !== undefined) {
    response.providerData = restore(record.providerData, blobs) as Record<string, unknown>;
  }
  if (record.rawUsage !== undefined) {
    response.rawUsage = restore(record.rawUsage, blobs) as Record<string, unknown>;
  }
  return response;
}

/**
 * The response a recorded stream ended with (its `response_done` event), for
 * replaying a streamed recording into a non-streamed call.
 */
export function responseFromEvents(events: readonly JsonValue[]): CassetteResponse | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as JsonObject;
    if (event?.type !== 'response_done') continue;
    const done = event.response as JsonObject;
    const out: Record<string, JsonValue> = {
      output: (done.output as JsonValue[]) ?? [],
      usage: (done.usage as JsonObject) ?? {},
    };
    if (typeof done.id === 'string') out.responseId = done.id;
    if (typeof done.requestId === 'string') out.requestId = done.requestId;
    if (done.providerData !== undefined) out.providerData = done.providerData;
    if (done.rawUsage !== undefined) out.rawUsage = done.rawUsage;
    return out as unknown as CassetteResponse;
  }
  return undefined;
}

/**
 * The response headers an error record keeps: those a retry decision or a
 * test reads. Transport details (`date`, `connection`, timings...) would make
 * every re-recording differ, and credentials never belong in a cassette.
 */
function isKeptHeader(name: string): boolean {
  return name === 'retry-after' || name === 'retry-after-ms' || name === 'x-should-retry' ||
    name === 'x-request-id' || name === 'content-type' || name.startsWith('x-ratelimit-');
}

const errorOwnKeys = new Set(['name', 'message', 'stack', 'status', 'headers', 'cause']);

/** The stored form of a thrown value (credentials removed by the conversion). */
export function errorRecord(
  error: unknown,
  conversion: Conversion,
  depth = 0,
): CassetteErrorRecord {
  if (!(error instanceof Error)) {
    return {
      className: error === null ? 'null' : typeof error,
      name: 'Error',
      message: String(toJson(typeof error === 'string' ? error : String(error), conversion)),
      fields: {},
    };
  }
  const source = error as Error & Record<string, unknown>;
  const record: CassetteErrorRecord = {
    className: error.constructor?.name ?? 'Error',
    name: error.name,
    message: toJson(error.message, conversion) as string,
    fields: {},
  };
  if (typeof source.status === 'number') record.status = source.status;
  const headers = toJson(source.headers ?? source.responseHeaders, conversion);
  if (headers !== undefined && headers !== null && typeof headers === 'object') {
    const plain: Record<string, string> = {};
    for (const [key, value] of Object.entries(headers)) {
      const name = key.toLowerCase();
      if (typeof value === 'string' && isKeptHeader(name)) plain[name] = value;
    }
    record.headers = plain;
  }
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    if (!errorOwnKeys.has(key)) fields[key] = source[key];
  }
  record.fields = (toJson(fields, conversion) as JsonObject) ?? {};
  if (error.cause instanceof Error && depth < 4) {
    record.cause = errorRecord(error.cause, conversion, depth + 1);
  } else if (error.cause !== undefined) {
    const cause = toJson(error.cause, conversion);
    if (cause !== undefined) record.fields.cause = cause;
  }
  return record;
}

/** The error a replayed call throws. */
export function replayError(record: CassetteErrorRecord, blobs: BlobTable): RecordedModelError {
  return new RecordedModelError(restore(record as unknown as JsonValue, blobs) as never);
}

// --- validation ---------------------------------------------------------------

/** Throws for the bad field at `path`. */
export type Fail = (path: string, expected: string, actual: unknown) => never;

function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 40 ? `${text.slice(0, 39)}…` : text}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A loaded cassette: validated, keys in the stored order, every request whole. */
export interface LoadedCassette {
  /** The expiry policy the file carries, if any. */
  expiry: CassetteExpiry | undefined;
  models: CassetteData['models'];
  /** Owned by the loader's caller: nobody else holds a reference to them. */
  interactions: CassetteInteraction[];
  blobs: Record<string, string>;
}

/**
 * Checks a loaded value (or JSON text) of format version 1, 2 or 3 and returns it
 * with every request whole, or throws {@linkcode InvalidCassetteError} naming
 * the first bad field. Parsed text already in the stored key order is used as
 * is (nobody else holds it); anything else is copied into that order. An
 * input continuing an earlier interaction's shares that interaction's items.
 */
export function loadCassette(input: unknown, label: string | undefined): LoadedCassette {
  const fail: Fail = (path, expected, actual) => {
    throw new InvalidCassetteError(label, { path, expected, actual: describeValue(actual) });
  };
  let value = input;
  const fresh = typeof input === 'string';
  if (fresh) {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new InvalidCassetteError(label, {
        path: '',
        expected: 'JSON text',
        actual: `not JSON (${error instanceof Error ? error.message : String(error)})`,
      });
    }
  }
  if (!isObject(value)) fail('', 'an object', value);
  if (value.format !== FORMAT) fail('format', JSON.stringify(FORMAT), value.format);
  const version = value.version;
  if (version !== VERSION_ESCAPED && version !== VERSION && version !== VERSION_1) {
    fail('version', `format version ${VERSION_ESCAPED}, ${VERSION} or ${VERSION_1}`, version);
  }
  const continuations = version !== VERSION_1;
  const escaped = version === VERSION_ESCAPED;
  const expiry = value.expiry;
  if (expiry !== undefined) validateExpiry(expiry, fail);
  const models = value.models ?? {};
  if (!isObject(models)) fail('models', 'an object of model infos', models);
  for (const [name, info] of Object.entries(models)) {
    const path = `models[${JSON.stringify(name)}]`;
    if (!isObject(info)) fail(path, 'an object', info);
    const flag = info.supportsPromptModelSelection;
    if (flag !== undefined && typeof flag !== 'boolean') {
      fail(`${path}.supportsPromptModelSelection`, 'a boolean', flag);
    }
  }
  const blobs = value.blobs ?? {};
  if (!isObject(blobs)) fail('blobs', 'an object of digest to payload', blobs);
  for (const [digest, payload] of Object.entries(blobs)) {
    if (typeof payload !== 'string') fail(`blobs[${JSON.stringify(digest)}]`, 'a string', payload);
  }
  const stored = value.interactions;
  if (!Array.isArray(stored)) fail('interactions', 'an array', stored);
  const interactions: CassetteInteraction[] = new Array(stored.length);
  for (let i = 0; i < stored.length; i++) {
    const path = `interactions[${i}]`;
    validateInteraction(stored[i], i, fail, blobs as Record<string, string>, continuations);
    // Before version 3 a key of the data spelled like the blob key was stored
    // as it is: brought into the escaped form every later step reads.
    const raw = (escaped ? stored[i] : escapeLegacyKeys(stored[i])) as CassetteStoredInteraction;
    const interaction = fresh && isCanonicalInteraction(raw) ? raw : canonicalInteraction(raw);
    const request = interaction.request;
    if (request.inputFrom !== undefined && continuations) {
      const base = interactions[request.inputFrom].request.input;
      if (!Array.isArray(base)) {
        throw new InvalidCassetteError(label, {
          path: `${path}.request.inputFrom`,
          expected: 'the index of an earlier interaction whose input is an array',
          actual: `${request.inputFrom}, whose input is ${describeValue(base)}`,
        });
      }
      (interaction as unknown as CassetteInteraction).request = expandedRequest(request, base);
    }
    interactions[i] = interaction as unknown as CassetteInteraction;
  }
  return {
    expiry: expiry === undefined ? undefined : { ...(expiry as unknown as CassetteExpiry) },
    models: models as CassetteData['models'],
    interactions,
    blobs: blobs as Record<string, string>,
  };
}

function validateInteraction(
  value: unknown,
  index: number,
  fail: Fail,
  blobs: Record<string, string>,
  continuations: boolean,
): void {
  const path = `interactions[${index}]`;
  if (!isObject(value)) fail(path, 'an interaction object', value);
  if (typeof value.model !== 'string') fail(`${path}.model`, 'a model name string', value.model);
  if (value.agent !== undefined && typeof value.agent !== 'string') {
    fail(`${path}.agent`, 'an agent name string', value.agent);
  }
  if (typeof value.streamed !== 'boolean') fail(`${path}.streamed`, 'a boolean', value.streamed);
  const request = value.request;
  if (!isObject(request)) fail(`${path}.request`, 'a request object', request);
  if (continuations && (request.inputFrom !== undefined || request.inputAppend !== undefined)) {
    validateContinuation(request, index, fail);
  } else if (typeof request.input !== 'string' && !Array.isArray(request.input)) {
    fail(`${path}.request.input`, 'a string or an array of input items', request.input);
  }
  for (const key of ['tools', 'handoffs'] as const) {
    if (!Array.isArray(request[key])) fail(`${path}.request.${key}`, 'an array', request[key]);
  }
  if (!isObject(request.modelSettings)) {
    fail(`${path}.request.modelSettings`, 'an object', request.modelSettings);
  }
  for (const key of ['systemInstructions', 'previousResponseId', 'conversationId'] as const) {
    if (request[key] !== undefined && typeof request[key] !== 'string') {
      fail(`${path}.request.${key}`, 'a string', request[key]);
    }
  }
  const outcomes = ['response', 'events', 'error'].filter((k) => value[k] !== undefined);
  if (outcomes.length === 0 || (outcomes.length > 1 && outcomes.join() !== 'events,error')) {
    fail(
      path,
      'an interaction with one outcome: response, events (optionally followed by error), or error',
      `an interaction with ${outcomes.length === 0 ? 'no outcome' : outcomes.join(' and ')}`,
    );
  }
  if (value.response !== undefined) {
    const response = value.response;
    if (!isObject(response)) fail(`${path}.response`, 'a response object', response);
    if (!Array.isArray(response.output)) {
      fail(`${path}.response.output`, 'an array of output items', response.output);
    }
    if (!isObject(response.usage)) fail(`${path}.response.usage`, 'a usage object', response.usage);
  }
  if (value.events !== undefined) {
    if (!Array.isArray(value.events)) fail(`${path}.events`, 'an array of events', value.events);
    value.events.forEach((event, i) => {
      if (!isObject(event) || typeof event.type !== 'string') {
        fail(`${path}.events[${i}]`, 'an event object with a string type', event);
      }
    });
  }
  if (value.error !== undefined) validateError(value.error, `${path}.error`, fail);
  if (value.recorded !== undefined) validateProvenance(value.recorded, `${path}.recorded`, fail);
  checkRefs(value, path, fail, blobs);
}

/** An input given as a continuation: `inputFrom` an earlier index, `inputAppend` an array, no `input`. */
function validateContinuation(request: Record<string, unknown>, index: number, fail: Fail): void {
  const path = `interactions[${index}]`;
  const from = request.inputFrom;
  if (!Number.isInteger(from) || (from as number) < 0 || (from as number) >= index) {
    fail(
      `${path}.request.inputFrom`,
      index === 0
        ? 'absent (no interaction precedes the first one to continue)'
        : `the index of an earlier interaction (an integer from 0 to ${index - 1})`,
      from,
    );
  }
  if (!Array.isArray(request.inputAppend)) {
    fail(
      `${path}.request.inputAppend`,
      "an array of the input items after inputFrom's",
      request.inputAppend,
    );
  }
  if (request.input !== undefined) {
    fail(
      `${path}.request.input`,
      'absent when inputFrom and inputAppend give the input',
      request.input,
    );
  }
}

function validateProvenance(value: unknown, path: string, fail: Fail): void {
  if (!isObject(value)) fail(path, 'a provenance object ({ at, sdk?, package? })', value);
  if (typeof value.at !== 'string' || Number.isNaN(new Date(value.at).getTime())) {
    fail(`${path}.at`, 'an ISO 8601 date and time string', value.at);
  }
  for (const key of ['sdk', 'package'] as const) {
    if (value[key] !== undefined && typeof value[key] !== 'string') {
      fail(`${path}.${key}`, 'a version string', value[key]);
    }
  }
}

const expiryActions = ['warn', 'fail', 'rerecord'];

/** Checks an expiry policy (of a file, or of the options). */
export function validateExpiry(value: unknown, fail: Fail, path = 'expiry'): void {
  if (!isObject(value)) fail(path, 'an expiry policy object ({ maxAge, onExpired? })', value);
  if (typeof value.maxAge !== 'string' || parseDuration(value.maxAge) === undefined) {
    fail(`${path}.maxAge`, 'a duration such as "30d" or "12h"', value.maxAge);
  }
  if (value.onExpired !== undefined && !expiryActions.includes(value.onExpired as string)) {
    fail(`${path}.onExpired`, `one of ${expiryActions.join(', ')}`, value.onExpired);
  }
}

function validateError(value: unknown, path: string, fail: Fail): void {
  if (!isObject(value)) fail(path, 'an error record', value);
  for (const key of ['className', 'name', 'message'] as const) {
    if (typeof value[key] !== 'string') fail(`${path}.${key}`, 'a string', value[key]);
  }
  if (value.status !== undefined && typeof value.status !== 'number') {
    fail(`${path}.status`, 'a number', value.status);
  }
  if (value.headers !== undefined) {
    if (!isObject(value.headers)) fail(`${path}.headers`, 'an object of strings', value.headers);
    for (const [key, header] of Object.entries(value.headers)) {
      if (typeof header !== 'string') fail(`${path}.headers.${key}`, 'a string', header);
    }
  }
  if (!isObject(value.fields)) fail(`${path}.fields`, 'an object', value.fields);
  if (value.retryAdvice !== undefined && !isObject(value.retryAdvice)) {
    fail(`${path}.retryAdvice`, 'an object', value.retryAdvice);
  }
  if (value.cause !== undefined) validateError(value.cause, `${path}.cause`, fail);
}

function checkRefs(value: unknown, path: string, fail: Fail, blobs: Record<string, string>): void {
  // A cheap walk first; paths are only spelled out to report a dangling reference.
  if (!hasDanglingRef(value, blobs)) return;
  reportRef(value, path, fail, blobs);
}

function hasDanglingRef(value: unknown, blobs: Record<string, string>): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasDanglingRef(value[i], blobs)) return true;
    return false;
  }
  const digest = blobRef(value as JsonValue);
  if (digest !== undefined) return !Object.hasOwn(blobs, digest);
  const record = value as Record<string, unknown>;
  for (const key in record) if (hasDanglingRef(record[key], blobs)) return true;
  return false;
}

function reportRef(value: unknown, path: string, fail: Fail, blobs: Record<string, string>): void {
  if (value === null || typeof value !== 'object') return;
  const digest = blobRef(value as JsonValue);
  if (digest !== undefined) {
    if (!Object.hasOwn(blobs, digest)) fail(path, `a blob stored under ${digest}`, undefined);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => reportRef(item, `${path}[${i}]`, fail, blobs));
    return;
  }
  for (const [key, child] of Object.entries(value)) reportRef(child, `${path}.${key}`, fail, blobs);
}
