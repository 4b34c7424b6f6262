/**
 * The check of scripted answers against the request they answer: what a real
 * model could give. A real model is held to the tools, handoffs and output
 * schema the request lists (strict function calling, structured outputs), so
 * a scripted item outside them is a script that drifted from the workflow.
 *
 * The check rejects only what the request proves wrong. A zod tool's wire
 * schema is strict: every property is listed as `required`, `.optional()`
 * becomes required-and-nullable and `.default()` a plain required property,
 * so in a strict schema `required` proves nothing and a missing property is
 * left to the tool. What only the tool can judge is looked at after the call
 * (`tool_outcome.ts`): a scripted call whose tool then failed is reported by
 * the next call whose input carries the failure (`tool_failed`, or
 * `missing_property` when the call left out a required, non-nullable
 * property), and so is a call scripted with `expectToolError` whose tool
 * succeeded (`expected_tool_error`).
 *
 * Schemas are judged by the package's one schema checker (`schema_check.ts`);
 * what is derived from a schema or a tool list is cached on that object, so a
 * tool loop pays for it once.
 *
 * @module
 */

import { nearestName } from './nearest_name.ts';
import { ordinal } from './format.ts';
import {
  checkSchemaValue,
  type JsonSchema,
  type RequiredRule,
  type SchemaViolation,
} from './schema_check.ts';
import {
  ScriptedOutputMismatchError,
  type ScriptedOutputMismatchReason,
} from './script_check_errors.ts';
import {
  type PendingToolCall,
  type ToolFailure,
  type ToolOutcome,
  ToolOutcomeBook,
} from './tool_outcome.ts';

/** One thing wrong with one scripted output item. */
export interface ItemMismatch {
  /** The zero-based position of the item in the output. */
  readonly itemIndex: number;
  readonly reason: ScriptedOutputMismatchReason;
  readonly toolName: string | undefined;
  readonly path: string | undefined;
  readonly expected: string;
  readonly actual: unknown;
  readonly available: readonly string[] | undefined;
  /** What is wrong, as the middle of a message: `function_call "refund" …`. */
  readonly problem: string;
}

/** A tool (or handoff) a call can name, as far as the check needs it. */
interface Callable {
  /** The name a call uses, qualified for a namespaced tool (`billing.refund`). */
  readonly name: string;
  readonly kind: 'tool' | 'handoff';
  /** The parameters schema, or `undefined` when there is nothing to judge by. */
  readonly schema: JsonSchema | undefined;
  /** Which listed properties a call must give (a strict schema proves none). */
  readonly required: RequiredRule;
}

/** What a request offers, read once per distinct tool list. */
export interface Offer {
  /** Function tools by call name (bare and qualified) and handoffs by tool name. */
  readonly callables: ReadonlyMap<string, Callable>;
  /** The names a call may use, in the request's order, for messages. */
  readonly names: readonly string[];
  /** The built-in and hosted tool kinds offered (`computer`, `web_search`, `mcp:<label>`…). */
  readonly kinds: ReadonlySet<string>;
  /** Whether the request lists anything a call can be judged against. */
  readonly judges: boolean;
  /** Whether tools the request does not list may still exist (tool search, a prompt's tools). */
  readonly open: boolean;
}

type Loose = Readonly<Record<string, unknown>>;

/** The parts of a model request the check reads. */
export interface CheckedRequest {
  readonly tools?: readonly unknown[];
  readonly handoffs?: readonly unknown[];
  readonly outputType?: unknown;
  readonly prompt?: unknown;
}

const offers = new WeakMap<object, WeakMap<object, Offer>>();
const NO_HANDOFFS: readonly unknown[] = Object.freeze([]);

/** What `request` offers; cached on its tool and handoff lists. */
export function offerOf(request: CheckedRequest): Offer {
  const tools = request.tools ?? [];
  const handoffs = request.handoffs ?? NO_HANDOFFS;
  let byHandoffs = offers.get(tools);
  if (byHandoffs === undefined) offers.set(tools, byHandoffs = new WeakMap());
  let offer = byHandoffs.get(handoffs);
  if (offer === undefined) {
    offer = readOffer(tools, handoffs, request.prompt !== undefined);
    byHandoffs.set(handoffs, offer);
  }
  return offer;
}

function readOffer(
  tools: readonly unknown[],
  handoffs: readonly unknown[],
  prompted: boolean,
): Offer {
  const callables = new Map<string, Callable>();
  const names: string[] = [];
  const kinds = new Set<string>();
  let open = prompted;
  const add = (callable: Callable, alias?: string) => {
    if (!callables.has(callable.name)) names.push(callable.name);
    callables.set(callable.name, callable);
    // A namespaced tool is also reachable by its bare name for the lookup (the
    // SDK's own lookup decides between them), never in the list of names.
    if (alias !== undefined && !callables.has(alias)) callables.set(alias, callable);
  };
  for (const raw of tools) {
    if (!isLoose(raw)) continue;
    const type = raw.type;
    if (type === 'function' && typeof raw.name === 'string') {
      const namespace = typeof raw.namespace === 'string' && raw.namespace !== ''
        ? raw.namespace
        : undefined;
      const qualified = namespace === undefined || namespace === raw.name
        ? raw.name
        : `${namespace}.${raw.name}`;
      add({
        name: qualified,
        kind: 'tool',
        schema: judgedSchema(raw.parameters),
        required: raw.strict === false ? 'proven' : 'none',
      }, qualified === raw.name ? undefined : raw.name);
    } else if (type === 'hosted_tool') {
      const data = isLoose(raw.providerData) ? raw.providerData : {};
      const hosted = typeof data.type === 'string' ? data.type : String(raw.name);
      kinds.add(hosted);
      if (hosted === 'mcp') kinds.add(`mcp:${String(data.server_label)}`);
      if (hosted === 'tool_search') open = true;
    } else if (typeof type === 'string') {
      kinds.add(type);
    }
  }
  for (const raw of handoffs) {
    if (!isLoose(raw) || typeof raw.toolName !== 'string') continue;
    add({
      name: raw.toolName,
      kind: 'handoff',
      schema: judgedSchema(raw.inputJsonSchema),
      required: raw.strictJsonSchema === false ? 'proven' : 'none',
    });
  }
  return { callables, names, kinds, judges: tools.length > 0 || handoffs.length > 0, open };
}

const judged = new WeakMap<object, JsonSchema | null>();

/**
 * The schema to judge arguments by, or `undefined` when it constrains
 * nothing (absent, `{}`, or an object schema without properties that allows
 * any property, like a handoff without `inputType`, whose input the SDK
 * ignores).
 */
function judgedSchema(schema: unknown): JsonSchema | undefined {
  if (!isLoose(schema)) return undefined;
  let cached = judged.get(schema);
  if (cached === undefined) {
    const properties = isLoose(schema.properties) ? Object.keys(schema.properties) : [];
    const constrains = Object.keys(schema).some((key) =>
      !['$schema', 'title', 'description', 'type', 'properties', 'required'].includes(key) &&
      !(key === 'additionalProperties' && properties.length === 0)
    ) || properties.length > 0 || (schema.type !== undefined && schema.type !== 'object');
    cached = constrains ? schema : null;
    judged.set(schema, cached);
  }
  return cached ?? undefined;
}

/** Options of {@linkcode checkOutput}. */
export interface CheckOutputOptions {
  /** Item positions the script marked as wrong on purpose. */
  readonly skip?: ReadonlySet<number>;
  /** The double's name, as messages start with it (`ScriptedModel`). */
  readonly double?: string;
}

/**
 * The first item of `output` that no real model could give for `request`, or
 * `undefined` when every item fits.
 */
export function checkOutput(
  request: CheckedRequest,
  output: readonly unknown[],
  options: CheckOutputOptions = {},
): ItemMismatch | undefined {
  const offer = offerOf(request);
  let calls = false;
  for (let index = 0; index < output.length; index++) {
    const item = output[index];
    if (!isLoose(item)) continue;
    if (CALL_TYPES.has(String(item.type))) calls = true;
    if (options.skip?.has(index)) continue;
    const found = item.type === 'function_call'
      ? checkFunctionCall(offer, item, index)
      : checkBuiltInCall(offer, item, index);
    if (found !== undefined) return found;
  }
  if (calls || options.skip?.size) return undefined;
  return checkFinalOutput(request.outputType, output);
}

/** Item types that make the runner run again rather than end the turn. */
const CALL_TYPES = new Set([
  'function_call',
  'computer_call',
  'shell_call',
  'apply_patch_call',
  'tool_search_call',
  'program',
]);

/**
 * A function call: its name must be a tool or handoff the request offers,
 * its arguments JSON that the tool's schema accepts.
 */
export function checkFunctionCall(
  offer: Offer,
  item: Loose,
  itemIndex: number,
): ItemMismatch | undefined {
  const name = callName(item);
  const callable = offer.callables.get(name) ??
    (typeof item.namespace === 'string' && item.namespace === item.name
      ? offer.callables.get(String(item.name))
      : undefined);
  if (callable === undefined) {
    if (!offer.judges || offer.open) return undefined;
    const nearest = nearestName(name, offer.names);
    return {
      itemIndex,
      reason: 'unknown_tool',
      toolName: name,
      path: undefined,
      expected: offer.names.length === 0
        ? 'no function call (the request offers no function tool or handoff)'
        : `one of ${offer.names.join(', ')}`,
      actual: name,
      available: offer.names,
      problem: `function_call names "${name}", which the request does not offer${
        nearest === undefined ? '' : ` (did you mean "${nearest}"?)`
      }; it offers ${offer.names.length === 0 ? 'none' : offer.names.join(', ')}.`,
    };
  }
  if (callable.schema === undefined) return undefined;
  const args = parseArguments(item.arguments);
  const label = callable.kind === 'handoff' ? 'handoff' : 'function_call';
  if (!args.ok) {
    return {
      itemIndex,
      reason: 'invalid_arguments',
      toolName: callable.name,
      path: '',
      expected: 'JSON arguments',
      actual: item.arguments,
      available: undefined,
      problem: `${label} "${callable.name}" has arguments that are not JSON (${args.error}): ${
        brief(item.arguments)
      }.`,
    };
  }
  const violation = checkSchemaValue(args.value, callable.schema, {
    required: callable.required,
    formats: true,
  });
  if (violation === undefined) return undefined;
  return {
    itemIndex,
    ...fromViolation('invalid_arguments', violation),
    toolName: callable.name,
    available: undefined,
    problem: `${label} "${callable.name}" has invalid arguments ${describeViolation(violation)}.`,
  };
}

/**
 * The property a call's arguments lack although the tool's schema lists it as
 * required and does not let it be null: a property only the tool can judge
 * (a zod `.default()` looks the same on the wire). `undefined` for complete
 * arguments, and for a call that leaves out a property the schema describes
 * as defaulted ("Defaults to true."): such a call relies on defaults, and a
 * failure of its tool proves nothing about the others it left out.
 */
export function missingProperty(
  offer: Offer,
  item: Loose,
): { readonly toolName: string; readonly path: string } | undefined {
  const callable = offer.callables.get(callName(item));
  if (callable === undefined || !isLoose(callable.schema) || callable.required !== 'none') {
    return undefined;
  }
  const schema = callable.schema;
  const args = parseArguments(item.arguments);
  if (!args.ok || !isLoose(args.value) || !Array.isArray(schema.required)) return undefined;
  const properties = isLoose(schema.properties) ? schema.properties : {};
  let missing: string | undefined;
  for (const entry of schema.required) {
    const name = String(entry);
    if (name in args.value) continue;
    const property = properties[name];
    if (
      isLoose(property) && typeof property.description === 'string' &&
      /\bdefault/i.test(property.description)
    ) {
      return undefined;
    }
    const nullable = property === undefined || property === true ||
      checkSchemaValue(null, property as JsonSchema, { required: 'none' }) === undefined;
    if (!nullable) missing ??= name;
  }
  return missing === undefined
    ? undefined
    : { toolName: callable.name, path: formatPath([missing]) };
}

/** The hosted and built-in tool a call item needs, by item type and name. */
function neededKind(item: Loose): string | undefined {
  switch (item.type) {
    case 'computer_call':
      return 'computer';
    case 'shell_call':
      return 'shell';
    case 'apply_patch_call':
      return 'apply_patch';
    // A model searches for tools, or writes a program, only when the request
    // offers the tool; a search's output, or a program's, comes with it.
    case 'tool_search_call':
    case 'tool_search_output':
      return 'tool_search';
    case 'program':
    case 'program_output':
      return 'programmatic_tool_calling';
    case 'hosted_tool_call': {
      const data = isLoose(item.providerData) ? item.providerData : {};
      const type = typeof data.type === 'string' ? data.type : String(item.name);
      if (HOSTED_KINDS[type] !== undefined) return HOSTED_KINDS[type];
      if (MCP_CALLS.has(type) || MCP_CALLS.has(String(item.name))) {
        return typeof data.server_label === 'string' ? `mcp:${data.server_label}` : 'mcp';
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Hosted calls by the tool they need. A code interpreter call is not here: the
 * SDK accepts one without the tool (it only checks its callers when the tool
 * is there), and scripts rely on that.
 */
const HOSTED_KINDS: Record<string, string> = {
  web_search_call: 'web_search',
  file_search_call: 'file_search',
  image_generation_call: 'image_generation',
};
const MCP_CALLS = new Set(['mcp_call', 'mcp_list_tools', 'mcp_approval_request']);

/** The tool kinds that also satisfy a needed kind (the preview web search). */
const ALSO: Record<string, readonly string[]> = {
  web_search: ['web_search_preview'],
  image_generation: ['image_generation_call'],
};

function checkBuiltInCall(offer: Offer, item: Loose, itemIndex: number): ItemMismatch | undefined {
  const kind = neededKind(item);
  if (kind === undefined || !offer.judges) return undefined;
  if (offer.kinds.has(kind) || ALSO[kind]?.some((other) => offer.kinds.has(other))) {
    return undefined;
  }
  const available = [...offer.kinds];
  const what = item.type === 'hosted_tool_call' ? String(item.name) : String(item.type);
  return {
    itemIndex,
    reason: 'unknown_tool',
    toolName: kind,
    path: undefined,
    expected: `a ${kind} tool in the request`,
    actual: what,
    available,
    problem: `${what} needs ${
      kind.startsWith('mcp:') ? `the hosted MCP server "${kind.slice(4)}"` : `the ${kind} tool`
    }, which the request does not offer; it offers ${
      available.length === 0 ? 'no built-in or hosted tool' : available.join(', ')
    }.`,
  };
}

/**
 * The final message of a response without calls, against a JSON-schema
 * output type. A missing property is left to the SDK's own check: a zod
 * output schema lists defaulted properties as required.
 */
function checkFinalOutput(
  outputType: unknown,
  output: readonly unknown[],
): ItemMismatch | undefined {
  if (!isLoose(outputType) || outputType.type !== 'json_schema') return undefined;
  const schema = judgedSchema(outputType.schema);
  if (schema === undefined) return undefined;
  const final = finalText(output);
  if (final === undefined) return undefined;
  const parsed = parseArguments(final.text);
  const name = typeof outputType.name === 'string' ? outputType.name : 'output';
  if (!parsed.ok) {
    return {
      itemIndex: final.itemIndex,
      reason: 'invalid_output',
      toolName: undefined,
      path: '',
      expected: 'JSON text',
      actual: final.text,
      available: undefined,
      problem: `the final message is not JSON for the output schema "${name}" (${parsed.error}): ${
        brief(final.text)
      }.`,
    };
  }
  const violation = checkSchemaValue(parsed.value, schema, { required: 'none', formats: true });
  if (violation === undefined) return undefined;
  return {
    itemIndex: final.itemIndex,
    ...fromViolation('invalid_output', violation),
    toolName: undefined,
    available: undefined,
    problem: `the final message does not fit the output schema "${name}" ${
      describeViolation(violation)
    }.`,
  };
}

/** The text the runner takes as the final output, and the message it comes from. */
function finalText(output: readonly unknown[]): { text: string; itemIndex: number } | undefined {
  let last: { text: string; itemIndex: number } | undefined;
  let joined = '';
  let segmented = false;
  let onlyMessages = true;
  output.forEach((item, itemIndex) => {
    if (!isLoose(item)) return;
    if (item.type === 'reasoning' || String(item.type).startsWith('tool_search')) {
      segmented = true;
      return;
    }
    if (item.type !== 'message') {
      onlyMessages = false;
      return;
    }
    const text = messageText(item);
    if (text === undefined) return;
    joined += text;
    last = { text, itemIndex };
  });
  if (last === undefined) return undefined;
  const text = segmented && onlyMessages ? joined : last.text;
  return text === '' ? undefined : { text, itemIndex: last.itemIndex };
}

function messageText(item: Loose): string | undefined {
  if (item.role !== 'assistant' || !Array.isArray(item.content)) return undefined;
  let text: string | undefined;
  for (const part of item.content) {
    if (isLoose(part) && part.type === 'output_text' && typeof part.text === 'string') {
      text = (text ?? '') + part.text;
    }
  }
  return text;
}

/** What {@linkcode followUpProblem} needs of a call that left out a property and failed. */
export interface FailedCall {
  readonly toolName: string;
  /** The property left out; `''` when unknown. */
  readonly path: string;
  /** The failure text the model got. */
  readonly result: string;
}

/** The message of a follow-up failure, for the double that reports it. */
export function followUpProblem(
  failed: FailedCall,
  callIndex: number,
  options: { readonly where?: string } = {},
): string {
  return `function_call "${failed.toolName}" left out ${
    failed.path === '' ? 'a property' : failed.path
  }, which the tool's schema lists as required and not nullable, and the tool failed (its result in the input of call ${
    ordinal(callIndex)
  }${options.where ?? ''}: ${brief(failed.result, 60)}).`;
}

function callName(item: Loose): string {
  const name = String(item.name);
  const namespace = item.namespace;
  return typeof namespace === 'string' && namespace !== '' && namespace !== name
    ? `${namespace}.${name}`
    : name;
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

function parseArguments(text: unknown): Parsed {
  if (typeof text !== 'string') return { ok: false, error: 'not a string' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function fromViolation(reason: ScriptedOutputMismatchReason, violation: SchemaViolation) {
  return {
    reason,
    path: formatPath(violation.valuePath),
    expected: violation.expected,
    actual: violation.actual,
  };
}

/** `at items[2].sku: expected string, got 5` */
function describeViolation(violation: SchemaViolation): string {
  const path = formatPath(violation.valuePath);
  const where = path === '' ? 'at the top level' : `at ${path}`;
  if (violation.missing) return `${where}: expected ${violation.expected}, but it is missing`;
  return `${where}: expected ${violation.expected}, got ${brief(violation.actual)}`;
}

/** `items[2].sku`, `["a b"]`, `''` for the root. */
export function formatPath(path: readonly (string | number)[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) text += text === '' ? key : `.${key}`;
    else text += `[${JSON.stringify(key)}]`;
  }
  return text;
}

/** A value as JSON, cut to `limit` characters; a cut string keeps its closing quote. */
export function brief(value: unknown, limit = 80): string {
  let text: string;
  try {
    text = value === undefined ? 'undefined' : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  if (text.length <= limit) return text;
  if (typeof value === 'string') {
    // Cut inside the quotes: `"An error occurred…"`, never a quote left open.
    let end = Math.min(value.length, limit);
    while (end > 0 && JSON.stringify(value.slice(0, end)).length + 1 > limit) end--;
    return `${JSON.stringify(value.slice(0, end)).slice(0, -1)}…"`;
  }
  return `${text.slice(0, limit - 1)}…`;
}

/** Items built with `validate: false` (`functionCall(…, { validate: false })`). */
const uncheckedItems = new WeakSet<object>();

/** Marks `item` as wrong on purpose: the check skips it wherever it is scripted. */
export function markUnchecked<T extends object>(item: T): T {
  uncheckedItems.add(item);
  return item;
}

/** Items built with `expectToolError: true` (`functionCall(…, { expectToolError: true })`). */
const failingItems = new WeakSet<object>();

/** Marks `item` as a call whose tool fails on purpose: its failure is not a mismatch, success is. */
export function markExpectToolError<T extends object>(item: T): T {
  failingItems.add(item);
  return item;
}

/**
 * How one scripted step is checked: at all, which of its items are skipped,
 * and which calls expect their tool to fail.
 */
export interface StepCheck {
  readonly validate: boolean;
  readonly skip: ReadonlySet<number>;
  readonly expectError: ReadonlySet<number>;
}

const NO_SKIP: ReadonlySet<number> = new Set();

/**
 * The check of a step, read from the response as scripted (before it is
 * copied, since marked items are known by identity).
 */
export function stepCheck(response: unknown, validate: unknown): StepCheck {
  if (validate === false) return { validate: false, skip: NO_SKIP, expectError: NO_SKIP };
  const output = Array.isArray(response)
    ? response
    : isLoose(response) && Array.isArray(response.output)
    ? response.output
    : [];
  let skip: Set<number> | undefined;
  let expectError: Set<number> | undefined;
  output.forEach((item, index) => {
    if (typeof item !== 'object' || item === null) return;
    if (uncheckedItems.has(item)) (skip ??= new Set()).add(index);
    if (failingItems.has(item)) (expectError ??= new Set()).add(index);
  });
  return { validate: true, skip: skip ?? NO_SKIP, expectError: expectError ?? NO_SKIP };
}

/**
 * The first function call of a fixed response whose arguments text is not
 * JSON (skipping marked items): a typo the script can be told about when it
 * is written.
 */
export function unparsedArguments(
  response: unknown,
  check: StepCheck,
): { readonly itemIndex: number; readonly name: string; readonly error: string } | undefined {
  if (!check.validate) return undefined;
  const output = Array.isArray(response)
    ? response
    : isLoose(response) && Array.isArray(response.output)
    ? response.output
    : [];
  for (let itemIndex = 0; itemIndex < output.length; itemIndex++) {
    const item: unknown = output[itemIndex];
    if (!isLoose(item) || item.type !== 'function_call' || check.skip.has(itemIndex)) continue;
    if (typeof item.arguments !== 'string') continue;
    const parsed = parseArguments(item.arguments);
    if (!parsed.ok) return { itemIndex, name: String(item.name), error: parsed.error };
  }
  return undefined;
}

/** A complete mismatch message: the double, call and item, what is wrong, and the way out. */
export function mismatchMessage(
  double: string,
  callIndex: number,
  itemIndex: number,
  problem: string,
  wayOut: string,
  where: CallWhere = {},
): string {
  return `${double} call ${ordinal(callIndex)}${whereText(where)}, output item ${
    ordinal(itemIndex)
  }: ${problem} ${wayOut}`;
}

/**
 * The {@linkcode ScriptedOutputMismatchError} of a mismatch the check found, the one place its
 * fields are taken from the check's record: the model doubles, the check of tool outcomes and
 * the Realtime server all report through it, each with the message it words.
 */
export function outputMismatchError(
  found: ItemMismatch,
  options: { readonly double: string; readonly callIndex: number; readonly message: string },
): ScriptedOutputMismatchError {
  return new ScriptedOutputMismatchError({
    double: options.double,
    callIndex: options.callIndex,
    itemIndex: found.itemIndex,
    reason: found.reason,
    toolName: found.toolName,
    path: found.path,
    expected: found.expected,
    actual: found.actual,
    available: found.available,
    message: options.message,
  });
}

/** Who a call served: the agent (from the run) and the model's routes (from its provider). */
export interface CallWhere {
  readonly agent?: string;
  /** `' on route "quote-model"'`, as `routeText()` writes it, or `''`. */
  readonly route?: string;
}

/** ` (agent "Quote agent" on route "quote-model")`, or `''` when neither is known. */
function whereText(where: CallWhere): string {
  const agent = where.agent === undefined ? '' : `agent ${JSON.stringify(where.agent)}`;
  const route = where.route?.trim() ?? '';
  if (agent === '' && route === '') return '';
  return ` (${agent}${agent !== '' && route !== '' ? ' ' : ''}${route})`;
}

const MODEL_WAY_OUT = 'If the step is wrong on purpose, give it { validate: false } ' +
  '(functionCall(), modelResponse(), modelResponder()), or switch the check off with ' +
  'new ScriptedModel(steps, { validate: false }).';

/** How a scripted response is checked (see {@linkcode ScriptCheck.response}). */
export interface ResponseCheckOptions {
  /** The queued step's check, for a fixed response. */
  readonly step?: StepCheck;
  /** Whether the step is checked at all. */
  readonly validate: boolean;
  /** The response as the script gave it, to find marked items of a responder's result. */
  readonly scripted: unknown;
  /** Who the call served, for the message. */
  readonly where?: CallWhere;
}

const TOOL_WAY_OUT = 'If the tool fails on purpose, give the call { expectToolError: true } ' +
  '(functionCall(name, args, { expectToolError: true })), or switch the check off with ' +
  'new ScriptedModel(steps, { validate: false }).';

const EXPECTED_WAY_OUT = 'If the tool is meant to succeed, remove { expectToolError: true } ' +
  'from the call; or switch the check off with new ScriptedModel(steps, { validate: false }).';

/** What {@linkcode ScriptCheck} is created with, besides the double's name and switch. */
export interface ScriptCheckOptions {
  /** Where the double is, for messages (` on route "triage"`), read when a message is made. */
  readonly where?: () => string;
}

/** The check as `ScriptedModel` runs it: on or off for the model, one book of tool outcomes. */
export class ScriptCheck {
  readonly #double: string;
  readonly #enabled: boolean;
  readonly #where: () => string;
  /** The calls this model scripted whose tool outcome is not known yet. */
  readonly outcomes: ToolOutcomeBook = new ToolOutcomeBook();

  constructor(double: string, enabled: boolean, options: ScriptCheckOptions = {}) {
    this.#double = double;
    this.#enabled = enabled;
    this.#where = options.where ?? (() => '');
  }

  /** The mismatch of a normalized response with its request, remembering its calls' tools. */
  response(
    callIndex: number,
    request: CheckedRequest,
    output: readonly unknown[],
    options: ResponseCheckOptions,
  ): ScriptedOutputMismatchError | undefined {
    if (!this.#enabled || !options.validate) return undefined;
    const step = options.step ?? stepCheck(options.scripted, true);
    if (!step.validate) return undefined;
    const found = checkOutput(request, output, { skip: step.skip });
    if (found === undefined) {
      this.#remember(request, output, callIndex, step, options.where?.agent);
      return undefined;
    }
    return outputMismatchError(found, {
      double: this.#double,
      callIndex,
      message: mismatchMessage(
        this.#double,
        callIndex,
        found.itemIndex,
        found.problem,
        MODEL_WAY_OUT,
        options.where,
      ),
    });
  }

  /**
   * The mismatch of an earlier scripted call whose tool outcome `request`
   * carries: a tool that failed (`tool_failed`, or `missing_property` when the
   * call left out a required property), or one that succeeded although the
   * call expected it to fail (`expected_tool_error`).
   */
  followUp(
    callIndex: number,
    request: { readonly input?: unknown },
  ): ScriptedOutputMismatchError | undefined {
    if (!this.#enabled) return undefined;
    const outcome = this.outcomes.settle(request.input);
    return outcome === undefined ? undefined : this.#outcomeError(outcome, callIndex);
  }

  /**
   * The mismatch of the first call that expects its tool to fail and whose
   * result never reached a call (for `assertComplete()`), if any.
   */
  unconfirmed(): ScriptedOutputMismatchError | undefined {
    if (!this.#enabled) return undefined;
    const call = this.outcomes.unconfirmed()[0];
    if (call === undefined) return undefined;
    return this.#error(call, {
      reason: 'expected_tool_error',
      expected: 'a tool error (expectToolError)',
      actual: undefined,
      problem: `${callText(call)} was scripted with { expectToolError: true }, but its result ` +
        'never reached a model call (the run ended, or stopped for an approval, right after ' +
        'its tools ran), so the failure is not confirmed.',
      wayOut: 'Remove { expectToolError: true } and assert the tool output in the run result ' +
        '(result.newItems), or let the run go on to a call that answers it.',
    });
  }

  /** Remembers every function call of `output` the step checks, except handoffs. */
  #remember(
    request: CheckedRequest,
    output: readonly unknown[],
    callIndex: number,
    step: StepCheck,
    agent: string | undefined,
  ): void {
    const offer = offerOf(request);
    const where = this.#where;
    output.forEach((item, itemIndex) => {
      if (!isLoose(item) || item.type !== 'function_call' || typeof item.callId !== 'string') {
        return;
      }
      const name = callName(item);
      if (step.skip.has(itemIndex) || offer.callables.get(name)?.kind === 'handoff') {
        // Its result says nothing about the script; an older call with its id is stale.
        this.outcomes.forget(item.callId);
        return;
      }
      this.outcomes.remember({
        callIndex,
        itemIndex,
        callId: item.callId,
        toolName: offer.callables.get(name)?.name ?? name,
        arguments: typeof item.arguments === 'string' ? item.arguments : brief(item.arguments),
        expectError: step.expectError.has(itemIndex),
        missing: missingProperty(offer, item)?.path,
        where,
        agent,
      });
    });
  }

  #outcomeError(outcome: ToolOutcome, callIndex: number): ScriptedOutputMismatchError {
    const { call } = outcome;
    // The call that carried the result, named by its route when another model scripted the call.
    const here = this.#where();
    const where = here === call.where() ? '' : here;
    const input = `in the input of call ${ordinal(callIndex)}${where}`;
    if (outcome.type === 'succeeded') {
      return this.#error(call, {
        reason: 'expected_tool_error',
        expected: 'a tool error (expectToolError)',
        actual: outcome.result,
        problem: `${callText(call)} was scripted with { expectToolError: true }, but the tool ` +
          `succeeded: the model got ${brief(outcome.result, 60)} ${input}.`,
        wayOut: EXPECTED_WAY_OUT,
      });
    }
    const { failure } = outcome;
    if (call.missing !== undefined) {
      return this.#error(call, {
        reason: 'missing_property',
        path: call.missing,
        expected: 'the property (required, not nullable)',
        actual: undefined,
        problem: followUpProblem(
          { toolName: call.toolName, path: call.missing, result: failure.text },
          callIndex,
          { where },
        ),
        wayOut: MODEL_WAY_OUT,
      });
    }
    return this.#error(call, {
      reason: 'tool_failed',
      expected: 'a successful tool result',
      actual: failure.text,
      problem:
        `${callText(call)} did not succeed: ${failureCause(failure)}; the model got ${
          brief(failure.text, 90)
        } ${input}, and the script went on as if the tool ` +
        'had succeeded.',
      wayOut: TOOL_WAY_OUT,
    });
  }

  #error(
    call: PendingToolCall,
    found: {
      reason: ScriptedOutputMismatchReason;
      path?: string;
      expected: string;
      actual: unknown;
      problem: string;
      wayOut: string;
    },
  ): ScriptedOutputMismatchError {
    // The call, not the finding, knows where the tool call stood and what it named.
    const mismatch = {
      ...found,
      path: found.path,
      itemIndex: call.itemIndex,
      toolName: call.toolName,
      available: undefined,
    };
    return outputMismatchError(mismatch, {
      double: this.#double,
      callIndex: call.callIndex,
      message: mismatchMessage(
        this.#double,
        call.callIndex,
        call.itemIndex,
        found.problem,
        found.wayOut,
        { agent: call.agent, route: call.where() },
      ),
    });
  }
}

/** `function_call "search_flights" with arguments {"to":"OSL","passengers":20}` (JSON as is). */
function callText(call: PendingToolCall): string {
  const text = call.arguments.length > 80 ? `${call.arguments.slice(0, 79)}…` : call.arguments;
  return `function_call "${call.toolName}" with arguments ${text}`;
}

/**
 * Why the tool failed, as far as the SDK's text tells: it gives the model the
 * same words for an `execute` that threw and for arguments the tool's own
 * schema rejected, so both are named.
 */
function failureCause(failure: ToolFailure): string {
  const detail = failure.detail === undefined ? '' : ` (${brief(failure.detail, 120)})`;
  switch (failure.kind) {
    case 'unparsable':
      return `the SDK could not parse its arguments${detail}`;
    case 'timed_out':
      return 'the tool timed out';
    case 'failed':
      return `the tool threw, or its own schema rejected the arguments${detail} (the SDK words ` +
        'both alike; for a tool with an .optional() field the schema sent to the model has none ' +
        'of its bounds, such as .int(), .min() or .max(), so arguments that break them pass the ' +
        'script check)';
  }
}

function isLoose(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
