// A bare output item where a step belongs (`new ScriptedModel([assistantMessage('x')])`)
// is the most common first mistake: the error keeps the opening words of an unknown step
// type and says what to write instead, wherever steps are accepted.
import assert from 'node:assert/strict';
import {
  assistantMessage,
  doubleScope,
  functionCall,
  InvalidScriptedModelStepError,
  modelHold,
  reasoningItem,
  ScriptedModel,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

function invalidStep(build: () => unknown): InvalidScriptedModelStepError {
  let caught: unknown;
  try {
    build();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof InvalidScriptedModelStepError, String(caught));
  return caught;
}

describe('ScriptedModel: a bare item instead of a step', () => {
  test('a message says to wrap the items of one response in an array', () => {
    const error = invalidStep(() => new ScriptedModel([assistantMessage('x') as never]));
    assert.deepEqual({ ...error }, {
      reason: 'unknown_step_type',
      inputIndex: 0,
      callIndex: undefined,
      stepType: 'message',
      name: 'InvalidScriptedModelStepError',
    });
    assert.equal(
      error.message,
      'ScriptedModel input #1 has unknown type "message". It is an item, not a step: a step ' +
        "holds the items of one response in an array, so write [assistantMessage('x')] " +
        "instead of assistantMessage('x').",
    );
  });

  test('other items name their builder, or the item itself', () => {
    const call = invalidStep(() =>
      new ScriptedModel([[], functionCall('lookup', {}, { callId: 'c1' }) as never])
    );
    assert.equal(call.inputIndex, 1);
    assert.match(call.message, /^ScriptedModel input #2 has unknown type "function_call"\. /);
    assert.match(call.message, /write \[functionCall\('name', \{ … \}\)\] instead of functionCall/);
    const reasoning = invalidStep(() => new ScriptedModel([reasoningItem('why') as never]));
    assert.match(reasoning.message, /write \[reasoningItem\(\)\] instead of reasoningItem\(\)\.$/);
    const result = invalidStep(() =>
      new ScriptedModel([{ type: 'function_call_result', callId: 'c1' } as never])
    );
    assert.match(result.message, /write \[item\] instead of item\.$/);
  });

  test('enqueue(), doubleScope().model() and a hold step say the same', () => {
    const model = new ScriptedModel();
    const enqueued = invalidStep(() => model.enqueue([], assistantMessage('x') as never));
    assert.equal(enqueued.inputIndex, 1);
    assert.match(enqueued.message, /write \[assistantMessage\('x'\)\]/);
    assert.equal(model.remainingSteps, 0);

    const scope = doubleScope();
    const scoped = invalidStep(() => scope.model([assistantMessage('x') as never]));
    assert.match(scoped.message, /^ScriptedModel input #1 has unknown type "message"\. It is/);

    const held = invalidStep(() => new ScriptedModel([modelHold(assistantMessage('x') as never)]));
    assert.match(held.message, /write \[assistantMessage\('x'\)\]/);
  });

  test('a type that is no item keeps the short message', () => {
    const error = invalidStep(() => new ScriptedModel([{ type: 'nope' } as never]));
    assert.equal(error.message, 'ScriptedModel input #1 has unknown type "nope".');
  });
});
