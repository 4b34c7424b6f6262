/**
 * The package's one JSON-schema checker, over the subset tool schemas use
 * (zod-made or hand-written, strict or not). `AutoModel`'s generator checks
 * every value it produces with it, and the scripted doubles judge scripted
 * arguments and outputs with it. A violation says where in the value and in
 * the schema, and what the schema wanted there; nothing is allocated for a
 * value that is accepted. Web-standard and eval-free: schemas are
 * interpreted, and what is costly to derive (patterns) is cached.
 *
 * @module
 */

/** A JSON schema: an object, or `true`/`false`. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

type SchemaObject = { readonly [keyword: string]: unknown };

/** Which of a schema's `required` properties count as missing when absent. */
export type RequiredRule =
  /** Every listed property (the generator's rule). */
  | 'all'
  /** Listed properties without a `default` (a non-strict schema: the list is the truth). */
  | 'proven'
  /** None (a strict schema lists every property, defaulted or not). */
  | 'none';

/** How {@linkcode checkSchemaValue} judges. */
export interface CheckSchemaValueOptions {
  /** Which `required` properties must be present. Default `'all'`. */
  readonly required?: RequiredRule;
  /** Whether the well-known string formats (email, uri, date-time, uuid…) are checked. Default `false`. */
  readonly formats?: boolean;
}

/** Where and why a value breaks a schema. */
export interface SchemaViolation {
  /** Property names and array indexes from the root of the value to the wrong part. */
  readonly valuePath: readonly (string | number)[];
  /** A JSON pointer to the keyword that failed (`#/properties/items/items/type`). */
  readonly schemaPath: string;
  /** The failing keyword, e.g. `type`, `enum`, `required`, `additionalProperties`. */
  readonly keyword: string;
  /** What the schema wanted there, in words. */
  readonly expected: string;
  /** The value found there; `undefined` for a missing property. */
  readonly actual: unknown;
  /** Whether the violation is a missing property. */
  readonly missing: boolean;
}

/**
 * The first part of `value` that `schema` rejects, or `undefined` when the
 * schema accepts it. Keywords outside the supported subset are ignored (they
 * accept), so a violation is always one the schema states.
 */
export function checkSchemaValue(
  value: unknown,
  schema: JsonSchema,
  options: CheckSchemaValueOptions = {},
): SchemaViolation | undefined {
  const found = findViolation(value, schema, '#', {
    root: schema,
    required: options.required ?? 'all',
    formats: options.formats ?? false,
  }, 0);
  if (found === undefined) return undefined;
  const { expected } = found;
  return { ...found, expected: typeof expected === 'string' ? expected : expected() };
}

/** What a check runs with: the root for `$ref`s and the rules. */
export interface CheckContext {
  readonly root: JsonSchema;
  readonly required: RequiredRule;
  readonly formats: boolean;
}

type Violation = {
  valuePath: (string | number)[];
  schemaPath: string;
  keyword: string;
  /** Worded only when a violation is reported: the generator checks far more values than it reports. */
  expected: string | (() => string);
  actual: unknown;
  missing: boolean;
};

function violation(
  schemaPath: string,
  keyword: string,
  expected: string | (() => string),
  actual: unknown,
  missing = false,
): Violation {
  return { valuePath: [], schemaPath, keyword, expected, actual, missing };
}

/** Prefixes a violation found in a part of the value with the part's key. */
function within(key: string | number, found: Violation | undefined): Violation | undefined {
  found?.valuePath.unshift(key);
  return found;
}

/**
 * The first violation of `value` against `schema` at schema path `path`
 * (`hops` counts references and nesting, to end cycles), or `undefined`.
 */
export function findViolation(
  value: unknown,
  schema: JsonSchema,
  path: string,
  context: CheckContext,
  hops: number,
): Violation | undefined {
  if (schema === true) return undefined;
  if (schema === false) {
    return violation(path, 'false', 'nothing (the schema allows no value)', value);
  }
  if (hops > 64) return violation(path, '$ref', 'a schema less than 64 references deep', value);
  if (typeof schema.$ref === 'string') {
    const target = resolvePointer(schema.$ref, context.root);
    if (target === undefined) {
      return violation(`${path}/$ref`, '$ref', () => `a resolvable $ref (${schema.$ref})`, value);
    }
    const found = findViolation(value, target, path, context, hops + 1);
    if (found !== undefined) return found;
  }
  if ('const' in schema && !deepEqual(value, schema.const)) {
    return violation(`${path}/const`, 'const', () => JSON.stringify(schema.const), value);
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((member) => deepEqual(value, member))) {
    return violation(
      `${path}/enum`,
      'enum',
      () => `one of ${listValues(schema.enum as unknown[])}`,
      value,
    );
  }
  if (Array.isArray(schema.allOf)) {
    for (const [index, part] of schema.allOf.entries()) {
      const found = findViolation(
        value,
        part as JsonSchema,
        `${path}/allOf/${index}`,
        context,
        hops + 1,
      );
      if (found !== undefined) return found;
    }
  }
  if (Array.isArray(schema.anyOf)) {
    const found = findBranchViolation(value, schema.anyOf, path, 'anyOf', context, hops);
    if (found !== undefined) return found;
  }
  if (Array.isArray(schema.oneOf)) {
    const found = findBranchViolation(value, schema.oneOf, path, 'oneOf', context, hops);
    if (found !== undefined) return found;
  }
  if (
    'not' in schema &&
    findViolation(value, schema.not as JsonSchema, path, context, hops + 1) === undefined
  ) {
    return violation(`${path}/not`, 'not', 'a value the "not" schema rejects', value);
  }
  if (schema.type !== undefined) {
    const types = [schema.type].flat().map(String);
    if (schema.nullable === true) types.push('null');
    if (!types.some((type) => hasType(value, type))) {
      return violation(`${path}/type`, 'type', () => types.join(' or '), value);
    }
  }
  if (typeof value === 'string') return findStringViolation(value, schema, path, context);
  if (typeof value === 'number') return findNumberViolation(value, schema, path);
  if (Array.isArray(value)) return findArrayViolation(value, schema, path, context, hops);
  if (isObject(value)) return findObjectViolation(value, schema, path, context, hops);
  return undefined;
}

/**
 * `anyOf` (some branch accepts) and `oneOf` (exactly one does). When none
 * does, the violation of the branch that got deepest into the value is the
 * useful one: it is the branch the value was meant for.
 */
function findBranchViolation(
  value: unknown,
  branches: unknown[],
  path: string,
  keyword: 'anyOf' | 'oneOf',
  context: CheckContext,
  hops: number,
): Violation | undefined {
  let matches = 0;
  let deepest: Violation | undefined;
  for (const branch of branches) {
    const found = findViolation(value, branch as JsonSchema, path, context, hops + 1);
    if (found === undefined) {
      matches++;
      if (keyword === 'anyOf') return undefined;
    } else if (deepest === undefined || found.valuePath.length > deepest.valuePath.length) {
      deepest = found;
    }
  }
  if (matches === 1) return undefined;
  if (matches > 1) {
    return violation(
      `${path}/oneOf`,
      'oneOf',
      () => `exactly one oneOf branch to match (${matches} do)`,
      value,
    );
  }
  if (deepest !== undefined && deepest.valuePath.length > 0) {
    return { ...deepest, schemaPath: `${path}/${keyword}` };
  }
  return violation(
    `${path}/${keyword}`,
    keyword,
    () => branches.map((branch) => describeSchema(branch)).join(', or '),
    value,
  );
}

function findStringViolation(
  value: string,
  schema: SchemaObject,
  path: string,
  context: CheckContext,
): Violation | undefined {
  if (typeof schema.minLength === 'number' || typeof schema.maxLength === 'number') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) {
      return violation(
        `${path}/minLength`,
        'minLength',
        () => `a string of at least ${schema.minLength} characters`,
        value,
      );
    }
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
      return violation(
        `${path}/maxLength`,
        'maxLength',
        () => `a string of at most ${schema.maxLength} characters`,
        value,
      );
    }
  }
  if (typeof schema.pattern === 'string') {
    const pattern = cachedPattern(schema.pattern);
    if (pattern === null || !pattern.test(value)) {
      return violation(
        `${path}/pattern`,
        'pattern',
        () => `a string matching /${schema.pattern}/`,
        value,
      );
    }
  }
  if (context.formats && typeof schema.format === 'string') {
    const format = FORMAT_CHECKS[schema.format];
    if (format !== undefined && !format(value)) {
      return violation(
        `${path}/format`,
        'format',
        () => `a string in format "${schema.format}"`,
        value,
      );
    }
  }
  return undefined;
}

function findNumberViolation(
  value: number,
  schema: SchemaObject,
  path: string,
): Violation | undefined {
  const bound = (keyword: string, words: () => string) =>
    violation(`${path}/${keyword}`, keyword, () => `a number ${words()}`, value);
  if (typeof schema.minimum === 'number' && value < schema.minimum) {
    return bound('minimum', () => `>= ${schema.minimum}`);
  }
  if (typeof schema.maximum === 'number' && value > schema.maximum) {
    return bound('maximum', () => `<= ${schema.maximum}`);
  }
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) {
    return bound('exclusiveMinimum', () => `> ${schema.exclusiveMinimum}`);
  }
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) {
    return bound('exclusiveMaximum', () => `< ${schema.exclusiveMaximum}`);
  }
  if (schema.exclusiveMinimum === true && value === schema.minimum) {
    return bound('minimum', () => `> ${schema.minimum}`);
  }
  if (schema.exclusiveMaximum === true && value === schema.maximum) {
    return bound('maximum', () => `< ${schema.maximum}`);
  }
  if (typeof schema.multipleOf === 'number' && !isMultipleOf(value, schema.multipleOf)) {
    return bound('multipleOf', () => `that is a multiple of ${schema.multipleOf}`);
  }
  return undefined;
}

function findArrayViolation(
  value: unknown[],
  schema: SchemaObject,
  path: string,
  context: CheckContext,
  hops: number,
): Violation | undefined {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
    return violation(
      `${path}/minItems`,
      'minItems',
      () => `at least ${schema.minItems} items`,
      value,
    );
  }
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
    return violation(
      `${path}/maxItems`,
      'maxItems',
      () => `at most ${schema.maxItems} items`,
      value,
    );
  }
  const tuple = Array.isArray(schema.items);
  const prefix = tuple
    ? schema.items as unknown[]
    : Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : [];
  const rest = tuple ? schema.additionalItems : schema.items;
  for (const [index, item] of value.entries()) {
    const itemSchema = index < prefix.length ? prefix[index] : rest;
    if (itemSchema === undefined) continue;
    const itemPath = index < prefix.length
      ? `${path}/${tuple ? 'items' : 'prefixItems'}/${index}`
      : `${path}/${tuple ? 'additionalItems' : 'items'}`;
    const found = within(
      index,
      findViolation(item, itemSchema as JsonSchema, itemPath, context, hops + 1),
    );
    if (found !== undefined) return found;
  }
  if (schema.uniqueItems === true && new Set(value.map(stableKey)).size !== value.length) {
    return violation(`${path}/uniqueItems`, 'uniqueItems', 'unique items', value);
  }
  return undefined;
}

function findObjectViolation(
  value: Record<string, unknown>,
  schema: SchemaObject,
  path: string,
  context: CheckContext,
  hops: number,
): Violation | undefined {
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required) && context.required !== 'none') {
    for (const entry of schema.required) {
      const name = String(entry);
      if (!(name in value) && requiredCounts(properties[name], context)) {
        return within(
          name,
          violation(
            `${path}/required`,
            'required',
            () => `property "${name}" (required)`,
            undefined,
            true,
          ),
        );
      }
    }
  }
  const count = Object.keys(value).length;
  if (typeof schema.minProperties === 'number' && count < schema.minProperties) {
    return violation(
      `${path}/minProperties`,
      'minProperties',
      () => `at least ${schema.minProperties} properties`,
      value,
    );
  }
  if (typeof schema.maxProperties === 'number' && count > schema.maxProperties) {
    return violation(
      `${path}/maxProperties`,
      'maxProperties',
      () => `at most ${schema.maxProperties} properties`,
      value,
    );
  }
  for (const [name, item] of Object.entries(value)) {
    const known = name in properties;
    const sub = known ? properties[name] : schema.additionalProperties;
    if (sub === undefined) continue;
    if (sub === false && !known) {
      return within(
        name,
        violation(`${path}/additionalProperties`, 'additionalProperties', () => {
          const allowed = Object.keys(properties);
          return `no property "${name}" (the schema allows ${
            allowed.length === 0 ? 'none' : allowed.join(', ')
          })`;
        }, item),
      );
    }
    const found = within(
      name,
      findViolation(
        item,
        sub as JsonSchema,
        known ? `${path}/properties/${escapePointer(name)}` : `${path}/additionalProperties`,
        context,
        hops + 1,
      ),
    );
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether an absent listed property is a violation under the context's rule. */
function requiredCounts(property: unknown, context: CheckContext): boolean {
  return context.required === 'all' || !(isObject(property) && 'default' in property);
}

/** A short description of a schema, for the branches of a union. */
function describeSchema(schema: unknown): string {
  if (schema === true) return 'any value';
  if (!isObject(schema)) return 'no value';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return `one of ${listValues(schema.enum)}`;
  if (schema.type !== undefined) return [schema.type].flat().map(String).join(' or ');
  if (typeof schema.$ref === 'string') return schema.$ref;
  return 'a schema';
}

function listValues(values: readonly unknown[]): string {
  return values.map((member) => JSON.stringify(member)).join(', ');
}

const patternCache = new Map<string, RegExp | null>();

/** Each distinct pattern is compiled once; an invalid one accepts nothing (`null`). */
function cachedPattern(source: string): RegExp | null {
  let pattern = patternCache.get(source);
  if (pattern === undefined) {
    try {
      pattern = new RegExp(source, 'u');
    } catch {
      try {
        pattern = new RegExp(source);
      } catch {
        pattern = null;
      }
    }
    patternCache.set(source, pattern);
  }
  return pattern;
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;

/**
 * The well-known formats, each checked permissively: a value these reject is
 * wrong by any reading of the format; anything unusual but possible passes.
 */
const FORMAT_CHECKS: Record<string, (value: string) => boolean> = {
  email: (value) => /^[^\s@]+@[^\s@]+$/.test(value),
  uri: (value) => /^[A-Za-z][A-Za-z\d+.-]*:\S*$/.test(value),
  url: (value) => /^[A-Za-z][A-Za-z\d+.-]*:\S*$/.test(value),
  uuid: (value) => /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i.test(value),
  date: (value) => DATE.test(value),
  time: (value) => TIME.test(value),
  'date-time': (value) => {
    const separator = value.search(/[Tt ]/);
    return separator === 10 && DATE.test(value.slice(0, 10)) && TIME.test(value.slice(11)) &&
      /([Zz]|[+-]\d\d:?\d\d)$/.test(value);
  },
  ipv4: (value) =>
    /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(value) &&
    value.split('.').every((part) => Number(part) <= 255),
  ipv6: (value) => value.includes(':') && /^[\da-fA-F:.]+(%.+)?$/.test(value),
};

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return false;
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  return stableKey(a) === stableKey(b);
}

/** A plain object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schema a local JSON pointer (`#`, `#/$defs/…`) names in `root`, or
 * `undefined` when it is not local or names no schema.
 */
export function resolvePointer(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let target: unknown = root;
  const pointer = ref.slice(1);
  if (pointer !== '') {
    for (const raw of pointer.split('/').slice(1)) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[key] : undefined;
    }
  }
  return typeof target === 'boolean' || isObject(target) ? target as JsonSchema : undefined;
}

/** A JSON pointer segment for a property name. */
export function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A key equal for equal JSON values, whatever their key order. */
export function stableKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
  if (isObject(value)) {
    return `{${
      Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${stableKey(value[key])}`)
        .join(',')
    }}`;
  }
  return JSON.stringify(value);
}

/** The digits after the decimal point in the shortest form of `value` (1e-7 has 7). */
export function decimalPlaces(value: number): number {
  const [digits, exponent = '0'] = String(value).split('e');
  const fraction = digits.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

/**
 * Whether `value` is a multiple of `multipleOf` in decimal: 1.23 is one of 0.01,
 * although 1.23 % 0.01 is not 0 in binary floating point. Both are scaled to
 * integers by their decimals; where that is not exact, the quotient decides.
 */
export function isMultipleOf(value: number, multipleOf: number): boolean {
  const scale = 10 ** Math.max(decimalPlaces(value), decimalPlaces(multipleOf));
  const scaledValue = Math.round(value * scale);
  const scaledStep = Math.round(multipleOf * scale);
  if (Number.isSafeInteger(scaledValue) && Number.isSafeInteger(scaledStep)) {
    return scaledValue % scaledStep === 0;
  }
  return Number.isInteger(value / multipleOf);
}
