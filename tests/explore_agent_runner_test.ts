// exploreAgent under a runner entry: a failure is one test failure carrying the
// shrunk script, and SCRIPTED_AGENTS_SEED sets the default seed.
import assert from 'node:assert/strict';
import { env } from 'node:process';
import { Agent, Runner } from '@openai/agents';
import { ExplorationFailedError, exploreAgent } from 'scripted-agents/testing';
import { EXPLORATION_SEED_VARIABLE, withDoubles } from 'scripted-agents/runner';
import { describe, test } from './_harness.ts';
import { everyRefundApproved, runDesk } from './_explore_fixtures.ts';

describe('exploreAgent under withDoubles', () => {
  test('a failing exploration is the one failure of the test, with the shrunk script', async () => {
    const failure = await withDoubles(async () => {
      await exploreAgent((model, helpers) => runDesk(model, helpers), {
        seed: 1,
        check: everyRefundApproved,
      });
    }, { titles: ['explores the desk'] })({}).then(() => undefined, (error) => error);
    assert.ok(failure instanceof ExplorationFailedError);
    assert.match(failure.message, /functionCall\("cancel_order"/);
  });

  test('a passing exploration leaves nothing for the teardown to report', async () => {
    let passed: unknown;
    await withDoubles(async () => {
      passed = await exploreAgent(async (model) => {
        return await new Runner().run(new Agent({ name: 'A', model }), 'Hi');
      }, { runs: 5, seed: 2 });
    }, { titles: ['explores a greeter'] })({});
    assert.deepEqual(passed, { runs: 5, seed: 2 });
  });

  test(`${EXPLORATION_SEED_VARIABLE} is the default seed`, async () => {
    const before = env[EXPLORATION_SEED_VARIABLE];
    try {
      env[EXPLORATION_SEED_VARIABLE] = '17';
      const passed = await exploreAgent(async (model) => {
        return await new Runner({ tracingDisabled: true }).run(
          new Agent({ name: 'A', model }),
          'Hi',
        );
      }, { runs: 3 });
      assert.deepEqual(passed, { runs: 3, seed: 17 });
      env[EXPLORATION_SEED_VARIABLE] = 'seventeen';
      await assert.rejects(
        exploreAgent(() => undefined, { runs: 1 }),
        {
          name: 'TypeError',
          message: 'SCRIPTED_AGENTS_SEED must be a non-negative integer (the seed an exploration ' +
            'failure printed), got "seventeen".',
        },
      );
    } finally {
      if (before === undefined) delete env[EXPLORATION_SEED_VARIABLE];
      else env[EXPLORATION_SEED_VARIABLE] = before;
    }
  });
});
