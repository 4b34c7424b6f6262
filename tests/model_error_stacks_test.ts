// Errors a ScriptedModel throws straight to the test start their stack at the test's own frame, so
// a runner's code frame shows the test line: in V8 (Node, Deno) and JavaScriptCore (Bun) alike.
import assert from 'node:assert/strict';
import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

/** The first frame line of `error`'s stack. */
function firstFrame(error: unknown): string {
  const lines = String((error as Error).stack).split('\n');
  return lines.find((line) => /^\s+at /.test(line)) ?? '';
}

const here = /model_error_stacks_test\.(ts|js)/;

describe('ScriptedModel error stacks', () => {
  test('assertComplete() starts at the test', () => {
    const model = new ScriptedModel([[assistantMessage('Left.')]]);
    const error = (() => {
      try {
        model.assertComplete();
      } catch (error) {
        return error;
      }
    })();
    assert.match(firstFrame(error), here);
    // The header keeps the message.
    assert.ok(
      String((error as Error).stack).startsWith('UnconsumedModelStepsError: ScriptedModel has 1'),
    );
  });

  test('a malformed step given to the constructor or enqueue() starts at the test', () => {
    const made = (() => {
      try {
        new ScriptedModel([{ type: 'nope' } as never], { name: 'm' });
      } catch (error) {
        return error;
      }
    })();
    assert.match(firstFrame(made), here);
    assert.ok(String((made as Error).stack).includes('ScriptedModel "m" input #1'));
    const model = new ScriptedModel();
    const enqueued = (() => {
      try {
        model.enqueue({ type: 'nope' } as never);
      } catch (error) {
        return error;
      }
    })();
    assert.match(firstFrame(enqueued), here);
  });
});
