// A scripted call whose tool did not succeed fails the run at the next model
// call (reason `tool_failed`), through the real Runner, streamed and not: a
// tool whose zod parse rejects arguments the lossy wire schema let through, and
// a tool that throws. `expectToolError` scripts a failure on purpose, and a
// step that expected one whose tool succeeded fails too. An app's own
// `errorFunction` and `{ validate: false }` keep the rule out.
import assert from 'node:assert/strict';
import { Agent, handoff, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  handoffCall,
  modelResponse,
  ScriptedModel,
  ScriptedModelProvider,
  ScriptedOutputMismatchError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const RUNNING = 'An error occurred while running the tool. Please try again.';
const PARSING = 'An error occurred while parsing tool arguments. Please try again with valid JSON.';

const executed: string[] = [];

// `.optional()` makes the SDK send this tool's schema without any bound:
// `passengers` goes out as {"type":"number"}, so 20 passes the script check.
const searchFlights = tool({
  name: 'search_flights',
  description: 'Searches flights.',
  parameters: z.object({
    to: z.string(),
    passengers: z.number().int().min(1).max(9).default(1),
    note: z.string().optional(),
  }),
  execute: ({ to, passengers }) => {
    executed.push(`search_flights ${to} ${passengers}`);
    return `3 flights to ${to} for ${passengers}`;
  },
});

const chargeCard = tool({
  name: 'charge_card',
  description: 'Charges the card on file.',
  parameters: z.object({ amountCents: z.number() }),
  execute: () => {
    throw new Error('card declined');
  },
});

const politeCharge = tool({
  name: 'polite_charge',
  description: 'Charges, and explains failures itself.',
  parameters: z.object({ amountCents: z.number().int().max(100).optional() }),
  execute: () => {
    throw new Error('card declined');
  },
  errorFunction: () => 'The card was declined; ask for another card.',
});

const tools = [searchFlights, chargeCard, politeCharge];
const runner = () => new Runner({ tracingDisabled: true });

const WAY_OUT = 'If the tool fails on purpose, give the call { expectToolError: true } ' +
  '(functionCall(name, args, { expectToolError: true })), or switch the check off with ' +
  'new ScriptedModel(steps, { validate: false }).';
const CAUSE = 'the tool threw, or its own schema rejected the arguments (the SDK words both ' +
  'alike; for a tool with an .optional() field the schema sent to the model has none of its ' +
  'bounds, such as .int(), .min() or .max(), so arguments that break them pass the script check)';

/** Runs `agent` streamed or not, to its end; resolves with the error the run failed with. */
async function runError(
  // deno-lint-ignore no-explicit-any
  agent: Agent<any, any>,
  streamed: boolean,
  run: Runner = runner(),
): Promise<ScriptedOutputMismatchError> {
  let failure: unknown;
  try {
    if (streamed) {
      const result = await run.run(agent, 'Go', { stream: true });
      for await (const _event of result) { /* drain */ }
      await result.completed;
      if (result.error !== null && result.error !== undefined) throw result.error;
    } else {
      await run.run(agent, 'Go');
    }
  } catch (error) {
    failure = error;
  }
  assert.ok(failure instanceof ScriptedOutputMismatchError, `got ${String(failure)}`);
  return failure;
}

/** Runs `agent` to its final output, streamed or not. */
// deno-lint-ignore no-explicit-any
async function runToEnd(agent: Agent<any, any>, streamed: boolean): Promise<unknown> {
  if (!streamed) return (await runner().run(agent, 'Go')).finalOutput;
  const result = await runner().run(agent, 'Go', { stream: true });
  for await (const _event of result) { /* drain */ }
  await result.completed;
  return result.finalOutput;
}

for (const streamed of [false, true]) {
  const mode = streamed ? 'streamed' : 'not streamed';

  describe(`a scripted call whose tool failed (${mode})`, () => {
    test('arguments the wire schema let through but the zod parse rejects', async () => {
      executed.length = 0;
      const model = new ScriptedModel([
        [functionCall('search_flights', { to: 'OSL', passengers: 20, note: null })],
        [assistantMessage('Booked your flight.')],
      ]);
      const agent = new Agent({ name: 'Concierge', model, tools });
      const error = await runError(agent, streamed);
      assert.equal(error.reason, 'tool_failed');
      assert.equal(error.double, 'ScriptedModel');
      assert.equal(error.callIndex, 0);
      assert.equal(error.itemIndex, 0);
      assert.equal(error.toolName, 'search_flights');
      assert.equal(error.path, undefined);
      assert.equal(error.expected, 'a successful tool result');
      assert.equal(error.actual, RUNNING);
      assert.equal(error.available, undefined);
      assert.equal(
        error.message,
        'ScriptedModel call #1 (agent "Concierge"), output item #1: function_call "search_flights" with arguments ' +
          '{"to":"OSL","passengers":20,"note":null} did not succeed: ' +
          `${CAUSE}; the model got "${RUNNING}" in the input of call #2, and the script went on ` +
          `as if the tool had succeeded. ${WAY_OUT}`,
      );
      // The tool never ran, the answer step was not consumed, the failure is kept for teardown.
      assert.deepEqual(executed, []);
      assert.equal(model.calls.length, 2);
      assert.equal(model.remainingSteps, 1);
      assert.deepEqual(model.failures, [error]);
      model.acknowledgeFailures();
    });

    test('a tool whose execute throws', async () => {
      const model = new ScriptedModel([
        [
          assistantMessage('Let me charge that.'),
          functionCall('charge_card', { amountCents: 500 }),
        ],
        [assistantMessage('Charged.')],
      ]);
      const error = await runError(new Agent({ name: 'Till', model, tools }), streamed);
      assert.equal(error.reason, 'tool_failed');
      assert.equal(error.callIndex, 0);
      assert.equal(error.itemIndex, 1);
      assert.equal(error.toolName, 'charge_card');
      assert.equal(
        error.message,
        'ScriptedModel call #1 (agent "Till"), output item #2: function_call "charge_card" with arguments ' +
          `{"amountCents":500} did not succeed: ${CAUSE}; the model got "${RUNNING}" in ` +
          `the input of call #2, and the script went on as if the tool had succeeded. ${WAY_OUT}`,
      );
      model.acknowledgeFailures();
    });

    test('the call that failed is named among several, in a later turn', async () => {
      const model = new ScriptedModel([
        [functionCall('search_flights', { to: 'OSL', passengers: 2, note: null })],
        [
          functionCall('search_flights', { to: 'BER', passengers: 1, note: null }),
          functionCall('charge_card', { amountCents: 900 }),
        ],
        [assistantMessage('Done.')],
      ]);
      const error = await runError(new Agent({ name: 'Concierge', model, tools }), streamed);
      assert.equal(error.callIndex, 1);
      assert.equal(error.itemIndex, 1);
      assert.equal(error.toolName, 'charge_card');
      assert.match(
        error.message,
        /^ScriptedModel call #2 \(agent "Concierge"\), output item #2: function_call "charge/,
      );
      assert.match(error.message, / in the input of call #3, /);
      model.acknowledgeFailures();
    });

    test('expectToolError: the failure is what the step says, and the run goes on', async () => {
      const model = new ScriptedModel([
        [functionCall('charge_card', { amountCents: 500 }, { expectToolError: true })],
        [
          functionCall('search_flights', { to: 'OSL', passengers: 20, note: null }, {
            expectToolError: true,
          }),
        ],
        [assistantMessage('Your card was declined and no flight fits.')],
      ]);
      const output = await runToEnd(new Agent({ name: 'Till', model, tools }), streamed);
      assert.equal(output, 'Your card was declined and no flight fits.');
      assert.deepEqual(model.failures, []);
      model.assertComplete();
    });

    test('expectToolError on a call whose tool succeeded fails, naming the step', async () => {
      const model = new ScriptedModel([
        [functionCall('search_flights', { to: 'OSL', passengers: 2, note: null }, {
          expectToolError: true,
        })],
        [assistantMessage('No flights.')],
      ]);
      const error = await runError(new Agent({ name: 'Concierge', model, tools }), streamed);
      assert.equal(error.reason, 'expected_tool_error');
      assert.equal(error.callIndex, 0);
      assert.equal(error.itemIndex, 0);
      assert.equal(error.toolName, 'search_flights');
      assert.equal(error.expected, 'a tool error (expectToolError)');
      assert.deepEqual(error.actual, { type: 'text', text: '3 flights to OSL for 2' });
      assert.equal(
        error.message,
        'ScriptedModel call #1 (agent "Concierge"), output item #1: function_call "search_flights" with arguments ' +
          '{"to":"OSL","passengers":2,"note":null} was scripted with ' +
          '{ expectToolError: true }, but the tool succeeded: the model got ' +
          '{"type":"text","text":"3 flights to OSL for 2"} in the input of call #2. If the tool ' +
          'is meant to succeed, remove { expectToolError: true } from the call; or switch the ' +
          'check off with new ScriptedModel(steps, { validate: false }).',
      );
      model.acknowledgeFailures();
    });

    test("a tool's own errorFunction is the app's answer: not flagged", async () => {
      const model = new ScriptedModel([
        [functionCall('polite_charge', { amountCents: 500 })],
        [assistantMessage('Please give another card.')],
      ]);
      const output = await runToEnd(new Agent({ name: 'Till', model, tools }), streamed);
      assert.equal(output, 'Please give another card.');
      const input = model.calls[1]?.request.input as readonly Record<string, unknown>[];
      assert.deepEqual(input.at(-1)?.output, {
        type: 'text',
        text: 'The card was declined; ask for another card.',
      });
      model.assertComplete();
      assert.deepEqual(model.failures, []);
    });

    test('validate: false on the model, the step or the item keeps the rule out', async () => {
      const failing = () => functionCall('charge_card', { amountCents: 500 });
      const models = [
        new ScriptedModel([[failing()], [assistantMessage('Charged.')]], { validate: false }),
        new ScriptedModel([
          modelResponse([failing()], { validate: false }),
          [assistantMessage('Charged.')],
        ]),
        new ScriptedModel([
          [functionCall('charge_card', { amountCents: 500 }, { validate: false })],
          [assistantMessage('Charged.')],
        ]),
        // Not JSON on purpose: the SDK's parse text, not reported for a marked item.
        new ScriptedModel([
          [functionCall('charge_card', '{"amountCents": ', { validate: false })],
          [assistantMessage('Charged.')],
        ]),
      ];
      for (const model of models) {
        assert.equal(
          await runToEnd(new Agent({ name: 'Till', model, tools }), streamed),
          'Charged.',
        );
        model.assertComplete();
        assert.deepEqual(model.failures, []);
      }
      const parsed = models[3]?.calls[1]?.request.input as readonly Record<string, unknown>[];
      assert.deepEqual(parsed.at(-1)?.output, { type: 'text', text: PARSING });
    });

    test('through ScriptedModelProvider: the route is named, and a handoff peer reports it', async () => {
      const billing = new Agent({ name: 'Billing', model: 'billing-model' });
      const triage = new Agent({
        name: 'Triage',
        model: 'triage-model',
        tools,
        handoffs: [handoff(billing)],
      });
      const provider = new ScriptedModelProvider({
        models: {
          'triage-model': new ScriptedModel([
            [functionCall('charge_card', { amountCents: 500 }), handoffCall(billing)],
          ]),
          'billing-model': new ScriptedModel([[assistantMessage('All paid.')]]),
        },
      });
      const run = new Runner({ modelProvider: provider, tracingDisabled: true });
      const error = await runError(triage, streamed, run);
      assert.equal(error.reason, 'tool_failed');
      assert.equal(error.callIndex, 0);
      assert.equal(error.toolName, 'charge_card');
      assert.match(
        error.message,
        /^ScriptedModel call #1 \(agent "Triage" on route "triage-model"\), output item #1: function_call "charge_card" with arguments .+ in the input of call #1 on route "billing-model", and the script went on/,
      );
      // The model that got the result raised it (it is the call that failed).
      const billingModel = provider.getModel('billing-model') as ScriptedModel;
      assert.deepEqual(billingModel.failures, [error]);
      billingModel.acknowledgeFailures();
    });
  });
}

describe('a call that expects a tool error, at assertComplete()', () => {
  test('a result that never reached a model call is not confirmed', async () => {
    const stopping = new Agent({
      name: 'Till',
      model: new ScriptedModel([
        [functionCall('charge_card', { amountCents: 500 }, { expectToolError: true })],
      ]),
      tools,
      toolUseBehavior: { stopAtToolNames: ['charge_card'] },
    });
    const model = stopping.model as ScriptedModel;
    const result = await runner().run(stopping, 'Go');
    assert.equal(result.finalOutput, RUNNING);
    assert.throws(() => model.assertComplete(), (error) => {
      assert.ok(error instanceof ScriptedOutputMismatchError);
      assert.equal(error.reason, 'expected_tool_error');
      assert.equal(error.callIndex, 0);
      assert.equal(error.itemIndex, 0);
      assert.equal(error.actual, undefined);
      assert.equal(
        error.message,
        'ScriptedModel call #1 (agent "Till"), output item #1: function_call "charge_card" with arguments ' +
          '{"amountCents":500} was scripted with { expectToolError: true }, but its result ' +
          'never reached a model call (the run ended, or stopped for an approval, right after ' +
          'its tools ran), so the failure is not confirmed. Remove { expectToolError: true } and ' +
          'assert the tool output in the run result (result.newItems), or let the run go on to ' +
          'a call that answers it.',
      );
      return true;
    });
    // Teardown reports it too, and a model with the check off does not.
    assert.throws(() => model[Symbol.dispose](), ScriptedOutputMismatchError);
    const off = new ScriptedModel([
      [functionCall('charge_card', { amountCents: 500 }, { expectToolError: true })],
    ], { validate: false });
    await runner().run(stopping.clone({ model: off }), 'Go');
    off.assertComplete();
  });

  test('a failure without expectToolError and without a next call stays unknown', async () => {
    const model = new ScriptedModel([[functionCall('charge_card', { amountCents: 500 })]]);
    const agent = new Agent({
      name: 'Till',
      model,
      tools,
      toolUseBehavior: 'stop_on_first_tool',
    });
    assert.equal((await runner().run(agent, 'Go')).finalOutput, RUNNING);
    // A model learns a tool's outcome only from a later call's input.
    model.assertComplete();
  });
});
