// Direct tests of the TypeScript printer of output items shared by the cassette's to-ts and
// the explorer's shrunk scripts: an assistant message or function call prints as its builder
// only when it is exactly what the builder makes (every condition read one by one), with
// its options in order; anything else prints as a JSON literal; the import lines name the
// builders used, sorted without regard to case, after Usage when it is needed.
import assert from 'node:assert/strict';
import { imports, isObject, literal, printItem } from '../_internal/typescript_items.ts';
import type { JsonObject } from '../_internal/typescript_items.ts';
import { describe, test } from './_harness.ts';

const message = (extra: JsonObject = {}): JsonObject => ({
  type: 'message',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text: 'Hi' }],
  ...extra,
});

const call = (extra: JsonObject = {}): JsonObject => ({
  type: 'function_call',
  name: 'lookup',
  callId: 'call_1',
  status: 'completed',
  arguments: '{"id":7}',
  ...extra,
});

describe('typescript items: values', () => {
  test('literal is JSON, and only a plain object is an object', () => {
    assert.equal(literal({ a: [1, 'x'] }), '{"a":[1,"x"]}');
    assert.equal(literal('say "hi"'), '"say \\"hi\\""');
    assert.equal(isObject({}), true);
    assert.equal(isObject({ a: 1 }), true);
    assert.equal(isObject(null), false);
    assert.equal(isObject([]), false);
    assert.equal(isObject('x'), false);
    assert.equal(isObject(1), false);
  });
});

describe('typescript items: assistantMessage', () => {
  test('the bare message is its text alone', () => {
    assert.equal(printItem(message()), 'assistantMessage("Hi")');
  });

  test('id, phase and providerData are options, in that order', () => {
    assert.equal(
      printItem(message({ providerData: { k: 1 }, phase: 'final_answer', id: 'msg_1' })),
      'assistantMessage("Hi", { id: "msg_1", phase: "final_answer", providerData: {"k":1} })',
    );
    assert.equal(printItem(message({ id: 'msg_1' })), 'assistantMessage("Hi", { id: "msg_1" })');
    assert.equal(
      printItem(message({ phase: 'commentary' })),
      'assistantMessage("Hi", { phase: "commentary" })',
    );
    assert.equal(
      printItem(message({ providerData: {} })),
      'assistantMessage("Hi", { providerData: {} })',
    );
  });

  test('an option of another type is left out', () => {
    assert.equal(
      printItem(message({ id: 5, phase: null, providerData: 'raw' })),
      'assistantMessage("Hi")',
    );
    assert.equal(printItem(message({ providerData: [1] })), 'assistantMessage("Hi")');
  });

  test('a message the builder would not make exactly is a literal', () => {
    const cases: JsonObject[] = [
      message({ type: 'messages' }),
      message({ role: 'user' }),
      message({ status: 'in_progress' }),
      message({ annotations: [] }),
      message({ content: 'Hi' }),
      message({ content: [] }),
      message({
        content: [{ type: 'output_text', text: 'a' }, { type: 'output_text', text: 'b' }],
      }),
      message({ content: ['Hi'] }),
      message({ content: [null] }),
      message({ content: [{ type: 'refusal', text: 'Hi' }] }),
      message({ content: [{ type: 'output_text', text: 3 }] }),
      message({ content: [{ type: 'output_text', text: 'Hi', annotations: [] }] }),
    ];
    for (const item of cases) assert.equal(printItem(item), JSON.stringify(item));
  });

  test('a message lacking type, role or status is a literal', () => {
    for (const key of ['type', 'role', 'status']) {
      const item = message();
      delete item[key];
      assert.equal(printItem(item), JSON.stringify(item));
    }
  });
});

describe('typescript items: functionCall', () => {
  test('canonical JSON object arguments print as an object literal', () => {
    assert.equal(printItem(call()), 'functionCall("lookup", {"id":7}, { callId: "call_1" })');
    assert.equal(
      printItem(call({ arguments: '{}' })),
      'functionCall("lookup", {}, { callId: "call_1" })',
    );
  });

  test('any other arguments print as the string they are', () => {
    for (const args of ['{ "id": 7 }', '[1]', '7', '"x"', 'null', 'not json', '']) {
      assert.equal(
        printItem(call({ arguments: args })),
        `functionCall("lookup", ${JSON.stringify(args)}, { callId: "call_1" })`,
      );
    }
  });

  test('an id other than the call id, namespace and providerData are options, in that order', () => {
    assert.equal(
      printItem(call({ providerData: { k: 1 }, namespace: 'crm', id: 'fc_1' })),
      'functionCall("lookup", {"id":7}, { callId: "call_1", id: "fc_1", namespace: "crm", ' +
        'providerData: {"k":1} })',
    );
    assert.equal(
      printItem(call({ id: 'call_1' })),
      'functionCall("lookup", {"id":7}, { callId: "call_1" })',
    );
    assert.equal(
      printItem(call({ namespace: 'crm' })),
      'functionCall("lookup", {"id":7}, { callId: "call_1", namespace: "crm" })',
    );
    assert.equal(
      printItem(call({ id: 7, namespace: 1, providerData: 'raw' })),
      'functionCall("lookup", {"id":7}, { callId: "call_1" })',
    );
    assert.equal(
      printItem(call({ providerData: [1] })),
      'functionCall("lookup", {"id":7}, { callId: "call_1" })',
    );
  });

  test('a call the builder would not make exactly is a literal', () => {
    const cases: JsonObject[] = [
      call({ type: 'function_call_output' }),
      call({ status: 'in_progress' }),
      call({ providerData: {}, extra: true }),
      call({ name: 1 }),
      call({ callId: null }),
      call({ arguments: { id: 7 } }),
    ];
    for (const item of cases) assert.equal(printItem(item), JSON.stringify(item));
    for (const key of ['type', 'status', 'name', 'callId', 'arguments']) {
      const item = call();
      delete item[key];
      assert.equal(printItem(item), JSON.stringify(item));
    }
  });

  test('every key the builder takes is allowed', () => {
    assert.equal(
      printItem(call({ id: 'fc_1', namespace: 'crm', providerData: {} })),
      'functionCall("lookup", {"id":7}, { callId: "call_1", id: "fc_1", namespace: "crm", ' +
        'providerData: {} })',
    );
  });
});

describe('typescript items: other items', () => {
  test('anything that is not an object, or another item type, is a literal', () => {
    assert.equal(printItem(null), 'null');
    assert.equal(printItem('Hi'), '"Hi"');
    assert.equal(printItem(3), '3');
    assert.equal(printItem([message()]), JSON.stringify([message()]));
    const reasoning = { type: 'reasoning', content: [], id: 'rs_1' };
    assert.equal(printItem(reasoning), '{"type":"reasoning","content":[],"id":"rs_1"}');
  });
});

describe('typescript items: imports', () => {
  test('the builders used, sorted without regard to case, Usage first when needed', () => {
    assert.deepEqual(imports(new Set(['functionCall', 'assistantMessage', 'Zeta']), false), [
      "import { assistantMessage, functionCall, Zeta } from 'scripted-agents/testing';",
    ]);
    assert.deepEqual(imports(new Set(['functionCall']), true), [
      "import { Usage } from '@openai/agents';",
      "import { functionCall } from 'scripted-agents/testing';",
    ]);
  });

  test('names that differ only in case keep the order they were used in', () => {
    assert.deepEqual(imports(new Set(['B', 'b', 'a']), false), [
      "import { a, B, b } from 'scripted-agents/testing';",
    ]);
    assert.deepEqual(imports(new Set(['b', 'B']), false), [
      "import { b, B } from 'scripted-agents/testing';",
    ]);
  });
});
