/**
 * Automatic stream synthesis: how a plain response answers a streaming call
 * (a `ScriptedModel` response step, a cassette's non-streamed recording). The events are normalized `StreamEvent`s (what the runner consumes),
 * not provider wire chunks.
 *
 * @module
 */

import type { ModelResponse, StreamEvent, Usage } from '@openai/agents-core';
import { snapshotValue } from './snapshot.ts';

/** How {@link synthesizeStream} treats the response it streams. */
export interface SynthesizeOptions {
  /**
   * The response is the caller's private copy, handed out once (a queued
   * step's enqueue-time snapshot): `response_done` carries its output and
   * data by reference instead of a copy. Default false: everything is copied.
   */
  readonly owned?: boolean;
  /**
   * The pieces some messages stream as, by output position
   * (`assistantMessage(text, { chunks })`): one delta per piece instead of
   * one per text part. Pieces that no longer join to the text are ignored.
   */
  readonly chunks?: ReadonlyMap<number, readonly string[]>;
  /** Called with each text delta and the last event, just before it is yielded. */
  readonly observe?: (event: StreamEvent) => void;
}

/**
 * Yields `response_started`, one `output_text_delta` per assistant
 * `output_text` part (the whole text, unless `options.chunks` cuts a
 * message's text into pieces), then `response_done` with
 * the full output and usage. `checkpoint` runs before each event (the abort
 * check); each event is a fresh detached copy, so a consumer mutating one event
 * cannot change a later one.
 *
 * `response.responseId` must already be set: `response_done` requires an id.
 *
 * The model doubles' hot path: one generator, events built as literals, and
 * copies only of what a consumer could share with a later event or with the
 * caller (the floor a hand-written model costs is the target).
 */
export async function* synthesizeStream(
  response: ModelResponse,
  checkpoint: () => void,
  options: SynthesizeOptions = {},
): AsyncGenerator<StreamEvent> {
  checkpoint();
  yield { type: 'response_started' };

  const output = response.output as readonly unknown[];
  const chunks = options.chunks;
  const observe = options.observe;
  for (let i = 0; i < output.length; i++) {
    const item = output[i];
    if (!isAssistantMessage(item)) continue;
    const content = item.content;
    const pieces = chunks?.get(i);
    for (let j = 0; j < content.length; j++) {
      const part = content[j];
      if (part?.type !== 'output_text') continue;
      if (pieces !== undefined && j === 0 && pieces.join('') === part.text) {
        for (const piece of pieces) {
          const delta = textDelta(item.id, part, piece);
          checkpoint();
          observe?.(delta);
          yield delta;
        }
        continue;
      }
      const delta = textDelta(item.id, part);
      checkpoint();
      observe?.(delta);
      yield delta;
    }
  }

  checkpoint();
  const done = responseDone(response, options.owned === true);
  observe?.(done);
  yield done;
}

/**
 * A fresh delta event. Only an object value (`providerData`, or an odd id or
 * text) can be shared with the `response_done` output, so only then is the
 * event copied.
 */
function textDelta(
  itemId: unknown,
  part: NonNullable<TextPart>,
  text: unknown = part.text,
): StreamEvent {
  const delta: Record<string, unknown> = {
    type: 'output_text_delta',
    itemId,
    delta: text,
  };
  if (part.providerData !== undefined) delta.providerData = part.providerData;
  return (isObject(itemId) || isObject(part.text) || isObject(part.providerData)
    ? snapshotValue(delta)
    : delta) as StreamEvent;
}

/**
 * The last event. An owned response is private and used once, so its output
 * and data go out by reference (as a non-streamed call returns them); any
 * other is copied as a whole, so aliasing inside it is kept and the caller's
 * objects never reach the consumer.
 */
export function responseDone(response: ModelResponse, owned: boolean): StreamEvent {
  const event = {
    type: 'response_done',
    response: {
      id: response.responseId as string,
      requestId: response.requestId,
      usage: usageData(response.usage),
      rawUsage: response.rawUsage,
      providerData: response.providerData,
      output: response.output,
    },
  };
  return (owned ? event : snapshotValue(event)) as StreamEvent;
}

type TextPart = { type?: unknown; text?: unknown; providerData?: unknown } | null | undefined;

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

function isAssistantMessage(
  item: unknown,
): item is { id?: string; content: TextPart[] } {
  const candidate = item as { type?: unknown; role?: unknown; content?: unknown } | null;
  return typeof candidate === 'object' && candidate !== null &&
    candidate.type === 'message' && candidate.role === 'assistant' &&
    Array.isArray(candidate.content);
}

/**
 * The plain usage record of a `response_done` event. The runner rebuilds a
 * `Usage` from it, so `requests` (even 0) and the details survive; empty detail
 * arrays are left out as the provider adapters do.
 */
function usageData(usage: Usage): Record<string, unknown> {
  return {
    requests: usage.requests,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    totalTokens: usage.totalTokens,
    inputTokensDetails: nonEmpty(usage.inputTokensDetails),
    outputTokensDetails: nonEmpty(usage.outputTokensDetails),
    requestUsageEntries: usage.requestUsageEntries?.map((entry) => ({
      inputTokens: entry.inputTokens,
      outputTokens: entry.outputTokens,
      totalTokens: entry.totalTokens,
      inputTokensDetails: entry.inputTokensDetails,
      outputTokensDetails: entry.outputTokensDetails,
      endpoint: entry.endpoint,
    })),
  };
}

function nonEmpty<T>(items: T[] | undefined): T[] | undefined {
  return items !== undefined && items.length > 0 ? items : undefined;
}
