/**
 * Where a test's cassette lives: `__cassettes__/<test file>/<describe › test>.json`
 * next to the test file, its name made safe for every file system.
 *
 * @module
 */

import type { TestIdentity } from './test_run.ts';

/** Options of {@linkcode testCassettePath}. */
export interface TestCassettePathOptions {
  /** The cassette's name instead of the test's titles (made safe the same way). */
  name?: string;
  /**
   * The folder instead of `__cassettes__/<test file>/`; a relative one is
   * taken from the test file's folder.
   */
  dir?: string;
}

const longest = 120;
const reserved = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

/**
 * The cassette file of `test`: `options.dir` (default
 * `__cassettes__/<test file name>/` beside the test file), then the test's
 * titles joined by ` › ` (or `options.name`), made safe, and `.json`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { testCassettePath } from 'scripted-agents/runner';
 *
 * const test = { file: '/app/tests/weather.test.ts', titles: ['weather', 'Paris?'] };
 * assert.equal(
 *   testCassettePath(test),
 *   '/app/tests/__cassettes__/weather.test.ts/weather › Paris_.json',
 * );
 * assert.equal(testCassettePath(test, { name: 'one', dir: 'tapes' }), '/app/tests/tapes/one.json');
 * ```
 */
export function testCassettePath(
  test: TestIdentity,
  options: TestCassettePathOptions = {},
): string {
  const file = test.file === undefined ? undefined : test.file.replaceAll('\\', '/');
  const base = file === undefined ? undefined : file.slice(0, file.lastIndexOf('/') + 1);
  let dir: string;
  if (options.dir !== undefined && isAbsolute(options.dir)) dir = options.dir;
  else if (base === undefined || file === undefined) {
    throw new TypeError(
      `The runner does not tell the file of test "${test.titles.join(' › ')}", so its cassette ` +
        "has no default folder: pass an absolute one, useCassette({ dir: '/path/to/cassettes' }).",
    );
  } else {
    dir = options.dir === undefined
      ? `${base}__cassettes__/${file.slice(base.length)}`
      : `${base}${options.dir}`;
  }
  const name = safeFileName(options.name ?? test.titles.join(' › '));
  return `${dir.replace(/[\\/]+$/, '')}/${name}.json`;
}

/**
 * `name` as a file name every file system accepts: no reserved or control
 * characters (each becomes `_`), no trailing dot or space, no device name of
 * Windows, at most 120 characters (a longer name keeps its start and ends with
 * a hash of the whole, so two long names stay apart).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { safeFileName } from 'scripted-agents/runner';
 *
 * assert.equal(safeFileName('a/b: "c"?'), 'a_b_ _c__');
 * assert.equal(safeFileName('CON'), '_CON');
 * ```
 */
export function safeFileName(name: string): string {
  // deno-lint-ignore no-control-regex
  let safe = name.replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_').replace(
    /[. ]+$/,
    (end) => '_'.repeat(end.length),
  );
  if (safe === '' || /^\.+$/.test(safe)) safe = `_${safe}`;
  if (reserved.test(safe)) safe = `_${safe}`;
  if (safe.length > longest) safe = `${safe.slice(0, longest - 9)}-${hash(name)}`;
  return safe;
}

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || path.startsWith('\\') || /^[a-zA-Z]:[\\/]/.test(path);
}

/** FNV-1a, 32 bits, as 8 hex digits: short, stable, dependency-free. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
