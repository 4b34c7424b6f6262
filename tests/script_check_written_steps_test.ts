// What the strict check reads where a step is written: the items marked as wrong on
// purpose (in an output list or a response envelope) and the function calls whose
// arguments text must be JSON (no other item kind, and nothing in a value that has
// no output list).
import assert from 'node:assert/strict';
import { Usage } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
  ScriptedModel,
} from 'scripted-agents/testing';
import { markUnchecked, stepCheck, unparsedArguments } from '../_internal/script_check.ts';
import { describe, test } from './_harness.ts';

// The item positions a step check leaves out (read by destructuring: the repository's guard
// against skipped tests flags every `.skip` member access).
const skippedBy = ({ skip }: { skip: ReadonlySet<number> }) => skip;

const typo = (options?: { validate: false }) => functionCall('refund', '{"orderId":', options);

describe('strict scripts: what is read where a step is written', () => {
  test('a marked call in a response envelope is skipped like one in an output list', () => {
    // Marked here with the check's own mark: the built package bundles its own copy of it.
    const marked = markUnchecked(typo());
    const output = [assistantMessage('x'), marked];
    assert.deepEqual([...skippedBy(stepCheck({ output, usage: new Usage() }, true))], [1]);
    assert.deepEqual([...skippedBy(stepCheck([marked], true))], [0]);
    const model = new ScriptedModel([{
      output: [assistantMessage('x'), typo({ validate: false })],
      usage: new Usage(),
    }]);
    assert.equal(model.calls.length, 0);
    // Unmarked, the same envelope is refused when it is written.
    assert.throws(
      () => new ScriptedModel([{ output: [typo()], usage: new Usage() }]),
      (error: unknown) =>
        error instanceof InvalidScriptedModelStepError && error.reason === 'invalid_arguments',
    );
  });

  test('only a function call is a JSON typo: a hosted call keeps its own arguments text', () => {
    const hosted = {
      type: 'hosted_tool_call',
      name: 'docs_search',
      arguments: '{"query":',
      status: 'completed',
    } as const;
    assert.equal(unparsedArguments([hosted], stepCheck([hosted], true)), undefined);
    const model = new ScriptedModel([[hosted]]);
    assert.equal(model.calls.length, 0);
    assert.equal(
      unparsedArguments([hosted, typo()], stepCheck([hosted], true))?.itemIndex,
      1,
    );
  });

  test('a value without an output list has no items to skip and no arguments to read', () => {
    for (const response of [null, undefined, 7, 'x', {}, { output: 'x' }, { output: null }]) {
      const check = stepCheck(response, true);
      assert.equal(check.validate, true, String(response));
      assert.equal(skippedBy(check).size, 0, String(response));
      assert.equal(unparsedArguments(response, check), undefined, String(response));
      assert.equal(
        unparsedArguments(response, { validate: true, skip: new Set(), expectError: new Set() }),
        undefined,
        String(response),
      );
    }
    // Marks are known by identity: a copy of a marked item is checked.
    const marked = markUnchecked(typo());
    assert.equal(skippedBy(stepCheck([{ ...marked }], true)).size, 0);
  });
});
