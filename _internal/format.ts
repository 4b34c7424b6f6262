/**
 * Message helpers shared by every double's error classes, so that all of them
 * number calls and inputs the same way (1-based for people), pluralise alike,
 * cut long texts alike and describe a thrown value alike.
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

/** How much of a string a description shows before it cuts it with `…`. */
const SHOWN_STRING_LENGTH = 80;
/** How many of an object's keys a description names. */
const SHOWN_KEYS = 5;

/**
 * An unknown value (usually something thrown) as a message shows it: an
 * `Error` as `Name: message` (the name alone when the message is empty), in
 * full, since it is often the failure a reader looks for; anything else as its
 * kind and a short look at it (`the string "…"`, `number 42`, `an array of
 * 2 items`, `an object with keys a, b`, `an instance of Map`), never through
 * its own `toString`, which says nothing for a plain object and throws for
 * one without a prototype.
 * Never throws: a value that cannot be looked at (a revoked proxy) is
 * `a value that cannot be inspected`.
 */
export function describeThrown(value: unknown): string {
  try {
    return value instanceof Error ? describeError(value) : describeNonError(value);
  } catch {
    return 'a value that cannot be inspected';
  }
}

function describeError(error: Error): string {
  const name = String(error.name);
  const message = String(error.message);
  return message === '' ? name : `${name}: ${message}`;
}

function describeNonError(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(shorten(value))}`;
    case 'function':
      return value.name === '' ? 'an anonymous function' : `the function ${value.name}`;
    case 'object':
      return describeObject(value);
    default:
      // number, boolean, bigint, symbol: their own text is short and cannot be overridden.
      return `${typeof value} ${String(value)}`;
  }
}

function describeObject(value: object): string {
  if (Array.isArray(value)) return `an array of ${countOf(value.length, 'item')}`;
  // A plain object's constructor is Object; one without a prototype has none.
  const className = Object.getPrototypeOf(value)?.constructor?.name;
  const keys = Object.keys(value);
  if (typeof className === 'string' && className !== '' && className !== 'Object') {
    // A class instance's state is often not in its own keys (a Map, a Date).
    const instance = `an instance of ${className}`;
    return keys.length === 0 ? instance : `${instance} with keys ${namesOf(keys)}`;
  }
  return keys.length === 0 ? 'an object with no keys' : `an object with keys ${namesOf(keys)}`;
}

/** The first {@linkcode SHOWN_KEYS} of `keys`, and how many more there are. */
function namesOf(keys: readonly string[]): string {
  const shown = keys.slice(0, SHOWN_KEYS).map(shorten).join(', ');
  return keys.length > SHOWN_KEYS ? `${shown} and ${keys.length - SHOWN_KEYS} more` : shown;
}

/** `text`, cut to {@linkcode SHOWN_STRING_LENGTH} characters with a closing `…`. */
function shorten(text: string): string {
  if (text.length <= SHOWN_STRING_LENGTH) return text;
  let end = SHOWN_STRING_LENGTH - 1;
  if (isLowSurrogateAt(text, end)) end--;
  return `${text.slice(0, end)}…`;
}
