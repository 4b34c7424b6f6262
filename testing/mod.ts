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
