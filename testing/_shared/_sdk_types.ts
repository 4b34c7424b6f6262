/**
 * The SDK types that appear in this entry's public signatures, under local
 * names. They are the SDK's own types, unchanged; the aliases exist so that
 * `deno doc --lint` can tell "a type of the peer SDK" (documented there) from
 * "a type this package forgot to export". Import the originals from
 * `@openai/agents-core` (or `@openai/agents`).
 *
 * @module
 */

import type {
  AssistantMessageItem,
  FunctionCallItem,
  Model,
  ModelRequest,
  ModelResponse,
  ModelRetryAdvice,
  ModelRetryAdviceRequest,
  StreamEvent,
  Usage,
} from '@openai/agents-core';
import type { SandboxSession } from '@openai/agents-core/sandbox';

/**
 * The SDK's `Model` interface.
 *
 * @internal
 */
export type SdkModel = Model;
/**
 * The SDK's `ModelRequest`.
 *
 * @internal
 */
export type SdkModelRequest = ModelRequest;
/**
 * The SDK's `ModelResponse`.
 *
 * @internal
 */
export type SdkModelResponse = ModelResponse;
/**
 * The SDK's `Usage` class.
 *
 * @internal
 */
export type SdkUsage = Usage;
/**
 * What the SDK's `Usage` constructor takes: `requests`, `inputTokens`,
 * `outputTokens`, `totalTokens` and their details.
 *
 * @internal
 */
export type SdkUsageInput = NonNullable<ConstructorParameters<typeof Usage>[0]>;
/**
 * The SDK's `ModelRetryAdvice`.
 *
 * @internal
 */
export type SdkModelRetryAdvice = ModelRetryAdvice;
/**
 * The SDK's `ModelRetryAdviceRequest`.
 *
 * @internal
 */
export type SdkModelRetryAdviceRequest = ModelRetryAdviceRequest;
/**
 * The SDK's normalized `StreamEvent`.
 *
 * @internal
 */
export type SdkStreamEvent = StreamEvent;
/**
 * The SDK's `AssistantMessageItem` (protocol output item).
 *
 * @internal
 */
export type SdkAssistantMessageItem = AssistantMessageItem;
/**
 * The SDK's `FunctionCallItem` (protocol output item).
 *
 * @internal
 */
export type SdkFunctionCallItem = FunctionCallItem;
/**
 * The SDK's `SandboxSession` interface.
 *
 * @internal
 */
export type SdkSandboxSession = SandboxSession;
