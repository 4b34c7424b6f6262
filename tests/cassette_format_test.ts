// The stored form of a cassette, through the public Cassette: which earlier
// interaction an input continues, how requests, responses, events and errors
// are written and read back, and what a loaded file must look like.
import assert from 'node:assert/strict';
import { assistantMessage } from 'scripted-agents/testing';
import { Cassette, type CassetteData } from 'scripted-agents/cassette';
import { describe, test } from './_harness.ts';

const fields = { modelSettings: {}, tools: [], handoffs: [], outputType: 'text' };

/** A version 1 cassette (every input whole), one interaction per input, as a value. */
function wholeInputs(inputs: unknown[]): Record<string, unknown> {
  return {
    format: 'scripted-agents/cassette',
    version: 1,
    models: {},
    interactions: inputs.map((input, i) => ({
      model: 'm',
      streamed: false,
      request: { input, ...fields },
      response: { output: [assistantMessage(`answer ${i}`)], usage: { requests: 1 } },
    })),
    blobs: {},
  };
}

/** How each stored request gives its input: whole, or continuing an earlier one. */
const inputsOf = (data: CassetteData) =>
  data.interactions.map(({ request }) =>
    request.inputFrom === undefined
      ? { input: request.input }
      : { from: request.inputFrom, append: request.inputAppend }
  );

const live = (input: unknown) => ({ input, ...fields, tracing: false }) as never;

const textOf = (response: { output: unknown[] }) =>
  (response.output[0] as { content: { text: string }[] }).content[0].text;

const a = { type: 'message', role: 'user', content: 'a' };
const b = { type: 'message', role: 'user', content: 'b' };
const c = { type: 'message', role: 'user', content: 'c' };
const x = { type: 'message', role: 'user', content: 'x' };

describe('Cassette format: continued inputs', () => {
  test('an input continues an earlier one longer than what it shares with the previous input', () => {
    const data = Cassette.fromJSON(JSON.stringify(wholeInputs([[a, b], [a, x], [a, b, c]])))
      .toJSON();
    assert.deepEqual(inputsOf(data), [
      { input: [a, b] },
      { input: [a, x] },
      { from: 0, append: [c] },
    ]);
  });

  test('of equal inputs, the next continuation takes the latest', () => {
    const data = Cassette.fromJSON(JSON.stringify(wholeInputs([[a], [a], [a, c]]))).toJSON();
    assert.deepEqual(inputsOf(data), [
      { input: [a] },
      { from: 0, append: [] },
      { from: 1, append: [c] },
    ]);
  });

  test('an input that starts with a bare string continues like any other', async () => {
    // Any string: this one is what a mutation tool plants in an empty array, so
    // the numbering's "previous input" must really start empty.
    const first = ['Stryker was here'];
    const inputs = [first, [a], [...first, b]];
    const cassette = Cassette.fromJSON(JSON.stringify(wholeInputs(inputs)));
    assert.deepEqual(inputsOf(cassette.toJSON()), [
      { input: first },
      { input: [a] },
      { from: 0, append: [b] },
    ]);
    for (const [i, input] of inputs.entries()) {
      assert.equal(textOf(await cassette.model('m').getResponse(live(input))), `answer ${i}`);
    }
    await cassette.close();
  });

  test('loaded from a value, inputs with undefined slots continue by their other items', () => {
    // Not JSON (text would hold null there), but a value fromJSON accepts as it is.
    const holes = Cassette.fromJSON(wholeInputs([['x', undefined], ['x'], ['x', 'y']])).toJSON();
    assert.deepEqual(inputsOf(holes), [
      { input: ['x', undefined] },
      { input: ['x'] },
      { from: 1, append: ['y'] },
    ]);
    const leading = Cassette.fromJSON(wholeInputs([[undefined], [undefined, 'y']])).toJSON();
    assert.deepEqual(inputsOf(leading), [{ input: [undefined] }, { from: 0, append: ['y'] }]);
  });
});
