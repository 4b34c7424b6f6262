/**
 * The SDK tracing types that appear in the trace recorder's public
 * signatures, under local names (see `_sdk_types.ts` for why).
 *
 * @module
 */

import type { Span, SpanData, Trace, TracingProcessor } from '@openai/agents-core';

/**
 * The SDK's `TracingProcessor` interface.
 *
 * @internal
 */
export type SdkTracingProcessor = TracingProcessor;
/**
 * The SDK's `Trace`.
 *
 * @internal
 */
export type SdkTrace = Trace;
/**
 * The SDK's `Span` (of any span data).
 *
 * @internal
 */
// deno-lint-ignore no-explicit-any
export type SdkSpan = Span<any>;
/**
 * The SDK's `SpanData` union.
 *
 * @internal
 */
export type SdkSpanData = SpanData;
