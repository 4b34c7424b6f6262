// A mismatch names the agent the call served and the model's route, read from
// the run (its current span) and the provider; a call outside a run names neither.
import assert from 'node:assert/strict';
import { Agent, Runner, setTraceProcessors } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  ScriptedModel,
  ScriptedModelProvider,
  ScriptedOutputMismatchError,
  TraceRecorder,
} from 'scripted-agents/testing';
import { currentAgentName } from '../_internal/current_agent.ts';
import { describe, test } from './_harness.ts';

// The SDK's default exporter starts a timer at import; a traced run here must not export.
setTraceProcessors([]);

const quote = z.object({ totalEur: z.number() });
const wrong = () => [assistantMessage('{"totalEur":"x"}')];
const PROBLEM = 'output item #1: the final message does not fit the output schema "output" at ' +
  'totalEur: expected number, got "x". If the step is wrong on purpose, give it ' +
  '{ validate: false } (functionCall(), modelResponse(), modelResponder()), or switch the ' +
  'check off with new ScriptedModel(steps, { validate: false }).';

async function messageOf(run: Promise<unknown>): Promise<string> {
  const error = await run.then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof ScriptedOutputMismatchError, String(error));
  return error.message;
}

describe('a mismatch says which agent and route the call served', () => {
  test('an agent naming a routed model: both', async () => {
    const model = new ScriptedModel([wrong()]);
    const provider = new ScriptedModelProvider({ models: { 'quote-model': model } });
    const agent = new Agent({ name: 'Quote agent', model: 'quote-model', outputType: quote });
    const message = await messageOf(
      new Runner({ modelProvider: provider, tracingDisabled: true }).run(agent, 'Quote?'),
    );
    assert.equal(
      message,
      `ScriptedModel call #1 (agent "Quote agent" on route "quote-model"), ${PROBLEM}`,
    );
    model.acknowledgeFailures();
  });

  test('a model given to the agent: the agent alone; traced runs say the same', async () => {
    for (const tracingDisabled of [true, false]) {
      using _recorder = new TraceRecorder();
      const model = new ScriptedModel([wrong()]);
      const agent = new Agent({ name: 'Quote agent', model, outputType: quote });
      const message = await messageOf(new Runner({ tracingDisabled }).run(agent, 'Quote?'));
      assert.equal(message, `ScriptedModel call #1 (agent "Quote agent"), ${PROBLEM}`);
      model.acknowledgeFailures();
    }
  });

  test('a call outside a run names neither', async () => {
    const model = new ScriptedModel([wrong()]);
    const message = await messageOf(model.getResponse({
      input: 'Quote?',
      modelSettings: {},
      tools: [],
      outputType: {
        type: 'json_schema',
        name: 'output',
        strict: true,
        schema: {
          type: 'object',
          properties: { totalEur: { type: 'number' } },
          required: ['totalEur'],
          additionalProperties: false,
        },
      },
      handoffs: [],
      tracing: false,
    }));
    assert.equal(message, `ScriptedModel call #1, ${PROBLEM}`);
    model.acknowledgeFailures();
  });

  test('currentAgentName outside a run is undefined', () => {
    assert.equal(currentAgentName(), undefined);
  });
});
