/**
 * Where `exploreAgent()` finds a seed it was not given: a source that an edge
 * of the package registers (the runner integration reads
 * `SCRIPTED_AGENTS_SEED` from the environment), so the library itself never
 * reads the environment and stays web-standard. A global registry key, so
 * that the entry bundles (ESM and CommonJS) share one source.
 *
 * @module
 */

const sourceKey = Symbol.for('scripted-agents.exploration-seed');

type SeedScope = { [sourceKey]?: () => number | undefined };

/** Registers where a default exploration seed comes from (the last registration wins). */
export function provideExplorationSeed(source: () => number | undefined): void {
  (globalThis as SeedScope)[sourceKey] = source;
}

/** The registered default exploration seed, or `undefined` when none is registered or set. */
export function explorationSeed(): number | undefined {
  return (globalThis as SeedScope)[sourceKey]?.();
}

/**
 * A seed as written in an environment variable: a non-negative integer, or
 * `undefined` for an empty or absent value. Throws a `TypeError` naming the
 * variable for anything else, so a typo never silently explores seed 0.
 */
export function parseExplorationSeed(
  text: string | undefined,
  variable: string,
): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(Number(trimmed))) {
    throw new TypeError(
      `${variable} must be a non-negative integer (the seed an exploration failure printed), ` +
        `got ${JSON.stringify(text)}.`,
    );
  }
  return Number(trimmed);
}
