/**
 * How every command of the `scripted-agents` tool reads its command line, on
 * `node:util`'s `parseArgs`: file arguments allowed, `-h`/`--help` added to
 * every command's options and answered with its help (exit code 0), a mistake
 * parseArgs finds (an unknown option, a missing value) turned into a
 * {@linkcode UsageError}, and the `-o`/`--output` option the commands that
 * write a result share, with where that result then goes.
 *
 * @module
 */

import { writeFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { type Command, type Io, UsageError } from './_command.ts';

/** The options of one command, as parseArgs takes them. */
type Options = NonNullable<ParseArgsConfig['options']>;

/** The option every command has. */
const helpOption = { help: { type: 'boolean', short: 'h' } } as const;

/** `-o, --output <file>`: where a command writes its result (standard output without it). */
export const outputOption = { output: { type: 'string', short: 'o' } } as const;

/** A command line parsed against `T` (and `--help`). */
export type Parsed<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; options: T & typeof helpOption }>
>;

/** A command as it is written: its options, and what it does once its command line parsed. */
export interface CommandSpec<T extends Options> {
  name: string;
  summary: string;
  help: string;
  options: T;
  run(parsed: Parsed<T>, io: Io): Promise<number>;
}

/**
 * The {@linkcode Command} of `spec`: parses the arguments against its options,
 * prints its help for `-h`/`--help`, and otherwise runs it.
 */
export function defineCommand<const T extends Options>(spec: CommandSpec<T>): Command {
  const { name, summary, help, options } = spec;
  return {
    name,
    summary,
    help,
    async run(args, io) {
      const parsed = parseCommandLine(args, options);
      // Parsed<T> resolves only for a known T; every T has the help flag.
      if ((parsed.values as { help?: boolean }).help) {
        io.stdout(help);
        return 0;
      }
      return await spec.run(parsed, io);
    },
  };
}

function parseCommandLine<T extends Options>(args: string[], options: T): Parsed<T> {
  try {
    return parseArgs({ args, allowPositionals: true, options: { ...options, ...helpOption } });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // parseArgs's own errors say what is wrong in words a user can act on.
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError((error as Error).message);
    }
    throw error;
  }
}

/** Writes `text` to the file `output` names, or to standard output without one. */
export async function writeOutput(io: Io, output: string | undefined, text: string): Promise<void> {
  if (output === undefined) io.stdout(text);
  else await writeFile(output, text, 'utf8');
}
