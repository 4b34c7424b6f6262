// The in-memory cassette in the page: a run recorded through a provider, kept as
// JSON text only, then replayed with no provider at all, and a drifted prompt
// that fails with CassetteMissError naming the changed path.
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import { Cassette, CassetteMissError } from 'scripted-agents/cassette';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  ScriptedModelProvider,
} from 'scripted-agents/testing';
import { assertEqual, assertJsonEqual, assertOk, assertRejects } from './_assert.ts';
import type { BrowserCase } from './_case.ts';

function weatherAgent(seen: string[], instructions = 'Answer about the weather.') {
  const weather = tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => {
      seen.push(city);
      return `${city}: sunny`;
    },
  });
  return new Agent({ name: 'Weather', model: 'weather-model', instructions, tools: [weather] });
}

/** Records one run through a scripted provider standing in for a real one. */
async function recordedText(): Promise<string> {
  const provider = new ScriptedModelProvider({
    models: {
      'weather-model': new ScriptedModel([
        [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
        [assistantMessage('It is sunny in Tokyo.')],
      ]),
    },
  });
  const cassette = new Cassette({ mode: 'record', provider });
  const seen: string[] = [];
  const result = await new Runner({ modelProvider: cassette, tracingDisabled: true }).run(
    weatherAgent(seen),
    'What is the weather in Tokyo?',
  );
  assertEqual(result.finalOutput, 'It is sunny in Tokyo.');
  await cassette.close();
  provider.assertComplete();
  return JSON.stringify(cassette);
}

export const cases: BrowserCase[] = [
  {
    name: 'Cassette records a run and replays it from JSON text, offline',
    run: async () => {
      const text = await recordedText();
      const replay = Cassette.fromJSON(JSON.parse(text));
      const seen: string[] = [];
      const result = await new Runner({ modelProvider: replay, tracingDisabled: true }).run(
        weatherAgent(seen),
        'What is the weather in Tokyo?',
      );
      assertEqual(result.finalOutput, 'It is sunny in Tokyo.');
      assertJsonEqual(seen, ['Tokyo']);
      await replay.close();
    },
  },
  {
    name: 'Cassette replay of a drifted prompt fails with CassetteMissError',
    run: async () => {
      const replay = Cassette.fromJSON(JSON.parse(await recordedText()));
      const error = await assertRejects(
        new Runner({ modelProvider: replay, tracingDisabled: true }).run(
          weatherAgent([], 'Answer about the weather, briefly.'),
          'What is the weather in Tokyo?',
        ),
        (error) => error instanceof CassetteMissError,
      );
      assertOk(error instanceof CassetteMissError);
      // The message names the changed path and shows both values.
      assertOk(error.message.includes('request.systemInstructions'), error.message);
      assertOk(error.message.includes('briefly'), error.message);
      // The miss is kept for teardown even though the run's rejection was handled.
      replay.acknowledgeFailures();
    },
  },
];
