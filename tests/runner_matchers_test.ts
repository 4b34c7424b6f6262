// The matchers and the snapshot serializer, called as a runner calls them (a
// matcher context with or without `isNot` and `equals`): pass or fail, and the
// whole failure message of both forms with the transcript of what the agent did.
import assert from 'node:assert/strict';
import { Agent, Runner } from '@openai/agents';
import type { Model } from '@openai/agents';
import {
  assistantMessage,
  AutoModel,
  formatTrajectory,
  ScriptedModel,
  ScriptedModelProvider,
} from 'scripted-agents/testing';
import type { TrajectoryStep } from 'scripted-agents/testing';
import { matchers, serializer, withDoubles } from 'scripted-agents/runner';
import type { MatcherContext, MatcherResult } from 'scripted-agents/runner';
import { describe, test } from './_harness.ts';

const steps: TrajectoryStep[] = [
  { kind: 'tool_call', agent: 'Geo', tool: 'lookup', args: { city: 'Paris' }, output: 'sunny' },
  { kind: 'tool_call', agent: 'Geo', tool: 'lookup', args: { city: 'Lyon' }, output: 'rain' },
  { kind: 'handoff', agent: 'Geo', to: 'Billing' },
  { kind: 'message', agent: 'Billing', text: 'Done.', final: true },
];
const transcript = [
  '  Geo: lookup({"city":"Paris"}) → "sunny"',
  '  Geo: lookup({"city":"Lyon"}) → "rain"',
  '  Geo: handoff → Billing',
  '  Billing: message "Done." (final)',
].join('\n');
const plain: MatcherContext = {};
const not: MatcherContext = { isNot: true };

function sync(result: MatcherResult | Promise<MatcherResult>): MatcherResult {
  assert.ok(!(result instanceof Promise), 'a synchronous result');
  return result as MatcherResult;
}

describe('toHaveCalledTool', () => {
  test('by name: passes for a call, fails with the transcript otherwise', () => {
    assert.equal(sync(matchers.toHaveCalledTool.call(plain, steps, 'lookup')).pass, true);
    const missing = sync(matchers.toHaveCalledTool.call(plain, steps, 'book'));
    assert.equal(missing.pass, false);
    assert.equal(
      missing.message(),
      `Expected the agent to call tool "book", and it did not. What the agent did:\n${transcript}`,
    );
  });

  test('under .not the message says it did, with the transcript', () => {
    const result = sync(matchers.toHaveCalledTool.call(not, steps, 'lookup'));
    assert.equal(result.pass, true);
    assert.equal(
      result.message(),
      `Expected the agent not to call tool "lookup", and it did. What the agent did:\n${transcript}`,
    );
    const withArgs = sync(matchers.toHaveCalledTool.call(not, steps, 'lookup', { city: 'Lyon' }));
    assert.equal(
      withArgs.message(),
      'Expected the agent not to call tool "lookup" with arguments {"city":"Lyon"}, and it did. ' +
        `What the agent did:\n${transcript}`,
    );
  });

  test('with arguments: every call of the tool is shown when none matches', () => {
    assert.equal(
      sync(matchers.toHaveCalledTool.call(plain, steps, 'lookup', { city: 'Lyon' })).pass,
      true,
    );
    const result = sync(matchers.toHaveCalledTool.call(plain, steps, 'lookup', { city: 'Rome' }));
    assert.equal(result.pass, false);
    assert.equal(
      result.message(),
      'Expected the agent to call tool "lookup" with arguments {"city":"Rome"}, and it did not ' +
        '(it called "lookup" with {"city":"Paris"}, {"city":"Lyon"}). ' +
        `What the agent did:\n${transcript}`,
    );
  });

  test('with arguments of a tool never called, no list of calls', () => {
    const result = sync(matchers.toHaveCalledTool.call(plain, steps, 'book', { city: 'Rome' }));
    assert.equal(
      result.message(),
      'Expected the agent to call tool "book" with arguments {"city":"Rome"}, and it did not. ' +
        `What the agent did:\n${transcript}`,
    );
  });

  test("the runner's equals decides when there is one, JSON equality otherwise", () => {
    const seen: unknown[][] = [];
    const always: MatcherContext = {
      equals: (a, b) => {
        seen.push([a, b]);
        return true;
      },
    };
    assert.equal(
      sync(matchers.toHaveCalledTool.call(always, steps, 'lookup', { city: 'Rome' })).pass,
      true,
    );
    assert.deepEqual(seen, [[{ city: 'Paris' }, { city: 'Rome' }], [{ city: 'Lyon' }, {
      city: 'Rome',
    }]]);
    assert.equal(
      sync(matchers.toHaveCalledTool.call(plain, steps, 'lookup', { city: 'Paris' })).pass,
      true,
    );
  });

  test('an explicit undefined is an expected argument value, shown as undefined', () => {
    const result = sync(matchers.toHaveCalledTool.call(plain, steps, 'lookup', undefined));
    assert.equal(result.pass, false);
    assert.match(
      result.message(),
      /^Expected the agent to call tool "lookup" with arguments undefined, /,
    );
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    assert.match(
      sync(matchers.toHaveCalledTool.call(plain, steps, 'book', circular)).message(),
      /^Expected the agent to call tool "book" with arguments \[object Object\], and it did not\./,
    );
  });

  test('MCP and hosted tool calls count, approvals do not', () => {
    const others: TrajectoryStep[] = [
      { kind: 'mcp_call', tool: 'search', server: 'docs', args: { q: 'x' } },
      { kind: 'hosted_tool_call', tool: 'web_search_call' },
      { kind: 'approval', tool: 'refund', args: { amount: 5 } },
    ];
    assert.equal(sync(matchers.toHaveCalledTool.call(plain, others, 'search')).pass, true);
    assert.equal(sync(matchers.toHaveCalledTool.call(plain, others, 'web_search_call')).pass, true);
    assert.equal(sync(matchers.toHaveCalledTool.call(plain, others, 'refund')).pass, false);
  });

  test('an empty trajectory is shown as (nothing)', () => {
    assert.equal(
      sync(matchers.toHaveCalledTool.call(plain, [], 'lookup')).message(),
      'Expected the agent to call tool "lookup", and it did not. What the agent did:\n  (nothing)',
    );
  });
});

describe('toHaveHandedOffTo', () => {
  test('passes for the agent handed off to, with both messages', () => {
    const result = sync(matchers.toHaveHandedOffTo.call(not, steps, 'Billing'));
    assert.equal(result.pass, true);
    assert.equal(
      result.message(),
      `Expected the agent not to hand off to "Billing", and it did. What the agent did:\n${transcript}`,
    );
    const missing = sync(matchers.toHaveHandedOffTo.call(plain, steps, 'Geo'));
    assert.equal(missing.pass, false);
    assert.equal(
      missing.message(),
      `Expected the agent to hand off to "Geo", and it did not. What the agent did:\n${transcript}`,
    );
  });

  test('only a handoff step counts, not another step that names the agent in a to field', () => {
    // A hand-written step list passes its objects through as they are.
    const written = [{ kind: 'message', text: 'Ask Billing.', to: 'Billing' }] as never;
    assert.equal(sync(matchers.toHaveHandedOffTo.call(plain, written, 'Billing')).pass, false);
  });
});

describe('toMatchTrajectory', () => {
  test('a match passes with the .not message; a mismatch fails with its own message', () => {
    const result = sync(matchers.toMatchTrajectory.call(not, steps, [{ handoff: 'Billing' }], {
      kinds: ['handoff'],
    }));
    assert.equal(result.pass, true);
    assert.equal(
      result.message(),
      `Expected the trajectory not to match, and it did. What the agent did:\n${transcript}`,
    );
    const mismatch = sync(matchers.toMatchTrajectory.call(plain, steps, [{ tool: 'book' }]));
    assert.equal(mismatch.pass, false);
    assert.match(mismatch.message(), /book/);
  });

  test('an error other than a mismatch is thrown as it is', () => {
    assert.throws(
      () => matchers.toMatchTrajectory.call(plain, 42, []),
      (error: Error) => error.name !== 'TrajectoryMismatchError',
    );
  });
});

describe('toBeComplete', () => {
  test('a value without assertComplete is a TypeError that says what it expects', () => {
    for (const value of [null, undefined, {}, { assertComplete: true }]) {
      assert.throws(() => matchers.toBeComplete.call(plain, value), {
        name: 'TypeError',
        message: 'toBeComplete() expects a double of scripted-agents (a ScriptedModel, a sandbox ' +
          'session, a cassette...), which has assertComplete(); this value has none.',
      });
    }
  });

  test('complete: passes with the .not message', () => {
    const result = sync(matchers.toBeComplete.call(not, { assertComplete() {} }));
    assert.equal(result.pass, true);
    assert.equal(
      result.message(),
      'Expected the double to have something left over, and it is complete.',
    );
  });

  test('an unexpected call fails before the script is checked', () => {
    const calls: string[] = [];
    const result = sync(matchers.toBeComplete.call(plain, {
      assertNoUnexpectedCalls() {
        calls.push('unexpected');
        throw new RangeError('one call too many');
      },
      assertComplete() {
        calls.push('complete');
      },
    }));
    assert.deepEqual(calls, ['unexpected']);
    assert.equal(result.pass, false);
    assert.equal(
      result.message(),
      'Expected the double to be complete: RangeError: one call too many',
    );
  });

  test('a thrown non-error is described as a value (a string quoted)', () => {
    const result = sync(matchers.toBeComplete.call(plain, {
      assertComplete() {
        throw 'two steps left';
      },
    }));
    assert.equal(result.pass, false);
    assert.equal(
      result.message(),
      'Expected the double to be complete: the string "two steps left"',
    );
  });

  test('an asynchronous check resolves to the result', async () => {
    const fine = await matchers.toBeComplete.call(plain, {
      assertComplete: () => Promise.resolve(),
    });
    assert.equal(fine.pass, true);
    const left = await matchers.toBeComplete.call(plain, {
      assertComplete: () => Promise.reject(new Error('route left')),
    });
    assert.equal(left.pass, false);
    assert.equal(left.message(), 'Expected the double to be complete: Error: route left');
  });

  test("a model double's failure shows what the agent did", async () => {
    const model = new ScriptedModel([
      [{ type: 'message', role: 'assistant', status: 'completed', content: [] } as never],
      [{ type: 'message', role: 'assistant', status: 'completed', content: [] } as never],
    ]);
    const empty = sync(matchers.toBeComplete.call(plain, model));
    assert.equal(empty.pass, false);
    // Nothing done yet: the message is the double's own failure, with no transcript after it.
    const own = (() => {
      try {
        model.assertComplete();
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
      return 'complete';
    })();
    assert.equal(empty.message(), `Expected the double to be complete: ${own}`);
    await model.getResponse({
      input: 'Hi',
      modelSettings: {},
      tools: [],
      outputType: 'text',
      handoffs: [],
      tracing: false,
    } as never);
    const left = sync(matchers.toBeComplete.call(plain, model));
    assert.equal(left.pass, false);
    assert.match(
      left.message(),
      /^Expected the double to be complete: \w+Error: .*\nWhat the agent did:\n {2}\S/s,
    );
    model.acknowledgeFailures();
  });
});

describe('serializer', () => {
  test('prints doubles and run results, nothing else', () => {
    const model = new ScriptedModel([]);
    assert.equal(serializer.test(model), true);
    assert.equal(serializer.test(new AutoModel()), true);
    assert.equal(serializer.test(new ScriptedModelProvider({ models: {} })), true);
    assert.equal(serializer.test({ newItems: [], state: {} }), true);
    assert.equal(serializer.test({ state: {} }), false);
    assert.equal(serializer.test({ newItems: [] }), false);
    assert.equal(serializer.test(null), false);
    assert.equal(serializer.test('newItems state'), false);
    assert.equal(serializer.test(steps), false);
  });

  test('indents each step one level deeper than the value, two spaces by default', async () => {
    const result = { newItems: [], state: {} };
    assert.equal(
      serializer.serialize(new ScriptedModel([]), { indent: '\t' }, '    '),
      'Trajectory []',
    );
    assert.equal(serializer.serialize(result, {}, ''), 'Trajectory []');
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const source = await new Runner({ tracingDisabled: true })
      .run(new Agent({ name: 'Geo', model }), 'Capital?');
    const lines = formatTrajectory(source).split('\n');
    assert.ok(lines.length >= 2, 'a transcript of more than one line');
    assert.equal(
      serializer.serialize(source, { indent: '\t' }, '  '),
      `Trajectory [\n${lines.map((line) => `  \t${line}`).join('\n')}\n  ]`,
    );
    assert.equal(
      serializer.serialize(source, {}, ''),
      `Trajectory [\n${lines.map((line) => `  ${line}`).join('\n')}\n]`,
    );
  });
});

describe('toBeComplete needs no await for the doubles of this package', () => {
  test('a provider with an unused step fails at once: no promise to forget to await', () => {
    const provider = ScriptedModelProvider.forAll([[assistantMessage('never requested')]]);
    const result = sync(matchers.toBeComplete.call(plain, provider));
    assert.equal(result.pass, false);
    assert.match(
      result.message(),
      /^Expected the double to be complete: UnconsumedModelStepsError: ScriptedModel has 1 unconsumed scripted step/,
    );
    const done = ScriptedModelProvider.forAll(new ScriptedModel());
    assert.equal(sync(matchers.toBeComplete.call(plain, done)).pass, true);
  });

  test("a failed check settles the double: the runner entry's teardown does not repeat it", async () => {
    const body = withDoubles(() => {
      const provider = ScriptedModelProvider.forAll([[assistantMessage('never requested')]]);
      const result = sync(matchers.toBeComplete.call(plain, provider));
      if (!result.pass) throw new Error(result.message());
    }, { titles: ['checked'] });
    await assert.rejects(body({}), (error: Error) => {
      assert.equal(error.name, 'Error');
      assert.match(error.message, /^Expected the double to be complete: /);
      return true;
    });
  });

  test('a check that stays asynchronous and fails unawaited fails the test, naming the matcher', async () => {
    const body = withDoubles(() => {
      const provider = ScriptedModelProvider.forAll(asyncOnlyModel('route left'));
      // Not awaited, as a forgotten `await expect(provider).toBeComplete()`.
      void matchers.toBeComplete.call(plain, provider);
    }, { titles: ['unawaited'] });
    await assert.rejects(body({}), (error: Error & { matcher?: string; failure?: string }) => {
      assert.equal(error.name, 'UnawaitedMatcherError');
      assert.equal(error.matcher, 'toBeComplete');
      assert.equal(error.failure, 'Expected the double to be complete: Error: route left');
      assert.equal(
        error.message,
        'expect(...).toBeComplete() failed, and its promise was not awaited, so the test went on ' +
          'as if it had passed. Write await expect(...).toBeComplete(). It found: Expected the ' +
          'double to be complete: Error: route left',
      );
      return true;
    });
  });

  test('awaited, its failure is the body error alone; unawaited, a pass is nothing and .not fails', async () => {
    const awaited = withDoubles(async () => {
      const provider = ScriptedModelProvider.forAll(asyncOnlyModel('route left'));
      const result = await matchers.toBeComplete.call(plain, provider);
      if (!result.pass) throw new Error(result.message());
    }, { titles: ['awaited'] });
    await assert.rejects(awaited({}), (error: Error) => {
      assert.equal(error.name, 'Error');
      assert.equal(error.message, 'Expected the double to be complete: Error: route left');
      return true;
    });
    await withDoubles(() => {
      void matchers.toBeComplete.call(plain, ScriptedModelProvider.forAll(asyncOnlyModel()));
    }, { titles: ['passes'] })({});
    const negated = withDoubles(() => {
      const provider = ScriptedModelProvider.forAll(asyncOnlyModel());
      void matchers.toBeComplete.call(not, provider);
    }, { titles: ['negated'] });
    await assert.rejects(negated({}), (error: Error & { failure?: string }) => {
      assert.equal(error.name, 'UnawaitedMatcherError');
      assert.equal(
        error.failure,
        'Expected the double to have something left over, and it is complete.',
      );
      return true;
    });
  });
});

/** A model with nothing but an asynchronous teardown check (failing with `failure`, if given). */
function asyncOnlyModel(failure?: string): Model & AsyncDisposable {
  return {
    getResponse: () => Promise.reject(new Error('not called')),
    getStreamedResponse: () => {
      throw new Error('not called');
    },
    [Symbol.asyncDispose]: () =>
      failure === undefined ? Promise.resolve() : Promise.reject(new Error(failure)),
  };
}
