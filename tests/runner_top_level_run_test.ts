// The SDK's top-level run() under the runner integrations (through the context
// form, withDoubles, in all three runtimes): the SDK keeps one runner behind
// run(), and that runner keeps the first default provider it resolves, so
// each test that sets its own provider must still reach it, and a test that
// sets none is refused as in any other offline test.
import assert from 'node:assert/strict';
import { Agent, run, Runner, setDefaultModelProvider, setTraceProcessors } from '@openai/agents';
import { assistantMessage, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';
import { withDoubles } from 'scripted-agents/runner';
import { describe, test } from './_harness.ts';

// Nothing is exported: the runs here are offline (see tests/_no_default_trace_exporter.ts).
setTraceProcessors([]);

const agent = new Agent({ name: 'Concierge', model: 'gpt-4.1-mini' });

describe("runner: the SDK's top-level run()", () => {
  test('each test that sets a provider gets its own, test after test', async () => {
    const answers: unknown[] = [];
    for (const city of ['Paris.', 'Rome.', 'Oslo.']) {
      await withDoubles(async () => {
        const provider = ScriptedModelProvider.forAll([[assistantMessage(city)]]);
        setDefaultModelProvider(provider);
        const result = await run(agent, 'Capital?');
        answers.push(result.finalOutput);
        assert.deepEqual(provider.requests, ['gpt-4.1-mini']);
      }, { titles: [`answers ${city}`] })({});
    }
    assert.deepEqual(answers, ['Paris.', 'Rome.', 'Oslo.']);
  });

  test('a streamed top-level run reaches the provider of its test too', async () => {
    for (const city of ['Lima.', 'Kyiv.']) {
      await withDoubles(async () => {
        setDefaultModelProvider(ScriptedModelProvider.forAll([[assistantMessage(city)]]));
        const result = await run(agent, 'Capital?', { stream: true });
        await result.completed;
        assert.equal(result.finalOutput, city);
      }, { titles: [`streams ${city}`] })({});
    }
  });

  test('a test that sets no provider is refused, after and before tests that set one', async () => {
    const refused = withDoubles(async () => {
      await run(agent, 'Capital?');
    }, { titles: ['sets none'] });
    await assert.rejects(refused({}), {
      name: 'RealModelRequestError',
      model: 'gpt-4.1-mini',
      test: 'sets none',
    });
    await withDoubles(async () => {
      setDefaultModelProvider(ScriptedModelProvider.forAll([[assistantMessage('Bern.')]]));
      assert.equal((await run(agent, 'Capital?')).finalOutput, 'Bern.');
    }, { titles: ['sets one'] })({});
    await assert.rejects(refused({}), {
      name: 'RealModelRequestError',
      message:
        /^Test "sets none" asked the SDK's default \(real\) model provider for model "gpt-4\.1-mini"/,
    });
  });

  test('the provider a test set does not outlive it, for run() or a new Runner', async () => {
    const leftover = withDoubles(async () => {
      const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('Rome.')]]);
      setDefaultModelProvider(ScriptedModelProvider.forAll(model));
      // The second step is left for no one: the next test must not consume it.
      assert.equal((await run(agent, 'Capital?')).finalOutput, 'Paris.');
    }, { titles: ['leaves a step'] });
    await assert.rejects(leftover({}), { name: 'UnconsumedModelStepsError' });
    const next = withDoubles(async () => {
      await new Runner().run(agent, 'Capital?');
    }, { titles: ['comes next'] });
    await assert.rejects(next({}), { name: 'RealModelRequestError', test: 'comes next' });
    await assert.rejects(
      withDoubles(() => run(agent, 'Capital?'), { titles: ['then run()'] })({}),
      { name: 'RealModelRequestError', test: 'then run()' },
    );
  });
});
