// The pattern generator of testing/_shared/_schema_values.ts, token by token: escapes, classes,
// ranges, groups, lookarounds and quantifiers. Every value is pinned per seed (AutoModel's
// values are seeded, and users snapshot them, so a change must be deliberate) and is checked
// against the real RegExp; patterns the generator cannot serve fail with a precise reason.
import assert from 'node:assert/strict';
import {
  generateSchemaValue,
  type JsonSchema,
  type SchemaValueResult,
} from '../testing/_shared/_schema_values.ts';
import { describe, test } from './_harness.ts';

function compile(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

function generated(pattern: string, seed: number): string | { failed: string } {
  const result: SchemaValueResult = generateSchemaValue({ type: 'string', pattern }, { seed });
  return result.ok ? result.value as string : { failed: result.message };
}

/** Pattern, then the values of seeds 0 to 3 (or the failure message). */
const GOLDEN: [string, (string | { failed: string })[]][] = [
  ['^\\w{6}$', ['Q5gsbD', 'XHXQ1Q', '03RxaS', 'ntHRbt']],
  ['^a\\sb$', ['a b', 'a b', 'a b', 'a b']],
  ['^\\d{4}$', ['6913', '7576', '8863', '2356']],
  ['^\\D\\W\\S\\S\\S$', ['--a--', '--aaa', '--aa-', '---aa']],
  ['^a\\nb\\tc$', ['a\nb\tc', 'a\nb\tc', 'a\nb\tc', 'a\nb\tc']],
  ['^.{4}$', ['y7dk', '2t2y', '35zn', 'hlsy']],
  ['^a*b$', ['b', 'b', 'ab', 'b']],
  ['^a+b$', ['ab', 'ab', 'aab', 'ab']],
  ['^a?b?c?$', ['b', 'bc', 'ab', '']],
  ['^a{3}$', ['aaa', 'aaa', 'aaa', 'aaa']],
  ['^a{10}$', ['aaaaaaaaaa', 'aaaaaaaaaa', 'aaaaaaaaaa', 'aaaaaaaaaa']],
  ['^a{2,}$', ['aa', 'aa', 'aaa', 'aa']],
  ['^a{1,2}b{0,1}$', ['ab', 'ab', 'aab', 'a']],
  ['^a{x}b{2}$', ['a{x}bb', 'a{x}bb', 'a{x}bb', 'a{x}bb']],
  ['^a{,3}$', ['a{,3}', 'a{,3}', 'a{,3}', 'a{,3}']],
  ['^a+?b*?c??d{1,2}?$', ['abbd', 'abcdd', 'aabbcdd', 'acd']],
  ['^(ab|cd)+$', ['ab', 'ab', 'abab', 'ab']],
  ['^(?:x|y){3}$', ['xxx', 'xxx', 'xxx', 'xxx']],
  ['^(?<name>z|w)q$', ['zq', 'zq', 'zq', 'zq']],
  ['^(a|b|c)(d|e)$', ['ad', 'ad', 'ad', 'ad']],
  ['^(?=a)[ab]{2}$', ['aa', 'aa', 'ab', 'aa']],
  ['^(?!a)[ab]{2}$', ['bb', 'bb', 'bb', 'ba']],
  ['(?<=a)b', [
    { 'failed': 'cannot produce a string matching /(?<=a)b/ within the length bounds at #' },
    { 'failed': 'cannot produce a string matching /(?<=a)b/ within the length bounds at #' },
    { 'failed': 'cannot produce a string matching /(?<=a)b/ within the length bounds at #' },
    { 'failed': 'cannot produce a string matching /(?<=a)b/ within the length bounds at #' },
  ]],
  ['(?<!a)b', ['b', 'b', 'b', 'b']],
  ['^(?=(a|b))[ab]c$', ['ac', 'ac', 'bc', 'ac']],
  ['^(?=\\()\\(a\\)$', ['(a)', '(a)', '(a)', '(a)']],
  ['^\\u0041{2}$', ['AA', 'AA', 'AA', 'AA']],
  ['^\\u{1F600}$', ['\ud83d\ude00', '\ud83d\ude00', '\ud83d\ude00', '\ud83d\ude00']],
  ['^\\uzz1234$', ['uzz1234', 'uzz1234', 'uzz1234', 'uzz1234']],
  ['^\\x41\\x62$', ['Ab', 'Ab', 'Ab', 'Ab']],
  ['^\\xzz41$', ['xzz41', 'xzz41', 'xzz41', 'xzz41']],
  ['^\\p{L}{3}$', ['cca', 'cbc', 'ccc', 'aab']],
  ['^\\p{Letter}\\p{Alphabetic}$', ['ac', 'ac', 'bc', 'aa']],
  ['^\\p{Ll}\\p{Lu}$', ['aC', 'aC', 'bC', 'aA']],
  ['^\\p{Lowercase_Letter}\\p{Uppercase}$', ['aC', 'aC', 'bC', 'aA']],
  ['^\\p{N}\\p{Nd}\\p{digit}$', ['169', '375', '688', '023']],
  ['^\\p{gc=Lu}\\p{General_Category=Nd}$', ['A6', 'A7', 'B8', 'A2']],
  ['^\\P{L}\\P{N}$', ['--', '--', '--', '--']],
  ['^\\P{Ll}\\P{Lu}$', ['--', '--', '--', '--']],
  // Without the u flag, \\u not followed by hex is the letter u, and {3} repeats the z.
  ['^\\uzz{3}$', ['uzzzz', 'uzzzz', 'uzzzz', 'uzzzz']],
  ['^[abc]{4}$', ['ccaa', 'cbcc', 'cccb', 'aabc']],
  ['^[a-e]{4}$', ['deab', 'dcdd', 'eedb', 'bbcd']],
  ['^[^a-z0-9]{4}$', ['ZQ-_', 'Z ZZ', 'ZQZ.', '__ Z']],
  ['^[\\d_]{4}$', ['7_13', '8587', '9974', '2357']],
  ['^[a\\-z]{4}$', ['zzaa', 'z-zz', 'zzz-', 'aa-z']],
  ['^[\\x41-\\x43]{4}$', ['CCAA', 'CBCC', 'CCCB', 'AABC']],
  ['^[-a]{4}$', ['aa--', 'aaaa', 'aaa-', '--aa']],
  ['^[a-]{4}$', ['--aa', '----', '---a', 'aa--']],
  // A class escape is no range end: [\d-z] is the digits, "-" and "z".
  ['^[\\d-z]{4}$', ['8z13', '9698', '9-84', '2368']],
  ['^[\\w-]{4}$', ['R6gt', 'YIYR', '04Sx', 'nuHS']],
  ['^[^-a]{8}$', ['2.fnbtsw', '6w6282rq', '8_2pb390', 'jnv2cnq.']],
  ['^[\\u0000-\\uffff]{3}$', ['\u0087\u00b7\u0014', '\u009cj\u009c', '\u00a5\u00af\u008b', '*?h']],
  ['^[\\u{1F600}-\\u{1F602}]$', ['\ud83d\ude00', '\ud83d\ude00', '\ud83d\ude01', '\ud83d\ude00']],
  ['^[^]{3}$', ['2.e', '6w6', '8-3', 'inw']],
  ['^[a-\\x63]{3}$', ['cca', 'cbc', 'ccc', 'aab']],
  ['^\\bword\\b$', ['word', 'word', 'word', 'word']],
  ['^[\\b]$', ['\b', '\b', '\b', '\b']],
  ['a]', ['a]', 'a]', 'a]', 'a]']],
  ['^a}$', ['a}', 'a}', 'a}', 'a}']],
  ['^\\.\\-\\/$', ['.-/', '.-/', '.-/', '.-/']],
  ['^ab|cd$', ['ab', 'ab', 'ab', 'ab']],
  ['x|', ['x', 'x', 'x', 'x']],
  ['|x', ['', '', '', '']],
];

describe('schema values: patterns', () => {
  test('each token gives the pinned values, and every value matches the real RegExp', () => {
    for (const [pattern, expected] of GOLDEN) {
      const values = [0, 1, 2, 3].map((seed) => generated(pattern, seed));
      assert.deepEqual(values, expected, `/${pattern}/`);
      for (const value of values) {
        if (typeof value === 'string') assert.match(value, compile(pattern), `/${pattern}/`);
      }
    }
  });

  test('unsupported Unicode properties are named in the failure', () => {
    for (
      const name of [
        'Lt',
        'Other_Letter',
        'Cased_Letter',
        'Nl',
        'General_Category=Lt',
        'Script=Greek',
        'Other_Number',
      ]
    ) {
      const pattern = `^\\p{${name}}$`;
      assert.deepEqual(generateSchemaValue({ type: 'string', pattern }, { seed: 1 }), {
        ok: false,
        reason: 'unsatisfiable_pattern',
        schemaPath: '#/pattern',
        message: `pattern /${pattern}/ uses \\p{${name}} at #`,
      });
    }
  });

  test('the first attempt takes the first alternative; later ones vary it', () => {
    // "cde" is the only fit for minLength 3, so the first attempt ("ab") fails.
    const result = generateSchemaValue(
      { type: 'string', pattern: '^(ab|cde)$', minLength: 3 },
      { seed: 1 },
    );
    assert.deepEqual(result, { ok: true, value: 'cde' });
    assert.deepEqual(
      [0, 1, 2, 3].map((seed) => generated('^(ab|cd)$', seed)),
      ['ab', 'ab', 'ab', 'ab'],
    );
  });
  test('a lookaround is skipped by its parentheses: a class holding one is refused, not guessed', () => {
    for (
      const [pattern, what] of [
        ['^((?=[(])a)$', 'an unclosed group'],
        ['^(?=[)])\\)$', 'an unbalanced ")"'],
      ]
    ) {
      assert.deepEqual(generateSchemaValue({ type: 'string', pattern }, { seed: 1 }), {
        ok: false,
        reason: 'unsatisfiable_pattern',
        schemaPath: '#/pattern',
        message: `pattern /${pattern}/ uses ${what} at #`,
      });
    }
  });

  test('a quantified lookahead repeats nothing', () => {
    // Allowed without the u flag: (?=a)* emits the empty string however often it repeats,
    // so the first attempt fits; the next property's value shows no attempt was lost.
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        p: { type: 'string', pattern: '^(?=a)*a$' },
        after: { type: 'integer', minimum: 0, maximum: 1000 },
      },
      required: ['p', 'after'],
    };
    const values = [0, 1, 2, 3, 4, 5].map((seed) => generateSchemaValue(schema, { seed }));
    assert.deepEqual(
      values,
      [301, 681, 372, 692, 438, 607].map((after) => ({ ok: true, value: { p: 'a', after } })),
    );
  });

  test('an empty class emits nothing: [] never matches, so an optional one is left out', () => {
    // The failed attempts consume draws, which the next property's value shows.
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        p: { type: 'string', pattern: '^[]?x$' },
        after: { type: 'integer', minimum: 0, maximum: 1000 },
      },
      required: ['p', 'after'],
    };
    const values = [0, 1, 2, 3, 4, 5].map((seed) => generateSchemaValue(schema, { seed }));
    assert.deepEqual(
      values,
      [25, 843, 1, 692, 438, 946].map((after) => ({ ok: true, value: { p: 'x', after } })),
    );
  });
});
