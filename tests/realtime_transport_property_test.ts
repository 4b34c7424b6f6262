// Matching of ScriptedRealtimeTransport's outbound calls against expectations,
// checked against a plain model of its two queues (unconsumed calls, pending
// expectations) and its injected failures: for arbitrary interleavings of
// calls, `expectCall()` registrations (with matchers that accept, reject or
// throw) and `failNextCall()` injections, each expectation is settled by the
// right call (earlier buffered calls first), the right error is raised at the
// right call, `assertComplete()` agrees with what is left, and no call or
// expectation is matched twice or lost.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';
import { checkAsyncProperty, macrotask } from './_property.ts';

const methods = [
  'sendEvent',
  'requestResponse',
  'interrupt',
  'mute',
  'addImage',
  'updateSessionConfig',
] as const;
type Method = (typeof methods)[number];
type Matcher = 'none' | 'accept' | 'reject' | 'throw';

type Op =
  | { readonly kind: 'call'; readonly method: Method }
  | { readonly kind: 'expect'; readonly method: Method; readonly matcher: Matcher }
  | { readonly kind: 'fail'; readonly method: Method }
  | { readonly kind: 'assertComplete' };

const method = fc.constantFrom<Method>(...methods.slice(0, 3), ...methods);
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('call' as const), method }), weight: 4 },
  {
    arbitrary: fc.record({
      kind: fc.constant('expect' as const),
      method,
      matcher: fc.constantFrom<Matcher>('none', 'none', 'accept', 'reject', 'throw'),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('fail' as const), method }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'assertComplete' as const }), weight: 1 },
);

function callMethod(transport: ScriptedRealtimeTransport, method: Method): void {
  switch (method) {
    case 'sendEvent':
      return transport.sendEvent({ type: 'response.cancel' });
    case 'requestResponse':
      return transport.requestResponse();
    case 'interrupt':
      return transport.interrupt();
    case 'mute':
      return transport.mute(true);
    case 'addImage':
      return transport.addImage('data:image/png;base64,AA==');
    case 'updateSessionConfig':
      return transport.updateSessionConfig({});
  }
}

/** How the model expects an expectation or a call to end. */
type Expected =
  | { readonly outcome: 'resolved'; readonly callIndex: number }
  | { readonly outcome: 'unexpected'; readonly callIndex: number; readonly expected: Method }
  | { readonly outcome: 'matcher'; readonly callIndex: number }
  | { readonly outcome: 'thrown'; readonly error: Error }
  | { readonly outcome: 'pending' };

function assertOutcome(seen: { value?: unknown; error?: unknown } | undefined, expected: Expected) {
  if (expected.outcome === 'pending') {
    assert.equal(seen, undefined, 'still pending');
    return;
  }
  assert.ok(seen !== undefined, `settled (${expected.outcome})`);
  switch (expected.outcome) {
    case 'resolved': {
      assert.ok('value' in seen, 'resolved');
      const call = seen.value as { index: number };
      assert.equal(call.index, expected.callIndex);
      return;
    }
    case 'unexpected':
      assert(seen.error instanceof UnexpectedRealtimeCallError);
      assert.equal(seen.error.callIndex, expected.callIndex);
      assert.equal(seen.error.expectedMethod, expected.expected);
      return;
    case 'matcher':
      assert(seen.error instanceof RealtimeCallMatcherError);
      assert.equal(seen.error.callIndex, expected.callIndex);
      return;
    case 'thrown':
      assert.equal(seen.error, expected.error);
      return;
  }
}

describe('ScriptedRealtimeTransport properties', () => {
  test('calls settle expectations in order, once each, with the right error at the right call', async () => {
    await checkAsyncProperty(
      200,
      fc.asyncProperty(fc.array(opArbitrary, { maxLength: 16 }), async (ops) => {
        const transport = new ScriptedRealtimeTransport();
        // The model of the transport.
        const calls: Method[] = [];
        const unconsumed: number[] = [];
        const pending: { id: number; order: number; method: Method; matcher: Matcher }[] = [];
        const injected = new Map<Method, Error[]>();
        let nextOrder = 1;
        let failuresRaised = 0;
        const matcherRuns: number[] = [];
        const expected: Expected[] = [];
        const seen: ({ value?: unknown; error?: unknown } | undefined)[] = [];

        const matcherFor = (id: number, kind: Matcher, thrown: Error) =>
          kind === 'none' ? undefined : () => {
            matcherRuns.push(id);
            if (kind === 'throw') throw thrown;
            return kind === 'accept';
          };
        /** Judges a call for an expectation, as the model; counts raised failures. */
        const judge = (
          expectation: { method: Method; matcher: Matcher; thrown: Error },
          callIndex: number,
        ): Expected => {
          if (expectation.method !== calls[callIndex]) {
            failuresRaised++;
            return { outcome: 'unexpected', callIndex, expected: expectation.method };
          }
          if (expectation.matcher === 'reject') {
            failuresRaised++;
            return { outcome: 'matcher', callIndex };
          }
          if (expectation.matcher === 'throw') {
            failuresRaised++;
            return { outcome: 'thrown', error: expectation.thrown };
          }
          return { outcome: 'resolved', callIndex };
        };
        const thrownBy = new Map<number, Error>();
        const expectedMatcherRuns: number[] = [];

        for (const op of ops) {
          switch (op.kind) {
            case 'fail': {
              const error = new Error(`injected into ${op.method}`);
              transport.failNextCall(op.method, error);
              const queue = injected.get(op.method);
              if (queue === undefined) injected.set(op.method, [error]);
              else queue.push(error);
              break;
            }
            case 'expect': {
              const id = expected.length;
              const order = nextOrder++;
              const thrown = new Error(`matcher ${id} threw`);
              thrownBy.set(id, thrown);
              const promise = transport.expectCall(
                op.method,
                matcherFor(id, op.matcher, thrown) as never,
              );
              seen.push(undefined);
              promise.then((value) => (seen[id] = { value }), (error) => (seen[id] = { error }));
              const buffered = unconsumed.shift();
              if (buffered === undefined) {
                pending.push({ id, order, method: op.method, matcher: op.matcher });
                expected.push({ outcome: 'pending' });
              } else {
                if (op.method === calls[buffered] && op.matcher !== 'none') {
                  expectedMatcherRuns.push(id);
                }
                expected.push(judge({ ...op, thrown }, buffered));
              }
              break;
            }
            case 'call': {
              const callIndex = calls.length;
              calls.push(op.method);
              // The injected failure is reserved first, and dropped if the call mismatches.
              const queue = injected.get(op.method);
              const failure = queue?.shift();
              if (queue?.length === 0) injected.delete(op.method);
              let callOutcome: Expected = { outcome: 'resolved', callIndex };
              const expectation = pending.shift();
              if (expectation === undefined) unconsumed.push(callIndex);
              else {
                if (expectation.method === op.method && expectation.matcher !== 'none') {
                  expectedMatcherRuns.push(expectation.id);
                }
                const verdict = judge(
                  { ...expectation, thrown: thrownBy.get(expectation.id)! },
                  callIndex,
                );
                expected[expectation.id] = verdict;
                if (verdict.outcome !== 'resolved') callOutcome = verdict;
              }
              if (callOutcome.outcome === 'resolved' && failure !== undefined) {
                callOutcome = { outcome: 'thrown', error: failure };
              }
              let result: { value?: unknown; error?: unknown };
              try {
                result = { value: callMethod(transport, op.method) };
              } catch (error) {
                result = { error };
              }
              if (callOutcome.outcome === 'resolved') {
                assert.deepEqual(result, { value: undefined }, `call ${callIndex} succeeds`);
              } else {
                assertOutcome(result, callOutcome);
              }
              break;
            }
            case 'assertComplete': {
              if (unconsumed.length === 0 && pending.length === 0 && injected.size === 0) {
                transport.assertComplete();
                break;
              }
              assert.throws(() => transport.assertComplete(), (error: unknown) => {
                assert(error instanceof IncompleteRealtimeScenarioError);
                assert.deepEqual(
                  error.unconsumedCalls.map((c) => ({ index: c.index, method: c.method })),
                  unconsumed.map((index) => ({ index, method: calls[index] })),
                );
                assert.deepEqual(
                  error.pendingExpectations,
                  pending.map(({ order, method }) => ({ order, method })),
                );
                assert.deepEqual(
                  error.pendingFailures,
                  [...injected].map(([method, errors]) => ({ method, count: errors.length })),
                );
                return true;
              });
              break;
            }
          }
        }
        // Let every settled expectation's handlers run.
        await macrotask();
        expected.forEach((outcome, id) => assertOutcome(seen[id], outcome));
        assert.deepEqual(
          transport.calls.map((c) => ({ index: c.index, method: c.method })),
          calls.map((method, index) => ({ index, method })),
        );
        assert.deepEqual(matcherRuns, expectedMatcherRuns);
        assert.equal(transport.acknowledgeFailures().length, failuresRaised);
        // Expectations left pending are rejected by a scenario's end; here they stay pending.
      }),
    );
  });
});
