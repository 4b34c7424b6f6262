// Recipe "Record and replay a request-aware run": a cassette records what the
// runner sent to the model (the request the responder of
// request_aware_response_test.ts inspects), replays the answer, and fails with
// the changed path when a later request differs. Held in memory: the same
// code runs in a browser.
import { Agent, Runner } from '@openai/agents';
import { assistantMessage, modelResponder, ScriptedModel } from 'scripted-agents/testing';
import { Cassette, CassetteMissError } from 'scripted-agents/cassette';
import assert from 'node:assert/strict';
import test from 'node:test';

test('records the request, replays the answer, and reports drift', async () => {
  // The "real" model for the recording: any ModelProvider works.
  const realModel = new ScriptedModel([
    modelResponder((call) => [assistantMessage(`Handled model call ${call.index}.`)]),
  ]);
  const recorder = new Cassette({ mode: 'record', provider: { getModel: () => realModel } });
  const agent = new Agent({ name: 'Assistant', model: 'gpt-4.1' });
  await new Runner({ modelProvider: recorder, tracingDisabled: true }).run(agent, 'Summarize this');
  const recording = JSON.parse(JSON.stringify(recorder));

  // The recorded request is exactly what the runner sent.
  assert.deepEqual(recording.interactions[0].request.input, [
    { type: 'message', role: 'user', content: 'Summarize this' },
  ]);

  const cassette = Cassette.fromJSON(recording);
  const runner = new Runner({ modelProvider: cassette, tracingDisabled: true });
  const result = await runner.run(agent, 'Summarize this');
  assert.equal(result.finalOutput, 'Handled model call 0.');

  // A different request is drift, reported with the path and both values.
  const drifted = await runner.run(agent, 'Summarize that').catch((error) => error);
  assert.ok(drifted instanceof CassetteMissError);
  assert.deepEqual(drifted.differences, [{
    path: 'request.input[0].content',
    recorded: 'Summarize this',
    actual: 'Summarize that',
  }]);
  cassette.acknowledgeFailures();
  await cassette.close();
});
