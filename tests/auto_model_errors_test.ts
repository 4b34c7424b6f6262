import assert from 'node:assert/strict';
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import {
  AutoModel,
  AutoModelBudgetExceededError,
  AutoModelIncompleteError,
  AutoModelValueError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const runner = () => new Runner({ tracingDisabled: true });

const quietTool = (name: string) =>
  tool({
    name,
    description: `The ${name} tool.`,
    parameters: z.object({}),
    execute: () => `${name} done`,
  });

// Each error AutoModel raises, as the double raises it: the exact name,
// message and structured fields (own enumerable properties, name last).
describe('AutoModel errors', () => {
  test('arguments a tool schema cannot have name the tool, the path and the reason', async () => {
    const odd = tool({
      name: 'odd',
      description: 'Needs an impossible string.',
      parameters: {
        type: 'object',
        properties: { code: { type: 'string', minLength: 4, maxLength: 2 } },
        required: ['code'],
        additionalProperties: false,
      },
      strict: true,
      execute: () => 'never',
    });
    const model = new AutoModel();
    const error = await runner().run(new Agent({ name: 'Odd', model, tools: [odd] }), 'go')
      .catch((e) => e);
    assert.ok(error instanceof AutoModelValueError);
    assert.deepEqual({ ...error }, {
      callIndex: 0,
      kind: 'tool',
      toolName: 'odd',
      schemaPath: '#/properties/code/minLength',
      reason: 'unsatisfiable',
      name: 'AutoModelValueError',
    });
    assert.equal(
      error.message,
      'AutoModel cannot generate arguments for tool "odd" at #/properties/code/minLength ' +
        '(call #1, unsatisfiable): minLength exceeds maxLength at #/properties/code',
    );
    model.acknowledgeFailures();
  });

  test('the call budget names the call and the budget', async () => {
    const model = new AutoModel({ maxCalls: 2 });
    const agent = new Agent({
      name: 'Loop',
      model,
      tools: [quietTool('a'), quietTool('b'), quietTool('c')],
    });
    const error = await runner().run(agent, 'go').catch((e) => e);
    assert.ok(error instanceof AutoModelBudgetExceededError);
    assert.deepEqual({ ...error }, {
      callIndex: 2,
      maxCalls: 2,
      name: 'AutoModelBudgetExceededError',
    });
    assert.equal(error.message, 'AutoModel call #3 exceeds its budget of 2 calls.');
    model.acknowledgeFailures();
  });

  test('assertComplete() lists every offered tool never called', async () => {
    const model = new AutoModel();
    const agent = new Agent({
      name: 'Stops early',
      model,
      toolUseBehavior: 'stop_on_first_tool',
      tools: [quietTool('first'), quietTool('second'), quietTool('third')],
    });
    await runner().run(agent, 'go');
    assert.throws(() => model.assertComplete(), (error: unknown) => {
      assert.ok(error instanceof AutoModelIncompleteError);
      assert.deepEqual({ ...error }, {
        calls: 1,
        uncalledTools: ['second', 'third'],
        name: 'AutoModelIncompleteError',
      });
      assert.equal(error.message, 'AutoModel never called 2 offered tools: second, third.');
      return true;
    });
    assert.throws(() => new AutoModel().assertComplete(), {
      name: 'AutoModelIncompleteError',
      message: 'AutoModel was never called.',
    });
  });
});
