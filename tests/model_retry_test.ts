import assert from 'node:assert/strict';
import {
  Agent,
  type ModelRequest,
  type ModelRetryAdvice,
  type ModelRetryAdviceRequest,
  type ModelSettings,
  retryPolicies,
  type RetryPolicyContext,
} from '@openai/agents';
import {
  assistantMessage,
  modelError,
  modelResponder,
  ScriptedModel,
  UnexpectedModelCallError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { collect, modelRequest, runner, streamedRun } from './_model_fixtures.ts';

/** Retries without waiting: no backoff delay, so no timers. */
function retrySettings(policy = retryPolicies.providerSuggested()): ModelSettings {
  return { retry: { maxRetries: 3, policy, backoff: { initialDelayMs: 0, jitter: false } } };
}

function adviceQuery(
  requestValue: ModelRequest,
  error: unknown,
  stream = false,
  attempt = 1,
): ModelRetryAdviceRequest {
  return { request: requestValue, error, stream, attempt };
}

describe('the Runner retry policy with scripted advice', () => {
  test('fixed advice lets providerSuggested retry; the retry consumes the next step', async () => {
    const model = new ScriptedModel([
      modelError(new Error('rate limited'), { suggested: true, replaySafety: 'safe' }),
      [assistantMessage('Recovered.')],
    ]);
    const agent = new Agent({ name: 'A', model, modelSettings: retrySettings() });
    const result = await runner().run(agent, 'Hi');
    assert.equal(result.finalOutput, 'Recovered.');
    assert.equal(model.calls.length, 2);
    // The retry sends the same conversation again.
    assert.deepEqual(model.calls[1].request.input, model.calls[0].request.input);
    model.assertComplete();
  });

  test('without advice providerSuggested does not retry', async () => {
    const failure = new Error('no advice');
    const model = new ScriptedModel([modelError(failure), [assistantMessage('unused')]]);
    const agent = new Agent({ name: 'A', model, modelSettings: retrySettings() });
    await assert.rejects(runner().run(agent, 'Hi'), (e) => e === failure);
    assert.equal(model.remainingSteps, 1);
  });

  test('advice suggesting no retry is honoured', async () => {
    const failure = new Error('fatal');
    const model = new ScriptedModel([
      modelError(failure, { suggested: false, reason: 'bad request' }),
      [assistantMessage('unused')],
    ]);
    const agent = new Agent({ name: 'A', model, modelSettings: retrySettings() });
    await assert.rejects(runner().run(agent, 'Hi'), (e) => e === failure);
    assert.equal(model.remainingSteps, 1);
  });

  test('callback advice receives the attempt number and decides per attempt', async () => {
    const attempts: Array<[number, boolean]> = [];
    const advise = ({ attempt, stream }: ModelRetryAdviceRequest): ModelRetryAdvice => {
      attempts.push([attempt, stream]);
      return { suggested: attempt === 1 };
    };
    const second = new Error('second failure');
    const model = new ScriptedModel([
      modelError(new Error('first failure'), advise),
      modelError(second, advise),
      [assistantMessage('unused')],
    ]);
    const agent = new Agent({ name: 'A', model, modelSettings: retrySettings() });
    await assert.rejects(runner().run(agent, 'Hi'), (e) => e === second);
    assert.deepEqual(attempts, [[1, false], [2, false]]);
    assert.equal(model.calls.length, 2);
    assert.equal(model.remainingSteps, 1);
  });

  test('a custom policy sees the scripted advice as providerAdvice', async () => {
    const contexts: RetryPolicyContext[] = [];
    const policy = (context: RetryPolicyContext) => {
      contexts.push(context);
      return { retry: true, delayMs: 0 };
    };
    const failure = new Error('transient');
    const model = new ScriptedModel([
      modelError(failure, { suggested: true, retryAfterMs: 0, reason: 'scripted' }),
      [assistantMessage('ok')],
    ]);
    const agent = new Agent({ name: 'A', model, modelSettings: retrySettings(policy) });
    assert.equal((await runner().run(agent, 'Hi')).finalOutput, 'ok');
    assert.equal(contexts.length, 1);
    assert.equal(contexts[0].error, failure);
    assert.equal(contexts[0].attempt, 1);
    assert.equal(contexts[0].stream, false);
    assert.deepEqual(contexts[0].providerAdvice, {
      suggested: true,
      retryAfterMs: 0,
      reason: 'scripted',
    });
  });

  test('a streamed run retries too, with stream: true advice', async () => {
    const seen: boolean[] = [];
    const model = new ScriptedModel([
      modelError(new Error('stream failed'), ({ stream }) => {
        seen.push(stream);
        return { suggested: true, replaySafety: 'safe' };
      }),
      [assistantMessage('Recovered while streaming.')],
    ]);
    const agent = new Agent({ name: 'A', model, modelSettings: retrySettings() });
    const { result } = await streamedRun(agent, 'Hi');
    assert.equal(result.finalOutput, 'Recovered while streaming.');
    assert.deepEqual(seen, [true]);
    assert.deepEqual(model.calls.map((c) => c.streamed), [true, true]);
    model.assertComplete();
  });

  test('retries beyond the script fail with UnexpectedModelCallError', async () => {
    const model = new ScriptedModel([
      modelError(new Error('always failing'), { suggested: true, replaySafety: 'safe' }),
    ]);
    const agent = new Agent({ name: 'A', model, modelSettings: retrySettings() });
    await assert.rejects(runner().run(agent, 'Hi'), UnexpectedModelCallError);
    assert.equal(model.calls.length, 2);
    model.acknowledgeFailures();
  });

  test('a responder can inspect the retried request', async () => {
    const model = new ScriptedModel([
      modelError(new Error('transient'), { suggested: true, replaySafety: 'safe' }),
      modelResponder((call) => {
        assert.equal(call.index, 1);
        return [assistantMessage(`retry saw ${(call.request.input as unknown[]).length} item`)];
      }),
    ]);
    const agent = new Agent({ name: 'A', model, modelSettings: retrySettings() });
    assert.equal((await runner().run(agent, 'Hi')).finalOutput, 'retry saw 1 item');
  });
});

describe('getRetryAdvice()', () => {
  test('returns undefined for an error the model never threw', async () => {
    const model = new ScriptedModel([modelError(new Error('x'), { suggested: true })]);
    assert.equal(
      await model.getRetryAdvice(adviceQuery(modelRequest(), new Error('other'))),
      undefined,
    );
  });

  test('advice is remembered when the step executes, not when it is enqueued', async () => {
    const error = new Error('x');
    const model = new ScriptedModel([modelError(error, { suggested: true })]);
    const live = modelRequest();
    assert.equal(await model.getRetryAdvice(adviceQuery(live, error)), undefined);
    await model.getResponse(live).catch(() => undefined);
    assert.deepEqual(await model.getRetryAdvice(adviceQuery(live, error)), { suggested: true });
  });

  test('advice is one-shot', async () => {
    const error = new Error('x');
    const model = new ScriptedModel([modelError(error, { suggested: true })]);
    const live = modelRequest();
    await model.getResponse(live).catch(() => undefined);
    assert.deepEqual(await model.getRetryAdvice(adviceQuery(live, error)), { suggested: true });
    assert.equal(await model.getRetryAdvice(adviceQuery(live, error)), undefined);
  });

  test('a step without advice yields undefined and is consumed', async () => {
    const error = new Error('x');
    const model = new ScriptedModel([modelError(error), modelError(error, { suggested: true })]);
    const first = modelRequest();
    const second = modelRequest();
    await model.getResponse(first).catch(() => undefined);
    await model.getResponse(second).catch(() => undefined);
    // The first record (no advice) is not a fallback for the second request.
    assert.deepEqual(await model.getRetryAdvice(adviceQuery(second, error)), { suggested: true });
    assert.equal(await model.getRetryAdvice(adviceQuery(first, error)), undefined);
    assert.equal(await model.getRetryAdvice(adviceQuery(first, error)), undefined);
  });

  test('a callback receives the complete retry-advice request', async () => {
    const error = new Error('x');
    let received: ModelRetryAdviceRequest | undefined;
    const model = new ScriptedModel([
      modelError(error, async (query) => {
        received = query;
        await Promise.resolve();
        return { suggested: query.attempt < 3 };
      }),
    ]);
    const live = modelRequest();
    await model.getResponse(live).catch(() => undefined);
    const query = adviceQuery(live, error, false, 3);
    assert.deepEqual(await model.getRetryAdvice(query), { suggested: false });
    assert.equal(received, query);
  });

  test('a callback may return undefined', async () => {
    const error = new Error('x');
    const model = new ScriptedModel([modelError(error, () => undefined)]);
    const live = modelRequest();
    await model.getResponse(live).catch(() => undefined);
    assert.equal(await model.getRetryAdvice(adviceQuery(live, error)), undefined);
  });

  test('three uses of one error are told apart by mode and request', async () => {
    const shared = new Error('shared');
    const model = new ScriptedModel([
      modelError(shared, { reason: 'non-streamed A' }),
      modelError(shared, { reason: 'streamed B' }),
      modelError(shared, { reason: 'non-streamed C' }),
    ]);
    const a = modelRequest({ input: 'a' });
    const b = modelRequest({ input: 'b' });
    const c = modelRequest({ input: 'c' });
    await model.getResponse(a).catch(() => undefined);
    await collect(model.getStreamedResponse(b)).catch(() => undefined);
    await model.getResponse(c).catch(() => undefined);

    const queries: Array<[ModelRequest, boolean, ModelRetryAdvice | undefined]> = [
      [c, false, { reason: 'non-streamed C' }],
      [b, true, { reason: 'streamed B' }],
      [a, false, { reason: 'non-streamed A' }],
      [a, true, undefined],
    ];
    for (const [live, stream, advice] of queries) {
      assert.deepEqual(await model.getRetryAdvice(adviceQuery(live, shared, stream)), advice);
    }
  });

  test('exact request identity wins over shared inputs', async () => {
    const error = new Error('x');
    const model = new ScriptedModel([
      modelError(error, { reason: 'original' }),
      modelError(error, { reason: 'copy' }),
    ]);
    const original = modelRequest();
    const copy = { ...original };
    await model.getResponse(original).catch(() => undefined);
    await model.getResponse(copy).catch(() => undefined);
    assert.deepEqual(await model.getRetryAdvice(adviceQuery(copy, error)), { reason: 'copy' });
    assert.deepEqual(await model.getRetryAdvice(adviceQuery(original, error)), {
      reason: 'original',
    });
  });

  test("a runner-style per-attempt copy matches its original request's inputs", async () => {
    const error = new Error('x');
    const model = new ScriptedModel([
      modelError(error, { reason: 'unrelated' }),
      modelError(error, { reason: 'attempt copy' }),
    ]);
    const unrelated = modelRequest();
    const original = modelRequest();
    await model.getResponse(unrelated).catch(() => undefined);
    // The runner calls the model with a shallow copy and a fresh signal, but asks for
    // advice with the original request.
    const attempt = { ...original, signal: new AbortController().signal, _internal: {} };
    await model.getResponse(attempt).catch(() => undefined);
    assert.deepEqual(await model.getRetryAdvice(adviceQuery(original, error)), {
      reason: 'attempt copy',
    });
  });

  test('with no identity match, the oldest record of the same mode is used', async () => {
    const error = new Error('x');
    const model = new ScriptedModel([
      modelError(error, { reason: 'streamed' }),
      modelError(error, { reason: 'first' }),
      modelError(error, { reason: 'second' }),
    ]);
    await collect(model.getStreamedResponse(modelRequest())).catch(() => undefined);
    await model.getResponse(modelRequest()).catch(() => undefined);
    await model.getResponse(modelRequest()).catch(() => undefined);
    const stranger = modelRequest();
    const queries: Array<[boolean, ModelRetryAdvice | undefined]> = [
      [false, { reason: 'first' }],
      [false, { reason: 'second' }],
      [false, undefined],
      [true, { reason: 'streamed' }],
    ];
    for (const [stream, advice] of queries) {
      assert.deepEqual(await model.getRetryAdvice(adviceQuery(stranger, error, stream)), advice);
    }
  });

  test('a per-attempt copy must share every one of input, settings, tools and handoffs', async () => {
    const shared = {
      input: [{ type: 'message' as const, role: 'user' as const, content: 'Hi' }],
      modelSettings: {},
      tools: [],
      handoffs: [],
    };
    const fresh = {
      input: [{ type: 'message' as const, role: 'user' as const, content: 'Hi' }],
      modelSettings: {},
      tools: [],
      handoffs: [],
    };
    for (const field of ['input', 'modelSettings', 'tools', 'handoffs'] as const) {
      const error = new Error(field);
      const model = new ScriptedModel([
        modelError(error, { reason: `differs in ${field}` }),
        modelError(error, { reason: 'same fields' }),
      ]);
      // Recorded first, equal in content but not the same object in one field.
      const other = modelRequest({ ...shared, [field]: fresh[field] });
      const original = modelRequest(shared);
      await model.getResponse(other).catch(() => undefined);
      await model.getResponse({ ...original }).catch(() => undefined);
      assert.deepEqual(
        await model.getRetryAdvice(adviceQuery(original, error)),
        { reason: 'same fields' },
        field,
      );
      assert.deepEqual(
        await model.getRetryAdvice(adviceQuery(original, error)),
        { reason: `differs in ${field}` },
        field,
      );
    }
  });

  test('a hand-written query without a request is answered, oldest record first', async () => {
    const error = new Error('x');
    const model = new ScriptedModel([
      modelError(error, { reason: 'first' }),
      modelError(error, { reason: 'second' }),
    ]);
    // Requests with none of the compared fields, as a hand-written policy test may send.
    await model.getResponse({} as ModelRequest).catch(() => undefined);
    await model.getResponse({} as ModelRequest).catch(() => undefined);
    const query = { error, stream: false, attempt: 1 } as ModelRetryAdviceRequest;
    assert.deepEqual(await model.getRetryAdvice(query), { reason: 'first' });
    assert.deepEqual(await model.getRetryAdvice(query), { reason: 'second' });
    assert.equal(await model.getRetryAdvice(query), undefined);
  });

  test('thrown values are matched like Map keys (NaN, primitives)', async () => {
    const model = new ScriptedModel([
      modelError(Number.NaN, { reason: 'nan' }),
      modelError('boom', { reason: 'string' }),
    ]);
    const live = modelRequest();
    await model.getResponse(live).catch(() => undefined);
    await model.getResponse(live).catch(() => undefined);
    assert.deepEqual(await model.getRetryAdvice(adviceQuery(live, Number.NaN)), {
      reason: 'nan',
    });
    assert.deepEqual(await model.getRetryAdvice(adviceQuery(live, 'boom')), { reason: 'string' });
  });
});
