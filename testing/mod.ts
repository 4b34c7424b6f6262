/**
 * Deterministic, provider-agnostic test doubles for agent workflows built with
 * the OpenAI Agents SDK: a scripted `Model` for the real `Runner` and a scripted
 * `SandboxSession` for the real `SandboxAgent`. A drop-in for
 * `@openai/agents/testing`.
 *
 * @module
 */

export { DoubleFailuresError } from '../_internal/double_failures_error.ts';
export {
  InvalidScriptedModelStepError,
  ScriptedModelRequestAbortedError,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from './scripted_model_errors.ts';
export type {
  InvalidScriptedModelStepErrorOptions,
  InvalidScriptedModelStepReason,
} from './scripted_model_errors.ts';
export {
  modelError,
  modelResponder,
  modelResponse,
  modelStream,
  modelStreamResponder,
} from './model_steps.ts';
export type {
  RecordedModelCall,
  ScriptedModelErrorStep,
  ScriptedModelInput,
  ScriptedModelResponderStep,
  ScriptedModelResponse,
  ScriptedModelResponseStep,
  ScriptedModelRetryAdvice,
  ScriptedModelStep,
  ScriptedModelStream,
  ScriptedModelStreamResponderStep,
  ScriptedModelStreamStep,
} from './scripted_model_types.ts';
export { assistantMessage, functionCall } from './output_items.ts';
export type { AssistantMessageOptions, FunctionCallOptions } from './output_items.ts';
export { ScriptedModel } from './scripted_model.ts';
export { assertAllComplete, DoubleScope, doubleScope } from './double_scope.ts';
export type { DoubleScopeOptions, VerifiableDouble } from './double_scope.ts';
export { offlineGuard, OfflineNetworkError } from './offline_guard.ts';
export type { OfflineGuard, OfflineNetworkApi } from './offline_guard.ts';
export {
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from './scripted_sandbox_session_errors.ts';
export type {
  InvalidScriptedSandboxStepErrorOptions,
  InvalidScriptedSandboxStepReason,
  SandboxCallMatcherErrorCall,
  UnexpectedSandboxCallErrorOptions,
} from './scripted_sandbox_session_errors.ts';
export { scriptedSandboxSession } from './scripted_sandbox_session.ts';
export type {
  RecordedSandboxCall,
  ScriptedSandboxCallFor,
  ScriptedSandboxInput,
  ScriptedSandboxMethod,
  ScriptedSandboxMethodArgs,
  ScriptedSandboxMethodReturn,
  ScriptedSandboxSession,
} from './scripted_sandbox_session_types.ts';
export { AutoModel } from './auto_model.ts';
export {
  AutoModelBudgetExceededError,
  AutoModelIncompleteError,
  AutoModelValueError,
} from './auto_model_errors.ts';
export type {
  AutoModelValueErrorOptions,
  AutoModelValueFailureReason,
} from './auto_model_errors.ts';
export type {
  AutoModelGeneratedValue,
  AutoModelHandoffPolicy,
  AutoModelOptions,
  AutoModelSchema,
  AutoModelToolSelection,
} from './auto_model_types.ts';
export {
  applyPatchCall,
  codeInterpreterCall,
  computerCall,
  fileSearchCall,
  handoffCall,
  hostedToolCall,
  imageGenerationCall,
  mcpApprovalRequest,
  mcpCall,
  mcpListTools,
  reasoningItem,
  shellCall,
  webSearchCall,
} from './output_item_builders.ts';
export type {
  ApplyPatchCallOptions,
  CallItemBuilderOptions,
  CodeInterpreterCallOptions,
  ComputerCallOptions,
  FileSearchCallOptions,
  HandoffCallOptions,
  HostedToolCallOptions,
  ImageGenerationCallOptions,
  ItemBuilderOptions,
  McpCallOptions,
  McpItemOptions,
  McpListedTool,
  McpListToolsOptions,
  McpToolCallOptions,
  ReasoningItemOptions,
  ShellCallOptions,
  WebSearchCallOptions,
} from './output_item_builders.ts';
export { ScriptedModelProvider } from './scripted_model_provider.ts';
export { UnknownModelNameError } from './scripted_model_provider_errors.ts';
export type { ScriptedModelProviderOptions } from './scripted_model_provider_types.ts';
