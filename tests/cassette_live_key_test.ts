// The live keys of a replayed conversation: computed from the request snapshots
// (the fast path a cassette takes when no normalize/redact hook could change a
// request), they must be exactly the keys of the converted requests, and a list
// input must never fall back to converting the whole request.
import assert from 'node:assert/strict';
import type { ModelRequest } from '@openai/agents';
import { SnapshotStore } from '../_internal/snapshot_store.ts';
import { BlobTable, Conversion } from '../cassette/_json.ts';
import { LiveKeys } from '../cassette/_live_key.ts';
import { InteractionBook } from '../cassette/_match.ts';
import { requestKeys, requestRecord } from '../cassette/_serialize.ts';
import { describe, test } from './_harness.ts';

const user = { type: 'message', role: 'user', content: 'Add 1 and 2, then 3.' };
const call = (n: number) => ({
  type: 'function_call',
  callId: `call_${n}`,
  name: 'add',
  status: 'completed',
  arguments: JSON.stringify({ a: n, b: 1 }),
});
const output = (n: number) => ({
  type: 'function_call_result',
  callId: `call_${n}`,
  name: 'add',
  status: 'completed',
  output: { type: 'text', text: String(n + 1) },
});
const tool = {
  type: 'function',
  name: 'add',
  description: 'Adds two numbers.',
  parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
  strict: true,
};

/** The request of turn `turn` of a tool loop, built anew each turn as the runner does. */
function request(turn: number, instructions = 'Add.'): ModelRequest {
  const input: unknown[] = [{ ...user }];
  for (let n = 1; n < turn; n++) input.push(call(n), output(n));
  return {
    systemInstructions: instructions,
    input,
    modelSettings: {},
    tools: [structuredClone(tool)],
    handoffs: [],
    outputType: 'text',
    tracing: false,
  } as unknown as ModelRequest;
}

/** The stored fields of a request, as a cassette snapshots them. */
function storedFields(live: ModelRequest): ModelRequest {
  const source = live as unknown as Record<string, unknown>;
  return Object.fromEntries(requestKeys.map((key) => [key, source[key]])) as ModelRequest;
}

/** A book holding the given requests as recorded interactions of model `m`. */
function bookOf(requests: readonly ModelRequest[]): InteractionBook {
  const book = new InteractionBook();
  for (const recorded of requests) {
    book.add({
      model: 'm',
      streamed: false,
      request: requestRecord(recorded, new Conversion()),
      response: { output: [], usage: {} },
    } as never);
  }
  return book;
}

describe('cassette live keys', () => {
  test('a growing conversation is keyed from its snapshots, each turn its own interaction', async () => {
    const turns = [1, 2, 3, 4].map((turn) => request(turn));
    const book = bookOf(turns);
    const live = new LiveKeys(book, new BlobTable());
    const snapshots = new SnapshotStore();
    for (let turn = 1; turn <= 4; turn++) {
      const snapshot = snapshots.store(storedFields(request(turn)));
      const key = await live.key('m', snapshot);
      assert.notEqual(key, undefined, `turn ${turn} fell back to the converted request`);
      assert.equal(key, book.requestKey('m', requestRecord(snapshot, new Conversion())));
      assert.equal(book.take(key!)?.index, turn - 1, `turn ${turn} took another interaction`);
    }
  });

  test('turns out of order (concurrent runs) still find their own interactions', async () => {
    const turns = [1, 2, 3].map((turn) => request(turn));
    const book = bookOf(turns);
    const live = new LiveKeys(book, new BlobTable());
    const snapshots = new SnapshotStore();
    for (const turn of [3, 1, 2]) {
      const key = await live.key('m', snapshots.store(storedFields(request(turn))));
      assert.notEqual(key, undefined);
      assert.equal(book.take(key!)?.index, turn - 1);
    }
  });

  test('changed instructions or tools between calls change the key', async () => {
    const book = bookOf([request(2), request(2, 'Subtract.')]);
    const live = new LiveKeys(book, new BlobTable());
    const snapshots = new SnapshotStore();
    const first = await live.key('m', snapshots.store(storedFields(request(2, 'Subtract.'))));
    const second = await live.key('m', snapshots.store(storedFields(request(2))));
    assert.equal(book.take(first!)?.index, 1);
    assert.equal(book.take(second!)?.index, 0);
    const unknown = await live.key('m', snapshots.store(storedFields(request(2, 'Multiply.'))));
    assert.equal(book.take(unknown!), undefined);
  });

  test('an input that is not a list is left to the converted request', async () => {
    const live = new LiveKeys(new InteractionBook(), new BlobTable());
    const text = { ...request(1), input: 'Add 1 and 2.' } as unknown as ModelRequest;
    assert.equal(await live.key('m', new SnapshotStore().store(storedFields(text))), undefined);
  });
});
