// Names in AutoModel's options that match nothing the requests offered: a misspelled tool
// in `tools` or `arguments`, a handoff in `handoffs`, a key of fixed arguments that the
// tool's schema does not declare. Each is an error naming the nearest real name, never a
// silent no-op, and it is kept in the model's failures for teardown.
import assert from 'node:assert/strict';
import { Agent, Runner, tool, webSearchTool } from '@openai/agents';
import { z } from 'zod';
import { AutoModel, AutoModelUnknownNameError, DoubleFailuresError } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const runner = () => new Runner({ tracingDisabled: true });

function supportTools(seen: string[]) {
  return [
    tool({
      name: 'lookup_order',
      description: 'Looks up an order.',
      parameters: z.object({ orderId: z.string(), verbose: z.boolean() }),
      execute: ({ orderId }) => {
        seen.push(`lookup_order ${orderId}`);
        return 'shipped';
      },
    }),
    tool({
      name: 'escalate',
      description: 'Escalates.',
      parameters: z.object({ summary: z.string() }),
      execute: () => {
        seen.push('escalate');
        return 'escalated';
      },
    }),
  ];
}

async function failureOf(model: AutoModel, agent: Agent): Promise<AutoModelUnknownNameError> {
  const error = await runner().run(agent, 'Where is my order?').catch((e) => e);
  assert.ok(error instanceof AutoModelUnknownNameError, String(error));
  assert.deepEqual(model.failures, [error]);
  assert.throws(() => model[Symbol.dispose](), (teardown) => {
    // With tools left uncalled, teardown reports that as well, after the failure.
    const first = teardown instanceof AggregateError ? teardown.errors[0] : teardown;
    assert.ok(first instanceof DoubleFailuresError);
    assert.match(first.message, /AutoModelUnknownNameError/);
    return true;
  });
  model.acknowledgeFailures();
  return error;
}

describe('AutoModel unknown names', () => {
  test('a tools entry that names no offered tool fails, naming the offered and nearest names', async () => {
    const seen: string[] = [];
    const model = new AutoModel({ tools: ['lookupOrder'] });
    const agent = new Agent({ name: 'Support', model, tools: supportTools(seen) });
    const error = await failureOf(model, agent);
    assert.deepEqual({ ...error }, {
      callIndex: 0,
      option: 'tools',
      unknownName: 'lookupOrder',
      toolName: undefined,
      knownNames: ['lookup_order', 'escalate'],
      suggestion: 'lookup_order',
      name: 'AutoModelUnknownNameError',
    });
    assert.equal(
      error.message,
      'AutoModel option tools names "lookupOrder", but no request up to call #1 (the final ' +
        'answer) offered it. Offered: lookup_order, escalate. Did you mean "lookup_order"?',
    );
    assert.deepEqual(seen, []);
  });

  test('a tools entry naming a hosted tool fails: the option lists function tools only', async () => {
    const seen: string[] = [];
    const model = new AutoModel({ tools: ['web_search'] });
    const agent = new Agent({
      name: 'Support',
      model,
      tools: [webSearchTool(), ...supportTools(seen)],
    });
    const error = await failureOf(model, agent);
    assert.equal(error.unknownName, 'web_search');
    assert.deepEqual(error.knownNames, ['lookup_order', 'escalate']);
    assert.deepEqual(seen, []);
  });

  test('an arguments key that names no offered tool or handoff fails the same way', async () => {
    const seen: string[] = [];
    const model = new AutoModel({ arguments: { lookupOrder: { orderId: 'A-1' } } });
    const agent = new Agent({ name: 'Support', model, tools: supportTools(seen) });
    const error = await failureOf(model, agent);
    assert.equal(error.option, 'arguments');
    assert.equal(error.unknownName, 'lookupOrder');
    assert.equal(error.suggestion, 'lookup_order');
    assert.equal(error.callIndex, 2);
    // The tools were called with generated arguments before the final answer was due.
    assert.equal(seen.length, 2);
  });

  test('a handoffs entry that names no offered handoff fails; far names get no suggestion', async () => {
    const billing = new Agent({ name: 'Billing' });
    const model = new AutoModel({ handoffs: ['Biling', 'Shipping desk'] });
    const triage = Agent.create({ name: 'Triage', model, handoffs: [billing] });
    const error = await failureOf(model, triage as Agent);
    // Triage answers itself: neither entry names its handoff.
    assert.equal(error.option, 'handoffs');
    assert.equal(error.unknownName, 'Biling');
    assert.equal(error.suggestion, 'transfer_to_Billing');
    assert.deepEqual(error.knownNames, ['transfer_to_Billing']);
    assert.match(error.message, /Did you mean "transfer_to_Billing"\?$/);

    const far = new AutoModel({ tools: ['send_invoice'] });
    const agent = new Agent({ name: 'Support', model: far, tools: supportTools([]) });
    const farError = await failureOf(far, agent);
    assert.equal(farError.suggestion, undefined);
    assert.match(farError.message, /Offered: lookup_order, escalate\.$/);
  });

  test('a key of fixed arguments that the schema does not declare fails before the call is sent', async () => {
    const seen: string[] = [];
    const model = new AutoModel({
      arguments: { lookup_order: { orderID: 'A-1', verbose: true } },
    });
    const agent = new Agent({ name: 'Support', model, tools: supportTools(seen) });
    const error = await failureOf(model, agent);
    assert.deepEqual({ ...error }, {
      callIndex: 0,
      option: 'arguments',
      unknownName: 'orderID',
      toolName: 'lookup_order',
      knownNames: ['orderId', 'verbose'],
      suggestion: 'orderId',
      name: 'AutoModelUnknownNameError',
    });
    assert.equal(
      error.message,
      'AutoModel arguments for "lookup_order" have the key "orderID", which its schema does ' +
        'not declare (call #1). Its properties: orderId, verbose. Did you mean "orderId"?',
    );
    assert.deepEqual(seen, []);
  });

  test('names of tools and handoffs of several agents of one run are all known', async () => {
    const seen: string[] = [];
    const refunds = new Agent({ name: 'Refunds', tools: supportTools(seen).slice(1) });
    const triage = Agent.create({
      name: 'Triage',
      tools: supportTools(seen).slice(0, 1),
      handoffs: [refunds],
    });
    using model = new AutoModel({
      tools: ['lookup_order', 'escalate'],
      handoffs: ['Refunds'],
      arguments: { escalate: { summary: 'late' } },
    });
    const result = await new Runner({ tracingDisabled: true, model }).run(triage, 'help');
    assert.equal(result.lastAgent?.name, 'Refunds');
    assert.deepEqual(seen, [seen[0], 'escalate']);
    assert.match(seen[0], /^lookup_order /);
  });

  test('a schema that allows more properties takes any key; raw string arguments are not read', async () => {
    const open = tool({
      name: 'open',
      description: 'Takes anything.',
      parameters: {
        type: 'object',
        properties: { a: { type: 'string' } },
        required: [],
        additionalProperties: true,
      },
      strict: false,
      execute: (input) => JSON.stringify(input),
    });
    const raw = tool({
      name: 'raw',
      description: 'Takes a string.',
      parameters: z.object({ b: z.string() }),
      execute: () => 'ok',
    });
    using model = new AutoModel({
      arguments: { open: { a: 'x', extra: 1 }, raw: '{"b":"y","typo":1}' },
    });
    const agent = new Agent({ name: 'Open', model, tools: [open, raw] });
    await runner().run(agent, 'go');
    assert.deepEqual(model.generated.map((g) => g.value), [
      { a: 'x', extra: 1 },
      '{"b":"y","typo":1}',
    ]);
  });

  test('each option is checked against its own kind of name', async () => {
    const tools = [fnTool('lookup_order'), fnTool('transfer_to_desk')];
    const handoffs = [handoff('transfer_to_Billing')];
    const cases = [
      [{ tools: ['lookupOrder'] }, ['lookup_order', 'transfer_to_desk'], 'lookup_order'],
      // A tools entry is no agent name: no handoff-style suggestion.
      [{ tools: ['desk'] }, ['lookup_order', 'transfer_to_desk'], undefined],
      [{ handoffs: ['Biling'] }, ['transfer_to_Billing'], 'transfer_to_Billing'],
      [{ handoffs: ['desk'] }, ['transfer_to_Billing'], undefined],
      [
        { arguments: { desk: {} } },
        ['lookup_order', 'transfer_to_desk', 'transfer_to_Billing'],
        'transfer_to_desk',
      ],
    ] as const;
    for (const [options, knownNames, suggestion] of cases) {
      // No tool is called, so the first call gives the final answer and checks the names.
      const model = new AutoModel({ tools: 'none', ...options });
      const error = await model.getResponse(request({ tools, handoffs })).catch((e) => e);
      assert.ok(error instanceof AutoModelUnknownNameError, JSON.stringify(options));
      assert.deepEqual(error.knownNames, knownNames, JSON.stringify(options));
      assert.equal(error.suggestion, suggestion, JSON.stringify(options));
      model.acknowledgeFailures();
    }
  });

  test('fixed arguments are not checked against a schema without properties, or with patterns', async () => {
    const schemas = [
      { type: 'object', additionalProperties: false },
      { type: 'object', properties: null, additionalProperties: false },
      {
        type: 'object',
        properties: { a: { type: 'string' } },
        patternProperties: { '^x-': { type: 'string' } },
        additionalProperties: false,
      },
    ];
    for (const schema of schemas) {
      using model = new AutoModel({ arguments: { open: { a: 'x', 'x-extra': 'y' } } });
      const [item] = outputOf(
        await model.getResponse(request({ tools: [fnTool('open', schema)] })),
      );
      assert.equal(item.arguments, '{"a":"x","x-extra":"y"}', JSON.stringify(schema));
      await model.getResponse(request({ tools: [fnTool('open', schema)], input: [item] }));
    }
  });
});

function fnTool(name: string, parameters: unknown = { type: 'object', properties: {} }) {
  return { type: 'function', name, description: name, parameters, strict: true };
}

function handoff(toolName: string) {
  return {
    toolName,
    toolDescription: toolName,
    inputJsonSchema: { type: 'object', properties: {}, additionalProperties: false },
    strictJsonSchema: true,
  };
}

function request(overrides: Record<string, unknown>) {
  return {
    input: [],
    tools: [],
    handoffs: [],
    outputType: 'text',
    modelSettings: {},
    tracing: false,
    ...overrides,
  } as never;
}

const outputOf = (response: { output: unknown[] }) =>
  response.output as (Record<string, unknown> & { type: string })[];
