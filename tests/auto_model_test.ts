import assert from 'node:assert/strict';
import {
  Agent,
  applyPatchTool,
  type Computer,
  computerTool,
  hostedMcpTool,
  Runner,
  shellTool,
  tool,
  webSearchTool,
} from '@openai/agents';
import { z } from 'zod';
import {
  AutoModel,
  AutoModelBudgetExceededError,
  AutoModelIncompleteError,
  AutoModelValueError,
  DoubleFailuresError,
  doubleScope,
  ScriptedModelRequestAbortedError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const runner = () => new Runner({ tracingDisabled: true });

function recordingTool(name: string, parameters: z.ZodObject, seen: unknown[]) {
  return tool({
    name,
    description: `The ${name} tool.`,
    parameters,
    execute: (input: unknown) => {
      seen.push({ [name]: input });
      return `${name} done`;
    },
  });
}

const emptyRequest = {
  input: 'hi',
  tools: [],
  handoffs: [],
  outputType: 'text',
  modelSettings: {},
  tracing: false,
} as const;

describe('AutoModel', () => {
  test('calls every offered tool once, in order, with arguments the tools accept, then answers', async () => {
    const seen: unknown[] = [];
    const model = new AutoModel();
    const agent = new Agent({
      name: 'Planner',
      model,
      tools: [
        recordingTool(
          'get_weather',
          z.object({ city: z.string(), days: z.number().int().positive() }),
          seen,
        ),
        recordingTool(
          'book_trip',
          z.object({
            destination: z.enum(['Tokyo', 'Paris']),
            travellers: z.array(z.object({ name: z.string(), age: z.number().nullable() })).max(3),
            notes: z.string().nullable(),
          }),
          seen,
        ),
      ],
    });
    const result = await runner().run(agent, 'Plan a trip');
    assert.equal(result.finalOutput, 'AutoModel finished.');
    assert.equal(model.calls.length, 3);
    assert.deepEqual(seen.map((entry) => Object.keys(entry as object)[0]), [
      'get_weather',
      'book_trip',
    ]);
    // What the tools received is what the model generated (the SDK drops nothing here).
    assert.deepEqual(
      model.generated.map((entry) => ({ [entry.name]: entry.value })),
      seen,
    );
    assert.deepEqual(model.generated.map((entry) => [entry.callIndex, entry.kind, entry.callId]), [
      [0, 'tool', 'auto_call_1_1'],
      [1, 'tool', 'auto_call_2_1'],
    ]);
    assert.deepEqual(model.firstCall?.request.tools.map((t) => t.name), [
      'get_weather',
      'book_trip',
    ]);
    assert.equal(model.lastCall?.index, 2);
    assert.equal(model.lastCall?.streamed, false);
    assert.ok(Object.isFrozen(model.calls));
    model.assertComplete();
    model.assertNoUnexpectedCalls();
  });

  test('streams the same run', async () => {
    const seen: unknown[] = [];
    const model = new AutoModel({ seed: 3 });
    const agent = new Agent({
      name: 'Streamer',
      model,
      tools: [recordingTool('lookup', z.object({ id: z.string() }), seen)],
    });
    const result = await runner().run(agent, 'go', { stream: true });
    const events: string[] = [];
    for await (const event of result) events.push(event.type);
    await result.completed;
    assert.equal(result.finalOutput, 'AutoModel finished.');
    assert.ok(events.includes('raw_model_stream_event'));
    assert.deepEqual(model.calls.map((call) => call.streamed), [true, true]);
    assert.deepEqual(seen, [{ lookup: model.generated[0].value }]);
  });

  test('parallelToolCalls calls every tool in one response; tools selects a subset', async () => {
    const seen: unknown[] = [];
    const tools = ['a', 'b', 'c'].map((name) =>
      recordingTool(name, z.object({ x: z.number() }), seen)
    );
    const parallel = new AutoModel({ parallelToolCalls: true });
    await runner().run(new Agent({ name: 'P', model: parallel, tools }), 'go');
    assert.equal(parallel.calls.length, 2);
    assert.deepEqual(parallel.generated.map((g) => [g.callIndex, g.name, g.callId]), [
      [0, 'a', 'auto_call_1_1'],
      [0, 'b', 'auto_call_1_2'],
      [0, 'c', 'auto_call_1_3'],
    ]);
    parallel.assertComplete();

    seen.length = 0;
    const subset = new AutoModel({ tools: ['c'] });
    await runner().run(new Agent({ name: 'S', model: subset, tools }), 'go');
    assert.deepEqual(seen.map((entry) => Object.keys(entry as object)[0]), ['c']);
    subset.assertComplete();

    seen.length = 0;
    const none = new AutoModel({ tools: 'none', finalText: 'No tools.' });
    const result = await runner().run(new Agent({ name: 'N', model: none, tools }), 'go');
    assert.equal(result.finalOutput, 'No tools.');
    assert.deepEqual(seen, []);
    none.assertComplete();
  });

  test('namespaced tools are called with their namespace; unknown hosted tools are left alone', async () => {
    const { toolNamespace } = await import('@openai/agents');
    const seen: unknown[] = [];
    const crm = toolNamespace({
      name: 'crm',
      description: 'Customer records.',
      tools: [recordingTool('find_customer', z.object({ email: z.string() }), seen)],
    });
    const model = new AutoModel({ hostedTools: true });
    const agent = new Agent({
      name: 'Namespaced',
      model,
      tools: [
        ...crm,
        // A hosted tool AutoModel has no builder for: offered, never called.
        { type: 'hosted_tool', name: 'tool_search', providerData: { type: 'tool_search' } },
      ],
    });
    await runner().run(agent, 'go');
    assert.equal(seen.length, 1);
    const call = model.calls[1].request.input as Array<{ type: string; namespace?: string }>;
    assert.equal(call.find((item) => item.type === 'function_call')?.namespace, 'crm');
    model.assertComplete();
  });

  test('an output that cannot be generated names the output type', async () => {
    const model = new AutoModel({ outputSchema: { type: 'string', minLength: 3, maxLength: 1 } });
    const agent = new Agent({ name: 'Out', model, outputType: z.object({ a: z.string() }) });
    const error = await runner().run(agent, 'go').catch((e) => e);
    assert.ok(error instanceof AutoModelValueError);
    assert.equal(error.kind, 'output');
    const outputType = model.lastCall?.request.outputType as { name: string };
    assert.equal(error.toolName, outputType.name);
    assert.ok(
      error.message.startsWith(
        `AutoModel cannot generate the output "${outputType.name}" at #/minLength`,
      ),
    );
    model.acknowledgeFailures();
  });

  test("toolChoice 'none' means no tool calls", async () => {
    const seen: unknown[] = [];
    const model = new AutoModel({ hostedTools: true });
    const agent = new Agent({
      name: 'Quiet',
      model,
      modelSettings: { toolChoice: 'none' },
      tools: [recordingTool('a', z.object({}), seen), webSearchTool()],
    });
    const result = await runner().run(agent, 'go');
    assert.equal(result.finalOutput, 'AutoModel finished.');
    assert.deepEqual(seen, []);
    assert.equal(model.calls.length, 1);
    model.assertComplete();
  });

  test('fixed arguments replace generated ones, as objects or raw strings', async () => {
    const seen: unknown[] = [];
    const model = new AutoModel({
      arguments: { lookup: { id: 'A-1' }, raw: '{"id":"B-2"}' },
    });
    const agent = new Agent({
      name: 'Fixed',
      model,
      tools: [
        recordingTool('lookup', z.object({ id: z.string() }), seen),
        recordingTool('raw', z.object({ id: z.string() }), seen),
      ],
    });
    await runner().run(agent, 'go');
    assert.deepEqual(seen, [{ lookup: { id: 'A-1' } }, { raw: { id: 'B-2' } }]);
    assert.deepEqual(model.generated.map((g) => g.value), [{ id: 'A-1' }, '{"id":"B-2"}']);
  });

  test('the same seed gives the same values; another seed other values', async () => {
    const parameters = z.object({ a: z.string(), b: z.number(), c: z.array(z.string()) });
    const run = async (seed: number) => {
      const model = new AutoModel({ seed });
      await runner().run(
        new Agent({ name: 'S', model, tools: [recordingTool('t', parameters, [])] }),
        'go',
      );
      return model.generated.map((g) => g.value);
    };
    assert.deepEqual(await run(5), await run(5));
    const values = new Set(
      await Promise.all([1, 2, 3, 4, 6, 7].map(async (seed) => JSON.stringify(await run(seed)))),
    );
    assert.ok(values.size > 1);
  });

  test('toolSchemas generates from the richer zod schema and validates with it', async () => {
    const parameters = z.object({
      email: z.email(),
      id: z.uuid(),
      code: z.string().regex(/^[A-Z]{3}-\d{2}$/),
      count: z.int().min(100).max(105),
    });
    const seen: unknown[] = [];
    const model = new AutoModel({ toolSchemas: { register: parameters } });
    await runner().run(
      new Agent({ name: 'R', model, tools: [recordingTool('register', parameters, seen)] }),
      'go',
    );
    assert.equal(seen.length, 1);
    const received = (seen[0] as { register: z.infer<typeof parameters> }).register;
    assert.ok(parameters.safeParse(received).success);
    assert.ok(received.count >= 100 && received.count <= 105);
    model.assertComplete();
  });

  test('a richer schema that rejects every candidate fails with rejected_by_schema', async () => {
    const impossible = z.object({ word: z.string() }).refine(() => false, {
      message: 'never',
      path: ['word'],
    });
    const model = new AutoModel({ toolSchemas: { picky: impossible } });
    const agent = new Agent({
      name: 'Picky',
      model,
      tools: [recordingTool('picky', z.object({ word: z.string() }), [])],
    });
    const error = await runner().run(agent, 'go').catch((e) => e);
    assert.ok(error instanceof AutoModelValueError);
    assert.equal(error.reason, 'rejected_by_schema');
    assert.equal(error.schemaPath, '#/properties/word');
    assert.equal(error.toolName, 'picky');
    assert.equal(error.kind, 'tool');
    assert.equal(error.callIndex, 0);
    assert.deepEqual(model.acknowledgeFailures(), [error]);
  });

  test('answers a zod structured output type with a generated object the runner parses', async () => {
    const Report = z.object({
      title: z.string(),
      score: z.number(),
      tags: z.array(z.string()),
      verdict: z.enum(['buy', 'hold', 'sell']),
      source: z.object({ url: z.string(), year: z.number().int() }).nullable(),
    });
    const model = new AutoModel({ seed: 11 });
    const agent = new Agent({ name: 'Analyst', model, outputType: Report });
    const result = await runner().run(agent, 'Analyse');
    assert.ok(Report.safeParse(result.finalOutput).success);
    assert.deepEqual(model.generated.at(-1)?.kind, 'output');
    assert.deepEqual(result.finalOutput, model.generated.at(-1)?.value);
  });

  test('answers a JSON-schema output type, and outputSchema overrides it', async () => {
    const model = new AutoModel();
    const agent = new Agent({
      name: 'Json',
      model,
      outputType: {
        type: 'json_schema',
        name: 'Answer',
        strict: true,
        schema: {
          type: 'object',
          properties: { answer: { type: 'string', enum: ['yes', 'no'] } },
          required: ['answer'],
          additionalProperties: false,
        },
      },
    });
    const result = await runner().run(agent, 'yes or no?');
    assert.ok(['yes', 'no'].includes((result.finalOutput as { answer: string }).answer));
    assert.equal(model.generated[0].name, 'Answer');

    const fixed = new AutoModel({ outputSchema: z.object({ answer: z.literal('yes') }) });
    const again = await runner().run(agent.clone({ model: fixed }), 'yes or no?');
    assert.deepEqual(again.finalOutput, { answer: 'yes' });
  });

  test('follows handoffs once each when asked, skips them by default', async () => {
    const seen: unknown[] = [];
    const refunds = new Agent({
      name: 'Refunds',
      tools: [recordingTool('issue_refund', z.object({ amount: z.number() }), seen)],
    });
    const faq = new Agent({ name: 'FAQ agent' });
    const triage = Agent.create({ name: 'Triage', handoffs: [refunds, faq] });
    refunds.handoffs = [triage];

    const following = new AutoModel({ handoffs: 'follow' });
    const result = await new Runner({ tracingDisabled: true, model: following }).run(
      triage,
      'help',
    );
    // Triage → Refunds (tool, then back to Triage) → FAQ agent, which answers.
    assert.equal(result.lastAgent?.name, 'FAQ agent');
    assert.deepEqual(following.generated.map((g) => `${g.kind}:${g.name}`), [
      'handoff:transfer_to_Refunds',
      'tool:issue_refund',
      'handoff:transfer_to_Triage',
      'handoff:transfer_to_FAQ_agent',
    ]);
    assert.equal(seen.length, 1);
    following.assertComplete();

    const skipping = new AutoModel();
    const skipped = await new Runner({ tracingDisabled: true, model: skipping }).run(
      triage,
      'help',
    );
    assert.equal(skipped.lastAgent?.name, 'Triage');

    const named = new AutoModel({ handoffs: ['FAQ agent'] });
    const direct = await new Runner({ tracingDisabled: true, model: named }).run(triage, 'help');
    assert.equal(direct.lastAgent?.name, 'FAQ agent');
    assert.deepEqual(named.generated.map((g) => g.name), ['transfer_to_FAQ_agent']);
  });

  test('a handoff with an input type gets generated input', async () => {
    const { handoff } = await import('@openai/agents');
    const received: unknown[] = [];
    const model = new AutoModel({ handoffs: 'follow' });
    const target = new Agent({ name: 'Escalations', model });
    const escalate = handoff(target, {
      inputType: z.object({ reason: z.string(), priority: z.enum(['low', 'high']) }),
      onHandoff: (_context, input) => {
        received.push(input);
      },
    });
    const agent = Agent.create({ name: 'Front desk', model, handoffs: [escalate] });
    const result = await runner().run(agent, 'escalate');
    assert.equal(result.lastAgent?.name, 'Escalations');
    assert.deepEqual(received, [model.generated[0].value]);
  });

  test('hostedTools calls the shell, editor, computer and hosted tools with builder defaults', async () => {
    const ran: string[] = [];
    const computer: Computer = {
      environment: 'browser',
      dimensions: [100, 100],
      screenshot: () => {
        ran.push('screenshot');
        return 'aW1n';
      },
      click: () => {},
      doubleClick: () => {},
      scroll: () => {},
      type: () => {},
      wait: () => {},
      move: () => {},
      keypress: () => {},
      drag: () => {},
    };
    const tools = [
      shellTool({
        shell: {
          run: async (action) => {
            ran.push(`shell ${action.commands.join(';')}`);
            return { output: [{ stdout: '', stderr: '', outcome: { type: 'exit', exitCode: 0 } }] };
          },
        },
      }),
      applyPatchTool({
        editor: {
          createFile: async (op) => {
            ran.push(`create ${op.path}`);
          },
          updateFile: async () => {},
          deleteFile: async () => {},
        },
      }),
      computerTool({ computer }),
      webSearchTool(),
      hostedMcpTool({ serverLabel: 'docs', serverUrl: 'https://mcp.example.com' }),
    ];
    const model = new AutoModel({ hostedTools: true });
    const result = await runner().run(new Agent({ name: 'Ops', model, tools }), 'go');
    assert.equal(result.finalOutput, 'AutoModel finished.');
    // SDK 0.16 takes a second screenshot for a screenshot action; later versions one.
    assert.deepEqual(ran.slice(0, 3), ['shell echo hello', 'create hello.txt', 'screenshot']);
    assert.ok(ran.slice(3).every((action) => action === 'screenshot'));
    const hostedNames = result.newItems
      .filter((item) => item.type === 'tool_call_item' && item.rawItem.type === 'hosted_tool_call')
      .map((item) => (item.rawItem as { name: string }).name);
    assert.deepEqual(hostedNames, ['web_search_call', 'mcp_call']);
    assert.equal(model.calls.length, 6);

    const together = new AutoModel({ hostedTools: true, parallelToolCalls: true });
    await runner().run(new Agent({ name: 'Ops', model: together, tools }), 'go');
    assert.equal(together.calls.length, 2);
  });

  test('an impossible schema fails with the tool name and schema path, and is kept as a failure', async () => {
    const odd = tool({
      name: 'odd',
      description: 'Cannot be satisfied.',
      parameters: {
        type: 'object',
        properties: { code: { type: 'string', minLength: 4, maxLength: 2 } },
        required: ['code'],
        additionalProperties: false,
      },
      strict: true,
      execute: () => 'never',
    });
    const model = new AutoModel();
    const error = await runner().run(new Agent({ name: 'Odd', model, tools: [odd] }), 'go').catch((
      e,
    ) => e);
    assert.ok(error instanceof AutoModelValueError);
    assert.equal(error.name, 'AutoModelValueError');
    assert.equal(error.toolName, 'odd');
    assert.equal(error.schemaPath, '#/properties/code/minLength');
    assert.equal(error.reason, 'unsatisfiable');
    assert.match(
      error.message,
      /"odd" at #\/properties\/code\/minLength \(call #1, unsatisfiable\)/,
    );
    assert.deepEqual(Object.keys(error), [
      'callIndex',
      'kind',
      'toolName',
      'schemaPath',
      'reason',
      'name',
    ]);
    assert.throws(() => model.assertNoUnexpectedCalls(), DoubleFailuresError);
    assert.equal(model.failures.length, 1);
    model.acknowledgeFailures();
    model.assertNoUnexpectedCalls();
  });

  test('the call budget stops a loop', async () => {
    const model = new AutoModel({ maxCalls: 1 });
    const agent = new Agent({
      name: 'Loop',
      model,
      tools: [recordingTool('a', z.object({}), [])],
    });
    const error = await runner().run(agent, 'go').catch((e) => e);
    assert.ok(error instanceof AutoModelBudgetExceededError);
    assert.equal(error.callIndex, 1);
    assert.equal(error.maxCalls, 1);
    assert.equal(error.message, 'AutoModel call #2 exceeds its budget of 1 call.');
    model.acknowledgeFailures();
  });

  test('assertComplete reports a model never called, or tools never called', async () => {
    const unused = new AutoModel();
    assert.throws(() => unused.assertComplete(), (error: unknown) => {
      assert.ok(error instanceof AutoModelIncompleteError);
      assert.equal(error.calls, 0);
      assert.deepEqual(error.uncalledTools, []);
      assert.equal(error.message, 'AutoModel was never called.');
      return true;
    });

    const model = new AutoModel();
    const agent = new Agent({
      name: 'Stops early',
      model,
      toolUseBehavior: 'stop_on_first_tool',
      tools: [recordingTool('first', z.object({}), []), recordingTool('second', z.object({}), [])],
    });
    await runner().run(agent, 'go');
    assert.throws(() => model.assertComplete(), (error: unknown) => {
      assert.ok(error instanceof AutoModelIncompleteError);
      assert.deepEqual(error.uncalledTools, ['second']);
      assert.equal(error.message, 'AutoModel never called 1 offered tool: second.');
      return true;
    });
    assert.throws(() => model[Symbol.dispose](), AutoModelIncompleteError);
  });

  test('works with doubleScope().track() and using', async () => {
    const scope = doubleScope();
    const model = scope.track(new AutoModel());
    await runner().run(new Agent({ name: 'Scoped', model }), 'go');
    await scope.finish();

    const failing = doubleScope();
    failing.track(new AutoModel());
    await assert.rejects(() => failing.finish(), AutoModelIncompleteError);

    {
      using disposed = new AutoModel();
      await disposed.getResponse(emptyRequest as never);
    }
  });

  test('an aborted request fails like a scripted model', async () => {
    const model = new AutoModel();
    await assert.rejects(
      () => model.getResponse({ ...emptyRequest, signal: AbortSignal.abort() } as never),
      ScriptedModelRequestAbortedError,
    );
    assert.throws(
      () => model.getStreamedResponse({ ...emptyRequest, signal: AbortSignal.abort() } as never),
      ScriptedModelRequestAbortedError,
    );
    assert.equal(model.calls.length, 0);
    const controller = new AbortController();
    const stream = model.getStreamedResponse(
      { ...emptyRequest, signal: controller.signal } as never,
    );
    controller.abort();
    await assert.rejects(async () => {
      for await (const _event of stream) { /* drain */ }
    }, ScriptedModelRequestAbortedError);
  });

  test('recorded requests are detached snapshots', async () => {
    const model = new AutoModel();
    const input = [{ type: 'message', role: 'user', content: 'hi' }];
    await model.getResponse({ ...emptyRequest, input } as never);
    input[0].content = 'changed';
    const recorded = model.firstCall?.request.input as Array<{ content: string }>;
    assert.equal(recorded[0].content, 'hi');
    assert.notEqual(model.firstCall?.request.input, model.firstCall?.request.input);
    assert.ok(Object.isFrozen(model.generated));
  });
});

/** A function tool as the runner serializes it into a request. */
function fnTool(name: string, parameters: unknown = { type: 'object', properties: {} }) {
  return { type: 'function', name, description: name, parameters, strict: true };
}

function request(overrides: Record<string, unknown>) {
  return { ...emptyRequest, input: [], ...overrides } as never;
}

type OutputItem = Record<string, unknown> & { type: string };
const outputOf = (response: { output: unknown[] }) => response.output as OutputItem[];

/** A function tool, the computer, shell and apply_patch tools, and a hosted web search. */
function everyKindOfTool() {
  return [
    fnTool('lookup'),
    {
      type: 'computer',
      name: 'computer_use_preview',
      environment: 'browser',
      dimensions: [1, 1],
    },
    { type: 'shell', name: 'shell' },
    { type: 'apply_patch', name: 'apply_patch' },
    { type: 'hosted_tool', name: 'web_search', providerData: { type: 'web_search' } },
  ];
}

describe('AutoModel called directly', () => {
  test('ids and usage of tool calls, hosted calls and the final message', async () => {
    const model = new AutoModel({ hostedTools: true, parallelToolCalls: true });
    const tools = [
      ...everyKindOfTool(),
      { type: 'hosted_tool', name: 'web_search', providerData: { type: 'web_search_preview' } },
      { type: 'hosted_tool', name: 'file_search', providerData: { type: 'file_search' } },
      { type: 'hosted_tool', name: 'code', providerData: { type: 'code_interpreter' } },
      { type: 'hosted_tool', name: 'image', providerData: { type: 'image_generation' } },
      { type: 'hosted_tool', name: 'mcp', providerData: { type: 'mcp', server_label: 'docs' } },
    ];
    const first = await model.getResponse(request({ tools }));
    assert.equal(first.usage.requests, 1);
    assert.equal(first.responseId, 'auto-response-1');
    const items = outputOf(first);
    assert.deepEqual(items[0], {
      type: 'function_call',
      id: 'auto_call_1_1',
      callId: 'auto_call_1_1',
      name: 'lookup',
      status: 'completed',
      arguments: '{}',
    });
    assert.deepEqual(items.slice(1).map((item) => item.callId ?? item.id), [
      'auto_computer_1_2',
      'auto_shell_1_3',
      'auto_patch_1_4',
      'auto_web_search_call_1_5',
      'auto_web_search_call_1_6',
      'auto_file_search_call_1_7',
      'auto_code_interpreter_call_1_8',
      'auto_image_generation_call_1_9',
      'auto_mcp_call_1_10',
    ]);
    assert.deepEqual(items.slice(5).map((item) => item.id), [
      'auto_web_search_call_1_6',
      'auto_file_search_call_1_7',
      'auto_code_interpreter_call_1_8',
      'auto_image_generation_call_1_9',
      'auto_mcp_call_1_10',
    ]);
    const done = await model.getResponse(request({ tools, input: first.output }));
    assert.deepEqual(outputOf(done).map((item) => [item.type, item.id]), [
      ['message', 'auto_msg_2'],
    ]);
    assert.equal(done.responseId, 'auto-response-2');
  });

  test('one call at a time: a function tool first, a hosted tool only when none is left', async () => {
    const model = new AutoModel({ hostedTools: true });
    const tools = [
      fnTool('lookup'),
      { type: 'hosted_tool', name: 'web_search', providerData: { type: 'web_search' } },
    ];
    const first = outputOf(await model.getResponse(request({ tools })));
    assert.deepEqual(first.map((item) => item.type), ['function_call']);
    const second = outputOf(await model.getResponse(request({ tools, input: first })));
    assert.deepEqual(second.map((item) => [item.type, item.id]), [
      ['hosted_tool_call', 'auto_web_search_call_2_1'],
    ]);
    // Without the option, hosted tools are never called.
    const plain = new AutoModel();
    const only = outputOf(await plain.getResponse(request({ tools: tools.slice(1) })));
    assert.deepEqual(only.map((item) => item.type), ['message']);
  });

  test('called tools are read from function_call items only', async () => {
    const model = new AutoModel();
    const tools = [fnTool('lookup')];
    // A history holding the call: nothing left to call.
    const call = { type: 'function_call', callId: 'c1', name: 'lookup', arguments: '{}' };
    const after = outputOf(await model.getResponse(request({ tools, input: [call] })));
    assert.deepEqual(after.map((item) => item.type), ['message']);
    // A result alone (or a hosted call of that name) is not a call of the tool.
    const result = { type: 'function_call_result', callId: 'c1', name: 'lookup', output: 'x' };
    const hosted = { type: 'hosted_tool_call', name: 'lookup' };
    const again = outputOf(await model.getResponse(request({ tools, input: [result, hosted] })));
    assert.deepEqual(again.map((item) => [item.type, item.name]), [['function_call', 'lookup']]);
  });

  test('hosted calls already made are recognised by type, name and MCP server', async () => {
    const model = new AutoModel({ hostedTools: true, parallelToolCalls: true });
    const tools = [
      { type: 'hosted_tool', name: 'web_search', providerData: { type: 'web_search' } },
      { type: 'hosted_tool', name: 'mcp', providerData: { type: 'mcp', server_label: 'a' } },
      { type: 'hosted_tool', name: 'mcp', providerData: { type: 'mcp', server_label: 'b' } },
    ];
    const history = [
      // A function call that happens to share the hosted call's name is not it.
      { type: 'function_call', callId: 'c1', name: 'web_search_call', arguments: '{}' },
      { type: 'hosted_tool_call', name: 'mcp_call', providerData: { server_label: 'a' } },
      // An MCP call without provider data names no server.
      { type: 'hosted_tool_call', name: 'mcp_call' },
    ];
    const items = outputOf(await model.getResponse(request({ tools, input: history })));
    assert.deepEqual(items.map((item) => item.name), ['web_search_call', 'mcp_call']);
    assert.equal((items[1].providerData as { server_label?: string }).server_label, 'b');
  });

  test('holes in the history are skipped, not read', async () => {
    const model = new AutoModel({ hostedTools: true, parallelToolCalls: true });
    const tools = everyKindOfTool();
    const items = outputOf(await model.getResponse(request({ tools, input: [null, undefined] })));
    assert.deepEqual(items.map((item) => item.type), [
      'function_call',
      'computer_call',
      'shell_call',
      'apply_patch_call',
      'hosted_tool_call',
    ]);
  });

  test('a namespace is copied only when the tool has one', async () => {
    const model = new AutoModel();
    const [item] = outputOf(await model.getResponse(request({ tools: [fnTool('plain')] })));
    assert.equal(Object.hasOwn(item, 'namespace'), false);
  });

  test("tools: 'none' and a list select by exact name", async () => {
    const none = new AutoModel({ tools: 'none' });
    const items = outputOf(await none.getResponse(request({ tools: [fnTool('no')] })));
    assert.deepEqual(items.map((item) => item.type), ['message']);
    const listed = new AutoModel({ tools: ['lookup'] });
    const picked = outputOf(
      await listed.getResponse(request({ tools: [fnTool('look'), fnTool('lookup')] })),
    );
    assert.deepEqual(picked.map((item) => item.name), ['lookup']);
  });

  test('handoffs: named by agent or tool name, any of several; fixed raw arguments', async () => {
    const handoffs = [
      {
        toolName: 'transfer_to_Billing',
        toolDescription: 'billing',
        inputJsonSchema: { type: 'object', properties: {} },
        strictJsonSchema: true,
      },
    ];
    const byName = new AutoModel({ handoffs: ['Nobody', 'Billing'] });
    const [first] = outputOf(await byName.getResponse(request({ handoffs })));
    assert.deepEqual(first, {
      type: 'function_call',
      id: 'auto_call_1_1',
      callId: 'auto_call_1_1',
      name: 'transfer_to_Billing',
      status: 'completed',
      arguments: '{}',
    });
    assert.deepEqual(byName.generated.map((g) => [g.kind, g.callId]), [
      ['handoff', 'auto_call_1_1'],
    ]);
    const byTool = new AutoModel({
      handoffs: ['transfer_to_Billing'],
      arguments: { transfer_to_Billing: '{"reason":"raw"}' },
    });
    const [second] = outputOf(await byTool.getResponse(request({ handoffs })));
    assert.equal(second.arguments, '{"reason":"raw"}');
  });

  test('a handoff input that cannot be generated names the handoff', async () => {
    const model = new AutoModel({ handoffs: 'follow' });
    const handoffs = [{
      toolName: 'transfer_to_Odd',
      toolDescription: 'odd',
      inputJsonSchema: {
        type: 'object',
        properties: { code: { type: 'string', minLength: 4, maxLength: 2 } },
        required: ['code'],
      },
      strictJsonSchema: true,
    }];
    await assert.rejects(model.getResponse(request({ handoffs })), (error) => {
      assert.ok(error instanceof AutoModelValueError);
      assert.equal(error.kind, 'handoff');
      assert.equal(error.toolName, 'transfer_to_Odd');
      return true;
    });
    model.acknowledgeFailures();
  });

  test('fixed arguments are copied; an output is never fixed', async () => {
    const fixed = { city: 'Oslo', tags: ['a'] };
    const outputType = {
      type: 'json_schema',
      name: 'lookup',
      strict: true,
      schema: {
        type: 'object',
        properties: { n: { type: 'integer', minimum: 5, maximum: 5 } },
        required: ['n'],
        additionalProperties: false,
      },
    };
    const model = new AutoModel({ arguments: { lookup: fixed } });
    await model.getResponse(request({ tools: [fnTool('lookup')] }));
    fixed.tags.push('b');
    assert.deepEqual(model.generated[0].value, { city: 'Oslo', tags: ['a'] });
    const answer = outputOf(
      await model.getResponse(
        request({ outputType, input: [{ type: 'function_call', name: 'lookup' }] }),
      ),
    );
    assert.match(JSON.stringify(answer[0]), /\{\\"n\\":5\}/);
    assert.deepEqual(model.generated[1].value, { n: 5 });
  });

  test('tools with the same schema get their own values', async () => {
    const schema = { type: 'object', properties: { s: { type: 'string' } }, required: ['s'] };
    const model = new AutoModel({ parallelToolCalls: true });
    await model.getResponse(request({ tools: [fnTool('one', schema), fnTool('two', schema)] }));
    const [one, two] = model.generated.map((g) => g.value);
    assert.notDeepEqual(one, two);
  });

  test('a richer schema is retried with new candidates, twelve times at most', async () => {
    // Rejects the first candidate it sees, then accepts any other value.
    let firstSeen: unknown;
    const picky = z.object({ s: z.string() }).refine((value) => {
      firstSeen ??= value.s;
      return value.s !== firstSeen;
    });
    const model = new AutoModel({ toolSchemas: { lookup: picky } });
    await model.getResponse(request({ tools: [fnTool('lookup')] }));
    assert.notEqual((model.generated[0].value as { s: string }).s, firstSeen);

    let attempts = 0;
    const never = z.object({ s: z.string() }).refine(() => (attempts++, false), 'never');
    const failing = new AutoModel({ toolSchemas: { lookup: never } });
    await assert.rejects(failing.getResponse(request({ tools: [fnTool('lookup')] })), (error) => {
      assert.ok(error instanceof AutoModelValueError);
      assert.equal(error.reason, 'rejected_by_schema');
      assert.match(error.message, /the schema's own validation rejected every candidate: never/);
      return true;
    });
    assert.equal(attempts, 12);
    failing.acknowledgeFailures();
  });

  test('a hand-made Standard Schema: empty issues accept, issue paths become pointers', async () => {
    const standard = (validate: (value: unknown) => unknown) => ({
      '~standard': {
        version: 1,
        vendor: 'test',
        validate,
        jsonSchema: { input: () => ({ type: 'object', properties: {} }) },
      },
    });
    const accepting = new AutoModel({
      toolSchemas: { a: standard(() => ({ issues: [] })) as never },
    });
    await accepting.getResponse(request({ tools: [fnTool('a')] }));
    assert.deepEqual(accepting.generated[0].value, {});

    const paths: Array<[unknown[] | undefined, string]> = [
      [undefined, '#'],
      [[{ key: 'items' }, 0, 'name'], '#/properties/items/items/properties/name'],
      [[null], '#/properties/null'],
    ];
    for (const [path, pointer] of paths) {
      const rejecting = new AutoModel({
        toolSchemas: { a: standard(() => ({ issues: [{ message: 'bad', path }] })) as never },
      });
      await assert.rejects(rejecting.getResponse(request({ tools: [fnTool('a')] })), (error) => {
        assert.ok(error instanceof AutoModelValueError);
        assert.equal(error.schemaPath, pointer);
        return true;
      });
      rejecting.acknowledgeFailures();
    }
  });

  test('a schema whose ~standard lacks validate or jsonSchema is read as plain JSON Schema', async () => {
    const partial = [
      { version: 1 },
      null,
      { validate: () => ({ value: 1 }) },
      { jsonSchema: { input: () => ({ type: 'number' }) } },
    ];
    for (const standardPart of partial) {
      const schema = { type: 'string', enum: ['plain'], '~standard': standardPart };
      const model = new AutoModel({ outputSchema: schema as never });
      const outputType = { type: 'json_schema', name: 'out', strict: true, schema: {} };
      await model.getResponse(request({ outputType }));
      assert.equal(model.generated[0].value, 'plain');
    }
  });

  test('a request without model settings or with a hosted tool lacking provider data', async () => {
    const model = new AutoModel({ hostedTools: true });
    const tools = [fnTool('lookup'), { type: 'hosted_tool', name: 'odd' }];
    const items = outputOf(await model.getResponse(request({ tools, modelSettings: undefined })));
    assert.deepEqual(items.map((item) => item.name), ['lookup']);
  });

  test('a stream aborted between events stops', async () => {
    const model = new AutoModel();
    const controller = new AbortController();
    const stream = model.getStreamedResponse(request({ signal: controller.signal }));
    const iterator = stream[Symbol.asyncIterator]();
    assert.equal((await iterator.next()).value?.type, 'response_started');
    controller.abort();
    await assert.rejects(iterator.next(), ScriptedModelRequestAbortedError);
  });

  test('teardown reports the failures it raised, naming AutoModel', async () => {
    const model = new AutoModel({ maxCalls: 0 });
    await assert.rejects(model.getResponse(request({})), AutoModelBudgetExceededError);
    // The over-budget call was still a call: only the failure is left to report.
    assert.throws(() => model[Symbol.dispose](), (error) => {
      assert.ok(error instanceof DoubleFailuresError);
      assert.equal(error.double, 'AutoModel');
      assert.match(error.message, /^AutoModel raised 1 failure/);
      return true;
    });
  });
});
