import assert from 'node:assert/strict';
import {
  Agent,
  type AgentOutputItem,
  computerTool,
  type ModelRequest,
  Runner,
} from '@openai/agents';
import {
  anyOrder,
  assistantMessage,
  ComputerActionMatcherError,
  InvalidScriptedComputerStepError,
  scriptedComputer,
  ScriptedModel,
  UnconsumedComputerStepsError,
  UnexpectedComputerActionError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const runner = () => new Runner({ tracingDisabled: true });

type ComputerCallItem = Extract<AgentOutputItem, { type: 'computer_call' }>;

function computerCall(callId: string, action: NonNullable<ComputerCallItem['action']>) {
  return { type: 'computer_call' as const, callId, status: 'completed' as const, action };
}

function screenshotsSent(request: Readonly<ModelRequest> | undefined): unknown[] {
  const items = Array.isArray(request?.input) ? request.input : [];
  return items.flatMap((item) => item.type === 'computer_call_result' ? [item.output] : []);
}

describe('scriptedComputer through the real computer tool loop', () => {
  test('clicks, types and presses keys; each screenshot goes back to the model', async () => {
    let shot = 0;
    using computer = scriptedComputer([
      { action: 'click', match: (x, y, button) => x === 100 && y === 200 && button === 'left' },
      { action: 'screenshot', respond: () => `screen${++shot}` },
      { action: 'type', match: (text) => text === 'scripted agents' },
      { action: 'keypress', match: (keys) => keys.join('+') === 'ENTER' },
      { action: 'screenshot', respond: () => `screen${++shot}` },
    ], { environment: 'browser', dimensions: [1280, 800] });
    const model = new ScriptedModel([
      [computerCall('call_1', { type: 'click', x: 100, y: 200, button: 'left' })],
      [{
        type: 'computer_call',
        callId: 'call_2',
        status: 'completed',
        actions: [{ type: 'type', text: 'scripted agents' }, { type: 'keypress', keys: ['ENTER'] }],
      }],
      [assistantMessage('Searched.')],
    ]);
    const agent = new Agent({
      name: 'Operator',
      model,
      tools: [computerTool({ computer })],
    });

    const result = await runner().run(agent, 'Search for scripted agents');

    assert.equal(result.finalOutput, 'Searched.');
    assert.deepEqual(computer.calls, [
      { index: 0, action: 'click', args: [100, 200, 'left'] },
      { index: 1, action: 'screenshot', args: [] },
      { index: 2, action: 'type', args: ['scripted agents'] },
      { index: 3, action: 'keypress', args: [['ENTER']] },
      { index: 4, action: 'screenshot', args: [] },
    ]);
    const sent = screenshotsSent(model.lastCall?.request);
    assert.equal(sent.length, 2);
    assert.match(JSON.stringify(sent[0]), /screen1/);
    assert.match(JSON.stringify(sent[1]), /screen2/);
    model.assertComplete();
  });

  test('a failing action reaches the model as a failed result; the failure is not drift', async () => {
    using computer = scriptedComputer([
      { action: 'click', error: new Error('element detached') },
    ], { anytime: [{ action: 'screenshot', result: 'blank' }] });
    const model = new ScriptedModel([
      [computerCall('call_1', { type: 'click', x: 1, y: 1, button: 'left' })],
      [assistantMessage('The click failed.')],
    ]);
    const agent = new Agent({ name: 'Operator', model, tools: [computerTool({ computer })] });
    const result = await runner().run(agent, 'Click');
    assert.equal(result.finalOutput, 'The click failed.');
    assert.deepEqual(computer.failures, []);
  });
});

describe('scriptedComputer drift and validation', () => {
  test('an unexpected action and a rejecting matcher are recorded failures', () => {
    const computer = scriptedComputer([
      { action: 'move', match: (x, y) => x === 0 && y === 0 },
      { action: 'wait' },
    ]);
    assert.throws(() => computer.move(5, 5), ComputerActionMatcherError);
    assert.throws(() => computer.scroll(0, 0, 0, 10), (error) => {
      assert(error instanceof UnexpectedComputerActionError);
      assert.deepEqual({ ...error }, {
        callIndex: 1,
        actualAction: 'scroll',
        expectedAction: 'wait',
        remainingSteps: 0,
        name: 'UnexpectedComputerActionError',
      });
      assert.equal(
        error.message,
        'Scripted computer received unexpected scroll action #2; expected wait.',
      );
      return true;
    });
    assert.throws(() => computer[Symbol.dispose](), /2 failures/);
    assert.equal(computer.acknowledgeFailures().length, 2);
    computer[Symbol.dispose]();
  });

  test('steps bend as in the other doubles', async () => {
    const computer = scriptedComputer([
      { action: 'wait', times: 'any' },
      anyOrder({ action: 'doubleClick' }, { action: 'drag' }),
      { action: 'screenshot', result: 'img', optional: true },
    ]);
    await computer.wait();
    await computer.wait();
    await computer.drag([[0, 0], [5, 5]]);
    assert.throws(() => computer.assertComplete(), (error) => {
      assert(error instanceof UnconsumedComputerStepsError);
      assert.deepEqual(error.pendingActions, ['doubleClick']);
      return true;
    });
    await computer.doubleClick(3, 4);
    computer[Symbol.dispose]();
    assert.deepEqual(computer.calls[2].args, [[[0, 0], [5, 5]]]);
  });

  test('malformed steps fail where they are written', () => {
    const invalid = (reason: string, inputIndex: number) => (error: unknown) => {
      assert(error instanceof InvalidScriptedComputerStepError);
      assert.equal(error.reason, reason);
      assert.equal(error.inputIndex, inputIndex);
      return true;
    };
    assert.throws(() => scriptedComputer([null as never]), invalid('invalid_input', 0));
    assert.throws(
      () => scriptedComputer([{ action: 'wait' }, { action: 'initRun' } as never]),
      invalid('unknown_action', 1),
    );
    assert.throws(
      () => scriptedComputer([{ action: 'wait', match: 1 } as never]),
      invalid('invalid_matcher', 0),
    );
    assert.throws(
      () => scriptedComputer([{ action: 'screenshot', result: 1 } as never]),
      invalid('invalid_outcome', 0),
    );
    assert.throws(
      () => scriptedComputer([{ action: 'wait', result: undefined, error: 1 } as never]),
      invalid('invalid_outcome', 0),
    );
    assert.throws(
      () => scriptedComputer([{ action: 'wait', times: -1 }]),
      invalid('invalid_times', 0),
    );
    assert.throws(() => scriptedComputer([anyOrder()]), invalid('invalid_group', 0));
    assert.throws(
      () => scriptedComputer([], { anytime: [{ action: 'wait', optional: true }] }),
      invalid('invalid_times', 0),
    );
  });
});
