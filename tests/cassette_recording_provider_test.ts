// The cassette's recording provider when it is itself a double (a
// ScriptedModelProvider standing in for the real one): on replay it is never
// called, so it is not verified, and a provider factory is not even built.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, Runner } from '@openai/agents';
import { useCassette, withDoubles } from 'scripted-agents/runner';
import { Cassette } from 'scripted-agents/cassette';
import {
  assistantMessage,
  ScriptedModel,
  ScriptedModelProvider,
  UnconsumedModelStepsError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

/** Three agents, each naming its model, as production code does. */
const models = ['triage-model', 'billing-model', 'refund-model'];

function standIn(): ScriptedModelProvider {
  return new ScriptedModelProvider({
    models: Object.fromEntries(
      models.map((name) => [name, new ScriptedModel([[assistantMessage(`${name} answered.`)]])]),
    ),
  });
}

async function runAll(cassette: Cassette): Promise<string[]> {
  const runner = new Runner({ modelProvider: cassette, tracingDisabled: true });
  const answers: string[] = [];
  for (const model of models) {
    const result = await runner.run(new Agent({ name: model, model }), 'Hi');
    answers.push(String(result.finalOutput));
  }
  return answers;
}

const expected = models.map((name) => `${name} answered.`);

async function inTempDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'cassette-provider-'));
  try {
    await body(dir);
  } finally {
    await rm(dir, { recursive: true });
  }
}

describe('a recording provider that is a double', () => {
  test('given as is: recorded through it, then replayed without verifying it', async () => {
    await inTempDir(async (dir) => {
      const options = { titles: ['three models'], file: join(dir, 'a.test.ts') };
      await withDoubles(async () => {
        const cassette = await useCassette({ mode: 'record', dir, provider: standIn() });
        assert.deepEqual(await runAll(cassette), expected);
      }, options)({});
      // Replay: the stand-in is created again by the same test code but never
      // called; before, its three models failed teardown as unconsumed.
      let replayed: Cassette | undefined;
      await withDoubles(async () => {
        replayed = await useCassette({ dir, provider: standIn() });
        assert.equal(replayed.mode, 'replay');
        assert.deepEqual(await runAll(replayed), expected);
      }, options)({});
      assert.equal(replayed?.mode, 'replay');
    });
  });

  test('as a factory: built once when recording, never on replay', async () => {
    await inTempDir(async (dir) => {
      const options = { titles: ['factory'], file: join(dir, 'a.test.ts') };
      let built = 0;
      const provider = () => {
        built++;
        return standIn();
      };
      await withDoubles(async () => {
        const cassette = await useCassette({ mode: 'record', dir, provider });
        assert.deepEqual(await runAll(cassette), expected);
      }, options)({});
      assert.equal(built, 1);
      await withDoubles(async () => {
        const cassette = await useCassette({ dir, provider });
        assert.deepEqual(await runAll(cassette), expected);
      }, options)({});
      assert.equal(built, 1);
    });
  });

  test('a provider the recording used is still verified: a step it never reached fails', async () => {
    await inTempDir(async (dir) => {
      const options = { titles: ['left over'], file: join(dir, 'a.test.ts') };
      const run = withDoubles(async () => {
        const leftOver = ScriptedModelProvider.forAll([
          [assistantMessage('Only this.')],
          [assistantMessage('Never asked.')],
        ]);
        const cassette = await useCassette({ mode: 'record', dir, provider: () => leftOver });
        const result = await new Runner({ modelProvider: cassette, tracingDisabled: true })
          .run(new Agent({ name: 'A' }), 'Hi');
        assert.equal(result.finalOutput, 'Only this.');
      }, options);
      await assert.rejects(run({}), (error: unknown) => {
        assert.ok(error instanceof UnconsumedModelStepsError, String(error));
        assert.equal(error.remainingSteps, 1);
        return true;
      });
    });
  });

  test('without a runner: a factory is called once, for the first recorded call', async () => {
    let built = 0;
    const real = new ScriptedModel([[assistantMessage('one')], [assistantMessage('two')]]);
    const cassette = new Cassette({
      mode: 'record',
      provider: async () => {
        built++;
        return await Promise.resolve({ getModel: () => real });
      },
    });
    assert.equal(built, 0);
    const runner = new Runner({ modelProvider: cassette, tracingDisabled: true });
    assert.equal((await runner.run(new Agent({ name: 'A', model: 'x' }), 'Hi')).finalOutput, 'one');
    assert.equal((await runner.run(new Agent({ name: 'B', model: 'y' }), 'Hi')).finalOutput, 'two');
    assert.equal(built, 1);
    const data = await cassette.close();
    assert.equal(data.interactions.length, 2);
    real.assertComplete();
  });

  test('a factory that throws fails the call that needed it, as a provider that throws', async () => {
    const cassette = new Cassette({
      mode: 'record',
      provider: () => {
        throw new Error('no key in this environment');
      },
    });
    const runner = new Runner({ modelProvider: cassette, tracingDisabled: true });
    await assert.rejects(runner.run(new Agent({ name: 'A' }), 'Hi'), {
      message: 'no key in this environment',
    });
  });
});
