import assert from 'node:assert/strict';
import * as agents from '@openai/agents';
import { Agent, type StreamEvent } from '@openai/agents';
import {
  assistantMessage,
  InvalidScriptedModelStepError,
  modelError,
  modelHold,
  modelResponder,
  modelStream,
  ScriptedModel,
  ScriptedModelRequestAbortedError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { collect, modelRequest, runner } from './_model_fixtures.ts';

function isAbort(callIndex: number) {
  return (error: unknown) => {
    assert(error instanceof ScriptedModelRequestAbortedError);
    assert.equal(error.name, 'AbortError');
    assert.equal(error.callIndex, callIndex);
    return true;
  };
}

function isInvalidHold(inputIndex: number) {
  return (error: unknown) => {
    assert(error instanceof InvalidScriptedModelStepError);
    assert.equal(error.reason, 'invalid_input');
    assert.equal(error.inputIndex, inputIndex);
    assert.equal(error.stepType, 'hold');
    return true;
  };
}

describe('modelHold, non-streaming', () => {
  test('holds the call until released, then answers with its response', async () => {
    const hold = modelHold([assistantMessage('Done.')]);
    const model = new ScriptedModel([[assistantMessage('First.')], hold]);
    assert.equal(hold.state, 'pending');
    await model.getResponse(modelRequest());

    let settled = false;
    const pending = model.getResponse(modelRequest({ input: 'second' })).finally(() => {
      settled = true;
    });
    const reached = await hold.reached;
    assert.equal(reached.index, 1);
    assert.equal(reached.request.input, 'second');
    assert(Object.isFrozen(reached));
    assert.equal(hold.state, 'held');
    assert.equal(model.calls.length, 2);
    assert.equal(model.remainingSteps, 0);
    // Let every pending reaction run: the call is still held.
    await Promise.resolve();
    await Promise.resolve();
    assert.equal(settled, false);

    hold.release();
    assert.equal(hold.state, 'released');
    const response = await pending;
    assert.deepEqual(response.output, [assistantMessage('Done.')]);
    hold.release(); // idempotent
    assert.equal(hold.state, 'released');
    model[Symbol.dispose]();
  });

  test('a hold released before any call reaches it lets the call pass', async () => {
    const hold = modelHold([assistantMessage('Straight through.')]);
    hold.release();
    assert.equal(hold.state, 'released');
    const model = new ScriptedModel([hold]);
    const response = await model.getResponse(modelRequest());
    assert.deepEqual(response.output, [assistantMessage('Straight through.')]);
    assert.equal((await hold.reached).index, 0);
    // The call passing through leaves the hold released (it was never held).
    assert.equal(hold.state, 'released');
    model.assertComplete();
  });

  test("an abort after the release is no longer the hold's business", async () => {
    const controller = new AbortController();
    const hold = modelHold([assistantMessage('Done.')]);
    const model = new ScriptedModel([hold]);
    const pending = model.getResponse(modelRequest({ signal: controller.signal }));
    await hold.reached;
    hold.release();
    assert.deepEqual((await pending).output, [assistantMessage('Done.')]);
    // The signal outlives the call (a runner reuses it): aborting it now must not
    // rewrite what happened to the hold.
    controller.abort();
    assert.equal(hold.state, 'released');
    model.assertComplete();
  });

  test('the released step can be any step: an error is thrown after the release', async () => {
    const failure = new Error('overloaded');
    const hold = modelHold(modelError(failure));
    const model = new ScriptedModel([hold]);
    const pending = model.getResponse(modelRequest());
    await hold.reached;
    hold.release();
    await assert.rejects(pending, (error) => error === failure);
  });

  test('a raw stream released to a non-streaming call is still incompatible', async () => {
    const hold = modelHold(modelStream([{ type: 'response_started' }]));
    const model = new ScriptedModel([hold]);
    hold.release();
    await assert.rejects(model.getResponse(modelRequest()), (error) => {
      assert(error instanceof InvalidScriptedModelStepError);
      assert.equal(error.reason, 'incompatible_call');
      assert.equal(error.callIndex, 0);
      return true;
    });
    assert.equal(model.acknowledgeFailures().length, 1);
  });

  test('aborting a held request rejects with the abort error and no failure', async () => {
    const controller = new AbortController();
    const hold = modelHold([assistantMessage('never')]);
    const model = new ScriptedModel([hold]);
    const pending = model.getResponse(modelRequest({ signal: controller.signal }));
    await hold.reached;
    controller.abort();
    await assert.rejects(pending, isAbort(0));
    assert.equal(hold.state, 'aborted');
    // A release after the abort changes nothing.
    hold.release();
    assert.equal(hold.state, 'aborted');
    model[Symbol.dispose]();
  });

  test('a hold without a response ends only with an abort; release() refuses', async () => {
    const controller = new AbortController();
    const hold = modelHold();
    assert.equal(hold.then, undefined);
    assert.throws(() => hold.release(), {
      name: 'TypeError',
      message:
        'This modelHold() has no response to release: it ends only when the request is aborted.',
    });
    const model = new ScriptedModel([hold]);
    const pending = model.getResponse(modelRequest({ signal: controller.signal }));
    await hold.reached;
    assert.equal(hold.state, 'held');
    controller.abort();
    await assert.rejects(pending, isAbort(0));
  });
});

describe('modelHold, streaming', () => {
  test('by default nothing is streamed before the release', async () => {
    const hold = modelHold([assistantMessage('Hi')]);
    const model = new ScriptedModel([hold]);
    const iterator = model.getStreamedResponse(modelRequest())[Symbol.asyncIterator]();
    const first = iterator.next();
    await hold.reached;
    assert.equal(hold.state, 'held');
    hold.release();
    assert.equal((await first).value?.type, 'response_started');
    const rest: StreamEvent[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      rest.push(next.value);
    }
    assert.deepEqual(rest.map((event) => event.type), ['output_text_delta', 'response_done']);
  });

  test('atEvent pauses a raw stream after that many events', async () => {
    const events: StreamEvent[] = [
      { type: 'response_started' },
      { type: 'output_text_delta', delta: 'Hel' },
      { type: 'output_text_delta', delta: 'lo' },
    ];
    const hold = modelHold(modelStream(events), { atEvent: 2 });
    const model = new ScriptedModel([hold]);
    const iterator = model.getStreamedResponse(modelRequest())[Symbol.asyncIterator]();
    assert.equal((await iterator.next()).value?.type, 'response_started');
    assert.deepEqual((await iterator.next()).value, events[1]);
    assert.equal(hold.state, 'pending');
    const third = iterator.next();
    await hold.reached;
    assert.equal(hold.state, 'held');
    hold.release();
    assert.deepEqual((await third).value, events[2]);
    assert.equal((await iterator.next()).done, true);
  });

  test('atEvent beyond the stream holds before the stream ends', async () => {
    const hold = modelHold(modelStream([{ type: 'response_started' }]), { atEvent: 5 });
    const model = new ScriptedModel([hold]);
    const iterator = model.getStreamedResponse(modelRequest())[Symbol.asyncIterator]();
    assert.equal((await iterator.next()).value?.type, 'response_started');
    const end = iterator.next();
    await hold.reached;
    hold.release();
    assert.equal((await end).done, true);
  });

  test('a streamed hold at the first event runs nothing of its step before the release', async () => {
    let answered = 0;
    const hold = modelHold(modelResponder(() => {
      answered++;
      return [assistantMessage('Late')];
    }));
    const model = new ScriptedModel([hold]);
    const iterator = model.getStreamedResponse(modelRequest())[Symbol.asyncIterator]();
    const first = iterator.next();
    await hold.reached;
    assert.equal(answered, 0);
    hold.release();
    assert.equal((await first).value?.type, 'response_started');
    assert.equal(answered, 1);
  });

  test('atEvent equal to the stream length holds before the stream ends', async () => {
    const hold = modelHold(modelStream([{ type: 'response_started' }]), { atEvent: 1 });
    const model = new ScriptedModel([hold]);
    const iterator = model.getStreamedResponse(modelRequest())[Symbol.asyncIterator]();
    assert.equal((await iterator.next()).value?.type, 'response_started');
    const end = iterator.next();
    await hold.reached;
    assert.equal(hold.state, 'held');
    hold.release();
    assert.equal((await end).done, true);
  });

  test('a hold already passed does not hold again at the end of its stream', async () => {
    // After the release, an abort once every event arrived is not the hold's business:
    // the stream simply ends (a synthesized stream checks for aborts before each event).
    const controller = new AbortController();
    const hold = modelHold([assistantMessage('Hi')], { atEvent: 1 });
    const model = new ScriptedModel([hold]);
    const iterator = model.getStreamedResponse(modelRequest({ signal: controller.signal }))[
      Symbol.asyncIterator
    ]();
    assert.equal((await iterator.next()).value?.type, 'response_started');
    const second = iterator.next();
    await hold.reached;
    hold.release();
    assert.equal((await second).value?.type, 'output_text_delta');
    assert.equal((await iterator.next()).value?.type, 'response_done');
    controller.abort();
    assert.equal((await iterator.next()).done, true);
    assert.equal(hold.state, 'released');
  });

  test('a request aborted after the last event is not held: the stream ends aborted', async () => {
    // The hold sits past the end of a synthesized stream, whose last event is not
    // followed by an abort check of its own: the hold's check is the one that counts.
    const controller = new AbortController();
    const hold = modelHold([assistantMessage('Hi')], { atEvent: 5 });
    const model = new ScriptedModel([hold]);
    const iterator = model.getStreamedResponse(modelRequest({ signal: controller.signal }))[
      Symbol.asyncIterator
    ]();
    const types: string[] = [];
    for (let i = 0; i < 3; i++) types.push((await iterator.next()).value?.type);
    assert.deepEqual(types, ['response_started', 'output_text_delta', 'response_done']);
    controller.abort();
    await assert.rejects(iterator.next(), isAbort(0));
    assert.equal(hold.state, 'aborted');
  });

  test('aborting while a stream is held rejects the iteration', async () => {
    const controller = new AbortController();
    const hold = modelHold([assistantMessage('Hi')], { atEvent: 1 });
    const model = new ScriptedModel([hold]);
    const stream = model.getStreamedResponse(modelRequest({ signal: controller.signal }));
    const consumed = collect(stream);
    await hold.reached;
    controller.abort();
    await assert.rejects(consumed, isAbort(0));
    assert.equal(hold.state, 'aborted');
    assert.deepEqual(model.failures, []);
  });
});

describe('modelHold validation', () => {
  test('a hand-made hold object is rejected', () => {
    const fake = { type: 'hold', then: undefined, atEvent: 0, release() {} };
    assert.throws(() => new ScriptedModel([fake as never]), isInvalidHold(0));
  });

  test('a hold serves one call of one model', () => {
    const hold = modelHold([assistantMessage('x')]);
    assert.throws(() => new ScriptedModel([hold, hold]), isInvalidHold(1));
    // The failed batch claimed nothing: the hold can still be scripted once.
    const model = new ScriptedModel([hold]);
    assert.throws(() => model.enqueue(hold), isInvalidHold(0));
    assert.throws(() => new ScriptedModel([hold]), isInvalidHold(0));
    assert.equal(model.remainingSteps, 1);
  });

  test('malformed holds fail where they are scripted', () => {
    const model = new ScriptedModel();
    assert.throws(
      () => model.enqueue([assistantMessage('ok')], modelHold(modelHold([]) as never)),
      isInvalidHold(1),
    );
    assert.throws(() => model.enqueue(modelHold([], { atEvent: -1 })), isInvalidHold(0));
    assert.throws(() => model.enqueue(modelHold([], { atEvent: 1.5 })), isInvalidHold(0));
    assert.throws(() => model.enqueue(modelHold(undefined, { atEvent: 1 })), isInvalidHold(0));
    // The response inside is validated like any input, at the hold's position.
    assert.throws(() => model.enqueue(modelHold({ type: 'nope' } as never)), (error) => {
      assert(error instanceof InvalidScriptedModelStepError);
      assert.equal(error.reason, 'unknown_step_type');
      assert.equal(error.inputIndex, 0);
      return true;
    });
    assert.equal(model.remainingSteps, 0);
  });
});

describe('modelHold through the real Runner', () => {
  test('modelSettings.timeoutMs aborts a held call: the run fails with ModelTimeoutError', async () => {
    // Per-call timeouts (and ModelTimeoutError) are newer than the oldest supported SDK,
    // which ignores `timeoutMs`; there the run's own deadline ends the held call instead.
    const ModelTimeoutError = (agents as { ModelTimeoutError?: typeof agents.ModelTimeoutError })
      .ModelTimeoutError;
    const hold = modelHold();
    const model = new ScriptedModel([hold]);
    const agent = new Agent({ name: 'Slow', model, modelSettings: { timeoutMs: 1 } });
    const deadline = ModelTimeoutError === undefined ? new AbortController() : undefined;
    const run = runner().run(agent, 'Hi', { signal: deadline?.signal });
    if (deadline) {
      // Armed once the call is held, so a busy machine cannot fire it before the model call;
      // a plain timer, because Node does not count AbortSignal.timeout() as pending work.
      await hold.reached;
      setTimeout(() => deadline.abort(new DOMException('Deadline.', 'TimeoutError')), 20);
    }
    await assert.rejects(run, (error) => {
      if (ModelTimeoutError === undefined) return isAbort(0)(error);
      assert(error instanceof ModelTimeoutError);
      assert.equal(error.timeoutMs, 1);
      return true;
    });
    assert.equal(hold.state, 'aborted');
    model[Symbol.dispose]();
  });

  test('the run signal cancels a held call', async () => {
    const controller = new AbortController();
    const hold = modelHold([assistantMessage('never')]);
    const model = new ScriptedModel([hold]);
    const agent = new Agent({ name: 'Cancelled', model });
    const run = runner().run(agent, 'Hi', { signal: controller.signal });
    const reached = await hold.reached;
    assert.equal(reached.request.signal?.aborted, false);
    controller.abort();
    await assert.rejects(run, isAbort(0));
    assert.equal(hold.state, 'aborted');
  });

  test('a streamed run shows the text so far while the stream is held', async () => {
    const hold = modelHold([assistantMessage('Hello there.')], { atEvent: 2 });
    const model = new ScriptedModel([hold]);
    const agent = new Agent({ name: 'Streamer', model });
    const result = await runner().run(agent, 'Hi', { stream: true });
    const shown: string[] = [];
    let firstShown!: () => void;
    const shownOnce = new Promise<void>((resolve) => firstShown = resolve);
    const reader = (async () => {
      for await (const text of result.toTextStream()) {
        shown.push(text);
        firstShown();
      }
    })();
    await Promise.all([hold.reached, shownOnce]);
    // The app has shown the text so far, and the model is still held.
    assert.deepEqual(shown, ['Hello there.']);
    assert.equal(hold.state, 'held');
    assert.equal(result.finalOutput, undefined);
    hold.release();
    await reader;
    await result.completed;
    assert.deepEqual(shown, ['Hello there.']);
    assert.equal(result.finalOutput, 'Hello there.');
    model[Symbol.dispose]();
  });
});
