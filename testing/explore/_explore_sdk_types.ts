/**
 * The SDK types that appear in the exploration's public signatures, under
 * local names (as in `_sdk_types.ts`): the SDK's own types, unchanged, aliased
 * so that `deno doc --lint` can tell a type of the peer SDK from one this
 * package forgot to export. Import the originals from `@openai/agents`.
 *
 * @module
 */

import type { RunToolApprovalItem } from '@openai/agents-core';

/**
 * The SDK's `RunToolApprovalItem`: an approval interruption of a run.
 *
 * @internal
 */
export type SdkRunToolApprovalItem = RunToolApprovalItem;
