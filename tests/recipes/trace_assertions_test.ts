// Recipe "Assert on the trace of a run": `TraceRecorder` replaces the SDK's trace exporters
// with an in-memory recorder, so tracing stays enabled, nothing leaves the process, and the
// test can assert which agent, function, handoff and guardrail spans a run produced.
import { Agent, Runner, setTraceProcessors, tool } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  offlineGuard,
  ScriptedModel,
  TraceRecorder,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

// Take the SDK's default exporter out once, before any test: under Deno's op sanitizer
// its stopped export-loop timer would otherwise be charged to the first test.
setTraceProcessors([]);

test('a triage run traces its tools, the handoff and the guardrail', async () => {
  using _offline = offlineGuard(); // an export attempt would fail the test
  using recorder = new TraceRecorder();

  const getWeather = tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => `${city}: sunny`,
  });
  const model = new ScriptedModel([
    [functionCall('transfer_to_Weather', {}, { callId: 'call_1' })],
    [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_2' })],
    [assistantMessage('It is sunny in Tokyo.')],
  ]);
  const weather = new Agent({ name: 'Weather', model, tools: [getWeather] });
  const triage = new Agent({
    name: 'Triage',
    model,
    handoffs: [weather],
    inputGuardrails: [{
      name: 'on_topic',
      execute: async () => ({ tripwireTriggered: false, outputInfo: null }),
    }],
  });

  await new Runner({ workflowName: 'Support' }).run(triage, 'Weather in Tokyo?');

  // `task` and `turn` spans are the SDK's bookkeeping; leave them out of the picture.
  assert.deepEqual(recorder.paths({ omit: ['task', 'turn'] }), [
    'agent: Triage',
    'agent: Triage > guardrail: on_topic',
    'agent: Triage > handoff: Triage -> Weather',
    'agent: Weather',
    'agent: Weather > function: get_weather',
  ]);
  const call = recorder.find('function', 'get_weather');
  assert.deepEqual(call?.data, {
    type: 'function',
    name: 'get_weather',
    input: '{"city":"Tokyo"}',
    output: 'Tokyo: sunny',
  });
  assert.equal(recorder.traces[0].name, 'Support');
  recorder.assertEnded();
  model.assertComplete();
});
