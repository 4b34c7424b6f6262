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

/**
 * Two texts as a message shows them side by side, each at most `width`
 * characters: whole when both fit, otherwise both cut to the same window
 * around their first difference, with `…` on every cut side. Two different
 * texts always give two different lines, each showing the first differing
 * character and a little of what leads up to it; a surrogate pair is never
 * cut in half.
 */
export function differenceWindow(a: string, b: string, width = 100): [string, string] {
  if (a.length <= width && b.length <= width) return [a, b];
  const size = Math.max(width, 12);
  // The text between two ellipses; a third of it shows what leads up to the difference.
  const room = size - 2;
  let at = 0;
  // Past the end of `b`, `b[at]` is undefined and differs from any character of `a`.
  while (at < a.length && a[at] === b[at]) at++;
  // Near the end the window moves back to stay full: the rest of the longer text
  // then fits, so nothing is cut after the difference.
  let start = Math.max(
    0,
    Math.min(at - Math.floor(room / 3), Math.max(a.length, b.length) - room),
  );
  // The window starts inside the shared prefix, so `a` alone tells a split pair.
  if (isLowSurrogateAt(a, start)) start--;
  return [windowOf(a, start, size), windowOf(b, start, size)];
}

/** `text` from `start`, at most `width` characters with the ellipses. */
function windowOf(text: string, start: number, width: number): string {
  const lead = start > 0 ? '…' : '';
  if (text.length - start <= width - lead.length) return lead + text.slice(start);
  let end = start + width - lead.length - 1;
  if (isLowSurrogateAt(text, end)) end--;
  return `${lead}${text.slice(start, end)}…`;
}

/** Whether `text[index]` is the second half of a surrogate pair. */
function isLowSurrogateAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  const before = text.charCodeAt(index - 1);
  return code >= 0xdc00 && code <= 0xdfff && before >= 0xd800 && before <= 0xdbff;
}
