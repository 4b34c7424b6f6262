// Recipe "Script only what matters in a sandbox workflow": how often the SDK creates an editor
// or reads the memory summary is an implementation detail, and parallel tool calls reach the
// sandbox in either order. Steps that bend keep the test about the workflow while
// `assertComplete()` (here through `using`) stays strict about every required call.
import { Runner } from '@openai/agents';
import { filesystem, memory, SandboxAgent, shell } from '@openai/agents/sandbox';
import {
  anyOrder,
  assistantMessage,
  functionCall,
  ScriptedModel,
  scriptedSandboxSession,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';

const editor = {
  createFile: async () => ({}),
  updateFile: async () => ({}),
  deleteFile: async () => ({}),
};

test('a workspace agent with shell, files and memory', async () => {
  using sandbox = scriptedSandboxSession([
    { method: 'applyManifest', result: undefined },
    // filesystem() needs an editor; how many times it asks is not this test's concern.
    { method: 'createEditor', respond: () => editor as never, times: 'any' },
    // Both commands of one model turn, in whichever order the SDK runs them.
    anyOrder(
      { method: 'execCommand', match: ({ cmd }) => cmd === 'ls', result: 'notes.txt\n' },
      { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '/workspace\n' },
    ),
  ], {
    // memory() reads its summary at every turn: allowed at any point, never required.
    anytime: [
      { method: 'pathExists', match: (path) => path.endsWith('memory_summary.md'), result: false },
    ],
  });
  const model = new ScriptedModel([
    [
      functionCall('exec_command', { cmd: 'ls' }, { callId: 'call_1' }),
      functionCall('exec_command', { cmd: 'pwd' }, { callId: 'call_2' }),
    ],
    [assistantMessage('/workspace contains notes.txt.')],
  ]);
  const agent = new SandboxAgent({
    name: 'Workspace assistant',
    model,
    capabilities: [shell(), filesystem(), memory({ generate: false })],
  });

  const result = await new Runner({ tracingDisabled: true })
    .run(agent, 'What is in the workspace?', { sandbox: { session: sandbox } });

  assert.equal(result.finalOutput, '/workspace contains notes.txt.');
  const commands = sandbox.calls
    .filter((call) => call.method === 'execCommand')
    .map((call) => (call.args[0] as { cmd: string }).cmd)
    .sort();
  assert.deepEqual(commands, ['ls', 'pwd']);
  model.assertComplete();
});

test('a capability whose method the run never calls', async () => {
  // shell() only offers exec_command when the session has execCommand.
  using sandbox = scriptedSandboxSession([], { present: ['execCommand'] });
  const model = new ScriptedModel([[assistantMessage('Nothing to run.')]]);
  const agent = new SandboxAgent({ name: 'Idle', model, capabilities: [shell()] });

  await new Runner({ tracingDisabled: true }).run(agent, 'Hi', { sandbox: { session: sandbox } });

  const offered = model.firstCall?.request.tools.map((tool) => 'name' in tool && tool.name);
  assert.deepEqual(offered, ['exec_command']);
  assert.deepEqual(sandbox.calls, []);
});
