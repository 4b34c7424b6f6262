/**
 * A FIFO queue with O(1) `shift`, shared by every double (scripted steps,
 * buffered calls, pending expectations).
 *
 * @module
 */

/** First in, first out; consumed slots are released for garbage collection. */
export class Queue<T> {
  #items: (T | undefined)[] = [];
  #head = 0;

  /** Items not yet shifted. */
  get size(): number {
    return this.#items.length - this.#head;
  }

  /** Appends items at the tail. */
  push(...items: T[]): void {
    for (const item of items) this.#items.push(item);
  }

  /** Removes and returns the head item, or `undefined` when empty. */
  shift(): T | undefined {
    if (this.#head >= this.#items.length) return undefined;
    const item = this.#items[this.#head];
    this.#items[this.#head] = undefined;
    this.#head++;
    // Compact once the consumed prefix dominates, keeping shift amortised O(1).
    if (this.#head > 64 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }

  /** Removes every item and returns them in order. */
  drain(): T[] {
    const items = this.toArray();
    this.#items = [];
    this.#head = 0;
    return items;
  }

  /** The remaining items in order, as a new array. */
  toArray(): T[] {
    return this.#items.slice(this.#head) as T[];
  }
}
