/**
 * Prints recorded interactions as the TypeScript source of a `ScriptedModel`,
 * using the readable builders (`assistantMessage`, `functionCall`,
 * `modelResponse`, `modelError`) where an item fits them exactly and a literal
 * everywhere else, so the script answers exactly as the recording did.
 *
 * @module
 */

import { responseFromEvents } from './_serialize.ts';
import type { CassetteInteraction, JsonObject, JsonValue } from './cassette_types.ts';
import { imports, literal, printItem } from '../_internal/typescript_items.ts';

function printResponse(response: {
  output: JsonValue[];
  usage: JsonObject;
  responseId?: string;
  requestId?: string;
  providerData?: JsonObject;
}): string {
  const lines = ['  modelResponse({', '    output: ['];
  for (const item of response.output) lines.push(`      ${printItem(item)},`);
  lines.push('    ],');
  lines.push(`    usage: new Usage(${literal(response.usage)}),`);
  if (response.responseId !== undefined) {
    lines.push(`    responseId: ${literal(response.responseId)},`);
  }
  if (response.requestId !== undefined) {
    lines.push(`    requestId: ${literal(response.requestId)},`);
  }
  if (response.providerData !== undefined) {
    lines.push(`    providerData: ${literal(response.providerData)},`);
  }
  lines.push('  }),');
  return lines.join('\n');
}

/** What printing one interaction's step gives: its source and the builders it names. */
interface PrintedStep {
  /** The comment line naming the call. */
  comment: string;
  /** The step expression, indented by two spaces, with its trailing comma. */
  source: string;
  used: string[];
  needsUsage: boolean;
}

function printInteraction(interaction: CassetteInteraction, index: number): PrintedStep {
  const comment = `  // Call #${index + 1}${interaction.streamed ? ' (recorded streamed)' : ''}`;
  const response = interaction.response ??
    (interaction.events && responseFromEvents(interaction.events));
  if (response !== undefined) {
    const printed = printResponse(response);
    const used = ['modelResponse'];
    for (const name of ['assistantMessage', 'functionCall']) {
      if (printed.includes(`${name}(`)) used.push(name);
    }
    return { comment, source: printed, used, needsUsage: true };
  }
  const error = interaction.error;
  if (error === undefined) {
    return {
      comment,
      source: `  modelStream(${literal(interaction.events ?? [])}),`,
      used: ['modelStream'],
      needsUsage: false,
    };
  }
  const fields: JsonObject = { ...error.fields, name: error.name };
  if (error.status !== undefined) fields.status = error.status;
  const headers = error.headers === undefined
    ? ''
    : `, headers: new Headers(${literal(error.headers)})`;
  const advice = error.retryAdvice === undefined ? '' : `, ${literal(error.retryAdvice)}`;
  return {
    comment: `${comment}: ${error.className}`,
    source: `  modelError(Object.assign(new Error(${literal(error.message)}), { ...${
      literal(fields)
    }${headers} })${advice}),`,
    used: ['modelError'],
    needsUsage: false,
  };
}

/**
 * One interaction as a `ScriptedModel` step to paste into a script: the
 * output items as an array (`[functionCall(...)]`) unless the response carries
 * provider data, else the `modelResponse(...)` or `modelError(...)` step.
 */
export function printStep(interaction: CassetteInteraction): string {
  const response = interaction.response ??
    (interaction.events && responseFromEvents(interaction.events));
  // The ids a ScriptedModel makes up itself; provider data it cannot.
  if (response !== undefined && response.providerData === undefined) {
    return `[${response.output.map(printItem).join(', ')}]`;
  }
  return printInteraction(interaction, 0).source.trim().replace(/,$/, '');
}

/** The steps of a `ScriptedModel` for `interactions`, and what they use. */
function printSteps(
  interactions: readonly CassetteInteraction[],
  used: Set<string>,
  indent: string,
): { lines: string[]; needsUsage: boolean } {
  let needsUsage = false;
  const lines: string[] = [];
  interactions.forEach((interaction, index) => {
    const step = printInteraction(interaction, index);
    for (const name of step.used) used.add(name);
    needsUsage ||= step.needsUsage;
    const text = `${step.comment}\n${step.source}`;
    lines.push(indent === '' ? text : text.replace(/^/gm, indent));
  });
  return { lines, needsUsage };
}

/** The source of a module exporting `model`, a `ScriptedModel` with one step per interaction. */
export function printScriptedModel(interactions: readonly CassetteInteraction[]): string {
  const used = new Set<string>(['ScriptedModel']);
  const { lines, needsUsage } = printSteps(interactions, used, '');
  return [
    ...imports(used, needsUsage),
    '',
    'export const model = new ScriptedModel([',
    ...lines,
    ']);',
    '',
  ].join('\n');
}

/**
 * The source of a module exporting `provider`, a `ScriptedModelProvider` with
 * one route per model name, each a `ScriptedModel` of that model's
 * interactions in recording order.
 */
export function printScriptedProvider(interactions: readonly CassetteInteraction[]): string {
  const used = new Set<string>(['ScriptedModel', 'ScriptedModelProvider']);
  const byModel = new Map<string, CassetteInteraction[]>();
  for (const interaction of interactions) {
    const list = byModel.get(interaction.model) ?? [];
    list.push(interaction);
    byModel.set(interaction.model, list);
  }
  let needsUsage = false;
  const routes: string[] = [];
  let fallback: string[] = [];
  for (const [name, list] of byModel) {
    // The default model ('') is what an agent without a model name gets: the fallback.
    const steps = printSteps(list, used, name === '' ? '  ' : '    ');
    needsUsage ||= steps.needsUsage;
    if (name === '') fallback = ['  fallback: new ScriptedModel([', ...steps.lines, '  ]),'];
    else routes.push(`    ${literal(name)}: new ScriptedModel([`, ...steps.lines, '    ]),');
  }
  return [
    ...imports(used, needsUsage),
    '',
    'export const provider = new ScriptedModelProvider({',
    '  models: {',
    ...routes,
    '  },',
    ...fallback,
    '});',
    '',
  ].join('\n');
}
