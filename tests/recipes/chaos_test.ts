// Recipe "Chaos-test a workflow with seeded provider faults": `withFaults()` wraps a model double
// and injects errors, cut streams and delays chosen by a seed. The faults it records say which
// branch each seed must take, so every branch's assertions run, and a failing seed replays.
import { Agent, Runner } from '@openai/agents';
import {
  assistantMessage,
  ModelFaultError,
  modelResponder,
  ScriptedModel,
  withFaults,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';

/** The code under test: a streamed answer, or a polite failure once the retries run out. */
async function answer(agent: Agent, question: string): Promise<string> {
  try {
    const result = await new Runner({ tracingDisabled: true }).run(agent, question, {
      stream: true,
    });
    let text = '';
    for await (const chunk of result.toTextStream()) text += chunk;
    await result.completed;
    return text;
  } catch (error) {
    if (error instanceof ModelFaultError) return 'The assistant is unavailable, try again.';
    throw error;
  }
}

for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
  test(`seed ${seed}: the app answers, or says it is unavailable, as the faults decide`, async () => {
    // The same answer however many calls the faults cause: `times: 'any'`.
    const inner = new ScriptedModel([
      modelResponder(() => [assistantMessage('Your order has shipped.')], { times: 'any' }),
    ]);
    const model = withFaults(inner, {
      seed,
      rates: { error: 0.4, cut: 0.3, delay: 0.2, eventDelay: 0.1 },
      // Delays resolve at once: the test never waits for time.
      delay: () => Promise.resolve(),
    });
    const agent = new Agent({
      name: 'Support',
      model,
      modelSettings: {
        retry: {
          maxRetries: 1,
          policy: ({ providerAdvice }) => providerAdvice?.suggested === true,
          backoff: { initialDelayMs: 0, jitter: false },
        },
      },
    });

    const reply = await answer(agent, 'Where is my order?');

    // The last call decides: failed (an error or a cut) means unavailable, else answered.
    const last = model.calls.at(-1)!;
    const failed = last.faults.some((fault) => fault.kind === 'error' || fault.kind === 'cut');
    if (failed) {
      assert.equal(reply, 'The assistant is unavailable, try again.');
      // The first attempt and at most its one retry: the SDK retries a stream only before its
      // first event, so a stream cut later is not retried.
      assert.ok(model.calls.length <= 2);
    } else {
      assert.equal(reply, 'Your order has shipped.');
    }
    // Every call the faults let through reached the script.
    const stoppedBefore = model.faults.filter((fault) => fault.kind === 'error').length;
    assert.equal(inner.calls.length, model.calls.length - stoppedBefore);
    model.assertComplete();
  });
}

test('the seeds above take both branches', async () => {
  // Guard against a chaos suite whose every seed ends the same way: the outcome is a function
  // of the seed, so it is computed here the same way as above, without the runner.
  const outcomes = new Set<string>();
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const model = withFaults(
      new ScriptedModel([
        modelResponder(() => [assistantMessage('ok')], { times: 'any' }),
      ]),
      {
        seed,
        rates: { error: 0.4, cut: 0.3, delay: 0.2, eventDelay: 0.1 },
        delay: () => Promise.resolve(),
      },
    );
    const agent = new Agent({
      name: 'Support',
      model,
      modelSettings: {
        retry: {
          maxRetries: 1,
          policy: ({ providerAdvice }) => providerAdvice?.suggested === true,
          backoff: { initialDelayMs: 0, jitter: false },
        },
      },
    });
    outcomes.add(await answer(agent, 'Where is my order?'));
  }
  assert.deepEqual([...outcomes].sort(), ['The assistant is unavailable, try again.', 'ok']);
});
