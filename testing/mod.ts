/**
 * Deterministic, provider-agnostic test doubles for agent workflows built with
 * the OpenAI Agents SDK: a scripted `Model` for the real `Runner` and a scripted
 * `SandboxSession` for the real `SandboxAgent`. A drop-in for
 * `@openai/agents/testing`.
 *
 * @module
 */

export { DoubleFailuresError } from './double_failures_error.ts';
export { offlineGuard, OfflineNetworkError } from './offline_guard.ts';
export type { OfflineGuard, OfflineNetworkApi } from './offline_guard.ts';
export {
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from './sandbox_errors.ts';
export type {
  InvalidScriptedSandboxStepErrorOptions,
  InvalidScriptedSandboxStepReason,
  SandboxCallMatcherErrorCall,
  UnexpectedSandboxCallErrorOptions,
} from './sandbox_errors.ts';
export { scriptedSandboxSession } from './scripted_sandbox_session.ts';
export type {
  RecordedSandboxCall,
  ScriptedSandboxCallFor,
  ScriptedSandboxInput,
  ScriptedSandboxMethod,
  ScriptedSandboxMethodArgs,
  ScriptedSandboxMethodReturn,
  ScriptedSandboxSession,
} from './scripted_sandbox_session.ts';
