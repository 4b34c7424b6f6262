/**
 * The context form, for runners without global hooks (`node:test`,
 * `Deno.test`): wrap the test function, and the test is offline, names its
 * cassettes after itself and verifies its doubles when it ends.
 *
 * @module
 */

import { argv, execArgv } from 'node:process';
import { existingSession, type RunnerSession, runnerSession } from './_session.ts';
import { runWithTeardown } from '../_internal/combined_failure.ts';
import type { TestIdentity } from './test_run.ts';

/**
 * The parts of a `node:test` or `Deno.test` context `withDoubles` reads: the
 * test's name, and where the runner tells them, its full name, its file and
 * its parent test.
 */
export interface TestContextLike {
  /** The test's own name. */
  readonly name?: string;
  /** `node:test` (22.3+): the names from the outermost suite, joined by ` > `. */
  readonly fullName?: string;
  /** `node:test` (22.6+): the test file's path. */
  readonly filePath?: string;
  /** `Deno.test`: the test module's URL. */
  readonly origin?: string;
  /** `Deno.test`: the enclosing test of a step. */
  readonly parent?: TestContextLike;
}

/** Options of {@linkcode withDoubles}. */
export interface WithDoublesOptions {
  /**
   * The test file (a path or a `file:` URL such as `import.meta.url`), for
   * runners whose context does not tell it (`node:test` before 22.6).
   */
  file?: string;
  /** The test's titles, describe blocks first, instead of the context's names. */
  titles?: readonly string[];
  /** Let this test use the network (real providers, any address). Defaults to `false`. */
  network?: boolean;
}

const advice = 'To allow it, call allowNetwork() from scripted-agents/runner inside the test ' +
  '(or pass withDoubles(fn, { network: true })), or call it at the top of the test file, ' +
  'outside any test, for the whole file.';

const updateFlags = ['-u', '--update', '--update-snapshots', '--test-update-snapshots'];

/**
 * Wraps a test function: while it runs, the doubles it creates are tracked,
 * the network is closed (loopback stays open) and `useCassette()` names the
 * cassette after the test; when it ends, every tracked double is verified.
 * If the body failed and verification found problems too, the test fails
 * with a `TeardownAlsoFailedError` whose message starts with the body's
 * failure and goes on with the findings. A double's failure the body failed
 * with is not reported again: the steps its stopped run never reached are
 * one line of the body's error. The test context is passed through.
 *
 * @example With node:test or Deno.test
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
 * import { withDoubles } from 'scripted-agents/runner';
 *
 * // test('answers', withDoubles(async (t) => { ... })) or Deno.test('answers', withDoubles(...))
 * const body = withDoubles(async () => {
 *   const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
 *   const result = await new Runner().run(new Agent({ name: 'A', model }), 'Capital?');
 *   assert.equal(result.finalOutput, 'Paris.');
 * }, { titles: ['answers'] });
 * // The forgotten second step fails the test.
 * await assert.rejects(body({}), { name: 'UnconsumedModelStepsError' });
 * ```
 */
export function withDoubles<C extends TestContextLike>(
  fn: (context: C) => unknown,
  options: WithDoublesOptions = {},
): (context: C) => Promise<void> {
  return async (context: C) => {
    // Without a setup entry, the context form opens the session for its tests
    // only: between them the network APIs and tracing are the runtime's own.
    const owned = existingSession() === undefined || ownedSession.running > 0;
    const session = runnerSession({ advice, updating });
    if (owned) ownedSession.running++;
    try {
      await runWithin(session, fn, context, options);
    } finally {
      if (owned && --ownedSession.running === 0) session.close();
    }
  };
}

/** How many context-form tests run in the session the context form opened. */
const ownedSession = { running: 0 };

async function runWithin<C extends TestContextLike>(
  session: RunnerSession,
  fn: (context: C) => unknown,
  context: C,
  options: WithDoublesOptions,
): Promise<void> {
  await session.prepare();
  const run = session.begin(identityOf(context ?? {}, options));
  if (options.network === true) run.allowNetwork();
  await runWithTeardown(
    () => session.within(run, () => fn(context)),
    (bodyErrors) => session.end(run, { bodyErrors }),
  );
}

function identityOf(context: TestContextLike, options: WithDoublesOptions): TestIdentity {
  const file = options.file ?? context.filePath ?? context.origin ?? mainFile();
  return {
    file: file === undefined ? undefined : toPath(file),
    titles: titlesOf(context, options),
  };
}

function titlesOf(context: TestContextLike, options: WithDoublesOptions): readonly string[] {
  if (options.titles !== undefined) return options.titles;
  if (typeof context.fullName === 'string' && context.fullName !== '') {
    return context.fullName.split(' > ');
  }
  const titles: string[] = [];
  for (let c: TestContextLike | undefined = context; c !== undefined; c = c.parent) {
    if (typeof c.name === 'string') titles.unshift(c.name);
  }
  return titles.length > 0 ? titles : ['test'];
}

/** A `file:` URL as a path (Windows drive letters kept), anything else unchanged. */
export function toPath(file: string): string {
  if (!file.startsWith('file:')) return file;
  const path = decodeURIComponent(new URL(file).pathname);
  return /^\/[a-zA-Z]:\//.test(path) ? path.slice(1) : path;
}

function mainFile(): string | undefined {
  const main = argv[1];
  return typeof main === 'string' && main !== '' ? main : undefined;
}

function updating(): boolean {
  return [...argv.slice(2), ...execArgv].some((arg) => updateFlags.includes(arg));
}

export { allowNetwork } from './_session.ts';
