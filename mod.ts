/**
 * scripted-agents: deterministic test doubles for the OpenAI Agents SDK.
 *
 * The root entry re-exports both halves; import `scripted-agents/testing` or
 * `scripted-agents/realtime_testing` to load only one.
 *
 * @module
 */

export * from './testing/mod.ts';
export * from './realtime_testing/mod.ts';
