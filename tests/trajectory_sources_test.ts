// Which source a trajectory is read from, and how, pinned with sources built by
// shape (testing/model/trajectory_sources.ts): lists, the model doubles' call logs
// (one model, or a provider's models in call order), a run result (input,
// approvals, tool guardrails, the structured output, interruptions), a RunState,
// an error carrying one, a cassette, a trace recorder and a Realtime session.
import assert from 'node:assert/strict';
import { modelCallSteps, stepsOf } from '../testing/model/trajectory_sources.ts';
import { ModelCallLog } from '../testing/model/model_calls.ts';
import { modelsOf, registerRoutes, routesOf } from '../testing/_shared/_model_routes.ts';
import type { SdkModelRequest } from '../testing/_shared/_sdk_types.ts';
import { describe, test } from './_harness.ts';

type Loose = Record<string, unknown>;

const user = (text: string) => ({ type: 'message', role: 'user', content: text });
const said = (text: string) => ({
  type: 'message',
  role: 'assistant',
  content: [{ type: 'output_text', text }],
});
const call = (name: string, callId: string, args: unknown = {}) => ({
  type: 'function_call',
  name,
  callId,
  arguments: JSON.stringify(args),
});
const result = (callId: string, output: unknown) => ({
  type: 'function_call_result',
  callId,
  output,
});
const finished = { _currentStep: { type: 'next_step_final_output' } };

describe('stepsOf: what is not a source', () => {
  test('a TypeError naming what it got and listing every source', () => {
    for (
      const [value, what] of [[42, 'number'], [null, 'null'], ['x', 'string'], [
        undefined,
        'undefined',
      ], [{}, 'object']] as const
    ) {
      assert.throws(() => stepsOf(value), (error: unknown) => {
        assert.ok(error instanceof TypeError);
        assert.equal(
          error.message,
          `trajectory() cannot read a trajectory from this ${what}. Pass a run result, a ` +
            'RunState, a list of run items, model items or trajectory steps, a ScriptedModel, ' +
            'AutoModel or ScriptedModelProvider, a Cassette, a TraceRecorder or a RealtimeSession.',
        );
        return true;
      });
    }
  });

  test('half a shape is not that source', () => {
    // interactions without toScriptedModel, spans without outline, a history that is not a list
    assert.throws(() => stepsOf({ interactions: [] }), TypeError);
    assert.throws(() => stepsOf({ interactions: {}, toScriptedModel: () => 1 }), TypeError);
    assert.throws(() => stepsOf({ spans: [] }), TypeError);
    assert.throws(() => stepsOf({ spans: 'x', outline: () => '' }), TypeError);
    assert.throws(() => stepsOf({ history: 'x' }), TypeError);
    assert.throws(() => stepsOf({ newItems: [] }), TypeError);
    assert.throws(() => stepsOf({ _generatedItems: 'x' }), TypeError);
    assert.throws(() => stepsOf(new Error('no state')), TypeError);
    assert.throws(
      () => stepsOf(Object.assign(new Error('x'), { state: 'not a state' })),
      TypeError,
    );
    // A throwing getter is read as absent.
    assert.throws(
      () =>
        stepsOf({
          get history(): unknown {
            throw new Error('getter');
          },
        }),
      TypeError,
    );
  });
});

describe('stepsOf: lists', () => {
  test('trajectory steps are copied as JSON', () => {
    const steps = [{ kind: 'message', text: 'x', extra: undefined }, { kind: 'input', text: 'y' }];
    const copy = stepsOf(steps);
    assert.deepEqual(copy, [{ kind: 'message', text: 'x' }, { kind: 'input', text: 'y' }]);
    assert.notEqual(copy[1], steps[1]);
    assert.deepEqual(stepsOf([]), []);
  });

  test('a step-like item with a type is a model item; each family is marked final', () => {
    assert.deepEqual(
      stepsOf([{ kind: 'message', type: 'message', role: 'assistant', content: 'm' }]),
      [
        { kind: 'message', text: 'm', final: true },
      ],
    );
    assert.deepEqual(stepsOf([{ kind: 'message', text: 'x' }, said('y')]), [
      { kind: 'message', text: 'y', final: true },
    ]);
    assert.deepEqual(
      stepsOf([{ type: 'message_output_item', agent: { name: 'A' }, rawItem: said('run') }]),
      [{ kind: 'message', agent: 'A', text: 'run', final: true }],
    );
    assert.deepEqual(
      stepsOf([{ itemId: 'i', type: 'message', role: 'assistant', content: [{ text: 'rt' }] }]),
      [{ kind: 'message', text: 'rt', final: true }],
    );
  });
});

const request = (input: unknown, extra: Loose = {}) =>
  ({ input, ...extra }) as unknown as SdkModelRequest;

describe('stepsOf: the model doubles', () => {
  test("one model: each call's new input, its answer, results carried back by later requests", () => {
    const model = {};
    const log = new ModelCallLog(model);
    log.answer(log.record(request('Weather?'), false), [call('weather', 'c1', { city: 'Oslo' })]);
    log.answer(
      log.record(request([user('Weather?'), call('weather', 'c1'), result('c1', 'rain')]), false),
      [said('Rain.')],
    );
    assert.deepEqual(stepsOf(model), [
      { kind: 'input', text: 'Weather?' },
      { kind: 'tool_call', tool: 'weather', args: { city: 'Oslo' }, output: 'rain', callId: 'c1' },
      { kind: 'message', text: 'Rain.', final: true },
    ]);
  });

  test("a provider: its models' calls in the order they were made", () => {
    const provider = {};
    const first = {};
    const second = {};
    const idle = {};
    const firstLog = new ModelCallLog(first);
    const secondLog = new ModelCallLog(second);
    registerRoutes(
      provider,
      new Map<string, unknown>([['a', first], ['b', second], ['c', idle]]),
      'x',
    );
    firstLog.answer(firstLog.record(request('one'), false), [said('1')]);
    secondLog.answer(secondLog.record(request([user('two')]), false), [said('2')]);
    firstLog.answer(firstLog.record(request([said('2'), user('three')]), false), [said('3')]);
    assert.deepEqual(stepsOf(provider), [
      { kind: 'input', text: 'one' },
      { kind: 'message', text: '1' },
      { kind: 'input', text: 'two' },
      { kind: 'message', text: '2' },
      { kind: 'input', text: 'three' },
      { kind: 'message', text: '3', final: true },
    ]);
    // A model double's own log is read before any other shape it may have.
    const both = { newItems: [], state: {} };
    new ModelCallLog(both).record(request('asked'), false);
    assert.deepEqual(stepsOf(both), [{ kind: 'input', text: 'asked' }]);
  });
});

describe('modelCallSteps', () => {
  test('new user input: only the user messages after the last other item', () => {
    assert.deepEqual(
      modelCallSteps([
        {
          request: {
            input: [
              user('old'),
              said('reply'),
              user('new 1'),
              { role: 'user', content: [{ type: 'input_text', text: 'new 2' }] },
            ],
          },
          output: undefined,
        },
        {
          request: { input: [user('x'), { type: 'function_call_result', role: 'user' }] },
          output: [],
        },
        { request: { input: 5 }, output: [] },
        { request: { input: [said('only the model')] }, output: [] },
      ]),
      [{ kind: 'input', text: 'new 1' }, { kind: 'input', text: 'new 2' }],
    );
  });

  test('results: any *_result or *_output item by call id, the first one seen wins', () => {
    assert.deepEqual(
      modelCallSteps([
        {
          request: { input: 'go' },
          output: [
            call('a', 'c1'),
            { type: 'shell_call', call_id: 'c2', action: {} },
            call('b', 'c3'),
            call('d', 'c4'),
            { type: 'function_call', name: 'e' },
          ],
        },
        {
          request: {
            input: [
              result('c1', 'first'),
              { type: 'shell_call_output', call_id: 'c2', output: 'listed' },
              { type: 'function_call', callId: 'c3', output: 'not a result' },
              { type: 'function_call_result', callId: 7, output: 'no text id' },
              'not an item',
              { type: 5 },
            ],
          },
          output: [],
        },
        { request: { input: [result('c1', 'second')] }, output: [] },
      ]),
      [
        { kind: 'input', text: 'go' },
        { kind: 'tool_call', tool: 'a', args: {}, output: 'first', callId: 'c1' },
        { kind: 'tool_call', tool: 'shell', args: {}, output: 'listed', callId: 'c2' },
        { kind: 'tool_call', tool: 'b', args: {}, callId: 'c3' },
        { kind: 'tool_call', tool: 'd', args: {}, callId: 'c4' },
        { kind: 'tool_call', tool: 'e', args: {} },
      ],
    );
  });

  test("a request's handoffs make its calls to them handoffs; the next request resets them", () => {
    assert.deepEqual(
      modelCallSteps([
        {
          request: { input: 'help', handoffs: [{ toolName: 'transfer_to_b' }, null] },
          output: [call('transfer_to_b', 'h1')],
        },
        { request: { input: [], handoffs: 'not a list' }, output: [call('transfer_to_b', 'h2')] },
      ]),
      [
        { kind: 'input', text: 'help' },
        { kind: 'handoff', to: 'transfer_to_b', callId: 'h1' },
        {
          kind: 'tool_call',
          agent: 'transfer_to_b',
          tool: 'transfer_to_b',
          args: {},
          callId: 'h2',
        },
      ],
    );
  });
});

/** A run context whose `toJSON()` gives `approvals`. */
const contextWith = (approvals: unknown) => ({ toJSON: () => ({ approvals }) });

describe('stepsOf: a run result', () => {
  const toolItem = (name: string, id: string) => ({
    type: 'tool_call_item',
    agent: { name: 'A' },
    rawItem: call(name, id),
  });

  test('the new input, the items, approvals from the run context, the final message', () => {
    assert.deepEqual(
      stepsOf({
        input: [said('earlier'), user('now')],
        newItems: [
          toolItem('refund', 'r1'),
          { type: 'tool_call_output_item', rawItem: result('r1', 'ok') },
          { type: 'message_output_item', agent: { name: 'A' }, rawItem: said('Done.') },
        ],
        state: finished,
        runContext: contextWith({ refund: { approved: ['r1'] } }),
        interruptions: [],
        finalOutput: 'Done.',
      }),
      [
        { kind: 'input', text: 'now' },
        {
          kind: 'approval',
          agent: 'A',
          tool: 'refund',
          args: {},
          decision: 'approved',
          callId: 'r1',
        },
        { kind: 'tool_call', agent: 'A', tool: 'refund', args: {}, output: 'ok', callId: 'r1' },
        { kind: 'message', agent: 'A', text: 'Done.', final: true },
      ],
    );
  });

  test('not final while interrupted or before the final output step; no items is none', () => {
    const newItems = [{ type: 'message_output_item', rawItem: said('Wait.') }];
    const notFinal = [{ kind: 'message', text: 'Wait.' }];
    assert.deepEqual(
      stepsOf({ newItems, state: finished, interruptions: [{}], finalOutput: { a: 1 } }),
      notFinal,
    );
    assert.deepEqual(
      stepsOf({ newItems, state: { _currentStep: { type: 'next_step_run_again' } } }),
      notFinal,
    );
    assert.deepEqual(stepsOf({ newItems, state: { _currentStep: 'x' } }), notFinal);
    assert.deepEqual(stepsOf({ newItems, state: 'x' }), notFinal);
    assert.deepEqual(stepsOf({ newItems, state: finished }), [
      { kind: 'message', text: 'Wait.', final: true },
    ]);
    assert.deepEqual(stepsOf({ newItems: undefined, state: finished, input: 'hi' }), [
      { kind: 'input', text: 'hi' },
    ]);
  });

  test('a structured final output is a step under the last agent; a text one is the message', () => {
    const newItems = [{ type: 'message_output_item', rawItem: said('{"n":1}') }];
    assert.deepEqual(
      stepsOf({ newItems, state: finished, finalOutput: { n: 1n }, lastAgent: { name: 'B' } }),
      [
        { kind: 'message', text: '{"n":1}', final: true },
        { kind: 'final_output', agent: 'B', output: { n: '1' } },
      ],
    );
    assert.deepEqual(stepsOf({ newItems, state: finished, finalOutput: 0 }), [
      { kind: 'message', text: '{"n":1}', final: true },
      { kind: 'final_output', output: 0 },
    ]);
    assert.deepEqual(stepsOf({ newItems, state: finished, finalOutput: 'text' }), [
      { kind: 'message', text: '{"n":1}', final: true },
    ]);
  });

  test('approvals: a run context without toJSON, a throwing one, one without approvals', () => {
    const newItems = [toolItem('refund', 'r1')];
    const plain = [{ kind: 'tool_call', agent: 'A', tool: 'refund', args: {}, callId: 'r1' }];
    const approvals = { refund: { rejected: ['r1'] } };
    assert.deepEqual(stepsOf({ newItems, state: {}, runContext: { approvals } }), plain);
    assert.deepEqual(
      stepsOf({
        newItems,
        state: {},
        runContext: {
          toJSON: () => {
            throw new Error('no');
          },
        },
      }),
      plain,
    );
    assert.deepEqual(stepsOf({ newItems, state: {}, runContext: { toJSON: () => 'x' } }), plain);
    assert.deepEqual(stepsOf({ newItems, state: {}, runContext: contextWith(approvals) }), [
      {
        kind: 'approval',
        agent: 'A',
        tool: 'refund',
        args: {},
        decision: 'rejected',
        callId: 'r1',
      },
      ...plain,
    ]);
    // toJSON is called on the context itself.
    const context = {
      approvals,
      toJSON(this: { approvals: unknown }) {
        return { approvals: this.approvals };
      },
    };
    assert.equal(stepsOf({ newItems, state: {}, runContext: context }).length, 2);
  });

  test('tool guardrails that did not allow, after the items, before the final output', () => {
    const guard = (type: unknown, behavior: unknown, extra: Loose = {}) => ({
      guardrail: { type, name: `g_${String(type)}` },
      output: { behavior },
      ...extra,
    });
    assert.deepEqual(
      stepsOf({
        newItems: [{ type: 'message_output_item', rawItem: said('Blocked.') }],
        state: finished,
        finalOutput: ['structured'],
        toolInputGuardrailResults: [
          guard('tool_input', { type: 'allow' }),
          guard('tool_input', { type: 'rejectContent' }, { agent: { name: 'A' } }),
          null,
          { output: 'not an object' },
          guard('tool_input', 'not an object'),
        ],
        toolOutputGuardrailResults: [
          guard('tool_output', { type: 'throwException' }),
          { guardrail: 'not an object', output: { behavior: { type: 'x' } } },
          guard('input', { type: 'x' }),
          guard('output', { type: 'x' }),
          guard('other', { type: 'x' }),
        ],
      }),
      [
        { kind: 'message', text: 'Blocked.', final: true },
        { kind: 'guardrail', agent: 'A', guardrail: 'g_tool_input', stage: 'tool_input' },
        { kind: 'guardrail', guardrail: 'g_tool_output', stage: 'tool_output' },
        { kind: 'guardrail', guardrail: 'guardrail' },
        { kind: 'guardrail', guardrail: 'g_input', stage: 'input' },
        { kind: 'guardrail', guardrail: 'g_output', stage: 'output' },
        { kind: 'guardrail', guardrail: 'g_other' },
        { kind: 'final_output', output: ['structured'] },
      ],
    );
    assert.deepEqual(
      stepsOf({ newItems: [], state: {}, toolInputGuardrailResults: 'x' }),
      [],
    );
  });
});

describe('stepsOf: a RunState, and an error that carries one', () => {
  const state = (currentStep: unknown) => ({
    _originalInput: 'Refund it',
    _generatedItems: [
      { type: 'tool_call_item', agent: { name: 'A' }, rawItem: call('refund', 'r1') },
      { type: 'message_output_item', agent: { name: 'A' }, rawItem: said('Asked.') },
    ],
    _context: contextWith({ refund: { approved: ['r1'] } }),
    _currentStep: currentStep,
    _currentAgent: { name: 'Current' },
  });
  const approval = {
    kind: 'approval',
    agent: 'A',
    tool: 'refund',
    args: {},
    decision: 'approved',
    callId: 'r1',
  };
  const toolCall = { kind: 'tool_call', agent: 'A', tool: 'refund', args: {}, callId: 'r1' };

  test('a state: its original input, items and approvals; final once it has the final output', () => {
    assert.deepEqual(stepsOf(state({ type: 'next_step_final_output' })), [
      { kind: 'input', text: 'Refund it' },
      approval,
      toolCall,
      { kind: 'message', agent: 'A', text: 'Asked.', final: true },
    ]);
    assert.deepEqual(stepsOf(state({ type: 'next_step_interruption' })), [
      { kind: 'input', text: 'Refund it' },
      approval,
      toolCall,
      { kind: 'message', agent: 'A', text: 'Asked.' },
    ]);
    assert.deepEqual(stepsOf(state(undefined)).at(-1), {
      kind: 'message',
      agent: 'A',
      text: 'Asked.',
    });
  });

  test("an error: the state's steps, then a tripped guardrail under the state's agent", () => {
    const error = Object.assign(new Error('tripped'), {
      state: state(undefined),
      result: { guardrail: { type: 'input', name: 'no_refunds' }, output: {} },
    });
    assert.deepEqual(stepsOf(error).slice(-2), [
      { kind: 'message', agent: 'A', text: 'Asked.' },
      { kind: 'guardrail', agent: 'Current', guardrail: 'no_refunds', stage: 'input' },
    ]);
    // The result's own agent wins.
    const named = Object.assign(new Error('tripped'), {
      state: state(undefined),
      result: { guardrail: { name: 'g' }, agent: { name: 'Own' } },
    });
    assert.deepEqual(stepsOf(named).at(-1), { kind: 'guardrail', agent: 'Own', guardrail: 'g' });
    // No guardrail result: the state's steps alone.
    for (const extra of [{}, { result: 'x' }, { result: { guardrail: 'x' } }]) {
      const plain = Object.assign(new Error('x'), { state: state(undefined) }, extra);
      assert.deepEqual(stepsOf(plain).at(-1), { kind: 'message', agent: 'A', text: 'Asked.' });
      assert.equal(stepsOf(plain).length, 4);
    }
  });
});

const cassette = (interactions: unknown[]) => ({ interactions, toScriptedModel: () => undefined });

describe('stepsOf: a cassette', () => {
  test("each interaction's request and the output of its response or its last response_done", () => {
    assert.deepEqual(
      stepsOf(cassette([
        { request: { input: 'one' }, response: { output: [said('1')] } },
        {
          request: { input: [user('two')] },
          events: [
            { type: 'response_done', response: { output: [said('early')] } },
            { type: 'response_done', response: { output: [said('2')] } },
            { type: 'output_text_delta', delta: 'x' },
          ],
        },
        { request: { input: [user('three')] }, events: [{ type: 'response_done', response: 'x' }] },
        {
          request: { input: [user('four')] },
          events: [{ type: 'response_done', response: { output: 'x' } }, 'x'],
        },
        { request: { input: [user('five')] }, response: { output: 'x' }, events: 'x' },
        { response: { output: [said('no request')] } },
        'not an interaction',
      ])),
      [
        { kind: 'input', text: 'one' },
        { kind: 'message', text: '1' },
        { kind: 'input', text: 'two' },
        { kind: 'message', text: '2' },
        { kind: 'input', text: 'three' },
        { kind: 'input', text: 'four' },
        { kind: 'input', text: 'five' },
        { kind: 'message', text: 'no request', final: true },
      ],
    );
  });

  test('an earlier response_done, when the last one has no output list, gives nothing', () => {
    assert.deepEqual(
      stepsOf(cassette([{
        request: { input: 'q' },
        events: [
          { type: 'response_done', response: { output: [said('early')] } },
          { type: 'response_done', response: { output: 'x' } },
        ],
      }])),
      [{ kind: 'input', text: 'q' }],
    );
  });
});

describe('stepsOf: a trace recorder', () => {
  const recorder = (spans: unknown[]) => ({ spans, outline: () => '' });

  test('tool calls, handoffs and tripped guardrails under the nearest agent span', () => {
    assert.deepEqual(
      stepsOf(recorder([
        { spanId: 'a', parentId: null, type: 'agent', name: 'Triage', data: {} },
        { spanId: 'x', parentId: 'a', type: 'custom', data: {} },
        {
          spanId: 'f',
          parentId: 'x',
          type: 'function',
          data: { name: 'lookup', input: '{"id":1}', output: '{"ok":true}' },
        },
        { spanId: 'g', parentId: 'a', type: 'function', data: { name: 'ping', output: null } },
        { spanId: 'h', parentId: 'a', type: 'handoff', data: { to_agent: 'Billing' } },
        { spanId: 'i', parentId: 'a', type: 'handoff', data: { from_agent: 'Other' } },
        { spanId: 'j', parentId: 'a', type: 'guardrail', data: { name: 'pii', triggered: true } },
        { spanId: 'k', parentId: 'a', type: 'guardrail', data: { name: 'calm', triggered: false } },
        { spanId: 'l', parentId: null, type: 'function', data: { name: 'orphan', input: '' } },
        { spanId: 'm', parentId: 'missing', type: 'function', data: { name: 'lost' } },
        { spanId: 'n', parentId: 'a', type: 'function' },
        'not a span',
      ])),
      [
        {
          kind: 'tool_call',
          agent: 'Triage',
          tool: 'lookup',
          args: { id: 1 },
          output: { ok: true },
        },
        { kind: 'tool_call', agent: 'Triage', tool: 'ping', args: {} },
        { kind: 'handoff', agent: 'Triage', to: 'Billing' },
        { kind: 'handoff', agent: 'Other', to: '?' },
        { kind: 'guardrail', agent: 'Triage', guardrail: 'pii' },
        { kind: 'tool_call', tool: 'orphan', args: {} },
        { kind: 'tool_call', tool: 'lost', args: {} },
      ],
    );
  });
});

describe('stepsOf: a Realtime session', () => {
  test('its history under the current agent, the last message final', () => {
    assert.deepEqual(
      stepsOf({
        history: [
          { itemId: '1', type: 'message', role: 'user', content: [{ transcript: 'Hi' }] },
          { itemId: '2', type: 'message', role: 'assistant', content: [{ transcript: 'Hello' }] },
        ],
        currentAgent: { name: 'Voice' },
      }),
      [
        { kind: 'input', text: 'Hi' },
        { kind: 'message', agent: 'Voice', text: 'Hello', final: true },
      ],
    );
    assert.deepEqual(stepsOf({ history: [], currentAgent: 'x' }), []);
    assert.deepEqual(
      stepsOf({ history: [{ type: 'message', role: 'assistant', content: 'a' }] }),
      [{ kind: 'message', text: 'a', final: true }],
    );
  });
});

describe('stepsOf: edges of each source', () => {
  const notASource = /^TypeError: trajectory\(\) cannot read a trajectory from this object\./;

  test('half a shape fails with the source error itself, not a crash inside a reader', () => {
    // A plain object with a state is not an error that carries one.
    assert.throws(() => stepsOf({ state: {} }), notASource);
    assert.throws(() => stepsOf({ newItems: [] }), notASource);
    assert.throws(() => stepsOf({ interactions: [] }), notASource);
    assert.throws(() => stepsOf({ spans: [] }), notASource);
    assert.throws(() => stepsOf(new Error('no state')), /from this object\./);
  });

  test('a list of model items without a type (a plain user message) is not a list of steps', () => {
    assert.deepEqual(stepsOf([{ role: 'user', content: 'hi' }]), [{ kind: 'input', text: 'hi' }]);
    assert.deepEqual(stepsOf([null, said('x')]), [{ kind: 'message', text: 'x', final: true }]);
  });

  test('approvals: a toJSON that is not a function, or that gives no object, is not read', () => {
    const newItems = [{
      type: 'tool_call_item',
      agent: { name: 'A' },
      rawItem: call('refund', 'r1'),
    }];
    const approvals = { refund: { approved: ['r1'] } };
    const plain = [{ kind: 'tool_call', agent: 'A', tool: 'refund', args: {}, callId: 'r1' }];
    // Callable-looking, but not a function.
    const notAFunction = { call: () => ({ approvals }) };
    assert.deepEqual(
      stepsOf({ newItems, state: {}, runContext: { toJSON: notAFunction } }),
      plain,
    );
    // A function that carries approvals is not the JSON form of a context.
    const fn = Object.assign(() => undefined, { approvals });
    assert.deepEqual(stepsOf({ newItems, state: {}, runContext: { toJSON: () => fn } }), plain);
  });

  test('a name that is not text names no agent; a null state is not a finished one', () => {
    const newItems = [{ type: 'message_output_item', rawItem: said('x') }];
    assert.deepEqual(
      stepsOf({ newItems, state: finished, finalOutput: { n: 1 }, lastAgent: { name: 5 } }),
      [{ kind: 'message', text: 'x', final: true }, { kind: 'final_output', output: { n: 1 } }],
    );
    assert.deepEqual(
      stepsOf({ history: [{ itemId: '1', ...said('hi') }], currentAgent: { name: 5 } }),
      [{ kind: 'message', text: 'hi', final: true }],
    );
    assert.deepEqual(stepsOf({ newItems, state: null }), [{ kind: 'message', text: 'x' }]);
  });

  test('new input: an entry that is not an item ends the trailing user messages', () => {
    assert.deepEqual(
      modelCallSteps([{ request: { input: [user('old'), null, user('new')] }, output: [] }]),
      [{ kind: 'input', text: 'new' }],
    );
  });

  test('a tool guardrail result without its guardrail is still a tripped guardrail', () => {
    assert.deepEqual(
      stepsOf({
        newItems: [],
        state: {},
        toolOutputGuardrailResults: [{ output: { behavior: { type: 'rejectContent' } } }],
      }),
      [{ kind: 'guardrail', guardrail: 'guardrail' }],
    );
  });

  test('model calls: an output entry that is not an item is skipped', () => {
    assert.deepEqual(
      modelCallSteps([{ request: { input: 'q' }, output: [null, 'x', said('a')] }]),
      [{ kind: 'input', text: 'q' }, { kind: 'message', text: 'a', final: true }],
    );
  });

  test('a cassette stream: its only response_done may be the first event', () => {
    assert.deepEqual(
      stepsOf(cassette([{
        request: { input: 'q' },
        events: [{ type: 'response_done', response: { output: [said('only')] } }],
      }])),
      [{ kind: 'input', text: 'q' }, { kind: 'message', text: 'only', final: true }],
    );
  });

  test('a cassette stream: a response_done without a response is passed over for an earlier one', () => {
    assert.deepEqual(
      stepsOf(cassette([{
        request: { input: 'q' },
        events: [
          { type: 'response_done', response: { output: [said('earlier')] } },
          { type: 'response_done', response: 'not a response' },
          { type: 'response_done' },
        ],
      }])),
      [{ kind: 'input', text: 'q' }, { kind: 'message', text: 'earlier', final: true }],
    );
  });
});

describe('stepsOf: edges of model calls, cassettes and traces', () => {
  test('a result is an item whose text type ends in _result or _output', () => {
    assert.deepEqual(
      modelCallSteps([
        {
          request: { input: 'go' },
          output: [call('a', 'c1'), call('b', 'c2'), call('c', 'c3')],
        },
        {
          request: {
            input: [
              { type: ['function_call_result'], callId: 'c1', output: 'type not text' },
              { type: 'function_call_result_part', callId: 'c2', output: 'not at the end' },
              { type: 'output', callId: 'c3', output: 'no underscore' },
            ],
          },
          output: [],
        },
      ]),
      [
        { kind: 'input', text: 'go' },
        { kind: 'tool_call', tool: 'a', args: {}, callId: 'c1' },
        { kind: 'tool_call', tool: 'b', args: {}, callId: 'c2' },
        { kind: 'tool_call', tool: 'c', args: {}, callId: 'c3' },
      ],
    );
  });

  test("a cassette: a response without an output list defers to the stream's events", () => {
    assert.deepEqual(
      stepsOf(cassette([
        {
          request: { input: 'one' },
          response: { output: 'not a list' },
          events: [null, { type: 'response_done', response: { output: [said('1')] } }],
        },
        { request: { input: [user('two')] } },
        { request: { input: [user('three')] }, events: [null] },
        {
          request: { input: [user('four')] },
          events: [{ type: 'response_done', response: { output: null } }],
        },
        null,
      ])),
      [
        { kind: 'input', text: 'one' },
        { kind: 'message', text: '1' },
        { kind: 'input', text: 'two' },
        { kind: 'input', text: 'three' },
        { kind: 'input', text: 'four' },
      ],
    );
  });

  test('a trace: null spans skipped, a root has no parent, only a guardrail span trips', () => {
    assert.deepEqual(
      stepsOf({
        spans: [
          null,
          { spanId: 'null', parentId: 'none', type: 'agent', name: 'Ghost', data: {} },
          { spanId: 'f', parentId: null, type: 'function', data: { name: 'root_tool' } },
          { spanId: 'c', parentId: null, type: 'custom', data: { name: 'c', triggered: true } },
        ],
        outline: () => '',
      }),
      [{ kind: 'tool_call', tool: 'root_tool', args: {} }],
    );
  });
});

describe('stepsOf: which item is the result, which event the answer', () => {
  test('a bare list of Realtime items keeps the output each call holds', () => {
    assert.deepEqual(
      stepsOf([
        { itemId: '1', type: 'message', role: 'user', content: [{ text: 'Weather?' }] },
        {
          itemId: '2',
          type: 'function_call',
          name: 'weather',
          arguments: '{"city":"Paris"}',
          callId: 'c1',
          output: 'sunny',
        },
      ]),
      [
        { kind: 'input', text: 'Weather?' },
        {
          kind: 'tool_call',
          tool: 'weather',
          args: { city: 'Paris' },
          output: 'sunny',
          callId: 'c1',
        },
      ],
    );
  });

  test("an item that only looks like a result does not take the real result's place", () => {
    // The first result for a call id wins, so a look-alike listed before the real
    // result must not count as the first.
    assert.deepEqual(
      modelCallSteps([
        { request: { input: 'go' }, output: [call('a', 'c1'), call('b', 'c2')] },
        {
          request: {
            input: [
              { type: ['function_call_result'], callId: 'c1', output: 'type not text' },
              result('c1', 'one'),
              { type: 'function_call_result_part', callId: 'c2', output: 'not at the end' },
              result('c2', 'two'),
            ],
          },
          output: [],
        },
      ]),
      [
        { kind: 'input', text: 'go' },
        { kind: 'tool_call', tool: 'a', args: {}, output: 'one', callId: 'c1' },
        { kind: 'tool_call', tool: 'b', args: {}, output: 'two', callId: 'c2' },
      ],
    );
  });

  test('a cassette stream: the answer is the last response_done, not a later event with a response', () => {
    assert.deepEqual(
      stepsOf(cassette([{
        request: { input: 'q' },
        events: [
          { type: 'response_done', response: { output: [said('done')] } },
          { type: 'response_other', response: { output: [said('other')] } },
        ],
      }])),
      [{ kind: 'input', text: 'q' }, { kind: 'message', text: 'done', final: true }],
    );
  });

  test('a trace: the agent search stops at a root span, whatever a span id "null" is', () => {
    assert.deepEqual(
      stepsOf({
        spans: [
          { spanId: 'null', parentId: 'none', type: 'agent', name: 'Ghost', data: {} },
          { spanId: 'c', parentId: null, type: 'custom', data: {} },
          { spanId: 'f', parentId: 'c', type: 'function', data: { name: 'nested_tool' } },
        ],
        outline: () => '',
      }),
      [{ kind: 'tool_call', tool: 'nested_tool', args: {} }],
    );
  });
});

describe("a provider's routes (what a trajectory and a teardown message read)", () => {
  test('each model: its route names in routing order, the fallback last, each name once', () => {
    const first = {};
    const second = {};
    const fallback = {};
    registerRoutes(
      {},
      new Map<string, unknown>([['a', first], ['b', second], ['c', first]]),
      fallback,
    );
    // A second provider routing the same model by the same name adds no second entry.
    registerRoutes({}, new Map<string, unknown>([['a', first]]), first);
    assert.deepEqual(routesOf(first), ['a', 'c', 'fallback']);
    assert.deepEqual(routesOf(second), ['b']);
    assert.deepEqual(routesOf(fallback), ['fallback']);
    assert.deepEqual(routesOf({}), []);
  });

  test("a provider's models: each once, in routing order; values that are not objects are no model", () => {
    const provider = {};
    const model = {};
    const other = {};
    registerRoutes(
      provider,
      new Map<string, unknown>([['a', model], ['b', 'gpt-4o'], ['c', other], ['d', model]]),
      null,
    );
    assert.deepEqual(modelsOf(provider), [model, other]);
    assert.deepEqual(routesOf(model), ['a', 'd']);
    const empty = {};
    registerRoutes(empty, new Map(), undefined);
    assert.deepEqual(modelsOf(empty), []);
  });

  test('modelsOf() of anything but a registered provider is undefined', () => {
    assert.equal(modelsOf({}), undefined);
    assert.equal(modelsOf(null), undefined);
    assert.equal(modelsOf(undefined), undefined);
    assert.equal(modelsOf('provider'), undefined);
    assert.equal(modelsOf(() => {}), undefined);
  });
});
