// `new ScriptedModel(steps, { traceSpans: true })` opens the `response` spans a
// real Responses model opens: the same trace tree as OpenAIProvider talking to
// a loopback Responses server, streamed or not. Without the option a scripted
// model opens none (what the README says).
import assert from 'node:assert/strict';
import { Agent, OpenAIProvider, Runner, setTraceProcessors, tool, Usage } from '@openai/agents';
import OpenAI from 'openai';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  modelError,
  modelResponse,
  ScriptedModel,
  TraceRecorder,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { startResponsesServer, wireFunctionCall, wireMessage } from './_responses_server.ts';

// Importing the SDK starts its default exporter's timer; nothing is exported here.
setTraceProcessors([]);

const weather = tool({
  name: 'get_weather',
  description: 'Gets the weather for a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: sunny`,
});

const agentWith = (model: Agent['model']) =>
  new Agent({ name: 'Weather', model, tools: [weather] });

/** Runs the tool loop with tracing on, and returns the recorded span paths. */
async function tracedPaths(model: Agent['model'], stream: boolean): Promise<string[]> {
  using recorder = new TraceRecorder();
  const runner = new Runner();
  if (stream) {
    const result = await runner.run(agentWith(model), 'Tokyo?', { stream: true });
    await result.completed;
    assert.equal(result.finalOutput, 'Sunny in Tokyo.');
  } else {
    const result = await runner.run(agentWith(model), 'Tokyo?');
    assert.equal(result.finalOutput, 'Sunny in Tokyo.');
  }
  // Response ids differ between the server and the script: compare the shape.
  return recorder.paths().map((path) => path.replace(/response: [^ >]*/g, 'response'));
}

const scripted = () =>
  new ScriptedModel([
    [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
    [assistantMessage('Sunny in Tokyo.')],
  ], { traceSpans: true });

describe('ScriptedModel traceSpans: the spans a real model opens', () => {
  test('the same trace tree as OpenAIProvider on a loopback server, streamed or not', async (t) => {
    const server = await startResponsesServer((body) => {
      const input = body.input as { type?: string }[];
      return input.some((item) => item.type === 'function_call_output')
        ? { kind: 'output', output: [wireMessage('msg_1', 'Sunny in Tokyo.')] }
        : {
          kind: 'output',
          output: [wireFunctionCall('call_1', 'get_weather', { city: 'Tokyo' })],
        };
    });
    t.after(() => server.close());
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: server.baseURL, maxRetries: 0 });
    const real = new OpenAIProvider({ openAIClient: client, useResponses: true })
      .getModel('gpt-4.1');
    for (const stream of [false, true]) {
      const expected = await tracedPaths(await real, stream);
      assert.ok(expected.some((path) => /> turn: Weather #1 > response$/.test(path)));
      assert.deepEqual(await tracedPaths(scripted(), stream), expected, `stream: ${stream}`);
      // Without the option, no response span (the rest of the tree is the same).
      const plain = await tracedPaths(
        new ScriptedModel([
          [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
          [assistantMessage('Sunny in Tokyo.')],
        ]),
        stream,
      );
      assert.deepEqual(plain, expected.filter((path) => !path.includes('response')));
    }
  });
});

describe('ScriptedModel traceSpans: span data', () => {
  test('the response id and the input; an error ends the span with it; untraced calls open none', async () => {
    const failure = new Error('model down');
    const model = new ScriptedModel([
      modelResponse({
        output: [assistantMessage('Hi.')],
        usage: new Usage({ requests: 1 }),
        responseId: 'resp_scripted',
      }),
      modelError(failure),
    ], { traceSpans: true });
    // The option keeps the model's own shape.
    assert.deepEqual(Object.keys(model), []);
    using recorder = new TraceRecorder();
    const agent = new Agent({ name: 'A', model });
    await new Runner().run(agent, 'Hello');
    const span = recorder.find('response');
    assert.equal(span?.name, 'resp_scripted');
    assert.equal((span?.data as { response_id?: string }).response_id, 'resp_scripted');
    assert.deepEqual((span?.data as { _input?: unknown })._input, [
      { type: 'message', role: 'user', content: 'Hello' },
    ]);
    await assert.rejects(new Runner().run(agent, 'Again'), failure);
    const failed = recorder.filter('response')[1];
    assert.equal(failed.error?.message, 'model down');
    assert.equal(failed.ended, true);
    // A run without tracing asks for none, and gets none.
    const quiet = new ScriptedModel([[assistantMessage('Hi.')]], { traceSpans: true });
    await new Runner({ tracingDisabled: true }).run(new Agent({ name: 'Q', model: quiet }), 'x');
    assert.equal(recorder.filter('response').length, 2);
  });

  test('a failing stream ends its span with the error; no step left throws before any span', async () => {
    const model = new ScriptedModel([
      modelError(new Error('stream broke')),
    ], { traceSpans: true });
    using recorder = new TraceRecorder();
    const result = await new Runner().run(new Agent({ name: 'S', model }), 'Hi', { stream: true });
    await assert.rejects(result.completed, /stream broke/);
    const span = recorder.find('response');
    assert.equal(span?.error?.message, 'Error streaming response');
    assert.deepEqual(span?.error?.data, { error: 'Error: stream broke' });
    assert.throws(() => model.getStreamedResponse({} as never));
    assert.equal(recorder.filter('response').length, 1);
    model.acknowledgeFailures();
  });
});
