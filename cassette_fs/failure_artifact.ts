/**
 * Failure artifacts: an HTML page of what differed, written to a folder CI
 * keeps, and named in the error's message. A replay miss of a cassette opened
 * with `openCassette` writes one when an artifacts folder is configured;
 * {@linkcode writeFailureArtifact} writes one for any failure that has an
 * expected and an actual value.
 *
 * @module
 */

import { mkdir, writeFile } from 'node:fs/promises';
import { env } from 'node:process';

/**
 * The environment variable naming the folder failure artifacts go to.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ARTIFACTS_VARIABLE } from "scripted-agents/cassette_fs";
 *
 * assert.equal(ARTIFACTS_VARIABLE, "SCRIPTED_AGENTS_ARTIFACTS");
 * ```
 */
export const ARTIFACTS_VARIABLE = 'SCRIPTED_AGENTS_ARTIFACTS';

/**
 * What {@linkcode writeFailureArtifact} writes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { FailureArtifactOptions } from "scripted-agents/cassette_fs";
 *
 * const options: FailureArtifactOptions = {
 *   directory: "test-results",
 *   expected: { steps: ["search"] },
 *   actual: { steps: ["search", "answer"] },
 * };
 * assert.equal(options.directory, "test-results");
 * ```
 */
export interface FailureArtifactOptions {
  /** The folder (created if missing); else `SCRIPTED_AGENTS_ARTIFACTS`; else nothing is written. */
  directory?: string;
  /** What was expected (e.g. the recording). */
  expected: unknown;
  /** What happened. */
  actual: unknown;
  /** The start of the file name; the error's name by default. */
  name?: string;
}

let written = 0;

/**
 * Writes an HTML page showing `error`'s message and where `actual` differs
 * from `expected` into the artifacts folder, and appends `HTML diff: <file>`
 * to the error's message (and stack). Resolves to the file's path, or
 * `undefined` when no folder is configured. Never throws for a failed write:
 * the error being reported matters more; the message then says it failed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtemp, readFile, rm } from "node:fs/promises";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { writeFailureArtifact } from "scripted-agents/cassette_fs";
 *
 * const directory = await mkdtemp(join(tmpdir(), "artifacts-"));
 * const error = new Error("The trajectory differs.");
 * const file = await writeFailureArtifact(error, {
 *   directory,
 *   expected: { tools: ["search"] },
 *   actual: { tools: ["search", "browse"] },
 * });
 * assert.ok(file !== undefined && error.message.includes(file));
 * assert.match(await readFile(file, "utf8"), /browse/);
 * await rm(directory, { recursive: true });
 * ```
 */
export async function writeFailureArtifact(
  error: Error,
  options: FailureArtifactOptions,
): Promise<string | undefined> {
  let directory = options.directory;
  if (directory === undefined) {
    try {
      directory = env[ARTIFACTS_VARIABLE] || undefined;
    } catch {
      directory = undefined;
    }
  }
  if (directory === undefined) return undefined;
  const stem = (options.name ?? error.name).replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80);
  const file = `${directory.replace(/[\\/]$/, '')}/${stem}-${Date.now()}-${++written}.html`;
  try {
    // Loaded on a failure only: a passing suite never carries the renderer.
    const { renderFailurePage } = await import('../cassette/recording_view.ts');
    const html = await renderFailurePage({
      title: `${error.name}`,
      message: error.message,
      expected: options.expected,
      actual: options.actual,
    });
    await mkdir(directory, { recursive: true });
    await writeFile(file, html, 'utf8');
  } catch (failure) {
    appendToMessage(
      error,
      `(writing the failure artifact to ${directory} failed: ${
        failure instanceof Error ? failure.message : String(failure)
      })`,
    );
    return undefined;
  }
  appendToMessage(error, `HTML diff: ${file}`);
  return file;
}

/** The miss of a cassette as an artifact: the nearest recorded request against the live one. */
export function writeMissArtifact(
  error: Error,
  options: { directory: string },
): Promise<string | undefined> {
  const miss = error as Error & { request?: unknown; nearest?: unknown; callIndex?: number };
  return writeFailureArtifact(error, {
    directory: options.directory,
    expected: miss.nearest ?? null,
    actual: miss.request ?? null,
    name: `${error.name}-call-${(miss.callIndex ?? 0) + 1}`,
  });
}

function appendToMessage(error: Error, line: string): void {
  const before = error.message;
  error.message = `${before}\n${line}`;
  // Runners print the stack, which holds the message as it was when thrown.
  if (typeof error.stack === 'string' && error.stack.includes(before)) {
    error.stack = error.stack.replace(before, error.message);
  }
}
