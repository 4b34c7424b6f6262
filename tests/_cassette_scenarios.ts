/**
 * The agent runs the cassette tests record through the real OpenAI stack
 * (tests/cassette_loopback_test.ts) and replay offline
 * (tests/cassette_replay_test.ts): a tool loop, a streamed run, a rate-limited
 * call the runner retries, an agent used as a tool, concurrent runs, and a
 * rejected API key. Each returns what a test would assert on, so a replay can
 * be compared with the recording run as a whole.
 *
 * @module
 */

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, type ModelProvider, retryPolicies, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import { contentId, type Reply, wireFunctionCall, wireMessage } from './_responses_server.ts';

/** The API key the recording client uses; it must never reach a cassette. */
export const API_KEY = 'sk-test-cassette-0123456789abcdef';

/** The committed recording of {@linkcode runScenarios}. */
export const FIXTURE = 'tests/fixtures/cassette_agent_runs.json';

/** The repository root (the tests also run compiled, from npm/esm/tests/). */
export function repositoryRoot(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start;; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'deno.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no deno.json above ${start}`);
  }
}

/** Tool results the scenarios produce; a test may change one to provoke drift. */
export const weatherReport = { suffix: 'sunny' };

const getWeather = tool({
  name: 'get_weather',
  description: 'Gets the weather for a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: ${weatherReport.suffix}`,
});

/** The agents of the scenarios. */
export function scenarioAgents() {
  const weather = new Agent({
    name: 'Weather assistant',
    instructions: 'Answer weather questions with the get_weather tool.',
    model: 'gpt-4.1-mini',
    tools: [getWeather],
  });
  const flaky = new Agent({
    name: 'Flaky assistant',
    instructions: 'Flaky: answer briefly.',
    model: 'gpt-4.1-mini',
    modelSettings: {
      retry: { maxRetries: 2, policy: retryPolicies.providerSuggested() },
    },
  });
  const translator = new Agent({
    name: 'Translator',
    instructions: 'Translate the text to French.',
    model: 'gpt-4.1-nano',
  });
  const travel = new Agent({
    name: 'Travel assistant',
    instructions: 'Use translate_text for translations.',
    model: 'gpt-4.1-mini',
    tools: [
      translator.asTool({
        toolName: 'translate_text',
        toolDescription: 'Translates text to French.',
      }),
    ],
  });
  const locked = new Agent({
    name: 'Locked assistant',
    instructions: 'Locked: never answers.',
    model: 'gpt-4.1-mini',
  });
  return { weather, flaky, translator, travel, locked };
}

/** What the scenarios observed: compared whole between recording and replay. */
export interface Observations {
  tool: { finalOutput: unknown; newItems: unknown[] };
  streamed: { finalOutput: unknown; deltas: string[]; newItems: unknown[] };
  retry: { finalOutput: unknown };
  agentAsTool: { finalOutput: unknown; toolCalls: unknown[] };
  concurrent: unknown[];
  rejected: { name: string; status: unknown };
}

/**
 * Runs every scenario with `modelProvider` (a cassette; the SDK's default
 * provider when omitted) and returns what it saw.
 */
export async function runScenarios(modelProvider?: ModelProvider): Promise<Observations> {
  const runner = new Runner(
    modelProvider === undefined
      ? { tracingDisabled: true }
      : { modelProvider, tracingDisabled: true },
  );
  const agents = scenarioAgents();

  const toolRun = await runner.run(agents.weather, 'What is the weather in Tokyo?');

  const streamedRun = await runner.run(agents.weather, 'Stream the weather in Paris?', {
    stream: true,
  });
  const deltas: string[] = [];
  for await (const event of streamedRun) {
    if (event.type === 'raw_model_stream_event' && event.data.type === 'output_text_delta') {
      deltas.push(event.data.delta);
    }
  }
  await streamedRun.completed;

  const retryRun = await runner.run(agents.flaky, 'Are you there?');
  const travelRun = await runner.run(agents.travel, 'Translate: good morning');
  const concurrent = await Promise.all(
    ['Osaka', 'Kyoto', 'Sapporo'].map((city) =>
      runner.run(agents.weather, `What is the weather in ${city}?`)
    ),
  );
  const rejected = await runner.run(agents.locked, 'Hello?').then(
    () => ({ name: 'none', status: undefined }),
    (error) => ({ name: String(error?.name), status: error?.status }),
  );

  return {
    tool: { finalOutput: toolRun.finalOutput, newItems: items(toolRun.newItems) },
    streamed: {
      finalOutput: streamedRun.finalOutput,
      deltas,
      newItems: items(streamedRun.newItems),
    },
    retry: { finalOutput: retryRun.finalOutput },
    agentAsTool: {
      finalOutput: travelRun.finalOutput,
      toolCalls: travelRun.newItems
        .filter((item) => item.type === 'tool_call_item')
        .map((item) => item.rawItem),
    },
    concurrent: concurrent.map((run) => run.finalOutput),
    rejected,
  };
}

function items(newItems: readonly { toJSON(): unknown }[]): unknown[] {
  return JSON.parse(JSON.stringify(newItems.map((item) => item.toJSON())));
}

function userText(input: unknown[]): string {
  const first = input.find((item) => (item as { role?: string }).role === 'user') as
    | { content: string | { text: string }[] }
    | undefined;
  if (first === undefined) return '';
  return typeof first.content === 'string'
    ? first.content
    : first.content.map((part) => part.text).join('');
}

/** The loopback server's answers, derived from each request's content. */
export function scenarioReplies(): (body: Record<string, unknown>) => Reply {
  let flakyCalls = 0;
  return (body) => {
    const instructions = String(body.instructions ?? '');
    const input = Array.isArray(body.input) ? body.input : [{ role: 'user', content: body.input }];
    const last = input[input.length - 1] as { type?: string; output?: unknown };
    const tools = ((body.tools ?? []) as { name?: string }[]).map((t) => t.name);
    const text = userText(input);
    const message = (reply: string): Reply => ({
      kind: 'output',
      output: [wireMessage(`msg_${contentId(reply)}`, reply)],
    });
    if (instructions.startsWith('Locked')) {
      return {
        kind: 'error',
        status: 401,
        headers: { 'x-api-key': API_KEY },
        body: {
          error: {
            message: `Incorrect API key provided: ${API_KEY}.`,
            type: 'invalid_request_error',
            code: 'invalid_api_key',
            param: null,
          },
        },
      };
    }
    if (instructions.startsWith('Flaky') && flakyCalls++ === 0) {
      return {
        kind: 'error',
        status: 429,
        headers: { 'retry-after-ms': '0' },
        body: {
          error: {
            message: 'Rate limit reached for requests.',
            type: 'requests',
            code: 'rate_limit_exceeded',
            param: null,
          },
        },
      };
    }
    if (last?.type === 'function_call_output') {
      const output = typeof last.output === 'string' ? last.output : JSON.stringify(last.output);
      return message(`The answer: ${output}`);
    }
    if (instructions.startsWith('Translate')) return message(`Bonjour (${text})`);
    if (tools.includes('translate_text')) {
      const phrase = text.replace(/^Translate: /, '');
      return {
        kind: 'output',
        output: [wireFunctionCall(`call_tr_${contentId(phrase)}`, 'translate_text', {
          input: phrase,
        })],
      };
    }
    if (tools.includes('get_weather')) {
      const city = text.split(' ').pop()!.replace('?', '');
      return {
        kind: 'output',
        output: [wireFunctionCall(`call_${city.toLowerCase()}`, 'get_weather', { city })],
      };
    }
    return message(`Echo: ${text}`);
  };
}
