/**
 * The SDK protocol item types that the output-item builders and `AutoModel`
 * return, under local names (see `_sdk_types.ts` for why aliases exist). They
 * are the SDK's own types from its public `protocol` namespace, unchanged.
 *
 * @module
 */

import type { Agent, Handoff, ModelProvider, protocol } from '@openai/agents-core';

/**
 * The SDK's `protocol.ReasoningItem`.
 *
 * @internal
 */
export type SdkReasoningItem = protocol.ReasoningItem;
/**
 * The SDK's `protocol.HostedToolCallItem`.
 *
 * @internal
 */
export type SdkHostedToolCallItem = protocol.HostedToolCallItem;
/**
 * The SDK's `protocol.ComputerUseCallItem`.
 *
 * @internal
 */
export type SdkComputerUseCallItem = protocol.ComputerUseCallItem;
/**
 * The SDK's `protocol.ComputerAction`.
 *
 * @internal
 */
export type SdkComputerAction = protocol.ComputerAction;
/**
 * The SDK's `protocol.ShellCallItem`.
 *
 * @internal
 */
export type SdkShellCallItem = protocol.ShellCallItem;
/**
 * The SDK's `protocol.ApplyPatchCallItem`.
 *
 * @internal
 */
export type SdkApplyPatchCallItem = protocol.ApplyPatchCallItem;
/**
 * The SDK's `protocol.ApplyPatchOperation`.
 *
 * @internal
 */
export type SdkApplyPatchOperation = protocol.ApplyPatchOperation;
/**
 * The SDK's `protocol.ToolSearchCallItem`.
 *
 * @internal
 */
export type SdkToolSearchCallItem = protocol.ToolSearchCallItem;
/**
 * The SDK's `protocol.ToolSearchOutputItem`.
 *
 * @internal
 */
export type SdkToolSearchOutputItem = protocol.ToolSearchOutputItem;
/**
 * The SDK's `protocol.ProgramCallItem` (programmatic tool calling).
 *
 * @internal
 */
export type SdkProgramCallItem = protocol.ProgramCallItem;
/**
 * The SDK's `protocol.ProgramCallResultItem`.
 *
 * @internal
 */
export type SdkProgramCallResultItem = protocol.ProgramCallResultItem;
/**
 * The SDK's `protocol.CompactionItem`.
 *
 * @internal
 */
export type SdkCompactionItem = protocol.CompactionItem;
/**
 * The SDK's `protocol.OutputModelItem` (any item a model response holds).
 *
 * @internal
 */
export type SdkOutputModelItem = protocol.OutputModelItem;
/**
 * The SDK's `Agent`, with any context and output type.
 *
 * @internal
 */
// deno-lint-ignore no-explicit-any
export type SdkAnyAgent = Agent<any, any>;
/**
 * The SDK's `Handoff`, with any context and output type.
 *
 * @internal
 */
// deno-lint-ignore no-explicit-any
export type SdkAnyHandoff = Handoff<any, any>;
/**
 * The SDK's `ModelProvider` interface.
 *
 * @internal
 */
export type SdkModelProvider = ModelProvider;
