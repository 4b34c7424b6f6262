/**
 * The exploration benchmark's app and runs: a support desk of two agents
 * (Triage hands off to Billing) and three tools (`lookup_order`; `refund`,
 * which needs an approval; `cancel_order`), run on the real `Runner` with a
 * model of ours (a `BehaviourModel` playing a behaviour, or a hand-written
 * `ScriptedModel` of the same steps), approvals decided and resumed.
 *
 * @module
 */

import { Agent, Runner, tool } from '@openai/agents';
import type {
  Model,
  ModelProvider,
  ModelRequest,
  ModelResponse,
  RunToolApprovalItem,
  StreamEvent,
} from '@openai/agents-core';
import { z } from 'zod';

/** What the benchmark needs from the package's exploration exports (loaded dynamically). */
export interface ExploreModule {
  BehaviourModel: new (
    behaviour: unknown,
    options: { maxCalls: number },
  ) => Model & ModelProvider & {
    readonly steps: unknown[];
    readonly decisions: readonly ('approve' | 'reject')[];
    decide(): 'approve' | 'reject';
  };
  randomBehaviour(seed: number, options: { maxCalls: number }): unknown;
  exploreAgent(
    run: (
      model: Model,
      helpers: { decide(item: RunToolApprovalItem): 'approve' | 'reject' },
    ) => Promise<unknown>,
    options: {
      runs: number;
      seed: number;
      maxCalls: number;
      check?: (result: never) => boolean;
    },
  ): Promise<{ runs: number; seed: number }>;
  ScriptedModel: new (steps: unknown[]) => Model;
}

/** The call budget of every explored run: runs of at most 5 model calls. */
export const MAX_CALLS = 5;

const runner = new Runner({ tracingDisabled: true });

/** What the desk's tools write during one run (the run's context, so the agents can be shared). */
interface DeskContext {
  refunded: string[];
}

/** The desk's agents: on `model`, or on whatever model the runner provides when it is omitted. */
function deskAgents(model: Model | undefined, safe: boolean): Agent<DeskContext> {
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Looks up an order.',
    parameters: z.object({ orderId: z.string() }),
    execute: ({ orderId }) => `order ${orderId}: paid`,
  });
  const refund = tool<z.ZodObject<{ orderId: z.ZodString; reason: z.ZodString }>, DeskContext>({
    name: 'refund',
    description: 'Refunds an order.',
    parameters: z.object({ orderId: z.string(), reason: z.string() }),
    needsApproval: true,
    execute: ({ orderId }, context) => {
      context?.context.refunded.push(orderId);
      return 'refunded';
    },
  });
  const cancelOrder = tool<z.ZodObject<{ orderId: z.ZodString }>, DeskContext>({
    name: 'cancel_order',
    description: 'Cancels an order.',
    parameters: z.object({ orderId: z.string() }),
    needsApproval: safe,
    execute: ({ orderId }, context) => {
      context?.context.refunded.push(orderId);
      return 'cancelled';
    },
  });
  const billing = new Agent<DeskContext>({ name: 'Billing', model, tools: [refund, cancelOrder] });
  return new Agent<DeskContext>({
    name: 'Triage',
    model,
    tools: [lookupOrder],
    handoffs: [billing],
  });
}

/** One conversation with `triage` on `on`, approvals decided by `decide` and resumed. */
async function converse(
  on: Runner,
  triage: Agent<DeskContext>,
  decide: (item: RunToolApprovalItem) => 'approve' | 'reject',
): Promise<{ refunded: string[]; approved: number }> {
  const context: DeskContext = { refunded: [] };
  let approved = 0;
  let result = await on.run(triage, 'Refund order A-1.', { maxTurns: 30, context });
  while (result.interruptions.length > 0) {
    for (const item of result.interruptions) {
      if (decide(item) === 'approve') {
        approved++;
        result.state.approve(item);
      } else {
        result.state.reject(item);
      }
    }
    result = await on.run(triage, result.state, { maxTurns: 30 });
  }
  return { refunded: context.refunded, approved };
}

/** One conversation of the desk, its agents built for it; `safe` puts cancel_order behind the approval too. */
export function desk(
  model: Model,
  decide: (item: RunToolApprovalItem) => 'approve' | 'reject',
  safe = true,
): Promise<{ refunded: string[]; approved: number }> {
  return converse(runner, deskAgents(model, safe), decide);
}

/**
 * The same desk with its agents built once, as an app that defines its agents at
 * module level and picks the model by provider: every run passes its model as the
 * runner's `modelProvider` (a `BehaviourModel` is one; a `ScriptedModel` is wrapped).
 */
export function deskBuiltOnce(): (
  model: Model | ModelProvider,
  decide: (item: RunToolApprovalItem) => 'approve' | 'reject',
) => Promise<{ refunded: string[]; approved: number }> {
  const triage = deskAgents(undefined, true);
  return (model, decide) => {
    const modelProvider = 'getModel' in model ? model : { getModel: () => model };
    return converse(new Runner({ tracingDisabled: true, modelProvider }), triage, decide);
  };
}

/** One recorded model answer: the response the model returned, or the error it threw. */
type RecordedAnswer = { response: ModelResponse } | { error: unknown };

/**
 * The floor of the exploration rows: a hand-written `Model` that returns the
 * responses a `BehaviourModel` gave in the same run (or throws its errors), in
 * order, and records nothing. What the SDK's run costs with no double at all.
 */
export class ReplayedAnswers implements Model {
  readonly #answers: readonly RecordedAnswer[];
  #next = 0;

  constructor(answers: readonly RecordedAnswer[]) {
    this.#answers = answers;
  }

  getResponse(_request: ModelRequest): Promise<ModelResponse> {
    const answer = this.#answers[this.#next++];
    if (answer === undefined) return Promise.reject(new Error('bare: no answer left'));
    return 'error' in answer ? Promise.reject(answer.error) : Promise.resolve(answer.response);
  }

  getStreamedResponse(_request: ModelRequest): AsyncIterable<StreamEvent> {
    throw new Error('bare: the desk does not stream');
  }
}

/** Wraps `model` so each answer it gives is kept in `answers`. */
function recording(model: Model, answers: RecordedAnswer[]): Model {
  return {
    async getResponse(request) {
      try {
        const response = await model.getResponse(request);
        answers.push({ response });
        return response;
      } catch (error) {
        answers.push({ error });
        throw error;
      }
    },
    getStreamedResponse: (request) => model.getStreamedResponse(request),
  };
}

/**
 * `count` behaviours and, for each, the steps and decisions a hand-written script
 * needs, and the answers the behaviour gave (for the bare floor).
 */
export async function scriptedRuns(module: ExploreModule, count: number) {
  const runs = [];
  for (let i = 0; i < count; i++) {
    const behaviour = module.randomBehaviour(i, { maxCalls: MAX_CALLS });
    const model = new module.BehaviourModel(behaviour, { maxCalls: MAX_CALLS });
    const answers: RecordedAnswer[] = [];
    await desk(recording(model, answers), () => model.decide());
    runs.push({ behaviour, steps: model.steps, decisions: model.decisions, answers });
  }
  return runs;
}
