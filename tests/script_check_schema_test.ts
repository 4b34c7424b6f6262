// The schema checker the script check judges scripted arguments and outputs with
// (_internal/schema_check.ts), read directly: for each keyword, the exact violation
// (where in the value, where in the schema, what was wanted, what was found) and the
// boundary the keyword draws, so a checker that blames the wrong place or moves a
// boundary by one is caught here rather than through a whole run's message.
import assert from 'node:assert/strict';
import {
  checkSchemaValue,
  type CheckSchemaValueOptions,
  decimalPlaces,
  escapePointer,
  isMultipleOf,
  isObject,
  type JsonSchema,
  resolvePointer,
  type SchemaViolation,
  stableKey,
} from '../_internal/schema_check.ts';
import { describe, test } from './_harness.ts';

const check = (value: unknown, schema: JsonSchema, options?: CheckSchemaValueOptions) =>
  checkSchemaValue(value, schema, options);

/** The violation, with the fields a caller reads (the defaults filled in). */
function violation(
  fields: Partial<SchemaViolation> & Pick<SchemaViolation, 'schemaPath' | 'keyword' | 'expected'>,
): SchemaViolation {
  return { valuePath: [], actual: undefined, missing: false, ...fields };
}

/** A chain of `length` references ending in a string schema. */
function refChain(length: number): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  for (let i = 1; i < length; i++) defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
  defs[`d${length}`] = { type: 'string' };
  return { $ref: '#/$defs/d1', $defs: defs };
}

describe('schema check: booleans, references and cycles', () => {
  test('true accepts anything; false rejects everything and says so', () => {
    assert.equal(check({ a: [1] }, true), undefined);
    assert.deepEqual(
      check(3, false),
      violation({
        schemaPath: '#',
        keyword: 'false',
        expected: 'nothing (the schema allows no value)',
        actual: 3,
      }),
    );
  });

  test('a reference is followed to its target, and the target judges at the referring path', () => {
    const schema = { $ref: '#/$defs/name', $defs: { name: { type: 'string' } } };
    assert.equal(check('x', schema), undefined);
    assert.deepEqual(
      check(1, schema),
      violation({ schemaPath: '#/type', keyword: 'type', expected: 'string', actual: 1 }),
    );
  });

  test("a reference's siblings still judge once the target accepts", () => {
    const schema = { $ref: '#/$defs/name', maxLength: 2, $defs: { name: { type: 'string' } } };
    assert.equal(check('ab', schema), undefined);
    assert.deepEqual(
      check('abc', schema),
      violation({
        schemaPath: '#/maxLength',
        keyword: 'maxLength',
        expected: 'a string of at most 2 characters',
        actual: 'abc',
      }),
    );
  });

  test('an unresolvable reference names itself', () => {
    assert.deepEqual(
      check(1, { $ref: '#/$defs/missing' }),
      violation({
        schemaPath: '#/$ref',
        keyword: '$ref',
        expected: 'a resolvable $ref (#/$defs/missing)',
        actual: 1,
      }),
    );
    assert.equal(check(1, { $ref: 'https://example.com/s.json' })?.schemaPath, '#/$ref');
  });

  test('64 references deep are followed; the 65th ends the chain (a cycle ends there)', () => {
    assert.equal(check('x', refChain(64)), undefined);
    assert.deepEqual(
      check(1, refChain(64)),
      violation({ schemaPath: '#/type', keyword: 'type', expected: 'string', actual: 1 }),
    );
    const deep = violation({
      schemaPath: '#',
      keyword: '$ref',
      expected: 'a schema less than 64 references deep',
      actual: 'x',
    });
    assert.deepEqual(check('x', refChain(65)), deep);
    assert.deepEqual(check('x', { $ref: '#' }), deep);
  });
});

describe('schema check: const, enum, allOf, not', () => {
  test('const compares JSON values whatever the key order', () => {
    assert.equal(check({ b: 1, a: [2] }, { const: { a: [2], b: 1 } }), undefined);
    assert.deepEqual(
      check({ a: 1 }, { const: { a: 2 } }),
      violation({ schemaPath: '#/const', keyword: 'const', expected: '{"a":2}', actual: { a: 1 } }),
    );
    // A const of null is still a const (the keyword is present).
    assert.equal(check(0, { const: null })?.keyword, 'const');
  });

  test('enum lists its members', () => {
    assert.equal(check('b', { enum: ['a', 'b'] }), undefined);
    assert.deepEqual(
      check('c', { enum: ['a', 1, null] }),
      violation({
        schemaPath: '#/enum',
        keyword: 'enum',
        expected: 'one of "a", 1, null',
        actual: 'c',
      }),
    );
    assert.equal(check('c', { enum: 'c' } as JsonSchema), undefined);
  });

  test('allOf blames the first part that rejects, by its index', () => {
    const schema = { allOf: [{ type: 'number' }, { minimum: 5 }, { maximum: 1 }] };
    assert.deepEqual(
      check(3, schema),
      violation({
        schemaPath: '#/allOf/1/minimum',
        keyword: 'minimum',
        expected: 'a number >= 5',
        actual: 3,
      }),
    );
    assert.equal(check(3, { allOf: [true, {}] }), undefined);
  });

  test('not rejects what its schema accepts', () => {
    assert.equal(check(2, { not: { const: 1 } }), undefined);
    assert.deepEqual(
      check(1, { not: { const: 1 } }),
      violation({
        schemaPath: '#/not',
        keyword: 'not',
        expected: 'a value the "not" schema rejects',
        actual: 1,
      }),
    );
  });
});

describe('schema check: anyOf and oneOf', () => {
  test('anyOf accepts when any branch does, whatever comes after it', () => {
    assert.equal(check(1, { anyOf: [{ type: 'string' }, { type: 'integer' }, false] }), undefined);
  });

  test('with no branch accepting at the top, the branches are described', () => {
    const schema = {
      anyOf: [
        true,
        false,
        { const: 'x' },
        { enum: [1, 2] },
        { type: ['string', 'null'] },
        { $ref: '#/$defs/a' },
        { not: true },
      ],
    };
    // The `true` branch accepts, so take it out to see the description.
    const rejecting = { anyOf: schema.anyOf.slice(1) };
    assert.deepEqual(
      check(true, rejecting),
      violation({
        schemaPath: '#/anyOf',
        keyword: 'anyOf',
        expected: 'no value, or "x", or one of 1, 2, or string or null, or #/$defs/a, or a schema',
        actual: true,
      }),
    );
    assert.equal(check(true, schema), undefined);
    assert.match(
      check(0, { oneOf: [true, true] })?.expected ?? '',
      /^exactly one oneOf branch to match \(2 do\)$/,
    );
    assert.equal(
      check(0, { anyOf: [{ type: 'string' }, true] }),
      undefined,
    );
    assert.deepEqual(
      check(0, { oneOf: [{ type: 'string' }, { type: 'boolean' }] }),
      violation({
        schemaPath: '#/oneOf',
        keyword: 'oneOf',
        expected: 'string, or boolean',
        actual: 0,
      }),
    );
  });

  test('a describe of a `true` branch reads "any value"', () => {
    // Both branches accept 1, so oneOf rejects: but a 0-match oneOf describes them.
    assert.deepEqual(
      check('s', { oneOf: [{ type: 'integer' }, { not: true }] }),
      violation({
        schemaPath: '#/oneOf',
        keyword: 'oneOf',
        expected: 'integer, or a schema',
        actual: 's',
      }),
    );
    assert.equal(
      check('s', { anyOf: [{ type: 'integer' }, { anyOf: [true, false] }] }),
      undefined,
    );
  });

  test('the branch that got deepest into the value is the one blamed', () => {
    const schema = {
      anyOf: [
        { type: 'object', required: ['kind'] },
        {
          type: 'object',
          properties: { kind: { const: 'b' }, size: { type: 'integer' } },
        },
        {
          type: 'object',
          properties: { kind: { const: 'b' }, size: { type: 'number', maximum: 1 } },
        },
      ],
    };
    // Branch 0 fails at depth 1 (missing kind)... no: kind is present, so branch 0 accepts.
    assert.equal(check({ kind: 'b', size: 2 }, schema), undefined);
    const deeper = { anyOf: schema.anyOf.slice(1) };
    // Both branches fail at depth 1 on `size`: the first of equal depth is kept.
    assert.deepEqual(
      check({ kind: 'b', size: 2.5 }, deeper),
      violation({
        valuePath: ['size'],
        schemaPath: '#/anyOf',
        keyword: 'type',
        expected: 'integer',
        actual: 2.5,
      }),
    );
    // A branch failing at the top is passed over for one failing inside the value.
    assert.deepEqual(
      check({ kind: 'b', size: 'x' }, { oneOf: [{ type: 'array' }, ...deeper.anyOf] }),
      violation({
        valuePath: ['size'],
        schemaPath: '#/oneOf',
        keyword: 'type',
        expected: 'integer',
        actual: 'x',
      }),
    );
    // A deeper failure later in the list replaces a shallower one.
    assert.deepEqual(
      check(
        { a: { b: 1 } },
        {
          anyOf: [
            { properties: { a: { type: 'string' } } },
            { properties: { a: { properties: { b: { type: 'string' } } } } },
          ],
        },
      ),
      violation({
        valuePath: ['a', 'b'],
        schemaPath: '#/anyOf',
        keyword: 'type',
        expected: 'string',
        actual: 1,
      }),
    );
  });

  test('a union without branches accepts nothing', () => {
    assert.deepEqual(
      check(1, { anyOf: [] }),
      violation({ schemaPath: '#/anyOf', keyword: 'anyOf', expected: '', actual: 1 }),
    );
    assert.equal(check(1, { oneOf: [] })?.schemaPath, '#/oneOf');
  });

  test("a union's siblings still judge once a branch accepts", () => {
    assert.deepEqual(
      check(5, { anyOf: [{ type: 'integer' }, { type: 'string' }], maximum: 1 }),
      violation({
        schemaPath: '#/maximum',
        keyword: 'maximum',
        expected: 'a number <= 1',
        actual: 5,
      }),
    );
    assert.deepEqual(
      check(5, { oneOf: [{ type: 'integer' }, { type: 'string' }], maximum: 1 }),
      violation({
        schemaPath: '#/maximum',
        keyword: 'maximum',
        expected: 'a number <= 1',
        actual: 5,
      }),
    );
  });

  test('oneOf accepts exactly one match, and counts more', () => {
    assert.equal(check(1, { oneOf: [{ type: 'string' }, { type: 'integer' }] }), undefined);
    assert.deepEqual(
      check(1, { oneOf: [{ type: 'number' }, { type: 'integer' }, { minimum: 0 }] }),
      violation({
        schemaPath: '#/oneOf',
        keyword: 'oneOf',
        expected: 'exactly one oneOf branch to match (3 do)',
        actual: 1,
      }),
    );
  });
});

describe('schema check: types', () => {
  test('each type name, and none other', () => {
    const values: [string, unknown, unknown][] = [
      ['null', null, 0],
      ['boolean', false, 0],
      ['string', '', 0],
      ['number', 1.5, '1'],
      ['integer', 2, 2.5],
      ['array', [], {}],
      ['object', {}, []],
    ];
    for (const [type, good, bad] of values) {
      assert.equal(check(good, { type }), undefined, type);
      assert.deepEqual(
        check(bad, { type }),
        violation({ schemaPath: '#/type', keyword: 'type', expected: type, actual: bad }),
        type,
      );
    }
    assert.equal(check(null, { type: 'object' })?.keyword, 'type');
    assert.equal(check(Infinity, { type: 'number' })?.keyword, 'type');
    assert.equal(check(NaN, { type: 'number' })?.keyword, 'type');
    assert.equal(check('x', { type: 'text' })?.keyword, 'type');
  });

  test('a list of types, and nullable, widen the type', () => {
    assert.equal(check(null, { type: ['string', 'null'] }), undefined);
    assert.equal(check(null, { type: 'string', nullable: true }), undefined);
    assert.deepEqual(
      check(1, { type: 'string', nullable: true }),
      violation({ schemaPath: '#/type', keyword: 'type', expected: 'string or null', actual: 1 }),
    );
    assert.deepEqual(
      check(null, { type: 'string', nullable: 'yes' }),
      violation({ schemaPath: '#/type', keyword: 'type', expected: 'string', actual: null }),
    );
  });
});

describe('schema check: strings', () => {
  test('lengths count characters, not UTF-16 units, and include their bounds', () => {
    assert.equal(check('😀😀', { minLength: 2, maxLength: 2 }), undefined);
    assert.deepEqual(
      check('😀', { minLength: 2 }),
      violation({
        schemaPath: '#/minLength',
        keyword: 'minLength',
        expected: 'a string of at least 2 characters',
        actual: '😀',
      }),
    );
    assert.deepEqual(
      check('abc', { minLength: 1, maxLength: 2 }),
      violation({
        schemaPath: '#/maxLength',
        keyword: 'maxLength',
        expected: 'a string of at most 2 characters',
        actual: 'abc',
      }),
    );
    assert.equal(check('', { maxLength: 0 }), undefined);
    assert.equal(check('a', { minLength: 0 }), undefined);
    assert.equal(check('a', { maxLength: 0 })?.keyword, 'maxLength');
  });

  test('a pattern is searched, unicode-aware, with a fallback for non-unicode syntax', () => {
    assert.equal(check('xaby', { pattern: 'ab' }), undefined);
    assert.deepEqual(
      check('b', { pattern: '^a$' }),
      violation({
        schemaPath: '#/pattern',
        keyword: 'pattern',
        expected: 'a string matching /^a$/',
        actual: 'b',
      }),
    );
    // `.` is one character in unicode mode: one emoji is one match of `^.$`.
    assert.equal(check('😀', { pattern: '^.$' }), undefined);
    // `\a` is a syntax error in unicode mode, the letter `a` otherwise.
    assert.equal(check('a', { pattern: '^\\a$' }), undefined);
    assert.equal(check('b', { pattern: '^\\a$' })?.keyword, 'pattern');
    // A pattern no mode can compile accepts nothing, every time it is asked.
    assert.equal(check('(', { pattern: '(' })?.keyword, 'pattern');
    assert.equal(check('(', { pattern: '(' })?.keyword, 'pattern');
  });

  test('formats are judged only when asked for', () => {
    assert.equal(check('nope', { format: 'email' }), undefined);
    assert.deepEqual(
      check('nope', { format: 'email' }, { formats: true }),
      violation({
        schemaPath: '#/format',
        keyword: 'format',
        expected: 'a string in format "email"',
        actual: 'nope',
      }),
    );
    assert.equal(check('anything', { format: 'no-such-format' }, { formats: true }), undefined);
    assert.equal(check('anything', { format: 5 } as JsonSchema, { formats: true }), undefined);
  });

  test('each well-known format: what passes and what does not', () => {
    const cases: [string, string[], string[]][] = [
      ['email', ['a@b', 'first.last@example.com'], ['a@', '@b', 'a b@c', 'a@b@c', 'x']],
      ['uri', ['https://x.y/z', 'urn:isbn:1', 'a1+.-:'], [
        '1http://x',
        '//x',
        'a b:c',
        'x y',
        'http://a b',
      ]],
      ['url', ['http://x', 'mailto:a@b', 'a1+.-:'], ['x', 'http://a b', '1http://x', ' http://x']],
      [
        'uuid',
        ['123e4567-e89b-12d3-a456-426614174000', '123E4567-E89B-12D3-A456-426614174000'],
        [
          '123e4567e89b12d3a456426614174000',
          '123e4567-e89b-12d3-a456-42661417400g',
          'x',
          'x123e4567-e89b-12d3-a456-426614174000',
          '123e4567-e89b-12d3-a456-426614174000x',
        ],
      ],
      ['date', ['2024-02-29', '1999-12-31', '2000-10-01'], [
        '2024-13-01',
        '2024-00-10',
        '2024-01-32',
        '2024-01-00',
        '24-01-01',
        '2024-1-01',
        'x2024-01-01',
        '2024-01-01x',
      ]],
      ['time', [
        '23:59:60',
        '00:00:00.5Z',
        '00:00:00.125',
        '12:30:00+05:30',
        '12:30:00-0530',
        '12:30:00+23:59',
        '19:00:00+19:00',
        '10:00:00z',
      ], [
        '24:00:00',
        '12:60:00',
        '12:00:61',
        '12:00',
        '12:00:00+24:00',
        'x12:00:00',
        '12:00:00Zx',
      ]],
      ['date-time', [
        '2024-01-01T10:00:00Z',
        '2024-01-01 10:00:00+01:00',
        '2024-01-01T10:00:00-0130',
        '2024-01-01t10:00:00z',
      ], [
        '2024-01-01T10:00:00',
        '2024-01-01X10:00:00Z',
        '2024-13-01T10:00:00Z',
        '2024-01-01T25:00:00Z',
        ' 2024-01-01T10:00:00Z',
        '2024-01-0110:00:00Z',
      ]],
      ['ipv4', ['127.0.0.1', '255.255.255.255', '0.0.0.0'], [
        '256.0.0.1',
        '1.2.3',
        '1.2.3.4.5',
        '1.2.3.1000',
        'a.b.c.d',
        ' 1.2.3.4',
      ]],
      ['ipv6', ['::1', 'fe80::1%eth0', '::ffff:1.2.3.4', 'ABCD::'], ['1234', 'g::1', ':: 1', '']],
    ];
    for (const [format, good, bad] of cases) {
      for (const value of good) {
        assert.equal(check(value, { format }, { formats: true }), undefined, `${format} ${value}`);
      }
      for (const value of bad) {
        assert.equal(
          check(value, { format }, { formats: true })?.keyword,
          'format',
          `${format} ${value}`,
        );
      }
    }
  });

  test('string keywords of the wrong type are ignored', () => {
    assert.equal(check('abc', { minLength: '9', maxLength: '1' } as JsonSchema), undefined);
    assert.equal(check('abc', { pattern: 1 } as JsonSchema), undefined);
    // Beside a bound that is a number, the other one still is not compared.
    assert.equal(check('abc', { minLength: '9', maxLength: 10 } as JsonSchema), undefined);
    assert.equal(check('abc', { minLength: 0, maxLength: '1' } as JsonSchema), undefined);
    // A format that is not a string names no format, even one that reads as a name.
    assert.equal(check('x', { format: ['date'] } as JsonSchema, { formats: true }), undefined);
  });
});

describe('schema check: numbers', () => {
  const bound = (keyword: string, expected: string, actual: number) =>
    violation({ schemaPath: `#/${keyword}`, keyword, expected: `a number ${expected}`, actual });

  test('inclusive bounds include themselves', () => {
    assert.equal(check(1, { minimum: 1, maximum: 1 }), undefined);
    assert.deepEqual(check(0.5, { minimum: 1 }), bound('minimum', '>= 1', 0.5));
    assert.deepEqual(check(1.5, { maximum: 1 }), bound('maximum', '<= 1', 1.5));
  });

  test('exclusive bounds (numbers) exclude themselves', () => {
    assert.equal(check(2, { exclusiveMinimum: 1, exclusiveMaximum: 3 }), undefined);
    assert.deepEqual(check(1, { exclusiveMinimum: 1 }), bound('exclusiveMinimum', '> 1', 1));
    assert.deepEqual(check(0, { exclusiveMinimum: 1 }), bound('exclusiveMinimum', '> 1', 0));
    assert.deepEqual(check(3, { exclusiveMaximum: 3 }), bound('exclusiveMaximum', '< 3', 3));
    assert.deepEqual(check(4, { exclusiveMaximum: 3 }), bound('exclusiveMaximum', '< 3', 4));
  });

  test('exclusive bounds (the older booleans) exclude the minimum and maximum', () => {
    assert.deepEqual(
      check(1, { minimum: 1, exclusiveMinimum: true }),
      bound('minimum', '> 1', 1),
    );
    assert.deepEqual(
      check(3, { maximum: 3, exclusiveMaximum: true }),
      bound('maximum', '< 3', 3),
    );
    assert.equal(check(2, { minimum: 1, exclusiveMinimum: true }), undefined);
    assert.equal(check(2, { maximum: 3, exclusiveMaximum: true }), undefined);
    assert.equal(check(1, { minimum: 1, exclusiveMinimum: false }), undefined);
    assert.equal(check(3, { maximum: 3, exclusiveMaximum: false }), undefined);
  });

  test('multipleOf is decimal', () => {
    assert.equal(check(1.23, { multipleOf: 0.01 }), undefined);
    assert.deepEqual(
      check(1.5, { multipleOf: 1 }),
      bound('multipleOf', 'that is a multiple of 1', 1.5),
    );
  });

  test('number keywords of the wrong type are ignored', () => {
    assert.equal(
      check(5, {
        minimum: '9',
        maximum: '1',
        exclusiveMinimum: '9',
        exclusiveMaximum: '1',
        multipleOf: '2',
      } as JsonSchema),
      undefined,
    );
  });
});

describe('schema check: arrays', () => {
  test('item counts of the wrong type are ignored', () => {
    assert.equal(check([1], { minItems: '2', maxItems: '0' } as JsonSchema), undefined);
  });

  test('item counts include their bounds', () => {
    assert.equal(check([1, 2], { minItems: 2, maxItems: 2 }), undefined);
    assert.deepEqual(
      check([1], { minItems: 2 }),
      violation({
        schemaPath: '#/minItems',
        keyword: 'minItems',
        expected: 'at least 2 items',
        actual: [1],
      }),
    );
    assert.deepEqual(
      check([1, 2, 3], { maxItems: 2 }),
      violation({
        schemaPath: '#/maxItems',
        keyword: 'maxItems',
        expected: 'at most 2 items',
        actual: [1, 2, 3],
      }),
    );
  });

  test('items apply to every item, at its index', () => {
    assert.deepEqual(
      check([1, 'x', 2], { items: { type: 'integer' } }),
      violation({
        valuePath: [1],
        schemaPath: '#/items/type',
        keyword: 'type',
        expected: 'integer',
        actual: 'x',
      }),
    );
    assert.equal(check(['x'], { items: true }), undefined);
  });

  test('a tuple (items as a list) with additionalItems', () => {
    const schema = {
      items: [{ type: 'string' }, { type: 'integer' }],
      additionalItems: { type: 'boolean' },
    };
    assert.equal(check(['a', 1, true, false], schema), undefined);
    assert.equal(check(['a'], schema), undefined);
    assert.deepEqual(
      check(['a', 'b'], schema),
      violation({
        valuePath: [1],
        schemaPath: '#/items/1/type',
        keyword: 'type',
        expected: 'integer',
        actual: 'b',
      }),
    );
    assert.deepEqual(
      check(['a', 1, 2], schema),
      violation({
        valuePath: [2],
        schemaPath: '#/additionalItems/type',
        keyword: 'type',
        expected: 'boolean',
        actual: 2,
      }),
    );
    // Without additionalItems, the items after the tuple are free.
    assert.equal(check(['a', 1, 'anything'], { items: schema.items }), undefined);
  });

  test('prefixItems with items for the rest', () => {
    const schema = { prefixItems: [{ type: 'string' }], items: { type: 'integer' } };
    assert.equal(check(['a', 1, 2], schema), undefined);
    assert.deepEqual(
      check([1], schema),
      violation({
        valuePath: [0],
        schemaPath: '#/prefixItems/0/type',
        keyword: 'type',
        expected: 'string',
        actual: 1,
      }),
    );
    assert.deepEqual(
      check(['a', 'b'], schema),
      violation({
        valuePath: [1],
        schemaPath: '#/items/type',
        keyword: 'type',
        expected: 'integer',
        actual: 'b',
      }),
    );
    // prefixItems that are not a list describe no item: items judge them all.
    const loose = { prefixItems: 'no', items: { type: 'integer' } } as JsonSchema;
    assert.equal(check([1, 2], loose), undefined);
    assert.equal(check(['a'], loose)?.schemaPath, '#/items/type');
  });

  test('uniqueItems compares JSON values whatever the key order', () => {
    assert.equal(check([{ a: 1, b: 2 }, { a: 2 }], { uniqueItems: true }), undefined);
    assert.deepEqual(
      check([{ a: 1, b: 2 }, { b: 2, a: 1 }], { uniqueItems: true }),
      violation({
        schemaPath: '#/uniqueItems',
        keyword: 'uniqueItems',
        expected: 'unique items',
        actual: [{ a: 1, b: 2 }, { b: 2, a: 1 }],
      }),
    );
    assert.equal(check([1, 1], { uniqueItems: false }), undefined);
  });
});

describe('schema check: objects', () => {
  const schema = {
    type: 'object',
    properties: { id: { type: 'string' }, size: { type: 'integer', default: 1 } },
    required: ['id', 'size'],
  };

  test("a missing required property, under each rule ('all' by default)", () => {
    const missingSize = violation({
      valuePath: ['size'],
      schemaPath: '#/required',
      keyword: 'required',
      expected: 'property "size" (required)',
      missing: true,
    });
    assert.deepEqual(check({ id: 'a' }, schema), missingSize);
    assert.deepEqual(check({ id: 'a' }, schema, { required: 'all' }), missingSize);
    // 'proven': a property with a default is not missing; one without still is.
    assert.equal(check({ id: 'a' }, schema, { required: 'proven' }), undefined);
    assert.deepEqual(
      check({ size: 1 }, schema, { required: 'proven' }),
      violation({
        valuePath: ['id'],
        schemaPath: '#/required',
        keyword: 'required',
        expected: 'property "id" (required)',
        missing: true,
      }),
    );
    // A listed name the properties do not describe has no default: it is missing.
    assert.equal(
      check({}, { required: ['x'] }, { required: 'proven' })?.keyword,
      'required',
    );
    assert.equal(check({}, schema, { required: 'none' }), undefined);
    assert.equal(check({}, { required: 'id' } as JsonSchema), undefined);
  });

  test('property counts include their bounds', () => {
    assert.equal(check({ a: 1 }, { minProperties: 1, maxProperties: 1 }), undefined);
    assert.deepEqual(
      check({}, { minProperties: 1 }),
      violation({
        schemaPath: '#/minProperties',
        keyword: 'minProperties',
        expected: 'at least 1 properties',
        actual: {},
      }),
    );
    assert.deepEqual(
      check({ a: 1, b: 2 }, { maxProperties: 1 }),
      violation({
        schemaPath: '#/maxProperties',
        keyword: 'maxProperties',
        expected: 'at most 1 properties',
        actual: { a: 1, b: 2 },
      }),
    );
  });

  test('additionalProperties: false names the allowed properties, or none', () => {
    assert.deepEqual(
      check({ id: 'a', extra: 1 }, { properties: schema.properties, additionalProperties: false }),
      violation({
        valuePath: ['extra'],
        schemaPath: '#/additionalProperties',
        keyword: 'additionalProperties',
        expected: 'no property "extra" (the schema allows id, size)',
        actual: 1,
      }),
    );
    assert.deepEqual(
      check({ extra: 1 }, { additionalProperties: false }),
      violation({
        valuePath: ['extra'],
        schemaPath: '#/additionalProperties',
        keyword: 'additionalProperties',
        expected: 'no property "extra" (the schema allows none)',
        actual: 1,
      }),
    );
    // A described property may be anything its schema allows, even `false`'s sibling.
    assert.equal(
      check({ id: 'a' }, { properties: { id: true }, additionalProperties: false }),
      undefined,
    );
  });

  test('a property described as false is rejected at its own path', () => {
    assert.deepEqual(
      check({ a: 1 }, { properties: { a: false } }),
      violation({
        valuePath: ['a'],
        schemaPath: '#/properties/a',
        keyword: 'false',
        expected: 'nothing (the schema allows no value)',
        actual: 1,
      }),
    );
    assert.equal(check({ b: 1 }, { properties: { a: false } }), undefined);
  });

  test('additionalProperties as a schema judges the undescribed properties', () => {
    const open = {
      properties: { id: { type: 'string' } },
      additionalProperties: { type: 'integer' },
    };
    assert.equal(check({ id: 'a', n: 1 }, open), undefined);
    assert.deepEqual(
      check({ id: 'a', n: 'x' }, open),
      violation({
        valuePath: ['n'],
        schemaPath: '#/additionalProperties/type',
        keyword: 'type',
        expected: 'integer',
        actual: 'x',
      }),
    );
  });

  test('a property path escapes / and ~, and nested parts prefix the value path', () => {
    const nested = {
      properties: { 'a/b~c': { properties: { list: { items: { type: 'string' } } } } },
    };
    assert.deepEqual(
      check({ 'a/b~c': { list: ['x', 2] } }, nested),
      violation({
        valuePath: ['a/b~c', 'list', 1],
        schemaPath: '#/properties/a~1b~0c/properties/list/items/type',
        keyword: 'type',
        expected: 'string',
        actual: 2,
      }),
    );
    // Properties that are not an object describe nothing.
    assert.equal(
      check({ a: 1 }, { properties: 'a', additionalProperties: false } as JsonSchema)
        ?.keyword,
      'additionalProperties',
    );
  });

  test('the first wrong property in the value order is the one blamed', () => {
    const typed = { properties: { a: { type: 'string' }, b: { type: 'string' } } };
    assert.deepEqual(check({ b: 1, a: 2 }, typed)?.valuePath, ['b']);
    assert.deepEqual(check({ a: 'ok', b: 2 }, typed)?.valuePath, ['b']);
  });
});

describe('schema check: the helpers', () => {
  test('resolvePointer: the root, escaped and encoded segments, and what names no schema', () => {
    const root = {
      $defs: { 'a/b': { type: 'string' }, 't~x': true, 'sp ace': { const: 1 }, n: 5 },
    };
    assert.equal(resolvePointer('#', root), root);
    assert.deepEqual(resolvePointer('#/$defs/a~1b', root), { type: 'string' });
    assert.equal(resolvePointer('#/$defs/t~0x', root), true);
    assert.deepEqual(resolvePointer('#/$defs/sp%20ace', root), { const: 1 });
    assert.equal(resolvePointer('#/$defs/n', root), undefined);
    assert.equal(resolvePointer('#/$defs/n/deeper', root), undefined);
    assert.equal(resolvePointer('#/$defs/missing', root), undefined);
    assert.equal(resolvePointer('other.json#/$defs/a~1b', root), undefined);
    assert.equal(resolvePointer('#', false), false);
  });

  test('escapePointer escapes ~ before /', () => {
    assert.equal(escapePointer('a/b~c~/'), 'a~1b~0c~0~1');
    assert.equal(escapePointer('plain'), 'plain');
  });

  test('stableKey: equal for equal JSON, whatever the key order', () => {
    assert.equal(
      stableKey({ b: [1, { d: 1, c: 2 }], a: null }),
      '{"a":null,"b":[1,{"c":2,"d":1}]}',
    );
    assert.equal(stableKey('x'), '"x"');
    assert.notEqual(stableKey([1, 2]), stableKey([2, 1]));
    assert.notEqual(stableKey({ a: '1' }), stableKey({ a: 1 }));
  });

  test('isObject: plain objects only', () => {
    assert.equal(isObject({}), true);
    assert.equal(isObject([]), false);
    assert.equal(isObject(null), false);
    assert.equal(isObject('x'), false);
  });

  test('decimalPlaces reads the shortest form, exponents included', () => {
    assert.equal(decimalPlaces(100), 0);
    assert.equal(decimalPlaces(1.25), 2);
    assert.equal(decimalPlaces(1e-7), 7);
    assert.equal(decimalPlaces(1.5e-7), 8);
    assert.equal(decimalPlaces(1e21), 0);
    assert.equal(decimalPlaces(1.5e21), 0);
  });

  test('isMultipleOf is exact in decimal and falls back to the quotient for huge scales', () => {
    assert.equal(isMultipleOf(1.23, 0.01), true);
    assert.equal(isMultipleOf(0.3, 0.1), true);
    assert.equal(isMultipleOf(1.235, 0.01), false);
    assert.equal(isMultipleOf(-6, 3), true);
    assert.equal(isMultipleOf(7, 3), false);
    assert.equal(isMultipleOf(0, 0.5), true);
    // Scaled past the safe integers, the quotient decides.
    assert.equal(isMultipleOf(1e300, 1e299), true);
    assert.equal(isMultipleOf(1.5e300, 1e300), false);
    assert.equal(isMultipleOf(2 ** 60, 2 ** 10), true);
    // Only the value is past them: 1e300 % 7 is 1, but the quotient is a (huge) integer.
    assert.equal(isMultipleOf(1e300, 7), true);
    // The finer of the two decimals scales both (0.5 is one of 0.25; 5 is not one of 3).
    assert.equal(isMultipleOf(0.5, 0.25), true);
    assert.equal(isMultipleOf(0.3, 0.25), false);
  });
});
