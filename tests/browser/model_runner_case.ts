// A Runner tool loop on ScriptedModel, in the page: the real SDK Runner calls the
// scripted model, runs the real tool, and sends its result back, streamed and not.
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  UnexpectedModelCallError,
} from 'scripted-agents/testing';
import { assertEqual, assertJsonEqual, assertOk, assertRejects } from './_assert.ts';
import type { BrowserCase } from './_case.ts';

function weatherAgent(model: ScriptedModel, seen: string[]) {
  const weather = tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => {
      seen.push(city);
      return `${city}: sunny`;
    },
  });
  return new Agent({ name: 'Weather assistant', model, tools: [weather] });
}

const script = () =>
  new ScriptedModel([
    [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
    [assistantMessage('It is sunny in Tokyo.')],
  ]);

/** The tool result the Runner sent back to the model in the second call. */
function toolResultOf(model: ScriptedModel): unknown {
  const input = model.lastCall?.request.input;
  assertOk(Array.isArray(input), 'the second call carries the history');
  const result = input.find((item) => item.type === 'function_call_result') as
    | { callId: string; output: unknown }
    | undefined;
  assertOk(result, 'the history holds the tool result');
  assertEqual(result.callId, 'call_1');
  return result.output;
}

export const cases: BrowserCase[] = [
  {
    name: 'Runner tool loop on ScriptedModel (not streamed)',
    run: async () => {
      const model = script();
      const seen: string[] = [];
      const result = await new Runner({ tracingDisabled: true }).run(
        weatherAgent(model, seen),
        'What is the weather in Tokyo?',
      );
      assertEqual(result.finalOutput, 'It is sunny in Tokyo.');
      assertJsonEqual(seen, ['Tokyo']);
      assertEqual(model.calls.length, 2);
      assertJsonEqual(model.calls.map((c) => c.streamed), [false, false]);
      assertJsonEqual(toolResultOf(model), { type: 'text', text: 'Tokyo: sunny' });
      assertJsonEqual(model.firstCall?.request.tools.map((t) => t.name), ['get_weather']);
      model.assertComplete();
    },
  },
  {
    name: 'Runner tool loop on ScriptedModel (streamed)',
    run: async () => {
      const model = script();
      const seen: string[] = [];
      const result = await new Runner({ tracingDisabled: true }).run(
        weatherAgent(model, seen),
        'What is the weather in Tokyo?',
        { stream: true },
      );
      const deltas: string[] = [];
      for await (const event of result.toStream()) {
        if (event.type === 'raw_model_stream_event' && event.data.type === 'output_text_delta') {
          deltas.push(event.data.delta);
        }
      }
      await result.completed;
      assertEqual(result.finalOutput, 'It is sunny in Tokyo.');
      assertJsonEqual(deltas, ['It is sunny in Tokyo.']);
      assertJsonEqual(seen, ['Tokyo']);
      assertJsonEqual(model.calls.map((c) => c.streamed), [true, true]);
      assertJsonEqual(toolResultOf(model), { type: 'text', text: 'Tokyo: sunny' });
      model.assertComplete();
    },
  },
  {
    name: 'a call past the end of the script fails the run with UnexpectedModelCallError',
    run: async () => {
      const model = new ScriptedModel([
        [functionCall('get_weather', { city: 'Oslo' }, { callId: 'call_1' })],
      ]);
      const error = await assertRejects(
        new Runner({ tracingDisabled: true }).run(weatherAgent(model, []), 'Weather?'),
        (e) => e instanceof UnexpectedModelCallError,
      );
      assertEqual((error as UnexpectedModelCallError).callIndex, 1);
      assertEqual(model.acknowledgeFailures().length, 1);
    },
  },
];
