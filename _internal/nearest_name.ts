/**
 * The "did you mean" of every message that names something unknown: the
 * known name closest to a misspelled one, by edit distance.
 *
 * @module
 */

/**
 * The name in `candidates` closest to `name` (edit distance at most
 * `maxDistance`, default 3), the first of equally close ones; `undefined`
 * when none is that close.
 */
export function nearestName(
  name: string,
  candidates: Iterable<string>,
  maxDistance = 3,
): string | undefined {
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, or `limit` as soon as the lengths alone reach it. */
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
