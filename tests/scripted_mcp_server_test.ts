import assert from 'node:assert/strict';
import {
  Agent,
  connectMcpServers,
  createMCPToolStaticFilter,
  type FunctionCallResultItem,
  type ModelRequest,
  Runner,
  setTraceProcessors,
  ToolCallError,
} from '@openai/agents';
import {
  anyOrder,
  assistantMessage,
  DoubleFailuresError,
  functionCall,
  InvalidScriptedMcpStepError,
  McpCallMatcherError,
  McpServerNotClosedError,
  McpServerNotConnectedError,
  ScriptedMcpServer,
  ScriptedModel,
  TraceRecorder,
  UnconsumedMcpStepsError,
  UnexpectedMcpCallError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

// See trace_recorder_test.ts: take the default exporter out before any test.
setTraceProcessors([]);

const runner = () => new Runner({ tracingDisabled: true });

const forecastTool = {
  name: 'get_forecast',
  description: 'Forecast for a city.',
  inputSchema: {
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
};

function toolNames(request: ModelRequest | undefined): string[] {
  return (request?.tools ?? []).map((tool) => (tool as { name: string }).name);
}

function toolOutputs(request: ModelRequest | undefined): unknown[] {
  const input = request?.input;
  if (!Array.isArray(input)) return [];
  return input
    .filter((item): item is FunctionCallResultItem => item.type === 'function_call_result')
    .map((item) => item.output);
}

describe('ScriptedMcpServer through the real Runner', () => {
  test('lists the tools with their schema, answers a call and records everything', async () => {
    using server = new ScriptedMcpServer({
      name: 'weather',
      tools: [forecastTool],
      steps: [{ tool: 'get_forecast', match: (args) => args?.city === 'Oslo', result: 'Rain.' }],
    });
    const model = new ScriptedModel([
      [functionCall('get_forecast', { city: 'Oslo' }, { callId: 'call_1' })],
      [assistantMessage('Take an umbrella.')],
    ]);
    const agent = new Agent({ name: 'Forecaster', model, mcpServers: [server] });
    await server.connect();
    const result = await runner().run(agent, 'Oslo?');
    await server.close();

    assert.equal(result.finalOutput, 'Take an umbrella.');
    const [listed] = model.firstCall!.request.tools;
    assert.equal(listed.type, 'function');
    assert.equal(listed.type === 'function' && listed.name, 'get_forecast');
    assert.equal(listed.type === 'function' && listed.description, 'Forecast for a city.');
    const parameters = listed.type === 'function' ? listed.parameters : undefined;
    assert.equal(parameters?.type, 'object');
    assert.deepEqual(parameters?.properties, { city: { type: 'string' } });
    assert.deepEqual(parameters?.required, ['city']);
    assert.deepEqual(toolOutputs(model.lastCall?.request), [[{
      type: 'input_text',
      text: 'Rain.',
    }]]);
    assert.deepEqual(server.calls.map((call) => call.method).filter((m) => m !== 'listTools'), [
      'connect',
      'callTool',
      'close',
    ]);
    assert.deepEqual(server.toolCalls, [{
      index: server.toolCalls[0].index,
      tool: 'get_forecast',
      args: { city: 'Oslo' },
      meta: undefined,
    }]);
    assert.equal(server.connected, false);
    model.assertComplete();
  });

  test('an error result and a thrown error both reach the model; errorFunction null rethrows', async () => {
    const failure = new Error('backend down');
    using server = new ScriptedMcpServer({
      name: 'weather',
      tools: [forecastTool],
      steps: [
        {
          tool: 'get_forecast',
          result: { content: [{ type: 'text', text: 'unknown city' }], isError: true },
        },
        { tool: 'get_forecast', error: failure },
      ],
    });
    const model = new ScriptedModel([
      [functionCall('get_forecast', { city: 'Atlantis' }, { callId: 'call_1' })],
      // The scripted error step fails this call on purpose.
      [functionCall('get_forecast', { city: 'Oslo' }, { callId: 'call_2', expectToolError: true })],
      [assistantMessage('Sorry.')],
    ]);
    const agent = new Agent({ name: 'Forecaster', model, mcpServers: [server] });
    await server.connect();
    await runner().run(agent, 'Weather?');
    const outputs = toolOutputs(model.lastCall?.request);
    assert.deepEqual(outputs[0], [{ type: 'input_text', text: 'unknown city' }]);
    // The SDK's default error function (older SDKs append the error's message).
    assert.match(JSON.stringify(outputs[1]), /An error occurred while running the tool/);
    // A failure the script asked for is not drift.
    assert.deepEqual(server.failures, []);

    server.errorFunction = null;
    server.enqueue({ tool: 'get_forecast', error: failure });
    model.enqueue([functionCall('get_forecast', { city: 'Oslo' }, { callId: 'call_3' })]);
    await assert.rejects(runner().run(agent, 'Again?'), (error: Error) => {
      assert(error instanceof ToolCallError);
      assert.equal(error.error, failure);
      return true;
    });
    await server.close();
  });

  test('static and callable tool filters decide what the model sees', async () => {
    using server = new ScriptedMcpServer({
      name: 'files',
      tools: [{ name: 'read' }, { name: 'write' }, { name: 'delete' }],
      toolFilter: createMCPToolStaticFilter({ blocked: ['delete'] }),
    });
    const model = new ScriptedModel([[assistantMessage('ok')], [assistantMessage('ok')]]);
    const agent = new Agent({ name: 'Files', model, mcpServers: [server] });
    await server.connect();
    await runner().run(agent, 'Hi');
    assert.deepEqual(toolNames(model.lastCall?.request), ['read', 'write']);

    server.toolFilter = (context, tool) =>
      Promise.resolve(context.agent.name === 'Files' && tool.name === 'read');
    await runner().run(agent, 'Hi');
    assert.deepEqual(toolNames(model.lastCall?.request), ['read']);
    await server.close();
  });

  test('a cached listing is reused until invalidateToolsCache()', async () => {
    using server = new ScriptedMcpServer({
      name: 'cached',
      tools: [{ name: 'first' }],
      cacheToolsList: true,
    });
    const model = new ScriptedModel([
      [assistantMessage('1')],
      [assistantMessage('2')],
      [assistantMessage('3')],
    ]);
    const agent = new Agent({ name: 'Cached', model, mcpServers: [server] });
    const listings = () => server.calls.filter((call) => call.method === 'listTools').length;
    await server.connect();
    await runner().run(agent, 'a');
    server.setTools([{ name: 'first' }, { name: 'second' }]);
    await runner().run(agent, 'b');
    assert.equal(listings(), 1);
    assert.deepEqual(toolNames(model.lastCall?.request), ['first']);

    await server.invalidateToolsCache();
    await runner().run(agent, 'c');
    assert.equal(listings(), 2);
    assert.deepEqual(toolNames(model.lastCall?.request), ['first', 'second']);
    await server.close();
  });

  test('connectMcpServers connects every server and drops one that fails', async () => {
    using good = new ScriptedMcpServer({ name: 'good', tools: [{ name: 'ping' }] });
    using bad = new ScriptedMcpServer({ name: 'bad', connectError: new Error('refused') });
    const servers = await connectMcpServers([good, bad], { dropFailed: true });
    assert.deepEqual(servers.active, [good]);
    assert.deepEqual(servers.failed, [bad]);
    assert.equal(good.connected, true);
    assert.equal(bad.connected, false);

    const model = new ScriptedModel([[assistantMessage('pong')]]);
    const agent = new Agent({ name: 'Pinger', model, mcpServers: servers.active });
    await runner().run(agent, 'ping?');
    assert.deepEqual(toolNames(model.lastCall?.request), ['ping']);
    await servers.close();
    assert.equal(good.connected, false);
    assert.deepEqual(bad.calls.map((call) => call.method)[0], 'connect');
  });

  test('the MCP tool listing shows up in the trace', async () => {
    using recorder = new TraceRecorder();
    using server = new ScriptedMcpServer({ name: 'weather', tools: [forecastTool] });
    const agent = new Agent({
      name: 'Forecaster',
      model: new ScriptedModel([[assistantMessage('ok')]]),
      mcpServers: [server],
    });
    await server.connect();
    await new Runner().run(agent, 'Hi');
    await server.close();
    assert.deepEqual(recorder.find('mcp_tools')?.data, {
      type: 'mcp_tools',
      server: 'weather',
      result: ['get_forecast'],
    });
  });
});

describe('ScriptedMcpServer drift and teardown', () => {
  test('calls while not connected fail and are recorded', async () => {
    const server = new ScriptedMcpServer({ name: 'docs', tools: [{ name: 'search' }] });
    const agent = new Agent({
      name: 'Docs',
      model: new ScriptedModel([[assistantMessage('unused')]]),
      mcpServers: [server],
    });
    await assert.rejects(runner().run(agent, 'Hi'));
    const [failure] = server.acknowledgeFailures();
    assert(failure instanceof McpServerNotConnectedError);
    assert.equal(failure.method, 'listTools');
    assert.equal(failure.callIndex, 0);
    assert.equal(failure.server, 'docs');
    assert.deepEqual(Object.keys(failure), ['server', 'callIndex', 'method', 'name']);
    server[Symbol.dispose]();
  });

  test('an unexpected tool and a rejecting matcher are failures, even if caught', async () => {
    const server = new ScriptedMcpServer({
      name: 'weather',
      steps: [
        { tool: 'get_forecast', result: 'sunny' },
        { tool: 'get_forecast', match: () => false, result: 'never' },
      ],
    });
    await server.connect();
    await assert.rejects(server.callTool('get_alerts', {}), (error) => {
      assert(error instanceof UnexpectedMcpCallError);
      assert.deepEqual(
        { ...error },
        {
          server: 'weather',
          callIndex: 1,
          method: 'callTool',
          target: 'get_alerts',
          expected: 'get_forecast',
          remainingSteps: 1,
          name: 'UnexpectedMcpCallError',
        },
      );
      assert.equal(
        error.message,
        'ScriptedMcpServer "weather" received unexpected callTool("get_alerts") call #2; ' +
          'expected a call of "get_forecast".',
      );
      return true;
    });
    await assert.rejects(server.callTool('get_forecast', { city: 'x' }), McpCallMatcherError);
    await assert.rejects(server.callTool('get_forecast', {}), (error) => {
      assert(error instanceof UnexpectedMcpCallError);
      assert.equal(error.expected, undefined);
      return true;
    });
    await server.close();
    assert.throws(() => server[Symbol.dispose](), DoubleFailuresError);
    assert.equal(server.acknowledgeFailures().length, 3);
    server[Symbol.dispose]();
  });

  test('teardown reports unconsumed steps and a server left connected together', async () => {
    const server = new ScriptedMcpServer({
      name: 'weather',
      steps: [{ tool: 'a', result: 'A' }, { tool: 'b', result: 'B', times: 2 }],
    });
    await server.connect();
    assert.throws(() => server[Symbol.dispose](), (error) => {
      assert(error instanceof AggregateError);
      const [unconsumed, notClosed] = error.errors;
      assert(unconsumed instanceof UnconsumedMcpStepsError);
      assert.deepEqual(unconsumed.pendingTools, ['a', 'b', 'b']);
      assert.equal(unconsumed.remainingSteps, 3);
      assert(notClosed instanceof McpServerNotClosedError);
      return true;
    });
    await server.close();
  });

  test('resources, resource templates and contents', async () => {
    using server = new ScriptedMcpServer({
      name: 'docs',
      resources: [{ uri: 'file:///a.md', name: 'a' }],
      resourceTemplates: [{ uriTemplate: 'file:///{name}.md', name: 'doc' }],
      resourceContents: {
        'file:///a.md': 'A',
        'file:///b.png': [{ uri: 'file:///b.png', blob: 'AAAA', mimeType: 'image/png' }],
      },
    });
    await server.connect();
    assert.deepEqual(await server.listResources(), {
      resources: [{ uri: 'file:///a.md', name: 'a' }],
    });
    assert.deepEqual(await server.listResourceTemplates({ cursor: 'c1' }), {
      resourceTemplates: [{ uriTemplate: 'file:///{name}.md', name: 'doc' }],
    });
    assert.deepEqual((await server.readResource('file:///b.png')).contents[0], {
      uri: 'file:///b.png',
      blob: 'AAAA',
      mimeType: 'image/png',
    });
    await assert.rejects(server.readResource('file:///missing'), (error) => {
      assert(error instanceof UnexpectedMcpCallError);
      assert.equal(error.method, 'readResource');
      assert.equal(error.target, 'file:///missing');
      return true;
    });
    server.acknowledgeFailures();
    assert.deepEqual(server.calls.map((call) => call.args), [
      [],
      [],
      [{ cursor: 'c1' }],
      ['file:///b.png'],
      ['file:///missing'],
    ]);
    await server.close();
  });

  test('callToolResult returns the full result; callTool the content with its metadata', async () => {
    using server = new ScriptedMcpServer({
      name: 'calc',
      steps: [{
        tool: 'add',
        respond: ({ args }) => ({
          content: [{ type: 'text', text: '3' }],
          structuredContent: { sum: Number(args?.a) + Number(args?.b) },
        }),
        times: 2,
      }],
    });
    await server.connect();
    assert.deepEqual(await server.callToolResult('add', { a: 1, b: 2 }), {
      content: [{ type: 'text', text: '3' }],
      structuredContent: { sum: 3 },
    });
    const content = await server.callTool('add', { a: 1, b: 2 }, { trace: 't1' });
    assert.deepEqual([...content], [{ type: 'text', text: '3' }]);
    assert.deepEqual(content.structuredContent, { sum: 3 });
    assert.deepEqual(server.toolCalls.map((call) => call.meta), [undefined, { trace: 't1' }]);
    await server.close();
  });

  test('malformed inputs fail where they are written, atomically', () => {
    const invalid = (reason: string, inputIndex: number) => (error: unknown) => {
      assert(error instanceof InvalidScriptedMcpStepError);
      assert.equal(error.reason, reason);
      assert.equal(error.inputIndex, inputIndex);
      return true;
    };
    const server = new ScriptedMcpServer({ name: 'x' });
    assert.throws(() => server.enqueue(null as never), invalid('invalid_input', 0));
    assert.throws(() => server.enqueue({ result: 'x' } as never), invalid('invalid_tool', 0));
    assert.throws(
      () =>
        server.enqueue({ tool: 'a', result: 'x' }, { tool: 'a', match: 1, result: 'x' } as never),
      invalid('invalid_matcher', 1),
    );
    assert.throws(
      () => server.enqueue({ tool: 'a', result: 1 } as never),
      invalid('invalid_outcome', 0),
    );
    assert.throws(
      () => server.enqueue({ tool: 'a', result: 'x', error: 1 } as never),
      invalid('invalid_outcome', 0),
    );
    assert.throws(
      () => server.enqueue({ tool: 'a', result: 'x', times: 0 }),
      invalid('invalid_times', 0),
    );
    assert.throws(
      () => server.enqueue({ tool: 'a', result: 'x', times: { min: 3, max: 2 } }),
      invalid('invalid_times', 0),
    );
    assert.throws(() => server.enqueue(anyOrder()), invalid('invalid_group', 0));
    assert.throws(
      () => server.enqueue(anyOrder(anyOrder({ tool: 'a', result: 'x' }) as never)),
      invalid('invalid_group', 0),
    );
    assert.throws(() => server.setTools([{} as never]), invalid('invalid_tool', 0));
    assert.throws(() => new ScriptedMcpServer({} as never), TypeError);
    assert.equal(server.remainingSteps, 0);
  });
});

describe('ScriptedMcpServer steps that bend', () => {
  test('parallel tool calls of one turn meet an anyOrder group in either order', async () => {
    using server = new ScriptedMcpServer({
      name: 'weather',
      tools: [forecastTool],
      steps: [
        anyOrder(
          { tool: 'get_forecast', match: (args) => args?.city === 'Oslo', result: 'Oslo: rain' },
          { tool: 'get_forecast', match: (args) => args?.city === 'Rome', result: 'Rome: sun' },
        ),
      ],
    });
    const model = new ScriptedModel([
      [
        functionCall('get_forecast', { city: 'Rome' }, { callId: 'call_1' }),
        functionCall('get_forecast', { city: 'Oslo' }, { callId: 'call_2' }),
      ],
      [assistantMessage('Rain in Oslo, sun in Rome.')],
    ]);
    const agent = new Agent({ name: 'Forecaster', model, mcpServers: [server] });
    await server.connect();
    await runner().run(agent, 'Oslo and Rome?');
    await server.close();
    assert.deepEqual(toolOutputs(model.lastCall?.request), [
      [{ type: 'input_text', text: 'Rome: sun' }],
      [{ type: 'input_text', text: 'Oslo: rain' }],
    ]);
  });

  test('times and optional: repeated, unlimited and skippable steps', async () => {
    using server = new ScriptedMcpServer({
      name: 'kv',
      steps: [
        { tool: 'get', result: 'v', times: 2 },
        { tool: 'audit', result: 'ok', optional: true },
        { tool: 'ping', result: 'pong', times: 'any' },
        { tool: 'put', result: 'stored', times: { min: 1, max: 2 } },
      ],
    });
    await server.connect();
    assert.equal(server.remainingSteps, 3);
    await server.callTool('get', {});
    await server.callTool('get', {});
    // `audit` is skipped; `ping` may happen any number of times.
    for (let i = 0; i < 3; i++) await server.callTool('ping', {});
    await server.callTool('put', {});
    assert.equal(server.remainingSteps, 0);
    server.assertComplete();
    await server.callTool('put', {});
    // The range is used up: a third put is unexpected.
    await assert.rejects(server.callTool('put', {}), UnexpectedMcpCallError);
    server.acknowledgeFailures();
    await server.close();
  });

  test('a missing required repetition is reported with the tool it still expects', async () => {
    const server = new ScriptedMcpServer({
      name: 'kv',
      steps: [{ tool: 'get', result: 'v', times: 2 }, { tool: 'put', result: 'ok' }],
    });
    await server.connect();
    await server.callTool('get', {});
    await assert.rejects(server.callTool('put', {}), (error) => {
      assert(error instanceof UnexpectedMcpCallError);
      assert.equal(error.expected, 'get');
      return true;
    });
    server.acknowledgeFailures();
    await server.close();
  });
});

describe('ScriptedMcpServer anytime steps', () => {
  test('answer matching calls at any point and are never required', async () => {
    using server = new ScriptedMcpServer({
      name: 'kv',
      steps: [{ tool: 'put', result: 'stored' }],
      anytime: [{ tool: 'get', respond: ({ args }) => `value of ${args?.key}` }],
    });
    await server.connect();
    assert.deepEqual(await server.callTool('get', { key: 'a' }), [
      { type: 'text', text: 'value of a' },
    ]);
    await server.callTool('put', {});
    await server.callTool('get', { key: 'b' });
    assert.equal(server.toolCalls.length, 3);
    await server.close();
  });

  test('an anytime step with times is rejected', () => {
    assert.throws(
      () =>
        new ScriptedMcpServer({
          name: 'kv',
          anytime: [{ tool: 'get', result: 'v', times: 2 }],
        }),
      (error) => error instanceof InvalidScriptedMcpStepError && error.reason === 'invalid_times',
    );
  });
});

describe('ScriptedMcpServer called directly', () => {
  test('options: defaults, errorFunction, connectError and resource contents', async () => {
    const plain = new ScriptedMcpServer({ name: 'plain' });
    assert.equal(plain.cacheToolsList, false);
    assert.equal(plain.errorFunction, undefined);
    await plain.connect();
    assert.deepEqual(await plain.listResources(), { resources: [] });
    assert.deepEqual(await plain.listResourceTemplates(), { resourceTemplates: [] });
    await plain.close();

    assert.equal(
      new ScriptedMcpServer({ name: 'strict', errorFunction: null }).errorFunction,
      null,
    );

    const refusal = new Error('connection refused');
    const down = new ScriptedMcpServer({ name: 'down', connectError: refusal });
    await assert.rejects(down.connect(), (error) => error === refusal);
    assert.equal(down.connected, false);

    using docs = new ScriptedMcpServer({
      name: 'docs',
      resourceContents: {
        'file:///a.md': '# A',
        'file:///b.bin': [{ uri: 'file:///b.bin', blob: 'AAEC', mimeType: 'application/x' }],
      },
    });
    await docs.connect();
    assert.deepEqual(await docs.readResource('file:///a.md'), {
      contents: [{ uri: 'file:///a.md', text: '# A' }],
    });
    assert.deepEqual(await docs.readResource('file:///b.bin'), {
      contents: [{ uri: 'file:///b.bin', blob: 'AAEC', mimeType: 'application/x' }],
    });
    await docs.close();
  });

  test('the name must be a non-empty string', () => {
    for (const options of [undefined, {}, { name: '' }, { name: 7 }]) {
      assert.throws(() => new ScriptedMcpServer(options as never), {
        name: 'TypeError',
        message: 'ScriptedMcpServer needs a non-empty `name`.',
      });
    }
  });

  test('every call is recorded with the arguments it was given', async () => {
    using server = new ScriptedMcpServer({
      name: 'rec',
      steps: [{ tool: 'a', result: 'one' }, { tool: 'a', result: 'two' }],
    });
    await server.connect();
    await server.listTools();
    await server.invalidateToolsCache();
    await server.listResources();
    await server.listResources({ cursor: 'c1' });
    await server.listResourceTemplates();
    await server.listResourceTemplates({ cursor: 'c2' });
    await assert.rejects(server.readResource('file:///missing'), UnexpectedMcpCallError);
    // No signal in the options: nothing to check.
    await server.callTool('a', { x: 1 }, undefined, {});
    await server.callToolResult('a', null, { trace: 't' });
    await server.close();
    assert.deepEqual(server.calls.map((call) => [call.method, call.args]), [
      ['connect', []],
      ['listTools', []],
      ['invalidateToolsCache', []],
      ['listResources', []],
      ['listResources', [{ cursor: 'c1' }]],
      ['listResourceTemplates', []],
      ['listResourceTemplates', [{ cursor: 'c2' }]],
      ['readResource', ['file:///missing']],
      ['callTool', ['a', { x: 1 }]],
      ['callToolResult', ['a', null, { trace: 't' }]],
      ['close', []],
    ]);
    assert.equal(server.acknowledgeFailures().length, 1);
  });

  test('an aborted call fails before it takes a step', async () => {
    using server = new ScriptedMcpServer({ name: 'abort' });
    server.enqueue({ tool: 'a', result: 'kept' });
    await server.connect();
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      server.callTool('a', {}, undefined, { signal: controller.signal }),
      (error: Error) => error.name === 'AbortError',
    );
    assert.equal(server.remainingSteps, 1);
    assert.deepEqual(await server.callTool('a', {}), [{ type: 'text', text: 'kept' }]);
    await server.close();
  });

  test('callTool attaches only the metadata the result has, as hidden writable properties', async () => {
    using server = new ScriptedMcpServer({
      name: 'meta',
      steps: [
        { tool: 'a', result: 'plain' },
        {
          tool: 'a',
          result: { content: [], structuredContent: { ok: true }, _meta: { m: 1 } },
        },
      ],
    });
    await server.connect();
    const plain = await server.callTool('a', {});
    assert.deepEqual(Object.getOwnPropertyNames(plain), ['0', 'length']);
    const rich = await server.callTool('a', {});
    assert.deepEqual(Object.keys(rich), []);
    assert.deepEqual(Object.getOwnPropertyDescriptor(rich, 'structuredContent'), {
      value: { ok: true },
      enumerable: false,
      writable: true,
      configurable: true,
    });
    assert.deepEqual(Object.getOwnPropertyDescriptor(rich, '_meta'), {
      value: { m: 1 },
      enumerable: false,
      writable: true,
      configurable: true,
    });
    assert.equal(Object.getOwnPropertyDescriptor(rich, 'isError'), undefined);
    await server.close();
  });

  test('tool definitions: defaults filled in, description only when given', async () => {
    using server = new ScriptedMcpServer({
      name: 'defs',
      tools: [
        { name: 'bare' },
        {
          name: 'open',
          description: 'Takes anything.',
          inputSchema: { properties: {}, additionalProperties: true },
        },
      ],
    });
    await server.connect();
    assert.deepEqual(await server.listTools(), [
      {
        name: 'bare',
        inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      },
      {
        name: 'open',
        description: 'Takes anything.',
        inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: true },
      },
    ]);
    await server.close();
    const invalidTool = (error: unknown) => {
      assert(error instanceof InvalidScriptedMcpStepError);
      assert.equal(error.reason, 'invalid_tool');
      assert.equal(error.message, 'ScriptedMcpServer input #1 is not a tool definition.');
      return true;
    };
    assert.throws(() => server.setTools([null as never]), invalidTool);
    assert.throws(() => server.setTools([function search() {} as never]), invalidTool);
  });

  test('every malformed step names its position and its problem', () => {
    const server = new ScriptedMcpServer({ name: 'x' });
    const invalid = (reason: string, detail: string) => (error: unknown) => {
      assert(error instanceof InvalidScriptedMcpStepError);
      assert.equal(error.reason, reason);
      assert.equal(error.message, `ScriptedMcpServer input #1 ${detail}.`);
      return true;
    };
    const outcomeRule =
      'must define exactly one of result (a string or a CallToolResult), respond, or error';
    const cases: Array<[unknown, string, string]> = [
      ['get_forecast', 'invalid_input', 'must be an object'],
      [{ result: 'x' }, 'invalid_tool', 'must name a `tool`'],
      [{ tool: 'a', match: 1, result: 'x' }, 'invalid_matcher', 'must use a function matcher'],
      [{ tool: 'a', result: 'x', times: 0 }, 'invalid_times', 'has invalid `times` or `optional`'],
      [{ tool: 'a' }, 'invalid_outcome', outcomeRule],
      [{ tool: 'a', respond: 'x' }, 'invalid_outcome', outcomeRule],
      [{ tool: 'a', result: null }, 'invalid_outcome', outcomeRule],
      [{ tool: 'a', result: { content: 'x' } }, 'invalid_outcome', outcomeRule],
      [
        { tool: 'a', result: Object.assign(() => {}, { content: [] }) },
        'invalid_outcome',
        outcomeRule,
      ],
      [anyOrder(), 'invalid_group', 'is an empty group'],
      [
        anyOrder(anyOrder({ tool: 'a', result: 'x' }) as never),
        'invalid_group',
        'nests a group in a group',
      ],
    ];
    for (const [input, reason, detail] of cases) {
      assert.throws(() => server.enqueue(input as never), invalid(reason, detail));
    }
    for (
      const step of [{ tool: 'a', result: 'x', times: 2 }, {
        tool: 'a',
        result: 'x',
        optional: true,
      }]
    ) {
      assert.throws(
        () => new ScriptedMcpServer({ name: 'x', anytime: [step] }),
        invalid('invalid_times', 'is an anytime step, already optional and unlimited'),
      );
    }
    assert.equal(server.remainingSteps, 0);
  });

  test('teardown names the server double', async () => {
    const server = new ScriptedMcpServer({ name: 'left', steps: [{ tool: 'a', result: 'x' }] });
    await server.connect();
    await assert.rejects(server.callTool('b', {}), UnexpectedMcpCallError);
    // The unexpected call used up the step in its way: only the failure and the open
    // connection are left to report.
    assert.throws(() => server[Symbol.dispose](), (error) => {
      assert(error instanceof AggregateError);
      assert.match(error.message, /^ScriptedMcpServer teardown found 2 problems/);
      const [failures] = error.errors;
      assert(failures instanceof DoubleFailuresError);
      assert.equal(failures.double, 'ScriptedMcpServer');
      return true;
    });
    server.acknowledgeFailures();
    await server.close();
    server[Symbol.dispose]();
  });
});
