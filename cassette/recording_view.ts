/**
 * Recordings for people to read: a cassette, a Realtime transcript or a trace
 * recording parsed from untrusted JSON text, rendered as one self-contained
 * HTML page, and two recordings compared semantically (which interactions
 * were added, removed or changed, and inside a changed one the field and the
 * changed window of its text), as terminal text or as an HTML page.
 *
 * Web-standard like the rest of `cassette/`: the command line tool and the
 * file adapter do the reading and writing. Not part of the `cassette` entry
 * point (the command line tool and `cassette_fs` import it directly), so a
 * test bundle that replays cassettes does not carry the viewer.
 *
 * @module
 */

import { diffArrays, diffWordsWithSpace } from 'diff';
import { redactCredentials } from '../_internal/credentials.ts';
import { storedInteractions } from './_delta.ts';
import { jsonDifferences } from './_diff.ts';
import { loadCassette, responseFromEvents } from './_serialize.ts';
import { printScriptedModel, printScriptedProvider } from './_typescript.ts';
import { SCRIPT, STYLE } from './_view_assets.ts';
import { cassetteHtml, type TurnData } from './_view_cassette.ts';
import { escapeHtml, page } from './_view_page.ts';
import { traceHtml, transcriptHtml } from './_view_timeline.ts';
import type { CassetteInteraction, JsonObject, JsonValue } from './cassette_types.ts';

/** A parsed recording. */
export type Recording =
  | {
    kind: 'cassette';
    name: string;
    /** Whole requests (each input written out), credentials redacted. */
    interactions: CassetteInteraction[];
    /** The file's top-level fields other than the interactions (format, version, expiry...). */
    header: JsonObject;
  }
  | { kind: 'transcript'; name: string; transcript: JsonObject }
  | { kind: 'trace'; name: string; traces: JsonValue[] };

/** The format tag of a Realtime transcript. */
const TRANSCRIPT_FORMAT = 'scripted-agents/realtime-transcript';
/** The format tag of a trace recording written as `{ format, traces }`. */
const TRACE_FORMAT = 'scripted-agents/traces';

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isTrace = (value: unknown): boolean =>
  isObject(value) && typeof value.traceId === 'string' && Array.isArray(value.spans);

/**
 * Parses the JSON text of a recording named `name` (its file path, for
 * messages). Throws a `TypeError` (or the cassette's `InvalidCassetteError`)
 * that names the file and what is wrong; never returns half a recording.
 */
export function parseRecording(text: string, name: string): Recording {
  try {
    return parse(text, name);
  } catch (error) {
    // A hostile file can nest deeper than any walk over it can go.
    if (error instanceof RangeError) {
      throw new TypeError(`${name} is nested too deeply to be a recording (${error.message}).`);
    }
    throw error;
  }
}

function parse(text: string, name: string): Recording {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TypeError(
      `${name} is not JSON (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  // Before anything is shown: a hand-edited or hostile file may hold a key.
  value = redactCredentials(value);
  if (isObject(value) && value.format === 'scripted-agents/cassette') {
    const loaded = loadCassette(value, name);
    const header: JsonObject = {};
    for (const [key, field] of Object.entries(value)) {
      if (key !== 'interactions' && key !== 'blobs') header[key] = field;
    }
    return { kind: 'cassette', name, interactions: loaded.interactions, header };
  }
  if (isObject(value) && value.format === TRANSCRIPT_FORMAT) {
    if (!Array.isArray(value.connections)) {
      throw new TypeError(`${name}: a Realtime transcript needs a "connections" array.`);
    }
    return { kind: 'transcript', name, transcript: value };
  }
  const traces = Array.isArray(value)
    ? value
    : isObject(value) && Array.isArray(value.traces)
    ? value.traces
    : undefined;
  if (traces !== undefined && traces.every(isTrace) && (traces.length > 0 || isObject(value))) {
    return { kind: 'trace', name, traces };
  }
  throw new TypeError(
    `${name} is not a recording: expected a cassette ("format": "scripted-agents/cassette"), ` +
      `a Realtime transcript ("format": "${TRANSCRIPT_FORMAT}") or a trace recording ` +
      `(the JSON of TraceRecorder.traces, or { "format": "${TRACE_FORMAT}", "traces": [...] }).`,
  );
}

function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function summaryOf(recording: Recording): string {
  if (recording.kind === 'cassette') {
    const models = [...new Set(recording.interactions.map((i) => i.model || '(default)'))];
    const dates = recording.interactions
      .map((i) => (i as { recorded?: { at?: unknown } }).recorded?.at)
      .filter((at): at is string => typeof at === 'string')
      .sort();
    const recorded = dates.length === 0
      ? ''
      : `, recorded ${dates[0]}${dates.at(-1) === dates[0] ? '' : ` to ${dates.at(-1)}`}`;
    return `cassette, ${countOf(recording.interactions.length, 'interaction')}, ${
      countOf(models.length, 'model')
    } (${models.join(', ')})${recorded}`;
  }
  if (recording.kind === 'transcript') {
    const connections = recording.transcript.connections as JsonValue[];
    return `Realtime transcript, ${countOf(connections.length, 'connection')}`;
  }
  return `trace recording, ${countOf(recording.traces.length, 'trace')}`;
}

function bar(title: string, hint: string): string {
  return `<div class="bar"><h1>${escapeHtml(title)}</h1>` +
    '<input id="search" type="search" placeholder="Search (/)" aria-label="Search" autocomplete="off">' +
    `<span id="count" class="muted"></span><span class="muted">${escapeHtml(hint)}</span></div>`;
}

/**
 * One self-contained HTML page showing `recordings`: no network, no server,
 * it opens from `file://`.
 */
export async function renderRecordingsPage(recordings: readonly Recording[]): Promise<string> {
  const files: { name: string; turns: TurnData[]; texts: string[] }[] = [];
  const sections = recordings.map((recording, file) => {
    let html: string;
    let turns: TurnData[] = [];
    let texts: string[] = [];
    if (recording.kind === 'cassette') {
      ({ html, turns, texts } = cassetteHtml(recording.interactions, file));
    } else if (recording.kind === 'transcript') {
      html = transcriptHtml(recording.transcript, file);
    } else {
      html = traceHtml(recording.traces, file);
    }
    files.push({ name: recording.name, turns, texts });
    return `<section class="file"><h2>${escapeHtml(recording.name)}</h2><p class="summary">${
      escapeHtml(summaryOf(recording))
    }</p>${html}</section>`;
  });
  const title = recordings.length === 1 ? recordings[0].name : `${recordings.length} recordings`;
  return await page({
    title: `${title} · scripted-agents`,
    body: `${bar(title, 'j/k: next/previous · o: open all · /: search')}<main>${
      sections.join('\n')
    }</main>`,
    style: STYLE,
    script: SCRIPT,
    data: { files },
  });
}

// --- diff ---------------------------------------------------------------------

/** One field that differs inside a changed unit. */
export interface FieldChange {
  /** Where, e.g. `request.systemInstructions`. */
  path: string;
  old: JsonValue | undefined;
  new: JsonValue | undefined;
}

/** One interaction (or event, or span) added, removed or changed. */
export interface RecordingChange {
  kind: 'added' | 'removed' | 'changed';
  /** 0-based index in the old recording (removed, changed). */
  oldIndex?: number;
  /** 0-based index in the new recording (added, changed). */
  newIndex?: number;
  /** What the unit is, e.g. `gpt-4.1: tool call get_weather`. */
  label: string;
  /** For a changed unit: the first differing fields. */
  fields: FieldChange[];
  /** For a changed unit: how many fields differ in all. */
  fieldCount: number;
}

/** The semantic difference of two recordings. */
export interface RecordingDiff {
  old: { name: string; kind: Recording['kind']; units: number };
  new: { name: string; kind: Recording['kind']; units: number };
  /** What a unit is: `interaction`, `event` or `span`. */
  unit: string;
  changes: RecordingChange[];
}

interface Unit {
  key: string;
  value: JsonValue;
  label: string;
}

const FIELD_LIMIT = 12;

function interactionLabel(interaction: CassetteInteraction): string {
  const response = interaction.response ??
    (interaction.events && responseFromEvents(interaction.events));
  const parts: string[] = [];
  for (const item of response?.output ?? []) {
    if (!isObject(item)) continue;
    if (item.type === 'function_call') parts.push(`tool call ${String(item.name)}`);
    else if (item.type === 'message') {
      const content = Array.isArray(item.content) ? item.content : [];
      const text = content.map((c) => (isObject(c) && typeof c.text === 'string' ? c.text : ''))
        .join('');
      parts.push(`answer ${JSON.stringify(text.length > 60 ? `${text.slice(0, 59)}…` : text)}`);
    } else parts.push(String(item.type));
  }
  if (interaction.error !== undefined) parts.push(`error ${interaction.error.className}`);
  return `${interaction.model || '(default model)'}: ${parts.join(', ') || 'no output'}`;
}

/** True for a cassette that records the agent of any of its interactions. */
function namesAgents(recording: Recording): boolean {
  return recording.kind === 'cassette' &&
    recording.interactions.some((interaction) => interaction.agent !== undefined);
}

function unitsOf(recording: Recording, agents: boolean): { unit: string; units: Unit[] } {
  if (recording.kind === 'cassette') {
    const stored = storedInteractions(recording.interactions);
    return {
      unit: 'interaction',
      units: stored.map((interaction, i) => {
        // When the recording was made is not what the agent did.
        const { recorded: _recorded, agent, ...unattributed } = interaction as
          & typeof interaction
          & { recorded?: unknown };
        const rest = agents && agent !== undefined ? { ...unattributed, agent } : unattributed;
        const { inputFrom: _from, ...request } = rest.request;
        const value = { ...rest, request } as unknown as JsonValue;
        return {
          key: JSON.stringify(value),
          value,
          label: interactionLabel(recording.interactions[i]),
        };
      }),
    };
  }
  if (recording.kind === 'transcript') {
    const units: Unit[] = [];
    (recording.transcript.connections as JsonValue[]).forEach((connection, c) => {
      const entries = isObject(connection) && Array.isArray(connection.entries)
        ? connection.entries
        : [];
      for (const entry of entries) {
        const event = isObject(entry) && isObject(entry.event) ? entry.event : {};
        const direction = isObject(entry) && entry.direction === 'client' ? 'client' : 'server';
        const value = { connection: c, direction, event } as JsonValue;
        units.push({
          key: JSON.stringify(value),
          value,
          label: `connection ${c + 1} ${direction === 'client' ? 'client →' : '← server'} ${
            String(event.type)
          }`,
        });
      }
    });
    return { unit: 'event', units };
  }
  const units: Unit[] = [];
  const visit = (span: JsonValue, trace: string): void => {
    if (!isObject(span)) return;
    const value = {
      trace,
      path: span.path ?? null,
      data: span.data ?? null,
      error: span.error ?? null,
    } as JsonValue;
    units.push({ key: JSON.stringify(value), value, label: `${trace} > ${String(span.path)}` });
    for (const child of Array.isArray(span.children) ? span.children : []) visit(child, trace);
  };
  for (const trace of recording.traces) {
    if (!isObject(trace)) continue;
    for (const span of trace.spans as JsonValue[]) visit(span, String(trace.name));
  }
  return { unit: 'span', units };
}

/** The semantic difference of `old` and `new` (see {@linkcode RecordingDiff}). */
export function diffRecordings(old: Recording, current: Recording): RecordingDiff {
  // Which agent served a call is compared only when both recordings say: a
  // re-recording of a file from before agents were recorded adds them all.
  const agents = namesAgents(old) && namesAgents(current);
  const a = unitsOf(old, agents);
  const b = unitsOf(current, agents);
  const diff: RecordingDiff = {
    old: { name: old.name, kind: old.kind, units: a.units.length },
    new: { name: current.name, kind: current.kind, units: b.units.length },
    unit: a.unit,
    changes: [],
  };
  if (old.kind !== current.kind) {
    diff.changes.push({
      kind: 'changed',
      label: `a ${old.kind} against a ${current.kind}`,
      fields: [],
      fieldCount: 0,
    });
    return diff;
  }
  const parts = diffArrays(a.units, b.units, { comparator: (x, y) => x.key === y.key });
  let i = 0;
  let j = 0;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p];
    if (!part.added && !part.removed) {
      i += part.count;
      j += part.count;
      continue;
    }
    // A removed run followed by an added run: pair them up as changes.
    const next = parts[p + 1];
    if (part.removed && next?.added) {
      const paired = Math.min(part.count, next.count);
      for (let k = 0; k < paired; k++) {
        const from = a.units[i + k];
        const to = b.units[j + k];
        const { differences, count } = jsonDifferences(from.value, to.value, {
          root: '',
          limit: FIELD_LIMIT,
        });
        diff.changes.push({
          kind: 'changed',
          oldIndex: i + k,
          newIndex: j + k,
          label: from.label === to.label ? to.label : `${from.label} → ${to.label}`,
          fields: differences.map((d) => ({
            path: d.path.replace(/^\./, ''),
            old: d.recorded,
            new: d.actual,
          })),
          fieldCount: count,
        });
      }
      for (let k = paired; k < part.count; k++) {
        diff.changes.push(removed(a.units[i + k], i + k));
      }
      for (let k = paired; k < next.count; k++) {
        diff.changes.push(added(b.units[j + k], j + k));
      }
      i += part.count;
      j += next.count;
      p++;
      continue;
    }
    for (let k = 0; k < part.count; k++) {
      diff.changes.push(
        part.removed ? removed(a.units[i + k], i + k) : added(b.units[j + k], j + k),
      );
    }
    if (part.removed) i += part.count;
    else j += part.count;
  }
  return diff;
}

function added(unit: Unit, index: number): RecordingChange {
  return { kind: 'added', newIndex: index, label: unit.label, fields: [], fieldCount: 0 };
}

function removed(unit: Unit, index: number): RecordingChange {
  return { kind: 'removed', oldIndex: index, label: unit.label, fields: [], fieldCount: 0 };
}

/** Around each change, this many characters of unchanged text stay. */
const CONTEXT = 40;

type Piece = { text: string; mark: 'same' | 'added' | 'removed' };

/** The changed window of two texts: the word changes, long unchanged stretches cut to their ends. */
function textWindow(old: string, current: string): Piece[] {
  const changes = diffWordsWithSpace(old, current);
  const common = changes.reduce(
    (n, c) => (c.added || c.removed ? n : n + c.value.trim().length),
    0,
  );
  const longer = Math.max(old.trim().length, current.trim().length);
  if (longer > CONTEXT / 2 && common < 0.4 * longer) {
    // Mostly rewritten: interleaved words would be harder to read than the two texts.
    const cut = (text: string) => (text.length > 240 ? `${text.slice(0, 239)}…` : text);
    return [
      { text: cut(old), mark: 'removed' },
      { text: '\n', mark: 'same' },
      { text: cut(current), mark: 'added' },
    ];
  }
  return changes.map((change, index) => {
    if (change.added) return { text: change.value, mark: 'added' };
    if (change.removed) return { text: change.value, mark: 'removed' };
    const text = change.value;
    const first = index === 0;
    const last = index === changes.length - 1;
    if (first && text.length > CONTEXT) return { text: `…${text.slice(-CONTEXT)}`, mark: 'same' };
    if (last && text.length > CONTEXT) return { text: `${text.slice(0, CONTEXT)}…`, mark: 'same' };
    if (!first && !last && text.length > 2 * CONTEXT) {
      return { text: `${text.slice(0, CONTEXT)} … ${text.slice(-CONTEXT)}`, mark: 'same' };
    }
    return { text, mark: 'same' };
  });
}

function shortJson(value: JsonValue | undefined): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length <= 200 ? text : `${text.slice(0, 199)}…`;
}

function fieldPieces(field: FieldChange): Piece[] | undefined {
  if (typeof field.old === 'string' && typeof field.new === 'string') {
    return textWindow(field.old, field.new);
  }
  return undefined;
}

function heading(change: RecordingChange, unit: string, withKind = true): string {
  const at = change.kind === 'added'
    ? `#${change.newIndex! + 1}`
    : change.kind === 'removed'
    ? `#${change.oldIndex! + 1}`
    : change.oldIndex === undefined
    ? ''
    : change.oldIndex === change.newIndex
    ? `#${change.oldIndex + 1}`
    : `#${change.oldIndex + 1} → #${change.newIndex! + 1}`;
  return (withKind
    ? `${unit} ${at} ${change.kind}: ${change.label}`
    : `${unit} ${at} · ${change.label}`)
    .replace(/ {2,}/g, ' ');
}

function tally(diff: RecordingDiff): string {
  const count = (kind: RecordingChange['kind']) =>
    diff.changes.filter((c) => c.kind === kind).length;
  return `${count('changed')} changed, ${count('added')} added, ${count('removed')} removed`;
}

/**
 * The difference as text for a terminal or a git diff driver: one block per
 * change, and in a changed unit each field with its changed window, removed
 * text as `[-…-]` and added text as `{+…+}`.
 */
export function formatRecordingDiff(diff: RecordingDiff): string {
  const lines = [
    `--- ${diff.old.name} (${diff.old.kind}, ${countOf(diff.old.units, diff.unit)})`,
    `+++ ${diff.new.name} (${diff.new.kind}, ${countOf(diff.new.units, diff.unit)})`,
  ];
  if (diff.changes.length === 0) {
    lines.push('No difference.');
    return `${lines.join('\n')}\n`;
  }
  lines.push(tally(diff), '');
  for (const change of diff.changes) {
    const sign = change.kind === 'added' ? '+' : change.kind === 'removed' ? '-' : '~';
    lines.push(`${sign} ${heading(change, diff.unit)}`);
    for (const field of change.fields) {
      const pieces = fieldPieces(field);
      lines.push(`    ${field.path || '(the whole value)'}:`);
      if (pieces === undefined) {
        lines.push(`      - ${shortJson(field.old)}`, `      + ${shortJson(field.new)}`);
      } else {
        const text = pieces.map((p) =>
          p.mark === 'added' ? `{+${p.text}+}` : p.mark === 'removed' ? `[-${p.text}-]` : p.text
        ).join('');
        lines.push(...text.split('\n').map((line) => `      ${line}`));
      }
    }
    if (change.fieldCount > change.fields.length) {
      lines.push(`    … and ${change.fieldCount - change.fields.length} more differing fields`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function fieldHtml(field: FieldChange): string {
  const pieces = fieldPieces(field);
  const body = pieces === undefined
    ? `<pre class="text"><del>${escapeHtml(shortJson(field.old))}</del>\n<ins>${
      escapeHtml(shortJson(field.new))
    }</ins></pre>`
    : `<pre class="text">${
      pieces.map((p) =>
        p.mark === 'added'
          ? `<ins>${escapeHtml(p.text)}</ins>`
          : p.mark === 'removed'
          ? `<del>${escapeHtml(p.text)}</del>`
          : escapeHtml(p.text)
      ).join('')
    }</pre>`;
  return `<div class="field"><div class="path">${
    escapeHtml(field.path || '(the whole value)')
  }</div>${body}</div>`;
}

function moreHtml(shown: number, count: number): string {
  return count > shown
    ? `<div class="muted">… and ${count - shown} more differing fields</div>`
    : '';
}

/** The difference as a self-contained HTML page. */
export async function renderRecordingDiffPage(diff: RecordingDiff): Promise<string> {
  const sections = diff.changes.map((change, index) =>
    `<section class="turn change ${change.kind}" id="c${index}" tabindex="-1"><header><span class="n">${
      escapeHtml(change.kind)
    }</span> <span class="model">${escapeHtml(heading(change, diff.unit, false))}</span></header>${
      change.fields.map(fieldHtml).join('')
    }${moreHtml(change.fields.length, change.fieldCount)}</section>`
  );
  const title = `${diff.old.name} → ${diff.new.name}`;
  const summary = diff.changes.length === 0 ? 'No difference.' : tally(diff);
  return await page({
    title: `${title} · scripted-agents diff`,
    body: `${bar(title, 'j/k: next/previous · /: search')}<main><p class="summary">${
      escapeHtml(`${summary} (${countOf(diff.old.units, diff.unit)} → ${diff.new.units})`)
    }</p>${sections.join('\n')}</main>`,
    style: STYLE,
    script: SCRIPT,
    data: { files: [] },
  });
}

/** What {@linkcode renderFailurePage} shows. */
export interface FailurePage {
  /** The page title, e.g. `CassetteMissError: model call #3`. */
  title: string;
  /** The error message, shown first. */
  message: string;
  /** What was expected (the recording), and what happened. */
  expected: unknown;
  actual: unknown;
}

/**
 * A failure as a self-contained HTML page: its message, then each field where
 * the actual value differs from the expected one with the changed window of
 * its text. Credentials are redacted.
 */
export async function renderFailurePage(failure: FailurePage): Promise<string> {
  const [message, expected, actual] = redactCredentials([
    failure.message,
    JSON.parse(JSON.stringify(failure.expected ?? null)),
    JSON.parse(JSON.stringify(failure.actual ?? null)),
  ]) as [string, JsonValue, JsonValue];
  const { differences, count } = jsonDifferences(expected, actual, { root: '', limit: 50 });
  const fields = differences.map((d) =>
    fieldHtml({ path: d.path.replace(/^\./, ''), old: d.recorded, new: d.actual })
  );
  return await page({
    title: `${failure.title} · scripted-agents`,
    body: `${
      bar(failure.title, '/: search')
    }<main><section class="turn change changed" tabindex="-1"><header><span class="n">failure</span></header><pre class="text">${
      escapeHtml(message)
    }</pre></section><section class="turn change changed" tabindex="-1"><header><span class="n">difference</span> <span class="model">${
      escapeHtml(`${countOf(count, 'differing field')} (recorded → now)`)
    }</span></header>${fields.join('')}${moreHtml(differences.length, count)}</section></main>`,
    style: STYLE,
    script: SCRIPT,
    data: { files: [] },
  });
}

/**
 * Editable TypeScript for a cassette: a module exporting `model` (one
 * `ScriptedModel`) when it holds one model, else `provider`, a
 * `ScriptedModelProvider` with one route per model.
 */
export function recordingToTypeScript(recording: Recording): string {
  if (recording.kind !== 'cassette') {
    throw new TypeError(`${recording.name} is a ${recording.kind}; to-ts converts cassettes.`);
  }
  const models = new Set(recording.interactions.map((i) => i.model));
  return models.size <= 1
    ? printScriptedModel(recording.interactions)
    : printScriptedProvider(recording.interactions);
}
