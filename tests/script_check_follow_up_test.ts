// The parts of the script check after the tool list: the final message against an
// output schema (which text the runner takes), the book of calls that only their
// tool can judge (which results count as a failure, when a call is forgotten), and
// the errors and messages ScriptCheck builds from them.
import assert from 'node:assert/strict';
import {
  brief,
  checkOutput,
  followUpProblem,
  markUnchecked,
  ScriptCheck,
  stepCheck,
  unparsedArguments,
} from '../_internal/script_check.ts';
import { describe, test } from './_harness.ts';

const schema = {
  type: 'object',
  properties: { id: { type: 'string' } },
  required: ['id'],
  additionalProperties: false,
};
// A strict tool whose `count` only the tool can judge (a strict schema proves no property required).
const counter = {
  type: 'function',
  name: 't',
  strict: true,
  parameters: {
    type: 'object',
    properties: { id: { type: 'string' }, count: { type: 'number' } },
    required: ['id', 'count'],
    additionalProperties: false,
  },
};
const request = { tools: [counter] };

const call = (args: unknown, callId: unknown = 'c1') => ({
  type: 'function_call',
  name: 't',
  callId,
  arguments: JSON.stringify(args),
});
const incomplete = (callId: unknown = 'c1') => call({ id: 'x' }, callId);
const result = (output: unknown, callId = 'c1') => ({
  type: 'function_call_result',
  callId,
  output,
});
const FAILED = 'An error occurred while running the tool. Please try again. Error: boom';

const message = (text: string, extra: Record<string, unknown> = {}) => ({
  type: 'message',
  role: 'assistant',
  content: [{ type: 'output_text', text }],
  ...extra,
});
/** The message this runtime's JSON.parse gives for `text`. */
function parseError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} is JSON`);
}

const outputType = { type: 'json_schema', name: 'out', strict: true, schema };

describe('strict scripts: the final message against the output schema', () => {
  test('the message says what is wrong and where, naming the output schema', () => {
    const notJson = checkOutput({ outputType }, [message('nope')]);
    assert.equal(notJson?.reason, 'invalid_output');
    assert.equal(notJson?.path, '');
    assert.equal(notJson?.expected, 'JSON text');
    assert.equal(notJson?.actual, 'nope');
    assert.equal(notJson?.toolName, undefined);
    assert.equal(notJson?.available, undefined);
    assert.equal(
      notJson?.problem,
      `the final message is not JSON for the output schema "out" (${parseError('nope')}): "nope".`,
    );
    const wrong = checkOutput({ outputType }, [message('{"id":5}')]);
    assert.equal(wrong?.path, 'id');
    assert.equal(wrong?.actual, 5);
    assert.equal(
      wrong?.problem,
      `the final message does not fit the output schema "out" at id: expected ${wrong?.expected}, got 5.`,
    );
    const missing = checkOutput({ outputType: { ...outputType, strict: false } }, [message('{}')]);
    // A missing property is left to the SDK's own check (a zod schema lists defaulted ones).
    assert.equal(missing, undefined);
    // Well-known string formats are checked in the output too.
    const emailType = {
      type: 'json_schema',
      name: 'contact',
      schema: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
    };
    assert.equal(
      checkOutput({ outputType: emailType }, [message('{"email":"a@b.example"}')]),
      undefined,
    );
    assert.equal(
      checkOutput({ outputType: emailType }, [message('{"email":"nope"}')])?.path,
      'email',
    );
    const top = checkOutput({ outputType }, [message('[1]')]);
    assert.match(top?.problem ?? '', / at the top level: expected .+, got \[1\]\.$/);
    // Only a JSON-schema output type is judged.
    assert.equal(
      checkOutput({ outputType: { type: 'text', schema } }, [message('nope')]),
      undefined,
    );
    // An output type without a name is called "output".
    const unnamed = checkOutput({ outputType: { type: 'json_schema', schema } }, [message('x')]);
    assert.match(unnamed?.problem ?? '', /the output schema "output"/);
  });

  test('which text is judged: the assistant text parts of the last message', () => {
    // Several text parts are joined; other parts are not text.
    const parts = {
      type: 'message',
      role: 'assistant',
      content: [
        { type: 'output_text', text: '{"id":' },
        { type: 'refusal', text: 'ignored' },
        { type: 'output_text', text: '"x"}' },
        { type: 'output_text', text: 5 },
        null,
      ],
    };
    assert.equal(checkOutput({ outputType }, [parts]), undefined);
    // A message not from the assistant, or without a content list, has no text.
    assert.equal(checkOutput({ outputType }, [message('nope', { role: 'user' })]), undefined);
    for (const content of ['nope', { type: 'output_text', text: 'nope' }]) {
      assert.equal(
        checkOutput({ outputType }, [{ type: 'message', role: 'assistant', content }]),
        undefined,
      );
    }
    assert.equal(
      checkOutput({ outputType }, [message('nope'), message('nope', { role: 'user' })])?.itemIndex,
      0,
    );
    // Around reasoning or tool-search items the messages are one text; around other items, not.
    const toolSearch = { type: 'tool_search_output', tools: [] };
    assert.equal(
      checkOutput({ outputType }, [message('{"id":'), toolSearch, message('"x"}')]),
      undefined,
    );
    // A stray list among the items is no item at all.
    assert.equal(
      checkOutput({ outputType }, [{ type: 'reasoning' }, message('{"id":'), [], message('"x"}')]),
      undefined,
    );
    const other = { type: 'hosted_tool_call', name: 'code_interpreter_call' };
    assert.equal(
      checkOutput({ outputType }, [
        { type: 'reasoning' },
        message('{"id":'),
        other,
        message('"x"}'),
      ])
        ?.actual,
      '"x"}',
    );
  });
});

describe('strict scripts: the calls only their tool can judge', () => {
  /** A check that has seen `output` answer call `callIndex`. */
  const seen = (output: unknown[], callIndex = 0, scripted: unknown = output) => {
    const check = new ScriptCheck('ScriptedModel', true);
    assert.equal(
      check.response(callIndex, request, output, { validate: true, scripted }),
      undefined,
    );
    return check;
  };

  test('a remembered call is reported once, with the failure text, then forgotten', () => {
    const check = seen([{ type: 'message' }, incomplete('c1')], 3);
    assert.equal(check.followUp(4, { input: 'not a list' }), undefined);
    assert.equal(
      check.followUp(4, { input: [result(FAILED, 'other'), { type: 'message' }, null] }),
      undefined,
    );
    const error = check.followUp(4, { input: [result(FAILED)] });
    assert.equal(error?.reason, 'missing_property');
    assert.equal(error?.callIndex, 3);
    assert.equal(error?.itemIndex, 1);
    assert.equal(error?.toolName, 't');
    assert.equal(error?.path, 'count');
    assert.equal(check.followUp(5, { input: [result(FAILED)] }), undefined);
  });

  test('a result that is no failure forgets the call as well', () => {
    const check = seen([incomplete('c1')]);
    assert.equal(check.followUp(1, { input: [result('done')] }), undefined);
    assert.equal(check.followUp(2, { input: [result(FAILED)] }), undefined);
  });

  test('the SDK failure texts count, in every shape of result; others do not', () => {
    const parsing = 'An error occurred while parsing tool arguments. Please try again.';
    for (
      const output of [
        FAILED,
        parsing,
        { type: 'text', text: FAILED },
        [null, { type: 'image', image: 'x' }, { type: 'input_text', text: FAILED }],
      ]
    ) {
      assert.ok(
        seen([incomplete()]).followUp(1, { input: [result(output)] }),
        JSON.stringify(output),
      );
    }
    for (
      const output of [
        `Note: ${FAILED}`,
        'An error occurred while calling home',
        [{ type: 'image', image: 'x' }],
        { type: 'image' },
        // Only a text field that is text.
        { type: 'text', text: [FAILED] },
        null,
        42,
      ]
    ) {
      assert.equal(
        seen([incomplete()]).followUp(1, { input: [result(output)] }),
        undefined,
        JSON.stringify(output),
      );
    }
  });

  test('the first failed call of an input is reported, and every arrived one forgotten', () => {
    const check = seen([incomplete('c1'), incomplete('c2')]);
    assert.equal(
      check.followUp(1, { input: [result(FAILED, 'c1'), result(FAILED, 'c2')] })?.itemIndex,
      0,
    );
    assert.equal(check.followUp(2, { input: [result(FAILED, 'c2')] }), undefined);
  });

  test('a complete call that failed is tool_failed; skipped items, others and id-less calls are not remembered', () => {
    const output = [
      call({ id: 'x', count: 1 }, 'complete'),
      incomplete('skipped'),
      { ...incomplete('typed'), type: 'function_call_output' },
      incomplete(7),
      null,
    ];
    const check = seen(output, 0, [output[0], markUnchecked(output[1]!)]);
    for (const id of ['skipped', 'typed', '7']) {
      assert.equal(check.followUp(1, { input: [result(FAILED, id)] }), undefined, id);
    }
    const failed = check.followUp(1, { input: [result(FAILED, 'complete')] });
    assert.equal(failed?.reason, 'tool_failed');
    assert.equal(failed?.path, undefined);
    assert.equal(failed?.actual, FAILED);
  });

  test('the follow-up message names the call, the property and the failure, cut short', () => {
    const failed = { toolName: 'refund', path: 'amountCents', result: FAILED };
    assert.equal(
      followUpProblem(failed, 1),
      `function_call "refund" left out amountCents, which the tool's schema lists as required and ` +
        `not nullable, and the tool failed (its result in the input of call #2: ` +
        `"An error occurred while running the tool. Please try agai…").`,
    );
    assert.equal(brief(FAILED, 60).length, 60);
    // A cut string keeps its closing quote.
    assert.ok(brief(FAILED, 60).endsWith('…"'));
    assert.match(followUpProblem({ ...failed, path: '' }, 0), /left out a property, which/);
  });
});

describe('strict scripts: brief values', () => {
  test('JSON cut to the limit; what JSON cannot show, as text', () => {
    assert.equal(brief('abc'), '"abc"');
    assert.equal(brief(undefined), 'undefined');
    assert.equal(brief('x'.repeat(100)), `"${'x'.repeat(77)}…"`);
    assert.equal(brief('x'.repeat(100)).length, 80);
    assert.equal(brief('x'.repeat(78)), `"${'x'.repeat(78)}"`);
    assert.equal(brief('x'.repeat(79)), `"${'x'.repeat(77)}…"`);
    assert.equal(brief('abcdef', 4), '"a…"');
    assert.equal(brief('abcdef', 3), '"…"');
    // Escapes count as written: a cut never splits one.
    assert.equal(brief('a"b"c"d"e', 8), '"a\\"b…"');
    // Other values are cut as their JSON.
    assert.equal(brief(['x'.repeat(100)], 10), '["xxxxxxx…');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    assert.equal(brief(circular), '[object Object]');
    assert.equal(brief(10n), '10');
    assert.equal(brief(Symbol('s')), 'Symbol(s)');
  });
});

describe('strict scripts: ScriptCheck', () => {
  const wrong = [call({ id: 5, count: 1 })];

  test('a mismatch error carries every field and the full message', () => {
    const check = new ScriptCheck('ScriptedModel', true);
    const error = check.response(2, request, wrong, { validate: true, scripted: wrong });
    assert.ok(error);
    assert.equal(error.double, 'ScriptedModel');
    assert.equal(error.callIndex, 2);
    assert.equal(error.itemIndex, 0);
    assert.equal(error.reason, 'invalid_arguments');
    assert.equal(error.toolName, 't');
    assert.equal(error.path, 'id');
    assert.equal(error.actual, 5);
    assert.equal(error.available, undefined);
    assert.match(
      error.message,
      /^ScriptedModel call #3, output item #1: function_call "t" has invalid arguments at id: expected .+, got 5\. If the step is wrong on purpose, give it \{ validate: false \} \(functionCall\(\), modelResponse\(\), modelResponder\(\)\), or switch the check off with new ScriptedModel\(steps, \{ validate: false \}\)\.$/,
    );
  });

  test('off for the model, the step or the item: no error and nothing remembered', () => {
    const off = new ScriptCheck('ScriptedModel', false);
    assert.equal(off.response(0, request, wrong, { validate: true, scripted: wrong }), undefined);
    off.response(0, request, [incomplete()], { validate: true, scripted: [] });
    assert.equal(off.followUp(1, { input: [result(FAILED)] }), undefined);

    const check = new ScriptCheck('ScriptedModel', true);
    assert.equal(
      check.response(0, request, wrong, { validate: false, scripted: wrong }),
      undefined,
    );
    assert.equal(
      check.response(0, request, wrong, {
        validate: true,
        scripted: wrong,
        step: stepCheck(wrong, false),
      }),
      undefined,
    );
    // A responder's result: marked items are found in the response as scripted.
    const marked = [markUnchecked(call({ id: 5, count: 1 }))];
    assert.equal(
      check.response(0, request, [{ ...marked[0] }], { validate: true, scripted: marked }),
      undefined,
    );
    assert.ok(check.response(0, request, [{ ...marked[0] }], { validate: true, scripted: [] }));
    // A step given as fixed keeps its own marks.
    assert.equal(
      check.response(0, request, wrong, {
        validate: true,
        scripted: [],
        step: stepCheck(marked, true),
      }),
      undefined,
    );
    // Nothing checked, nothing remembered.
    check.response(0, request, [incomplete('off')], { validate: false, scripted: [] });
    assert.equal(check.followUp(1, { input: [result(FAILED, 'off')] }), undefined);
  });

  test('a follow-up error points at the call that left the property out', () => {
    const check = new ScriptCheck('ScriptedModel', true);
    const output = [{ type: 'message' }, incomplete()];
    assert.equal(
      check.response(4, request, output, { validate: true, scripted: output }),
      undefined,
    );
    assert.equal(check.followUp(5, {}), undefined);
    const error = check.followUp(5, { input: [result(FAILED)] });
    assert.ok(error);
    assert.equal(error.double, 'ScriptedModel');
    assert.equal(error.callIndex, 4);
    assert.equal(error.itemIndex, 1);
    assert.equal(error.reason, 'missing_property');
    assert.equal(error.toolName, 't');
    assert.equal(error.path, 'count');
    assert.equal(error.expected, 'the property (required, not nullable)');
    assert.equal(error.actual, undefined);
    assert.equal(error.available, undefined);
    assert.equal(
      error.message,
      `ScriptedModel call #5, output item #2: ${
        followUpProblem({ toolName: 't', path: 'count', result: FAILED }, 5)
      } If the step is wrong on purpose, give it { validate: false } (functionCall(), ` +
        'modelResponse(), modelResponder()), or switch the check off with ' +
        'new ScriptedModel(steps, { validate: false }).',
    );
  });
});

describe('strict scripts: arguments written as something other than text', () => {
  test('only a text arguments field can be a JSON typo', () => {
    const item = { type: 'function_call', name: 't', callId: 'c', arguments: { id: 'x' } };
    assert.equal(unparsedArguments([item], stepCheck([item], true)), undefined);
    const typo = { ...item, arguments: '{' };
    assert.deepEqual(unparsedArguments([null, item, typo], stepCheck([item, typo], true)), {
      itemIndex: 2,
      name: 't',
      error: parseError('{'),
    });
  });
});
