/**
 * The nearest known name to a misspelled one, for the "did you mean" part of a
 * message: one helper, so every double suggests names alike.
 *
 * @module
 */

/** How far (in edits) a known name may be from the written one and still be suggested. */
const MAX_DISTANCE = 3;

/**
 * The known name nearest to `name` (at most three single-character edits
 * away), the first of equally near ones; `undefined` when none is that near.
 */
export function nearestName(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = MAX_DISTANCE + 1;
  for (const candidate of known) {
    const distance = editDistance(name, candidate, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** The Levenshtein distance of `a` and `b`, or `limit` when their lengths alone reach it. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}
