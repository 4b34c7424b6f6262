/**
 * What a `ScriptedModel`'s streamed calls have streamed, for tests that wait
 * for a text to appear (`model.waitForStreamedText()`): a waiter resolves as
 * soon as a call's text so far contains it, and rejects when a stream ends
 * without it and the run cannot stream it later (the response asked for no
 * tool, or the script is used up), instead of waiting for ever.
 *
 * @module
 */

import { StreamedTextNotFoundError } from './scripted_model_errors.ts';
import type { StreamedText } from './scripted_model_types.ts';

interface Waiter {
  readonly match: string | RegExp;
  readonly resolve: (found: StreamedText) => void;
  readonly reject: (error: StreamedTextNotFoundError) => void;
}

interface Streamed {
  readonly deltas: string[];
  text: string;
}

/** The text a call streamed matches `match`. */
function matches(text: string, match: string | RegExp): boolean {
  if (typeof match === 'string') return text.includes(match);
  match.lastIndex = 0;
  return match.test(text);
}

/** `"world"` or `/wor.d/i`, as a message shows what was awaited. */
function shown(match: string | RegExp): string {
  return typeof match === 'string' ? JSON.stringify(match) : String(match);
}

/** Item types a response asks the runner to act on, so the model is called again. */
const CALL_TYPES = new Set([
  'function_call',
  'computer_call',
  'shell_call',
  'apply_patch_call',
  'tool_search_call',
  'program',
  'hosted_tool_call',
]);

/** The streamed text of every call, and the tests waiting for some. */
export class StreamWatch {
  readonly #calls = new Map<number, Streamed>();
  readonly #waiters = new Set<Waiter>();
  /** The last stream that ended, if the run cannot stream more after it. */
  #final: StreamedTextNotFoundError | undefined;

  /** A streamed call began: whatever ended before, more may be streamed now. */
  started(): void {
    this.#final = undefined;
  }

  /** Records a text delta of call `callIndex`; resolves the waiters it satisfies. */
  delta(callIndex: number, delta: unknown): void {
    if (typeof delta !== 'string') return;
    let streamed = this.#calls.get(callIndex);
    if (streamed === undefined) this.#calls.set(callIndex, streamed = { deltas: [], text: '' });
    streamed.deltas.push(delta);
    streamed.text += delta;
    if (this.#waiters.size === 0) return;
    for (const waiter of [...this.#waiters]) {
      if (!matches(streamed.text, waiter.match)) continue;
      this.#waiters.delete(waiter);
      waiter.resolve(found(callIndex, streamed));
    }
  }

  /**
   * Call `callIndex`'s stream ended with `output` (`'failed'`: it threw, or
   * ended without a response). Waiters still waiting are rejected when no
   * later call can stream their text.
   */
  ended(callIndex: number, output: readonly unknown[] | 'failed', remainingSteps: number): void {
    // A failed call may be retried; a response with calls is answered by another call.
    const asksAgain = output === 'failed' ||
      output.some((item) =>
        typeof item === 'object' && item !== null &&
        CALL_TYPES.has(String((item as { type?: unknown }).type))
      );
    if (asksAgain && remainingSteps > 0) {
      this.#final = undefined;
      return;
    }
    const deltas = this.#calls.get(callIndex)?.deltas ?? [];
    const reason = remainingSteps === 0 ? 'script_ended' : 'turn_ended';
    this.#final = new StreamedTextNotFoundError({ callIndex, expected: '', deltas, reason });
    for (const waiter of [...this.#waiters]) {
      this.#waiters.delete(waiter);
      waiter.reject(
        new StreamedTextNotFoundError({ callIndex, expected: shown(waiter.match), deltas, reason }),
      );
    }
  }

  /** Waits for a streamed text containing (or matching) `match`; see `waitForStreamedText`. */
  wait(match: string | RegExp): Promise<StreamedText> {
    if (typeof match !== 'string' && !(match instanceof RegExp)) {
      return Promise.reject(
        new TypeError('waitForStreamedText() takes a string or a RegExp to wait for.'),
      );
    }
    for (const [callIndex, streamed] of this.#calls) {
      if (matches(streamed.text, match)) return Promise.resolve(found(callIndex, streamed));
    }
    // Once the script is used up nothing can stream it; after a turn that
    // ended with steps left, a later run may.
    const final = this.#final;
    if (final?.reason === 'script_ended') {
      return Promise.reject(
        new StreamedTextNotFoundError({
          callIndex: final.callIndex,
          expected: shown(match),
          deltas: final.deltas,
          reason: final.reason,
        }),
      );
    }
    return new Promise<StreamedText>((resolve, reject) => {
      this.#waiters.add({ match, resolve, reject });
    });
  }
}

function found(callIndex: number, streamed: Streamed): StreamedText {
  return Object.freeze({
    callIndex,
    text: streamed.text,
    deltas: Object.freeze([...streamed.deltas]),
  });
}
