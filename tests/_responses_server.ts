/**
 * A loopback HTTP server on 127.0.0.1 (random port) that answers like the
 * OpenAI Responses API: `POST /v1/responses` returns a `Response` object as
 * JSON, or server-sent events when the body asks to stream, or an HTTP error
 * with headers. The real `openai` client and `OpenAIProvider` talk to it, so a
 * cassette records through the same stack a user records with.
 *
 * Replies are derived from the request body, never from arrival order, so
 * concurrent runs get the same answers whatever order they arrive in.
 *
 * @module
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Responses API output item, as the wire carries it. */
export type WireItem = Record<string, unknown>;

/** What the server answers one request with. */
export type Reply =
  | { kind: 'output'; output: WireItem[]; usage?: { input: number; output: number } }
  | { kind: 'error'; status: number; headers: Record<string, string>; body: unknown };

/** Decides the reply from the parsed request body. */
export type ReplyFn = (body: Record<string, unknown>) => Reply;

/** A running server. */
export interface ResponsesServer {
  /** `http://127.0.0.1:PORT/v1`, for the client's `baseURL`. */
  readonly baseURL: string;
  /** Every request body received, in arrival order. */
  readonly bodies: Record<string, unknown>[];
  /** Stops the server and drops its connections. */
  close(): Promise<void>;
}

/** FNV-1a of `text`, as 8 hex digits: ids that depend on content only. */
export function contentId(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Starts the server on 127.0.0.1 with a random port. */
export async function startResponsesServer(reply: ReplyFn): Promise<ResponsesServer> {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    handle(req, res, reply, bodies).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    bodies,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  reply: ReplyFn,
  bodies: Record<string, unknown>[],
): Promise<void> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of req) chunks.push(chunk as Uint8Array);
  const text = new TextDecoder().decode(concat(chunks));
  if (req.method !== 'POST' || req.url !== '/v1/responses') {
    res.writeHead(404, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
    return;
  }
  const body = JSON.parse(text) as Record<string, unknown>;
  bodies.push(body);
  const answer = reply(body);
  const id = contentId(JSON.stringify([body.instructions, body.input, body.stream === true]));
  if (answer.kind === 'error') {
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'x-request-id': `req_${id}`,
      connection: 'close',
      ...answer.headers,
    });
    res.end(JSON.stringify(answer.body));
    return;
  }
  const response = responseObject(`resp_${id}`, String(body.model), answer);
  if (body.stream !== true) {
    res.writeHead(200, {
      'content-type': 'application/json',
      'x-request-id': `req_${id}`,
      connection: 'close',
    });
    res.end(JSON.stringify(response));
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'x-request-id': `req_${id}`,
    connection: 'close',
  });
  let sequence = 0;
  const send = (event: Record<string, unknown>) => {
    res.write(
      `event: ${event.type}\ndata: ${
        JSON.stringify({ ...event, sequence_number: sequence++ })
      }\n\n`,
    );
  };
  send({
    type: 'response.created',
    response: { ...response, status: 'in_progress', output: [], usage: null },
  });
  answer.output.forEach((item, outputIndex) => {
    const pending = item.type === 'message'
      ? { ...item, status: 'in_progress', content: [] }
      : { ...item, status: 'in_progress', arguments: '' };
    send({ type: 'response.output_item.added', output_index: outputIndex, item: pending });
    if (item.type === 'message') {
      const [part] = item.content as { text: string }[];
      // Two deltas per text, so a replay must reproduce the chunking.
      const middle = Math.ceil(part.text.length / 2);
      for (const delta of [part.text.slice(0, middle), part.text.slice(middle)]) {
        send({
          type: 'response.output_text.delta',
          item_id: item.id,
          output_index: outputIndex,
          content_index: 0,
          delta,
          logprobs: [],
        });
      }
    }
    send({ type: 'response.output_item.done', output_index: outputIndex, item });
  });
  send({ type: 'response.completed', response });
  res.end();
}

function responseObject(
  id: string,
  model: string,
  answer: Extract<Reply, { kind: 'output' }>,
): Record<string, unknown> {
  const usage = answer.usage ?? { input: 20, output: 5 };
  return {
    id,
    object: 'response',
    created_at: 1_700_000_000,
    status: 'completed',
    model,
    output: answer.output,
    usage: {
      input_tokens: usage.input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: usage.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.input + usage.output,
    },
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: {},
    parallel_tool_calls: true,
    temperature: 1,
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
  };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** A completed assistant message on the wire. */
export function wireMessage(id: string, text: string): WireItem {
  return {
    type: 'message',
    id,
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text, annotations: [] }],
  };
}

/** A completed function call on the wire. */
export function wireFunctionCall(callId: string, name: string, args: unknown): WireItem {
  return {
    type: 'function_call',
    id: `fc_${callId}`,
    call_id: callId,
    name,
    arguments: JSON.stringify(args),
    status: 'completed',
  };
}
