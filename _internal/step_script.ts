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
  #anytime: { readonly step: S; readonly key: string }[] = [];
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
   * Adds steps that may take a call at any point, any number of times, and
   * are never required. The ordered script is offered each call first.
   */
  pushAnytime(steps: readonly S[]): void {
    for (const step of steps) this.#anytime.push({ step, key: this.#keyOf(step) });
  }

  /**
   * Offers a call with `key` to the script. From the current entry on, the
   * first unexhausted step for `key` that `accept`s the call takes it
   * (`accept` returns `true`, or the failure to report), looking past entries
   * whose required uses already happened, up to the first that still has
   * some. When no ordered step accepts the call, an anytime step that accepts
   * it takes it. Otherwise the first step that refused it reports its failure
   * (and is used up once), or else the call is unexpected and the entry in
   * the way loses one required use.
   */
  take(key: string, accept: (step: S) => unknown): Take<S> {
    const taken = this.#take(key, accept);
    this.#compact();
    return taken;
  }

  /**
   * Entries before the current one are never offered a call again: once they
   * dominate, they are released for garbage collection (a long script keeps
   * only what is still ahead), keeping `take` amortised O(1).
   */
  #compact(): void {
    if (this.#position > 64 && this.#position * 2 > this.#entries.length) {
      this.#entries = this.#entries.slice(this.#position);
      this.#position = 0;
    }
  }

  #take(key: string, accept: (step: S) => unknown): Take<S> {
    let rejected: { index: number; unit: Unit<S>; failure: unknown } | undefined;
    let blocked: { index: number; unit: Unit<S> } | undefined;
    for (let index = this.#position; index < this.#entries.length; index++) {
      const entry = this.#entries[index];
      for (const unit of entry) {
        if (unit.key !== key || unit.used >= unit.count.max) continue;
        const verdict = accept(unit.step);
        if (verdict === true) {
          this.#position = index;
          unit.used++;
          return { kind: 'step', step: unit.step };
        }
        rejected ??= { index, unit, failure: verdict };
      }
      // An entry with required uses left cannot be skipped.
      const missing = entry.find((unit) => unit.used < unit.count.min);
      if (missing !== undefined) {
        blocked = { index, unit: missing };
        break;
      }
    }
    const anytime = this.#takeAnytime(key, accept);
    if (anytime !== undefined) return anytime;
    if (rejected !== undefined) {
      this.#position = rejected.index;
      rejected.unit.used++;
      return { kind: 'rejected', step: rejected.unit.step, failure: rejected.failure };
    }
    if (blocked !== undefined) {
      this.#position = blocked.index;
      blocked.unit.used++;
      return { kind: 'unexpected', expected: blocked.unit.step };
    }
    this.#position = this.#entries.length;
    return { kind: 'unexpected', expected: undefined };
  }

  #takeAnytime(key: string, accept: (step: S) => unknown): Take<S> | undefined {
    for (const unit of this.#anytime) {
      if (unit.key === key && accept(unit.step) === true) return { kind: 'step', step: unit.step };
    }
    return undefined;
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
