// Behaviour that mutation testing (npm run mutation, docs/reports/mutation.md) found no test
// pinning down, pinned here.
import assert from 'node:assert/strict';
import type { ModelRequest } from '@openai/agents';
import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { collect } from './_model_fixtures.ts';

describe('ScriptedModel: requests the Runner would not send', () => {
  test('a hand-written request without modelSettings is answered, streamed or not', async () => {
    const model = new ScriptedModel([[assistantMessage('one')], [assistantMessage('two')]]);
    const request = { input: 'Hi' } as unknown as ModelRequest;
    const response = await model.getResponse(request);
    assert.equal(response.rawUsage, undefined);
    const events = await collect(model.getStreamedResponse(request));
    assert.equal(events.at(-1)?.type, 'response_done');
    assert.deepEqual(model.calls.map((c) => c.request.modelSettings), [undefined, undefined]);
    model.assertComplete();
  });
});
