// How a plain response becomes stream events (_internal/stream.ts), shared by
// ScriptedModel, AutoModel and cassette replay: which output items give text
// deltas, and the usage record of response_done.
import assert from 'node:assert/strict';
import type { ModelResponse, StreamEvent, Usage } from '@openai/agents-core';
import { synthesizeStream } from '../_internal/stream.ts';
import { describe, test } from './_harness.ts';

const usage = {
  requests: 1,
  inputTokens: 2,
  outputTokens: 3,
  totalTokens: 5,
  inputTokensDetails: undefined,
  outputTokensDetails: [],
  requestUsageEntries: undefined,
} as unknown as Usage;

async function events(output: unknown[]): Promise<StreamEvent[]> {
  const response = { responseId: 'resp_1', usage, output } as unknown as ModelResponse;
  const result: StreamEvent[] = [];
  for await (const event of synthesizeStream(response, () => {})) result.push(event);
  return result;
}

function deltas(all: StreamEvent[]): unknown[] {
  return all.filter((e) => e.type === 'output_text_delta').map((e) => ({ ...e }));
}

describe('synthesizeStream', () => {
  test('null or missing content parts and non-text parts give no delta', async () => {
    const all = await events([{
      type: 'message',
      role: 'assistant',
      id: 'msg_1',
      content: [null, undefined, { type: 'refusal', refusal: 'no' }, {
        type: 'output_text',
        text: 'hi',
      }],
    }]);
    assert.deepEqual(deltas(all), [{ type: 'output_text_delta', itemId: 'msg_1', delta: 'hi' }]);
  });

  test('only assistant items of type "message" are read: null, primitives, functions and other types are skipped', async () => {
    const lookalike = Object.assign(() => {}, {
      type: 'message',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'from a function' }],
    });
    const all = await events([
      null,
      'message',
      7,
      lookalike,
      {
        type: 'reasoning',
        role: 'assistant',
        id: 'rs_1',
        content: [{ type: 'output_text', text: 'not a message' }],
      },
      {
        type: 'message',
        role: 'assistant',
        id: 'msg_2',
        content: [{ type: 'output_text', text: 'kept' }],
      },
    ]);
    assert.deepEqual(deltas(all), [{ type: 'output_text_delta', itemId: 'msg_2', delta: 'kept' }]);
  });

  test('response_done leaves out missing and empty token details', async () => {
    const all = await events([]);
    const done = all.at(-1);
    assert.ok(done?.type === 'response_done');
    assert.deepEqual(done.response.usage, {
      requests: 1,
      inputTokens: 2,
      outputTokens: 3,
      totalTokens: 5,
      inputTokensDetails: undefined,
      outputTokensDetails: undefined,
      requestUsageEntries: undefined,
    });
  });
});
