// Records agent runs through the real stack a user records with (OpenAIProvider,
// the `openai` client, HTTP) against a loopback server that answers like the
// Responses API, then replays them with the server stopped: identical final
// outputs, items, tool calls and streamed text. The fresh recording must equal
// the committed fixture (tests/fixtures/), which tests/cassette_replay_test.ts
// replays without any network permission, so the fixture cannot rot.
//
// Regenerate the fixture after an intended change with
// `UPDATE_CASSETTE_FIXTURES=1 node_modules/.bin/bun test ./tests/cassette_loopback_test.ts`.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OpenAIProvider } from '@openai/agents';
import OpenAI from 'openai';
import { Cassette, type CassetteData } from 'scripted-agents/cassette';
import { openCassette } from 'scripted-agents/cassette_fs';
import { describe, test } from './_harness.ts';
import { startResponsesServer } from './_responses_server.ts';
import {
  API_KEY,
  FIXTURE,
  repositoryRoot,
  runScenarios,
  scenarioReplies,
} from './_cassette_scenarios.ts';

/**
 * The recording with whole requests, its interactions in a canonical order
 * (concurrent calls may arrive in any, and a request's input is stored as the
 * continuation of an earlier one's by index). SDK releases before
 * `Model.supportsPromptModelSelection` (the oldest supported one is tested
 * too) record no model info, so then only the model names are compared.
 */
function comparable(data: CassetteData, withModelInfo: boolean): unknown {
  return {
    ...data,
    models: withModelInfo ? data.models : Object.keys(data.models),
    // When a recording was made differs from one recording to the next; what it holds does not.
    interactions: Cassette.fromJSON(data).interactions
      .map(({ recorded: _recorded, ...rest }) => JSON.stringify(rest)).sort(),
  };
}

describe('cassette: recording through OpenAIProvider on a loopback server', () => {
  test('records once, replays offline with identical results, and matches the fixture', async (t) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'scripted-agents-cassette-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'agent_runs.json');

    const server = await startResponsesServer(scenarioReplies());
    let serverOpen = true;
    t.after(() => serverOpen ? server.close() : undefined);
    const client = new OpenAI({ apiKey: API_KEY, baseURL: server.baseURL, maxRetries: 0 });
    const provider = new OpenAIProvider({ openAIClient: client, useResponses: true });

    const recorder = await openCassette(file, { mode: 'record', provider });
    const recorded = await runScenarios(recorder);
    await recorder.close();
    const requests = server.bodies.length;
    await server.close();
    serverOpen = false;

    // The real runs happened: a tool call, the 429 and its retry, the 401...
    assert.equal(recorded.tool.finalOutput, 'The answer: Tokyo: sunny');
    assert.equal(recorded.streamed.finalOutput, 'The answer: Paris: sunny');
    assert.deepEqual(recorded.streamed.deltas, ['The answer: ', 'Paris: sunny']);
    assert.equal(recorded.retry.finalOutput, 'Echo: Are you there?');
    assert.equal(recorded.agentAsTool.finalOutput, 'The answer: Bonjour (good morning)');
    assert.deepEqual(recorded.concurrent, [
      'The answer: Osaka: sunny',
      'The answer: Kyoto: sunny',
      'The answer: Sapporo: sunny',
    ]);
    assert.deepEqual(recorded.rejected, { name: 'Error', status: 401 });

    const text = await readFile(file, 'utf8');
    const data = JSON.parse(text) as CassetteData;
    assert.equal(data.interactions.length, requests);
    // No credential reaches the file, not even the one the 401 echoed back.
    assert.equal(text.includes(API_KEY), false);
    assert.equal(text.includes('sk-test'), false);
    assert.equal(/authorization/i.test(text), false);

    // Replay with the server stopped: the provider is never asked for a model.
    const replaying = await openCassette(file, { mode: 'replay' });
    const replayed = await runScenarios(replaying);
    await replaying.close();
    assert.deepEqual(replayed, recorded);

    // The committed fixture is exactly a fresh recording.
    const fixturePath = path.join(repositoryRoot(), FIXTURE);
    if (readEnv('UPDATE_CASSETTE_FIXTURES') === '1') await writeFile(fixturePath, text);
    const fixture = Cassette.fromJSON(await readFile(fixturePath, 'utf8')).toJSON();
    const withModelInfo = Object.values(data.models).some((info) =>
      info.supportsPromptModelSelection !== undefined
    );
    assert.deepEqual(comparable(fixture, withModelInfo), comparable(data, withModelInfo));
  });
});

function readEnv(name: string): string | undefined {
  // deno-lint-ignore no-explicit-any
  const runtime = globalThis as any;
  return runtime.process?.env?.[name] ?? runtime.Deno?.env.get(name);
}
