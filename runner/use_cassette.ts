/**
 * `useCassette()`: the cassette of the running test, named after it, in the
 * mode the runner's snapshot habits imply.
 *
 * @module
 */

import { stat } from 'node:fs/promises';
import { env } from 'node:process';
import type { Cassette, CassetteMode } from '../cassette/mod.ts';
import type * as CassetteFiles from '../cassette_fs/mod.ts';
import { existingSession } from './_session.ts';
import { testCassettePath, type TestCassettePathOptions } from './cassette_path.ts';
import { MissingTestCassetteError, SharedCassetteError } from './runner_errors.ts';

/**
 * Options of `useCassette()`: where the cassette lives (`name`, `dir`) and the
 * usual cassette options (`provider` to record from, `normalize`, `redact`,
 * and `mode`, which overrides the habits below).
 */
export interface UseCassetteOptions
  extends CassetteFiles.OpenCassetteOptions, TestCassettePathOptions {}

/**
 * Opens the running test's cassette, `__cassettes__/<test file>/<describe › test>.json`
 * beside the test file (see `testCassettePath`). The mode follows the
 * runner's snapshot habits:
 * - `SCRIPTED_AGENTS_CASSETTE` (or `options.mode`) wins when set;
 * - the runner's update flag (`vitest -u`, `jest -u`, `bun test
 *   --update-snapshots`, `deno test -- --update`, `node --test
 *   --test-update-snapshots`) means `update`;
 * - an existing cassette replays;
 * - a missing one is recorded from `options.provider` locally, never in CI
 *   (`CI` set): there, and without a provider, it fails with
 *   `MissingTestCassetteError`, which says how to record it.
 *
 * Recording lets the test use the network (the one exception to offline
 * tests). The cassette is verified (replay) or written (recording) when the
 * test ends, like every double.
 *
 * @example Replay in a test (here through the context form)
 * ```ts
 * import assert from 'node:assert/strict';
 * import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { useCassette, withDoubles } from 'scripted-agents/runner';
 *
 * const dir = await mkdtemp(join(tmpdir(), 'cassettes-'));
 * await mkdir(join(dir, 'empty'));
 * await writeFile(
 *   join(dir, 'empty', 'nothing.json'),
 *   JSON.stringify({ format: 'scripted-agents/cassette', version: 2, models: {}, interactions: [], blobs: {} }),
 * );
 * await withDoubles(async () => {
 *   const cassette = await useCassette({ dir: join(dir, 'empty') });
 *   assert.equal(cassette.mode, 'replay');
 * }, { file: join(dir, 'x.test.ts'), titles: ['nothing'] })({});
 * await rm(dir, { recursive: true });
 * ```
 */
export async function useCassette(options: UseCassetteOptions = {}): Promise<Cassette> {
  const session = existingSession();
  const run = session?.current();
  if (session === undefined || run === undefined) {
    throw new TypeError(
      'useCassette() names the cassette after the running test, and no test is running: call ' +
        'it inside a test, with scripted-agents/vitest (setupFiles) or scripted-agents/jest ' +
        '(setupFilesAfterEnv, bun test --preload) set up, or inside withDoubles(...) from ' +
        'scripted-agents/runner.',
    );
  }
  const { name, dir, ...cassetteOptions } = options;
  let path = testCassettePath(run.test, { name, dir });
  if (!run.claimCassette(path)) {
    let n = 2;
    while (!run.claimCassette(path.replace(/\.json$/, ` #${n}.json`))) n++;
    path = path.replace(/\.json$/, ` #${n}.json`);
  }
  const owner = session.claimCassette(path, run);
  if (owner !== undefined) throw new SharedCassetteError(path, [owner, run.name]);
  // The cassette code (its format, matching and file handling) loads with the first cassette a
  // test file opens: the setup entries import this module in every test file, and most files
  // open no cassette.
  const files = await import('../cassette_fs/mod.ts');
  const mode = await chooseMode(path, run.name, options, session.updating(), files);
  if (mode !== 'replay') run.allowNetwork();
  return files.openCassette(path, { ...cassetteOptions, mode });
}

async function chooseMode(
  path: string,
  test: string,
  options: UseCassetteOptions,
  updating: boolean,
  { CASSETTE_MODE_VARIABLE, cassetteMode }: typeof CassetteFiles,
): Promise<CassetteMode> {
  if (options.mode !== undefined || variable(CASSETTE_MODE_VARIABLE) !== undefined) {
    return cassetteMode(options.mode);
  }
  const ci = isCi();
  if (updating && !ci && options.provider !== undefined) return 'update';
  if (await exists(path)) return 'replay';
  if (ci || options.provider === undefined) throw new MissingTestCassetteError(path, { test, ci });
  return 'record';
}

function variable(name: string): string | undefined {
  try {
    const value = env[name];
    return value === '' ? undefined : value;
  } catch {
    return undefined;
  }
}

/** `CI` set to anything but an empty string, `0` or `false`. */
export function isCi(): boolean {
  let value: string | undefined;
  try {
    value = env.CI;
  } catch {
    return false;
  }
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as { code?: unknown })?.code === 'ENOENT') return false;
    throw error;
  }
}
