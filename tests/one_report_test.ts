// One mistake, one report: a double's failure the test body failed with is
// reported once, by the body, with what followed from it (the steps the stopped
// run never reached) as one line of it; a swallowed failure is still reported.
// Through withDoubles() (node:test, Deno.test), doubleScope().run() and a
// TestRun given a runner's copy of the body's error (what Vitest keeps).
import assert from 'node:assert/strict';
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  DoubleFailuresError,
  doubleScope,
  functionCall,
  ScriptedModel,
  ScriptedModelProvider,
  UnconsumedModelStepsError,
  UnconsumedSandboxStepsError,
} from 'scripted-agents/testing';
import { TestRun, withDoubles } from 'scripted-agents/runner';
import { errorChain, noteRaised, oneReport, sameFailure } from '../_internal/one_report.ts';
import { describe, test } from './_harness.ts';

const book = tool({
  name: 'book_trip',
  description: 'Books a trip',
  parameters: z.object({ nights: z.number() }),
  execute: ({ nights }) => `booked ${nights} nights`,
});

/** A model whose first step calls book_trip with a string: the strict check refuses it. */
function mismatchedModel(): ScriptedModel {
  return new ScriptedModel([
    [functionCall('book_trip', { nights: 'three' })],
    [assistantMessage('Booked.')],
  ]);
}

function run(model: ScriptedModel): Promise<unknown> {
  return new Runner({ tracingDisabled: true }).run(
    new Agent({ name: 'Concierge', model, tools: [book] }),
    'Book three nights',
  );
}

const knockOnOne = '\nAnd so 1 scripted step was not used (ScriptedModel): the run stopped at ' +
  'this failure, so teardown reports them only here.';

describe('withDoubles: the body failed with a double failure', () => {
  test('the body error is thrown once, as is, with the unused step as one line of it', async () => {
    let model: ScriptedModel | undefined;
    const body = withDoubles(async () => {
      model = mismatchedModel();
      await run(model);
    }, { titles: ['strict mismatch'] });
    await assert.rejects(body({}), (error: Error & { reason?: string }) => {
      assert.equal(error.name, 'ScriptedOutputMismatchError');
      assert.equal(error, model?.failures[0]);
      assert.equal(error.reason, 'invalid_arguments');
      assert.ok(error.message.endsWith(knockOnOne), error.message);
      assert.equal(error.message.split('And so').length, 2);
      // The stack starts with the longer message too (runners print the stack).
      assert.ok(error.stack?.includes(knockOnOne), error.stack);
      return true;
    });
  });

  test('a body error caused by the failure (a wrapper with cause) is not reported again', async () => {
    const body = withDoubles(async () => {
      const model = mismatchedModel();
      try {
        await run(model);
      } catch (failure) {
        throw new Error('booking failed', { cause: failure });
      }
    }, { titles: ['wrapped'] });
    await assert.rejects(body({}), (error: Error) => {
      assert.equal(error.name, 'Error');
      assert.equal((error.cause as Error).name, 'ScriptedOutputMismatchError');
      assert.equal(error.message, `booking failed${knockOnOne}`);
      return true;
    });
  });

  test('another double failure the code swallowed is still reported, with the body first', async () => {
    const body = withDoubles(async () => {
      const idle = new ScriptedModel();
      await new Runner({ tracingDisabled: true }).run(new Agent({ name: 'Idle', model: idle }), 'x')
        .catch(() => {});
      await run(mismatchedModel());
    }, { titles: ['two failures'] });
    await assert.rejects(
      body({}),
      (error: Error & { bodyError?: Error; teardownError?: Error }) => {
        assert.equal(error.name, 'TeardownAlsoFailedError');
        assert.equal(error.bodyError?.name, 'ScriptedOutputMismatchError');
        assert.ok(error.bodyError?.message.endsWith(knockOnOne));
        assert.ok(error.teardownError instanceof DoubleFailuresError);
        assert.equal(error.teardownError.failures.length, 1);
        assert.equal((error.teardownError.failures[0] as Error).name, 'UnexpectedModelCallError');
        return true;
      },
    );
  });

  test('the failure swallowed alone is reported with its knock-on steps in one error', async () => {
    const body = withDoubles(async () => {
      await run(mismatchedModel()).catch(() => {});
    }, { titles: ['swallowed'] });
    await assert.rejects(body({}), (error: DoubleFailuresError) => {
      assert.ok(error instanceof DoubleFailuresError);
      assert.match(error.message, /^ScriptedModel raised 1 failure during the test, even if the/);
      assert.ok(error.message.endsWith(knockOnOne), error.message);
      return true;
    });
  });

  test('a body failing for its own reason still gets both reports (as before)', async () => {
    const body = withDoubles(async () => {
      const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('x')]]);
      await new Runner({ tracingDisabled: true }).run(
        new Agent({ name: 'Geo', model }),
        'Capital?',
      );
      assert.equal(1, 2);
    }, { titles: ['own reason'] });
    await assert.rejects(body({}), (error: Error & { teardownError?: Error }) => {
      assert.equal(error.name, 'TeardownAlsoFailedError');
      assert.equal(error.teardownError?.name, 'UnconsumedModelStepsError');
      assert.doesNotMatch(error.message, /And so/);
      return true;
    });
  });

  test('a script refused at construction: the other models are one line of it', async () => {
    const body = withDoubles(() => {
      new ScriptedModel([[assistantMessage('a')]]);
      new ScriptedModel([[assistantMessage('b')], [assistantMessage('c')]]);
      new ScriptedModel([[functionCall('book_trip', '{"nights": 3')]]);
    }, { titles: ['broken JSON'] });
    await assert.rejects(body({}), (error: Error) => {
      assert.equal(error.name, 'InvalidScriptedModelStepError');
      assert.ok(
        error.message.endsWith(
          '\nAnd so 3 scripted steps were not used (ScriptedModel): the run stopped at this ' +
            'failure, so teardown reports them only here.',
        ),
        error.message,
      );
      return true;
    });
  });

  test('the unused steps of every model of the run are counted together', async () => {
    const body = withDoubles(async () => {
      const provider = new ScriptedModelProvider({
        models: { other: new ScriptedModel([[assistantMessage('never')]]) },
        fallback: mismatchedModel(),
      });
      await new Runner({ modelProvider: provider, tracingDisabled: true }).run(
        new Agent({ name: 'Concierge', tools: [book] }),
        'Book',
      );
    }, { titles: ['provider'] });
    await assert.rejects(body({}), (error: Error) => {
      assert.equal(error.name, 'ScriptedOutputMismatchError');
      assert.match(error.message, /\nAnd so 2 scripted steps were not used \(ScriptedModel\): /);
      return true;
    });
  });
});

describe('doubleScope().run: the same rule outside runners', () => {
  test('the body error once, the unused step one line of it', async () => {
    const output = doubleScope().run(async (scope) => {
      const model = scope.track(mismatchedModel());
      await run(model);
    });
    await assert.rejects(output, (error: Error) => {
      assert.equal(error.name, 'ScriptedOutputMismatchError');
      assert.ok(error.message.endsWith(knockOnOne), error.message);
      return true;
    });
  });

  test('finish() alone (no body to see) folds the knock-on steps into the failure', async () => {
    const scope = doubleScope();
    const model = scope.track(mismatchedModel());
    await run(model).catch(() => {});
    await assert.rejects(scope.finish(), (error: Error) => {
      assert.equal(error.name, 'DoubleFailuresError');
      assert.ok(error.message.endsWith(knockOnOne), error.message);
      return true;
    });
  });
});

describe('TestRun.verify with the body errors a runner kept', () => {
  test("a runner's serialized copy (same name, message, stack) counts as the failure", async () => {
    const testRun = new TestRun({ file: undefined, titles: ['copy'] });
    const model = mismatchedModel();
    testRun.track(model);
    const failure = await run(model).then(() => undefined, (error: Error) => error);
    assert.ok(failure instanceof Error);
    const copy = { name: failure.name, message: failure.message, stack: failure.stack };
    await testRun.verify({ bodyErrors: [copy] });
    assert.equal(copy.message, `${failure.message}${knockOnOne}`);
    assert.ok(copy.stack?.includes(knockOnOne));
  });

  test("a runner's copy of a script refused at construction counts too", async () => {
    const copy: { name?: string; message?: string; stack?: string } = {};
    const body = withDoubles(() => {
      new ScriptedModel([[assistantMessage('a')], [assistantMessage('b')]]);
      try {
        new ScriptedModel([[functionCall('book_trip', '{"nights": 3')]]);
      } catch (error) {
        const { name, message, stack } = error as Error;
        Object.assign(copy, { name, message, stack });
      }
      throw copy;
    }, { titles: ['copied refusal'] });
    await assert.rejects(body({}), (error: unknown) => {
      assert.equal(error, copy);
      assert.equal(copy.name, 'InvalidScriptedModelStepError');
      assert.ok(
        copy.message?.endsWith(
          '\nAnd so 2 scripted steps were not used (ScriptedModel): the run stopped at this ' +
            'failure, so teardown reports them only here.',
        ),
        copy.message,
      );
      return true;
    });
  });

  test('a copy whose stack differs is another error: the failure is reported', async () => {
    const testRun = new TestRun({ file: undefined, titles: ['other'] });
    const model = mismatchedModel();
    testRun.track(model);
    const failure = await run(model).then(() => undefined, (error: Error) => error);
    const copy = { name: failure?.name, message: failure?.message, stack: 'elsewhere' };
    await assert.rejects(testRun.verify({ bodyErrors: [copy] }), (error: Error) => {
      assert.equal(error.name, 'DoubleFailuresError');
      assert.ok(error.message.endsWith(knockOnOne), error.message);
      return true;
    });
    assert.equal(copy.message, failure?.message);
  });
});

describe('oneReport, errorChain and sameFailure', () => {
  test('errorChain walks every wrapper once, cycles included', () => {
    const leaf = new Error('leaf');
    const viaError = { error: leaf };
    const cyclic: { cause?: unknown } = {};
    cyclic.cause = cyclic;
    const chain = errorChain({
      cause: viaError,
      suppressed: 'text',
      originalError: cyclic,
      bodyError: { teardownError: 7 },
      errors: [leaf, undefined, null],
    });
    assert.equal(chain.length, 7);
    assert.ok(chain.includes(leaf) && chain.includes(viaError) && chain.includes(cyclic));
    assert.ok(chain.includes('text') && chain.includes(7));
    assert.deepEqual(errorChain(undefined), []);
  });

  test("errorChain reaches a wrapper's 'error' and an aggregate's errors by those paths alone", () => {
    const wrapped = new Error('wrapped');
    const first = new Error('first');
    const second = new Error('second');
    assert.deepEqual(errorChain({ error: wrapped }), [{ error: wrapped }, wrapped]);
    const aggregate = new AggregateError([first, second], 'two');
    assert.deepEqual(errorChain(aggregate), [aggregate, first, second]);
  });

  test('sameFailure: one object is itself without a stack; null is no failure on either side', () => {
    const plain = { name: 'E', message: 'm' };
    assert.equal(sameFailure(plain, plain), true);
    assert.equal(sameFailure(new Error('x'), null), false);
  });

  test('look-alikes and holes among the findings are kept as they are', () => {
    const thrown = new Error('thrown');
    noteRaised(thrown);
    const lookAlike = { name: 'NotDoubleFailures', failures: [thrown] };
    const nameless = { remainingSteps: 1 };
    const numbered = { name: 7, remainingSteps: 1 };
    assert.deepEqual(
      oneReport([lookAlike, undefined, nameless, numbered], [thrown]),
      [lookAlike, undefined, nameless, numbered],
    );
  });

  test('knock-on steps of no named double: the line names none', () => {
    const failure = new Error('refused');
    noteRaised(failure);
    const unnamed = { name: 'UnconsumedWidgetStepsError', remainingSteps: 2 };
    assert.deepEqual(oneReport([unnamed], [failure]), []);
    assert.equal(
      failure.message,
      'refused\nAnd so 2 scripted steps were not used: the run stopped at this failure, so ' +
        'teardown reports them only here.',
    );
  });

  test('the body error the line goes to: null and message-less errors stay as they are', () => {
    const failure = new Error('refused');
    noteRaised(failure);
    assert.deepEqual(oneReport([new UnconsumedModelStepsError(1)], [null, failure]), []);
    const messageless = { stack: 'at test.ts:1' };
    noteRaised(messageless);
    assert.deepEqual(oneReport([new UnconsumedModelStepsError(1)], [messageless]), []);
    assert.deepEqual(messageless, { stack: 'at test.ts:1' });
    const silent = new Error('');
    const stack = silent.stack;
    noteRaised(silent);
    oneReport([new UnconsumedModelStepsError(1)], [silent]);
    assert.equal(silent.stack, stack);
  });

  test('sameFailure: the object, or a copy with the same name, message and stack', () => {
    const error = new RangeError('x');
    const copy = { name: error.name, message: error.message, stack: error.stack };
    assert.equal(sameFailure(error, error), true);
    assert.equal(sameFailure(copy, error), true);
    assert.equal(sameFailure({ ...copy, name: 'TypeError' }, error), false);
    assert.equal(sameFailure({ ...copy, message: 'y' }, error), false);
    assert.equal(sameFailure({ ...copy, stack: 'elsewhere' }, error), false);
    assert.equal(
      sameFailure({ name: 'E', message: 'm', stack: '' }, { name: 'E', message: 'm', stack: '' }),
      false,
    );
    assert.equal(sameFailure({ name: 'E', message: 'm' }, { name: 'E', message: 'm' }), false);
    assert.equal(sameFailure('x', 'y'), false);
    assert.equal(sameFailure(null, error), false);
    assert.equal(sameFailure(error, undefined), false);
  });

  test('nothing raised and nothing a knock-on: the findings as they are, aggregates kept', () => {
    const aggregate = new AggregateError([new Error('a'), new Error('b')], 'two');
    const findings = [aggregate, new Error('c')];
    assert.deepEqual(oneReport(findings, [new Error('body')]), findings);
    assert.deepEqual(oneReport(findings, []), findings);
  });

  test("a failure kept in another copy's DoubleFailuresError (only its name and failures) counts", () => {
    const failure = new Error('refused');
    noteRaised(failure);
    const foreign = { name: 'DoubleFailuresError', double: 'ScriptedModel', failures: [failure] };
    const unused = new UnconsumedModelStepsError(2);
    const body = new Error('run failed', { cause: failure });
    assert.deepEqual(oneReport([new AggregateError([foreign, unused])], [body]), []);
    assert.equal(
      body.message,
      'run failed\nAnd so 2 scripted steps were not used (ScriptedModel): the run stopped at this ' +
        'failure, so teardown reports them only here.',
    );
  });

  test('of a DoubleFailuresError, only the failures the body reported are dropped', () => {
    const thrown = new Error('thrown');
    const swallowed = new Error('swallowed');
    const other = new DoubleFailuresError('ScriptedMcpServer', [new Error('elsewhere')]);
    const kept = oneReport(
      [new DoubleFailuresError('ScriptedModel', [swallowed, thrown]), other, new Error('own')],
      [thrown],
    );
    assert.equal(kept.length, 3);
    const [rebuilt, untouched, own] = kept as [DoubleFailuresError, DoubleFailuresError, Error];
    // Built for npm, this private module and the public entry are two copies of
    // the class, so the rebuilt error is told by its name, as oneReport tells it.
    assert.equal(rebuilt.name, 'DoubleFailuresError');
    assert.equal(rebuilt.double, 'ScriptedModel');
    assert.deepEqual(rebuilt.failures, [swallowed]);
    assert.equal(untouched, other);
    assert.equal(own.message, 'own');
    assert.equal(thrown.message, 'thrown');
  });

  test('the knock-on line counts every double and names each kind once', () => {
    const failure = new Error('refused');
    const body = { message: 'refused copy' };
    const findings = [
      new DoubleFailuresError('ScriptedModel', [failure]),
      new UnconsumedModelStepsError(1),
      new UnconsumedModelStepsError(1),
      new UnconsumedSandboxStepsError(['exec']),
      { name: 'UnconsumedWidgetStepsError', remainingSteps: 1, message: 'no double named' },
      { name: 'UnconsumedModelStepsError', remainingSteps: '1' },
      { name: 'IncompleteThing', remainingSteps: 1 },
    ];
    const kept = oneReport(findings, [failure, body]);
    assert.deepEqual(kept, findings.slice(5));
    assert.equal(
      failure.message,
      'refused\nAnd so 4 scripted steps were not used (ScriptedModel, Scripted sandbox session): ' +
        'the run stopped at this failure, so teardown reports them only here.',
    );
    assert.equal(body.message, 'refused copy');
  });

  test('a body error whose message cannot change keeps it; the findings are still dropped', () => {
    const failure = Object.freeze(new Error('frozen'));
    noteRaised(failure);
    assert.deepEqual(oneReport([new UnconsumedModelStepsError(1)], [failure]), []);
    assert.equal(failure.message, 'frozen');
    const silent = new Error('');
    noteRaised(silent);
    assert.deepEqual(oneReport([new UnconsumedModelStepsError(1)], [silent]), []);
    assert.match(silent.message, /^\nAnd so 1 scripted step was not used/);
    noteRaised('not an object');
    noteRaised(null);
  });
});
