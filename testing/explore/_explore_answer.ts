/**
 * Reads one {@linkcode ModelCallChoice} against the request it answers: which
 * kinds of answer the request allows (its tools, handoffs, tool choice and
 * output type), which one the choice's `option` falls on, and the output
 * items (or model error) that make that answer. Also gives the choice back in
 * its normal form (every number reduced to what it selected), which is what
 * the shrinker compares and shortens.
 *
 * @module
 */

import type { SdkModelRequest as ModelRequest } from '../_shared/_sdk_types.ts';
import type { SdkOutputModelItem as OutputModelItem } from '../_shared/_sdk_item_types.ts';
import type { JsonSchema } from '../../_internal/schema_check.ts';
import { checkOutput } from '../../_internal/script_check.ts';
import { assistantMessage, functionCall } from '../model/output_items.ts';
import { mcpApprovalRequest } from '../model/output_item_builders.ts';
import { type HostedPlan, hostedPlans } from '../auto_model/hosted_calls.ts';
import { makeValue } from './_explore_values.ts';
import { BehaviourValueError } from './model_behaviour_errors.ts';
import type {
  BehaviourValueMode,
  ChoiceTarget,
  ModelBehaviourOptions,
  ModelCallChoice,
  ModelCallKind,
} from './model_behaviour_types.ts';

type Tool = ModelRequest['tools'][number];
type FunctionTool = Extract<Tool, { type: 'function' }>;

/** The weight of each kind when the options give none. */
const DEFAULT_WEIGHTS: Readonly<Record<ModelCallKind, number>> = {
  answer: 1,
  tools: 3,
  handoff: 1,
  error: 0,
  hosted: 0,
};
const KINDS: readonly ModelCallKind[] = ['answer', 'tools', 'handoff', 'error', 'hosted'];
const SIMPLEST: ChoiceTarget = Object.freeze({ index: 0, value: 0, mode: 0 });

/** The provider errors a behaviour raises, by target index. */
export const MODEL_ERRORS: readonly { status: number; message: string }[] = [
  { status: 500, message: '500 The server had an error while processing your request.' },
  { status: 429, message: '429 Rate limit reached for requests.' },
];

/** Short final texts, by seed; seed 0 is the simplest. */
const TEXTS = ['Done.', 'All set.', 'I could not complete that.', 'Here is what I found.'];

/** What a call answers. */
export type Answer =
  | {
    readonly kind: 'answer' | 'tools' | 'handoff' | 'hosted';
    readonly items: OutputModelItem[];
    /** Whether a `ScriptedModel` replaying the items would accept them (nothing invalid). */
    readonly valid: boolean;
    readonly choice: ModelCallChoice;
  }
  | {
    readonly kind: 'error';
    readonly error: Error & { status: number };
    readonly choice: ModelCallChoice;
  };

/** The kinds `request` allows with a weight above 0, each with its weight. */
function allowedKinds(
  request: ModelRequest,
  options: ModelBehaviourOptions,
  tools: readonly FunctionTool[],
  hosted: readonly HostedPlan[],
): [ModelCallKind, number][] {
  const weights = { ...DEFAULT_WEIGHTS, ...options.weights };
  const choice = request.modelSettings?.toolChoice;
  const canHandOff = choice !== 'none' && request.handoffs.length > 0;
  const mustCall = choice === 'required' && (tools.length > 0 || canHandOff);
  const allowed: Record<ModelCallKind, boolean> = {
    answer: !mustCall,
    tools: tools.length > 0,
    handoff: canHandOff,
    error: true,
    hosted: hosted.length > 0,
  };
  return KINDS.filter((kind) => allowed[kind] && weights[kind] > 0).map((kind) => [
    kind,
    Math.floor(weights[kind]),
  ]);
}

/** The function tools a call may use under the request's tool choice. */
function callableTools(request: ModelRequest): FunctionTool[] {
  const choice = request.modelSettings?.toolChoice;
  if (choice === 'none') return [];
  const tools = request.tools.filter((tool): tool is FunctionTool => tool.type === 'function');
  if (choice === undefined || choice === 'auto' || choice === 'required') return tools;
  const named = tools.filter((tool) => tool.name === choice);
  return named.length > 0 ? named : tools;
}

/**
 * The hosted, computer, shell and apply-patch calls the request offers (as
 * `AutoModel` makes them), then an approval request for each hosted MCP
 * server that asks for approvals.
 */
function hostedCalls(request: ModelRequest): HostedPlan[] {
  const approvals = request.tools.flatMap((tool): HostedPlan[] => {
    const data = tool.type === 'hosted_tool' ? tool.providerData : undefined;
    if (data?.type !== 'mcp' || data.require_approval === 'never') return [];
    const allowed = data.allowed_tools as { tool_names?: unknown } | string[] | undefined;
    const names = Array.isArray(allowed) ? allowed : allowed?.tool_names;
    const name = Array.isArray(names) && typeof names[0] === 'string' ? names[0] : 'echo';
    const serverLabel = String(data.server_label);
    return [{
      key: `mcp_approval:${serverLabel}`,
      build: (id) => mcpApprovalRequest({ id, serverLabel, name }),
      done: () => false,
    }];
  });
  return [...hostedPlans(request.tools), ...approvals];
}

/** The kind `option` falls on, and the first option of that kind (its normal form). */
function kindOf(option: number, kinds: readonly [ModelCallKind, number][]) {
  const total = kinds.reduce((sum, [, weight]) => sum + weight, 0);
  let slot = option % total;
  let start = 0;
  for (const [kind, weight] of kinds) {
    if (slot < weight) return { kind, option: start };
    slot -= weight;
    start += weight;
  }
  /* c8 ignore next */
  return { kind: kinds[0][0], option: 0 };
}

/**
 * The mode `mode` selects, its index, and the index a value that came out valid is replayed
 * with: the list's own `'valid'` (a boundary or break that moved nothing gives the valid value),
 * or, when the list has none, the index asked for, which falls back the same way again.
 */
function modeOf(modes: readonly BehaviourValueMode[] | undefined, mode: number) {
  const list = modes === undefined || modes.length === 0 ? ['valid' as const] : modes;
  const index = mode % list.length;
  const valid = list.indexOf('valid');
  return { mode: list[index], index, validIndex: valid === -1 ? index : valid };
}

function callId(callIndex: number, position: number): string {
  return `call_explore_${callIndex + 1}_${position + 1}`;
}

/** What `choice` answers to `request`, the `callIndex`-th call (0-based). */
export async function answer(
  choice: ModelCallChoice | undefined,
  request: ModelRequest,
  callIndex: number,
  options: ModelBehaviourOptions,
): Promise<Answer> {
  const tools = callableTools(request);
  const hosted = request.modelSettings?.toolChoice === 'none' ? [] : hostedCalls(request);
  const kinds = allowedKinds(request, options, tools, hosted);
  const overBudget = callIndex >= (options.maxCalls ?? 8);
  const picked = choice === undefined || overBudget || kinds.length === 0
    ? { kind: 'answer' as const, option: 0 }
    : kindOf(choice.option, kinds);
  const targets = choice === undefined || overBudget || choice.targets.length === 0
    ? [SIMPLEST]
    : choice.targets;
  switch (picked.kind) {
    case 'tools':
      return await callTools(tools, targets, request, callIndex, options, picked.option);
    case 'handoff':
      return await handOff(targets[0], request, callIndex, options, picked.option);
    case 'hosted': {
      const index = targets[0].index % hosted.length;
      const items = [hosted[index].build(`explore_hosted_${callIndex + 1}_1`)];
      return {
        kind: 'hosted',
        items,
        valid: checkOutput(request, items) === undefined,
        choice: { option: picked.option, targets: simplified([{ index, value: 0, mode: 0 }]) },
      };
    }
    case 'error': {
      const index = targets[0].index % MODEL_ERRORS.length;
      const { status, message } = MODEL_ERRORS[index];
      return {
        kind: 'error',
        error: Object.assign(new Error(message), { status }),
        choice: {
          option: picked.option,
          targets: index === 0 ? [] : [{ index, value: 0, mode: 0 }],
        },
      };
    }
    default:
      return await finalAnswer(targets[0], request, callIndex, options, picked.option);
  }
}

function valueError(
  callIndex: number,
  kind: 'tool' | 'handoff' | 'output',
  name: string,
  made: { schemaPath: string; message: string },
): BehaviourValueError {
  return new BehaviourValueError({
    callIndex,
    kind,
    name,
    schemaPath: made.schemaPath,
    detail: made.message,
  });
}

async function callTools(
  tools: readonly FunctionTool[],
  targets: readonly ChoiceTarget[],
  request: ModelRequest,
  callIndex: number,
  options: ModelBehaviourOptions,
  option: number,
): Promise<Answer> {
  const items: OutputModelItem[] = [];
  const used: ChoiceTarget[] = [];
  // An invalid value is replayed unchecked, whatever the request's own schema lets through.
  let broken = false;
  for (const target of targets.slice(0, Math.max(1, options.maxToolsPerCall ?? 3))) {
    const index = target.index % tools.length;
    const tool = tools[index];
    const { mode, index: modeIndex, validIndex } = modeOf(options.arguments, target.mode);
    const made = await makeValue({
      name: tool.name,
      sent: tool.parameters as JsonSchema,
      richer: options.toolSchemas?.[tool.name],
      seed: target.value,
      mode,
    });
    if (!made.ok) throw valueError(callIndex, 'tool', tool.name, made);
    const args = made.value;
    items.push(functionCall(tool.name, isRecord(args) ? args : JSON.stringify(args), {
      callId: callId(callIndex, items.length),
      ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }),
    }));
    used.push({
      index,
      value: target.value,
      mode: made.mode === 'valid' ? validIndex : modeIndex,
    });
    broken ||= made.mode === 'invalid';
  }
  return {
    kind: 'tools',
    items,
    valid: !broken && checkOutput(request, items) === undefined,
    choice: { option, targets: simplified(used) },
  };
}

async function handOff(
  target: ChoiceTarget,
  request: ModelRequest,
  callIndex: number,
  options: ModelBehaviourOptions,
  option: number,
): Promise<Answer> {
  const index = target.index % request.handoffs.length;
  const handoff = request.handoffs[index];
  const { mode, index: modeIndex, validIndex } = modeOf(options.arguments, target.mode);
  const made = await makeValue({
    name: handoff.toolName,
    sent: handoff.inputJsonSchema as JsonSchema,
    richer: undefined,
    seed: target.value,
    mode,
  });
  if (!made.ok) throw valueError(callIndex, 'handoff', handoff.toolName, made);
  const args = made.value;
  const items = [
    functionCall(handoff.toolName, isRecord(args) ? args : JSON.stringify(args), {
      callId: callId(callIndex, 0),
    }),
  ];
  return {
    kind: 'handoff',
    items,
    valid: made.mode !== 'invalid' && checkOutput(request, items) === undefined,
    choice: {
      option,
      targets: simplified([
        { index, value: target.value, mode: made.mode === 'valid' ? validIndex : modeIndex },
      ]),
    },
  };
}

async function finalAnswer(
  target: ChoiceTarget,
  request: ModelRequest,
  callIndex: number,
  options: ModelBehaviourOptions,
  option: number,
): Promise<Answer> {
  const outputType = request.outputType;
  let text: string;
  let modeIndex = 0;
  let invalid = false;
  let value = target.value;
  if (outputType === 'text') {
    value = target.value % TEXTS.length;
    text = TEXTS[value];
  } else {
    const picked = modeOf(options.outputs, target.mode);
    const made = await makeValue({
      name: outputType.name,
      sent: outputType.schema as JsonSchema,
      richer: options.outputSchema,
      seed: target.value,
      mode: picked.mode,
    });
    if (!made.ok) throw valueError(callIndex, 'output', outputType.name, made);
    modeIndex = made.mode === 'valid' ? picked.validIndex : picked.index;
    invalid = made.mode === 'invalid';
    text = JSON.stringify(made.value);
  }
  const items = [assistantMessage(text)];
  const simplest = value === 0 && modeIndex === 0;
  return {
    kind: 'answer',
    items,
    valid: !invalid && checkOutput(request, items) === undefined,
    choice: { option, targets: simplest ? [] : [{ index: 0, value, mode: modeIndex }] },
  };
}

/** One simplest target is what an empty list means: the normal form is the empty list. */
function simplified(targets: ChoiceTarget[]): ChoiceTarget[] {
  const [only] = targets;
  return targets.length === 1 && only.index === 0 && only.value === 0 && only.mode === 0
    ? []
    : targets;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
