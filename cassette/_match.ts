/**
 * Matching calls to recorded interactions: a call takes the first unused
 * interaction of the same model whose normalized request is equal, whatever
 * the order the calls arrive in. Equality is on the canonical JSON text (keys
 * in the stable order), so a lookup costs one `JSON.stringify` and a `Map` get.
 *
 * @module
 */

import { type JsonDifference, jsonDifferences } from './_diff.ts';
import type { CassetteInteraction, CassetteRequest, JsonValue } from './cassette_types.ts';

/** One loaded interaction and its matching state. */
export interface BookEntry {
  /** Its zero-based position in the loaded cassette. */
  readonly index: number;
  /** The stored interaction (request normalized). */
  readonly interaction: CassetteInteraction;
  /** The matching key. */
  readonly key: string;
  /** Whether a call used it. */
  used: boolean;
}

/** The matching key of a request of model `model`. */
export function matchKey(model: string, request: CassetteRequest): string {
  return `${model}\n${JSON.stringify(request)}`;
}

/** The nearest unused entry to a request that matched nothing. */
export interface NearestEntry {
  entry: BookEntry;
  differences: JsonDifference[];
  count: number;
}

/** The loaded interactions, indexed by key; each is used at most once. */
export class InteractionBook {
  readonly #entries: BookEntry[] = [];
  readonly #unusedByKey = new Map<string, BookEntry[]>();

  /** Adds the next loaded interaction. */
  add(interaction: CassetteInteraction): void {
    const entry: BookEntry = {
      index: this.#entries.length,
      interaction,
      key: matchKey(interaction.model, interaction.request),
      used: false,
    };
    this.#entries.push(entry);
    const queue = this.#unusedByKey.get(entry.key);
    if (queue === undefined) this.#unusedByKey.set(entry.key, [entry]);
    else queue.push(entry);
  }

  /** Every loaded entry, in cassette order. */
  get entries(): readonly BookEntry[] {
    return this.#entries;
  }

  /** Takes (marks used) the first unused entry with `key`. */
  take(key: string): BookEntry | undefined {
    const queue = this.#unusedByKey.get(key);
    if (queue === undefined) return undefined;
    const entry = queue.shift()!;
    if (queue.length === 0) this.#unusedByKey.delete(key);
    entry.used = true;
    return entry;
  }

  /** The entries no call used, in cassette order. */
  unused(): BookEntry[] {
    return this.#entries.filter((entry) => !entry.used);
  }

  /**
   * The entry whose request differs from `request` in the fewest paths,
   * preferring unused entries, then the same model, then the earliest.
   */
  nearest(model: string, request: CassetteRequest, limit: number): NearestEntry | undefined {
    const unused = this.unused();
    const pool = unused.length > 0 ? unused : this.#entries;
    const sameModel = pool.filter((entry) => entry.interaction.model === model);
    const candidates = sameModel.length > 0 ? sameModel : pool;
    let best: NearestEntry | undefined;
    for (const entry of candidates) {
      const { differences, count } = jsonDifferences(
        entry.interaction.request as unknown as JsonValue,
        request as unknown as JsonValue,
        { root: 'request', limit, countLimit: best === undefined ? undefined : best.count },
      );
      if (best === undefined || count < best.count) best = { entry, differences, count };
    }
    return best;
  }
}
