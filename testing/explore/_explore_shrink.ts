/**
 * Shrinks a failing behaviour: tries smaller candidates in a fixed order
 * (fewer calls, earlier final answers, fewer tools per call, simpler kinds,
 * tools, values and modes, fewer rejections) and keeps the first that still
 * fails the same way, until none does or the budget is spent. A candidate
 * counts only when the part of it the run used is smaller than the current
 * one, so shrinking always ends; the order is fixed, so it is deterministic.
 *
 * @module
 */

import type { ChoiceTarget, ModelBehaviour, ModelCallChoice } from './model_behaviour_types.ts';

/** What a run of a candidate gave: undefined when it passed or failed another way. */
export type ShrinkProbe<Outcome> = (candidate: ModelBehaviour) => Promise<Outcome | undefined>;

/** The shrunk outcome and how many runs shrinking spent. */
export interface Shrunk<Outcome> {
  readonly outcome: Outcome;
  readonly runs: number;
}

/** The measure shrinking decreases, compared left to right. */
function sizeOf(behaviour: ModelBehaviour): number[] {
  const targets = behaviour.calls.flatMap((call) => call.targets);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return [
    behaviour.calls.length,
    targets.length,
    sum(behaviour.calls.map((call) => call.option)),
    sum(targets.map((target) => target.index)),
    targets.filter((target) => target.value !== 0).length,
    sum(targets.map((target) => target.mode)),
    behaviour.decisions.filter((decision) => decision !== 0).length,
    behaviour.decisions.length,
    sum(targets.map((target) => Math.min(target.value, 1e9))),
  ];
}

function smaller(a: ModelBehaviour, b: ModelBehaviour): boolean {
  const left = sizeOf(a);
  const right = sizeOf(b);
  for (let i = 0; i < left.length; i++) {
    if (left[i] !== right[i]) return left[i] < right[i];
  }
  return false;
}

function withCall(
  behaviour: ModelBehaviour,
  index: number,
  call: ModelCallChoice,
): ModelBehaviour {
  const calls = [...behaviour.calls];
  calls[index] = call;
  return { calls, decisions: behaviour.decisions };
}

function withTarget(call: ModelCallChoice, index: number, target: ChoiceTarget): ModelCallChoice {
  const targets = [...call.targets];
  targets[index] = target;
  return { option: call.option, targets };
}

/** The candidates smaller than `current`, most promising first. */
function* candidates(current: ModelBehaviour): Generator<ModelBehaviour> {
  const { calls, decisions } = current;
  // Earlier final answers: keep only the first n calls.
  for (let length = 0; length < calls.length; length++) {
    yield { calls: calls.slice(0, length), decisions };
  }
  // Fewer calls: leave one out, so later calls move earlier.
  for (let index = 0; index < calls.length; index++) {
    yield { calls: [...calls.slice(0, index), ...calls.slice(index + 1)], decisions };
  }
  for (let index = 0; index < calls.length; index++) {
    const call = calls[index];
    // Fewer tools per call.
    if (call.targets.length > 1) {
      yield withCall(current, index, { option: call.option, targets: call.targets.slice(0, 1) });
      for (let t = 0; t < call.targets.length; t++) {
        const targets = [...call.targets.slice(0, t), ...call.targets.slice(t + 1)];
        yield withCall(current, index, { option: call.option, targets });
      }
    }
    // A kind laid out earlier (the final answer first).
    for (let option = 0; option < call.option; option++) {
      yield withCall(current, index, { option, targets: call.targets });
    }
    // Simpler targets: an earlier tool, the simplest value, a valid value.
    for (let t = 0; t < call.targets.length; t++) {
      const target = call.targets[t];
      for (let other = 0; other < target.index; other++) {
        yield withCall(current, index, withTarget(call, t, { ...target, index: other }));
      }
      if (target.value !== 0) {
        yield withCall(current, index, withTarget(call, t, { ...target, value: 0 }));
        if (target.value > 1) {
          yield withCall(current, index, withTarget(call, t, { ...target, value: 1 }));
        }
      }
      for (let mode = 0; mode < target.mode; mode++) {
        yield withCall(current, index, withTarget(call, t, { ...target, mode }));
      }
    }
  }
  // Fewer decisions: leave one out, so later ones move earlier.
  for (let index = 0; index < decisions.length; index++) {
    yield { calls, decisions: [...decisions.slice(0, index), ...decisions.slice(index + 1)] };
  }
  // Fewer rejections.
  for (let index = 0; index < decisions.length; index++) {
    if (decisions[index] === 0) continue;
    const changed = [...decisions];
    changed[index] = 0;
    yield { calls, decisions: changed };
  }
}

/**
 * Shrinks `start` (a failing outcome) through `probe`, spending at most
 * `budget` runs; `consumed` reads the part of the behaviour an outcome's run used.
 */
export async function shrink<Outcome>(
  start: Outcome,
  consumed: (outcome: Outcome) => ModelBehaviour,
  probe: ShrinkProbe<Outcome>,
  budget: number,
): Promise<Shrunk<Outcome>> {
  let best = start;
  let runs = 0;
  let improved = true;
  while (improved && runs < budget) {
    improved = false;
    const current = consumed(best);
    for (const candidate of candidates(current)) {
      if (runs >= budget) break;
      runs++;
      const outcome = await probe(candidate);
      if (outcome === undefined || !smaller(consumed(outcome), current)) continue;
      best = outcome;
      improved = true;
      break;
    }
  }
  return { outcome: best, runs };
}
