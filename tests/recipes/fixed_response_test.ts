// Recipe "Return a fixed response": the seed's code example, verbatim except that the SDK's
// testing subpath is replaced by this package's entry point. Kept byte-for-byte
// (hence the fmt opt-out) so `node scripts/run_recipes.mjs --check-seed` can
// compare it with the seed.
// deno-fmt-ignore-file
import { Agent, Runner } from '@openai/agents';
import { ScriptedModel, assistantMessage } from 'scripted-agents/testing';
import assert from 'node:assert/strict';
import test from 'node:test';

test('returns a deterministic final answer', async () => {
  const model = new ScriptedModel([
    [assistantMessage('Paris is the capital of France.')],
  ]);
  const agent = new Agent({
    name: 'Geography assistant',
    model,
  });

  // ScriptedModel replaces model I/O; disable tracing separately so this test
  // makes no network requests.
  const runner = new Runner({ tracingDisabled: true });
  const result = await runner.run(agent, 'What is the capital of France?');

  assert.equal(result.finalOutput, 'Paris is the capital of France.');
  assert.equal(model.calls.length, 1);
  // Also fail if a later agent change stops before using the whole script.
  model.assertComplete();
});
