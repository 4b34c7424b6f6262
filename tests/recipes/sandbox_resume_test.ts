// Recipe "Test a sandbox run that is paused and resumed": `scriptedSandboxClient()` hands out
// scripted sessions from `create()` and `resume()` and serializes their state into the
// `RunState`, so an approval pause, a JSON round trip and the resumed run all happen in memory.
import { Runner, RunState, tool } from '@openai/agents';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  scriptedSandboxClient,
  scriptedSandboxSession,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

// The SDK's lifecycle calls on a sandbox it owns; allowed at any time, never required.
const lifecycle = {
  anytime: [
    { method: 'running', result: true },
    { method: 'runPreStopHooks', result: undefined },
    { method: 'preStop', result: undefined },
    { method: 'stop', result: undefined },
    { method: 'shutdown', result: undefined },
    { method: 'delete', result: undefined },
  ],
} as const;

test('a deployment waits for approval, then resumes in the same sandbox state', async () => {
  using client = scriptedSandboxClient({
    sessions: [
      // The sandbox the first run creates ...
      scriptedSandboxSession([{ method: 'execCommand', result: 'build ok' }], lifecycle),
      // ... and the one the resumed run gets back from resume().
      scriptedSandboxSession([{ method: 'execCommand', result: 'smoke test ok' }], lifecycle),
    ],
  });
  const deploy = tool({
    name: 'deploy',
    description: 'Deploys the build.',
    parameters: z.object({}),
    needsApproval: true,
    execute: () => 'deployed',
  });
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'npm run build' }, { callId: 'call_1' })],
    [functionCall('deploy', {}, { callId: 'call_2' })],
    [functionCall('exec_command', { cmd: 'npm run smoke' }, { callId: 'call_3' })],
    [assistantMessage('Deployed and smoke-tested.')],
  ]);
  const agent = new SandboxAgent({
    name: 'Release manager',
    model,
    tools: [deploy],
    capabilities: [shell()],
  });
  const runner = new Runner({ tracingDisabled: true });

  const paused = await runner.run(agent, 'Build and deploy.', { sandbox: { client } });
  assert.equal(paused.interruptions.length, 1);
  const saved = paused.state.toString(); // e.g. stored in a database

  const state = await RunState.fromString(agent, saved);
  state.approve(state.getInterruptions()[0]);
  const resumed = await runner.run(agent, state, { sandbox: { client } });

  assert.equal(resumed.finalOutput, 'Deployed and smoke-tested.');
  assert.deepEqual(client.calls.map((call) => call.method), [
    'create',
    'serializeSessionState',
    'deserializeSessionState',
    'resume',
    'serializeSessionState',
  ]);
  model.assertComplete();
});
