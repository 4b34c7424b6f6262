/**
 * The values a behaviour sends: tool and handoff arguments and structured
 * outputs, made from a seed by the schema generator `AutoModel` uses
 * (`_schema_values.ts`), then moved to the schema's bounds (`boundary`) or
 * broken in one place (`invalid`). Seed `0` is the simplest value: optional
 * fields left out and arrays minimal, so shrinking a seed simplifies a value.
 *
 * @module
 */

import { checkSchemaValue, isObject, type JsonSchema } from '../../_internal/schema_check.ts';
import { generateSchemaValue } from '../_shared/_schema_values.ts';
import { hashString } from '../_shared/_seeded_random.ts';
import type { AutoModelSchema } from '../auto_model/auto_model_types.ts';
import type { BehaviourValueMode } from './model_behaviour_types.ts';

/** Candidates tried against a richer schema's own validation before giving up. */
const VALIDATION_ATTEMPTS = 8;

type StandardJsonSchema = {
  validate: (value: unknown) => unknown;
  jsonSchema: { input: (options: { target: string }) => unknown };
};

/** What a value target asks for. */
export interface ValueTarget {
  /** The tool, handoff or output name, which salts the seed. */
  readonly name: string;
  /** The schema the request sent. */
  readonly sent: JsonSchema;
  /** A richer schema to generate from, when the user gave one. */
  readonly richer: AutoModelSchema | undefined;
  /** The seed; `0` gives the simplest value. */
  readonly seed: number;
  /** The mode. */
  readonly mode: BehaviourValueMode;
}

/** A made value, or why none could be made. */
export type MadeValue =
  | { readonly ok: true; readonly value: unknown; readonly mode: BehaviourValueMode }
  | { readonly ok: false; readonly schemaPath: string; readonly message: string };

const standardCache = new WeakMap<object, JsonSchema>();

function standardOf(schema: AutoModelSchema | undefined): StandardJsonSchema | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const standard = (schema as { '~standard'?: Partial<StandardJsonSchema> })['~standard'];
  if (
    typeof standard === 'object' && standard !== null && typeof standard.validate === 'function' &&
    typeof standard.jsonSchema?.input === 'function'
  ) {
    return standard as StandardJsonSchema;
  }
  return undefined;
}

function jsonOf(
  schema: AutoModelSchema | JsonSchema,
  standard: StandardJsonSchema | undefined,
): JsonSchema {
  if (standard === undefined || typeof schema !== 'object') return schema as JsonSchema;
  let json = standardCache.get(schema);
  if (json === undefined) {
    json = standard.jsonSchema.input({ target: 'draft-2020-12' }) as JsonSchema;
    standardCache.set(schema, json);
  }
  return json;
}

function generate(json: JsonSchema, name: string, seed: number, attempt: number) {
  return seed === 0 && attempt === 0
    ? generateSchemaValue(json, { seed: 0, maxDepth: 0 })
    : generateSchemaValue(json, { seed: (hashString(name) ^ (seed + attempt * 7919)) >>> 0 });
}

async function accepts(standard: StandardJsonSchema | undefined, value: unknown): Promise<boolean> {
  if (standard === undefined) return true;
  const verdict = await standard.validate(value) as { issues?: readonly unknown[] };
  return verdict.issues === undefined || verdict.issues.length === 0;
}

/** A value for `target`: valid (under the richer schema, if any), at its bounds, or broken. */
export async function makeValue(target: ValueTarget): Promise<MadeValue> {
  const schema = target.richer ?? target.sent;
  const standard = standardOf(target.richer);
  const json = jsonOf(schema, standard);
  let failure: MadeValue | undefined;
  for (let attempt = 0; attempt < (standard === undefined ? 1 : VALIDATION_ATTEMPTS); attempt++) {
    const result = generate(json, target.name, target.seed, attempt);
    if (!result.ok) return { ok: false, schemaPath: result.schemaPath, message: result.message };
    if (!await accepts(standard, result.value)) {
      failure = {
        ok: false,
        schemaPath: '#',
        message: `the schema's own validation rejected every candidate for "${target.name}"`,
      };
      continue;
    }
    if (target.mode === 'valid') return { ok: true, value: result.value, mode: 'valid' };
    const moved = target.mode === 'boundary'
      ? toBoundary(result.value, json, target.seed)
      : toInvalid(result.value, json, target.seed);
    if (moved === undefined) return { ok: true, value: result.value, mode: 'valid' };
    if (target.mode === 'boundary' && !await accepts(standard, moved)) {
      return { ok: true, value: result.value, mode: 'valid' };
    }
    return { ok: true, value: moved, mode: target.mode };
  }
  return failure as MadeValue;
}

type SchemaObject = { readonly [keyword: string]: unknown };

function propertiesOf(schema: JsonSchema): [string, SchemaObject][] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  return Object.entries(schema.properties).filter((entry): entry is [string, SchemaObject] =>
    isObject(entry[1])
  );
}

/** The value at a bound of `schema` (a number, a string length, an array length), or undefined. */
function boundOf(value: unknown, schema: SchemaObject, pick: number): unknown {
  if (typeof value === 'number') {
    const integer = schema.type === 'integer';
    const step = integer ? 1 : 0.5;
    const bounds = [
      typeof schema.minimum === 'number' ? schema.minimum : undefined,
      typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + step : undefined,
      typeof schema.maximum === 'number' ? schema.maximum : undefined,
      typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - step : undefined,
    ].filter((bound) => bound !== undefined);
    if (bounds.length === 0) return integer ? 0 : undefined;
    return bounds[pick % bounds.length];
  }
  if (typeof value === 'string' && schema.format === undefined && schema.pattern === undefined) {
    const lengths = [schema.minLength, schema.maxLength].filter((n) => typeof n === 'number');
    if (lengths.length === 0) return '';
    return 'x'.repeat(lengths[pick % lengths.length] as number);
  }
  if (Array.isArray(value)) {
    const lengths = [schema.minItems, schema.maxItems].filter((n) => typeof n === 'number');
    const length = lengths.length === 0 ? 0 : lengths[pick % lengths.length] as number;
    if (length <= value.length) return value.slice(0, length);
    return [...value, ...Array(length - value.length).fill(value[0])].slice(0, length);
  }
  return undefined;
}

/**
 * `value` with its top-level fields (or itself) moved to a bound of their
 * schema, where the result is still valid; undefined when nothing moved.
 */
function toBoundary(value: unknown, schema: JsonSchema, seed: number): unknown {
  if (!isObject(value)) {
    if (!isObject(schema)) return undefined;
    const bound = boundOf(value, schema, seed);
    return bound !== undefined && checkSchemaValue(bound, schema) === undefined ? bound : undefined;
  }
  const moved: Record<string, unknown> = { ...value };
  let changed = false;
  propertiesOf(schema).forEach(([key, property], index) => {
    if (!(key in moved)) return;
    const bound = boundOf(moved[key], property, seed + index);
    if (bound === undefined) return;
    const candidate = { ...moved, [key]: bound };
    if (checkSchemaValue(candidate, schema) !== undefined) return;
    moved[key] = bound;
    changed = true;
  });
  return changed ? moved : undefined;
}

/** The ways one field of an object is broken, in the order `seed` picks from. */
const BREAKS = ['type', 'bound', 'missing'] as const;

function broken(value: unknown, property: SchemaObject, how: typeof BREAKS[number]): unknown {
  if (how === 'type') return typeof value === 'string' ? 0 : 'not a ' + typeof value;
  if (how === 'bound') {
    if (typeof property.maximum === 'number') return property.maximum + 1;
    if (typeof property.minimum === 'number') return property.minimum - 1;
    if (typeof property.exclusiveMaximum === 'number') return property.exclusiveMaximum;
    if (typeof property.exclusiveMinimum === 'number') return property.exclusiveMinimum;
    if (typeof property.maxLength === 'number') return 'x'.repeat(property.maxLength + 1);
    if (typeof property.minLength === 'number' && property.minLength > 0) return '';
    if (Array.isArray(property.enum)) return 'not one of the enum values';
  }
  return undefined;
}

/**
 * `value` broken in one field so that `schema` rejects it (a wrong type, a
 * value past a bound, a required field left out), or undefined when no break
 * makes it invalid.
 */
function toInvalid(value: unknown, schema: JsonSchema, seed: number): unknown {
  const candidates: unknown[] = [];
  if (isObject(value)) {
    const properties = propertiesOf(schema);
    const required = isObject(schema) && Array.isArray(schema.required) ? schema.required : [];
    for (let offset = 0; offset < properties.length; offset++) {
      const [key, property] = properties[(seed + offset) % properties.length];
      for (let turn = 0; turn < BREAKS.length; turn++) {
        const how = BREAKS[(seed + turn) % BREAKS.length];
        if (how === 'missing') {
          if (!required.includes(key)) continue;
          const { [key]: _left, ...rest } = value;
          candidates.push(rest);
          continue;
        }
        const bad = broken(value[key], property, how);
        if (bad !== undefined) candidates.push({ ...value, [key]: bad });
      }
    }
  } else {
    candidates.push(typeof value === 'string' ? 0 : 'not a ' + typeof value);
  }
  return candidates.find((candidate) => checkSchemaValue(candidate, schema) !== undefined);
}
