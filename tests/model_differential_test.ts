/**
 * Differential conformance: identical scripted scenarios run against the SDK's
 * own `ScriptedModel` (`@openai/agents/testing`, test-only import) and ours,
 * comparing everything observable — returned values with their key order,
 * recorded calls, streamed events, thrown errors with their fields, messages
 * and whether they were thrown synchronously.
 */
import assert from 'node:assert/strict';
import {
  Agent,
  type ModelRequest,
  type ModelRetryAdviceRequest,
  retryPolicies,
  Usage,
} from '@openai/agents';
import * as Sdk from '@openai/agents/testing';
import * as Ours from 'scripted-agents/testing';
import { describeValue } from './_describe_value.ts';
import { describe, test } from './_harness.ts';
import {
  collect,
  modelRequest,
  noopTool,
  runner,
  streamedRun,
  weatherTool,
} from './_model_fixtures.ts';

type Impl = typeof Ours;
const implementations: Record<'sdk' | 'ours', Impl> = {
  sdk: Sdk as unknown as Impl,
  ours: Ours,
};

type Log = (label: string, value: unknown) => void;
type Scenario = (impl: Impl, log: Log) => Promise<void> | void;

/** Calls `fn`, logging its (awaited) result or error and whether the error was synchronous. */
async function attempt(log: Log, label: string, fn: () => unknown): Promise<unknown> {
  let result: unknown;
  try {
    result = fn();
  } catch (error) {
    log(label, { threwSynchronously: describeValue(error) });
    return undefined;
  }
  try {
    const settled = await result;
    log(label, { value: describeValue(settled) });
    return settled;
  } catch (error) {
    log(label, { rejected: describeValue(error) });
    return undefined;
  }
}

function logModel(log: Log, label: string, model: InstanceType<Impl['ScriptedModel']>) {
  log(`${label}: calls`, describeValue(model.calls));
  log(`${label}: firstCall`, describeValue(model.firstCall));
  log(`${label}: lastCall`, describeValue(model.lastCall));
  log(`${label}: remainingSteps`, model.remainingSteps);
  try {
    model.assertComplete();
    log(`${label}: assertComplete`, 'ok');
  } catch (error) {
    log(`${label}: assertComplete`, describeValue(error));
  }
}

async function observe(impl: Impl, scenario: Scenario): Promise<Array<[string, unknown]>> {
  const observations: Array<[string, unknown]> = [];
  await scenario(impl, (label, value) => observations.push([label, value]));
  return observations;
}

const scenarios: Record<string, Scenario> = {
  'factories and output helpers': (impl, log) => {
    const respond = () => [];
    log('modelResponse', describeValue(impl.modelResponse([])));
    log('modelError', describeValue(impl.modelError('e')));
    log('modelError with advice', describeValue(impl.modelError('e', { suggested: true })));
    log('modelResponder', describeValue(impl.modelResponder(respond)));
    log('modelStream', describeValue(impl.modelStream([])));
    log('modelStreamResponder', describeValue(impl.modelStreamResponder(respond)));
    log('assistantMessage', describeValue(impl.assistantMessage('t')));
    log(
      'assistantMessage with options',
      describeValue(
        impl.assistantMessage('t', { providerData: { a: 1 }, phase: 'commentary', id: 'i' }),
      ),
    );
    log('functionCall', describeValue(impl.functionCall('f', { a: [1] }, { callId: 'c' })));
    log(
      'functionCall with options',
      describeValue(
        impl.functionCall('f', 'raw', { callId: 'c', id: 'i', namespace: 'n', providerData: {} }),
      ),
    );
  },

  'construction-time validation': async (impl, log) => {
    const inputs: unknown[] = [
      null,
      undefined,
      'text',
      7,
      {},
      { type: 'nope' },
      { type: 3 },
      { type: 'response' },
      { type: 'response', response: 'x' },
      { type: 'response', response: { output: [], usage: {} } },
      { output: [], usage: { requests: 1 } },
      { usage: new Usage() },
      { output: [] },
      { type: 'error' },
      { type: 'error', error: undefined },
      { type: 'responder' },
      { type: 'stream_responder', respond: 1 },
      { type: 'stream' },
      { type: 'stream', events: 'abc' },
      { type: 'stream', events: {} },
      { type: 'stream', events: new Set() },
      [],
      { output: [], usage: new Usage({ requests: 0 }) },
    ];
    for (const [i, input] of inputs.entries()) {
      await attempt(log, `constructor input ${i}`, () => {
        const model = new impl.ScriptedModel([[], input as never]);
        return model.remainingSteps;
      });
    }
    const model = new impl.ScriptedModel();
    await attempt(log, 'enqueue', () => model.enqueue([], [], { type: 'error' } as never));
    log('after failed enqueue', model.remainingSteps);
    await attempt(log, 'non-iterable', () => new impl.ScriptedModel(null as never));
  },

  'non-streaming responses': async (impl, log) => {
    const envelope = {
      output: [impl.assistantMessage('e')],
      usage: new Usage({
        requests: 2,
        inputTokens: 1,
        inputTokensDetails: { cached_tokens: 1 },
        requestUsageEntries: [{ inputTokens: 1, outputTokens: 0, totalTokens: 1 }],
      }),
      requestId: 'req',
      providerData: { p: [1] },
      extra: true,
    };
    const model = new impl.ScriptedModel([
      [impl.assistantMessage('a')],
      envelope,
      impl.modelResponse({ ...envelope, responseId: 'resp' }),
      { output: [], usage: new Usage({ requests: 0 }) },
      impl.modelResponder((call) => [impl.assistantMessage(`r${call.index}`)]),
      impl.modelResponder(() => ({ output: [], usage: new Usage(), responseId: 'x' })),
      impl.modelResponder(() => ({ output: [], usage: {} }) as never),
      impl.modelStream([]),
      impl.modelStreamResponder(() => []),
      impl.modelError(new TypeError('scripted')),
    ]);
    envelope.output.push(impl.assistantMessage('mutated later'));
    for (let i = 0; i < 11; i++) {
      await attempt(log, `call ${i}`, () => model.getResponse(modelRequest({ input: `q${i}` })));
    }
    logModel(log, 'model', model);
  },

  'streaming responses': async (impl, log) => {
    const model = new impl.ScriptedModel([
      [
        impl.assistantMessage('one', { id: 'm1' }),
        impl.functionCall('f', {}, { callId: 'c' }),
        {
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [
            { type: 'output_text', text: 'a', providerData: { x: 1 } },
            { type: 'refusal', refusal: 'r' },
            { type: 'output_text', text: 'b' },
          ],
        },
      ],
      {
        output: [impl.assistantMessage('env')],
        usage: new Usage({
          requests: 0,
          inputTokens: 2,
          outputTokensDetails: [{ reasoning_tokens: 1 }],
          requestUsageEntries: [{
            inputTokens: 2,
            outputTokens: 0,
            totalTokens: 2,
            endpoint: 'responses.create',
          }],
        }),
        requestId: 'req',
      },
      impl.modelResponder((call) => [impl.assistantMessage(`r${call.index}`)]),
      impl.modelStream([{ type: 'response_started' }, { type: 'output_text_delta', delta: 'd' }]),
      impl.modelStreamResponder((call) => [{ type: 'output_text_delta', delta: `s${call.index}` }]),
      impl.modelStreamResponder(() => ({}) as never),
      impl.modelResponder(() => 'bad' as never),
      impl.modelError('stream error'),
    ]);
    for (let i = 0; i < 9; i++) {
      await attempt(
        log,
        `stream ${i}`,
        () => collect(model.getStreamedResponse(modelRequest({ input: `s${i}` }))),
      );
    }
    logModel(log, 'model', model);
  },

  'invocation order of streams': async (impl, log) => {
    const model = new impl.ScriptedModel([[impl.assistantMessage('1')], [
      impl.assistantMessage('2'),
    ]]);
    const a = model.getStreamedResponse(modelRequest({ input: 'a' }));
    const b = model.getStreamedResponse(modelRequest({ input: 'b' }));
    await attempt(log, 'b', () => collect(b));
    await attempt(log, 'a', () => collect(a));
    logModel(log, 'model', model);
  },

  'abort checkpoints': async (impl, log) => {
    const aborted = AbortSignal.abort();
    const model = new impl.ScriptedModel([[impl.assistantMessage('kept')]]);
    await attempt(log, 'entry', () => model.getResponse(modelRequest({ signal: aborted })));
    await attempt(
      log,
      'entry stream',
      () => model.getStreamedResponse(modelRequest({ signal: aborted })),
    );
    logModel(log, 'after entry aborts', model);

    const controller = new AbortController();
    let invoked = 0;
    const later = new impl.ScriptedModel([
      impl.modelResponder(() => {
        controller.abort();
        return [];
      }),
    ]);
    await attempt(
      log,
      'responder',
      () => later.getResponse(modelRequest({ signal: controller.signal })),
    );

    const second = new AbortController();
    const streams = new impl.ScriptedModel([
      impl.modelError(new Error('e')),
      impl.modelStreamResponder(() => {
        invoked++;
        return [];
      }),
    ]);
    const s1 = streams.getStreamedResponse(modelRequest({ signal: second.signal }));
    const s2 = streams.getStreamedResponse(modelRequest({ signal: second.signal }));
    second.abort();
    await attempt(log, 'error step after abort', () => collect(s1));
    await attempt(log, 'stream responder after abort', () => collect(s2));
    log('stream responder invoked', invoked);

    const third = new AbortController();
    const envelope = { output: [], usage: new Usage() };
    Object.defineProperty(envelope, 'rawUsage', {
      enumerable: true,
      get() {
        third.abort();
        return {};
      },
    });
    const raw = new impl.ScriptedModel([envelope]);
    await attempt(
      log,
      'rawUsage getter aborts',
      () =>
        raw.getResponse(
          modelRequest({ signal: third.signal, modelSettings: { preserveRawUsage: true } }),
        ),
    );
  },

  'raw usage gating': async (impl, log) => {
    let reads = 0;
    const lazy = () => {
      const envelope = { output: [], usage: new Usage(), responseId: 'id' };
      Object.defineProperty(envelope, 'rawUsage', {
        enumerable: true,
        get() {
          reads++;
          return { t: 1, skip: undefined };
        },
      });
      return envelope;
    };
    const model = new impl.ScriptedModel([
      lazy(),
      lazy(),
      { output: [], usage: new Usage(), rawUsage: { bad: Number.NaN } },
      { output: [], usage: new Usage(), rawUsage: { good: [1] } },
      lazy(),
    ]);
    await attempt(log, 'flag off', () => model.getResponse(modelRequest()));
    await attempt(
      log,
      'flag on',
      () => model.getResponse(modelRequest({ modelSettings: { preserveRawUsage: true } })),
    );
    await attempt(
      log,
      'invalid raw',
      () => model.getResponse(modelRequest({ modelSettings: { preserveRawUsage: true } })),
    );
    await attempt(
      log,
      'valid raw streamed',
      () =>
        collect(
          model.getStreamedResponse(modelRequest({ modelSettings: { preserveRawUsage: true } })),
        ),
    );
    await attempt(
      log,
      'streamed flag off',
      () => collect(model.getStreamedResponse(modelRequest())),
    );
    log('reads', reads);
  },

  'retry advice': async (impl, log) => {
    const shared = new Error('shared');
    const calls: unknown[] = [];
    const model = new impl.ScriptedModel([
      impl.modelError(shared, { reason: 'A' }),
      impl.modelError(shared, { reason: 'B' }),
      impl.modelError(shared, (query: ModelRetryAdviceRequest) => {
        calls.push(query.attempt);
        return { reason: `C${query.attempt}` };
      }),
      impl.modelError(shared),
    ]);
    const a = modelRequest();
    const b = modelRequest();
    const c = modelRequest();
    const d = modelRequest();
    await attempt(log, 'a', () => model.getResponse(a));
    await attempt(log, 'b', () => collect(model.getStreamedResponse(b)));
    await attempt(log, 'c', () => model.getResponse({ ...c, _internal: {} } as ModelRequest));
    await attempt(log, 'd', () => model.getResponse(d));
    const ask = (r: ModelRequest, stream: boolean, n: number) =>
      model.getRetryAdvice({ request: r, error: shared, stream, attempt: n });
    await attempt(log, 'advice c', () => ask(c, false, 4));
    await attempt(log, 'advice b wrong mode', () => ask(b, false, 1));
    await attempt(log, 'advice b', () => ask(b, true, 1));
    await attempt(log, 'advice b again', () => ask(b, true, 1));
    await attempt(log, 'advice stranger', () => ask(modelRequest(), false, 1));
    await attempt(log, 'advice stranger 2', () => ask(modelRequest(), false, 1));
    await attempt(log, 'advice none left', () => ask(a, false, 1));
    await attempt(
      log,
      'unknown error',
      () => model.getRetryAdvice({ request: a, error: new Error('x'), stream: false, attempt: 1 }),
    );
    log('callback attempts', calls);
  },

  'recording and detach rules': async (impl, log) => {
    class Token {
      value = [1];
    }
    const cyclic: Record<string, unknown> = { name: 'cycle' };
    cyclic.self = cyclic;
    const buffer = new Uint8Array([1, 2, 3, 4]).buffer;
    const live = modelRequest({
      input: JSON.parse('[{"type":"message","role":"user","content":"x","__proto__":{"p":1}}]'),
      modelSettings: {
        temperature: 0.3,
        providerData: {
          token: new Token(),
          when: new Date(0),
          map: new Map([[1, 2]]),
          cyclic,
          buffer,
          view: new Uint16Array(buffer, 2, 1),
        },
      },
      toolsExplicitlyProvided: true,
    });
    let seen: unknown;
    const model = new impl.ScriptedModel([
      impl.modelResponder((call) => {
        seen = describeValue(call);
        (call.request.input as unknown[]).push('responder tampering');
        return [impl.assistantMessage('x', { providerData: { tag: 'original' } })];
      }),
      [
        {
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 't', providerData: { tag: 'original' } }],
        },
      ],
    ]);
    await attempt(log, 'call', () => model.getResponse(live));
    log('responder saw', seen);
    (live.input as unknown[]).push('late');
    live.modelSettings.temperature = 1;
    const read = model.calls[0];
    (read.request.input as unknown[]).push('reader tampering');
    logModel(log, 'after tampering', model);
    const provider = model.calls[0].request.modelSettings.providerData as Record<string, unknown>;
    log('class instance kept', provider.token === live.modelSettings.providerData?.token);
    log('cycle kept', (provider.cyclic as Record<string, unknown>).self === provider.cyclic);
    log('view shares copied buffer', (provider.view as Uint16Array).buffer === provider.buffer);
    log('buffer copied', provider.buffer !== buffer);

    const events = await collect<unknown>(model.getStreamedResponse(modelRequest()));
    const delta = events[1] as { providerData: { tag: string } };
    delta.providerData.tag = 'mutated';
    log('events', describeValue(events));
  },

  'runner: tool workflow, retries, both modes': async (impl, log) => {
    const weather = weatherTool();
    for (const stream of [false, true]) {
      const model = new impl.ScriptedModel([
        impl.modelError(new Error('transient'), { suggested: true, replaySafety: 'safe' }),
        [impl.functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
        [impl.assistantMessage('It is sunny in Tokyo.')],
      ]);
      const agent = new Agent({
        name: 'Weather',
        instructions: 'Answer briefly.',
        model,
        tools: [weather],
        modelSettings: {
          retry: {
            maxRetries: 2,
            policy: retryPolicies.providerSuggested(),
            backoff: { initialDelayMs: 0, jitter: false },
          },
        },
      });
      if (stream) {
        const { result, raw } = await streamedRun(agent, 'Weather in Tokyo?');
        log('streamed final output', result.finalOutput);
        log('streamed raw events', describeValue(raw));
        log('streamed usage', describeValue(result.state.usage));
      } else {
        const result = await runner().run(agent, 'Weather in Tokyo?');
        log('final output', result.finalOutput);
        log('raw responses', describeValue(result.rawResponses));
        log('usage', describeValue(result.state.usage));
      }
      logModel(log, `model (stream: ${stream})`, model);
    }
  },

  'runner: workflow drift': async (impl, log) => {
    const model = new impl.ScriptedModel([[impl.functionCall('noop', {}, { callId: 'c' })]]);
    const agent = new Agent({ name: 'A', model, tools: [noopTool()] });
    await attempt(log, 'run', () => runner().run(agent, 'go'));
    logModel(log, 'model', model);
  },
};

/**
 * Our teardown and unexpected-call messages open with the SDK double's whole
 * message and then say more (route, unused steps, transcript). Where ours
 * does exactly that, compare the SDK's part only; any other difference stays.
 */
function sameOpenings(actual: unknown, expected: unknown): unknown {
  if (Array.isArray(actual) && Array.isArray(expected)) {
    return actual.map((entry, index) => sameOpenings(entry, expected[index]));
  }
  if (typeof actual !== 'object' || actual === null) return actual;
  if (typeof expected !== 'object' || expected === null) return actual;
  const theirs = expected as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(actual).map(([key, value]) => {
      const sdk = theirs[key];
      if (
        key === 'message' && typeof value === 'string' && typeof sdk === 'string' &&
        /^ScriptedModel (has \d+ unconsumed|received unexpected)/.test(sdk) &&
        (value.startsWith(`${sdk} `) || value.startsWith(`${sdk}\n`))
      ) return [key, sdk];
      return [key, sameOpenings(value, sdk)];
    }),
  );
}

describe('differential conformance with the SDK ScriptedModel', () => {
  for (const [name, scenario] of Object.entries(scenarios)) {
    test(name, async () => {
      const expected = await observe(implementations.sdk, scenario);
      const actual = await observe(implementations.ours, scenario);
      assert.ok(expected.length > 0);
      for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
        assert.deepEqual(
          sameOpenings(actual[i], expected[i]),
          expected[i],
          `observation #${i + 1} (${expected[i]?.[0]})`,
        );
      }
    });
  }
});
