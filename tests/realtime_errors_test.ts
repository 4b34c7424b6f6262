import assert from 'node:assert/strict';
import * as SdkDoubles from '@openai/agents/realtime/testing';
import {
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  RealtimeTransportNotClosedError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeScenarioCancelledError,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from 'scripted-agents/realtime_testing';
import { describeValue } from './_describe_value.ts';
import { fields } from './_error_fixtures.ts';
import { describe, test } from './_harness.ts';

describe('UnexpectedRealtimeCallError', () => {
  test('names the expected and actual methods and the 1-based call', () => {
    const error = new UnexpectedRealtimeCallError('mute', { index: 2, method: 'close' });
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'UnexpectedRealtimeCallError');
    assert.equal(
      error.message,
      'ScriptedRealtimeTransport expected mute but received close call #3.',
    );
    assert.deepEqual(fields(error), [
      ['callIndex', 2],
      ['expectedMethod', 'mute'],
      ['actualMethod', 'close'],
      ['name', 'UnexpectedRealtimeCallError'],
    ]);
  });

  test('is what a call for another method raises', async () => {
    const transport = new ScriptedRealtimeTransport();
    const expectation = transport.expectCall('mute');
    assert.throws(() => transport.interrupt(), UnexpectedRealtimeCallError);
    const error = await expectation.catch((e) => e);
    assert.ok(error instanceof UnexpectedRealtimeCallError);
    assert.equal(error.callIndex, 0);
    assert.equal(error.actualMethod, 'interrupt');
    transport.acknowledgeFailures();
  });
});

describe('RealtimeCallMatcherError', () => {
  test('names the rejected method and the 1-based call', () => {
    const error = new RealtimeCallMatcherError({ index: 0, method: 'sendMessage' });
    assert.equal(error.name, 'RealtimeCallMatcherError');
    assert.equal(error.message, 'ScriptedRealtimeTransport matcher rejected sendMessage call #1.');
    assert.deepEqual(fields(error), [
      ['callIndex', 0],
      ['actualMethod', 'sendMessage'],
      ['name', 'RealtimeCallMatcherError'],
    ]);
  });

  test('keeps its fields own even when the call lacks them', () => {
    const error = new RealtimeCallMatcherError({} as never);
    assert.ok(Object.hasOwn(error, 'callIndex'));
    assert.ok(Object.hasOwn(error, 'actualMethod'));
    assert.deepEqual(Object.keys(error), ['callIndex', 'actualMethod', 'name']);
  });
});

describe('IncompleteRealtimeScenarioError', () => {
  test('counts unconsumed calls, lists pending expectations and sums pending failures', () => {
    const error = new IncompleteRealtimeScenarioError(
      [{ index: 4, method: 'mute' }],
      [{ order: 3, method: 'close' }, { order: 5, method: 'mute' }],
      [{ method: 'mute', count: 2 }, { method: 'close', count: 1 }],
    );
    assert.equal(error.name, 'IncompleteRealtimeScenarioError');
    assert.equal(
      error.message,
      'ScriptedRealtimeTransport scenario is incomplete: 1 unconsumed call, ' +
        '2 pending expectations (#3 close, #5 mute), and 3 pending failures. ' +
        "Unconsumed: call #5 mute. Expect it where the scenario meets it (await transport.expectCall('mute')): " +
        'the transport reports every call no expectation consumed, so a test that does not ' +
        'check that call still expects it. Find why the application never made the expected ' +
        'calls (it stopped early, or calls another method), or drop the expectations the ' +
        'workflow no longer has. Remove the failNextCall() failures the run never reached, or ' +
        'drive it to them.',
    );
    assert.deepEqual(Object.keys(error), [
      'unconsumedCalls',
      'pendingExpectations',
      'pendingFailures',
      'name',
    ]);
  });

  test('pluralises every count that is not 1 and omits an empty expectation list', () => {
    assert.equal(
      new IncompleteRealtimeScenarioError([], [], []).message,
      'ScriptedRealtimeTransport scenario is incomplete: 0 unconsumed calls, ' +
        '0 pending expectations, and 0 pending failures.',
    );
    // An entry counting no failure asks for nothing to be removed.
    assert.equal(
      new IncompleteRealtimeScenarioError([], [], [{ method: 'mute', count: 0 }]).message,
      'ScriptedRealtimeTransport scenario is incomplete: 0 unconsumed calls, ' +
        '0 pending expectations, and 0 pending failures.',
    );
    assert.equal(
      new IncompleteRealtimeScenarioError(
        [{ index: 0, method: 'mute' }, { index: 1, method: 'close' }],
        [{ order: 1, method: 'sendMessage' }],
        [{ method: 'connect', count: 1 }],
      ).message,
      'ScriptedRealtimeTransport scenario is incomplete: 2 unconsumed calls, ' +
        '1 pending expectation (#1 sendMessage), and 1 pending failure. ' +
        'Unconsumed: call #1 mute, call #2 close. Expect each, in order, where the scenario ' +
        "meets it (await transport.expectCall('mute')): the transport reports every call no " +
        'expectation consumed, so a test that does not check those calls still expects them. ' +
        'Find why the application never made the expected call (it stopped early, or calls ' +
        'another method), or drop the expectations the workflow no longer has. Remove the ' +
        'failNextCall() failures the run never reached, or drive it to them.',
    );
  });

  test('exposes frozen copies whose entries keep their identity', () => {
    const call = { index: 0, method: 'mute' };
    const calls = [call];
    const expectations = [{ order: 1, method: 'close' as const }];
    const failures = [{ method: 'mute' as const, count: 1 }];
    const error = new IncompleteRealtimeScenarioError(calls, expectations, failures);
    calls.push({ index: 1, method: 'close' });
    expectations.length = 0;
    failures.length = 0;
    assert.equal(error.unconsumedCalls.length, 1);
    assert.equal(error.unconsumedCalls[0], call);
    assert.equal(error.pendingExpectations.length, 1);
    assert.equal(error.pendingFailures.length, 1);
    for (
      const collection of [error.unconsumedCalls, error.pendingExpectations, error.pendingFailures]
    ) {
      assert.ok(Object.isFrozen(collection));
    }
  });

  test('is what assertComplete raises, with summaries of the leftovers', () => {
    const transport = new ScriptedRealtimeTransport();
    transport.sendMessage('hello', { extra: true });
    const mismatched = transport.expectCall('interrupt');
    mismatched.catch(() => {});
    void transport.expectCall('mute');
    transport.failNextCall('close', new Error('later'));
    transport.failNextCall('close', new Error('even later'));
    const error = (() => {
      try {
        transport.assertComplete();
      } catch (e) {
        return e;
      }
    })();
    assert.ok(error instanceof IncompleteRealtimeScenarioError);
    // The first expectation consumed the buffered sendMessage (and failed).
    assert.deepEqual(error.unconsumedCalls, []);
    assert.deepEqual(error.pendingExpectations, [{ order: 2, method: 'mute' }]);
    assert.deepEqual(error.pendingFailures, [{ method: 'close', count: 2 }]);
    transport.acknowledgeFailures();
  });
});

describe('ScriptedRealtimeScenarioCancelledError', () => {
  test('is an AbortError listing the expectations pending at cancellation', () => {
    const error = new ScriptedRealtimeScenarioCancelledError([
      { order: 2, method: 'sendMessage' },
      { order: 7, method: 'close' },
    ]);
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'AbortError');
    assert.equal(
      error.message,
      'ScriptedRealtimeTransport scenario was cancelled with pending expectations: ' +
        '#2 sendMessage, #7 close.',
    );
    assert.deepEqual(Object.keys(error), ['pendingExpectations', 'name']);
    assert.ok(Object.isFrozen(error.pendingExpectations));
  });

  test('says only that it was cancelled when nothing was pending', () => {
    const error = new ScriptedRealtimeScenarioCancelledError([]);
    assert.equal(error.message, 'ScriptedRealtimeTransport scenario was cancelled.');
    assert.deepEqual(error.pendingExpectations, []);
  });
});

describe('RealtimeTransportNotClosedError', () => {
  test('carries the status found', () => {
    const error = new RealtimeTransportNotClosedError('connecting');
    assert.equal(error.name, 'RealtimeTransportNotClosedError');
    assert.equal(
      error.message,
      'ScriptedRealtimeTransport is not closed; current status is connecting.',
    );
    assert.deepEqual(fields(error), [
      ['status', 'connecting'],
      ['name', 'RealtimeTransportNotClosedError'],
    ]);
  });
});

describe('ScriptedRealtimeConnectionSupersededError', () => {
  test('has a constant operation and message', () => {
    const error = new ScriptedRealtimeConnectionSupersededError();
    assert.equal(error.name, 'ScriptedRealtimeConnectionSupersededError');
    assert.equal(
      error.message,
      'ScriptedRealtimeTransport connection attempt was superseded by another lifecycle operation.',
    );
    assert.deepEqual(fields(error), [
      ['operation', 'connect'],
      ['name', 'ScriptedRealtimeConnectionSupersededError'],
    ]);
    const descriptor = Object.getOwnPropertyDescriptor(error, 'operation');
    assert.equal(descriptor?.enumerable, true);
  });
});

describe('realtime errors side by side with the SDK double', () => {
  const cases: Array<[string, (R: typeof SdkDoubles) => Error]> = [
    ['unexpected', (R) => new R.UnexpectedRealtimeCallError('mute', { index: 4, method: 'close' })],
    ['matcher', (R) => new R.RealtimeCallMatcherError({ index: 1, method: 'interrupt' })],
    [
      'incomplete',
      (R) =>
        new R.IncompleteRealtimeScenarioError(
          [{ index: 0, method: 'mute' }],
          [{ order: 1, method: 'close' }],
          [{ method: 'connect', count: 3 }],
        ),
    ],
    ['incomplete, empty', (R) => new R.IncompleteRealtimeScenarioError([], [], [])],
    [
      'cancelled',
      (R) => new R.ScriptedRealtimeScenarioCancelledError([{ order: 1, method: 'mute' }]),
    ],
    ['cancelled, empty', (R) => new R.ScriptedRealtimeScenarioCancelledError([])],
    ['not closed', (R) => new R.RealtimeTransportNotClosedError('disconnecting')],
    ['superseded', (R) => new R.ScriptedRealtimeConnectionSupersededError()],
  ];
  const ours = {
    UnexpectedRealtimeCallError,
    RealtimeCallMatcherError,
    IncompleteRealtimeScenarioError,
    ScriptedRealtimeScenarioCancelledError,
    RealtimeTransportNotClosedError,
    ScriptedRealtimeConnectionSupersededError,
  } as unknown as typeof SdkDoubles;

  for (const [name, make] of cases) {
    test(`${name}: same class name, name, message, keys and fields`, () => {
      const mine = make(ours);
      const theirs = make(SdkDoubles);
      const described = describeValue(mine) as { message: string };
      if (mine.name === 'IncompleteRealtimeScenarioError') {
        // The SDK's message is the first sentence; the next steps after it are this package's.
        assert.ok(mine.message.startsWith(theirs.message), mine.message);
        described.message = theirs.message;
      }
      assert.deepEqual(described, describeValue(theirs));
      assert.equal(
        Object.prototype.propertyIsEnumerable.call(mine, 'message'),
        Object.prototype.propertyIsEnumerable.call(theirs, 'message'),
      );
      assert.equal(JSON.stringify(mine), JSON.stringify(theirs));
    });
  }
});
