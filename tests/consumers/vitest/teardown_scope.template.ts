// Copied into the Vitest consumer project by scripts/check_package.mjs: the
// doubleScope pattern of docs/runner_setup.md with Vitest's onTestFinished hook.
import { Agent, Runner } from '@openai/agents';
import { expect, onTestFinished, test } from 'vitest';
import { assistantMessage, doubleScope, UnconsumedModelStepsError } from 'scripted-agents/testing';
import { ScriptedRealtimeTransport } from 'scripted-agents/realtime_testing';

test('a scope verifies every double from onTestFinished', async () => {
  const scope = doubleScope({ offline: true });
  onTestFinished(() => scope.finish());
  const model = scope.model([[assistantMessage('Paris.')]]);
  const transport = scope.track(new ScriptedRealtimeTransport());
  const result = await new Runner().run(new Agent({ name: 'Geography', model }), 'Capital?');
  expect(result.finalOutput).toBe('Paris.');
  expect(transport.status).toBe('disconnected');
});

test('an unfinished script fails the scope', async () => {
  const scope = doubleScope();
  scope.model([[assistantMessage('never requested')]]);
  await expect(scope.finish()).rejects.toBeInstanceOf(UnconsumedModelStepsError);
});
