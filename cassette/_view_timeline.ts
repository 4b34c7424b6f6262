/**
 * The other two recordings as viewer HTML: a Realtime transcript as the
 * timeline of client and server events of each connection, and a trace
 * recording (what `TraceRecorder.traces` holds, as JSON) as its span tree.
 *
 * @module
 */

import { escapeHtml } from './_view_page.ts';
import { jsonBlock } from './_view_cassette.ts';
import type { JsonObject, JsonValue } from './cassette_types.ts';

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const str = (value: JsonValue | undefined, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;

/** A transcript's connections as timelines. */
export function transcriptHtml(transcript: JsonObject, file: number): string {
  const connections = Array.isArray(transcript.connections) ? transcript.connections : [];
  return connections.map((connection, c) => {
    if (!isObject(connection)) return '';
    const entries = Array.isArray(connection.entries) ? connection.entries : [];
    const rows = entries.map((entry, e) => {
      const record = isObject(entry) ? entry : {};
      const direction = record.direction === 'client' ? 'client' : 'server';
      const event = isObject(record.event) ? record.event : {};
      return `<details class="event ${direction}" id="f${file}-c${c}-e${e}"><summary><span class="dir">${
        direction === 'client' ? 'client →' : '← server'
      }</span> <span class="type">${escapeHtml(str(event.type, '(no type)'))}</span></summary>${
        jsonBlock(event)
      }</details>`;
    });
    const close = isObject(connection.close)
      ? `<div class="muted">closed by ${escapeHtml(str(connection.close.by, '?'))}, code ${
        escapeHtml(String(connection.close.code))
      }${connection.close.reason ? `: ${escapeHtml(String(connection.close.reason))}` : ''}</div>`
      : '<div class="muted">not closed when the recording ended</div>';
    return `<section class="turn connection" id="f${file}-c${c}" tabindex="-1"><header><span class="n">connection ${
      c + 1
    }</span> <span class="model">${
      escapeHtml(str(connection.url))
    }</span> <span class="usage">${entries.length} events</span></header><div class="timeline">${
      rows.join('')
    }</div>${close}</section>`;
  }).join('\n');
}

function spanHtml(span: JsonValue): string {
  if (!isObject(span)) return '';
  const children = Array.isArray(span.children) ? span.children : [];
  const error = isObject(span.error)
    ? ` <span class="badge error-badge">error: ${escapeHtml(str(span.error.message))}</span>`
    : '';
  const open = span.ended === false ? ' <span class="badge">not ended</span>' : '';
  const label = str(span.label, `${str(span.type, 'span')}: ${str(span.name)}`);
  return `<li><details class="span"><summary><span class="type">${
    escapeHtml(label)
  }</span>${error}${open}</summary>${jsonBlock(span.data ?? null)}</details>${
    children.length === 0 ? '' : `<ul>${children.map(spanHtml).join('')}</ul>`
  }</li>`;
}

/** A trace recording's traces as span trees. */
export function traceHtml(traces: readonly JsonValue[], file: number): string {
  return traces.map((trace, t) => {
    if (!isObject(trace)) return '';
    const spans = Array.isArray(trace.spans) ? trace.spans : [];
    return `<section class="turn trace" id="f${file}-t${t}" tabindex="-1"><header><span class="n">trace ${
      t + 1
    }</span> <span class="model">${escapeHtml(str(trace.name, '(unnamed)'))}</span>${
      trace.ended === false ? ' <span class="badge">not ended</span>' : ''
    }</header><ul class="tree">${spans.map(spanHtml).join('')}</ul></section>`;
  }).join('\n');
}
