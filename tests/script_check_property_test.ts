// Properties of the check of scripted arguments: arguments generated to match a
// tool's schema (by AutoModel's generator) are accepted, and one mutation that
// breaks the schema is rejected at exactly the mutated path.
import assert from 'node:assert/strict';
import { tool } from '@openai/agents';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { z } from 'zod';
import { checkOutput, formatPath } from '../_internal/script_check.ts';
import { generateSchemaValue, type JsonSchema } from '../testing/_shared/_schema_values.ts';
import { describe, test } from './_harness.ts';
import { checkProperty } from './_property.ts';

const noop = () => 'ok';

/** Wire schemas as the SDK sends them: strict zod tools and hand-written non-strict ones. */
const tools: { name: string; strict: boolean; parameters: JsonSchema }[] = [
  tool({
    name: 'book',
    description: 'Books.',
    parameters: z.object({
      traveller: z.object({ name: z.string(), loyalty: z.string().nullable() }),
      legs: z.array(z.object({
        from: z.string(),
        cabin: z.enum(['economy', 'business']),
        seats: z.number().int(),
      })),
      refundable: z.boolean(),
      notes: z.string().optional(),
      budget: z.union([z.number(), z.string()]),
    }),
    execute: noop,
  }),
  tool({
    name: 'tag',
    description: 'Tags.',
    parameters: z.object({
      ids: z.array(z.string()),
      meta: z.object({ owner: z.object({ team: z.string(), level: z.number() }) }),
      mode: z.enum(['add', 'remove']).default('add'),
    }),
    execute: noop,
  }),
  {
    name: 'loose',
    strict: false,
    parameters: {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        count: { type: 'integer', minimum: 0, maximum: 20 },
        flags: { type: 'array', items: { type: 'boolean' }, maxItems: 4 },
        window: {
          type: 'object',
          properties: { from: { type: 'string', format: 'date' }, days: { type: 'number' } },
          required: ['from'],
          additionalProperties: false,
        },
      },
      required: ['email'],
      additionalProperties: false,
    },
  },
].map((t) => ({
  name: t.name,
  strict: t.strict !== false,
  parameters: t.parameters as JsonSchema,
}));

// A reference validator (tests only): the mutations must break the schema by its reading too.
// deno-lint-ignore no-explicit-any
const ajv = new (Ajv as any)({ strict: false, allErrors: false });
// deno-lint-ignore no-explicit-any
(addFormats as any)(ajv);
const validators = tools.map((t) => ajv.compile(t.parameters) as (value: unknown) => boolean);

function requestFor(index: number) {
  const t = tools[index];
  return {
    tools: [{ type: 'function', name: t.name, parameters: t.parameters, strict: t.strict }],
    handoffs: [],
    outputType: 'text',
  };
}

function callOf(index: number, args: unknown) {
  return {
    type: 'function_call',
    name: tools[index].name,
    callId: 'c1',
    status: 'completed',
    arguments: JSON.stringify(args),
  };
}

type Site = { path: (string | number)[]; kind: 'leaf' | 'object'; type: string };

/**
 * The places of `value` where one mutation certainly breaks `schema`: leaves
 * whose schema is a single plain type, and objects that allow no other property.
 */
function sites(value: unknown, schema: unknown, path: (string | number)[] = []): Site[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, unknown>;
  if (s.anyOf !== undefined || s.oneOf !== undefined) return [];
  const found: Site[] = [];
  if (typeof s.type === 'string' && ['string', 'number', 'integer', 'boolean'].includes(s.type)) {
    found.push({ path, kind: 'leaf', type: s.type });
  }
  if (Array.isArray(value) && typeof s.items === 'object') {
    value.forEach((item, index) => found.push(...sites(item, s.items, [...path, index])));
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    if (s.additionalProperties === false) found.push({ path, kind: 'object', type: 'object' });
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    for (const [key, item] of Object.entries(value)) {
      found.push(...sites(item, properties[key], [...path, key]));
    }
  }
  return found;
}

const WRONG: Record<string, unknown> = {
  string: 7,
  number: 'seven',
  integer: 'seven',
  boolean: 'yes',
};

type Node = Record<string | number, unknown>;
const at = (root: unknown, path: readonly (string | number)[]): Node =>
  path.reduce<Node>((node, key) => node[key] as Node, root as Node);

function mutate(value: unknown, site: Site): { value: unknown; path: (string | number)[] } {
  const copy = structuredClone(value);
  if (site.kind === 'object') {
    at(copy, site.path).zz_extra = 1;
    return { value: copy, path: [...site.path, 'zz_extra'] };
  }
  if (site.path.length === 0) return { value: WRONG[site.type], path: [] };
  at(copy, site.path.slice(0, -1))[site.path[site.path.length - 1]] = WRONG[site.type];
  return { value: copy, path: site.path };
}

describe('strict scripts: properties of the argument check', () => {
  test('arguments generated to match the schema are accepted', () => {
    checkProperty(
      200,
      fc.property(fc.nat(tools.length - 1), fc.integer(), (index, seed) => {
        const generated = generateSchemaValue(tools[index].parameters, { seed });
        if (!generated.ok) return;
        assert.ok(validators[index](generated.value));
        const found = checkOutput(requestFor(index), [callOf(index, generated.value)]);
        assert.equal(found, undefined, JSON.stringify(generated.value));
      }),
    );
  });

  test('one schema-breaking mutation is rejected with the mutated path', () => {
    checkProperty(
      200,
      fc.property(fc.nat(tools.length - 1), fc.integer(), fc.nat(), (index, seed, pick) => {
        const generated = generateSchemaValue(tools[index].parameters, { seed });
        if (!generated.ok) return;
        const candidates = sites(generated.value, tools[index].parameters);
        if (candidates.length === 0) return;
        const mutated = mutate(generated.value, candidates[pick % candidates.length]);
        assert.equal(validators[index](mutated.value), false, 'ajv accepts the mutation');
        const found = checkOutput(requestFor(index), [callOf(index, mutated.value)]);
        assert.equal(found?.reason, 'invalid_arguments', JSON.stringify(mutated.value));
        assert.equal(found?.path, formatPath(mutated.path));
        assert.equal(found?.toolName, tools[index].name);
      }),
    );
  });

  test('paths are written as a reader writes them', () => {
    assert.equal(formatPath([]), '');
    assert.equal(formatPath(['items', 2, 'sku']), 'items[2].sku');
    assert.equal(formatPath(['a b', 0]), '["a b"][0]');
    assert.equal(formatPath([0, '$ok', '_x']), '[0].$ok._x');
  });
});
