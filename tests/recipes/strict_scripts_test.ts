// Recipe "Scripts a real model could give": ScriptedModel checks each scripted
// answer against the request it answers, so a call to a tool the agent lacks,
// arguments its schema rejects or a structured output that does not fit fail
// at the call that carries them, naming the step, tool and path, instead of
// turning into a tool error the next scripted step answers anyway. A test that
// wants a malformed call on purpose says so with { validate: false }. A scripted
// call whose tool then fails fails the next model call; a tool that fails on
// purpose says so with { expectToolError: true }.
import { Agent, Runner, tool } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  ScriptedOutputMismatchError,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

function createRefundAgent(model: ScriptedModel) {
  const refund = tool({
    name: 'refund',
    description: 'Refunds part of an order.',
    parameters: z.object({ orderId: z.string(), amountCents: z.number().int() }),
    execute: async ({ orderId, amountCents }) => `Refunded ${amountCents} cents on ${orderId}.`,
  });
  return new Agent({ name: 'Refund desk', model, tools: [refund] });
}

test('a scripted call with a misnamed argument fails at the call', async (t) => {
  const model = new ScriptedModel([
    // The tool wants amountCents; a real model held to the schema could not send amount.
    [functionCall('refund', { orderId: 'ORD-1002', amount: 15 })],
    // No step after it: the run stops at this call, and a step it never reaches would be
    // reported as unused when the model is verified (by a runner entry, `using`, a scope).
  ]);
  t.after(() => model[Symbol.dispose]());
  const runner = new Runner({ tracingDisabled: true });

  await assert.rejects(
    runner.run(createRefundAgent(model), 'Refund 15 euros on ORD-1002'),
    (error) => {
      assert.ok(error instanceof ScriptedOutputMismatchError);
      assert.equal(error.reason, 'invalid_arguments');
      assert.equal(error.callIndex, 0); // the first model call...
      assert.equal(error.itemIndex, 0); // ...its first output item
      assert.equal(error.toolName, 'refund');
      assert.equal(error.path, 'amount');
      return true;
    },
  );
  // Provoked on purpose here; in a real test, fix the script instead.
  model.acknowledgeFailures();
});

test('the fixed script passes', async (t) => {
  const model = new ScriptedModel([
    [functionCall('refund', { orderId: 'ORD-1002', amountCents: 1500 })],
    [assistantMessage('Refunded 15 euros.')],
  ]);
  t.after(() => model[Symbol.dispose]());
  const runner = new Runner({ tracingDisabled: true });

  const result = await runner.run(createRefundAgent(model), 'Refund 15 euros on ORD-1002');

  assert.equal(result.finalOutput, 'Refunded 15 euros.');
});

test('a malformed call on purpose: how the agent handles a bad tool call', async (t) => {
  const model = new ScriptedModel([
    // validate: false marks the one item that is wrong on purpose.
    [functionCall('refund', '{"orderId": "ORD-1002", "amountCents": ', { validate: false })],
    [assistantMessage('Sorry, something went wrong. Could you repeat the amount?')],
  ]);
  t.after(() => model[Symbol.dispose]());
  const runner = new Runner({ tracingDisabled: true });

  const result = await runner.run(createRefundAgent(model), 'Refund on ORD-1002');

  // The SDK turned the broken arguments into a tool error for the model.
  const input = model.lastCall?.request.input;
  assert.ok(Array.isArray(input));
  const toolResult = input.find((item) => item.type === 'function_call_result');
  assert.match(JSON.stringify(toolResult), /An error occurred/);
  assert.equal(result.finalOutput, 'Sorry, something went wrong. Could you repeat the amount?');
});

/** A booking tool whose zod bounds the SDK does not send (its schema has an .optional() field). */
function createBookingAgent(model: ScriptedModel) {
  const book = tool({
    name: 'book_table',
    description: 'Books a table.',
    parameters: z.object({
      guests: z.number().int().min(1).max(8),
      note: z.string().optional(),
    }),
    execute: async ({ guests }) => `Booked a table for ${guests}.`,
  });
  return new Agent({ name: 'Bookings', model, tools: [book] });
}

test('a tool that failed on a scripted call fails the test at the next model call', async (t) => {
  const model = new ScriptedModel([
    // The schema the model is sent has no bounds, so 20 passes the check at the call; the
    // tool's own parse rejects it and the SDK tells the model "An error occurred…".
    [functionCall('book_table', { guests: 20, note: null })],
    // No answer after it: the next call is refused before it takes a step, so an answer
    // scripted here would be reported as unused when the model is verified.
  ]);
  t.after(() => model[Symbol.dispose]());
  const runner = new Runner({ tracingDisabled: true });

  await assert.rejects(runner.run(createBookingAgent(model), 'A table for 20'), (error) => {
    assert.ok(error instanceof ScriptedOutputMismatchError);
    assert.equal(error.reason, 'tool_failed');
    assert.equal(error.callIndex, 0); // the call whose tool failed...
    assert.equal(error.toolName, 'book_table');
    assert.match(error.message, /in the input of call #2/); // ...found by the next one
    return true;
  });
  model.acknowledgeFailures();
});

test('a tool that fails on purpose: expectToolError', async (t) => {
  const model = new ScriptedModel([
    [functionCall('book_table', { guests: 20, note: null }, { expectToolError: true })],
    [assistantMessage('We seat at most 8 guests per table.')],
  ]);
  t.after(() => model[Symbol.dispose]());
  const runner = new Runner({ tracingDisabled: true });

  const result = await runner.run(createBookingAgent(model), 'A table for 20');

  assert.equal(result.finalOutput, 'We seat at most 8 guests per table.');
});
