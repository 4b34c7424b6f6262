// The runner integrations' shared core, through the context form (withDoubles),
// in all three runtimes: verification of every double a test created, both
// messages when the body failed too, offline by default, per-test cassettes,
// the matchers and the snapshot serializer.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env } from 'node:process';
import { Agent, Runner, setDefaultModelProvider } from '@openai/agents';
import { expect as npmExpect } from 'expect';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  ScriptedModelProvider,
  scriptedSandboxSession,
} from 'scripted-agents/testing';
import {
  allowNetwork,
  currentTestRun,
  matchers,
  safeFileName,
  serializer,
  testCassettePath,
  TestRun,
  useCassette,
  withDoubles,
} from 'scripted-agents/runner';
import { describe, runtimeName, test } from './_harness.ts';

// Bun's own expect under Bun (the npm one does not load there), as users of bun:test have it.
const bunTestModule = 'bun:test';
const expect: typeof npmExpect = runtimeName === 'bun'
  ? (await import(bunTestModule)).expect
  : npmExpect;
expect.extend(matchers);
// deno-lint-ignore no-explicit-any
const loose = (value: unknown) => expect(value) as any;

const runtimeFetch = globalThis.fetch;
const run = (fn: () => unknown, titles: string[], file?: string) =>
  withDoubles(fn, { titles, file })({});

describe('withDoubles', () => {
  test('a forgotten step fails the test', async () => {
    await assert.rejects(
      run(async () => {
        const model = new ScriptedModel([[assistantMessage('A.')], [assistantMessage('unused')]]);
        await new Runner().run(new Agent({ name: 'A', model }), 'Go');
      }, ['forgotten']),
      { name: 'UnconsumedModelStepsError' },
    );
  });

  test('a finished script passes, and the run ends with the test', async () => {
    await run(async () => {
      assert.equal(currentTestRun()?.name, 'suite › finished');
      const model = new ScriptedModel([[assistantMessage('A.')]]);
      const result = await new Runner().run(new Agent({ name: 'A', model }), 'Go');
      assert.equal(result.finalOutput, 'A.');
    }, ['suite', 'finished']);
    assert.equal(currentTestRun(), undefined);
  });

  test('the body failure opens the message and the teardown findings follow', async () => {
    await assert.rejects(
      run(() => {
        new ScriptedModel([[assistantMessage('unused')]]);
        assert.equal(1, 2);
      }, ['both']),
      (error: Error & { bodyError?: unknown; teardownError?: unknown }) => {
        assert.equal(error.name, 'TeardownAlsoFailedError');
        assert.match(error.message, /^AssertionError[^\n]*: Expected values to be strictly equal/);
        assert.match(
          error.message,
          /The teardown failed too: UnconsumedModelStepsError: ScriptedModel has 1 unconsumed scripted step/,
        );
        assert.equal((error.bodyError as Error).name, 'AssertionError');
        assert.equal((error.teardownError as Error).name, 'UnconsumedModelStepsError');
        return true;
      },
    );
  });

  test('a failing body with clean doubles fails with its own error', async () => {
    const failure = new Error('body only');
    await assert.rejects(
      run(() => Promise.reject(failure), ['body']),
      (error) => error === failure,
    );
  });

  test('several findings are listed in one message', async () => {
    await assert.rejects(
      run(() => {
        new ScriptedModel([[assistantMessage('unused')]]);
        scriptedSandboxSession([{ method: 'pathExists', result: true }]);
      }, ['several']),
      (error: Error) => {
        assert.ok(error instanceof AggregateError);
        assert.match(error.message, /^verifying the test doubles of "several" found 2 problems: /);
        assert.match(error.message, /UnconsumedSandboxStepsError|unconsumed/);
        assert.deepEqual(error.errors.map((e: Error) => e.name), [
          'UnconsumedSandboxStepsError',
          'UnconsumedModelStepsError',
        ]);
        return true;
      },
    );
  });

  test('a double the test disposed itself is not verified again', async () => {
    await assert.rejects(
      run(() => {
        using _model = new ScriptedModel([[assistantMessage('unused')]]);
      }, ['disposed']),
      // The test's own `using` reports it; the verification adds nothing.
      (error: Error) => error.name === 'UnconsumedModelStepsError',
    );
  });

  test('a provider is verified before the models it hands out, once', async () => {
    await assert.rejects(
      run(() => {
        const model = new ScriptedModel([[assistantMessage('unused')]]);
        new ScriptedModelProvider({ models: { 'gpt-4.1': model } });
      }, ['provider']),
      (error: Error) => error.name === 'UnconsumedModelStepsError',
    );
  });

  test("between tests the network APIs are the runtime's own again", async () => {
    await run(() => assert.notEqual(globalThis.fetch, runtimeFetch), ['gated']);
    assert.equal(globalThis.fetch, runtimeFetch);
  });

  test('doubles created outside any test are not tracked', async () => {
    const model = new ScriptedModel([[assistantMessage('shared')]]);
    await run(() => {}, ['outside']);
    assert.equal(model.remainingSteps, 1);
  });
});

describe('offline', () => {
  test('a named model fails at once with what tried to leave and how to allow it', async () => {
    await assert.rejects(
      run(() => new Runner().run(new Agent({ name: 'A', model: 'gpt-4.1' }), 'Go'), ['named']),
      (error: Error & { model?: string; test?: string }) => {
        assert.equal(error.name, 'RealModelRequestError');
        assert.equal(error.model, 'gpt-4.1');
        assert.equal(error.test, 'named');
        assert.match(error.message, /model "gpt-4\.1"/);
        assert.match(error.message, /allowNetwork\(\)/);
        return true;
      },
    );
  });

  test('a swallowed fetch to the internet fails the test when it ends', async () => {
    await assert.rejects(
      run(async () => {
        await assert.rejects(fetch('https://example.com/v1/responses'), {
          name: 'OfflineNetworkError',
        });
        await fetch('https://example.com/again').catch(() => {});
      }, ['fetch']),
      (error: Error) => {
        assert.equal(error.name, 'DoubleFailuresError');
        assert.match(error.message, /raised 2 failures/);
        assert.match(error.message, /blocked fetch\(https:\/\/example\.com\/again\)/);
        assert.match(error.message, /call allowNetwork\(\) from scripted-agents\/runner/);
        return true;
      },
    );
  });

  test('allowNetwork() lets a named model through to the default provider', async () => {
    const live = new ScriptedModel([[assistantMessage('Live.')]]);
    setDefaultModelProvider({ getModel: () => live });
    await run(async () => {
      allowNetwork();
      const result = await new Runner().run(new Agent({ name: 'A', model: 'gpt-4.1' }), 'Go');
      assert.equal(result.finalOutput, 'Live.');
    }, ['allowed']);
    assert.equal(live.remainingSteps, 0);
  });

  test('{ network: true } allows it for one test', async () => {
    const live = new ScriptedModel([[assistantMessage('Live.')]]);
    setDefaultModelProvider({ getModel: () => live });
    await withDoubles(async () => {
      const result = await new Runner().run(new Agent({ name: 'A', model: 'gpt-4.1' }), 'Go');
      assert.equal(result.finalOutput, 'Live.');
    }, { titles: ['network option'], network: true })({});
    // The next test is offline again.
    await assert.rejects(
      run(() => new Runner().run(new Agent({ name: 'A', model: 'gpt-4.1' }), 'Go'), ['again']),
      { name: 'RealModelRequestError' },
    );
  });
});

describe('cassette names', () => {
  test('next to the test file, under __cassettes__/<file>/', () => {
    const test = { file: 'C:\\app\\weather.test.ts', titles: ['weather', 'Paris'] };
    assert.equal(
      testCassettePath(test),
      'C:/app/__cassettes__/weather.test.ts/weather › Paris.json',
    );
    assert.equal(
      testCassettePath({ file: '/a/b.test.ts', titles: ['x'] }, { dir: '/tapes/' }),
      '/tapes/x.json',
    );
    assert.throws(
      () => testCassettePath({ file: undefined, titles: ['x'] }),
      /pass an absolute one/,
    );
  });

  test('names safe for every file system, long ones kept apart', () => {
    assert.equal(safeFileName('a<b>c:d"e/f\\g|h?i*j\u0001'), 'a_b_c_d_e_f_g_h_i_j_');
    assert.equal(safeFileName('ends. '), 'ends__');
    assert.equal(safeFileName('..'), '__');
    assert.equal(safeFileName(''), '_');
    assert.equal(safeFileName('nul.txt'), '_nul.txt');
    const long = 'x'.repeat(200);
    assert.equal(safeFileName(long).length, 120);
    assert.notEqual(safeFileName(long), safeFileName(`${long}y`));
  });
});

describe('useCassette', () => {
  const recordedAnswer = () => ({
    getModel: () => new ScriptedModel([[assistantMessage('Rec.')]]),
  });
  const withoutCi = async (body: () => Promise<void>) => {
    const saved = { ci: env.CI, mode: env.SCRIPTED_AGENTS_CASSETTE };
    delete env.CI;
    delete env.SCRIPTED_AGENTS_CASSETTE;
    try {
      await body();
    } finally {
      if (saved.ci !== undefined) env.CI = saved.ci;
      if (saved.mode !== undefined) env.SCRIPTED_AGENTS_CASSETTE = saved.mode;
    }
  };

  test('records a missing cassette locally, then replays it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'runner-cassettes-'));
    const file = join(dir, 'weather.test.ts');
    try {
      await withoutCi(async () => {
        const agent = new Agent({ name: 'A', model: 'gpt-4.1' });
        await run(
          async () => {
            const cassette = await useCassette({ provider: recordedAnswer() });
            assert.equal(cassette.mode, 'record');
            const result = await new Runner({ modelProvider: cassette }).run(agent, 'Go');
            assert.equal(result.finalOutput, 'Rec.');
          },
          ['weather', 'records'],
          file,
        );
        const path = join(dir, '__cassettes__', 'weather.test.ts', 'weather › records.json');
        assert.match(await readFile(path, 'utf8'), /"Rec\."/);
        await run(
          async () => {
            const cassette = await useCassette({ provider: recordedAnswer() });
            assert.equal(cassette.mode, 'replay');
            const result = await new Runner({ modelProvider: cassette }).run(agent, 'Go');
            assert.equal(result.finalOutput, 'Rec.');
          },
          ['weather', 'records'],
          file,
        );
      });
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  test('never records in CI, and says how to record', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'runner-cassettes-'));
    const saved = env.CI;
    env.CI = 'true';
    try {
      await assert.rejects(
        run(() => useCassette({ provider: recordedAnswer() }), ['ci'], join(dir, 'a.test.ts')),
        (error: Error & { ci?: boolean }) => {
          assert.equal(error.name, 'MissingTestCassetteError');
          assert.equal(error.ci, true);
          assert.match(error.message, /never recorded in CI/);
          return true;
        },
      );
    } finally {
      if (saved === undefined) delete env.CI;
      else env.CI = saved;
      await rm(dir, { recursive: true });
    }
  });

  test('without a provider a missing cassette says to pass one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'runner-cassettes-'));
    try {
      await withoutCi(async () => {
        await assert.rejects(
          run(() => useCassette(), ['no provider'], join(dir, 'a.test.ts')),
          /was given no provider to record it from/,
        );
      });
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  test('a second cassette of one test gets its own file; two tests never share one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'runner-cassettes-'));
    const file = join(dir, 'a.test.ts');
    try {
      await withoutCi(async () => {
        await run(
          async () => {
            const first = await useCassette({ provider: recordedAnswer() });
            const second = await useCassette({ provider: recordedAnswer() });
            assert.match(first.label ?? '', /shared_\.json$/);
            assert.notEqual(first.label, second.label);
          },
          ['shared?'],
          file,
        );
      });
      await assert.rejects(
        run(() => useCassette({ mode: 'record' }), ['shared*'], file),
        { name: 'SharedCassetteError' },
      );
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  test('outside a test it says where to call it', async () => {
    await assert.rejects(useCassette(), /no test is running/);
  });
});

describe('matchers', () => {
  test('tool calls, handoffs, trajectories and completeness', async () => {
    const model = new ScriptedModel([
      [functionCall('lookup', { city: 'Paris' }, { callId: 'call_1' })],
      [assistantMessage('Sunny.')],
    ]);
    const agent = new Agent({
      name: 'Geo',
      model,
      tools: [{
        type: 'function',
        name: 'lookup',
        description: 'Look up',
        parameters: { type: 'object', properties: {}, additionalProperties: true, required: [] },
        strict: false,
        invoke: async () => 'sunny',
        needsApproval: async () => false,
        isEnabled: async () => true,
      } as never],
    });
    const result = await new Runner({ tracingDisabled: true }).run(agent, 'Weather?');
    loose(result).toHaveCalledTool('lookup');
    loose(result).toHaveCalledTool('lookup', { city: 'Paris' });
    loose(result).toHaveCalledTool('lookup', expect.objectContaining({ city: 'Paris' }));
    loose(result).not.toHaveCalledTool('lookup', { city: 'Rome' });
    loose(result).not.toHaveHandedOffTo('Billing');
    loose(result).toMatchTrajectory([{ tool: 'lookup' }, { message: 'Sunny.' }], {
      kinds: ['tool_call', 'message'],
    });
    loose(model).toBeComplete();
    assert.throws(
      () => loose(result).toHaveCalledTool('lookup', { city: 'Rome' }),
      (error: Error) => {
        assert.match(
          error.message,
          /Expected the agent to call tool "lookup" with arguments {"city":"Rome"}/,
        );
        assert.match(error.message, /it called "lookup" with {"city":"Paris"}/);
        assert.match(error.message, /Geo: lookup\(/);
        return true;
      },
    );
    assert.throws(
      () => loose(result).toHaveHandedOffTo('Billing'),
      /hand off to "Billing", and it did not/,
    );
    assert.throws(() => loose(result).toMatchTrajectory([{ tool: 'book' }]), /book/);
  });

  test('toBeComplete reports what is left over', async () => {
    const model = new ScriptedModel([[assistantMessage('unused')]]);
    assert.throws(() => loose(model).toBeComplete(), /1 unconsumed scripted step/);
    loose(model).not.toBeComplete();
    assert.throws(() => loose({}).toBeComplete(), /expects a double of scripted-agents/);
    await loose(new ScriptedModelProvider({ models: {} })).toBeComplete();
    model.enqueue();
  });

  test('the serializer prints a run result as its transcript', async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const result = await new Runner({ tracingDisabled: true })
      .run(new Agent({ name: 'Geo', model }), 'Capital?');
    assert.equal(serializer.test(result), true);
    assert.equal(serializer.test(model), true);
    assert.equal(serializer.test('text'), false);
    assert.equal(serializer.test({ newItems: [] }), false);
    const text = serializer.serialize(result, { indent: '  ' }, '');
    assert.match(text, /^Trajectory \[\n {2}.*\n.*Geo: message "Paris\." \(final\)\n\]$/s);
  });
});

describe('TestRun', () => {
  test('verifies newest first and skips settled doubles', async () => {
    const order: string[] = [];
    const testRun = new TestRun({ file: undefined, titles: ['t'] });
    testRun.track({ [Symbol.dispose]: () => order.push('first') });
    testRun.track({ [Symbol.asyncDispose]: async () => order.push('second') });
    testRun.track({ notADouble: true });
    await testRun.verify();
    assert.deepEqual(order, ['second', 'first']);
    testRun.track({ [Symbol.dispose]: () => order.push('late') });
    await testRun.verify();
    assert.deepEqual(order, ['second', 'first', 'second', 'first']);
  });
});
