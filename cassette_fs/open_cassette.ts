/**
 * `openCassette()`: a {@linkcode Cassette} kept in a JSON file. It reads the
 * file when there is one and writes it on `close()` in a recording mode,
 * atomically (a temporary file renamed over the old one), so a process that
 * dies before `close()` leaves the previous file untouched and a reader never
 * sees half a cassette.
 *
 * @module
 */

import { appendFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { cwd, env } from 'node:process';
import { Cassette } from '../cassette/mod.ts';
import type { CassetteData, CassetteMode, CassetteOptions } from '../cassette/mod.ts';
import { ARTIFACTS_VARIABLE, writeMissArtifact } from './failure_artifact.ts';
import { MissingCassetteError } from './open_cassette_errors.ts';

/**
 * The environment variable that sets the mode when `options.mode` does not.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CASSETTE_MODE_VARIABLE } from "scripted-agents/cassette_fs";
 *
 * assert.equal(CASSETTE_MODE_VARIABLE, "SCRIPTED_AGENTS_CASSETTE");
 * ```
 */
export const CASSETTE_MODE_VARIABLE = 'SCRIPTED_AGENTS_CASSETTE';

/**
 * The environment variable naming a usage list: each `openCassette` appends
 * the absolute path of the file it opens to it, one per line, so
 * `scripted-agents check --usage <list>` finds the cassettes no test opened.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { USAGE_LIST_VARIABLE } from "scripted-agents/cassette_fs";
 *
 * assert.equal(USAGE_LIST_VARIABLE, "SCRIPTED_AGENTS_CASSETTE_USAGE");
 * ```
 */
export const USAGE_LIST_VARIABLE = 'SCRIPTED_AGENTS_CASSETTE_USAGE';

/**
 * Options of {@linkcode openCassette}: those of a `Cassette`, except `save`
 * (the file is what is saved), and where to write a usage list and failure
 * artifacts. `label` defaults to the path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { OpenCassetteOptions } from "scripted-agents/cassette_fs";
 *
 * const options: OpenCassetteOptions = { mode: "auto", artifacts: "test-results" };
 * assert.equal(options.mode, "auto");
 * ```
 */
export type OpenCassetteOptions = Omit<CassetteOptions, 'save'> & {
  /**
   * The usage list to append this cassette's path to (else the
   * `SCRIPTED_AGENTS_CASSETTE_USAGE` environment variable; none by default).
   */
  usageList?: string;
  /**
   * A folder for failure artifacts (else the `SCRIPTED_AGENTS_ARTIFACTS`
   * environment variable; none by default): on a replay miss, an HTML page of
   * the difference between the nearest recorded request and the live one is
   * written there and the error message names it.
   */
  artifacts?: string;
};

const modes: readonly CassetteMode[] = ['replay', 'record', 'auto', 'update'];

/**
 * The mode `openCassette` uses: `explicit` when given, else the
 * `SCRIPTED_AGENTS_CASSETTE` environment variable, else `'replay'`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cassetteMode } from "scripted-agents/cassette_fs";
 *
 * assert.equal(cassetteMode("update"), "update");
 * ```
 */
export function cassetteMode(explicit?: CassetteMode): CassetteMode {
  if (explicit !== undefined) return explicit;
  let value: string | undefined;
  try {
    value = env[CASSETTE_MODE_VARIABLE];
  } catch {
    // No permission to read the environment: the default applies.
    value = undefined;
  }
  if (value === undefined || value === '') return 'replay';
  if (!modes.includes(value as CassetteMode)) {
    throw new TypeError(
      `${CASSETTE_MODE_VARIABLE} must be one of ${modes.join(', ')}; got ${JSON.stringify(value)}.`,
    );
  }
  return value as CassetteMode;
}

/**
 * Opens the cassette file at `path`. The mode is `options.mode`, else the
 * `SCRIPTED_AGENTS_CASSETTE` environment variable (`replay`, `record`,
 * `auto`, `update`), else `'replay'`:
 *
 * - `replay`: the file must exist (else {@linkcode MissingCassetteError});
 *   it is never written.
 * - `record`: the file is not read; `close()` replaces it.
 * - `auto`: replays an existing file, records a missing one.
 * - `update`: replays what still matches, records the rest, and `close()`
 *   writes the result (a missing file starts empty).
 *
 * A file that exists but does not load throws `InvalidCassetteError` (except
 * in `record`), and is therefore never overwritten. The file is rewritten only
 * when its content changes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mkdtemp, readFile, rm } from "node:fs/promises";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { Agent, Runner } from "@openai/agents";
 * import { assistantMessage, ScriptedModel } from "scripted-agents/testing";
 * import { openCassette } from "scripted-agents/cassette_fs";
 *
 * const dir = await mkdtemp(join(tmpdir(), "cassette-"));
 * const path = join(dir, "greeting.json");
 * const agent = new Agent({ name: "Greeter", model: "gpt-4.1" });
 * const real = new ScriptedModel([[assistantMessage("Hello!")]]);
 * const recorder = await openCassette(path, { mode: "record", provider: { getModel: () => real } });
 * await new Runner({ modelProvider: recorder, tracingDisabled: true }).run(agent, "Hi");
 * await recorder.close();
 * assert.match(await readFile(path, "utf8"), /"Hello!"/);
 *
 * const cassette = await openCassette(path, { mode: "replay" });
 * const result = await new Runner({ modelProvider: cassette, tracingDisabled: true }).run(agent, "Hi");
 * assert.equal(result.finalOutput, "Hello!");
 * await cassette.close();
 * await rm(dir, { recursive: true });
 * ```
 */
export async function openCassette(
  path: string,
  options: OpenCassetteOptions = {},
): Promise<Cassette> {
  const { usageList = variable(USAGE_LIST_VARIABLE), artifacts = variable(ARTIFACTS_VARIABLE) } =
    options;
  const mode = cassetteMode(options.mode);
  const text = mode === 'record' ? undefined : await readIfPresent(path);
  if (usageList !== undefined) await appendFile(usageList, `${absolute(path)}\n`, 'utf8');
  let written = text;
  const save = async (data: CassetteData): Promise<void> => {
    const next = `${JSON.stringify(data, null, 2)}\n`;
    if (next === written) return;
    await writeAtomically(path, next);
    written = next;
  };
  const { usageList: _usage, artifacts: _artifacts, ...rest } = options;
  const cassetteOptions: CassetteOptions = {
    label: path,
    sdkVersion: options.sdkVersion ?? await installedSdkVersion(),
    ...rest,
    mode,
    save,
  };
  if (artifacts !== undefined && cassetteOptions.onMiss === undefined) {
    cassetteOptions.onMiss = async (error) => {
      await writeMissArtifact(error, { directory: artifacts });
    };
  }
  if (text === undefined) {
    if (mode === 'replay') throw new MissingCassetteError(path);
    return new Cassette(cassetteOptions);
  }
  return Cassette.fromJSON(text, cassetteOptions);
}

/** An environment variable's value, `undefined` when unset, empty or not readable. */
function variable(name: string): string | undefined {
  try {
    return env[name] || undefined;
  } catch {
    // No permission to read the environment: the default applies.
    return undefined;
  }
}

function absolute(path: string): string {
  return /^([A-Za-z]:)?[\\/]/.test(path) ? path : `${cwd()}/${path}`;
}

/**
 * The version of the `@openai/agents-core` installed where the tests run (the
 * nearest node_modules above the working folder), for the provenance of what
 * is recorded; `undefined` when it cannot be found.
 */
async function installedSdkVersion(): Promise<string | undefined> {
  let dir: string;
  try {
    dir = cwd();
  } catch {
    return undefined;
  }
  for (;;) {
    try {
      const text = await readFile(`${dir}/node_modules/@openai/agents-core/package.json`, 'utf8');
      const version = JSON.parse(text).version;
      return typeof version === 'string' ? version : undefined;
    } catch {
      // Not here: one folder up.
    }
    const parent = dir.replace(/[\\/][^\\/]*$/, '');
    if (parent === dir || parent === '') return undefined;
    dir = parent;
  }
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown })?.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes `text` next to `path`, then renames it over `path`. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (slash > 0) await mkdir(path.slice(0, slash), { recursive: true });
  const temporary = `${path}.${crypto.randomUUID()}.tmp`;
  try {
    await writeFile(temporary, text, { encoding: 'utf8', flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
