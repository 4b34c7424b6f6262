/**
 * Matching calls to recorded interactions: a call takes the first unused
 * interaction of the same model whose normalized request is equal, whatever
 * the order the calls arrive in. Equality is on the canonical JSON text (keys
 * in the stable order). The input items of a recorded run repeat from one
 * request to the next, so each distinct item text is interned once (the
 * stored requests share equal items), and so is each list of items, by
 * hash-consing: a list is its list without the last item plus that item, so
 * a request's key names its whole input by one number (and the rest of the
 * request by the number of its JSON text), and a live input that extends the
 * previous one costs only its new items.
 *
 * @module
 */

import { type JsonDifference, jsonDifferences } from './_diff.ts';
import { EMPTY_LIST, ListNumbers } from './_list_numbers.ts';

export { EMPTY_LIST };
import type { CassetteInteraction, CassetteRequest, JsonValue } from './cassette_types.ts';

/** One loaded interaction and its matching state. */
export interface BookEntry {
  /** Its zero-based position in the loaded cassette. */
  readonly index: number;
  /** The stored interaction (request normalized). */
  readonly interaction: CassetteInteraction;
  /** Whether a call used it. */
  used: boolean;
  /** The zero-based call (among all the cassette answered) that used it, when known. */
  usedBy: number | undefined;
}

/** The number of an item or a list no recorded input holds. */
export const UNKNOWN = -1;

/**
 * The matching key of a request of model `model` whose input is the list
 * numbered `list` and whose other fields are the ones numbered `rest` (see
 * {@linkcode InteractionBook.restId}): equal keys mean equal requests.
 */
export function listKey(model: string, list: number, rest: number): string {
  return `${JSON.stringify(model)}\n${list}\n${rest}`;
}

/** The matching key of a request whose input is not a list. */
function textKey(model: string, request: CassetteRequest): string {
  return `${JSON.stringify(model)}\n${JSON.stringify(request)}`;
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
   * The numbers of the loaded item objects (an input that continues an
   * earlier one holds the same objects). A `Map`: the book holds them anyway,
   * and weak entries whose keys are new objects slow down every young garbage
   * collection.
   */
  readonly #objectIds = new Map<object, number>();
  readonly #lists = new ListNumbers();
  /** The JSON texts of the stored requests without their input, numbered. */
  readonly #restIds = new Map<string, number>();
  /**
   * The input of the previous interaction added and the list number after
   * each of its items: an input continuing it holds the same item objects,
   * whose numbers are then reused without a lookup.
   */
  #previousInput: readonly JsonValue[] = [];
  readonly #previousLists: number[] = [];

  /**
   * Adds the next loaded interaction. Its request's input items are replaced
   * by the equal items stored before, so the book owns the request from now on.
   */
  add(interaction: CassetteInteraction): void {
    const request = interaction.request;
    const input = request.input as JsonValue;
    let key: string;
    if (Array.isArray(input)) {
      const previous = this.#previousInput;
      const lists = this.#previousLists;
      const n = Math.min(previous.length, input.length);
      let shared = 0;
      while (shared < n && input[shared] === previous[shared]) shared++;
      lists.length = shared;
      let list = shared === 0 ? EMPTY_LIST : lists[shared - 1];
      for (let i = shared; i < input.length; i++) {
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
        list = this.#lists.extend(list, id);
        lists.push(list);
      }
      this.#previousInput = input;
      const rest = JSON.stringify({ ...request, input: undefined });
      let restId = this.#restIds.get(rest);
      if (restId === undefined) {
        restId = this.#restIds.size;
        this.#restIds.set(rest, restId);
      }
      key = listKey(interaction.model, list, restId);
    } else {
      key = textKey(interaction.model, request);
    }
    const entry: BookEntry = {
      index: this.#entries.length,
      interaction,
      used: false,
      usedBy: undefined,
    };
    this.#entries.push(entry);
    const queue = this.#unusedByKey.get(key);
    if (queue === undefined) this.#unusedByKey.set(key, [entry]);
    else queue.push(entry);
  }

  /**
   * The number of the JSON text `text` of a stored request without its input
   * (`JSON.stringify({ ...request, input: undefined })`), or
   * {@linkcode UNKNOWN}.
   */
  restId(text: string): number {
    return this.#restIds.get(text) ?? UNKNOWN;
  }

  /** The number of the stored item whose JSON text is `text`, or {@linkcode UNKNOWN}. */
  itemId(text: string): number {
    return this.#itemIds.get(text) ?? UNKNOWN;
  }

  /**
   * The number of list `list` followed by item `item`, or
   * {@linkcode UNKNOWN} when no recorded input starts with that list.
   */
  follow(list: number, item: number): number {
    // No list is numbered UNKNOWN and no list extends by UNKNOWN: both read nothing.
    return this.#lists.find(list, item) ?? UNKNOWN;
  }

  /** The matching key of a live request (converted and normalized) of model `model`. */
  requestKey(model: string, request: CassetteRequest): string {
    const input = request.input as JsonValue;
    if (!Array.isArray(input)) return textKey(model, request);
    let list = EMPTY_LIST;
    for (let i = 0; i < input.length && list !== UNKNOWN; i++) {
      // A live request is converted afresh, so its items are never loaded objects: by text.
      list = this.follow(list, this.itemId(JSON.stringify(input[i])));
    }
    return listKey(model, list, this.restId(JSON.stringify({ ...request, input: undefined })));
  }

  /** Every loaded entry, in cassette order. */
  get entries(): readonly BookEntry[] {
    return this.#entries;
  }

  /** Takes (marks used, by call `callIndex`) the first unused entry whose key is `key`. */
  take(key: string, callIndex?: number): BookEntry | undefined {
    const queue = this.#unusedByKey.get(key);
    if (queue === undefined) return undefined;
    const entry = queue.shift()!;
    if (queue.length === 0) this.#unusedByKey.delete(key);
    entry.used = true;
    entry.usedBy = callIndex;
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
