/**
 * Prints model output items as the TypeScript source of `ScriptedModel`
 * steps, using the readable builders (`assistantMessage`, `functionCall`)
 * where an item fits them exactly and a literal everywhere else. Shared by
 * the cassette's `to-ts` printer and the explorer's shrunk scripts, so both
 * print an item the same way.
 *
 * @module
 */

/** A JSON value as the printer reads it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | {
  [key: string]: JsonValue;
};
/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

export const literal = (value: unknown): string => JSON.stringify(value);

export const isObject = (value: unknown): value is JsonObject =>
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

export function printItem(item: JsonValue): string {
  return (isObject(item) && (printAssistantMessage(item) ?? printFunctionCall(item))) ||
    literal(item);
}

/** The import lines of a printed module: `Usage` when needed, then the builders used, sorted. */
export function imports(used: Set<string>, needsUsage: boolean): string[] {
  const names = [...used].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  return [
    ...(needsUsage ? ["import { Usage } from '@openai/agents';"] : []),
    `import { ${names.join(', ')} } from 'scripted-agents/testing';`,
  ];
}
