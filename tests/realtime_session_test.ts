// The seed's Realtime recipes, run through a real RealtimeSession and
// RealtimeAgent under this package's harness (all three runtimes, Deno's
// sanitizers on), plus the failure paths a session test meets in practice.
//
// The recipe files themselves (tests/recipes/realtime_*_test.ts) register through
// node:test, which Deno runs with its op and resource sanitizers off: these
// runs are the ones that show the seed's Realtime code leaks no timer or
// resource under Deno's sanitizers, so they are kept although they repeat it.
//
// The recipes bound their waits with AbortSignal.timeout(5_000), as the seed
// does. That timer does not trip Deno's op sanitizer (Deno, Node and Bun all
// create it unref'd, and runScenario removes its abort listener when the run
// ends), and it keeps no runtime alive: no extra teardown is needed.
import assert from 'node:assert/strict';
import { RealtimeAgent, type RealtimeItem, RealtimeSession, tool } from '@openai/agents/realtime';
import {
  RealtimeCallMatcherError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeScenarioCancelledError,
  ScriptedRealtimeTransport,
} from 'scripted-agents/realtime_testing';
import { z } from 'zod';
import { describe, test } from './_harness.ts';
import { createScenarioGate, createSession } from './_realtime_fixtures.ts';

describe('Realtime recipes with a real RealtimeSession', () => {
  test('executes a RealtimeAgent tool call', async (t) => {
    let lookedUpOrderId: string | undefined;
    const lookupOrder = tool({
      name: 'lookup_order',
      description: 'Looks up an order by ID.',
      parameters: z.object({ orderId: z.string() }),
      execute: async ({ orderId }) => {
        lookedUpOrderId = orderId;
        return `Order ${orderId} has shipped.`;
      },
    });
    const agent = new RealtimeAgent({
      name: 'Order assistant',
      instructions: 'Help customers track their orders.',
      tools: [lookupOrder],
    });
    const transport = new ScriptedRealtimeTransport();
    // Teardown also reports drift the application might have swallowed.
    t.after(() => transport[Symbol.asyncDispose]());
    const session = new RealtimeSession(agent, { transport });
    const toolOutputReturned = createScenarioGate();

    await transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async ({ expectCall, emit }) => {
        try {
          await expectCall('connect');
          await expectCall('sendMessage', (call) => {
            assert.equal(call.message, 'Where is order 123?');
          });
          emit('turn_started', {
            type: 'response_started',
            providerData: { response: { id: 'response_1' } },
          });
          emit('function_call', {
            type: 'function_call',
            name: 'lookup_order',
            callId: 'call_1',
            arguments: JSON.stringify({ orderId: 'order_123' }),
            responseId: 'response_1',
          });
          await expectCall('sendFunctionCallOutput', (call) => {
            assert.equal(call.toolCall.callId, 'call_1');
            assert.equal(call.output, 'Order order_123 has shipped.');
            assert.equal(call.startResponse, true);
          });
          toolOutputReturned.release();
          await expectCall('close');
        } catch (error) {
          toolOutputReturned.fail(error);
          throw error;
        }
      },
      exercise: async () => {
        try {
          await session.connect({ apiKey: 'test' });
          session.sendMessage('Where is order 123?');
          await toolOutputReturned.promise;
        } finally {
          session.close();
        }
      },
    });

    assert.equal(lookedUpOrderId, 'order_123');
    transport.assertComplete();
    transport.assertClosed();
  });

  test('runs a two-turn Realtime conversation', async () => {
    const { session, transport } = createSession();
    const conversation: RealtimeItem[] = [
      {
        itemId: 'user_1',
        type: 'message',
        role: 'user',
        status: 'completed',
        content: [{ type: 'input_text', text: 'Hello' }],
      },
      {
        itemId: 'assistant_1',
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Hi! How can I help?' }],
      },
      {
        itemId: 'user_2',
        type: 'message',
        role: 'user',
        status: 'completed',
        content: [{ type: 'input_text', text: 'What did I just say?' }],
      },
      {
        itemId: 'assistant_2',
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'You said hello.' }],
      },
    ];
    const signal = AbortSignal.timeout(5_000);
    const firstTurnDelivered = createScenarioGate();
    let secondTurnDelivered: ReturnType<typeof createScenarioGate> | undefined;

    await transport.runScenario({
      signal,
      scenario: async ({ expectCall, emit }) => {
        try {
          await expectCall('connect');
          await expectCall('sendMessage', (call) => {
            assert.equal(call.message, 'Hello');
          });
          emit('item_update', conversation[0]);
          emit('item_update', conversation[1]);
          secondTurnDelivered = createScenarioGate();
          firstTurnDelivered.release();

          await expectCall('sendMessage', (call) => {
            assert.equal(call.message, 'What did I just say?');
          });
          emit('item_update', conversation[2]);
          emit('item_update', conversation[3]);
          secondTurnDelivered.release();

          await expectCall('close');
        } catch (error) {
          (secondTurnDelivered ?? firstTurnDelivered).fail(error);
          throw error;
        }
      },
      exercise: async () => {
        try {
          await session.connect({ apiKey: 'test' });
          session.sendMessage('Hello');
          await firstTurnDelivered.promise;

          session.sendMessage('What did I just say?');
          assert(secondTurnDelivered);
          await secondTurnDelivered.promise;
        } finally {
          session.close();
        }
      },
    });

    assert.deepEqual(session.history, conversation);
    transport.assertComplete();
    transport.assertClosed();
  });

  test('sends an interrupt request through the transport', async () => {
    const { session, transport } = createSession();
    const signal = AbortSignal.timeout(5_000);
    const readyToInterrupt = createScenarioGate();
    let sessionObservedAudio = false;
    session.once('audio_start', () => {
      sessionObservedAudio = true;
    });

    await transport.runScenario({
      signal,
      scenario: async ({ expectCall, emit }) => {
        try {
          await expectCall('connect');
          await expectCall('sendMessage');
          emit('turn_started', {
            type: 'response_started',
            providerData: { response: { id: 'response_1' } },
          });
          emit('audio', {
            type: 'audio',
            responseId: 'response_1',
            data: new Uint8Array([1, 2, 3]).buffer,
          });
          assert.equal(sessionObservedAudio, true);
          readyToInterrupt.release();

          await expectCall('interrupt');
          await expectCall('close');
        } catch (error) {
          readyToInterrupt.fail(error);
          throw error;
        }
      },
      exercise: async () => {
        try {
          await session.connect({ apiKey: 'test' });
          session.sendMessage('Tell me a long story');
          await readyToInterrupt.promise;
          session.interrupt();
        } finally {
          session.close();
        }
      },
    });

    transport.assertComplete();
    transport.assertClosed();
  });

  test('forwards an interruption notification to the application', async () => {
    const { session, transport } = createSession();
    let interruptionObserved = false;
    session.once('audio_interrupted', () => {
      interruptionObserved = true;
    });

    const connectCall = transport.expectCall('connect');
    await session.connect({ apiKey: 'test' });
    await connectCall;

    transport.emit('audio_interrupted');
    assert.equal(interruptionObserved, true);

    const closeCall = transport.expectCall('close');
    session.close();
    await closeCall;
    transport.assertComplete();
    transport.assertClosed();
  });

  test('injects a transport failure into the next matching call', async () => {
    const { session, transport } = createSession();
    const failure = new Error('connection failed');

    transport.failNextCall('connect', failure);
    const connectCall = transport.expectCall('connect');

    await assert.rejects(session.connect({ apiKey: 'test' }), failure);
    assert.equal((await connectCall).method, 'connect');
    assert.equal(transport.status, 'disconnected');
    transport.assertComplete();
    transport.assertClosed();
  });

  test('simulates a remote disconnect with an error', async () => {
    const { session, transport } = createSession();
    const sessionErrors: unknown[] = [];
    session.on('error', (event) => sessionErrors.push(event));
    const statuses: string[] = [];
    transport.on('connection_change', (status) => statuses.push(status));

    const connectCall = transport.expectCall('connect', (call) => {
      assert.equal(call.options.apiKeyProvided, true);
    });
    await session.connect({ apiKey: 'test' });
    await connectCall;

    // The remote end drops the connection: not an outbound call.
    const lost = new Error('network connection lost');
    transport.disconnect(lost);
    assert.equal(transport.status, 'disconnected');
    assert.deepEqual(statuses, ['connecting', 'connected', 'disconnected']);
    assert.equal(sessionErrors.length, 1);
    assert.equal((sessionErrors[0] as { error: unknown }).error, lost);

    // Cleanup after a remote disconnect records no close: there is nothing to close.
    session.close();
    assert.deepEqual(transport.calls.map((call) => call.method), ['connect']);
    transport.assertComplete();
    transport.assertClosed();
  });
});

describe('Realtime sessions on failure paths', () => {
  test('a matcher failure while the application waits ends the run and still closes the session', async () => {
    const { session, transport } = createSession();
    const replyDelivered = createScenarioGate();
    const error = await transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async ({ expectCall }) => {
        try {
          await expectCall('connect');
          await expectCall('sendMessage', (call) => call.message === 'Goodbye');
          replyDelivered.release();
          await expectCall('close');
        } catch (error) {
          replyDelivered.fail(error);
          throw error;
        }
      },
      exercise: async () => {
        try {
          await session.connect({ apiKey: 'test' });
          try {
            session.sendMessage('Hello');
          } catch {
            // An application that swallows transport errors: the run still fails.
          }
          await replyDelivered.promise;
        } finally {
          session.close();
        }
      },
    }).catch((e) => e);

    assert.ok(error instanceof RealtimeCallMatcherError);
    assert.equal(error.callIndex, 1);
    assert.equal(error.actualMethod, 'sendMessage');
    // The cleanup close was recorded after the run failed, with nobody left to expect it.
    assert.deepEqual(transport.calls.map((call) => call.method), [
      'connect',
      'sendMessage',
      'close',
    ]);
    transport.assertClosed();
    assert.deepEqual(transport.acknowledgeFailures(), [error]);
  });

  test('a signal cancels a run whose expected call never comes, reporting what was pending', async () => {
    const { session, transport } = createSession();
    const controller = new AbortController();
    const replyDelivered = createScenarioGate();
    const error = await transport.runScenario({
      signal: controller.signal,
      scenario: async ({ expectCall }) => {
        try {
          await expectCall('connect');
          await expectCall('sendMessage');
          replyDelivered.release();
        } catch (error) {
          replyDelivered.fail(error);
          throw error;
        }
      },
      exercise: async () => {
        try {
          await session.connect({ apiKey: 'test' });
          // The application forgot to send its message and waits anyway; the
          // test's deadline fires (its own signal: no timer needed here).
          controller.abort();
          await replyDelivered.promise;
        } finally {
          session.close();
        }
      },
    }).catch((e) => e);

    assert.ok(error instanceof ScriptedRealtimeScenarioCancelledError);
    assert.equal(error.name, 'AbortError');
    assert.deepEqual(error.pendingExpectations, [{ order: 2, method: 'sendMessage' }]);
    transport.assertClosed();
    // The cancelled expectation is gone; the cleanup close arrived unexpected.
    assert.deepEqual(transport.calls.map((call) => call.method), ['connect', 'close']);
    assert.throws(() => transport.assertComplete(), /1 unconsumed call/);
  });

  test('a remote disconnect during connect supersedes the attempt', async () => {
    const { session, transport } = createSession();
    transport.once('connection_change', () => transport.disconnect(new Error('dropped')));
    const sessionErrors: unknown[] = [];
    session.on('error', (event) => sessionErrors.push(event));
    await assert.rejects(
      session.connect({ apiKey: 'test' }),
      ScriptedRealtimeConnectionSupersededError,
    );
    assert.equal(transport.status, 'disconnected');
    assert.equal(sessionErrors.length, 1);
    await transport.expectCall('connect');
    transport.assertComplete();
    transport.assertClosed();
  });
});
