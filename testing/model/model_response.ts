/**
 * Response envelopes: what counts as a valid scripted response, the snapshot
 * taken when a response step is enqueued, and the normalization applied when a
 * call uses it (deterministic ids and usage, gated raw usage).
 *
 * @module
 */

import { Usage } from '@openai/agents-core';
import type { ModelResponse } from '@openai/agents-core';
import { snapshotRawUsage, snapshotValue } from '../../_internal/snapshot.ts';
import type { ScriptedModelResponse, ScriptedUsage } from './scripted_model_types.ts';

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * True for an output array (the shorthand) or an object with an array `output`
 * and a real `Usage` (the runner aggregates usage with `Usage.add`, so a
 * look-alike record would break it later and far from the script).
 */
export function isScriptedResponse(value: unknown): value is ScriptedModelResponse {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const envelope = value as Partial<ModelResponse>;
  return Array.isArray(envelope.output) && envelope.usage instanceof Usage;
}

/** The id an output-only shorthand (and an id-less streamed envelope) gets for call `index`. */
export function scriptedResponseId(callIndex: number): string {
  return `scripted-response-${callIndex + 1}`;
}

/**
 * The enqueue-time copy of a valid response. An output array is deep-copied; an
 * envelope keeps only the `ModelResponse` keys, with a rebuilt `Usage`, and its
 * `rawUsage` descriptor (an accessor stays lazy until a call asks for raw usage).
 */
export function snapshotResponse(response: ScriptedModelResponse): ScriptedModelResponse {
  if (Array.isArray(response)) return snapshotValue(response);
  const copy: ModelResponse = {
    output: snapshotValue(response.output),
    usage: snapshotUsage(response.usage),
  };
  if (response.responseId !== undefined) copy.responseId = response.responseId;
  if (response.requestId !== undefined) copy.requestId = response.requestId;
  if (response.providerData !== undefined) copy.providerData = snapshotValue(response.providerData);
  const rawUsage = Object.getOwnPropertyDescriptor(response, 'rawUsage');
  if (rawUsage !== undefined) {
    Object.defineProperty(
      copy,
      'rawUsage',
      'value' in rawUsage
        ? {
          value: snapshotValue(rawUsage.value),
          writable: true,
          enumerable: true,
          configurable: true,
        }
        : { get: rawUsage.get, set: rawUsage.set, enumerable: true, configurable: true },
    );
  }
  return copy;
}

/** A fresh `Usage` from a scripted one: a copy of a `Usage`, or built from its input. */
export function toUsage(usage: ScriptedUsage): Usage {
  return usage instanceof Usage ? snapshotUsage(usage) : snapshotUsage(new Usage(usage));
}

/** The parts of the envelope a step or the model sets over an output-only response. */
export interface EnvelopeParts {
  /** The usage, already a private `Usage` (copied again for each call). */
  readonly usage?: Usage;
  readonly responseId?: string;
  readonly requestId?: string;
}

export function snapshotUsage(usage: Usage): Usage {
  return new Usage({
    requests: usage.requests,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    totalTokens: usage.totalTokens,
    inputTokensDetails: snapshotValue(usage.inputTokensDetails),
    outputTokensDetails: snapshotValue(usage.outputTokensDetails),
    requestUsageEntries: usage.requestUsageEntries?.map((entry) => ({
      inputTokens: entry.inputTokens,
      outputTokens: entry.outputTokens,
      totalTokens: entry.totalTokens,
      inputTokensDetails: snapshotValue(entry.inputTokensDetails),
      outputTokensDetails: snapshotValue(entry.outputTokensDetails),
      endpoint: entry.endpoint,
    })),
  });
}

/** How a call turns a scripted response into the `ModelResponse` it returns. */
export interface NormalizeOptions {
  /** The zero-based index of the call, for deterministic ids. */
  callIndex: number;
  /** The recorded call's `modelSettings.preserveRawUsage === true`. */
  preserveRawUsage: boolean;
  /** Whether an envelope without `responseId` gets a deterministic one (automatic streaming). */
  requireResponseId: boolean;
  /** What the step sets over the response (any envelope). */
  step?: EnvelopeParts;
  /** The model's `defaultUsage`, for an output-only response. */
  defaultUsage?: Usage;
}

/**
 * The `ModelResponse` a call returns. The shorthand becomes one request with a
 * deterministic id. An envelope is returned as is unless it needs an id or has
 * a `rawUsage` key; `rawUsage` is read (once) only when the call asked to
 * preserve raw usage, and any failure reading or converting it yields no raw
 * usage rather than failing the call.
 */
export function normalizeResponse(
  response: ScriptedModelResponse,
  options: NormalizeOptions,
): ModelResponse {
  const step = options.step;
  if (Array.isArray(response)) {
    const usage = step?.usage ?? options.defaultUsage;
    const shorthand: ModelResponse = {
      output: response,
      usage: usage === undefined ? new Usage({ requests: 1 }) : snapshotUsage(usage),
      responseId: step?.responseId ?? scriptedResponseId(options.callIndex),
    };
    if (step?.requestId !== undefined) shorthand.requestId = step.requestId;
    return shorthand;
  }
  if (step !== undefined) response = overEnvelope(response, step);
  const assignId = options.requireResponseId && response.responseId === undefined;
  const hasRawUsage = hasOwn.call(response, 'rawUsage');
  if (!assignId && !hasRawUsage) return response;

  let rawUsage: Record<string, unknown> | undefined;
  if (hasRawUsage && options.preserveRawUsage) {
    try {
      rawUsage = snapshotRawUsage(response.rawUsage);
    } catch {
      rawUsage = undefined;
    }
  }
  const normalized: Record<string, unknown> = {};
  for (const key of Object.keys(response)) {
    if (key !== 'rawUsage') normalized[key] = response[key as keyof ModelResponse];
  }
  if (assignId) normalized.responseId = scriptedResponseId(options.callIndex);
  if (rawUsage !== undefined) normalized.rawUsage = rawUsage;
  return normalized as ModelResponse;
}

/** `response` with the step's parts set over its own (its other keys, `rawUsage` included, kept). */
function overEnvelope(response: ModelResponse, step: EnvelopeParts): ModelResponse {
  const copy: ModelResponse = Object.defineProperties(
    {} as ModelResponse,
    Object.getOwnPropertyDescriptors(response),
  );
  if (step.usage !== undefined) copy.usage = snapshotUsage(step.usage);
  if (step.responseId !== undefined) copy.responseId = step.responseId;
  if (step.requestId !== undefined) copy.requestId = step.requestId;
  return copy as ModelResponse;
}
