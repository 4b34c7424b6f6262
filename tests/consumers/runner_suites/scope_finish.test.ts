// Vitest only (as concurrent.test.ts): a doubleScope finished in onTestFinished under the
// scripted-agents/vitest setup file, which verifies the same doubles when the test ends. One
// mistake is one report, whichever of the two verifies first.
import { Agent, Runner } from '@openai/agents';
import { describe, expect, onTestFinished, test } from 'vitest';
import { assistantMessage, doubleScope } from 'scripted-agents/testing';

describe('scope finish', () => {
  test('an unfinished script', () => {
    const scope = doubleScope();
    onTestFinished(() => scope.finish());
    scope.model([[assistantMessage('never requested')]]);
  });

  test('a finished script', async () => {
    const scope = doubleScope();
    onTestFinished(() => scope.finish());
    const model = scope.model([[assistantMessage('Paris.')]]);
    const result = await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
    expect(result.finalOutput).toBe('Paris.');
  });
});
