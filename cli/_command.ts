/**
 * What every command of the `scripted-agents` tool shares: its shape, the
 * output streams it writes to (injected, so tests run a command in-process),
 * and the usage error that makes the tool print the command's help.
 *
 * @module
 */

import { readFile } from 'node:fs/promises';
import { parseRecording, type Recording } from '../cassette/recording_view.ts';

/** Where a command writes. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The environment variables (for defaults such as the usage list). */
  env: Record<string, string | undefined>;
}

/** One command: `run` resolves to the exit code. */
export interface Command {
  name: string;
  summary: string;
  help: string;
  run(args: string[], io: Io): Promise<number>;
}

/** A mistake in the command line: the tool prints it and the command's help, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A file that cannot be read or is not a recording: the tool prints it, exit code 2. */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** Reads and parses the recording at `path`, or throws an {@linkcode InputError} naming it. */
export async function readRecording(path: string): Promise<Recording> {
  const text = await readText(path);
  try {
    return parseRecording(text, path);
  } catch (error) {
    throw new InputError(messageOf(error));
  }
}

/** The text of the file at `path`, or an {@linkcode InputError}. */
export async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new InputError(
      code === 'ENOENT'
        ? `${path}: no such file.`
        : `${path}: cannot be read (${messageOf(error)}).`,
    );
  }
}

/**
 * The message of a thrown value, for a line that already says where it
 * happened (an `Error`'s message alone; anything else as its text).
 */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
