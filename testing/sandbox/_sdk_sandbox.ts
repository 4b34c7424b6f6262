/**
 * The SDK's sandbox entry (`@openai/agents-core/sandbox`), loaded only if the
 * installed SDK has one.
 *
 * The sandbox entry first shipped in SDK 0.9; older releases do not export it,
 * and a static import of it would make all of `scripted-agents/testing` (the
 * model double and the teardown helpers too) fail to load there. Loading it
 * here, once, with a top-level `await` keeps it synchronous for the sandbox
 * doubles (they build a `Manifest` when created) and optional for everything
 * else. The CommonJS build replaces the loader with a `require` in a
 * `try`/`catch` (top-level `await` does not exist in CommonJS), made on the
 * first sandbox double's creation: a `require` can wait until then, so a Jest
 * file that never creates one never loads the sandbox entry (about 11 ms of a
 * test file's start on Node 20).
 *
 * @module
 */

import type * as SdkSandboxModule from '@openai/agents-core/sandbox';
import {
  type SandboxDoubleName,
  SandboxSdkUnavailableError,
} from './scripted_sandbox_session_errors.ts';

/** The SDK sandbox entry's exports. */
export type SdkSandbox = typeof SdkSandboxModule;

/** What loading the SDK sandbox entry gave: the module, or why it is missing. */
export type SdkSandboxLoad =
  | { readonly module: SdkSandbox; readonly error?: undefined }
  | { readonly module?: undefined; readonly error: unknown };

const loaded: SdkSandboxLoad = await import('@openai/agents-core/sandbox').then(
  (module: SdkSandbox): SdkSandboxLoad => ({ module }),
  (error: unknown): SdkSandboxLoad => ({ error }),
);

/** The SDK sandbox entry, or the error that loading it raised. */
export function loadSdkSandbox(): SdkSandboxLoad {
  return loaded;
}

/**
 * The oldest SDK release the sandbox doubles work with: the oldest whose whole
 * sandbox test suite passes (`npm run compat` measures it).
 */
export const sandboxSdkFloor = '0.9.0';

/**
 * The SDK sandbox entry, for a sandbox double being created.
 *
 * @throws {SandboxSdkUnavailableError} when the installed SDK has no sandbox entry.
 */
export function requireSdkSandbox(double: SandboxDoubleName): SdkSandbox {
  const sandbox = loadSdkSandbox();
  if (sandbox.module) return sandbox.module;
  throw new SandboxSdkUnavailableError({
    double,
    requiredSdk: sandboxSdkFloor,
    cause: sandbox.error,
  });
}
