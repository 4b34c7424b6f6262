/**
 * The seeded numbers every generated choice is drawn from: a pseudo-random
 * sequence per seed and a string hash that salts a seed per tool or name.
 * `AutoModel`, the schema value generator and the explorer share them; they
 * live apart from the generator so that a module which only draws numbers
 * (a behaviour's choices, an output item's id) does not load it.
 *
 * @module
 */

/** A seeded 32-bit generator (mulberry32): the same seed, the same sequence. */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** A stable 32-bit hash of a string (FNV-1a), to derive per-tool seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
