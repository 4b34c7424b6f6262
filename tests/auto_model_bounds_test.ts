// Numeric bounds as zod 4 and the SDK's tool() really send them: `.int()` becomes
// `minimum`/`maximum` at the ends of the safe-integer range, which say "a safe integer"
// and must not pull generated values to those ends; bounds a user wrote must hold.
import assert from 'node:assert/strict';
import { Agent, Runner, tool } from '@openai/agents';
import fc from 'fast-check';
import { z } from 'zod';
import { AutoModel } from 'scripted-agents/testing';
import { generateSchemaValue, type JsonSchema } from '../testing/_shared/_schema_values.ts';
import { describe, test } from './_harness.ts';
import { checkProperty } from './_property.ts';

const SAFE = Number.MAX_SAFE_INTEGER;

const shapes = {
  int: z.number().int(),
  positive: z.number().int().positive(),
  atMost3: z.number().int().max(3),
  negative: z.number().int().negative(),
  atLeast1000: z.number().min(1000),
  between: z.number().int().min(2).max(9),
};

async function generatedArguments(seed: number): Promise<Record<string, number>> {
  const seen: Record<string, number>[] = [];
  const measure = tool({
    name: 'measure',
    description: 'Takes numbers.',
    parameters: z.object(shapes),
    execute: (input) => {
      seen.push(input);
      return 'ok';
    },
  });
  using model = new AutoModel({ seed });
  const agent = new Agent({ name: 'Measurer', model, tools: [measure] });
  await new Runner({ tracingDisabled: true }).run(agent, 'Measure.');
  assert.equal(seen.length, 1);
  return seen[0];
}

describe('AutoModel numeric bounds', () => {
  test("the SDK's tool() keeps zod's bounds; .int() alone says only 'a safe integer'", () => {
    const sent = tool({
      name: 'measure',
      description: 'Takes numbers.',
      parameters: z.object(shapes),
      execute: () => 'ok',
    }).parameters as { properties: Record<string, Record<string, unknown>> };
    const { properties } = sent;
    assert.deepEqual(properties.int, { type: 'integer', minimum: -SAFE, maximum: SAFE });
    assert.deepEqual(properties.atMost3, { type: 'integer', minimum: -SAFE, maximum: 3 });
    assert.deepEqual(properties.negative, {
      type: 'integer',
      minimum: -SAFE,
      exclusiveMaximum: 0,
    });
    assert.deepEqual(properties.atLeast1000, { type: 'number', minimum: 1000 });
    assert.deepEqual(properties.between, { type: 'integer', minimum: 2, maximum: 9 });
  });

  test('through the real runner: .int() gives small positive integers, written bounds hold', async () => {
    for (let seed = 0; seed < 4; seed++) {
      const args = await generatedArguments(seed);
      const where = `seed ${seed}: ${JSON.stringify(args)}`;
      assert.ok(Number.isInteger(args.int) && args.int >= 1 && args.int <= 10, where);
      assert.ok(Number.isInteger(args.positive) && args.positive > 0, where);
      assert.ok(args.positive <= 100, where);
      assert.ok(Number.isInteger(args.atMost3) && args.atMost3 <= 3 && args.atMost3 >= -97, where);
      assert.ok(Number.isInteger(args.negative), where);
      assert.ok(args.negative < 0 && args.negative >= -100, where);
      assert.ok(args.atLeast1000 >= 1000 && args.atLeast1000 <= 1100, where);
      assert.ok(args.between >= 2 && args.between <= 9, where);
    }
  });

  test('ranges at the ends of the safe-integer range still give values inside them', () => {
    const cases: [JsonSchema, number, number][] = [
      [{ type: 'integer', minimum: SAFE, maximum: SAFE }, SAFE, SAFE],
      [{ type: 'integer', minimum: -SAFE, maximum: -SAFE }, -SAFE, -SAFE],
      [{ type: 'integer', minimum: -SAFE, maximum: -SAFE + 3 }, -SAFE, -SAFE + 3],
      [{ type: 'integer', minimum: SAFE - 3, maximum: SAFE }, SAFE - 3, SAFE],
      [{ type: 'number', minimum: -SAFE, maximum: -SAFE + 3 }, -SAFE, -SAFE + 3],
      [{ type: 'number', minimum: SAFE - 3, maximum: SAFE }, SAFE - 3, SAFE],
    ];
    for (const [schema, low, high] of cases) {
      for (let seed = 0; seed < 10; seed++) {
        const result = generateSchemaValue(schema, { seed });
        assert.ok(result.ok, JSON.stringify(result));
        const value = result.value as number;
        assert.ok(value >= low && value <= high, `${JSON.stringify(schema)} gave ${value}`);
      }
    }
  });

  test('property: written bounds hold; safe-integer and missing bounds keep values small', () => {
    // A side is missing, at the end of the safe-integer range, or written by a user.
    const side = fc.oneof(
      fc.constant({ kind: 'none' as const }),
      fc.constant({ kind: 'safe' as const }),
      fc.record({
        kind: fc.constant('written' as const),
        at: fc.integer({ min: -1_000_000, max: 1_000_000 }),
        open: fc.boolean(),
      }),
    );
    checkProperty(
      300,
      fc.property(
        side,
        side,
        fc.constantFrom('integer', 'number'),
        fc.nat(),
        (low, high, type, seed) => {
          const schema: Record<string, unknown> = { type };
          if (low.kind === 'safe') schema.minimum = -SAFE;
          if (low.kind === 'written') schema[low.open ? 'exclusiveMinimum' : 'minimum'] = low.at;
          if (high.kind === 'safe') schema.maximum = SAFE;
          if (high.kind === 'written') {
            schema[high.open ? 'exclusiveMaximum' : 'maximum'] = high.at;
          }
          const lowAt = low.kind === 'written' ? low.at : undefined;
          const highAt = high.kind === 'written' ? high.at : undefined;
          if (lowAt !== undefined && highAt !== undefined) {
            // Keep ranges that hold an integer (every generated number could be one).
            const lowest = low.kind === 'written' && low.open ? lowAt + 1 : lowAt;
            const highest = high.kind === 'written' && high.open ? highAt - 1 : highAt;
            fc.pre(lowest <= highest);
          }
          const result = generateSchemaValue(schema as JsonSchema, { seed });
          assert.ok(result.ok, JSON.stringify(result));
          const value = result.value as number;
          const where = `${JSON.stringify(schema)} gave ${value}`;
          assert.ok(Number.isFinite(value), where);
          if (type === 'integer') assert.ok(Number.isInteger(value), where);
          if (low.kind === 'written') {
            assert.ok(low.open ? value > low.at : value >= low.at, where);
          }
          if (high.kind === 'written') {
            assert.ok(high.open ? value < high.at : value <= high.at, where);
          }
          if (lowAt === undefined && highAt === undefined) {
            assert.ok(value >= 1 && value <= 10 && Number.isInteger(value), where);
          } else if (lowAt === undefined) {
            // Near the written bound, or between it and zero.
            assert.ok(value >= Math.min((highAt as number) - 100, 0), where);
          } else if (highAt === undefined) {
            assert.ok(value <= Math.max(lowAt + 100, 100), where);
          }
        },
      ),
    );
  });
});
