// The runner integration's own errors: every field, `name`, and the whole
// message of each form (default model or a named one, CI or not).
import assert from 'node:assert/strict';
import {
  MissingTestCassetteError,
  RealModelRequestError,
  SharedCassetteError,
} from 'scripted-agents/runner';
import { describe, test } from './_harness.ts';

const realAdvice =
  ', and tests run offline: nothing was sent. Give the agent a ScriptedModel, or ' +
  'run it with a ScriptedModelProvider (new Runner({ modelProvider })) that routes model names ' +
  'to scripts; to really call the provider, call allowNetwork() in this test (or at the top of ' +
  'the file, outside any test, for every test of the file).';

describe('RealModelRequestError', () => {
  test('names the model, or the default one when there is no name', () => {
    const named = new RealModelRequestError('gpt-x', 'suite › case');
    assert.ok(named instanceof Error);
    assert.equal(named.name, 'RealModelRequestError');
    assert.equal(named.model, 'gpt-x');
    assert.equal(named.test, 'suite › case');
    assert.equal(
      named.message,
      `Test "suite › case" asked the SDK's default (real) model provider for model "gpt-x"${realAdvice}`,
    );
    for (const model of [undefined, '']) {
      const unnamed = new RealModelRequestError(model, 't');
      assert.equal(unnamed.model, model);
      assert.equal(
        unnamed.message,
        `Test "t" asked the SDK's default (real) model provider for its default model${realAdvice}`,
      );
    }
  });
});

describe('MissingTestCassetteError', () => {
  test('outside CI it says to pass a provider', () => {
    const error = new MissingTestCassetteError('/t/a.json', { test: 'a', ci: false });
    assert.equal(error.name, 'MissingTestCassetteError');
    assert.deepEqual([error.path, error.test, error.ci], ['/t/a.json', 'a', false]);
    assert.equal(
      error.message,
      'Test "a" has no cassette at /t/a.json, and useCassette() was given no provider to record ' +
        'it from. Pass the real provider (useCassette({ provider: new OpenAIProvider() })) and ' +
        'run the test once to record it, then commit the file.',
    );
  });

  test('in CI it says to record locally', () => {
    const error = new MissingTestCassetteError('/t/a.json', { test: 'a', ci: true });
    assert.equal(error.ci, true);
    assert.equal(
      error.message,
      'Test "a" has no cassette at /t/a.json, and cassettes are never recorded in CI (CI is ' +
        'set). Record it locally: run the test outside CI with useCassette({ provider }) given a ' +
        'real provider, then commit the file.',
    );
  });
});

describe('SharedCassetteError', () => {
  test('names both tests and keeps a frozen copy of them', () => {
    const tests = ['a?', 'a*'];
    const error = new SharedCassetteError('/t/a_.json', tests);
    tests.push('later');
    assert.equal(error.name, 'SharedCassetteError');
    assert.equal(error.path, '/t/a_.json');
    assert.deepEqual(error.tests, ['a?', 'a*']);
    assert.ok(Object.isFrozen(error.tests));
    assert.equal(
      error.message,
      'Tests "a?" and "a*" would share the cassette /t/a_.json (their names differ only where a ' +
        "file name cannot). Give one of them its own: useCassette({ name: '...' }).",
    );
  });
});
