// String formats in the schema-value generator (testing/_shared/_schema_values.ts): every format
// it supports yields a non-empty value that a real format validator accepts (ajv-formats,
// or zod for the formats ajv-formats does not know), also when length bounds or a pattern
// rule out its first sample, and the values are pinned (AutoModel users snapshot them).
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { generateSchemaValue, type JsonSchema } from '../testing/_shared/_schema_values.ts';
import { describe, test } from './_harness.ts';

// deno-lint-ignore no-explicit-any
const ajv = new (Ajv2020 as any)({ strict: false, allErrors: false });
// deno-lint-ignore no-explicit-any
(addFormats as any)(ajv);

/** Formats ajv-formats knows under another name: the same syntax for our samples. */
const ajvFormat: Record<string, string> = {
  'idn-email': 'email',
  iri: 'uri',
  'idn-hostname': 'hostname',
  base64: 'byte',
};

/** Formats only zod checks. */
const zodFormat: Record<string, z.ZodType> = { cuid: z.cuid(), emoji: z.emoji() };

// deno-lint-ignore no-explicit-any
const formatValidators = new Map<string, any>();

function assertFormat(format: string, value: unknown, label: string): void {
  assert.equal(typeof value, 'string', label);
  assert.ok((value as string).length > 0, `${label}: an empty string`);
  const zodCheck = zodFormat[format];
  if (zodCheck !== undefined) {
    assert.ok(zodCheck.safeParse(value).success, `${label}: zod rejects ${JSON.stringify(value)}`);
    return;
  }
  const name = ajvFormat[format] ?? format;
  assert.ok(ajv.formats[name] !== undefined, `${label}: ajv-formats has no "${name}"`);
  const validate = formatValidators.get(name) ?? ajv.compile({ type: 'string', format: name });
  formatValidators.set(name, validate);
  assert.ok(validate(value), `${label}: ajv-formats rejects ${JSON.stringify(value)}`);
}

// Each supported format unconstrained, and with a length bound or pattern that rules out
// its first sample, so that the format's other sample is the value.
const cases: Array<[format: string, constraints: Record<string, unknown>, value: string]> = [
  ['email', {}, 'user@example.com'],
  ['email', { minLength: 17 }, 'ada.lovelace@example.org'],
  ['idn-email', {}, 'user@example.com'],
  ['uri', {}, 'https://example.com/a'],
  ['uri', { minLength: 22 }, 'https://example.org/path?q=1'],
  ['url', {}, 'https://example.com/a'],
  ['uri-reference', {}, 'https://example.com/a'],
  ['uri-reference', { maxLength: 14 }, '/relative/path'],
  ['iri', {}, 'https://example.com/a'],
  ['date-time', {}, '2024-01-15T10:30:00Z'],
  ['date-time', { minLength: 21 }, '2023-06-01T08:00:00.000Z'],
  ['date', {}, '2024-01-15'],
  ['date', { pattern: '^2023' }, '2023-06-01'],
  ['time', {}, '10:30:00Z'],
  ['time', { pattern: '^08' }, '08:00:00Z'],
  ['duration', {}, 'P1D'],
  ['duration', { minLength: 4 }, 'PT1H30M'],
  ['uuid', {}, '6f1e2d3c-4b5a-4c7d-8e9f-0a1b2c3d4e5f'],
  ['uuid', { pattern: '^1' }, '123e4567-e89b-42d3-a456-426614174000'],
  ['ipv4', {}, '192.0.2.1'],
  ['ipv4', { minLength: 10 }, '198.51.100.7'],
  ['ipv6', {}, '2001:db8::1'],
  ['ipv6', { maxLength: 3 }, '::1'],
  ['hostname', {}, 'example.com'],
  ['hostname', { minLength: 12 }, 'api.example.org'],
  ['idn-hostname', {}, 'example.com'],
  ['byte', {}, 'aGVsbG8='],
  ['byte', { pattern: '^d' }, 'd29ybGQ='],
  ['base64', {}, 'aGVsbG8='],
  ['regex', {}, '^a+$'],
  ['json-pointer', {}, '/a/b'],
  ['cuid', {}, 'cjld2cjxh0000qzrmn831i7rn'],
  ['emoji', {}, '😀'],
];

describe('schema values: formats', () => {
  test('every supported format gives a valid, non-empty value, also when bounds rule out a sample', () => {
    for (const [format, constraints, expected] of cases) {
      const schema: JsonSchema = { type: 'string', format, ...constraints };
      const label = JSON.stringify(schema);
      // The value also meets the schema's own bounds and pattern.
      const withinBounds = ajv.compile({ type: 'string', ...constraints });
      for (let seed = 0; seed < 8; seed++) {
        const result = generateSchemaValue(schema, { seed });
        assert.ok(result.ok, `${label}: ${JSON.stringify(result)}`);
        assertFormat(format, result.value, `${label}, seed ${seed}`);
        assert.ok(withinBounds(result.value), `${label}, seed ${seed}`);
      }
      assert.deepEqual(
        generateSchemaValue(schema, { seed: 7 }),
        { ok: true, value: expected },
        label,
      );
    }
  });

  test('formats in several allOf parts: a value valid for each', () => {
    // An IPv4 address is also a valid hostname (not the other way round).
    const schema: JsonSchema = {
      allOf: [
        { type: 'string', format: 'ipv4', anyOf: [{ minLength: 1 }] },
        { format: 'hostname', anyOf: [{ minLength: 1 }] },
      ],
    };
    for (let seed = 0; seed < 4; seed++) {
      const result = generateSchemaValue(schema, { seed });
      assert.ok(result.ok, JSON.stringify(result));
      assertFormat('ipv4', result.value, `seed ${seed}`);
      assertFormat('hostname', result.value, `seed ${seed}`);
    }
  });

  test('without a fitting sample, a plain string as for no format at all', () => {
    // An unknown format, a format that is not a string, and bounds no sample of the format
    // meets all give the filler-word string the same schema without "format" gives: the
    // format is a hint, and the bounds are kept.
    const plain = (seed: number, constraints: Record<string, unknown> = {}) =>
      generateSchemaValue({ type: 'string', ...constraints }, { seed });
    for (let seed = 0; seed < 6; seed++) {
      assert.deepEqual(
        generateSchemaValue({ type: 'string', format: 'phone' }, { seed }),
        plain(seed),
      );
      assert.deepEqual(
        generateSchemaValue({ type: 'string', format: ['date'] }, { seed }),
        plain(seed),
      );
      assert.deepEqual(
        generateSchemaValue({ type: 'string', format: 'email', maxLength: 5 }, { seed }),
        plain(seed, { maxLength: 5 }),
      );
    }
  });
});
