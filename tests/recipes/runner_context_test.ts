// Recipe "Verified, offline tests with node:test or Deno.test": wrap each test
// function in withDoubles() and every double the test creates is verified when
// it ends (no assertComplete() to forget), the network is closed (loopback
// aside), and useCassette() opens the cassette named after the test. With Vitest
// or Jest, one setup-file line does the same for every test (see the README).
import { Agent, Runner } from '@openai/agents';
import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
import { useCassette, withDoubles } from 'scripted-agents/runner';
import assert from 'node:assert/strict';
import test from 'node:test';

// Under Deno, Deno.test('...', withDoubles(async (t) => { ... })) reads the same context.
test(
  'verifies every double the test created',
  withDoubles(async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    // No tracingDisabled: tests run offline, tracing export included.
    const result = await new Runner().run(new Agent({ name: 'Geography', model }), 'Capital?');
    assert.equal(result.finalOutput, 'Paris.');
    // A step left over, a swallowed failure or an open transport would fail the test here.
  }),
);

test(
  'replays the recording named after the test',
  withDoubles(async () => {
    // __cassettes__/runner_context_test.ts/replays the recording named after the test.json,
    // beside this file. Record it once with useCassette({ provider: new OpenAIProvider() })
    // outside CI; in CI a missing cassette fails and says so.
    const cassette = await useCassette();
    const agent = new Agent({ name: 'Geography', model: 'gpt-4.1' });
    const result = await new Runner({ modelProvider: cassette }).run(agent, 'Capital?');
    assert.equal(result.finalOutput, 'Paris.');
  }, {
    // node:test before Node 22.6 does not tell the test's file; the built copy of this
    // recipe runs elsewhere, so it names its source file (relative to the working directory).
    file: 'tests/recipes/runner_context_test.ts',
  }),
);
