/**
 * Value generation from JSON schemas: the arguments `AutoModel` sends to a
 * tool and the structured outputs it answers with. A small, dependency-free
 * generator over the JSON Schema subset that tool schemas use (zod-made or
 * hand-written, strict or not), plus a checker for the same subset that every
 * generated value passes before it is returned: where the generator cannot
 * produce a valid value it fails with the schema path, never with a guess.
 *
 * @module
 */

import {
  decimalPlaces,
  escapePointer,
  findViolation,
  isObject,
  type JsonSchema,
  resolvePointer,
  stableKey,
} from '../../_internal/schema_check.ts';
import { Random } from './_seeded_random.ts';

export type { JsonSchema };

/** Why no value could be generated. */
export type SchemaValueFailureReason =
  | 'unsupported_keyword'
  | 'unsatisfiable'
  | 'unresolved_ref'
  | 'unsatisfiable_pattern';

/** The outcome of {@linkcode generateSchemaValue}. */
export type SchemaValueResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: SchemaValueFailureReason; schemaPath: string; message: string };

/** How {@linkcode generateSchemaValue} generates. */
export interface GenerateSchemaValueOptions {
  /** The seed: the same seed and schema give the same value. */
  seed: number;
  /** Depth after which optional properties are left out and arrays kept minimal. Default 4. */
  maxDepth?: number;
}

class Failure extends Error {
  readonly reason: SchemaValueFailureReason;
  readonly schemaPath: string;
  override readonly name: 'SchemaValueFailure';

  constructor(reason: SchemaValueFailureReason, schemaPath: string, message: string) {
    super(message);
    this.reason = reason;
    this.schemaPath = schemaPath;
    this.name = 'SchemaValueFailure';
  }
}

type SchemaObject = { readonly [keyword: string]: unknown };

/**
 * Generates a value that `schema` accepts, or says precisely why it cannot:
 * `schemaPath` is a JSON pointer into the schema (`#/properties/city`).
 */
export function generateSchemaValue(
  schema: JsonSchema,
  options: GenerateSchemaValueOptions,
): SchemaValueResult {
  const context: Context = {
    root: schema,
    random: new Random(options.seed),
    maxDepth: options.maxDepth ?? 4,
    refDepth: 0,
  };
  try {
    const value = generate(schema, '#', 0, context);
    const problem = check(value, schema, '#', schema, 0);
    if (problem !== undefined) {
      return {
        ok: false,
        reason: 'unsatisfiable',
        schemaPath: problem,
        message: `no value satisfies the schema at ${problem}`,
      };
    }
    return { ok: true, value };
  } catch (error) {
    if (error instanceof Failure) {
      return {
        ok: false,
        reason: error.reason,
        schemaPath: error.schemaPath,
        message: error.message,
      };
    }
    throw error;
  }
}

interface Context {
  root: JsonSchema;
  random: Random;
  maxDepth: number;
  refDepth: number;
}

const FORMAT_SAMPLES: Record<string, readonly string[]> = {
  email: ['user@example.com', 'ada.lovelace@example.org'],
  'idn-email': ['user@example.com'],
  uri: ['https://example.com/a', 'https://example.org/path?q=1'],
  url: ['https://example.com/a'],
  'uri-reference': ['https://example.com/a', '/relative/path'],
  iri: ['https://example.com/a'],
  'date-time': ['2024-01-15T10:30:00Z', '2023-06-01T08:00:00.000Z'],
  date: ['2024-01-15', '2023-06-01'],
  time: ['10:30:00Z', '08:00:00Z'],
  duration: ['P1D', 'PT1H30M'],
  uuid: ['6f1e2d3c-4b5a-4c7d-8e9f-0a1b2c3d4e5f', '123e4567-e89b-42d3-a456-426614174000'],
  ipv4: ['192.0.2.1', '198.51.100.7'],
  ipv6: ['2001:db8::1', '::1'],
  hostname: ['example.com', 'api.example.org'],
  'idn-hostname': ['example.com'],
  byte: ['aGVsbG8=', 'd29ybGQ='],
  base64: ['aGVsbG8='],
  regex: ['^a+$'],
  'json-pointer': ['/a/b'],
  cuid: ['cjld2cjxh0000qzrmn831i7rn'],
  emoji: ['😀'],
};

const WORDS = ['alpha', 'bravo', 'delta', 'echo', 'kilo', 'lima', 'oscar', 'tango', 'zulu'];

function fail(reason: SchemaValueFailureReason, path: string, message: string): never {
  throw new Failure(reason, path, message);
}

function asSchema(value: unknown, path: string): JsonSchema {
  if (typeof value === 'boolean' || isObject(value)) return value as JsonSchema;
  return fail('unsupported_keyword', path, `expected a schema at ${path}`);
}

/** Resolves `#`, `#/$defs/...`, `#/definitions/...` and other local JSON pointers. */
function resolveRef(ref: string, root: JsonSchema, path: string): JsonSchema {
  if (!ref.startsWith('#')) {
    return fail('unresolved_ref', path, `cannot resolve non-local $ref "${ref}" at ${path}`);
  }
  return resolvePointer(ref, root) ??
    fail('unresolved_ref', path, `cannot resolve $ref "${ref}" at ${path}`);
}

const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'examples',
  '$schema',
  '$id',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$defs',
  'definitions',
  'id',
]);

function generate(schema: JsonSchema, path: string, depth: number, context: Context): unknown {
  if (schema === true) return context.random.pick(WORDS);
  if (schema === false) return fail('unsatisfiable', path, `the schema at ${path} is false`);
  if ('not' in schema) {
    return fail('unsupported_keyword', `${path}/not`, `"not" is not supported (at ${path}/not)`);
  }
  if (typeof schema.$ref === 'string') {
    if (context.refDepth > 32) {
      return fail('unsatisfiable', path, `$ref recursion too deep at ${path}`);
    }
    const target = resolveRef(schema.$ref, context.root, `${path}/$ref`);
    const rest = Object.keys(schema).filter((key) => key !== '$ref' && !ANNOTATIONS.has(key));
    context.refDepth++;
    try {
      if (rest.length === 0) return generate(target, path, depth + 1, context);
      const { $ref: _ignored, ...siblings } = schema;
      return generate({ allOf: [target, siblings] }, path, depth + 1, context);
    } finally {
      context.refDepth--;
    }
  }
  if ('const' in schema) return structuredClone(schema.const);
  if (Array.isArray(schema.enum)) {
    const candidates = schema.enum.filter((value) =>
      check(value, withoutKeyword(schema, 'enum'), path, context.root, 0) === undefined
    );
    if (candidates.length === 0) {
      return fail('unsatisfiable', `${path}/enum`, `no enum value at ${path}/enum is allowed`);
    }
    return structuredClone(context.random.pick(candidates));
  }
  if (Array.isArray(schema.allOf)) {
    const merged = mergeAllOf(schema, path, context);
    return generate(merged, path, depth, context);
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    return generateBranch(schema, keyword, branches, path, depth, context);
  }
  const type = chooseType(schema, path, depth, context);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return context.random.chance(0.5);
    case 'string':
      return generateString(schema, path, context);
    case 'integer':
    case 'number':
      return generateNumber(schema, type === 'integer', path, context);
    case 'array':
      return generateArray(schema, path, depth, context);
    case 'object':
      return generateObject(schema, path, depth, context);
    default:
      return fail('unsupported_keyword', `${path}/type`, `unknown type "${type}" at ${path}/type`);
  }
}

function withoutKeyword(schema: SchemaObject, keyword: string): SchemaObject {
  const { [keyword]: _dropped, ...rest } = schema;
  return rest;
}

function generateBranch(
  schema: SchemaObject,
  keyword: 'anyOf' | 'oneOf',
  branches: unknown[],
  path: string,
  depth: number,
  context: Context,
): unknown {
  const base = withoutKeyword(schema, keyword);
  const hasBase = Object.keys(base).some((key) => !ANNOTATIONS.has(key));
  // Past the depth limit, prefer the first branches (usually the non-recursive ones).
  const order = branches.map((_, index) => index);
  if (depth < context.maxDepth) shuffle(order, context.random);
  let lastFailure: Failure | undefined;
  for (const index of order) {
    const branchPath = `${path}/${keyword}/${index}`;
    const branch = asSchema(branches[index], branchPath);
    const target: JsonSchema = hasBase ? { allOf: [base, branch] } : branch;
    try {
      const value = generate(target, branchPath, depth, context);
      if (check(value, target, branchPath, context.root, 0) !== undefined) continue;
      if (keyword === 'oneOf') {
        const matches = branches.filter((other) =>
          check(value, asSchema(other, branchPath), branchPath, context.root, 0) === undefined
        ).length;
        if (matches !== 1) {
          continue;
        }
      }
      return value;
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      lastFailure = error;
    }
  }
  if (lastFailure !== undefined) throw lastFailure;
  return fail('unsatisfiable', `${path}/${keyword}`, `no branch of ${path}/${keyword} can be met`);
}

function shuffle<T>(items: T[], random: Random): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j], items[i]];
  }
}

/** Folds `allOf` into one schema: properties merged, bounds intersected, required united. */
function mergeAllOf(schema: SchemaObject, path: string, context: Context): SchemaObject {
  const parts: SchemaObject[] = [withoutKeyword(schema, 'allOf')];
  (schema.allOf as unknown[]).forEach((part, index) => {
    let resolved = asSchema(part, `${path}/allOf/${index}`);
    for (let hops = 0; isObject(resolved) && typeof resolved.$ref === 'string'; hops++) {
      if (hops > 32) fail('unsatisfiable', `${path}/allOf/${index}`, 'circular $ref');
      const { $ref, ...rest } = resolved;
      const target = resolveRef($ref as string, context.root, `${path}/allOf/${index}/$ref`);
      if (target === false) fail('unsatisfiable', `${path}/allOf/${index}`, 'false schema');
      resolved = Object.keys(rest).length === 0 ? target : { allOf: [target, rest] };
    }
    if (resolved === false) fail('unsatisfiable', `${path}/allOf/${index}`, 'false schema');
    if (resolved === true) return;
    if (Array.isArray(resolved.allOf)) {
      resolved = mergeAllOf(resolved, `${path}/allOf/${index}`, context);
    }
    parts.push(resolved);
  });
  const merged: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (!(key in merged)) {
        merged[key] = value;
        continue;
      }
      const current = merged[key];
      switch (key) {
        case 'properties': {
          const properties: Record<string, unknown> = { ...(current as object) };
          for (const [name, sub] of Object.entries(value as object)) {
            properties[name] = name in properties ? { allOf: [properties[name], sub] } : sub;
          }
          merged.properties = properties;
          break;
        }
        case 'required':
          merged.required = [...new Set([...(current as string[]), ...(value as string[])])];
          break;
        case 'minimum':
        case 'exclusiveMinimum':
        case 'minLength':
        case 'minItems':
        case 'minProperties':
          merged[key] = Math.max(current as number, value as number);
          break;
        case 'maximum':
        case 'exclusiveMaximum':
        case 'maxLength':
        case 'maxItems':
        case 'maxProperties':
          merged[key] = Math.min(current as number, value as number);
          break;
        case 'type': {
          const a = [current].flat();
          const b = [value].flat();
          const common = a.filter((t) => b.includes(t) || (t === 'integer' && b.includes('number')))
            .concat(b.filter((t) => t === 'integer' && a.includes('number')));
          if (common.length === 0) {
            fail('unsatisfiable', `${path}/allOf`, `the types in ${path}/allOf do not overlap`);
          }
          merged.type = [...new Set(common)];
          break;
        }
        case 'anyOf':
        case 'oneOf':
        case 'enum':
        case 'const':
        case 'items':
        case 'additionalProperties':
        case 'pattern':
        case 'format':
          merged.allOf = [...((merged.allOf as unknown[]) ?? []), { [key]: value }];
          break;
        default:
          merged[key] = value;
      }
    }
  }
  if (Array.isArray(merged.allOf)) {
    // Keywords that cannot be folded stay as a nested allOf, checked after generation.
    const extra = merged.allOf as SchemaObject[];
    delete merged.allOf;
    const base = merged;
    const first = extra.find((part) =>
      'anyOf' in part || 'oneOf' in part || 'enum' in part ||
      'const' in part
    );
    if (first !== undefined) return { ...base, ...first };
    return Object.assign(base, ...extra);
  }
  return merged;
}

const KNOWN_TYPES = ['null', 'boolean', 'string', 'integer', 'number', 'array', 'object'];

function chooseType(schema: SchemaObject, path: string, depth: number, context: Context): string {
  let types: string[];
  if (typeof schema.type === 'string') types = [schema.type];
  else if (Array.isArray(schema.type)) types = schema.type.map(String);
  else if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema) {
    types = ['object'];
  } else if ('items' in schema || 'prefixItems' in schema || 'minItems' in schema) {
    types = ['array'];
  } else if (
    'minLength' in schema || 'maxLength' in schema || 'pattern' in schema || 'format' in schema
  ) {
    types = ['string'];
  } else if ('minimum' in schema || 'maximum' in schema || 'multipleOf' in schema) {
    types = ['number'];
  } else types = ['string'];
  if (schema.nullable === true && !types.includes('null')) types = [...types, 'null'];
  if (types.length === 0) return fail('unsatisfiable', `${path}/type`, `empty type at ${path}`);
  for (const type of types) {
    if (!KNOWN_TYPES.includes(type)) {
      return fail('unsupported_keyword', `${path}/type`, `unknown type "${type}" at ${path}/type`);
    }
  }
  const nonNull = types.filter((type) => type !== 'null');
  // Deep in a recursive schema, null ends the recursion; elsewhere it is the less likely pick.
  if (nonNull.length === 0 || (nonNull.length < types.length && depth >= context.maxDepth)) {
    return 'null';
  }
  if (nonNull.length < types.length && context.random.chance(0.25)) return 'null';
  return context.random.pick(nonNull);
}

function generateString(schema: SchemaObject, path: string, context: Context): string {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  if (minLength > maxLength) {
    return fail('unsatisfiable', `${path}/minLength`, `minLength exceeds maxLength at ${path}`);
  }
  const pattern = typeof schema.pattern === 'string' ? compilePattern(schema.pattern, path) : null;
  const fits = (text: string) => {
    const length = [...text].length;
    return length >= minLength && length <= maxLength && (pattern === null || pattern.test(text));
  };
  const format = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
  if (format !== undefined) {
    const sample = format.find(fits);
    if (sample !== undefined) return sample;
  }
  if (pattern !== null) {
    const ast = parsePattern(schema.pattern as string, path, pattern.unicode);
    for (let attempt = 0; attempt < 40; attempt++) {
      const text = emit(ast, context.random, attempt);
      if (fits(text)) return text;
    }
    return fail(
      'unsatisfiable_pattern',
      `${path}/pattern`,
      `cannot produce a string matching /${schema.pattern}/ within the length bounds at ${path}`,
    );
  }
  const low = minLength;
  const high = Math.min(maxLength, Math.max(low, 12));
  const length = low === high ? low : context.random.int(Math.max(low, Math.min(3, high)), high);
  let text = context.random.pick(WORDS);
  while (text.length < length) text += ` ${context.random.pick(WORDS)}`;
  return text.slice(0, length).replace(/ $/, 'x');
}

function compilePattern(source: string, path: string): RegExp {
  try {
    return new RegExp(source, 'u');
  } catch {
    try {
      return new RegExp(source);
    } catch {
      return fail('unsatisfiable_pattern', `${path}/pattern`, `invalid pattern at ${path}`);
    }
  }
}

function generateNumber(
  schema: SchemaObject,
  integer: boolean,
  path: string,
  context: Context,
): number {
  let low = -Infinity;
  let high = Infinity;
  let lowOpen = false;
  let highOpen = false;
  if (typeof schema.minimum === 'number') low = schema.minimum;
  if (typeof schema.maximum === 'number') high = schema.maximum;
  if (typeof schema.exclusiveMinimum === 'number' && schema.exclusiveMinimum >= low) {
    low = schema.exclusiveMinimum;
    lowOpen = true;
  } else if (schema.exclusiveMinimum === true) lowOpen = true;
  if (typeof schema.exclusiveMaximum === 'number' && schema.exclusiveMaximum <= high) {
    high = schema.exclusiveMaximum;
    highOpen = true;
  } else if (schema.exclusiveMaximum === true) highOpen = true;
  const multipleOf = typeof schema.multipleOf === 'number' && schema.multipleOf > 0
    ? schema.multipleOf
    : integer
    ? 1
    : undefined;
  // A bound at an end of the safe-integer range only says "a safe integer" (zod 4
  // writes one on both sides of every `.int()`); it still holds, but the values are
  // placed as if that side were unbounded, never pulled to its end.
  const placedLow = low <= -Number.MAX_SAFE_INTEGER ? -Infinity : low;
  const placedHigh = high >= Number.MAX_SAFE_INTEGER ? Infinity : high;
  // A number with no bound at all gets a small positive integer: schemas derived
  // from richer ones often lose `int()`, `positive()` or `min(1)` on the way, and
  // such a value still satisfies them.
  if (
    placedLow === -Infinity && placedHigh === Infinity &&
    (multipleOf === undefined || multipleOf === 1)
  ) {
    return context.random.int(1, 10);
  }
  // Half-bounded sides get a small default range so the values stay readable; wide
  // enough to hold ten multiples when the step is large.
  const width = Math.max(100, (multipleOf ?? 0) * 10);
  // The span never leaves the real bounds (a `minimum` near the top of the safe range).
  const spanLow = Math.max(
    low,
    Number.isFinite(placedLow)
      ? placedLow
      : Math.min(Number.isFinite(placedHigh) ? placedHigh - width : -width, 0),
  );
  const spanHigh = Math.min(
    high,
    Number.isFinite(placedHigh) ? placedHigh : Math.max(spanLow + width, width),
  );
  const inRange = (value: number) =>
    (lowOpen ? value > low : value >= low) && (highOpen ? value < high : value <= high) &&
    Number.isFinite(value);
  if (multipleOf !== undefined) {
    // Multiples are meant in decimal, as schema authors and zod count them (1.23 is a
    // multiple of 0.01), and are written with no more decimals than the step has. An
    // integer multiple of 0.5 is one of 1, of 2.5 one of 5: the step becomes the least
    // common multiple of multipleOf and 1.
    const places = integer ? 0 : decimalPlaces(multipleOf);
    const step = integer ? integerStep(multipleOf) : multipleOf;
    const at = (k: number) => Number((k * step).toFixed(places));
    // Inside the real bounds and, on an unbounded side, the default range.
    const inside = (k: number) => {
      const value = at(k);
      return inRange(value) && value >= spanLow && value <= spanHigh;
    };
    let first = Math.ceil(spanLow / step);
    let last = Math.floor(spanHigh / step);
    // The divisions round, and an open bound excludes its own multiple: each end moves
    // by one step onto the multiples really inside. Values between the ends are
    // inside too, since at() only grows with k; the final check guards the rest.
    if (inside(first - 1)) first--;
    else if (!inside(first)) first++;
    if (inside(last + 1)) last++;
    else if (!inside(last)) last--;
    if (first > last) {
      return fail(
        'unsatisfiable',
        path,
        `no ${
          integer ? 'integer' : 'number'
        } multiple of ${multipleOf} lies in the range at ${path}`,
      );
    }
    return at(context.random.int(first, Math.min(last, first + 1000)));
  }
  for (let attempt = 0; attempt < 16; attempt++) {
    const raw = spanLow + context.random.next() * (spanHigh - spanLow);
    const value = Math.round(raw * 100) / 100;
    if (inRange(value)) return value;
  }
  const middle = (spanLow + spanHigh) / 2;
  if (inRange(middle)) return middle;
  return fail('unsatisfiable', path, `the number range at ${path} is empty`);
}

/** The least integer that is a multiple of `multipleOf`: 1 for 0.5, 5 for 2.5, 3 for 0.3. */
function integerStep(multipleOf: number): number {
  const scale = 10 ** decimalPlaces(multipleOf);
  const scaled = Math.round(multipleOf * scale);
  let a = scaled;
  let b = scale;
  while (b !== 0) [a, b] = [b, a % b];
  return scaled / a;
}

function generateArray(
  schema: SchemaObject,
  path: string,
  depth: number,
  context: Context,
): unknown[] {
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  if (minItems > maxItems) {
    return fail('unsatisfiable', `${path}/minItems`, `minItems exceeds maxItems at ${path}`);
  }
  // Draft 2020-12 tuples use prefixItems/items; older drafts items[]/additionalItems.
  const tupleKeyword = Array.isArray(schema.items) ? 'items' : 'prefixItems';
  const prefix = Array.isArray(schema.items)
    ? schema.items
    : Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : [];
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  const items = rest === undefined ? true : rest;
  const restKeyword = Array.isArray(schema.items) ? 'additionalItems' : 'items';
  const limit = items === false ? prefix.length : Math.min(maxItems, minItems + 3);
  if (limit < minItems) {
    return fail('unsatisfiable', `${path}/items`, `too few items allowed at ${path}`);
  }
  const count = depth >= context.maxDepth
    ? minItems
    : context.random.int(minItems, Math.max(minItems, limit));
  const values: unknown[] = [];
  const seen = new Set<string>();
  const unique = schema.uniqueItems === true;
  for (let attempts = 0; values.length < count; attempts++) {
    if (attempts > count * 20 + 20) {
      if (values.length >= minItems) break;
      return fail(
        'unsatisfiable',
        `${path}/uniqueItems`,
        `cannot produce ${minItems} unique items at ${path}`,
      );
    }
    const position = values.length;
    const itemPath = position < prefix.length
      ? `${path}/${tupleKeyword}/${position}`
      : `${path}/${restKeyword}`;
    const itemSchema = position < prefix.length
      ? asSchema(prefix[position], itemPath)
      : asSchema(items, itemPath);
    const value = generate(itemSchema, itemPath, depth + 1, context);
    if (unique) {
      const key = stableKey(value);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    values.push(value);
  }
  return values;
}

function generateObject(
  schema: SchemaObject,
  path: string,
  depth: number,
  context: Context,
): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const additional = schema.additionalProperties === undefined ? true : schema.additionalProperties;
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  const maxProperties = typeof schema.maxProperties === 'number' ? schema.maxProperties : Infinity;
  const result: Record<string, unknown> = {};
  const valueFor = (name: string) => {
    if (name in properties) {
      const propertyPath = `${path}/properties/${escapePointer(name)}`;
      return generate(asSchema(properties[name], propertyPath), propertyPath, depth + 1, context);
    }
    if (additional === false) {
      return fail(
        'unsatisfiable',
        `${path}/required`,
        `"${name}" is required but not allowed at ${path}`,
      );
    }
    const additionalPath = `${path}/additionalProperties`;
    return generate(asSchema(additional, additionalPath), additionalPath, depth + 1, context);
  };
  for (const name of required) result[name] = valueFor(name);
  const optional = Object.keys(properties).filter((name) => !required.includes(name));
  for (const name of optional) {
    if (Object.keys(result).length >= maxProperties) break;
    const needed = Object.keys(result).length < minProperties;
    if (needed || (depth < context.maxDepth && context.random.chance(0.5))) {
      result[name] = valueFor(name);
    }
  }
  // Each name tried either is taken (by one of the properties already there) or is
  // added, so this ends after at most minProperties names.
  for (let extra = 1; Object.keys(result).length < minProperties; extra++) {
    if (additional === false) {
      return fail(
        'unsatisfiable',
        `${path}/minProperties`,
        `too few properties allowed at ${path}`,
      );
    }
    const name = `extra_${extra}`;
    if (!(name in result)) result[name] = valueFor(name);
  }
  if (Object.keys(result).length > maxProperties) {
    return fail(
      'unsatisfiable',
      `${path}/maxProperties`,
      `too many required properties at ${path}`,
    );
  }
  return result;
}

// ---------------------------------------------------------------------------
// Patterns: a generator for the regular-expression subset schemas use
// (literals, escapes, classes, groups, alternation, quantifiers). Lookarounds
// and anchors are zero-width here; the real RegExp decides in the end.

type Node =
  | { kind: 'alt'; options: Node[][] }
  | { kind: 'chars'; chars: string[] }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'empty' };

const DIGITS = [...'0123456789'];
const WORD = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'];
const SPACE = [' '];
const PRINTABLE = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

/**
 * Parses `source` as `compilePattern` compiled it: with the `u` flag when
 * `unicode`, where `\p{…}` is a property; without it `\p` is the letter p.
 */
function parsePattern(source: string, path: string, unicode: boolean): Node {
  let position = 0;
  const unsupported = (what: string): never =>
    fail('unsatisfiable_pattern', `${path}/pattern`, `pattern /${source}/ uses ${what} at ${path}`);

  function parseAlternation(): Node {
    const options: Node[][] = [[]];
    while (position < source.length && source[position] !== ')') {
      if (source[position] === '|') {
        position++;
        options.push([]);
        continue;
      }
      const atom = parseAtom();
      options[options.length - 1].push(parseQuantifier(atom));
    }
    return { kind: 'alt', options };
  }

  function parseQuantifier(atom: Node): Node {
    const char = source[position];
    let min: number;
    let max: number;
    if (char === '*') [min, max] = [0, Infinity];
    else if (char === '+') [min, max] = [1, Infinity];
    else if (char === '?') [min, max] = [0, 1];
    else if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(position));
      if (match === null) return atom;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      position += match[0].length - 1;
    } else return atom;
    position++;
    if (source[position] === '?' || source[position] === '+') position++;
    return { kind: 'repeat', node: atom, min, max };
  }

  function parseAtom(): Node {
    const char = source[position++];
    switch (char) {
      case '^':
      case '$':
        return { kind: 'empty' };
      case '.':
        return { kind: 'chars', chars: PRINTABLE };
      case '(': {
        if (
          source.startsWith('?=', position) || source.startsWith('?!', position) ||
          source.startsWith('?<=', position) || source.startsWith('?<!', position)
        ) {
          // Lookarounds consume nothing; skip to the matching parenthesis.
          let nesting = 1;
          while (position < source.length && nesting > 0) {
            const next = source[position++];
            if (next === '\\') position++;
            else if (next === '(') nesting++;
            else if (next === ')') nesting--;
          }
          return { kind: 'empty' };
        }
        if (source.startsWith('?:', position)) position += 2;
        else if (source.startsWith('?<', position)) position = source.indexOf('>', position) + 1;
        const inner = parseAlternation();
        if (source[position] !== ')') unsupported('an unclosed group');
        position++;
        return inner;
      }
      case '[':
        return parseClass();
      case '\\':
        // Word boundaries are zero-width, like anchors: the real RegExp decides.
        if (source[position] === 'b' || source[position] === 'B') {
          position++;
          return { kind: 'empty' };
        }
        return { kind: 'chars', chars: parseEscape() };
      default:
        return { kind: 'chars', chars: [char] };
    }
  }

  function parseEscape(): string[] {
    const char = source[position++];
    switch (char) {
      case 'd':
        return DIGITS;
      case 'w':
        return WORD;
      case 's':
        return SPACE;
      case 'D':
      case 'W':
      case 'S':
        return ['-'].concat(char === 'S' ? ['a'] : []);
      case 'b':
        // Only reached inside a class, where \b is a backspace.
        return ['\b'];
      case 'n':
        return ['\n'];
      case 't':
        return ['\t'];
      case 'u': {
        const hex = /^\{([0-9a-fA-F]+)\}|^([0-9a-fA-F]{4})/.exec(source.slice(position));
        if (hex === null) return ['u'];
        position += hex[0].length;
        return [String.fromCodePoint(parseInt(hex[1] ?? hex[2], 16))];
      }
      case 'x': {
        const hex = /^[0-9a-fA-F]{2}/.exec(source.slice(position));
        if (hex === null) return ['x'];
        position += 2;
        return [String.fromCharCode(parseInt(hex[0], 16))];
      }
      case 'p':
      case 'P': {
        if (!unicode) return [char];
        const end = source.indexOf('}', position);
        const name = source.slice(position + 1, end);
        position = end + 1;
        const category = name.replace(/^(General_Category|gc)=/, '');
        if (char === 'p' && /^(L|Letter|Alphabetic|Alpha)$/.test(category)) return [...'abc'];
        if (char === 'p' && /^(Ll|Lowercase_Letter|Lowercase|Lower)$/.test(category)) {
          return [...'abc'];
        }
        if (char === 'p' && /^(Lu|Uppercase_Letter|Uppercase|Upper)$/.test(category)) {
          return [...'ABC'];
        }
        if (char === 'p' && /^(N|Number|Nd|Decimal_Number|digit)$/.test(category)) return DIGITS;
        if (char === 'P') return ['-'];
        return unsupported(`\\p{${name}}`);
      }
      default:
        return [char];
    }
  }

  function parseClass(): Node {
    const negated = source[position] === '^';
    if (negated) position++;
    const members: string[] = [];
    // As in JavaScript (not POSIX), a "]" right after "[" or "[^" closes the class:
    // [] matches nothing and [^] any character.
    while (position < source.length && source[position] !== ']') {
      let chars: string[];
      if (source[position] === '\\') {
        position++;
        chars = parseEscape();
      } else chars = [source[position++]];
      if (
        chars.length === 1 && source[position] === '-' && source[position + 1] !== ']' &&
        position + 1 < source.length
      ) {
        position++;
        let end: string;
        if (source[position] === '\\') {
          position++;
          end = parseEscape()[0];
        } else end = source[position++];
        const from = chars[0].codePointAt(0) as number;
        const to = end.codePointAt(0) as number;
        for (let code = from; code <= to && code - from < 200; code++) {
          members.push(String.fromCodePoint(code));
        }
        continue;
      }
      members.push(...chars);
    }
    if (source[position] !== ']') unsupported('an unclosed character class');
    position++;
    if (!negated) return { kind: 'chars', chars: members.length > 0 ? members : [''] };
    const allowed = [...PRINTABLE, '-', '_', '.', ' ', 'Z', 'Q'].filter((c) =>
      !members.includes(c)
    );
    if (allowed.length === 0) unsupported('a negated class with no simple character left');
    return { kind: 'chars', chars: allowed };
  }

  const tree = parseAlternation();
  if (position < source.length) unsupported('an unbalanced ")"');
  return tree;
}

function emit(node: Node, random: Random, attempt: number): string {
  switch (node.kind) {
    case 'empty':
      return '';
    case 'chars':
      return random.pick(node.chars);
    case 'alt': {
      const option = attempt === 0 ? node.options[0] : random.pick(node.options);
      return option.map((child) => emit(child, random, attempt)).join('');
    }
    case 'repeat': {
      const spread = Math.min(node.max - node.min, attempt < 10 ? 2 : 6);
      const count = node.min + random.int(0, spread);
      let text = '';
      for (let i = 0; i < count; i++) text += emit(node.node, random, attempt);
      return text;
    }
  }
}

/** The generator's check: the schema path of the first violation, or undefined. */
function check(
  value: unknown,
  schema: JsonSchema,
  path: string,
  root: JsonSchema,
  hops: number,
): string | undefined {
  return findViolation(value, schema, path, { root, required: 'all', formats: false }, hops)
    ?.schemaPath;
}
