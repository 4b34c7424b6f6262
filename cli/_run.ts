/**
 * The `scripted-agents` tool without its process: picks the command, prints
 * help and usage errors, and maps failures to exit codes (0 fine, 1 a
 * difference or a violation, 2 a usage or input error). `main.ts` binds it to
 * the process; tests call it directly under each runtime.
 *
 * @module
 */

import { describeThrown } from '../_internal/format.ts';
import { check } from './check.ts';
import { type Command, InputError, type Io, UsageError } from './_command.ts';
import { diff } from './diff.ts';
import { toTs } from './to_ts.ts';
import { view } from './view.ts';

/** Every command, in help order. */
export const commands: readonly Command[] = [view, diff, check, toTs];

function overview(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Usage: scripted-agents <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "Run `scripted-agents <command> --help` for a command's options.",
    '',
  ].join('\n');
}

/** Runs the command line `args` (without the program name); resolves to the exit code. */
export async function run(args: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(overview());
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((c) => c.name === name);
  if (command === undefined) {
    io.stderr(`scripted-agents: unknown command ${JSON.stringify(name)}.\n\n${overview()}`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    // A mistake in the command line (parseArgs's own included, see _options.ts).
    if (error instanceof UsageError) {
      io.stderr(`scripted-agents ${name}: ${error.message}\n\n${command.help}`);
      return 2;
    }
    if (error instanceof InputError) {
      io.stderr(`scripted-agents ${name}: ${error.message}\n`);
      return 2;
    }
    io.stderr(`scripted-agents ${name}: ${describeThrown(error)}\n`);
    return 2;
  }
}
