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
  DoubleFailuresError,
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

describe('scriptedComputer outcomes and shape', () => {
  test('a result is returned, an error is thrown as is, an action without outcome answers undefined', async () => {
    const failure = new Error('element detached');
    const computer = scriptedComputer([
      { action: 'screenshot', result: 'shot-1' },
      { action: 'click', error: failure },
      { action: 'screenshot', respond: (call) => `shot-${call.index}` },
      { action: 'wait' },
    ]);
    assert.equal(await computer.screenshot(), 'shot-1');
    assert.throws(() => computer.click(1, 2, 'left'), (error) => error === failure);
    assert.equal(await computer.screenshot(), 'shot-2');
    assert.equal(await computer.wait(), undefined);
    // A scripted error is the outcome asked for, not drift.
    assert.deepEqual(computer.failures, []);
    computer[Symbol.dispose]();
  });

  test('defaults, options and the non-enumerable members', async () => {
    const plain = scriptedComputer();
    assert.equal(plain.environment, 'browser');
    assert.deepEqual(plain.dimensions, [1024, 768]);
    assert.equal(plain.remainingSteps, 0);
    assert.deepEqual(Object.keys(plain), [
      'environment',
      'dimensions',
      'screenshot',
      'click',
      'doubleClick',
      'scroll',
      'type',
      'wait',
      'move',
      'keypress',
      'drag',
    ]);
    plain[Symbol.dispose]();

    const desktop = scriptedComputer([{ action: 'wait' }, { action: 'wait' }], {
      environment: 'mac',
      dimensions: [800, 600],
    });
    assert.equal(desktop.environment, 'mac');
    assert.deepEqual(desktop.dimensions, [800, 600]);
    assert.equal(desktop.remainingSteps, 2);
    await desktop.wait();
    assert.equal(desktop.remainingSteps, 1);
    // Teardown reports the required step still waiting.
    assert.throws(() => desktop[Symbol.dispose](), (error) => {
      assert(error instanceof UnconsumedComputerStepsError);
      assert.deepEqual(error.pendingActions, ['wait']);
      return true;
    });
  });

  test('an action after the script ended expects nothing; teardown names the computer', () => {
    const computer = scriptedComputer([]);
    assert.throws(() => computer.wait(), (error) => {
      assert(error instanceof UnexpectedComputerActionError);
      assert.equal(error.expectedAction, undefined);
      assert.equal(error.callIndex, 0);
      return true;
    });
    assert.throws(() => computer[Symbol.dispose](), (error) => {
      assert(error instanceof DoubleFailuresError);
      assert.equal(error.double, 'ScriptedComputer');
      assert.match(error.message, /^ScriptedComputer raised 1 failure/);
      return true;
    });
    computer.acknowledgeFailures();
    computer[Symbol.dispose]();
  });

  test('every malformed step names its position and its problem', () => {
    const invalid = (reason: string, message: string) => (error: unknown) => {
      assert(error instanceof InvalidScriptedComputerStepError);
      assert.equal(error.reason, reason);
      assert.equal(error.message, message);
      return true;
    };
    const step = (n: string, detail: string) => `Scripted computer step ${n} ${detail}.`;
    assert.throws(
      () => scriptedComputer(['click' as never]),
      invalid('invalid_input', step('#1', 'must be an object')),
    );
    assert.throws(
      () => scriptedComputer([{ action: ['click'] } as never]),
      invalid('unknown_action', step('#1', 'must name a computer action')),
    );
    assert.throws(
      () => scriptedComputer([{ action: 'wait', match: 'yes' } as never]),
      invalid('invalid_matcher', step('#1', 'must use a function matcher')),
    );
    const screenshotRule = 'for screenshot must define exactly one of result (a string), ' +
      'respond, or error';
    assert.throws(
      () => scriptedComputer([{ action: 'screenshot' } as never]),
      invalid('invalid_outcome', step('#1', screenshotRule)),
    );
    assert.throws(
      () => scriptedComputer([{ action: 'wait' }, { action: 'screenshot', result: 7 } as never]),
      invalid('invalid_outcome', step('#2', screenshotRule)),
    );
    assert.throws(
      () => scriptedComputer([{ action: 'type', respond: 'typed' } as never]),
      invalid(
        'invalid_outcome',
        step('#1', 'for type must define at most one of result, respond, or error'),
      ),
    );
    assert.throws(
      () => scriptedComputer([{ action: 'wait', times: 0 }]),
      invalid('invalid_times', step('#1', 'has invalid `times` or `optional`')),
    );
    assert.throws(
      () => scriptedComputer([anyOrder()]),
      invalid('invalid_group', step('#1', 'is an empty group')),
    );
    assert.throws(
      () => scriptedComputer([anyOrder(anyOrder({ action: 'wait' }) as never)]),
      invalid('invalid_group', step('#1', 'nests a group in a group')),
    );
  });

  test('anytime steps are objects without times or optional', () => {
    const invalid = (reason: string, message: string) => (error: unknown) => {
      assert(error instanceof InvalidScriptedComputerStepError);
      assert.equal(error.reason, reason);
      assert.equal(error.message, message);
      return true;
    };
    for (const input of [null, 'screenshot']) {
      assert.throws(
        () => scriptedComputer([], { anytime: [input as never] }),
        invalid('invalid_input', 'Scripted computer step #1 must be an object.'),
      );
    }
    const unlimited = 'is an anytime step, already optional and unlimited';
    assert.throws(
      () => scriptedComputer([], { anytime: [{ action: 'wait' }, { action: 'wait', times: 2 }] }),
      invalid('invalid_times', `Scripted computer step #2 ${unlimited}.`),
    );
    assert.throws(
      () => scriptedComputer([], { anytime: [{ action: 'wait', optional: false }] }),
      invalid('invalid_times', `Scripted computer step #1 ${unlimited}.`),
    );
  });
});
