/**
 * Recordings the viewer and command line tests share: a freshly recorded
 * cassette (a tool loop through the real Runner), a hostile one whose strings
 * try to break out of the page, a trace recording and a Realtime transcript.
 *
 * @module
 */

import {
  Agent,
  createCustomSpan,
  Runner,
  setTraceProcessors,
  tool,
  withTrace,
} from '@openai/agents';
import { z } from 'zod';
import { Cassette, type CassetteData } from 'scripted-agents/cassette';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  ScriptedModelProvider,
  TraceRecorder,
} from 'scripted-agents/testing';

// The SDK's default exporter starts an export-loop timer; take it out before any
// test records a trace, so Deno's op sanitizer does not attribute that timer to it.
setTraceProcessors([]);

/** A fixed clock for recordings whose dates a test asserts. */
export const RECORDED_AT = new Date('2026-11-01T10:00:00.000Z');

/** Records a two-turn tool loop (and a second model's answer) through the real Runner. */
export async function recordToolLoop(
  options: { instructions?: string; city?: string; now?: () => Date } = {},
): Promise<CassetteData> {
  const city = options.city ?? 'Tokyo';
  const weather = tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => `${city}: sunny`,
  });
  const agent = new Agent({
    name: 'Weather',
    model: 'weather-model',
    instructions: options.instructions ?? 'Answer about the weather.',
    tools: [weather],
  });
  const translator = new Agent({
    name: 'Translator',
    model: 'translate-model',
    instructions: 'Translate to French.',
  });
  const provider = new ScriptedModelProvider({
    models: {
      'weather-model': new ScriptedModel([
        [functionCall('get_weather', { city }, { callId: 'call_1' })],
        [assistantMessage(`It is sunny in ${city}.`)],
      ]),
      'translate-model': new ScriptedModel([[assistantMessage('Il fait beau.')]]),
    },
  });
  const cassette = new Cassette({
    mode: 'record',
    provider,
    now: options.now ?? (() => RECORDED_AT),
  });
  const runner = new Runner({ modelProvider: cassette, tracingDisabled: true });
  await runner.run(agent, `What is the weather in ${city}?`);
  await runner.run(translator, 'It is sunny.');
  return JSON.parse(JSON.stringify(await cassette.close()));
}

/** Strings that would run or inject markup if the page used them as HTML. */
export const HOSTILE = {
  script: '</script><script>window.pwned = "script";</script>',
  img: '<img src=x onerror="window.pwned = \'img\'">',
  comment: '<!-- <script>window.pwned = "comment"</script>',
};

/** A cassette whose instructions, tool result and answer hold {@linkcode HOSTILE}. */
export function hostileCassette(): CassetteData {
  return {
    format: 'scripted-agents/cassette',
    version: 2,
    models: {},
    interactions: [
      {
        model: `m${HOSTILE.img}`,
        streamed: false,
        request: {
          systemInstructions: `Be safe. ${HOSTILE.script}`,
          input: [
            { type: 'message', role: 'user', content: HOSTILE.comment },
            {
              type: 'function_call_result',
              callId: 'c1',
              name: 'browse',
              output: { type: 'text', text: HOSTILE.img },
              status: 'completed',
            },
          ],
          modelSettings: {},
          tools: [],
          handoffs: [],
          outputType: 'text',
        },
        response: {
          output: [{
            type: 'message',
            role: 'assistant',
            status: 'completed',
            content: [{
              type: 'output_text',
              text: `${HOSTILE.script} key sk-live-0123456789abcdef`,
            }],
          }],
          usage: { requests: 1 },
        },
      },
    ],
    blobs: {},
  };
}

/** A trace recording made by the real SDK tracing: `TraceRecorder.traces` as JSON. */
export async function recordTraces(): Promise<unknown> {
  using recorder = new TraceRecorder();
  await withTrace('Nightly job', async () => {
    const outer = createCustomSpan({ data: { name: 'fetch', data: { url: 'local' } } });
    outer.start();
    const inner = createCustomSpan({ data: { name: 'parse', data: {} } }, outer);
    inner.start();
    inner.end();
    outer.end();
  });
  return JSON.parse(JSON.stringify(recorder.traces));
}

/** A small Realtime transcript of one connection. */
export function transcript(): unknown {
  return {
    format: 'scripted-agents/realtime-transcript',
    version: 1,
    connections: [{
      url: 'wss://api.openai.com/v1/realtime?model=gpt-realtime',
      entries: [
        { direction: 'server', event: { type: 'session.created', event_id: 'e1', session: {} } },
        { direction: 'client', event: { type: 'session.update', session: { instructions: 'Hi' } } },
        { direction: 'client', event: { type: 'response.create' } },
        { direction: 'server', event: { type: 'response.done', response: { output: [] } } },
      ],
      close: { code: 1000, reason: '', by: 'client' },
    }],
  };
}
