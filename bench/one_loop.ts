/**
 * Runs the tool loop once for one contender and exits: the unit that
 * `npm run bench -- --instructions` counts machine instructions of, under
 * valgrind (cachegrind, no cache simulation). Instruction counts do not
 * depend on what else the machine runs, so they separate a few per cent of
 * overhead that CPU-time ratios on a shared machine cannot.
 *
 * Usage: `node bench/one_loop.js <turns> <bare|sdk|ours>` (compiled copy).
 *
 * @module
 */

import { ScriptedModel as SdkScriptedModel } from '@openai/agents/testing';
import { ScriptedModel } from 'scripted-agents/testing';
import { scriptArgs } from './_runtime.ts';
import {
  bareFactory,
  loopOutputs,
  runLoop,
  scriptedFactory,
  type ScriptedModelClass,
} from './tool_loop.ts';

const [turnsArg, contender] = scriptArgs();
const turns = Number(turnsArg);
if (!Number.isInteger(turns) || turns < 1) throw new Error(`bad turn count ${turnsArg}`);
const outputs = loopOutputs(turns);
const factories = {
  bare: bareFactory(outputs),
  sdk: scriptedFactory(SdkScriptedModel as unknown as ScriptedModelClass, outputs),
  ours: scriptedFactory(ScriptedModel as unknown as ScriptedModelClass, outputs),
};
const factory = factories[contender as keyof typeof factories];
if (factory === undefined) throw new Error(`unknown contender ${contender}`);
await runLoop(factory(), turns, false);
