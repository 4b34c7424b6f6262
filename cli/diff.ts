/**
 * `scripted-agents diff <old> <new>`: the semantic difference of two
 * recordings, as text (exit code 1 when they differ) or as an HTML page; also
 * a git diff driver for cassette files.
 *
 * @module
 */

import { createTwoFilesPatch } from 'diff';
import {
  diffRecordings,
  formatRecordingDiff,
  parseRecording,
  renderRecordingDiffPage,
} from '../cassette/recording_view.ts';
import { type Command, InputError, messageOf, readText, UsageError } from './_command.ts';
import { defineCommand, outputOption, writeOutput } from './_options.ts';

/** The `diff` command. */
export const diff: Command = defineCommand({
  name: 'diff',
  summary: 'the semantic difference of two recordings (exit code 1 when they differ)',
  help: `Usage: scripted-agents diff <old> <new> [--html] [-o out]

Compares two cassettes (or two Realtime transcripts, or two trace recordings): which
interactions were added, removed or changed, and inside a changed one each differing
field with the changed window of its text ([-removed-]{+added+}). Exit code 0 when they
are the same, 1 when they differ, 2 when a file cannot be read.

As a git diff driver (git passes seven arguments; the exit code is then 0):
  .gitattributes:  tests/cassettes/*.json diff=scripted-agents
  git config diff.scripted-agents.command "npx scripted-agents diff"
A file that is not a recording falls back to a plain line diff.

Options:
  --html               write an HTML page instead of text
  -o, --output <file>  write to this file (default: standard output)
  -h, --help           show this help
`,
  options: { html: { type: 'boolean' }, ...outputOption },
  async run({ values, positionals }, io) {
    // git's external diff: path old-file old-hex old-mode new-file new-hex new-mode.
    const git = positionals.length === 7;
    if (!git && positionals.length !== 2) {
      throw new UsageError(`diff needs two files; got ${positionals.length}.`);
    }
    const [oldPath, newPath] = git ? [positionals[1], positionals[4]] : positionals;
    const [oldName, newName] = git ? [`a/${positionals[0]}`, `b/${positionals[0]}`] : positionals;
    const [oldText, newText] = await Promise.all([readText(oldPath), readText(newPath)]);
    let output: string;
    let differ: boolean;
    try {
      const result = diffRecordings(
        parseRecording(oldText, oldName),
        parseRecording(newText, newName),
      );
      differ = result.changes.length > 0;
      output = values.html ? await renderRecordingDiffPage(result) : formatRecordingDiff(result);
    } catch (error) {
      if (!git) throw new InputError(messageOf(error));
      // Not a recording (a /dev/null side, or another JSON file): a plain diff.
      output = createTwoFilesPatch(oldName, newName, oldText, newText);
      differ = oldText !== newText;
    }
    await writeOutput(io, values.output, output);
    return differ && !git ? 1 : 0;
  },
});
