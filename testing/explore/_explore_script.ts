/**
 * Prints a shrunk behaviour's steps as the TypeScript source of a
 * `ScriptedModel` (or, when the provider served named models, of a
 * `ScriptedModelProvider` with one route per name), with the item printer
 * that `to-ts` uses, and the approval decisions as a comment.
 *
 * @module
 */

import { imports, literal, printItem } from '../../_internal/typescript_items.ts';
import type { JsonValue } from '../../_internal/typescript_items.ts';
import type { BehaviourCall } from './model_behaviour_types.ts';

function printItems(items: readonly unknown[]): string {
  return `[${items.map((item) => printItem(item as JsonValue)).join(', ')}]`;
}

/** One answered call as a step expression, and the builders it names. */
function printCall(call: BehaviourCall, used: Set<string>): string {
  const step = call.step as unknown;
  if (Array.isArray(step)) {
    const printed = printItems(step);
    for (const name of ['assistantMessage', 'functionCall']) {
      if (printed.includes(`${name}(`)) used.add(name);
    }
    return printed;
  }
  const record = step as { type: string; response?: unknown; error?: unknown };
  if (record.type === 'error') {
    used.add('modelError');
    const error = record.error as Error & { status: number };
    return `modelError(Object.assign(new Error(${
      literal(error.message)
    }), { status: ${error.status} }))`;
  }
  used.add('modelResponse');
  const printed = printItems(record.response as unknown[]);
  for (const name of ['assistantMessage', 'functionCall']) {
    if (printed.includes(`${name}(`)) used.add(name);
  }
  return `modelResponse(${printed}, { validate: false })`;
}

function comment(call: BehaviourCall): string {
  const notes: Record<BehaviourCall['kind'], string> = {
    answer: 'final answer',
    tools: 'tool calls',
    handoff: 'handoff',
    error: 'model error',
    hosted: 'hosted tool call',
  };
  const invalid = !Array.isArray(call.step) && (call.step as { type?: string }).type === 'response'
    ? ', invalid on purpose'
    : '';
  return `// Call #${call.index + 1}: ${notes[call.kind]}${invalid}`;
}

function printList(calls: readonly BehaviourCall[], used: Set<string>, indent: string): string[] {
  return calls.flatMap((call) => [
    `${indent}${comment(call)}`,
    `${indent}${printCall(call, used)},`,
  ]);
}

/**
 * The source of a module exporting `model` (every call on one
 * `ScriptedModel`) or, when any call came through a named route, `provider`
 * (a `ScriptedModelProvider` with a route per name, the unnamed calls as its
 * fallback); then the approval decisions in order, as a comment.
 */
export function printExploreScript(
  calls: readonly BehaviourCall[],
  decisions: readonly ('approve' | 'reject')[],
): string {
  const used = new Set<string>(['ScriptedModel']);
  const named = calls.some((call) => call.route !== '');
  const body: string[] = [];
  if (!named) {
    body.push('export const model = new ScriptedModel([', ...printList(calls, used, '  '), ']);');
  } else {
    used.add('ScriptedModelProvider');
    const routes = new Map<string, BehaviourCall[]>();
    for (const call of calls) routes.set(call.route, [...(routes.get(call.route) ?? []), call]);
    body.push('export const provider = new ScriptedModelProvider({', '  models: {');
    for (const [route, list] of routes) {
      if (route === '') continue;
      body.push(`    ${literal(route)}: new ScriptedModel([`, ...printList(list, used, '      '));
      body.push('    ]),');
    }
    body.push('  },');
    const fallback = routes.get('');
    if (fallback !== undefined) {
      body.push('  fallback: new ScriptedModel([', ...printList(fallback, used, '    '), '  ]),');
    }
    body.push('});');
  }
  if (decisions.length > 0) {
    body.push(
      `// Approvals, in order: ${decisions.map((d, i) => `#${i + 1} ${d}`).join(', ')}.`,
    );
  }
  return [...imports(used, false), '', ...body, ''].join('\n');
}
