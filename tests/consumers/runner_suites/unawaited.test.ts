// Vitest only (as concurrent.test.ts): a matcher check that cannot be synchronous (a routed
// model whose only teardown is asynchronous) and is not awaited still fails the test, when the
// test ends, naming the matcher. (Under Jest the matcher's rejected promise is unhandled, and
// Node ends the worker with it.)
import { describe, expect, test } from 'vitest';
import { ScriptedModelProvider } from 'scripted-agents/testing';

describe('unawaited', () => {
  test('an asynchronous check that was not awaited', () => {
    const remote = {
      getResponse: () => Promise.reject(new Error('not called')),
      getStreamedResponse: () => {
        throw new Error('not called');
      },
      [Symbol.asyncDispose]: () => Promise.reject(new Error('the remote model holds 1 request')),
    };
    expect(ScriptedModelProvider.forAll(remote)).toBeComplete();
  });
});
