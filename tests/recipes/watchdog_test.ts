// Recipe "Test your watchdog against a provider that hangs": `modelHold(then, { ignoreAbort: true })`
// is a provider that swallows the abort, so the app's own watchdog, not the SDK's cancellation,
// must end the wait. The watchdog's deadline is a promise the test settles: no timers, no sleeps.
import { Agent, Runner } from '@openai/agents';
import { assistantMessage, modelHold, ScriptedModel } from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';

/**
 * The code under test: answers with the agent's output, or with a fallback once `deadline`
 * settles first, aborting the run so the provider may stop.
 */
async function answerWithin(
  agent: Agent,
  question: string,
  deadline: Promise<void>,
): Promise<{ answer: string; timedOut: boolean }> {
  const controller = new AbortController();
  const run = new Runner({ tracingDisabled: true }).run(agent, question, {
    signal: controller.signal,
  });
  // The run rejects once aborted; the watchdog already answered by then.
  run.catch(() => {});
  const timedOut = deadline.then(() => 'timed out' as const);
  const winner = await Promise.race([run, timedOut]);
  if (winner === 'timed out') {
    controller.abort();
    return { answer: 'Sorry, that took too long.', timedOut: true };
  }
  return { answer: String(winner.finalOutput), timedOut: false };
}

test('the watchdog answers when the provider ignores the abort', async () => {
  // A provider that never answers and ignores the abort: only the app's watchdog ends the wait.
  const hold = modelHold(undefined, { ignoreAbort: true });
  const model = new ScriptedModel([hold]);
  let expire!: () => void;
  const deadline = new Promise<void>((resolve) => (expire = resolve));

  const reply = answerWithin(new Agent({ name: 'Support', model }), 'Where is my order?', deadline);
  await hold.reached; // the request is with the provider
  expire();

  assert.deepEqual(await reply, { answer: 'Sorry, that took too long.', timedOut: true });
  // The abort reached the provider, which kept hanging: the watchdog did the work.
  assert.equal(model.lastCall?.request.signal?.aborted, true);
  assert.equal(hold.state, 'held');
});

test('the watchdog lets an answer through that comes in time', async () => {
  const hold = modelHold([assistantMessage('Your order has shipped.')], { ignoreAbort: true });
  const model = new ScriptedModel([hold]);
  const deadline = new Promise<void>(() => {}); // never expires in this test

  const reply = answerWithin(new Agent({ name: 'Support', model }), 'Where is my order?', deadline);
  await hold.reached;
  hold.release();

  assert.deepEqual(await reply, { answer: 'Your order has shipped.', timedOut: false });
  model.assertComplete();
});
