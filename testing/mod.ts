/**
 * Deterministic, provider-agnostic test doubles for agent workflows built with
 * the OpenAI Agents SDK: a scripted `Model` for the real `Runner` and a scripted
 * `SandboxSession` for the real `SandboxAgent`. A drop-in for
 * `@openai/agents/testing`. Beyond it: a model step that holds a call
 * (`modelHold`), an in-memory trace processor (`TraceRecorder`), a scripted MCP
 * server, computer and sandbox client, and steps that bend (`anyOrder`,
 * `times`, `optional`).
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
export { modelHold } from './model_hold.ts';
export type {
  ModelHold,
  ModelHoldOptions,
  ModelHoldState,
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
  SandboxInputMethods,
  ScriptedSandboxCallFor,
  ScriptedSandboxInput,
  ScriptedSandboxMethod,
  ScriptedSandboxMethodArgs,
  ScriptedSandboxMethodReturn,
  ScriptedSandboxScriptInput,
  ScriptedSandboxSession,
  ScriptedSandboxSessionOptions,
} from './scripted_sandbox_session_types.ts';
export { TraceRecorder } from './trace_recorder.ts';
export { UnendedTraceSpansError } from './trace_recorder_errors.ts';
export type {
  RecordedSpan,
  RecordedSpanType,
  RecordedTrace,
  TraceOutlineOptions,
  TraceRecorderOptions,
} from './trace_recorder_types.ts';
export { ScriptedMcpServer } from './scripted_mcp_server.ts';
export {
  InvalidScriptedMcpStepError,
  McpCallMatcherError,
  McpServerNotClosedError,
  McpServerNotConnectedError,
  UnconsumedMcpStepsError,
  UnexpectedMcpCallError,
} from './scripted_mcp_server_errors.ts';
export type { InvalidScriptedMcpStepReason } from './scripted_mcp_server_errors.ts';
export type {
  RecordedMcpCall,
  ScriptedMcpInput,
  ScriptedMcpMethod,
  ScriptedMcpServerOptions,
  ScriptedMcpToolCall,
  ScriptedMcpToolDefinition,
  ScriptedMcpToolResult,
  ScriptedMcpToolStep,
} from './scripted_mcp_server_types.ts';
export { anyOrder } from './step_bending.ts';
export type { AnyOrderOf, StepRepeat } from './step_bending_types.ts';
export { scriptedComputer } from './scripted_computer.ts';
export {
  ComputerActionMatcherError,
  InvalidScriptedComputerStepError,
  UnconsumedComputerStepsError,
  UnexpectedComputerActionError,
} from './scripted_computer_errors.ts';
export type { InvalidScriptedComputerStepReason } from './scripted_computer_errors.ts';
export type {
  RecordedComputerCall,
  ScriptedComputer,
  ScriptedComputerAction,
  ScriptedComputerActionArgs,
  ScriptedComputerInput,
  ScriptedComputerOptions,
  ScriptedComputerStep,
} from './scripted_computer_types.ts';
export { scriptedSandboxClient } from './scripted_sandbox_client.ts';
export {
  UnexpectedSandboxClientCallError,
  UnusedSandboxSessionsError,
} from './scripted_sandbox_client_errors.ts';
export type {
  RecordedSandboxClientCall,
  ScriptedSandboxClient,
  ScriptedSandboxClientMethod,
  ScriptedSandboxClientOptions,
  SerializedScriptedSandboxState,
} from './scripted_sandbox_client_types.ts';
