import assert from 'node:assert/strict';
import {
  assertAllComplete,
  assistantMessage,
  DoubleFailuresError,
  doubleScope,
  ScriptedModel,
  scriptedSandboxSession,
  UnconsumedModelStepsError,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { escapeOf } from './_scope_escape.ts';

// The teardown helpers with the sandbox doubles, which need an SDK with the
// sandbox entry (teardown_test.ts covers the helpers with the other doubles).

describe('using: disposal runs the sandbox double teardown', () => {
  test('scripted sandbox session: unconsumed steps fail the scope', () => {
    const escaped = escapeOf(() => {
      using _sandbox = scriptedSandboxSession([{ method: 'pathExists', result: true }]);
    });
    assert.ok(escaped instanceof UnconsumedSandboxStepsError);
    assert.deepEqual(escaped.pendingMethods, ['pathExists']);
  });

  test('several doubles dispose in reverse order and every failure is kept', () => {
    const escaped = escapeOf(() => {
      using _model = new ScriptedModel([[assistantMessage('unused')]]);
      using _sandbox = scriptedSandboxSession([{ method: 'running', result: true }]);
    });
    // The sandbox (declared last) is disposed first; the model's later failure
    // wraps it, as the standard disposal order says. Nothing is lost.
    assert.ok(escaped instanceof Error);
    assert.equal(escaped.name, 'SuppressedError');
    const { error, suppressed } = escaped as Error & { error: unknown; suppressed: unknown };
    assert.ok(error instanceof UnconsumedModelStepsError);
    assert.ok(suppressed instanceof UnconsumedSandboxStepsError);
  });
});

describe('swallowed sandbox failures are reported at teardown', () => {
  test('scripted sandbox: a mismatched call and a rejecting matcher, both caught', async () => {
    const sandbox = scriptedSandboxSession([
      { method: 'pathExists', match: (path) => path === '/expected', result: true },
      { method: 'readFile', result: new Uint8Array([1]) },
    ]);
    const swallow = (promise: Promise<unknown>) => promise.catch(() => undefined);
    await swallow(sandbox.pathExists('/other'));
    await swallow(sandbox.pathExists('/again'));
    sandbox.assertComplete();
    assert.throws(() => sandbox[Symbol.dispose](), (error: unknown) => {
      assert.ok(error instanceof DoubleFailuresError);
      assert.equal(error.failures.length, 2);
      assert.equal((error.failures[0] as Error).name, 'SandboxCallMatcherError');
      assert.ok(error.failures[1] instanceof UnexpectedSandboxCallError);
      assert.match(error.message, /^ScriptedSandboxSession raised 2 failures/);
      return true;
    });
  });
});

describe('assertAllComplete and doubleScope with a sandbox double', () => {
  test('a complete sandbox passes; an unconsumed model step is still reported', async () => {
    const sandbox = scriptedSandboxSession();
    await assertAllComplete(new ScriptedModel(), sandbox);
    await assert.rejects(
      assertAllComplete(sandbox, new ScriptedModel([[assistantMessage('unused')]])),
      UnconsumedModelStepsError,
    );
  });

  test('doubleScope creates sandbox sessions and verifies them with the rest', async () => {
    let escaped: unknown;
    try {
      await using scope = doubleScope();
      const sandbox = scope.sandbox([
        { method: 'running', result: true },
        { method: 'pathExists', result: true },
      ]);
      assert.equal(await sandbox.running(), true);
    } catch (error) {
      escaped = error;
    }
    assert.ok(escaped instanceof UnconsumedSandboxStepsError);
    assert.deepEqual(escaped.pendingMethods, ['pathExists']);
  });
});
