// What a runner diffs: Vitest prints its own `- Expected / + Received` diff of a
// thrown error's `expected` and `actual` unless `showDiff` is false. The errors
// whose two fields are not two values of one form (the short expected steps
// against the full ones, words against a value) say `showDiff: false`, as a
// getter, so their own fields and key order stay as they were; the one whose two
// fields are of one form (two client events) leaves the diff on.
import assert from 'node:assert/strict';
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import { Cassette, InvalidCassetteError } from 'scripted-agents/cassette';
import { RealtimeTranscriptDriftError } from 'scripted-agents/realtime_testing';
import {
  assertTrajectory,
  functionCall,
  ScriptedModel,
  ScriptedOutputMismatchError,
  TrajectoryMismatchError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { trajectoryMismatchKeys } from './_trajectory_fixtures.ts';

/** What Vitest decides for a thrown error (its processError's test). */
function runnerDiffs(error: { showDiff?: unknown; expected?: unknown; actual?: unknown }): boolean {
  return Boolean(
    error.showDiff ||
      (error.showDiff === undefined && error.expected !== undefined && error.actual !== undefined),
  );
}

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

describe('errors with expected and actual', () => {
  test('TrajectoryMismatchError: the aligned diff is in the message, no runner diff', () => {
    const error = thrown(() =>
      assertTrajectory([{ kind: 'handoff', agent: 'Triage', to: 'Billing' }], [{
        handoff: 'Refunds',
      }])
    ) as TrajectoryMismatchError;
    assert.ok(error instanceof TrajectoryMismatchError);
    assert.equal(error.showDiff, false);
    assert.equal(runnerDiffs(error), false);
    assert.deepEqual(error.expected, [{ handoff: 'Refunds' }]);
    assert.deepEqual(Object.keys(error), trajectoryMismatchKeys);
  });

  test('ScriptedOutputMismatchError: words against a value, no runner diff', async () => {
    const book = tool({
      name: 'book',
      description: 'Books',
      parameters: z.object({ nights: z.number() }),
      execute: () => 'ok',
    });
    const model = new ScriptedModel([[functionCall('book', { nights: 'three' })]]);
    const error = await new Runner({ tracingDisabled: true })
      .run(new Agent({ name: 'A', model, tools: [book] }), 'Book')
      .then(() => undefined, (failure: unknown) => failure) as ScriptedOutputMismatchError;
    model.acknowledgeFailures();
    assert.ok(error instanceof ScriptedOutputMismatchError);
    assert.equal(error.actual, 'three');
    assert.equal(error.showDiff, false);
    assert.equal(runnerDiffs(error), false);
    assert.equal(Object.keys(error).includes('showDiff'), false);
  });

  test('InvalidCassetteError: words against a rendering, no runner diff', () => {
    const error = thrown(() =>
      Cassette.fromJSON({ format: 'scripted-agents/cassette', version: 9 })
    ) as InvalidCassetteError;
    assert.ok(error instanceof InvalidCassetteError);
    assert.equal(error.showDiff, false);
    assert.equal(runnerDiffs(error), false);
    assert.deepEqual(Object.keys(error), ['label', 'path', 'expected', 'actual', 'name']);
  });

  test('RealtimeTranscriptDriftError: two client events, one form: the runner may diff them', () => {
    const error = new RealtimeTranscriptDriftError({
      eventIndex: 0,
      expected: { type: 'response.create' },
      actual: { type: 'response.cancel' },
    });
    assert.equal((error as { showDiff?: unknown }).showDiff, undefined);
    assert.equal(runnerDiffs(error), true);
  });
});
