// Recipe "Test a slow model, a timeout or a cancelled run": `modelHold()` holds one model
// call until the test releases it, or until the request is aborted, so none of these tests
// needs a hand-written responder or a sleep.
import { Agent, Runner } from '@openai/agents';
import {
  assistantMessage,
  modelHold,
  ScriptedModel,
  ScriptedModelRequestAbortedError,
} from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';

test('shows a pending state while the model is thinking', async () => {
  const hold = modelHold([assistantMessage('Your order has shipped.')]);
  const model = new ScriptedModel([hold]);
  const agent = new Agent({ name: 'Support', model });
  const status = { busy: true, answer: '' };

  const run = new Runner({ tracingDisabled: true })
    .run(agent, 'Where is my order?')
    .then((result) => {
      status.busy = false;
      status.answer = String(result.finalOutput);
    });

  // The runner has sent the request and waits for the model.
  const call = await hold.reached;
  assert.match(JSON.stringify(call.request.input), /Where is my order\?/);
  assert.deepEqual(status, { busy: true, answer: '' });

  hold.release();
  await run;
  assert.deepEqual(status, { busy: false, answer: 'Your order has shipped.' });
  model.assertComplete();
});

test('a run past its deadline fails while the model is still thinking', async () => {
  // Without a response, the hold only ends when the request is aborted. (Newer SDKs also
  // take a per-call `modelSettings.timeoutMs`, which aborts the call the same way.)
  const hold = modelHold();
  const model = new ScriptedModel([hold]);
  const agent = new Agent({ name: 'Support', model });

  const deadline = new AbortController();
  const run = new Runner({ tracingDisabled: true }).run(agent, 'Hi', { signal: deadline.signal });

  // Arm the deadline once the request is with the model: a timer started earlier could
  // fire, on a busy machine, before the run even reaches the model. (A plain timer, not
  // AbortSignal.timeout(), which Node does not count as pending work.)
  await hold.reached;
  setTimeout(() => deadline.abort(new DOMException('The deadline passed.', 'TimeoutError')), 5);

  await assert.rejects(run, ScriptedModelRequestAbortedError);
  assert.equal(hold.state, 'aborted');
});

test('cancelling the run aborts the held model call', async () => {
  const hold = modelHold([assistantMessage('never shown')]);
  const model = new ScriptedModel([hold]);
  const agent = new Agent({ name: 'Support', model });
  const controller = new AbortController();

  const run = new Runner({ tracingDisabled: true })
    .run(agent, 'Hi', { signal: controller.signal });
  await hold.reached;
  controller.abort();

  // The held call ends with the same abort error as a real model's aborted request.
  await assert.rejects(run, ScriptedModelRequestAbortedError);
  assert.equal(hold.state, 'aborted');
});
