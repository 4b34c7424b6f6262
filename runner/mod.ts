/**
 * The shared core of the runner integrations, and the context form for
 * runners without global hooks (`node:test`, `Deno.test`): every double a
 * test creates is verified when it ends, tests are offline by default, and
 * `useCassette()` opens the cassette named after the running test. Vitest and
 * Jest (and `bun test`) use their own entries, `scripted-agents/vitest` and
 * `scripted-agents/jest`, which set all of this up from one setup-file line.
 *
 * @example node:test
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
 * import { withDoubles } from 'scripted-agents/runner';
 *
 * // import test from 'node:test'; test('answers', withDoubles(async (t) => { ... }));
 * await withDoubles(async () => {
 *   const model = new ScriptedModel([[assistantMessage('Paris.')]]);
 *   const result = await new Runner().run(new Agent({ name: 'A', model }), 'Capital?');
 *   assert.equal(result.finalOutput, 'Paris.');
 * }, { titles: ['answers'] })({});
 * ```
 *
 * @module
 */

export { TestRun } from './test_run.ts';
export type { TestIdentity, VerifyOptions } from './test_run.ts';
export { currentTestRun } from './current_test_run.ts';
export { allowNetwork, toPath, withDoubles } from './with_doubles.ts';
export type { TestContextLike, WithDoublesOptions } from './with_doubles.ts';
export { registerHooks } from './register_hooks.ts';
export type { HookRegistrar, RegisterHooksOptions, RunnerHooks } from './register_hooks.ts';
export { isCi, useCassette } from './use_cassette.ts';
export type { UseCassetteOptions } from './use_cassette.ts';
export { matchers, serializer } from './matchers.ts';
export type {
  MatcherContext,
  MatcherResult,
  ScriptedAgentsMatcher,
  ScriptedAgentsMatcherFunctions,
  ScriptedAgentsMatchers,
} from './matchers.ts';
export { safeFileName, testCassettePath } from './cassette_path.ts';
export { EXPLORATION_SEED_VARIABLE, explorationSeedFromEnv } from './explore_seed.ts';
export type { TestCassettePathOptions } from './cassette_path.ts';
export {
  MissingTestCassetteError,
  NoDefaultModelProviderError,
  RealModelRequestError,
  SharedCassetteError,
  UnawaitedMatcherError,
} from './runner_errors.ts';
export { TeardownAlsoFailedError } from '../_internal/combined_failure.ts';
