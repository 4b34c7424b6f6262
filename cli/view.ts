/**
 * `scripted-agents view <file…> [-o out.html]`: one self-contained HTML page
 * showing cassettes, Realtime transcripts and trace recordings.
 *
 * @module
 */

import { renderRecordingsPage } from '../cassette/recording_view.ts';
import { type Command, readRecording, UsageError } from './_command.ts';
import { defineCommand, outputOption, writeOutput } from './_options.ts';

/** The `view` command. */
export const view: Command = defineCommand({
  name: 'view',
  summary: 'render recordings as one self-contained HTML page',
  help: `Usage: scripted-agents view <file…> [-o out.html]

Renders cassettes, Realtime transcripts and trace recordings (TraceRecorder.traces as
JSON) as one HTML file that opens from file:// with no server and no network: each
cassette interaction as an agent turn (model, instructions with the changes since the
previous turn marked, new input items, tool calls with arguments and results, answer,
usage, errors, stream events), a transcript as its event timeline, a trace as its span
tree. Search with /, move between turns with j and k, copy a turn as a ScriptedModel step.

Options:
  -o, --output <file>  write the page here (default: standard output)
  -h, --help           show this help
`,
  options: outputOption,
  async run({ values, positionals }, io) {
    if (positionals.length === 0) throw new UsageError('view needs at least one file.');
    const recordings = [];
    for (const path of positionals) recordings.push(await readRecording(path));
    const html = await renderRecordingsPage(recordings);
    await writeOutput(io, values.output, html);
    if (values.output !== undefined) {
      io.stderr(`Wrote ${values.output} (${Math.round(html.length / 1024)} KiB).\n`);
    }
    return 0;
  },
});
