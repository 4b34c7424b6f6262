/**
 * Model behaviours: a {@linkcode ModelBehaviour} is plain data (one choice
 * record per model call, one decision per approval), and a
 * {@linkcode BehaviourModel} plays it against the real `Runner`, reading each
 * choice against the request it answers: call one or several of the offered
 * function tools (arguments generated from the request's schema or a richer
 * one, valid, at their bounds or invalid where asked), hand off, answer with
 * text or the structured output, or fail like a provider. It records every
 * answer as the `ScriptedModel` step that replays it.
 *
 * Behaviours come from {@linkcode randomBehaviour} (a seed) or from
 * fast-check through {@linkcode behaviourArbitrary} (fast-check's own
 * shrinking then applies); {@linkcode exploreAgent} does both the
 * generating and the shrinking for you.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import { BehaviourModel, ScriptedModel } from 'scripted-agents/testing';
 *
 * const lookup = tool({
 *   name: 'lookup',
 *   description: 'Looks up an order.',
 *   parameters: z.object({ orderId: z.string() }),
 *   execute: ({ orderId }) => `order ${orderId}: shipped`,
 * });
 * // Call #1 calls a tool (option 1 falls on the tools), call #2 answers (past the end).
 * const model = new BehaviourModel({ calls: [{ option: 1, targets: [] }], decisions: [] });
 * const agent = new Agent({ name: 'Support', model, tools: [lookup] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Where is my order?');
 * assert.equal(result.finalOutput, 'Done.');
 * assert.deepEqual(model.answered.map((call) => call.kind), ['tools', 'answer']);
 *
 * // The recorded steps replay the same run on a ScriptedModel.
 * const replay = new ScriptedModel(model.steps);
 * const again = await new Runner({ tracingDisabled: true }).run(
 *   agent.clone({ model: replay }),
 *   'Where is my order?',
 * );
 * assert.equal(again.finalOutput, 'Done.');
 * replay.assertComplete();
 * ```
 *
 * @module
 */

import type {
  SdkModel as Model,
  SdkModelRequest as ModelRequest,
  SdkModelResponse as ModelResponse,
  SdkStreamEvent as StreamEvent,
} from '../_shared/_sdk_types.ts';
import type { SdkModelProvider as ModelProvider } from '../_shared/_sdk_item_types.ts';
import { synthesizeStream } from '../../_internal/stream.ts';
import { ModelCallLog, throwIfAborted } from '../model/model_calls.ts';
import { normalizeResponse } from '../model/model_response.ts';
import { modelError, modelResponse } from '../model/model_steps.ts';
import { Random } from '../_shared/_seeded_random.ts';
import type { RecordedModelCall, ScriptedModelInput } from '../model/scripted_model_types.ts';
import type {
  BehaviourCall,
  ModelBehaviour,
  ModelBehaviourOptions,
  ModelCallChoice,
} from './model_behaviour_types.ts';

/**
 * The answer reader and its value generator, loaded with the first call a behaviour answers
 * rather than with the testing entry, which most test files import without exploring; kept so
 * that later calls await a settled promise instead of asking the module map.
 */
let answerReader: Promise<typeof import('./_explore_answer.ts')> | undefined;

/**
 * A `Model` (and `ModelProvider`) that plays a {@linkcode ModelBehaviour}:
 * call #n reads `behaviour.calls[n]` against its request (a call past the end,
 * or past `maxCalls`, gives the final answer). Give it to every agent of the
 * app, directly or as the runner's `modelProvider`: as a provider it serves
 * every model name from the same behaviour and records the name, so the steps
 * replay per route on a `ScriptedModelProvider`.
 *
 * - `answered` and `steps`: each answered call and the `ScriptedModel` step
 *   that replays it (`modelResponse(..., { validate: false })` where the
 *   behaviour sent invalid arguments on purpose; `modelError(...)` for an
 *   error).
 * - `decide()`: the behaviour's approve/reject decision for the next approval
 *   interruption.
 * - `consumed`: the part of the behaviour the run used, in normal form
 *   (what shrinking starts from).
 * - Streamed calls get the same answer as synthesized stream events.
 *
 * @example As a model provider, with routes
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { BehaviourModel } from 'scripted-agents/testing';
 *
 * const model = new BehaviourModel({ calls: [], decisions: [] });
 * const agent = new Agent({ name: 'Helper', model: 'small-model' });
 * const result = await new Runner({ modelProvider: model, tracingDisabled: true })
 *   .run(agent, 'Hi', { stream: true });
 * await result.completed;
 * assert.equal(result.finalOutput, 'Done.');
 * assert.deepEqual(Object.keys(model.routes), ['small-model']);
 * ```
 */
export class BehaviourModel implements Model, ModelProvider {
  readonly #behaviour: ModelBehaviour;
  readonly #options: ModelBehaviourOptions;
  readonly #log = new ModelCallLog(this);
  readonly #answered: BehaviourCall[] = [];
  readonly #used: ModelCallChoice[] = [];
  readonly #decisions: number[] = [];
  readonly #views = new Map<string, Model>();

  /** A model that plays `behaviour` under `options` (see {@linkcode ModelBehaviourOptions}). */
  constructor(behaviour: ModelBehaviour, options: ModelBehaviourOptions = {}) {
    this.#behaviour = behaviour;
    this.#options = options;
  }

  /** The model for `modelName`: this behaviour, recorded under that route. */
  getModel(modelName?: string): Model {
    const route = modelName ?? '';
    if (route === '') return this;
    let view = this.#views.get(route);
    if (view === undefined) {
      view = {
        getResponse: (request) => this.#respond(request, route),
        getStreamedResponse: (request) => this.#stream(request, route),
      };
      this.#views.set(route, view);
    }
    return view;
  }

  /** Every recorded call, in invocation order (frozen snapshots, as `ScriptedModel` records them). */
  get calls(): readonly RecordedModelCall[] {
    return this.#log.all();
  }

  /** Every answered call: its route, the kind of answer and the step that replays it. */
  get answered(): readonly BehaviourCall[] {
    return Object.freeze([...this.#answered]);
  }

  /** The steps that replay every answered call on one `ScriptedModel`, in call order. */
  get steps(): ScriptedModelInput[] {
    return this.#answered.map((call) => call.step);
  }

  /** The steps per model name the provider was asked for (`''` for the model used directly). */
  get routes(): Record<string, ScriptedModelInput[]> {
    const routes: Record<string, ScriptedModelInput[]> = {};
    for (const call of this.#answered) (routes[call.route] ??= []).push(call.step);
    return routes;
  }

  /** The approve/reject decisions taken so far, in order. */
  get decisions(): readonly ('approve' | 'reject')[] {
    return Object.freeze(this.#decisions.map((d) => d === 0 ? 'approve' : 'reject'));
  }

  /**
   * The behaviour as far as the run used it, in normal form: each choice
   * reduced to what it selected, trailing final answers and approvals left out.
   */
  get consumed(): ModelBehaviour {
    const calls = [...this.#used];
    while (calls.length > 0 && isPlainAnswer(calls[calls.length - 1])) calls.pop();
    const decisions = [...this.#decisions];
    while (decisions.length > 0 && decisions[decisions.length - 1] === 0) decisions.pop();
    return { calls, decisions };
  }

  /** The behaviour's decision for the next approval interruption: even approves, odd rejects. */
  decide(): 'approve' | 'reject' {
    const decision = (this.#behaviour.decisions[this.#decisions.length] ?? 0) % 2;
    this.#decisions.push(decision);
    return decision === 0 ? 'approve' : 'reject';
  }

  /** Answers a non-streaming call. */
  getResponse(request: ModelRequest): Promise<ModelResponse> {
    return this.#respond(request, '');
  }

  /** Answers a streaming call with the same answer, as synthesized stream events. */
  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    return this.#stream(request, '');
  }

  async #respond(request: ModelRequest, route: string): Promise<ModelResponse> {
    const call = this.#log.record(request, false);
    const response = await this.#answer(call, request, route);
    throwIfAborted(call);
    return response;
  }

  async *#stream(request: ModelRequest, route: string): AsyncGenerator<StreamEvent> {
    const call = this.#log.record(request, true);
    throwIfAborted(call);
    const response = await this.#answer(call, request, route);
    yield* synthesizeStream(response, () => throwIfAborted(call), { owned: true });
  }

  async #answer(call: RecordedModelCall, request: ModelRequest, route: string) {
    const { answer } = await (answerReader ??= import('./_explore_answer.ts'));
    const chosen = await answer(
      this.#behaviour.calls[call.index],
      request,
      call.index,
      this.#options,
    );
    this.#used.push(chosen.choice);
    if (chosen.kind === 'error') {
      this.#answered.push({
        index: call.index,
        route,
        kind: 'error',
        step: modelError(chosen.error),
      });
      throw chosen.error;
    }
    this.#log.answer(call, chosen.items);
    this.#answered.push({
      index: call.index,
      route,
      kind: chosen.kind,
      step: chosen.valid ? chosen.items : modelResponse(chosen.items, { validate: false }),
    });
    return normalizeResponse(chosen.items, {
      callIndex: call.index,
      preserveRawUsage: false,
      requireResponseId: true,
    });
  }
}

function isPlainAnswer(choice: ModelCallChoice): boolean {
  return choice.option === 0 && choice.targets.length === 0;
}

/** The largest numbers a random behaviour draws; any record is read modulo what a request offers. */
const OPTION_RANGE = 720720;
const INDEX_RANGE = 5040;
const SEED_RANGE = 0x7fffffff;

/**
 * A random behaviour from `seed`: up to `maxCalls` calls of one to
 * `maxToolsPerCall` targets each (mostly one), and a decision per possible
 * approval. The same seed and options always give the same behaviour.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { randomBehaviour } from 'scripted-agents/testing';
 *
 * const behaviour = randomBehaviour(7, { maxCalls: 3 });
 * assert.deepEqual(randomBehaviour(7, { maxCalls: 3 }), behaviour);
 * assert.ok(behaviour.calls.length >= 1 && behaviour.calls.length <= 3);
 * ```
 */
export function randomBehaviour(seed: number, options: ModelBehaviourOptions = {}): ModelBehaviour {
  const random = new Random(seed);
  const maxCalls = Math.max(1, options.maxCalls ?? 8);
  const maxTools = Math.max(1, options.maxToolsPerCall ?? 3);
  const calls: ModelCallChoice[] = [];
  const count = random.int(1, maxCalls);
  for (let call = 0; call < count; call++) {
    const option = random.int(0, OPTION_RANGE - 1);
    const targets = [];
    const width = Math.min(maxTools, random.chance(0.7) ? 1 : random.int(2, maxTools));
    for (let target = 0; target < width; target++) {
      targets.push({
        index: random.int(0, INDEX_RANGE - 1),
        value: random.chance(0.2) ? 0 : random.int(1, SEED_RANGE),
        mode: random.int(0, 5),
      });
    }
    calls.push({ option, targets });
  }
  const decisions = Array.from({ length: maxCalls * maxTools }, () => random.int(0, 1));
  return { calls, decisions };
}

/**
 * The part of fast-check that {@linkcode behaviourArbitrary} uses, typed
 * structurally so this package needs no fast-check types: `Arbitrary` is the
 * type of the arbitrary it returns (`fc.Arbitrary<ModelBehaviour>`).
 */
export interface BehaviourArbitraryApi<Arbitrary> {
  /** `fc.nat({ max })`. */
  nat(constraints: { max: number }): unknown;
  /** `fc.array(arbitrary, { maxLength })`. */
  // deno-lint-ignore no-explicit-any
  array(arbitrary: any, constraints: { maxLength: number }): unknown;
  /** `fc.record(model)`. */
  // deno-lint-ignore no-explicit-any
  record(model: any): Arbitrary;
}

/**
 * A fast-check arbitrary of behaviours, built from the fast-check module you
 * pass (this package does not depend on fast-check): arrays of choice
 * records, so fast-check's shrinking gives fewer calls, fewer tools per call,
 * simpler values and earlier final answers. Pass the arbitrary's values to
 * `new BehaviourModel(behaviour, options)` with the same options.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import fc from 'fast-check';
 * import { Agent, Runner } from '@openai/agents';
 * import { behaviourArbitrary, BehaviourModel, type ModelBehaviour } from 'scripted-agents/testing';
 *
 * const behaviours: fc.Arbitrary<ModelBehaviour> = behaviourArbitrary(fc, { maxCalls: 3 });
 * await fc.assert(
 *   fc.asyncProperty(behaviours, async (behaviour) => {
 *     const model = new BehaviourModel(behaviour, { maxCalls: 3 });
 *     const agent = new Agent({ name: 'A', model });
 *     const result = await new Runner({ tracingDisabled: true }).run(agent, 'Hi');
 *     assert.equal(typeof result.finalOutput, 'string');
 *   }),
 *   { numRuns: 10, seed: 1 },
 * );
 * ```
 */
export function behaviourArbitrary<Arbitrary>(
  fc: BehaviourArbitraryApi<NoInfer<Arbitrary>>,
  options: ModelBehaviourOptions = {},
): Arbitrary {
  const maxCalls = Math.max(1, options.maxCalls ?? 8);
  const maxTools = Math.max(1, options.maxToolsPerCall ?? 3);
  const target = fc.record({
    index: fc.nat({ max: INDEX_RANGE - 1 }),
    value: fc.nat({ max: SEED_RANGE }),
    mode: fc.nat({ max: 5 }),
  });
  const call = fc.record({
    option: fc.nat({ max: OPTION_RANGE - 1 }),
    targets: fc.array(target, { maxLength: maxTools }),
  });
  return fc.record({
    calls: fc.array(call, { maxLength: maxCalls }),
    decisions: fc.array(fc.nat({ max: 1 }), { maxLength: maxCalls * maxTools }),
  });
}
