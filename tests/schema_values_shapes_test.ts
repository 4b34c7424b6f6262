// The shapes of generated strings, numbers, arrays and objects (testing/_shared/_schema_values.ts)
// beyond validity: values stay readable (strings of filler words, small numbers with at
// most two decimals, short arrays), exclusive bounds are exclusive, and the `maxDepth`
// option keeps deep values minimal. Each property is checked over a fixed range of seeds.
import assert from 'node:assert/strict';
import { generateSchemaValue, type JsonSchema } from '../testing/_shared/_schema_values.ts';
import { describe, test } from './_harness.ts';

function values(schema: JsonSchema, seeds = 100, maxDepth?: number): unknown[] {
  return Array.from({ length: seeds }, (_, seed) => {
    const result = generateSchemaValue(schema, {
      seed,
      ...(maxDepth === undefined ? {} : { maxDepth }),
    });
    assert.ok(result.ok, `${JSON.stringify(schema)}, seed ${seed}: ${JSON.stringify(result)}`);
    return result.value;
  });
}

function span(numbers: unknown[]): [number, number] {
  return [Math.min(...numbers as number[]), Math.max(...numbers as number[])];
}

const distinct = (items: unknown[]) =>
  [...new Set(items.map((item) => JSON.stringify(item)))].sort();

describe('schema values: shapes', () => {
  test('strings are filler words: 3 to 12 characters by default, exact bounds kept', () => {
    const plain = values({ type: 'string' }, 200) as string[];
    assert.deepEqual(span(plain.map((text) => text.length)), [3, 12]);
    for (const text of plain) {
      // Words separated by single spaces, never a space at either end.
      assert.match(text, /^[a-z]+( [a-z]+)*$/, JSON.stringify(text));
    }
    for (const text of values({ type: 'string', maxLength: 2 }) as string[]) {
      assert.match(text, /^[a-z]{2}$/);
    }
    assert.deepEqual(distinct(values({ type: 'string', maxLength: 0 }, 5)), ['""']);
    const bounds: Array<[number, number | undefined]> = [[20, undefined], [5, 5], [7, 9], [0, 4]];
    for (const [min, max] of bounds) {
      const schema = {
        type: 'string',
        minLength: min,
        ...(max === undefined ? {} : { maxLength: max }),
      };
      for (const text of values(schema) as string[]) {
        assert.ok(
          text.length >= min && text.length <= (max ?? min),
          `${JSON.stringify(schema)}: ${text}`,
        );
        assert.match(text, /^[a-z]+( [a-z]+)*$/, JSON.stringify(text));
      }
    }
  });

  test('lengths are counted in characters, not UTF-16 units', () => {
    assert.deepEqual(
      generateSchemaValue({ type: 'string', format: 'emoji', maxLength: 1 }, { seed: 1 }),
      {
        ok: true,
        value: '😀',
      },
    );
    for (
      const [format, value] of [['date', '2024-01-15'], ['ipv4', '192.0.2.1'], [
        'uri-reference',
        '/relative/path',
      ]]
    ) {
      const length = value.length;
      assert.deepEqual(
        generateSchemaValue({ type: 'string', format, minLength: length, maxLength: length }, {
          seed: 1,
        }),
        { ok: true, value },
        format,
      );
    }
  });

  test('an unbounded number is a small positive integer: 1 to 10', () => {
    for (
      const schema of [{ type: 'number' }, { type: 'integer' }, { type: 'integer', multipleOf: 1 }]
    ) {
      const numbers = values(schema, 200);
      assert.deepEqual(
        distinct(numbers),
        ['1', '10', '2', '3', '4', '5', '6', '7', '8', '9'],
        JSON.stringify(schema),
      );
    }
  });

  test('half-bounded numbers stay within 100 of their bound or of zero, with at most two decimals', () => {
    const cases: Array<[JsonSchema, number, number]> = [
      [{ type: 'number', minimum: 1000 }, 1000, 1100],
      [{ type: 'number', maximum: -1000 }, -1100, -1000],
      [{ type: 'number', minimum: -1000 }, -1000, 100],
      [{ type: 'number', maximum: 1000 }, 0, 1000],
      [{ type: 'number', minimum: -10, maximum: 10 }, -10, 10],
      [{ type: 'number', multipleOf: 0.5 }, -100, 100],
      [{ type: 'integer', multipleOf: 3, minimum: 10 }, 12, 108],
    ];
    for (const [schema, low, high] of cases) {
      const numbers = values(schema, 200) as number[];
      const [min, max] = span(numbers);
      const label = `${JSON.stringify(schema)}: ${min}..${max}`;
      assert.ok(min >= low && max <= high, label);
      // The values spread over the range, not just one end of it.
      assert.ok(max - min >= (high - low) * 0.8, label);
      for (const value of numbers) {
        assert.ok(Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${label}: ${value}`);
      }
    }
    // Too narrow for two decimals: the middle of the range.
    assert.deepEqual(distinct(values({ type: 'number', minimum: 0.001, maximum: 0.002 }, 10)), [
      '0.0015',
    ]);
  });

  test('exclusive bounds exclude, whichever of the two bounds is tighter', () => {
    const cases: Array<[JsonSchema, string[]]> = [
      [{ type: 'integer', minimum: 5, exclusiveMinimum: 5, maximum: 6 }, ['6']],
      [{ type: 'integer', minimum: 5, exclusiveMinimum: 3, maximum: 6 }, ['5', '6']],
      [{ type: 'integer', minimum: 3, exclusiveMinimum: 5, maximum: 7 }, ['6', '7']],
      [{ type: 'integer', minimum: 5, maximum: 6, exclusiveMaximum: 6 }, ['5']],
      [{ type: 'integer', minimum: 5, maximum: 6, exclusiveMaximum: 9 }, ['5', '6']],
      [{ type: 'integer', minimum: 5, maximum: 9, exclusiveMaximum: 7 }, ['5', '6']],
      [
        { type: 'integer', minimum: 5, exclusiveMinimum: true, maximum: 7, exclusiveMaximum: true },
        ['6'],
      ],
      [{
        type: 'number',
        multipleOf: 0.5,
        minimum: 1,
        exclusiveMinimum: true,
        maximum: 2,
        exclusiveMaximum: true,
      }, [
        '1.5',
      ]],
    ];
    for (const [schema, expected] of cases) {
      assert.deepEqual(distinct(values(schema, 40)), expected, JSON.stringify(schema));
    }
  });

  test('multiples: the integer multiples of a fraction, zero when it is the only one', () => {
    assert.deepEqual(
      distinct(values({ type: 'integer', multipleOf: 0.5, minimum: -1, maximum: 1 }, 60)),
      [
        '-1',
        '0',
        '1',
      ],
    );
    assert.deepEqual(
      distinct(values({ type: 'number', multipleOf: 7, minimum: -3, maximum: 3 }, 10)),
      ['0'],
    );
    assert.deepEqual(
      distinct(values({ type: 'number', multipleOf: 4, minimum: 1, maximum: 5 }, 10)),
      ['4'],
    );
  });

  test('arrays have up to three items beyond minItems; unique items give up on an exhausted enum', () => {
    assert.deepEqual(
      distinct(
        values({ type: 'array', items: { type: 'integer' }, minItems: 2 }).map((items) =>
          (items as unknown[]).length
        ),
      ),
      ['2', '3', '4', '5'],
    );
    assert.deepEqual(
      distinct(
        values({ type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 2 }).map((
          items,
        ) => (items as unknown[]).length),
      ),
      ['1', '2'],
    );
    assert.deepEqual(
      distinct(values({ type: 'array', items: { enum: [1, 2] }, uniqueItems: true, minItems: 1 })),
      [
        '[1,2]',
        '[1]',
        '[2,1]',
        '[2]',
      ],
    );
    assert.deepEqual(
      distinct(
        values({ type: 'array', prefixItems: [{ const: 'a' }, { const: 'b' }], items: false }),
      ),
      ['["a","b"]', '["a"]', '[]'],
    );
    assert.deepEqual(
      distinct(
        values({
          type: 'array',
          items: [{ const: 'a' }],
          additionalItems: { const: 'z' },
          minItems: 2,
          maxItems: 2,
        }),
      ),
      ['["a","z"]'],
    );
  });

  test('objects: required first, optional ones about half the time, extra_N names to reach minProperties', () => {
    assert.deepEqual(values({ type: 'object', minProperties: 2 }, 2), [
      { extra_1: 'alpha', extra_2: 'oscar' },
      { extra_1: 'delta', extra_2: 'tango' },
    ]);
    for (
      const value of values({
        type: 'object',
        properties: { a: { const: 1 } },
        minProperties: 2,
        additionalProperties: { type: 'integer', minimum: 0, maximum: 3 },
      })
    ) {
      assert.deepEqual(Object.keys(value as object), ['a', 'extra_1']);
    }
    // Optional properties fill up to maxProperties, never beyond.
    const capped = values({
      type: 'object',
      properties: { a: { const: 1 }, b: { const: 2 }, c: { const: 3 } },
      required: ['c'],
      maxProperties: 2,
    });
    assert.deepEqual(distinct(capped), ['{"c":3,"a":1}', '{"c":3,"b":2}', '{"c":3}']);
    // Properties needed for minProperties are taken in order, not left to chance.
    const filled = values({
      type: 'object',
      properties: { a: { const: 1 }, b: { const: 2 }, c: { const: 3 } },
      required: ['c'],
      minProperties: 2,
      maxProperties: 2,
    });
    assert.deepEqual(distinct(filled), ['{"c":3,"a":1}']);
    for (
      const value of values({
        type: 'object',
        required: ['free'],
        additionalProperties: { type: 'boolean' },
      })
    ) {
      assert.equal(typeof (value as { free: unknown }).free, 'boolean');
    }
  });

  test('past maxDepth, values are minimal: no optional properties, minItems items, null when allowed', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'integer' },
        list: { type: 'array', items: { type: 'integer' }, minItems: 1 },
        n: { type: ['integer', 'null'] },
        pick: { anyOf: [{ const: 'first' }, { const: 'second' }] },
      },
      required: ['list', 'n', 'pick'],
    };
    for (const value of values(schema, 30, 0)) {
      const { list, n, pick, ...rest } = value as Record<string, unknown>;
      assert.deepEqual(rest, {});
      assert.equal((list as unknown[]).length, 1);
      assert.deepEqual([n, pick], [null, 'first']);
    }
    // Depth counts from 0 at the root: with maxDepth 0 the root itself is at the limit.
    assert.deepEqual(distinct(values({ type: ['integer', 'null'] }, 8, 0)), ['null']);
    for (const items of values({ type: 'array', items: { type: 'integer' }, minItems: 1 }, 8, 0)) {
      assert.equal((items as unknown[]).length, 1);
    }
    assert.deepEqual(
      distinct(values({ type: 'object', properties: { a: { type: 'integer' } } }, 8, 0)),
      [
        '{}',
      ],
    );
    // At the limit, the first branch of a choice is taken (usually the non-recursive one).
    const choice = { anyOf: [{ const: 'first' }, { const: 'second' }] };
    assert.deepEqual(distinct(values(choice, 8, 0)), ['"first"']);
    assert.deepEqual(distinct(values(choice, 8, 1)), ['"first"', '"second"']);
    // Below the limit, the same schema varies.
    const shallow = values(schema, 30);
    assert.ok(shallow.some((value) => 'a' in (value as object)));
    assert.ok(shallow.some((value) => (value as { n: unknown }).n !== null));
    assert.ok(shallow.some((value) => (value as { pick: unknown }).pick === 'second'));
    assert.ok(shallow.some((value) => (value as { list: unknown[] }).list.length > 1));
  });
  test('unique items: a short enum stops at minItems, with the attempts it spent pinned', () => {
    // Two members, and up to five items wanted: the loop spends its budget of attempts on
    // repeats, then keeps the two it has since minItems is met. The value after it shows
    // how many draws the budget took.
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        list: { type: 'array', items: { enum: [1, 2] }, uniqueItems: true, minItems: 2 },
        after: { type: 'integer', minimum: 0, maximum: 1_000_000 },
      },
      required: ['list', 'after'],
    };
    assert.deepEqual(values(schema, 4), GOLDEN_UNIQUE_BUDGET);
    assert.deepEqual(
      generateSchemaValue(
        { type: 'array', items: { enum: [1, 2] }, uniqueItems: true, minItems: 3 },
        { seed: 1 },
      ),
      {
        ok: false,
        reason: 'unsatisfiable',
        schemaPath: '#/uniqueItems',
        message: 'cannot produce 3 unique items at #',
      },
    );
  });

  test('equal values are equal whatever their key order, in arrays too', () => {
    // The later const wins the merge; the check compares it with the earlier one.
    for (
      const schema of [
        { allOf: [{ const: { a: 1, b: 2 } }, { const: { b: 2, a: 1 } }] },
        { const: [{ a: 1, b: [{ c: 1, d: 2 }] }], enum: [[{ b: [{ d: 2, c: 1 }], a: 1 }]] },
      ] as JsonSchema[]
    ) {
      const result = generateSchemaValue(schema, { seed: 1 });
      assert.ok(result.ok, `${JSON.stringify(schema)}: ${JSON.stringify(result)}`);
    }
    // Different values stay different: by key, by value, and by nesting.
    for (
      const [one, other] of [
        [{ a: 1 }, { b: 1 }],
        [{ a: 1 }, { a: 2 }],
        [[1, 2], [2, 1]],
        [[[1], 2], [[1, 2]]],
        [{ a: 1, b: 2 }, { a: 1 }],
        [[1, 23], [12, 3]],
        [{ ab: 1, c: 2 }, { a: 1, bc: 2 }],
      ]
    ) {
      assert.deepEqual(
        generateSchemaValue({ const: one, enum: [other] }, { seed: 1 }),
        {
          ok: false,
          reason: 'unsatisfiable',
          schemaPath: '#/enum',
          message: 'no value satisfies the schema at #/enum',
        },
        `${JSON.stringify(one)} vs ${JSON.stringify(other)}`,
      );
    }
    // uniqueItems counts objects with reordered keys as one.
    assert.deepEqual(
      generateSchemaValue(
        {
          type: 'array',
          items: { enum: [{ a: 1, b: 2 }, { b: 2, a: 1 }] },
          uniqueItems: true,
          minItems: 2,
        },
        { seed: 1 },
      ),
      {
        ok: false,
        reason: 'unsatisfiable',
        schemaPath: '#/uniqueItems',
        message: 'cannot produce 2 unique items at #',
      },
    );
  });

  test('minProperties and maxProperties that are not numbers are ignored', () => {
    for (const value of values({ type: 'object', minProperties: '2' } as JsonSchema, 10)) {
      assert.deepEqual(value, {});
    }
    const schema = {
      type: 'object',
      properties: { a: { const: 1 }, b: { const: 2 }, c: { const: 3 } },
      required: ['a', 'b'],
      maxProperties: '1',
    } as JsonSchema;
    assert.deepEqual(distinct(values(schema, 20)), ['{"a":1,"b":2,"c":3}', '{"a":1,"b":2}']);
  });

  test('an additional property is one level deeper: past maxDepth it is minimal', () => {
    const schema: JsonSchema = {
      type: 'object',
      required: ['extra'],
      additionalProperties: { type: 'object', properties: { inner: { const: 1 } } },
    };
    assert.deepEqual(distinct(values(schema, 20, 1)), ['{"extra":{}}']);
    assert.deepEqual(distinct(values(schema, 20, 2)), ['{"extra":{"inner":1}}', '{"extra":{}}']);
  });

  test('extra_N names skip the declared properties they would replace', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { extra_1: { type: 'integer', minimum: 0, maximum: 1_000_000 } },
      required: ['extra_1'],
      minProperties: 2,
      additionalProperties: { const: 'added' },
    };
    const alone: JsonSchema = {
      type: 'object',
      properties: { extra_1: { type: 'integer', minimum: 0, maximum: 1_000_000 } },
      required: ['extra_1'],
    };
    for (let seed = 0; seed < 10; seed++) {
      const [value] = values(schema, seed + 1).slice(seed);
      const [first] = values(alone, seed + 1).slice(seed);
      assert.deepEqual(value, { ...(first as object), extra_2: 'added' });
    }
  });
});

const GOLDEN_UNIQUE_BUDGET: unknown[] = [
  { list: [2, 1], after: 830 },
  { list: [2, 1], after: 883 },
  { list: [2, 1], after: 959 },
  { list: [1, 2], after: 29 },
];
