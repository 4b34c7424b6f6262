/**
 * The errors of `withFaults()`: the failure it injects, and malformed
 * options.
 *
 * @module
 */

import { ordinal } from '../../_internal/format.ts';

/**
 * A failure `withFaults()` injected on purpose: a model error (`kind:
 * 'error'`) or a stream cut short (`kind: 'cut'`, after `atEvent` events).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ModelFaultError } from 'scripted-agents/testing';
 *
 * const error = new ModelFaultError('cut', { callIndex: 1, streamed: true, atEvent: 2 });
 * assert.deepEqual(Object.keys(error), ['kind', 'callIndex', 'streamed', 'atEvent', 'name']);
 * assert.equal(
 *   error.message,
 *   'withFaults cut the stream of call #2 after 2 events. Same seed, same faults: ' +
 *     'set rates.cut to 0 to run without it.',
 * );
 * ```
 */
export class ModelFaultError extends Error {
  /** What was injected. */
  readonly kind: 'error' | 'cut';
  /** The zero-based position of the call in the decorator's `calls`. */
  readonly callIndex: number;
  /** Whether the call was streaming. */
  readonly streamed: boolean;
  /** For a cut: how many events were delivered before it. */
  readonly atEvent: number | undefined;
  /** Always `'ModelFaultError'`. */
  override readonly name: 'ModelFaultError';

  /** Describes the fault injected into call `options.callIndex`. */
  constructor(
    kind: 'error' | 'cut',
    options: { callIndex: number; streamed: boolean; atEvent?: number },
  ) {
    const call = ordinal(options.callIndex);
    super(
      (kind === 'cut'
        ? `withFaults cut the stream of call ${call} after ${options.atEvent ?? 0} events.`
        : `withFaults injected a model error into ${
          options.streamed ? 'streaming' : 'non-streaming'
        } call ${call}.`) +
        ` Same seed, same faults: set rates.${kind} to 0 to run without it.`,
    );
    this.kind = kind;
    this.callIndex = options.callIndex;
    this.streamed = options.streamed;
    this.atEvent = kind === 'cut' ? options.atEvent ?? 0 : undefined;
    this.name = 'ModelFaultError';
  }
}

/**
 * `withFaults()` was given options it cannot use: `option` names the field
 * (`rates.error`, `seed`, `delayMs`...).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { AutoModel, InvalidFaultOptionsError, withFaults } from 'scripted-agents/testing';
 *
 * assert.throws(() => withFaults(new AutoModel(), { rates: { error: 2 } }), {
 *   name: 'InvalidFaultOptionsError',
 *   option: 'rates.error',
 *   message: 'withFaults option rates.error must be a probability from 0 to 1.',
 * });
 * assert.ok(new InvalidFaultOptionsError('seed', 'must be a safe integer') instanceof Error);
 * ```
 */
export class InvalidFaultOptionsError extends Error {
  /** The option at fault, as a path (`rates.error`). */
  readonly option: string;
  /** Always `'InvalidFaultOptionsError'`. */
  override readonly name: 'InvalidFaultOptionsError';

  /** Reports that `option` `problem` (a phrase such as `must be a safe integer`). */
  constructor(option: string, problem: string) {
    super(`withFaults option ${option} ${problem}.`);
    this.option = option;
    this.name = 'InvalidFaultOptionsError';
  }
}
