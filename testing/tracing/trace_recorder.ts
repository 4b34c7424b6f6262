/**
 * `TraceRecorder`: an in-memory `TracingProcessor` that replaces the SDK's
 * trace exporters for the duration of a test, records every trace and span the
 * real `Runner` produces, and shows them as a tree to assert on. Nothing is
 * exported anywhere, so tracing can stay enabled in offline tests.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner, tool } from "@openai/agents";
 * import { z } from "zod";
 * import { assistantMessage, functionCall, ScriptedModel, TraceRecorder } from "scripted-agents/testing";
 *
 * using recorder = new TraceRecorder();
 * const weather = tool({
 *   name: "get_weather",
 *   description: "Gets the weather for a city.",
 *   parameters: z.object({ city: z.string() }),
 *   execute: ({ city }) => `${city}: sunny`,
 * });
 * const model = new ScriptedModel([
 *   [functionCall("get_weather", { city: "Tokyo" }, { callId: "call_1" })],
 *   [assistantMessage("Sunny.")],
 * ]);
 * const agent = new Agent({ name: "Weather", model, tools: [weather] });
 * await new Runner().run(agent, "Weather in Tokyo?");
 *
 * assert.deepEqual(recorder.paths({ omit: ["task", "turn"] }), [
 *   "agent: Weather",
 *   "agent: Weather > function: get_weather",
 * ]);
 * ```
 *
 * @module
 */

import {
  getGlobalTraceProvider,
  NoopTrace,
  setTraceProcessors,
  setTracingDisabled,
} from '@openai/agents-core';
import type {
  SdkSpan as Span,
  SdkSpanData as SpanData,
  SdkTrace as Trace,
  SdkTracingProcessor as TracingProcessor,
} from './_sdk_tracing_types.ts';
import { snapshotValue } from '../../_internal/snapshot.ts';
import { UnendedTraceSpansError } from './trace_recorder_errors.ts';
import type {
  RecordedSpan,
  RecordedSpanType,
  RecordedTrace,
  TraceOutlineOptions,
  TraceRecorderOptions,
} from './trace_recorder_types.ts';
import { announceDouble, settleDouble } from '../../_internal/live_doubles.ts';

type TraceRecord = {
  traceId: string;
  name: string;
  groupId: string | null;
  metadata: Record<string, unknown> | undefined;
  started: boolean;
  ended: boolean;
};

type SpanRecord = {
  spanId: string;
  traceId: string;
  parentId: string | null;
  data: SpanData;
  error: { message: string; data?: Record<string, unknown> } | null;
  ended: boolean;
};

/** The recorders installed now, oldest first: disposing the newest re-installs the previous. */
const active: TraceRecorder[] = [];

/**
 * A `TracingProcessor` that records traces and spans in memory.
 *
 * Creating one installs it as the SDK's only trace processor
 * (`setTraceProcessors([recorder])`), which also removes the OpenAI exporter
 * that `@openai/agents` installs when it is imported, and enables tracing
 * (`setTracingDisabled(false)`; the SDK disables it by default under
 * `NODE_ENV=test`). A run with `tracingDisabled: true` still records nothing.
 * Disposing it (`using recorder = new TraceRecorder()`) re-installs the
 * processors given as `options.restore` (default: none) or the previous active
 * recorder, and restores the tracing switch.
 *
 * Under Deno's op sanitizer, the test that installs the first recorder of a
 * process is charged with the export-loop timer that the replaced default
 * exporter started at import and that its shutdown cancels; call
 * `setTraceProcessors([])` once at module level to take the default exporter
 * out before any test.
 *
 * Read the recording with `traces` (a tree per trace), `spans` (every span in
 * start order), `find()`, `outline()` and `paths()`. Every read returns fresh
 * frozen snapshots.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner } from "@openai/agents";
 * import { assistantMessage, offlineGuard, ScriptedModel, TraceRecorder } from "scripted-agents/testing";
 *
 * using _offline = offlineGuard(); // any export attempt would fail the test
 * using recorder = new TraceRecorder();
 * const agent = new Agent({ name: "Triage", model: new ScriptedModel([[assistantMessage("Hi")]]) });
 * await new Runner({ workflowName: "Support" }).run(agent, "Hello");
 *
 * assert.equal(recorder.outline({ omit: ["turn"] }), [
 *   "trace: Support",
 *   "  task: Support",
 *   "    agent: Triage",
 * ].join("\n"));
 * ```
 */
export class TraceRecorder implements TracingProcessor, Disposable {
  readonly #traces = new Map<string, TraceRecord>();
  readonly #spans = new Map<string, SpanRecord>();
  readonly #restore: readonly TracingProcessor[];
  readonly #tracingWasDisabled: boolean;
  #installed = true;

  /** Installs the recorder as the only trace processor and enables tracing. */
  constructor(options: TraceRecorderOptions = {}) {
    this.#restore = [...(options.restore ?? [])];
    // The SDK has no getter for the switch; a disabled provider hands out no-op traces.
    this.#tracingWasDisabled = getGlobalTraceProvider().createTrace({}) instanceof NoopTrace;
    active.push(this);
    setTraceProcessors([this]);
    setTracingDisabled(false);
    announceDouble(this);
  }

  /** Whether the recorder is still installed (it is until disposed). */
  get installed(): boolean {
    return this.#installed;
  }

  /** Every recorded trace, in start order, with its spans as a tree. */
  get traces(): readonly RecordedTrace[] {
    return Object.freeze([...this.#traces.values()].map((trace) => this.#readTrace(trace, [])));
  }

  /** Every recorded span (of every trace), in start order, each with its subtree. */
  get spans(): readonly RecordedSpan[] {
    return Object.freeze(this.#views([]).all);
  }

  /**
   * The spans of `type` (and `name`, if given), in start order.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { createCustomSpan, withTrace } from "@openai/agents";
   * import { TraceRecorder } from "scripted-agents/testing";
   *
   * using recorder = new TraceRecorder();
   * await withTrace("Job", async () => {
   *   for (const name of ["a", "b"]) {
   *     const span = createCustomSpan({ data: { name, data: {} } });
   *     span.start();
   *     span.end();
   *   }
   * });
   * assert.deepEqual(recorder.filter("custom").map((span) => span.name), ["a", "b"]);
   * assert.equal(recorder.filter("custom", "b").length, 1);
   * ```
   */
  filter(type: RecordedSpanType, name?: string): readonly RecordedSpan[] {
    return Object.freeze(
      this.#views([]).all.filter((span) =>
        span.type === type && (name === undefined || span.name === name)
      ),
    );
  }

  /**
   * The first span of `type` (and `name`, if given), or `undefined`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { withTrace, createCustomSpan } from "@openai/agents";
   * import { TraceRecorder } from "scripted-agents/testing";
   *
   * using recorder = new TraceRecorder();
   * await withTrace("Job", async () => {
   *   const span = createCustomSpan({ data: { name: "load", data: {} } });
   *   span.start();
   *   span.setError({ message: "disk full" });
   *   span.end();
   * });
   * assert.equal(recorder.find("custom", "load")?.error?.message, "disk full");
   * assert.equal(recorder.find("agent"), undefined);
   * ```
   */
  find(type: RecordedSpanType, name?: string): RecordedSpan | undefined {
    return this.filter(type, name)[0];
  }

  /**
   * One line per span path, in start order: `agent: Triage > function: get_weather`.
   * Spans of the `omit` types are left out of the list and of the paths.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { createAgentSpan, createFunctionSpan, withTrace } from "@openai/agents";
   * import { TraceRecorder } from "scripted-agents/testing";
   *
   * using recorder = new TraceRecorder();
   * await withTrace("Job", async () => {
   *   const agent = createAgentSpan({ data: { name: "Triage" } });
   *   agent.start();
   *   const fn = createFunctionSpan({ data: { name: "lookup", input: "{}" } }, agent);
   *   fn.start();
   *   fn.end();
   *   agent.end();
   * });
   * assert.deepEqual(recorder.paths(), ["agent: Triage", "agent: Triage > function: lookup"]);
   * ```
   */
  paths(options: TraceOutlineOptions = {}): readonly string[] {
    return Object.freeze(this.#views(options.omit ?? []).shown.map((span) => span.path));
  }

  /**
   * The recording as indented text: a `trace: name` line per trace, then its
   * spans two spaces deeper per level, `type: name`, with ` (error: message)`
   * on spans that carry an error and ` (not ended)` on open ones.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { createCustomSpan, withTrace } from "@openai/agents";
   * import { TraceRecorder } from "scripted-agents/testing";
   *
   * using recorder = new TraceRecorder();
   * await withTrace("Job", async () => {
   *   const span = createCustomSpan({ data: { name: "load", data: {} } });
   *   span.start();
   *   span.setError({ message: "disk full" });
   *   span.end();
   * });
   * assert.equal(recorder.outline(), "trace: Job\n  custom: load (error: disk full)");
   * ```
   */
  outline(options: TraceOutlineOptions = {}): string {
    const omit = options.omit ?? [];
    const lines: string[] = [];
    const visit = (span: RecordedSpan, depth: number) => {
      const notes = [
        ...(span.error === null ? [] : [`error: ${span.error.message}`]),
        ...(span.ended ? [] : ['not ended']),
      ];
      lines.push(
        `${'  '.repeat(depth)}${span.label}${notes.map((note) => ` (${note})`).join('')}`,
      );
      for (const child of span.children) visit(child, depth + 1);
    };
    for (const trace of this.#traces.values()) {
      lines.push(`trace: ${trace.name}${trace.ended || !trace.started ? '' : ' (not ended)'}`);
      for (const span of this.#readTrace(trace, omit).spans) visit(span, 1);
    }
    return lines.join('\n');
  }

  /** Forgets everything recorded so far (the recorder stays installed). */
  clear(): void {
    this.#traces.clear();
    this.#spans.clear();
  }

  /**
   * Throws `UnendedTraceSpansError` if a recorded span never ended. Traces are
   * not checked: the SDK leaves the trace of a run that throws open (see
   * `RecordedTrace.ended`).
   */
  assertEnded(): void {
    const spans = this.#views([]).all.filter((span) => !span.ended);
    if (spans.length > 0) throw new UnendedTraceSpansError(spans.map((span) => span.path));
  }

  /**
   * Teardown for `using recorder = new TraceRecorder()`: uninstalls the
   * recorder (see the class description for what is re-installed) and
   * restores the tracing switch. Idempotent. It checks nothing: call
   * `assertEnded()` where open spans would be a bug.
   */
  [Symbol.dispose](): void {
    settleDouble(this);
    if (this.#installed) {
      this.#installed = false;
      const position = active.indexOf(this);
      const wasNewest = position === active.length - 1;
      active.splice(position, 1);
      if (wasNewest) {
        const previous = active[active.length - 1];
        setTraceProcessors(previous === undefined ? [...this.#restore] : [previous]);
        setTracingDisabled(previous === undefined ? this.#tracingWasDisabled : false);
      }
    }
  }

  /** Records a trace start (SDK callback). */
  onTraceStart(trace: Trace): Promise<void> {
    if (this.#installed) this.#trace(trace.traceId, trace).started = true;
    return Promise.resolve();
  }

  /** Records a trace end (SDK callback). */
  onTraceEnd(trace: Trace): Promise<void> {
    if (this.#installed) this.#trace(trace.traceId, trace).ended = true;
    return Promise.resolve();
  }

  /** Records a span start (SDK callback). */
  onSpanStart(span: Span): Promise<void> {
    if (this.#installed) this.#span(span);
    return Promise.resolve();
  }

  /** Records a span end with its final data and error (SDK callback). */
  onSpanEnd(span: Span): Promise<void> {
    if (this.#installed) this.#span(span).ended = true;
    return Promise.resolve();
  }

  /** Nothing to flush: the recording stays in memory. */
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  /** Nothing to shut down. */
  shutdown(): Promise<void> {
    return Promise.resolve();
  }

  #trace(traceId: string, trace?: Trace): TraceRecord {
    let record = this.#traces.get(traceId);
    if (record === undefined) {
      record = {
        traceId,
        name: trace?.name ?? '',
        groupId: trace?.groupId ?? null,
        metadata: undefined,
        started: false,
        ended: false,
      };
      this.#traces.set(traceId, record);
    }
    if (trace !== undefined) {
      record.name = trace.name;
      record.groupId = trace.groupId;
      record.metadata = snapshotValue(trace.metadata);
    }
    return record;
  }

  #span(span: Span): SpanRecord {
    this.#trace(span.traceId);
    let record = this.#spans.get(span.spanId);
    if (record === undefined) {
      record = {
        spanId: span.spanId,
        traceId: span.traceId,
        parentId: span.parentId,
        data: snapshotValue(span.spanData as SpanData),
        error: null,
        ended: false,
      };
      this.#spans.set(span.spanId, record);
    }
    record.data = snapshotValue(span.spanData as SpanData);
    record.error = span.error === null ? null : snapshotValue(span.error);
    return record;
  }

  #readTrace(trace: TraceRecord, omit: readonly RecordedSpanType[]): RecordedTrace {
    return Object.freeze({
      traceId: trace.traceId,
      name: trace.name,
      groupId: trace.groupId,
      metadata: snapshotValue(trace.metadata),
      started: trace.started,
      ended: trace.ended,
      spans: this.#views(omit).roots.get(trace.traceId) ?? Object.freeze([]),
    });
  }

  /**
   * Builds fresh views of every span: `all` in start order, `shown` without
   * the omitted types, and each trace's top-level shown spans.
   */
  #views(omit: readonly RecordedSpanType[]) {
    const hidden = new Set<string>(omit);
    const children = new Map<string, RecordedSpan[]>();
    const roots = new Map<string, RecordedSpan[]>();
    const nearestShown = new Map<string, { path: string; spanId: string } | null>();
    const records = [...this.#spans.values()];
    const lookup = (spanId: string | null) => {
      // The nearest shown ancestor of a span with this parent id.
      let parent = spanId === null ? undefined : this.#spans.get(spanId);
      while (parent !== undefined && hidden.has(parent.data.type)) {
        parent = parent.parentId === null ? undefined : this.#spans.get(parent.parentId);
      }
      return parent;
    };
    // Paths first (a parent always starts before its children).
    for (const record of records) {
      const parent = lookup(record.parentId);
      const base = parent === undefined ? undefined : nearestShown.get(parent.spanId);
      nearestShown.set(
        record.spanId,
        hidden.has(record.data.type) ? (base ?? null) : {
          spanId: record.spanId,
          path: base ? `${base.path} > ${labelOf(record.data)}` : labelOf(record.data),
        },
      );
    }
    // Then the views, children before parents so each view is complete when frozen.
    const views = new Map<string, RecordedSpan>();
    for (const record of [...records].reverse()) {
      const own = nearestShown.get(record.spanId);
      const parent = lookup(record.parentId);
      const view: RecordedSpan = Object.freeze({
        spanId: record.spanId,
        traceId: record.traceId,
        parentId: record.parentId,
        type: record.data.type,
        name: nameOf(record.data),
        label: labelOf(record.data),
        path: own?.spanId === record.spanId ? own.path : pathWithin(record, nearestShown, parent),
        data: snapshotValue(record.data),
        error: snapshotValue(record.error),
        ended: record.ended,
        children: Object.freeze((children.get(record.spanId) ?? []).reverse()),
      });
      views.set(record.spanId, view);
      if (hidden.has(record.data.type)) continue;
      const list = parent === undefined
        ? getOrCreate(roots, record.traceId)
        : getOrCreate(children, parent.spanId);
      list.push(view);
    }
    for (const [traceId, list] of roots) roots.set(traceId, Object.freeze(list.reverse()) as never);
    const all = records.map((record) => views.get(record.spanId)!);
    return {
      all,
      shown: all.filter((span) => !hidden.has(span.type)),
      roots: roots as Map<string, readonly RecordedSpan[]>,
    };
  }
}

/** The path of a hidden span: its nearest shown ancestor's path, then its own label. */
function pathWithin(
  record: SpanRecord,
  nearestShown: Map<string, { path: string } | null>,
  parent: SpanRecord | undefined,
): string {
  const base = parent === undefined ? undefined : nearestShown.get(parent.spanId);
  return base ? `${base.path} > ${labelOf(record.data)}` : labelOf(record.data);
}

function getOrCreate<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key);
  if (list === undefined) map.set(key, list = []);
  return list;
}

function labelOf(data: SpanData): string {
  const name = nameOf(data);
  return name === '' ? data.type : `${data.type}: ${name}`;
}

function nameOf(data: SpanData): string {
  switch (data.type) {
    case 'agent':
    case 'task':
    case 'function':
    case 'custom':
    case 'guardrail':
      return data.name;
    case 'turn':
      return `${data.agent_name} #${data.turn}`;
    case 'handoff':
      return `${data.from_agent ?? '?'} -> ${data.to_agent ?? '?'}`;
    case 'mcp_tools':
      return data.server ?? '';
    case 'generation':
    case 'transcription':
    case 'speech':
      return data.model ?? '';
    case 'response':
      return data.response_id ?? '';
    case 'speech_group':
      return '';
  }
}
