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

const literal = (value: unknown): string => JSON.stringify(value);

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function onlyKeys(value: JsonObject, allowed: readonly string[]): boolean {
  return Object.keys(value).every((key) => allowed.includes(key));
}

/** `assistantMessage(...)` when the item is exactly what it builds. */
function printAssistantMessage(item: JsonObject): string | undefined {
  if (item.type !== 'message' || item.role !== 'assistant' || item.status !== 'completed') {
    return undefined;
  }
  if (!onlyKeys(item, ['type', 'role', 'status', 'id', 'phase', 'content', 'providerData'])) {
    return undefined;
  }
  const content = item.content;
  if (!Array.isArray(content) || content.length !== 1) return undefined;
  const [part] = content;
  if (!isObject(part) || part.type !== 'output_text' || typeof part.text !== 'string') {
    return undefined;
  }
  if (!onlyKeys(part, ['type', 'text'])) return undefined;
  const options: string[] = [];
  if (typeof item.id === 'string') options.push(`id: ${literal(item.id)}`);
  if (typeof item.phase === 'string') options.push(`phase: ${literal(item.phase)}`);
  if (isObject(item.providerData)) options.push(`providerData: ${literal(item.providerData)}`);
  return `assistantMessage(${literal(part.text)}${
    options.length > 0 ? `, { ${options.join(', ')} }` : ''
  })`;
}

/** `functionCall(...)` when the item is exactly what it builds. */
function printFunctionCall(item: JsonObject): string | undefined {
  if (item.type !== 'function_call' || item.status !== 'completed') return undefined;
  const allowed = ['type', 'name', 'callId', 'id', 'namespace', 'status', 'arguments'];
  if (!onlyKeys(item, [...allowed, 'providerData'])) return undefined;
  const { name, callId, arguments: args } = item;
  if (typeof name !== 'string' || typeof callId !== 'string' || typeof args !== 'string') {
    return undefined;
  }
  let argsSource = literal(args);
  try {
    const parsed = JSON.parse(args);
    if (isObject(parsed) && JSON.stringify(parsed) === args) argsSource = literal(parsed);
  } catch {
    // Not JSON: keep the string as is.
  }
  const options = [`callId: ${literal(callId)}`];
  if (typeof item.id === 'string' && item.id !== callId) options.push(`id: ${literal(item.id)}`);
  if (typeof item.namespace === 'string') options.push(`namespace: ${literal(item.namespace)}`);
  if (isObject(item.providerData)) options.push(`providerData: ${literal(item.providerData)}`);
  return `functionCall(${literal(name)}, ${argsSource}, { ${options.join(', ')} })`;
}

function printItem(item: JsonValue): string {
  return (isObject(item) && (printAssistantMessage(item) ?? printFunctionCall(item))) ||
    literal(item);
}

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

/** The source of a module exporting `model`, a `ScriptedModel` with one step per interaction. */
export function printScriptedModel(interactions: readonly CassetteInteraction[]): string {
  const used = new Set<string>(['ScriptedModel']);
  const steps: string[] = [];
  let needsUsage = false;
  interactions.forEach((interaction, index) => {
    const comment = `  // Call #${index + 1}${interaction.streamed ? ' (recorded streamed)' : ''}`;
    const response = interaction.response ??
      (interaction.events && responseFromEvents(interaction.events));
    if (response !== undefined) {
      const printed = printResponse(response);
      for (const name of ['assistantMessage', 'functionCall']) {
        if (printed.includes(`${name}(`)) used.add(name);
      }
      used.add('modelResponse');
      needsUsage = true;
      steps.push(`${comment}\n${printed}`);
      return;
    }
    const error = interaction.error;
    if (error === undefined) {
      used.add('modelStream');
      steps.push(`${comment}\n  modelStream(${literal(interaction.events ?? [])}),`);
      return;
    }
    used.add('modelError');
    const fields: JsonObject = { ...error.fields, name: error.name };
    if (error.status !== undefined) fields.status = error.status;
    const headers = error.headers === undefined
      ? ''
      : `, headers: new Headers(${literal(error.headers)})`;
    const advice = error.retryAdvice === undefined ? '' : `, ${literal(error.retryAdvice)}`;
    steps.push(
      `${comment}: ${error.className}\n  modelError(Object.assign(new Error(${
        literal(error.message)
      }), { ...${literal(fields)}${headers} })${advice}),`,
    );
  });
  const names = [...used].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  return [
    ...(needsUsage ? ["import { Usage } from '@openai/agents';"] : []),
    `import { ${names.join(', ')} } from 'scripted-agents/testing';`,
    '',
    'export const model = new ScriptedModel([',
    ...steps,
    ']);',
    '',
  ].join('\n');
}
