// Copied into the node:test consumer project by scripts/check_package.mjs:
// the doubleScope pattern of docs/runner_setup.md for runners without `using` (t.after).
import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner } from '@openai/agents';
import { assistantMessage, doubleScope, UnconsumedModelStepsError } from 'scripted-agents/testing';
import { ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';

test('a scope verifies every double from t.after', async (t) => {
  const scope = doubleScope({ offline: true });
  t.after(() => scope.finish());
  const model = scope.model([[assistantMessage('Paris.')]]);
  const transport = scope.track(new ScriptedRealtimeTransport());
  const result = await new Runner().run(new Agent({ name: 'Geography', model }), 'Capital?');
  assert.equal(result.finalOutput, 'Paris.');
  assert.equal(transport.status, 'disconnected');
});

test('an unfinished script fails the scope', async () => {
  const scope = doubleScope();
  scope.model([[assistantMessage('never requested')]]);
  await assert.rejects(scope.finish(), UnconsumedModelStepsError);
});
