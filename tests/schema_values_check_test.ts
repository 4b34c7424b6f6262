// The checker every generated value passes before it is returned (testing/_shared/_schema_values.ts),
// keyword by keyword. A `const` is returned as it is and only then checked, so a `const` that
// breaks a sibling keyword shows exactly which schema path the checker blames, and one that
// meets them all shows that the checker accepts it.
import assert from 'node:assert/strict';
import { generateSchemaValue, type JsonSchema } from '../testing/_shared/_schema_values.ts';
import { describe, test } from './_harness.ts';

/** A schema, then the path the checker rejects its const at (null: accepted). */
const CASES: [JsonSchema, string | null][] = [
  [{ const: { a: 1 }, properties: { a: false } }, '#/properties/a'],
  [{ const: 1, allOf: [{ $ref: '#/nope' }] }, '#/allOf/0/$ref'],
  [
    { const: 1, allOf: [{ $ref: '#/$defs/s' }], $defs: { s: { type: 'string' } } },
    '#/allOf/0/type',
  ],
  [{ allOf: [{ const: 1 }, { const: 2 }] }, '#/allOf/0/const'],
  [{ const: 3, enum: [1, 2] }, '#/enum'],
  [{ const: 3, anyOf: [{ const: 1 }, { const: 2 }] }, '#/anyOf'],
  [{ const: 1, anyOf: [{ const: 2 }, { const: 1 }] }, null],
  [{ const: 1, oneOf: [{ const: 1 }, { type: 'integer' }] }, '#/oneOf'],
  [{ const: 1, oneOf: [{ const: 2 }, { type: 'string' }] }, '#/oneOf'],
  [{ const: 1, oneOf: [{ const: 2 }, { type: 'integer' }] }, null],
  [{ const: { a: 1 }, properties: { a: { not: { const: 1 } } } }, '#/properties/a/not'],
  [{ const: { a: 2 }, properties: { a: { not: { const: 1 } } } }, null],
  [{ const: 'x', type: 'integer' }, '#/type'],
  [{ const: null, type: 'string', nullable: true }, null],
  [{ const: null, type: ['string', 'null'] }, null],
  [{ const: 'x', type: 'foo' }, '#/type'],
  [{ const: '😀😀', maxLength: 2, minLength: 2 }, null],
  [{ const: 'abc', maxLength: 2 }, '#/maxLength'],
  [{ const: 'a', minLength: 2 }, '#/minLength'],
  [{ const: 'b', pattern: '^a$' }, '#/pattern'],
  [{ const: 'a', pattern: '^a$' }, null],
  [{ const: 'a', pattern: '(' }, '#/pattern'],
  // Keywords of the wrong type are ignored, as the generator ignores them.
  [{ const: 'ab', minLength: '5' } as JsonSchema, null],
  [{ const: 'ab', maxLength: '1' } as JsonSchema, null],
  [{ const: 'ab', pattern: 5 } as JsonSchema, null],
  [{ const: 1, minimum: '5' } as JsonSchema, null],
  [{ const: 1, maximum: '0' } as JsonSchema, null],
  [{ const: [1, 2], maxItems: '1' } as JsonSchema, null],
  [{ const: null, type: 'string' }, '#/type'],
  // Every part is checked, not only the first: a $ref's siblings, later allOf parts, later
  // properties.
  [
    {
      const: 'abc',
      allOf: [{ $ref: '#/$defs/s', maxLength: 2 }],
      $defs: { s: { type: 'string' } },
    },
    '#/allOf/0/maxLength',
  ],
  [{ const: 'abc', allOf: [{ type: 'string' }, { maxLength: 2 }] }, '#/allOf/1/maxLength'],
  [
    { const: { a: 'x', b: 1 }, properties: { a: { type: 'string' }, b: { type: 'string' } } },
    '#/properties/b/type',
  ],
  // A reference cycle through anyOf, oneOf or not ends at the hop limit, as a failed branch.
  [{ const: 1, anyOf: [{ $ref: '#' }] }, '#/anyOf'],
  [{ const: 1, oneOf: [{ $ref: '#' }] }, '#/oneOf'],
  [
    {
      const: { a: 1 },
      properties: { a: { $ref: '#/$defs/n' } },
      $defs: { n: { not: { $ref: '#/$defs/n' } } },
    },
    '#/properties/a/not',
  ],
  [{ const: 1, minimum: 2 }, '#/minimum'],
  [{ const: 3, maximum: 2 }, '#/maximum'],
  [{ const: 2, exclusiveMinimum: 2 }, '#/exclusiveMinimum'],
  [{ const: 2, exclusiveMaximum: 2 }, '#/exclusiveMaximum'],
  [{ const: 2, minimum: 2, exclusiveMinimum: true }, '#/minimum'],
  [{ const: 2, maximum: 2, exclusiveMaximum: true }, '#/maximum'],
  [{ const: 2, minimum: 2, maximum: 2 }, null],
  [{ const: 3, multipleOf: 2 }, '#/multipleOf'],
  [{ const: 3, multipleOf: 0.1 }, null],
  // 21 / 0.7 is 30.000…4 in binary: only the decimal count says 21 is a multiple of 0.7.
  [{ const: 21, multipleOf: 0.7 }, null],
  [{ const: [1], minItems: 2 }, '#/minItems'],
  [{ const: [1, 2], maxItems: 1 }, '#/maxItems'],
  [{ const: [1, 'x'], items: [{ type: 'integer' }, { type: 'integer' }] }, '#/items/1/type'],
  [
    { const: [1, 'x'], prefixItems: [{ type: 'integer' }, { type: 'integer' }] },
    '#/prefixItems/1/type',
  ],
  [
    { const: [1, 'x'], items: [{ type: 'integer' }], additionalItems: { type: 'integer' } },
    '#/additionalItems/type',
  ],
  [{ const: [1, 'x'], items: { type: 'integer' } }, '#/items/type'],
  [{ const: [1, 'x'], prefixItems: [{ type: 'integer' }] }, null],
  [{ const: [1, 'x'], items: [{ type: 'integer' }] }, null],
  [{ const: [1, 1], uniqueItems: true }, '#/uniqueItems'],
  [{ const: [1, 2], uniqueItems: true }, null],
  [{ const: {}, required: ['a'] }, '#/required'],
  [{ const: { a: 1 }, minProperties: 2 }, '#/minProperties'],
  [{ const: { a: 1, b: 2 }, maxProperties: 1 }, '#/maxProperties'],
  [
    { const: { 'a/b~': 1 }, properties: { 'a/b~': { type: 'string' } } },
    '#/properties/a~1b~0/type',
  ],
  [{ const: { x: 1 }, additionalProperties: false }, '#/additionalProperties'],
  [{ const: { x: 1 }, additionalProperties: { type: 'string' } }, '#/additionalProperties/type'],
  [{ const: { x: 1 }, properties: { y: { type: 'string' } } }, null],
  [{ const: 1.5, type: 'integer' }, '#/type'],
  [{ const: Infinity, type: 'number' }, '#/type'],
  [{ const: [], type: 'object' }, '#/type'],
  [{ const: {}, type: 'array' }, '#/type'],
  [{ const: 0, type: 'boolean' }, '#/type'],
  [{ const: 'null', type: 'null' }, '#/type'],
  [{ const: 1, type: 'string' }, '#/type'],
];

describe('schema values: the check', () => {
  test('each keyword rejects a violating value at its own path, and accepts a fitting one', () => {
    for (const [schema, path] of CASES) {
      const result = generateSchemaValue(schema, { seed: 1 });
      const name = JSON.stringify(schema);
      if (path === null) {
        assert.deepEqual(result, { ok: true, value: (schema as { const: unknown }).const }, name);
      } else {
        assert.deepEqual(result, {
          ok: false,
          reason: 'unsatisfiable',
          schemaPath: path,
          message: `no value satisfies the schema at ${path}`,
        }, name);
      }
    }
  });

  test('items and properties count as hops: a value nested past 32 levels is refused', () => {
    // The hop limit that ends reference cycles also bounds how deep a recursive schema is
    // followed into a value: each level is one $ref and one item (or property).
    const list = (depth: number): unknown => depth === 0 ? [] : [list(depth - 1)];
    const tree = (depth: number): unknown => depth === 0 ? {} : { a: tree(depth - 1) };
    const lists = { list: { type: 'array', items: { $ref: '#/$defs/list' } } };
    const trees = { o: { type: 'object', properties: { a: { $ref: '#/$defs/o' } } } };
    const cases: [JsonSchema, string | null][] = [
      [{ const: list(31), $ref: '#/$defs/list', $defs: lists }, null],
      [{ const: list(40), $ref: '#/$defs/list', $defs: lists }, '#' + '/items'.repeat(32)],
      [{ const: tree(31), $ref: '#/$defs/o', $defs: trees }, null],
      [{ const: tree(40), $ref: '#/$defs/o', $defs: trees }, '#' + '/properties/a'.repeat(32)],
    ];
    for (const [schema, path] of cases) {
      const result = generateSchemaValue(schema, { seed: 1 });
      if (path === null) assert.equal(result.ok, true);
      else {
        assert.deepEqual(result, {
          ok: false,
          reason: 'unsatisfiable',
          schemaPath: path,
          message: `no value satisfies the schema at ${path}`,
        });
      }
    }
  });

  test('a reference cycle in the check stops after 64 hops', () => {
    // Each round is one allOf and one $ref: 33 rounds pass the limit.
    const path = '#' + '/allOf/0'.repeat(33);
    assert.deepEqual(generateSchemaValue({ const: 1, allOf: [{ $ref: '#' }] }, { seed: 1 }), {
      ok: false,
      reason: 'unsatisfiable',
      schemaPath: path,
      message: `no value satisfies the schema at ${path}`,
    });
  });
});
