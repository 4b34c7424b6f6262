// runScenario() under arbitrary interleavings: a scenario side of expectations
// (awaited or not, with matchers that accept, reject or throw), emits, injected
// failures, disconnects, throws and aborts, against an exercise side of
// outbound calls (caught or not), lifecycle calls, throws and aborts, each side
// yielding to the other in microtasks and macrotasks. Whatever the
// interleaving, the run settles (bounded in macrotask turns, no wall clock),
// with the exercise's value and a complete transport or with one of the errors
// the interleaving can produce; every expectation promise and the scenario
// itself settle too; nothing is left as an unhandled rejection.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeScenarioCancelledError,
  type ScriptedRealtimeScenarioContext,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';
import {
  checkAsyncProperty,
  macrotask,
  settlesWithin,
  watchUnhandledRejections,
} from './_property.ts';

const methods = ['sendEvent', 'interrupt', 'mute', 'connect', 'close'] as const;
type Method = (typeof methods)[number];
type Matcher = 'none' | 'accept' | 'reject' | 'throw';
type Pause = 'microtask' | 'macrotask';

type ScenarioAction =
  | { readonly kind: 'expect'; readonly method: Method; readonly matcher: Matcher }
  | { readonly kind: 'expectUnawaited'; readonly method: Method }
  | { readonly kind: 'emit' }
  | { readonly kind: 'failNextCall'; readonly method: Method }
  | { readonly kind: 'disconnect'; readonly withError: boolean }
  | { readonly kind: 'pause'; readonly pause: Pause }
  | { readonly kind: 'throw' }
  | { readonly kind: 'abort' };

type ExerciseAction =
  | { readonly kind: 'call'; readonly method: Method; readonly caught: boolean }
  | { readonly kind: 'pause'; readonly pause: Pause }
  | { readonly kind: 'throw' }
  | { readonly kind: 'abort' };

const method = fc.constantFrom<Method>(...methods);
const pause = fc.constantFrom<Pause>('microtask', 'macrotask');
const scenarioAction: fc.Arbitrary<ScenarioAction> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('expect' as const),
      method,
      matcher: fc.constantFrom<Matcher>('none', 'none', 'accept', 'reject', 'throw'),
    }),
    weight: 8,
  },
  { arbitrary: fc.record({ kind: fc.constant('expectUnawaited' as const), method }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'emit' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('failNextCall' as const), method }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('disconnect' as const), withError: fc.boolean() }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('pause' as const), pause }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'throw' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'abort' as const }), weight: 1 },
);
const exerciseAction: fc.Arbitrary<ExerciseAction> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('call' as const),
      method,
      caught: fc.boolean(),
    }),
    weight: 8,
  },
  { arbitrary: fc.record({ kind: fc.constant('pause' as const), pause }), weight: 3 },
  { arbitrary: fc.constant({ kind: 'throw' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'abort' as const }), weight: 1 },
);

/**
 * Scenario and exercise built from one list of calls, so that most runs
 * succeed (random pairs mostly fail early); pauses and emits still interleave.
 */
const alignedSides: fc.Arbitrary<[ScenarioAction[], ExerciseAction[]]> = fc.array(
  fc.record({
    method: fc.constantFrom<Method>('sendEvent', 'interrupt', 'mute', 'connect'),
    matcher: fc.constantFrom<Matcher>('none', 'accept'),
    scenarioPause: fc.option(pause),
    exercisePause: fc.option(pause),
    emit: fc.boolean(),
  }),
  { maxLength: 6 },
).map((steps) => {
  const scenario: ScenarioAction[] = [];
  const exercise: ExerciseAction[] = [];
  for (const step of steps) {
    if (step.scenarioPause !== null) scenario.push({ kind: 'pause', pause: step.scenarioPause });
    scenario.push({ kind: 'expect', method: step.method, matcher: step.matcher });
    if (step.emit) scenario.push({ kind: 'emit' });
    if (step.exercisePause !== null) exercise.push({ kind: 'pause', pause: step.exercisePause });
    exercise.push({ kind: 'call', method: step.method, caught: false });
  }
  return [scenario, exercise];
});

/** Either side's actions: independent (mostly failing runs) or aligned (mostly succeeding). */
const sides: fc.Arbitrary<[ScenarioAction[], ExerciseAction[]]> = fc.oneof(
  fc.tuple(fc.array(scenarioAction, { maxLength: 8 }), fc.array(exerciseAction, { maxLength: 8 })),
  alignedSides,
);

/** Generous: every wait here is driven by promises and settles within a few turns. */
const TURNS = 100;

async function callMethod(transport: ScriptedRealtimeTransport, method: Method): Promise<void> {
  switch (method) {
    case 'sendEvent':
      return transport.sendEvent({ type: 'response.cancel' });
    case 'interrupt':
      return transport.interrupt();
    case 'mute':
      return transport.mute(false);
    case 'connect':
      return await transport.connect({ apiKey: 'test-key' });
    case 'close':
      return transport.close();
  }
}

const errorClasses = [
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeScenarioCancelledError,
  UnexpectedRealtimeCallError,
];

describe('runScenario properties', () => {
  test('any interleaving settles, leaves no hung promise and no unhandled rejection', async () => {
    await checkAsyncProperty(
      200,
      fc.asyncProperty(
        sides,
        fc.boolean(),
        async ([scenarioActions, exerciseActions], withSignal) => {
          const transport = new ScriptedRealtimeTransport();
          const controller = new AbortController();
          /** Every error value the scripts can raise on their own. */
          const scripted = new Set<unknown>();
          const make = (what: string) => {
            const error = new Error(what);
            scripted.add(error);
            return error;
          };
          const expectations: Promise<unknown>[] = [];
          let context: ScriptedRealtimeScenarioContext | undefined;
          const events: unknown[] = [];
          transport.on('audio_interrupted', () => events.push('audio_interrupted'));
          transport.on('error', (event) => events.push(event));

          const pauseFor = (
            kind: Pause,
          ) => (kind === 'microtask' ? Promise.resolve() : macrotask());

          const scenario = async (ctx: ScriptedRealtimeScenarioContext) => {
            context = ctx;
            for (const [i, action] of scenarioActions.entries()) {
              switch (action.kind) {
                case 'expect': {
                  const thrown = make(`matcher ${i} threw`);
                  const matcher = action.matcher === 'none' ? undefined : () => {
                    if (action.matcher === 'throw') throw thrown;
                    return action.matcher === 'accept';
                  };
                  const promise = ctx.expectCall(action.method, matcher as never);
                  expectations.push(promise);
                  await promise;
                  break;
                }
                case 'expectUnawaited':
                  // Not awaited by the scenario: the run must still observe its failure.
                  expectations.push(ctx.expectCall(action.method));
                  break;
                case 'emit':
                  ctx.emit('audio_interrupted');
                  break;
                case 'failNextCall':
                  transport.failNextCall(action.method, make(`injected ${i}`));
                  break;
                case 'disconnect':
                  transport.disconnect(action.withError ? make(`disconnect ${i}`) : undefined);
                  break;
                case 'pause':
                  await pauseFor(action.pause);
                  break;
                case 'throw':
                  throw make(`scenario ${i}`);
                case 'abort':
                  controller.abort();
                  break;
              }
            }
          };
          const exerciseValue = { exercise: 'done' };
          const exercise = async () => {
            for (const [i, action] of exerciseActions.entries()) {
              switch (action.kind) {
                case 'call':
                  if (action.caught) await callMethod(transport, action.method).catch(() => {});
                  else await callMethod(transport, action.method);
                  break;
                case 'pause':
                  await pauseFor(action.pause);
                  break;
                case 'throw':
                  throw make(`exercise ${i}`);
                case 'abort':
                  controller.abort();
                  break;
              }
            }
            return exerciseValue;
          };

          const watch = watchUnhandledRejections();
          let scenarioSettled: Promise<unknown> | undefined;
          const run = transport.runScenario({
            scenario: (ctx) => {
              const done = scenario(ctx);
              scenarioSettled = done.catch(() => {});
              return done;
            },
            exercise,
            signal: withSignal ? controller.signal : undefined,
          });
          const outcome = await settlesWithin(run, TURNS, 'runScenario');
          if (outcome.status === 'fulfilled') {
            assert.equal(outcome.value, exerciseValue);
            transport.assertComplete();
          } else {
            const { reason } = outcome;
            assert.ok(
              scripted.has(reason) || errorClasses.some((c) => reason instanceof c),
              `unexpected rejection: ${String(reason)}`,
            );
          }
          // The scenario and every expectation it made settle as well.
          if (scenarioSettled !== undefined) {
            await settlesWithin(scenarioSettled, TURNS, 'the scenario');
          }
          for (const [i, promise] of expectations.entries()) {
            await settlesWithin(promise.catch(() => {}), TURNS, `expectation ${i}`);
          }
          // An expectation made after the run has ended settles at once.
          if (context !== undefined) {
            const late = await settlesWithin(
              context.expectCall('interrupt'),
              TURNS,
              'a late expectation',
            );
            assert.equal(late.status, 'rejected');
          }
          assert.deepEqual(await watch.stop(), [], 'unhandled rejections');
        },
      ),
    );
  });
});
