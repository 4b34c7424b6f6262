import assert from 'node:assert/strict';
import { SandboxSdkUnavailableError } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

// The installed SDK has the sandbox entry, so the sandbox doubles cannot raise
// this error here (sdk_sandbox_availability_test.ts sees it raised when `npm run
// compat` runs the suite against an SDK without the entry): built directly.
describe('SandboxSdkUnavailableError', () => {
  test('names the double and the SDK to install, and keeps the cause', () => {
    const cause = new Error('Package subpath ./sandbox is not defined by "exports"');
    const error = new SandboxSdkUnavailableError({
      double: 'scriptedSandboxSession',
      requiredSdk: '0.9.0',
      cause,
    });
    assert.ok(error instanceof Error);
    assert.deepEqual({ ...error }, {
      double: 'scriptedSandboxSession',
      requiredSdk: '0.9.0',
      name: 'SandboxSdkUnavailableError',
    });
    assert.equal(error.cause, cause);
    assert.equal(
      error.message,
      "scriptedSandboxSession() needs the SDK's sandbox entry (@openai/agents-core/sandbox), " +
        'which the installed SDK does not have. Install @openai/agents-core 0.9.0 or newer ' +
        '(with the matching @openai/agents) to use the sandbox doubles; the model and ' +
        'Realtime doubles of this package work with the installed SDK.',
    );
  });
});
