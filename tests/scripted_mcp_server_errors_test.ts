import assert from 'node:assert/strict';
import { setTraceProcessors } from '@openai/agents';
import {
  InvalidScriptedMcpStepError,
  McpCallMatcherError,
  McpServerNotClosedError,
  McpServerNotConnectedError,
  ScriptedMcpServer,
  UnconsumedMcpStepsError,
  UnexpectedMcpCallError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

// See trace_recorder_test.ts: take the default exporter out before any test.
setTraceProcessors([]);

// Each error ScriptedMcpServer raises, as the double raises it: the exact
// name, message and structured fields (own enumerable properties, name last).
describe('ScriptedMcpServer errors', () => {
  test('a tool call after the script is used up says no step can take it', async () => {
    const server = new ScriptedMcpServer({
      name: 'weather',
      steps: [{ tool: 'get_forecast', result: 'sunny' }],
    });
    await server.connect();
    await server.callTool('get_forecast', {});
    await assert.rejects(server.callTool('get_alerts', {}), (error) => {
      assert(error instanceof UnexpectedMcpCallError);
      assert.deepEqual({ ...error }, {
        server: 'weather',
        callIndex: 2,
        method: 'callTool',
        target: 'get_alerts',
        expected: undefined,
        remainingSteps: 0,
        name: 'UnexpectedMcpCallError',
      });
      assert.equal(
        error.message,
        'ScriptedMcpServer "weather" received unexpected callTool("get_alerts") call #3; ' +
          'no scripted step can take it.',
      );
      return true;
    });
    await server.close();
    assert.equal(server.acknowledgeFailures().length, 1);
    server[Symbol.dispose]();
  });

  test('reading a resource nobody scripted says so, even with steps pending', async () => {
    const server = new ScriptedMcpServer({
      name: 'docs',
      steps: [{ tool: 'search', result: 'found' }],
      resourceContents: { 'file:///a.md': 'A' },
    });
    await server.connect();
    await assert.rejects(server.readResource('file:///missing'), (error) => {
      assert(error instanceof UnexpectedMcpCallError);
      assert.equal(error.name, 'UnexpectedMcpCallError');
      assert.equal(error.method, 'readResource');
      assert.equal(error.target, 'file:///missing');
      assert.equal(
        error.message,
        'ScriptedMcpServer "docs" received unexpected readResource("file:///missing") call #2; ' +
          'no such resource is scripted.',
      );
      return true;
    });
    await server.callTool('search', {});
    await server.close();
    assert.equal(server.acknowledgeFailures().length, 1);
    server[Symbol.dispose]();
  });

  test('a rejecting matcher names the server, the tool and the call', async () => {
    const server = new ScriptedMcpServer({
      name: 'weather',
      steps: [{ tool: 'get_forecast', match: () => false, result: 'never' }],
    });
    await server.connect();
    await assert.rejects(server.callTool('get_forecast', { city: 'x' }), (error) => {
      assert(error instanceof McpCallMatcherError);
      assert.deepEqual({ ...error }, {
        server: 'weather',
        callIndex: 1,
        tool: 'get_forecast',
        name: 'McpCallMatcherError',
      });
      assert.equal(
        error.message,
        'ScriptedMcpServer "weather" matcher rejected get_forecast call #2.',
      );
      return true;
    });
    await server.close();
    assert.equal(server.acknowledgeFailures().length, 1);
    server[Symbol.dispose]();
  });

  test('a call before connect() says to connect first', async () => {
    const server = new ScriptedMcpServer({ name: 'docs', tools: [{ name: 'search' }] });
    await assert.rejects(server.listTools(), (error) => {
      assert(error instanceof McpServerNotConnectedError);
      assert.deepEqual({ ...error }, {
        server: 'docs',
        callIndex: 0,
        method: 'listTools',
        name: 'McpServerNotConnectedError',
      });
      assert.equal(
        error.message,
        'ScriptedMcpServer "docs" received listTools call #1 while not connected; ' +
          'call connect() first.',
      );
      return true;
    });
    assert.equal(server.acknowledgeFailures().length, 1);
    server[Symbol.dispose]();
  });

  test('teardown lists the missing tools and the server left connected', async () => {
    const server = new ScriptedMcpServer({
      name: 'weather',
      steps: [{ tool: 'a', result: 'A' }, { tool: 'b', result: 'B', times: 2 }],
    });
    await server.connect();
    assert.throws(() => server[Symbol.dispose](), (error) => {
      assert(error instanceof AggregateError);
      const [unconsumed, notClosed] = error.errors;
      assert(unconsumed instanceof UnconsumedMcpStepsError);
      assert.deepEqual({ ...unconsumed }, {
        server: 'weather',
        remainingSteps: 3,
        pendingTools: ['a', 'b', 'b'],
        name: 'UnconsumedMcpStepsError',
      });
      assert.equal(
        unconsumed.message,
        'ScriptedMcpServer "weather" has 3 unconsumed steps: a, b, b.',
      );
      assert(notClosed instanceof McpServerNotClosedError);
      assert.deepEqual({ ...notClosed }, { server: 'weather', name: 'McpServerNotClosedError' });
      assert.equal(
        notClosed.message,
        'ScriptedMcpServer "weather" was connected and never closed.',
      );
      return true;
    });
    await server.close();
    const single = new ScriptedMcpServer({ name: 'one', steps: [{ tool: 'a', result: 'A' }] });
    assert.throws(() => single.assertComplete(), {
      name: 'UnconsumedMcpStepsError',
      message: 'ScriptedMcpServer "one" has 1 unconsumed step: a.',
    });
  });

  test('a malformed step is named with its number and the rule', () => {
    const server = new ScriptedMcpServer({ name: 'x' });
    assert.throws(
      () => server.enqueue({ tool: 'a', result: 'A' }, { result: 'B' } as never),
      (error) => {
        assert(error instanceof InvalidScriptedMcpStepError);
        assert.deepEqual({ ...error }, {
          reason: 'invalid_tool',
          inputIndex: 1,
          name: 'InvalidScriptedMcpStepError',
        });
        assert.equal(error.message, 'ScriptedMcpServer input #2 must name a `tool`.');
        return true;
      },
    );
  });
});
