/**
 * Retry-advice plumbing: an executed error step leaves its advice behind, and
 * the runner's later `getRetryAdvice()` picks it up, once.
 *
 * The runner calls `getResponse` with a per-attempt shallow copy of the request
 * (and possibly a new signal) but asks for advice with the original request,
 * so the lookup cannot rely on request identity alone.
 *
 * @module
 */

import type { ModelRequest, ModelRetryAdvice, ModelRetryAdviceRequest } from '@openai/agents-core';
import type { ScriptedModelRetryAdvice } from './scripted_model_types.ts';

interface AdviceRecord {
  request: ModelRequest;
  streamed: boolean;
  advice: ScriptedModelRetryAdvice | undefined;
}

/** Pending advice keyed by the thrown value (SameValueZero, as a `Map` compares). */
export class RetryAdviceBook {
  #records = new Map<unknown, AdviceRecord[]>();

  /** Remembers the advice of an error step that just failed `request`. */
  remember(error: unknown, record: AdviceRecord): void {
    const records = this.#records.get(error);
    if (records === undefined) this.#records.set(error, [record]);
    else records.push(record);
  }

  /**
   * The advice for a failed attempt, consumed. Among records of the same mode,
   * prefer the very request object, then one sharing the request's input,
   * settings, tools and handoffs (a runner's per-attempt copy), then the oldest.
   */
  async take(query: ModelRetryAdviceRequest): Promise<ModelRetryAdvice | undefined> {
    const records = this.#records.get(query.error);
    if (records === undefined) return undefined;
    const { request, stream } = query;
    let index = records.findIndex((r) => r.streamed === stream && r.request === request);
    if (index < 0) {
      index = records.findIndex((r) =>
        r.streamed === stream &&
        r.request?.input === request?.input &&
        r.request?.modelSettings === request?.modelSettings &&
        r.request?.tools === request?.tools &&
        r.request?.handoffs === request?.handoffs
      );
    }
    if (index < 0) index = records.findIndex((r) => r.streamed === stream);
    if (index < 0) return undefined;
    const [{ advice }] = records.splice(index, 1);
    if (records.length === 0) this.#records.delete(query.error);
    return typeof advice === 'function' ? await advice(query) : advice;
  }
}
