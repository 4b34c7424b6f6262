/**
 * The input of a recorded request as a continuation of an earlier one. Each
 * turn of a run sends the whole conversation so far, so a file that wrote
 * every request out in full would grow with the square of the turns. Stored,
 * a request whose input list starts with the whole input list of an earlier
 * interaction names that interaction (`inputFrom`, its index) and lists only
 * the items after it (`inputAppend`); loading expands it back, the expanded
 * lists sharing the earlier items instead of copying them.
 *
 * @module
 */

import { copyJson, put } from './_json.ts';
import { EMPTY_LIST, ListNumbers } from './_list_numbers.ts';
import type {
  CassetteInteraction,
  CassetteRequest,
  CassetteStoredInteraction,
  CassetteStoredRequest,
  JsonValue,
} from './cassette_types.ts';

/**
 * Numbers input items by their JSON text (stored items have their keys in the
 * stable order, so equal text means equal JSON) and lists of them by
 * hash-consing: the list of `n` items is the list of its first `n - 1` and one
 * more item, so every prefix of every input gets a number in one pass.
 */
class InputNumbering {
  readonly #itemsByText = new Map<string, number>();
  readonly #itemsByObject = new WeakMap<object, number>();
  readonly #lists = new ListNumbers();

  /** The number of the empty list. */
  readonly empty = EMPTY_LIST;

  item(value: JsonValue): number {
    const isObject = value !== null && typeof value === 'object';
    if (isObject) {
      const known = this.#itemsByObject.get(value);
      if (known !== undefined) return known;
    }
    const text = JSON.stringify(value);
    let id = this.#itemsByText.get(text);
    if (id === undefined) {
      id = this.#itemsByText.size;
      this.#itemsByText.set(text, id);
    }
    if (isObject) this.#itemsByObject.set(value, id);
    return id;
  }

  /** The number of the list `list` followed by item `item`. */
  append(list: number, item: number): number {
    return this.#lists.extend(list, item);
  }
}

/**
 * The stored form of `interactions` (whole requests, keys in the stable
 * order), a fresh JSON copy: each array input that starts with the whole
 * (non-empty) input of an earlier interaction continues the latest such one
 * with the longest input.
 */
export function storedInteractions(
  interactions: readonly CassetteInteraction[],
): CassetteStoredInteraction[] {
  const numbering = new InputNumbering();
  /** List number → the latest interaction whose whole input it is. */
  const inputOf = new Map<number, number>();
  // The previous array input and the list number after each of its items: an
  // input that repeats its items (the same objects, as loaded inputs are)
  // reuses their numbers.
  let previous: readonly JsonValue[] = [];
  const lists: number[] = [];
  return interactions.map((interaction, index) => {
    const input = interaction.request.input;
    let from: number | undefined;
    let after = 0;
    if (Array.isArray(input) && input.length > 0) {
      const n = Math.min(previous.length, input.length);
      let shared = 0;
      while (shared < n && input[shared] === previous[shared]) shared++;
      lists.length = shared;
      let list = shared === 0 ? numbering.empty : lists[shared - 1];
      for (let i = shared; i < input.length; i++) {
        list = numbering.append(list, numbering.item(input[i]));
        lists.push(list);
      }
      previous = input;
      // The longest earlier whole input this one starts with (usually the previous turn's).
      for (let i = input.length - 1; i >= 0; i--) {
        const earlier = inputOf.get(lists[i]);
        if (earlier !== undefined) {
          from = earlier;
          after = i + 1;
          break;
        }
      }
      inputOf.set(list, index);
    }
    const out: Record<string, JsonValue> = {};
    const source = interaction as unknown as Record<string, JsonValue>;
    for (const key in source) {
      if (key === 'request') {
        out.request = storedRequest(interaction.request, from, after) as unknown as JsonValue;
      } else {
        put(out, key, copyJson(source[key]));
      }
    }
    return out as unknown as CassetteStoredInteraction;
  });
}

/** A copy of `request` with its input continuing interaction `from` after `after` items. */
function storedRequest(
  request: CassetteRequest,
  from: number | undefined,
  after: number,
): CassetteStoredRequest {
  const source = request as unknown as Record<string, JsonValue>;
  const out: Record<string, JsonValue> = {};
  for (const key in source) {
    if (key === 'input' && from !== undefined) {
      out.inputFrom = from;
      out.inputAppend = (request.input as JsonValue[]).slice(after).map(copyJson);
    } else {
      put(out, key, copyJson(source[key]));
    }
  }
  return out as unknown as CassetteStoredRequest;
}

/**
 * The whole request of a stored one whose input continues `base` (the input
 * list of the interaction it names): the same keys in the same order, with
 * `input` where `inputFrom` was. The items are shared, not copied.
 */
export function expandedRequest(
  request: CassetteStoredRequest,
  base: readonly JsonValue[],
): CassetteRequest {
  const source = request as unknown as Record<string, JsonValue>;
  const out: Record<string, JsonValue> = {};
  for (const key in source) {
    if (key === 'inputFrom') out.input = base.concat(request.inputAppend!);
    else if (key !== 'inputAppend') put(out, key, source[key]);
  }
  return out as unknown as CassetteRequest;
}
