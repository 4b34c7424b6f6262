// Step consumption of scriptedSandboxSession(), checked against a plain queue
// model: for arbitrary scripts (synchronous and asynchronous methods, every
// outcome kind, matchers that accept, reject or throw) and arbitrary call
// sequences, every call is recorded and consumes the next step (even a
// mismatched one), the right error is raised at the right call (synchronous
// methods throw, asynchronous ones reject), `remainingSteps` and
// `assertComplete()` agree with the number of calls, and no step is consumed
// twice.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  SandboxCallMatcherError,
  type ScriptedSandboxInput,
  scriptedSandboxSession,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { checkAsyncProperty } from './_property.ts';

const syncMethods = ['supportsPty', 'registerPreStopHook', 'setArchiveLimits'] as const;
const asyncMethods = ['execCommand', 'readFile', 'pathExists', 'listDir'] as const;
type Method = (typeof syncMethods)[number] | (typeof asyncMethods)[number];
const isSync = (method: Method) => (syncMethods as readonly string[]).includes(method);

type Outcome = 'result' | 'respond' | 'error';
type Matcher = 'none' | 'accept' | 'reject' | 'throw';

interface StepSpec {
  readonly method: Method;
  readonly outcome: Outcome;
  readonly matcher: Matcher;
}

const stepArbitrary: fc.Arbitrary<StepSpec> = fc.record({
  method: fc.constantFrom<Method>(...syncMethods, ...asyncMethods),
  outcome: fc.constantFrom<Outcome>('result', 'respond', 'error'),
  matcher: fc.constantFrom<Matcher>('none', 'none', 'accept', 'reject', 'throw'),
});

type Observed =
  | { readonly kind: 'value'; readonly value: unknown; readonly synchronous: boolean }
  | { readonly kind: 'error'; readonly error: unknown; readonly synchronous: boolean };

describe('scriptedSandboxSession properties', () => {
  test('calls consume steps in order, each exactly once, with the right outcome or error', async () => {
    await checkAsyncProperty(
      200,
      fc.asyncProperty(
        fc.array(stepArbitrary, { maxLength: 8 }),
        // A call picks one of the installed methods by index, or checks completeness.
        fc.array(fc.option(fc.nat(20), { nil: undefined, freq: 6 }), { maxLength: 12 }),
        async (specs, calls) => {
          const matcherCalls: number[] = [];
          const responderCalls: { step: number; callIndex: number }[] = [];
          const errors = specs.map((_, i) => new Error(`step ${i} failed`));
          const thrown = specs.map((_, i) => new Error(`matcher ${i} threw`));
          const inputs = specs.map((spec, i): ScriptedSandboxInput => {
            const step: Record<string, unknown> = { method: spec.method };
            if (spec.matcher !== 'none') {
              step.match = () => {
                matcherCalls.push(i);
                if (spec.matcher === 'throw') throw thrown[i];
                return spec.matcher === 'accept';
              };
            }
            if (spec.outcome === 'result') step.result = { step: i };
            else if (spec.outcome === 'error') step.error = errors[i];
            else {
              step.respond = (call: { index: number }) => {
                responderCalls.push({ step: i, callIndex: call.index });
                return { step: i, responded: true };
              };
            }
            return step as unknown as ScriptedSandboxInput;
          });
          const session = scriptedSandboxSession(inputs) as unknown as
            & Record<Method, (...args: unknown[]) => unknown>
            & {
              readonly calls: readonly { index: number; method: string }[];
              readonly remainingSteps: number;
              assertComplete(): void;
              acknowledgeFailures(): readonly unknown[];
            };
          const installed = [...new Set(specs.map((s) => s.method))];

          let next = 0; // the queue model: index of the next unconsumed step
          let callCount = 0;
          const calledMethods: Method[] = [];
          let failuresRaised = 0;
          const expectedMatchers: number[] = [];
          const expectedResponders: { step: number; callIndex: number }[] = [];
          for (const pick of calls) {
            if (pick === undefined || installed.length === 0) {
              if (next === specs.length) session.assertComplete();
              else {
                assert.throws(() => session.assertComplete(), (error: unknown) => {
                  assert(error instanceof UnconsumedSandboxStepsError);
                  assert.equal(error.remainingSteps, specs.length - next);
                  assert.deepEqual(error.pendingMethods, specs.slice(next).map((s) => s.method));
                  return true;
                });
              }
              continue;
            }
            const method = installed[pick % installed.length];
            const callIndex = callCount++;
            calledMethods.push(method);
            const stepIndex = next < specs.length ? next++ : undefined;
            const spec = stepIndex === undefined ? undefined : specs[stepIndex];

            let seen: Observed;
            try {
              const value = session[method]('arg', callIndex);
              if (value instanceof Promise) {
                seen = await value.then(
                  (v) => ({ kind: 'value', value: v, synchronous: false }),
                  (error) => ({ kind: 'error', error, synchronous: false }),
                );
              } else {
                seen = { kind: 'value', value, synchronous: true };
              }
            } catch (error) {
              seen = { kind: 'error', error, synchronous: true };
            }
            // Synchronous methods answer or throw; asynchronous ones always return a promise.
            assert.equal(seen.synchronous, isSync(method), `call ${callIndex} (${method})`);

            if (spec === undefined || spec.method !== method) {
              failuresRaised++;
              assert.equal(seen.kind, 'error');
              const { error } = seen as Extract<Observed, { kind: 'error' }>;
              assert(error instanceof UnexpectedSandboxCallError);
              assert.equal(error.callIndex, callIndex);
              assert.equal(error.actualMethod, method);
              assert.equal(error.expectedMethod, spec?.method);
              assert.equal(error.remainingSteps, specs.length - next);
              continue;
            }
            if (spec.matcher !== 'none') expectedMatchers.push(stepIndex!);
            if (spec.matcher === 'throw') {
              failuresRaised++;
              assert.deepEqual(seen, {
                kind: 'error',
                error: thrown[stepIndex!],
                synchronous: isSync(method),
              });
            } else if (spec.matcher === 'reject') {
              failuresRaised++;
              assert.equal(seen.kind, 'error');
              const { error } = seen as Extract<Observed, { kind: 'error' }>;
              assert(error instanceof SandboxCallMatcherError);
              assert.equal(error.callIndex, callIndex);
              assert.equal(error.method, method);
            } else if (spec.outcome === 'error') {
              assert.deepEqual(seen, {
                kind: 'error',
                error: errors[stepIndex!],
                synchronous: isSync(method),
              });
            } else if (spec.outcome === 'result') {
              assert.deepEqual(seen, {
                kind: 'value',
                value: { step: stepIndex },
                synchronous: isSync(method),
              });
            } else {
              expectedResponders.push({ step: stepIndex!, callIndex });
              assert.deepEqual(seen, {
                kind: 'value',
                value: { step: stepIndex, responded: true },
                synchronous: isSync(method),
              });
            }
            assert.equal(session.remainingSteps, specs.length - next);
          }
          // Every call recorded in order, with its arguments; each matcher and responder ran once.
          assert.deepEqual(
            session.calls.map((c) => ({ index: c.index, method: c.method })),
            calledMethods.map((method, index) => ({ index, method })),
          );
          session.calls.forEach((call, index) =>
            assert.deepEqual((call as unknown as { args: unknown[] }).args, ['arg', index])
          );
          assert.deepEqual(matcherCalls, expectedMatchers);
          assert.deepEqual(responderCalls, expectedResponders);
          assert.equal(session.remainingSteps, specs.length - next);
          assert.equal(session.acknowledgeFailures().length, failuresRaised);
        },
      ),
    );
  });
});
