// `doubleScope().run(body)`: the form that keeps both messages when the test
// body fails and the doubles' teardown then fails too. `using` cannot: the
// runtime's SuppressedError has a fixed message (see teardown_test.ts for its
// shape), and runners print only that.
import assert from 'node:assert/strict';
import { Agent } from '@openai/agents';
import {
  assistantMessage,
  doubleScope,
  ScriptedModel,
  TeardownAlsoFailedError,
  UnconsumedModelStepsError,
} from 'scripted-agents/testing';
import {
  combinedFailure,
  runWithTeardown,
  TeardownAlsoFailedError as InternalTeardownAlsoFailedError,
} from '../_internal/combined_failure.ts';
import { runner } from './_model_fixtures.ts';
import { describe, test } from './_harness.ts';

/** The rejection of `promise` (it must reject). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail('expected a rejection');
}

describe('DoubleScope.run: the body and the teardown, one error', () => {
  test('both fail: one error, the body message first, then the teardown findings', async () => {
    const error = await rejectionOf(
      doubleScope().run((scope) => {
        scope.model([[assistantMessage('never requested')], [assistantMessage('nor this')]]);
        assert.equal(1 + 1, 3, 'the answer is wrong');
      }),
    );
    assert.ok(error instanceof TeardownAlsoFailedError);
    assert.equal(error.name, 'TeardownAlsoFailedError');
    const body = error.bodyError as Error;
    assert.equal(body.name, 'AssertionError');
    assert.equal(error.cause, body);
    assert.ok(error.teardownError instanceof UnconsumedModelStepsError);
    assert.equal(
      error.message,
      `AssertionError: ${body.message.trimEnd()}\n\n` +
        `The teardown failed too: UnconsumedModelStepsError: ${error.teardownError.message}`,
    );
    assert.ok(error.message.indexOf('the answer is wrong') < error.message.indexOf('unconsumed'));
    // The stack points at the body's failure, here, not at the teardown.
    const frames = (error.stack ?? '').split('\n').slice(1);
    assert.equal(
      error.stack?.split('\n')[0],
      'TeardownAlsoFailedError: AssertionError: the answer is wrong',
    );
    assert.match(frames[0], /double_scope_run_test/);
    assert.deepEqual(Object.keys(error), ['bodyError', 'teardownError', 'name']);
  });

  test('several teardown findings and an awaited body: all of them, after the body', async () => {
    const error = await rejectionOf(
      doubleScope().run(async (scope) => {
        const model = scope.model([[assistantMessage('one')], [assistantMessage('unused')]]);
        scope.model([[assistantMessage('never requested')]]);
        await runner().run(new Agent({ name: 'A', model }), 'Hi');
        throw new TypeError('the page did not render');
      }),
    );
    assert.ok(error instanceof TeardownAlsoFailedError);
    assert.ok(error.teardownError instanceof AggregateError);
    assert.equal(
      error.message,
      'TypeError: the page did not render\n\nThe teardown failed too: AggregateError: ' +
        error.teardownError.message,
    );
    assert.match(error.teardownError.message, /^2 test doubles failed their teardown checks: /);
  });

  test('only one fails: that failure as it is; neither: the body result', async () => {
    const primary = new Error('only the body');
    assert.equal(
      await rejectionOf(
        doubleScope().run(() => {
          throw primary;
        }),
      ),
      primary,
    );
    const teardown = await rejectionOf(
      doubleScope().run((scope) => {
        scope.model([[assistantMessage('never requested')]]);
      }),
    );
    assert.ok(teardown instanceof UnconsumedModelStepsError);
    const output = await doubleScope().run(async (scope) => {
      const model = scope.model([[assistantMessage('Paris.')]]);
      return (await runner().run(new Agent({ name: 'geo', model }), 'Capital?')).finalOutput;
    });
    assert.equal(output, 'Paris.');
  });

  test('the scope finishes once: a double tracked after run is refused', async () => {
    const scope = doubleScope();
    await scope.run(() => {});
    assert.throws(() => scope.track(new ScriptedModel()), /already finished/);
  });
});

describe('combinedFailure and runWithTeardown (shared by the runner integrations)', () => {
  test('non-Error values are described by kind and shape; the stack stays the error’s own', () => {
    const error = combinedFailure('a string', 42);
    assert.equal(error.message, 'the string "a string"\n\nThe teardown failed too: number 42');
    assert.equal(error.cause, 'a string');
    assert.match(error.stack ?? '', /^TeardownAlsoFailedError: the string "a string"/);
    const unprintable = combinedFailure(Object.create(null), new Error(''));
    assert.equal(unprintable.message, 'an object with no keys\n\nThe teardown failed too: Error');
  });

  test("the stack is the body's frames under the combined message's first line", () => {
    const body = new Error('stopped at the gate');
    // V8's form (Node, Deno); Bun prints frames the same way.
    body.stack = 'Error: stopped at the gate\n    at first (a.js:1:2)\n    at second (b.js:3:4)';
    const error = combinedFailure(body, new Error('teardown'));
    assert.equal(
      error.stack,
      'TeardownAlsoFailedError: Error: stopped at the gate\n    at first (a.js:1:2)\n    at second (b.js:3:4)',
    );
    // Runners and source-map tools rewrite stacks: it stays a plain, writable own property.
    assert.deepEqual(Object.getOwnPropertyDescriptor(error, 'stack'), {
      value: error.stack,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  });

  test('frames in the name@file:line form are found too, never in the message line', () => {
    const body = new Error('mail bob@host:25 failed');
    body.stack = 'Error: mail bob@host:25 failed\nfn@file.js:3:4\n@file.js:5:6';
    assert.equal(
      combinedFailure(body, new Error('teardown')).stack,
      'TeardownAlsoFailedError: Error: mail bob@host:25 failed\nfn@file.js:3:4\n@file.js:5:6',
    );
  });

  test('a body failure without frames (or not an Error) leaves the error its own stack', () => {
    const frameless = new Error('no frames');
    frameless.stack = 'Error: no frames';
    for (const body of [frameless, 'a string']) {
      const stack = combinedFailure(body, new Error('teardown')).stack ?? '';
      // Its own frames: where it was made, in this file.
      assert.match(stack, /double_scope_run_test/);
      assert.ok(!stack.includes('Error: no frames\nError: no frames'), stack);
    }
  });

  test('both messages lose trailing white space only', () => {
    const error = combinedFailure(new Error('body\n'), new Error('  indented\n'));
    assert.equal(error.message, 'Error: body\n\nThe teardown failed too: Error:   indented');
  });

  test('the teardown runs after the body, whether or not it failed', async () => {
    const order: string[] = [];
    const result = await runWithTeardown(() => {
      order.push('body');
      return 7;
    }, () => {
      order.push('teardown');
    });
    assert.equal(result, 7);
    const failed = await rejectionOf(runWithTeardown(async () => {
      order.push('failing body');
      await Promise.resolve();
      throw new Error('body');
    }, async () => {
      order.push('teardown again');
      await Promise.resolve();
      throw new Error('teardown');
    }));
    // The private module's own class (the built package bundles another copy).
    assert.ok(failed instanceof InternalTeardownAlsoFailedError);
    assert.equal(failed.message, 'Error: body\n\nThe teardown failed too: Error: teardown');
    assert.deepEqual(order, ['body', 'teardown', 'failing body', 'teardown again']);
  });
});
