/**
 * A cassette as viewer HTML: each recorded interaction is one agent turn with
 * its model, instructions (collapsed; the words changed since the previous
 * turn marked), the input items the turn added, the tool calls with their
 * arguments and the results later turns sent back, the answer, usage, errors
 * and provenance. Stream events and the `ScriptedModel` step of a turn go into
 * the page's data, shown on demand by the page script.
 *
 * @module
 */

import { diffWordsWithSpace } from 'diff';
import { storedInteractions } from './_delta.ts';
import { printStep } from './_typescript.ts';
import { responseFromEvents } from './_serialize.ts';
import { escapeHtml } from './_view_page.ts';
import type {
  CassetteInteraction,
  CassetteResponse,
  JsonObject,
  JsonValue,
} from './cassette_types.ts';

/** What the page script reads for one turn. */
export interface TurnData {
  /** The recorded stream events, or `null` for a non-streamed call. */
  events: JsonValue[] | null;
  /** The turn as a `ScriptedModel` step. */
  step: string;
}

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Pretty JSON, as escaped HTML. */
export function jsonBlock(value: unknown, className = 'json'): string {
  return `<pre class="${className}">${
    escapeHtml(JSON.stringify(value, null, 2) ?? 'undefined')
  }</pre>`;
}

/** The text of a message's content: a string, or its text parts joined. */
function contentText(content: JsonValue | undefined): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts: string[] = [];
  for (const part of content) {
    if (!isObject(part)) return undefined;
    if (typeof part.text === 'string') texts.push(part.text);
    else if (typeof part.refusal === 'string') texts.push(`(refusal) ${part.refusal}`);
    else return undefined;
  }
  return texts.join('\n');
}

/** A tool output as text when it is text, else `undefined`. */
function outputText(output: JsonValue | undefined): string | undefined {
  if (typeof output === 'string') return output;
  if (isObject(output) && output.type === 'text' && typeof output.text === 'string') {
    return output.text;
  }
  return contentText(output);
}

/** Arguments of a call, pretty when they are JSON text. */
function argumentsBlock(args: JsonValue | undefined): string {
  if (typeof args === 'string') {
    try {
      return jsonBlock(JSON.parse(args), 'args');
    } catch {
      return `<pre class="args">${escapeHtml(args)}</pre>`;
    }
  }
  return jsonBlock(args, 'args');
}

function textBlock(text: string, className: string): string {
  return `<pre class="${className}">${escapeHtml(text)}</pre>`;
}

/** One item of an input or an output. */
function itemHtml(item: JsonValue, results: Map<string, JsonValue>): string {
  if (!isObject(item)) return `<div class="item">${jsonBlock(item)}</div>`;
  const type = typeof item.type === 'string' ? item.type : 'message';
  if (type === 'message' || (item.type === undefined && typeof item.role === 'string')) {
    const role = typeof item.role === 'string' ? item.role : 'message';
    const text = contentText(item.content);
    const body = text === undefined ? jsonBlock(item.content) : textBlock(text, 'text');
    const kind = role === 'assistant' ? 'answer' : 'message';
    return `<div class="item ${kind}" data-role="${escapeHtml(role)}"><div class="label">${
      escapeHtml(role)
    }</div>${body}</div>`;
  }
  if (type === 'function_call') {
    const name = typeof item.name === 'string' ? item.name : '?';
    const callId = typeof item.callId === 'string' ? item.callId : undefined;
    const result = callId === undefined ? undefined : results.get(callId);
    const resultHtml = result === undefined
      ? ''
      : `<div class="result"><div class="label">result</div>${
        outputText(result) === undefined
          ? jsonBlock(result)
          : textBlock(outputText(result)!, 'text')
      }</div>`;
    return `<div class="item call"><div class="label">tool call <span class="tool">${
      escapeHtml(name)
    }</span>${callId === undefined ? '' : ` <span class="id">${escapeHtml(callId)}</span>`}</div>${
      argumentsBlock(item.arguments)
    }${resultHtml}</div>`;
  }
  if (type === 'function_call_result') {
    const text = outputText(item.output);
    const callId = typeof item.callId === 'string'
      ? ` <span class="id">${escapeHtml(item.callId)}</span>`
      : '';
    const name = typeof item.name === 'string'
      ? ` <span class="tool">${escapeHtml(item.name)}</span>`
      : '';
    return `<div class="item tool-result"><div class="label">tool result${name}${callId}</div>${
      text === undefined ? jsonBlock(item.output) : textBlock(text, 'text')
    }</div>`;
  }
  return `<div class="item other"><div class="label">${escapeHtml(type)}</div>${
    jsonBlock(item)
  }</div>`;
}

/** The instructions, with the words changed since `previous` marked. */
function instructionsHtml(
  current: string | undefined,
  previous: string | undefined,
  previousTurn: number | undefined,
  shared: { file: number; texts: string[]; index: Map<string, number> },
): string {
  if (current === undefined) return '';
  if (previous === current) {
    // Unchanged instructions are written once, in the data; a long system prompt
    // repeated in every turn would make a long cassette's page grow by its size each turn.
    let text = shared.index.get(current);
    if (text === undefined) {
      text = shared.texts.push(current) - 1;
      shared.index.set(current, text);
    }
    return `<details class="instructions" data-file="${shared.file}" data-text="${text}"><summary>Instructions <span class="same">unchanged since #${
      previousTurn! + 1
    }</span></summary><pre class="text"></pre></details>`;
  }
  if (previous === undefined) {
    return `<details class="instructions"><summary>Instructions</summary>${
      textBlock(current, 'text')
    }</details>`;
  }
  const parts = diffWordsWithSpace(previous, current).map((change) =>
    change.added
      ? `<ins>${escapeHtml(change.value)}</ins>`
      : change.removed
      ? `<del>${escapeHtml(change.value)}</del>`
      : escapeHtml(change.value)
  );
  return `<details class="instructions changed"><summary>Instructions <span class="changed-badge">changed since #${
    previousTurn! + 1
  }</span></summary><pre class="text">${parts.join('')}</pre></details>`;
}

function usageHtml(usage: JsonObject | undefined): string {
  if (usage === undefined) return '';
  const fields: string[] = [];
  for (
    const [key, label] of [['inputTokens', 'in'], ['outputTokens', 'out'], [
      'totalTokens',
      'total',
    ]] as const
  ) {
    if (typeof usage[key] === 'number') fields.push(`${label} ${usage[key]}`);
  }
  return fields.length === 0 ? '' : `<span class="usage">${escapeHtml(fields.join(' · '))}</span>`;
}

function provenanceHtml(interaction: CassetteInteraction): string {
  const recorded = (interaction as { recorded?: JsonValue }).recorded;
  if (!isObject(recorded)) return '';
  const parts: string[] = [];
  if (typeof recorded.at === 'string') parts.push(`recorded ${recorded.at}`);
  if (typeof recorded.sdk === 'string') parts.push(`SDK ${recorded.sdk}`);
  if (typeof recorded.package === 'string') parts.push(`scripted-agents ${recorded.package}`);
  return parts.length === 0 ? '' : `<div class="provenance">${escapeHtml(parts.join(' · '))}</div>`;
}

/** Every tool output sent back in any input, by call id. */
function toolResults(interactions: readonly CassetteInteraction[]): Map<string, JsonValue> {
  const results = new Map<string, JsonValue>();
  for (const { request } of interactions) {
    if (!Array.isArray(request.input)) continue;
    for (const item of request.input) {
      if (
        isObject(item) && item.type === 'function_call_result' && typeof item.callId === 'string'
      ) {
        if (!results.has(item.callId)) results.set(item.callId, item.output ?? null);
      }
    }
  }
  return results;
}

/** Input items show no results: the result items follow them in the same input. */
const noResults = new Map<string, JsonValue>();

/** The HTML of a cassette's turns and the data its page script needs. */
export function cassetteHtml(
  interactions: readonly CassetteInteraction[],
  file: number,
): { html: string; turns: TurnData[]; texts: string[] } {
  const shared = { file, texts: [] as string[], index: new Map<string, number>() };
  const stored = storedInteractions(interactions);
  const results = toolResults(interactions);
  const turns: TurnData[] = [];
  const sections: string[] = [];
  let previousInstructions: string | undefined;
  let previousTurn: number | undefined;
  interactions.forEach((interaction, index) => {
    const request = interaction.request;
    const storedRequest = stored[index].request;
    const response: CassetteResponse | undefined = interaction.response ??
      (interaction.events && responseFromEvents(interaction.events));
    let step: string;
    try {
      step = printStep(interaction);
    } catch {
      step = '// This interaction cannot be printed as a step.';
    }
    turns.push({ events: interaction.events ?? null, step });
    const turnId = `f${file}-t${index}`;
    const agent = interaction.agent === undefined
      ? ''
      : ` <span class="agent" title="the agent this call served">${
        escapeHtml(interaction.agent)
      }</span>`;
    const header = `<header><a class="n" href="#${turnId}">#${
      index + 1
    }</a>${agent} <span class="model">${
      escapeHtml(interaction.model === '' ? '(default model)' : interaction.model)
    }</span>${interaction.streamed ? ' <span class="badge">streamed</span>' : ''}${
      interaction.error === undefined ? '' : ' <span class="badge error-badge">error</span>'
    } ${
      usageHtml(response?.usage)
    }<button type="button" class="copy" data-file="${file}" data-turn="${index}">Copy as step</button></header>`;
    const instructions = instructionsHtml(
      request.systemInstructions,
      previousInstructions,
      previousTurn,
      shared,
    );
    if (request.systemInstructions !== undefined) {
      previousInstructions = request.systemInstructions;
      previousTurn = index;
    }
    let input: string;
    if (typeof request.input === 'string') {
      input = `<div class="input"><h4>Input</h4>${
        itemHtml({ type: 'message', role: 'user', content: request.input }, noResults)
      }</div>`;
    } else if (storedRequest.inputFrom !== undefined) {
      const added = storedRequest.inputAppend ?? [];
      input = `<div class="input"><h4>New input <span class="muted">(after the input of #${
        storedRequest.inputFrom + 1
      }, ${added.length} new item${added.length === 1 ? '' : 's'})</span></h4>${
        added.map((item) => itemHtml(item, noResults)).join('')
      }</div>`;
    } else {
      input = `<div class="input"><h4>Input <span class="muted">(${request.input.length} item${
        request.input.length === 1 ? '' : 's'
      })</span></h4>${request.input.map((item) => itemHtml(item, noResults)).join('')}</div>`;
    }
    const output = response === undefined
      ? ''
      : `<div class="output"><h4>Output</h4>${
        response.output.map((item) => itemHtml(item, results)).join('')
      }</div>`;
    const error = interaction.error === undefined
      ? ''
      : `<div class="error"><div class="label">error ${escapeHtml(interaction.error.className)}${
        interaction.error.status === undefined ? '' : ` ${interaction.error.status}`
      }</div>${textBlock(interaction.error.message, 'text')}</div>`;
    const tools = request.tools.length === 0 ? '' : `<div class="tools muted">tools: ${
      escapeHtml(
        request.tools.map((t) => (isObject(t) && typeof t.name === 'string' ? t.name : '?')).join(
          ', ',
        ),
      )
    }</div>`;
    const events = interaction.events === undefined
      ? ''
      : `<details class="events" data-file="${file}" data-turn="${index}"><summary>Stream events (${interaction.events.length})</summary><pre class="json"></pre></details>`;
    const stepHtml =
      `<details class="step" data-file="${file}" data-turn="${index}"><summary>ScriptedModel step</summary><pre class="code"></pre></details>`;
    sections.push(
      `<section class="turn" id="${turnId}" tabindex="-1">${header}${
        provenanceHtml(interaction)
      }${instructions}${tools}${input}${output}${error}${events}${stepHtml}</section>`,
    );
  });
  return { html: sections.join('\n'), turns, texts: shared.texts };
}
