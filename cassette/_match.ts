/**
 * Matching calls to recorded interactions: a call takes the first unused
 * interaction of the same model whose normalized request is equal, whatever
 * the order the calls arrive in. Equality is on the canonical JSON text (keys
 * in the stable order). The input items of a recorded run repeat from one
 * request to the next, so each distinct item text is interned once: the
 * stored requests share equal items, and a request's key names its items by
 * number instead of repeating their text. A live item that is a shared
 * (immutable) conversion is looked up once per run.
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
  /** Whether a call used it. */
  used: boolean;
}

/**
 * The matching key of a request of model `model` whose input items have the
 * numbers `ids` (`undefined` when the input is not an array): equal keys mean
 * equal JSON text, as an array's text is its items' texts in order.
 */
function keyOf(model: string, request: CassetteRequest, ids: number[] | undefined): string {
  if (ids === undefined) return `${model}\n${JSON.stringify(request)}`;
  const rest = JSON.stringify({ ...request, input: undefined });
  return `${model}\n[${ids.join(',')}]\n${rest}`;
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
  /** Interned input items: JSON text → number. */
  readonly #itemIds = new Map<string, number>();
  /** The one stored item of each number. */
  readonly #itemsById: JsonValue[] = [];
  /**
   * The numbers of item objects already looked up: loaded items (an input that
   * continues an earlier one holds the same objects) and live ones (shared,
   * immutable conversions).
   */
  readonly #objectIds = new WeakMap<object, number>();

  /**
   * Adds the next loaded interaction. Its request's input items are replaced
   * by the equal items stored before, so the book owns the request from now on.
   */
  add(interaction: CassetteInteraction): void {
    const request = interaction.request;
    const input = request.input as JsonValue;
    let ids: number[] | undefined;
    if (Array.isArray(input)) {
      ids = new Array(input.length);
      for (let i = 0; i < input.length; i++) {
        const item = input[i];
        const isObject = item !== null && typeof item === 'object';
        let id = isObject ? this.#objectIds.get(item) : undefined;
        if (id === undefined) {
          const text = JSON.stringify(item);
          id = this.#itemIds.get(text);
          if (id === undefined) {
            id = this.#itemsById.length;
            this.#itemIds.set(text, id);
            this.#itemsById.push(item);
          }
          if (isObject) this.#objectIds.set(item, id);
        }
        input[i] = this.#itemsById[id];
        ids[i] = id;
      }
    }
    const entry: BookEntry = { index: this.#entries.length, interaction, used: false };
    this.#entries.push(entry);
    const key = keyOf(interaction.model, request, ids);
    const queue = this.#unusedByKey.get(key);
    if (queue === undefined) this.#unusedByKey.set(key, [entry]);
    else queue.push(entry);
  }

  /** The matching key of a live request of model `model`. */
  #liveKey(model: string, request: CassetteRequest): string {
    const input = request.input as JsonValue;
    if (!Array.isArray(input)) return keyOf(model, request, undefined);
    const ids: number[] = new Array(input.length);
    for (let i = 0; i < input.length; i++) {
      const item = input[i];
      const isObject = item !== null && typeof item === 'object';
      let id = isObject ? this.#objectIds.get(item) : undefined;
      if (id === undefined) {
        // An item no recording holds gets -1, which no stored key contains.
        id = this.#itemIds.get(JSON.stringify(item)) ?? -1;
        if (isObject) this.#objectIds.set(item, id);
      }
      ids[i] = id;
    }
    return keyOf(model, request, ids);
  }

  /** Every loaded entry, in cassette order. */
  get entries(): readonly BookEntry[] {
    return this.#entries;
  }

  /** Takes (marks used) the first unused entry of `model` whose request equals `request`. */
  take(model: string, request: CassetteRequest): BookEntry | undefined {
    const key = this.#liveKey(model, request);
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
