// Numbers from the schema-value generator at the edges of their keywords: invalid
// `multipleOf` values, ranges narrower than the two decimals values are rounded to, and the
// draws a failed attempt consumes (pinned, since AutoModel's values are seeded).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { generateSchemaValue, type JsonSchema } from '../testing/_shared/_schema_values.ts';
import { describe, test } from './_harness.ts';
import { propertyParameters } from './_property.ts';

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

  test('multiples are decimal: 0.01 gives cents, written with two decimals at most', () => {
    const schema: JsonSchema = { type: 'number', minimum: 1, maximum: 100, multipleOf: 0.01 };
    const values = [1, 2, 3].map((seed) => valueOf(schema, seed));
    assert.deepEqual(values, [4.18, 7.04, 1.06]);
    for (let seed = 0; seed < 50; seed++) {
      const value = valueOf(schema, seed) as number;
      assert.ok(value >= 1 && value <= 100, `seed ${seed} gave ${value}`);
      assert.equal(String(value), value.toFixed(2).replace(/\.?0+$/, ''), `seed ${seed}`);
    }
    const tiny: JsonSchema = { type: 'number', minimum: 0, maximum: 1e-6, multipleOf: 1e-7 };
    const tinyValues = new Set<number>();
    for (let seed = 0; seed < 30; seed++) {
      const value = valueOf(tiny, seed) as number;
      assert.ok(value >= 0 && value <= 1e-6 && Number(value.toFixed(7)) === value, `${value}`);
      tinyValues.add(value);
    }
    assert.ok(tinyValues.size >= 5, `only ${[...tinyValues]}`);
  });

  test('a range that holds one decimal multiple gives it, though the division rounds', () => {
    // 0.7 / 0.1 is 6.999…, so the highest multiple is found one step up; 0.07 / 0.01 is
    // 7.000…1 and 2.1 / 0.3 is 7.000…1, so the lowest one is found one step down.
    const cases: [number, number][] = [[0.7, 0.1], [0.3, 0.1], [2.3, 0.1], [0.07, 0.01], [
      2.1,
      0.3,
    ], [1.11, 0.01]];
    for (const [only, multipleOf] of cases) {
      const schema: JsonSchema = { type: 'number', minimum: only, maximum: only, multipleOf };
      for (let seed = 0; seed < 5; seed++) assert.equal(valueOf(schema, seed), only);
    }
  });

  test('open bounds exclude their own multiple', () => {
    const schema: JsonSchema = {
      type: 'number',
      exclusiveMinimum: 0,
      exclusiveMaximum: 10,
      multipleOf: 5,
    };
    for (let seed = 0; seed < 10; seed++) assert.equal(valueOf(schema, seed), 5);
    const old: JsonSchema = {
      type: 'integer',
      minimum: 0,
      maximum: 10,
      exclusiveMinimum: true,
      exclusiveMaximum: true,
      multipleOf: 5,
    };
    for (let seed = 0; seed < 10; seed++) assert.equal(valueOf(old, seed), 5);
  });

  test('a step larger than the default range still gives multiples on a half-bounded side', () => {
    const cases: [JsonSchema, number, number][] = [
      [{ type: 'number', minimum: 1, multipleOf: 1000 }, 1000, 10_000],
      [{ type: 'integer', exclusiveMinimum: 0, multipleOf: 250 }, 250, 2500],
      [{ type: 'number', maximum: -1, multipleOf: 1000 }, -10_000, -1000],
    ];
    for (const [schema, low, high] of cases) {
      const seen = new Set<number>();
      for (let seed = 0; seed < 40; seed++) {
        const value = valueOf(schema, seed) as number;
        assert.ok(value >= low && value <= high, `${JSON.stringify(schema)}: ${value}`);
        assert.ok(value % (schema as { multipleOf: number }).multipleOf === 0, `${value}`);
        seen.add(value);
      }
      assert.ok(seen.size >= 5, `${JSON.stringify(schema)}: only ${[...seen]}`);
    }
  });

  test('an integer multiple of a fraction is a multiple of their least common multiple', () => {
    const cases: [number, number][] = [[0.5, 1], [2.5, 5], [0.3, 3], [0.25, 1], [1.5, 3]];
    for (const [multipleOf, step] of cases) {
      const schema: JsonSchema = { type: 'integer', minimum: 1, maximum: 200, multipleOf };
      const seen = new Set<number>();
      for (let seed = 0; seed < 30; seed++) {
        const value = valueOf(schema, seed) as number;
        assert.ok(Number.isInteger(value) && value % step === 0, `${multipleOf}: ${value}`);
        seen.add(value);
      }
      assert.ok(seen.size >= 10, `${multipleOf}: only ${[...seen]}`);
    }
  });

  test('no multiple in the range is a failure naming integer or number', () => {
    assert.deepEqual(
      generateSchemaValue({ type: 'number', minimum: 1, maximum: 4, multipleOf: 5 }, { seed: 1 }),
      {
        ok: false,
        reason: 'unsatisfiable',
        schemaPath: '#',
        message: 'no number multiple of 5 lies in the range at #',
      },
    );
    assert.deepEqual(
      generateSchemaValue({ type: 'integer', minimum: 0.2, maximum: 0.9 }, { seed: 1 }),
      {
        ok: false,
        reason: 'unsatisfiable',
        schemaPath: '#',
        message: 'no integer multiple of 1 lies in the range at #',
      },
    );
    assert.deepEqual(
      generateSchemaValue(
        { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 5, multipleOf: 5 },
        { seed: 1 },
      ),
      {
        ok: false,
        reason: 'unsatisfiable',
        schemaPath: '#',
        message: 'no number multiple of 5 lies in the range at #',
      },
    );
  });

  test('the check counts multiples in decimal, and by the quotient beyond exact integers', () => {
    const accepted: JsonSchema[] = [
      { const: 1.23, multipleOf: 0.01 },
      { const: 0.3, multipleOf: 0.1 },
      { const: 6e-7, multipleOf: 1e-7 },
      { const: 1e21, multipleOf: 5 },
      { const: 2 ** 60, multipleOf: 3 },
      { enum: [1.235, 1.23], multipleOf: 0.01 },
    ];
    for (const schema of accepted) {
      const result = generateSchemaValue(schema, { seed: 1 });
      assert.ok(result.ok, `${JSON.stringify(schema)}: ${JSON.stringify(result)}`);
    }
    assert.equal(valueOf({ enum: [1.235, 1.23], multipleOf: 0.01 }, 1), 1.23);
    const rejected: JsonSchema[] = [
      { const: 1.235, multipleOf: 0.01 },
      { const: 0.30000000000000004, multipleOf: 0.1 },
      { const: 7, multipleOf: 2 },
      { const: 1.5e-7, multipleOf: 1e-7 },
    ];
    for (const schema of rejected) {
      assert.deepEqual(generateSchemaValue(schema, { seed: 1 }), {
        ok: false,
        reason: 'unsatisfiable',
        schemaPath: '#/multipleOf',
        message: 'no value satisfies the schema at #/multipleOf',
      }, JSON.stringify(schema));
    }
  });

  test('a value is exactly in range and a decimal multiple; a failure means no such value exists', () => {
    // Bounds and steps with at most three decimals, so exact arithmetic on thousandths
    // decides what is valid, and a failed bounded range is searched for a missed value.
    const S = 1000;
    const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
    const decimal = fc.integer({ min: -200_000, max: 200_000 }).map((n) => n / S);
    const width = fc.nat(50_000).map((n) => n / S);
    const step = fc.constantFrom(0.001, 0.01, 0.1, 0.25, 0.3, 0.5, 1, 2.5, 3, 7, 250, 1000);
    const sides = fc.constantFrom('both', 'low', 'high');
    const flag = fc.boolean();
    const type = fc.constantFrom('number', 'integer');
    fc.assert(
      fc.property(
        fc.record({ low: decimal, width, step, sides, lowOpen: flag, highOpen: flag, type }),
        fc.option(fc.constant(true), { nil: undefined }),
        fc.integer(),
        ({ low, width, step, sides, lowOpen, highOpen, type }, stepped, seed) => {
          const high = Number((low + width).toFixed(3));
          const schema: Record<string, unknown> = { type };
          if (sides !== 'high') schema[lowOpen ? 'exclusiveMinimum' : 'minimum'] = low;
          if (sides !== 'low') schema[highOpen ? 'exclusiveMaximum' : 'maximum'] = high;
          if (stepped) schema.multipleOf = step;
          const [L, H] = [Math.round(low * S), Math.round(high * S)];
          const M = stepped ? Math.round(step * S) : 1;
          // An integer multiple of M thousandths is a multiple of lcm(M, 1000).
          const every = type === 'integer' ? (M * S) / gcd(M, S) : M;
          // Without multipleOf a number may have any decimals (the middle of a narrow range).
          const free = !stepped && type === 'number';
          const valid = (value: number) => {
            const V = Math.round(value * S);
            if (free) {
              return (sides === 'high' || (lowOpen ? value > low : value >= low)) &&
                (sides === 'low' || (highOpen ? value < high : value <= high));
            }
            return V / S === value &&
              (sides === 'high' || (lowOpen ? V > L : V >= L)) &&
              (sides === 'low' || (highOpen ? V < H : V <= H)) && V % every === 0;
          };
          const result = generateSchemaValue(schema, { seed });
          const name = JSON.stringify(schema);
          if (result.ok) {
            assert.ok(valid(result.value as number), `${name} gave ${result.value}`);
            return;
          }
          assert.equal(sides, 'both', `${name} failed: ${result.message}`);
          for (let V = Math.ceil(L / every) * every - every; V <= H + every; V += every) {
            assert.ok(!valid(V / S), `${name} failed, but ${V / S} is valid`);
          }
        },
      ),
      propertyParameters(500),
    );
  });

  test('half-bounded and unbounded multiples are pinned per seed', () => {
    const schemas: JsonSchema[] = [
      { type: 'integer', minimum: 5 },
      { type: 'integer', maximum: 5 },
      { type: 'number', multipleOf: 5 },
      { type: 'number', minimum: 1, multipleOf: 0.5 },
      { type: 'number', maximum: 3, multipleOf: 0.25 },
    ];
    const values = schemas.map((schema) => [0, 1, 2, 3].map((seed) => valueOf(schema, seed)));
    assert.deepEqual(values, GOLDEN_HALF_BOUNDED);
  });
});

const GOLDEN_HALF_BOUNDED: unknown[][] = [
  [15, 37, 66, 5],
  [-85, -63, -34, -95],
  [-80, -35, 20, -100],
  [11.5, 32.5, 61.5, 1.5],
  [-86.5, -65.25, -36.5, -96.5],
];

const GOLDEN_AFTER_NARROW: unknown[] = [
  { narrow: 1.23515, after: 663 },
  { narrow: 1.23515, after: 556 },
  { narrow: 1.23515, after: 891 },
];
