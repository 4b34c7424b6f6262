/**
 * Turns the items a run produced into trajectory steps. Three item families
 * reach here: the SDK's run items (`result.newItems`, or their JSON form in a
 * serialized `RunState`), model items (a request's `input`, a response's
 * `output`, as a cassette stores them too) and Realtime history items. They
 * all map to one step shape, so a trajectory reads the same whichever model
 * drove the run.
 *
 * @module
 */

import type {
  TrajectoryJson,
  TrajectoryStep,
  TrajectoryToolCallStep,
} from './trajectory_step_types.ts';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

/** A JSON-safe copy: what `JSON.stringify` would keep, with binary data and cycles described. */
export function toJson(value: unknown, seen: Set<object> = new Set()): TrajectoryJson {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return null;
  if (seen.has(value)) return '[Circular]';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
    return `<${value.byteLength} bytes>`;
  }
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      return value.map((element) => element === undefined ? null : toJson(element, seen));
    }
    const json = (value as { toJSON?: unknown }).toJSON;
    if (typeof json === 'function') return toJson(json.call(value), seen);
    const out: Record<string, TrajectoryJson> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (entry === undefined || typeof entry === 'function' || typeof entry === 'symbol') continue;
      // A defined property: JSON may have an own "__proto__" key, which assignment would
      // turn into the object's prototype.
      Object.defineProperty(out, key, {
        value: toJson(entry, seen),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

/** Arguments as JSON when they parse, else the raw text (a malformed call stays visible). */
export function parseArguments(text: unknown): TrajectoryJson {
  if (typeof text !== 'string') return toJson(text ?? {});
  if (text.trim() === '') return {};
  try {
    return toJson(JSON.parse(text));
  } catch {
    return text;
  }
}

/** A tool result as a value: text, or the object or array a tool's JSON text holds. */
export function outputValue(output: unknown): TrajectoryJson {
  if (isObject(output) && output.type === 'text' && typeof output.text === 'string') {
    return outputValue(output.text);
  }
  if (typeof output === 'string') {
    const trimmed = output.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        return toJson(JSON.parse(output));
      } catch {
        return output;
      }
    }
    return output;
  }
  return toJson(output);
}

/** The text of a message's content: a string, or its text, refusal and transcript parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => {
    if (!isObject(part)) return '';
    for (const key of ['text', 'refusal', 'transcript']) {
      if (typeof part[key] === 'string') return part[key] as string;
    }
    return '';
  }).join('');
}

/** The agent named by a handoff's result (`{"assistant":"Billing"}`), if it names one. */
function handoffTarget(output: unknown): string | undefined {
  const value = outputValue(output);
  if (isObject(value) && !Array.isArray(value) && typeof value.assistant === 'string') {
    return Object.keys(value).length === 1 ? value.assistant : undefined;
  }
  return undefined;
}

const callIdOf = (item: Loose): string | undefined => {
  const id = item.callId ?? item.call_id;
  return typeof id === 'string' ? id : undefined;
};

/** What the agent loop knows while it reads items: who acts, and which names hand off. */
export interface ItemContext {
  /** The agent acting now (changes at each handoff). */
  agent?: string;
  /** Tool names that are handoffs (from a request's `handoffs`). */
  handoffNames?: ReadonlySet<string>;
}

const resultTypes = new Set([
  'function_call_result',
  'computer_call_result',
  'shell_call_output',
  'apply_patch_call_output',
]);

const localToolNames: Record<string, string> = {
  computer_call: 'computer',
  shell_call: 'shell',
  apply_patch_call: 'apply_patch',
};

function withAgent<T extends TrajectoryStep>(agent: string | undefined, step: T): T {
  if (agent === undefined) return step;
  const { kind, ...rest } = step as T & Loose;
  return { kind, agent, ...rest } as unknown as T;
}

/**
 * The steps of model items, in order. Results are attached to their calls by
 * call id; a result whose call is not in the list is left out.
 */
export function modelItemSteps(
  items: readonly unknown[],
  context: ItemContext = {},
): TrajectoryStep[] {
  const results = new Map<string, Loose>();
  for (const item of items) {
    if (!isObject(item) || typeof item.type !== 'string' || !resultTypes.has(item.type)) continue;
    const id = callIdOf(item);
    if (id !== undefined) results.set(id, item);
  }
  const steps: TrajectoryStep[] = [];
  for (const item of items) {
    if (!isObject(item)) continue;
    const step = modelItemStep(item, results, context);
    if (step !== undefined) steps.push(step);
  }
  return steps;
}

function modelItemStep(
  item: Loose,
  results: ReadonlyMap<string, Loose>,
  context: ItemContext,
): TrajectoryStep | undefined {
  const agent = context.agent;
  const type = item.type ?? (typeof item.role === 'string' ? 'message' : undefined);
  switch (type) {
    case 'message': {
      const text = contentText(item.content);
      if (item.role === 'assistant') return withAgent(agent, { kind: 'message', text });
      if (item.role === 'user') return { kind: 'input', text };
      return undefined;
    }
    case 'function_call': {
      const name = String(item.name);
      const callId = callIdOf(item);
      const result = callId === undefined ? undefined : results.get(callId);
      const target = result === undefined ? undefined : handoffTarget(result.output);
      if (context.handoffNames?.has(name) || target !== undefined) {
        const to = target ?? name;
        const step = withAgent(agent, { kind: 'handoff', to, ...idField(callId) });
        context.agent = to;
        return step;
      }
      return toolCall(agent, name, parseArguments(item.arguments), result, callId);
    }
    case 'computer_call':
    case 'shell_call':
    case 'apply_patch_call': {
      const callId = callIdOf(item);
      const args = toJson(item.action ?? item.actions ?? item.operation ?? {});
      const result = callId === undefined ? undefined : results.get(callId);
      return toolCall(agent, localToolNames[String(type)], args, result, callId);
    }
    case 'hosted_tool_call':
      return hostedStep(agent, item);
    case 'reasoning':
      return withAgent(agent, { kind: 'reasoning', text: contentText(item.content) });
    case 'tool_search_call':
      return withAgent(agent, {
        kind: 'hosted_tool_call',
        tool: 'tool_search',
        args: toJson(item.arguments ?? {}),
      });
    default:
      return undefined;
  }
}

const idField = (callId: string | undefined) => callId === undefined ? {} : { callId };

function toolCall(
  agent: string | undefined,
  tool: string,
  args: TrajectoryJson,
  result: Loose | undefined,
  callId: string | undefined,
): TrajectoryToolCallStep {
  const step: TrajectoryToolCallStep = { kind: 'tool_call', tool, args };
  if (result !== undefined) step.output = outputValue(result.output);
  if (callId !== undefined) step.callId = callId;
  return withAgent(agent, step);
}

function hostedStep(agent: string | undefined, item: Loose): TrajectoryStep {
  const data = isObject(item.providerData) ? item.providerData : {};
  const name = String(item.name);
  const output = item.output ?? data.output;
  if (name === 'mcp_call' || name === 'mcp_approval_request') {
    const kind = name === 'mcp_call' ? 'mcp_call' : 'approval';
    const step: Loose = { kind, tool: String(data.name ?? name) };
    if (typeof data.server_label === 'string') step.server = data.server_label;
    if (data.arguments !== undefined) step.args = parseArguments(data.arguments);
    if (kind === 'mcp_call' && output !== undefined && output !== null) {
      step.output = outputValue(output);
    }
    return withAgent(agent, step as unknown as TrajectoryStep);
  }
  const step: Loose = { kind: 'hosted_tool_call', tool: name };
  const args = item.arguments !== undefined
    ? parseArguments(item.arguments)
    : data.action ?? data.queries ?? data.code ?? data.server_label;
  if (args !== undefined) step.args = toJson(args);
  if (output !== undefined && output !== null) step.output = outputValue(output);
  return withAgent(agent, step as unknown as TrajectoryStep);
}

const nameOf = (agent: unknown): string | undefined =>
  isObject(agent) && typeof agent.name === 'string' ? agent.name : undefined;

/** Whether `items` are the SDK's run items (or their JSON form): every `type` ends in `_item`. */
export function areRunItems(items: readonly unknown[]): boolean {
  return items.length > 0 &&
    items.every((item) =>
      isObject(item) && typeof item.type === 'string' && /_item$/.test(item.type)
    );
}

/**
 * The steps of run items. A tool call takes its output from the matching
 * output item, a handoff call its target from the handoff's output item.
 */
export function runItemSteps(items: readonly unknown[], approvals?: unknown): TrajectoryStep[] {
  const outputs = new Map<string, Loose>();
  const handoffs = new Map<string, Loose>();
  const pending = new Set<string>();
  for (const item of items) {
    if (!isObject(item) || !isObject(item.rawItem)) continue;
    const id = callIdOf(item.rawItem);
    if (id === undefined) continue;
    if (item.type === 'tool_call_output_item') outputs.set(id, item);
    if (item.type === 'handoff_output_item') handoffs.set(id, item);
    if (item.type === 'tool_approval_item') pending.add(id);
  }
  const decided = decisions(approvals);
  const steps: TrajectoryStep[] = [];
  const handedOff = new Set<string>();
  for (const item of items) {
    if (!isObject(item)) continue;
    const raw = isObject(item.rawItem) ? item.rawItem : {};
    const agent = nameOf(item.agent);
    switch (item.type) {
      case 'message_output_item':
      case 'reasoning_item':
        steps.push(...modelItemSteps([raw], { agent }));
        break;
      case 'tool_call_item': {
        const id = callIdOf(raw);
        const output = id === undefined ? undefined : outputs.get(id);
        const results = new Map<string, Loose>();
        if (id !== undefined && output !== undefined && isObject(output.rawItem)) {
          results.set(id, output.rawItem);
        }
        // A call waiting for approval shows as its approval step alone.
        if (id !== undefined && output === undefined && pending.has(id)) break;
        const step = modelItemStep(raw, results, { agent });
        if (step === undefined) break;
        const decision = id === undefined ? undefined : decided.get(id);
        if (decision !== undefined && step.kind === 'tool_call') {
          steps.push(withAgent(agent, {
            kind: 'approval',
            tool: step.tool,
            args: step.args,
            decision,
            callId: id!,
          }));
        }
        steps.push(step);
        break;
      }
      case 'handoff_call_item': {
        const id = callIdOf(raw);
        const output = id === undefined ? undefined : handoffs.get(id);
        const to = nameOf(output?.targetAgent) ?? String(raw.name);
        if (id !== undefined) handedOff.add(id);
        steps.push(withAgent(agent, { kind: 'handoff', to, ...idField(id) }));
        break;
      }
      case 'handoff_output_item': {
        const id = callIdOf(raw);
        if (id !== undefined && handedOff.has(id)) break;
        const to = nameOf(item.targetAgent) ?? 'unknown agent';
        steps.push(withAgent(nameOf(item.sourceAgent), { kind: 'handoff', to, ...idField(id) }));
        break;
      }
      case 'tool_approval_item':
        steps.push(approvalStep(agent, item, raw));
        break;
      case 'tool_search_call_item':
        steps.push(...modelItemSteps([raw], { agent }));
        break;
      default:
        break;
    }
  }
  return steps;
}

/** Call id to decision, from a run context's approvals (`{ tool: { approved, rejected } }`). */
function decisions(approvals: unknown): Map<string, 'approved' | 'rejected'> {
  const decided = new Map<string, 'approved' | 'rejected'>();
  if (!isObject(approvals)) return decided;
  for (const record of Object.values(approvals)) {
    if (!isObject(record)) continue;
    for (const decision of ['approved', 'rejected'] as const) {
      const ids = record[decision];
      if (Array.isArray(ids)) { for (const id of ids) decided.set(String(id), decision); }
    }
  }
  return decided;
}

function approvalStep(agent: string | undefined, item: Loose, raw: Loose): TrajectoryStep {
  if (raw.type === 'hosted_tool_call') {
    const step = hostedStep(agent, raw);
    if (step.kind === 'approval') return step;
  }
  const tool = typeof item.toolName === 'string'
    ? item.toolName
    : String(raw.name ?? localToolNames[String(raw.type)] ?? raw.type);
  const args = raw.arguments !== undefined
    ? parseArguments(raw.arguments)
    : toJson(raw.action ?? raw.operation ?? {});
  const callId = callIdOf(raw);
  return withAgent(agent, { kind: 'approval', tool, args, ...idField(callId) });
}

/** Whether `items` are Realtime history items (`itemId` on each). */
export function areRealtimeItems(items: readonly unknown[]): boolean {
  return items.length > 0 &&
    items.every((item) => isObject(item) && typeof item.itemId === 'string');
}

/** The steps of a Realtime session's history: messages (text or transcript) and tool calls. */
export function realtimeItemSteps(items: readonly unknown[], agent?: string): TrajectoryStep[] {
  const steps: TrajectoryStep[] = [];
  for (const item of items) {
    if (!isObject(item)) continue;
    if (item.type === 'message') {
      const text = contentText(item.content);
      if (item.role === 'assistant') steps.push(withAgent(agent, { kind: 'message', text }));
      else if (item.role === 'user') steps.push({ kind: 'input', text });
    } else if (item.type === 'function_call') {
      const step: TrajectoryToolCallStep = {
        kind: 'tool_call',
        tool: String(item.name),
        args: parseArguments(item.arguments),
      };
      if (item.output !== undefined && item.output !== null) step.output = outputValue(item.output);
      const callId = callIdOf(item);
      if (callId !== undefined) step.callId = callId;
      steps.push(withAgent(agent, step));
    } else if (item.type === 'mcp_call' || item.type === 'mcp_tool_call') {
      const step: Loose = { kind: 'mcp_call', tool: String(item.name) };
      if (item.arguments !== undefined) step.args = parseArguments(item.arguments);
      if (item.output !== undefined && item.output !== null) step.output = outputValue(item.output);
      steps.push(withAgent(agent, step as unknown as TrajectoryStep));
    }
  }
  return steps;
}

/**
 * Marks the run's answer: the last message, when no tool call, handoff or
 * approval follows it (reasoning, guardrails and a structured output may).
 */
export function markFinal(steps: TrajectoryStep[], complete = true): TrajectoryStep[] {
  if (!complete) return steps;
  for (let index = steps.length - 1; index >= 0; index--) {
    const step = steps[index];
    if (step.kind === 'message') {
      steps[index] = { ...step, final: true };
      return steps;
    }
    if (
      step.kind !== 'reasoning' && step.kind !== 'guardrail' && step.kind !== 'final_output'
    ) return steps;
  }
  return steps;
}
