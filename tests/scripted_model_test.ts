import assert from 'node:assert/strict';
import { Agent, handoff, type Model, type ModelRequest, tool, Usage } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  DoubleFailuresError,
  functionCall,
  InvalidScriptedModelStepError,
  modelError,
  modelResponder,
  modelResponse,
  modelStream,
  modelStreamResponder,
  ScriptedModel,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import {
  isUnexpectedCall,
  modelRequest,
  noopTool,
  runner,
  weatherTool,
  weatherTurns,
} from './_model_fixtures.ts';

describe('recipe workflows, asserting more', () => {
  // 'returns a deterministic final answer' lives in tests/recipes/fixed_response_test.ts only.

  test('the multi-turn tool workflow returns the tool result under its call id', async () => {
    // The scenario of tests/recipes/tool_workflow_test.ts, asserting more of what the model saw.
    const model = new ScriptedModel(weatherTurns());
    const agent = new Agent({ name: 'Weather assistant', model, tools: [weatherTool()] });
    const result = await runner().run(agent, 'What is the weather in Tokyo?');
    assert.equal(result.finalOutput, 'It is sunny in Tokyo.');
    assert.equal(model.calls.length, 2);
    const lastInput = model.lastCall?.request.input;
    assert(Array.isArray(lastInput));
    const toolResult = lastInput.find((item) => item.type === 'function_call_result');
    assert.ok(toolResult);
    assert.equal((toolResult as { callId: string }).callId, 'call_1');
    assert.deepEqual((toolResult as { output: unknown }).output, {
      type: 'text',
      text: 'Tokyo: sunny',
    });
    // The first call offered the tool with its zod-derived schema.
    const offered = model.firstCall?.request.tools.map((t) => t.name);
    assert.deepEqual(offered, ['get_weather']);
    model.assertComplete();
  });

  // Copy removed: 'derives a response…' is tests/recipes/request_aware_response_test.ts.

  test('an async responder works the same', async () => {
    const model = new ScriptedModel([
      modelResponder(async (call) => {
        await Promise.resolve();
        return [assistantMessage(`async ${call.index}`)];
      }),
    ]);
    const result = await runner().run(new Agent({ name: 'A', model }), 'Hi');
    assert.equal(result.finalOutput, 'async 0');
  });

  function createOrderAgent(model: Model, needsApproval = false) {
    const lookupOrder = tool({
      name: 'lookup_order',
      description: 'Looks up an order.',
      parameters: z.object({ orderId: z.string() }),
      needsApproval,
      execute: ({ orderId }) => `${orderId}: shipped`,
    });
    return new Agent({ name: 'Order assistant', model, tools: [lookupOrder] });
  }

  function orderScript() {
    return new ScriptedModel([
      [functionCall('lookup_order', { orderId: 'order_123' }, { callId: 'call_1' })],
      [assistantMessage('Order 123 has shipped.')],
    ]);
  }

  // Copy removed: 'preserves the order lookup…' is tests/recipes/workflow_drift_test.ts.

  test('drift: a workflow that now stops early leaves one unconsumed step', async () => {
    const model = orderScript();
    // The application changed: lookup_order now needs approval, so the run interrupts.
    const result = await runner().run(createOrderAgent(model, true), 'Where is order 123?');
    assert.equal(result.interruptions.length, 1);
    assert.equal(model.remainingSteps, 1);
    assert.throws(
      () => model.assertComplete(),
      (error: unknown) => {
        assert(error instanceof UnconsumedModelStepsError);
        assert.equal(error.remainingSteps, 1);
        // The SDK double's sentence first, then what was left and what came before.
        assert.equal(
          error.message,
          [
            'ScriptedModel has 1 unconsumed scripted step. 1 call was made. Unused: #2 message ' +
            '"Order 123 has shipped.". Remove the steps the workflow no longer needs, or find why ' +
            'it stopped early (an interruption, a guardrail, a changed tool).',
            'Last steps before it stopped:',
            '  user: "Where is order 123?"',
            '  lookup_order({"orderId":"order_123"})',
          ].join('\n'),
        );
        return true;
      },
    );
  });

  test('drift: an extra model request fails with UnexpectedModelCallError', async () => {
    const model = new ScriptedModel([
      [functionCall('lookup_order', { orderId: 'order_123' }, { callId: 'call_1' })],
    ]);
    await assert.rejects(
      runner().run(createOrderAgent(model), 'Where is order 123?'),
      (error: unknown) => {
        isUnexpectedCall(1, false)(error);
        // What the extra call was answering: the run so far, as a transcript.
        assert.equal(
          (error as Error).message,
          [
            'ScriptedModel received unexpected non-streaming call #2; no scripted steps remain. ' +
            'Its 1 scripted step was used. Add a step for this call (constructor or enqueue()), ' +
            'or find why the workflow asked again.',
            'The call was answering:',
            '  user: "Where is order 123?"',
            '  lookup_order({"orderId":"order_123"}) → "order_123: shipped"',
          ].join('\n'),
        );
        return true;
      },
    );
    // The unexpected call is recorded, so the test can see what it asked.
    assert.equal(model.calls.length, 2);
    assert.deepEqual(model.acknowledgeFailures().map((e) => (e as Error).name), [
      'UnexpectedModelCallError',
    ]);
  });
});

describe('handoffs', () => {
  test('a scripted handoff transfers control to the next agent, same model', async () => {
    const model = new ScriptedModel([
      [functionCall('transfer_to_billing', {}, { callId: 'call_h' })],
      [assistantMessage('Billing here.')],
    ]);
    const billing = new Agent({ name: 'billing', model, handoffDescription: 'Billing questions' });
    const triage = new Agent({ name: 'Triage', model, handoffs: [handoff(billing)] });
    const result = await runner().run(triage, 'I have a billing question');
    assert.equal(result.finalOutput, 'Billing here.');
    assert.equal(result.lastAgent?.name, 'billing');
    const [first, second] = model.calls;
    assert.deepEqual(first.request.handoffs.map((h) => h.toolName), ['transfer_to_billing']);
    assert.deepEqual(second.request.handoffs, []);
    model.assertComplete();
  });

  test('each agent may have its own scripted model', async () => {
    const billingModel = new ScriptedModel([[assistantMessage('Billing here.')]]);
    const triageModel = new ScriptedModel([
      [functionCall('transfer_to_billing', {}, { callId: 'call_h' })],
    ]);
    const billing = new Agent({ name: 'billing', model: billingModel });
    const triage = new Agent({ name: 'Triage', model: triageModel, handoffs: [billing] });
    const result = await runner().run(triage, 'Billing question');
    assert.equal(result.finalOutput, 'Billing here.');
    triageModel.assertComplete();
    billingModel.assertComplete();
  });
});

describe('recording', () => {
  test('calls, firstCall, lastCall and remainingSteps', async () => {
    const model = new ScriptedModel([[assistantMessage('a')], [assistantMessage('b')]]);
    const before = { calls: model.calls, first: model.firstCall, last: model.lastCall };
    assert.deepEqual(before, { calls: [], first: undefined, last: undefined });
    assert.equal(model.remainingSteps, 2);
    await model.getResponse(modelRequest({ input: 'one' }));
    assert.equal(model.remainingSteps, 1);
    await model.getResponse(modelRequest({ input: 'two' }));
    assert.equal(model.remainingSteps, 0);
    assert.deepEqual(model.calls.map((c) => [c.index, c.streamed, c.request.input]), [
      [0, false, 'one'],
      [1, false, 'two'],
    ]);
    assert.equal(model.firstCall?.request.input, 'one');
    assert.equal(model.lastCall?.request.input, 'two');
  });

  test('every read is a new frozen array of new frozen snapshots', async () => {
    const model = new ScriptedModel([[assistantMessage('a')]]);
    await model.getResponse(modelRequest());
    const a = model.calls;
    const b = model.calls;
    assert.notEqual(a, b);
    assert.ok(Object.isFrozen(a));
    assert.notEqual(a[0], b[0]);
    assert.ok(Object.isFrozen(a[0]));
    assert.ok(Object.isFrozen(a[0].request));
    assert.notEqual(a[0].request, b[0].request);
    assert.notEqual(a[0].request.input, b[0].request.input);
    assert.notEqual(model.firstCall, model.firstCall);
    assert.notEqual(model.lastCall?.request, model.lastCall?.request);
  });

  test('nested copies are mutable but private to one read', async () => {
    const model = new ScriptedModel([[assistantMessage('a')]]);
    await model.getResponse(modelRequest({ modelSettings: { temperature: 0.5 } }));
    const read = model.calls[0];
    const input = read.request.input as { content: string }[];
    assert.ok(!Object.isFrozen(input));
    input[0].content = 'tampered';
    input.push({ content: 'extra' });
    (read.request.modelSettings as { temperature: number }).temperature = 2;
    assert.throws(() => {
      (read.request as { input: unknown }).input = 'replaced';
    }, TypeError);
    const again = model.calls[0].request;
    assert.deepEqual(again.input, [{ type: 'message', role: 'user', content: 'Hi' }]);
    assert.equal(again.modelSettings.temperature, 0.5);
  });

  test('the live request can change after the call without changing history', async () => {
    const model = new ScriptedModel([[assistantMessage('a')]]);
    const live = modelRequest({ modelSettings: { temperature: 0.1, providerData: { k: [1] } } });
    await model.getResponse(live);
    (live.input as { content: string }[])[0].content = 'changed';
    live.modelSettings.temperature = 1;
    (live.modelSettings.providerData as { k: number[] }).k.push(2);
    live.tools.push({
      type: 'function',
      name: 'late',
      description: '',
      parameters: {} as never,
      strict: true,
    });
    const recorded = model.firstCall!.request;
    assert.equal((recorded.input as { content: string }[])[0].content, 'Hi');
    assert.equal(recorded.modelSettings.temperature, 0.1);
    assert.deepEqual(recorded.modelSettings.providerData, { k: [1] });
    assert.deepEqual(recorded.tools, []);
  });

  test('the check judges the call-time request, not the live one a responder changes', async () => {
    const lookup = {
      type: 'function' as const,
      name: 'lookup',
      description: '',
      parameters: {
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
        additionalProperties: false,
      } as never,
      strict: true,
    };
    const live = modelRequest({ tools: [lookup] });
    const model = new ScriptedModel([
      modelResponder(() => {
        // Renaming the live tool after the call: the answer still names what was offered.
        live.tools[0] = { ...lookup, name: 'renamed' };
        return [functionCall('lookup', { id: 'A-1' })];
      }),
      modelResponder(() => {
        live.tools.length = 0;
        return [functionCall('renamed', { id: 'A-2' })];
      }),
    ]);
    const first = await model.getResponse(live);
    assert.equal(first.output.length, 1);
    // The second call was sent `renamed`: emptying the live list does not hide it.
    const second = await model.getResponse(live);
    assert.equal((second.output[0] as { name: string }).name, 'renamed');
    assert.deepEqual(model.calls.map((call) => call.request.tools.map((t) => t.name)), [
      ['lookup'],
      ['renamed'],
    ]);
    model.assertComplete();
    model.assertNoUnexpectedCalls();
  });

  test('runtime objects keep their identity: signal, callbacks, class instances', async () => {
    const model = new ScriptedModel([[assistantMessage('a')]]);
    const controller = new AbortController();
    const policy = () => false;
    class Token {
      value = 1;
    }
    const token = new Token();
    const date = new Date(0);
    const map = new Map([[1, 2]]);
    await model.getResponse(
      modelRequest({
        signal: controller.signal,
        modelSettings: { retry: { policy }, providerData: { token, date, map } },
      }),
    );
    const recorded = model.firstCall!.request;
    assert.equal(recorded.signal, controller.signal);
    assert.equal(recorded.modelSettings.retry?.policy, policy);
    assert.equal(recorded.modelSettings.providerData?.token, token);
    assert.equal(recorded.modelSettings.providerData?.date, date);
    // A Map is data: recorded as it was at the call, not by identity.
    const recordedMap = recorded.modelSettings.providerData?.map as Map<number, number>;
    assert.notEqual(recordedMap, map);
    map.set(1, 3);
    assert.deepEqual([...recordedMap], [[1, 2]]);
  });

  test('a responder receives a fresh frozen snapshot it cannot use to rewrite history', async () => {
    let seen: unknown;
    const model = new ScriptedModel([
      modelResponder((call) => {
        seen = call;
        assert.ok(Object.isFrozen(call));
        assert.ok(Object.isFrozen(call.request));
        (call.request.input as { content: string }[])[0].content = 'tampered';
        return [assistantMessage('ok')];
      }),
    ]);
    await model.getResponse(modelRequest());
    assert.notEqual(seen, model.firstCall);
    assert.deepEqual(model.firstCall!.request.input, [
      { type: 'message', role: 'user', content: 'Hi' },
    ]);
  });

  test('a call is recorded before its step resolves or throws', async () => {
    const failure = new Error('scripted');
    let callsDuringResponder = -1;
    const model = new ScriptedModel([modelError(failure)]);
    model.enqueue(
      modelResponder(() => {
        callsDuringResponder = model.calls.length;
        return [assistantMessage('ok')];
      }),
    );
    await assert.rejects(model.getResponse(modelRequest()), (e) => e === failure);
    assert.equal(model.calls.length, 1);
    await model.getResponse(modelRequest());
    assert.equal(callsDuringResponder, 2);
  });

  test('calls made by the real Runner record the normalized request', async () => {
    const model = new ScriptedModel([[assistantMessage('done')]]);
    const agent = new Agent({
      name: 'Assistant',
      instructions: 'Be brief.',
      model,
      modelSettings: { temperature: 0.2 },
    });
    await runner().run(agent, 'Hello');
    const call = model.firstCall!;
    assert.equal(call.request.systemInstructions, 'Be brief.');
    assert.equal(call.request.modelSettings.temperature, 0.2);
    assert.deepEqual(call.request.input, [{ type: 'message', role: 'user', content: 'Hello' }]);
  });
});

describe('responses', () => {
  test('the output-only shorthand gets a deterministic id and one request of usage', async () => {
    const model = new ScriptedModel([
      modelError(new Error('first call fails')),
      [assistantMessage('a')],
      [assistantMessage('b')],
    ]);
    await assert.rejects(model.getResponse(modelRequest()));
    const second = await model.getResponse(modelRequest());
    const third = await model.getResponse(modelRequest());
    // Ids follow the 1-based call number, not the step position.
    assert.equal(second.responseId, 'scripted-response-2');
    assert.equal(third.responseId, 'scripted-response-3');
    assert.ok(second.usage instanceof Usage);
    assert.equal(second.usage.requests, 1);
    assert.equal(second.usage.inputTokens, 0);
    assert.equal(second.usage.outputTokens, 0);
    assert.equal(second.usage.totalTokens, 0);
    assert.deepEqual(second.usage.inputTokensDetails, []);
    assert.deepEqual(second.usage.outputTokensDetails, []);
    assert.equal(second.usage.requestUsageEntries, undefined);
    assert.deepEqual(Object.keys(second), ['output', 'usage', 'responseId']);
  });

  test('the runner aggregates one request per shorthand turn', async () => {
    const model = new ScriptedModel([
      [functionCall('noop', {}, { callId: 'c1' })],
      [assistantMessage('done')],
    ]);
    const result = await runner().run(new Agent({ name: 'A', model, tools: [noopTool()] }), 'go');
    assert.equal(result.state.usage.requests, 2);
    assert.equal(result.state.usage.requestUsageEntries, undefined);
    assert.deepEqual(result.rawResponses.map((r) => r.responseId), [
      'scripted-response-1',
      'scripted-response-2',
    ]);
  });

  test('an explicit envelope is kept as given: no id added, usage preserved exactly', async () => {
    const model = new ScriptedModel([
      { output: [assistantMessage('x')], usage: new Usage({ requests: 0 }) },
      modelResponse({
        output: [assistantMessage('y')],
        usage: new Usage({ requests: 3, inputTokens: 5, outputTokens: 7 }),
        responseId: 'resp_1',
        requestId: 'req_1',
        providerData: { model: 'gpt-x' },
      }),
    ]);
    const first = await model.getResponse(modelRequest());
    assert.deepEqual(Object.keys(first), ['output', 'usage']);
    assert.equal(first.usage.requests, 0);
    const second = await model.getResponse(modelRequest());
    assert.equal(second.responseId, 'resp_1');
    assert.equal(second.requestId, 'req_1');
    assert.deepEqual(second.providerData, { model: 'gpt-x' });
    assert.equal(second.usage.requests, 3);
    assert.equal(second.usage.totalTokens, 12);
  });

  test('usage requests: 0 reaches the runner', async () => {
    const model = new ScriptedModel([
      { output: [assistantMessage('x')], usage: new Usage({ requests: 0, inputTokens: 4 }) },
    ]);
    const result = await runner().run(new Agent({ name: 'A', model }), 'go');
    assert.equal(result.state.usage.requests, 0);
    assert.equal(result.state.usage.inputTokens, 4);
  });

  test('a responder result is validated at call time', async () => {
    const model = new ScriptedModel([
      modelResponder(() => ({ output: [], usage: {} }) as never),
      modelResponder(() => 'nope' as never),
    ]);
    for (const callIndex of [0, 1]) {
      await assert.rejects(model.getResponse(modelRequest()), (error: unknown) => {
        assert(error instanceof InvalidScriptedModelStepError);
        assert.equal(error.reason, 'invalid_response');
        assert.equal(error.callIndex, callIndex);
        assert.equal(error.inputIndex, undefined);
        assert.equal(error.stepType, undefined);
        assert.equal(
          error.message,
          `ScriptedModel responder returned an invalid response for call #${callIndex + 1}.`,
        );
        return true;
      });
    }
    assert.equal(model.failures.length, 2);
    model.acknowledgeFailures();
  });

  test('a raw stream step cannot serve a non-streaming call (and is consumed)', async () => {
    const model = new ScriptedModel([
      modelStream([{ type: 'response_started' }]),
      modelStreamResponder(() => []),
      [assistantMessage('after')],
    ]);
    for (const [callIndex, stepType] of [[0, 'stream'], [1, 'stream_responder']] as const) {
      await assert.rejects(model.getResponse(modelRequest()), (error: unknown) => {
        assert(error instanceof InvalidScriptedModelStepError);
        assert.equal(error.reason, 'incompatible_call');
        assert.equal(error.callIndex, callIndex);
        assert.equal(error.inputIndex, undefined);
        assert.equal(error.stepType, stepType);
        assert.equal(
          error.message,
          `ScriptedModel cannot use raw stream step for non-streaming call #${callIndex + 1}.`,
        );
        return true;
      });
    }
    assert.equal(model.calls.length, 2);
    assert.equal(model.remainingSteps, 1);
    model.acknowledgeFailures();
  });

  test('an error step throws the scripted value itself, whatever it is', async () => {
    const values = [new Error('e'), 'a string', 42, { code: 'E' }, undefined, null];
    const model = new ScriptedModel(values.map((value) => modelError(value)));
    for (const value of values) {
      await assert.rejects(model.getResponse(modelRequest()), (thrown) => thrown === value);
    }
    // Scripted errors are the test's own doing, not workflow drift.
    assert.deepEqual(model.failures, []);
  });

  test('a responder that throws propagates its error', async () => {
    const failure = new Error('responder failed');
    const model = new ScriptedModel([
      modelResponder(() => {
        throw failure;
      }),
    ]);
    await assert.rejects(model.getResponse(modelRequest()), (e) => e === failure);
    assert.equal(model.calls.length, 1);
  });

  test('a responder envelope is returned as is when nothing needs normalizing', async () => {
    const envelope = { output: [assistantMessage('a')], usage: new Usage() };
    const model = new ScriptedModel([modelResponder(() => envelope)]);
    assert.equal(await model.getResponse(modelRequest()), envelope);
  });

  test('steps are consumed in order across enqueue()', async () => {
    const model = new ScriptedModel([[assistantMessage('1')]]);
    model.enqueue([assistantMessage('2')], modelResponse([assistantMessage('3')]));
    const texts = [];
    for (let i = 0; i < 3; i++) {
      const response = await model.getResponse(modelRequest());
      texts.push((response.output[0] as { content: { text: string }[] }).content[0].text);
    }
    assert.deepEqual(texts, ['1', '2', '3']);
    model.assertComplete();
  });

  test('the constructor accepts any iterable, including a generator', () => {
    function* steps() {
      yield [assistantMessage('from a generator')];
    }
    const model = new ScriptedModel(steps());
    assert.equal(model.remainingSteps, 1);
    assert.equal(new ScriptedModel().remainingSteps, 0);
  });

  test('ScriptedModel is not a prompt-model-selecting adapter', () => {
    const model = new ScriptedModel();
    assert.equal((model as Model).supportsPromptModelSelection, undefined);
    assert.equal(typeof model.getRetryAdvice, 'function');
  });
});

describe('teardown contract', () => {
  test('a swallowed unexpected call is still reported', async () => {
    const model = new ScriptedModel();
    await model.getResponse(modelRequest()).catch(() => undefined);
    assert.throws(() => model.getStreamedResponse(modelRequest({})), UnexpectedModelCallError);
    assert.equal(model.failures.length, 2);
    assert.ok(Object.isFrozen(model.failures));
    assert.throws(
      () => model.assertNoUnexpectedCalls(),
      (error: unknown) => {
        assert(error instanceof DoubleFailuresError);
        assert.equal(error.double, 'ScriptedModel');
        assert.equal(error.failures.length, 2);
        assert.ok(error.failures.every((f) => f instanceof UnexpectedModelCallError));
        return true;
      },
    );
  });

  test('acknowledgeFailures() returns the failures and forgets them', async () => {
    const model = new ScriptedModel([modelStream([])]);
    await model.getResponse(modelRequest()).catch(() => undefined);
    const acknowledged = model.acknowledgeFailures();
    assert.equal(acknowledged.length, 1);
    assert.ok(acknowledged[0] instanceof InvalidScriptedModelStepError);
    assert.deepEqual(model.failures, []);
    model.assertNoUnexpectedCalls();
  });

  test("assertComplete() keeps the SDK double's behaviour and ignores failures", async () => {
    const model = new ScriptedModel();
    await model.getResponse(modelRequest()).catch(() => undefined);
    model.assertComplete();
    model.acknowledgeFailures();
  });

  test('construction errors and scripted errors are not recorded as failures', async () => {
    assert.throws(() => new ScriptedModel([{} as never]), InvalidScriptedModelStepError);
    const model = new ScriptedModel([
      modelError(new Error('x')),
      modelResponder(() => {
        throw new Error('y');
      }),
    ]);
    assert.throws(() => model.enqueue(42 as never), InvalidScriptedModelStepError);
    await model.getResponse(modelRequest()).catch(() => undefined);
    await model.getResponse(modelRequest()).catch(() => undefined);
    assert.deepEqual(model.failures, []);
  });

  test('Symbol.dispose passes silently for a clean, complete script', async () => {
    const model = new ScriptedModel([[assistantMessage('a')]]);
    await model.getResponse(modelRequest());
    model[Symbol.dispose]();
  });

  test('Symbol.dispose reports unconsumed steps alone as UnconsumedModelStepsError', () => {
    const model = new ScriptedModel([[assistantMessage('a')]]);
    assert.throws(() => model[Symbol.dispose](), UnconsumedModelStepsError);
  });

  test('Symbol.dispose reports swallowed failures and unconsumed steps together', async () => {
    const model = new ScriptedModel([modelStream([]), [assistantMessage('never used')]]);
    await model.getResponse(modelRequest()).catch(() => undefined);
    assert.throws(
      () => model[Symbol.dispose](),
      (error: unknown) => {
        assert(error instanceof AggregateError);
        assert.equal(error.errors.length, 2);
        assert.ok(error.errors[0] instanceof DoubleFailuresError);
        assert.ok(error.errors[1] instanceof UnconsumedModelStepsError);
        assert.match(error.message, /^ScriptedModel teardown found 2 problems/);
        return true;
      },
    );
  });
});

describe('raw usage', () => {
  function withRawUsage(getter: () => unknown) {
    const envelope = { output: [assistantMessage('x')], usage: new Usage() };
    Object.defineProperty(envelope, 'rawUsage', { enumerable: true, get: getter });
    return envelope;
  }
  const preserve = (preserveRawUsage?: boolean) =>
    modelRequest({ modelSettings: { preserveRawUsage } });

  test('is not read at all unless the call asks to preserve it', async () => {
    let reads = 0;
    const model = new ScriptedModel([
      withRawUsage(() => {
        reads++;
        return { tokens: 1 };
      }),
      { output: [], usage: new Usage(), rawUsage: { tokens: 2 } },
    ]);
    const first = await model.getResponse(preserve(false));
    const second = await model.getResponse(preserve(undefined));
    assert.equal(reads, 0);
    assert.equal('rawUsage' in first, false);
    assert.equal('rawUsage' in second, false);
  });

  test('is read exactly once, lazily, and detached as JSON data', async () => {
    let reads = 0;
    const raw = { input_tokens: 3, details: { cached: [1, 2] }, skipped: undefined };
    const model = new ScriptedModel([
      withRawUsage(() => {
        reads++;
        return raw;
      }),
    ]);
    assert.equal(reads, 0);
    const response = await model.getResponse(preserve(true));
    assert.equal(reads, 1);
    assert.deepEqual(response.rawUsage, { input_tokens: 3, details: { cached: [1, 2] } });
    assert.notEqual(response.rawUsage, raw);
    assert.notEqual((response.rawUsage as { details: unknown }).details, raw.details);
  });

  test('a data rawUsage is snapshotted at enqueue and converted at call time', async () => {
    const raw = { tokens: 1 };
    const model = new ScriptedModel([{ output: [], usage: new Usage(), rawUsage: raw }]);
    raw.tokens = 2;
    const response = await model.getResponse(preserve(true));
    assert.deepEqual(response.rawUsage, { tokens: 1 });
  });

  test('a getter that throws or returns non-JSON data yields no raw usage', async () => {
    const model = new ScriptedModel([
      withRawUsage(() => {
        throw new Error('provider exploded');
      }),
      withRawUsage(() => ({ when: new Date(0) })),
      withRawUsage(() => ({ n: Number.NaN })),
      withRawUsage(() => [1, 2]),
    ]);
    for (let i = 0; i < 4; i++) {
      const response = await model.getResponse(preserve(true));
      assert.equal('rawUsage' in response, false);
      assert.deepEqual(Object.keys(response), ['output', 'usage']);
    }
  });

  test("the call-time snapshot decides, not the live request's later settings", async () => {
    const live = preserve(false);
    const model = new ScriptedModel([
      modelResponder(() => {
        live.modelSettings.preserveRawUsage = true;
        return { output: [], usage: new Usage(), rawUsage: { tokens: 1 } };
      }),
    ]);
    const response = await model.getResponse(live);
    assert.equal('rawUsage' in response, false);
  });

  test('reaches the runner when the agent preserves raw usage', async () => {
    const model = new ScriptedModel([
      { output: [assistantMessage('x')], usage: new Usage(), rawUsage: { provider_tokens: 9 } },
    ]);
    const agent = new Agent({ name: 'A', model, modelSettings: { preserveRawUsage: true } });
    const result = await runner().run(agent, 'Hi');
    assert.deepEqual(result.rawResponses[0].rawUsage, { provider_tokens: 9 });
  });

  test('is part of response_done when streamed', async () => {
    const model = new ScriptedModel([
      { output: [], usage: new Usage(), rawUsage: { provider_tokens: 9 } },
      { output: [], usage: new Usage(), rawUsage: { provider_tokens: 9 } },
    ]);
    const done = async (req: ModelRequest) => {
      let last: unknown;
      for await (const event of model.getStreamedResponse(req)) last = event;
      return (last as { response: { rawUsage?: unknown } }).response;
    };
    assert.deepEqual((await done(preserve(true))).rawUsage, { provider_tokens: 9 });
    const without = await done(preserve(false));
    assert.equal(without.rawUsage, undefined);
    assert.ok('rawUsage' in without);
  });
});
