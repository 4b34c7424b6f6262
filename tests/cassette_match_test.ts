// Matching a live call to a loaded recording, through the public Cassette:
// inputs that extend past every recording, requests replayed more often than
// recorded, and which recording a miss names as the nearest (unused first,
// then the same model, then the fewest differences, then the earliest).
import assert from 'node:assert/strict';
import { assistantMessage } from 'scripted-agents/testing';
import {
  Cassette,
  CassetteMissError,
  type CassetteOptions,
  UnusedCassetteInteractionsError,
} from 'scripted-agents/cassette';
import { describe, test } from './_harness.ts';

interface Recorded {
  model?: string;
  input: unknown;
  systemInstructions?: string;
  text: string;
}

const fields = { modelSettings: {}, tools: [], handoffs: [], outputType: 'text' };

/** A cassette (format version 2) answering each recorded request with its text. */
function cassetteOf(recorded: Recorded[], options: CassetteOptions = {}): Cassette {
  return Cassette.fromJSON({
    format: 'scripted-agents/cassette',
    version: 2,
    models: {},
    interactions: recorded.map(({ model = 'm', input, systemInstructions, text }) => ({
      model,
      streamed: false,
      request: { systemInstructions, input, ...fields },
      response: { output: [assistantMessage(text)], usage: { requests: 1 } },
    })),
    blobs: {},
  }, options);
}

/** The live request of the same shape. */
const live = (input: unknown, systemInstructions?: string) =>
  ({ systemInstructions, input, ...fields, tracing: false }) as never;

const textOf = (response: { output: unknown[] }) =>
  (response.output[0] as { content: { text: string }[] }).content[0].text;

async function miss(cassette: Cassette, model: string, request: never): Promise<CassetteMissError> {
  const error = await cassette.model(model).getResponse(request).catch((e) => e);
  assert.ok(error instanceof CassetteMissError, String(error));
  return error;
}

/** The same cassette with and without a hook: the two ways a live call is keyed. */
const keyings: [string, CassetteOptions][] = [
  ['keyed from the snapshot', {}],
  ['keyed with a normalize hook', { normalize: () => {} }],
];

const hi = { type: 'message', role: 'user', content: 'Hi' };
const bye = { type: 'message', role: 'user', content: 'Bye' };

describe('Cassette matching: inputs and repeats', () => {
  for (const [name, options] of keyings) {
    test(`an input that goes on past every recorded input misses (${name})`, async () => {
      const cassette = cassetteOf([{ input: [hi], text: 'one' }], options);
      // The first item is known, and so is the next one, but no recording goes that far.
      const longer = await miss(cassette, 'm', live([hi, hi]));
      assert.equal(longer.nearestIndex, 0);
      assert.deepEqual(longer.differences.map((d) => d.path), ['request.input[1]']);
      assert.equal(longer.differenceCount, 1);
      const other = await miss(cassette, 'm', live([hi, bye]));
      assert.deepEqual(other.differences.map((d) => d.path), ['request.input[1]']);
      assert.equal(textOf(await cassette.model('m').getResponse(live([hi]))), 'one');
      assert.equal(cassette.acknowledgeFailures().length, 2);
      await cassette.close();
    });

    test(`a request replayed more often than recorded misses on the used recording (${name})`, async () => {
      const cassette = cassetteOf([
        { input: [hi], text: 'first' },
        { input: [hi], text: 'second' },
        { input: 'plain', text: 'third' },
      ], options);
      const model = cassette.model('m');
      assert.equal(textOf(await model.getResponse(live([hi]))), 'first');
      assert.equal(textOf(await model.getResponse(live([hi]))), 'second');
      assert.equal(textOf(await model.getResponse(live('plain'))), 'third');
      for (const input of [[hi], 'plain']) {
        const again = await miss(cassette, 'm', live(input));
        // Every recording is used: the nearest is an equal, used one.
        assert.equal(again.nearestUsed, true);
        assert.equal(again.nearestIndex, input === 'plain' ? 2 : 0);
        assert.equal(again.differenceCount, 0);
        assert.deepEqual(again.differences, []);
      }
      assert.equal(cassette.acknowledgeFailures().length, 2);
      await cassette.close();
    });
  }
});

describe('Cassette matching: inputs that are not item lists', () => {
  test('the first recorded input may start with a bare string', async () => {
    // Any string: this one is what a mutation tool plants in an empty array, so
    // the book's "previous input" must really start empty.
    const cassette = cassetteOf([
      { input: ['Stryker was here', hi], text: 'one' },
      { input: ['Stryker was here'], text: 'two' },
    ]);
    assert.equal(textOf(await cassette.model('m').getResponse(live(['Stryker was here']))), 'two');
    assert.equal(
      textOf(await cassette.model('m').getResponse(live(['Stryker was here', hi]))),
      'one',
    );
    await cassette.close();
  });

  test('loaded from a value, an input may end in undefined slots, and its prefix still matches', async () => {
    // Not JSON (text would hold null there), but a value fromJSON accepts as it is.
    const cassette = cassetteOf([
      { input: ['x', undefined], text: 'with a hole' },
      { input: ['x'], text: 'prefix' },
    ]);
    assert.equal(textOf(await cassette.model('m').getResponse(live(['x']))), 'prefix');
    cassette.acknowledgeFailures();
  });
});

describe('Cassette matching: the nearest recording of a miss', () => {
  test('an unused recording is nearer than a used one, however much closer the used one is', async () => {
    const cassette = cassetteOf([
      { input: 'alpha', systemInstructions: 'I', text: 'zero' },
      { input: 'beta', systemInstructions: 'J', text: 'one' },
    ]);
    assert.equal(textOf(await cassette.model('m').getResponse(live('alpha', 'I'))), 'zero');
    const error = await miss(cassette, 'm', live('alpha', 'K'));
    assert.equal(error.nearestIndex, 1);
    assert.equal(error.nearestUsed, false);
    // The call as it would be stored: the fields it has, and the defaults of the missing ones.
    assert.deepEqual(Object.keys(error.request), [
      'systemInstructions',
      'input',
      'modelSettings',
      'tools',
      'handoffs',
      'outputType',
    ]);
    assert.equal(error.differenceCount, 2);
    assert.deepEqual(error.differences.map((d) => d.path), [
      'request.systemInstructions',
      'request.input',
    ]);
    cassette.acknowledgeFailures();
    await assert.rejects(cassette.close(), UnusedCassetteInteractionsError);
  });

  test("a recording of the call's model is nearer than a closer one of another model", async () => {
    const cassette = cassetteOf([
      { model: 'b', input: 'same', systemInstructions: 'S', text: 'b0' },
      { model: 'a', input: 'far', systemInstructions: 'X', text: 'a1' },
      { model: 'a', input: 'same', systemInstructions: 'Y', text: 'a2' },
      { model: 'a', input: 'same', systemInstructions: 'Z', text: 'a3' },
    ]);
    // Model `a`: of its own recordings the one with the fewest differences, the earliest of equals.
    const error = await miss(cassette, 'a', live('same', 'S'));
    assert.equal(error.nearestModel, 'a');
    assert.equal(error.nearestIndex, 2);
    assert.equal(error.differenceCount, 1);
    assert.deepEqual(error.differences, [
      { path: 'request.systemInstructions', recorded: 'Y', actual: 'S' },
    ]);
    // A model with no recording: the nearest of any model.
    const unknown = await miss(cassette, 'c', live('same', 'S'));
    assert.equal(unknown.nearestModel, 'b');
    assert.equal(unknown.nearestIndex, 0);
    assert.equal(unknown.differenceCount, 0);
    assert.equal(cassette.acknowledgeFailures().length, 2);
  });
});

describe('Cassette matching: where a miss differs', () => {
  const settings = (modelSettings: unknown, input: unknown = 'Hi') => ({
    input,
    modelSettings,
    tools: [],
    handoffs: [],
    outputType: 'text',
  });
  const loaded = (request: unknown) =>
    Cassette.fromJSON({
      format: 'scripted-agents/cassette',
      version: 2,
      models: {},
      interactions: [{
        model: 'm',
        streamed: false,
        request,
        response: { output: [], usage: {} },
      }],
      blobs: {},
    });
  const differ = async (recorded: unknown, now: unknown) => {
    const cassette = loaded(recorded);
    const error = await miss(cassette, 'm', { ...(now as object), tracing: false } as never);
    cassette.acknowledgeFailures();
    return error;
  };

  test('paths name array positions and keys, quoting keys that are not identifiers', async () => {
    const error = await differ(
      settings({ 'x-y': 1, $ok: [1, 2], _a: { b: true } }, [{ role: 'user', content: 'Hi' }]),
      settings({ 'x-y': 2, $ok: [1, 3], _a: { b: false } }, [{ role: 'user', content: 'Ho' }]),
    );
    assert.deepEqual(error.differences, [
      { path: 'request.input[0].content', recorded: 'Hi', actual: 'Ho' },
      { path: 'request.modelSettings.$ok[1]', recorded: 2, actual: 3 },
      { path: 'request.modelSettings._a.b', recorded: true, actual: false },
    ]);
    assert.equal(error.differenceCount, 4);
    assert.match(error.message, /differs at 4 paths:/);
    assert.match(error.message, /\(and 1 more difference\)/);
    const quoted = await differ(settings({ 'x-y': 1, '1a': 1 }), settings({ 'x-y': 2, '1a': 2 }));
    assert.deepEqual(quoted.differences.map((d) => d.path), [
      'request.modelSettings["1a"]',
      'request.modelSettings["x-y"]',
    ]);
  });

  test('a value of another kind, or one side missing, is one difference', async () => {
    const error = await differ(
      settings({ list: [1], object: { a: 1 }, gone: 1, nul: null }),
      settings({ list: { 0: 1 }, object: [1], added: 2, nul: {} }),
    );
    // The recorded keys first, then the ones only the call has.
    assert.deepEqual(error.differences, [
      { path: 'request.modelSettings.gone', recorded: 1, actual: undefined },
      { path: 'request.modelSettings.list', recorded: [1], actual: { 0: 1 } },
      { path: 'request.modelSettings.nul', recorded: null, actual: {} },
    ]);
    assert.equal(error.differenceCount, 5);
    assert.match(error.message, /recorded: 1\n {4}now: {6}\(absent\)\n/);
    // An object recorded where the call has null.
    const nulled = await differ(settings({ o: { a: 1 } }), settings({ o: null }));
    assert.deepEqual(nulled.differences, [
      { path: 'request.modelSettings.o', recorded: { a: 1 }, actual: null },
    ]);
    const added = await differ(settings({}), settings({ added: 2 }));
    assert.deepEqual(added.differences, [
      { path: 'request.modelSettings.added', recorded: undefined, actual: 2 },
    ]);
    assert.match(added.message, /recorded: \(absent\)\n {4}now: {6}2\n/);
    const longer = await differ(settings({}, ['a', 'b']), settings({}, ['a', 'b', 'c']));
    assert.deepEqual(longer.differences, [
      { path: 'request.input[2]', recorded: undefined, actual: 'c' },
    ]);
  });

  test('the message shows each value on one line, cut at 100 characters', async () => {
    const error = await differ(settings({}, 'x'.repeat(98)), settings({}, 'y'.repeat(99)));
    // 98 characters and the quotes: 100, shown whole; 101 is cut to 99 and an ellipsis.
    assert.match(error.message, new RegExp(`recorded: "${'x'.repeat(98)}"\\n`));
    assert.match(error.message, new RegExp(`now: {6}"${'y'.repeat(98)}…\\n`));
  });
});
