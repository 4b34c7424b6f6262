// One trajectory assertion, three models: the support workflow run by a real
// OpenAIProvider against a loopback Responses-API server (recorded into a
// cassette on the way), replayed from that cassette with the server stopped,
// and scripted. The trajectories must be equal, step for step.
import assert from 'node:assert/strict';
import { OpenAIProvider, Runner } from '@openai/agents';
import OpenAI from 'openai';
import { Cassette } from 'scripted-agents/cassette';
import {
  assertTrajectory,
  formatTrajectory,
  ScriptedModel,
  ScriptedModelProvider,
  trajectory,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { startResponsesServer } from './_responses_server.ts';
import {
  billingScript,
  expectedSteps,
  expectedText,
  supportAgents,
  supportReplies,
  triageScript,
  userInput,
} from './_trajectory_fixtures.ts';

describe('trajectory: the same run from a real provider, a cassette and a script', () => {
  test('equal trajectories, one assertion', async (t) => {
    const server = await startResponsesServer(supportReplies());
    let serverOpen = true;
    t.after(() => serverOpen ? server.close() : undefined);
    const client = new OpenAI({
      apiKey: 'sk-test-loopback',
      baseURL: server.baseURL,
      maxRetries: 0,
    });
    const provider = new OpenAIProvider({ openAIClient: client, useResponses: true });

    // A real provider, recorded on the way.
    const recorder = new Cassette({ mode: 'record', provider });
    const real = await new Runner({ modelProvider: recorder, tracingDisabled: true })
      .run(supportAgents().triage, userInput);
    const recording = await recorder.close();
    await server.close();
    serverOpen = false;
    assert.equal(server.bodies.length, 4);

    // The cassette replayed, offline.
    const replayer = Cassette.fromJSON(recording);
    const replayed = await new Runner({ modelProvider: replayer, tracingDisabled: true })
      .run(supportAgents().triage, userInput);
    replayer.assertComplete();

    // The script.
    const { triage, billing } = supportAgents();
    const scripted = await new Runner({
      modelProvider: new ScriptedModelProvider({
        models: {
          'triage-model': new ScriptedModel(triageScript(billing)),
          'billing-model': new ScriptedModel(billingScript()),
        },
      }),
      tracingDisabled: true,
    }).run(triage, userInput);

    for (const result of [real, replayed, scripted]) {
      assertTrajectory(result, expectedSteps);
      assert.equal(formatTrajectory(result), expectedText);
    }
    assert.deepEqual(trajectory(real), trajectory(scripted));
    assert.deepEqual(trajectory(replayed), trajectory(scripted));
    // The cassette itself: what was asked and answered (agents known after the handoff).
    assertTrajectory(
      recorder,
      expectedSteps.map((step) => {
        const { agent: _agent, ...rest } = step as Record<string, unknown>;
        return rest as typeof step;
      }),
    );
    assert.deepEqual(trajectory(replayer), trajectory(recorder));
  });
});
