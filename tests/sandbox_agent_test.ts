// The sandbox double driven by the real SandboxAgent runtime: Runner, the shell()
// capability and the SDK's session lifecycle, with a ScriptedModel choosing the tools.
import assert from 'node:assert/strict';
import { Runner } from '@openai/agents';
import type { ModelRequest } from '@openai/agents';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import {
  assistantMessage,
  functionCall,
  SandboxCallMatcherError,
  ScriptedModel,
  scriptedSandboxSession,
  UnconsumedSandboxStepsError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

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

describe('SandboxAgent with a scripted sandbox session', () => {
  test('the seed recipe: a shell workflow without a real sandbox', async (t) => {
    const sandbox = scriptedSandboxSession([
      {
        method: 'execCommand',
        match: ({ cmd }) => {
          // Asserted at the sandbox boundary, after the shell tool validated and
          // converted the model's function-call arguments.
          assert.equal(cmd, 'pwd');
        },
        result: '/workspace\n',
      },
    ]);
    const model = new ScriptedModel([
      [functionCall('exec_command', { cmd: 'pwd' }, { callId: 'call_1' })],
      [assistantMessage('The workspace is /workspace.')],
    ]);
    const agent = shellAgent(model);

    // Teardown assertions also report unused steps if the workflow exits early.
    t.after(() => {
      sandbox.assertComplete();
      model.assertComplete();
    });

    const runner = new Runner({ tracingDisabled: true });
    const result = await runner.run(agent, 'Which directory are you in?', {
      sandbox: { session: sandbox },
    });

    assert.equal(result.finalOutput, 'The workspace is /workspace.');
    assert.deepEqual(sandbox.calls.map((call) => call.method), ['execCommand']);
    assert.equal(model.calls.length, 2);
    // The shell tool filled in its defaults before calling the session.
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
    t.after(() => {
      sandbox[Symbol.dispose]();
      model.assertComplete();
    });

    const result = await new Runner({ tracingDisabled: true }).run(
      shellAgent(model),
      'Start Python, then leave it.',
      { sandbox: { session: sandbox } },
    );

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
    const model = new ScriptedModel([
      [functionCall('exec_command', { cmd: 'true' }, { callId: 'call_1' })],
      [assistantMessage('Done.')],
    ]);
    t.after(() => {
      sandbox[Symbol.dispose]();
      model.assertComplete();
    });
    await new Runner({ tracingDisabled: true }).run(
      shellAgent(model),
      'Hello',
      { sandbox: { session: sandbox } },
    );
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
    const result = await new Runner({ tracingDisabled: true }).run(
      shellAgent(model),
      'Which directory are you in?',
      { sandbox: { session: sandbox } },
    );
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
    const model = new ScriptedModel([
      [functionCall('exec_command', { cmd: 'make' }, { callId: 'call_1' })],
      [assistantMessage('The build failed: the sandbox is out of disk.')],
    ]);
    t.after(() => {
      // An error step is the test's own doing, not a drifted workflow.
      sandbox[Symbol.dispose]();
      model.assertComplete();
    });
    const result = await new Runner({ tracingDisabled: true }).run(
      shellAgent(model),
      'Build it.',
      { sandbox: { session: sandbox } },
    );
    assert.equal(result.finalOutput, 'The build failed: the sandbox is out of disk.');
    // The SDK's default tool error handler reports a generic failure to the model.
    assert.match(toolOutput(model.calls[1].request, 'call_1'), /An error occurred/);
    assert.deepEqual(sandbox.calls.map((call) => call.method), ['execCommand']);
  });

  test('a rejected command is swallowed by the run but reported at teardown', async () => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '/workspace\n' },
    ]);
    const model = new ScriptedModel([
      [functionCall('exec_command', { cmd: 'rm -rf /' }, { callId: 'call_1' })],
      [assistantMessage('Done.')],
    ]);
    const result = await new Runner({ tracingDisabled: true }).run(
      shellAgent(model),
      'Clean up.',
      { sandbox: { session: sandbox } },
    );
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

  test('a provided session gets its scripted preStop at the end of the run', async (t) => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', result: '/workspace\n' },
      { method: 'preStop', match: (options) => options?.reason === 'cleanup', result: undefined },
    ]);
    const model = new ScriptedModel([
      [functionCall('exec_command', { cmd: 'pwd' }, { callId: 'call_1' })],
      [assistantMessage('Done.')],
    ]);
    t.after(() => {
      sandbox[Symbol.dispose]();
      model.assertComplete();
    });
    await new Runner({ tracingDisabled: true }).run(shellAgent(model), 'pwd', {
      sandbox: { session: sandbox },
    });
    assert.deepEqual(sandbox.calls.map((call) => call.method), ['execCommand', 'preStop']);
  });

  test('a session created by a sandbox client is stopped by the SDK after the run', async (t) => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', result: '/workspace\n' },
      { method: 'stop', match: (options) => options?.reason === 'cleanup', result: undefined },
    ]);
    const model = new ScriptedModel([
      [functionCall('exec_command', { cmd: 'pwd' }, { callId: 'call_1' })],
      [assistantMessage('Done.')],
    ]);
    t.after(() => {
      sandbox[Symbol.dispose]();
      model.assertComplete();
    });
    let created = 0;
    await new Runner({ tracingDisabled: true }).run(shellAgent(model), 'pwd', {
      sandbox: {
        client: {
          backendId: 'scripted',
          create: () => {
            created++;
            return Promise.resolve(sandbox);
          },
        },
      },
    });
    assert.equal(created, 1);
    assert.deepEqual(sandbox.calls.map((call) => call.method), ['execCommand', 'stop']);
  });
});
