// No false positives: realistic agents with valid scripts run through the
// real Runner with the check on, and nothing is rejected.
import assert from 'node:assert/strict';
import { Agent, handoff, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  handoffCall,
  ScriptedMcpServer,
  ScriptedModel,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const runner = () => new Runner({ tracingDisabled: true });

/** Runs the agent to its final output; the model must end complete and without failures. */
// deno-lint-ignore no-explicit-any
async function runClean(agent: Agent<any, any>, model: ScriptedModel, input = 'Go') {
  const result = await runner().run(agent, input);
  model.assertComplete();
  assert.deepEqual(model.failures, []);
  return result;
}

const booking = tool({
  name: 'book_trip',
  description: 'Books a trip.',
  parameters: z.object({
    traveller: z.object({
      name: z.string(),
      email: z.string().email(),
      loyalty: z.string().nullable(),
    }),
    legs: z.array(z.object({
      from: z.string().length(3),
      to: z.string().length(3),
      cabin: z.enum(['economy', 'business']),
      date: z.string(),
    })).min(1),
    seats: z.number().int().min(1).max(9),
    budget: z.union([z.number(), z.string()]),
    payment: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('card'), last4: z.string() }),
      z.object({ kind: z.literal('invoice'), company: z.string() }),
    ]),
    notes: z.string().optional(),
    insured: z.boolean().default(false),
    tags: z.array(z.string()).optional(),
  }),
  execute: (args) => `booked ${args.legs.length} legs for ${args.traveller.name}`,
});

describe('strict scripts: no false positives on realistic agents', () => {
  test('a zod tool with nested, array, enum, union, nullable, optional and defaulted fields', async () => {
    const model = new ScriptedModel([
      [functionCall('book_trip', {
        traveller: { name: 'Ada', email: 'ada@example.com', loyalty: null },
        legs: [{ from: 'OSL', to: 'NRT', cabin: 'business', date: '2026-03-01' }],
        seats: 2,
        budget: '4000 EUR',
        payment: { kind: 'invoice', company: 'ACME' },
        notes: null, // an optional field as a strict model sends it
        // insured left out: the tool defaults it; tags left out: optional
      }, { callId: 'c1' })],
      [functionCall('book_trip', {
        traveller: { name: 'Bo', email: 'bo@example.org', loyalty: 'GOLD' },
        legs: [
          { from: 'NRT', to: 'SFO', cabin: 'economy', date: '2026-03-09' },
          { from: 'SFO', to: 'OSL', cabin: 'economy', date: '2026-03-12' },
        ],
        seats: 1,
        budget: 2500,
        payment: { kind: 'card', last4: '4242' },
        notes: 'window seat',
        insured: true,
        tags: ['work'],
      }, { callId: 'c2' })],
      [assistantMessage('Both trips are booked.')],
    ]);
    const agent = new Agent({ name: 'Travel desk', model, tools: [booking] });
    const result = await runClean(agent, model);
    assert.equal(result.finalOutput, 'Both trips are booked.');
  });

  test('a non-strict JSON-schema tool: optional properties left out, extra ones allowed', async () => {
    const lookup = tool({
      name: 'lookup_customer',
      description: 'Finds a customer.',
      strict: false,
      parameters: {
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email' },
          since: { type: 'string', format: 'date-time' },
          limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
        },
        required: ['email', 'limit'],
        additionalProperties: true,
      },
      execute: (args) => `found ${(args as { email: string }).email}`,
    });
    const model = new ScriptedModel([
      [
        functionCall('lookup_customer', { email: 'ada@example.com' }, { callId: 'c1' }),
        functionCall('lookup_customer', {
          email: 'bo@example.org',
          since: '2024-01-15T10:30:00Z',
          limit: 5,
          trace: true,
        }, { callId: 'c2' }),
      ],
      [assistantMessage('Found both.')],
    ]);
    await runClean(new Agent({ name: 'CRM', model, tools: [lookup] }), model);
  });

  test('an agent used as a tool, and a handoff with an inputType', async () => {
    const translatorModel = new ScriptedModel([[assistantMessage('Bonjour')]]);
    const translator = new Agent({ name: 'Translator', model: translatorModel });
    const escalationModel = new ScriptedModel([[assistantMessage('A manager will call you.')]]);
    const escalation = new Agent({ name: 'Escalation', model: escalationModel });
    const toEscalation = handoff(escalation, {
      inputType: z.object({
        reason: z.string(),
        severity: z.enum(['low', 'high']),
        ticket: z.string().optional(),
      }),
      onHandoff: () => {},
    });
    const model = new ScriptedModel([
      [functionCall('translate', { input: 'Hello' }, { callId: 'c1' })],
      [handoffCall(toEscalation, {
        arguments: { reason: 'angry', severity: 'high', ticket: null },
      })],
    ]);
    const triage = new Agent({
      name: 'Triage',
      model,
      tools: [translator.asTool({ toolName: 'translate', toolDescription: 'Translates.' })],
      handoffs: [toEscalation],
    });
    const result = await runClean(triage, model);
    assert.equal(result.finalOutput, 'A manager will call you.');
    escalationModel.assertComplete();
    translatorModel.assertComplete();
  });

  test('MCP tools from a scripted MCP server', async () => {
    using server = new ScriptedMcpServer({
      name: 'weather',
      tools: [{
        name: 'get_forecast',
        description: 'Forecast for a city.',
        inputSchema: {
          type: 'object',
          properties: {
            city: { type: 'string' },
            days: { type: 'integer', minimum: 1 },
            units: { type: 'string', enum: ['metric', 'imperial'] },
          },
          required: ['city'],
        },
      }],
      steps: [{ tool: 'get_forecast', result: 'Rain.' }],
    });
    await server.connect();
    const model = new ScriptedModel([
      [functionCall('get_forecast', { city: 'Oslo', units: 'metric' })],
      [assistantMessage('Take an umbrella.')],
    ]);
    await runClean(new Agent({ name: 'Forecaster', model, mcpServers: [server] }), model);
    await server.close();
  });

  test('structured outputs with nested objects, optional and nullable fields', async () => {
    const outputType = z.object({
      decision: z.enum(['approve', 'reject']),
      order: z.object({
        id: z.string(),
        lines: z.array(z.object({ sku: z.string(), refund: z.number().nullable() })),
        note: z.string().optional(),
      }),
      score: z.number().default(0),
    });
    const model = new ScriptedModel([[assistantMessage(JSON.stringify({
      decision: 'approve',
      order: { id: 'O-1', lines: [{ sku: 'A', refund: 12.5 }, { sku: 'B', refund: null }] },
    }))]]);
    const result = await runClean(new Agent({ name: 'Judge', model, outputType }), model);
    assert.equal(result.finalOutput?.score, 0);
  });

  test('a strict structured output with nullable fields', async () => {
    const outputType = z.object({ answer: z.string(), source: z.string().nullable() });
    const model = new ScriptedModel([[
      assistantMessage('{"answer":"42",'),
      assistantMessage('"source":null}'),
    ]]);
    const agent = new Agent({ name: 'Oracle', model, outputType });
    await assert.rejects(runner().run(agent, 'x'));
    model.acknowledgeFailures();
    const whole = new ScriptedModel([[assistantMessage('{"answer":"42","source":null}')]]);
    await runClean(new Agent({ name: 'Oracle', model: whole, outputType }), whole);
  });
});
