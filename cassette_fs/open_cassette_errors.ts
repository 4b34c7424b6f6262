/**
 * The errors of `openCassette()`.
 *
 * @module
 */

/**
 * `openCassette()` in `replay` mode found no file at the path: nothing was
 * recorded there yet. The message says how to record it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MissingCassetteError, openCassette } from "scripted-agents/cassette_fs";
 *
 * const error = await openCassette("does/not/exist.json", { mode: "replay" }).catch((e) => e);
 * assert.ok(error instanceof MissingCassetteError);
 * assert.equal(error.path, "does/not/exist.json");
 * ```
 */
export class MissingCassetteError extends Error {
  /** The path that holds no cassette. */
  readonly path: string;
  /** Always `'MissingCassetteError'`. */
  override readonly name: 'MissingCassetteError';

  /** Names the missing path and how to record it. */
  constructor(path: string) {
    super(
      `Cassette file ${path} does not exist, so there is nothing to replay. Record it once with ` +
        'the real provider: run with SCRIPTED_AGENTS_CASSETTE=record (or pass mode: ' +
        "'record', or 'auto' to record only when the file is missing) and options.provider.",
    );
    this.path = path;
    this.name = 'MissingCassetteError';
  }
}
