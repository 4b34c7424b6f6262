/**
 * The tool-loop workload: the real `Runner` drives N turns against one model,
 * N - 1 function calls to a zod-typed tool and then a final message. Every
 * turn the Runner rebuilds the whole input, so a recording double snapshots
 * a request that grows by two items per turn.
 *
 * @module
 */

import { Agent, Runner, tool } from '@openai/agents';
import type { Model, ModelResponse } from '@openai/agents-core';
import { z } from 'zod';
import { BareModel } from './_bare_model.ts';

type OutputItem = ModelResponse['output'][number];

/** What the benchmark needs from a scripted model class (ours and the SDK's alike). */
export type ScriptedModelClass = new (inputs: Iterable<unknown>) => Model & {
  readonly calls: readonly unknown[];
  readonly remainingSteps: number;
};

/** Creates the model of one run; precomputed fixtures are shared between runs. */
export type ModelFactory = () => Model;

const add = tool({
  name: 'add',
  description: 'Adds two numbers.',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => String(a + b),
});

const runner = new Runner({ tracingDisabled: true });

/** The per-call outputs of an N-turn loop: N - 1 tool calls, then a message. */
export function loopOutputs(turns: number): OutputItem[][] {
  const outputs: OutputItem[][] = [];
  for (let i = 1; i < turns; i++) {
    outputs.push([{
      type: 'function_call',
      id: `call_${i}`,
      callId: `call_${i}`,
      name: 'add',
      status: 'completed',
      arguments: JSON.stringify({ a: i, b: 1 }),
    }]);
  }
  outputs.push([{
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: 'done' }],
  }]);
  return outputs;
}

/** The floor: no snapshots, no recording. */
export function bareFactory(outputs: OutputItem[][]): ModelFactory {
  return () => new BareModel(outputs);
}

/** A scripted double fed the same outputs as output-only shorthand steps. */
export function scriptedFactory(Double: ScriptedModelClass, outputs: OutputItem[][]): ModelFactory {
  return () => new Double(outputs);
}

/** Runs the loop once and checks it really took `turns` model calls. */
export async function runLoop(model: Model, turns: number, stream: boolean): Promise<void> {
  const agent = new Agent({ name: 'calculator', instructions: 'Add.', tools: [add], model });
  const options = { maxTurns: turns + 1 };
  let finalOutput: unknown;
  if (stream) {
    const result = await runner.run(agent, 'start', { ...options, stream: true });
    for await (const _event of result) {
      // Drain the events the way a streaming consumer would.
    }
    await result.completed;
    finalOutput = result.finalOutput;
  } else {
    const result = await runner.run(agent, 'start', options);
    finalOutput = result.finalOutput;
  }
  if (finalOutput !== 'done') throw new Error(`tool loop ended with ${String(finalOutput)}`);
}
