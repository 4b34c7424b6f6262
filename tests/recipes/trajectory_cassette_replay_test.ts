// Recipe "One trajectory assertion for scripted runs and cassette replays": the
// same helper checks the run against a script and against a recording. Here
// the recording comes from the scripted provider itself; in your suite it
// comes from the real API (record once with the real provider, commit the
// file, replay it offline), and the assertion stays the same.
import { Agent, Runner, tool } from '@openai/agents';
import { Cassette } from 'scripted-agents/cassette';
import {
  assertTrajectory,
  assistantMessage,
  functionCall,
  ScriptedModel,
  ScriptedModelProvider,
  type TrajectorySource,
} from 'scripted-agents/testing';
import test from 'node:test';
import { z } from 'zod';

function weatherAgent() {
  const getWeather = tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: async ({ city }) => `${city}: sunny`,
  });
  return new Agent({ name: 'Weather assistant', model: 'gpt-4.1-mini', tools: [getWeather] });
}

/** The behaviour under test, whichever model produced the run. */
function assertWeatherWorkflow(result: TrajectorySource) {
  assertTrajectory(result, [
    {
      agent: 'Weather assistant',
      tool: 'get_weather',
      args: { city: 'Tokyo' },
      output: 'Tokyo: sunny',
    },
    { agent: 'Weather assistant', message: /sunny/ },
  ]);
}

test('the same assertion passes for the script and for the replayed recording', async () => {
  const script = () =>
    new ScriptedModelProvider({
      models: {},
      fallback: new ScriptedModel([
        [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
        [assistantMessage('It is sunny in Tokyo.')],
      ]),
    });

  // 1. A scripted run.
  const scripted = await new Runner({ modelProvider: script(), tracingDisabled: true })
    .run(weatherAgent(), 'Weather in Tokyo?');
  assertWeatherWorkflow(scripted);

  // 2. A recording (from the real provider in your suite), replayed offline.
  const recorder = new Cassette({ mode: 'record', provider: script() });
  await new Runner({ modelProvider: recorder, tracingDisabled: true })
    .run(weatherAgent(), 'Weather in Tokyo?');
  const cassette = Cassette.fromJSON(await recorder.close());
  const replayed = await new Runner({ modelProvider: cassette, tracingDisabled: true })
    .run(weatherAgent(), 'Weather in Tokyo?');
  assertWeatherWorkflow(replayed);
  await cassette.close();
});
