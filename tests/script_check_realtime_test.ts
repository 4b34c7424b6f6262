// The Realtime side of strict scripts: ScriptedRealtimeServer checks the
// function calls it sends against the tools of the last session.update.
import assert from 'node:assert/strict';
import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { z } from 'zod';
import {
  assistantCallsTool,
  DoubleFailuresError,
  ScriptedOutputMismatchError,
  ScriptedRealtimeServer,
  type ScriptedRealtimeServerOptions,
} from 'scripted-agents/realtime_testing';
import { RealtimeToolCheck } from '../realtime_testing/_tool_call_check.ts';
// The private module's own class: the built package bundles the public entry's copy separately.
import { ScriptedOutputMismatchError as InternalMismatchError } from '../_internal/script_check_errors.ts';
import { describe, test } from './_harness.ts';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Looks up an order.',
  parameters: z.object({ orderId: z.string(), include: z.enum(['items', 'tracking']).nullable() }),
  execute: ({ orderId }) => `Order ${orderId} has shipped.`,
});

/** A connected session whose tools the server has seen in a session.update. */
async function connected(options: ScriptedRealtimeServerOptions = {}, tools = [lookupOrder]) {
  const server = new ScriptedRealtimeServer(options);
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Orders', tools }), {
    transport: server.transport(),
  });
  const errors: unknown[] = [];
  session.on('error', (event) => errors.push(event.error));
  await session.connect({ apiKey: 'test' });
  await server.expectClientEvent('session.update');
  return { server, session, errors };
}

async function end(server: ScriptedRealtimeServer, session: RealtimeSession) {
  session.close();
  await server.settled();
}

describe('strict scripts: ScriptedRealtimeServer tool calls', () => {
  test('arguments the tool schema rejects fail before anything is sent', async () => {
    const { server, session } = await connected();
    const sentBefore = server.clientEvents.length;
    await assert.rejects(
      assistantCallsTool(server, { name: 'lookup_order', arguments: { order: '123' } }),
      (error) => {
        assert.ok(error instanceof ScriptedOutputMismatchError);
        assert.equal(error.double, 'ScriptedRealtimeServer');
        assert.equal(error.callIndex, 0);
        assert.equal(error.itemIndex, 0);
        assert.equal(error.reason, 'invalid_arguments');
        assert.equal(error.toolName, 'lookup_order');
        assert.equal(error.path, 'order');
        assert.match(
          error.message,
          /^ScriptedRealtimeServer tool call #1 \(response resp_1\), output item #1: function_call "lookup_order" has invalid arguments at order: expected no property "order"/,
        );
        assert.match(error.message, /new ScriptedRealtimeServer\(\{ validate: false \}\)/);
        return true;
      },
    );
    // Nothing reached the client, so the session did not run the tool.
    assert.equal(server.clientEvents.length, sentBefore);
    assert.equal(server.failures.length, 1);
    await end(server, session);
    assert.throws(() => server.assertNoUnexpectedCalls(), DoubleFailuresError);
    server.acknowledgeFailures();
  });

  test('an unknown tool lists the session tools and the nearest name', async () => {
    const { server, session } = await connected();
    await assert.rejects(
      assistantCallsTool(server, { name: 'lookupOrder', arguments: { orderId: '1' } }),
      {
        name: 'ScriptedOutputMismatchError',
        reason: 'unknown_tool',
        available: ['lookup_order'],
        message:
          /names "lookupOrder", which the session does not offer \(did you mean "lookup_order"\?\)/,
      },
    );
    server.acknowledgeFailures();
    await end(server, session);
  });

  test('a valid call runs the tool', async () => {
    const { server, session } = await connected();
    await assistantCallsTool(server, {
      name: 'lookup_order',
      arguments: { orderId: '123', include: null },
      callId: 'c1',
    });
    const output = await server.expectClientEvent('conversation.item.create');
    assert.deepEqual(output.item, {
      type: 'function_call_output',
      output: 'Order 123 has shipped.',
      call_id: 'c1',
    });
    await server.expectClientEvent('response.create');
    await end(server, session);
    assert.deepEqual(server.failures, []);
  });

  test('a raw response.output_item.done is checked; { validate: false } sends it as is', async () => {
    const { server, session } = await connected();
    const done = (args: string) => ({
      type: 'response.output_item.done',
      response_id: 'resp_raw',
      output_index: 0,
      item: {
        id: 'item_raw',
        object: 'realtime.item',
        type: 'function_call',
        name: 'lookup_order',
        call_id: 'c_raw',
        status: 'completed',
        arguments: args,
      },
    });
    await assert.rejects(server.sendServerEvent(done('{"orderId":')), {
      name: 'ScriptedOutputMismatchError',
      reason: 'invalid_arguments',
      path: '',
      message: /^ScriptedRealtimeServer tool call #1 \(response resp_raw\)/,
    });
    server.acknowledgeFailures();
    await server.sendServerEvent(done('{"orderId": 5}'), { validate: false });
    const output = await server.expectClientEvent('conversation.item.create');
    assert.equal(output.item.type, 'function_call_output');
    await end(server, session);
  });

  test('assistantCallsTool(…, { validate: false }) and a server with { validate: false }', async () => {
    for (const [options, callValidate] of [[{}, false], [{ validate: false }, true]] as const) {
      const { server, session } = await connected(options);
      await assistantCallsTool(server, {
        name: 'lookup_order',
        arguments: '{"orderId": 5}',
        callId: 'c1',
        validate: callValidate,
      });
      const output = await server.expectClientEvent('conversation.item.create');
      assert.equal(output.item.type, 'function_call_output');
      await end(server, session);
      assert.deepEqual(server.failures, []);
    }
  });

  test('a session without tools judges no call', async () => {
    const { server, session, errors } = await connected({}, []);
    await assistantCallsTool(server, { name: 'anything', arguments: '{}' });
    await end(server, session);
    assert.deepEqual(server.failures, []);
    // The SDK, not the double, reports the unknown tool.
    assert.match(String(errors[0]), /Tool anything not found/);
  });
});

describe('strict scripts: RealtimeToolCheck, the check behind the server', () => {
  const lookup = {
    type: 'function',
    name: 'lookup_order',
    parameters: {
      type: 'object',
      properties: { orderId: { type: 'string' } },
      required: ['orderId'],
      additionalProperties: false,
    },
  };
  const update = (session: unknown) => ({ type: 'session.update', session });
  const where = { outputIndex: 0, responseId: undefined };
  const wrong = { type: 'function_call', name: 'nope', arguments: '{}' };

  test('the message names the call and item, and the way out, in full', () => {
    const check = new RealtimeToolCheck(true);
    check.received(update({ tools: [lookup] }));
    const error = check.check(wrong, { outputIndex: 2, responseId: 7 }, true);
    assert.ok(error instanceof InternalMismatchError);
    // A response id that is not a string is left out of the message.
    assert.equal(
      error.message,
      'ScriptedRealtimeServer tool call #1, output item #3: function_call names "nope", which ' +
        'the session does not offer; it offers lookup_order. If the call is wrong on purpose, ' +
        'pass { validate: false } to assistantCallsTool() or sendServerEvent(), or switch the ' +
        'check off with new ScriptedRealtimeServer({ validate: false }).',
    );
    assert.equal(error.itemIndex, 2);
  });

  test('only a session.update with a tools array declares the tools', () => {
    const check = new RealtimeToolCheck(true);
    // Another event carrying a session, a session that is null or not an
    // object, and an update without tools declare nothing.
    check.received({ type: 'session.updated', session: { tools: [lookup] } });
    check.received(update(null));
    check.received(update(Object.assign(() => undefined, { tools: [lookup] })));
    check.received(update({ instructions: 'Be brief.' }));
    assert.equal(check.check(wrong, where, true), undefined);
    check.received(update({ tools: [lookup] }));
    // A partial update (no tools) keeps the tools declared before.
    check.received(update({ instructions: 'Be briefer.' }));
    assert.equal(check.check(wrong, where, true)?.reason, 'unknown_tool');
    assert.equal(
      check.check(
        { type: 'function_call', name: 'lookup_order', arguments: '{"orderId":"1"}' },
        where,
        true,
      ),
      undefined,
    );
  });

  test('only function call objects are judged and counted', () => {
    const check = new RealtimeToolCheck(true);
    // A call before the session declared tools is neither judged nor counted.
    assert.equal(check.check(wrong, where, true), undefined);
    check.received(update({ tools: [lookup] }));
    for (
      const item of [
        null,
        'function_call',
        Object.assign(() => undefined, { type: 'function_call' }),
        { type: 'message', name: 'nope' },
      ]
    ) {
      assert.equal(check.check(item, where, true), undefined);
    }
    assert.equal(check.check(wrong, where, true)?.callIndex, 0);
    const second = check.check(wrong, { outputIndex: 1, responseId: 'resp_9' }, true);
    assert.equal(second?.callIndex, 1);
    assert.match(
      second?.message ?? '',
      /^ScriptedRealtimeServer tool call #2 \(response resp_9\), output item #2: /,
    );
  });

  test('off for the server or for the call, nothing is judged', () => {
    for (const [enabled, validate] of [[false, true], [true, false]]) {
      const check = new RealtimeToolCheck(enabled);
      check.received(update({ tools: [lookup] }));
      assert.equal(check.check(wrong, where, validate), undefined);
    }
  });
});
