import assert from 'node:assert/strict';
import * as SdkDoubles from '@openai/agents/testing';
import {
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from 'scripted-agents/testing';
import { fields } from './_error_fixtures.ts';
import { describe, test } from './_harness.ts';

/** What a user of either library can observe about an error. */
function observable(error: Error) {
  return {
    fields: fields(error),
    message: error.message,
    name: error.name,
    messageEnumerable: Object.prototype.propertyIsEnumerable.call(error, 'message'),
  };
}

describe('InvalidScriptedSandboxStepError', () => {
  test('keeps every field as an own enumerable property, then name', () => {
    const error = new InvalidScriptedSandboxStepError({
      reason: 'invalid_input',
      inputIndex: 2,
      message: 'Scripted sandbox step #3 must be an object.',
    });
    assert.ok(error instanceof Error);
    assert.deepEqual(fields(error), [
      ['reason', 'invalid_input'],
      ['inputIndex', 2],
      ['method', undefined],
      ['name', 'InvalidScriptedSandboxStepError'],
    ]);
    assert.ok(Object.hasOwn(error, 'method'), 'method is present even when undefined');
    assert.equal(error.message, 'Scripted sandbox step #3 must be an object.');
  });

  test('carries the method when given', () => {
    const error = new InvalidScriptedSandboxStepError({
      reason: 'invalid_matcher',
      inputIndex: 0,
      method: 'execCommand',
      message: 'Scripted sandbox step #1 for execCommand must use a function matcher.',
    });
    assert.equal(error.method, 'execCommand');
    assert.equal(error.reason, 'invalid_matcher');
  });
});

describe('UnexpectedSandboxCallError', () => {
  test('names the call 1-based and the expected method', () => {
    const error = new UnexpectedSandboxCallError({
      callIndex: 0,
      actualMethod: 'readFile',
      expectedMethod: 'execCommand',
      remainingSteps: 3,
    });
    assert.equal(
      error.message,
      'Scripted sandbox session received unexpected readFile call #1; expected execCommand.',
    );
    assert.deepEqual(fields(error), [
      ['callIndex', 0],
      ['actualMethod', 'readFile'],
      ['expectedMethod', 'execCommand'],
      ['remainingSteps', 3],
      ['name', 'UnexpectedSandboxCallError'],
    ]);
  });

  test('says so when the script is exhausted, keeping expectedMethod as an own undefined key', () => {
    const error = new UnexpectedSandboxCallError({
      callIndex: 4,
      actualMethod: 'stop',
      remainingSteps: 0,
    });
    assert.equal(
      error.message,
      'Scripted sandbox session received unexpected stop call #5; no scripted steps remain.',
    );
    assert.ok(Object.hasOwn(error, 'expectedMethod'));
    assert.equal(error.expectedMethod, undefined);
  });
});

describe('SandboxCallMatcherError', () => {
  test('is built from the recorded call', () => {
    const error = new SandboxCallMatcherError({
      index: 1,
      method: 'execCommand',
      args: [{ cmd: 'cat /secret/token' }],
    });
    assert.equal(error.message, 'Scripted sandbox session matcher rejected execCommand call #2.');
    assert.deepEqual(fields(error), [
      ['callIndex', 1],
      ['method', 'execCommand'],
      ['name', 'SandboxCallMatcherError'],
    ]);
    assert.ok(!error.message.includes('secret'), 'argument values never reach the message');
  });
});

describe('UnconsumedSandboxStepsError', () => {
  test('lists the pending methods in order and pluralises the count', () => {
    const pending = ['execCommand', 'stop'];
    const error = new UnconsumedSandboxStepsError(pending);
    assert.equal(
      error.message,
      'Scripted sandbox session has 2 unconsumed steps: execCommand, stop.',
    );
    assert.deepEqual(fields(error), [
      ['remainingSteps', 2],
      ['pendingMethods', ['execCommand', 'stop']],
      ['name', 'UnconsumedSandboxStepsError'],
    ]);
    assert.equal(
      new UnconsumedSandboxStepsError(['stop']).message,
      'Scripted sandbox session has 1 unconsumed step: stop.',
    );
  });

  test('pendingMethods is a frozen copy', () => {
    const pending = ['execCommand'];
    const error = new UnconsumedSandboxStepsError(pending);
    pending.push('stop');
    assert.deepEqual(error.pendingMethods, ['execCommand']);
    assert.ok(Object.isFrozen(error.pendingMethods));
    assert.notEqual(error.pendingMethods, pending);
  });
});

describe('sandbox errors match the SDK double side by side', () => {
  test('same fields in the same order, same names and messages', () => {
    const cases: Array<[Error, Error]> = [
      [
        new InvalidScriptedSandboxStepError({
          reason: 'unknown_method',
          inputIndex: 3,
          method: 'nope',
          message: 'Scripted sandbox step #4 has an unknown method.',
        }),
        new SdkDoubles.InvalidScriptedSandboxStepError({
          reason: 'unknown_method',
          inputIndex: 3,
          method: 'nope',
          message: 'Scripted sandbox step #4 has an unknown method.',
        }),
      ],
      [
        new InvalidScriptedSandboxStepError({
          reason: 'invalid_input',
          inputIndex: 0,
          message: 'm',
        }),
        new SdkDoubles.InvalidScriptedSandboxStepError({
          reason: 'invalid_input',
          inputIndex: 0,
          message: 'm',
        }),
      ],
      [
        new UnexpectedSandboxCallError({
          callIndex: 2,
          actualMethod: 'exec',
          expectedMethod: 'stop',
          remainingSteps: 1,
        }),
        new SdkDoubles.UnexpectedSandboxCallError({
          callIndex: 2,
          actualMethod: 'exec',
          expectedMethod: 'stop',
          remainingSteps: 1,
        }),
      ],
      [
        new UnexpectedSandboxCallError({ callIndex: 9, actualMethod: 'close', remainingSteps: 0 }),
        new SdkDoubles.UnexpectedSandboxCallError({
          callIndex: 9,
          actualMethod: 'close',
          remainingSteps: 0,
        }),
      ],
      [
        new SandboxCallMatcherError({ index: 0, method: 'readFile', args: [] }),
        new SdkDoubles.SandboxCallMatcherError({ index: 0, method: 'readFile', args: [] }),
      ],
      [
        new UnconsumedSandboxStepsError(['a', 'b', 'c']),
        new SdkDoubles.UnconsumedSandboxStepsError(['a', 'b', 'c']),
      ],
      [new UnconsumedSandboxStepsError(['a']), new SdkDoubles.UnconsumedSandboxStepsError(['a'])],
      [new UnconsumedSandboxStepsError([]), new SdkDoubles.UnconsumedSandboxStepsError([])],
    ];
    for (const [ours, theirs] of cases) {
      assert.deepEqual(observable(ours), observable(theirs));
      assert.equal(Object.isFrozen(ours), Object.isFrozen(theirs));
    }
  });
});
