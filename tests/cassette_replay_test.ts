// Replays the committed recording of tests/_cassette_scenarios.ts (recorded
// through OpenAIProvider by tests/cassette_loopback_test.ts, which also checks
// that a fresh recording equals it) with no network permission at all, and
// shows what drift looks like: a changed prompt, tool schema or tool result is
// a CassetteMissError naming the changed path and both values.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Agent, OpenAIProvider, Runner, setDefaultModelProvider, tool } from '@openai/agents';
import { z } from 'zod';
import {
  Cassette,
  CassetteMissError,
  UnusedCassetteInteractionsError,
} from 'scripted-agents/cassette';
import { describe, test } from './_harness.ts';
import {
  API_KEY,
  FIXTURE,
  type Observations,
  repositoryRoot,
  runScenarios,
  scenarioAgents,
  weatherReport,
} from './_cassette_scenarios.ts';

const fixtureText = readFileSync(path.join(repositoryRoot(), FIXTURE), 'utf8');
/** The same recording in format version 1, where every request wrote out its whole input. */
const FIXTURE_V1 = 'tests/fixtures/cassette_agent_runs_v1.json';
const load = () => Cassette.fromJSON(fixtureText, { label: FIXTURE });
const runner = (cassette: Cassette) =>
  new Runner({ modelProvider: cassette, tracingDisabled: true });

function assertObservations(observed: Observations): void {
  assert.equal(observed.tool.finalOutput, 'The answer: Tokyo: sunny');
  assert.deepEqual(
    observed.tool.newItems.map((item) => (item as { type: string }).type),
    ['tool_call_item', 'tool_call_output_item', 'message_output_item'],
  );
  assert.equal(observed.streamed.finalOutput, 'The answer: Paris: sunny');
  assert.deepEqual(observed.streamed.deltas, ['The answer: ', 'Paris: sunny']);
  assert.equal(observed.retry.finalOutput, 'Echo: Are you there?');
  assert.equal(observed.agentAsTool.finalOutput, 'The answer: Bonjour (good morning)');
  assert.deepEqual(
    observed.agentAsTool.toolCalls.map((call) => (call as { name: string }).name),
    ['translate_text'],
  );
  assert.deepEqual(observed.concurrent, [
    'The answer: Osaka: sunny',
    'The answer: Kyoto: sunny',
    'The answer: Sapporo: sunny',
  ]);
  assert.deepEqual(observed.rejected, { name: 'Error', status: 401 });
}

describe('cassette: replaying the committed recording offline', () => {
  test('replays every scenario through a runner whose provider is the cassette', async () => {
    const cassette = load();
    assertObservations(await runScenarios(cassette));
    await cassette.close();
  });

  test('the same recording in format version 1 still loads, replays, and writes version 2', async () => {
    const text = readFileSync(path.join(repositoryRoot(), FIXTURE_V1), 'utf8');
    assert.equal(JSON.parse(text).version, 1);
    assert.equal(text.includes('"inputFrom"'), false);
    const old = Cassette.fromJSON(text, { label: FIXTURE_V1 });
    // The same whole requests as the committed version-2 file, which also names the agent
    // of each call (version 1 recorded none)...
    const withoutAgents = <T extends object>(items: readonly T[]) =>
      items.map((item) => {
        const { agent: _agent, ...rest } = item as T & { agent?: string };
        return rest;
      });
    assert.deepEqual(old.interactions, withoutAgents(load().interactions));
    // ...and written back, exactly that file but for the agents.
    const current = JSON.parse(fixtureText);
    assert.deepEqual(JSON.parse(JSON.stringify(old)), {
      ...current,
      interactions: withoutAgents(current.interactions),
    });
    assertObservations(await runScenarios(old));
    await old.close();
  });

  test('replays through setDefaultModelProvider, with no provider on the runner', async (t) => {
    // The SDK's own default, restored afterwards (creating it contacts nothing).
    t.after(() => setDefaultModelProvider(new OpenAIProvider()));
    const cassette = load();
    setDefaultModelProvider(cassette);
    assertObservations(await runScenarios());
    await cassette.close();
  });

  test('the recording holds no credential', () => {
    assert.equal(fixtureText.includes(API_KEY), false);
    assert.equal(/sk-[A-Za-z0-9]/.test(fixtureText), false);
    assert.match(fixtureText, /"x-request-id": "req_/);
  });

  test('a changed prompt is a miss naming the input path and both values', async () => {
    const cassette = load();
    const { weather } = scenarioAgents();
    const error = await runner(cassette).run(weather, 'What is the weather in Tokio?').catch((
      e,
    ) => e);
    assert.ok(error instanceof CassetteMissError, String(error));
    assert.equal(error.model, 'gpt-4.1-mini');
    assert.equal(error.callIndex, 0);
    assert.equal(error.nearestUsed, false);
    assert.deepEqual(error.differences, [{
      path: 'request.input[0].content',
      recorded: 'What is the weather in Tokyo?',
      actual: 'What is the weather in Tokio?',
    }]);
    assert.match(error.message, /request\.input\[0\]\.content/);
    assert.match(error.message, /recorded: "What is the weather in Tokyo\?"/);
    assert.match(error.message, /now: {6}"What is the weather in Tokio\?"/);
    assert.match(error.message, /SCRIPTED_AGENTS_CASSETTE=update/);
    assert.match(error.message, new RegExp(FIXTURE.replaceAll('.', '\\.')));
    assert.deepEqual(cassette.acknowledgeFailures(), [error]);
  });

  test('a changed tool schema is a miss naming the schema path', async () => {
    const cassette = load();
    const weather = new Agent({
      ...scenarioAgents().weather,
      name: 'Weather assistant',
      instructions: 'Answer weather questions with the get_weather tool.',
      model: 'gpt-4.1-mini',
      tools: [tool({
        name: 'get_weather',
        description: 'Gets the weather for a city.',
        parameters: z.object({ city: z.string(), unit: z.enum(['C', 'F']) }),
        execute: ({ city }) => `${city}: sunny`,
      })],
    });
    const error = await runner(cassette).run(weather, 'What is the weather in Tokyo?').catch((
      e,
    ) => e);
    assert.ok(error instanceof CassetteMissError, String(error));
    assert.deepEqual(error.differences.map((d) => d.path), [
      'request.tools[0].parameters.properties.unit',
      'request.tools[0].parameters.required[1]',
    ]);
    assert.equal(error.differences[0].recorded, undefined);
    assert.deepEqual(error.differences[0].actual, { type: 'string', enum: ['C', 'F'] });
    assert.match(error.message, /recorded: \(absent\)/);
    cassette.acknowledgeFailures();
  });

  test('a changed tool result is a miss on the second turn naming the output', async (t) => {
    const cassette = load();
    weatherReport.suffix = 'rainy';
    t.after(() => {
      weatherReport.suffix = 'sunny';
    });
    const { weather } = scenarioAgents();
    const error = await runner(cassette).run(weather, 'What is the weather in Tokyo?').catch((
      e,
    ) => e);
    assert.ok(error instanceof CassetteMissError, String(error));
    assert.equal(error.callIndex, 1);
    assert.deepEqual(error.differences, [{
      path: 'request.input[2].output.text',
      recorded: 'Tokyo: sunny',
      actual: 'Tokyo: rainy',
    }]);
    cassette.acknowledgeFailures();
  });

  test('close() reports the interactions a shorter run never used', async () => {
    const cassette = load();
    const { weather } = scenarioAgents();
    await runner(cassette).run(weather, 'What is the weather in Tokyo?');
    const error = await cassette.close().catch((e) => e);
    assert.ok(error instanceof UnusedCassetteInteractionsError, String(error));
    assert.equal(error.total, cassette.interactions.length);
    assert.equal(error.unused.length, cassette.interactions.length - 2);
    assert.match(error.message, /unused recorded interactions/);
  });

  test('concurrent runs replay in any order', async () => {
    const cassette = load();
    const { weather } = scenarioAgents();
    const cities = ['Sapporo', 'Osaka', 'Kyoto'];
    const results = await Promise.all(
      cities.map((city) => runner(cassette).run(weather, `What is the weather in ${city}?`)),
    );
    assert.deepEqual(
      results.map((r) => r.finalOutput),
      cities.map((c) => `The answer: ${c}: sunny`),
    );
    cassette.acknowledgeFailures();
  });
});
