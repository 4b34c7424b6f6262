// The exploration shrinker (testing/explore/_explore_shrink.ts), driven directly: the probe
// records every candidate it is offered, so the candidate order, the size measure that decides
// which outcome is kept, and the run budget are each checked on exact values.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { shrink } from '../testing/explore/_explore_shrink.ts';
import type {
  ChoiceTarget,
  ModelBehaviour,
  ModelCallChoice,
} from '../testing/explore/model_behaviour_types.ts';
import { describe, test } from './_harness.ts';
import { checkAsyncProperty } from './_property.ts';

const target = (index: number, value: number, mode: number): ChoiceTarget => ({
  index,
  value,
  mode,
});
const call = (option: number, ...targets: ChoiceTarget[]): ModelCallChoice => ({
  option,
  targets,
});
const behaviour = (calls: ModelCallChoice[], decisions: number[] = []): ModelBehaviour => ({
  calls,
  decisions,
});
const same = (value: ModelBehaviour) => value;

/** Every candidate shrinking offers for `start` when none of them fails (up to `budget`). */
async function candidatesOf(start: ModelBehaviour, budget = 200): Promise<ModelBehaviour[]> {
  const seen: ModelBehaviour[] = [];
  const { outcome, runs } = await shrink(start, same, (candidate) => {
    seen.push(candidate);
    return Promise.resolve(undefined);
  }, budget);
  assert.equal(outcome, start);
  assert.equal(runs, seen.length);
  return seen;
}

/** Whether shrinking from `from` keeps `to` when its one run gives `to`: whether `to` is smaller. */
async function keeps(to: ModelBehaviour, from: ModelBehaviour): Promise<boolean> {
  // A behaviour with no candidates (nothing to shrink) spends no run and keeps itself.
  const { outcome } = await shrink(from, same, () => Promise.resolve(to), 1);
  return outcome === to;
}

describe("the shrinker's candidates", () => {
  test('come in a fixed order: earlier answers, fewer calls, fewer tools, simpler parts, fewer rejections', async () => {
    const t0 = target(1, 2, 1);
    const t1 = target(0, 0, 0);
    const c0 = call(1, t0, t1);
    const c1 = call(0, target(0, 1, 0));
    const start = behaviour([c0, c1], [1, 0]);
    const d = [1, 0];
    assert.deepEqual(await candidatesOf(start), [
      // Earlier final answers.
      behaviour([], d),
      behaviour([c0], d),
      // One call left out.
      behaviour([c1], d),
      behaviour([c0], d),
      // Call #1: its first tool only, then each tool left out.
      behaviour([call(1, t0), c1], d),
      behaviour([call(1, t1), c1], d),
      behaviour([call(1, t0), c1], d),
      // An earlier kind.
      behaviour([call(0, t0, t1), c1], d),
      // Its first target: an earlier tool, the simplest value, a valid value, an earlier mode.
      behaviour([call(1, target(0, 2, 1), t1), c1], d),
      behaviour([call(1, target(1, 0, 1), t1), c1], d),
      behaviour([call(1, target(1, 1, 1), t1), c1], d),
      behaviour([call(1, target(1, 2, 0), t1), c1], d),
      // Call #2 has one tool, kind 0, and a value of 1: only the simplest value.
      behaviour([c0, call(0, target(0, 0, 0))], d),
      // One decision left out, then a rejection turned into an approval.
      behaviour([c0, c1], [0]),
      behaviour([c0, c1], [1]),
      behaviour([c0, c1], [0, 0]),
    ]);
  });

  test('count every mode and decision below the current one', async () => {
    const start = behaviour([call(0, target(0, 0, 3))], [0, 1, 1]);
    assert.deepEqual(await candidatesOf(start), [
      behaviour([], [0, 1, 1]),
      behaviour([], [0, 1, 1]),
      behaviour([call(0, target(0, 0, 0))], [0, 1, 1]),
      behaviour([call(0, target(0, 0, 1))], [0, 1, 1]),
      behaviour([call(0, target(0, 0, 2))], [0, 1, 1]),
      behaviour([call(0, target(0, 0, 3))], [1, 1]),
      behaviour([call(0, target(0, 0, 3))], [0, 1]),
      behaviour([call(0, target(0, 0, 3))], [0, 1]),
      behaviour([call(0, target(0, 0, 3))], [0, 0, 1]),
      behaviour([call(0, target(0, 0, 3))], [0, 1, 0]),
    ]);
  });

  test('of an empty behaviour are none', async () => {
    assert.deepEqual(await candidatesOf(behaviour([])), []);
  });

  test('are each smaller than their origin, and none is kept both ways', async () => {
    const targets = fc.record({
      index: fc.nat({ max: 3 }),
      value: fc.oneof(fc.nat({ max: 3 }), fc.constant(2 ** 31 - 1)),
      mode: fc.nat({ max: 3 }),
    });
    const behaviours = fc.record({
      calls: fc.array(
        fc.record({ option: fc.nat({ max: 3 }), targets: fc.array(targets, { maxLength: 3 }) }),
        { maxLength: 3 },
      ),
      decisions: fc.array(fc.nat({ max: 1 }), { maxLength: 4 }),
    });
    await checkAsyncProperty(
      25,
      fc.asyncProperty(behaviours, async (start) => {
        for (const candidate of await candidatesOf(start, 10_000)) {
          assert.ok(await keeps(candidate, start), 'a candidate is smaller than its origin');
          assert.ok(!(await keeps(start, candidate)), 'the origin is not smaller than a candidate');
        }
      }),
    );
  });
});

describe("the shrinker's size measure", () => {
  test('keeps an outcome only when it is smaller, never an equal or a larger one', async () => {
    const one = behaviour([call(1, target(2, 5, 1))], [1]);
    assert.equal(await keeps(behaviour([call(1, target(2, 5, 1))], [1]), one), false);
    assert.equal(await keeps(behaviour([call(2, target(2, 5, 1))], [1]), one), false);
    assert.equal(await keeps(behaviour([call(0, target(2, 5, 1))], [1]), one), true);
  });

  test('compares the kinds chosen, then the tools, by their sums', async () => {
    const from = behaviour([call(1), call(1)]);
    assert.equal(await keeps(behaviour([call(0), call(1)]), from), true);
    assert.equal(await keeps(behaviour([call(2), call(1)]), from), false);
    const tools = behaviour([call(0, target(2, 1, 0), target(2, 1, 0))]);
    assert.equal(await keeps(behaviour([call(0, target(1, 1, 0), target(2, 1, 0))]), tools), true);
    assert.equal(await keeps(behaviour([call(0, target(3, 1, 0), target(2, 1, 0))]), tools), false);
  });

  test('counts the nonzero values before it sums them', async () => {
    // One nonzero value of 100 is smaller than two values of 1.
    const from = behaviour([call(0, target(0, 1, 0), target(0, 1, 0))]);
    assert.equal(await keeps(behaviour([call(0, target(0, 0, 0), target(0, 100, 0))]), from), true);
    assert.equal(
      await keeps(from, behaviour([call(0, target(0, 0, 0), target(0, 100, 0))])),
      false,
    );
  });

  test("sums the modes after the values' count", async () => {
    const from = behaviour([call(0, target(0, 1, 2))]);
    assert.equal(await keeps(behaviour([call(0, target(0, 1, 1))]), from), true);
    assert.equal(await keeps(behaviour([call(0, target(0, 0, 4))]), from), true);
  });

  test('counts the rejections before the decisions', async () => {
    // Three approvals are smaller than one rejection.
    assert.equal(await keeps(behaviour([], [0, 0, 0]), behaviour([], [1])), true);
    assert.equal(await keeps(behaviour([], [1]), behaviour([], [0, 0, 0])), false);
    assert.equal(await keeps(behaviour([], [0]), behaviour([], [0, 0])), true);
  });

  test('sums the values last, each capped', async () => {
    const from = behaviour([call(0, target(0, 2, 0))]);
    assert.equal(await keeps(behaviour([call(0, target(0, 1, 0))]), from), true);
    assert.equal(await keeps(behaviour([call(0, target(0, 3, 0))]), from), false);
    // Values past the cap count as the cap: neither is smaller.
    const huge = behaviour([call(0, target(0, 2e9, 0))]);
    assert.equal(await keeps(behaviour([call(0, target(0, 1e9 + 1, 0))]), huge), false);
  });
});

describe("the shrinker's loop", () => {
  test('spends at most its budget, and none when the budget is 0', async () => {
    const start = behaviour([call(1, target(1, 2, 1), target(0, 0, 0))], [1, 0]);
    assert.equal((await candidatesOf(start, 3)).length, 3);
    let reads = 0;
    const { outcome, runs } = await shrink(
      start,
      (value) => {
        reads++;
        return value;
      },
      () => Promise.reject(new Error('no run is due')),
      0,
    );
    assert.equal(outcome, start);
    assert.equal(runs, 0);
    assert.equal(reads, 0);
  });

  test('stops at the budget after a kept outcome, without reading it again', async () => {
    const start = behaviour([call(1)]);
    const smallerOne = behaviour([]);
    let reads = 0;
    const { outcome, runs } = await shrink(
      start,
      (value) => {
        reads++;
        return value;
      },
      () => Promise.resolve(smallerOne),
      1,
    );
    assert.equal(outcome, smallerOne);
    assert.equal(runs, 1);
    // The start once as the current behaviour, the outcome once to compare it.
    assert.equal(reads, 2);
  });

  test('restarts from every kept outcome until no candidate fails the same way', async () => {
    // Fails while the first call still calls a tool with a mode of at least 1.
    const fails = (value: ModelBehaviour) =>
      (value.calls[0]?.targets.some((t) => t.mode >= 1) ?? false) ? value : undefined;
    const start = behaviour([call(3, target(2, 7, 4), target(1, 0, 2)), call(2)], [1, 1]);
    const probed: ModelBehaviour[] = [];
    const { outcome, runs } = await shrink(start, same, (candidate) => {
      probed.push(candidate);
      return Promise.resolve(fails(candidate));
    }, 1000);
    assert.deepEqual(outcome, behaviour([call(0, target(0, 0, 1))], []));
    assert.equal(runs, probed.length);
    assert.ok(runs > 1);
  });
});
