// Seeded stability of the schema-value generator (testing/_shared/_schema_values.ts), pinned.
//
// AutoModel invents tool arguments and structured outputs from this generator, and its
// contract is "the same seed generates the same values": users snapshot what it produces
// (a transcript, a stored output, an assertion on an argument). A change of the seeded
// generator, of the probabilities it draws with, or of the filler words it writes strings
// from changes every such snapshot, so it must be a deliberate change that updates these
// golden values, never an accident. The values below are exact; the other tests only check
// that values are valid.
import assert from 'node:assert/strict';
import { generateSchemaValue, type JsonSchema } from '../testing/_shared/_schema_values.ts';
import { describe, test } from './_harness.ts';

/** A tool's arguments: required and optional properties, an enum, a nullable, a oneOf. */
const weatherArguments: JsonSchema = {
  type: 'object',
  properties: {
    city: { type: 'string', maxLength: 20 },
    days: { type: 'integer', minimum: 1, maximum: 14 },
    units: { enum: ['metric', 'imperial', 'kelvin'] },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
    note: { type: ['string', 'null'] },
    email: { type: 'string', format: 'email' },
    shape: {
      oneOf: [
        {
          type: 'object',
          properties: {
            kind: { const: 'circle' },
            radius: { type: 'number', exclusiveMinimum: 0, maximum: 5 },
          },
          required: ['kind', 'radius'],
        },
        {
          type: 'object',
          properties: {
            kind: { const: 'square' },
            side: { type: 'integer', minimum: 1, maximum: 9 },
          },
          required: ['kind', 'side'],
        },
      ],
    },
  },
  required: ['city', 'days'],
};

/** A recursive schema: deep down, nullable types and anyOf end the recursion. */
const tree: JsonSchema = {
  $ref: '#/$defs/Node',
  $defs: {
    Node: {
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 5 },
        next: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/Node' }] },
        kids: { type: 'array', items: { $ref: '#/$defs/Node' }, maxItems: 2 },
        tag: { type: ['integer', 'null'], minimum: 0, maximum: 9 },
      },
      required: ['name', 'next'],
    },
  },
};

const golden: Array<[name: string, schema: JsonSchema, seed: number, value: unknown]> = [
  ['any value (true schema)', true, 0, 'echo'],
  ['any value (true schema)', true, 1, 'bravo'],
  ['any value (true schema)', true, 42, 'kilo'],
  ['string', { type: 'string' }, 0, 'osca'],
  ['string', { type: 'string' }, 1, 'tangox'],
  ['string', { type: 'string' }, 42, 'oscar lima o'],
  // Long strings use every filler word.
  [
    'strings',
    {
      type: 'array',
      items: { type: 'string', minLength: 20, maxLength: 30 },
      minItems: 4,
      maxItems: 4,
    },
    0,
    [
      'zulu alpha delta alp',
      'echo kilo kilo delta',
      'echo alpha delta del',
      'bravo lima zulu osca',
    ],
  ],
  [
    'strings',
    {
      type: 'array',
      items: { type: 'string', minLength: 20, maxLength: 30 },
      minItems: 4,
      maxItems: 4,
    },
    1,
    [
      'kilo tango oscar tan',
      'echo echo lima limax',
      'alpha echo zulu delt',
      'lima bravo lima brav',
    ],
  ],
  ['unbounded number', { type: 'number' }, 0, 2],
  ['unbounded number', { type: 'number' }, 42, 10],
  ['number in a range', { type: 'number', minimum: -10, maximum: 10 }, 0, -7.88],
  ['number in a range', { type: 'number', minimum: -10, maximum: 10 }, 42, 9.71],
  ['integer in a range', { type: 'integer', minimum: -50, maximum: 50 }, 0, -40],
  ['integer in a range', { type: 'integer', minimum: -50, maximum: 50 }, 42, 49],
  ['boolean', { type: 'boolean' }, 0, true],
  ['boolean', { type: 'boolean' }, 42, false],
  ['tool arguments', weatherArguments, 0, {
    city: 'zulu alph',
    days: 1,
    units: 'imperial',
    email: 'user@example.com',
    shape: { kind: 'square', side: 8 },
  }],
  ['tool arguments', weatherArguments, 1, {
    city: 'kilo tango',
    days: 12,
    tags: ['delta al', 'delta echo l'],
    note: 'oscarx',
    email: 'user@example.com',
    shape: { kind: 'square', side: 1 },
  }],
  ['tool arguments', weatherArguments, 42, { city: 'lima oscar', days: 8 }],
  ['recursive', tree, 0, {
    name: 'zulux',
    next: { name: 'kilo', next: null, tag: null },
    tag: null,
  }],
  ['recursive', tree, 2, {
    name: 'tango',
    next: null,
    kids: [{ name: 'alpha', next: null }, { name: 'alph', next: null }],
    tag: null,
  }],
  ['recursive', tree, 3, { name: 'del', next: null, tag: 9 }],
];

/** The same with a deeper depth limit (the `maxDepth` option). */
const deepGolden: Array<[seed: number, value: unknown]> = [
  [0, {
    name: 'zulux',
    next: { name: 'kilo', next: null, kids: [{ name: 'tan', next: null }], tag: 7 },
  }],
  [2, {
    name: 'tango',
    next: null,
    kids: [
      {
        name: 'alpha',
        next: { name: 'del', next: null },
        kids: [{ name: 'bravo', next: null }, { name: 'bra', next: null }],
        tag: 7,
      },
      { name: 'zulux', next: null, tag: 3 },
    ],
  }],
];

describe('schema values: seeded stability', () => {
  test('fixed schemas and seeds give exactly the pinned values', () => {
    for (const [name, schema, seed, value] of golden) {
      const result = generateSchemaValue(schema, { seed });
      assert.deepEqual(result, { ok: true, value }, `${name}, seed ${seed}`);
    }
    for (const [seed, value] of deepGolden) {
      const result = generateSchemaValue(tree, { seed, maxDepth: 6 });
      assert.deepEqual(result, { ok: true, value }, `recursive, maxDepth 6, seed ${seed}`);
    }
  });

  test('the seeded draws keep their odds: fair booleans, optional properties, null one time in four', () => {
    // Over a fixed range of seeds (so the counts are themselves stable), booleans and
    // optional properties come out both ways about evenly, and a nullable type picks null
    // about a quarter of the time: rare enough that most values stay informative.
    const count = (schema: JsonSchema, seeds: number, accept: (value: unknown) => boolean) => {
      let hits = 0;
      for (let seed = 0; seed < seeds; seed++) {
        const result = generateSchemaValue(schema, { seed });
        assert.ok(result.ok);
        if (accept(result.value)) hits++;
      }
      return hits;
    };
    const trues = count({ type: 'boolean' }, 64, (value) => value === true);
    assert.ok(trues >= 20 && trues <= 44, `${trues} of 64 booleans are true`);
    const optional = { type: 'object', properties: { maybe: { type: 'integer' } } };
    const present = count(optional, 64, (value) => 'maybe' in (value as object));
    assert.ok(present >= 20 && present <= 44, `the optional property is present ${present} of 64`);
    const nulls = count({ type: ['string', 'null'] }, 200, (value) => value === null);
    assert.ok(nulls >= 20 && nulls <= 90, `${nulls} of 200 nullable values are null`);
  });

  test('seeded outcomes include failures: the pattern search has a fixed budget of attempts', () => {
    // Six "a"s in a row are rare draws for `a{0,6}`; the search stops after 40 attempts, so
    // for a few seeds it reports the pattern unsatisfiable, and always for the same seeds.
    const schema = { type: 'string', pattern: '^a{0,6}$', minLength: 6 };
    assert.deepEqual(generateSchemaValue(schema, { seed: 0 }), { ok: true, value: 'aaaaaa' });
    assert.deepEqual(generateSchemaValue(schema, { seed: 768 }), {
      ok: false,
      reason: 'unsatisfiable_pattern',
      schemaPath: '#/pattern',
      message: 'cannot produce a string matching /^a{0,6}$/ within the length bounds at #',
    });
  });

  test('a draw of exactly the odds does not count as a hit (draws are in [0, 1))', () => {
    // Seed 2793780177's first draw is exactly 0.25, the odds of null for a nullable type:
    // a draw below the odds is a hit, so this one gives the non-null type.
    const result = generateSchemaValue({ type: ['string', 'null'] }, { seed: 2793780177 });
    assert.deepEqual(result, { ok: true, value: 'delta delta' });
  });
});
