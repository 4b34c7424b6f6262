// Steps that bend (`times`, `optional`, `anyOrder`, anytime steps and present methods) in the
// sandbox double, through the real SandboxAgent where the SDK's call pattern is an
// implementation detail: filesystem() creates its editor more than once, memory() reads the
// summary every turn, and parallel shell calls reach the sandbox in either order.
import assert from 'node:assert/strict';
import type { ModelRequest } from '@openai/agents';
import { filesystem, memory, SandboxAgent, shell } from '@openai/agents/sandbox';
import {
  anyOrder,
  assistantMessage,
  functionCall,
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  ScriptedModel,
  scriptedSandboxSession,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { runner } from './_model_fixtures.ts';

const MEMORY = 'memories/memory_summary.md';
const editor = {
  createFile: () => Promise.resolve({}),
  updateFile: () => Promise.resolve({}),
  deleteFile: () => Promise.resolve({}),
};

function toolOutputs(request: Readonly<ModelRequest> | undefined): string[] {
  const items = Array.isArray(request?.input) ? request.input : [];
  return items.flatMap((item) =>
    item.type === 'function_call_result' ? [JSON.stringify(item.output)] : []
  );
}

describe('sandbox steps that bend, through the real SandboxAgent', () => {
  test('editor creation, per-turn memory reads and parallel commands need no workaround', async () => {
    using sandbox = scriptedSandboxSession([
      { method: 'applyManifest', result: undefined },
      // How often the filesystem capability asks for an editor is the SDK's business.
      { method: 'createEditor', respond: () => editor as never, times: { min: 1 } },
      // The model runs both commands in one turn; the SDK may run them in either order.
      anyOrder(
        { method: 'execCommand', match: ({ cmd }) => cmd === 'ls', result: 'notes.txt\n' },
        { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '/workspace\n' },
      ),
    ], {
      // The memory capability checks and reads its summary at every turn.
      anytime: [
        { method: 'pathExists', match: (path) => path === MEMORY, result: true },
        {
          method: 'readFile',
          match: ({ path }) => path === MEMORY,
          result: new TextEncoder().encode('The user prefers short answers.'),
        },
      ],
    });
    const model = new ScriptedModel([
      [
        functionCall('exec_command', { cmd: 'ls' }, { callId: 'call_1' }),
        functionCall('exec_command', { cmd: 'pwd' }, { callId: 'call_2' }),
      ],
      [assistantMessage('notes.txt in /workspace.')],
    ]);
    const agent = new SandboxAgent({
      name: 'Workspace assistant',
      model,
      capabilities: [shell(), filesystem(), memory({ generate: false })],
    });

    const result = await runner().run(agent, 'What is here?', { sandbox: { session: sandbox } });

    assert.equal(result.finalOutput, 'notes.txt in /workspace.');
    const outputs = toolOutputs(model.lastCall?.request);
    assert.match(outputs[0], /notes\.txt/);
    assert.match(outputs[1], /\/workspace/);
    // The memory summary reached the model's instructions on both turns.
    for (const call of model.calls) {
      assert.match(String(call.request.systemInstructions), /prefers short answers/);
    }
    const reads = sandbox.calls.filter((call) => call.method === 'readFile');
    assert.equal(reads.length, model.calls.length);
    model.assertComplete();
  });

  test('a capability can be present without a step: shell() with an unused execCommand', async () => {
    using sandbox = scriptedSandboxSession([], { present: ['execCommand'] });
    const model = new ScriptedModel([[assistantMessage('Nothing to run.')]]);
    const agent = new SandboxAgent({ name: 'Idle', model, capabilities: [shell()] });

    const result = await runner().run(agent, 'Hi', { sandbox: { session: sandbox } });

    assert.equal(result.finalOutput, 'Nothing to run.');
    assert.deepEqual(
      model.firstCall?.request.tools.map((tool) => 'name' in tool && tool.name),
      ['exec_command'],
    );
    assert.deepEqual(sandbox.calls, []);
  });
});

describe('sandbox steps that bend: strict about what is required', () => {
  test('a present method called without a step is unexpected', async () => {
    const sandbox = scriptedSandboxSession([], { present: ['execCommand'] });
    await assert.rejects(sandbox.execCommand({ cmd: 'ls' }), (error) => {
      assert(error instanceof UnexpectedSandboxCallError);
      assert.equal(error.expectedMethod, undefined);
      assert.equal(error.actualMethod, 'execCommand');
      return true;
    });
    assert.equal(sandbox.acknowledgeFailures().length, 1);
  });

  test('repeated and optional steps: only required uses are reported', async () => {
    const sandbox = scriptedSandboxSession([
      { method: 'supportsPty', result: false, optional: true },
      { method: 'pathExists', result: true, times: 2 },
      { method: 'running', result: true, times: 'any' },
    ]);
    assert.equal(sandbox.remainingSteps, 2);
    assert.equal(await sandbox.pathExists('a'), true);
    assert.throws(() => sandbox.assertComplete(), (error) => {
      assert(error instanceof UnconsumedSandboxStepsError);
      assert.deepEqual(error.pendingMethods, ['pathExists']);
      assert.equal(error.remainingSteps, 1);
      return true;
    });
    assert.equal(await sandbox.pathExists('b'), true);
    for (let i = 0; i < 3; i++) assert.equal(await sandbox.running(), true);
    sandbox[Symbol.dispose]();
  });

  test('skipping a required repetition names the step still expected', async () => {
    const sandbox = scriptedSandboxSession([
      { method: 'pathExists', result: true, times: 2 },
      { method: 'running', result: true },
    ]);
    await sandbox.pathExists('a');
    await assert.rejects(sandbox.running(), (error) => {
      assert(error instanceof UnexpectedSandboxCallError);
      assert.equal(error.expectedMethod, 'pathExists');
      assert.equal(error.callIndex, 1);
      assert.equal(error.remainingSteps, 1);
      return true;
    });
    sandbox.acknowledgeFailures();
  });

  test('an anyOrder group must be completed before the script moves on', async () => {
    const sandbox = scriptedSandboxSession([
      anyOrder({ method: 'pathExists', result: true }, { method: 'running', result: true }),
      { method: 'supportsPty', result: false },
    ]);
    await sandbox.running();
    assert.throws(() => sandbox.supportsPty(), (error) => {
      assert(error instanceof UnexpectedSandboxCallError);
      assert.equal(error.expectedMethod, 'pathExists');
      return true;
    });
    sandbox.acknowledgeFailures();
    assert.throws(() => sandbox.assertComplete(), (error) => {
      assert(error instanceof UnconsumedSandboxStepsError);
      assert.deepEqual(error.pendingMethods, ['supportsPty']);
      return true;
    });
  });

  test('a call no member of a group accepts fails with the first member matcher', async () => {
    const sandbox = scriptedSandboxSession([
      anyOrder(
        { method: 'pathExists', match: (path) => path === 'a', result: true },
        { method: 'pathExists', match: (path) => path === 'b', result: false },
      ),
    ]);
    await assert.rejects(sandbox.pathExists('c'), (error) => {
      assert(error instanceof SandboxCallMatcherError);
      assert.equal(error.callIndex, 0);
      return true;
    });
    sandbox.acknowledgeFailures();
    // The refused member is used up; the other still waits.
    assert.equal(sandbox.remainingSteps, 1);
    assert.equal(await sandbox.pathExists('b'), false);
    sandbox.assertComplete();
  });

  test('anytime steps never count as required and yield to the ordered script', async () => {
    const sandbox = scriptedSandboxSession([
      { method: 'pathExists', match: (path) => path === 'ordered', result: false },
    ], { anytime: [{ method: 'pathExists', result: true }] });
    assert.equal(await sandbox.pathExists('other'), true);
    assert.equal(await sandbox.pathExists('ordered'), false);
    assert.equal(await sandbox.pathExists('later'), true);
    sandbox[Symbol.dispose]();
  });

  test('malformed bending fails where it is written', () => {
    const invalid = (reason: string, inputIndex: number) => (error: unknown) => {
      assert(error instanceof InvalidScriptedSandboxStepError);
      assert.equal(error.reason, reason);
      assert.equal(error.inputIndex, inputIndex);
      return true;
    };
    assert.throws(
      () => scriptedSandboxSession([{ method: 'running', result: true, times: 0 }]),
      invalid('invalid_times', 0),
    );
    assert.throws(
      () =>
        scriptedSandboxSession([
          { method: 'running', result: true },
          { method: 'running', result: true, optional: 'yes' as never },
        ]),
      invalid('invalid_times', 1),
    );
    assert.throws(() => scriptedSandboxSession([anyOrder()]), invalid('invalid_group', 0));
    assert.throws(
      () =>
        scriptedSandboxSession([anyOrder(anyOrder({ method: 'running', result: true }))] as never),
      invalid('invalid_group', 0),
    );
    assert.throws(
      () =>
        scriptedSandboxSession([], { anytime: [{ method: 'running', result: true, times: 2 }] }),
      invalid('invalid_times', 0),
    );
    assert.throws(
      () => scriptedSandboxSession([], { present: ['execCommand', 'nope' as never] }),
      invalid('unknown_method', 1),
    );
  });
});

describe('anytime steps answer only their own method, and only when their matcher agrees', () => {
  test('another method is not answered by an anytime step', async () => {
    const sandbox = scriptedSandboxSession([], {
      present: ['execCommand'],
      anytime: [{ method: 'running', result: true }],
    });
    await assert.rejects(
      Promise.resolve().then(() => sandbox.execCommand!({ cmd: 'ls' })),
      UnexpectedSandboxCallError,
    );
    assert.equal(await sandbox.running!(), true);
    sandbox.acknowledgeFailures();
  });

  test('an anytime step whose matcher refuses does not take the call', async () => {
    const sandbox = scriptedSandboxSession([], {
      anytime: [{ method: 'execCommand', match: () => false, result: 'never' }],
    });
    await assert.rejects(
      Promise.resolve().then(() => sandbox.execCommand!({ cmd: 'ls' })),
      UnexpectedSandboxCallError,
    );
    sandbox.acknowledgeFailures();
  });
});
