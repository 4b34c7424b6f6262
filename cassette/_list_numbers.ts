/**
 * Numbers for lists of item numbers, by hash-consing: the list of `n` items is
 * the list of its first `n - 1` items followed by one more, so every prefix of
 * every input gets a number in one pass, and equal lists get equal numbers.
 * Shared by the cassette's matching (the loaded book) and its writing (inputs
 * stored as continuations of earlier ones).
 *
 * @module
 */

/** The number of the empty list. */
export const EMPTY_LIST = 0;

/** Numbers lists of item numbers (see the module doc). */
export class ListNumbers {
  /** Per list number, the numbers of the one-item-longer lists by their last item. */
  readonly #longer: (Map<number, number> | undefined)[] = [undefined];

  /** The number of list `list` followed by item `item`, numbering it if new. */
  extend(list: number, item: number): number {
    let longer = this.#longer[list];
    if (longer === undefined) {
      longer = new Map();
      this.#longer[list] = longer;
    }
    let next = longer.get(item);
    if (next === undefined) {
      next = this.#longer.length;
      this.#longer.push(undefined);
      longer.set(item, next);
    }
    return next;
  }

  /** The number of list `list` followed by item `item`, if it has one. */
  find(list: number, item: number): number | undefined {
    return this.#longer[list]?.get(item);
  }
}
