// Cassette.toTypeScript: the source of a ScriptedModel that answers like the
// recording, written with the readable builders wherever an item is exactly
// what a builder makes, and as a literal everywhere else.
import assert from 'node:assert/strict';
import * as agentsEntry from '@openai/agents';
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import { Cassette, type CassetteInteraction } from 'scripted-agents/cassette';
import * as testingEntry from 'scripted-agents/testing';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  ScriptedModelProvider,
} from 'scripted-agents/testing';
import { printScriptedModel, printScriptedProvider, printStep } from '../cassette/_typescript.ts';
import { describe, test } from './_harness.ts';

const request = { input: 'Hi', modelSettings: {}, tools: [], handoffs: [], outputType: 'text' };

/** One interaction as the printers get it (a whole request, nothing stored apart). */
const interaction = (extra: Record<string, unknown>): CassetteInteraction =>
  ({ model: 'm', streamed: false, request, ...extra }) as unknown as CassetteInteraction;

function cassetteOf(interactions: Record<string, unknown>[]): Cassette {
  return Cassette.fromJSON({
    format: 'scripted-agents/cassette',
    version: 2,
    models: {},
    interactions: interactions.map(interaction),
    blobs: {},
  });
}

const message = (extra: Record<string, unknown> = {}) => ({
  type: 'message',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text: 'Hello.' }],
  ...extra,
});
const call = (extra: Record<string, unknown> = {}) => ({
  type: 'function_call',
  name: 'get_weather',
  callId: 'call_1',
  status: 'completed',
  arguments: '{"city":"Tokyo"}',
  ...extra,
});

describe('Cassette.toTypeScript', () => {
  test('items a builder makes exactly are printed with it, any other item as a literal', () => {
    const output = [
      message(),
      message({ id: 'msg_1', phase: 'final_answer', providerData: { p: 1 } }),
      message({ id: 7, phase: 1, providerData: 'x' }),
      message({
        content: [{ type: 'output_text', text: 'a' }, { type: 'output_text', text: 'b' }],
      }),
      message({ content: [{ type: 'output_text', text: 'a', annotations: [] }] }),
      message({ content: [{ type: 'refusal', text: 'no' }] }),
      message({ content: [{ type: 'output_text', text: 1 }] }),
      message({ content: ['text'] }),
      message({ content: 'text' }),
      message({ status: 'in_progress' }),
      message({ role: 'user' }),
      message({ type: 'reasoning' }),
      message({ extra: true }),
      call(),
      call({ id: 'call_1' }),
      call({ id: 'fc_1', namespace: 'tools', providerData: { p: 2 } }),
      call({ namespace: 1, providerData: [1] }),
      call({ arguments: 'not json' }),
      call({ arguments: '[1,2]' }),
      call({ arguments: '{ "city": "Tokyo" }' }),
      call({ name: 1 }),
      call({ callId: 1 }),
      call({ arguments: {} }),
      call({ status: 'in_progress' }),
      call({ extra: true }),
      'loose',
    ];
    const source = cassetteOf([{
      response: {
        output,
        usage: { requests: 1 },
        responseId: 'resp_1',
        requestId: 'req_1',
        providerData: { tier: 'fast' },
      },
    }]).toTypeScript();
    // As stored: object keys sorted, `type` first.
    const stable = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(stable)
        : value !== null && typeof value === 'object'
        ? Object.fromEntries(
          Object.keys(value).sort((x, y) => x === 'type' ? -1 : y === 'type' ? 1 : x < y ? -1 : 1)
            .map((key) => [key, stable((value as Record<string, unknown>)[key])]),
        )
        : value;
    const literal = (value: unknown) => `      ${JSON.stringify(stable(value))},`;
    assert.equal(
      source,
      [
        "import { Usage } from '@openai/agents';",
        "import { assistantMessage, functionCall, modelResponse, ScriptedModel } from 'scripted-agents/testing';",
        '',
        'export const model = new ScriptedModel([',
        '  // Call #1',
        '  modelResponse({',
        '    output: [',
        '      assistantMessage("Hello."),',
        '      assistantMessage("Hello.", { id: "msg_1", phase: "final_answer", providerData: {"p":1} }),',
        '      assistantMessage("Hello."),',
        ...output.slice(3, 13).map(literal),
        '      functionCall("get_weather", {"city":"Tokyo"}, { callId: "call_1" }),',
        '      functionCall("get_weather", {"city":"Tokyo"}, { callId: "call_1" }),',
        '      functionCall("get_weather", {"city":"Tokyo"}, { callId: "call_1", id: "fc_1", namespace: "tools", providerData: {"p":2} }),',
        '      functionCall("get_weather", {"city":"Tokyo"}, { callId: "call_1" }),',
        '      functionCall("get_weather", "not json", { callId: "call_1" }),',
        '      functionCall("get_weather", "[1,2]", { callId: "call_1" }),',
        '      functionCall("get_weather", "{ \\"city\\": \\"Tokyo\\" }", { callId: "call_1" }),',
        ...output.slice(20, 26).map(literal),
        '    ],',
        '    usage: new Usage({"requests":1}),',
        '    responseId: "resp_1",',
        '    requestId: "req_1",',
        '    providerData: {"tier":"fast"},',
        '  }),',
        ']);',
        '',
      ].join('\n'),
    );
  });

  test('streams and errors become steps of their own, importing only what they use', () => {
    const rateLimit = {
      className: 'RateLimitError',
      name: 'Error',
      message: 'slow',
      status: 429,
      headers: { 'retry-after': '1' },
      fields: { code: 'rate' },
      retryAdvice: { suggested: true },
    };
    const plain = { className: 'Error', name: 'TypeError', message: 'x', fields: {} };
    const started = { type: 'response_started' };
    const source = cassetteOf([
      {
        streamed: true,
        events: [started, { type: 'response_done', response: { id: 'r', output: [], usage: {} } }],
      },
      { streamed: true, events: [started] },
      { error: rateLimit },
      { error: plain },
      { streamed: true, events: [started], error: plain },
    ]).toTypeScript();
    assert.equal(
      source,
      [
        "import { Usage } from '@openai/agents';",
        "import { modelError, modelResponse, modelStream, ScriptedModel } from 'scripted-agents/testing';",
        '',
        'export const model = new ScriptedModel([',
        '  // Call #1 (recorded streamed)',
        '  modelResponse({',
        '    output: [',
        '    ],',
        '    usage: new Usage({}),',
        '    responseId: "r",',
        '  }),',
        '  // Call #2 (recorded streamed)',
        '  modelStream([{"type":"response_started"}]),',
        '  // Call #3: RateLimitError',
        '  modelError(Object.assign(new Error("slow"), { ...{"code":"rate","name":"Error","status":429}, headers: new Headers({"retry-after":"1"}) }), {"suggested":true}),',
        '  // Call #4: Error',
        '  modelError(Object.assign(new Error("x"), { ...{"name":"TypeError"} })),',
        '  // Call #5 (recorded streamed): Error',
        '  modelError(Object.assign(new Error("x"), { ...{"name":"TypeError"} })),',
        ']);',
        '',
      ].join('\n'),
    );
    assert.equal(
      cassetteOf([{ error: plain }]).toTypeScript(),
      [
        "import { modelError, ScriptedModel } from 'scripted-agents/testing';",
        '',
        'export const model = new ScriptedModel([',
        '  // Call #1: Error',
        '  modelError(Object.assign(new Error("x"), { ...{"name":"TypeError"} })),',
        ']);',
        '',
      ].join('\n'),
    );
  });
});

const plainError = { className: 'Error', name: 'TypeError', message: 'x', fields: {} };
const started = { type: 'response_started' };

describe("the viewer's copy as step (printStep)", () => {
  test('a response without provider data is its output items as an array', () => {
    const response = { output: [message(), call()], usage: { requests: 1 } };
    assert.equal(
      printStep(interaction({ response })),
      '[assistantMessage("Hello."), functionCall("get_weather", {"city":"Tokyo"}, { callId: "call_1" })]',
    );
    // A null item, and an item with a function call's keys but another type, stay literals.
    const other = {
      type: 'custom_tool_call',
      name: 'x',
      callId: 'c',
      status: 'completed',
      arguments: '{}',
    };
    assert.equal(
      printStep(interaction({ response: { output: [null, other], usage: {} } })),
      `[null, ${JSON.stringify(other)}]`,
    );
  });

  test('a response with provider data is a modelResponse step, unindented, without its comma', () => {
    const response = {
      output: [message()],
      usage: { requests: 1 },
      providerData: { tier: 'fast' },
    };
    const expected = [
      'modelResponse({',
      '    output: [',
      '      assistantMessage("Hello."),',
      '    ],',
      '    usage: new Usage({"requests":1}),',
      '    providerData: {"tier":"fast"},',
      '  })',
    ].join('\n');
    assert.equal(printStep(interaction({ response })), expected);
    // A streamed call's response is the one its last response_done event holds.
    const done = {
      type: 'response_done',
      response: { output: [message()], usage: { requests: 1 }, providerData: { tier: 'fast' } },
    };
    assert.equal(printStep(interaction({ streamed: true, events: [started, done] })), expected);
  });

  test('an error is a modelError step; a stream without a response, a modelStream step', () => {
    assert.equal(
      printStep(interaction({ error: plainError })),
      'modelError(Object.assign(new Error("x"), { ...{"name":"TypeError"} }))',
    );
    // A status kept among the fields (a cassette edited by hand) is printed as it is.
    assert.equal(
      printStep(interaction({
        error: { className: 'APIError', name: 'Error', message: 'down', fields: { status: 500 } },
      })),
      'modelError(Object.assign(new Error("down"), { ...{"status":500,"name":"Error"} }))',
    );
    assert.equal(
      printStep(interaction({ streamed: true, events: [started] })),
      'modelStream([{"type":"response_started"}])',
    );
    assert.equal(printStep(interaction({ streamed: true })), 'modelStream([])');
  });
});

describe('to-ts (printScriptedModel, printScriptedProvider)', () => {
  test('steps without a response import no Usage', () => {
    assert.equal(
      printScriptedModel([interaction({ streamed: true, events: [started] })]),
      [
        "import { modelStream, ScriptedModel } from 'scripted-agents/testing';",
        '',
        'export const model = new ScriptedModel([',
        '  // Call #1 (recorded streamed)',
        '  modelStream([{"type":"response_started"}]),',
        ']);',
        '',
      ].join('\n'),
    );
  });

  test('several models: a route each, in order of first use; the default model is the fallback', () => {
    const usage = { requests: 1 };
    const source = printScriptedProvider([
      interaction({ model: 'weather-model', response: { output: [call()], usage } }),
      interaction({ model: '', response: { output: [message()], usage } }),
      interaction({ model: 'weather-model', response: { output: [message()], usage } }),
      interaction({ model: 'translate-model', error: plainError }),
    ]);
    assert.equal(
      source,
      [
        "import { Usage } from '@openai/agents';",
        "import { assistantMessage, functionCall, modelError, modelResponse, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';",
        '',
        'export const provider = new ScriptedModelProvider({',
        '  models: {',
        '    "weather-model": new ScriptedModel([',
        '      // Call #1',
        '      modelResponse({',
        '        output: [',
        '          functionCall("get_weather", {"city":"Tokyo"}, { callId: "call_1" }),',
        '        ],',
        '        usage: new Usage({"requests":1}),',
        '      }),',
        '      // Call #2',
        '      modelResponse({',
        '        output: [',
        '          assistantMessage("Hello."),',
        '        ],',
        '        usage: new Usage({"requests":1}),',
        '      }),',
        '    ]),',
        '    "translate-model": new ScriptedModel([',
        '      // Call #1: Error',
        '      modelError(Object.assign(new Error("x"), { ...{"name":"TypeError"} })),',
        '    ]),',
        '  },',
        '  fallback: new ScriptedModel([',
        '    // Call #1',
        '    modelResponse({',
        '      output: [',
        '        assistantMessage("Hello."),',
        '      ],',
        '      usage: new Usage({"requests":1}),',
        '    }),',
        '  ]),',
        '});',
        '',
      ].join('\n'),
    );
    // Only errors and no default model: no Usage import, no fallback.
    assert.equal(
      printScriptedProvider([
        interaction({ model: 'a', error: plainError }),
        interaction({ model: 'b', streamed: true, events: [started] }),
      ]),
      [
        "import { modelError, modelStream, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';",
        '',
        'export const provider = new ScriptedModelProvider({',
        '  models: {',
        '    "a": new ScriptedModel([',
        '      // Call #1: Error',
        '      modelError(Object.assign(new Error("x"), { ...{"name":"TypeError"} })),',
        '    ]),',
        '    "b": new ScriptedModel([',
        '      // Call #1 (recorded streamed)',
        '      modelStream([{"type":"response_started"}]),',
        '    ]),',
        '  },',
        '});',
        '',
      ].join('\n'),
    );
  });

  test('the printed provider, run with the real builders, answers the agents as the recording did', async () => {
    const weather = tool({
      name: 'get_weather',
      description: 'Gets the weather for a city.',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => `${city}: sunny`,
    });
    const forecaster = new Agent({ name: 'Weather', model: 'weather-model', tools: [weather] });
    // No model name: the provider's default model, printed as the fallback route.
    const greeter = new Agent({ name: 'Greeter' });
    const recording = new Cassette({
      mode: 'record',
      provider: new ScriptedModelProvider({
        models: {
          'weather-model': new ScriptedModel([
            [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
            [assistantMessage('It is sunny in Tokyo.')],
          ]),
        },
        fallback: new ScriptedModel([[assistantMessage('Hello.')]]),
      }),
    });
    const recorder = new Runner({ modelProvider: recording, tracingDisabled: true });
    await recorder.run(forecaster, 'Weather in Tokyo?');
    await recorder.run(greeter, 'Hi');
    await recording.close();
    const source = printScriptedProvider(recording.interactions);
    assert.match(source, /\n {2}fallback: new ScriptedModel\(\[\n/);

    // The module's body, run with exactly the names its import lines bring in
    // (so a builder it uses but does not import fails), its export returned.
    const entries: Record<string, Record<string, unknown>> = {
      '@openai/agents': agentsEntry,
      'scripted-agents/testing': testingEntry,
    };
    const imported = [...source.matchAll(/^import \{ (.*) \} from '(.*)';$/gm)].flatMap((
      [, names, from],
    ) => names.split(', ').map((name) => [name, entries[from]?.[name]] as const));
    assert.deepEqual(imported.filter(([, value]) => value === undefined), []);
    const body = source.replace(/^import .*\n/gm, '').replace('export const provider =', 'return');
    const provider = new Function(...imported.map(([name]) => name), body)(
      ...imported.map(([, value]) => value),
    ) as ScriptedModelProvider;
    const replay = new Runner({ modelProvider: provider, tracingDisabled: true });
    assert.equal(
      (await replay.run(forecaster, 'Weather in Tokyo?')).finalOutput,
      'It is sunny in Tokyo.',
    );
    assert.equal((await replay.run(greeter, 'Hi')).finalOutput, 'Hello.');
    await provider.assertComplete();
  });
});
