/**
 * Deterministic, provider-agnostic test doubles for agent workflows built with
 * the OpenAI Agents SDK: a scripted `Model` for the real `Runner` and a scripted
 * `SandboxSession` for the real `SandboxAgent`, plus teardown helpers that
 * verify every double when a test ends. A drop-in for `@openai/agents/testing`.
 * Beyond it: a model step that holds a call (`modelHold`), an in-memory trace
 * processor (`TraceRecorder`), a scripted MCP server, computer and sandbox
 * client, and steps that bend (`anyOrder`, `times`, `optional`).
 *
 * A {@linkcode ScriptedModel} consumes one scripted step per model call: write
 * what the model answers, run the real agent loop (tools, guardrails, handoffs),
 * then assert on the recorded requests. {@linkcode scriptedSandboxSession}
 * does the same for sandbox method calls. Each double records the failures it
 * raised for a drifted workflow, so `using` (or {@linkcode doubleScope},
 * {@linkcode assertAllComplete}) catches both a workflow that stopped early and
 * one whose failure the code under test swallowed.
 *
 * @example A tool workflow, verified when the block ends
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import { assistantMessage, functionCall, ScriptedModel } from 'scripted-agents/testing';
 *
 * const getWeather = tool({
 *   name: 'get_weather',
 *   description: 'Gets the weather for a city.',
 *   parameters: z.object({ city: z.string() }),
 *   execute: async ({ city }) => `${city}: sunny`,
 * });
 *
 * {
 *   // Disposal checks that every step was used and no failure was swallowed.
 *   using model = new ScriptedModel([
 *     [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
 *     [assistantMessage('It is sunny in Tokyo.')],
 *   ]);
 *   const agent = new Agent({ name: 'Weather assistant', model, tools: [getWeather] });
 *   // The double replaces model I/O; tracing is a separate boundary to turn off.
 *   const runner = new Runner({ tracingDisabled: true });
 *   const result = await runner.run(agent, 'What is the weather in Tokyo?');
 *
 *   assert.equal(result.finalOutput, 'It is sunny in Tokyo.');
 *   assert.equal(model.calls.length, 2);
 *   // The first request offered the tool; the second carried its result back.
 *   assert.deepEqual(model.firstCall?.request.tools.map((t) => t.name), ['get_weather']);
 *   const input = model.lastCall?.request.input;
 *   assert.ok(Array.isArray(input));
 *   const toolResult = input.find((item) => item.type === 'function_call_result');
 *   assert.deepEqual(toolResult && 'output' in toolResult && toolResult.output, {
 *     type: 'text',
 *     text: 'Tokyo: sunny',
 *   });
 * }
 * ```
 *
 * @module
 */

export { DoubleFailuresError } from '../_internal/double_failures_error.ts';
export { EndedTestDoubleError } from '../_internal/ended_test_error.ts';
export type { EndedTestDoubleErrorOptions } from '../_internal/ended_test_error.ts';
export { TeardownAlsoFailedError } from '../_internal/combined_failure.ts';
export {
  InvalidScriptedModelStepError,
  ScriptedModelRequestAbortedError,
  StreamedTextNotFoundError,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from './model/scripted_model_errors.ts';
export type {
  InvalidScriptedModelStepErrorOptions,
  InvalidScriptedModelStepReason,
  ModelFailureContext,
  StreamedTextNotFoundErrorOptions,
  StreamedTextNotFoundReason,
} from './model/scripted_model_errors.ts';
export {
  modelError,
  modelResponder,
  modelResponse,
  modelStream,
  modelStreamResponder,
  responseDone,
} from './model/model_steps.ts';
export { modelHold } from './model/model_hold.ts';
export { FaultyModel, withFaults } from './faults/with_faults.ts';
export { InvalidFaultOptionsError, ModelFaultError } from './faults/with_faults_errors.ts';
export type {
  FaultDelayContext,
  FaultKind,
  FaultRates,
  FaultyModelCall,
  InjectedFault,
  WithFaultsOptions,
} from './faults/with_faults_types.ts';
export type {
  ModelHold,
  ModelHoldOptions,
  ModelHoldState,
  ModelResponseOptions,
  ModelStepOptions,
  RecordedModelCall,
  ResponseDoneOptions,
  ScriptedModelErrorStep,
  ScriptedModelExplicitStep,
  ScriptedModelInput,
  ScriptedModelOptions,
  ScriptedModelResponderStep,
  ScriptedModelResponse,
  ScriptedModelResponseStep,
  ScriptedModelRetryAdvice,
  ScriptedModelStep,
  ScriptedModelStream,
  ScriptedModelStreamResponderStep,
  ScriptedModelStreamStep,
  ScriptedUsage,
  StepCheckOptions,
  StreamedText,
} from './model/scripted_model_types.ts';
export { ScriptedOutputMismatchError } from '../_internal/script_check_errors.ts';
export type {
  ScriptedOutputMismatchErrorOptions,
  ScriptedOutputMismatchReason,
} from '../_internal/script_check_errors.ts';
export { assistantMessage, functionCall } from './model/output_items.ts';
export type { AssistantMessageOptions, FunctionCallOptions } from './model/output_items.ts';
export { ScriptedModel } from './model/scripted_model.ts';
export { assertAllComplete, DoubleScope, doubleScope } from './scope/double_scope.ts';
export type { DoubleScopeOptions, VerifiableDouble } from './scope/double_scope.ts';
export { offlineGuard, OfflineNetworkError } from './scope/offline_guard.ts';
export type {
  OfflineGuard,
  OfflineGuardOptions,
  OfflineNetworkApi,
  OfflineNetworkRequest,
} from './scope/offline_guard.ts';
export {
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  SandboxSdkUnavailableError,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from './sandbox/scripted_sandbox_session_errors.ts';
export type {
  InvalidScriptedSandboxStepErrorOptions,
  InvalidScriptedSandboxStepReason,
  SandboxCallMatcherErrorCall,
  SandboxDoubleName,
  SandboxSdkUnavailableErrorOptions,
  UnexpectedSandboxCallErrorOptions,
} from './sandbox/scripted_sandbox_session_errors.ts';
export { scriptedSandboxSession } from './sandbox/scripted_sandbox_session.ts';
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
} from './sandbox/scripted_sandbox_session_types.ts';
export { TraceRecorder } from './tracing/trace_recorder.ts';
export { UnendedTraceSpansError } from './tracing/trace_recorder_errors.ts';
export type {
  RecordedSpan,
  RecordedSpanType,
  RecordedTrace,
  TraceOutlineOptions,
  TraceRecorderOptions,
} from './tracing/trace_recorder_types.ts';
export { ScriptedMcpServer } from './mcp/scripted_mcp_server.ts';
export {
  InvalidScriptedMcpStepError,
  McpCallMatcherError,
  McpServerNotClosedError,
  McpServerNotConnectedError,
  UnconsumedMcpStepsError,
  UnexpectedMcpCallError,
} from './mcp/scripted_mcp_server_errors.ts';
export type { InvalidScriptedMcpStepReason } from './mcp/scripted_mcp_server_errors.ts';
export type {
  RecordedMcpCall,
  ScriptedMcpInput,
  ScriptedMcpMethod,
  ScriptedMcpServerOptions,
  ScriptedMcpToolCall,
  ScriptedMcpToolDefinition,
  ScriptedMcpToolResult,
  ScriptedMcpToolStep,
} from './mcp/scripted_mcp_server_types.ts';
export { anyOrder } from './step_bending/step_bending.ts';
export type { AnyOrderOf, StepRepeat } from './step_bending/step_bending_types.ts';
export { scriptedComputer } from './computer/scripted_computer.ts';
export {
  ComputerActionMatcherError,
  InvalidScriptedComputerStepError,
  UnconsumedComputerStepsError,
  UnexpectedComputerActionError,
} from './computer/scripted_computer_errors.ts';
export type { InvalidScriptedComputerStepReason } from './computer/scripted_computer_errors.ts';
export type {
  RecordedComputerCall,
  ScriptedComputer,
  ScriptedComputerAction,
  ScriptedComputerActionArgs,
  ScriptedComputerInput,
  ScriptedComputerOptions,
  ScriptedComputerStep,
} from './computer/scripted_computer_types.ts';
export { scriptedSandboxClient } from './sandbox/scripted_sandbox_client.ts';
export {
  UnexpectedSandboxClientCallError,
  UnusedSandboxSessionsError,
} from './sandbox/scripted_sandbox_client_errors.ts';
export type {
  RecordedSandboxClientCall,
  ScriptedSandboxClient,
  ScriptedSandboxClientMethod,
  ScriptedSandboxClientOptions,
  SerializedScriptedSandboxState,
} from './sandbox/scripted_sandbox_client_types.ts';
export { AutoModel } from './auto_model/auto_model.ts';
export {
  AutoModelBudgetExceededError,
  AutoModelIncompleteError,
  AutoModelUnknownNameError,
  AutoModelValueError,
} from './auto_model/auto_model_errors.ts';
export type {
  AutoModelNameOption,
  AutoModelUnknownNameErrorOptions,
  AutoModelValueErrorOptions,
  AutoModelValueFailureReason,
} from './auto_model/auto_model_errors.ts';
export type {
  AutoModelGeneratedValue,
  AutoModelHandoffPolicy,
  AutoModelOptions,
  AutoModelSchema,
  AutoModelToolSelection,
} from './auto_model/auto_model_types.ts';
export {
  applyPatchCall,
  codeInterpreterCall,
  compactionItem,
  computerCall,
  fileSearchCall,
  handoffCall,
  hostedToolCall,
  imageGenerationCall,
  mcpApprovalRequest,
  mcpCall,
  mcpListTools,
  programCall,
  programOutput,
  reasoningItem,
  shellCall,
  toolSearchCall,
  toolSearchOutput,
  webSearchCall,
} from './model/output_item_builders.ts';
export type {
  ApplyPatchCallOptions,
  CallItemBuilderOptions,
  CodeInterpreterCallOptions,
  CompactionItemOptions,
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
  ProgramCallOptions,
  ProgramOutputOptions,
  ReasoningItemOptions,
  ShellCallOptions,
  ToolSearchItemOptions,
  ToolSearchOutputOptions,
  WebSearchCallOptions,
} from './model/output_item_builders.ts';
export { ScriptedModelProvider } from './provider/scripted_model_provider.ts';
export {
  UnknownModelNameError,
  type UnknownModelNameErrorOptions,
} from './provider/scripted_model_provider_errors.ts';
export type {
  ScriptedModelProviderOptions,
  ScriptedModelRoute,
} from './provider/scripted_model_provider_types.ts';
export { formatTrajectory, trajectory } from './trajectory/trajectory.ts';
export { assertTrajectory } from './trajectory/assert_trajectory.ts';
export { TrajectoryMismatchError } from './trajectory/trajectory_errors.ts';
export type { TrajectoryMismatchErrorOptions } from './trajectory/trajectory_errors.ts';
export type {
  AssertTrajectoryOptions,
  AsymmetricMatcher,
  ExpectedStepBase,
  ExpectedTrajectoryStep,
  FormatTrajectoryOptions,
  TrajectoryApprovalStep,
  TrajectoryArgsMode,
  TrajectoryArgsPredicate,
  TrajectoryFinalOutputStep,
  TrajectoryGuardrailStep,
  TrajectoryHandoffStep,
  TrajectoryHostedToolCallStep,
  TrajectoryInputStep,
  TrajectoryJson,
  TrajectoryKindFilter,
  TrajectoryMcpCallStep,
  TrajectoryMessageStep,
  TrajectoryOrder,
  TrajectoryReasoningStep,
  TrajectorySource,
  TrajectoryStep,
  TrajectoryStepKind,
  TrajectoryTextPattern,
  TrajectoryToolCallStep,
  TrajectoryValuePattern,
} from './trajectory/trajectory_types.ts';
export { behaviourArbitrary, BehaviourModel, randomBehaviour } from './explore/model_behaviour.ts';
export type { BehaviourArbitraryApi } from './explore/model_behaviour.ts';
export { BehaviourValueError } from './explore/model_behaviour_errors.ts';
export type { BehaviourValueErrorOptions } from './explore/model_behaviour_errors.ts';
export type {
  BehaviourCall,
  BehaviourValueMode,
  ChoiceTarget,
  ModelBehaviour,
  ModelBehaviourOptions,
  ModelBehaviourWeights,
  ModelCallChoice,
  ModelCallKind,
} from './explore/model_behaviour_types.ts';
export { exploreAgent } from './explore/explore_agent.ts';
export { ExplorationFailedError } from './explore/explore_agent_errors.ts';
export type { ExplorationFailedErrorOptions } from './explore/explore_agent_errors.ts';
export type {
  ExplorationFailureReason,
  ExplorationResult,
  ExploreAgentOptions,
  ExploreCheck,
  ExploreHelpers,
  ExploreRun,
  SettleableResult,
} from './explore/explore_agent_types.ts';
