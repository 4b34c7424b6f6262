/**
 * Reads a trajectory out of whatever a test holds: a run result, a run state
 * or an error carrying one, item lists, the model doubles (from what they were
 * asked and what they answered), a cassette, a trace recorder or a Realtime
 * session. Sources from other entry points (the cassette, Realtime) are
 * recognised by shape, so this folder imports none of them.
 *
 * @module
 */

import { callLogOf } from './model_calls.ts';
import { modelsOf } from '../_shared/_model_routes.ts';
import {
  areRealtimeItems,
  areRunItems,
  contentText,
  markFinal,
  modelItemSteps,
  outputValue,
  parseArguments,
  realtimeItemSteps,
  runItemSteps,
  toJson,
} from './_trajectory_items.ts';
import type { TrajectoryStep } from './trajectory_step_types.ts';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

const nameOf = (agent: unknown): string | undefined =>
  isObject(agent) && typeof agent.name === 'string' ? agent.name : undefined;

/** Reads an own or inherited property without letting a throwing getter escape. */
function read(source: Loose, key: string): unknown {
  try {
    return source[key];
  } catch {
    return undefined;
  }
}

/** The trajectory of `source`; a `TypeError` for something that holds none. */
export function stepsOf(source: unknown): TrajectoryStep[] {
  if (Array.isArray(source)) return listSteps(source);
  if (!isObject(source)) throw notASource(source);
  const log = callLogOf(source);
  if (log !== undefined) return modelCallSteps(answeredCalls([log]));
  const models = modelsOf(source);
  if (models !== undefined) {
    const logs = models.map(callLogOf).filter((entry) => entry !== undefined);
    return modelCallSteps(answeredCalls(logs));
  }
  if ('newItems' in source && 'state' in source) return resultSteps(source);
  if (Array.isArray(read(source, '_generatedItems'))) return stateSteps(source);
  if (source instanceof Error && isObject(read(source, 'state'))) return errorSteps(source);
  if (Array.isArray(read(source, 'interactions')) && typeof source.toScriptedModel === 'function') {
    return cassetteSteps(read(source, 'interactions') as unknown[]);
  }
  if (Array.isArray(read(source, 'spans')) && typeof source.outline === 'function') {
    return spanSteps(read(source, 'spans') as unknown[]);
  }
  const history = read(source, 'history');
  if (Array.isArray(history)) {
    return markFinal(realtimeItemSteps(history, nameOf(read(source, 'currentAgent'))));
  }
  throw notASource(source);
}

function notASource(source: unknown): TypeError {
  const what = source === null ? 'null' : Array.isArray(source) ? 'array' : typeof source;
  return new TypeError(
    `trajectory() cannot read a trajectory from this ${what}. Pass a run result, a RunState, ` +
      'a list of run items, model items or trajectory steps, a ScriptedModel, AutoModel or ' +
      'ScriptedModelProvider, a Cassette, a TraceRecorder or a RealtimeSession.',
  );
}

/** A list: trajectory steps (copied), run items, Realtime history or model items. */
function listSteps(items: readonly unknown[]): TrajectoryStep[] {
  if (items.length === 0) return [];
  if (items.every((item) => isObject(item) && typeof item.kind === 'string' && !('type' in item))) {
    return items.map((item) => toJson(item) as unknown as TrajectoryStep);
  }
  if (areRunItems(items)) return markFinal(runItemSteps(items));
  if (areRealtimeItems(items)) return markFinal(realtimeItemSteps(items));
  return markFinal(modelItemSteps(items));
}

/** The user messages a call or run newly brings: those after the last non-user item. */
function newInputSteps(input: unknown): TrajectoryStep[] {
  if (typeof input === 'string') return [{ kind: 'input', text: input }];
  if (!Array.isArray(input)) return [];
  let start = input.length;
  while (start > 0) {
    const item = input[start - 1];
    const isUser = isObject(item) && item.role === 'user' &&
      (item.type === undefined || item.type === 'message');
    if (!isUser) break;
    start--;
  }
  return input.slice(start).map((item) => ({ kind: 'input', text: contentText(item.content) }));
}

function resultSteps(result: Loose): TrajectoryStep[] {
  const state = read(result, 'state');
  const steps = [
    ...newInputSteps(read(result, 'input')),
    ...runItemSteps(
      read(result, 'newItems') as unknown[] ?? [],
      approvalsOf(read(result, 'runContext')),
    ),
  ];
  const interrupted = (read(result, 'interruptions') as unknown[] | undefined)?.length ?? 0;
  const complete = interrupted === 0 && isObject(state) &&
    isObject(state._currentStep) && state._currentStep.type === 'next_step_final_output';
  steps.push(...toolGuardrailSteps(result));
  markFinal(steps, complete);
  if (complete) {
    const output = read(result, 'finalOutput');
    if (output !== undefined && typeof output !== 'string') {
      const agent = nameOf(read(result, 'lastAgent'));
      steps.push({
        kind: 'final_output',
        ...(agent === undefined ? {} : { agent }),
        output: toJson(output),
      });
    }
  }
  return steps;
}

/** The approval decisions a run context holds. */
function approvalsOf(context: unknown): unknown {
  if (!isObject(context) || typeof context.toJSON !== 'function') return undefined;
  try {
    const json = (context.toJSON as () => unknown).call(context);
    return isObject(json) ? json.approvals : undefined;
  } catch {
    return undefined;
  }
}

function toolGuardrailSteps(result: Loose): TrajectoryStep[] {
  const steps: TrajectoryStep[] = [];
  for (const key of ['toolInputGuardrailResults', 'toolOutputGuardrailResults']) {
    const results = read(result, key);
    if (!Array.isArray(results)) continue;
    for (const entry of results) {
      const behavior = isObject(entry?.output) ? entry.output.behavior : undefined;
      if (!isObject(behavior) || behavior.type === 'allow') continue;
      steps.push(guardrailStep(entry));
    }
  }
  return steps;
}

function guardrailStep(result: Loose): TrajectoryStep {
  const guardrail = isObject(result.guardrail) ? result.guardrail : {};
  const type = guardrail.type;
  const stage = type === 'input' || type === 'output' || type === 'tool_input' ||
      type === 'tool_output'
    ? type
    : undefined;
  const agent = nameOf(result.agent);
  return {
    kind: 'guardrail',
    ...(agent === undefined ? {} : { agent }),
    guardrail: String(guardrail.name ?? 'guardrail'),
    ...(stage === undefined ? {} : { stage }),
  };
}

function stateSteps(state: Loose): TrajectoryStep[] {
  const steps = [
    ...newInputSteps(read(state, '_originalInput')),
    ...runItemSteps(
      read(state, '_generatedItems') as unknown[],
      approvalsOf(read(state, '_context')),
    ),
  ];
  const current = read(state, '_currentStep');
  const complete = isObject(current) && current.type === 'next_step_final_output';
  return markFinal(steps, complete);
}

function errorSteps(error: Error): TrajectoryStep[] {
  const state = read(error as unknown as Loose, 'state') as Loose;
  const steps = stateSteps(state);
  const result = read(error as unknown as Loose, 'result');
  if (isObject(result) && isObject(result.guardrail)) {
    // An input guardrail's result does not name its agent; the state does.
    steps.push(guardrailStep({ agent: read(state, '_currentAgent'), ...result }));
  }
  return steps;
}

/** A model call as trajectories read it: its request and the output it got. */
interface CallRecord {
  request: Loose;
  output: readonly unknown[] | undefined;
}

function answeredCalls(logs: readonly NonNullable<ReturnType<typeof callLogOf>>[]): CallRecord[] {
  return logs.flatMap((log) => log.answered())
    .sort((a, b) => a.sequence - b.sequence)
    .map(({ call, output }) => ({ request: call.request as unknown as Loose, output }));
}

/**
 * The steps of a series of model calls: each call's new user input, then what
 * it answered, with the results later requests carried back.
 */
export function modelCallSteps(calls: readonly CallRecord[]): TrajectoryStep[] {
  const results = new Map<string, unknown>();
  for (const { request } of calls) {
    if (!Array.isArray(request.input)) continue;
    for (const item of request.input) {
      if (
        !isObject(item) || typeof item.type !== 'string' || !/_(result|output)$/.test(item.type)
      ) {
        continue;
      }
      const id = item.callId ?? item.call_id;
      if (typeof id === 'string' && !results.has(id)) results.set(id, item);
    }
  }
  const context: { agent?: string; handoffNames?: ReadonlySet<string> } = {};
  const steps: TrajectoryStep[] = [];
  for (const { request, output } of calls) {
    const handoffs = Array.isArray(request.handoffs) ? request.handoffs : [];
    context.handoffNames = new Set(handoffs.map((handoff) => String(handoff?.toolName)));
    steps.push(...newInputSteps(request.input));
    if (output === undefined) continue;
    const answered = [...output];
    for (const item of output) {
      const id = isObject(item) ? item.callId ?? item.call_id : undefined;
      if (typeof id === 'string' && results.has(id)) answered.push(results.get(id));
    }
    steps.push(...modelItemSteps(answered, context));
  }
  return markFinal(steps);
}

/** The output items a cassette interaction answered with (from its stream's last response). */
function interactionOutput(interaction: Loose): readonly unknown[] | undefined {
  if (isObject(interaction.response) && Array.isArray(interaction.response.output)) {
    return interaction.response.output;
  }
  if (Array.isArray(interaction.events)) {
    for (let index = interaction.events.length - 1; index >= 0; index--) {
      const event = interaction.events[index];
      if (isObject(event) && event.type === 'response_done' && isObject(event.response)) {
        const output = event.response.output;
        return Array.isArray(output) ? output : undefined;
      }
    }
  }
  return undefined;
}

function cassetteSteps(interactions: readonly unknown[]): TrajectoryStep[] {
  return modelCallSteps(
    interactions.filter(isObject).map((interaction) => ({
      request: isObject(interaction.request) ? interaction.request : {},
      output: interactionOutput(interaction),
    })),
  );
}

/** The steps a trace shows: tool calls, handoffs and tripped guardrails, each under its agent. */
function spanSteps(spans: readonly unknown[]): TrajectoryStep[] {
  const byId = new Map<string, Loose>();
  for (const span of spans) if (isObject(span)) byId.set(String(span.spanId), span);
  const agentOf = (span: Loose): string | undefined => {
    let parent = span.parentId === null ? undefined : byId.get(String(span.parentId));
    while (parent !== undefined) {
      if (parent.type === 'agent') return String(parent.name);
      parent = parent.parentId === null ? undefined : byId.get(String(parent.parentId));
    }
    return undefined;
  };
  const steps: TrajectoryStep[] = [];
  for (const span of spans) {
    if (!isObject(span) || !isObject(span.data)) continue;
    const data = span.data;
    const agent = agentOf(span);
    const who = agent === undefined ? {} : { agent };
    if (span.type === 'function') {
      steps.push({
        kind: 'tool_call',
        ...who,
        tool: String(data.name),
        args: parseArguments(data.input),
        ...(data.output === undefined || data.output === null
          ? {}
          : { output: outputValue(data.output) }),
      });
    } else if (span.type === 'handoff') {
      const from = typeof data.from_agent === 'string' ? { agent: data.from_agent } : who;
      steps.push({ kind: 'handoff', ...from, to: String(data.to_agent ?? '?') });
    } else if (span.type === 'guardrail' && data.triggered === true) {
      steps.push({ kind: 'guardrail', ...who, guardrail: String(data.name) });
    }
  }
  return steps;
}
