import assert from 'node:assert/strict';
import {
  DoubleFailuresError,
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  RealtimeTransportNotClosedError,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from 'scripted-agents/realtime_testing';
import type { RealtimeItem } from '@openai/agents/realtime';
import { describe, test } from './_harness.ts';

/** Own keys with values, `undefined` members included. */
function entries(value: object): [PropertyKey, unknown][] {
  return Reflect.ownKeys(value).map((key) => [key, (value as Record<PropertyKey, unknown>)[key]]);
}

const userItem = (): RealtimeItem => ({
  itemId: 'user_1',
  type: 'message',
  role: 'user',
  status: 'completed',
  content: [{ type: 'input_text', text: 'Hello' }],
});

describe('ScriptedRealtimeTransport recording', () => {
  test('records every outbound method in one global order with exactly its parameters', async () => {
    const transport = new ScriptedRealtimeTransport();
    const toolCall = {
      type: 'function_call' as const,
      name: 'lookup',
      callId: 'call_1',
      arguments: '{}',
      responseId: 'r',
    };
    const approval = {
      itemId: 'mcp_1',
      type: 'mcp_approval_request' as const,
      serverLabel: 'server',
      name: 'tool',
      arguments: { q: 1 },
    };
    await transport.connect({ apiKey: 'key', model: 'gpt-realtime' });
    transport.sendEvent({ type: 'response.cancel' });
    transport.requestResponse();
    transport.sendMessage('Hello', { id: 1 });
    transport.addImage('data:image/png;base64,', { triggerResponse: false });
    transport.sendAudio(new Uint8Array([1, 2, 3]).buffer, { commit: true });
    transport.updateSessionConfig({ instructions: 'Be brief.' });
    transport.mute(true);
    transport.sendFunctionCallOutput(toolCall, 'done', false);
    transport.interrupt();
    transport.resetHistory([], [userItem()]);
    transport.sendMcpResponse(approval, false, 'no');
    transport.close();

    const calls = transport.calls;
    assert.deepEqual(calls.map((call) => call.method), [
      'connect',
      'sendEvent',
      'requestResponse',
      'sendMessage',
      'addImage',
      'sendAudio',
      'updateSessionConfig',
      'mute',
      'sendFunctionCallOutput',
      'interrupt',
      'resetHistory',
      'sendMcpResponse',
      'close',
    ]);
    assert.deepEqual(calls.map((call) => call.index), [...calls.keys()]);
    // Key order: method, the method's own fields, then index.
    assert.deepEqual(calls.map((call) => Object.keys(call)), [
      ['method', 'options', 'index'],
      ['method', 'event', 'index'],
      ['method', 'response', 'index'],
      ['method', 'message', 'otherEventData', 'options', 'index'],
      ['method', 'image', 'options', 'index'],
      ['method', 'audio', 'options', 'index'],
      ['method', 'config', 'index'],
      ['method', 'muted', 'index'],
      ['method', 'toolCall', 'output', 'startResponse', 'index'],
      ['method', 'index'],
      ['method', 'oldHistory', 'newHistory', 'index'],
      ['method', 'approvalRequest', 'approved', 'reason', 'index'],
      ['method', 'index'],
    ]);
    assert.deepEqual(entries(calls[3]), [
      ['method', 'sendMessage'],
      ['message', 'Hello'],
      ['otherEventData', { id: 1 }],
      ['options', undefined],
      ['index', 3],
    ]);
    assert.deepEqual(entries(calls[2]), [['method', 'requestResponse'], ['response', undefined], [
      'index',
      2,
    ]]);
    assert.deepEqual(calls[8], {
      method: 'sendFunctionCallOutput',
      toolCall,
      output: 'done',
      startResponse: false,
      index: 8,
    });
    assert.deepEqual(calls[11], {
      method: 'sendMcpResponse',
      approvalRequest: approval,
      approved: false,
      reason: 'no',
      index: 11,
    });
    assert.deepEqual([...new Uint8Array((calls[5] as unknown as { audio: ArrayBuffer }).audio)], [
      1,
      2,
      3,
    ]);
  });

  test('connect records apiKeyProvided and never the key itself', async () => {
    const provided: unknown[] = ['sk-secret', () => 'sk-secret', '', null];
    for (const apiKey of [...provided, undefined]) {
      const transport = new ScriptedRealtimeTransport();
      await transport.connect({ apiKey: apiKey as string });
      const [call] = transport.calls as unknown as [{ options: Record<string, unknown> }];
      assert.deepEqual(entries(call.options), [
        ['model', undefined],
        ['url', undefined],
        ['callId', undefined],
        ['initialSessionConfig', undefined],
        ['apiKeyProvided', apiKey !== undefined],
      ]);
      assert.ok(!('apiKey' in call.options));
      assert.ok(!JSON.stringify(transport.calls).includes('sk-secret'));
    }
  });

  test('connect records model, url, callId and a detached initial session config', async () => {
    const transport = new ScriptedRealtimeTransport();
    const initialSessionConfig = { instructions: 'Hi', toolChoice: 'auto' as const };
    await transport.connect({
      apiKey: 'k',
      model: 'gpt-realtime',
      url: 'wss://example.invalid',
      callId: 'call_9',
      initialSessionConfig,
    });
    initialSessionConfig.instructions = 'changed';
    const options = (transport.calls[0] as unknown as { options: Record<string, unknown> }).options;
    assert.deepEqual(options, {
      model: 'gpt-realtime',
      url: 'wss://example.invalid',
      callId: 'call_9',
      initialSessionConfig: { instructions: 'Hi', toolChoice: 'auto' },
      apiKeyProvided: true,
    });
  });

  test('calls are detached snapshots: new frozen array and frozen calls on every read', () => {
    const transport = new ScriptedRealtimeTransport();
    const data = { nested: { list: [1, 2] } };
    const bytes = new Uint8Array([9, 8, 7]);
    transport.sendMessage('Hi', data);
    transport.sendAudio(bytes.buffer, { commit: false });
    data.nested.list.push(3);
    bytes[0] = 0;

    const first = transport.calls;
    const second = transport.calls;
    assert.notEqual(first, second);
    assert.ok(Object.isFrozen(first));
    assert.notEqual(first[0], second[0]);
    assert.ok(Object.isFrozen(first[0]));
    const message = first[0] as unknown as { otherEventData: typeof data };
    assert.deepEqual(message.otherEventData, { nested: { list: [1, 2] } });
    // Nested copies are private to one read: mutating them changes nothing recorded.
    assert.ok(!Object.isFrozen(message.otherEventData));
    message.otherEventData.nested.list.push(99);
    assert.deepEqual(
      (transport.calls[0] as unknown as { otherEventData: typeof data }).otherEventData,
      { nested: { list: [1, 2] } },
    );
    const audio = (first[1] as unknown as { audio: ArrayBuffer }).audio;
    assert.notEqual(audio, bytes.buffer);
    assert.deepEqual([...new Uint8Array(audio)], [9, 8, 7]);
  });

  test('class instances keep their identity, maps are copied, aliasing and cycles survive inside one call', () => {
    class Marker {}
    const marker = new Marker();
    const map = new Map([[1, 2]]);
    const item = userItem();
    const cycle: Record<string, unknown> = { marker, map };
    cycle.self = cycle;
    const transport = new ScriptedRealtimeTransport();
    transport.sendMessage('Hi', cycle);
    transport.resetHistory([item], [item]);
    const [message, reset] = transport.calls as unknown as [
      { otherEventData: typeof cycle },
      { oldHistory: RealtimeItem[]; newHistory: RealtimeItem[] },
    ];
    assert.equal(message.otherEventData.marker, marker);
    assert.notEqual(message.otherEventData.map, map);
    assert.deepEqual([...message.otherEventData.map as Map<number, number>], [[1, 2]]);
    assert.notEqual(message.otherEventData, cycle);
    assert.equal(message.otherEventData.self, message.otherEventData);
    assert.notEqual(reset.oldHistory[0], item);
    assert.equal(reset.oldHistory[0], reset.newHistory[0]);
  });
});

describe('ScriptedRealtimeTransport.expectCall', () => {
  test('resolves a waiting expectation with a fresh frozen snapshot of the call', async () => {
    const transport = new ScriptedRealtimeTransport();
    const expectation = transport.expectCall('sendMessage', (call) => {
      // The matcher knows the call's shape.
      assert.equal(call.message, 'Hello');
      assert.deepEqual(call.otherEventData, { a: 1 });
    });
    transport.sendMessage('Hello', { a: 1 });
    const call = await expectation;
    assert.deepEqual(call, {
      method: 'sendMessage',
      message: 'Hello',
      otherEventData: { a: 1 },
      options: undefined,
      index: 0,
    });
    assert.ok(Object.isFrozen(call));
    assert.notEqual(call, transport.calls[0]);
    transport.assertComplete();
  });

  test('holds calls made before their expectation and matches them in FIFO order', async () => {
    const transport = new ScriptedRealtimeTransport();
    transport.mute(true);
    transport.interrupt();
    const mute = await transport.expectCall('mute', (call) => call.muted);
    const interrupt = await transport.expectCall('interrupt');
    assert.equal(mute.index, 0);
    assert.equal(interrupt.index, 1);
    transport.assertComplete();
  });

  test('two buffered connects then connect and mute expectations: resolved, then unexpected', async () => {
    const transport = new ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'k' });
    await transport.connect({ apiKey: 'k' });
    const first = transport.expectCall('connect');
    const second = transport.expectCall('mute');
    assert.equal((await first).index, 0);
    const error = await second.catch((e) => e);
    assert.ok(error instanceof UnexpectedRealtimeCallError);
    assert.equal(error.callIndex, 1);
    assert.equal(error.expectedMethod, 'mute');
    assert.equal(error.actualMethod, 'connect');
    assert.deepEqual(transport.acknowledgeFailures(), [error]);
    transport.assertComplete();
  });

  test('a buffered call never makes expectCall throw: failures become rejections', async () => {
    const transport = new ScriptedRealtimeTransport();
    const thrown = new Error('assertion inside the matcher');
    transport.mute(true);
    transport.mute(false);
    const rejectedByThrow = transport.expectCall('mute', () => {
      throw thrown;
    });
    const rejectedByFalse = transport.expectCall('mute', () => false);
    assert.equal(await rejectedByThrow.catch((e) => e), thrown);
    const matcherError = await rejectedByFalse.catch((e) => e);
    assert.ok(matcherError instanceof RealtimeCallMatcherError);
    assert.equal(matcherError.callIndex, 1);
    assert.equal(matcherError.actualMethod, 'mute');
    assert.deepEqual(transport.acknowledgeFailures(), [thrown, matcherError]);
  });

  test('a failing waiting expectation rejects and throws the same value to the caller', async () => {
    const transport = new ScriptedRealtimeTransport();
    const expectation = transport.expectCall('mute', () => false);
    let thrown: unknown;
    try {
      transport.mute(true);
    } catch (error) {
      thrown = error;
    }
    assert.ok(thrown instanceof RealtimeCallMatcherError);
    assert.equal(await expectation.catch((e) => e), thrown);
    // The call stays recorded and consumed.
    assert.equal(transport.calls.length, 1);
    transport.assertComplete();
    // A failed matcher means the call did not happen as expected: muted is unchanged.
    assert.equal(transport.muted, false);
    transport.acknowledgeFailures();
  });

  test('a matcher throw propagates unwrapped, whatever the value', async () => {
    for (const value of [new TypeError('bad'), 'text', undefined, null, 0]) {
      const transport = new ScriptedRealtimeTransport();
      const expectation = transport.expectCall('interrupt', () => {
        throw value;
      });
      assert.throws(
        () => transport.interrupt(),
        (error) => error === value,
      );
      await expectation.then(
        () => assert.fail('expected a rejection'),
        (error) => assert.equal(error, value),
      );
      assert.deepEqual(transport.acknowledgeFailures(), [value]);
    }
  });

  test('matchers returning true or undefined accept; no matcher accepts any call of the method', async () => {
    const transport = new ScriptedRealtimeTransport();
    const expectations = [
      transport.expectCall('interrupt', () => true),
      transport.expectCall('interrupt', () => undefined),
      transport.expectCall('interrupt'),
    ];
    transport.interrupt();
    transport.interrupt();
    transport.interrupt();
    assert.deepEqual((await Promise.all(expectations)).map((call) => call.index), [0, 1, 2]);
    transport.assertComplete();
  });

  test('the matcher gets a detached snapshot: its mutations reach neither history nor result', async () => {
    const transport = new ScriptedRealtimeTransport();
    const expectation = transport.expectCall('sendMessage', (call) => {
      assert.ok(Object.isFrozen(call));
      (call.otherEventData as { list: number[] }).list.push(4);
    });
    transport.sendMessage('Hi', { list: [1] });
    const call = await expectation;
    assert.deepEqual(call.otherEventData, { list: [1] });
    assert.deepEqual(
      (transport.calls[0] as unknown as { otherEventData: unknown }).otherEventData,
      { list: [1] },
    );
  });

  test('every expectation takes the next order number, buffered or not', () => {
    const transport = new ScriptedRealtimeTransport();
    transport.interrupt();
    void transport.expectCall('interrupt');
    void transport.expectCall('mute');
    void transport.expectCall('close');
    assert.throws(() => transport.assertComplete(), (error: unknown) => {
      assert.ok(error instanceof IncompleteRealtimeScenarioError);
      assert.deepEqual(error.pendingExpectations, [
        { order: 2, method: 'mute' },
        { order: 3, method: 'close' },
      ]);
      return true;
    });
  });
});

describe('ScriptedRealtimeTransport.failNextCall', () => {
  test('throws the injected value from the next call, after recording and matching it', async () => {
    const transport = new ScriptedRealtimeTransport();
    const failure = new Error('mute failed');
    transport.failNextCall('mute', failure);
    const expectation = transport.expectCall('mute', (call) => call.muted === true);
    assert.throws(() => transport.mute(true), (error) => error === failure);
    assert.equal((await expectation).index, 0);
    assert.equal(transport.muted, false);
    transport.mute(true);
    assert.equal(transport.muted, true);
    assert.equal(transport.calls.length, 2);
  });

  test('several failures for one method are thrown in the order they were added', () => {
    const transport = new ScriptedRealtimeTransport();
    transport.failNextCall('interrupt', 'first');
    transport.failNextCall('interrupt', undefined);
    transport.failNextCall('interrupt', null);
    const thrown: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      try {
        transport.interrupt();
        thrown.push('no failure');
      } catch (error) {
        thrown.push(error);
      }
    }
    assert.deepEqual(thrown, ['first', undefined, null, 'no failure']);
  });

  test('is reserved before the matcher runs, so a re-entrant call cannot take it', () => {
    const outer = new Error('outer mute failure');
    const transport = new ScriptedRealtimeTransport();
    transport.failNextCall('mute', outer);
    void transport.expectCall('mute', () => {
      // Re-enters the same method: must not consume the outer call's failure.
      transport.mute(false);
    });
    assert.throws(() => transport.mute(true), (error) => error === outer);
    assert.deepEqual(transport.calls.map((call) => call.method), ['mute', 'mute']);
    assert.equal(transport.muted, false);
  });

  test('re-entrant connect and close in a matcher do not take the outer failure either', async () => {
    const connectFailure = new Error('connect failed');
    const transport = new ScriptedRealtimeTransport();
    transport.failNextCall('connect', connectFailure);
    let inner: Promise<void> | undefined;
    void transport.expectCall('connect', () => {
      inner = transport.connect({ apiKey: 'k' });
    });
    const outer = transport.connect({ apiKey: 'k' });
    assert.equal(await outer.catch((e) => e), connectFailure);
    assert.equal(await inner, undefined);

    const closeFailure = new Error('close failed');
    const closing = new ScriptedRealtimeTransport();
    await closing.connect({ apiKey: 'k' });
    closing.failNextCall('close', closeFailure);
    void closing.expectCall('connect');
    void closing.expectCall('close', () => {
      closing.close();
    });
    assert.throws(() => closing.close(), (error) => error === closeFailure);
    assert.deepEqual(closing.calls.map((call) => call.method), ['connect', 'close', 'close']);
  });

  test('a failure whose call fails validation is consumed and discarded', () => {
    const transport = new ScriptedRealtimeTransport();
    transport.failNextCall('mute', new Error('never thrown'));
    const expectation = transport.expectCall('mute', () => false);
    expectation.catch(() => {});
    assert.throws(() => transport.mute(true), RealtimeCallMatcherError);
    transport.assertComplete();
    transport.acknowledgeFailures();
  });

  test('unused failures are reported per method, in the order methods were first failed', () => {
    const transport = new ScriptedRealtimeTransport();
    transport.failNextCall('mute', 1);
    transport.failNextCall('close', 2);
    transport.failNextCall('mute', 3);
    assert.throws(() => transport.assertComplete(), (error: unknown) => {
      assert.ok(error instanceof IncompleteRealtimeScenarioError);
      assert.deepEqual(error.pendingFailures, [
        { method: 'mute', count: 2 },
        { method: 'close', count: 1 },
      ]);
      assert.match(error.message, /and 3 pending failures\. Remove the failNextCall\(\) failures /);
      return true;
    });
    // Using up a method's failures forgets the method; a new failure queues it last.
    assert.throws(() => transport.mute(true));
    assert.throws(() => transport.mute(true));
    transport.failNextCall('mute', 4);
    assert.throws(() => transport.assertComplete(), (error: unknown) => {
      assert.ok(error instanceof IncompleteRealtimeScenarioError);
      assert.deepEqual(error.pendingFailures, [
        { method: 'close', count: 1 },
        { method: 'mute', count: 1 },
      ]);
      return true;
    });
  });

  test('injected failures are not reported as drifted-workflow failures', () => {
    const transport = new ScriptedRealtimeTransport();
    transport.failNextCall('interrupt', new Error('injected'));
    assert.throws(() => transport.interrupt());
    assert.deepEqual(transport.failures, []);
  });
});

describe('ScriptedRealtimeTransport events', () => {
  test('emit delivers synchronously and reports whether anyone listened', () => {
    const transport = new ScriptedRealtimeTransport();
    const heard: unknown[] = [];
    assert.equal(transport.emit('audio_interrupted'), false);
    transport.on('item_update', (item) => heard.push(item));
    const item = userItem();
    assert.equal(transport.emit('item_update', item), true);
    assert.deepEqual(heard, [item]);
    assert.equal(heard[0], item);
  });

  test('on, once and off return the transport; duplicates are separate registrations', () => {
    const transport = new ScriptedRealtimeTransport();
    let count = 0;
    const listener = () => count++;
    assert.equal(transport.on('audio_done', listener), transport);
    assert.equal(transport.on('audio_done', listener), transport);
    transport.emit('audio_done');
    assert.equal(count, 2);
    assert.equal(transport.off('audio_done', listener), transport);
    transport.emit('audio_done');
    assert.equal(count, 3);
    assert.equal(transport.once('audio_done', listener), transport);
  });

  test('off removes the most recent registration of the listener, a once one included', () => {
    const transport = new ScriptedRealtimeTransport();
    const calls: string[] = [];
    const listener = () => calls.push('called');
    transport.on('audio_done', listener);
    transport.once('audio_done', listener);
    transport.off('audio_done', listener);
    // The persistent registration remains.
    transport.emit('audio_done');
    transport.emit('audio_done');
    assert.deepEqual(calls, ['called', 'called']);
    transport.off('audio_done', listener);
    assert.equal(transport.emit('audio_done'), false);
  });

  test('a once registration is removed before its listener runs', async () => {
    const transport = new ScriptedRealtimeTransport();
    let runs = 0;
    transport.once('connection_change', () => {
      runs++;
      throw new Error('observer failed');
    });
    await assert.rejects(transport.connect({ apiKey: 'k' }), /observer failed/);
    await transport.connect({ apiKey: 'k' });
    assert.equal(runs, 1);
    assert.equal(transport.status, 'connected');
  });

  test('a listener exception propagates out of emit and stops later listeners', () => {
    const transport = new ScriptedRealtimeTransport();
    const failure = new Error('listener failed');
    let later = 0;
    transport.on('audio_done', () => {
      throw failure;
    });
    transport.on('audio_done', () => later++);
    assert.throws(() => transport.emit('audio_done'), (error) => error === failure);
    assert.equal(later, 0);
  });

  test('emit walks a copy: listeners added or removed meanwhile count from the next emit', () => {
    const transport = new ScriptedRealtimeTransport();
    const calls: string[] = [];
    const second = () => calls.push('second');
    transport.on('audio_done', () => {
      calls.push('first');
      transport.off('audio_done', second);
      transport.on('audio_done', () => calls.push('added'));
    });
    transport.on('audio_done', second);
    transport.emit('audio_done');
    assert.deepEqual(calls, ['first', 'second']);
  });

  test("'error' is not special and '*' is not emitted automatically", () => {
    const transport = new ScriptedRealtimeTransport();
    const all: unknown[] = [];
    transport.on('*', (event) => all.push(event));
    assert.equal(transport.emit('error', { type: 'error', error: new Error('x') }), false);
    transport.disconnect(new Error('remote failure'));
    transport.emit('audio_done');
    assert.deepEqual(all, []);
  });
});

describe('ScriptedRealtimeTransport teardown contract', () => {
  test('reports unexpected calls and rejecting or throwing matchers, even when swallowed', () => {
    const transport = new ScriptedRealtimeTransport();
    const thrown = new Error('matcher assertion');
    transport.expectCall('mute').catch(() => {});
    transport.expectCall('interrupt', () => false).catch(() => {});
    transport.expectCall('close', () => {
      throw thrown;
    }).catch(() => {});
    // The application swallows all three failures.
    for (
      const call of [() => transport.interrupt(), () => transport.interrupt(), () => {
        transport.status = 'connected';
        transport.close();
      }]
    ) {
      try {
        call();
      } catch {
        // swallowed
      }
    }
    const failures = transport.failures;
    assert.equal(failures.length, 3);
    assert.ok(failures[0] instanceof UnexpectedRealtimeCallError);
    assert.ok(failures[1] instanceof RealtimeCallMatcherError);
    assert.equal(failures[2], thrown);
    assert.ok(Object.isFrozen(failures));
    assert.throws(() => transport.assertNoUnexpectedCalls(), (error: unknown) => {
      assert.ok(error instanceof DoubleFailuresError);
      assert.equal(error.double, 'ScriptedRealtimeTransport');
      assert.deepEqual(error.failures, failures);
      return true;
    });
    assert.deepEqual(transport.acknowledgeFailures(), failures);
    assert.deepEqual(transport.failures, []);
    transport.assertNoUnexpectedCalls();
  });

  test('asyncDispose passes for a complete, closed transport', async () => {
    const transport = new ScriptedRealtimeTransport();
    const connected = transport.expectCall('connect');
    await transport.connect({ apiKey: 'k' });
    await connected;
    const closed = transport.expectCall('close');
    transport.close();
    await closed;
    await transport[Symbol.asyncDispose]();
  });

  test('asyncDispose reports a single problem as itself', async () => {
    const transport = new ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'k' });
    await transport.expectCall('connect');
    await assert.rejects(transport[Symbol.asyncDispose](), RealtimeTransportNotClosedError);
  });

  test('asyncDispose runs every check and reports several problems together', async () => {
    const transport = new ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'k' });
    try {
      // A swallowed drift failure, an unconsumed call and an open connection.
      transport.expectCall('mute').catch(() => {});
      transport.interrupt();
    } catch {
      // swallowed by "the application"
    }
    const error = await transport[Symbol.asyncDispose]().catch((e) => e);
    assert.ok(error instanceof AggregateError);
    assert.equal(error.errors.length, 3);
    assert.ok(error.errors[0] instanceof DoubleFailuresError);
    assert.ok(error.errors[1] instanceof IncompleteRealtimeScenarioError);
    assert.ok(error.errors[2] instanceof RealtimeTransportNotClosedError);
    assert.match(error.message, /^ScriptedRealtimeTransport teardown found 3 problems/);
  });
});
