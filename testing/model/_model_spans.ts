/**
 * The `response` span a real Responses model opens around each call, for a
 * scripted model created with `traceSpans: true`: one span per call, a child
 * of whatever span is current (the agent's), started before the answer is
 * produced and ended after it (after the last event of a stream), carrying
 * the response id and, when the run traces data, the input. Errors end the
 * span with an error, as the real model's do. Opened only when the request
 * asks for tracing (`request.tracing`), through the SDK's public span API.
 *
 * @module
 */

import {
  createResponseSpan,
  resetCurrentSpan,
  setCurrentSpan,
  withResponseSpan,
} from '@openai/agents-core';
import type {
  SdkModelRequest as ModelRequest,
  SdkModelResponse as ModelResponse,
  SdkStreamEvent as StreamEvent,
} from '../_shared/_sdk_types.ts';

/** `respond()`'s response, inside a `response` span when the request is traced. */
export function tracedResponse(
  request: ModelRequest,
  respond: () => Promise<ModelResponse>,
): Promise<ModelResponse> {
  if (!request.tracing) return respond();
  return withResponseSpan(async (span) => {
    if (request.tracing === true) span.spanData._input = request.input;
    const response = await respond();
    if (request.tracing === true && response.responseId !== undefined) {
      span.spanData.response_id = response.responseId;
    }
    return response;
  });
}

/** `events`, inside a `response` span when the request is traced. */
export async function* tracedStream(
  request: ModelRequest,
  events: AsyncIterable<StreamEvent>,
): AsyncGenerator<StreamEvent> {
  if (!request.tracing) {
    yield* events;
    return;
  }
  const span = createResponseSpan();
  span.start();
  setCurrentSpan(span);
  if (request.tracing === true) span.spanData._input = request.input;
  try {
    for await (const event of events) {
      if (event.type === 'response_done' && request.tracing === true) {
        span.spanData.response_id = event.response.id;
      }
      yield event;
    }
  } catch (error) {
    span.setError({
      message: 'Error streaming response',
      ...(request.tracing === true ? { data: { error: String(error) } } : {}),
    });
    throw error;
  } finally {
    span.end();
    resetCurrentSpan();
  }
}

/** The two answering methods of a model. */
interface AnsweringModel {
  getResponse(request: ModelRequest): Promise<ModelResponse>;
  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent>;
}

/**
 * Makes `model` open a `response` span around every traced call: its own
 * methods are wrapped (non-enumerable, so the model's shape is unchanged).
 * A streamed call still records its call and takes its step when it is made.
 */
export function traceResponseSpans(model: AnsweringModel): void {
  const getResponse = model.getResponse.bind(model);
  const getStreamedResponse = model.getStreamedResponse.bind(model);
  Object.defineProperties(model, {
    getResponse: {
      value: (request: ModelRequest) => tracedResponse(request, () => getResponse(request)),
    },
    getStreamedResponse: {
      value: (request: ModelRequest) => tracedStream(request, getStreamedResponse(request)),
    },
  });
}
