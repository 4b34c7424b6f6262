// The run-related parts of the model doubles' failure messages, pinned exactly
// (testing/model/_transcript.ts): the transcript block (heading, the last steps, how
// many were left out), a request's input as items, the route a provider serves a
// model on, and the brief description of each kind of scripted step and output
// item that a teardown message lists as unused.
import assert from 'node:assert/strict';
import {
  describeStep,
  inputItems,
  lastCallTranscript,
  routeText,
  TRANSCRIPT_STEPS,
  transcriptBlock,
  unusedStepsText,
} from '../testing/model/_transcript.ts';
import { ModelCallLog } from '../testing/model/model_calls.ts';
import { registerRoutes } from '../testing/_shared/_model_routes.ts';
import type { QueuedStep } from '../testing/model/_model_input.ts';
import type { SdkModelRequest } from '../testing/_shared/_sdk_types.ts';
import { describe, test } from './_harness.ts';

const user = (text: string) => ({ type: 'message', role: 'user', content: text });
const assistant = (text: string) => ({
  type: 'message',
  role: 'assistant',
  content: [{ type: 'output_text', text }],
});

/** A scripted response step answering with `output`. */
const response = (output: unknown): QueuedStep =>
  ({ type: 'response', response: output, check: {} }) as unknown as QueuedStep;

describe('transcriptBlock', () => {
  test('the heading, then one indented line a step', () => {
    assert.equal(
      transcriptBlock([user('Hi'), assistant('Hello.')]),
      '\nLast steps:\n  user: "Hi"\n  message "Hello." (final)',
    );
    assert.equal(
      transcriptBlock([user('Hi')], { heading: 'Before it failed' }),
      '\nBefore it failed:\n  user: "Hi"',
    );
  });

  test('only the last steps, saying how many earlier ones were left out', () => {
    const items = Array.from({ length: TRANSCRIPT_STEPS + 2 }, (_, index) => user(`m${index}`));
    assert.equal(
      transcriptBlock(items),
      [
        '\nLast steps:',
        '  (2 earlier steps not shown)',
        '  user: "m2"',
        '  user: "m3"',
        '  user: "m4"',
        '  user: "m5"',
        '  user: "m6"',
      ].join('\n'),
    );
    assert.equal(
      transcriptBlock(items.slice(0, 2), { last: 1 }),
      '\nLast steps:\n  (1 earlier step not shown)\n  user: "m1"',
    );
    assert.equal(
      transcriptBlock(items.slice(0, 2), { last: 2 }),
      '\nLast steps:\n  user: "m0"\n  user: "m1"',
    );
  });

  test('long values are shortened to the transcript width', () => {
    assert.equal(
      transcriptBlock([user('x'.repeat(60))]),
      `\nLast steps:\n  user: "${'x'.repeat(39)}…"`,
    );
  });

  test('nothing at all for no steps, or for something that holds no trajectory', () => {
    assert.equal(transcriptBlock([]), '');
    assert.equal(transcriptBlock(42), '');
    assert.equal(transcriptBlock(null), '');
    assert.equal(transcriptBlock({ unrelated: true }), '');
  });
});

describe('inputItems', () => {
  test('a string input is one user message; a list is itself; anything else is none', () => {
    assert.deepEqual(inputItems('Hi'), [{ type: 'message', role: 'user', content: 'Hi' }]);
    const list = [user('a'), assistant('b')];
    assert.equal(inputItems(list), list);
    assert.deepEqual(inputItems(undefined), []);
    assert.deepEqual(inputItems({ input: 'x' }), []);
  });
});

describe('lastCallTranscript', () => {
  const request = (input: unknown) => ({ input }) as unknown as SdkModelRequest;

  test('the last call: the conversation it was sent, then what it answered', () => {
    const model = {};
    const log = new ModelCallLog(model);
    log.answer(log.record(request('First question'), false), [assistant('First answer.')]);
    log.answer(log.record(request([user('Second'), assistant('Wait.')]), false), [
      assistant('Second answer.'),
    ]);
    log.answer(log.record(request('Third question'), false), [assistant('Third answer.')]);
    assert.equal(
      lastCallTranscript(model, 'Last steps before it stopped'),
      '\nLast steps before it stopped:\n  user: "Third question"\n  message "Third answer." (final)',
    );
  });

  test('a call not answered yet shows only what it was sent', () => {
    const model = {};
    const log = new ModelCallLog(model);
    log.record(request('Only a question'), false);
    assert.equal(lastCallTranscript(model, 'Sent'), '\nSent:\n  user: "Only a question"');
  });

  test('nothing for a model without calls, or an object that is not a model double', () => {
    const model = {};
    new ModelCallLog(model);
    assert.equal(lastCallTranscript(model, 'Sent'), '');
    assert.equal(lastCallTranscript({}, 'Sent'), '');
  });
});

describe('routeText', () => {
  test('no route, one route, several routes (the fallback by that name)', () => {
    const alone = {};
    assert.equal(routeText(alone), '');
    const one = {};
    const two = {};
    registerRoutes(
      {},
      new Map<string, unknown>([['gpt-a', one], ['gpt-b', two], ['gpt-c', two]]),
      two,
    );
    assert.equal(routeText(one), ' on route "gpt-a"');
    assert.equal(routeText(two), ' on routes "gpt-b", "gpt-c", "fallback"');
  });
});

describe('describeStep', () => {
  test('a response: each output item briefly, joined by " + "', () => {
    assert.equal(
      describeStep(response([
        {
          type: 'function_call',
          name: 'escalate',
          arguments: JSON.stringify({ summary: 'The customer wants a refund' }),
        },
        assistant('Refunded your order in full today.'),
      ])),
      'function_call escalate({"summary":"The custome…"}) + message "Refunded your order in …"',
    );
    // The response object form reads its output.
    assert.equal(
      describeStep(response({ output: [assistant('Done.')], usage: {} })),
      'message "Done."',
    );
  });

  test('an empty response, and a response object without output', () => {
    assert.equal(describeStep(response([])), 'empty response');
    assert.equal(describeStep(response({ output: [] })), 'empty response');
    assert.equal(describeStep(response({})), 'empty response');
    assert.equal(describeStep(response('not a response')), 'empty response');
  });

  test('function calls: parsed arguments, or the malformed text as it is', () => {
    assert.equal(
      describeStep(response([{ type: 'function_call', name: 'f', arguments: '{not json' }])),
      'function_call f("{not json")',
    );
    assert.equal(
      describeStep(response([{ type: 'function_call', name: 'f', arguments: '[1,2]' }])),
      'function_call f([1,2])',
    );
  });

  test('messages: string content, text and refusal parts, other parts as nothing', () => {
    assert.equal(
      describeStep(response([{ type: 'message', role: 'assistant', content: 'plain' }])),
      'message "plain"',
    );
    assert.equal(
      describeStep(response([{
        type: 'message',
        role: 'assistant',
        content: [{ text: 'a' }, { refusal: 'b' }, { other: 'c' }, 'd', null, { text: 'e' }],
      }])),
      'message "abe"',
    );
    assert.equal(
      describeStep(response([{ type: 'message', role: 'assistant' }])),
      'message ""',
    );
    // An item with a role and no type is a message.
    assert.equal(describeStep(response([{ role: 'assistant', content: 'x' }])), 'message "x"');
  });

  test('other items: hosted tool calls by name, anything else by its type', () => {
    assert.equal(
      describeStep(response([{ type: 'hosted_tool_call', name: 'web_search' }])),
      'hosted_tool_call web_search',
    );
    assert.equal(describeStep(response([{ type: 'reasoning', content: [] }])), 'reasoning');
    assert.equal(describeStep(response([{ role: 7 }, {}])), 'item + item');
    assert.equal(describeStep(response(['raw', 42, null])), 'raw + 42 + null');
  });

  test('the other kinds of step', () => {
    assert.equal(
      describeStep({ type: 'error', error: new TypeError('x'), retryAdvice: undefined }),
      'error (TypeError)',
    );
    assert.equal(
      describeStep({ type: 'error', error: 'not an Error', retryAdvice: undefined }),
      'error',
    );
    const respond = () => [];
    assert.equal(
      describeStep({ type: 'responder', respond, validate: true } as QueuedStep),
      'responder',
    );
    assert.equal(describeStep({ type: 'stream', events: [] } as unknown as QueuedStep), 'stream');
    assert.equal(
      describeStep({ type: 'stream_responder', respond } as unknown as QueuedStep),
      'stream responder',
    );
    const hold = (then: QueuedStep | undefined) =>
      ({ type: 'hold', gate: {}, then, atEvent: 0 }) as unknown as QueuedStep;
    assert.equal(describeStep(hold(undefined)), 'hold');
    assert.equal(describeStep(hold(response([assistant('Later.')]))), 'hold then message "Later."');
  });
});

describe('unusedStepsText', () => {
  const steps = ['a', 'b', 'c', 'd', 'e'].map((text) => response([assistant(text)]));

  test('numbered from the first unused step, at most three, then how many more', () => {
    assert.equal(
      unusedStepsText(steps, 2),
      '#2 message "a", #3 message "b", #4 message "c", and 2 more',
    );
    // Exactly the limit: no "and 0 more".
    assert.equal(
      unusedStepsText(steps.slice(0, 3), 1),
      '#1 message "a", #2 message "b", #3 message "c"',
    );
    assert.equal(unusedStepsText(steps, 1, 1), '#1 message "a", and 4 more');
    assert.equal(unusedStepsText([], 1), '');
  });
});
