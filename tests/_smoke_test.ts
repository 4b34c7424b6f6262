import assert from 'node:assert/strict';
import { Agent, Runner, Usage, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';
import { test } from './_harness.ts';
import { snapshotValue } from '../testing/_snapshot.ts';

test('smoke: real Runner with a hand-written model', async (t) => {
  let torn = false;
  t.after(() => { torn = true; });
  const model: Model = {
    async getResponse(_req: ModelRequest): Promise<ModelResponse> {
      return { output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'hi' }] }], usage: new Usage({ requests: 1 }) };
    },
    // deno-lint-ignore require-yield
    async *getStreamedResponse() { throw new Error('no'); },
  };
  const runner = new Runner({ tracingDisabled: true });
  const result = await runner.run(new Agent({ name: 'a', model }), 'hello');
  assert.equal(result.finalOutput, 'hi');
  assert.deepEqual(snapshotValue({ a: [1] }), { a: [1] });
  assert.equal(torn, false);
});
