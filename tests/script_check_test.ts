import assert from 'node:assert/strict';
import {
  Agent,
  computerTool,
  handoff,
  Runner,
  tool,
  toolNamespace,
  webSearchTool,
} from '@openai/agents';
import { z } from 'zod';
import {
  applyPatchCall,
  assistantMessage,
  computerCall,
  DoubleFailuresError,
  functionCall,
  handoffCall,
  InvalidScriptedModelStepError,
  mcpApprovalRequest,
  modelResponder,
  modelResponse,
  scriptedComputer,
  ScriptedModel,
  ScriptedModelProvider,
  ScriptedOutputMismatchError,
  shellCall,
  webSearchCall,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { collect, modelRequest } from './_model_fixtures.ts';

// deno-lint-ignore no-explicit-any
type AnyAgent = Agent<any, any>;

const runner = () => new Runner({ tracingDisabled: true });

function refundTool(execute: (args: unknown) => string = () => 'refunded') {
  return tool({
    name: 'refund',
    description: 'Refunds an order.',
    parameters: z.object({
      orderId: z.string(),
      amountCents: z.number(),
      reason: z.enum(['damaged', 'late']).nullable(),
      items: z.array(z.object({ sku: z.string(), quantity: z.number() })),
      note: z.string().optional(),
    }),
    execute,
  });
}

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks an order up.',
  parameters: z.object({ orderId: z.string() }),
  execute: ({ orderId }) => `${orderId}: shipped`,
});

const billing = new Agent({ name: 'Billing' });

function supportAgent(model: ScriptedModel, extra: Record<string, unknown> = {}): AnyAgent {
  return new Agent(
    {
      name: 'Support',
      model,
      tools: [refundTool(), lookupOrder],
      handoffs: [billing],
      ...extra,
    } as ConstructorParameters<typeof Agent>[0],
  );
}

const validRefund = {
  orderId: 'ORD-1',
  amountCents: 1500,
  reason: 'damaged',
  items: [{ sku: 'A', quantity: 1 }],
  note: null,
};

/** Runs `agent` and returns the mismatch it fails with. */
async function mismatchOf(
  agent: AnyAgent,
  options: { stream?: boolean } = {},
): Promise<ScriptedOutputMismatchError> {
  let caught: unknown;
  try {
    if (options.stream) {
      const result = await runner().run(agent, 'Help', { stream: true });
      await collect(result);
      await result.completed;
    } else {
      await runner().run(agent, 'Help');
    }
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof ScriptedOutputMismatchError, `got ${String(caught)}`);
  return caught;
}

describe('strict scripts: arguments against the tool schema', () => {
  test('a misnamed argument fails at the call, naming call, item, tool and path', async () => {
    const model = new ScriptedModel([
      [
        assistantMessage('Let me refund that.'),
        functionCall('refund', { ...validRefund, amount: 15 }),
      ],
      [assistantMessage('Refunded.')],
    ]);
    const error = await mismatchOf(supportAgent(model));
    assert.deepEqual(Object.keys(error), [
      'double',
      'callIndex',
      'itemIndex',
      'reason',
      'toolName',
      'path',
      'expected',
      'actual',
      'available',
      'name',
    ]);
    assert.equal(error.double, 'ScriptedModel');
    assert.equal(error.callIndex, 0);
    assert.equal(error.itemIndex, 1);
    assert.equal(error.reason, 'invalid_arguments');
    assert.equal(error.toolName, 'refund');
    assert.equal(error.path, 'amount');
    assert.equal(error.actual, 15);
    assert.equal(error.available, undefined);
    assert.match(error.expected, /no property "amount"/);
    assert.equal(
      error.message,
      'ScriptedModel call #1 (agent "Support"), output item #2: function_call "refund" has invalid arguments at ' +
        'amount: expected no property "amount" (the schema allows orderId, amountCents, reason, ' +
        'items, note), got 15. If the step is wrong on purpose, give it { validate: false } ' +
        '(functionCall(), modelResponse(), modelResponder()), or switch the check off with ' +
        'new ScriptedModel(steps, { validate: false }).',
    );
    // Recorded, so teardown reports it even when the code under test swallows it.
    assert.deepEqual(model.failures, [error]);
    model.acknowledgeFailures();
  });

  test('a wrong type, a value outside an enum and a wrong nested item each name their path', async () => {
    const cases: [Record<string, unknown>, string, string, unknown][] = [
      [{ ...validRefund, amountCents: '1500' }, 'amountCents', 'number', '1500'],
      [{ ...validRefund, reason: 'lost' }, 'reason', 'one of "damaged", "late", or null', 'lost'],
      [
        { ...validRefund, items: [{ sku: 'A', quantity: 1 }, { sku: 7, quantity: 1 }] },
        'items[1].sku',
        'string',
        7,
      ],
      [{ ...validRefund, items: { sku: 'A' } }, 'items', 'array', { sku: 'A' }],
    ];
    for (const [args, path, expected, actual] of cases) {
      const model = new ScriptedModel([[functionCall('refund', args)], [assistantMessage('x')]]);
      const error = await mismatchOf(supportAgent(model));
      assert.equal(error.path, path);
      assert.equal(error.expected, expected);
      assert.deepEqual(error.actual, actual);
      model.acknowledgeFailures();
    }
  });

  test('the streamed path fails the same way, before any event of the step is streamed', async () => {
    const model = new ScriptedModel([
      [functionCall('refund', { ...validRefund, amountCents: '15' })],
      [assistantMessage('x')],
    ]);
    const error = await mismatchOf(supportAgent(model), { stream: true });
    assert.equal(error.path, 'amountCents');
    assert.equal(model.firstCall?.streamed, true);
    model.acknowledgeFailures();
  });

  test('a responder result is checked like a fixed response', async () => {
    const model = new ScriptedModel([
      modelResponder(() => [functionCall('lookup_order', { id: 'ORD-1' })]),
      [assistantMessage('x')],
    ]);
    const error = await mismatchOf(supportAgent(model));
    assert.equal(error.reason, 'invalid_arguments');
    assert.equal(error.path, 'id');
    model.acknowledgeFailures();
  });

  test('arguments text that is not JSON fails where the step is written', () => {
    assert.throws(
      () =>
        new ScriptedModel([[assistantMessage('x')], [
          functionCall('refund', '{orderId: ORD-1}', { callId: 'c1' }),
        ]]),
      (error) => {
        assert.ok(error instanceof InvalidScriptedModelStepError);
        assert.equal(error.reason, 'invalid_arguments');
        assert.equal(error.inputIndex, 1);
        assert.equal(error.stepType, 'response');
        assert.match(
          error.message,
          /^ScriptedModel input #2, output item #1: function_call "refund" has arguments that are not JSON/,
        );
        assert.match(error.message, /\{ validate: false \}/);
        return true;
      },
    );
    const model = new ScriptedModel();
    assert.throws(
      () =>
        model.enqueue(
          [assistantMessage('fine')],
          modelResponse([{ ...functionCall('f', {}), arguments: '{' }]),
        ),
      { reason: 'invalid_arguments', inputIndex: 1 },
    );
    // Atomic: nothing of the rejected batch was added.
    assert.equal(model.remainingSteps, 0);
  });

  test('non-JSON arguments from a responder fail at the call', async () => {
    const model = new ScriptedModel([
      modelResponder(() => [{ ...functionCall('lookup_order', {}), arguments: '{"orderId":' }]),
      [assistantMessage('x')],
    ]);
    const error = await mismatchOf(supportAgent(model));
    assert.equal(error.reason, 'invalid_arguments');
    assert.equal(error.path, '');
    assert.equal(error.expected, 'JSON arguments');
    assert.equal(error.actual, '{"orderId":');
    model.acknowledgeFailures();
  });

  test('functionCall without options gets a deterministic call id', async () => {
    const call = functionCall('lookup_order', { orderId: 'ORD-1' });
    assert.match(call.callId, /^call_lookup_order_[0-9a-z]+$/);
    assert.equal(call.id, call.callId);
    assert.equal(functionCall('lookup_order', { orderId: 'ORD-1' }).callId, call.callId);
    assert.notEqual(functionCall('lookup_order', { orderId: 'ORD-2' }).callId, call.callId);
    const model = new ScriptedModel([[call], [assistantMessage('Shipped.')]]);
    const result = await runner().run(supportAgent(model), 'Where is ORD-1?');
    assert.equal(result.finalOutput, 'Shipped.');
    model.assertComplete();
  });
});

describe('strict scripts: a non-strict JSON-schema tool', () => {
  const lookup = tool({
    name: 'lookup_customer',
    description: 'Finds a customer.',
    strict: false,
    parameters: {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        limit: { type: 'integer', minimum: 1, default: 10 },
        since: { type: 'string', format: 'date-time' },
      },
      required: ['email', 'limit'],
      additionalProperties: true,
    },
    execute: () => 'found',
  });
  const run = async (args: Record<string, unknown>) => {
    const model = new ScriptedModel([[functionCall('lookup_customer', args)], [
      assistantMessage('x'),
    ]]);
    const agent = new Agent({ name: 'CRM', model, tools: [lookup] });
    const error = await mismatchOf(agent);
    model.acknowledgeFailures();
    return error;
  };

  test('its required list is the truth, except for a property with a default', async () => {
    const error = await run({ limit: 5 });
    assert.equal(error.path, 'email');
    assert.equal(error.expected, 'property "email" (required)');
    assert.equal(error.actual, undefined);
    assert.match(
      error.message,
      /at email: expected property "email" \(required\), but it is missing/,
    );
    const model = new ScriptedModel([
      [functionCall('lookup_customer', { email: 'ada@example.com' })],
      [assistantMessage('Found.')],
    ]);
    await runner().run(new Agent({ name: 'CRM', model, tools: [lookup] }), 'x');
    assert.deepEqual(model.failures, []);
  });

  test('formats and bounds the schema states are checked', async () => {
    const email = await run({ email: 'ada.example.com', limit: 5 });
    assert.equal(email.path, 'email');
    assert.equal(email.expected, 'a string in format "email"');
    const since = await run({ email: 'ada@example.com', limit: 5, since: '15/01/2024' });
    assert.equal(since.path, 'since');
    const limit = await run({ email: 'ada@example.com', limit: 0 });
    assert.equal(limit.path, 'limit');
    assert.equal(limit.expected, 'a number >= 1');
    const whole = await run([] as never);
    assert.equal(whole.path, '');
    assert.equal(whole.expected, 'object');
  });
});

describe('strict scripts: names the request offers', () => {
  test('an unknown tool lists what the request offers and the nearest name', async () => {
    const model = new ScriptedModel([[functionCall('lookupOrder', { orderId: 'ORD-1' })]]);
    const error = await mismatchOf(supportAgent(model));
    assert.equal(error.reason, 'unknown_tool');
    assert.equal(error.toolName, 'lookupOrder');
    assert.deepEqual(error.available, ['refund', 'lookup_order', 'transfer_to_Billing']);
    assert.ok(Object.isFrozen(error.available));
    assert.equal(error.path, undefined);
    assert.match(
      error.message,
      /^ScriptedModel call #1 \(agent "Support"\), output item #1: function_call names "lookupOrder", which the request does not offer \(did you mean "lookup_order"\?\); it offers refund, lookup_order, transfer_to_Billing\./,
    );
    model.acknowledgeFailures();
  });

  test('an unknown handoff target is an unknown tool too', async () => {
    const model = new ScriptedModel([[functionCall('transfer_to_Biling', {})]]);
    const error = await mismatchOf(supportAgent(model));
    assert.equal(error.reason, 'unknown_tool');
    assert.match(error.message, /did you mean "transfer_to_Billing"/);
    model.acknowledgeFailures();
  });

  test('a handoff with an inputType checks its input; one without takes any', async () => {
    const escalation = handoff(new Agent({ name: 'Escalation' }), {
      inputType: z.object({ reason: z.string(), priority: z.enum(['low', 'high']) }),
      onHandoff: () => {},
    });
    const model = new ScriptedModel([
      [handoffCall(escalation, { arguments: { reason: 'vip', priority: 'urgent' } })],
    ]);
    const error = await mismatchOf(supportAgent(model, { handoffs: [billing, escalation] }));
    assert.equal(error.toolName, 'transfer_to_Escalation');
    assert.equal(error.path, 'priority');
    assert.match(
      error.message,
      /handoff "transfer_to_Escalation" has invalid arguments at priority/,
    );
    model.acknowledgeFailures();

    const escalationModel = new ScriptedModel([[assistantMessage('Escalated.')]]);
    const target = new Agent({ name: 'Billing', model: escalationModel });
    const model2 = new ScriptedModel([[handoffCall(target, { arguments: { anything: 1 } })]]);
    const result = await runner().run(supportAgent(model2, { handoffs: [target] }), 'Bill me');
    assert.equal(result.finalOutput, 'Escalated.');
  });

  test('a namespaced tool is offered by its qualified name', async () => {
    const tools = toolNamespace({
      name: 'orders',
      description: 'Order tools.',
      tools: [lookupOrder],
    });
    const model = new ScriptedModel([
      [functionCall('lookup_order', { orderId: 'ORD-1' }, { namespace: 'orders' })],
      [functionCall('lookup_order', { order: 'ORD-1' }, { namespace: 'orders', callId: 'c2' })],
    ]);
    const agent = new Agent({ name: 'Orders', model, tools });
    const error = await mismatchOf(agent);
    assert.equal(error.callIndex, 1);
    assert.equal(error.toolName, 'orders.lookup_order');
    assert.equal(error.path, 'order');
    model.acknowledgeFailures();
  });

  test('a request that offers no tools at all judges no call', async () => {
    const model = new ScriptedModel([[functionCall('anything', '{"x":1}')]]);
    const response = await model.getResponse(modelRequest());
    assert.equal(response.output.length, 1);
    assert.deepEqual(model.failures, []);
  });

  test('a route of a ScriptedModelProvider is checked like any ScriptedModel', async () => {
    const route = new ScriptedModel([[functionCall('lookup_order', { orderId: 1 })]]);
    const provider = new ScriptedModelProvider({ models: { 'support-model': route } });
    const agent = new Agent({ name: 'Support', model: 'support-model', tools: [lookupOrder] });
    await assert.rejects(
      new Runner({ tracingDisabled: true, modelProvider: provider }).run(agent, 'Hi'),
      { name: 'ScriptedOutputMismatchError', path: 'orderId', expected: 'string' },
    );
    route.acknowledgeFailures();
  });
});

describe('strict scripts: hosted and built-in calls', () => {
  test('a computer call needs a computer tool; a web search needs the web search tool', async () => {
    const model = new ScriptedModel([[computerCall({ type: 'screenshot' })]]);
    const error = await mismatchOf(supportAgent(model));
    assert.equal(error.reason, 'unknown_tool');
    assert.equal(error.toolName, 'computer');
    assert.match(
      error.message,
      /computer_call needs the computer tool, which the request does not offer/,
    );
    model.acknowledgeFailures();

    const search = new ScriptedModel([[webSearchCall(), assistantMessage('Found it.')]]);
    const searchError = await mismatchOf(supportAgent(search));
    assert.equal(searchError.toolName, 'web_search');
    search.acknowledgeFailures();

    const offered = new ScriptedModel([[webSearchCall(), assistantMessage('Found it.')]]);
    const result = await runner().run(supportAgent(offered, { tools: [webSearchTool()] }), 'Look');
    assert.equal(result.finalOutput, 'Found it.');
  });

  test('shell, apply-patch and hosted MCP calls need their tools too', async () => {
    const cases = [
      [shellCall(), 'shell', /shell_call needs the shell tool/],
      [applyPatchCall(), 'apply_patch', /apply_patch_call needs the apply_patch tool/],
      [
        mcpApprovalRequest({ serverLabel: 'docs' }),
        'mcp:docs',
        /mcp_approval_request needs the hosted MCP server "docs"/,
      ],
    ] as const;
    for (const [item, toolName, message] of cases) {
      const model = new ScriptedModel([[item]]);
      const error = await mismatchOf(supportAgent(model));
      assert.equal(error.reason, 'unknown_tool');
      assert.equal(error.toolName, toolName);
      assert.match(error.message, message);
      assert.deepEqual(error.available, []);
      model.acknowledgeFailures();
    }
  });

  test('a computer call with the computer tool runs', async () => {
    const computer = scriptedComputer([{
      action: 'screenshot',
      result: 'data:image/png;base64,AA==',
    }]);
    const model = new ScriptedModel([
      [computerCall({ type: 'screenshot' })],
      [assistantMessage('I see the screen.')],
    ]);
    const agent = new Agent({ name: 'Operator', model, tools: [computerTool({ computer })] });
    const result = await runner().run(agent, 'Look');
    assert.equal(result.finalOutput, 'I see the screen.');
  });
});

describe('strict scripts: structured outputs', () => {
  const report = z.object({
    verdict: z.enum(['refund', 'deny']),
    order: z.object({ id: z.string(), lines: z.array(z.object({ sku: z.string() })) }),
  });

  test('a final message that breaks the output schema names the path', async () => {
    const model = new ScriptedModel([[
      assistantMessage(
        JSON.stringify({ verdict: 'refund', order: { id: 'O', lines: [{ sku: 5 }] } }),
      ),
    ]]);
    const error = await mismatchOf(new Agent({ name: 'Judge', model, outputType: report }));
    assert.equal(error.reason, 'invalid_output');
    assert.equal(error.toolName, undefined);
    assert.equal(error.path, 'order.lines[0].sku');
    assert.match(
      error.message,
      /^ScriptedModel call #1 \(agent "Judge"\), output item #1: the final message does not fit the output schema "output" at order\.lines\[0\]\.sku: expected string, got 5\./,
    );
    model.acknowledgeFailures();
  });

  test('a final message that is not JSON fails; a valid one passes', async () => {
    const model = new ScriptedModel([[assistantMessage('Refund it.')]]);
    const error = await mismatchOf(new Agent({ name: 'Judge', model, outputType: report }));
    assert.equal(error.reason, 'invalid_output');
    assert.equal(error.path, '');
    assert.equal(error.expected, 'JSON text');
    model.acknowledgeFailures();

    const valid = { verdict: 'deny', order: { id: 'O', lines: [] } };
    const ok = new ScriptedModel([[assistantMessage(JSON.stringify(valid))]]);
    const result = await runner().run(
      new Agent({ name: 'Judge', model: ok, outputType: report }),
      'x',
    );
    assert.deepEqual(result.finalOutput, valid);
  });

  test('a message next to a tool call is not a final output', async () => {
    const model = new ScriptedModel([
      [assistantMessage('Checking…'), functionCall('lookup_order', { orderId: 'O' })],
      [assistantMessage(JSON.stringify({ verdict: 'deny', order: { id: 'O', lines: [] } }))],
    ]);
    const agent = new Agent({ name: 'Judge', model, outputType: report, tools: [lookupOrder] });
    const result = await runner().run(agent, 'x');
    assert.equal(result.finalOutput?.verdict, 'deny');
  });
});

describe('strict scripts: after the call', () => {
  test('a call that left out a required property and whose tool failed fails the next call', async () => {
    const model = new ScriptedModel([
      [functionCall('refund', { orderId: 'ORD-1', reason: null, items: [] }, { callId: 'c1' })],
      [assistantMessage('Refunded.')],
    ]);
    const error = await mismatchOf(supportAgent(model));
    assert.equal(error.reason, 'missing_property');
    assert.equal(error.callIndex, 0);
    assert.equal(error.itemIndex, 0);
    assert.equal(error.toolName, 'refund');
    assert.equal(error.path, 'amountCents');
    assert.equal(error.actual, undefined);
    assert.match(
      error.message,
      /^ScriptedModel call #1 \(agent "Support"\), output item #1: function_call "refund" left out amountCents, which the tool's schema lists as required and not nullable, and the tool failed \(its result in the input of call #2: "An error occurred while running the tool\. Please try agai…"\)\. If the step/,
    );
    // The call that carried the failure is recorded; its step is not consumed.
    assert.equal(model.calls.length, 2);
    assert.equal(model.remainingSteps, 1);
    model.acknowledgeFailures();
  });

  test('a left-out property the tool defaults, or a nullable one, passes', async () => {
    const search = tool({
      name: 'search',
      description: 'Searches.',
      parameters: z.object({
        query: z.string(),
        limit: z.number().default(10),
        cursor: z.string().optional(),
      }),
      execute: ({ query, limit }) => `${query}: ${limit} hits`,
    });
    const model = new ScriptedModel([
      [functionCall('search', { query: 'shoes' })],
      [assistantMessage('Found shoes.')],
    ]);
    const result = await runner().run(new Agent({ name: 'S', model, tools: [search] }), 'x');
    assert.equal(result.finalOutput, 'Found shoes.');
    model.assertComplete();
    assert.deepEqual(model.failures, []);
  });

  test('a tool that fails on complete arguments is a legitimate test when the step says so', async () => {
    const failing = tool({
      name: 'refund',
      description: 'Refunds.',
      parameters: z.object({ orderId: z.string() }),
      execute: () => {
        throw new Error('payment backend down');
      },
    });
    const model = new ScriptedModel([
      [functionCall('refund', { orderId: 'ORD-1' }, { expectToolError: true })],
      [assistantMessage('The refund failed.')],
    ]);
    const result = await runner().run(new Agent({ name: 'S', model, tools: [failing] }), 'x');
    assert.equal(result.finalOutput, 'The refund failed.');
    assert.deepEqual(model.failures, []);
    // Without expectToolError, the failure is a script that went on as if the tool succeeded.
    const silent = new ScriptedModel([
      [functionCall('refund', { orderId: 'ORD-1' })],
      [assistantMessage('The refund failed.')],
    ]);
    await assert.rejects(
      runner().run(new Agent({ name: 'S', model: silent, tools: [failing] }), 'x'),
      { name: 'ScriptedOutputMismatchError', reason: 'tool_failed', callIndex: 0 },
    );
    silent.acknowledgeFailures();
  });
});

describe('strict scripts: the ways out', () => {
  const wrong = () => functionCall('refund', { orderId: 'ORD-1', amount: 15 });

  test('one item: functionCall(…, { validate: false }) also accepts text that is not JSON', async () => {
    const model = new ScriptedModel([
      [functionCall('refund', '{"orderId":', { validate: false })],
      [assistantMessage('Please send the order again.')],
    ]);
    const result = await runner().run(supportAgent(model), 'x');
    assert.equal(result.finalOutput, 'Please send the order again.');
    model.assertComplete();
    assert.deepEqual(model.failures, []);
  });

  test('one step: modelResponse(…, { validate: false }) and modelResponder(…, { validate: false })', async () => {
    const model = new ScriptedModel([
      modelResponse([wrong()], { validate: false }),
      modelResponder(() => [functionCall('no_such_tool', {})], { validate: false }),
    ]);
    await assert.rejects(
      runner().run(supportAgent(model, { toolUseBehavior: 'run_llm_again' }), 'x'),
      /Tool no_such_tool not found in agent Support/,
    );
    assert.equal(model.calls.length, 2);
    assert.deepEqual(model.failures, []);
    assert.deepEqual(modelResponse([]), { type: 'response', response: [] });
  });

  test('the whole model: new ScriptedModel(steps, { validate: false })', async () => {
    const model = new ScriptedModel([
      [functionCall('refund', '{not json')],
      [wrong()],
      [assistantMessage('Done.')],
    ], { validate: false });
    const result = await runner().run(supportAgent(model), 'x');
    assert.equal(result.finalOutput, 'Done.');
    assert.deepEqual(model.failures, []);
  });
});

describe('strict scripts: teardown', () => {
  test('a mismatch the code under test swallowed is reported at teardown', async () => {
    const model = new ScriptedModel([[functionCall('lookup_order', { order: 'ORD-1' })]]);
    await runner().run(supportAgent(model), 'x').catch(() => undefined);
    assert.throws(() => model[Symbol.dispose](), (error) => {
      assert.ok(error instanceof DoubleFailuresError);
      assert.equal(error.failures.length, 1);
      assert.ok(error.failures[0] instanceof ScriptedOutputMismatchError);
      assert.match(error.message, /ScriptedModel raised 1 failure during the test/);
      return true;
    });
    model.acknowledgeFailures();
  });
});
