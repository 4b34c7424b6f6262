// Recipe "Snapshot what the agent did": formatTrajectory() gives one stable
// line a step, so a snapshot of a run is a short text a reviewer can read (not
// 170 lines of SDK items). This recipe keeps the expected text in the test, which
// works in every runner; each runner's own snapshot support takes the same
// string: Vitest and Jest `expect(text).toMatchSnapshot()` or
// `toMatchInlineSnapshot()`, node:test `t.assert.snapshot(text)` (Node 22.3+,
// run with --test-update-snapshots to write it), Deno `assertSnapshot(t, text)`
// from @std/testing/snapshot, Bun `expect(text).toMatchSnapshot()`.
import { Agent, Runner, tool } from '@openai/agents';
import {
  assistantMessage,
  formatTrajectory,
  functionCall,
  ScriptedModel,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

const expected = `
user: "What is the weather in Tokyo and Osaka?"
Weather assistant: get_weather({"city":"Tokyo"}) → "Tokyo: sunny"
Weather assistant: get_weather({"city":"Osaka"}) → "Osaka: rain"
Weather assistant: message "Sunny in Tokyo, rain in Osaka." (final)
`.trim();

test('the run, as a snapshot-ready text', async () => {
  const weather = { Tokyo: 'sunny', Osaka: 'rain' } as Record<string, string>;
  const getWeather = tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: async ({ city }) => `${city}: ${weather[city]}`,
  });
  using model = new ScriptedModel([
    [
      functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' }),
      functionCall('get_weather', { city: 'Osaka' }, { callId: 'call_2' }),
    ],
    [assistantMessage('Sunny in Tokyo, rain in Osaka.')],
  ]);
  const agent = new Agent({ name: 'Weather assistant', model, tools: [getWeather] });
  const result = await new Runner({ tracingDisabled: true })
    .run(agent, 'What is the weather in Tokyo and Osaka?');

  assert.equal(formatTrajectory(result), expected);
});
