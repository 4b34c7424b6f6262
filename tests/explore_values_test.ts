// Direct tests of exploration's value maker (`makeValue`), value by value: seed 0 gives
// the simplest value and other seeds are salted by name; `boundary` moves numbers, string
// lengths and array lengths (top-level fields of an object, one bound per field, the pick
// turning with the seed) only where the whole stays valid; `invalid` breaks one field (type,
// bound, missing, in an order the seed turns) or a non-object value; a richer Standard
// Schema (zod 4 or hand-made) is generated from its own JSON schema, fetched once per schema
// object, and its own `validate` (sync or async) gets up to 8 candidates.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { z } from 'zod';
import { checkSchemaValue, type JsonSchema } from '../_internal/schema_check.ts';
import type { AutoModelSchema } from '../testing/auto_model/auto_model_types.ts';
import { makeValue } from '../testing/explore/_explore_values.ts';
import type { BehaviourValueMode } from '../testing/explore/model_behaviour_types.ts';
import { describe, test } from './_harness.ts';
import { checkAsyncProperty } from './_property.ts';

const make = (
  sent: JsonSchema,
  seed: number,
  mode: BehaviourValueMode = 'valid',
  name = 't',
  richer?: AutoModelSchema,
) => makeValue({ name, sent, richer, seed, mode });

const made = (value: unknown, mode: BehaviourValueMode) => ({ ok: true, value, mode });

/** The values made for each seed in turn. */
const run = (sent: JsonSchema, seeds: readonly number[], mode: BehaviourValueMode, name = 't') =>
  Promise.all(seeds.map((seed) => make(sent, seed, mode, name)));

/** A hand-made Standard Schema that records what it is asked and answers with `verdict`. */
function handMade(json: JsonSchema, verdict: (value: unknown, call: number) => unknown) {
  const inputs: unknown[] = [];
  const validated: unknown[] = [];
  const schema: AutoModelSchema = {
    '~standard': {
      validate: (value: unknown) => {
        validated.push(value);
        return verdict(value, validated.length);
      },
      jsonSchema: {
        input: (options: { target: string }) => {
          inputs.push(options);
          return json;
        },
      },
    },
  };
  return { schema, inputs, validated };
}

/** A verdict that rejects the first `count` candidates, answering after a promise when `async`. */
const rejectFirst = (count: number, async = false) => (value: unknown, call: number) => {
  const verdict = call <= count ? { issues: [{ message: 'not this one' }] } : { value };
  return async ? Promise.resolve(verdict) : verdict;
};

const lookupSchema: JsonSchema = {
  type: 'object',
  properties: { a: { type: 'string' }, b: { type: 'integer' }, c: { type: 'boolean' } },
  required: ['a'],
};

describe('makeValue: valid values', () => {
  test('seed 0 is the simplest value, optional fields left out, whatever the name', async () => {
    assert.deepEqual(
      await make(lookupSchema, 0, 'valid', 'lookup'),
      made({ a: 'zulu alph' }, 'valid'),
    );
    assert.deepEqual(
      await make(lookupSchema, 0, 'valid', 'refund'),
      made({ a: 'zulu alph' }, 'valid'),
    );
  });

  test('other seeds are salted by the name: two names differ, one name repeats', async () => {
    assert.deepEqual(await run(lookupSchema, [1, 3, 5], 'valid', 'lookup'), [
      made({ a: 'tang', b: 8 }, 'valid'),
      made({ a: 'kilox' }, 'valid'),
      made({ a: 'zulu zulux', b: 6 }, 'valid'),
    ]);
    assert.deepEqual(await run(lookupSchema, [1, 3, 5], 'valid', 'refund'), [
      made({ a: 'echo tangox', c: true }, 'valid'),
      made({ a: 'echo', b: 8 }, 'valid'),
      made({ a: 'lim', b: 10 }, 'valid'),
    ]);
    assert.deepEqual(
      await make(lookupSchema, 1, 'valid', 'lookup'),
      made({ a: 'tang', b: 8 }, 'valid'),
    );
  });

  test("a schema the generator cannot satisfy gives the generator's path and message", async () => {
    const impossible: JsonSchema = { type: 'string', minLength: 5, maxLength: 2 };
    for (const mode of ['valid', 'boundary', 'invalid'] as const) {
      assert.deepEqual(await make(impossible, 0, mode), {
        ok: false,
        schemaPath: '#/minLength',
        message: 'minLength exceeds maxLength at #',
      });
    }
    const nested: JsonSchema = {
      type: 'object',
      properties: { n: { type: 'integer', minimum: 5, maximum: 2 } },
      required: ['n'],
    };
    assert.deepEqual(await make(nested, 3, 'invalid'), {
      ok: false,
      schemaPath: '#/properties/n',
      message: 'no integer multiple of 1 lies in the range at #/properties/n',
    });
  });

  test('no richer schema (undefined, or null from JavaScript) generates from the sent one', async () => {
    assert.deepEqual(
      await make(lookupSchema, 1, 'valid', 'lookup', undefined),
      made({ a: 'tang', b: 8 }, 'valid'),
    );
    assert.deepEqual(
      await make(lookupSchema, 1, 'valid', 'lookup', null as unknown as AutoModelSchema),
      made({ a: 'tang', b: 8 }, 'valid'),
    );
  });
});

describe('makeValue: boundary numbers', () => {
  test('minimum and maximum in turn by seed', async () => {
    assert.deepEqual(
      await run({ type: 'integer', minimum: 3, maximum: 9 }, [0, 1, 2, 3], 'boundary'),
      [
        made(3, 'boundary'),
        made(9, 'boundary'),
        made(3, 'boundary'),
        made(9, 'boundary'),
      ],
    );
  });

  test('an exclusive bound moves one step inside: 1 for an integer, 0.5 for a number', async () => {
    const cases: [JsonSchema, number][] = [
      [{ type: 'integer', exclusiveMinimum: 0 }, 1],
      [{ type: 'number', exclusiveMinimum: 0 }, 0.5],
      [{ type: 'integer', exclusiveMaximum: 10 }, 9],
      [{ type: 'number', exclusiveMaximum: 10 }, 9.5],
    ];
    for (const [schema, bound] of cases) {
      assert.deepEqual(await run(schema, [0, 1], 'boundary'), [
        made(bound, 'boundary'),
        made(bound, 'boundary'),
      ]);
    }
  });

  test('four bounds in turn: minimum, exclusiveMinimum, maximum, exclusiveMaximum; one the schema rejects is not used', async () => {
    // 0.5 (above exclusiveMinimum 0) is below minimum 1, 9.5 above maximum 9: those seeds stay valid.
    const schema: JsonSchema = {
      type: 'number',
      minimum: 1,
      exclusiveMinimum: 0,
      maximum: 9,
      exclusiveMaximum: 10,
    };
    assert.deepEqual(await run(schema, [0, 1, 2, 3, 4], 'boundary'), [
      made(1, 'boundary'),
      made(3.81, 'valid'),
      made(9, 'boundary'),
      made(3.44, 'valid'),
      made(1, 'boundary'),
    ]);
    const integer: JsonSchema = {
      type: 'integer',
      minimum: -5,
      exclusiveMinimum: -9,
      maximum: 9,
      exclusiveMaximum: 20,
    };
    assert.deepEqual(await run(integer, [0, 1, 2, 3], 'boundary'), [
      made(-5, 'boundary'),
      made(0, 'valid'),
      made(9, 'boundary'),
      made(-1, 'valid'),
    ]);
  });

  test('an integer with no bound goes to 0; a number with no bound stays as it was', async () => {
    assert.deepEqual(await run({ type: 'integer' }, [0, 1], 'boundary'), [
      made(0, 'boundary'),
      made(0, 'boundary'),
    ]);
    assert.deepEqual(await run({ type: 'number' }, [0, 1], 'boundary'), [
      made(2, 'valid'),
      made(4, 'valid'),
    ]);
  });

  test('bounds that are not numbers (draft-4 exclusive flags, strings) are no bounds', async () => {
    for (
      const schema of [
        { type: 'integer', minimum: '1' },
        { type: 'integer', maximum: '9' },
        { type: 'integer', exclusiveMinimum: true },
      ]
    ) {
      assert.deepEqual(await make(schema, 1, 'boundary'), made(0, 'boundary'));
    }
    assert.deepEqual(
      await make({ type: 'number', exclusiveMaximum: true }, 1, 'boundary'),
      await make({ type: 'number', exclusiveMaximum: true }, 1, 'valid'),
    );
    assert.deepEqual(
      await make({ type: 'number', exclusiveMaximum: true }, 1, 'valid'),
      made(4, 'valid'),
    );
  });

  test('a bound off the multipleOf grid is not used', async () => {
    const schema: JsonSchema = { type: 'integer', minimum: 1, maximum: 10, multipleOf: 4 };
    assert.deepEqual(await run(schema, [0, 1], 'boundary'), [made(4, 'valid'), made(4, 'valid')]);
  });
});

describe('makeValue: boundary strings and arrays', () => {
  test("string lengths: 'x' repeated to minLength or maxLength in turn; no bound gives ''", async () => {
    assert.deepEqual(
      await run({ type: 'string', minLength: 2, maxLength: 5 }, [0, 1, 2], 'boundary'),
      [made('xx', 'boundary'), made('xxxxx', 'boundary'), made('xx', 'boundary')],
    );
    assert.deepEqual(await run({ type: 'string', minLength: 2 }, [0, 1], 'boundary'), [
      made('xx', 'boundary'),
      made('xx', 'boundary'),
    ]);
    assert.deepEqual(await run({ type: 'string', maxLength: 5 }, [0, 1], 'boundary'), [
      made('xxxxx', 'boundary'),
      made('xxxxx', 'boundary'),
    ]);
    assert.deepEqual(await run({ type: 'string' }, [0, 1], 'boundary'), [
      made('', 'boundary'),
      made('', 'boundary'),
    ]);
  });

  test('a string with a format or a pattern is not moved', async () => {
    assert.deepEqual(
      await make({ type: 'string', format: 'email', minLength: 3 }, 1, 'boundary'),
      made('user@example.com', 'valid'),
    );
    // 'xx' would match: the pattern alone keeps it from being moved.
    assert.deepEqual(
      await make({ type: 'string', pattern: '^x+$', minLength: 2 }, 1, 'boundary'),
      made('xx', 'valid'),
    );
  });

  test('array lengths: minItems or maxItems in turn, grown by repeating the first item, shrunk by slicing', async () => {
    const schema: JsonSchema = {
      type: 'array',
      items: { type: 'integer' },
      minItems: 1,
      maxItems: 4,
    };
    assert.deepEqual(await run(schema, [0, 1, 2, 3], 'valid'), [
      made([7], 'valid'),
      made([10, 8], 'valid'),
      made([1, 7], 'valid'),
      made([9, 3], 'valid'),
    ]);
    assert.deepEqual(await run(schema, [0, 1, 2, 3], 'boundary'), [
      made([7], 'boundary'),
      made([10, 8, 10, 10], 'boundary'),
      made([1], 'boundary'),
      made([9, 3, 9, 9], 'boundary'),
    ]);
    const atLeastTwo: JsonSchema = { type: 'array', items: { type: 'integer' }, minItems: 2 };
    assert.deepEqual(await make(atLeastTwo, 1, 'valid'), made([10, 8, 5], 'valid'));
    assert.deepEqual(await make(atLeastTwo, 1, 'boundary'), made([10, 8], 'boundary'));
  });

  test('an array with no length bound is emptied; an empty one has no item to repeat', async () => {
    const unbounded: JsonSchema = { type: 'array', items: { type: 'integer' } };
    assert.deepEqual(await make(unbounded, 1, 'valid'), made([10], 'valid'));
    assert.deepEqual(await make(unbounded, 1, 'boundary'), made([], 'boundary'));
    const atMostTwo: JsonSchema = { type: 'array', items: { type: 'integer' }, maxItems: 2 };
    assert.deepEqual(await make(atMostTwo, 1, 'boundary'), made([10, 10], 'boundary'));
    assert.deepEqual(await make(atMostTwo, 0, 'boundary'), made([], 'valid'));
  });

  test('a value of no other kind (a boolean schema, a boolean) is not moved', async () => {
    assert.deepEqual(await make(true, 0, 'boundary'), made('echo', 'valid'));
    assert.deepEqual(
      await make({ type: 'boolean' }, 1, 'boundary'),
      await make({ type: 'boolean' }, 1, 'valid'),
    );
    assert.equal(
      (await make({ type: 'boolean' }, 1, 'boundary') as { mode: string }).mode,
      'valid',
    );
  });
});

describe('makeValue: boundary objects', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      a: { type: 'integer', minimum: 1, maximum: 5 },
      b: { type: 'integer', minimum: 10, maximum: 20 },
      c: { type: 'string', maxLength: 3 },
      d: { type: 'integer', minimum: 1, maximum: 10, multipleOf: 4 },
      e: true,
      f: { type: 'integer', minimum: 7 },
    },
    required: ['a', 'b', 'd', 'e'],
  };

  test('each top-level field at a bound, its index offsetting the pick; absent fields stay absent', async () => {
    assert.deepEqual(await run(schema, [0, 1, 2, 3], 'valid'), [
      made({ a: 4, b: 11, d: 4, e: 'kilo' }, 'valid'),
      made({ a: 4, b: 11, d: 4, e: 'kilo', f: 23 }, 'valid'),
      made({ a: 2, b: 15, d: 8, e: 'delta', c: 'kil', f: 11 }, 'valid'),
      made({ a: 4, b: 19, d: 4, e: 'zulu' }, 'valid'),
    ]);
    // d's bounds are off its multipleOf grid and e's schema is `true`: neither moves.
    assert.deepEqual(await run(schema, [0, 1, 2, 3], 'boundary'), [
      made({ a: 1, b: 20, d: 4, e: 'kilo' }, 'boundary'),
      made({ a: 5, b: 10, d: 4, e: 'kilo', f: 7 }, 'boundary'),
      made({ a: 1, b: 20, d: 8, e: 'delta', c: 'xxx', f: 7 }, 'boundary'),
      made({ a: 5, b: 10, d: 4, e: 'zulu' }, 'boundary'),
    ]);
  });

  test('a field with no bound of its kind is left as it is, even where the schema would take undefined', async () => {
    // A format with no type accepts anything, an absent value too: the email must stay.
    const withEmail: JsonSchema = {
      type: 'object',
      properties: { e: { format: 'email' }, n: { type: 'integer', minimum: 2 } },
      required: ['e', 'n'],
    };
    assert.deepEqual(await run(withEmail, [0, 1], 'valid'), [
      made({ e: 'user@example.com', n: 94 }, 'valid'),
      made({ e: 'user@example.com', n: 95 }, 'valid'),
    ]);
    assert.deepEqual(await run(withEmail, [0, 1], 'boundary'), [
      made({ e: 'user@example.com', n: 2 }, 'boundary'),
      made({ e: 'user@example.com', n: 2 }, 'boundary'),
    ]);
    const onlyEmail: JsonSchema = {
      type: 'object',
      properties: { e: { format: 'email' } },
      required: ['e'],
    };
    assert.deepEqual(
      await make(onlyEmail, 0, 'boundary'),
      made({ e: 'user@example.com' }, 'valid'),
    );
  });

  test('an object with no properties, or nothing movable, stays valid', async () => {
    const open: JsonSchema = {
      type: 'object',
      additionalProperties: { type: 'integer' },
      minProperties: 1,
    };
    assert.deepEqual(await make(open, 0, 'boundary'), made({ extra_1: 7 }, 'valid'));
    const fixed: JsonSchema = {
      type: 'object',
      properties: {
        d: { type: 'integer', minimum: 1, maximum: 10, multipleOf: 4 },
        t: { type: 'boolean' },
      },
      required: ['d', 't'],
    };
    const valid = await make(fixed, 1, 'valid');
    assert.equal((valid as { ok: boolean }).ok, true);
    assert.deepEqual(await make(fixed, 1, 'boundary'), valid);
  });
});

describe('makeValue: invalid values', () => {
  const pair: JsonSchema = {
    type: 'object',
    properties: { a: { type: 'integer', maximum: 5 }, b: { type: 'string', minLength: 2 } },
    required: ['a', 'b'],
  };

  test('the seed turns both the field broken first and the way: type, bound, missing', async () => {
    assert.deepEqual(await run(pair, [0, 1, 2, 3, 4, 5], 'valid'), [
      made({ a: -27, b: 'delt' }, 'valid'),
      made({ a: -16, b: 'osca' }, 'valid'),
      made({ a: -66, b: 'lima lim' }, 'valid'),
      made({ a: -25, b: 'delta alpha' }, 'valid'),
      made({ a: -35, b: 'delta lim' }, 'valid'),
      made({ a: -30, b: 'oscar br' }, 'valid'),
    ]);
    assert.deepEqual(await run(pair, [0, 1, 2, 3, 4, 5], 'invalid'), [
      made({ a: 'not a number', b: 'delt' }, 'invalid'),
      made({ a: -16, b: '' }, 'invalid'),
      made({ b: 'lima lim' }, 'invalid'),
      made({ a: -25, b: 0 }, 'invalid'),
      made({ a: 6, b: 'delta lim' }, 'invalid'),
      made({ a: -30 }, 'invalid'),
    ]);
  });

  const one = (property: JsonSchema, required = true): JsonSchema => ({
    type: 'object',
    properties: { n: property },
    required: required ? ['n'] : [],
  });

  test('bound breaks, first found of maximum, minimum, exclusiveMaximum, exclusiveMinimum, maxLength, minLength, enum', async () => {
    const cases: [JsonSchema, unknown][] = [
      [{ type: 'integer', maximum: 5 }, 6],
      [{ type: 'integer', minimum: 3 }, 2],
      [{ type: 'integer', minimum: 3, maximum: 5 }, 6],
      [{ type: 'integer', minimum: 3, exclusiveMaximum: 9 }, 2],
      [{ type: 'integer', exclusiveMaximum: 5 }, 5],
      [{ type: 'integer', exclusiveMinimum: 3 }, 3],
      [{ type: 'integer', exclusiveMinimum: 3, exclusiveMaximum: 9 }, 9],
      [{ type: 'string', maxLength: 3 }, 'xxxx'],
      [{ type: 'string', minLength: 2 }, ''],
      [{ type: 'string', minLength: 2, maxLength: 6 }, 'xxxxxxx'],
      [{ type: 'string', minLength: 0, enum: ['a', 'b'] }, 'not one of the enum values'],
      [{ enum: ['a', 'b'] }, 'not one of the enum values'],
      // A minLength that is not a number is no bound: the enum is broken instead.
      [{ type: 'string', minLength: '3', enum: ['abc', 'abd'] }, 'not one of the enum values'],
    ];
    // Seed 1 tries the bound first.
    for (const [property, bad] of cases) {
      assert.deepEqual(
        await make(one(property), 1, 'invalid'),
        made({ n: bad }, 'invalid'),
        JSON.stringify(property),
      );
    }
  });

  test("type breaks: a string becomes 0, anything else 'not a <type>'", async () => {
    const cases: [JsonSchema, unknown][] = [
      [{ type: 'integer', maximum: 5 }, 'not a number'],
      [{ type: 'string', maxLength: 3 }, 0],
      [{ type: 'boolean' }, 'not a boolean'],
      [{ type: 'array' }, 'not a object'],
    ];
    // Seed 0 tries the type first.
    for (const [property, bad] of cases) {
      assert.deepEqual(
        await make(one(property), 0, 'invalid'),
        made({ n: bad }, 'invalid'),
        JSON.stringify(property),
      );
    }
  });

  test('a break the schema still accepts is passed over for the next way, then the next field', async () => {
    // A string or an integer: the type break of either is still accepted, the bound is not.
    assert.deepEqual(
      await make(one({ type: ['string', 'integer'], maximum: 5 }), 0, 'invalid'),
      made({ n: 6 }, 'invalid'),
    );
    // No bound: seed 1 tries the bound first, finds none, and leaves the field out.
    assert.deepEqual(await make(one({ type: 'string' }), 1, 'invalid'), made({}, 'invalid'));
    // Anything goes in `n`, and it is optional: `m` is broken instead (absent at seed 0).
    const loose: JsonSchema = {
      type: 'object',
      properties: { n: {}, m: { type: 'integer' } },
      required: [],
    };
    assert.deepEqual(await make(loose, 0, 'valid'), made({}, 'valid'));
    assert.deepEqual(await make(loose, 0, 'invalid'), made({ m: 'not a undefined' }, 'invalid'));
    // Anything goes in a required `n`: only leaving it out breaks it.
    assert.deepEqual(await make(one({}), 0, 'invalid'), made({}, 'invalid'));
  });

  test('only a required field is left out', async () => {
    assert.deepEqual(await run(one({ type: 'integer' }, false), [0, 1, 2], 'valid'), [
      made({}, 'valid'),
      made({ n: 10 }, 'valid'),
      made({ n: 1 }, 'valid'),
    ]);
    // Seed 2 tries leaving it out first; it is optional, so its type is broken.
    assert.deepEqual(await run(one({ type: 'integer' }, false), [0, 1, 2], 'invalid'), [
      made({ n: 'not a undefined' }, 'invalid'),
      made({ n: 'not a number' }, 'invalid'),
      made({ n: 'not a number' }, 'invalid'),
    ]);
    // Even where leaving it out would break minProperties.
    const atLeastOne: JsonSchema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      minProperties: 1,
    };
    assert.deepEqual(await run(atLeastOne, [0, 1, 2], 'invalid'), [
      made({ a: 0 }, 'invalid'),
      made({ a: 0 }, 'invalid'),
      made({ a: 0 }, 'invalid'),
    ]);
    assert.deepEqual(await make(one({ type: 'integer' }), 2, 'invalid'), made({}, 'invalid'));
  });

  test('a value that is not an object has its type broken', async () => {
    const cases: [JsonSchema, unknown][] = [
      [{ type: 'integer' }, 'not a number'],
      [{ type: 'string' }, 0],
      [{ type: 'array' }, 'not a object'],
      [{ type: 'boolean' }, 'not a boolean'],
      [{ type: 'null' }, 'not a object'],
    ];
    for (const [schema, bad] of cases) {
      assert.deepEqual(
        await make(schema, 0, 'invalid'),
        made(bad, 'invalid'),
        JSON.stringify(schema),
      );
    }
  });

  test('nothing breakable gives the valid value in mode valid', async () => {
    assert.deepEqual(
      await make({ type: ['string', 'integer'] }, 0, 'invalid'),
      made('osca', 'valid'),
    );
    assert.deepEqual(await make({ type: 'object' }, 0, 'invalid'), made({}, 'valid'));
    assert.deepEqual(await make(true, 0, 'invalid'), made('echo', 'valid'));
    const open: JsonSchema = {
      type: 'object',
      additionalProperties: { type: 'integer' },
      minProperties: 1,
    };
    assert.deepEqual(await make(open, 1, 'invalid'), made({ extra_1: 8 }, 'valid'));
  });

  test('every seed: valid and boundary values pass the sent schema, an invalid one does not', async () => {
    const schemas: JsonSchema[] = [
      pair,
      lookupSchema,
      { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 4 },
      { type: 'number', minimum: 1, exclusiveMinimum: 0, maximum: 9, exclusiveMaximum: 10 },
      { type: 'object', properties: { s: { type: 'string', maxLength: 3 } }, required: ['s'] },
    ];
    await checkAsyncProperty(
      25,
      fc.asyncProperty(
        fc.constantFrom(...schemas),
        fc.nat(),
        fc.constantFrom('lookup', 'refund', 'x'),
        fc.constantFrom<BehaviourValueMode>('valid', 'boundary', 'invalid'),
        async (schema, seed, name, mode) => {
          const result = await make(schema, seed, mode, name);
          assert.equal(result.ok, true);
          if (!result.ok) return;
          assert.equal(result.mode === 'valid' || result.mode === mode, true);
          assert.equal(
            checkSchemaValue(result.value, schema) === undefined,
            result.mode !== 'invalid',
          );
        },
      ),
    );
  });
});

describe('makeValue: richer schemas', () => {
  const unrelated: JsonSchema = {
    type: 'object',
    properties: { other: { type: 'string' } },
    required: ['other'],
  };
  const Counted = z.object({ count: z.int().min(100).max(105), note: z.string().optional() });

  test('a zod 4 schema is generated from its own JSON schema, not the sent one', async () => {
    const modes = async (mode: BehaviourValueMode) =>
      await Promise.all([0, 1, 2].map((seed) => make(unrelated, seed, mode, 'register', Counted)));
    assert.deepEqual(await modes('valid'), [
      made({ count: 104 }, 'valid'),
      made({ count: 105 }, 'valid'),
      made({ count: 101 }, 'valid'),
    ]);
    assert.deepEqual(await modes('boundary'), [
      made({ count: 100 }, 'boundary'),
      made({ count: 105 }, 'boundary'),
      made({ count: 100 }, 'boundary'),
    ]);
    // The broken value is what the schema rejects: it is not validated again.
    assert.deepEqual(await modes('invalid'), [
      made({ count: 'not a number' }, 'invalid'),
      made({ count: 106 }, 'invalid'),
      made({}, 'invalid'),
    ]);
  });

  test('a boundary the richer schema rejects falls back to the valid value', async () => {
    const Word = z.object({ word: z.string().min(2).refine((word) => word !== 'xx') });
    assert.deepEqual(
      await Promise.all([0, 1].map((seed) => make(unrelated, seed, 'boundary', 'w', Word))),
      [made({ word: 'zulu alph' }, 'valid'), made({ word: 'delt' }, 'valid')],
    );
    const json: JsonSchema = { type: 'integer', minimum: 3, maximum: 9 };
    const picky = handMade(
      json,
      (value) => value === 9 ? { issues: [{ message: 'not 9' }] } : { value },
    );
    // Seed 1 picks the maximum, 9, which the schema rejects; seed 0 picks the minimum.
    assert.deepEqual(await make(unrelated, 1, 'boundary', 'q', picky.schema), made(7, 'valid'));
    assert.deepEqual(picky.validated, [7, 9]);
    assert.deepEqual(await make(unrelated, 0, 'boundary', 'q', picky.schema), made(3, 'boundary'));
    assert.deepEqual(picky.validated, [7, 9, 3, 3]);
  });

  test('an invalid value is validated once, before it is broken', async () => {
    const json: JsonSchema = { type: 'integer', minimum: 3, maximum: 9 };
    const counting = handMade(json, (value) => ({ value }));
    assert.deepEqual(
      await make(unrelated, 0, 'invalid', 'p', counting.schema),
      made('not a number', 'invalid'),
    );
    assert.deepEqual(counting.validated, [3]);
  });

  test('the JSON schema is asked for once per schema object, for draft 2020-12', async () => {
    const json: JsonSchema = { type: 'integer', minimum: 3, maximum: 9 };
    const first = handMade(json, (value) => ({ value }));
    const second = handMade(json, (value) => ({ value }));
    for (const seed of [0, 1, 2]) await make(unrelated, seed, 'valid', 'p', first.schema);
    await make(unrelated, 0, 'valid', 'p', second.schema);
    assert.deepEqual(first.inputs, [{ target: 'draft-2020-12' }]);
    assert.deepEqual(second.inputs, [{ target: 'draft-2020-12' }]);
    assert.deepEqual(first.validated, [3, 6, 3]);
  });

  const json: JsonSchema = {
    type: 'object',
    properties: {
      n: { type: 'integer', minimum: 1, maximum: 50 },
      tag: { type: 'string', maxLength: 4 },
    },
    required: ['n'],
  };
  // Attempt k of seed s is generated from the seed hash('pick') ^ (s + 7919 k).
  const seedOne = [
    { n: 8, tag: 'echo' },
    { n: 32 },
    { n: 29 },
    { n: 43 },
    { n: 20 },
    { n: 47, tag: 'tan' },
    { n: 34 },
    { n: 1 },
  ];

  test('rejected candidates are retried with new seeds, up to 8', async () => {
    for (const rejected of [0, 3, 7]) {
      const schema = handMade(json, rejectFirst(rejected));
      assert.deepEqual(
        await make(unrelated, 1, 'valid', 'pick', schema.schema),
        made(seedOne[rejected], 'valid'),
      );
      assert.deepEqual(schema.validated, seedOne.slice(0, rejected + 1));
    }
  });

  test('seed 0 retries from salted seeds, not the simplest value again', async () => {
    const schema = handMade(json, rejectFirst(2));
    assert.deepEqual(
      await make(unrelated, 0, 'valid', 'pick', schema.schema),
      made({ n: 29, tag: 'kilo' }, 'valid'),
    );
    assert.deepEqual(schema.validated, [{ n: 34 }, { n: 14, tag: 'ech' }, { n: 29, tag: 'kilo' }]);
  });

  test('every candidate rejected: no value, at the root, saying so', async () => {
    const schema = handMade(json, rejectFirst(8));
    assert.deepEqual(await make(unrelated, 1, 'valid', 'pick', schema.schema), {
      ok: false,
      schemaPath: '#',
      message: `the schema's own validation rejected every candidate for "pick"`,
    });
    assert.deepEqual(schema.validated, seedOne);
    const never = z.object({ word: z.string() }).refine(() => false);
    assert.deepEqual(await make(unrelated, 0, 'boundary', 'never', never), {
      ok: false,
      schemaPath: '#',
      message: `the schema's own validation rejected every candidate for "never"`,
    });
  });

  test('an async validate is awaited; an empty issue list accepts', async () => {
    const slow = handMade(json, rejectFirst(3, true));
    assert.deepEqual(
      await make(unrelated, 1, 'valid', 'pick', slow.schema),
      made(seedOne[3], 'valid'),
    );
    assert.deepEqual(slow.validated, seedOne.slice(0, 4));
    const empty = handMade(json, () => ({ issues: [] }));
    assert.deepEqual(
      await make(unrelated, 1, 'valid', 'pick', empty.schema),
      made(seedOne[0], 'valid'),
    );
    assert.deepEqual(empty.validated, [seedOne[0]]);
    const Async = z.object({ n: z.int().min(1).max(3) }).refine(async (value) => value.n !== 1);
    assert.deepEqual(await make(unrelated, 0, 'valid', 'a', Async), made({ n: 3 }, 'valid'));
  });

  test("a richer JSON schema the generator cannot satisfy gives the generator's failure, unvalidated", async () => {
    const schema = handMade({ type: 'string', minLength: 5, maxLength: 2 }, () => ({}));
    assert.deepEqual(await make(unrelated, 1, 'valid', 'pick', schema.schema), {
      ok: false,
      schemaPath: '#/minLength',
      message: 'minLength exceeds maxLength at #',
    });
    assert.deepEqual(schema.validated, []);
  });

  test('without a complete ~standard the richer object is itself the JSON schema', async () => {
    const other = () => ({ type: 'string', maxLength: 0 });
    const validate = () => {
      throw new Error('not a validator');
    };
    const standards: unknown[] = [
      undefined,
      null,
      'standard',
      Object.assign(() => {}, { validate, jsonSchema: { input: other } }),
      { validate: 'no', jsonSchema: { input: other } },
      { validate },
      { validate, jsonSchema: { input: 'no' } },
    ];
    const plain = await make(json, 1, 'valid', 'pick');
    assert.deepEqual(plain, made(seedOne[0], 'valid'));
    for (const standard of standards) {
      const richer: AutoModelSchema = {
        ...json as object,
        ...(standard === undefined ? {} : { '~standard': standard }),
      };
      assert.deepEqual(await make(unrelated, 1, 'valid', 'pick', richer), plain, String(standard));
    }
  });
});
