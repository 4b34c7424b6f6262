// Vitest only: doubles of concurrent tests belong to the test that created
// them (Vitest 4.1+ wraps each test in aroundEach). Both tests create their
// model after both have begun; only the first leaves a step unused.
import { Agent, Runner } from '@openai/agents';
import { describe, test } from 'vitest';
import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';

let started = 0;
let release!: () => void;
const bothStarted = new Promise<void>((resolve) => (release = resolve));
async function meet(): Promise<void> {
  if (++started === 2) release();
  await bothStarted;
}

describe.concurrent('concurrent', () => {
  test('leaves a step unused', async () => {
    await meet();
    const model = new ScriptedModel([[assistantMessage('Paris.')], [assistantMessage('unused')]]);
    await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  });

  test('finishes its script', async () => {
    await meet();
    const model = new ScriptedModel([[assistantMessage('Rome.')]]);
    await new Runner().run(new Agent({ name: 'Geo', model }), 'Capital?');
  });
});
