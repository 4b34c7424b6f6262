/**
 * Runs every in-process benchmark on the current runtime and prints one
 * `BENCH_RESULT <json>` line for `scripts/run_bench.mjs`, which runs this file
 * under Node, Deno and Bun and writes `bench/RESULTS.md`.
 *
 * Usage: `deno run -A --v8-flags=--expose-gc bench/main.ts [--quick] [--full] [--only=a,b]`,
 * `bun bench/main.ts`, or the compiled copy under `node --expose-gc`.
 *
 * @module
 */

import { ScriptedModel as SdkScriptedModel } from '@openai/agents/testing';
import { ScriptedRealtimeTransport as SdkRealtimeTransport } from '@openai/agents/realtime/testing';
import type { Model } from '@openai/agents-core';
import { compare, type Variant, type VariantResult } from './_measure.ts';
import { canForceGc, output, progress, runtimeInfo, scriptArgs } from './_runtime.ts';
import {
  bareFactory,
  loopOutputs,
  type ModelFactory,
  runLoop,
  scriptedFactory,
  type ScriptedModelClass,
} from './tool_loop.ts';
import { runRealtimeScenario, type ScriptedTransportClass } from './realtime.ts';
import {
  desk,
  deskBuiltOnce,
  type ExploreModule,
  MAX_CALLS,
  ReplayedAnswers,
  scriptedRuns,
} from './explore.ts';
import {
  recordWireFrames,
  sameHistory,
  type TransportDoubleClass,
  voiceTurnsOverFloor,
  voiceTurnsOverTransport,
  voiceTurnsOverWire,
  type WireModule,
} from './realtime_wire.ts';

/** One measured scenario as reported to the orchestrator. */
export interface ScenarioResult {
  readonly id: string;
  readonly title: string;
  /** The variant all ratios are relative to. */
  readonly baseline: string;
  readonly variants: readonly VariantResult[];
}

const args = scriptArgs();
const quick = args.includes('--quick');
// The streamed 1,000-turn loop repeats the non-streamed one's snapshot work and
// takes minutes, so it only runs on request.
const full = args.includes('--full');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const wanted = (id: string) => only === undefined || only.includes(id);

// Ours is loaded dynamically so the harness still measures the floor and the
// SDK's doubles while ours is missing or incomplete.
async function loadOurs(specifier: string, name: string): Promise<unknown> {
  try {
    const module = await import(specifier);
    return typeof module[name] === 'function' ? module[name] : undefined;
  } catch (error) {
    progress(`ours: cannot import ${specifier}: ${String(error)}`);
    return undefined;
  }
}

const OurScriptedModel = await loadOurs('scripted-agents/testing', 'ScriptedModel') as
  | ScriptedModelClass
  | undefined;
const OurRealtimeTransport = await loadOurs(
  'scripted-agents/realtime_testing',
  'ScriptedRealtimeTransport',
) as ScriptedTransportClass | undefined;

async function loadWire(): Promise<WireModule | undefined> {
  try {
    const module = await import('scripted-agents/realtime_testing');
    return typeof module.ScriptedRealtimeServer === 'function'
      ? module as unknown as WireModule
      : undefined;
  } catch {
    return undefined;
  }
}
const OurWire = await loadWire();
/** What the cassette benchmark needs from `Cassette` (loaded like the doubles). */
interface CassetteClass {
  new (options: { mode: 'record'; provider: { getModel(): Model } }): {
    model(name: string): Model;
    close(): Promise<unknown>;
  };
  fromJSON(value: unknown): { model(name: string): Model; close(): Promise<unknown> };
}
const OurCassette = await loadOurs('scripted-agents/cassette', 'Cassette') as
  | CassetteClass
  | undefined;

const OurExplore = await (async () => {
  try {
    const module = await import('scripted-agents/testing');
    return typeof module.exploreAgent === 'function'
      ? module as unknown as ExploreModule
      : undefined;
  } catch {
    return undefined;
  }
})();

const results: ScenarioResult[] = [];

function report(result: ScenarioResult): void {
  results.push(result);
  for (const v of result.variants) {
    const heap = v.retained ? `  retained ${(v.retained.median / 2 ** 20).toFixed(2)} MiB` : '';
    progress(
      `  ${v.name.padEnd(5)} cpu ${v.cpuMs.median.toFixed(1).padStart(9)} ms ±${
        v.cpuMs.spreadPct.toFixed(1)
      }%  ${v.ratio.median.toFixed(3)}× ${result.baseline}  (wall ${v.ms.median.toFixed(1)} ms, ${
        v.wallRatio.median.toFixed(3)
      }×)${heap}`,
    );
  }
}

async function toolLoop(turns: number, stream: boolean, heap: boolean): Promise<void> {
  const id = `loop${turns}${stream ? '_stream' : ''}`;
  if (!wanted(id)) return;
  const outputs = loopOutputs(turns);
  const models: [string, ModelFactory][] = [
    ['bare', bareFactory(outputs)],
    ['sdk', scriptedFactory(SdkScriptedModel as unknown as ScriptedModelClass, outputs)],
  ];
  if (OurScriptedModel) models.push(['ours', scriptedFactory(OurScriptedModel, outputs)]);
  // Ours checks each scripted answer against its request by default; the same
  // double with the check off shows what the check costs.
  if (OurScriptedModel && !heap) {
    const Ours = OurScriptedModel as unknown as new (
      inputs: Iterable<unknown>,
      options: { validate: boolean },
    ) => Model;
    models.push(['ours_unchecked', () => new Ours(outputs, { validate: false })]);
  }

  // Every sample proves the variant ran the whole script (checked outside the
  // timing; `calls` is not read, it would copy every recorded request).
  const variants: Variant[] = models.map(([name, create]) => ({
    name,
    async run(holder) {
      const model = create();
      holder.value = model;
      await runLoop(model, turns, stream);
    },
    check(model) {
      const left = (model as { remainingSteps?: number }).remainingSteps;
      if (left !== undefined && left !== 0) throw new Error(`${name}: ${left} steps left`);
    },
  }));
  const big = turns >= 1000;
  progress(`${id}: tool loop, ${turns} turns${stream ? ', streamed' : ''}`);
  report({
    id,
    title: `Tool loop, ${turns} turns${stream ? ', streamed' : ''}`,
    baseline: 'bare',
    variants: await compare(variants, {
      warmup: big || quick ? 0 : 1,
      repetitions: quick ? 1 : 5,
      heap,
    }),
  });
}

/**
 * Replaying a recorded tool loop from a cassette (parsing and loading its text
 * included) against
 * the same loop on a hand-written `ScriptedModel`, side by side.
 */
async function cassetteLoop(turns: number): Promise<void> {
  const id = `cassette${turns}`;
  if (!wanted(id)) return;
  if (!OurScriptedModel || !OurCassette) {
    progress(`${id}: skipped, ScriptedModel or Cassette not available`);
    return;
  }
  const Scripted = OurScriptedModel;
  const CassetteClass = OurCassette;
  const outputs = loopOutputs(turns);
  // Recorded once, outside the timing, in front of the same script.
  const recorder = new CassetteClass({
    mode: 'record',
    provider: { getModel: () => new Scripted(outputs) },
  });
  await runLoop(recorder.model('bench'), turns, false);
  // The text of the cassette file: each sample parses and loads it, as a test does.
  const recording = JSON.stringify(await recorder.close(), null, 2);
  progress(`${id}: cassette replay of a ${turns}-turn tool loop vs a hand-written ScriptedModel`);
  report({
    id,
    title: `Cassette replay, ${turns}-turn tool loop`,
    baseline: 'scripted',
    variants: await compare([
      {
        name: 'scripted',
        async run(holder) {
          const model = new Scripted(outputs);
          holder.value = model;
          await runLoop(model, turns, false);
        },
      },
      {
        name: 'cassette',
        async run(holder) {
          const cassette = CassetteClass.fromJSON(recording);
          holder.value = cassette;
          await runLoop(cassette.model('bench'), turns, false);
          await cassette.close();
        },
      },
      // More repetitions than the other rows: the target is a ratio near 1, and on
      // Node single samples of this pair vary by about ±10% (GC timing).
    ], { warmup: quick ? 0 : 2, repetitions: quick ? 2 : 11 }),
  });
}

/**
 * Explored runs of the support desk (2 agents, 3 tools, ≤ 5 calls a run):
 * the same behaviours played by a `BehaviourModel` beside the same runs on
 * hand-written `ScriptedModel`s of their recorded steps, then `exploreAgent()`
 * itself (generation, offline guard and check included), with a bare hand-written
 * model replaying the same answers as the SDK's own floor; the same again with the
 * agents built once; and, as its own row, finding and shrinking the desk's
 * unapproved refund.
 */
async function exploreRuns(runs: number): Promise<void> {
  const id = 'explore';
  if (!wanted(id)) return;
  if (!OurExplore) {
    progress(`${id}: skipped, exploreAgent not available`);
    return;
  }
  const module = OurExplore;
  const prepared = await scriptedRuns(module, runs);
  progress(
    `${id}: ${runs} explored runs of ≤ ${MAX_CALLS} calls vs the same runs scripted by hand`,
  );
  // The four variants of a row, over one way of running the desk.
  type DeskRun = (
    model: Model,
    decide: Parameters<typeof desk>[1],
  ) => Promise<{ refunded: string[]; approved: number }>;
  const variantsOf = (run: DeskRun): Variant[] => [
    {
      name: 'scripted',
      async run() {
        for (const { steps, decisions } of prepared) {
          let next = 0;
          await run(new module.ScriptedModel(steps), () => decisions[next++] ?? 'approve');
        }
      },
    },
    {
      name: 'bare',
      async run() {
        for (const { answers, decisions } of prepared) {
          let next = 0;
          await run(new ReplayedAnswers(answers), () => decisions[next++] ?? 'approve');
        }
      },
    },
    {
      name: 'explored',
      async run() {
        for (const { behaviour } of prepared) {
          const model = new module.BehaviourModel(behaviour, { maxCalls: MAX_CALLS });
          await run(model, () => model.decide());
        }
      },
    },
    {
      name: 'exploreAgent',
      async run() {
        const passed = await module.exploreAgent(
          (model, helpers) => run(model, (item) => helpers.decide(item)),
          {
            runs,
            seed: 0,
            maxCalls: MAX_CALLS,
            check: (result: { refunded: string[]; approved: number }) =>
              result.refunded.length <= result.approved,
          },
        );
        if (passed.runs !== runs) throw new Error('exploreAgent: runs lost');
      },
    },
  ];
  const repetitions = { warmup: quick ? 0 : 1, repetitions: quick ? 1 : 5 };
  report({
    id,
    title: `Exploration, ${runs} runs of ≤ ${MAX_CALLS} calls (2 agents, 3 tools)`,
    baseline: 'scripted',
    variants: await compare(variantsOf((model, decide) => desk(model, decide)), repetitions),
  });
  // The same runs with the agents built once (an app that defines its agents at
  // module level): what is left per run is the SDK's run and the double itself.
  const shared = deskBuiltOnce();
  progress(`${id}_built_once: the same runs with the agents built once`);
  report({
    id: `${id}_built_once`,
    title: `Exploration, ${runs} runs of ≤ ${MAX_CALLS} calls, agents built once`,
    baseline: 'scripted',
    variants: await compare(variantsOf(shared), repetitions),
  });
  progress(`${id}_shrink: find and shrink the unapproved refund`);
  report({
    id: `${id}_shrink`,
    title: 'Exploration, find and shrink a failure',
    baseline: 'shrink',
    variants: await compare([{
      name: 'shrink',
      async run() {
        const error = await module.exploreAgent(
          (model, helpers) => desk(model, (item) => helpers.decide(item), false),
          {
            runs: 100,
            seed: 1,
            maxCalls: MAX_CALLS,
            check: (result: { refunded: string[]; approved: number }) =>
              result.refunded.length <= result.approved,
          },
        ).then(() => undefined, (e: { steps?: unknown[] }) => e);
        if (error?.steps?.length !== 3) throw new Error('shrink: not the 3-call failure');
      },
    }], { warmup: quick ? 0 : 1, repetitions: quick ? 1 : 5 }),
  });
}

async function realtime(roundTrips: number): Promise<void> {
  const id = 'realtime';
  if (!wanted(id)) return;
  const transports: [string, ScriptedTransportClass][] = [
    ['sdk', SdkRealtimeTransport as unknown as ScriptedTransportClass],
  ];
  if (OurRealtimeTransport) transports.push(['ours', OurRealtimeTransport]);
  for (const [name, Transport] of transports) {
    const transport = await runRealtimeScenario(Transport, 10);
    if (transport.calls.length !== 12) throw new Error(`${name}: realtime calls lost`);
  }
  progress(`${id}: ${roundTrips} expectCall/emit round trips`);
  report({
    id,
    title: `Realtime, ${roundTrips.toLocaleString('en-US')} round trips`,
    baseline: 'sdk',
    variants: await compare(
      transports.map(([name, Transport]) => ({
        name,
        async run(holder) {
          holder.value = await runRealtimeScenario(Transport, roundTrips);
        },
      })),
      { warmup: 1, repetitions: quick ? 2 : 7 },
    ),
  });
}

async function voiceTurns(turns: number): Promise<void> {
  const id = 'voice1000';
  if (!wanted(id)) return;
  const variants: Variant[] = [
    {
      name: 'sdk',
      run: async () => {
        const length = await voiceTurnsOverTransport(
          SdkRealtimeTransport as unknown as TransportDoubleClass,
          turns,
        );
        if (length !== 2 * turns) throw new Error(`sdk: history has ${length} items`);
      },
    },
  ];
  if (OurRealtimeTransport) {
    variants.push({
      name: 'ours',
      run: async () => {
        const length = await voiceTurnsOverTransport(
          OurRealtimeTransport as unknown as TransportDoubleClass,
          turns,
        );
        if (length !== 2 * turns) throw new Error(`ours: history has ${length} items`);
      },
    });
  }
  if (OurWire) {
    const wire = OurWire;
    // The floor replays the frames the server sends, recorded once here
    // (untimed; it also warms the server's code as the other variants' runs do).
    const recorded = await recordWireFrames(wire, turns);
    variants.push({
      name: 'floor',
      run: async (holder) => {
        holder.value = await voiceTurnsOverFloor(recorded);
      },
      check: (history) => sameHistory(recorded, history),
    });
    variants.push({
      name: 'wire',
      run: async () => {
        const length = await voiceTurnsOverWire(wire, turns);
        if (length !== 2 * turns) throw new Error(`wire: history has ${length} items`);
      },
    });
  }
  progress(`${id}: ${turns} voice turns (user speaks, assistant answers with audio)`);
  report({
    id,
    title: `Realtime voice turns, ${turns.toLocaleString('en-US')}`,
    // The first variant is the baseline of every ratio.
    baseline: 'sdk',
    variants: await compare(variants, { warmup: 0, repetitions: quick ? 1 : 3 }),
  });
}

const runtime = runtimeInfo();
progress(`${runtime.name} ${runtime.version} (${runtime.engine}), forced GC: ${canForceGc()}`);
if (!OurScriptedModel) progress('ours: ScriptedModel not available yet, measuring bare and SDK');
if (!OurRealtimeTransport) progress('ours: ScriptedRealtimeTransport not available yet');

await toolLoop(200, false, false);
await toolLoop(200, true, false);
// The 1,000-turn non-streamed samples also measure the retained heap.
await toolLoop(1000, false, true);
if (full) await toolLoop(1000, true, false);
await cassetteLoop(200);
await exploreRuns(200);
await realtime(10_000);
await voiceTurns(1000);

output(`BENCH_RESULT ${JSON.stringify({ runtime, forcedGc: canForceGc(), quick, full, results })}`);
