/**
 * `scripted-agents to-ts <cassette>`: editable TypeScript that builds the
 * recorded responses with the package's builders.
 *
 * @module
 */

import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { recordingToTypeScript } from '../cassette/recording_view.ts';
import { type Command, InputError, readRecording, UsageError } from './_command.ts';

/** The `to-ts` command. */
export const toTs: Command = {
  name: 'to-ts',
  summary: 'a cassette as editable TypeScript (ScriptedModel, or a provider per model)',
  help: `Usage: scripted-agents to-ts <cassette> [-o out.ts]

Prints a module that scripts the recorded responses with assistantMessage, functionCall,
modelResponse and modelError: it exports \`model\`, a ScriptedModel, when the cassette
holds one model, else \`provider\`, a ScriptedModelProvider with one route per model.

Options:
  -o, --output <file>  write the module here (default: standard output)
  -h, --help           show this help
`,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { output: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      io.stdout(this.help);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('to-ts needs one cassette file.');
    const recording = await readRecording(positionals[0]);
    let source: string;
    try {
      source = recordingToTypeScript(recording);
    } catch (error) {
      throw new InputError(error instanceof Error ? error.message : String(error));
    }
    if (values.output === undefined) io.stdout(source);
    else await writeFile(values.output, source, 'utf8');
    return 0;
  },
};
