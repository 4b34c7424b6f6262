// The script check on hand-made requests: how a request's tool list is read
// (what counts as offered, what leaves it open, what gives nothing to judge by).
import assert from 'node:assert/strict';
import { checkOutput, offerOf, stepCheck, unparsedArguments } from '../_internal/script_check.ts';
import { describe, test } from './_harness.ts';

const schema = {
  type: 'object',
  properties: { id: { type: 'string' } },
  required: ['id'],
  additionalProperties: false,
};

const fn = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'function',
  name,
  parameters: schema,
  strict: true,
  ...extra,
});

const call = (name: string, args: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'function_call',
  name,
  callId: 'c',
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
  ...extra,
});

const message = (text: string) => ({
  type: 'message',
  role: 'assistant',
  content: [{ type: 'output_text', text }],
});

describe('strict scripts: reading the request', () => {
  test('a tool list is read once: the same lists give the same offer', () => {
    const tools = [fn('a')];
    const handoffs: unknown[] = [];
    const first = offerOf({ tools, handoffs });
    assert.equal(offerOf({ tools, handoffs }), first);
    assert.notEqual(offerOf({ tools, handoffs: [] }), first);
    assert.notEqual(offerOf({ tools: [fn('a')], handoffs }), first);
    assert.deepEqual(first.names, ['a']);
    assert.equal(first.judges, true);
    assert.equal(first.open, false);
    assert.equal(offerOf({}).judges, false);
  });

  test('names: bare, namespaced (also reachable bare), handoffs; hosted kinds', () => {
    const offer = offerOf({
      tools: [
        fn('a'),
        fn('b', { namespace: 'ns' }),
        fn('c', { namespace: 'c' }),
        fn('a', { namespace: 'ns' }),
        null,
        { type: 'hosted_tool', name: 'web_search', providerData: { type: 'web_search' } },
        { type: 'hosted_tool', name: 'file_search' },
        { type: 'hosted_tool', name: 'mcp', providerData: { type: 'mcp', server_label: 'docs' } },
        { type: 'computer', name: 'computer' },
      ],
      handoffs: [
        { toolName: 'transfer_to_B', inputJsonSchema: schema, strictJsonSchema: false },
        7,
      ],
    });
    assert.deepEqual(offer.names, ['a', 'ns.b', 'c', 'ns.a', 'transfer_to_B']);
    assert.equal(offer.callables.get('b')?.name, 'ns.b');
    // A bare name keeps its own tool; a namespaced tool of the same name does not take it.
    assert.equal(offer.callables.get('a')?.name, 'a');
    assert.deepEqual(
      [...offer.kinds].sort(),
      ['computer', 'file_search', 'mcp', 'mcp:docs', 'web_search'],
    );
    assert.equal(offer.callables.get('transfer_to_B')?.required, 'proven');
    assert.equal(offer.callables.get('a')?.required, 'none');
    assert.equal(
      offerOf({ tools: [fn('x', { strict: false })] }).callables.get('x')?.required,
      'proven',
    );
  });

  test('a namespaced call, and a deferred top-level call named by its namespace', () => {
    const request = { tools: [fn('b', { namespace: 'ns' }), fn('top')] };
    assert.equal(checkOutput(request, [call('b', { id: 'x' }, { namespace: 'ns' })]), undefined);
    assert.equal(checkOutput(request, [call('top', { id: 'x' }, { namespace: 'top' })]), undefined);
    assert.equal(
      checkOutput(request, [call('b', { id: 1 }, { namespace: 'ns' })])?.toolName,
      'ns.b',
    );
    assert.equal(
      checkOutput(request, [call('b', { id: 'x' }, { namespace: 'other' })])?.reason,
      'unknown_tool',
    );
  });

  test('tool search or a prompt leaves the tool list open: unknown names pass', () => {
    const search = {
      type: 'hosted_tool',
      name: 'tool_search',
      providerData: { type: 'tool_search' },
    };
    assert.equal(checkOutput({ tools: [fn('a'), search] }, [call('later', {})]), undefined);
    assert.equal(
      checkOutput({ tools: [fn('a')], prompt: { promptId: 'p' } }, [call('later', {})]),
      undefined,
    );
    // A known name is still judged.
    assert.equal(checkOutput({ tools: [fn('a'), search] }, [call('a', { id: 1 })])?.path, 'id');
    assert.equal(checkOutput({ tools: [fn('a')] }, [call('later', {})])?.reason, 'unknown_tool');
    // Only handoffs offered: a call is judged against them.
    const onlyHandoffs = { handoffs: [{ toolName: 'transfer_to_B', inputJsonSchema: {} }] };
    assert.equal(checkOutput(onlyHandoffs, [call('transfer_to_C', {})])?.reason, 'unknown_tool');
    assert.equal(checkOutput(onlyHandoffs, [call('transfer_to_B', 'not json')]), undefined);
  });

  test('a schema that constrains nothing judges nothing', () => {
    for (
      const parameters of [undefined, {}, { description: 'x' }, { type: 'object', properties: {} }]
    ) {
      const request = { tools: [fn('a', { parameters })] };
      assert.equal(
        checkOutput(request, [call('a', 'not json')]),
        undefined,
        JSON.stringify(parameters),
      );
    }
    const strict = { type: 'object', properties: {}, additionalProperties: false, required: [] };
    assert.equal(
      checkOutput({ tools: [fn('a', { parameters: strict })] }, [call('a', { x: 1 })]),
      undefined,
    );
    assert.equal(
      checkOutput({ tools: [fn('a', { parameters: { type: 'string' } })] }, [call('a', 5)])?.path,
      '',
    );
    assert.equal(
      checkOutput({ tools: [fn('a', { parameters: { type: 'object', minProperties: 1 } })] }, [
        call('a', {}),
      ])
        ?.expected,
      'at least 1 properties',
    );
  });

  test('arguments that are not a string are not JSON', () => {
    const found = checkOutput({ tools: [fn('a')] }, [{
      type: 'function_call',
      name: 'a',
      arguments: { id: 'x' },
    }]);
    assert.equal(found?.reason, 'invalid_arguments');
    assert.match(found?.problem ?? '', /not a string/);
  });

  test('the final output is judged only in a response without calls', () => {
    const outputType = { type: 'json_schema', name: 'out', strict: true, schema };
    const request = { tools: [fn('a')], outputType };
    assert.equal(checkOutput(request, [message('nope')])?.reason, 'invalid_output');
    assert.equal(checkOutput(request, [message('nope'), call('a', { id: 'x' })]), undefined);
    assert.equal(
      checkOutput(request, [message('nope'), { type: 'shell_call' }])?.reason,
      'unknown_tool',
    );
    assert.equal(
      checkOutput({ ...request, tools: [{ type: 'shell', name: 'shell' }] }, [message('nope'), {
        type: 'shell_call',
      }]),
      undefined,
    );
    assert.equal(checkOutput(request, [null, message('{"id":"x"}')]), undefined);
    assert.equal(checkOutput({ outputType: 'text' }, [message('nope')]), undefined);
    assert.equal(
      checkOutput({ outputType: { type: 'json_schema', name: 'o', schema: {} } }, [message('x')]),
      undefined,
    );
    // An item marked as wrong on purpose is not judged, and neither is the output next to it.
    assert.equal(
      checkOutput(request, [call('zzz', {}), message('nope')], { skip: new Set([0]) }),
      undefined,
    );
    // The text the runner takes: the last message, or all of them around reasoning.
    assert.equal(checkOutput(request, [message('{"id":'), message('"x"}')])?.actual, '"x"}');
    assert.equal(
      checkOutput(request, [
        { type: 'reasoning', content: [] },
        message('{"id":'),
        message('"x"}'),
      ]),
      undefined,
    );
    assert.equal(checkOutput(request, [message('')]), undefined);
    assert.equal(
      checkOutput(request, [{
        type: 'message',
        role: 'assistant',
        content: [{ type: 'refusal', refusal: 'no' }],
      }]),
      undefined,
    );
    assert.equal(
      checkOutput(request, [message('{"id":"x"}'), { type: 'hosted_tool_call', name: 'x' }]),
      undefined,
    );
    assert.equal(checkOutput(request, [message('{"id":5}')])?.itemIndex, 0);
    assert.equal(checkOutput(request, [message('{"id":"x"}'), message('{"id":5}')])?.itemIndex, 1);
  });

  test('marked items and unparsed arguments where the step is written', () => {
    const item = call('a', '{');
    assert.deepEqual(
      unparsedArguments([message('x'), item], stepCheck([item], true))?.itemIndex,
      1,
    );
    assert.equal(
      unparsedArguments({ output: [item] }, stepCheck({ output: [item] }, true))?.name,
      'a',
    );
    assert.equal(unparsedArguments([item], stepCheck([item], false)), undefined);
    assert.equal(unparsedArguments('x', stepCheck('x', true)), undefined);
    assert.equal(unparsedArguments([call('a', { id: 1 })], stepCheck([], true)), undefined);
    assert.equal(stepCheck([item], false).validate, false);
  });
});
