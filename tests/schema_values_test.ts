// Property tests of the private schema-value generator (testing/_shared/_schema_values.ts):
// for many random schemas and seeds, every value it returns is accepted by a real
// validator (ajv for raw JSON schemas, zod for zod-made ones, the SDK's own tool
// parser for the strict schemas `tool()` derives), the same seed gives the same
// value, and what it cannot satisfy is reported with a schema path.
import assert from 'node:assert/strict';
import { RunContext, tool } from '@openai/agents';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { z } from 'zod';
import { generateSchemaValue, type JsonSchema } from '../testing/_shared/_schema_values.ts';
import { hashString } from '../testing/_shared/_seeded_random.ts';
import { describe, test } from './_harness.ts';
import { propertyParameters } from './_property.ts';

// Multiples are decimal (1.96 is a multiple of 0.01, as zod counts it); ajv needs a
// precision to count them so rather than by the binary remainder.
// deno-lint-ignore no-explicit-any
const ajv = new (Ajv2020 as any)({ strict: false, allErrors: false, multipleOfPrecision: 9 });
// deno-lint-ignore no-explicit-any
(addFormats as any)(ajv);

/** As the generator does: Unicode mode when the pattern allows it, else the legacy grammar. */
function compile(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

function validate(schema: JsonSchema, value: unknown): boolean {
  const check = ajv.compile(schema);
  return check(value) as boolean;
}

const FORMATS = ['email', 'uri', 'date-time', 'date', 'uuid', 'ipv4', 'ipv6', 'hostname'];
const PATTERNS = [
  '^[a-z]{3,5}$',
  '^\\d{3}-\\d{4}$',
  '^(foo|bar)+$',
  '^[A-Z][a-z]*$',
  '^#[0-9a-fA-F]{6}$',
  '^(?!admin)[a-z]+$',
  '[0-9]',
  '^\\w+@\\w+\\.com$',
];

/** Raw JSON schemas that some value satisfies, by construction. */
const rawSchema: fc.Arbitrary<Record<string, unknown>> = fc.letrec<
  { schema: Record<string, unknown>; leaf: Record<string, unknown> }
>((tie) => ({
  leaf: fc.oneof(
    fc.record({ min: fc.nat(6), extra: fc.nat(10) }).map(({ min, extra }) => ({
      type: 'string',
      minLength: min,
      maxLength: min + extra,
    })),
    fc.constantFrom(...FORMATS).map((format) => ({ type: 'string', format })),
    fc.constantFrom(...PATTERNS).map((pattern) => ({ type: 'string', pattern })),
    fc.record({ min: fc.integer({ min: -1000, max: 1000 }), span: fc.nat(50) }).map((
      { min, span },
    ) => ({ type: 'integer', minimum: min, maximum: min + span })),
    fc.record({
      min: fc.double({ min: -100, max: 100, noNaN: true }),
      span: fc.double({ min: 0.5, max: 100, noNaN: true }),
    })
      .map(({ min, span }) => ({ type: 'number', exclusiveMinimum: min, maximum: min + span })),
    fc.constantFrom(0.5, 3, 0.25, 7, 0.01, 0.1, 1000).map((multipleOf) => ({
      type: 'number',
      multipleOf,
    })),
    fc.record({ multipleOf: fc.constantFrom(0.01, 0.1, 0.3, 250), bound: fc.integer() }).map((
      { multipleOf, bound },
    ) => ({ type: 'number', [bound % 2 === 0 ? 'minimum' : 'maximum']: bound % 1000, multipleOf })),
    fc.constant({ type: 'integer', multipleOf: 5, minimum: 1 }),
    fc.constant({ type: 'boolean' }),
    fc.constant({ type: 'null' }),
    fc.constant({ type: ['string', 'null'] }),
    fc.uniqueArray(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), {
      minLength: 1,
      maxLength: 4,
    })
      .map((values) => ({ enum: values })),
    fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean()).map((value) => ({
      const: value,
    })),
    fc.constant({}),
  ),
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.record({
      properties: fc.dictionary(fc.stringMatching(/^[a-z][a-z_]{0,7}$/), tie('schema'), {
        maxKeys: 4,
      }),
      requiredMask: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      closed: fc.boolean(),
    }).map(({ properties, requiredMask, closed }) => ({
      type: 'object',
      properties,
      required: Object.keys(properties).filter((_, index) => requiredMask[index]),
      ...(closed ? { additionalProperties: false } : {}),
    })),
    fc.record({ items: tie('schema'), min: fc.nat(3), extra: fc.nat(3) }).map((
      { items, min, extra },
    ) => ({ type: 'array', items, minItems: min, maxItems: min + extra })),
    fc.array(tie('schema'), { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
    fc.constant({ oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] }),
    fc.record({ a: tie('schema'), b: tie('schema') }).map(({ a, b }) => ({
      allOf: [
        { type: 'object', properties: { a }, required: ['a'] },
        { type: 'object', properties: { b }, required: ['b'] },
      ],
    })),
    fc.constant({
      type: 'array',
      items: { type: 'integer', minimum: 0, maximum: 3 },
      uniqueItems: true,
      minItems: 2,
    }),
    fc.constant({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
      minItems: 2,
    }),
  ),
})).schema;

/** Wraps a schema behind `$ref`s to `$defs`, as generated schemas often are. */
const referenced = rawSchema.map((schema) => ({
  type: 'object',
  properties: {
    value: { $ref: '#/$defs/Value' },
    list: { type: 'array', items: { $ref: '#/$defs/Value' } },
  },
  required: ['value', 'list'],
  $defs: { Value: schema },
}));

describe('schema values', () => {
  test('every value generated for a raw JSON schema validates (ajv, 2020-12 with formats)', () => {
    fc.assert(
      fc.property(fc.oneof(rawSchema, referenced), fc.integer(), (schema, seed) => {
        const result = generateSchemaValue(schema, { seed });
        assert.ok(result.ok, `no value for ${JSON.stringify(schema)}: ${JSON.stringify(result)}`);
        assert.ok(
          validate(schema, result.value),
          `${JSON.stringify(result.value)} fails ${JSON.stringify(schema)}: ${
            JSON.stringify(ajv.errors)
          }`,
        );
      }),
      propertyParameters(300),
    );
  });

  test('the same seed gives the same value; other seeds vary it', () => {
    fc.assert(
      fc.property(rawSchema, fc.integer(), (schema, seed) => {
        const first = generateSchemaValue(schema, { seed });
        const second = generateSchemaValue(schema, { seed });
        assert.deepEqual(first, second);
      }),
      propertyParameters(100),
    );
    const schema = { type: 'string', minLength: 3, maxLength: 30 };
    const values = new Set(
      Array.from(
        { length: 20 },
        (_, seed) => JSON.stringify(generateSchemaValue(schema, { seed })),
      ),
    );
    assert.ok(values.size > 3);
  });

  test('values generated from zod-made schemas parse with zod', () => {
    const zodSchema = fc.letrec<{ node: z.ZodType; leaf: z.ZodType }>((tie) => ({
      leaf: fc.oneof(
        fc.record({ min: fc.nat(5), extra: fc.nat(8) }).map(({ min, extra }) =>
          z.string().min(min).max(min + extra)
        ),
        fc.constantFrom<z.ZodType>(
          z.email(),
          z.uuid(),
          z.url(),
          z.iso.datetime(),
          z.iso.date(),
          z.iso.time(),
          z.ipv4(),
          z.string().regex(/^[A-Z]{2}\d{2}$/),
          z.boolean(),
          z.null(),
          z.number().int().positive(),
          z.number().min(-5).lt(5),
          z.number().multipleOf(0.5),
          z.number().min(1).max(1000).multipleOf(0.01),
          z.number().positive().multipleOf(250),
          z.int().negative().multipleOf(0.5),
          z.int().gte(10).lte(12),
          z.literal('fixed'),
          z.enum(['red', 'green', 'blue']),
          z.string().startsWith('id_'),
          z.string().length(4),
        ),
      ),
      node: fc.oneof(
        { depthSize: 'small' },
        tie('leaf'),
        tie('leaf').map((inner) => inner.nullable()),
        fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), tie('node'), { maxKeys: 4 }).chain((
          shape,
        ) =>
          fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }).map((optional) =>
            z.object(
              Object.fromEntries(
                Object.entries(shape).map((
                  [key, inner],
                  i,
                ) => [key, optional[i] ? inner.optional() : inner]),
              ),
            )
          )
        ),
        fc.record({ inner: tie('node'), min: fc.nat(2) }).map(({ inner, min }) =>
          z.array(inner).min(min).max(min + 3)
        ),
        fc.tuple(tie('node'), tie('node')).map(([a, b]) => z.union([a, b])),
        fc.constant(
          z.discriminatedUnion('kind', [
            z.object({ kind: z.literal('circle'), radius: z.number().positive() }),
            z.object({ kind: z.literal('square'), side: z.number().int().min(1) }),
          ]),
        ),
      ),
    })).node;
    fc.assert(
      fc.property(zodSchema, fc.integer(), (schema, seed) => {
        const json = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
        const result = generateSchemaValue(json, { seed });
        assert.ok(result.ok, `no value for ${JSON.stringify(json)}: ${JSON.stringify(result)}`);
        const parsed = schema.safeParse(result.value);
        assert.ok(parsed.success, `${JSON.stringify(result.value)} fails ${JSON.stringify(json)}`);
      }),
      propertyParameters(300),
    );
  });

  test('values generated from the strict schema tool() derives pass the SDK tool parser', async () => {
    const shapes = fc.record({
      // The strict schema tool() derives keeps types, enums, literals, nullability and
      // shapes, but drops numeric bounds, formats and lengths; an unbounded number
      // is generated as a small positive integer, which int()/positive() accept.
      city: fc.constantFrom<z.ZodType>(z.string(), z.enum(['Tokyo', 'Paris']), z.literal('Oslo')),
      days: fc.constantFrom<z.ZodType>(z.number().int().positive(), z.number().nullable()),
      units: fc.constantFrom<z.ZodType>(
        z.enum(['c', 'f']).optional(),
        z.array(z.string()).max(2),
        z.object({ lat: z.number(), lon: z.number() }).nullable(),
        z.tuple([z.string(), z.number()]),
        z.record(z.string(), z.boolean()),
        z.discriminatedUnion('k', [
          z.object({ k: z.literal('a') }),
          z.object({ k: z.literal('b'), v: z.number() }),
        ]),
      ),
    });
    await fc.assert(
      fc.asyncProperty(shapes, fc.integer(), async (shape, seed) => {
        let received: unknown;
        const probe = tool({
          name: 'probe',
          description: 'records its input',
          parameters: z.object(shape),
          execute: (input) => {
            received = input;
            return 'ok';
          },
        });
        const result = generateSchemaValue(probe.parameters as JsonSchema, { seed });
        assert.ok(result.ok);
        const output = await probe.invoke(new RunContext(), JSON.stringify(result.value));
        assert.equal(output, 'ok');
        assert.ok(received !== undefined);
      }),
      propertyParameters(60),
    );
  });

  test('a recursive schema terminates and validates', () => {
    const schema = {
      $ref: '#/$defs/Node',
      $defs: {
        Node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/Node' } },
            parent: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/Node' }] },
          },
          required: ['name', 'children', 'parent'],
          additionalProperties: false,
        },
      },
    };
    for (let seed = 0; seed < 50; seed++) {
      const result = generateSchemaValue(schema, { seed });
      assert.ok(result.ok);
      assert.ok(validate(schema, result.value));
    }
    const zodTree: z.ZodType = z.lazy(() =>
      z.object({ label: z.string(), next: z.array(zodTree).max(2) })
    );
    const json = z.toJSONSchema(zodTree) as JsonSchema;
    for (let seed = 0; seed < 30; seed++) {
      const result = generateSchemaValue(json, { seed });
      assert.ok(result.ok, JSON.stringify(result));
      assert.ok(zodTree.safeParse(result.value).success);
    }
  });

  test('what it cannot satisfy is a failure with the schema path, never a value', () => {
    const cases: Array<[JsonSchema, string, string]> = [
      [
        { type: 'object', properties: { a: { not: { type: 'string' } } }, required: ['a'] },
        'unsupported_keyword',
        '#/properties/a/not',
      ],
      [{ type: 'string', minLength: 5, maxLength: 2 }, 'unsatisfiable', '#/minLength'],
      [{ type: 'integer', minimum: 1.2, maximum: 1.8 }, 'unsatisfiable', '#'],
      [
        { type: 'array', items: { type: 'string', pattern: '^\\p{Lt}$' }, minItems: 1 },
        'unsatisfiable_pattern',
        '#/items/pattern',
      ],
      [{ type: 'string', pattern: '^a{3}$', maxLength: 2 }, 'unsatisfiable_pattern', '#/pattern'],
      [
        { properties: { x: { $ref: '#/$defs/Missing' } }, required: ['x'] },
        'unresolved_ref',
        '#/properties/x/$ref',
      ],
      [
        { properties: { x: { $ref: 'https://example.com/s.json' } }, required: ['x'] },
        'unresolved_ref',
        '#/properties/x/$ref',
      ],
      [
        { type: 'object', required: ['a'], additionalProperties: false },
        'unsatisfiable',
        '#/required',
      ],
      [{ enum: ['a', 'b'], type: 'integer' }, 'unsatisfiable', '#/enum'],
      [
        { type: 'array', items: { enum: [1] }, uniqueItems: true, minItems: 2 },
        'unsatisfiable',
        '#/uniqueItems',
      ],
      [{ type: 'number', multipleOf: 10, minimum: 1, maximum: 9 }, 'unsatisfiable', '#'],
      [false, 'unsatisfiable', '#'],
      [{ allOf: [{ type: 'string' }, { type: 'integer' }] }, 'unsatisfiable', '#/allOf'],
      [{ type: 'widget' }, 'unsupported_keyword', '#/type'],
    ];
    for (const [schema, reason, schemaPath] of cases) {
      const result = generateSchemaValue(schema, { seed: 1 });
      assert.equal(result.ok, false, JSON.stringify(schema));
      if (!result.ok) {
        assert.equal(result.reason, reason, JSON.stringify(schema));
        assert.equal(result.schemaPath, schemaPath, JSON.stringify(schema));
        assert.ok(result.message.length > 0);
      }
    }
  });

  test('less common keywords: refs with siblings, allOf folding, inferred types, draft-4 bounds', () => {
    const satisfiable: JsonSchema[] = [
      true,
      { $ref: '#/$defs/Word', minLength: 3, $defs: { Word: { type: 'string', maxLength: 6 } } },
      {
        allOf: [
          { $ref: '#/$defs/Base' },
          { allOf: [{ properties: { b: { type: 'integer', minimum: 2 } }, required: ['b'] }] },
          true,
          { properties: { a: { type: 'string', minLength: 4 } }, minProperties: 2 },
        ],
        $defs: {
          Base: {
            type: 'object',
            properties: { a: { type: 'string', maxLength: 8 } },
            required: ['a'],
          },
        },
      },
      {
        allOf: [{ type: 'integer', minimum: 1, maximum: 9 }, {
          type: 'number',
          minimum: 3,
          maximum: 20,
        }],
      },
      { allOf: [{ type: 'string' }, { enum: ['x', 'y'] }] },
      { allOf: [{ type: 'string', minLength: 2 }, { pattern: '^z+$' }] },
      { items: { type: 'boolean' }, minItems: 1 },
      { minLength: 2 },
      { minimum: 3, maximum: 4 },
      { type: 'number', minimum: 5 },
      { type: 'number', maximum: -5 },
      { type: 'number', multipleOf: 0.25, minimum: 0.3, maximum: 0.6 },
      { type: 'object', required: ['free'], additionalProperties: { type: 'integer' } },
      {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
        maxProperties: 1,
      },
      { type: 'object', minProperties: 3 },
      { type: 'array', prefixItems: [{ const: 1 }], items: false },
      {
        type: 'array',
        items: [{ type: 'string' }, { type: 'integer' }],
        additionalItems: false,
        minItems: 2,
      },
      { type: 'string', nullable: true },
      { enum: [null, 'a'], type: ['string', 'null'] },
      {
        oneOf: [{ type: 'integer', minimum: 0, maximum: 0 }, {
          type: 'integer',
          minimum: 1,
          maximum: 1,
        }],
      },
    ];
    for (const schema of satisfiable) {
      for (let seed = 0; seed < 20; seed++) {
        const result = generateSchemaValue(schema, { seed });
        assert.ok(result.ok, `${JSON.stringify(schema)}: ${JSON.stringify(result)}`);
        if (typeof schema === 'object' && 'nullable' in schema) continue; // an OpenAPI keyword, not JSON Schema
        if (typeof schema === 'object' && Array.isArray(schema.items)) continue; // draft-4 tuples
        assert.ok(
          validate(schema, result.value),
          `${JSON.stringify(result.value)} fails ${JSON.stringify(schema)}`,
        );
      }
    }
    // Draft-4 boolean exclusive bounds.
    for (let seed = 0; seed < 20; seed++) {
      const result = generateSchemaValue(
        { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true },
        { seed },
      );
      assert.ok(result.ok && (result.value as number) > 0 && (result.value as number) < 1);
    }
  });

  test('any pattern ends in a matching string or a failure: never a hang, never a wrong value', () => {
    // Strings of regular-expression tokens; those the real RegExp rejects are skipped.
    const tokens = [...'ab0^$.|()[]{}?*+-\\dDwWsSpPuxkbBcnt<>=!:,123LNZ_ '];
    const pattern = fc.array(fc.constantFrom(...tokens), { maxLength: 12 }).map((t) => t.join(''));
    fc.assert(
      fc.property(pattern, fc.integer(), (source, seed) => {
        let regex: RegExp;
        try {
          regex = compile(source);
        } catch {
          return;
        }
        const result = generateSchemaValue({ type: 'string', pattern: source }, { seed });
        if (result.ok) assert.match(result.value as string, regex, `/${source}/`);
        else assert.equal(result.reason, 'unsatisfiable_pattern', `/${source}/`);
      }),
      propertyParameters(2000),
    );
  });

  test('without the u flag, \\p and \\P are letters: /\\p{L/ is "p{L"', () => {
    for (
      const [pattern, text] of [['^\\p{L$', 'p{L'], ['^a\\pb$', 'apb'], ['^\\Pp{$', 'Pp{'], [
        // Greek is a script, not a category: only \p{Script=Greek} is valid with the u flag.
        '^\\p{Greek}$',
        'p{Greek}',
      ]]
    ) {
      assert.deepEqual(generateSchemaValue({ type: 'string', pattern }, { seed: 1 }), {
        ok: true,
        value: text,
      });
    }
  });

  test('patterns: classes, escapes, quantifiers, groups and lookarounds', () => {
    const patterns = [
      '^[\\w.-]+$',
      '^[^0-9]{3}$',
      '^\\D\\W\\S$',
      '^\\u0041\\x42\\u{43}$',
      '^\\p{L}+\\p{N}\\P{L}$',
      '^(?<year>\\d{4})-(?:0[1-9]|1[0-2])$',
      '^a+?b*?c??d{2,}e{1,3}$',
      '^(?<!x)y$',
      '^a{x$',
      '^\\n?\\t?\\.[a\\-z]$',
      '^.{2}$',
      '^(red|green|blue)$',
    ];
    for (const pattern of patterns) {
      for (let seed = 0; seed < 10; seed++) {
        const result = generateSchemaValue({ type: 'string', pattern }, { seed });
        assert.ok(result.ok, `/${pattern}/: ${JSON.stringify(result)}`);
        assert.match(result.value as string, compile(pattern));
      }
    }
    // A pattern valid only without the u flag is still honoured.
    const legacy = generateSchemaValue({ type: 'string', pattern: '^[\\w-a]$' }, { seed: 1 });
    assert.ok(legacy.ok && /^[\w-a]$/.test(legacy.value as string));
    for (const pattern of ['(', '^\\p{Script=Greek}$', '^[^\\w\\W]$', '^(a$', '^[ab$']) {
      const result = generateSchemaValue({ type: 'string', pattern }, { seed: 1 });
      assert.equal(result.ok, false, pattern);
      if (!result.ok) assert.equal(result.reason, 'unsatisfiable_pattern', pattern);
    }
  });

  test('more unsatisfiable schemas', () => {
    const cases: Array<[JsonSchema, string]> = [
      [{ $ref: '#' }, 'unsatisfiable'],
      [{ allOf: [{ $ref: '#/$defs/No' }], $defs: { No: false } }, 'unsatisfiable'],
      [{ allOf: [false] }, 'unsatisfiable'],
      [
        { allOf: [{ type: 'string', pattern: '^a+$' }, { type: 'string', pattern: '^b+$' }] },
        'unsatisfiable',
      ],
      [{ anyOf: [{ not: {} }, { type: 'string', minLength: 3, maxLength: 1 }] }, 'unsatisfiable'],
      [{ oneOf: [{ type: 'string' }, { type: 'string' }] }, 'unsatisfiable'],
      [{ type: [] }, 'unsatisfiable'],
      [{ type: 'number', minimum: 5, exclusiveMinimum: 5, maximum: 5 }, 'unsatisfiable'],
      [{ type: 'array', minItems: 3, maxItems: 1 }, 'unsatisfiable'],
      [
        { type: 'array', prefixItems: [{ type: 'string' }], items: false, minItems: 2 },
        'unsatisfiable',
      ],
      [{ type: 'object', minProperties: 1, additionalProperties: false }, 'unsatisfiable'],
      [{ type: 'object', required: ['a', 'b'], maxProperties: 1 }, 'unsatisfiable'],
      [{ type: 'object', properties: { a: 3 }, required: ['a'] }, 'unsupported_keyword'],
    ];
    for (const [schema, reason] of cases) {
      const result = generateSchemaValue(schema, { seed: 2 });
      assert.equal(result.ok, false, JSON.stringify(schema));
      if (!result.ok) assert.equal(result.reason, reason, JSON.stringify(schema));
    }
  });

  test('per-tool seeds are stable hashes', () => {
    assert.equal(hashString('get_weather'), hashString('get_weather'));
    assert.notEqual(hashString('get_weather'), hashString('get_time'));
    // The published FNV-1a (32-bit) test vectors: the per-tool seeds, and so every value
    // AutoModel generates, stay the same across versions and runtimes.
    assert.equal(hashString(''), 0x811c9dc5);
    assert.equal(hashString('a'), 0xe40c292c);
    assert.equal(hashString('foobar'), 0xbf9cf968);
  });
});
