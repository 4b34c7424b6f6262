import assert from 'node:assert/strict';
import { Agent } from '@openai/agents';
import {
  assistantMessage,
  SandboxSdkUnavailableError,
  ScriptedModel,
  scriptedSandboxClient,
  scriptedSandboxSession,
} from 'scripted-agents/testing';
import { ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';
import {
  loadSdkSandbox,
  requireSdkSandbox,
  sandboxSdkFloor,
} from '../testing/sandbox/_sdk_sandbox.ts';
import { describe, test } from './_harness.ts';
import { runner } from './_model_fixtures.ts';

// This file runs against every SDK release `npm run compat` tries: the sandbox
// entry exists from 0.9, and the package must load and serve the other doubles
// without it.
const sandboxEntry = await import('@openai/agents-core/sandbox').then(
  (module) => ({ module, error: undefined }),
  (error: unknown) => ({ module: undefined, error }),
);

describe('the SDK sandbox entry is optional', () => {
  test('the model and Realtime doubles work whether or not the SDK has it', async () => {
    const model = new ScriptedModel([[assistantMessage('fine')]]);
    const result = await runner().run(new Agent({ name: 'a', model }), 'hi');
    assert.equal(result.finalOutput, 'fine');
    model.assertComplete();
    const transport = new ScriptedRealtimeTransport();
    assert.equal(transport.status, 'disconnected');
  });

  test('the sandbox doubles work with it, and explain themselves without it', () => {
    if (sandboxEntry.module) {
      const sandbox = scriptedSandboxSession();
      assert.ok(sandbox.state.manifest instanceof sandboxEntry.module.Manifest);
      assert.equal(scriptedSandboxClient({ sessions: [] }).calls.length, 0);
      return;
    }
    for (
      const [double, create] of [
        ['scriptedSandboxSession', () => scriptedSandboxSession()],
        ['scriptedSandboxClient', () => scriptedSandboxClient({ sessions: [] })],
      ] as const
    ) {
      assert.throws(create, (error: unknown) => {
        assert.ok(error instanceof SandboxSdkUnavailableError);
        assert.equal(error.double, double);
        assert.equal(error.requiredSdk, sandboxSdkFloor);
        // The loader's own import failed the same way as this test's.
        assert.ok(error.cause instanceof Error);
        assert.equal(
          (error.cause as Error & { code?: unknown }).code,
          (sandboxEntry.error as Error & { code?: unknown }).code,
        );
        assert.match(error.message, new RegExp(`^${double}\\(\\) needs the SDK's sandbox entry`));
        return true;
      });
    }
  });

  test('the error names the double, the SDK it needs and the cause', () => {
    const cause = new Error('not exported');
    const error = new SandboxSdkUnavailableError({
      double: 'scriptedSandboxClient',
      requiredSdk: sandboxSdkFloor,
      cause,
    });
    assert.deepEqual(
      { ...error },
      {
        double: 'scriptedSandboxClient',
        requiredSdk: sandboxSdkFloor,
        name: 'SandboxSdkUnavailableError',
      },
    );
    assert.equal(error.cause, cause);
    assert.match(
      error.message,
      new RegExp(`@openai/agents-core ${sandboxSdkFloor.replaceAll('.', '\\.')} or newer`),
    );
  });

  test('the floor is the 0.9.0 release, the first with the sandbox entry', () => {
    assert.match(sandboxSdkFloor, /^\d+\.\d+\.\d+$/);
    assert.equal(sandboxSdkFloor, '0.9.0');
  });

  test('the loader hands back the entry it loaded, or the error loading it raised', () => {
    const sdkSandbox = loadSdkSandbox();
    assert.equal(loadSdkSandbox(), sdkSandbox, 'loaded once');
    if (sandboxEntry.module) {
      assert.deepEqual(Object.keys(sdkSandbox), ['module']);
      assert.equal(sdkSandbox.module, sandboxEntry.module);
      assert.equal(requireSdkSandbox('scriptedSandboxSession'), sandboxEntry.module);
      return;
    }
    assert.deepEqual(Object.keys(sdkSandbox), ['error']);
    assert.ok(sdkSandbox.error instanceof Error);
  });
});
