// Failures of the schema-value generator (testing/_shared/_schema_values.ts), exactly as its
// public result reports them: the reason, the schema path (a JSON pointer from the root
// `#`) and the message. AutoModel copies the three into its AutoModelValueError, so they
// are what a user reads when a tool's schema cannot be met; the message names the place
// in the schema and what is wrong there.
import assert from 'node:assert/strict';
import { generateSchemaValue, type JsonSchema } from '../testing/_shared/_schema_values.ts';
import { describe, test } from './_harness.ts';

type Failure = [reason: string, schemaPath: string, message: string];

/** A string schema that no value meets. */
const bad = { type: 'string', minLength: 3, maxLength: 1 };

const failures: Array<[JsonSchema, Failure]> = [
  [false, ['unsatisfiable', '#', 'the schema at # is false']],
  // A value the generator makes (a const) that the final check rejects.
  [{ const: 5, type: 'string' }, [
    'unsatisfiable',
    '#/type',
    'no value satisfies the schema at #/type',
  ]],
  [{ type: 'object', properties: { a: 3 }, required: ['a'] }, [
    'unsupported_keyword',
    '#/properties/a',
    'expected a schema at #/properties/a',
  ]],
  [{ type: 'array', items: 7, minItems: 1 }, [
    'unsupported_keyword',
    '#/items',
    'expected a schema at #/items',
  ]],
  [{ oneOf: [7] }, ['unsupported_keyword', '#/oneOf/0', 'expected a schema at #/oneOf/0']],
  [{ allOf: [7] }, ['unsupported_keyword', '#/allOf/0', 'expected a schema at #/allOf/0']],
  [{ properties: { x: { not: { type: 'string' } } }, required: ['x'] }, [
    'unsupported_keyword',
    '#/properties/x/not',
    '"not" is not supported (at #/properties/x/not)',
  ]],
  [{ properties: { x: { $ref: 'https://example.com/s.json' } }, required: ['x'] }, [
    'unresolved_ref',
    '#/properties/x/$ref',
    'cannot resolve non-local $ref "https://example.com/s.json" at #/properties/x/$ref',
  ]],
  [{ properties: { x: { $ref: '#/$defs/Missing' } }, required: ['x'] }, [
    'unresolved_ref',
    '#/properties/x/$ref',
    'cannot resolve $ref "#/$defs/Missing" at #/properties/x/$ref',
  ]],
  [{ $ref: '#' }, ['unsatisfiable', '#', '$ref recursion too deep at #']],
  [{ enum: ['a', 'b'], type: 'integer' }, [
    'unsatisfiable',
    '#/enum',
    'no enum value at #/enum is allowed',
  ]],
  [{ oneOf: [{ type: 'string' }, { type: 'string' }] }, [
    'unsatisfiable',
    '#/oneOf',
    'no branch of #/oneOf can be met',
  ]],
  [{ anyOf: [] }, ['unsatisfiable', '#/anyOf', 'no branch of #/anyOf can be met']],
  // When every branch fails, the failure is a branch's own, with its path.
  [{ anyOf: [bad] }, [
    'unsatisfiable',
    '#/anyOf/0/minLength',
    'minLength exceeds maxLength at #/anyOf/0',
  ]],

  [{ allOf: [{ $ref: '#/$defs/No' }], $defs: { No: false } }, [
    'unsatisfiable',
    '#/allOf/0',
    'false schema',
  ]],
  [{ allOf: [false] }, ['unsatisfiable', '#/allOf/0', 'false schema']],
  [{ allOf: [{ $ref: '#/$defs/No', minLength: 1 }], $defs: { No: false } }, [
    'unsatisfiable',
    '#/allOf/0',
    'false schema',
  ]],
  [{ allOf: [{ allOf: [false] }] }, ['unsatisfiable', '#/allOf/0/allOf/0', 'false schema']],
  [{ allOf: [{ $ref: '#/$defs/Missing' }] }, [
    'unresolved_ref',
    '#/allOf/0/$ref',
    'cannot resolve $ref "#/$defs/Missing" at #/allOf/0/$ref',
  ]],
  [{ allOf: [{ $ref: '#/$defs/A' }], $defs: { A: { $ref: '#/$defs/A' } } }, [
    'unsatisfiable',
    '#/allOf/0',
    'circular $ref',
  ]],
  [{ allOf: [{ type: 'string' }, { type: 'integer' }] }, [
    'unsatisfiable',
    '#/allOf',
    'the types in #/allOf do not overlap',
  ]],
  [{ type: [] }, ['unsatisfiable', '#/type', 'empty type at #']],
  [{ type: 'widget' }, ['unsupported_keyword', '#/type', 'unknown type "widget" at #/type']],
  [{ type: ['string', 'widget'] }, [
    'unsupported_keyword',
    '#/type',
    'unknown type "widget" at #/type',
  ]],
  [{ type: 'string', minLength: 5, maxLength: 2 }, [
    'unsatisfiable',
    '#/minLength',
    'minLength exceeds maxLength at #',
  ]],
  // Property names are escaped in the path (~1 for "/", ~0 for "~").
  [
    {
      properties: { 'a/b~c': { type: 'string', minLength: 3, maxLength: 1 } },
      required: ['a/b~c'],
    },
    [
      'unsatisfiable',
      '#/properties/a~1b~0c/minLength',
      'minLength exceeds maxLength at #/properties/a~1b~0c',
    ],
  ],
  [{ type: 'string', pattern: '^a{3}$', maxLength: 2 }, [
    'unsatisfiable_pattern',
    '#/pattern',
    'cannot produce a string matching /^a{3}$/ within the length bounds at #',
  ]],
  [{ type: 'string', pattern: '(' }, [
    'unsatisfiable_pattern',
    '#/pattern',
    'invalid pattern at #',
  ]],
  [{ type: 'string', pattern: '^\\p{Lt}$' }, [
    'unsatisfiable_pattern',
    '#/pattern',
    'pattern /^\\p{Lt}$/ uses \\p{Lt} at #',
  ]],
  [{ type: 'string', pattern: '^\\bword\\B' }, [
    'unsatisfiable_pattern',
    '#/pattern',
    'cannot produce a string matching /^\\bword\\B/ within the length bounds at #',
  ]],
  [{ type: 'string', pattern: '^\\p{Script=Greek}$' }, [
    'unsatisfiable_pattern',
    '#/pattern',
    'pattern /^\\p{Script=Greek}$/ uses \\p{Script=Greek} at #',
  ]],
  [{ type: 'string', pattern: '^[^a-z0-9\\-_. ZQ]$' }, [
    'unsatisfiable_pattern',
    '#/pattern',
    'pattern /^[^a-z0-9\\-_. ZQ]$/ uses a negated class with no simple character left at #',
  ]],
  [{ type: 'integer', minimum: 1.2, maximum: 1.8 }, [
    'unsatisfiable',
    '#',
    'no integer multiple of 1 lies in the range at #',
  ]],
  [{ type: 'number', multipleOf: 10, minimum: 1, maximum: 9 }, [
    'unsatisfiable',
    '#',
    'no number multiple of 10 lies in the range at #',
  ]],
  [{ type: 'number', minimum: 5, exclusiveMinimum: 5, maximum: 5 }, [
    'unsatisfiable',
    '#',
    'the number range at # is empty',
  ]],
  [{ type: 'array', minItems: 3, maxItems: 1 }, [
    'unsatisfiable',
    '#/minItems',
    'minItems exceeds maxItems at #',
  ]],
  [{ type: 'array', prefixItems: [{ type: 'string' }], items: false, minItems: 2 }, [
    'unsatisfiable',
    '#/items',
    'too few items allowed at #',
  ]],
  [{ type: 'array', items: { enum: [1] }, uniqueItems: true, minItems: 2, maxItems: 2 }, [
    'unsatisfiable',
    '#/uniqueItems',
    'cannot produce 2 unique items at #',
  ]],
  // Item and property paths name the keyword the item's schema sits under.
  ...([
    [{ prefixItems: [bad], minItems: 1 }, '#/prefixItems/0'],
    [{ items: [bad], minItems: 1 }, '#/items/0'],
    [{ items: [{ const: 1 }], additionalItems: bad, minItems: 2 }, '#/additionalItems'],
    [{ prefixItems: [{ const: 1 }], items: bad, minItems: 2 }, '#/items'],
    [{ type: 'object', additionalProperties: bad, required: ['x'] }, '#/additionalProperties'],
    [{ type: 'object', additionalProperties: bad, minProperties: 1 }, '#/additionalProperties'],
  ] as Array<[Record<string, unknown>, string]>).map(([schema, at]): [JsonSchema, Failure] => [
    { type: 'array', ...schema },
    ['unsatisfiable', `${at}/minLength`, `minLength exceeds maxLength at ${at}`],
  ]),
  [{ type: 'object', required: ['a'], additionalProperties: false }, [
    'unsatisfiable',
    '#/required',
    '"a" is required but not allowed at #',
  ]],
  [{ type: 'object', minProperties: 1, additionalProperties: false }, [
    'unsatisfiable',
    '#/minProperties',
    'too few properties allowed at #',
  ]],
  [{ type: 'object', required: ['a', 'b'], maxProperties: 1 }, [
    'unsatisfiable',
    '#/maxProperties',
    'too many required properties at #',
  ]],
];

describe('schema values: failures', () => {
  test('what cannot be generated is reported with its reason, schema path and message', () => {
    for (const [schema, [reason, schemaPath, message]] of failures) {
      const result = generateSchemaValue(schema, { seed: 1 });
      assert.deepEqual(result, { ok: false, reason, schemaPath, message }, JSON.stringify(schema));
    }
  });

  test('an error that is not about the schema propagates unchanged, not as a failure result', () => {
    const boom = new Error('boom');
    const schema = {
      type: 'object',
      get properties(): never {
        throw boom;
      },
    };
    assert.throws(() => generateSchemaValue(schema, { seed: 1 }), (error) => error === boom);
    // Also from inside a branch, even when another branch could be met (maxDepth 0 keeps
    // the branches in order, so the throwing one is tried first).
    assert.throws(
      () => generateSchemaValue({ anyOf: [schema, { const: 1 }] }, { seed: 1, maxDepth: 0 }),
      (error) => error === boom,
    );
  });
});
