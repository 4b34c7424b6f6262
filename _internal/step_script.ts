/**
 * The step script shared by the sandbox and MCP doubles: steps consumed in
 * order, where a step may also be optional, repeat a number of times (or any
 * number), or belong to a group whose members may happen in any order.
 *
 * A plain script (every step exactly once, no group) behaves exactly like a
 * queue: each call takes the next step, a mismatching call consumes it anyway
 * (the script has drifted), and the steps left are those not yet taken.
 *
 * @module
 */

/** How often a step must and may be used. */
export interface StepCount {
  readonly min: number;
  readonly max: number;
}

/** One entry of a script: a single step, or a group whose members may come in any order. */
export type ScriptEntry<S> =
  | { readonly kind: 'step'; readonly step: S; readonly count: StepCount }
  | {
    readonly kind: 'group';
    readonly members: readonly { readonly step: S; readonly count: StepCount }[];
  };

/** The outcome of offering a call to the script. */
export type Take<S> =
  /** A step accepted the call. */
  | { readonly kind: 'step'; readonly step: S }
  /** Steps for this key exist here, but none accepted: the first one's failure. */
  | { readonly kind: 'rejected'; readonly step: S; readonly failure: unknown }
  /** No step may take the call; `expected` is the required step it displaced, if any. */
  | { readonly kind: 'unexpected'; readonly expected: S | undefined };

type Unit<S> = { readonly step: S; readonly key: string; readonly count: StepCount; used: number };
type Entry<S> = readonly Unit<S>[];

/**
 * Keys and counts are read through `keyOf`, so the engine knows nothing of
 * methods or tools.
 */
export class StepScript<S> {
  readonly #keyOf: (step: S) => string;
  #entries: Entry<S>[] = [];
  #position = 0;

  constructor(keyOf: (step: S) => string) {
    this.#keyOf = keyOf;
  }

  /** Appends entries (already validated). */
  push(entries: readonly ScriptEntry<S>[]): void {
    for (const entry of entries) {
      const members = entry.kind === 'step' ? [entry] : entry.members;
      this.#entries.push(
        members.map((member) => ({
          step: member.step,
          key: this.#keyOf(member.step),
          count: member.count,
          used: 0,
        })),
      );
    }
  }

  /**
   * Offers a call with `key` to the script. From the current entry on, the
   * first entry with an unexhausted step for `key` takes it, skipping entries
   * already satisfied; `accept` decides among several candidates (it returns
   * `true`, or the failure to report). An unsatisfied entry in the way makes
   * the call unexpected and loses one required use.
   */
  take(key: string, accept: (step: S) => unknown): Take<S> {
    for (let index = this.#position; index < this.#entries.length; index++) {
      const entry = this.#entries[index];
      const candidates = entry.filter((unit) => unit.key === key && unit.used < unit.count.max);
      if (candidates.length > 0) {
        this.#position = index;
        let rejected: { unit: Unit<S>; failure: unknown } | undefined;
        for (const unit of candidates) {
          const verdict = accept(unit.step);
          if (verdict === true) {
            unit.used++;
            return { kind: 'step', step: unit.step };
          }
          rejected ??= { unit, failure: verdict };
        }
        rejected!.unit.used++;
        return { kind: 'rejected', step: rejected!.unit.step, failure: rejected!.failure };
      }
      const missing = entry.find((unit) => unit.used < unit.count.min);
      if (missing !== undefined) {
        this.#position = index;
        missing.used++;
        return { kind: 'unexpected', expected: missing.step };
      }
    }
    this.#position = this.#entries.length;
    return { kind: 'unexpected', expected: undefined };
  }

  /** Whether a step for `key` is scripted anywhere (used or not). */
  mentions(key: string): boolean {
    return this.#entries.some((entry) => entry.some((unit) => unit.key === key));
  }

  /** The required uses not made yet, in script order: one step per missing use. */
  pending(): S[] {
    const steps: S[] = [];
    for (let index = this.#position; index < this.#entries.length; index++) {
      for (const unit of this.#entries[index]) {
        for (let use = unit.used; use < unit.count.min; use++) steps.push(unit.step);
      }
    }
    return steps;
  }

  /** The number of required uses not made yet. */
  get remaining(): number {
    let remaining = 0;
    for (let index = this.#position; index < this.#entries.length; index++) {
      for (const unit of this.#entries[index]) remaining += Math.max(0, unit.count.min - unit.used);
    }
    return remaining;
  }
}
