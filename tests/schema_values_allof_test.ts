// allOf in the schema-value generator (testing/_shared/_schema_values.ts): the parts are folded
// into one schema (properties merged, bounds intersected, required united, types
// intersected), so that the value meets every part, whichever part states the stricter
// bound. Each case is checked over a fixed range of seeds with ajv, the values' own rules.
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import { generateSchemaValue, type JsonSchema } from '../testing/_shared/_schema_values.ts';
import { describe, test } from './_harness.ts';

// deno-lint-ignore no-explicit-any
const ajv = new (Ajv2020 as any)({ strict: false, allErrors: false, logger: false });

const distinct = (items: unknown[]) =>
  [...new Set(items.map((item) => JSON.stringify(item)))].sort();

function values(schema: JsonSchema, seeds = 16): unknown[] {
  const validate = ajv.compile(schema);
  return Array.from({ length: seeds }, (_, seed) => {
    const result = generateSchemaValue(schema, { seed });
    const label = `${JSON.stringify(schema)}, seed ${seed}`;
    assert.ok(result.ok, `${label}: ${JSON.stringify(result)}`);
    assert.ok(validate(result.value), `${label}: ${JSON.stringify(result.value)}`);
    return result.value;
  });
}

/** A bound keyword, its strict and loose values, and the rest of the schema it bounds. */
const bounds: Array<
  [keyword: string, strict: number, loose: number, rest: Record<string, unknown>]
> = [
  ['minimum', 90, 0, { type: 'number', maximum: 100 }],
  ['exclusiveMinimum', 90, 0, { type: 'number', maximum: 100 }],
  ['maximum', 10, 100, { type: 'number', minimum: 0 }],
  ['exclusiveMaximum', 10, 100, { type: 'number', minimum: 0 }],
  ['minLength', 9, 0, { type: 'string', maxLength: 10 }],
  ['maxLength', 2, 50, { type: 'string' }],
  ['minItems', 3, 0, { type: 'array', items: { type: 'integer' }, maxItems: 6 }],
  ['maxItems', 1, 10, { type: 'array', items: { type: 'integer' } }],
  ['minProperties', 3, 0, { type: 'object' }],
  ['maxProperties', 1, 10, {
    type: 'object',
    properties: { a: { type: 'integer' }, b: { type: 'integer' }, c: { type: 'integer' } },
  }],
];

describe('schema values: allOf', () => {
  test('bounds are intersected: the stricter bound holds, whichever part states it', () => {
    for (const [keyword, strict, loose, rest] of bounds) {
      values({ allOf: [{ ...rest, [keyword]: strict }, { [keyword]: loose }] });
      values({ allOf: [{ ...rest, [keyword]: loose }, { [keyword]: strict }] });
      values({ ...rest, [keyword]: loose, allOf: [{ [keyword]: strict }] });
    }
  });

  test('types are intersected (an integer is a number)', () => {
    const kinds = (schema: JsonSchema) =>
      [...new Set(values(schema, 24).map((value) => value === null ? 'null' : typeof value))]
        .sort();
    for (
      const [a, b] of [['number', 'integer'], ['integer', 'number'], [
        ['string', 'integer'],
        'number',
      ], [
        'number',
        ['string', 'integer'],
      ]]
    ) {
      for (
        const value of values({ allOf: [{ type: a }, { type: b, minimum: 0, maximum: 1000 }] }, 24)
      ) {
        assert.ok(Number.isInteger(value), String(value));
      }
    }
    assert.deepEqual(
      kinds({ allOf: [{ type: ['string', 'null'] }, { type: ['null', 'boolean'] }] }),
      ['null'],
    );
    assert.deepEqual(
      kinds({ allOf: [{ type: ['string', 'boolean', 'array'] }, { type: ['boolean', 'string'] }] }),
      [
        'boolean',
        'string',
      ],
    );
  });

  test('properties are merged, a property in several parts meets each, required is united', () => {
    const schema = {
      allOf: [
        { type: 'object', properties: { a: { type: 'integer', minimum: 5 } }, required: ['a'] },
        { properties: { a: { maximum: 7 }, b: { const: 'b' } }, required: ['b'] },
        { properties: { c: { const: 'c' } }, required: ['c', 'a'] },
      ],
    };
    for (const value of values(schema)) {
      const { a, b, c } = value as { a: number; b: string; c: string };
      assert.ok(Number.isInteger(a) && a >= 5 && a <= 7, JSON.stringify(value));
      assert.deepEqual([b, c], ['b', 'c']);
    }
  });

  test('a keyword in several parts: the later part narrows, and the value meets every part', () => {
    // Each case is satisfiable because a later part narrows what an earlier one allows
    // (a sub-enum, a stricter pattern, a const items schema...).
    const cases: Array<[JsonSchema, string[]]> = [
      [{ allOf: [{ type: 'integer', enum: [1, 2, 3] }, { enum: [2, 3] }] }, ['2', '3']],
      [{ allOf: [{ type: 'string', pattern: '^a' }, { pattern: '^a{3}$' }] }, ['"aaa"']],
      [
        {
          allOf: [{ type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 }, {
            items: { const: 0 },
          }],
        },
        ['[0,0]'],
      ],
      [
        {
          allOf: [{ type: 'object', required: ['x'], additionalProperties: { type: 'integer' } }, {
            additionalProperties: { const: 1 },
          }],
        },
        ['{"x":1}'],
      ],
      [
        { allOf: [{ type: 'string', format: 'uri-reference' }, { format: 'uri', minLength: 22 }] },
        ['"https://example.org/path?q=1"'],
      ],
      [
        {
          allOf: [{ type: 'integer', minimum: 0, maximum: 9, anyOf: [{ minimum: 0 }] }, {
            anyOf: [{ minimum: 8 }],
          }],
        },
        ['8', '9'],
      ],
      [
        {
          allOf: [{ type: 'integer', minimum: 0, maximum: 9, oneOf: [{ minimum: 0 }] }, {
            oneOf: [{ minimum: 8 }],
          }],
        },
        ['8', '9'],
      ],
      // Several keywords repeated at once, the earlier part the stricter on one of them.
      [{
        allOf: [{ type: 'string', enum: ['a', 'b'], pattern: '^a' }, {
          enum: ['a', 'b'],
          pattern: '.',
        }],
      }, [
        '"a"',
      ]],
      [
        {
          allOf: [{ type: 'string', pattern: '^a{2}$', anyOf: [{ type: 'string' }] }, {
            pattern: '.',
            anyOf: [{ type: 'string' }],
          }],
        },
        ['"aa"'],
      ],
      [
        {
          allOf: [{ type: 'string', pattern: '^a{2}$', oneOf: [{ type: 'string' }] }, {
            pattern: '.',
            oneOf: [{ type: 'string' }],
          }],
        },
        ['"aa"'],
      ],
      [{
        allOf: [{ type: 'array', items: { const: 1 }, enum: [[1], [2]] }, {
          items: {},
          enum: [[1], [2]],
        }],
      }, [
        '[1]',
      ]],
      [
        {
          allOf: [{
            type: 'object',
            additionalProperties: { const: 1 },
            enum: [{ x: 1 }, { x: 2 }],
          }, {
            additionalProperties: {},
            enum: [{ x: 1 }, { x: 2 }],
          }],
        },
        ['{"x":1}'],
      ],
      // Two keywords narrowed at once: the enum and a pattern.
      [{
        allOf: [{ type: 'string', pattern: '.', enum: ['a', 'b'] }, { pattern: '.', enum: ['a'] }],
      }, ['"a"']],
      [
        {
          allOf: [{
            type: 'array',
            items: { enum: [1, 2] },
            minItems: 2,
            maxItems: 2,
            uniqueItems: false,
          }, {
            uniqueItems: true,
          }],
        },
        ['[1,2]', '[2,1]'],
      ],
    ];
    for (const [schema, expected] of cases) {
      assert.deepEqual(distinct(values(schema, 12)), expected, JSON.stringify(schema));
    }
  });

  test('parts behind $ref, nested allOf and true parts fold in as well', () => {
    assert.deepEqual(
      distinct(values({
        allOf: [{ $ref: '#/$defs/T' }, { type: 'integer', minimum: 3, maximum: 3 }],
        $defs: { T: true },
      })),
      ['3'],
    );
    const schema = {
      allOf: [
        { $ref: '#/$defs/Named', required: ['id'] },
        { allOf: [{ properties: { id: { type: 'integer', minimum: 1, maximum: 3 } } }, true] },
        true,
      ],
      $defs: {
        Named: { $ref: '#/$defs/Base', properties: { name: { const: 'n' } }, required: ['name'] },
        Base: { type: 'object', properties: { kind: { const: 'k' } }, required: ['kind'] },
      },
    };
    for (const value of values(schema)) {
      const { id, name, kind } = value as { id: number; name: string; kind: string };
      assert.ok([1, 2, 3].includes(id), JSON.stringify(value));
      assert.deepEqual([name, kind], ['n', 'k']);
    }
  });

  test('choices and constants in a part are honoured: enum, const, anyOf, oneOf', () => {
    for (const value of values({ allOf: [{ enum: [1, 'a', 2] }, { type: 'integer' }] })) {
      assert.ok(value === 1 || value === 2, String(value));
    }
    for (const value of values({ allOf: [{ type: 'string' }, { const: 'fixed' }] })) {
      assert.equal(value, 'fixed');
    }
    for (
      const value of values({
        allOf: [{ type: 'integer', minimum: 0, maximum: 9 }, { anyOf: [{ minimum: 8 }] }],
      })
    ) {
      assert.ok((value as number) >= 8, String(value));
    }
    for (
      const value of values({
        allOf: [{ type: 'string' }, {
          oneOf: [{ minLength: 20, maxLength: 20 }, { maxLength: 2 }],
        }],
      })
    ) {
      assert.ok((value as string).length === 20 || (value as string).length <= 2, String(value));
    }
    for (
      const value of values({ allOf: [{ type: 'string', maxLength: 30 }, { format: 'email' }] })
    ) {
      assert.ok((value as string).includes('@'), String(value));
    }
    for (const value of values({ allOf: [{ type: 'string' }, { pattern: '^x{3}$' }] })) {
      assert.equal(value, 'xxx');
    }
    for (
      const value of values({ allOf: [{ type: 'array', maxItems: 2 }, { items: { const: 0 } }] })
    ) {
      assert.ok((value as unknown[]).every((item) => item === 0));
    }
    for (
      const value of values({
        allOf: [{ type: 'object', required: ['x'] }, { additionalProperties: { const: 1 } }],
      })
    ) {
      assert.deepEqual(value, { x: 1 });
    }
  });
});
