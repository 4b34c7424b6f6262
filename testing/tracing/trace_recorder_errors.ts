/**
 * The error a `TraceRecorder` raises at teardown.
 *
 * @module
 */

import { countOf } from '../../_internal/format.ts';

/**
 * `assertEnded()` found spans that started and never ended: a run still in
 * progress, or code that starts a span without ending it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createCustomSpan, withTrace } from "@openai/agents";
 * import { TraceRecorder, UnendedTraceSpansError } from "scripted-agents/testing";
 *
 * using recorder = new TraceRecorder();
 * await withTrace("Job", async () => {
 *   createCustomSpan({ data: { name: "left open", data: {} } }).start();
 * });
 * assert.throws(() => recorder.assertEnded(), (error) => {
 *   assert(error instanceof UnendedTraceSpansError);
 *   assert.deepEqual(error.unendedSpans, ["custom: left open"]);
 *   return true;
 * });
 * ```
 */
export class UnendedTraceSpansError extends Error {
  /** The paths (`agent: Triage > function: get_weather`) of the spans that never ended. */
  readonly unendedSpans: readonly string[];
  /** Always `'UnendedTraceSpansError'`. */
  override readonly name: 'UnendedTraceSpansError';

  /** Lists the spans that are still open. */
  constructor(unendedSpans: readonly string[]) {
    super(
      `TraceRecorder recorded ${countOf(unendedSpans.length, 'span')} that never ended: ${
        unendedSpans.join('; ')
      }.`,
    );
    this.unendedSpans = Object.freeze([...unendedSpans]);
    this.name = 'UnendedTraceSpansError';
  }
}
