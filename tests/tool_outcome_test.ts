// The signal a model reads a tool's outcome from: the SDK's default failure
// texts (which count, what is kept as detail), and the book of pending calls
// (settled once, by any model of a group, in input order).
import assert from 'node:assert/strict';
import {
  type PendingToolCall,
  registerToolOutcomes,
  resultText,
  shareToolOutcomes,
  toolFailureOf,
  ToolOutcomeBook,
} from '../_internal/tool_outcome.ts';
import { markExpectToolError, ScriptCheck, stepCheck } from '../_internal/script_check.ts';
import { functionCall } from 'scripted-agents/testing';
import fc from 'fast-check';
import { checkProperty } from './_property.ts';
import { describe, test } from './_harness.ts';

const RUNNING = 'An error occurred while running the tool. Please try again.';
const PARSING = 'An error occurred while parsing tool arguments. Please try again with valid JSON.';

const pending = (callId: string, extra: Partial<PendingToolCall> = {}): PendingToolCall => ({
  callIndex: 0,
  itemIndex: 0,
  callId,
  toolName: 't',
  arguments: '{}',
  expectError: false,
  missing: undefined,
  where: () => '',
  ...extra,
});
const result = (callId: string, output: unknown) => ({
  type: 'function_call_result',
  callId,
  output,
});

describe('tool outcomes: the SDK default texts', () => {
  test('each kind, with what older releases append kept as the detail', () => {
    assert.deepEqual(toolFailureOf(RUNNING, 't'), {
      kind: 'failed',
      text: RUNNING,
      detail: undefined,
    });
    assert.deepEqual(toolFailureOf(`${RUNNING} Error: boom`, 't'), {
      kind: 'failed',
      text: `${RUNNING} Error: boom`,
      detail: 'Error: boom',
    });
    assert.deepEqual(toolFailureOf(PARSING, 't'), {
      kind: 'unparsable',
      text: PARSING,
      detail: undefined,
    });
    const older = 'An error occurred while parsing tool arguments. Please try again. Error: x';
    assert.equal(toolFailureOf(older, 't')?.detail, 'Error: x');
    assert.equal(
      toolFailureOf('An error occurred while parsing tool arguments.', 't')?.detail,
      undefined,
    );
    assert.deepEqual(toolFailureOf("Tool 't' timed out after 50ms.", 't'), {
      kind: 'timed_out',
      text: "Tool 't' timed out after 50ms.",
      detail: undefined,
    });
    assert.equal(
      toolFailureOf("Tool 'book_trip' timed out after 50ms.", 'book_trip')?.kind,
      'timed_out',
    );
    // The running text already ends "Please try again."; what follows is the detail as it is.
    assert.equal(
      toolFailureOf(`${RUNNING} Please try again later.`, 't')?.detail,
      'Please try again later.',
    );
    // Only a "Please try again…" sentence right after the default words is the SDK's own.
    assert.equal(
      toolFailureOf(
        'An error occurred while parsing tool arguments. Error: x. Please try again later.',
        't',
      )
        ?.detail,
      'Error: x. Please try again later.',
    );
  });

  test("other texts are the app's words, not failures", () => {
    for (
      const text of [
        "Tool 'other' timed out after 50ms.",
        "Note: Tool 't' timed out after 50ms.",
        "Tool 't' timed out after soon.",
        "Tool 't' timed out after 50ms. Retry.",
        `Note: ${RUNNING}`,
        'An error occurred while running the tool',
        'The card was declined.',
        '',
      ]
    ) {
      assert.equal(toolFailureOf(text, 't'), undefined, text);
    }
  });

  test('the text of every result shape', () => {
    assert.equal(resultText('a'), 'a');
    assert.equal(resultText({ type: 'text', text: 'b' }), 'b');
    assert.equal(
      resultText([{ type: 'image' }, { type: 'input_text', text: 'c' }, { text: 'd' }]),
      'c',
    );
    assert.equal(resultText([{ type: 'image' }]), undefined);
    assert.equal(resultText({ type: 'text', text: ['x'] }), undefined);
    assert.equal(resultText(null), undefined);
    assert.equal(resultText(7), undefined);
  });
});

describe('tool outcomes: the book', () => {
  test("a call's own function_call item is not its result: without one the call stays pending", () => {
    const book = new ToolOutcomeBook();
    book.remember(pending('a', { expectError: true }));
    const call = { type: 'function_call', callId: 'a', name: 't', arguments: '{}' };
    assert.equal(book.settle([call]), undefined);
    assert.deepEqual(book.unconfirmed().map((entry) => entry.callId), ['a']);
    const outcome = book.settle([call, result('a', RUNNING)]);
    assert.equal(outcome, undefined, 'the expected failure came');
    assert.deepEqual(book.unconfirmed(), []);
  });

  test('a failure is found once; a success forgets the call', () => {
    const book = new ToolOutcomeBook();
    book.remember(pending('a'));
    book.remember(pending('b'));
    assert.equal(book.settle('text input'), undefined);
    assert.equal(book.settle([result('b', 'fine'), null, { type: 'message' }]), undefined);
    const outcome = book.settle([result('a', RUNNING)]);
    assert.equal(outcome?.type, 'failed');
    assert.equal(outcome?.call.callId, 'a');
    assert.equal(book.settle([result('a', RUNNING), result('b', RUNNING)]), undefined);
  });

  test('expectError: a failure is fine, a success is the finding; unsettled ones are unconfirmed', () => {
    const book = new ToolOutcomeBook();
    book.remember(pending('x', { expectError: true }));
    book.remember(pending('y', { expectError: true }));
    book.remember(pending('z'));
    assert.deepEqual(book.unconfirmed().map((call) => call.callId), ['x', 'y']);
    assert.equal(book.settle([result('x', RUNNING)]), undefined);
    const outcome = book.settle([result('y', 'done')]);
    assert.deepEqual(outcome?.type === 'succeeded' ? outcome.result : undefined, 'done');
    assert.deepEqual(book.unconfirmed(), []);
  });

  test('the first finding in input order; every arrived call is forgotten', () => {
    const book = new ToolOutcomeBook();
    for (const id of ['a', 'b', 'c']) book.remember(pending(id, { expectError: id === 'c' }));
    const outcome = book.settle([result('b', RUNNING), result('a', RUNNING), result('c', 'ok')]);
    assert.equal(outcome?.call.callId, 'b');
    assert.equal(book.settle([result('a', RUNNING), result('c', 'ok')]), undefined);
  });

  test('a call id remembered again replaces the older call; forget() drops it', () => {
    const book = new ToolOutcomeBook();
    book.remember(pending('a', { callIndex: 1 }));
    book.remember(pending('a', { callIndex: 4 }));
    assert.equal(book.settle([result('a', RUNNING)])?.call.callIndex, 4);
    book.remember(pending('a'));
    book.forget('a');
    assert.equal(book.settle([result('a', RUNNING)]), undefined);
  });

  test("a group settles each other's calls, joined transitively", () => {
    const [one, two, three] = [new ToolOutcomeBook(), new ToolOutcomeBook(), new ToolOutcomeBook()];
    const models = [{}, {}, {}];
    registerToolOutcomes(models[0]!, one);
    registerToolOutcomes(models[1]!, two);
    registerToolOutcomes(models[2]!, three);
    shareToolOutcomes([models[0], 'not a model', null, {}]);
    one.remember(pending('a'));
    // A single book is no group.
    assert.equal(two.settle([result('a', RUNNING)]), undefined);
    shareToolOutcomes([models[0], models[1]]);
    shareToolOutcomes([models[1], models[2]]);
    assert.equal(three.settle([result('a', RUNNING)])?.call.callId, 'a');
    assert.equal(one.settle([result('a', RUNNING)]), undefined);
    // Its own call first, then the group's.
    two.remember(pending('d', { callIndex: 2 }));
    three.remember(pending('d', { callIndex: 3 }));
    assert.equal(three.settle([result('d', RUNNING)])?.call.callIndex, 3);
    assert.equal(one.settle([result('d', RUNNING)])?.call.callIndex, 2);
  });
});

describe('tool outcomes: the messages ScriptCheck makes of them', () => {
  const tool = {
    type: 'function',
    name: 't',
    strict: true,
    parameters: {
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
      additionalProperties: false,
    },
  };
  const request = { tools: [tool], handoffs: [{ toolName: 'transfer_to_b', inputJsonSchema: {} }] };
  const call = (name = 't', callId = 'c1') => ({
    type: 'function_call',
    name,
    callId,
    arguments: JSON.stringify({ id: 'x'.repeat(90) }),
  });
  const WAY_OUT = 'If the tool fails on purpose, give the call { expectToolError: true } ' +
    '(functionCall(name, args, { expectToolError: true })), or switch the check off with ' +
    'new ScriptedModel(steps, { validate: false }).';

  /** The error for `output` as call #2's result of a call made in call #1 on `route`. */
  const errorFor = (output: unknown, route = '') => {
    const check = new ScriptCheck('ScriptedModel', true, { where: () => route });
    const answer = [call()];
    assert.equal(
      check.response(0, request, answer, { validate: true, scripted: answer }),
      undefined,
    );
    return check.followUp(1, { input: [{ type: 'function_call_result', callId: 'c1', output }] });
  };
  const head = `ScriptedModel call #1, output item #1: function_call "t" with arguments ${
    JSON.stringify({ id: 'x'.repeat(90) }).slice(0, 79)
  }… did not succeed: `;

  test("arguments that are not JSON, a timeout, an older release's detail, a route", () => {
    assert.equal(
      errorFor(PARSING)?.message,
      `${head}the SDK could not parse its arguments; the model got ${
        JSON.stringify(PARSING)
      } in the input of call #2, and the script went on as if the tool had succeeded. ${WAY_OUT}`,
    );
    assert.equal(
      errorFor("Tool 't' timed out after 5ms.")?.message,
      `${head}the tool timed out; the model got "Tool 't' timed out after 5ms." in the input of ` +
        `call #2, and the script went on as if the tool had succeeded. ${WAY_OUT}`,
    );
    assert.match(
      errorFor(`${RUNNING} Error: boom`)?.message ?? '',
      /did not succeed: the tool threw, or its own schema rejected the arguments \("Error: boom"\) \(the SDK words both alike;/,
    );
    assert.match(
      errorFor(RUNNING, ' on route "triage"')?.message ?? '',
      /^ScriptedModel call #1 \(on route "triage"\), output item #1: function_call "t"/,
    );
    // A long failure text is cut in the message, whole in `actual`.
    const long = `${RUNNING} Error: ${'y'.repeat(200)}`;
    assert.equal(errorFor(long)?.actual, long);
  });

  test('a call to a tool without a schema, with arguments that are no text, is shown as JSON', () => {
    const check = new ScriptCheck('ScriptedModel', true);
    const loose = { tools: [{ type: 'function', name: 'free', strict: false }] };
    const answer = [{ type: 'function_call', name: 'free', callId: 'f1', arguments: { a: 1 } }];
    assert.equal(check.response(0, loose, answer, { validate: true, scripted: answer }), undefined);
    const error = check.followUp(1, {
      input: [{ type: 'function_call_result', callId: 'f1', output: RUNNING }],
    });
    assert.match(
      error?.message ?? '',
      /function_call "free" with arguments \{"a":1\} did not succeed/,
    );
  });

  test("a result another model of the group got names that model's route too", () => {
    const strict = {
      tools: [{
        ...tool,
        parameters: {
          ...tool.parameters,
          properties: { id: { type: 'string' }, n: { type: 'number' } },
          required: ['id', 'n'],
        },
      }],
    };
    const owner = new ScriptCheck('ScriptedModel', true, { where: () => ' on route "a"' });
    const observer = new ScriptCheck('ScriptedModel', true, { where: () => ' on route "b"' });
    ToolOutcomeBook.join([owner.outcomes, observer.outcomes]);
    const answer = [call(), { ...call('t', 'c2'), arguments: '{"id":"x","n":1}' }];
    owner.response(3, strict, answer, { validate: true, scripted: answer });
    const carried = (callId: string) => ({
      input: [{ type: 'function_call_result', callId, output: RUNNING }],
    });
    const missing = observer.followUp(0, carried('c1'));
    assert.equal(missing?.reason, 'missing_property');
    assert.match(
      missing?.message ?? '',
      /^ScriptedModel call #4 \(on route "a"\), output item #1: function_call "t" left out n, .+\(its result in the input of call #1 on route "b": .+\)\. /,
    );
    const failed = owner.followUp(5, carried('c2'));
    assert.equal(failed?.reason, 'tool_failed');
    assert.match(failed?.message ?? '', / in the input of call #6, and the script went on/);
  });

  test('handoffs are not remembered, and a call id they reuse is forgotten', () => {
    const check = new ScriptCheck('ScriptedModel', true);
    const first = [call('t', 'h1')];
    check.response(0, request, first, { validate: true, scripted: first });
    const second = [call('transfer_to_b', 'h1')];
    check.response(1, request, second, { validate: true, scripted: second });
    assert.equal(
      check.followUp(2, {
        input: [{ type: 'function_call_result', callId: 'h1', output: RUNNING }],
      }),
      undefined,
    );
  });

  test('a model with the check off remembers nothing and confirms nothing', () => {
    const off = new ScriptCheck('ScriptedModel', false);
    const answer = [markExpectToolError(call())];
    off.response(0, request, answer, { validate: true, scripted: answer });
    assert.equal(off.unconfirmed(), undefined);
    assert.equal(
      off.followUp(1, { input: [{ type: 'function_call_result', callId: 'c1', output: 'ok' }] }),
      undefined,
    );
  });

  test('expectToolError leaves no key on the item: the same call as the SDK builder gives', () => {
    const marked = functionCall('t', { id: 'x' }, { expectToolError: true });
    assert.deepEqual(marked, functionCall('t', { id: 'x' }));
    assert.deepEqual(Object.keys(marked), Object.keys(functionCall('t', { id: 'x' })));
    // The mark is kept beside the item, by identity (the private module, as the model reads it).
    const item = markExpectToolError({ ...marked });
    assert.deepEqual([...stepCheck([{ type: 'message' }, item], true).expectError], [1]);
    assert.deepEqual([...stepCheck({ output: [item] }, true).expectError], [0]);
    assert.deepEqual([...stepCheck([{ ...item }], true).expectError], []);
    assert.deepEqual([...stepCheck([item], false).expectError], []);
  });
});

describe('tool outcomes: the book against a plain map', () => {
  test('property: settle finds the first wrong outcome of the pending calls, each once, by its latest result', () => {
    const id = fc.constantFrom('a', 'b', 'c', 'd');
    const op = fc.oneof(
      fc.record({ type: fc.constant('remember' as const), id, expectError: fc.boolean() }),
      fc.record({ type: fc.constant('forget' as const), id }),
      fc.record({
        type: fc.constant('settle' as const),
        results: fc.array(fc.record({ id, failed: fc.boolean() }), { maxLength: 5 }),
      }),
    );
    checkProperty(
      200,
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const book = new ToolOutcomeBook();
        const model = new Map<string, boolean>();
        for (const step of ops) {
          if (step.type === 'remember') {
            book.remember(pending(step.id, { expectError: step.expectError }));
            model.set(step.id, step.expectError);
          } else if (step.type === 'forget') {
            book.forget(step.id);
            model.delete(step.id);
          } else {
            // Each pending call is judged by the latest result with its id.
            let expected: string | undefined;
            const judged = step.results.map(({ id: callId }, index) =>
              model.has(callId) &&
              step.results.findLastIndex((entry) => entry.id === callId) === index
            );
            step.results.forEach(({ id: callId, failed }, index) => {
              if (!judged[index]) return;
              if (expected === undefined && failed !== model.get(callId)) {
                expected = `${failed ? 'failed' : 'succeeded'} ${callId}`;
              }
            });
            for (const { id: callId } of step.results) model.delete(callId);
            const outcome = book.settle(
              step.results.map((entry) => result(entry.id, entry.failed ? RUNNING : 'ok')),
            );
            assert.equal(
              outcome === undefined ? undefined : `${outcome.type} ${outcome.call.callId}`,
              expected,
            );
          }
          assert.deepEqual(
            book.unconfirmed().map((call) => call.callId).sort(),
            [...model].filter(([, expectError]) => expectError).map(([callId]) => callId).sort(),
          );
        }
      }),
    );
  });
});
