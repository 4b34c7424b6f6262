/**
 * The runner integration's edge for `exploreAgent()`: the default
 * exploration seed comes from the `SCRIPTED_AGENTS_SEED` environment
 * variable, so `SCRIPTED_AGENTS_SEED=<seed> npx vitest` replays the failure an
 * exploration printed. Loaded by every runner entry (Vitest, Jest, node:test
 * and Deno.test through `withDoubles`, Bun through `registerHooks`).
 *
 * @module
 */

import { env } from 'node:process';
import { parseExplorationSeed, provideExplorationSeed } from '../_internal/exploration_seed.ts';

/**
 * The environment variable that sets the default seed of `exploreAgent()`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { EXPLORATION_SEED_VARIABLE } from 'scripted-agents/runner';
 *
 * assert.equal(EXPLORATION_SEED_VARIABLE, 'SCRIPTED_AGENTS_SEED');
 * ```
 */
export const EXPLORATION_SEED_VARIABLE = 'SCRIPTED_AGENTS_SEED';

/**
 * The seed `SCRIPTED_AGENTS_SEED` sets, or `undefined` when it is unset or
 * empty; throws a `TypeError` when it is not a non-negative integer.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { explorationSeedFromEnv } from 'scripted-agents/runner';
 *
 * const seed = explorationSeedFromEnv();
 * assert.ok(seed === undefined || Number.isSafeInteger(seed));
 * ```
 */
export function explorationSeedFromEnv(): number | undefined {
  let text: string | undefined;
  try {
    text = env[EXPLORATION_SEED_VARIABLE];
  } catch {
    // Deno without --allow-env: no variable, which reads as unset below.
  }
  return parseExplorationSeed(text, EXPLORATION_SEED_VARIABLE);
}

provideExplorationSeed(explorationSeedFromEnv);
