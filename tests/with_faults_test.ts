// `withFaults(model, options)`: provider faults over any model double, drawn from a seed or the
// caller's random function, recorded per call, delays waited through the caller's function.
import assert from 'node:assert/strict';
import { Agent, type StreamEvent } from '@openai/agents';
import {
  assistantMessage,
  AutoModel,
  FaultyModel,
  InvalidFaultOptionsError,
  ModelFaultError,
  modelResponder,
  ScriptedModel,
  ScriptedModelProvider,
  withFaults,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { collect, modelRequest, runner } from './_model_fixtures.ts';

/** A random source that answers the given draws in order, then fails the test. */
function draws(...values: number[]): () => number {
  return () => {
    const value = values.shift();
    assert.notEqual(value, undefined, 'more random draws than scripted');
    return value!;
  };
}

const anyAnswer = () =>
  new ScriptedModel([
    modelResponder((call) => [assistantMessage(`Answer #${call.index + 1}.`)], { times: 'any' }),
  ]);

/** A delay the test releases by hand, recording what it was asked. */
function manualDelay() {
  const waits: { ms: number; callIndex: number; atEvent: number | undefined; done: () => void }[] =
    [];
  let notify: (() => void) | undefined;
  return {
    waits,
    delay: (ms: number, context: { callIndex: number; atEvent: number | undefined }) =>
      new Promise<void>((resolve) => {
        waits.push({ ms, callIndex: context.callIndex, atEvent: context.atEvent, done: resolve });
        notify?.();
      }),
    /** Resolves once `count` waits have started. */
    started(count: number): Promise<void> {
      if (waits.length >= count) return Promise.resolve();
      return new Promise((resolve) => {
        notify = () => {
          if (waits.length >= count) resolve();
        };
      });
    },
  };
}

describe('withFaults: each fault', () => {
  test('rates of 0 pass every call through untouched and record no fault', async () => {
    const inner = anyAnswer();
    const model = withFaults(inner, { rates: {}, random: draws(0, 0.5) });
    assert.ok(model instanceof FaultyModel);
    assert.equal(model.model, inner);
    const response = await model.getResponse(modelRequest());
    assert.deepEqual(response.output, [assistantMessage('Answer #1.')]);
    const events = await collect(model.getStreamedResponse(modelRequest()));
    assert.equal(events.at(-1)?.type, 'response_done');
    assert.deepEqual(model.calls, [
      { index: 0, streamed: false, faults: [] },
      { index: 1, streamed: true, faults: [] },
    ]);
    assert.deepEqual(model.faults, []);
    assert.equal(inner.calls.length, 2);
  });

  test('error: fails the call before the model is asked, with retry advice', async () => {
    const inner = anyAnswer();
    const model = withFaults(inner, { rates: { error: 0.5 }, random: draws(0.49) });
    const request = modelRequest();
    const failure = await model.getResponse(request).catch((error: unknown) => error);
    assert(failure instanceof ModelFaultError);
    assert.deepEqual(
      { ...failure },
      { kind: 'error', callIndex: 0, streamed: false, atEvent: undefined, name: 'ModelFaultError' },
    );
    assert.equal(
      failure.message,
      'withFaults injected a model error into non-streaming call #1. Same seed, same faults: ' +
        'set rates.error to 0 to run without it.',
    );
    assert.equal(inner.calls.length, 0);
    assert.deepEqual(
      await model.getRetryAdvice({ request, error: failure, stream: false, attempt: 1 }),
      { suggested: true },
    );
    // The advice is one-shot, as a scripted error step's.
    assert.equal(
      await model.getRetryAdvice({ request, error: failure, stream: false, attempt: 1 }),
      undefined,
    );
    assert.deepEqual(model.faults, [
      { callIndex: 0, streamed: false, kind: 'error', atEvent: undefined, delayMs: undefined },
    ]);
  });

  test('a draw at the band edge is no fault', async () => {
    const model = withFaults(anyAnswer(), { rates: { error: 0.5 }, random: draws(0.5) });
    await model.getResponse(modelRequest());
    assert.deepEqual(model.faults, []);
  });

  test('the retry advice can be given; other errors get the model advice', async () => {
    const model = withFaults(anyAnswer(), {
      rates: { error: 1 },
      random: draws(0),
      retryAdvice: { suggested: false, reason: 'quota' },
    });
    const request = modelRequest();
    const failure = await model.getResponse(request).catch((error: unknown) => error);
    assert.deepEqual(
      await model.getRetryAdvice({ request, error: failure, stream: false, attempt: 1 }),
      { suggested: false, reason: 'quota' },
    );
    assert.equal(
      await model.getRetryAdvice({ request, error: new Error('x'), stream: false, attempt: 1 }),
      undefined,
    );
  });

  test('hang: never answers; an abort ends it with an AbortError', async () => {
    const inner = anyAnswer();
    const model = withFaults(inner, { rates: { hang: 1 }, random: draws(0) });
    const controller = new AbortController();
    const pending = model.getResponse(modelRequest({ signal: controller.signal }));
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError', callIndex: 0 });
    assert.equal(inner.calls.length, 0);
    assert.deepEqual(model.faults.map((fault) => fault.kind), ['hang']);
    // Already aborted: ends at once.
    const again = withFaults(inner, { rates: { hang: 1 }, random: draws(0) });
    await assert.rejects(
      again.getResponse(modelRequest({ signal: controller.signal })),
      { name: 'AbortError' },
    );
  });

  test('hang with ignoreAbort: the abort changes nothing', async () => {
    const model = withFaults(anyAnswer(), {
      rates: { hang: 1 },
      random: draws(0),
      ignoreAbort: true,
    });
    const controller = new AbortController();
    let settled = false;
    void model.getResponse(modelRequest({ signal: controller.signal })).finally(() => {
      settled = true;
    });
    controller.abort();
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    assert.equal(settled, false);
    assert.deepEqual(model.faults.map((fault) => fault.kind), ['hang']);
  });

  test('delay: waits the delay function with the drawn time, then asks the model', async () => {
    const clock = manualDelay();
    const inner = anyAnswer();
    const model = withFaults(inner, {
      rates: { delay: 1 },
      random: draws(0, 0.5),
      delayMs: { min: 100, max: 200 },
      delay: clock.delay,
    });
    const pending = model.getResponse(modelRequest());
    await clock.started(1);
    assert.equal(inner.calls.length, 0);
    assert.deepEqual(
      clock.waits.map(({ ms, callIndex, atEvent }) => ({ ms, callIndex, atEvent })),
      [
        { ms: 150, callIndex: 0, atEvent: undefined },
      ],
    );
    clock.waits[0].done();
    assert.deepEqual((await pending).output, [assistantMessage('Answer #1.')]);
    assert.deepEqual(model.faults, [
      { callIndex: 0, streamed: false, kind: 'delay', atEvent: undefined, delayMs: 150 },
    ]);
  });

  test('the default delay is a timer an abort ends', async () => {
    const model = withFaults(anyAnswer(), {
      rates: { delay: 1 },
      random: draws(0, 0.99),
      delayMs: { min: 60_000, max: 60_000 },
    });
    const controller = new AbortController();
    const pending = model.getResponse(modelRequest({ signal: controller.signal }));
    await Promise.resolve();
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError', callIndex: 0 });
    const aborted = withFaults(anyAnswer(), { rates: { delay: 1 }, random: draws(0, 0) });
    await assert.rejects(
      aborted.getResponse(modelRequest({ signal: controller.signal })),
      { name: 'AbortError' },
    );
  });

  test('cut: the stream ends with ModelFaultError after the drawn number of events', async () => {
    const inner = anyAnswer();
    // 0.5 of maxEventsBeforeCut 3 (0 to 3): two events, then the cut.
    const model = withFaults(inner, { rates: { cut: 1 }, random: draws(0, 0.5) });
    const seen: StreamEvent[] = [];
    const failure = await (async () => {
      for await (const event of model.getStreamedResponse(modelRequest())) seen.push(event);
    })().catch((error: unknown) => error);
    assert(failure instanceof ModelFaultError);
    assert.equal(failure.kind, 'cut');
    assert.equal(failure.atEvent, 2);
    assert.equal(
      failure.message,
      'withFaults cut the stream of call #1 after 2 events. Same seed, same faults: set ' +
        'rates.cut to 0 to run without it.',
    );
    assert.deepEqual(seen.map((event) => event.type), ['response_started', 'output_text_delta']);
    assert.deepEqual(model.faults, [
      { callIndex: 0, streamed: true, kind: 'cut', atEvent: 2, delayMs: undefined },
    ]);
  });

  test('a stream shorter than the cut point is cut before its last event', async () => {
    const model = withFaults(anyAnswer(), {
      rates: { cut: 1 },
      random: draws(0, 0.99),
      maxEventsBeforeCut: 10,
    });
    const seen: string[] = [];
    await assert.rejects(async () => {
      for await (const event of model.getStreamedResponse(modelRequest())) seen.push(event.type);
    }, { name: 'ModelFaultError', atEvent: 2 });
    assert.deepEqual(seen, ['response_started', 'output_text_delta']);
  });

  test('a cut drawn for a non-streaming call is no fault', async () => {
    const model = withFaults(anyAnswer(), { rates: { cut: 1 }, random: draws(0) });
    await model.getResponse(modelRequest());
    assert.deepEqual(model.faults, []);
  });

  test('eventDelay: waits before the events it draws, recorded with their position', async () => {
    const clock = manualDelay();
    const model = withFaults(anyAnswer(), {
      rates: { eventDelay: 0.5 },
      // The call's draw, then one draw per event (and a delay time after a hit).
      random: draws(0.9, 0.9, 0.1, 0, 0.9),
      delayMs: { min: 5, max: 5 },
      delay: clock.delay,
    });
    const stream = model.getStreamedResponse(modelRequest())[Symbol.asyncIterator]();
    assert.equal((await stream.next()).value.type, 'response_started');
    const second = stream.next();
    await clock.started(1);
    assert.deepEqual(clock.waits.map(({ ms, atEvent }) => ({ ms, atEvent })), [{
      ms: 5,
      atEvent: 1,
    }]);
    clock.waits[0].done();
    assert.equal((await second).value.type, 'output_text_delta');
    assert.equal((await stream.next()).value.type, 'response_done');
    assert.equal((await stream.next()).done, true);
    assert.deepEqual(model.calls, [{
      index: 0,
      streamed: true,
      faults: [{ callIndex: 0, streamed: true, kind: 'event_delay', atEvent: 1, delayMs: 5 }],
    }]);
  });
});

describe('withFaults: seeds and verification', () => {
  test('the same seed gives the same faults; a different seed other faults', async () => {
    const run = async (seed: number) => {
      const model = withFaults(anyAnswer(), {
        seed,
        rates: { error: 0.3, delay: 0.3 },
        delay: () => Promise.resolve(),
      });
      for (let call = 0; call < 20; call++) {
        await model.getResponse(modelRequest()).catch(() => undefined);
      }
      return model.faults;
    };
    const first = await run(42);
    assert.deepEqual(await run(42), first);
    assert.notDeepEqual(await run(43), first);
    assert.ok(first.length > 0);
  });

  test('through the Runner: retried errors, then the answer; the model verifies itself', async () => {
    const inner = anyAnswer();
    const model = withFaults(inner, { random: draws(0, 0, 0.9), rates: { error: 0.5 } });
    const agent = new Agent({
      name: 'Chaos',
      model,
      modelSettings: {
        retry: {
          maxRetries: 3,
          policy: ({ providerAdvice }) => providerAdvice?.suggested === true,
          backoff: { initialDelayMs: 0, jitter: false },
        },
      },
    });
    assert.equal((await runner().run(agent, 'Go')).finalOutput, 'Answer #1.');
    assert.deepEqual(model.faults.map((fault) => [fault.callIndex, fault.kind]), [
      [0, 'error'],
      [1, 'error'],
    ]);
    assert.equal(inner.calls.length, 1);
    model.assertComplete();
    model.assertNoUnexpectedCalls();
    assert.deepEqual(model.failures, []);
  });

  test("a provider's teardown reaches the wrapped model", async () => {
    const inner = new ScriptedModel([[assistantMessage('never asked')]]);
    const provider = new ScriptedModelProvider({
      models: { chaos: withFaults(inner, { rates: {} }) },
    });
    await assert.rejects(provider.assertComplete(), { name: 'UnconsumedModelStepsError' });
    assert.throws(() => withFaults(inner, { rates: {} })[Symbol.dispose](), {
      name: 'UnconsumedModelStepsError',
    });
    // A model without teardown members has nothing to verify.
    const bare = withFaults({
      getResponse: (request) => new AutoModel().getResponse(request),
      getStreamedResponse: (request) => new AutoModel().getStreamedResponse(request),
    }, { rates: {} });
    bare.assertComplete();
    bare.assertNoUnexpectedCalls();
    bare[Symbol.dispose]();
    assert.deepEqual(bare.failures, []);
    assert.deepEqual(bare.acknowledgeFailures(), []);
    assert.equal(
      await bare.getRetryAdvice({
        request: modelRequest(),
        error: new Error('x'),
        stream: false,
        attempt: 1,
      }),
      undefined,
    );
  });

  test("the wrapped model's failures are its own", async () => {
    const inner = new ScriptedModel();
    const model = withFaults(inner, { rates: {} });
    await assert.rejects(model.getResponse(modelRequest()), { name: 'UnexpectedModelCallError' });
    assert.equal(model.failures.length, 1);
    assert.throws(() => model.assertNoUnexpectedCalls(), { name: 'DoubleFailuresError' });
    assert.equal(model.acknowledgeFailures().length, 1);
    assert.equal(inner.failures.length, 0);
  });
});

describe('withFaults: options', () => {
  const invalid: readonly [string, object, string, string][] = [
    [
      'a rate above 1',
      { rates: { error: 1.5 } },
      'rates.error',
      'must be a probability from 0 to 1',
    ],
    [
      'a negative rate',
      { rates: { hang: -0.1 } },
      'rates.hang',
      'must be a probability from 0 to 1',
    ],
    [
      'NaN',
      { rates: { eventDelay: NaN } },
      'rates.eventDelay',
      'must be a probability from 0 to 1',
    ],
    ['a string rate', { rates: { cut: '0.5' } }, 'rates.cut', 'must be a probability from 0 to 1'],
    [
      'call rates over 1 together',
      { rates: { error: 0.5, hang: 0.3, delay: 0.2, cut: 0.1 } },
      'rates',
      'must give error, hang, delay and cut together at most 1 (one of them is drawn per call)',
    ],
    ['no rates', {}, 'rates', 'must be an object of probabilities'],
    ['null rates', { rates: null }, 'rates', 'must be an object of probabilities'],
    ['a fractional seed', { rates: {}, seed: 1.5 }, 'seed', 'must be a safe integer'],
    [
      'a random that is no function',
      { rates: {}, random: 0.5 },
      'random',
      'must be a function returning numbers in [0, 1)',
    ],
    ['a delay that is no function', { rates: {}, delay: 5 }, 'delay', 'must be a function'],
    [
      'a delay range below 0',
      { rates: {}, delayMs: { min: -1 } },
      'delayMs',
      'must be whole milliseconds with 0 <= min <= max',
    ],
    [
      'a delay range upside down',
      { rates: {}, delayMs: { min: 5, max: 4 } },
      'delayMs',
      'must be whole milliseconds with 0 <= min <= max',
    ],
    [
      'a negative cut bound',
      { rates: {}, maxEventsBeforeCut: -1 },
      'maxEventsBeforeCut',
      'must be a whole number of at least 0',
    ],
    [
      'a fractional cut bound',
      { rates: {}, maxEventsBeforeCut: 0.5 },
      'maxEventsBeforeCut',
      'must be a whole number of at least 0',
    ],
  ];
  for (const [name, options, option, problem] of invalid) {
    test(`${name} is refused with InvalidFaultOptionsError`, () => {
      assert.throws(() => withFaults(new AutoModel(), options as never), (error: unknown) => {
        assert(error instanceof InvalidFaultOptionsError);
        assert.deepEqual({ ...error }, { option, name: 'InvalidFaultOptionsError' });
        assert.equal(error.message, `withFaults option ${option} ${problem}.`);
        return true;
      });
    });
  }

  test('a random function outside [0, 1) fails the call that draws', async () => {
    for (const value of [1, -0.5, NaN, '0.5' as unknown as number]) {
      const model = withFaults(anyAnswer(), { rates: { error: 0.5 }, random: () => value });
      await assert.rejects(model.getResponse(modelRequest()), {
        name: 'InvalidFaultOptionsError',
        option: 'random',
        message: 'withFaults option random must return numbers in [0, 1).',
      });
    }
  });

  test('rates summing to exactly 1 and the seed 0 are accepted', async () => {
    const model = withFaults(anyAnswer(), {
      seed: 0,
      rates: { error: 0.25, hang: 0.25, delay: 0.25, cut: 0.25 },
      delay: () => Promise.resolve(),
    });
    assert.deepEqual(model.calls, []);
  });

  test('a cut bound of 0 cuts a stream before its first event', async () => {
    const model = withFaults(anyAnswer(), {
      rates: { cut: 1 },
      random: draws(0, 0.99),
      maxEventsBeforeCut: 0,
    });
    const seen: string[] = [];
    await assert.rejects(async () => {
      for await (const event of model.getStreamedResponse(modelRequest())) seen.push(event.type);
    }, { name: 'ModelFaultError', atEvent: 0 });
    assert.deepEqual(seen, []);
  });
});

describe('withFaults: edges', () => {
  test('an event draw at the eventDelay rate is no delay', async () => {
    const clock = manualDelay();
    const model = withFaults(anyAnswer(), {
      rates: { eventDelay: 0.5 },
      random: draws(0.9, 0.5, 0.5, 0.5),
      delay: clock.delay,
    });
    const events = await collect(model.getStreamedResponse(modelRequest()));
    assert.deepEqual(events.map((event) => event.type), [
      'response_started',
      'output_text_delta',
      'response_done',
    ]);
    assert.deepEqual(clock.waits, []);
    assert.deepEqual(model.faults, []);
  });

  test("another error's advice is the wrapped model's, whatever it says", async () => {
    const inner = anyAnswer();
    const asked: unknown[] = [];
    const model = withFaults({
      getResponse: (request) => inner.getResponse(request),
      getStreamedResponse: (request) => inner.getStreamedResponse(request),
      getRetryAdvice: (request) => {
        asked.push(request.error);
        return Promise.resolve({ suggested: true, reason: 'the wrapped model' });
      },
    }, { rates: {} });
    const error = new Error('x');
    assert.deepEqual(
      await model.getRetryAdvice({ request: modelRequest(), error, stream: false, attempt: 1 }),
      { suggested: true, reason: 'the wrapped model' },
    );
    assert.deepEqual(asked, [error]);
  });

  test("assertComplete is the wrapped model's", () => {
    const model = withFaults(new ScriptedModel([[assistantMessage('never asked')]]), {
      rates: {},
    });
    assert.throws(() => model.assertComplete(), { name: 'UnconsumedModelStepsError' });
  });

  test('the default delay ends and the model answers, with or without a signal', async () => {
    for (const signal of [undefined, new AbortController().signal]) {
      const model = withFaults(anyAnswer(), {
        rates: { delay: 1 },
        random: draws(0, 0),
        delayMs: { min: 0, max: 0 },
      });
      const response = await model.getResponse(modelRequest({ signal }));
      assert.deepEqual(response.output, [assistantMessage('Answer #1.')]);
      assert.deepEqual(model.faults, [
        { callIndex: 0, streamed: false, kind: 'delay', atEvent: undefined, delayMs: 0 },
      ]);
    }
  });

  test('the default delay under an aborted signal never asks the model', async () => {
    let asked = 0;
    const model = withFaults({
      getResponse: (request) => {
        asked++;
        return anyAnswer().getResponse(request);
      },
      getStreamedResponse: (request) => anyAnswer().getStreamedResponse(request),
    }, { rates: { delay: 1 }, random: draws(0, 0), delayMs: { min: 0, max: 0 } });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(model.getResponse(modelRequest({ signal: controller.signal })), {
      name: 'AbortError',
      callIndex: 0,
    });
    assert.equal(asked, 0);
  });

  test('a default delay that ended leaves no abort listener on the signal', async () => {
    // A run's signal outlives its calls: a listener left behind per delay would pile up.
    const signal = new AbortController().signal;
    const listening = new Set<unknown>();
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((type: string, listener: unknown, options?: unknown) => {
      if (type === 'abort') listening.add(listener);
      add(type, listener as EventListener, options as AddEventListenerOptions);
    }) as typeof signal.addEventListener;
    signal.removeEventListener = ((type: string, listener: unknown, options?: unknown) => {
      if (type === 'abort') listening.delete(listener);
      remove(type, listener as EventListener, options as EventListenerOptions);
    }) as typeof signal.removeEventListener;
    const model = withFaults(anyAnswer(), {
      rates: { delay: 1 },
      random: draws(0, 0, 0, 0),
      delayMs: { min: 0, max: 0 },
    });
    await model.getResponse(modelRequest({ signal }));
    await model.getResponse(modelRequest({ signal }));
    assert.equal(listening.size, 0);
  });

  test('a seed gives the same draws on every runtime (mulberry32)', async () => {
    const model = withFaults(anyAnswer(), {
      seed: 42,
      rates: { delay: 1 },
      delay: () => Promise.resolve(),
    });
    for (let call = 0; call < 5; call++) await model.getResponse(modelRequest());
    // The delays in 0..1000 from every second draw of mulberry32(42).
    assert.deepEqual(model.faults.map((fault) => fault.delayMs), [448, 670, 527, 625, 472]);
    // mulberry32(1)'s first draw, 0.627..., is past an error band of 0.62 and inside one of 0.63.
    for (const [error, kinds] of [[0.62, []], [0.63, ['error']]] as const) {
      const seeded = withFaults(anyAnswer(), { rates: { error } });
      await seeded.getResponse(modelRequest()).catch(() => undefined);
      assert.deepEqual(seeded.faults.map((fault) => fault.kind), kinds);
    }
  });

  test('an error injected into a streaming call says so', async () => {
    const model = withFaults(anyAnswer(), { rates: { error: 1 }, random: draws(0) });
    await assert.rejects(collect(model.getStreamedResponse(modelRequest())), {
      name: 'ModelFaultError',
      kind: 'error',
      streamed: true,
      message: 'withFaults injected a model error into streaming call #1. Same seed, same ' +
        'faults: set rates.error to 0 to run without it.',
    });
  });
});
