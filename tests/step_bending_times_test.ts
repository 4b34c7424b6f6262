// How a step's `times` and `optional` fields are read: every malformed shape is refused with the
// double's own error, and every valid shape gives the exact count it asks for.
import assert from 'node:assert/strict';
import { InvalidScriptedSandboxStepError, scriptedSandboxSession } from 'scripted-agents/testing';
import { stepCount } from '../testing/_shared/_step_count.ts';
import { describe, test } from './_harness.ts';

const malformed: readonly [string, unknown][] = [
  ['zero', 0],
  ['a negative number', -2],
  ['a fraction', 1.5],
  ['a boolean', true],
  ['null', null],
  ['a string other than any', 'many'],
  ['a numeric-string min', { min: '1' }],
  ['a fractional min', { min: 1.5 }],
  ['a negative min', { min: -1 }],
  ['an unsafe min', { min: 2 ** 53 }],
  ['a numeric-string max', { max: '5' }],
  ['a non-numeric string max', { max: 'x' }],
  ['a fractional max', { max: 1.5 }],
  ['an unsafe max', { max: 2 ** 53 }],
  ['NaN as max', { max: NaN }],
  ['zero as max', { max: 0 }],
  ['zero as max with zero min', { min: 0, max: 0 }],
  ['max below min', { min: 3, max: 2 }],
];

describe('stepCount reads times and optional', () => {
  test('valid shapes give the exact count', () => {
    assert.deepEqual(stepCount({}), { min: 1, max: 1 });
    assert.deepEqual(stepCount({ times: 1 }), { min: 1, max: 1 });
    assert.deepEqual(stepCount({ times: 3 }), { min: 3, max: 3 });
    assert.deepEqual(stepCount({ times: 'any' }), { min: 0, max: Infinity });
    assert.deepEqual(stepCount({ times: {} }), { min: 0, max: Infinity });
    assert.deepEqual(stepCount({ times: { max: 1 } }), { min: 0, max: 1 });
    assert.deepEqual(stepCount({ times: { min: 0, max: 1 } }), { min: 0, max: 1 });
    assert.deepEqual(stepCount({ times: { min: 1 } }), { min: 1, max: Infinity });
    assert.deepEqual(stepCount({ times: { min: 2, max: 2 } }), { min: 2, max: 2 });
    assert.deepEqual(stepCount({ times: { min: 2, max: Infinity } }), { min: 2, max: Infinity });
    assert.deepEqual(stepCount({ optional: true }), { min: 0, max: 1 });
    assert.deepEqual(stepCount({ optional: false, times: 2 }), { min: 2, max: 2 });
    assert.deepEqual(stepCount({ optional: true, times: { min: 2, max: 4 } }), { min: 0, max: 4 });
  });

  for (const [label, times] of malformed) {
    test(`times as ${label} is malformed`, () => {
      assert.equal(stepCount({ times }), undefined);
    });
  }

  test('a non-boolean optional is malformed', () => {
    assert.equal(stepCount({ optional: 'yes' }), undefined);
    assert.equal(stepCount({ optional: 1, times: 2 }), undefined);
  });
});

describe('the sandbox double refuses each malformed times', () => {
  for (const [label, times] of malformed) {
    test(`times as ${label}`, () => {
      assert.throws(
        () =>
          scriptedSandboxSession([
            { method: 'pathExists', result: true },
            { method: 'readFile', result: new Uint8Array(), times } as never,
          ]),
        (error: unknown) => {
          assert.ok(error instanceof InvalidScriptedSandboxStepError);
          assert.equal(error.name, 'InvalidScriptedSandboxStepError');
          assert.equal(error.reason, 'invalid_times');
          assert.equal(error.inputIndex, 1);
          assert.equal(error.method, 'readFile');
          assert.equal(
            error.message,
            'Scripted sandbox step #2 for readFile has invalid times or optional.',
          );
          return true;
        },
      );
    });
  }

  test('valid times are accepted and consumed as counted', async () => {
    using sandbox = scriptedSandboxSession([
      { method: 'pathExists', result: true, times: { min: 2, max: 2 } },
      { method: 'pathExists', result: false, times: { max: 1 } },
    ]);
    assert.equal(await sandbox.pathExists('a'), true);
    assert.equal(await sandbox.pathExists('b'), true);
    assert.equal(await sandbox.pathExists('c'), false);
    sandbox.assertComplete();
  });
});
