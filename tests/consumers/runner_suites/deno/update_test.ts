// Deno.test with the context form, run outside CI as `deno test ... -- --update`: the
// update flag reaches useCassette(), which re-records the cassette named after the test
// (scripts/check_package.mjs seeds it with another recording and reads the rewritten file).
import { Agent, Runner } from '@openai/agents';
import { assistantMessage, ScriptedModel, ScriptedModelProvider } from 'scripted-agents/testing';
import { useCassette, withDoubles } from 'scripted-agents/runner';
import { expect } from './expect.ts';

Deno.test(
  're-records the cassette under the update flag',
  withDoubles(async () => {
    const provider = new ScriptedModelProvider({
      models: {},
      fallback: new ScriptedModel([[assistantMessage('Rome.')]]),
    });
    const cassette = await useCassette({ provider });
    expect(cassette.mode).toBe('update');
    const agent = new Agent({ name: 'Geo', model: 'gpt-4.1' });
    const result = await new Runner({ modelProvider: cassette }).run(agent, 'Capital of Italy?');
    expect(result.finalOutput).toBe('Rome.');
  }),
);
