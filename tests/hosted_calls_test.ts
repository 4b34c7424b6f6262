// Direct tests of the hosted, computer, shell and apply-patch calls a model double plans
// from a request's tools: one plan per such tool in the tools' order (function tools and
// hosted kinds without a builder are skipped), each building its builder's call with the id
// it is given, and each telling a call of its own tool in the history from any other item
// (an MCP call counts only for the same server label).
import assert from 'node:assert/strict';
import {
  applyPatchCall,
  codeInterpreterCall,
  computerCall,
  fileSearchCall,
  imageGenerationCall,
  mcpCall,
  shellCall,
  webSearchCall,
} from 'scripted-agents/testing';
import { type HistoryItem, hostedPlans } from '../testing/auto_model/hosted_calls.ts';
import { describe, test } from './_harness.ts';

type Tools = Parameters<typeof hostedPlans>[0];

const hosted = (type: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'hosted_tool',
  name: String(type),
  providerData: { type, ...extra },
});

const tools = (...list: unknown[]): Tools => list as Tools;

const computer = { type: 'computer', name: 'computer', environment: 'browser', dimensions: [1, 1] };
const shell = { type: 'shell', name: 'shell' };
const patch = { type: 'apply_patch', name: 'apply_patch' };
const fn = { type: 'function', name: 'lookup', parameters: {}, strict: true };

const item = (value: unknown) => value as HistoryItem;
const hostedCall = (name: string, providerData?: Record<string, unknown>) =>
  item(
    providerData === undefined ? { type: 'hosted_tool_call', name } : {
      type: 'hosted_tool_call',
      name,
      providerData,
    },
  );

describe('hostedPlans: which tools', () => {
  test('no tools, or only function tools, plan nothing', () => {
    assert.deepEqual(hostedPlans(tools()), []);
    assert.deepEqual(hostedPlans(tools(fn)), []);
  });

  test('one plan per tool, in the order of the tools', () => {
    const plans = hostedPlans(tools(
      hosted('mcp', { server_label: 'docs' }),
      shell,
      fn,
      hosted('web_search'),
      patch,
      hosted('web_search_preview'),
      computer,
      hosted('file_search'),
      hosted('code_interpreter'),
      hosted('image_generation'),
    ));
    assert.deepEqual(plans.map((plan) => plan.key), [
      'mcp_call',
      'shell',
      'web_search_call',
      'patch',
      'web_search_call',
      'computer',
      'file_search_call',
      'code_interpreter_call',
      'image_generation_call',
    ]);
  });

  test('a hosted tool of a kind without a builder, or without provider data, plans nothing', () => {
    assert.deepEqual(
      hostedPlans(tools(
        hosted('tool_search'),
        hosted('local_shell'),
        hosted(undefined),
        { type: 'hosted_tool', name: 'bare' },
        { type: 'hosted_tool', name: 'empty', providerData: {} },
      )),
      [],
    );
  });
});

describe('hostedPlans: the calls they build', () => {
  test('the computer, shell and patch calls are the builder defaults with the call id given', () => {
    const [c, s, p] = hostedPlans(tools(computer, shell, patch));
    assert.deepEqual(c.build('call_c'), computerCall(undefined, { callId: 'call_c' }));
    assert.equal((c.build('call_c') as { callId?: string }).callId, 'call_c');
    assert.deepEqual(s.build('call_s'), shellCall(undefined, { callId: 'call_s' }));
    assert.equal((s.build('call_s') as { callId?: string }).callId, 'call_s');
    assert.deepEqual(p.build('call_p'), applyPatchCall(undefined, { callId: 'call_p' }));
    assert.equal((p.build('call_p') as { callId?: string }).callId, 'call_p');
  });

  test('the hosted calls are the builder defaults with the id given', () => {
    const plans = hostedPlans(tools(
      hosted('web_search'),
      hosted('web_search_preview'),
      hosted('file_search'),
      hosted('code_interpreter'),
      hosted('image_generation'),
      hosted('mcp', { server_label: 'docs' }),
    ));
    const built = plans.map((plan, index) => plan.build(`id_${index}`));
    assert.deepEqual(built, [
      webSearchCall({ id: 'id_0' }),
      webSearchCall({ id: 'id_1' }),
      fileSearchCall({ id: 'id_2' }),
      codeInterpreterCall({ id: 'id_3' }),
      imageGenerationCall({ id: 'id_4' }),
      mcpCall({ id: 'id_5', serverLabel: 'docs' }),
    ]);
    assert.deepEqual(
      built.map((call) => [(call as { id?: string }).id, (call as { name?: string }).name]),
      [
        ['id_0', 'web_search_call'],
        ['id_1', 'web_search_call'],
        ['id_2', 'file_search_call'],
        ['id_3', 'code_interpreter_call'],
        ['id_4', 'image_generation_call'],
        ['id_5', 'mcp_call'],
      ],
    );
    assert.equal(
      (built[5] as { providerData?: Record<string, unknown> }).providerData?.server_label,
      'docs',
    );
  });
});

describe('hostedPlans: which history items are their calls', () => {
  test('a computer, shell or patch plan is done by a call of its own type only', () => {
    const [c, s, p] = hostedPlans(tools(computer, shell, patch));
    const items = [
      item({ type: 'computer_call' }),
      item({ type: 'shell_call' }),
      item({ type: 'apply_patch_call' }),
      item({ type: 'function_call', name: 'computer' }),
      item({}),
      item(null),
      item(undefined),
    ];
    assert.deepEqual(items.map(c.done), [true, false, false, false, false, false, false]);
    assert.deepEqual(items.map(s.done), [false, true, false, false, false, false, false]);
    assert.deepEqual(items.map(p.done), [false, false, true, false, false, false, false]);
  });

  test('a hosted plan is done by a hosted call of its own name', () => {
    const [web, files] = hostedPlans(tools(hosted('web_search'), hosted('file_search')));
    const items = [
      hostedCall('web_search_call'),
      // Only an MCP call is told apart by server label.
      hostedCall('web_search_call', { server_label: 'other' }),
      hostedCall('file_search_call'),
      item({ type: 'function_call', name: 'web_search_call' }),
      item({ type: 'hosted_tool_call' }),
      item(null),
      item(undefined),
    ];
    assert.deepEqual(items.map(web.done), [true, true, false, false, false, false, false]);
    assert.deepEqual(items.map(files.done), [false, false, true, false, false, false, false]);
  });

  test('an MCP plan is done by an MCP call of the same server label only', () => {
    const [docs, crm] = hostedPlans(tools(
      hosted('mcp', { server_label: 'docs' }),
      hosted('mcp', { server_label: 'crm' }),
    ));
    const items = [
      hostedCall('mcp_call', { server_label: 'docs' }),
      hostedCall('mcp_call', { server_label: 'crm' }),
      hostedCall('mcp_call'),
      hostedCall('mcp_call', {}),
      hostedCall('web_search_call', { server_label: 'docs' }),
    ];
    assert.deepEqual(items.map(docs.done), [true, false, false, false, false]);
    assert.deepEqual(items.map(crm.done), [false, true, false, false, false]);
  });
});
