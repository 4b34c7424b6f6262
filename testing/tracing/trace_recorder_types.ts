/**
 * The public types of `TraceRecorder`: recorded traces and spans, read as a
 * tree, and the options of the recorder and its outline helpers.
 *
 * @module
 */

import type { SdkSpanData as SpanData, SdkTracingProcessor } from './_sdk_tracing_types.ts';

/**
 * The kind of a span, as the SDK names it in its span data: `agent`, `task`,
 * `turn`, `function`, `generation`, `response`, `handoff`, `custom`,
 * `guardrail`, `transcription`, `speech`, `speech_group`, `mcp_tools`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { RecordedSpanType } from "scripted-agents/testing";
 *
 * const hidden: RecordedSpanType[] = ["task", "turn"];
 * assert.equal(hidden.length, 2);
 * ```
 */
export type RecordedSpanType = SpanData['type'];

/**
 * One recorded span: a detached, frozen view built when it is read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createCustomSpan, withTrace } from "@openai/agents";
 * import { type RecordedSpan, TraceRecorder } from "scripted-agents/testing";
 *
 * using recorder = new TraceRecorder();
 * await withTrace("Job", async () => {
 *   const span = createCustomSpan({ data: { name: "step", data: { n: 1 } } });
 *   span.start();
 *   span.end();
 * });
 * const span: RecordedSpan = recorder.spans[0];
 * assert.equal(span.path, "custom: step");
 * assert.deepEqual(span.data, { type: "custom", name: "step", data: { n: 1 } });
 * ```
 */
export type RecordedSpan = {
  /** The SDK's span id. */
  readonly spanId: string;
  /** The id of the trace the span belongs to. */
  readonly traceId: string;
  /** The parent span's id, or `null` for a span directly under its trace. */
  readonly parentId: string | null;
  /** The span's kind (`spanData.type`). */
  readonly type: RecordedSpanType;
  /**
   * A short readable name: the agent, tool, guardrail or custom span name;
   * `from -> to` for a handoff (`?` while the target is unknown); `agent #n`
   * for a turn; the server for an MCP tool listing; the model or response id
   * where the SDK records one; otherwise empty.
   */
  readonly name: string;
  /** `type: name`, as the outline shows it. */
  readonly label: string;
  /** The labels from the outermost shown span down to this one, joined with ` > `. */
  readonly path: string;
  /** A snapshot of the span data: as of the span's end, or of its start while it runs. */
  readonly data: Readonly<SpanData>;
  /** The error the SDK set on the span, or `null`. */
  readonly error: Readonly<{ message: string; data?: Record<string, unknown> }> | null;
  /** Whether the span has ended. */
  readonly ended: boolean;
  /** The child spans, in start order. */
  readonly children: readonly RecordedSpan[];
};

/**
 * One recorded trace with its spans as a tree.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withTrace } from "@openai/agents";
 * import { type RecordedTrace, TraceRecorder } from "scripted-agents/testing";
 *
 * using recorder = new TraceRecorder();
 * await withTrace("Nightly job", async () => {});
 * const trace: RecordedTrace = recorder.traces[0];
 * assert.equal(trace.name, "Nightly job");
 * assert.equal(trace.ended, true);
 * ```
 */
export type RecordedTrace = {
  /** The SDK's trace id. */
  readonly traceId: string;
  /** The workflow name (`Agent workflow` unless the run names it). */
  readonly name: string;
  /** The trace's group id, or `null`. */
  readonly groupId: string | null;
  /** A snapshot of the trace metadata, if any. */
  readonly metadata: Readonly<Record<string, unknown>> | undefined;
  /**
   * Whether the trace has ended. The SDK does not end the trace of a run that
   * throws (its spans do end, carrying the error).
   */
  readonly ended: boolean;
  /**
   * Whether the recorder saw the trace start. A trace that started before the
   * recorder was installed is listed with `started: false` once one of its
   * spans arrives.
   */
  readonly started: boolean;
  /** The top-level spans, in start order; each carries its children. */
  readonly spans: readonly RecordedSpan[];
};

/**
 * How `outline()` and `paths()` render the tree.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TraceOutlineOptions } from "scripted-agents/testing";
 *
 * const options: TraceOutlineOptions = { omit: ["task", "turn"] };
 * assert.deepEqual(options.omit, ["task", "turn"]);
 * ```
 */
export interface TraceOutlineOptions {
  /**
   * Span types to leave out; their children move up to the nearest shown
   * ancestor. Useful to hide the SDK's bookkeeping spans (`task`, `turn`).
   */
  omit?: readonly RecordedSpanType[];
}

/**
 * Options of `new TraceRecorder()`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConsoleSpanExporter, BatchTraceProcessor } from "@openai/agents";
 * import { TraceRecorder, type TraceRecorderOptions } from "scripted-agents/testing";
 *
 * const options: TraceRecorderOptions = { restore: [] };
 * using recorder = new TraceRecorder(options);
 * assert.equal(recorder.installed, true);
 * ```
 */
export interface TraceRecorderOptions {
  /**
   * The processors to install when the recorder is disposed (default: none).
   * The SDK offers no way to read the processors installed before, so the
   * recorder cannot put them back by itself; a recorder disposed while an
   * earlier recorder is still active re-installs that one instead.
   */
  restore?: readonly SdkTracingProcessor[];
}
