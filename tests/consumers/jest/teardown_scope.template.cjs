// Copied into the Jest consumer project by scripts/check_package.mjs: the
// doubleScope pattern of docs/runner_setup.md with CommonJS require and beforeEach/afterEach.
const { Agent, Runner } = require('@openai/agents');
const { afterEach, beforeEach, expect, test } = require('@jest/globals');
const {
  assistantMessage,
  doubleScope,
  UnconsumedModelStepsError,
} = require('scripted-agents/testing');
const { ScriptedRealtimeTransport } = require('scripted-agents/realtime_testing');

let scope;
beforeEach(() => {
  scope = doubleScope({ offline: true });
});
afterEach(() => scope.finish());

test('a scope verifies every double from afterEach', async () => {
  const model = scope.model([[assistantMessage('Paris.')]]);
  const transport = scope.track(new ScriptedRealtimeTransport());
  const result = await new Runner().run(new Agent({ name: 'Geography', model }), 'Capital?');
  expect(result.finalOutput).toBe('Paris.');
  expect(transport.status).toBe('disconnected');
});

test('an unfinished script fails the scope', async () => {
  const unfinished = doubleScope();
  unfinished.model([[assistantMessage('never requested')]]);
  await expect(unfinished.finish()).rejects.toBeInstanceOf(UnconsumedModelStepsError);
});
