/**
 * The SDK sandbox client types that appear in the sandbox client double's
 * public signatures, under local names (see `_sdk_types.ts` for why).
 *
 * @module
 */

import type {
  Manifest,
  SandboxClient,
  SandboxClientCreateArgs,
  SandboxSessionState,
} from '@openai/agents-core/sandbox';

/**
 * The SDK's `SandboxClient` interface.
 *
 * @internal
 */
export type SdkSandboxClient = SandboxClient;
/**
 * The SDK's `SandboxSessionState`.
 *
 * @internal
 */
export type SdkSandboxSessionState = SandboxSessionState;
/**
 * The SDK's `SandboxClientCreateArgs`.
 *
 * @internal
 */
export type SdkSandboxClientCreateArgs = SandboxClientCreateArgs;
/**
 * The SDK's sandbox `Manifest`.
 *
 * @internal
 */
export type SdkManifest = Manifest;
