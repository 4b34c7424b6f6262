/**
 * Cassettes in files: {@linkcode openCassette} reads a cassette file and
 * writes it back atomically on `close()`; the mode may come from the
 * `SCRIPTED_AGENTS_CASSETTE` environment variable, so
 * `SCRIPTED_AGENTS_CASSETTE=record npm test` re-records a suite. Uses
 * `node:fs/promises` (Node.js, Deno and Bun all provide it); everything else
 * is re-exported from `scripted-agents/cassette`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cassetteMode } from "scripted-agents/cassette_fs";
 *
 * assert.equal(cassetteMode("record"), "record");
 * ```
 *
 * @module
 */

export {
  CASSETTE_MODE_VARIABLE,
  cassetteMode,
  openCassette,
  USAGE_LIST_VARIABLE,
} from './open_cassette.ts';
export { ARTIFACTS_VARIABLE, writeFailureArtifact } from './failure_artifact.ts';
export type { FailureArtifactOptions } from './failure_artifact.ts';
export type { OpenCassetteOptions } from './open_cassette.ts';
export { MissingCassetteError } from './open_cassette_errors.ts';
export * from '../cassette/mod.ts';
