/**
 * `scripted-agents to-ts <cassette>`: editable TypeScript that builds the
 * recorded responses with the package's builders.
 *
 * @module
 */

import { recordingToTypeScript } from '../cassette/recording_view.ts';
import { type Command, InputError, messageOf, readRecording, UsageError } from './_command.ts';
import { defineCommand, outputOption, writeOutput } from './_options.ts';

/** The `to-ts` command. */
export const toTs: Command = defineCommand({
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
  options: outputOption,
  async run({ values, positionals }, io) {
    if (positionals.length !== 1) throw new UsageError('to-ts needs one cassette file.');
    const recording = await readRecording(positionals[0]);
    let source: string;
    try {
      source = recordingToTypeScript(recording);
    } catch (error) {
      throw new InputError(messageOf(error));
    }
    await writeOutput(io, values.output, source);
    return 0;
  },
});
