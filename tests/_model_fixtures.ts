/**
 * Builders shared by the model double's tests: a tracing-free runner, a complete
 * request as the Runner would send it, the tools and scripts the Runner scenarios
 * use, stream collectors and error checkers.
 *
 * @module
 */

import assert from 'node:assert/strict';
import { type Agent, type ModelRequest, Runner, type StreamEvent, tool } from '@openai/agents';
import { assistantMessage, functionCall, UnexpectedModelCallError } from 'scripted-agents/testing';
import { z } from 'zod';

/** A Runner with tracing off: the doubles replace model I/O, not the trace exporter. */
export const runner = (): Runner => new Runner({ tracingDisabled: true });

/** A minimal but complete request, as the Runner would send it. */
export function modelRequest(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    input: [{ type: 'message', role: 'user', content: 'Hi' }],
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
    ...overrides,
  };
}

/** The recipes' `get_weather` tool: answers `<city>: sunny`. */
export function weatherTool() {
  return tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => `${city}: sunny`,
  });
}

/** The recipes' weather workflow: call `get_weather` for Tokyo (`call_1`), then answer. */
export function weatherTurns() {
  return [
    [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
    [assistantMessage('It is sunny in Tokyo.')],
  ];
}

/** A tool without parameters that answers `ok`. */
export function noopTool() {
  return tool({
    name: 'noop',
    description: 'Does nothing.',
    parameters: z.object({}),
    execute: () => 'ok',
  });
}

/** Every event of a stream, in order. */
export async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const events: T[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** Runs `agent` streamed to completion and returns the raw model events the runner forwarded. */
export async function streamedRun(
  agent: Agent,
  input: string,
  options: { signal?: AbortSignal } = {},
) {
  const result = await runner().run(agent, input, { ...options, stream: true });
  const raw: StreamEvent[] = [];
  for await (const event of result.toStream()) {
    if (event.type === 'raw_model_stream_event') raw.push(event.data as StreamEvent);
  }
  await result.completed;
  return { result, raw };
}

/** An `assert.throws`/`assert.rejects` check: the unexpected call `callIndex`, every field. */
export function isUnexpectedCall(callIndex: number, streamed: boolean) {
  return (error: unknown): true => {
    assert(error instanceof UnexpectedModelCallError);
    assert.equal(error.callIndex, callIndex);
    assert.equal(error.streamed, streamed);
    // The SDK double's sentence opens the message; what the call was answering may follow.
    const opening = `ScriptedModel received unexpected ${
      streamed ? 'streaming' : 'non-streaming'
    } call #${callIndex + 1}; no scripted steps remain.`;
    assert.ok(error.message.startsWith(opening), error.message);
    return true;
  };
}
