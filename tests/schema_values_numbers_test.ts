// Numbers from the schema-value generator at the edges of their keywords: invalid
// `multipleOf` values, ranges narrower than the two decimals values are rounded to, and the
// draws a failed attempt consumes (pinned, since AutoModel's values are seeded).
import assert from 'node:assert/strict';
import { generateSchemaValue, type JsonSchema } from '../testing/_schema_values.ts';
import { describe, test } from './_harness.ts';

function valueOf(schema: JsonSchema, seed: number): unknown {
  const result = generateSchemaValue(schema, { seed });
  assert.ok(result.ok, `no value for ${JSON.stringify(schema)}: ${JSON.stringify(result)}`);
  return result.value;
}

describe('schema values: numbers', () => {
  test('a multipleOf that is not a number is ignored; zero or below cannot be satisfied', () => {
    for (const multipleOf of ['3', null]) {
      const schema = { type: 'integer', minimum: 5, maximum: 5, multipleOf } as JsonSchema;
      for (let seed = 0; seed < 5; seed++) assert.equal(valueOf(schema, seed), 5);
    }
    for (const multipleOf of [0, -3]) {
      const schema = { type: 'integer', minimum: 5, maximum: 5, multipleOf } as JsonSchema;
      assert.deepEqual(generateSchemaValue(schema, { seed: 1 }), {
        ok: false,
        reason: 'unsatisfiable',
        schemaPath: '#/multipleOf',
        message: 'no value satisfies the schema at #/multipleOf',
      });
    }
  });

  test('a range narrower than the rounding still gives a value inside it', () => {
    const schema: JsonSchema = { type: 'number', minimum: 1.2351, maximum: 1.2352 };
    for (let seed = 0; seed < 20; seed++) {
      const value = valueOf(schema, seed) as number;
      assert.ok(value >= 1.2351 && value <= 1.2352, `seed ${seed} gave ${value}`);
    }
  });

  test('the attempts a narrow range uses up are pinned: the next value depends on them', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        narrow: { type: 'number', minimum: 1.2351, maximum: 1.2352 },
        after: { type: 'integer', minimum: 0, maximum: 1_000_000 },
      },
      required: ['narrow', 'after'],
    };
    const values = [0, 1, 2].map((seed) => valueOf(schema, seed));
    assert.deepEqual(values, GOLDEN_AFTER_NARROW);
  });
});

const GOLDEN_AFTER_NARROW: unknown[] = [
  { narrow: 1.23515, after: 663 },
  { narrow: 1.23515, after: 556 },
  { narrow: 1.23515, after: 891 },
];
