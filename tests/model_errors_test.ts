import assert from 'node:assert/strict';
import * as Sdk from '@openai/agents/testing';
import {
  InvalidScriptedModelStepError,
  type RecordedModelCall,
  ScriptedModelRequestAbortedError,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from 'scripted-agents/testing';
import { ownDataFields } from './_error_fixtures.ts';
import { describe, test } from './_harness.ts';

function call(index: number, streamed: boolean): RecordedModelCall {
  return Object.freeze({ index, streamed, request: Object.freeze({}) as never });
}

describe('UnexpectedModelCallError', () => {
  test('fields, name and message for both modes', () => {
    const nonStreaming = new UnexpectedModelCallError(call(0, false));
    assert.ok(nonStreaming instanceof Error);
    assert.deepEqual(ownDataFields(nonStreaming), [
      ['callIndex', 0],
      ['streamed', false],
      ['name', 'UnexpectedModelCallError'],
    ]);
    assert.equal(
      nonStreaming.message,
      'ScriptedModel received unexpected non-streaming call #1; no scripted steps remain.',
    );
    const streaming = new UnexpectedModelCallError(call(4, true));
    assert.equal(streaming.callIndex, 4);
    assert.equal(streaming.streamed, true);
    assert.equal(
      streaming.message,
      'ScriptedModel received unexpected streaming call #5; no scripted steps remain.',
    );
    assert.match(String(streaming.stack), /UnexpectedModelCallError/);
  });
});

describe('UnconsumedModelStepsError', () => {
  test('fields and a pluralised message', () => {
    const one = new UnconsumedModelStepsError(1);
    assert.ok(one instanceof Error);
    assert.deepEqual(ownDataFields(one), [
      ['remainingSteps', 1],
      ['name', 'UnconsumedModelStepsError'],
    ]);
    assert.equal(one.message, 'ScriptedModel has 1 unconsumed scripted step.');
    assert.equal(
      new UnconsumedModelStepsError(2).message,
      'ScriptedModel has 2 unconsumed scripted steps.',
    );
    assert.equal(
      new UnconsumedModelStepsError(0).message,
      'ScriptedModel has 0 unconsumed scripted steps.',
    );
  });
});

describe('InvalidScriptedModelStepError', () => {
  test('every field is an own key even when undefined', () => {
    const error = new InvalidScriptedModelStepError({
      reason: 'invalid_input',
      message: 'custom message',
    });
    assert.ok(error instanceof Error);
    assert.deepEqual(ownDataFields(error), [
      ['reason', 'invalid_input'],
      ['inputIndex', undefined],
      ['callIndex', undefined],
      ['stepType', undefined],
      ['name', 'InvalidScriptedModelStepError'],
    ]);
    assert.equal(error.message, 'custom message');
    // What a toMatchObject({ callIndex: undefined }) style matcher needs.
    assert.ok('callIndex' in error && Object.hasOwn(error, 'callIndex'));
  });

  test('takes every field from its options', () => {
    const error = new InvalidScriptedModelStepError({
      reason: 'incompatible_call',
      message: 'm',
      inputIndex: 1,
      callIndex: 2,
      stepType: 'stream',
    });
    assert.deepEqual(ownDataFields(error), [
      ['reason', 'incompatible_call'],
      ['inputIndex', 1],
      ['callIndex', 2],
      ['stepType', 'stream'],
      ['name', 'InvalidScriptedModelStepError'],
    ]);
  });
});

describe('ScriptedModelRequestAbortedError', () => {
  test("is named 'AbortError' and carries an optional callIndex", () => {
    const early = new ScriptedModelRequestAbortedError();
    assert.ok(early instanceof Error);
    assert.deepEqual(ownDataFields(early), [['callIndex', undefined], ['name', 'AbortError']]);
    assert.equal(early.message, 'Scripted model request was aborted.');
    assert.deepEqual(ownDataFields(new ScriptedModelRequestAbortedError(3)), [
      ['callIndex', 3],
      ['name', 'AbortError'],
    ]);
  });
});

describe('conformance with the SDK error classes', () => {
  const pairs: Array<[string, () => Error, () => Error]> = [
    [
      'UnexpectedModelCallError',
      () => new UnexpectedModelCallError(call(2, true)),
      () => new Sdk.UnexpectedModelCallError(call(2, true)),
    ],
    [
      'UnconsumedModelStepsError',
      () => new UnconsumedModelStepsError(1),
      () => new Sdk.UnconsumedModelStepsError(1),
    ],
    [
      'InvalidScriptedModelStepError',
      () =>
        new InvalidScriptedModelStepError({ reason: 'invalid_stream', message: 'x', callIndex: 0 }),
      () =>
        new Sdk.InvalidScriptedModelStepError({
          reason: 'invalid_stream',
          message: 'x',
          callIndex: 0,
        }),
    ],
    [
      'ScriptedModelRequestAbortedError',
      () => new ScriptedModelRequestAbortedError(),
      () => new Sdk.ScriptedModelRequestAbortedError(),
    ],
  ];
  for (const [name, ours, theirs] of pairs) {
    test(`${name}: same own fields, name and message`, () => {
      const a = ours();
      const b = theirs();
      assert.deepEqual(ownDataFields(a), ownDataFields(b));
      assert.equal(a.name, b.name);
      assert.equal(a.message, b.message);
    });
  }
});
