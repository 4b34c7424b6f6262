// Trajectories in the page: trajectory(), formatTrajectory() and
// assertTrajectory() over a real Runner tool loop on ScriptedModel, and the
// mismatch error with its aligned diff.
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assertTrajectory,
  assistantMessage,
  formatTrajectory,
  functionCall,
  ScriptedModel,
  trajectory,
  TrajectoryMismatchError,
} from 'scripted-agents/testing';
import { assertEqual, assertJsonEqual, assertOk } from './_assert.ts';
import type { BrowserCase } from './_case.ts';

async function weatherRun() {
  const weather = tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => `${city}: sunny`,
  });
  const model = new ScriptedModel([
    [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
    [assistantMessage('It is sunny in Tokyo.')],
  ]);
  const agent = new Agent({ name: 'Weather assistant', model, tools: [weather] });
  const result = await new Runner({ tracingDisabled: true }).run(agent, 'Weather in Tokyo?');
  return { model, result };
}

export const cases: BrowserCase[] = [
  {
    name: 'trajectory, formatTrajectory and assertTrajectory of a Runner tool loop',
    run: async () => {
      const { model, result } = await weatherRun();
      assertJsonEqual(trajectory(result).map((step) => step.kind), [
        'input',
        'tool_call',
        'message',
      ]);
      assertEqual(
        formatTrajectory(result),
        [
          'user: "Weather in Tokyo?"',
          'Weather assistant: get_weather({"city":"Tokyo"}) → "Tokyo: sunny"',
          'Weather assistant: message "It is sunny in Tokyo." (final)',
        ].join('\n'),
      );
      assertTrajectory(result, [
        { tool: 'get_weather', args: { city: /^Tok/ }, output: 'Tokyo: sunny' },
        { message: /sunny/ },
      ]);
      assertTrajectory(model, [{ tool: 'get_weather' }, { message: /sunny/ }], { args: 'ignore' });
      model.assertComplete();
    },
  },
  {
    name: 'a mismatch throws TrajectoryMismatchError with the differing path',
    run: async () => {
      const { result } = await weatherRun();
      let caught: unknown;
      try {
        assertTrajectory(result, [{ tool: 'get_weather', args: { city: 'Osaka' } }], {
          order: 'superset',
        });
      } catch (error) {
        caught = error;
      }
      assertOk(caught instanceof TrajectoryMismatchError, 'a TrajectoryMismatchError');
      assertEqual(caught.missing.length, 1);
      assertOk(
        caught.message.includes('differs at args.city: expected "Osaka", actual "Tokyo"'),
        caught.message,
      );
    },
  },
];
