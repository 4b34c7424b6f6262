// How each item a run produced becomes a trajectory step, pinned exactly
// (testing/model/_trajectory_items.ts): the JSON-safe copy, argument and output
// parsing, message text, every model item kind, the SDK's run items (tool
// outputs by call id, approvals and their decisions, handoffs), Realtime
// history items, and which message is marked final.
import assert from 'node:assert/strict';
import {
  areRealtimeItems,
  areRunItems,
  contentText,
  markFinal,
  modelItemSteps,
  outputValue,
  parseArguments,
  realtimeItemSteps,
  runItemSteps,
  toJson,
} from '../testing/model/_trajectory_items.ts';
import type { TrajectoryStep } from '../testing/trajectory/trajectory_types.ts';
import { describe, test } from './_harness.ts';

describe('toJson', () => {
  test('scalars: what JSON keeps, numbers JSON cannot hold as text', () => {
    assert.equal(toJson(null), null);
    assert.equal(toJson(true), true);
    assert.equal(toJson(false), false);
    assert.equal(toJson('x'), 'x');
    assert.equal(toJson(0), 0);
    assert.equal(toJson(-2.5), -2.5);
    assert.equal(toJson(Number.NaN), 'NaN');
    assert.equal(toJson(Infinity), 'Infinity');
    assert.equal(toJson(-Infinity), '-Infinity');
    assert.equal(toJson(12n), '12');
    assert.equal(toJson(undefined), null);
    assert.equal(toJson(() => 1), null);
    assert.equal(toJson(Symbol('s')), null);
  });

  test('dates, binary data, arrays and toJSON', () => {
    assert.equal(toJson(new Date(0)), '1970-01-01T00:00:00.000Z');
    assert.equal(toJson(new Date(Number.NaN)), null);
    assert.equal(toJson(new Uint8Array(3)), '<3 bytes>');
    assert.equal(toJson(new ArrayBuffer(4)), '<4 bytes>');
    assert.equal(toJson(new DataView(new ArrayBuffer(2))), '<2 bytes>');
    assert.deepEqual(toJson([1, undefined, [2n], () => 1]), [1, null, ['2'], null]);
    assert.deepEqual(toJson({ toJSON: () => ({ a: 1n }) }), { a: '1' });
    assert.deepEqual(toJson({ nested: { toJSON: () => 'text' } }), { nested: 'text' });
  });

  test('objects: own enumerable entries, undefined, functions and symbols left out', () => {
    const out = toJson({ a: 1, b: undefined, c: () => 1, d: Symbol('d'), e: null, f: 'x' });
    assert.deepEqual(out, { a: 1, e: null, f: 'x' });
    assert.deepEqual(Object.keys(out as object), ['a', 'e', 'f']);
    assert.deepEqual(Object.getOwnPropertyDescriptor(out, 'a'), {
      value: 1,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });

  test('an own "__proto__" key stays a key, not the prototype', () => {
    const out = toJson(JSON.parse('{"__proto__":{"polluted":true},"x":1}')) as object;
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.deepEqual(Object.keys(out), ['__proto__', 'x']);
    assert.equal((out as Record<string, unknown>).polluted, undefined);
    assert.deepEqual(Object.getOwnPropertyDescriptor(out, '__proto__')?.value, { polluted: true });
  });

  test('a cycle is described; the same object twice (no cycle) is copied twice', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    cyclic.list = [cyclic];
    assert.deepEqual(toJson(cyclic), { name: 'loop', self: '[Circular]', list: ['[Circular]'] });
    const shared = { v: 1 };
    assert.deepEqual(toJson({ a: shared, b: shared, c: [shared, shared] }), {
      a: { v: 1 },
      b: { v: 1 },
      c: [{ v: 1 }, { v: 1 }],
    });
    const seen = new Set<object>();
    toJson({ a: shared }, seen);
    assert.equal(seen.size, 0);
  });
});

describe('parseArguments', () => {
  test('JSON text parsed; blank text is no arguments; malformed text kept', () => {
    assert.deepEqual(parseArguments('{"a":[1,2]}'), { a: [1, 2] });
    assert.deepEqual(parseArguments('"s"'), 's');
    assert.deepEqual(parseArguments(''), {});
    assert.deepEqual(parseArguments('  \n'), {});
    assert.equal(parseArguments('{a: 1}'), '{a: 1}');
  });

  test('a value that is not text is copied; none at all is no arguments', () => {
    assert.deepEqual(parseArguments(undefined), {});
    assert.deepEqual(parseArguments(null), {});
    assert.deepEqual(parseArguments({ n: 1n }), { n: '1' });
    assert.equal(parseArguments(5), 5);
  });
});

describe('outputValue', () => {
  test('text that holds a JSON object or array is parsed, other text is kept', () => {
    assert.deepEqual(outputValue('{"a":1}'), { a: 1 });
    assert.deepEqual(outputValue('  [1]'), [1]);
    assert.equal(outputValue('{broken'), '{broken');
    assert.equal(outputValue('[broken'), '[broken');
    assert.equal(outputValue('42'), '42');
    assert.equal(outputValue('"quoted"'), '"quoted"');
    assert.equal(outputValue('plain {x}'), 'plain {x}');
  });

  test('a text part is read as its text; anything else is copied', () => {
    assert.deepEqual(outputValue({ type: 'text', text: '{"b":2}' }), { b: 2 });
    assert.equal(outputValue({ type: 'text', text: 'ok' }), 'ok');
    assert.deepEqual(outputValue({ type: 'text', text: 5 }), { type: 'text', text: 5 });
    assert.deepEqual(outputValue({ type: 'image', text: 'x' }), { type: 'image', text: 'x' });
    assert.equal(outputValue(7), 7);
    assert.equal(outputValue(null), null);
  });
});

describe('contentText', () => {
  test('a string, or the text, refusal or transcript of each part, in that order', () => {
    assert.equal(contentText('plain'), 'plain');
    assert.equal(contentText(undefined), '');
    assert.equal(contentText({ text: 'not a list' }), '');
    assert.equal(
      contentText([
        { text: 'a', refusal: 'x' },
        { refusal: 'b', transcript: 'x' },
        { transcript: 'c' },
        { text: 5, transcript: 'd' },
        { other: 'x' },
        'x',
        null,
      ]),
      'abcd',
    );
  });
});

const call = (name: string, args: unknown, callId?: string) => ({
  type: 'function_call',
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
  ...(callId === undefined ? {} : { callId }),
});
const result = (callId: string, output: unknown, key = 'callId') => ({
  type: 'function_call_result',
  [key]: callId,
  output,
});
const said = (role: string, text: string) => ({
  type: 'message',
  role,
  content: [{ type: 'output_text', text }],
});

describe('modelItemSteps', () => {
  test('messages by role: the assistant speaks, the user is input, others are left out', () => {
    assert.deepEqual(
      modelItemSteps([
        said('assistant', 'A'),
        said('user', 'U'),
        said('system', 'S'),
        { role: 'assistant', content: 'no type' },
        { role: 'developer', content: 'D' },
        'not an item',
        null,
        { type: 'unknown_kind' },
        { content: 'no type, no role' },
      ], { agent: 'Bot' }),
      [
        { kind: 'message', agent: 'Bot', text: 'A' },
        { kind: 'input', text: 'U' },
        { kind: 'message', agent: 'Bot', text: 'no type' },
      ],
    );
    assert.deepEqual(modelItemSteps([said('assistant', 'A')]), [{ kind: 'message', text: 'A' }]);
  });

  test('function calls take their results by call id (either spelling), in call order', () => {
    assert.deepEqual(
      modelItemSteps([
        call('a', { x: 1 }, 'c1'),
        call('b', '', 'c2'),
        call('c', 'oops', 'c3'),
        call('d', {}),
        result('c2', { type: 'text', text: 'two' }, 'call_id'),
        result('c1', '{"one":1}'),
        { type: 'unknown_result', callId: 'c3', output: 'not a result' },
        result('elsewhere', 'a result whose call is not here'),
      ]),
      [
        { kind: 'tool_call', tool: 'a', args: { x: 1 }, output: { one: 1 }, callId: 'c1' },
        { kind: 'tool_call', tool: 'b', args: {}, output: 'two', callId: 'c2' },
        { kind: 'tool_call', tool: 'c', args: 'oops', callId: 'c3' },
        { kind: 'tool_call', tool: 'd', args: {} },
      ],
    );
  });

  test('a call id that is not text pairs nothing, even with an equal id', () => {
    assert.deepEqual(
      modelItemSteps([
        { type: 'function_call', name: 'a', arguments: '{}', callId: 7 },
        { type: 'function_call_result', callId: 7, output: 'x' },
      ]),
      [{ kind: 'tool_call', tool: 'a', args: {} }],
    );
  });

  test('a result without output (or a null one) is a null output, not a handoff', () => {
    assert.deepEqual(
      modelItemSteps([
        call('a', {}, 'c1'),
        result('c1', null),
        call('b', {}, 'c2'),
        { type: 'function_call_result', callId: 'c2' },
      ]),
      [
        { kind: 'tool_call', tool: 'a', args: {}, output: null, callId: 'c1' },
        { kind: 'tool_call', tool: 'b', args: {}, output: null, callId: 'c2' },
      ],
    );
  });

  test('a result with a call id that is not text attaches to nothing', () => {
    assert.deepEqual(
      modelItemSteps([call('a', {}, 'c1'), {
        type: 'function_call_result',
        callId: 1,
        output: 'x',
      }]),
      [{ kind: 'tool_call', tool: 'a', args: {}, callId: 'c1' }],
    );
  });

  test("a handoff: by the request's handoff names or by its result; later steps act as the target", () => {
    const context = { agent: 'Triage', handoffNames: new Set(['transfer_to_billing']) };
    assert.deepEqual(
      modelItemSteps([
        call('transfer_to_billing', {}, 'h1'),
        said('assistant', 'Billing here.'),
        call('transfer_any', {}, 'h2'),
        result('h2', '{"assistant":"Refunds"}'),
        said('assistant', 'Refunds here.'),
        call('lookup', {}, 'h3'),
        result('h3', '{"assistant":"X","extra":1}'),
        call('lookup', {}, 'h4'),
        result('h4', '{"assistant":7}'),
        call('transfer_to_billing', {}),
      ], context),
      [
        { kind: 'handoff', agent: 'Triage', to: 'transfer_to_billing', callId: 'h1' },
        { kind: 'message', agent: 'transfer_to_billing', text: 'Billing here.' },
        { kind: 'handoff', agent: 'transfer_to_billing', to: 'Refunds', callId: 'h2' },
        { kind: 'message', agent: 'Refunds', text: 'Refunds here.' },
        {
          kind: 'tool_call',
          agent: 'Refunds',
          tool: 'lookup',
          args: {},
          output: { assistant: 'X', extra: 1 },
          callId: 'h3',
        },
        {
          kind: 'tool_call',
          agent: 'Refunds',
          tool: 'lookup',
          args: {},
          output: { assistant: 7 },
          callId: 'h4',
        },
        { kind: 'handoff', agent: 'Refunds', to: 'transfer_to_billing' },
      ],
    );
    assert.equal(context.agent, 'transfer_to_billing');
  });

  test('local tools: computer, shell and apply_patch, with their action and output', () => {
    assert.deepEqual(
      modelItemSteps([
        { type: 'computer_call', callId: 'k1', action: { type: 'click', x: 1 } },
        { type: 'computer_call_result', callId: 'k1', output: { type: 'text', text: 'done' } },
        { type: 'shell_call', callId: 'k2', actions: ['ls'] },
        { type: 'shell_call_output', callId: 'k2', output: '[1]' },
        { type: 'apply_patch_call', call_id: 'k3', operation: { type: 'create_file' } },
        { type: 'apply_patch_call_output', call_id: 'k3', output: 'patched' },
        { type: 'shell_call' },
      ], { agent: 'Ops' }),
      [
        {
          kind: 'tool_call',
          agent: 'Ops',
          tool: 'computer',
          args: { type: 'click', x: 1 },
          output: 'done',
          callId: 'k1',
        },
        { kind: 'tool_call', agent: 'Ops', tool: 'shell', args: ['ls'], output: [1], callId: 'k2' },
        {
          kind: 'tool_call',
          agent: 'Ops',
          tool: 'apply_patch',
          args: { type: 'create_file' },
          output: 'patched',
          callId: 'k3',
        },
        { kind: 'tool_call', agent: 'Ops', tool: 'shell', args: {} },
      ],
    );
  });

  test('reasoning and tool search', () => {
    assert.deepEqual(
      modelItemSteps([
        { type: 'reasoning', content: [{ type: 'input_text', text: 'Think.' }] },
        { type: 'tool_search_call', arguments: { query: 'refund' } },
        { type: 'tool_search_call' },
      ], { agent: 'A' }),
      [
        { kind: 'reasoning', agent: 'A', text: 'Think.' },
        { kind: 'hosted_tool_call', agent: 'A', tool: 'tool_search', args: { query: 'refund' } },
        { kind: 'hosted_tool_call', agent: 'A', tool: 'tool_search', args: {} },
      ],
    );
  });

  test('MCP calls and approval requests read the provider data', () => {
    assert.deepEqual(
      modelItemSteps([
        {
          type: 'hosted_tool_call',
          name: 'mcp_call',
          providerData: { name: 'search', server_label: 'docs', arguments: '{"q":"zod"}' },
          output: '3 hits',
        },
        {
          type: 'hosted_tool_call',
          name: 'mcp_call',
          providerData: { output: '{"n":1}', server_label: 5 },
        },
        { type: 'hosted_tool_call', name: 'mcp_call', output: null },
        {
          type: 'hosted_tool_call',
          name: 'mcp_approval_request',
          providerData: { name: 'delete', server_label: 'docs', arguments: { id: 7 } },
          output: 'ignored for an approval',
        },
        { type: 'hosted_tool_call', name: 'mcp_approval_request', providerData: 'not data' },
      ], { agent: 'A' }),
      [
        {
          kind: 'mcp_call',
          agent: 'A',
          tool: 'search',
          server: 'docs',
          args: { q: 'zod' },
          output: '3 hits',
        },
        { kind: 'mcp_call', agent: 'A', tool: 'mcp_call', output: { n: 1 } },
        { kind: 'mcp_call', agent: 'A', tool: 'mcp_call' },
        { kind: 'approval', agent: 'A', tool: 'delete', server: 'docs', args: { id: 7 } },
        { kind: 'approval', agent: 'A', tool: 'mcp_approval_request' },
      ],
    );
  });

  test('other hosted tools: arguments, else the action, queries, code or server label', () => {
    assert.deepEqual(
      modelItemSteps([
        { type: 'hosted_tool_call', name: 'web_search', arguments: '{"q":1}', output: 'r' },
        {
          type: 'hosted_tool_call',
          name: 'web_search_call',
          providerData: { action: { query: 'x' }, queries: ['no'], output: '[2]' },
        },
        { type: 'hosted_tool_call', name: 'file_search_call', providerData: { queries: ['faq'] } },
        {
          type: 'hosted_tool_call',
          name: 'code_interpreter_call',
          providerData: { code: 'print(1)' },
        },
        { type: 'hosted_tool_call', name: 'x', providerData: { server_label: 'srv' } },
        { type: 'hosted_tool_call', name: 'image_generation_call', output: null },
        { type: 'hosted_tool_call' },
      ]),
      [
        { kind: 'hosted_tool_call', tool: 'web_search', args: { q: 1 }, output: 'r' },
        { kind: 'hosted_tool_call', tool: 'web_search_call', args: { query: 'x' }, output: [2] },
        { kind: 'hosted_tool_call', tool: 'file_search_call', args: ['faq'] },
        { kind: 'hosted_tool_call', tool: 'code_interpreter_call', args: 'print(1)' },
        { kind: 'hosted_tool_call', tool: 'x', args: 'srv' },
        { kind: 'hosted_tool_call', tool: 'image_generation_call' },
        { kind: 'hosted_tool_call', tool: 'undefined' },
      ],
    );
  });

  test('a null output in the provider data is no output', () => {
    assert.deepEqual(
      modelItemSteps([
        { type: 'hosted_tool_call', name: 'mcp_call', providerData: { output: null } },
        { type: 'hosted_tool_call', name: 'web_search_call', providerData: { output: null } },
      ]),
      [
        { kind: 'mcp_call', tool: 'mcp_call' },
        { kind: 'hosted_tool_call', tool: 'web_search_call' },
      ],
    );
  });

  test('the agent is the second key of a step, whatever kind it is', () => {
    const steps = modelItemSteps([call('a', {}, 'c'), said('assistant', 'x')], { agent: 'A' });
    assert.deepEqual(steps.map((step) => Object.keys(step)), [
      ['kind', 'agent', 'tool', 'args', 'callId'],
      ['kind', 'agent', 'text'],
    ]);
  });
});

describe('areRunItems and areRealtimeItems', () => {
  test("every item must have the family's mark; an empty list is neither", () => {
    assert.equal(areRunItems([]), false);
    assert.equal(areRunItems([{ type: 'message_output_item' }, { type: 'tool_call_item' }]), true);
    assert.equal(areRunItems([{ type: 'message_output_item' }, { type: 'message' }]), false);
    assert.equal(areRunItems([{ type: 'message_output_item' }, null]), false);
    assert.equal(areRunItems([{ type: 'x_item_not' }]), false);
    assert.equal(areRunItems([{ type: 1 }]), false);
    // A type must be text: one that only converts to a run item's type is not one.
    assert.equal(areRunItems([{ type: ['message_output_item'] }]), false);
    assert.equal(areRealtimeItems([]), false);
    assert.equal(areRealtimeItems([{ itemId: 'a' }, { itemId: 'b' }]), true);
    assert.equal(areRealtimeItems([{ itemId: 'a' }, { itemId: 2 }]), false);
    assert.equal(areRealtimeItems([{ itemId: 'a' }, 'b']), false);
  });
});

const agentA = { name: 'A' };

/** A refund call of agent A (call id r1) and the approval it waits for. */
const pendingRefund = (n: number) => [
  { type: 'tool_call_item', agent: agentA, rawItem: call('refund', { n }, 'r1') },
  {
    type: 'tool_approval_item',
    agent: agentA,
    toolName: 'refund',
    rawItem: call('refund', { n }, 'r1'),
  },
];
const raw = (type: string, fields: Record<string, unknown>) => ({ type, ...fields });

describe('runItemSteps', () => {
  test("messages, reasoning and tool search under the item's agent", () => {
    assert.deepEqual(
      runItemSteps([
        { type: 'message_output_item', agent: agentA, rawItem: said('assistant', 'Hi') },
        {
          type: 'reasoning_item',
          agent: agentA,
          rawItem: { type: 'reasoning', content: [{ text: 'Hm.' }] },
        },
        {
          type: 'tool_search_call_item',
          agent: { name: 5 },
          rawItem: { type: 'tool_search_call', arguments: { q: 1 } },
        },
        { type: 'message_output_item', rawItem: 'not an item' },
        { type: 'some_other_item', agent: agentA, rawItem: said('assistant', 'skipped') },
        null,
      ]),
      [
        { kind: 'message', agent: 'A', text: 'Hi' },
        { kind: 'reasoning', agent: 'A', text: 'Hm.' },
        { kind: 'hosted_tool_call', tool: 'tool_search', args: { q: 1 } },
      ],
    );
  });

  test('a tool call takes its output from the output item with its call id', () => {
    assert.deepEqual(
      runItemSteps([
        { type: 'tool_call_item', agent: agentA, rawItem: call('a', { x: 1 }, 'c1') },
        { type: 'tool_call_item', agent: agentA, rawItem: call('b', {}, 'c2') },
        { type: 'tool_call_item', agent: agentA, rawItem: call('c', {}) },
        {
          type: 'tool_call_output_item',
          rawItem: result('c1', { type: 'text', text: 'one' }),
        },
        { type: 'tool_call_output_item', rawItem: 'not an item' },
        { type: 'tool_call_output_item', rawItem: { type: 'function_call_result', output: 'x' } },
        { type: 'tool_call_item', agent: agentA, rawItem: { type: 'unknown_call', callId: 'c9' } },
      ]),
      [
        { kind: 'tool_call', agent: 'A', tool: 'a', args: { x: 1 }, output: 'one', callId: 'c1' },
        { kind: 'tool_call', agent: 'A', tool: 'b', args: {}, callId: 'c2' },
        { kind: 'tool_call', agent: 'A', tool: 'c', args: {} },
      ],
    );
  });

  test('a call waiting for approval shows as its approval step alone', () => {
    assert.deepEqual(
      runItemSteps([
        ...pendingRefund(5),
      ]),
      [{ kind: 'approval', agent: 'A', tool: 'refund', args: { n: 5 }, callId: 'r1' }],
    );
  });

  test('an approved or rejected call: its decision, then the call itself', () => {
    const approvals = {
      refund: { approved: ['r1'], rejected: ['r2'] },
      other: { approved: 'not a list', rejected: [] },
      broken: null,
    };
    assert.deepEqual(
      runItemSteps([
        { type: 'tool_call_item', agent: agentA, rawItem: call('refund', { n: 1 }, 'r1') },
        { type: 'tool_call_output_item', rawItem: result('r1', 'done') },
        { type: 'tool_call_item', agent: agentA, rawItem: call('refund', { n: 2 }, 'r2') },
        { type: 'tool_call_output_item', rawItem: result('r2', 'refused') },
        { type: 'tool_call_item', agent: agentA, rawItem: call('refund', { n: 3 }, 'r3') },
      ], approvals),
      [
        {
          kind: 'approval',
          agent: 'A',
          tool: 'refund',
          args: { n: 1 },
          decision: 'approved',
          callId: 'r1',
        },
        {
          kind: 'tool_call',
          agent: 'A',
          tool: 'refund',
          args: { n: 1 },
          output: 'done',
          callId: 'r1',
        },
        {
          kind: 'approval',
          agent: 'A',
          tool: 'refund',
          args: { n: 2 },
          decision: 'rejected',
          callId: 'r2',
        },
        {
          kind: 'tool_call',
          agent: 'A',
          tool: 'refund',
          args: { n: 2 },
          output: 'refused',
          callId: 'r2',
        },
        { kind: 'tool_call', agent: 'A', tool: 'refund', args: { n: 3 }, callId: 'r3' },
      ],
    );
    // Approvals that are not a record decide nothing.
    assert.deepEqual(
      runItemSteps([{ type: 'tool_call_item', rawItem: call('refund', {}, 'r1') }], 'approved'),
      [{ kind: 'tool_call', tool: 'refund', args: {}, callId: 'r1' }],
    );
  });

  test('a decided call that is a handoff is a handoff, without an approval step', () => {
    assert.deepEqual(
      runItemSteps([
        { type: 'tool_call_item', agent: agentA, rawItem: call('go', {}, 'h1') },
        { type: 'tool_call_output_item', rawItem: result('h1', '{"assistant":"B"}') },
      ], { go: { approved: ['h1'] } }),
      [{ kind: 'handoff', agent: 'A', to: 'B', callId: 'h1' }],
    );
  });

  test('handoffs: the call names the target its output item holds; an output alone is one too', () => {
    assert.deepEqual(
      runItemSteps([
        {
          type: 'handoff_call_item',
          agent: agentA,
          rawItem: call('transfer_to_b', {}, 'h1'),
        },
        {
          type: 'handoff_output_item',
          sourceAgent: agentA,
          targetAgent: { name: 'B' },
          rawItem: result('h1', '{"assistant":"B"}'),
        },
        { type: 'handoff_call_item', agent: agentA, rawItem: call('transfer_to_c', {}) },
        {
          type: 'handoff_output_item',
          sourceAgent: { name: 'C' },
          targetAgent: { name: 'D' },
          rawItem: result('h9', ''),
        },
        { type: 'handoff_output_item', rawItem: { type: 'function_call_result' } },
      ]),
      [
        { kind: 'handoff', agent: 'A', to: 'B', callId: 'h1' },
        { kind: 'handoff', agent: 'A', to: 'transfer_to_c' },
        { kind: 'handoff', agent: 'C', to: 'D', callId: 'h9' },
        { kind: 'handoff', to: 'unknown agent' },
      ],
    );
  });

  test('approval items: the tool name, the arguments or action, a hosted MCP request', () => {
    assert.deepEqual(
      runItemSteps([
        {
          type: 'tool_approval_item',
          agent: agentA,
          rawItem: {
            type: 'hosted_tool_call',
            name: 'mcp_approval_request',
            providerData: { name: 'delete', server_label: 'docs', arguments: '{"id":7}' },
          },
        },
        {
          type: 'tool_approval_item',
          agent: agentA,
          rawItem: { type: 'hosted_tool_call', name: 'web_search', callId: 'w1' },
        },
        { type: 'tool_approval_item', rawItem: raw('shell_call', { action: { cmd: 'ls' } }) },
        { type: 'tool_approval_item', rawItem: raw('apply_patch_call', { operation: { op: 1 } }) },
        { type: 'tool_approval_item', rawItem: raw('custom_call', { callId: 'u1' }) },
        { type: 'tool_approval_item', toolName: 7, rawItem: raw('x', { name: 'named' }) },
        { type: 'tool_approval_item', rawItem: 'nothing' },
      ]),
      [
        { kind: 'approval', agent: 'A', tool: 'delete', server: 'docs', args: { id: 7 } },
        { kind: 'approval', agent: 'A', tool: 'web_search', args: {}, callId: 'w1' },
        { kind: 'approval', tool: 'shell', args: { cmd: 'ls' } },
        { kind: 'approval', tool: 'apply_patch', args: { op: 1 } },
        { kind: 'approval', tool: 'custom_call', args: {}, callId: 'u1' },
        { kind: 'approval', tool: 'named', args: {} },
        { kind: 'approval', tool: 'undefined', args: {} },
      ],
    );
  });
});

describe('realtimeItemSteps', () => {
  test('messages by role, function and MCP calls with their outputs, under the agent', () => {
    assert.deepEqual(
      realtimeItemSteps([
        { itemId: '1', type: 'message', role: 'user', content: [{ transcript: 'Hi' }] },
        { itemId: '2', type: 'message', role: 'assistant', content: [{ text: 'Hello' }] },
        { itemId: '3', type: 'message', role: 'system', content: 'S' },
        {
          itemId: '4',
          type: 'function_call',
          name: 'f',
          arguments: '{"a":1}',
          output: '{"r":2}',
          callId: 'c1',
        },
        { itemId: '5', type: 'function_call', name: 'g', arguments: '', output: null },
        { itemId: '6', type: 'mcp_call', name: 'search', arguments: '{"q":1}', output: 'hits' },
        { itemId: '7', type: 'mcp_tool_call', name: 'list', output: null },
        { itemId: '8', type: 'audio' },
        'x',
      ], 'Voice'),
      [
        { kind: 'input', text: 'Hi' },
        { kind: 'message', agent: 'Voice', text: 'Hello' },
        {
          kind: 'tool_call',
          agent: 'Voice',
          tool: 'f',
          args: { a: 1 },
          output: { r: 2 },
          callId: 'c1',
        },
        { kind: 'tool_call', agent: 'Voice', tool: 'g', args: {} },
        { kind: 'mcp_call', agent: 'Voice', tool: 'search', args: { q: 1 }, output: 'hits' },
        { kind: 'mcp_call', agent: 'Voice', tool: 'list' },
      ],
    );
    assert.deepEqual(realtimeItemSteps([{ type: 'function_call', name: 'f' }]), [
      { kind: 'tool_call', tool: 'f', args: {} },
    ]);
  });
});

describe('markFinal', () => {
  const message = (text: string): TrajectoryStep => ({ kind: 'message', text });
  const tool: TrajectoryStep = { kind: 'tool_call', tool: 't', args: {} };

  test('the last message, when only reasoning, guardrails or an output follow it', () => {
    const steps: TrajectoryStep[] = [
      message('first'),
      message('last'),
      { kind: 'reasoning', text: 'r' },
      { kind: 'guardrail', guardrail: 'g' },
      { kind: 'final_output', output: 1 },
    ];
    const marked = markFinal(steps);
    assert.equal(marked, steps);
    assert.deepEqual(marked.map((step) => (step as { final?: boolean }).final), [
      undefined,
      true,
      undefined,
      undefined,
      undefined,
    ]);
  });

  test('not when a tool call, handoff or approval follows, nor for an incomplete run', () => {
    assert.deepEqual(markFinal([message('m'), tool]), [message('m'), tool]);
    assert.deepEqual(markFinal([message('m'), { kind: 'handoff', to: 'B' }]), [
      message('m'),
      { kind: 'handoff', to: 'B' },
    ]);
    assert.deepEqual(markFinal([message('m'), { kind: 'approval', tool: 't' }]), [
      message('m'),
      { kind: 'approval', tool: 't' },
    ]);
    assert.deepEqual(markFinal([message('m')], false), [message('m')]);
    assert.deepEqual(markFinal([{ kind: 'reasoning', text: 'r' }]), [{
      kind: 'reasoning',
      text: 'r',
    }]);
    assert.deepEqual(markFinal([]), []);
    const original = message('m');
    const [marked] = markFinal([original]);
    assert.deepEqual(marked, { kind: 'message', text: 'm', final: true });
    assert.deepEqual(original, message('m'));
  });
});

describe('runItemSteps and realtimeItemSteps: items missing their parts', () => {
  test('a run item without its raw item gives no step and pairs nothing', () => {
    assert.deepEqual(
      runItemSteps([
        { type: 'tool_call_output_item' },
        { type: 'tool_call_output_item', rawItem: null },
        { type: 'tool_call_item', agent: agentA },
        { type: 'tool_call_item', agent: agentA, rawItem: call('a', {}, 'c1') },
      ]),
      [{ kind: 'tool_call', agent: 'A', tool: 'a', args: {}, callId: 'c1' }],
    );
  });

  test('a call that was approved and then ran: its approval item, then the call with its output', () => {
    assert.deepEqual(
      runItemSteps([
        ...pendingRefund(1),
        { type: 'tool_call_output_item', rawItem: result('r1', 'done') },
      ]),
      [
        {
          kind: 'tool_call',
          agent: 'A',
          tool: 'refund',
          args: { n: 1 },
          output: 'done',
          callId: 'r1',
        },
        { kind: 'approval', agent: 'A', tool: 'refund', args: { n: 1 }, callId: 'r1' },
      ],
    );
  });

  test('only a hosted tool call is read as a hosted MCP approval request', () => {
    // A function tool may share the hosted request's name.
    assert.deepEqual(
      runItemSteps([{
        type: 'tool_approval_item',
        toolName: 'mcp_approval_request',
        rawItem: call('mcp_approval_request', { a: 1 }, 'm1'),
      }]),
      [{ kind: 'approval', tool: 'mcp_approval_request', args: { a: 1 }, callId: 'm1' }],
    );
  });

  test('a Realtime history: a null entry is skipped, an MCP call without output has none', () => {
    assert.deepEqual(
      realtimeItemSteps([null, { itemId: '1', type: 'mcp_call', name: 'list' }]),
      [{ kind: 'mcp_call', tool: 'list' }],
    );
  });
});

describe('runItemSteps: pairing by call id wherever the items stand', () => {
  test('a tool search names the agent its item holds', () => {
    assert.deepEqual(
      runItemSteps([{
        type: 'tool_search_call_item',
        agent: agentA,
        rawItem: { type: 'tool_search_call', arguments: { q: 'refund' } },
      }]),
      [{ kind: 'hosted_tool_call', agent: 'A', tool: 'tool_search', args: { q: 'refund' } }],
    );
  });

  test("a handoff's target comes from its output item even when that item comes first", () => {
    // The output item alone is a handoff step too; the call then still names the
    // output's target, not its own tool name.
    assert.deepEqual(
      runItemSteps([
        {
          type: 'handoff_output_item',
          sourceAgent: agentA,
          targetAgent: { name: 'B' },
          rawItem: result('h1', '{"assistant":"B"}'),
        },
        { type: 'handoff_call_item', agent: agentA, rawItem: call('transfer_to_b', {}, 'h1') },
      ]),
      [
        { kind: 'handoff', agent: 'A', to: 'B', callId: 'h1' },
        { kind: 'handoff', agent: 'A', to: 'B', callId: 'h1' },
      ],
    );
  });

  test("an approval names the tool its item names, before its raw item's name or type", () => {
    assert.deepEqual(
      runItemSteps([
        { type: 'tool_approval_item', toolName: 'refund_v2', rawItem: call('refund', {}, 'r1') },
        {
          type: 'tool_approval_item',
          toolName: 'my_computer',
          rawItem: raw('computer_call', { callId: 'k1', action: { type: 'click' } }),
        },
      ]),
      [
        { kind: 'approval', tool: 'refund_v2', args: {}, callId: 'r1' },
        { kind: 'approval', tool: 'my_computer', args: { type: 'click' }, callId: 'k1' },
      ],
    );
  });

  test('a message or reasoning item is not hidden by an approval waiting on the same id', () => {
    assert.deepEqual(
      runItemSteps([
        {
          type: 'message_output_item',
          agent: agentA,
          rawItem: { ...said('assistant', 'Checking.'), callId: 'r1' },
        },
        {
          type: 'reasoning_item',
          agent: agentA,
          rawItem: { type: 'reasoning', content: [{ text: 'Hm.' }], callId: 'r1' },
        },
        { type: 'tool_approval_item', agent: agentA, rawItem: call('refund', {}, 'r1') },
      ]),
      [
        { kind: 'message', agent: 'A', text: 'Checking.' },
        { kind: 'reasoning', agent: 'A', text: 'Hm.' },
        { kind: 'approval', agent: 'A', tool: 'refund', args: {}, callId: 'r1' },
      ],
    );
  });
});
