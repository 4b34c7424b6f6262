// The builders of the SDK 0.20 items (tool search, programmatic tool calling,
// compaction): their exact shape, the SDK's protocol schemas accepting them,
// the real Runner handling each (client and server search, attribution, a
// program and its output, compaction sent back as input), and the strict
// check allowing them only where the request offers their tool.
import assert from 'node:assert/strict';
import {
  Agent,
  programmaticToolCallingTool,
  protocol,
  Runner,
  tool,
  toolSearchTool,
} from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  compactionItem,
  functionCall,
  programCall,
  programOutput,
  ScriptedModel,
  ScriptedOutputMismatchError,
  toolSearchCall,
  toolSearchOutput,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const runner = () => new Runner({ tracingDisabled: true });

const lookup = () =>
  tool({
    name: 'lookup_order',
    description: 'Finds an order.',
    parameters: z.object({ id: z.string() }),
    deferLoading: true,
    execute: ({ id }) => `order ${id}: shipped`,
  });

describe('tool search builders', () => {
  test('toolSearchCall defaults: server execution, built-in arguments, ids in providerData', () => {
    const item = toolSearchCall();
    assert.deepEqual(item, {
      type: 'tool_search_call',
      id: 'tsc_1',
      status: 'completed',
      arguments: { paths: [] },
      providerData: { call_id: 'call_tool_search_1', execution: 'server' },
    });
    assert.deepEqual(protocol.ToolSearchCallItem.parse(item), item);
  });

  test('toolSearchCall options: every one lands where the adapter puts it', () => {
    const item = toolSearchCall({ query: 'orders' }, {
      id: 'tsc_9',
      callId: 'call_9',
      execution: 'client',
      status: 'in_progress',
      providerData: { extra: 1 },
    });
    assert.deepEqual(item, {
      type: 'tool_search_call',
      id: 'tsc_9',
      status: 'in_progress',
      arguments: { query: 'orders' },
      providerData: { call_id: 'call_9', execution: 'client', extra: 1 },
    });
  });

  test('toolSearchOutput defaults and options, attribution fields only when given', () => {
    const plain = toolSearchOutput();
    assert.deepEqual(plain, {
      type: 'tool_search_output',
      id: 'tso_1',
      status: 'completed',
      tools: [],
      providerData: { call_id: 'call_tool_search_1', execution: 'server' },
    });
    assert.equal('toolSearchAgentName' in plain, false);
    assert.equal('toolSearchMcpToolNames' in plain, false);
    const full = toolSearchOutput([{ type: 'function', name: 'a' }], {
      id: 'tso_2',
      callId: 'call_2',
      execution: 'client',
      status: 'incomplete',
      toolSearchAgentName: 'Support',
      toolSearchMcpToolNames: ['mcp_docs.search'],
      providerData: { extra: true },
    });
    assert.deepEqual(full, {
      type: 'tool_search_output',
      id: 'tso_2',
      status: 'incomplete',
      tools: [{ type: 'function', name: 'a' }],
      providerData: { call_id: 'call_2', execution: 'client', extra: true },
      toolSearchAgentName: 'Support',
      toolSearchMcpToolNames: ['mcp_docs.search'],
    });
    assert.deepEqual(protocol.ToolSearchOutputItem.parse(full), full);
  });

  test('a client search: the runner answers it, loads the tool, and the call runs', async () => {
    const model = new ScriptedModel([
      [toolSearchCall({ paths: ['lookup_order'] }, { execution: 'client' })],
      [functionCall('lookup_order', { id: 'A1' })],
      [assistantMessage('Shipped.')],
    ]);
    const agent = new Agent({
      name: 'Support',
      model,
      tools: [toolSearchTool({ execution: 'client' }), lookup()],
    });
    const result = await runner().run(agent, 'Where is A1?');

    assert.equal(result.finalOutput, 'Shipped.');
    assert.deepEqual(result.newItems.map((item) => item.type), [
      'tool_search_call_item',
      'tool_search_output_item',
      'tool_call_item',
      'tool_call_output_item',
      'message_output_item',
    ]);
    const output = result.newItems[1].rawItem as protocol.ToolSearchOutputItem;
    assert.equal(output.toolSearchAgentName, 'Support');
    assert.deepEqual(output.tools.map((t) => t.name), ['lookup_order']);
    // The second call was sent the search and its output as history.
    const input = model.calls[1].request.input as Array<{ type?: string }>;
    assert.deepEqual(input.map((item) => item.type), [
      'message',
      'tool_search_call',
      'tool_search_output',
    ]);
    model.assertComplete();
  });

  test('a server search, streamed: the output given is kept and attributed', async () => {
    const model = new ScriptedModel([
      [
        toolSearchCall({ paths: ['lookup_order'] }),
        toolSearchOutput([{ type: 'function', name: 'lookup_order' }], {
          toolSearchAgentName: 'Someone else',
        }),
        functionCall('lookup_order', { id: 'B2' }),
      ],
      [assistantMessage('Shipped.')],
    ]);
    const agent = new Agent({ name: 'Support', model, tools: [toolSearchTool(), lookup()] });
    const result = await runner().run(agent, 'Where is B2?', { stream: true });
    for await (const _event of result) { /* drain */ }
    await result.completed;

    assert.equal(result.finalOutput, 'Shipped.');
    const outputs = result.newItems.filter((item) => item.type === 'tool_search_output_item');
    assert.equal(outputs.length, 1);
    // The runner replaces a supplied attribution with the agent it served.
    assert.equal(
      (outputs[0].rawItem as protocol.ToolSearchOutputItem).toolSearchAgentName,
      'Support',
    );
    const toolOutput = result.newItems.find((item) => item.type === 'tool_call_output_item');
    assert.equal((toolOutput as { output?: unknown }).output, 'order B2: shipped');
    model.assertComplete();
  });

  test('the strict check: tool search items need the tool_search tool', async () => {
    for (const item of [toolSearchCall(), toolSearchOutput()]) {
      const model = new ScriptedModel([[item, assistantMessage('x')]]);
      const agent = new Agent({
        name: 'Support',
        model,
        tools: [
          tool({ name: 'noop', description: 'x', parameters: z.object({}), execute: () => '' }),
        ],
      });
      await assert.rejects(runner().run(agent, 'Hi'), (error: unknown) => {
        assert.ok(error instanceof ScriptedOutputMismatchError);
        assert.equal(error.reason, 'unknown_tool');
        assert.equal(error.toolName, 'tool_search');
        assert.match(
          error.message,
          new RegExp(
            `output item #1: ${item.type} needs the tool_search tool, which the request does not offer; it offers no built-in or hosted tool\\.`,
          ),
        );
        return true;
      });
      model.acknowledgeFailures();
    }
  });
});

describe('programmatic tool calling builders', () => {
  test('programCall and programOutput defaults pair by call id', () => {
    assert.deepEqual(programCall(), {
      type: 'program',
      id: 'call_program_1',
      callId: 'call_program_1',
      code: 'print(1 + 1)',
      fingerprint: 'fp_1',
    });
    assert.deepEqual(programOutput(), {
      type: 'program_output',
      id: 'call_program_1_output',
      callId: 'call_program_1',
      output: '2',
      status: 'completed',
    });
    assert.deepEqual(protocol.ProgramCallItem.parse(programCall()), programCall());
    assert.deepEqual(protocol.ProgramCallResultItem.parse(programOutput()), programOutput());
  });

  test('every option', () => {
    assert.deepEqual(
      programCall('x()', { id: 'p', callId: 'c', fingerprint: 'f', providerData: { a: 1 } }),
      {
        type: 'program',
        id: 'p',
        callId: 'c',
        code: 'x()',
        fingerprint: 'f',
        providerData: { a: 1 },
      },
    );
    assert.deepEqual(
      programOutput('o', { id: 'q', callId: 'c', status: 'incomplete', providerData: { b: 2 } }),
      {
        type: 'program_output',
        id: 'q',
        callId: 'c',
        output: 'o',
        status: 'incomplete',
        providerData: { b: 2 },
      },
    );
  });

  test('through the runner: a tool call, then its output; sent back as history', async () => {
    const model = new ScriptedModel([
      [programCall('print(6 * 7)'), programOutput('42')],
      [assistantMessage('42.')],
    ]);
    const agent = new Agent({ name: 'Calc', model, tools: [programmaticToolCallingTool()] });
    const result = await runner().run(agent, '6 x 7?');

    // A program alone is no final answer: the runner calls the model again.
    assert.equal(result.finalOutput, '42.');
    assert.deepEqual(result.newItems.map((item) => item.type), [
      'tool_call_item',
      'tool_call_output_item',
      'message_output_item',
    ]);
    assert.equal((result.newItems[1] as { output?: unknown }).output, '42');
    const input = model.calls[1].request.input as Array<{ type?: string }>;
    assert.deepEqual(input.map((item) => item.type), ['message', 'program', 'program_output']);
    model.assertComplete();
  });

  test('the strict check: a program needs programmaticToolCallingTool()', async () => {
    for (const item of [programCall(), programOutput()]) {
      const model = new ScriptedModel([[item, assistantMessage('x')]]);
      const agent = new Agent({ name: 'Calc', model, tools: [toolSearchTool()] });
      await assert.rejects(runner().run(agent, 'Hi'), (error: unknown) => {
        assert.ok(error instanceof ScriptedOutputMismatchError);
        assert.equal(error.toolName, 'programmatic_tool_calling');
        assert.match(
          error.message,
          new RegExp(
            `${item.type} needs the programmatic_tool_calling tool, which the request does not offer; it offers tool_search\\.`,
          ),
        );
        return true;
      });
      model.acknowledgeFailures();
    }
  });
});

describe('compaction builder', () => {
  test('defaults, options, and the SDK schema', () => {
    assert.deepEqual(compactionItem(), {
      type: 'compaction',
      id: 'cmp_1',
      encrypted_content: 'compacted:1',
    });
    const full = compactionItem('enc', { id: 'c2', createdBy: 'server', providerData: { x: 1 } });
    assert.deepEqual(full, {
      type: 'compaction',
      id: 'c2',
      encrypted_content: 'enc',
      created_by: 'server',
      providerData: { x: 1 },
    });
    assert.deepEqual(protocol.CompactionItem.parse(full), full);
  });

  test('allowed in any request, kept as a compaction_item and sent back in place of the context', async () => {
    const model = new ScriptedModel([
      [compactionItem('enc_1'), functionCall('noop', {})],
      [assistantMessage('Done.')],
    ]);
    const agent = new Agent({
      name: 'A',
      model,
      tools: [
        tool({ name: 'noop', description: 'x', parameters: z.object({}), execute: () => '' }),
      ],
    });
    const result = await runner().run(agent, 'Hi');
    assert.equal(result.finalOutput, 'Done.');
    assert.equal(result.newItems[0].type, 'compaction_item');
    const input = model.calls[1].request.input as Array<Record<string, unknown>>;
    // The summary stands for what came before it: the user's message is not sent again.
    assert.deepEqual(input[0], { type: 'compaction', id: 'cmp_1', encrypted_content: 'enc_1' });
    assert.deepEqual(input.map((item) => item.type), [
      'compaction',
      'function_call',
      'function_call_result',
    ]);
    model.assertComplete();
  });
});

describe('bare items where a step belongs', () => {
  test('the hint names the new builders', () => {
    const cases: Array<[unknown, string]> = [
      [toolSearchCall(), 'toolSearchCall()'],
      [toolSearchOutput(), 'toolSearchOutput()'],
      [programCall(), 'programCall()'],
      [programOutput(), 'programOutput()'],
      [compactionItem(), 'compactionItem()'],
    ];
    for (const [item, builder] of cases) {
      assert.throws(
        () => new ScriptedModel([item as never]),
        (error: Error) => {
          assert.ok(
            error.message.endsWith(`so write [${builder}] instead of ${builder}.`),
            error.message,
          );
          return true;
        },
      );
    }
  });
});
