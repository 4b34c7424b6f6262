// The errors of the cassette entry, as a cassette raises them where it can: the
// exact name, message and structured fields (own enumerable properties, name last).
import assert from 'node:assert/strict';
import { assistantMessage } from 'scripted-agents/testing';
import {
  Cassette,
  CassetteMissError,
  InvalidCassetteError,
  RecordedModelError,
  UnusedCassetteInteractionsError,
} from 'scripted-agents/cassette';
import { MissingCassetteError, openCassette } from 'scripted-agents/cassette_fs';
import { describe, test } from './_harness.ts';

const HINT =
  "If the change is intended, re-record: run with SCRIPTED_AGENTS_CASSETTE=update (or mode: 'update') " +
  'to keep what still matches and record the rest, or SCRIPTED_AGENTS_CASSETTE=record to record ' +
  'everything again.';

const fields = { modelSettings: {}, tools: [], handoffs: [], outputType: 'text' };

interface Recorded {
  model?: string;
  input: unknown;
  text: string;
}

/** A cassette (format version 2) answering each recorded request with its text. */
function cassetteOf(recorded: Recorded[], label?: string): Cassette {
  return Cassette.fromJSON({
    format: 'scripted-agents/cassette',
    version: 2,
    models: {},
    interactions: recorded.map(({ model = 'm', input, text }) => ({
      model,
      streamed: false,
      request: { input, ...fields },
      response: { output: [assistantMessage(text)], usage: { requests: 1 } },
    })),
    blobs: {},
  }, label === undefined ? {} : { label });
}

/** The live request of the same shape. */
const live = (input: unknown) => ({ input, ...fields, tracing: false }) as never;

async function miss(cassette: Cassette, model: string, input: unknown) {
  const error = await cassette.model(model).getResponse(live(input)).catch((e) => e);
  assert.ok(error instanceof CassetteMissError, String(error));
  return error;
}

describe('Cassette errors', () => {
  test('a miss names the nearest unused recording of another model and every difference', async () => {
    const cassette = cassetteOf(
      [{ model: 'b', input: ['a', 'b', 'c', 'd', 'e'], text: 'b0' }],
      'runs.json',
    );
    const error = await miss(cassette, 'a', ['1', '2', '3', '4', 'e']);
    assert.equal(error.name, 'CassetteMissError');
    assert.deepEqual(Object.keys(error), [
      'label',
      'model',
      'callIndex',
      'streamed',
      'request',
      'nearest',
      'nearestIndex',
      'nearestModel',
      'nearestUsed',
      'nearestUsedBy',
      'differences',
      'differenceCount',
      'name',
    ]);
    assert.equal(
      error.message,
      [
        'Cassette runs.json has no recorded interaction for non-streaming model call #1 (model "a").',
        'The nearest unused recorded interaction, #1 (model "b"), differs at 4 paths:',
        '  request.input[0]',
        '    recorded: "a"',
        '    now:      "1"',
        '  request.input[1]',
        '    recorded: "b"',
        '    now:      "2"',
        '  request.input[2]',
        '    recorded: "c"',
        '    now:      "3"',
        '  (and 1 more difference)',
        HINT,
      ].join('\n'),
    );
    assert.equal(error.differences.length, 3);
    assert.equal(error.differenceCount, 4);
    cassette.acknowledgeFailures();
    await assert.rejects(cassette.close(), UnusedCassetteInteractionsError);
  });

  test('a miss on an identical, used recording says which call used it', async () => {
    const cassette = cassetteOf([{ input: 'hi', text: 'one' }, { input: 'other', text: 'two' }]);
    await cassette.model('m').getResponse(live('other'));
    await cassette.model('m').getResponse(live('hi'));
    const error = await miss(cassette, 'm', 'hi');
    assert.equal(
      error.message,
      [
        'Cassette has no recorded interaction for non-streaming model call #3 (model "m").',
        'Recorded interaction #1 matches this request exactly but was already used, by model ' +
        'call #2: the run now makes this call once more than when it was recorded.',
        // What the missed call was answering, as a transcript.
        'The call was answering:',
        '  user: "hi"',
        HINT,
      ].join('\n'),
    );
    assert.equal(error.nearestModel, 'm');
    assert.equal(error.nearestUsed, true);
    assert.equal(error.nearestUsedBy, 1);
    assert.equal(error.differenceCount, 0);
    cassette.acknowledgeFailures();
    await cassette.close();
  });

  test('a miss on a used recording of the same model says none is left unused, and who used it', async () => {
    const cassette = cassetteOf([{ input: 'hi', text: 'one' }]);
    await cassette.model('m').getResponse(live('hi'));
    const error = await miss(cassette, 'm', 'hello');
    assert.equal(
      error.message,
      [
        'Cassette has no recorded interaction for non-streaming model call #2 (model "m").',
        'The nearest recorded interaction (already used by model call #1; none is left unused), ' +
        '#1, differs at 1 path:',
        '  request.input',
        '    recorded: "hi"',
        '    now:      "hello"',
        'The call was answering:',
        '  user: "hello"',
        HINT,
      ].join('\n'),
    );
    assert.equal(error.nearestUsedBy, 0);
    cassette.acknowledgeFailures();
    await cassette.close();
  });

  test('a miss on an empty cassette says it holds nothing', async () => {
    const cassette = cassetteOf([]);
    const error = await miss(cassette, 'm', 'hi');
    assert.equal(
      error.message,
      'Cassette has no recorded interaction for non-streaming model call #1 (model "m").\n' +
        `The cassette holds no recorded interaction.\nThe call was answering:\n  user: "hi"\n${HINT}`,
    );
    cassette.acknowledgeFailures();
    await cassette.close();
  });

  test('close() lists the unused recordings', async () => {
    const cassette = cassetteOf([
      { input: 'a', text: 'A' },
      { model: 'n', input: 'b', text: 'B' },
      { input: 'c', text: 'C' },
    ], 'runs.json');
    await cassette.model('m').getResponse(live('a'));
    const error = await cassette.close().catch((e) => e);
    assert.ok(error instanceof UnusedCassetteInteractionsError);
    assert.deepEqual({ ...error }, {
      label: 'runs.json',
      unused: [{ index: 1, model: 'n', streamed: false }, {
        index: 2,
        model: 'm',
        streamed: false,
      }],
      total: 3,
      name: 'UnusedCassetteInteractionsError',
    });
    assert.equal(
      error.message,
      'Cassette runs.json has 2 unused recorded interactions (of 3): #2 model "n", #3 model "m". ' +
        `The workflow made fewer or other model calls than when it was recorded. ${HINT}`,
    );
  });

  test('an invalid cassette names the path, or the cassette itself', () => {
    const cases = [
      [[], {
        path: '',
        expected: 'an object',
        actual: 'an array of 0',
      }, 'Cassette runs.json is invalid: the cassette should be an object, but is an array of 0.'],
      [
        { format: 'other' },
        {
          path: 'format',
          expected: '"scripted-agents/cassette"',
          actual: 'string "other"',
        },
        'Cassette runs.json is invalid: format should be "scripted-agents/cassette", but is ' +
        'string "other".',
      ],
    ] as const;
    for (const [json, fields, message] of cases) {
      assert.throws(() => Cassette.fromJSON(json as never, { label: 'runs.json' }), (error) => {
        assert.ok(error instanceof InvalidCassetteError);
        assert.deepEqual({ ...error }, {
          label: 'runs.json',
          ...fields,
          name: 'InvalidCassetteError',
        });
        assert.equal(error.message, message);
        return true;
      });
    }
  });
});

describe('RecordedModelError', () => {
  test('carries the recorded fields as plain own properties, never over its own members', () => {
    const error = new RecordedModelError({
      className: 'BadRequestError',
      name: 'Error',
      message: '400 bad',
      fields: { code: 'bad_request', message: 'not this one', recordedClass: 'not this one' },
    });
    assert.equal(error.message, '400 bad');
    assert.equal(error.recordedClass, 'BadRequestError');
    assert.equal(error.headers, undefined);
    assert.equal(error.status, undefined);
    assert.deepEqual(Object.getOwnPropertyDescriptor(error, 'code'), {
      value: 'bad_request',
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
});

describe('MissingCassetteError', () => {
  test('replaying a file that does not exist names the file and how to record it', async () => {
    const file = 'tests/fixtures/no-such-cassette.json';
    const error = await openCassette(file, { mode: 'replay' }).catch((e) => e);
    assert.ok(error instanceof MissingCassetteError);
    assert.deepEqual({ ...error }, { path: file, name: 'MissingCassetteError' });
    assert.equal(
      error.message,
      'Cassette file tests/fixtures/no-such-cassette.json does not exist, so there is nothing to ' +
        'replay. Record it once with the real provider: run with SCRIPTED_AGENTS_CASSETTE=record ' +
        "(or pass mode: 'record', or 'auto' to record only when the file is missing) and " +
        'options.provider.',
    );
  });
});
