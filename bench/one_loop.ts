/**
 * Runs the tool loop once for one contender and exits: the unit that
 * `npm run bench -- --instructions` counts machine instructions of, under
 * valgrind (cachegrind, no cache simulation). Instruction counts do not
 * depend on what else the machine runs, so they separate a few per cent of
 * overhead that CPU-time ratios on a shared machine cannot.
 *
 * Usage: `node bench/one_loop.js <turns> <bare|sdk|ours>[-stream]` (compiled copy;
 * the `-stream` suffix drains a streamed run instead);
 * `<turns> record <file>` records the loop on our `ScriptedModel` into a
 * cassette file (not counted), and `<turns> cassette <file>` replays that
 * file (parsing and loading its text included, as a test does).
 *
 * @module
 */

import { ScriptedModel as SdkScriptedModel } from '@openai/agents/testing';
import { Cassette } from 'scripted-agents/cassette';
import { ScriptedModel } from 'scripted-agents/testing';
import { readTextFile, scriptArgs, writeTextFile } from './_runtime.ts';
import {
  bareFactory,
  loopOutputs,
  runLoop,
  scriptedFactory,
  type ScriptedModelClass,
} from './tool_loop.ts';

const [turnsArg, contender, file] = scriptArgs();
const turns = Number(turnsArg);
if (!Number.isInteger(turns) || turns < 1) throw new Error(`bad turn count ${turnsArg}`);
const outputs = loopOutputs(turns);
if (contender === 'record' || contender === 'cassette') {
  if (file === undefined) throw new Error(`${contender} needs a cassette file`);
  if (contender === 'record') {
    const recorder = new Cassette({
      mode: 'record',
      provider: { getModel: () => new ScriptedModel(outputs) },
    });
    await runLoop(recorder.model('bench'), turns, false);
    writeTextFile(file, JSON.stringify(await recorder.close(), null, 2));
  } else {
    const cassette = Cassette.fromJSON(readTextFile(file));
    await runLoop(cassette.model('bench'), turns, false);
    await cassette.close();
  }
} else {
  const factories = {
    bare: bareFactory(outputs),
    sdk: scriptedFactory(SdkScriptedModel as unknown as ScriptedModelClass, outputs),
    ours: scriptedFactory(ScriptedModel as unknown as ScriptedModelClass, outputs),
  };
  const stream = contender.endsWith('-stream');
  const name = stream ? contender.slice(0, -'-stream'.length) : contender;
  const factory = factories[name as keyof typeof factories];
  if (factory === undefined) throw new Error(`unknown contender ${contender}`);
  await runLoop(factory(), turns, stream);
}
