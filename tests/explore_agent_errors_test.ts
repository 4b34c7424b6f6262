import assert from 'node:assert/strict';
import { Agent, Runner } from '@openai/agents';
import {
  BehaviourModel,
  BehaviourValueError,
  ExplorationFailedError,
  exploreAgent,
} from 'scripted-agents/testing';
import { explorationSeedFromEnv } from 'scripted-agents/runner';
import {
  explorationSeed,
  parseExplorationSeed,
  provideExplorationSeed,
} from '../_internal/exploration_seed.ts';
import { describe, test } from './_harness.ts';

function failure(overrides: Partial<ConstructorParameters<typeof ExplorationFailedError>[0]>) {
  return new ExplorationFailedError({
    reason: 'uncaught_exception',
    seed: 9,
    runIndex: 0,
    runs: 1,
    steps: [],
    routes: {},
    decisions: [],
    script: 'SCRIPT\n',
    trajectory: [],
    transcript: '(no steps)',
    originalCalls: 1,
    shrinkRuns: 1,
    cause: new TypeError('boom'),
    ...overrides,
  });
}

describe('ExplorationFailedError', () => {
  test('names the reason and cause, counts calls, decisions and shrink runs', () => {
    const error = failure({ decisions: ['reject', 'approve'], originalCalls: 4, shrinkRuns: 12 });
    assert.equal(
      error.message,
      'exploreAgent found a failing behaviour on run #1 of 1 (seed 9): the run threw: ' +
        'TypeError: boom.\nShrunk from 4 model calls to 0 model calls and 2 approval decisions ' +
        'in 12 runs. The run:\n  (no steps)\n\nThe script (new ScriptedModel(error.steps) ' +
        'replays it):\n\nSCRIPT\n\nTo explore again from this failure: exploreAgent(run, ' +
        '{ seed: 9 }), or SCRIPTED_AGENTS_SEED=9 under a runner entry.',
    );
    assert.equal(error.name, 'ExplorationFailedError');
    assert.ok(error instanceof Error);
  });

  test('each reason has its own words', () => {
    const words = {
      check_failed: 'the check threw: TypeError: boom',
      check_returned_false: 'the check returned false',
      uncaught_exception: 'the run threw: TypeError: boom',
      unfinished_run: 'the run stopped at approvals that were never decided: TypeError: boom',
      network_request: 'the run tried to reach the network: TypeError: boom',
    } as const;
    for (const [reason, text] of Object.entries(words)) {
      const error = failure({
        reason: reason as keyof typeof words,
        cause: reason === 'check_returned_false' ? undefined : new TypeError('boom'),
        runIndex: 2,
        runs: 5,
        shrinkRuns: 1,
        decisions: ['approve'],
      });
      assert.equal(error.reason, reason);
      assert.ok(
        error.message.startsWith(
          `exploreAgent found a failing behaviour on run #3 of 5 (seed 9): ${text}.\n` +
            'Shrunk from 1 model call to 0 model calls and 1 approval decision in 1 run.',
        ),
        error.message,
      );
    }
  });
});

describe('BehaviourValueError', () => {
  test('names the call, the tool, the schema path and what to do', async () => {
    const odd = {
      type: 'function',
      name: 'odd',
      description: 'Takes anything but a string.',
      parameters: {
        type: 'object',
        properties: { x: { not: { type: 'string' } } },
        required: ['x'],
      },
      strict: false,
    };
    const model = new BehaviourModel({
      calls: [{ option: 0, targets: [] }, { option: 1, targets: [] }],
      decisions: [],
    });
    const request = {
      input: 'go',
      tools: [odd],
      handoffs: [],
      outputType: 'text',
      modelSettings: {},
    };
    await model.getResponse(request as never);
    const error = await model.getResponse(request as never).catch((e) => e);
    assert.ok(error instanceof BehaviourValueError);
    assert.deepEqual(
      { ...error },
      {
        callIndex: 1,
        kind: 'tool',
        toolName: 'odd',
        schemaPath: '#/properties/x/not',
        name: 'BehaviourValueError',
      },
    );
    assert.equal(
      error.message,
      'BehaviourModel cannot generate arguments for tool "odd" at #/properties/x/not (call #2): ' +
        '"not" is not supported (at #/properties/x/not). Give a richer schema (toolSchemas, ' +
        'outputSchema) or set that weight to 0.',
    );
  });
});

describe('BehaviourValueError for an output', () => {
  test('names the output, not arguments', () => {
    const error = new BehaviourValueError({
      callIndex: 0,
      kind: 'output',
      name: 'Refund',
      schemaPath: '#/properties/amount',
      detail: 'no value fits',
    });
    assert.equal(
      error.message,
      'BehaviourModel cannot generate the output "Refund" at #/properties/amount (call #1): ' +
        'no value fits. Give a richer schema (toolSchemas, outputSchema) or set that weight to 0.',
    );
    assert.equal(error.kind, 'output');
  });
});

describe('exploration seed', () => {
  test('the source sits under a global registry key, shared by every copy of the package', () => {
    const key = Symbol.for('scripted-agents.exploration-seed');
    const scope = globalThis as unknown as Record<symbol, (() => number | undefined) | undefined>;
    const registered = scope[key];
    try {
      provideExplorationSeed(() => 11);
      assert.equal(scope[key]?.(), 11);
      scope[key] = () => 12;
      assert.equal(explorationSeed(), 12);
      delete scope[key];
      assert.equal(explorationSeed(), undefined);
    } finally {
      scope[key] = registered;
    }
  });

  test('the default seed comes from the registered source, else 0', async () => {
    const run = async (model: BehaviourModel) =>
      await new Runner({ tracingDisabled: true }).run(new Agent({ name: 'A', model }), 'Hi');
    try {
      provideExplorationSeed(() => 7);
      assert.deepEqual(await exploreAgent(run, { runs: 2 }), { runs: 2, seed: 7 });
      assert.deepEqual(await exploreAgent(run, { runs: 2, seed: 3 }), { runs: 2, seed: 3 });
      provideExplorationSeed(() => undefined);
      assert.deepEqual(await exploreAgent(run, { runs: 1 }), { runs: 1, seed: 0 });
    } finally {
      provideExplorationSeed(explorationSeedFromEnv);
    }
  });

  test('SCRIPTED_AGENTS_SEED is a non-negative integer, or empty', () => {
    assert.equal(parseExplorationSeed(undefined, 'SEED'), undefined);
    assert.equal(parseExplorationSeed('  ', 'SEED'), undefined);
    assert.equal(parseExplorationSeed(' 42 ', 'SEED'), 42);
    assert.equal(parseExplorationSeed('0', 'SEED'), 0);
    // '1.0' and '12e3' read as numbers, and '7 days' starts with digits: none is a seed as printed.
    for (const text of ['-1', '1.5', '1.0', '12e3', '7 days', 'abc', '99999999999999999999']) {
      assert.throws(() => parseExplorationSeed(text, 'SEED'), {
        name: 'TypeError',
        message:
          `SEED must be a non-negative integer (the seed an exploration failure printed), got ${
            JSON.stringify(text)
          }.`,
      });
    }
    const seed = explorationSeedFromEnv();
    assert.ok(seed === undefined || Number.isSafeInteger(seed));
  });
});
