// How the script check reads a request's tool list, in the corners the other tests
// leave: unnamed and oddly typed entries, empty namespaces, hosted tools whose kind
// differs from their name, handoffs with strict schemas, schemas that only look
// like they constrain something.
import assert from 'node:assert/strict';
import { checkOutput, missingProperty, offerOf } from '../_internal/script_check.ts';
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

describe('strict scripts: reading the offer', () => {
  test('a name listed twice is offered once; the lookup holds exactly the call names', () => {
    const offer = offerOf({
      tools: [fn('a'), fn('a'), fn('b', { namespace: 'ns' })],
      handoffs: [{ toolName: 'a', inputJsonSchema: schema }],
    });
    assert.deepEqual(offer.names, ['a', 'ns.b']);
    // The qualified name and the bare alias of the namespaced tool, nothing else.
    assert.deepEqual([...offer.callables.keys()], ['a', 'ns.b', 'b']);
    assert.equal(offer.callables.get('a')?.kind, 'handoff');
  });

  test('a function tool without a name, or an entry without a type, offers nothing', () => {
    const offer = offerOf({ tools: [{ type: 'function', parameters: schema }, fn('a')] });
    assert.deepEqual(offer.names, ['a']);
    assert.deepEqual([...offer.callables.keys()], ['a']);
    assert.equal(offer.callables.get('a')?.kind, 'tool');
    const untyped = offerOf({ tools: [{ name: 'loose' }, fn('a')] });
    assert.deepEqual([...untyped.kinds], []);
    assert.deepEqual(untyped.names, ['a']);
  });

  test('an empty namespace is no namespace', () => {
    const offer = offerOf({ tools: [fn('a', { namespace: '' })] });
    assert.deepEqual(offer.names, ['a']);
    assert.equal(
      checkOutput({ tools: [fn('a', { namespace: '' })] }, [call('a', { id: 'x' })]),
      undefined,
    );
    // A call with an empty namespace names the bare tool.
    assert.equal(
      checkOutput({ tools: [fn('a')] }, [call('a', { id: 'x' }, { namespace: '' })]),
      undefined,
    );
  });

  test('a call whose namespace is its own name names the bare tool', () => {
    // Even next to a tool literally named `top.top`.
    const other = fn('top.top', {
      parameters: { ...schema, properties: { id: { type: 'number' } } },
    });
    const request = { tools: [other, fn('top')] };
    assert.equal(checkOutput(request, [call('top', { id: 'x' }, { namespace: 'top' })]), undefined);
    assert.equal(
      checkOutput(request, [call('top', { id: 5 }, { namespace: 'top' })])?.toolName,
      'top',
    );
  });

  test('a hosted tool is known by its provider type, not its name', () => {
    const offer = offerOf({
      tools: [
        {
          type: 'hosted_tool',
          name: 'hosted_mcp',
          providerData: { type: 'mcp', server_label: 'docs' },
        },
        { type: 'hosted_tool', name: 'my_search', providerData: { type: 'web_search' } },
      ],
    });
    assert.deepEqual([...offer.kinds], ['mcp', 'mcp:docs', 'web_search']);
    // A hosted tool other than tool search leaves the list closed.
    assert.equal(offer.open, false);
    const found = checkOutput({ tools: [...offerTools(), fn('a')] }, [call('b', {})]);
    assert.equal(found?.reason, 'unknown_tool');
  });

  test('a handoff without a tool name offers nothing', () => {
    const offer = offerOf({ handoffs: [{ inputJsonSchema: schema }, fn('x')] });
    assert.deepEqual(offer.names, []);
    assert.deepEqual([...offer.callables.keys()], []);
  });

  test('a strict handoff schema proves no property required; a loose one does', () => {
    const strict = { toolName: 'transfer_to_B', inputJsonSchema: schema, strictJsonSchema: true };
    const offer = offerOf({ handoffs: [strict] });
    assert.equal(offer.callables.get('transfer_to_B')?.required, 'none');
    assert.equal(checkOutput({ handoffs: [strict] }, [call('transfer_to_B', {})]), undefined);
    // Left to the handoff, and so remembered for after the call.
    assert.deepEqual(missingProperty(offer, call('transfer_to_B', {})), {
      toolName: 'transfer_to_B',
      path: 'id',
    });
    const loose = { ...strict, strictJsonSchema: false };
    assert.equal(checkOutput({ handoffs: [loose] }, [call('transfer_to_B', {})])?.path, 'id');
  });

  test('$schema and title constrain nothing; properties alone do', () => {
    const bare = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'Args',
      type: 'object',
    };
    assert.equal(
      checkOutput({ tools: [fn('a', { parameters: bare })] }, [call('a', 'no')]),
      undefined,
    );
    for (const key of ['$schema', 'title']) {
      const only = { type: 'object', [key]: 'x' };
      assert.equal(
        checkOutput({ tools: [fn('a', { parameters: only })] }, [call('a', 'no')]),
        undefined,
        key,
      );
    }
    // Listed properties are judged even without `required` or `additionalProperties`.
    const open = { type: 'object', properties: { n: { type: 'number' } } };
    const found = checkOutput({ tools: [fn('a', { parameters: open, strict: false })] }, [
      call('a', { n: 'five' }),
    ]);
    assert.equal(found?.reason, 'invalid_arguments');
    assert.equal(found?.path, 'n');
    // The same goes for an output schema.
    const outputType = { type: 'json_schema', name: 'out', schema: bare };
    assert.equal(checkOutput({ outputType }, [message('not json')]), undefined);
  });
});

function offerTools() {
  return [{ type: 'hosted_tool', name: 'web_search', providerData: { type: 'web_search' } }];
}
