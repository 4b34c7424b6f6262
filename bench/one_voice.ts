/**
 * Runs the voice-turn workload once for one contender and exits: the unit
 * that `npm run bench -- --instructions` counts machine instructions of for
 * the wire rows (see `bench/one_loop.ts` for the tool loop).
 *
 * Usage: `node bench/one_voice.js <turns> wire` (ScriptedRealtimeServer
 * behind the SDK's real transport); `<turns> record <file>` writes the
 * frames the server sends into `file` (not counted), and `<turns> floor
 * <file>` replays that file through the same transport over the floor
 * socket (reading and splitting the file included, about 18 kB a turn).
 *
 * @module
 */

import * as realtimeTesting from 'scripted-agents/realtime_testing';
import { readTextFile, scriptArgs, writeTextFile } from './_runtime.ts';
import {
  recordWireFrames,
  voiceTurnsOverFloor,
  voiceTurnsOverWire,
  type WireFrames,
  type WireModule,
} from './realtime_wire.ts';

const [turnsArg, contender, file] = scriptArgs();
const turns = Number(turnsArg);
if (!Number.isInteger(turns) || turns < 1) throw new Error(`bad turn count ${turnsArg}`);
const wire = realtimeTesting as unknown as WireModule;
let length: number;
if (contender === 'record' || contender === 'floor') {
  if (file === undefined) throw new Error(`${contender} needs a frames file`);
  if (contender === 'record') {
    // One frame a line (a JSON text has no raw newline), a blank line between turns:
    // splitting it costs the floor far less than parsing JSON would.
    const { frames } = await recordWireFrames(wire, turns);
    writeTextFile(file, frames.map((turn) => turn.join('\n')).join('\n\n'));
    length = 2 * turns;
  } else {
    const text = readTextFile(file);
    const recorded: WireFrames = {
      frames: text.split('\n\n').map((turn) => turn.split('\n')),
      history: '',
    };
    if (recorded.frames.length !== turns) throw new Error(`${file} holds another turn count`);
    length = (await voiceTurnsOverFloor(recorded)).length;
  }
} else if (contender === 'wire') {
  length = await voiceTurnsOverWire(wire, turns);
} else {
  throw new Error(`unknown contender ${contender}`);
}
// The history proof the timed benchmark checks in full; here only its length,
// so neither contender counts a comparison the other does not make.
if (length !== 2 * turns) throw new Error(`${contender}: history has ${length} items`);
