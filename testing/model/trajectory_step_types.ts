/**
 * The steps of a trajectory: what {@linkcode trajectory} reads from a run, a
 * model's recorded calls or plain items. They live beside the code that reads
 * them from the model doubles' calls; the trajectory room re-exports them with
 * the types of its matching.
 *
 * @module
 */

/** A JSON value: what a step's arguments and outputs are made of. */
export type TrajectoryJson =
  | null
  | boolean
  | number
  | string
  | TrajectoryJson[]
  | { [key: string]: TrajectoryJson };

/**
 * What a trajectory step is:
 *
 * - `input`: the user's input (`text`);
 * - `tool_call`: a function tool, or a local computer, shell or apply-patch
 *   tool, the model called (`tool`, `args`, `output` once it came back);
 * - `handoff`: a handoff to another agent (`to`);
 * - `message`: an assistant message (`text`; `final` on the run's answer);
 * - `hosted_tool_call`: a tool the provider ran (web search, file search, code
 *   interpreter, image generation, tool search...);
 * - `mcp_call`: a hosted MCP server's tool call (`server`, `tool`);
 * - `approval`: a tool call that waited for approval (`tool`, `args`, and
 *   `decision` once the run resumed);
 * - `reasoning`: the model's reasoning summary (`text`);
 * - `guardrail`: a guardrail whose tripwire fired (`guardrail`, `stage`);
 * - `final_output`: a structured final output (`output`); a text answer is
 *   the `final` message instead.
 */
export type TrajectoryStepKind =
  | 'input'
  | 'tool_call'
  | 'handoff'
  | 'message'
  | 'hosted_tool_call'
  | 'mcp_call'
  | 'approval'
  | 'reasoning'
  | 'guardrail'
  | 'final_output';

/**
 * The user's input.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { trajectory, type TrajectoryInputStep } from 'scripted-agents/testing';
 *
 * const [step] = trajectory([{ type: 'message', role: 'user', content: 'Hi' }]);
 * assert.deepEqual(step, { kind: 'input', text: 'Hi' } satisfies TrajectoryInputStep);
 * ```
 */
export interface TrajectoryInputStep {
  /** Always `'input'`. */
  kind: 'input';
  /** The input's text. */
  text: string;
}

/**
 * A tool call: a function tool (or a local computer, shell or apply-patch
 * tool) the model called, with its result once it came back.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { functionCall, trajectory, type TrajectoryToolCallStep } from 'scripted-agents/testing';
 *
 * const [step] = trajectory([functionCall('lookup_order', { id: 'A1' }, { callId: 'c1' })]);
 * assert.deepEqual(step, {
 *   kind: 'tool_call',
 *   tool: 'lookup_order',
 *   args: { id: 'A1' },
 *   callId: 'c1',
 * } satisfies TrajectoryToolCallStep);
 * ```
 */
export interface TrajectoryToolCallStep {
  /** Always `'tool_call'`. */
  kind: 'tool_call';
  /** The agent that called the tool, when the source knows it. */
  agent?: string;
  /** The tool's name. */
  tool: string;
  /** The arguments, parsed from JSON (the raw text when it is not JSON). */
  args: TrajectoryJson;
  /** The result, when it came back: parsed when it is a JSON object or array. */
  output?: TrajectoryJson;
  /**
   * The call id. Volatile: `assertTrajectory()` compares it only when a short
   * form names it (`{ tool, callId }`), never from a full step.
   */
  callId?: string;
}

/**
 * A handoff from `agent` to the agent named `to`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { TrajectoryHandoffStep } from 'scripted-agents/testing';
 *
 * const step: TrajectoryHandoffStep = { kind: 'handoff', agent: 'Triage', to: 'Billing' };
 * assert.equal(step.to, 'Billing');
 * ```
 */
export interface TrajectoryHandoffStep {
  /** Always `'handoff'`. */
  kind: 'handoff';
  /** The agent that handed off, when the source knows it. */
  agent?: string;
  /** The agent it handed off to (the handoff tool's name when nothing better is known). */
  to: string;
  /** The handoff call's id (volatile: never compared). */
  callId?: string;
}

/**
 * An assistant message. `final` marks the run's answer: the last message, with
 * no tool call, handoff or approval after it.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { assistantMessage, trajectory } from 'scripted-agents/testing';
 *
 * assert.deepEqual(trajectory([assistantMessage('Done.')]), [
 *   { kind: 'message', text: 'Done.', final: true },
 * ]);
 * ```
 */
export interface TrajectoryMessageStep {
  /** Always `'message'`. */
  kind: 'message';
  /** The agent that answered, when the source knows it. */
  agent?: string;
  /** The message text (refusals included). */
  text: string;
  /** Present and `true` on the run's final message. */
  final?: true;
}

/**
 * A tool the provider ran itself (web search, file search, code interpreter,
 * image generation, tool search, MCP tool listing...).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { trajectory, webSearchCall } from 'scripted-agents/testing';
 *
 * const [step] = trajectory([webSearchCall({ query: 'weather Tokyo' })]);
 * assert.equal(step.kind, 'hosted_tool_call');
 * assert.equal(step.kind === 'hosted_tool_call' && step.tool, 'web_search_call');
 * ```
 */
export interface TrajectoryHostedToolCallStep {
  /** Always `'hosted_tool_call'`. */
  kind: 'hosted_tool_call';
  /** The agent whose model used the tool, when the source knows it. */
  agent?: string;
  /** The hosted tool's item name (`web_search_call`, `file_search_call`...). */
  tool: string;
  /** What it was asked (arguments, search action, queries or code), when known. */
  args?: TrajectoryJson;
  /** Its output, when reported. */
  output?: TrajectoryJson;
}

/**
 * A hosted MCP server's tool call.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { mcpCall, trajectory } from 'scripted-agents/testing';
 *
 * const [step] = trajectory([mcpCall({ serverLabel: 'docs', name: 'search', arguments: { q: 'x' } })]);
 * assert.deepEqual(step, {
 *   kind: 'mcp_call',
 *   tool: 'search',
 *   server: 'docs',
 *   args: { q: 'x' },
 *   output: 'ok',
 * });
 * ```
 */
export interface TrajectoryMcpCallStep {
  /** Always `'mcp_call'`. */
  kind: 'mcp_call';
  /** The agent whose model called the server, when the source knows it. */
  agent?: string;
  /** The MCP tool's name. */
  tool: string;
  /** The server's label. */
  server?: string;
  /** The arguments, parsed from JSON. */
  args?: TrajectoryJson;
  /** The output, when reported. */
  output?: TrajectoryJson;
}

/**
 * A tool call that waits for a person's approval (a run interruption), or a
 * hosted MCP server's approval request.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { TrajectoryApprovalStep } from 'scripted-agents/testing';
 *
 * const step: TrajectoryApprovalStep = { kind: 'approval', tool: 'refund', args: { amount: 5 } };
 * assert.equal(step.tool, 'refund');
 * ```
 */
export interface TrajectoryApprovalStep {
  /** Always `'approval'`. */
  kind: 'approval';
  /** The agent whose call waits, when the source knows it. */
  agent?: string;
  /** The tool that waits for approval. */
  tool: string;
  /** The call's arguments, parsed from JSON. */
  args?: TrajectoryJson;
  /** The MCP server's label, for a hosted MCP approval request. */
  server?: string;
  /** How it was decided, once the run resumed; absent while it waits. */
  decision?: 'approved' | 'rejected';
  /** The call id (volatile: never compared). */
  callId?: string;
}

/**
 * The model's reasoning summary.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { reasoningItem, trajectory } from 'scripted-agents/testing';
 *
 * assert.deepEqual(trajectory([reasoningItem('Check the order first.')]), [
 *   { kind: 'reasoning', text: 'Check the order first.' },
 * ]);
 * ```
 */
export interface TrajectoryReasoningStep {
  /** Always `'reasoning'`. */
  kind: 'reasoning';
  /** The agent whose model reasoned, when the source knows it. */
  agent?: string;
  /** The summary's text. */
  text: string;
}

/**
 * A guardrail whose tripwire fired (an input, output or tool guardrail).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { TrajectoryGuardrailStep } from 'scripted-agents/testing';
 *
 * const step: TrajectoryGuardrailStep = { kind: 'guardrail', guardrail: 'no_pii', stage: 'input' };
 * assert.equal(step.stage, 'input');
 * ```
 */
export interface TrajectoryGuardrailStep {
  /** Always `'guardrail'`. */
  kind: 'guardrail';
  /** The agent the guardrail guarded, when the source knows it. */
  agent?: string;
  /** The guardrail's name. */
  guardrail: string;
  /** Where it ran, when the source knows it (a trace does not). */
  stage?: 'input' | 'output' | 'tool_input' | 'tool_output';
}

/**
 * A structured final output (an agent with an `outputType`).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { TrajectoryFinalOutputStep } from 'scripted-agents/testing';
 *
 * const step: TrajectoryFinalOutputStep = { kind: 'final_output', output: { refunded: true } };
 * assert.deepEqual(step.output, { refunded: true });
 * ```
 */
export interface TrajectoryFinalOutputStep {
  /** Always `'final_output'`. */
  kind: 'final_output';
  /** The agent that produced it, when the source knows it. */
  agent?: string;
  /** The output, as a JSON value. */
  output: TrajectoryJson;
}

/**
 * One step of a trajectory: plain, JSON-safe data (a `JSON.stringify` round
 * trip gives an equal value). Optional fields are absent, never `undefined`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { assistantMessage, functionCall, trajectory, type TrajectoryStep } from 'scripted-agents/testing';
 *
 * const steps: TrajectoryStep[] = trajectory([
 *   functionCall('ping', {}, { callId: 'c1' }),
 *   assistantMessage('pong'),
 * ]);
 * assert.deepEqual(JSON.parse(JSON.stringify(steps)), steps);
 * ```
 */
export type TrajectoryStep =
  | TrajectoryInputStep
  | TrajectoryToolCallStep
  | TrajectoryHandoffStep
  | TrajectoryMessageStep
  | TrajectoryHostedToolCallStep
  | TrajectoryMcpCallStep
  | TrajectoryApprovalStep
  | TrajectoryReasoningStep
  | TrajectoryGuardrailStep
  | TrajectoryFinalOutputStep;

/**
 * What {@linkcode trajectory} reads: a `RunResult` or `StreamedRunResult`, a
 * `RunState` (an interrupted run), an error the runner threw with its state, a
 * list of run items, model items (`request.input`), Realtime history items or
 * trajectory steps, a `ScriptedModel`, `AutoModel` or `ScriptedModelProvider`,
 * a `Cassette`, a `TraceRecorder`, or a `RealtimeSession` (its `history`).
 * Typed loosely on purpose: the sources come from several packages.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { trajectory, type TrajectorySource } from 'scripted-agents/testing';
 *
 * const source: TrajectorySource = [];
 * assert.deepEqual(trajectory(source), []);
 * ```
 */
export type TrajectorySource = object;
