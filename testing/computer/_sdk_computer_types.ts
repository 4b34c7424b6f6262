/**
 * The SDK computer type that appears in the computer double's public
 * signatures, under a local name (see `_sdk_types.ts` for why).
 *
 * @module
 */

import type { Computer } from '@openai/agents-core';

/**
 * The SDK's `Computer` interface.
 *
 * @internal
 */
export type SdkComputer = Computer;
