// withFaults() against a plain model of its draws: for arbitrary rates, call sequences (streaming
// or not) and random draws, the faults it records are exactly those the draws select, each call
// ends as its fault says, the wrapped model is asked exactly when no fault stops the call, and the
// same seed replays the same faults.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  assistantMessage,
  type FaultRates,
  type InjectedFault,
  ModelFaultError,
  modelResponder,
  ScriptedModel,
  withFaults,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { modelRequest } from './_model_fixtures.ts';
import { checkAsyncProperty } from './_property.ts';

/** A synthesized stream of one message has three events: started, one delta, done. */
const STREAM_EVENTS = 3;
const MAX_CUT = 3;
const DELAY = { min: 10, max: 20 };
/** The hang band lies between error and delay; these properties leave it empty. */
const NO_HANG = 0;

// Rates without hang (a hang never settles), so every call ends; their sum stays at most 1.
const ratesArbitrary: fc.Arbitrary<Required<Omit<FaultRates, 'hang'>>> = fc
  .tuple(
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.double({ min: 0, max: 1, noNaN: true }),
  )
  .map(([error, delay, cut, eventDelay]) => {
    const total = error + delay + cut;
    const scale = total > 1 ? 1 / total : 1;
    return { error: error * scale, delay: delay * scale, cut: cut * scale, eventDelay };
  })
  .filter(({ error, delay, cut }) => error + delay + cut <= 1);

const drawArbitrary = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

type Expected = { faults: InjectedFault[]; outcome: 'answered' | 'error' | 'cut'; asked: boolean };

/** What the draws select for one call: the reference model of withFaults's choices. */
function expectedCall(
  callIndex: number,
  streamed: boolean,
  rates: Required<Omit<FaultRates, 'hang'>>,
  next: () => number,
): Expected {
  const fault = (kind: InjectedFault['kind'], fields: Partial<InjectedFault> = {}) => ({
    callIndex,
    streamed,
    kind,
    atEvent: fields.atEvent,
    delayMs: fields.delayMs,
  });
  const delayMs = () => DELAY.min + Math.floor(next() * (DELAY.max - DELAY.min + 1));
  const draw = next();
  const faults: InjectedFault[] = [];
  let kind: 'error' | 'delay' | 'cut' | undefined;
  if (draw < rates.error) kind = 'error';
  else if (draw < rates.error + NO_HANG + rates.delay) kind = 'delay';
  else if (draw < rates.error + NO_HANG + rates.delay + rates.cut) kind = 'cut';
  if (kind === 'error') return { faults: [fault('error')], outcome: 'error', asked: false };
  if (kind === 'delay') faults.push(fault('delay', { delayMs: delayMs() }));
  let cutAt: number | undefined;
  if (kind === 'cut' && streamed) cutAt = Math.floor(next() * (MAX_CUT + 1));
  if (!streamed) return { faults, outcome: 'answered', asked: true };
  // A cut stream delivers at most all but its last event.
  const deliverable = cutAt === undefined ? STREAM_EVENTS : Math.min(cutAt, STREAM_EVENTS - 1);
  for (let event = 0; event < deliverable; event++) {
    if (rates.eventDelay > 0 && next() < rates.eventDelay) {
      faults.push(fault('event_delay', { atEvent: event, delayMs: delayMs() }));
    }
  }
  if (cutAt === undefined) return { faults, outcome: 'answered', asked: true };
  faults.push(fault('cut', { atEvent: deliverable }));
  return { faults, outcome: 'cut', asked: true };
}

async function runCalls(
  model: ReturnType<typeof withFaults>,
  streamedCalls: readonly boolean[],
): Promise<('answered' | 'error' | 'cut')[]> {
  const outcomes: ('answered' | 'error' | 'cut')[] = [];
  for (const streamed of streamedCalls) {
    try {
      if (streamed) {
        for await (const _event of model.getStreamedResponse(modelRequest())) {
          // drained
        }
      } else await model.getResponse(modelRequest());
      outcomes.push('answered');
    } catch (error) {
      assert(error instanceof ModelFaultError, String(error));
      outcomes.push(error.kind);
    }
  }
  return outcomes;
}

const anyAnswer = () =>
  new ScriptedModel([modelResponder(() => [assistantMessage('Hi')], { times: 'any' })]);

describe('withFaults properties', () => {
  test('records exactly the faults its draws select, and each call ends as they say', async () => {
    await checkAsyncProperty(
      120,
      fc.asyncProperty(
        ratesArbitrary,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.array(drawArbitrary, { minLength: 80, maxLength: 80 }),
        async (rates, streamedCalls, values) => {
          let position = 0;
          const random = () => values[position++ % values.length];
          const inner = anyAnswer();
          const delays: number[] = [];
          const model = withFaults(inner, {
            rates,
            random,
            delayMs: DELAY,
            maxEventsBeforeCut: MAX_CUT,
            delay: (ms) => {
              delays.push(ms);
              return Promise.resolve();
            },
          });
          const outcomes = await runCalls(model, streamedCalls);

          let replay = 0;
          const next = () => values[replay++ % values.length];
          const expected = streamedCalls.map((streamed, index) =>
            expectedCall(index, streamed, rates, next)
          );
          assert.deepEqual(model.faults, expected.flatMap((call) => call.faults));
          assert.deepEqual(outcomes, expected.map((call) => call.outcome));
          assert.deepEqual(
            model.calls.map((call) => call.faults),
            expected.map((call) => call.faults),
          );
          assert.equal(inner.calls.length, expected.filter((call) => call.asked).length);
          assert.deepEqual(
            delays,
            model.faults.flatMap((fault) => fault.delayMs === undefined ? [] : [fault.delayMs]),
          );
          assert.equal(position, replay);
        },
      ),
    );
  });

  test('the same seed replays the same faults', async () => {
    await checkAsyncProperty(
      60,
      fc.asyncProperty(
        fc.integer(),
        ratesArbitrary,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
        async (seed, rates, streamedCalls) => {
          const run = async () => {
            const model = withFaults(anyAnswer(), {
              seed,
              rates,
              delay: () => Promise.resolve(),
            });
            const outcomes = await runCalls(model, streamedCalls);
            return { outcomes, faults: model.faults };
          };
          assert.deepEqual(await run(), await run());
        },
      ),
    );
  });
});
