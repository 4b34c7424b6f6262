import assert from 'node:assert/strict';
import {
  ComputerActionMatcherError,
  InvalidScriptedComputerStepError,
  scriptedComputer,
  UnconsumedComputerStepsError,
  UnexpectedComputerActionError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

// Each error scriptedComputer() raises, as the double raises it: the exact
// name, message and structured fields (own enumerable properties, name last).
describe('scriptedComputer errors', () => {
  test('an action after the script is used up says no step can take it', async () => {
    const computer = scriptedComputer([{ action: 'wait' }]);
    await computer.wait();
    assert.throws(() => computer.type('late'), (error) => {
      assert(error instanceof UnexpectedComputerActionError);
      assert.deepEqual({ ...error }, {
        callIndex: 1,
        actualAction: 'type',
        expectedAction: undefined,
        remainingSteps: 0,
        name: 'UnexpectedComputerActionError',
      });
      assert.equal(
        error.message,
        'Scripted computer received unexpected type action #2; no scripted step can take it.',
      );
      return true;
    });
    assert.equal(computer.acknowledgeFailures().length, 1);
    computer[Symbol.dispose]();
  });

  test('a rejecting matcher names the action and its number', async () => {
    const computer = scriptedComputer([
      { action: 'wait' },
      { action: 'move', match: (x, y) => x === 0 && y === 0 },
    ]);
    await computer.wait();
    assert.throws(() => computer.move(5, 5), (error) => {
      assert(error instanceof ComputerActionMatcherError);
      assert.deepEqual({ ...error }, {
        callIndex: 1,
        action: 'move',
        name: 'ComputerActionMatcherError',
      });
      assert.equal(error.message, 'Scripted computer matcher rejected move action #2.');
      return true;
    });
    assert.equal(computer.acknowledgeFailures().length, 1);
  });

  test('assertComplete() lists every missing action', () => {
    const computer = scriptedComputer([{ action: 'click' }, { action: 'type' }]);
    assert.throws(() => computer.assertComplete(), (error) => {
      assert(error instanceof UnconsumedComputerStepsError);
      assert.deepEqual({ ...error }, {
        remainingSteps: 2,
        pendingActions: ['click', 'type'],
        name: 'UnconsumedComputerStepsError',
      });
      assert.equal(error.message, 'Scripted computer has 2 unconsumed steps: click, type.');
      return true;
    });
    assert.throws(() => scriptedComputer([{ action: 'wait' }]).assertComplete(), {
      name: 'UnconsumedComputerStepsError',
      message: 'Scripted computer has 1 unconsumed step: wait.',
    });
  });

  test('a malformed step is named with its number and the rule', () => {
    assert.throws(
      () => scriptedComputer([{ action: 'wait' }, { action: 'initRun' } as never]),
      (error) => {
        assert(error instanceof InvalidScriptedComputerStepError);
        assert.deepEqual({ ...error }, {
          reason: 'unknown_action',
          inputIndex: 1,
          name: 'InvalidScriptedComputerStepError',
        });
        assert.equal(error.message, 'Scripted computer step #2 must name a computer action.');
        return true;
      },
    );
  });
});
