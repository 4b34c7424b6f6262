import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  behaviourArbitrary,
  BehaviourModel,
  ExplorationFailedError,
  exploreAgent,
  type ExploreHelpers,
  type ModelBehaviour,
  ScriptedModel,
  trajectory,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { checkAsyncProperty } from './_property.ts';
import { everyRefundApproved, runDesk } from './_explore_fixtures.ts';

/** Decides approvals from a list (approve past its end), like a replayed script. */
function decidedBy(decisions: readonly ('approve' | 'reject')[]): Pick<ExploreHelpers, 'settle'> {
  let next = 0;
  return {
    async settle(result, resume) {
      let current = await result;
      while (true) {
        if (current.completed !== undefined) await current.completed;
        if (current.interruptions.length === 0) return current;
        for (const item of current.interruptions) {
          if ((decisions[next++] ?? 'approve') === 'approve') current.state.approve(item);
          else current.state.reject(item);
        }
        current = await resume(current.state);
      }
    },
  };
}

const OPTIONS = { maxCalls: 5 } as const;

describe('exploreAgent properties', () => {
  test('any behaviour replays exactly from its recorded steps and decisions', async () => {
    const behaviours: fc.Arbitrary<ModelBehaviour> = behaviourArbitrary(fc, OPTIONS);
    await checkAsyncProperty(
      25,
      fc.asyncProperty(behaviours, fc.boolean(), async (behaviour, stream) => {
        const model = new BehaviourModel(behaviour, OPTIONS);
        const explored = await runDesk(model, {
          settle: (result, resume) => {
            // The behaviour decides, as exploreAgent's helpers do.
            const decide = async () => {
              let current = await result;
              while (true) {
                if (current.completed !== undefined) await current.completed;
                if (current.interruptions.length === 0) return current;
                for (const item of current.interruptions) {
                  if (model.decide() === 'approve') current.state.approve(item);
                  else current.state.reject(item);
                }
                current = await resume(current.state);
              }
            };
            return decide();
          },
        }, { stream });
        const replay = new ScriptedModel(model.steps);
        const replayed = await runDesk(replay, decidedBy(model.decisions), { stream });
        assert.deepEqual(replayed.ledger, explored.ledger);
        assert.deepEqual(trajectory(replayed.result), trajectory(explored.result));
        replay.assertComplete();
      }),
    );
  });

  test('for any seed: the shrunk steps still fail and the same seed gives the same script', async () => {
    await checkAsyncProperty(
      4,
      fc.asyncProperty(fc.nat({ max: 10_000 }), async (seed) => {
        const explore = () =>
          exploreAgent((model, helpers) => runDesk(model, helpers), {
            seed,
            runs: 300,
            ...OPTIONS,
            check: everyRefundApproved,
          }).catch((e) => e);
        const error = await explore();
        assert.ok(error instanceof ExplorationFailedError);
        const replayed = await runDesk(new ScriptedModel(error.steps), decidedBy(error.decisions));
        assert.equal(everyRefundApproved(replayed, trajectory(replayed.result)), false);
        assert.ok(error.steps.length <= 3);
        const again = await explore();
        assert.equal(again.script, error.script);
        assert.equal(again.runIndex, error.runIndex);
      }),
    );
  });

  test('for any seed, exploration never sends a request, even from an app that tries', async () => {
    const realFetch = globalThis.fetch;
    let sent = 0;
    // Anything reaching this stub would be a request that left the exploration.
    globalThis.fetch = (() => {
      sent++;
      return Promise.reject(new Error('sent'));
    }) as typeof fetch;
    try {
      await checkAsyncProperty(
        10,
        fc.asyncProperty(fc.nat({ max: 10_000 }), async (seed) => {
          const error = await exploreAgent(async (model, helpers) => {
            const outcome = await runDesk(model, helpers);
            // The app reports every refund to a real service.
            for (const _ of outcome.ledger.refunds) {
              await fetch('https://payments.example.com/report').catch(() => undefined);
            }
            return outcome;
          }, { seed, runs: 300, ...OPTIONS }).catch((e) => e);
          assert.ok(error instanceof ExplorationFailedError);
          assert.equal(error.reason, 'network_request');
          assert.equal((error.cause as Error).name, 'OfflineNetworkError');
        }),
      );
      assert.equal(sent, 0);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
