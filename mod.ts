/**
 * scripted-agents: deterministic test doubles for the OpenAI Agents SDK.
 *
 * The root entry re-exports both halves: `scripted-agents/testing` (the
 * scripted model, the scripted sandbox session and the teardown helpers) and
 * `scripted-agents/realtime_testing` (the scripted Realtime transport). Import
 * one of them to load only that half; `scripted-agents/testing` never loads the
 * Realtime code.
 *
 * @example One scope verifies doubles from both halves
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, doubleScope, ScriptedRealtimeTransport } from 'scripted-agents';
 *
 * {
 *   await using scope = doubleScope({ offline: true });
 *   const model = scope.model([[assistantMessage('Paris.')]]);
 *   const transport = scope.track(new ScriptedRealtimeTransport());
 *
 *   const result = await new Runner().run(new Agent({ name: 'geo', model }), 'Capital?');
 *   assert.equal(result.finalOutput, 'Paris.');
 *   assert.equal(transport.status, 'disconnected');
 * } // both doubles are verified here
 * ```
 *
 * @module
 */

export * from './testing/mod.ts';
export * from './realtime_testing/mod.ts';
