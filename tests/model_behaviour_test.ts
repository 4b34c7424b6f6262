// BehaviourModel's own surface, called directly: the provider views per route (streamed ones
// too), decide(), the streamed path's abort checks and response, the consumed normal form, and
// the bounds randomBehaviour and behaviourArbitrary draw within.
import assert from 'node:assert/strict';
import { Agent, type ModelRequest, Runner } from '@openai/agents';
import {
  behaviourArbitrary,
  BehaviourModel,
  type ModelBehaviour,
  randomBehaviour,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

/** A request with no tools and a text output: every choice reads as a final answer. */
function request(signal?: AbortSignal): ModelRequest {
  return {
    input: 'Hi',
    modelSettings: {},
    tools: [],
    outputType: 'text',
    handoffs: [],
    tracing: false,
    ...(signal === undefined ? {} : { signal }),
  } as ModelRequest;
}

async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('BehaviourModel as a provider', () => {
  test('serves no name and the empty name itself, and one view per other name', () => {
    const model = new BehaviourModel({ calls: [], decisions: [] });
    assert.equal(model.getModel(), model);
    assert.equal(model.getModel(''), model);
    const small = model.getModel('small');
    assert.notEqual(small, model);
    assert.equal(model.getModel('small'), small);
    assert.notEqual(model.getModel('large'), small);
  });

  test("records a streamed view's answers under its route", async () => {
    const model = new BehaviourModel({ calls: [], decisions: [] });
    const events = await collect(model.getModel('small').getStreamedResponse(request()));
    assert.deepEqual(events.map((event) => event.type), [
      'response_started',
      'output_text_delta',
      'response_done',
    ]);
    assert.deepEqual(Object.keys(model.routes), ['small']);
    assert.deepEqual(model.calls.map((call) => call.streamed), [true]);
    await model.getModel('small').getResponse(request());
    await model.getResponse(request());
    assert.deepEqual(model.calls.map((call) => call.streamed), [true, false, false]);
    assert.deepEqual(model.answered.map((call) => call.route), ['small', 'small', '']);
  });

  test("a streamed run through the runner answers on the agent's route", async () => {
    const model = new BehaviourModel({ calls: [], decisions: [] });
    const agent = new Agent({ name: 'Helper', model: 'small-model' });
    const result = await new Runner({ modelProvider: model, tracingDisabled: true })
      .run(agent, 'Hi', { stream: true });
    await result.completed;
    assert.equal(result.finalOutput, 'Done.');
    assert.deepEqual(model.calls.map((call) => call.streamed), [true]);
    assert.deepEqual(model.answered.map((call) => [call.route, call.kind]), [
      ['small-model', 'answer'],
    ]);
  });
});

describe('BehaviourModel responses', () => {
  test("carry the call's deterministic response id, streamed or not", async () => {
    const model = new BehaviourModel({ calls: [], decisions: [] });
    const first = await model.getResponse(request());
    assert.equal(first.responseId, 'scripted-response-1');
    const events = await collect(model.getStreamedResponse(request()));
    const done = events.at(-1);
    assert.equal(done?.type, 'response_done');
    assert.equal(done.type === 'response_done' && done.response.id, 'scripted-response-2');
  });

  test('a stream hands out the answer it made for the call without copying it', async () => {
    const model = new BehaviourModel({ calls: [], decisions: [] });
    const events = await collect(model.getStreamedResponse(request()));
    const done = events.at(-1);
    assert.ok(done?.type === 'response_done');
    // The answer is made fresh for this call, so its output is the recorded step's own.
    assert.equal(done.response.output, model.steps[0]);
  });

  test('a stream checks the abort signal before each event', async () => {
    const controller = new AbortController();
    const model = new BehaviourModel({ calls: [], decisions: [] });
    const stream = model.getStreamedResponse(request(controller.signal))[Symbol.asyncIterator]();
    assert.equal((await stream.next()).value?.type, 'response_started');
    controller.abort();
    await assert.rejects(stream.next(), { name: 'AbortError', callIndex: 0 });
  });
});

describe('BehaviourModel decisions and consumed behaviour', () => {
  test('decide() reads each decision modulo 2: even approves, odd rejects', () => {
    const model = new BehaviourModel({ calls: [], decisions: [1, 0, 3, 2, 0] });
    assert.deepEqual([model.decide(), model.decide(), model.decide(), model.decide()], [
      'reject',
      'approve',
      'reject',
      'approve',
    ]);
    assert.deepEqual(model.decisions, ['reject', 'approve', 'reject', 'approve']);
    // Past the behaviour's decisions, every approval is approved.
    assert.equal(model.decide(), 'approve');
    assert.equal(model.decide(), 'approve');
    // The trailing approvals are left out; the rest are kept as 0 and 1.
    assert.deepEqual(model.consumed.decisions, [1, 0, 1]);
  });

  test('consumed keeps a trailing answer that chose something, and drops a plain one', async () => {
    const chosen = new BehaviourModel({
      calls: [{ option: 0, targets: [{ index: 0, value: 1, mode: 0 }] }],
      decisions: [],
    });
    await chosen.getResponse(request());
    assert.deepEqual(chosen.consumed, {
      calls: [{ option: 0, targets: [{ index: 0, value: 1, mode: 0 }] }],
      decisions: [],
    });
    const plain = new BehaviourModel({ calls: [], decisions: [] });
    await plain.getResponse(request());
    assert.deepEqual(plain.consumed, { calls: [], decisions: [] });
  });

  test('consumed keeps a tool call with the simplest target, before the plain answer', async () => {
    const model = new BehaviourModel({ calls: [{ option: 1, targets: [] }], decisions: [] });
    const lookup = {
      type: 'function',
      name: 'lookup',
      description: 'Looks up an order.',
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
      strict: true,
    };
    const withTool = { ...request(), tools: [lookup] } as unknown as ModelRequest;
    await model.getResponse(withTool);
    await model.getResponse(request());
    assert.deepEqual(model.answered.map((call) => call.kind), ['tools', 'answer']);
    assert.deepEqual(model.consumed, { calls: [{ option: 1, targets: [] }], decisions: [] });
  });
});

describe('randomBehaviour bounds', () => {
  test('draws one to maxToolsPerCall targets per call, and a decision per call and tool', () => {
    const widths = new Set<number>();
    for (let seed = 0; seed < 60; seed++) {
      const behaviour = randomBehaviour(seed, { maxCalls: 2, maxToolsPerCall: 3 });
      assert.equal(behaviour.decisions.length, 6);
      for (const call of behaviour.calls) widths.add(call.targets.length);
    }
    assert.deepEqual([...widths].sort(), [1, 2, 3]);
    assert.equal(randomBehaviour(1, { maxCalls: 2 }).decisions.length, 6);
    assert.equal(randomBehaviour(1).decisions.length, 24);
    assert.equal(randomBehaviour(1, { maxCalls: 0, maxToolsPerCall: 0 }).decisions.length, 1);
  });
});

describe('behaviourArbitrary bounds', () => {
  /** A fast-check stand-in that returns each arbitrary's constraints as data. */
  const describing = {
    nat: (constraints: { max: number }) => ({ nat: constraints }),
    array: (arbitrary: unknown, constraints: { maxLength: number }) => ({
      array: arbitrary,
      ...constraints,
    }),
    record: (model: unknown) => ({ record: model }) as unknown,
  };
  const shape = (maxCalls: number, maxTools: number) => ({
    record: {
      calls: {
        array: {
          record: {
            option: { nat: { max: 720719 } },
            targets: {
              array: {
                record: {
                  index: { nat: { max: 5039 } },
                  value: { nat: { max: 0x7fffffff } },
                  mode: { nat: { max: 5 } },
                },
              },
              maxLength: maxTools,
            },
          },
        },
        maxLength: maxCalls,
      },
      decisions: { array: { nat: { max: 1 } }, maxLength: maxCalls * maxTools },
    },
  });

  test('draws every number within the ranges a behaviour reads', () => {
    assert.deepEqual(behaviourArbitrary(describing), shape(8, 3));
    assert.deepEqual(
      behaviourArbitrary(describing, { maxCalls: 3, maxToolsPerCall: 2 }),
      shape(3, 2),
    );
    assert.deepEqual(
      behaviourArbitrary(describing, { maxCalls: 0, maxToolsPerCall: 0 }),
      shape(1, 1),
    );
  });

  test('gives behaviours fast-check can draw within those ranges', async () => {
    const fc = (await import('fast-check')).default;
    const behaviours = fc.sample(behaviourArbitrary(fc, { maxCalls: 2, maxToolsPerCall: 2 }), {
      numRuns: 50,
      seed: 4,
    }) as ModelBehaviour[];
    for (const behaviour of behaviours) {
      assert.ok(behaviour.calls.length <= 2 && behaviour.decisions.length <= 4);
      for (const call of behaviour.calls) assert.ok(call.targets.length <= 2);
    }
  });
});
