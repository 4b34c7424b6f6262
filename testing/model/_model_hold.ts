/**
 * The gate behind `modelHold()`: what the model waits on, and what the test
 * releases. The public hold object carries no behaviour of its own; the model
 * finds the gate through this private registry, so a hand-made object with
 * `type: 'hold'` is rejected when it is scripted.
 *
 * @module
 */

import { ScriptedModelRequestAbortedError } from './scripted_model_errors.ts';
import type { ModelHoldState, RecordedModelCall } from './scripted_model_types.ts';

/**
 * One hold's state: released once; every call that reaches it before then
 * waits (a repeated hold may hold several), unless its abort ends the wait.
 */
export class HoldGate {
  state: ModelHoldState = 'pending';
  /** Whether a model already queued this hold (a hold is scripted once). */
  scripted = false;
  readonly canRelease: boolean;
  readonly ignoreAbort: boolean;
  readonly reached: Promise<RecordedModelCall>;
  #resolveReached!: (call: RecordedModelCall) => void;
  #released = false;
  readonly #waiting = new Set<() => void>();

  constructor(canRelease: boolean, ignoreAbort = false) {
    this.canRelease = canRelease;
    this.ignoreAbort = ignoreAbort;
    this.reached = new Promise((resolve) => {
      this.#resolveReached = resolve;
    });
  }

  release(): void {
    if (!this.canRelease) {
      throw new TypeError(
        this.ignoreAbort
          ? 'This modelHold() has no response to release and ignores the abort: it never ends.'
          : 'This modelHold() has no response to release: it ends only when the request is aborted.',
      );
    }
    if (this.#released) return;
    this.#released = true;
    if (this.state === 'pending') this.state = 'released';
    const waiting = [...this.#waiting];
    this.#waiting.clear();
    for (const resume of waiting) resume();
  }

  /**
   * Announces the call through `reached`, then resolves once released, or
   * rejects with the model's abort error when `signal` aborts first (unless
   * the hold ignores aborts).
   */
  wait(call: RecordedModelCall, snapshot: RecordedModelCall): Promise<void> {
    const signal = this.ignoreAbort ? undefined : call.request.signal;
    if (signal?.aborted) return Promise.reject(this.#abort(call));
    this.#resolveReached(snapshot);
    if (this.#released) {
      this.state = 'released';
      return Promise.resolve();
    }
    this.state = 'held';
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.#waiting.delete(resume);
        reject(this.#abort(call));
      };
      const resume = () => {
        signal?.removeEventListener('abort', onAbort);
        this.state = 'released';
        resolve();
      };
      this.#waiting.add(resume);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  #abort(call: RecordedModelCall): ScriptedModelRequestAbortedError {
    // Another call of a repeated hold may still be waiting there.
    if (this.#waiting.size === 0) this.state = 'aborted';
    return new ScriptedModelRequestAbortedError(call.index);
  }
}

const gates = new WeakMap<object, HoldGate>();

/** Registers the gate of a hold object created by `modelHold()`. */
export function registerHold(hold: object, gate: HoldGate): void {
  gates.set(hold, gate);
}

/** The gate of a hold object created by `modelHold()`, or `undefined` for any other value. */
export function holdGate(hold: unknown): HoldGate | undefined {
  return typeof hold === 'object' && hold !== null ? gates.get(hold) : undefined;
}
