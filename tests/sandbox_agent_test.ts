// The sandbox double driven by the real SandboxAgent runtime: Runner, the shell()
// capability and the SDK's session lifecycle, with a ScriptedModel choosing the tools.
import assert from 'node:assert/strict';
import type { ModelRequest } from '@openai/agents';
import { SandboxAgent, type SandboxRunConfig, shell } from '@openai/agents/sandbox';
import {
  assistantMessage,
  functionCall,
  SandboxCallMatcherError,
  ScriptedModel,
  scriptedSandboxSession,
  UnconsumedSandboxStepsError,
} from 'scripted-agents/testing';
import { describe, test, type TestContext } from './_harness.ts';
import { runner } from './_model_fixtures.ts';

const toolNames = (request: Readonly<ModelRequest>) => request.tools.map((tool) => tool.name);

/** The text the SDK sent back to the model for a function call. */
function toolOutput(request: Readonly<ModelRequest>, callId: string): string {
  const items = Array.isArray(request.input) ? request.input : [];
  const result = items.find((item) =>
    item.type === 'function_call_result' && item.callId === callId
  );
  assert.ok(result && result.type === 'function_call_result', `no output for ${callId}`);
  const output = result.output;
  return typeof output === 'string' ? output : JSON.stringify(output);
}

/** An object without its `undefined` properties: the shell tool passes every option key. */
function defined(value: unknown): unknown {
  return Object.fromEntries(
    Object.entries(value as object).filter(([, item]) => item !== undefined),
  );
}

function shellAgent(model: ScriptedModel): SandboxAgent {
  return new SandboxAgent({ name: 'Workspace assistant', model, capabilities: [shell()] });
}

/** A model that has the shell run one command (`call_1`), then gives its answer. */
function shellModel(cmd: string, answer: string, options: { expectToolError?: boolean } = {}) {
  return new ScriptedModel([
    [functionCall('exec_command', { cmd }, { callId: 'call_1', ...options })],
    [assistantMessage(answer)],
  ]);
}

/** Runs a shell SandboxAgent driven by `model` on the given sandbox. */
function runShell(model: ScriptedModel, input: string, sandbox: SandboxRunConfig) {
  return runner().run(shellAgent(model), input, { sandbox });
}

/** At teardown: no swallowed sandbox failure, and both scripts used up. */
function verifyAtTeardown(t: TestContext, sandbox: Disposable, model: ScriptedModel): void {
  t.after(() => {
    sandbox[Symbol.dispose]();
    model.assertComplete();
  });
}

describe('SandboxAgent with a scripted sandbox session', () => {
  test('the shell tool fills in its defaults and returns the output to the model', async (t) => {
    // The scenario of tests/recipes/sandbox_workflow_test.ts, asserting what crossed both
    // boundaries.
    const sandbox = scriptedSandboxSession([
      {
        method: 'execCommand',
        match: ({ cmd }) => assert.equal(cmd, 'pwd'),
        result: '/workspace\n',
      },
    ]);
    const model = shellModel('pwd', 'The workspace is /workspace.');
    verifyAtTeardown(t, sandbox, model);

    const result = await runShell(model, 'Which directory are you in?', { session: sandbox });

    assert.equal(result.finalOutput, 'The workspace is /workspace.');
    assert.deepEqual(sandbox.calls.map((call) => call.method), ['execCommand']);
    assert.equal(model.calls.length, 2);
    assert.deepEqual(sandbox.calls[0].args.map(defined), [
      { cmd: 'pwd', login: true, tty: false, yieldTimeMs: 10_000 },
    ]);
    assert.match(toolOutput(model.calls[1].request, 'call_1'), /\/workspace/);
  });

  test('supportsPty and writeStdin together expose the interactive shell tool', async (t) => {
    const sandbox = scriptedSandboxSession([
      { method: 'supportsPty', result: true },
      {
        method: 'execCommand',
        match: ({ cmd, tty }) => cmd === 'python3' && tty === true,
        result: 'Process running with session ID 7',
      },
      {
        method: 'writeStdin',
        respond: ({ args: [{ sessionId, chars }] }) => `session ${sessionId} got ${chars}`,
      },
    ]);
    const model = new ScriptedModel([
      [functionCall('exec_command', { cmd: 'python3', tty: true }, { callId: 'call_1' })],
      [functionCall('write_stdin', { session_id: 7, chars: 'exit()\n' }, { callId: 'call_2' })],
      [assistantMessage('Python exited.')],
    ]);
    verifyAtTeardown(t, sandbox, model);

    const result = await runShell(model, 'Start Python, then leave it.', { session: sandbox });

    assert.equal(result.finalOutput, 'Python exited.');
    assert.deepEqual(toolNames(model.calls[0].request), ['exec_command', 'write_stdin']);
    assert.deepEqual(sandbox.calls.map((call) => call.method), [
      'supportsPty',
      'execCommand',
      'writeStdin',
    ]);
    assert.deepEqual(sandbox.calls[2].args.map(defined), [
      { sessionId: 7, chars: 'exit()\n', yieldTimeMs: 250 },
    ]);
    assert.match(toolOutput(model.calls[2].request, 'call_2'), /session 7 got exit\(\)/);
  });

  test('without writeStdin in the script the interactive tool is not offered', async (t) => {
    // supportsPty alone is not enough: the capability also checks for writeStdin.
    // (execCommand is required by the shell capability itself.)
    const sandbox = scriptedSandboxSession([
      { method: 'supportsPty', result: true },
      { method: 'execCommand', result: 'ok' },
    ]);
    const model = shellModel('true', 'Done.');
    verifyAtTeardown(t, sandbox, model);
    await runShell(model, 'Hello', { session: sandbox });
    assert.deepEqual(toolNames(model.calls[0].request), ['exec_command']);
    assert.deepEqual(sandbox.calls.map((call) => call.method), ['supportsPty', 'execCommand']);
  });

  test('assertComplete catches a workflow that exits early', async () => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', result: '/workspace\n' },
      { method: 'execCommand', result: 'README.md\n' },
    ]);
    // The model answers without running a single command.
    const model = new ScriptedModel([[assistantMessage('I guess /workspace.')]]);
    const result = await runShell(model, 'Which directory are you in?', { session: sandbox });
    assert.equal(result.finalOutput, 'I guess /workspace.');
    assert.throws(() => sandbox.assertComplete(), (error: unknown) => {
      assert.ok(error instanceof UnconsumedSandboxStepsError);
      assert.equal(error.remainingSteps, 2);
      assert.deepEqual(error.pendingMethods, ['execCommand', 'execCommand']);
      return true;
    });
    model.assertComplete();
  });

  test('an injected sandbox failure becomes the SDK tool error the model sees', async (t) => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', error: new Error('sandbox ran out of disk') },
    ]);
    const model = shellModel('make', 'The build failed: the sandbox is out of disk.', {
      expectToolError: true,
    });
    // An error step is the test's own doing, not a drifted workflow.
    verifyAtTeardown(t, sandbox, model);
    const result = await runShell(model, 'Build it.', { session: sandbox });
    assert.equal(result.finalOutput, 'The build failed: the sandbox is out of disk.');
    // The SDK's default tool error handler reports a generic failure to the model.
    assert.match(toolOutput(model.calls[1].request, 'call_1'), /An error occurred/);
    assert.deepEqual(sandbox.calls.map((call) => call.method), ['execCommand']);
  });

  test('a rejected command is swallowed by the run but reported at teardown', async () => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '/workspace\n' },
    ]);
    // A model with the check off answers the tool error as if the command had run...
    const model = new ScriptedModel([
      [functionCall('exec_command', { cmd: 'rm -rf /' }, { callId: 'call_1' })],
      [assistantMessage('Done.')],
    ], { validate: false });
    const result = await runShell(model, 'Clean up.', { session: sandbox });
    // The SDK turned the matcher's rejection into a tool error and carried on...
    assert.equal(result.finalOutput, 'Done.');
    assert.doesNotMatch(toolOutput(model.calls[1].request, 'call_1'), /rm -rf/);
    // ...so assertComplete alone would pass; the failure log still has it.
    sandbox.assertComplete();
    assert.equal(sandbox.failures.length, 1);
    assert.ok(sandbox.failures[0] instanceof SandboxCallMatcherError);
    assert.throws(() => sandbox[Symbol.dispose](), /ScriptedSandboxSession raised 1 failure/);
    sandbox.acknowledgeFailures();
    model.assertComplete();
  });

  test('with the check on, the rejected command fails the run at the next model call', async () => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '/workspace\n' },
    ]);
    const model = shellModel('rm -rf /', 'Done.');
    await assert.rejects(runShell(model, 'Clean up.', { session: sandbox }), {
      name: 'ScriptedOutputMismatchError',
      reason: 'tool_failed',
      callIndex: 0,
      toolName: 'exec_command',
    });
    assert.equal(model.remainingSteps, 1);
    assert.ok(sandbox.acknowledgeFailures()[0] instanceof SandboxCallMatcherError);
    assert.equal(model.acknowledgeFailures().length, 1);
  });

  test('a provided session gets its scripted preStop at the end of the run', async (t) => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', result: '/workspace\n' },
      { method: 'preStop', match: (options) => options?.reason === 'cleanup', result: undefined },
    ]);
    const model = shellModel('pwd', 'Done.');
    verifyAtTeardown(t, sandbox, model);
    await runShell(model, 'pwd', { session: sandbox });
    assert.deepEqual(sandbox.calls.map((call) => call.method), ['execCommand', 'preStop']);
  });

  test('a session created by a sandbox client is stopped by the SDK after the run', async (t) => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', result: '/workspace\n' },
      { method: 'stop', match: (options) => options?.reason === 'cleanup', result: undefined },
    ]);
    const model = shellModel('pwd', 'Done.');
    verifyAtTeardown(t, sandbox, model);
    let created = 0;
    await runShell(model, 'pwd', {
      client: {
        backendId: 'scripted',
        create: () => {
          created++;
          return Promise.resolve(sandbox);
        },
      },
    });
    assert.equal(created, 1);
    assert.deepEqual(sandbox.calls.map((call) => call.method), ['execCommand', 'stop']);
  });
});
