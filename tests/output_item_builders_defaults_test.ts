// The output-item builders' exact items. A builder's defaults are part of its
// public contract: users snapshot the items (and whole runs' histories) built
// with no argument, so every default item is pinned here in full with
// `assert.deepEqual` (strict: a key present with the value `undefined` differs
// from an absent key), as is every option's effect on the item.
import assert from 'node:assert/strict';
import { Agent, handoff } from '@openai/agents';
import {
  applyPatchCall,
  codeInterpreterCall,
  computerCall,
  fileSearchCall,
  handoffCall,
  hostedToolCall,
  imageGenerationCall,
  mcpApprovalRequest,
  mcpCall,
  mcpListTools,
  reasoningItem,
  shellCall,
  webSearchCall,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

/** The default generated image: a 1×1 transparent PNG, base64. */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('output item builders: default items (public contract, pinned in full)', () => {
  test('reasoningItem()', () => {
    assert.deepEqual(reasoningItem(), {
      type: 'reasoning',
      id: 'rs_1',
      content: [{ type: 'input_text', text: 'Thinking about the request.' }],
    });
  });

  test('hostedToolCall()', () => {
    assert.deepEqual(hostedToolCall(), {
      type: 'hosted_tool_call',
      id: 'ht_1',
      name: 'hosted_tool',
      status: 'completed',
      providerData: { type: 'hosted_tool', id: 'ht_1', status: 'completed' },
    });
  });

  test('webSearchCall()', () => {
    assert.deepEqual(webSearchCall(), {
      type: 'hosted_tool_call',
      id: 'ws_1',
      name: 'web_search_call',
      status: 'completed',
      providerData: {
        type: 'web_search_call',
        id: 'ws_1',
        status: 'completed',
        action: { type: 'search', query: 'latest news' },
      },
    });
  });

  test('fileSearchCall()', () => {
    assert.deepEqual(fileSearchCall(), {
      type: 'hosted_tool_call',
      id: 'fs_1',
      name: 'file_search_call',
      status: 'completed',
      providerData: {
        type: 'file_search_call',
        id: 'fs_1',
        status: 'completed',
        queries: ['query'],
        results: null,
      },
    });
  });

  test('codeInterpreterCall()', () => {
    assert.deepEqual(codeInterpreterCall(), {
      type: 'hosted_tool_call',
      id: 'ci_1',
      name: 'code_interpreter_call',
      status: 'completed',
      providerData: {
        type: 'code_interpreter_call',
        id: 'ci_1',
        status: 'completed',
        code: 'print(1 + 1)',
        container_id: 'cntr_1',
        outputs: [{ type: 'logs', logs: '2' }],
      },
    });
  });

  test('imageGenerationCall()', () => {
    assert.deepEqual(imageGenerationCall(), {
      type: 'hosted_tool_call',
      id: 'ig_1',
      name: 'image_generation_call',
      status: 'completed',
      providerData: { type: 'image_generation_call', id: 'ig_1', status: 'completed' },
      output: TINY_PNG,
    });
  });

  test('computerCall()', () => {
    assert.deepEqual(computerCall(), {
      type: 'computer_call',
      id: 'call_computer_1',
      callId: 'call_computer_1',
      status: 'completed',
      action: { type: 'screenshot' },
    });
  });

  test('shellCall()', () => {
    assert.deepEqual(shellCall(), {
      type: 'shell_call',
      id: 'call_shell_1',
      callId: 'call_shell_1',
      status: 'completed',
      action: { commands: ['echo hello'] },
    });
  });

  test('applyPatchCall()', () => {
    assert.deepEqual(applyPatchCall(), {
      type: 'apply_patch_call',
      id: 'call_patch_1',
      callId: 'call_patch_1',
      status: 'completed',
      operation: { type: 'create_file', path: 'hello.txt', diff: '+hello\n' },
    });
  });

  test('mcpCall()', () => {
    assert.deepEqual(mcpCall(), {
      type: 'hosted_tool_call',
      id: 'mcp_1',
      name: 'mcp_call',
      status: 'completed',
      providerData: {
        type: 'mcp_call',
        id: 'mcp_1',
        status: 'completed',
        server_label: 'mcp_server',
        name: 'echo',
        arguments: '{}',
      },
      output: 'ok',
    });
  });

  test('mcpListTools()', () => {
    assert.deepEqual(mcpListTools(), {
      type: 'hosted_tool_call',
      id: 'mcpl_1',
      name: 'mcp_list_tools',
      status: 'completed',
      providerData: {
        type: 'mcp_list_tools',
        id: 'mcpl_1',
        status: 'completed',
        server_label: 'mcp_server',
        tools: [{
          name: 'echo',
          description: 'Echoes its input.',
          input_schema: { type: 'object', properties: {} },
        }],
      },
    });
  });

  test('mcpApprovalRequest(): no status in the raw item', () => {
    assert.deepEqual(mcpApprovalRequest(), {
      type: 'hosted_tool_call',
      id: 'mcpr_1',
      name: 'mcp_approval_request',
      status: 'completed',
      providerData: {
        type: 'mcp_approval_request',
        id: 'mcpr_1',
        server_label: 'mcp_server',
        name: 'echo',
        arguments: '{}',
      },
    });
  });

  test('handoffCall(agent): named after the handoff tool, call id derived from it', () => {
    assert.deepEqual(handoffCall(new Agent({ name: 'Billing agent' })), {
      type: 'function_call',
      id: 'call_transfer_to_Billing_agent',
      callId: 'call_transfer_to_Billing_agent',
      name: 'transfer_to_Billing_agent',
      status: 'completed',
      arguments: '{}',
    });
    const custom = handoff(new Agent({ name: 'VIP' }), { toolNameOverride: 'escalate' });
    assert.deepEqual(handoffCall(custom, { arguments: '{"why":"vip"}' }), {
      type: 'function_call',
      id: 'call_escalate',
      callId: 'call_escalate',
      name: 'escalate',
      status: 'completed',
      arguments: '{"why":"vip"}',
    });
  });
});

describe('output item builders: options in full', () => {
  test('hostedToolCall: object arguments are JSON-encoded, string ones kept', () => {
    assert.deepEqual(hostedToolCall('tool_search_call', { arguments: { query: 'w' } }), {
      type: 'hosted_tool_call',
      id: 'ht_1',
      name: 'tool_search_call',
      status: 'completed',
      providerData: { type: 'tool_search_call', id: 'ht_1', status: 'completed' },
      arguments: '{"query":"w"}',
    });
    assert.deepEqual(
      hostedToolCall('t', {
        id: 'ht_7',
        arguments: 'raw text',
        status: 'in_progress',
        output: 'partial',
        providerData: { type: 'custom_call', extra: true },
      }),
      {
        type: 'hosted_tool_call',
        id: 'ht_7',
        name: 't',
        status: 'in_progress',
        providerData: { type: 'custom_call', id: 'ht_7', status: 'in_progress', extra: true },
        arguments: 'raw text',
        output: 'partial',
      },
    );
  });

  test('webSearchCall: query, id, status and extra provider data', () => {
    assert.deepEqual(
      webSearchCall({
        id: 'ws_2',
        query: 'weather Tokyo',
        status: 'searching',
        providerData: { extra: 1 },
      }),
      {
        type: 'hosted_tool_call',
        id: 'ws_2',
        name: 'web_search_call',
        status: 'searching',
        providerData: {
          type: 'web_search_call',
          id: 'ws_2',
          status: 'searching',
          action: { type: 'search', query: 'weather Tokyo' },
          extra: 1,
        },
      },
    );
  });

  test('fileSearchCall: queries and results', () => {
    assert.deepEqual(
      fileSearchCall({ id: 'fs_2', queries: ['refunds', 'returns'], results: [{ file_id: 'f' }] }),
      {
        type: 'hosted_tool_call',
        id: 'fs_2',
        name: 'file_search_call',
        status: 'completed',
        providerData: {
          type: 'file_search_call',
          id: 'fs_2',
          status: 'completed',
          queries: ['refunds', 'returns'],
          results: [{ file_id: 'f' }],
        },
      },
    );
  });

  test('codeInterpreterCall: code, container and outputs', () => {
    assert.deepEqual(
      codeInterpreterCall({
        id: 'ci_2',
        code: 'print(6 * 7)',
        containerId: 'cntr_9',
        outputs: [{ type: 'logs', logs: '42' }],
      }),
      {
        type: 'hosted_tool_call',
        id: 'ci_2',
        name: 'code_interpreter_call',
        status: 'completed',
        providerData: {
          type: 'code_interpreter_call',
          id: 'ci_2',
          status: 'completed',
          code: 'print(6 * 7)',
          container_id: 'cntr_9',
          outputs: [{ type: 'logs', logs: '42' }],
        },
      },
    );
  });

  test('imageGenerationCall: the result is the output; provider data merges', () => {
    assert.deepEqual(imageGenerationCall({ id: 'ig_2', result: 'AAAA', providerData: { n: 1 } }), {
      type: 'hosted_tool_call',
      id: 'ig_2',
      name: 'image_generation_call',
      status: 'completed',
      providerData: { type: 'image_generation_call', id: 'ig_2', status: 'completed', n: 1 },
      output: 'AAAA',
    });
  });

  test('computerCall: an id apart from the call id, and provider data', () => {
    const action = { type: 'click', x: 10, y: 20, button: 'left' } as const;
    assert.deepEqual(computerCall(action, { id: 'cu_1', callId: 'call_c2' }), {
      type: 'computer_call',
      id: 'cu_1',
      callId: 'call_c2',
      status: 'completed',
      action,
    });
    assert.deepEqual(computerCall(undefined, { callId: 'call_c3', providerData: { q: 1 } }), {
      type: 'computer_call',
      id: 'call_c3',
      callId: 'call_c3',
      status: 'completed',
      action: { type: 'screenshot' },
      providerData: { q: 1 },
    });
  });

  test('shellCall: a timeout alone, and an id apart from the call id', () => {
    assert.deepEqual(shellCall(['ls -la'], { id: 'sh_1', callId: 'call_s2', timeoutMs: 1000 }), {
      type: 'shell_call',
      id: 'sh_1',
      callId: 'call_s2',
      status: 'completed',
      action: { commands: ['ls -la'], timeoutMs: 1000 },
    });
  });

  test('applyPatchCall: an id apart from the call id', () => {
    const operation = { type: 'delete_file', path: 'old.txt' } as const;
    assert.deepEqual(applyPatchCall(operation, { id: 'ap_1', callId: 'call_p2' }), {
      type: 'apply_patch_call',
      id: 'ap_1',
      callId: 'call_p2',
      status: 'completed',
      operation,
    });
  });

  test('mcpCall: every option, and an error instead of an output', () => {
    assert.deepEqual(
      mcpCall({
        id: 'mcp_2',
        serverLabel: 'docs',
        name: 'search',
        arguments: { q: 'zod' },
        output: '3 hits',
      }),
      {
        type: 'hosted_tool_call',
        id: 'mcp_2',
        name: 'mcp_call',
        status: 'completed',
        providerData: {
          type: 'mcp_call',
          id: 'mcp_2',
          status: 'completed',
          server_label: 'docs',
          name: 'search',
          arguments: '{"q":"zod"}',
        },
        output: '3 hits',
      },
    );
    assert.deepEqual(mcpCall({ error: 'timeout' }).providerData, {
      type: 'mcp_call',
      id: 'mcp_1',
      status: 'completed',
      server_label: 'mcp_server',
      name: 'echo',
      arguments: '{}',
      error: 'timeout',
    });
  });

  test('mcpListTools: missing descriptions are null, missing schemas an empty object schema', () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
    assert.deepEqual(
      mcpListTools({
        id: 'mcpl_2',
        serverLabel: 'docs',
        tools: [{ name: 'search', inputSchema: schema }, { name: 'ping', description: 'Pings.' }],
        providerData: { extra: true },
      }),
      {
        type: 'hosted_tool_call',
        id: 'mcpl_2',
        name: 'mcp_list_tools',
        status: 'completed',
        providerData: {
          type: 'mcp_list_tools',
          id: 'mcpl_2',
          status: 'completed',
          server_label: 'docs',
          tools: [
            { name: 'search', description: null, input_schema: schema },
            {
              name: 'ping',
              description: 'Pings.',
              input_schema: { type: 'object', properties: {} },
            },
          ],
          extra: true,
        },
      },
    );
  });

  test('mcpApprovalRequest: label, name and arguments', () => {
    assert.deepEqual(
      mcpApprovalRequest({
        id: 'mcpr_2',
        serverLabel: 'docs',
        name: 'delete_page',
        arguments: { page: 3 },
      }),
      {
        type: 'hosted_tool_call',
        id: 'mcpr_2',
        name: 'mcp_approval_request',
        status: 'completed',
        providerData: {
          type: 'mcp_approval_request',
          id: 'mcpr_2',
          server_label: 'docs',
          name: 'delete_page',
          arguments: '{"page":3}',
        },
      },
    );
  });
});
