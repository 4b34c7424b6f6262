import assert from 'node:assert/strict';
import {
  assistantMessage,
  functionCall,
  modelError,
  modelResponse,
  webSearchCall,
} from '../testing/mod.ts';
import { printExploreScript } from '../testing/explore/_explore_script.ts';
import type { BehaviourCall } from '../testing/explore/model_behaviour_types.ts';
import { describe, test } from './_harness.ts';

const call = (
  index: number,
  kind: BehaviourCall['kind'],
  step: BehaviourCall['step'],
  route = '',
): BehaviourCall => ({ index, route, kind, step });

const search = webSearchCall({ query: 'x' });
const searchText = JSON.stringify(search);

describe('printExploreScript', () => {
  test('one ScriptedModel: every kind of call, its comment, and the builders it imports', () => {
    const printed = printExploreScript([
      call(0, 'tools', [
        functionCall('refund', { orderId: 'A-1' }, { callId: 'c1' }),
        functionCall('lookup', {}, { callId: 'c2' }),
      ]),
      call(1, 'hosted', [search]),
      call(
        2,
        'tools',
        modelResponse([functionCall('refund', { orderId: 7 }, { callId: 'c3' })], {
          validate: false,
        }),
      ),
      call(3, 'error', modelError(Object.assign(new Error('boom'), { status: 500 }))),
      call(4, 'answer', [assistantMessage('Done.')]),
    ], ['approve', 'reject']);
    assert.equal(
      printed,
      [
        "import { assistantMessage, functionCall, modelError, modelResponse, ScriptedModel } from 'scripted-agents/testing';",
        '',
        'export const model = new ScriptedModel([',
        '  // Call #1: tool calls',
        '  [functionCall("refund", {"orderId":"A-1"}, { callId: "c1" }), functionCall("lookup", {}, { callId: "c2" })],',
        '  // Call #2: hosted tool call',
        `  [${searchText}],`,
        '  // Call #3: tool calls, invalid on purpose',
        '  modelResponse([functionCall("refund", {"orderId":7}, { callId: "c3" })], { validate: false }),',
        '  // Call #4: model error',
        '  modelError(Object.assign(new Error("boom"), { status: 500 })),',
        '  // Call #5: final answer',
        '  [assistantMessage("Done.")],',
        ']);',
        '// Approvals, in order: #1 approve, #2 reject.',
        '',
      ].join('\n'),
    );
  });

  test('only the builders a script uses are imported', () => {
    assert.equal(
      printExploreScript([call(0, 'hosted', [search])], []),
      [
        "import { ScriptedModel } from 'scripted-agents/testing';",
        '',
        'export const model = new ScriptedModel([',
        '  // Call #1: hosted tool call',
        `  [${searchText}],`,
        ']);',
        '',
      ].join('\n'),
    );
    assert.equal(
      printExploreScript([call(0, 'hosted', modelResponse([search], { validate: false }))], [])
        .split('\n')[0],
      "import { modelResponse, ScriptedModel } from 'scripted-agents/testing';",
    );
    assert.equal(
      printExploreScript([
        call(0, 'answer', modelResponse([assistantMessage('x')], { validate: false })),
      ], []).split('\n')[0],
      "import { assistantMessage, modelResponse, ScriptedModel } from 'scripted-agents/testing';",
    );
    assert.equal(
      printExploreScript([call(0, 'tools', [functionCall('f', {}, { callId: 'c' })])], [])
        .split('\n')[0],
      "import { functionCall, ScriptedModel } from 'scripted-agents/testing';",
    );
  });

  test('named routes print a provider: a model per route in first-use order, the rest as fallback', () => {
    const printed = printExploreScript([
      call(0, 'handoff', [functionCall('transfer_to_Billing', {}, { callId: 'h' })]),
      call(1, 'answer', [assistantMessage('Billing here.')], 'small'),
      call(2, 'answer', modelResponse([assistantMessage('x')], { validate: false }), 'big'),
      call(3, 'answer', [assistantMessage('Back.')], 'small'),
    ], []);
    assert.equal(
      printed,
      [
        "import { assistantMessage, functionCall, modelResponse, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';",
        '',
        'export const provider = new ScriptedModelProvider({',
        '  models: {',
        '    "small": new ScriptedModel([',
        '      // Call #2: final answer',
        '      [assistantMessage("Billing here.")],',
        '      // Call #4: final answer',
        '      [assistantMessage("Back.")],',
        '    ]),',
        '    "big": new ScriptedModel([',
        '      // Call #3: final answer, invalid on purpose',
        '      modelResponse([assistantMessage("x")], { validate: false }),',
        '    ]),',
        '  },',
        '  fallback: new ScriptedModel([',
        '    // Call #1: handoff',
        '    [functionCall("transfer_to_Billing", {}, { callId: "h" })],',
        '  ]),',
        '});',
        '',
      ].join('\n'),
    );
  });

  test('a provider whose every call is routed has no fallback; one routed call is enough', () => {
    assert.equal(
      printExploreScript([call(0, 'answer', [assistantMessage('Hi.')], 'small')], ['approve']),
      [
        "import { assistantMessage, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';",
        '',
        'export const provider = new ScriptedModelProvider({',
        '  models: {',
        '    "small": new ScriptedModel([',
        '      // Call #1: final answer',
        '      [assistantMessage("Hi.")],',
        '    ]),',
        '  },',
        '});',
        '// Approvals, in order: #1 approve.',
        '',
      ].join('\n'),
    );
    assert.match(
      printExploreScript([
        call(0, 'answer', [assistantMessage('a')]),
        call(1, 'answer', [assistantMessage('b')], 'small'),
      ], []),
      /^export const provider = /m,
    );
  });
});
