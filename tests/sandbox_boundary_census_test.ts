import assert from 'node:assert/strict';
import { Runner } from '@openai/agents';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  scriptedSandboxSession,
} from 'scripted-agents/testing';
import { sandboxMethodModes } from '../testing/sandbox/scripted_sandbox_session.ts';
import { census, unknownReads } from './_boundary_census.ts';
import { describe, test } from './_harness.ts';

// A scripted session has only the methods its script uses; the SDK tests for the
// others (optional capabilities) and finds them absent, as with the SDK's own
// double. Those are known: every method of the SandboxSession interface this
// package knows is in `sandboxMethodModes`. Anything else the runtime reads is a
// member of a newer interface.
const knownAbsent = Object.keys(sandboxMethodModes);

describe('the SandboxAgent runtime reads nothing from the session that it does not know', () => {
  test('a shell workflow, non-streamed and streamed', async () => {
    for (const stream of [false, true]) {
      const session = scriptedSandboxSession([
        { method: 'execCommand', result: '/workspace\n' },
      ]);
      const { proxy, reads } = census(session);
      const model = new ScriptedModel([
        [functionCall('exec_command', { cmd: 'pwd' }, { callId: 'call_1' })],
        [assistantMessage('The workspace is /workspace.')],
      ]);
      const agent = new SandboxAgent({ name: 'Workspace', model, capabilities: [shell()] });
      const runner = new Runner({ tracingDisabled: true });
      const options = { sandbox: { session: proxy } };
      const finalOutput = stream
        ? await (async () => {
          const result = await runner.run(agent, 'Where?', { ...options, stream: true });
          for await (const _event of result) { /* drain */ }
          await result.completed;
          return result.finalOutput;
        })()
        : (await runner.run(agent, 'Where?', options)).finalOutput;
      assert.equal(finalOutput, 'The workspace is /workspace.');
      assert.ok(reads.has('execCommand'));
      assert.deepEqual(unknownReads(session, reads, knownAbsent), [], `stream: ${stream}`);
      session.assertComplete();
    }
  });
});
