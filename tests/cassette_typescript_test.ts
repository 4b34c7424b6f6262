// Cassette.toTypeScript: the source of a ScriptedModel that answers like the
// recording, written with the readable builders wherever an item is exactly
// what a builder makes, and as a literal everywhere else.
import assert from 'node:assert/strict';
import { Cassette } from 'scripted-agents/cassette';
import { describe, test } from './_harness.ts';

const request = { input: 'Hi', modelSettings: {}, tools: [], handoffs: [], outputType: 'text' };

function cassetteOf(interactions: Record<string, unknown>[]): Cassette {
  return Cassette.fromJSON({
    format: 'scripted-agents/cassette',
    version: 2,
    models: {},
    interactions: interactions.map((i) => ({ model: 'm', streamed: false, request, ...i })),
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
