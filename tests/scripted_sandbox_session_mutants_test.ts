// Behaviour that mutation testing (npm run mutation, docs/reports/mutation.md) found no test
// pinning down, pinned here.
import assert from 'node:assert/strict';
import { Manifest } from '@openai/agents-core/sandbox';
import {
  InvalidScriptedSandboxStepError,
  type ScriptedSandboxInput,
  scriptedSandboxSession,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

describe('scriptedSandboxSession: edges', () => {
  test('a method name must be a string, not something that converts to one', () => {
    for (const method of [['execCommand'], { toString: () => 'execCommand' }]) {
      assert.throws(
        () => scriptedSandboxSession([{ method, result: 'x' } as unknown as ScriptedSandboxInput]),
        (error: unknown) => {
          assert(error instanceof InvalidScriptedSandboxStepError);
          assert.equal(error.reason, 'unknown_method');
          assert.equal(error.inputIndex, 0);
          assert.equal(error.method, undefined);
          return true;
        },
      );
    }
  });

  test('only applyManifest clones a Manifest argument; other methods keep it by identity', async () => {
    const manifest = new Manifest();
    const sandbox = scriptedSandboxSession([
      { method: 'applyManifest', result: undefined },
      { method: 'pathExists', result: true },
    ]);
    await sandbox.applyManifest(manifest);
    await (sandbox.pathExists as unknown as (arg: unknown) => Promise<boolean>)(manifest);
    const [applied, probed] = sandbox.calls;
    assert.notEqual(applied.args[0], manifest);
    assert.ok(applied.args[0] instanceof Manifest);
    assert.equal(probed.args[0], manifest);
    sandbox.assertComplete();
  });
});
