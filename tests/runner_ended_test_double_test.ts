// A double called after the test that created it ended names that test (through
// the context form, withDoubles, in all three runtimes).
import assert from 'node:assert/strict';
import { Agent, Runner } from '@openai/agents';
import {
  assistantMessage,
  AutoModel,
  EndedTestDoubleError,
  ScriptedModel,
  ScriptedModelProvider,
} from 'scripted-agents/testing';
import { withDoubles } from 'scripted-agents/runner';
import { describe, test } from './_harness.ts';

const runner = new Runner({ tracingDisabled: true });

/** Runs `body` as the test `title`, returning what it created. */
async function inTest<T>(title: string, body: () => T | Promise<T>): Promise<T> {
  let made: T | undefined;
  await withDoubles(async () => {
    made = await body();
  }, { titles: ['trips', title] })({});
  return made as T;
}

const message = (double: string, request: string) =>
  `${double} received ${request} after its test ended: this ${double} belongs to test ` +
  '"trips › books a trip" (ended), which verified it when it ended. Create the double inside ' +
  'the test that uses it.';

describe('runner: a double of an ended test', () => {
  test('a ScriptedModel names its test, for a call and for a stream', async () => {
    const model = await inTest('books a trip', async () => {
      const model = new ScriptedModel([[assistantMessage('Booked.')]]);
      await runner.run(new Agent({ name: 'Booking', model }), 'Book');
      return model;
    });
    model.enqueue([assistantMessage('again')], [assistantMessage('streamed')]);
    const later = withDoubles(
      () => runner.run(new Agent({ name: 'Booking', model }), 'Book another'),
      { titles: ['trips', 'books another'] },
    );
    await assert.rejects(later({}), (error) => {
      assert.ok(error instanceof EndedTestDoubleError);
      assert.equal(error.double, 'ScriptedModel');
      assert.equal(error.test, 'trips › books a trip');
      assert.equal(error.message, message('ScriptedModel', 'a non-streaming call'));
      assert.deepEqual(Object.keys(error), ['double', 'test', 'name']);
      return true;
    });
    assert.throws(() => model.getStreamedResponse({} as never), {
      name: 'EndedTestDoubleError',
      message: message('ScriptedModel', 'a streaming call'),
    });
    assert.equal(model.calls.length, 1, 'the late calls are not recorded');
    assert.equal(model.remainingSteps, 2, 'nor do they take a step');
  });

  test('an AutoModel and a ScriptedModelProvider name theirs', async () => {
    const { auto, provider } = await inTest('books a trip', async () => {
      const auto = new AutoModel();
      const provider = new ScriptedModelProvider({ models: {}, fallback: new AutoModel() });
      await runner.run(new Agent({ name: 'A', model: auto }), 'Hi');
      await new Runner({ modelProvider: provider, tracingDisabled: true })
        .run(new Agent({ name: 'B' }), 'Hi');
      return { auto, provider };
    });
    await assert.rejects(auto.getResponse({} as never), {
      message: message('AutoModel', 'a non-streaming call'),
    });
    assert.throws(() => auto.getStreamedResponse({} as never), {
      message: message('AutoModel', 'a streaming call'),
    });
    assert.throws(() => provider.getModel('gpt-4.1'), {
      name: 'EndedTestDoubleError',
      double: 'ScriptedModelProvider',
      message: message('ScriptedModelProvider', 'a request for model "gpt-4.1"'),
    });
    assert.throws(() => provider.getModel(), {
      message: message('ScriptedModelProvider', 'a request for the default model'),
    });
    assert.deepEqual(provider.requests, [undefined], 'the late requests are not recorded');
  });

  test('a double of a running test, or made outside any test, answers', async () => {
    const outside = new ScriptedModel([[assistantMessage('Outside.')], [
      assistantMessage('Again.'),
    ]]);
    await inTest('uses a double made outside', async () => {
      const result = await runner.run(new Agent({ name: 'A', model: outside }), 'Hi');
      assert.equal(result.finalOutput, 'Outside.');
    });
    const result = await runner.run(new Agent({ name: 'A', model: outside }), 'Hi');
    assert.equal(result.finalOutput, 'Again.', 'no test owns it, so none has ended');
  });
});
