// Every output-item builder, proven through the real Runner: the item lands in
// newItems and history as a real model's would, and items that trigger SDK
// behaviour do (shell, editor, computer, MCP approval, handoff).
import assert from 'node:assert/strict';
import {
  Agent,
  applyPatchTool,
  type Computer,
  computerTool,
  handoff,
  hostedMcpTool,
  protocol,
  Runner,
  shellTool,
} from '@openai/agents';
import { z } from 'zod';
import {
  applyPatchCall,
  assistantMessage,
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
  ScriptedModel,
  shellCall,
  webSearchCall,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const runner = () => new Runner({ tracingDisabled: true });

function inputItems(model: ScriptedModel, index: number): Array<{ type: string }> {
  const input = model.calls[index].request.input;
  assert.ok(Array.isArray(input));
  return input as Array<{ type: string }>;
}

describe('output item builders', () => {
  test('every builder works with no argument and yields a valid protocol item', () => {
    const items = [
      reasoningItem(),
      webSearchCall(),
      fileSearchCall(),
      codeInterpreterCall(),
      imageGenerationCall(),
      computerCall(),
      shellCall(),
      applyPatchCall(),
      hostedToolCall(),
      mcpCall(),
      mcpListTools(),
      mcpApprovalRequest(),
      handoffCall(new Agent({ name: 'Target' })),
    ];
    for (const item of items) {
      const parsed = protocol.OutputModelItem.safeParse(item);
      assert.ok(parsed.success, `${JSON.stringify(item)}: ${JSON.stringify(parsed.error?.issues)}`);
    }
    assert.deepEqual(items.map((item) => item.type), [
      'reasoning',
      'hosted_tool_call',
      'hosted_tool_call',
      'hosted_tool_call',
      'hosted_tool_call',
      'computer_call',
      'shell_call',
      'apply_patch_call',
      'hosted_tool_call',
      'hosted_tool_call',
      'hosted_tool_call',
      'hosted_tool_call',
      'function_call',
    ]);
  });

  test('options override the defaults', () => {
    assert.deepEqual(
      reasoningItem('Plan.', { id: 'rs_9', rawContent: 'raw', providerData: { a: 1 } }),
      {
        type: 'reasoning',
        id: 'rs_9',
        content: [{ type: 'input_text', text: 'Plan.' }],
        rawContent: [{ type: 'reasoning_text', text: 'raw' }],
        providerData: { a: 1 },
      },
    );
    const hosted = hostedToolCall('custom', {
      arguments: '{"a":1}',
      output: 'done',
      status: 'in_progress',
    });
    assert.equal(hosted.arguments, '{"a":1}');
    assert.equal(hosted.output, 'done');
    assert.equal(hosted.status, 'in_progress');
    assert.deepEqual(
      shellCall(['ls'], {
        callId: 'c',
        id: 'i',
        maxOutputLength: 10,
        status: 'in_progress',
        providerData: { p: 1 },
      }),
      {
        type: 'shell_call',
        id: 'i',
        callId: 'c',
        status: 'in_progress',
        action: { commands: ['ls'], maxOutputLength: 10 },
        providerData: { p: 1 },
      },
    );
    assert.equal(
      computerCall(undefined, { providerData: { q: 1 }, status: 'in_progress' }).status,
      'in_progress',
    );
    assert.deepEqual(applyPatchCall(undefined, { providerData: { r: 1 } }).providerData, { r: 1 });
    assert.equal(mcpCall({ error: 'boom' }).providerData?.error, 'boom');
    assert.equal(mcpCall({ arguments: '{"raw":true}' }).providerData?.arguments, '{"raw":true}');
    assert.equal(mcpApprovalRequest().providerData?.status, undefined);
    assert.deepEqual(fileSearchCall({ results: [{ file_id: 'f' }] }).providerData?.results, [{
      file_id: 'f',
    }]);
    assert.equal(imageGenerationCall({ result: 'AAAA' }).output, 'AAAA');
    assert.equal(webSearchCall({ status: 'searching' }).status, 'searching');
    assert.deepEqual(
      handoffCall(new Agent({ name: 'T' }), {
        callId: 'h1',
        arguments: { reason: 'x' },
        providerData: { z: 1 },
      }),
      {
        type: 'function_call',
        id: 'h1',
        callId: 'h1',
        name: 'transfer_to_T',
        status: 'completed',
        arguments: '{"reason":"x"}',
        providerData: { z: 1 },
      },
    );
  });

  test('reasoning and hosted tool calls show up in newItems and in the next request', async () => {
    const model = new ScriptedModel([
      [
        reasoningItem('Look it up.'),
        webSearchCall({ query: 'tokyo weather' }),
        fileSearchCall(),
        codeInterpreterCall(),
        imageGenerationCall(),
        mcpListTools({ serverLabel: 'docs' }),
        mcpCall({ serverLabel: 'docs', name: 'search' }),
        hostedToolCall('tool_search_call'),
      ],
      [assistantMessage('Done.')],
    ]);
    const agent = new Agent({ name: 'Researcher', model });
    const result = await runner().run(agent, 'go');
    assert.equal(result.finalOutput, 'Done.');
    assert.deepEqual(result.newItems.map((item) => item.type), [
      'reasoning_item',
      'tool_call_item',
      'tool_call_item',
      'tool_call_item',
      'tool_call_item',
      'tool_call_item',
      'tool_call_item',
      'tool_call_item',
      'message_output_item',
    ]);
    const names = result.newItems.slice(1, 8).map((item) =>
      (item.rawItem as { name: string }).name
    );
    assert.deepEqual(names, [
      'web_search_call',
      'file_search_call',
      'code_interpreter_call',
      'image_generation_call',
      'mcp_list_tools',
      'mcp_call',
      'tool_search_call',
    ]);
    // The second call saw the items in its input, as with a real model's response.
    const types = inputItems(model, 1).map((item) => item.type);
    assert.ok(types.includes('reasoning'));
    assert.equal(types.filter((type) => type === 'hosted_tool_call').length, 7);
    model.assertComplete();
  });

  test('a shell call runs the shell tool', async () => {
    const commands: string[][] = [];
    const shell = shellTool({
      shell: {
        run: async (action) => {
          commands.push(action.commands);
          return {
            output: [{ stdout: 'hello\n', stderr: '', outcome: { type: 'exit', exitCode: 0 } }],
          };
        },
      },
    });
    const model = new ScriptedModel([[shellCall()], [assistantMessage('Ran it.')]]);
    const agent = new Agent({ name: 'Operator', model, tools: [shell] });
    const result = await runner().run(agent, 'run it');
    assert.deepEqual(commands, [['echo hello']]);
    assert.equal(result.finalOutput, 'Ran it.');
    const output = inputItems(model, 1).find((item) => item.type === 'shell_call_output') as
      | { callId: string; output: Array<{ stdout: string }> }
      | undefined;
    assert.equal(output?.callId, 'call_shell_1');
    assert.equal(output?.output[0].stdout, 'hello\n');
  });

  test('an apply-patch call runs the editor', async () => {
    const operations: string[] = [];
    const editor = applyPatchTool({
      editor: {
        createFile: async (operation) => {
          operations.push(`create ${operation.path}: ${operation.diff}`);
          return { status: 'completed', output: 'created' };
        },
        updateFile: async (operation) => {
          operations.push(`update ${operation.path}`);
        },
        deleteFile: async (operation) => {
          operations.push(`delete ${operation.path}`);
        },
      },
    });
    const model = new ScriptedModel([
      [
        applyPatchCall(),
        applyPatchCall({ type: 'delete_file', path: 'old.txt' }, { callId: 'call_patch_2' }),
      ],
      [assistantMessage('Patched.')],
    ]);
    const agent = new Agent({ name: 'Editor', model, tools: [editor] });
    const result = await runner().run(agent, 'patch it');
    assert.deepEqual(operations, ['create hello.txt: +hello\n', 'delete old.txt']);
    assert.equal(result.finalOutput, 'Patched.');
    const outputs = inputItems(model, 1).filter((item) => item.type === 'apply_patch_call_output');
    assert.equal(outputs.length, 2);
  });

  test('a computer call runs the computer', async () => {
    const actions: string[] = [];
    const computer: Computer = {
      environment: 'browser',
      dimensions: [800, 600],
      screenshot: () => {
        actions.push('screenshot');
        return 'c2NyZWVu';
      },
      click: (x, y, button) => {
        actions.push(`click ${x},${y} ${button}`);
      },
      doubleClick: () => {},
      scroll: () => {},
      type: (text) => {
        actions.push(`type ${text}`);
      },
      wait: () => {},
      move: () => {},
      keypress: () => {},
      drag: () => {},
    };
    const model = new ScriptedModel([
      [computerCall()],
      [computerCall({ type: 'click', x: 5, y: 6, button: 'left' }, { callId: 'call_computer_2' })],
      [assistantMessage('Clicked.')],
    ]);
    const agent = new Agent({ name: 'Browser', model, tools: [computerTool({ computer })] });
    const result = await runner().run(agent, 'click it');
    assert.equal(result.finalOutput, 'Clicked.');
    // Every computer action is followed by a screenshot for the model (SDK 0.16 takes
    // one more for a screenshot action, so only the order of the other actions is exact).
    assert.deepEqual(actions.filter((action) => action !== 'screenshot'), ['click 5,6 left']);
    assert.equal(actions.at(-1), 'screenshot');
    assert.equal(actions.indexOf('click 5,6 left') > 0, true);
    const results = inputItems(model, 2).filter((item) => item.type === 'computer_call_result');
    assert.equal(results.length, 2);
  });

  test('an MCP approval request interrupts the run and state.approve() resolves it', async () => {
    const model = new ScriptedModel([
      [mcpApprovalRequest({ serverLabel: 'docs', name: 'delete_page', arguments: { page: 3 } })],
      [
        mcpCall({ serverLabel: 'docs', name: 'delete_page', output: 'deleted' }),
        assistantMessage('Deleted page 3.'),
      ],
    ]);
    const agent = new Agent({
      name: 'Docs admin',
      model,
      tools: [
        hostedMcpTool({
          serverLabel: 'docs',
          serverUrl: 'https://mcp.example.com',
          requireApproval: 'always',
        }),
      ],
    });
    const first = await runner().run(agent, 'delete page 3');
    assert.equal(first.interruptions.length, 1);
    const request = first.interruptions[0];
    assert.equal((request.rawItem as { name: string }).name, 'delete_page');
    first.state.approve(request);
    const second = await runner().run(agent, first.state);
    assert.equal(second.finalOutput, 'Deleted page 3.');
    assert.equal(second.interruptions.length, 0);
    // The approval went back to the model as a hosted MCP approval response.
    const response = inputItems(model, 1).find((item) =>
      item.type === 'hosted_tool_call' &&
      (item as { name?: string }).name === 'mcp_approval_response'
    ) as { providerData: { approve: boolean; approval_request_id: string } } | undefined;
    assert.equal(response?.providerData.approve, true);
    assert.equal(response?.providerData.approval_request_id, 'mcpr_1');
    model.assertComplete();
  });

  test('a handoff call hands off to the agent, or to a handoff with a custom tool name', async () => {
    const specialistModel = new ScriptedModel([[assistantMessage('Specialist here.')], [
      assistantMessage('Escalated.'),
    ]]);
    const specialist = new Agent({ name: 'Billing specialist', model: specialistModel });
    const escalation = handoff(specialist, {
      toolNameOverride: 'escalate',
      inputType: z.object({ reason: z.string() }),
      onHandoff: () => {},
    });
    const triageModel = new ScriptedModel([
      [handoffCall(specialist)],
      [handoffCall(escalation, { arguments: { reason: 'angry' } })],
    ]);
    const triage = Agent.create({ name: 'Triage', model: triageModel, handoffs: [specialist] });
    const first = await runner().run(triage, 'billing question');
    assert.equal(first.finalOutput, 'Specialist here.');
    assert.equal(first.lastAgent?.name, 'Billing specialist');
    assert.ok(first.newItems.some((item) => item.type === 'handoff_call_item'));
    assert.ok(first.newItems.some((item) => item.type === 'handoff_output_item'));

    const escalating = Agent.create({
      name: 'Triage 2',
      model: triageModel,
      handoffs: [escalation],
    });
    const second = await runner().run(escalating, 'angry');
    assert.equal(second.finalOutput, 'Escalated.');
    assert.equal(handoffCall(escalation).name, 'escalate');
    triageModel.assertComplete();
    specialistModel.assertComplete();
  });

  test('streamed runs see the same items', async () => {
    const model = new ScriptedModel([[
      reasoningItem(),
      webSearchCall(),
      assistantMessage('Streamed.'),
    ]]);
    const agent = new Agent({ name: 'Streamer', model });
    const result = await runner().run(agent, 'go', { stream: true });
    const kinds: string[] = [];
    for await (const event of result) {
      if (event.type === 'run_item_stream_event') kinds.push(event.item.type);
    }
    await result.completed;
    assert.equal(result.finalOutput, 'Streamed.');
    assert.deepEqual(kinds, ['reasoning_item', 'tool_call_item', 'message_output_item']);
  });
});
