// Step consumption of ScriptedModel, checked against a plain queue model of
// the script: for arbitrary scripts (every step kind, given at construction or
// enqueued between calls, with atomic invalid enqueues) and arbitrary call
// sequences (streaming or not, streams iterated at once or later), each call
// consumes the next step in order and gets exactly that step's outcome, the
// right error is raised at the right call, `remainingSteps`, `calls` and
// `assertComplete()` agree with the number of calls, and every step is
// consumed exactly once.
import assert from 'node:assert/strict';
import type { StreamEvent } from '@openai/agents';
import fc from 'fast-check';
import {
  assistantMessage,
  InvalidScriptedModelStepError,
  modelError,
  modelResponder,
  modelResponse,
  modelStream,
  modelStreamResponder,
  ScriptedModel,
  type ScriptedModelInput,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { collect, modelRequest } from './_model_fixtures.ts';
import { checkAsyncProperty } from './_property.ts';

type StepKind = 'output' | 'response' | 'error' | 'responder' | 'stream' | 'stream_responder';
const stepKinds: StepKind[] = [
  'output',
  'response',
  'error',
  'responder',
  'stream',
  'stream_responder',
];

type Op =
  | { readonly kind: 'call'; readonly streamed: boolean; readonly deferred: boolean }
  | { readonly kind: 'enqueue'; readonly steps: readonly StepKind[] }
  | { readonly kind: 'enqueueInvalid'; readonly steps: readonly StepKind[] }
  | { readonly kind: 'assertComplete' };

const stepsArbitrary = fc.array(fc.constantFrom(...stepKinds), { maxLength: 3 });
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('call' as const),
      streamed: fc.boolean(),
      deferred: fc.boolean(),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('enqueue' as const), steps: stepsArbitrary }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('enqueueInvalid' as const), steps: stepsArbitrary }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: 'assertComplete' as const }), weight: 1 },
);

/** A scripted step and what the model must do with it. */
interface ScriptStep {
  readonly id: number;
  readonly kind: StepKind;
  readonly input: ScriptedModelInput;
  /** The error an `error` step raises. */
  readonly error?: Error;
}

/** What one call observed. */
type Observed =
  | { readonly outcome: 'answer'; readonly ids: readonly number[] }
  | { readonly outcome: 'error'; readonly error: unknown; readonly synchronous: boolean };

const marker = (id: number) => `step ${id}`;
/** The distinct step markers in a response or a stream (a delta and the final response repeat one). */
const markersIn = (value: unknown): number[] => [
  ...new Set([...JSON.stringify(value).matchAll(/step (\d+)/g)].map((m) => Number(m[1]))),
];

describe('ScriptedModel properties', () => {
  test('calls consume steps in order, each exactly once, with the right outcome or error', async () => {
    await checkAsyncProperty(
      200,
      fc.asyncProperty(stepsArbitrary, fc.array(opArbitrary, { maxLength: 12 }), async (
        initial,
        ops,
      ) => {
        let nextId = 0;
        /** Which step each responder was asked for, by call index. */
        const responderCalls: { id: number; callIndex: number }[] = [];
        const makeStep = (kind: StepKind): ScriptStep => {
          const id = nextId++;
          const text = marker(id);
          const delta = { type: 'output_text_delta', delta: text } as StreamEvent;
          switch (kind) {
            case 'output':
              return { id, kind, input: [assistantMessage(text)] };
            case 'response':
              return { id, kind, input: modelResponse([assistantMessage(text)]) };
            case 'error': {
              const error = new Error(text);
              return { id, kind, input: modelError(error), error };
            }
            case 'responder':
              return {
                id,
                kind,
                input: modelResponder((call) => {
                  responderCalls.push({ id, callIndex: call.index });
                  return [assistantMessage(text)];
                }),
              };
            case 'stream':
              return { id, kind, input: modelStream([delta]) };
            case 'stream_responder':
              return {
                id,
                kind,
                input: modelStreamResponder((call) => {
                  responderCalls.push({ id, callIndex: call.index });
                  return [delta];
                }),
              };
          }
        };

        const queue: ScriptStep[] = initial.map(makeStep);
        const model = new ScriptedModel(queue.map((s) => s.input));
        /** The step each call consumed (undefined: none left), by call index. */
        const consumed: (ScriptStep | undefined)[] = [];
        const observed: Promise<Observed>[] = [];
        const deferred: (() => void)[] = [];
        let failuresRaised = 0;

        const check = () => {
          assert.equal(model.remainingSteps, queue.length);
          const calls = model.calls;
          assert.equal(calls.length, consumed.length);
          calls.forEach((call, i) => assert.equal(call.index, i));
        };

        for (const op of ops) {
          switch (op.kind) {
            case 'enqueue': {
              const steps = op.steps.map(makeStep);
              model.enqueue(...steps.map((s) => s.input));
              queue.push(...steps);
              break;
            }
            case 'enqueueInvalid': {
              const steps = op.steps.map(makeStep);
              assert.throws(
                () =>
                  model.enqueue(
                    ...steps.map((s) => s.input),
                    { type: 'bogus' } as unknown as ScriptedModelInput,
                  ),
                (error: unknown) => {
                  assert(error instanceof InvalidScriptedModelStepError);
                  assert.equal(error.reason, 'unknown_step_type');
                  assert.equal(error.inputIndex, steps.length);
                  return true;
                },
              );
              // Atomic: the valid steps before the invalid one were not added.
              break;
            }
            case 'assertComplete':
              if (queue.length === 0) model.assertComplete();
              else {
                assert.throws(() => model.assertComplete(), (error: unknown) => {
                  assert(error instanceof UnconsumedModelStepsError);
                  assert.equal(error.remainingSteps, queue.length);
                  return true;
                });
              }
              break;
            case 'call': {
              const step = queue.shift();
              consumed.push(step);
              if (step === undefined || (!op.streamed && step.kind.startsWith('stream'))) {
                failuresRaised++;
              }
              if (!op.streamed) {
                observed.push(
                  model.getResponse(modelRequest()).then(
                    (response) => ({ outcome: 'answer', ids: markersIn(response.output) }),
                    (error) => ({ outcome: 'error', error, synchronous: false }),
                  ),
                );
                break;
              }
              let stream: AsyncIterable<StreamEvent>;
              try {
                stream = model.getStreamedResponse(modelRequest());
              } catch (error) {
                observed.push(Promise.resolve({ outcome: 'error', error, synchronous: true }));
                break;
              }
              // The step was bound at call time: iterating later must not change it.
              let start!: () => void;
              const started = new Promise<void>((resolve) => (start = resolve));
              observed.push(
                started.then(() => collect(stream)).then(
                  (events) => ({ outcome: 'answer', ids: markersIn(events) }),
                  (error) => ({ outcome: 'error', error, synchronous: false }),
                ),
              );
              if (op.deferred) deferred.push(start);
              else {
                start();
                await observed.at(-1);
              }
              break;
            }
          }
          check();
        }
        // Deferred streams are iterated last, newest first.
        for (const start of deferred.reverse()) start();
        const outcomes = await Promise.all(observed);

        const callOps = ops.filter((o): o is Extract<Op, { kind: 'call' }> => o.kind === 'call');
        outcomes.forEach((seen, callIndex) => {
          const step = consumed[callIndex];
          const { streamed } = callOps[callIndex];
          if (step === undefined) {
            assert.equal(seen.outcome, 'error', `call ${callIndex} had no step`);
            const { error, synchronous } = seen as Extract<Observed, { outcome: 'error' }>;
            assert(error instanceof UnexpectedModelCallError);
            assert.equal(error.callIndex, callIndex);
            assert.equal(error.streamed, streamed);
            assert.equal(synchronous, streamed, 'a streaming call throws at once');
          } else if (step.kind === 'error') {
            assert.deepEqual(seen, { outcome: 'error', error: step.error, synchronous: false });
          } else if (!streamed && step.kind.startsWith('stream')) {
            assert.equal(seen.outcome, 'error');
            const { error } = seen as Extract<Observed, { outcome: 'error' }>;
            assert(error instanceof InvalidScriptedModelStepError);
            assert.equal(error.reason, 'incompatible_call');
            assert.equal(error.callIndex, callIndex);
            assert.equal(error.stepType, step.kind);
          } else {
            // Exactly this step's content, and no other step's.
            assert.deepEqual(seen, { outcome: 'answer', ids: [step.id] }, `call ${callIndex}`);
          }
        });
        // Each responder ran once, for the call that consumed it (incompatible ones never ran).
        const expectedResponders = consumed.flatMap((step, callIndex) => {
          return step !== undefined &&
              (step.kind === 'responder' ||
                (step.kind === 'stream_responder' && callOps[callIndex].streamed))
            ? [{ id: step.id, callIndex }]
            : [];
        });
        assert.deepEqual(
          [...responderCalls].sort((a, b) => a.callIndex - b.callIndex),
          expectedResponders,
        );
        // The drift failures it raised are remembered, and only those.
        assert.equal(model.acknowledgeFailures().length, failuresRaised);
        check();
      }),
    );
  });
});
