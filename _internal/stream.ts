/**
 * Automatic stream synthesis: how a plain response answers a streaming call
 * (a `ScriptedModel` response step, a cassette's non-streamed recording). The events are normalized `StreamEvent`s (what the runner consumes),
 * not provider wire chunks.
 *
 * @module
 */

import type { ModelResponse, StreamEvent, Usage } from '@openai/agents-core';
import { snapshotValue } from './snapshot.ts';

/**
 * Yields `response_started`, one `output_text_delta` per assistant
 * `output_text` part (the whole text, no chunking), then `response_done` with
 * the full output and usage. `checkpoint` runs before each event (the abort
 * check); each event is a fresh detached copy, so a consumer mutating one event
 * cannot change a later one.
 *
 * `response.responseId` must already be set: `response_done` requires an id.
 */
export async function* synthesizeStream(
  response: ModelResponse,
  checkpoint: () => void,
): AsyncGenerator<StreamEvent> {
  checkpoint();
  yield { type: 'response_started' };

  for (const item of response.output as readonly unknown[]) {
    if (!isAssistantMessage(item)) continue;
    for (const part of item.content) {
      if (part?.type !== 'output_text') continue;
      const delta: Record<string, unknown> = {
        type: 'output_text_delta',
        itemId: item.id,
        delta: part.text,
      };
      if (part.providerData !== undefined) delta.providerData = part.providerData;
      checkpoint();
      yield snapshotValue(delta) as StreamEvent;
    }
  }

  checkpoint();
  yield snapshotValue({
    type: 'response_done',
    response: {
      id: response.responseId as string,
      requestId: response.requestId,
      usage: usageData(response.usage),
      rawUsage: response.rawUsage,
      providerData: response.providerData,
      output: response.output,
    },
  }) as StreamEvent;
}

type TextPart = { type?: unknown; text?: unknown; providerData?: unknown } | null | undefined;

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
