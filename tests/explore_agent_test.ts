import assert from 'node:assert/strict';
import * as agentsEntry from '@openai/agents';
import { Agent, hostedMcpTool, Runner, tool, webSearchTool } from '@openai/agents';
import { z } from 'zod';
import * as testingEntry from 'scripted-agents/testing';
import {
  BehaviourModel,
  ExplorationFailedError,
  exploreAgent,
  type ExploreHelpers,
  ScriptedModel,
  ScriptedModelProvider,
  trajectory,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { everyRefundApproved, runDesk } from './_explore_fixtures.ts';

/** The shrunk script of the refund desk's bug, seed 1. */
const DESK_SCRIPT = [
  "import { assistantMessage, functionCall, ScriptedModel } from 'scripted-agents/testing';",
  '',
  'export const model = new ScriptedModel([',
  '  // Call #1: handoff',
  '  [functionCall("transfer_to_Billing", {}, { callId: "call_explore_1_1" })],',
  '  // Call #2: tool calls',
  '  [functionCall("cancel_order", {"orderId":"zulu alph"}, { callId: "call_explore_2_1" })],',
  '  // Call #3: final answer',
  '  [assistantMessage("Done.")],',
  ']);',
  '',
].join('\n');

/** Decides approvals as a replayed script says (approve when it says nothing). */
function replayHelpers(
  decisions: readonly ('approve' | 'reject')[],
): Pick<ExploreHelpers, 'settle'> {
  let next = 0;
  return {
    async settle(result, resume) {
      let current = await result;
      while (true) {
        if (current.completed !== undefined) await current.completed;
        if (current.interruptions.length === 0) return current;
        for (const item of current.interruptions) {
          if ((decisions[next++] ?? 'approve') === 'approve') current.state.approve(item);
          else current.state.reject(item);
        }
        current = await resume(current.state);
      }
    },
  };
}

/** The module body of a printed script, run with the names its imports bring in. */
function evaluateScript(source: string): ScriptedModel {
  const entries: Record<string, Record<string, unknown>> = {
    '@openai/agents': agentsEntry,
    'scripted-agents/testing': testingEntry,
  };
  const imported = [...source.matchAll(/^import \{ (.*) \} from '(.*)';$/gm)].flatMap((
    [, names, from],
  ) => names.split(', ').map((name) => [name, entries[from]?.[name]] as const));
  assert.deepEqual(imported.filter(([, value]) => value === undefined), []);
  const body = source.replace(/^import .*\n/gm, '').replace('export const model =', 'return');
  return new Function(...imported.map(([name]) => name), body)(
    ...imported.map(([, value]) => value),
  ) as ScriptedModel;
}

async function deskFailure(options: { stream?: boolean } = {}): Promise<ExplorationFailedError> {
  const error = await exploreAgent((model, helpers) => runDesk(model, helpers, options), {
    seed: 1,
    check: everyRefundApproved,
  }).catch((e) => e);
  assert.ok(error instanceof ExplorationFailedError);
  return error;
}

describe('exploreAgent', () => {
  test('finds the refund that skips the approval, shrunk to three calls, the same for the same seed', async () => {
    const error = await deskFailure();
    assert.equal(error.reason, 'check_returned_false');
    assert.equal(error.seed, 1);
    assert.equal(error.runIndex, 15);
    assert.equal(error.cause, undefined);
    assert.deepEqual(error.decisions, []);
    assert.equal(error.script, DESK_SCRIPT);
    assert.deepEqual(Object.keys(error.routes), ['']);
    assert.deepEqual(
      error.trajectory.map((step) => step.kind),
      ['input', 'handoff', 'tool_call', 'message'],
    );
    const again = await deskFailure();
    assert.equal(again.script, error.script);
    assert.deepEqual(again.steps, error.steps);
  });

  test('the message says what broke, the seed, the shrunk run and script, and how to replay', async () => {
    const error = await deskFailure();
    assert.equal(
      error.message,
      'exploreAgent found a failing behaviour on run #16 of 100 (seed 1): the check returned ' +
        'false.\nShrunk from 5 model calls to 3 model calls in 27 runs. The run:\n' +
        '  user: "Please refund order A-1."\n' +
        '  Triage: handoff → Billing\n' +
        '  Billing: cancel_order({"orderId":"zulu alph"}) → "cancelled zulu alph"\n' +
        '  Billing: message "Done." (final)\n\n' +
        'The script (new ScriptedModel(error.steps) replays it):\n\n' +
        DESK_SCRIPT +
        '\nTo explore again from this failure: exploreAgent(run, { seed: 1 }), or ' +
        'SCRIPTED_AGENTS_SEED=1 under a runner entry.',
    );
    assert.deepEqual(Object.keys(error), [
      'reason',
      'seed',
      'runIndex',
      'steps',
      'routes',
      'decisions',
      'script',
      'trajectory',
      'cause',
      'name',
    ]);
  });

  test('the steps and the printed script both replay the failure on a ScriptedModel', async () => {
    const error = await deskFailure();
    for (const model of [new ScriptedModel(error.steps), evaluateScript(error.script)]) {
      const outcome = await runDesk(model, replayHelpers(error.decisions));
      assert.deepEqual(outcome.ledger.refunds, [{ orderId: 'zulu alph', via: 'cancel_order' }]);
      assert.equal(everyRefundApproved(outcome, trajectory(outcome.result)), false);
      model.assertComplete();
    }
  });

  test('the fixed app passes, and resolves to the runs and seed', async () => {
    const passed = await exploreAgent(
      (model, helpers) => runDesk(model, helpers, { safeCancel: true }),
      { seed: 1, runs: 40, check: everyRefundApproved },
    );
    assert.deepEqual(passed, { runs: 40, seed: 1 });
  });

  test('a returned value that only looks like a run result gives the check the model calls as the trajectory', async () => {
    const seen: unknown[] = [];
    await exploreAgent(async (model) => {
      const agent = new Agent({ name: 'Greeter', model });
      const result = await new Runner({ tracingDisabled: true }).run(agent, 'hi');
      // Has `newItems` and `state`, so it is taken for a run result, but its items cannot be read.
      return { lookalike: { newItems: 5, state: {} }, answer: result.finalOutput };
    }, {
      seed: 3,
      runs: 2,
      check: (_outcome, steps) => {
        seen.push(steps);
        return true;
      },
    });
    assert.equal(seen.length, 2);
    for (const steps of seen) {
      assert.ok(Array.isArray(steps));
      const kinds = (steps as { kind: string; final?: boolean }[]).map((step) => step.kind);
      assert.deepEqual(kinds, ['input', 'message']);
      assert.deepEqual(steps[0], { kind: 'input', text: 'hi' });
    }
  });

  test('streamed runs find the same bug with the same script', async () => {
    const error = await deskFailure({ stream: true });
    assert.equal(error.script, DESK_SCRIPT);
    const model = new ScriptedModel(error.steps);
    const outcome = await runDesk(model, replayHelpers(error.decisions), { stream: true });
    assert.equal(outcome.ledger.refunds.length, 1);
  });

  test('approvals: a rejection is part of the shrunk behaviour, replayed as a decision', async () => {
    // The invariant: an approved refund happened. A rejection breaks it.
    const error = await exploreAgent(
      (model, helpers) => runDesk(model, helpers, { safeCancel: true }),
      {
        seed: 2,
        check: (_outcome, steps) =>
          !steps.some((step) => step.kind === 'approval' && step.decision === 'rejected'),
      },
    ).catch((e) => e);
    assert.ok(error instanceof ExplorationFailedError);
    assert.deepEqual(error.decisions, ['reject']);
    assert.match(error.script, /\/\/ Approvals, in order: #1 reject\.\n$/);
    const outcome = await runDesk(new ScriptedModel(error.steps), replayHelpers(error.decisions), {
      safeCancel: true,
    });
    assert.equal(outcome.ledger.refunds.length, 0);
    assert.ok(
      trajectory(outcome.result).some((step) =>
        step.kind === 'approval' && step.decision === 'rejected'
      ),
    );
  });

  test('a thrown check is the cause, and a run that throws is an uncaught exception', async () => {
    const broken = new Error('refund twice');
    const checked = await exploreAgent((model, helpers) => runDesk(model, helpers), {
      seed: 1,
      check: (outcome) => {
        if (outcome.ledger.refunds.length > 0) throw broken;
      },
    }).catch((e) => e);
    assert.equal(checked.reason, 'check_failed');
    assert.equal(checked.cause, broken);
    assert.match(checked.message, /\(seed 1\): the check threw: Error: refund twice\.\n/);

    const thrown = await exploreAgent(async (model) => {
      await new Runner({ tracingDisabled: true }).run(new Agent({ name: 'A', model }), 'Hi');
    }, { seed: 4, weights: { error: 1 } }).catch((e) => e);
    assert.equal(thrown.reason, 'uncaught_exception');
    assert.equal(thrown.cause.status, 500);
    assert.equal(
      thrown.script,
      [
        "import { modelError, ScriptedModel } from 'scripted-agents/testing';",
        '',
        'export const model = new ScriptedModel([',
        '  // Call #1: model error',
        '  modelError(Object.assign(new Error("500 The server had an error while processing ' +
        'your request."), { status: 500 })),',
        ']);',
        '',
      ].join('\n'),
    );
    const replayed = await new Runner({ tracingDisabled: true })
      .run(new Agent({ name: 'A', model: evaluateScript(thrown.script) }), 'Hi')
      .catch((e) => e);
    assert.equal(replayed.status, 500);
  });

  test('undecided approvals are an unfinished run; a network request is caught offline', async () => {
    const unfinished = await exploreAgent(async (model) => {
      const { triage } = (await import('./_explore_fixtures.ts')).refundDesk(model, {
        refunds: [],
      }, { safeCancel: true });
      return await new Runner({ tracingDisabled: true }).run(triage, 'Refund A-1', {
        maxTurns: 30,
      });
    }, { seed: 1 }).catch((e) => e);
    assert.equal(unfinished.reason, 'unfinished_run');
    assert.equal(
      unfinished.cause.message,
      'The run returned with 1 undecided approval interruption(s): decide them with ' +
        'helpers.settle(result, resume).',
    );

    const realFetch = globalThis.fetch;
    const online = await exploreAgent(async (model) => {
      const lookup = tool({
        name: 'lookup',
        description: 'Looks up a page.',
        parameters: z.object({ url: z.string() }),
        execute: async () => {
          await fetch('https://example.com/').catch(() => undefined);
          return 'looked';
        },
      });
      const agent = new Agent({ name: 'A', model, tools: [lookup] });
      return await new Runner({ tracingDisabled: true }).run(agent, 'Look it up');
    }, { seed: 1 }).catch((e) => e);
    assert.equal(online.reason, 'network_request');
    assert.equal(online.cause.name, 'OfflineNetworkError');
    assert.equal(globalThis.fetch, realFetch);
  });

  test('routes: as a model provider, the script routes each model name', async () => {
    const error = await exploreAgent(async (model) => {
      const billing = new Agent({ name: 'Billing', model: 'billing-model' });
      const triage = new Agent({ name: 'Triage', model: 'triage-model', handoffs: [billing] });
      const runner = new Runner({ modelProvider: model, tracingDisabled: true });
      return await runner.run(triage, 'Hi');
    }, { seed: 1, check: (result) => result.lastAgent?.name !== 'Billing' }).catch((e) => e);
    assert.ok(error instanceof ExplorationFailedError);
    assert.deepEqual(Object.keys(error.routes), ['triage-model', 'billing-model']);
    assert.equal(
      error.script,
      [
        "import { assistantMessage, functionCall, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';",
        '',
        'export const provider = new ScriptedModelProvider({',
        '  models: {',
        '    "triage-model": new ScriptedModel([',
        '      // Call #1: handoff',
        '      [functionCall("transfer_to_Billing", {}, { callId: "call_explore_1_1" })],',
        '    ]),',
        '    "billing-model": new ScriptedModel([',
        '      // Call #2: final answer',
        '      [assistantMessage("Done.")],',
        '    ]),',
        '  },',
        '});',
        '',
      ].join('\n'),
    );
    const provider = new ScriptedModelProvider({
      models: Object.fromEntries(
        Object.entries(error.routes).map(([name, steps]) => [name, new ScriptedModel(steps)]),
      ),
    });
    const billing = new Agent({ name: 'Billing', model: 'billing-model' });
    const triage = new Agent({ name: 'Triage', model: 'triage-model', handoffs: [billing] });
    const replay = await new Runner({ modelProvider: provider, tracingDisabled: true }).run(
      triage,
      'Hi',
    );
    assert.equal(replay.lastAgent?.name, 'Billing');
  });

  test('guardrails run on every explored answer', async () => {
    const error = await exploreAgent(async (model) => {
      const agent = new Agent({
        name: 'A',
        model,
        outputGuardrails: [{
          name: 'no_done',
          execute: ({ agentOutput }) =>
            Promise.resolve({ tripwireTriggered: agentOutput === 'Done.', outputInfo: {} }),
        }],
      });
      return await new Runner({ tracingDisabled: true }).run(agent, 'Hi');
    }, { seed: 1 }).catch((e) => e);
    assert.equal(error.reason, 'uncaught_exception');
    assert.equal(error.cause.name, 'OutputGuardrailTripwireTriggered');
    assert.equal(error.steps.length, 1);
  });
});

describe('BehaviourModel hosted calls', () => {
  test('hosted tool calls and hosted MCP approval requests, where the request offers them', async () => {
    const kinds = new Set<string>();
    const approvals: string[] = [];
    const decided = new Set<string>();
    const passed = await exploreAgent(async (model, helpers) => {
      const agent = new Agent({
        name: 'Researcher',
        model,
        tools: [
          webSearchTool(),
          hostedMcpTool({
            serverLabel: 'docs',
            serverUrl: 'https://docs.example.com/mcp',
            requireApproval: 'always',
          }),
        ],
      });
      const runner = new Runner({ tracingDisabled: true });
      const result = await helpers.settle(
        runner.run(agent, 'Research', { maxTurns: 20 }),
        (state) => runner.run(agent, state, { maxTurns: 20 }),
      );
      for (const call of model.answered) kinds.add(call.kind);
      for (const decision of model.decisions) decided.add(decision);
      return result;
    }, {
      runs: 40,
      seed: 1,
      weights: { hosted: 3 },
      check: (_result, steps) => {
        for (const step of steps) {
          if (step.kind === 'approval' && step.server === 'docs') {
            approvals.push(step.decision ?? '');
          }
        }
      },
    });
    assert.deepEqual(passed, { runs: 40, seed: 1 });
    assert.deepEqual([...kinds].sort(), ['answer', 'hosted']);
    // The server asked for approvals, and the behaviours both approved and rejected them.
    assert.ok(approvals.length > 0);
    assert.deepEqual([...decided].sort(), ['approve', 'reject']);
  });

  test('a hosted call replays from its step', async () => {
    const model = new BehaviourModel({ calls: [{ option: 1, targets: [] }], decisions: [] }, {
      weights: { hosted: 1, tools: 0, handoff: 0 },
    });
    const agent = new Agent({ name: 'Researcher', model, tools: [webSearchTool()] });
    const result = await new Runner({ tracingDisabled: true }).run(agent, 'Research');
    assert.deepEqual(model.answered.map((call) => call.kind), ['hosted', 'answer']);
    const replay = new ScriptedModel(model.steps);
    const again = await new Runner({ tracingDisabled: true }).run(
      agent.clone({ model: replay }),
      'Research',
    );
    assert.deepEqual(trajectory(again), trajectory(result));
    replay.assertComplete();
  });
});

describe('BehaviourModel values', () => {
  const bounded = z.object({ quantity: z.number().int().min(1).max(5), note: z.string().max(3) });

  async function argumentsOf(
    options: ConstructorParameters<typeof BehaviourModel>[1],
    modes: number[],
  ) {
    const seen: unknown[] = [];
    const order = tool({
      name: 'order',
      description: 'Orders.',
      parameters: bounded,
      execute: (input) => {
        seen.push(input);
        return 'ok';
      },
    });
    const model = new BehaviourModel({
      calls: modes.map((mode) => ({ option: 1, targets: [{ index: 0, value: 5, mode }] })),
      decisions: [],
    }, options);
    const agent = new Agent({ name: 'A', model, tools: [order] });
    await new Runner({ tracingDisabled: true }).run(agent, 'Order', { maxTurns: 10 });
    return { seen, model };
  }

  test('boundary arguments sit on the bounds; invalid ones break the schema and replay unchecked', async () => {
    const { seen, model } = await argumentsOf({ arguments: ['valid', 'boundary', 'invalid'] }, [
      0,
      1,
      2,
    ]);
    assert.equal(seen.length, 2);
    for (const value of seen) assert.equal(bounded.safeParse(value).success, true);
    const boundary = seen[1] as { quantity: number; note: string };
    assert.ok([1, 5].includes(boundary.quantity) || [0, 3].includes(boundary.note.length));
    // The invalid call never reached the tool: the SDK answered with the parse error.
    const step = model.steps[2] as unknown;
    const items = (Array.isArray(step) ? step : (step as { response: unknown[] }).response) as {
      arguments: string;
    }[];
    assert.equal(bounded.safeParse(JSON.parse(items[0].arguments)).success, false);
    const input = model.calls[3].request.input as { type: string }[];
    const result = input.findLast((item) => item.type === 'function_call_result');
    assert.match(JSON.stringify(result), /An error occurred while running the tool/);
    // And the steps replay it, the invalid call included.
    const replay = new ScriptedModel(model.steps);
    const order = tool({
      name: 'order',
      description: 'Orders.',
      parameters: bounded,
      execute: () => 'ok',
    });
    await new Runner({ tracingDisabled: true }).run(
      new Agent({ name: 'A', model: replay, tools: [order] }),
      'Order',
    );
    replay.assertComplete();
  });

  test('a richer schema gives values within bounds the sent schema dropped', async () => {
    // An `.optional()` field: the SDK sends this tool's schema without bounds.
    const richer = z.object({
      quantity: z.number().int().min(1).max(5),
      note: z.string().optional(),
    });
    const seen: unknown[] = [];
    const order = tool({
      name: 'order',
      description: 'Orders.',
      parameters: richer,
      execute: (input) => {
        seen.push(input);
        return 'ok';
      },
    });
    const calls = Array.from({ length: 6 }, (_, i) => ({
      option: 1,
      targets: [{ index: 0, value: i * 977 + 1, mode: 0 }],
    }));
    const model = new BehaviourModel({ calls, decisions: [] }, {
      toolSchemas: { order: richer },
    });
    const agent = new Agent({ name: 'A', model, tools: [order] });
    await new Runner({ tracingDisabled: true }).run(agent, 'Order', { maxTurns: 10 });
    assert.equal(seen.length, 6);
    for (const value of seen) assert.equal(richer.safeParse(value).success, true);
  });
});
