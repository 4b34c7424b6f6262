import assert from 'node:assert/strict';
import { Agent, type ModelRequest, type StreamEvent, tool, Usage } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  modelError,
  modelResponder,
  modelStream,
  modelStreamResponder,
  ScriptedModel,
  ScriptedModelRequestAbortedError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { collect, modelRequest, runner, streamedRun } from './_model_fixtures.ts';

const request = (signal?: AbortSignal, overrides: Partial<ModelRequest> = {}): ModelRequest =>
  modelRequest({ signal, ...overrides });

function isAbort(callIndex: number | undefined) {
  return (error: unknown) => {
    assert(error instanceof ScriptedModelRequestAbortedError);
    assert.equal(error.name, 'AbortError');
    assert.equal(error.message, 'Scripted model request was aborted.');
    assert.equal(error.callIndex, callIndex);
    assert.deepEqual(Object.keys(error), ['callIndex', 'name']);
    return true;
  };
}

describe('aborted on entry', () => {
  test('getResponse rejects, records nothing and consumes no step', async () => {
    const model = new ScriptedModel([[assistantMessage('unused')]]);
    await assert.rejects(model.getResponse(request(AbortSignal.abort())), isAbort(undefined));
    assert.equal(model.remainingSteps, 1);
    assert.equal(model.calls.length, 0);
    assert.deepEqual(model.failures, []);
  });

  test('getStreamedResponse throws synchronously, records nothing and consumes no step', () => {
    const model = new ScriptedModel([[assistantMessage('unused')]]);
    assert.throws(
      () => model.getStreamedResponse(request(AbortSignal.abort())),
      isAbort(undefined),
    );
    assert.equal(model.remainingSteps, 1);
    assert.equal(model.calls.length, 0);
  });

  test('an aborted request is not an unexpected call even with no steps left', async () => {
    const model = new ScriptedModel();
    await assert.rejects(model.getResponse(request(AbortSignal.abort())), isAbort(undefined));
    assert.deepEqual(model.failures, []);
  });
});

describe('abort checkpoints after the call is recorded', () => {
  test('an abort while a responder runs rejects with the call index', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([
      [assistantMessage('first')],
      modelResponder(() => {
        controller.abort();
        return [assistantMessage('discarded')];
      }),
    ]);
    await model.getResponse(request(controller.signal));
    await assert.rejects(model.getResponse(request(controller.signal)), isAbort(1));
    assert.equal(model.calls.length, 2);
    assert.equal(model.remainingSteps, 0);
    // Cancellation is not workflow drift.
    assert.deepEqual(model.failures, []);
  });

  test('a rawUsage getter that aborts makes the call reject with callIndex 0', async () => {
    const controller = new AbortController();
    const envelope = { output: [assistantMessage('x')], usage: new Usage() };
    Object.defineProperty(envelope, 'rawUsage', {
      enumerable: true,
      get() {
        controller.abort();
        return { tokens: 1 };
      },
    });
    const model = new ScriptedModel([envelope]);
    await assert.rejects(
      model.getResponse(request(controller.signal, { modelSettings: { preserveRawUsage: true } })),
      isAbort(0),
    );
  });

  test('abort before iteration turns an error step into an AbortError', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([modelError(new Error('scripted'))]);
    const stream = model.getStreamedResponse(request(controller.signal));
    assert.equal(model.remainingSteps, 0);
    controller.abort();
    await assert.rejects(collect(stream), isAbort(0));
  });

  test('abort before iteration never invokes a stream responder', async () => {
    const controller = new AbortController();
    let invoked = 0;
    const model = new ScriptedModel([
      modelStreamResponder(() => {
        invoked++;
        return [];
      }),
    ]);
    const stream = model.getStreamedResponse(request(controller.signal));
    controller.abort();
    await assert.rejects(collect(stream), isAbort(0));
    assert.equal(invoked, 0);
  });

  test('abort between exact stream events stops before the next event', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([
      modelStream([
        { type: 'response_started' },
        { type: 'output_text_delta', delta: 'a' },
        { type: 'output_text_delta', delta: 'b' },
      ]),
    ]);
    const seen: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const event of model.getStreamedResponse(request(controller.signal))) {
          seen.push(event.type);
          controller.abort();
        }
      })(),
      isAbort(0),
    );
    assert.deepEqual(seen, ['response_started']);
  });

  test('abort after the last exact event is still reported', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([modelStream([{ type: 'response_started' }])]);
    await assert.rejects(
      (async () => {
        for await (const _ of model.getStreamedResponse(request(controller.signal))) {
          controller.abort();
        }
      })(),
      isAbort(0),
    );
  });

  test('abort during automatic streaming stops before the next synthesized event', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([[assistantMessage('one'), assistantMessage('two')]]);
    const seen: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const event of model.getStreamedResponse(request(controller.signal))) {
          seen.push(event.type);
          if (event.type === 'output_text_delta') controller.abort();
        }
      })(),
      isAbort(0),
    );
    assert.deepEqual(seen, ['response_started', 'output_text_delta']);
  });

  test('abort while a streamed responder runs is detected before synthesis', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([
      modelResponder(() => {
        controller.abort();
        return [assistantMessage('x')];
      }),
    ]);
    const seen: StreamEvent[] = [];
    await assert.rejects(
      (async () => {
        for await (const e of model.getStreamedResponse(request(controller.signal))) seen.push(e);
      })(),
      isAbort(0),
    );
    assert.deepEqual(seen, []);
  });
});

describe('cooperative cancellation', () => {
  test('a pending responder is not raced: the model waits for it, then re-checks', async () => {
    const controller = new AbortController();
    const events: string[] = [];
    const model = new ScriptedModel([
      modelResponder((call) =>
        new Promise((resolve) => {
          // The responder watches the recorded signal itself and finishes its work.
          call.request.signal!.addEventListener('abort', () => {
            events.push('responder saw abort');
            resolve([assistantMessage('late')]);
          });
          events.push('responder waiting');
        })
      ),
    ]);
    const pending = model.getResponse(request(controller.signal)).then(
      () => events.push('resolved'),
      (error) => {
        events.push('rejected');
        throw error;
      },
    );
    controller.abort();
    await assert.rejects(pending, isAbort(0));
    assert.deepEqual(events, ['responder waiting', 'responder saw abort', 'rejected']);
  });

  test('a pending iterator step is not raced: its event is dropped after the re-check', async () => {
    const controller = new AbortController();
    let parked!: () => void;
    const iteratorParked = new Promise<void>((resolve) => (parked = resolve));
    const model = new ScriptedModel([
      modelStreamResponder((call) => ({
        async *[Symbol.asyncIterator]() {
          yield { type: 'response_started' as const };
          await new Promise<void>((resolve) => {
            call.request.signal!.addEventListener('abort', () => resolve());
            parked();
          });
          yield { type: 'output_text_delta' as const, delta: 'after abort' };
        },
      })),
    ]);
    // Abort only once the iterator's next() is pending on the signal.
    void iteratorParked.then(() => controller.abort());
    const seen: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const event of model.getStreamedResponse(request(controller.signal))) {
          seen.push(event.type);
        }
      })(),
      isAbort(0),
    );
    assert.deepEqual(seen, ['response_started']);
  });

  test('the recorded signal is the live signal', async () => {
    const controller = new AbortController();
    let received: AbortSignal | undefined;
    const model = new ScriptedModel([
      modelResponder((call) => {
        received = call.request.signal;
        return [assistantMessage('x')];
      }),
    ]);
    await model.getResponse(request(controller.signal));
    assert.equal(received, controller.signal);
    assert.equal(model.firstCall?.request.signal, controller.signal);
  });
});

describe('cancellation through the Runner', () => {
  test('a non-streamed run aborted during a model call rejects with AbortError', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([
      modelResponder(() => {
        controller.abort();
        return [assistantMessage('x')];
      }),
    ]);
    await assert.rejects(
      runner().run(new Agent({ name: 'A', model }), 'Hi', {
        signal: controller.signal,
      }),
      isAbort(0),
    );
    model.assertComplete();
  });

  test('a run aborted during a tool never makes the next model call', async () => {
    const controller = new AbortController();
    const stop = tool({
      name: 'stop',
      description: 'Aborts the run.',
      parameters: z.object({}),
      execute: () => {
        controller.abort();
        return 'stopped';
      },
    });
    const model = new ScriptedModel([
      [functionCall('stop', {}, { callId: 'c1' })],
      [assistantMessage('never reached')],
    ]);
    await assert.rejects(
      runner().run(
        new Agent({ name: 'A', model, tools: [stop] }),
        'Hi',
        { signal: controller.signal },
      ),
      (error: unknown) => (error as Error).name === 'AbortError',
    );
    assert.equal(model.calls.length, 1);
    assert.equal(model.remainingSteps, 1);
    assert.deepEqual(model.failures, []);
  });

  test('a streamed run aborted during a model call is cancelled, not failed', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([
      modelResponder(() => {
        controller.abort();
        return [assistantMessage('x')];
      }),
    ]);
    const { result } = await streamedRun(new Agent({ name: 'A', model }), 'Hi', {
      signal: controller.signal,
    });
    assert.equal(result.cancelled, true);
    assert.equal(result.error, null);
    assert.equal(model.calls.length, 1);
    assert.equal(model.calls[0].streamed, true);
  });
});
