// Type-level tests of what a ScriptedModel step may be: `deno test` (and the
// npm build's tsc) type-check this file, so a broken expectation fails before
// anything runs; the runtime bodies check the same scripts are accepted.
import assert from 'node:assert/strict';
import { Usage } from '@openai/agents';
import {
  assistantMessage,
  doubleScope,
  functionCall,
  modelError,
  modelHold,
  modelResponse,
  modelStream,
  reasoningItem,
  ScriptedModel,
  type ScriptedModelExplicitStep,
  type ScriptedModelInput,
  type ScriptedModelResponse,
  type ScriptedModelStep,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true
  : false;
const assertType = <T extends true>(_proof: T): void => {};

describe('ScriptedModelStep: one name for what a step may be', () => {
  test('a bare output array, an envelope and every factory step are steps', () => {
    const steps: ScriptedModelStep[] = [
      [functionCall('get_weather', { city: 'Tokyo' })],
      [reasoningItem(), assistantMessage('Sunny.')],
      { output: [assistantMessage('Hi')], usage: new Usage({ requests: 1 }) },
      modelResponse([assistantMessage('Hi')], { usage: { inputTokens: 1 } }),
      modelError(new Error('rate limited')),
      modelStream([]),
      modelHold([assistantMessage('Held.')]),
    ];
    const model = new ScriptedModel(steps, { validate: false });
    assert.equal(model.remainingSteps, 7);
    model.enqueue(steps[0]);
    assert.equal(model.remainingSteps, 8);
  });

  test('the types: a step is an explicit step or a response; the old name is the same type', () => {
    assertType<Equals<ScriptedModelStep, ScriptedModelExplicitStep | ScriptedModelResponse>>(true);
    assertType<Equals<ScriptedModelInput, ScriptedModelStep>>(true);
    assertType<
      Equals<
        ConstructorParameters<typeof ScriptedModel>[0],
        Iterable<ScriptedModelStep> | undefined
      >
    >(true);
    assertType<Equals<Parameters<ScriptedModel['enqueue']>, ScriptedModelStep[]>>(true);
    type ScopeModelInput = Parameters<ReturnType<typeof doubleScope>['model']>[0];
    assertType<Equals<ScopeModelInput, Iterable<ScriptedModelStep> | undefined>>(true);
    assertType<Equals<Parameters<typeof modelHold>[0], ScriptedModelStep | undefined>>(true);
    assertType<
      Equals<
        ScriptedModelExplicitStep['type'],
        'response' | 'error' | 'responder' | 'stream' | 'stream_responder' | 'hold'
      >
    >(true);
    assert.ok(true);
  });

  test('what is not a step is a type error', () => {
    // @ts-expect-error: a bare item is not a step; the items of one response go in an array.
    const bare: ScriptedModelStep = functionCall('get_weather', {});
    // @ts-expect-error: a string is no response.
    const text: ScriptedModelStep = 'Sunny.';
    // @ts-expect-error: an envelope needs a Usage.
    const envelope: ScriptedModelStep = { output: [] };
    // The same values are refused at run time too, where the step is written.
    for (const value of [bare, text, envelope]) {
      assert.throws(() => new ScriptedModel([value]), { name: 'InvalidScriptedModelStepError' });
    }
  });
});
