// The details of a script-check failure the other tests only match loosely (what a
// message says is offered, the expected text, the available list), the hosted and
// built-in calls by each kind they need, what makes a response a tool turn, and the
// after-the-call check of a left-out property.
import assert from 'node:assert/strict';
import { Agent, hostedMcpTool, Runner, webSearchTool } from '@openai/agents';
import {
  fileSearchCall,
  functionCall,
  imageGenerationCall,
  mcpCall,
  mcpListTools,
  ScriptedModel,
  ScriptedOutputMismatchError,
  webSearchCall,
} from 'scripted-agents/testing';
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

const call = (name: string, args: unknown) => ({
  type: 'function_call',
  name,
  callId: 'c',
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
});

const message = (text: string) => ({
  type: 'message',
  role: 'assistant',
  content: [{ type: 'output_text', text }],
});

const hosted = (type: string, extra: Record<string, unknown> = {}) => ({
  type: 'hosted_tool',
  name: type,
  providerData: { type, ...extra },
});

describe('strict scripts: what a failure says is offered', () => {
  test('a function call where the request offers only hosted tools', async () => {
    const model = new ScriptedModel([[functionCall('lookup', {})]]);
    const agent = new Agent({ name: 'Searcher', model, tools: [webSearchTool()] });
    let caught: unknown;
    try {
      await new Runner({ tracingDisabled: true }).run(agent, 'Look');
    } catch (error) {
      caught = error;
    }
    assert.ok(caught instanceof ScriptedOutputMismatchError, String(caught));
    assert.equal(
      caught.expected,
      'no function call (the request offers no function tool or handoff)',
    );
    assert.deepEqual(caught.available, []);
    assert.match(
      caught.message,
      /: function_call names "lookup", which the request does not offer; it offers none\. /,
    );
    model.acknowledgeFailures();
  });

  test('several names are listed in order; a suggestion only for a near name', () => {
    const request = { tools: [fn('alpha'), fn('beta')] };
    const far = checkOutput(request, [call('zzzzzzzz', {})]);
    assert.equal(far?.expected, 'one of alpha, beta');
    assert.deepEqual(far?.available, ['alpha', 'beta']);
    assert.equal(
      far?.problem,
      'function_call names "zzzzzzzz", which the request does not offer; it offers alpha, beta.',
    );
    const near = checkOutput(request, [call('alpah', {})]);
    assert.equal(
      near?.problem,
      'function_call names "alpah", which the request does not offer (did you mean "alpha"?); ' +
        'it offers alpha, beta.',
    );
  });

  test('a hosted call the request lacks names the tools it does offer', () => {
    const request = { tools: [{ type: 'computer', name: 'computer' }, hosted('file_search')] };
    const found = checkOutput(request, [webSearchCall()]);
    assert.equal(found?.expected, 'a web_search tool in the request');
    assert.equal(found?.actual, 'web_search_call');
    assert.deepEqual(found?.available, ['computer', 'file_search']);
    assert.equal(
      found?.problem,
      'web_search_call needs the web_search tool, which the request does not offer; ' +
        'it offers computer, file_search.',
    );
    const none = checkOutput({ tools: [fn('a')] }, [webSearchCall()]);
    assert.match(none?.problem ?? '', /; it offers no built-in or hosted tool\.$/);
  });
});

describe('strict scripts: hosted calls by the tool they need', () => {
  const needs = (item: unknown, tools: unknown[] = [fn('a')]) =>
    checkOutput({ tools }, [item])?.toolName;

  test('file search and image generation calls need their tools, and run with them', () => {
    assert.equal(needs(fileSearchCall()), 'file_search');
    assert.equal(needs(fileSearchCall(), [hosted('file_search')]), undefined);
    assert.equal(needs(imageGenerationCall()), 'image_generation');
    assert.equal(needs(imageGenerationCall(), [hosted('image_generation')]), undefined);
  });

  test('the preview web search and the older image tool kind satisfy the calls', () => {
    assert.equal(needs(webSearchCall(), [hosted('web_search_preview')]), undefined);
    assert.equal(needs(imageGenerationCall(), [hosted('image_generation_call')]), undefined);
    assert.equal(needs(webSearchCall(), [hosted('image_generation_call')]), 'web_search');
  });

  test('MCP calls and tool listings need the hosted server of their label', () => {
    assert.equal(needs(mcpCall({ serverLabel: 'docs' })), 'mcp:docs');
    assert.equal(needs(mcpListTools({ serverLabel: 'docs' })), 'mcp:docs');
    const docs = [hosted('mcp', { server_label: 'docs' })];
    assert.equal(needs(mcpCall({ serverLabel: 'docs' }), docs), undefined);
    assert.equal(needs(mcpListTools({ serverLabel: 'docs' }), docs), undefined);
    assert.equal(needs(mcpCall({ serverLabel: 'other' }), docs), 'mcp:other');
    // The SDK's own hosted MCP tool is named `hosted_mcp`; its provider type says `mcp`.
    const sdk = [hostedMcpTool({ serverLabel: 'docs', serverUrl: 'https://example.com/mcp' })];
    assert.equal(needs(mcpCall({ serverLabel: 'docs' }), sdk), undefined);
    // A call without a label needs some hosted MCP server.
    const unlabelled = {
      type: 'hosted_tool_call',
      name: 'mcp_call',
      providerData: { type: 'mcp_call' },
    };
    assert.equal(needs(unlabelled, docs), undefined);
    assert.equal(needs(unlabelled), 'mcp');
  });

  test('the call is known by its provider type, else by its name', () => {
    const byType = {
      type: 'hosted_tool_call',
      name: 'search',
      providerData: { type: 'web_search_call' },
    };
    assert.equal(needs(byType), 'web_search');
    const byName = { type: 'hosted_tool_call', name: 'web_search_call' };
    assert.equal(needs(byName), 'web_search');
    const mcpByType = {
      type: 'hosted_tool_call',
      name: 'remote',
      providerData: { type: 'mcp_call', server_label: 'docs' },
    };
    assert.equal(needs(mcpByType), 'mcp:docs');
  });
});

describe('strict scripts: a tool turn leaves the final output unjudged', () => {
  test('computer, apply-patch, tool-search and program items make a tool turn', () => {
    const outputType = { type: 'json_schema', name: 'out', strict: true, schema };
    const tools = [
      { type: 'computer', name: 'computer' },
      { type: 'apply_patch', name: 'apply_patch' },
      hosted('tool_search'),
      hosted('programmatic_tool_calling'),
    ];
    const request = { tools, outputType };
    assert.equal(checkOutput(request, [message('nope')])?.reason, 'invalid_output');
    for (const type of ['computer_call', 'apply_patch_call', 'tool_search_call', 'program']) {
      assert.equal(checkOutput(request, [message('nope'), { type }]), undefined, type);
    }
  });
});

describe('strict scripts: a left-out property, for after the call', () => {
  const tool = (properties: Record<string, unknown>, required: string[], strict = true) =>
    fn('t', { parameters: { type: 'object', properties, required }, strict });
  const left = (t: unknown, args: unknown) =>
    missingProperty(offerOf({ tools: [t] }), call('t', args));

  test('the first required, non-nullable property left out', () => {
    const t = tool(
      {
        maybe: { type: ['string', 'null'] },
        count: { type: 'number' },
        size: { type: 'number' },
      },
      ['maybe', 'count', 'size'],
    );
    assert.deepEqual(left(t, {}), { toolName: 't', path: 'count' });
    assert.equal(left(t, { count: 1, size: 2 }), undefined);
    // A nullable one alone is not reported.
    assert.equal(left(t, { count: 1, size: 2, maybe: null }), undefined);
    assert.equal(left(tool({ maybe: { type: ['string', 'null'] } }, ['maybe']), {}), undefined);
  });

  test('a listed name the schema does not describe, or describes as anything, may be absent', () => {
    const ghost = tool({ id: { type: 'string' } }, ['id', 'ghost']);
    assert.equal(left(ghost, { id: 'x' }), undefined);
    assert.equal(left(tool({ any: true }, ['any']), {}), undefined);
    // A schema that allows nothing does not allow null either.
    assert.deepEqual(left(tool({ none: false }, ['none']), {}), { toolName: 't', path: 'none' });
  });

  test('a left-out property described as defaulted proves nothing', () => {
    const t = tool(
      {
        id: { type: 'string' },
        flag: { type: 'boolean', description: 'Defaults to true.' },
      },
      ['id', 'flag'],
    );
    assert.equal(left(t, {}), undefined);
    // Only a description that is text counts.
    const odd = tool({ id: { type: 'string', description: ['Defaults to x'] } }, ['id']);
    assert.deepEqual(left(odd, {}), { toolName: 't', path: 'id' });
  });

  test('nothing to follow up: a non-strict tool, arguments that are not an object, no list', () => {
    // A non-strict schema's list is checked before the call (a defaulted property may be absent).
    const loose = tool({ id: { type: 'string', default: 'x' } }, ['id'], false);
    assert.equal(left(loose, {}), undefined);
    const t = tool({ id: { type: 'string' } }, ['id']);
    assert.equal(left(t, '{'), undefined);
    assert.equal(left(t, '5'), undefined);
    assert.equal(left(t, 'null'), undefined);
    assert.equal(left(t, '[]'), undefined);
    const unlisted = fn('t', {
      parameters: { type: 'object', properties: { id: { type: 'string' } } },
    });
    assert.equal(left(unlisted, {}), undefined);
  });
});
