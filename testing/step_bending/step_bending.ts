/**
 * `anyOrder()`: a group of scripted steps that may be used in any order, for
 * the sandbox and MCP doubles (parallel tool calls reach them in either
 * order). Repetition and optional steps are fields of a step (`times`,
 * `optional`; see `StepRepeat`).
 *
 * @module
 */

import type { AnyOrderOf } from './step_bending_types.ts';

/**
 * Groups steps that may be used in any order: each call takes the first
 * member (in the order given) whose method or tool fits and whose matcher
 * accepts the call. The group ends once every required member is used and a
 * call fits a later step. Members may carry `times` and `optional`; a group
 * cannot contain another group.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { anyOrder, ScriptedMcpServer } from "scripted-agents/testing";
 *
 * using server = new ScriptedMcpServer({
 *   name: "weather",
 *   steps: [
 *     anyOrder(
 *       { tool: "forecast", match: (args) => args?.city === "Oslo", result: "rain" },
 *       { tool: "forecast", match: (args) => args?.city === "Rome", result: "sun" },
 *     ),
 *   ],
 * });
 * await server.connect();
 * assert.deepEqual(await server.callTool("forecast", { city: "Rome" }), [{ type: "text", text: "sun" }]);
 * assert.deepEqual(await server.callTool("forecast", { city: "Oslo" }), [{ type: "text", text: "rain" }]);
 * await server.close();
 * ```
 */
export function anyOrder<const S>(...steps: S[]): AnyOrderOf<S> {
  return Object.freeze({ anyOrder: Object.freeze([...steps]) });
}
