// `modelHold(then, { ignoreAbort: true })`: a provider that swallows the abort. The held call stays
// held after its request is aborted, only `release()` ends it, and from the hold on the call
// ignores its signal: the answer is returned and a stream's events keep flowing.
import assert from 'node:assert/strict';
import { Agent } from '@openai/agents';
import {
  assistantMessage,
  modelHold,
  ScriptedModel,
  ScriptedModelRequestAbortedError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { modelRequest, runner } from './_model_fixtures.ts';

describe('modelHold with ignoreAbort', () => {
  test('an aborted non-streaming call stays held, then answers once released', async () => {
    const hold = modelHold([assistantMessage('Late answer.')], { ignoreAbort: true });
    assert.equal(hold.ignoreAbort, true);
    const model = new ScriptedModel([hold]);
    const controller = new AbortController();
    let settled = false;
    const pending = model.getResponse(modelRequest({ signal: controller.signal })).finally(() => {
      settled = true;
    });
    await hold.reached;
    controller.abort();
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    assert.equal(settled, false);
    assert.equal(hold.state, 'held');
    hold.release();
    assert.deepEqual((await pending).output, [assistantMessage('Late answer.')]);
    assert.equal(hold.state, 'released');
    model.assertComplete();
  });

  test('a request aborted before it reaches the hold is held all the same', async () => {
    const hold = modelHold([assistantMessage('Answered anyway.')], {
      atEvent: 1,
      ignoreAbort: true,
    });
    const model = new ScriptedModel([hold]);
    const controller = new AbortController();
    const stream = model.getStreamedResponse(modelRequest({ signal: controller.signal }))[
      Symbol.asyncIterator
    ]();
    assert.equal((await stream.next()).value.type, 'response_started');
    controller.abort();
    const next = stream.next();
    await hold.reached;
    assert.equal(hold.state, 'held');
    hold.release();
    // The events after the abort keep flowing, as from a provider that ignores it.
    const types = [(await next).value.type];
    for (let event = await stream.next(); !event.done; event = await stream.next()) {
      types.push(event.value.type);
    }
    assert.deepEqual(types, ['output_text_delta', 'response_done']);
  });

  test('without ignoreAbort the same stream ends with the abort error', async () => {
    const hold = modelHold([assistantMessage('Never seen.')], { atEvent: 1 });
    assert.equal(hold.ignoreAbort, false);
    const model = new ScriptedModel([hold]);
    const controller = new AbortController();
    const stream = model.getStreamedResponse(modelRequest({ signal: controller.signal }))[
      Symbol.asyncIterator
    ]();
    await stream.next();
    const next = stream.next();
    await hold.reached;
    controller.abort();
    await assert.rejects(next, ScriptedModelRequestAbortedError);
    assert.equal(hold.state, 'aborted');
  });

  test('a hold without then that ignores the abort cannot be released', async () => {
    const hold = modelHold(undefined, { ignoreAbort: true });
    const model = new ScriptedModel([hold]);
    const controller = new AbortController();
    void model.getResponse(modelRequest({ signal: controller.signal }));
    await hold.reached;
    controller.abort();
    await Promise.resolve();
    assert.equal(hold.state, 'held');
    assert.throws(() => hold.release(), {
      name: 'TypeError',
      message: 'This modelHold() has no response to release and ignores the abort: it never ends.',
    });
    assert.throws(() => modelHold().release(), {
      name: 'TypeError',
      message:
        'This modelHold() has no response to release: it ends only when the request is aborted.',
    });
  });

  test("a run's own watchdog gives up on a provider that swallows the abort", async () => {
    const hold = modelHold([assistantMessage('Too late.')], { ignoreAbort: true });
    const model = new ScriptedModel([hold]);
    const controller = new AbortController();
    const run = runner().run(new Agent({ name: 'Slow', model }), 'Hi', {
      signal: controller.signal,
    });
    // The app's watchdog: it races the run against its own deadline (here: the test's signal).
    const watchdog = new Promise<'timed out'>((resolve) => {
      controller.signal.addEventListener('abort', () => resolve('timed out'), { once: true });
    });
    await hold.reached;
    controller.abort();
    assert.equal(await Promise.race([run.then(() => 'finished' as const), watchdog]), 'timed out');
    assert.equal(hold.state, 'held');
    // The provider answers after all; the SDK, which checks the signal itself, drops it.
    hold.release();
    await assert.rejects(run);
    assert.equal(model.calls.length, 1);
  });
});
