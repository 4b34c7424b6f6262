// Keyword handling of the schema-value generator (testing/_shared/_schema_values.ts) that the
// validity properties cannot see: a schema's value may be valid and still not be the one
// the schema describes (a string for a schema that lists properties), and annotations,
// `$ref` pointers and the keywords beside `anyOf`/`oneOf` must be read exactly as JSON
// Schema defines them.
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import { generateSchemaValue, type JsonSchema } from '../testing/_shared/_schema_values.ts';
import { describe, test } from './_harness.ts';

// deno-lint-ignore no-explicit-any
const ajv = new (Ajv2020 as any)({ strict: false, allErrors: false, logger: false });

const SEEDS = 24;

function values(schema: JsonSchema, seeds = SEEDS, maxDepth?: number): unknown[] {
  return Array.from({ length: seeds }, (_, seed) => {
    const result = generateSchemaValue(schema, {
      seed,
      ...(maxDepth === undefined ? {} : { maxDepth }),
    });
    assert.ok(result.ok, `${JSON.stringify(schema)}, seed ${seed}: ${JSON.stringify(result)}`);
    return result.value;
  });
}

const distinct = (items: unknown[]) =>
  [...new Set(items.map((item) => JSON.stringify(item)))].sort();

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

const ANNOTATIONS: Record<string, unknown> = {
  title: 'Title',
  description: 'What it is',
  default: 'fallback',
  examples: ['example'],
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://example.com/schemas/thing',
  $comment: 'a note',
  deprecated: true,
  readOnly: true,
  writeOnly: false,
  $defs: { Unused: { type: 'integer' } },
  definitions: { Unused: { type: 'integer' } },
  id: 'thing',
};

describe('schema values: keywords', () => {
  test('annotations beside $ref or anyOf change nothing: the value is the bare schema one', () => {
    for (const [keyword, annotation] of Object.entries(ANNOTATIONS)) {
      for (let seed = 0; seed < 6; seed++) {
        const bare = generateSchemaValue(true, { seed });
        const viaRef = generateSchemaValue(
          { $ref: '#/$defs/Any', [keyword]: annotation, $defs: { Any: true } },
          { seed },
        );
        const viaAnyOf = generateSchemaValue({ anyOf: [true], [keyword]: annotation }, { seed });
        assert.deepEqual(viaRef, bare, `${keyword} beside $ref, seed ${seed}`);
        assert.deepEqual(viaAnyOf, bare, `${keyword} beside anyOf, seed ${seed}`);
      }
    }
  });

  test('keywords beside anyOf/oneOf apply to every branch', () => {
    const base = { properties: { a: { const: 1 } }, required: ['a'], description: 'base' };
    for (let seed = 0; seed < 6; seed++) {
      assert.deepEqual(
        generateSchemaValue({
          ...base,
          anyOf: [{ properties: { b: { const: 2 } }, required: ['b'] }],
        }, {
          seed,
        }),
        { ok: true, value: { a: 1, b: 2 } },
      );
      const oneOf = generateSchemaValue({
        ...base,
        oneOf: [
          { properties: { b: { const: 2 } }, required: ['b'] },
          { properties: { c: { const: 3 } }, required: ['c'] },
        ],
      }, { seed });
      assert.ok(oneOf.ok);
      assert.ok(
        [JSON.stringify({ a: 1, b: 2 }), JSON.stringify({ a: 1, c: 3 })].includes(
          JSON.stringify(oneOf.value),
        ),
        JSON.stringify(oneOf.value),
      );
    }
  });

  test('anyOf accepts a value that several branches match; oneOf needs exactly one', () => {
    const anyOf = { anyOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] };
    for (const value of values(anyOf)) assert.equal(typeof value, 'string');
    // Two identical branches: never exactly one match, so oneOf cannot be met.
    assert.deepEqual(
      generateSchemaValue({ oneOf: [{ type: 'string' }, { type: 'string' }] }, { seed: 1 }),
      {
        ok: false,
        reason: 'unsatisfiable',
        schemaPath: '#/oneOf',
        message: 'no branch of #/oneOf can be met',
      },
    );
  });

  test('a branch whose value does not meet it is passed over for another', () => {
    // The first branch's parts cannot both hold: its value fails it, the other branch is used.
    const impossible = {
      allOf: [{ type: 'string', pattern: '^a+$' }, { type: 'string', pattern: '^b+$' }],
    };
    for (const keyword of ['anyOf', 'oneOf']) {
      const schema = { [keyword]: [impossible, { const: 'ok' }] };
      assert.deepEqual(distinct(values(schema, 8)), ['"ok"'], keyword);
    }
  });

  test('a schema without "type" gets the type its keywords describe', () => {
    const cases: Array<[JsonSchema, string[]]> = [
      [{ properties: { a: { const: 1 } } }, ['object']],
      [{ required: ['a'] }, ['object']],
      [{ additionalProperties: { type: 'integer' } }, ['object']],
      [{ items: { type: 'integer' } }, ['array']],
      [{ prefixItems: [{ const: 1 }] }, ['array']],
      [{ minItems: 1 }, ['array']],
      [{ minLength: 1 }, ['string']],
      [{ maxLength: 4 }, ['string']],
      [{ pattern: '^x+$' }, ['string']],
      [{ format: 'date' }, ['string']],
      [{ minimum: 1 }, ['number']],
      [{ maximum: -1 }, ['number']],
      [{ multipleOf: 0.5 }, ['integer', 'number']],
      [{}, ['string']],
      // Keywords of several types: object, then array, then string, then number.
      [{ minLength: 2, minimum: 5 }, ['string']],
      [{ maxLength: 2, maximum: 5 }, ['string']],
      [{ pattern: '^x+$', multipleOf: 2 }, ['string']],
      [{ format: 'date', minimum: 1 }, ['string']],
      [{ minItems: 1, minLength: 3 }, ['array']],
      [{ required: [], items: { type: 'integer' } }, ['object']],
      [{ type: 'string', nullable: true }, ['null', 'string']],
      [{ type: ['string', 'null'], nullable: true }, ['null', 'string']],
      [{ type: ['string', 'integer'] }, ['integer', 'string']],
      [{ type: ['null'] }, ['null']],
    ];
    for (const [schema, kinds] of cases) {
      const seen = [...new Set(values(schema).map(kindOf))].sort();
      assert.deepEqual(seen, kinds, JSON.stringify(schema));
      if (typeof schema === 'object' && !('nullable' in schema)) {
        for (const value of values(schema, 4)) assert.ok(ajv.validate(schema, value));
      }
    }
    // `required` without `properties` still produces the required names.
    for (const value of values({ required: ['a'] })) assert.ok('a' in (value as object));
  });

  test('$ref pointers: ~1 and ~0 escapes, percent-encoding, boolean targets', () => {
    const cases: Array<[JsonSchema, unknown]> = [
      [
        { $ref: '#/$defs/a~1b/c~0d', $defs: { 'a/b': { 'c~d': { const: 'slash-tilde' } } } },
        'slash-tilde',
      ],
      // "~01" is "~1" (not "/"): ~1 is decoded before ~0.
      [
        { $ref: '#/$defs/~01', $defs: { '~1': { const: 'tilde-one' }, '/': { const: 'no' } } },
        'tilde-one',
      ],
      [{ $ref: '#/$defs/sp%20ace%25', $defs: { 'sp ace%': { const: 'percent' } } }, 'percent'],
      [{ $ref: '#/definitions/Old', definitions: { Old: { const: 'draft-7' } } }, 'draft-7'],
    ];
    for (const [schema, value] of cases) {
      assert.deepEqual(
        generateSchemaValue(schema, { seed: 1 }),
        { ok: true, value },
        JSON.stringify(schema),
      );
    }
    for (let seed = 0; seed < 6; seed++) {
      assert.deepEqual(
        generateSchemaValue({ $ref: '#/$defs/T', $defs: { T: true } }, { seed }),
        generateSchemaValue(true, { seed }),
      );
    }
    assert.deepEqual(generateSchemaValue({ $ref: '#/$defs/F', $defs: { F: false } }, { seed: 1 }), {
      ok: false,
      reason: 'unsatisfiable',
      schemaPath: '#',
      message: 'the schema at # is false',
    });
    // A pointer through something that is not an object resolves to nothing.
    for (const inner of [null, 'text', 3]) {
      assert.deepEqual(
        generateSchemaValue({ $ref: '#/$defs/a/b', $defs: { a: inner } }, { seed: 1 }),
        {
          ok: false,
          reason: 'unresolved_ref',
          schemaPath: '#/$ref',
          message: 'cannot resolve $ref "#/$defs/a/b" at #/$ref',
        },
      );
    }
  });

  test('keywords beside $ref apply too, and a $ref is one level of depth with or without them', () => {
    const $defs = { Obj: { type: 'object', properties: { a: { const: 1 }, b: { const: 2 } } } };
    for (const value of values({ $ref: '#/$defs/Obj', required: ['b'], $defs })) {
      assert.equal((value as { b: unknown }).b, 2);
    }
    // The object behind the reference is one level down: at maxDepth 1 it is minimal, at
    // maxDepth 2 its optional properties come and go.
    for (
      const schema of [{ $ref: '#/$defs/Obj', $defs }, {
        $ref: '#/$defs/Obj',
        minProperties: 0,
        $defs,
      }]
    ) {
      assert.deepEqual(distinct(values(schema, 8, 1)), ['{}'], JSON.stringify(schema));
      assert.ok(distinct(values(schema, 8, 2)).length > 1, JSON.stringify(schema));
    }
  });

  test('$ref chains: 33 nested references resolve, the 34th is too deep; siblings do not add up', () => {
    const chain = (refs: number): JsonSchema => {
      const defs: Record<string, unknown> = {};
      for (let i = 0; i < refs; i++) {
        defs[`d${i}`] = i === refs - 1 ? { const: 'end' } : { $ref: `#/$defs/d${i + 1}` };
      }
      return { $ref: '#/$defs/d0', $defs: defs };
    };
    assert.deepEqual(generateSchemaValue(chain(33), { seed: 1 }), { ok: true, value: 'end' });
    assert.deepEqual(generateSchemaValue(chain(34), { seed: 1 }), {
      ok: false,
      reason: 'unsatisfiable',
      schemaPath: '#',
      message: '$ref recursion too deep at #',
    });
    // The same limit for a chain of references that is an allOf part.
    const partChain = (refs: number): JsonSchema => ({
      allOf: [{ $ref: '#/$defs/d0' }],
      $defs: (chain(refs) as { $defs: unknown }).$defs,
    });
    assert.deepEqual(generateSchemaValue(partChain(33), { seed: 1 }), { ok: true, value: 'end' });
    assert.deepEqual(generateSchemaValue(partChain(34), { seed: 1 }), {
      ok: false,
      reason: 'unsatisfiable',
      schemaPath: '#/allOf/0',
      message: 'circular $ref',
    });
    // Forty items, each behind a $ref: the depth is per nesting, not per reference made.
    const list = {
      type: 'array',
      items: { $ref: '#/$defs/V' },
      minItems: 40,
      maxItems: 40,
      $defs: { V: { const: 1 } },
    };
    assert.deepEqual(generateSchemaValue(list, { seed: 1 }), {
      ok: true,
      value: Array.from({ length: 40 }, () => 1),
    });
  });
});
