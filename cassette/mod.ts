/**
 * Record a real agent run once at the `Model` boundary, replay it offline
 * forever, and fail loudly when the workflow drifts: the {@linkcode Cassette}
 * model provider, its JSON form, and its errors. Web-standard: it also runs in
 * a browser with a cassette held in memory. For cassette files, use
 * `scripted-agents/cassette_fs`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner } from "@openai/agents";
 * import { assistantMessage, ScriptedModel } from "scripted-agents/testing";
 * import { Cassette, CassetteMissError } from "scripted-agents/cassette";
 *
 * const real = new ScriptedModel([[assistantMessage("Hello!")]]);
 * const recorder = new Cassette({ mode: "record", provider: { getModel: () => real } });
 * const agent = new Agent({ name: "Greeter", instructions: "Greet.", model: "gpt-4.1" });
 * await new Runner({ modelProvider: recorder, tracingDisabled: true }).run(agent, "Hi");
 * const recording = await recorder.close();
 *
 * const cassette = Cassette.fromJSON(recording);
 * const runner = new Runner({ modelProvider: cassette, tracingDisabled: true });
 * assert.equal((await runner.run(agent, "Hi")).finalOutput, "Hello!");
 * // A different prompt is drift: the miss names the path and both values.
 * const error = await runner.run(agent, "Hello").catch((e) => e);
 * assert.ok(error instanceof CassetteMissError);
 * assert.match(error.message, /request\.input\[0\]\.content/);
 * cassette.acknowledgeFailures();
 * await cassette.close();
 * ```
 *
 * @module
 */

export { Cassette } from './cassette.ts';
export {
  CassetteExpiredError,
  CassetteMissError,
  InvalidCassetteError,
  RecordedModelError,
  UnusedCassetteInteractionsError,
} from './cassette_errors.ts';
export type {
  CassetteMissErrorOptions,
  JsonDifference,
  UnusedCassetteInteraction,
} from './cassette_errors.ts';
export type {
  CassetteData,
  CassetteErrorRecord,
  CassetteExpiry,
  CassetteExpiryAction,
  CassetteInteraction,
  CassetteMode,
  CassetteModelInfo,
  CassetteNormalizeContext,
  CassetteOptions,
  CassetteProvenance,
  CassetteRequest,
  CassetteResponse,
  CassetteStoredInteraction,
  CassetteStoredRequest,
  JsonObject,
  JsonValue,
} from './cassette_types.ts';
export { DoubleFailuresError } from '../_internal/double_failures_error.ts';
