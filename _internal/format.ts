/**
 * Message helpers shared by every double's error classes, so that all of them
 * number calls and inputs the same way (1-based for people) and pluralise alike.
 *
 * @module
 */

/** `#N` for a zero-based index: index 0 is "#1". */
export function ordinal(index: number): string {
  return `#${index + 1}`;
}

/** `"1 step"`, `"2 steps"`, `"0 steps"`. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${pluralSuffix(count)}`;
}

/** `''` for a count of 1, `'s'` otherwise: for messages that place the count elsewhere. */
export function pluralSuffix(count: number): string {
  return count === 1 ? '' : 's';
}
