// Cassette.toScriptedModel(): each kind of recorded interaction becomes the
// ScriptedModel step that answers its call the same way (a response, a stream
// that ends in a response, an error with its retry advice, a stream cut short).
import assert from 'node:assert/strict';
import type { ModelRequest, StreamEvent } from '@openai/agents';
import { Cassette, RecordedModelError } from 'scripted-agents/cassette';
import { describe, test } from './_harness.ts';

const storedRequest = {
  systemInstructions: 'Be brief.',
  input: 'hi',
  modelSettings: {},
  tools: [],
  handoffs: [],
  outputType: 'text',
};

const request = {
  ...storedRequest,
  outputType: 'text',
  tracing: false,
} as unknown as ModelRequest;

const message = (text: string) => ({
  type: 'message',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text }],
});

const recordedError = {
  className: 'RateLimitError',
  name: 'Error',
  message: '429 slow down',
  status: 429,
  fields: { code: 'rate_limit_exceeded' },
  retryAdvice: { suggested: true, replaySafety: 'safe' },
};

function modelOf(interaction: Record<string, unknown>) {
  return Cassette.fromJSON({
    format: 'scripted-agents/cassette',
    version: 2,
    models: {},
    interactions: [{ model: 'm', request: storedRequest, ...interaction }],
    blobs: {},
  }).toScriptedModel();
}

async function drain(stream: AsyncIterable<StreamEvent>, into: StreamEvent[]): Promise<void> {
  for await (const event of stream) into.push(event);
}

describe('Cassette.toScriptedModel', () => {
  test('a recorded stream that ended in a response answers with that response', async () => {
    const model = modelOf({
      streamed: true,
      events: [
        { type: 'output_text_delta', delta: 'Hel' },
        {
          type: 'response_done',
          response: { id: 'resp_1', usage: { requests: 1 }, output: [message('Hello.')] },
        },
      ],
    });
    const response = await model.getResponse(request);
    assert.equal(response.responseId, 'resp_1');
    assert.deepEqual(response.output, [message('Hello.')]);
    model.assertComplete();
  });

  test('a recorded error fails the call with the replayed error and its retry advice', async () => {
    for (const events of [undefined, []]) {
      const model = modelOf({ streamed: false, error: recordedError, events });
      const error = await model.getResponse(request).catch((e) => e);
      assert.ok(error instanceof RecordedModelError);
      assert.equal(error.message, '429 slow down');
      assert.equal(error.status, 429);
      const advice = await model.getRetryAdvice({
        error,
        request,
        stream: false,
        attempt: 1,
      } as never);
      assert.deepEqual(advice, { suggested: true, replaySafety: 'safe' });
      assert.notEqual(advice, recordedError.retryAdvice);
      model.acknowledgeFailures();
    }
    const plain = modelOf({
      streamed: false,
      error: { ...recordedError, retryAdvice: undefined },
    });
    const error = await plain.getResponse(request).catch((e) => e);
    assert.ok(error instanceof RecordedModelError);
    assert.equal(
      await plain.getRetryAdvice({ error, request, stream: false, attempt: 1 } as never),
      undefined,
    );
    plain.acknowledgeFailures();
  });

  test('a stream cut short by an error replays its events, then throws the error', async () => {
    const model = modelOf({
      streamed: true,
      events: [{ type: 'output_text_delta', delta: 'Hel' }],
      error: recordedError,
    });
    const seen: StreamEvent[] = [];
    const error = await drain(model.getStreamedResponse(request), seen).catch((e) => e);
    assert.deepEqual(seen, [{ type: 'output_text_delta', delta: 'Hel' }]);
    assert.ok(error instanceof RecordedModelError);
    assert.equal(error.message, '429 slow down');
    model.acknowledgeFailures();
  });

  test('a stream that ended without a response or an error says so after its events', async () => {
    const model = modelOf({
      streamed: true,
      events: [{ type: 'output_text_delta', delta: 'Hel' }],
    });
    const seen: StreamEvent[] = [];
    const error = await drain(model.getStreamedResponse(request), seen).catch((e) => e);
    assert.deepEqual(seen, [{ type: 'output_text_delta', delta: 'Hel' }]);
    assert.ok(error instanceof Error);
    assert.equal(error.message, 'The recorded stream ended without a response.');
    model.acknowledgeFailures();
  });
});
