// The answer reader of exploration (testing/explore/_explore_answer.ts), called directly on
// hand-built requests: which kinds each request allows and how `option` falls on their weighted
// slots (default and custom weights, tool choice, the call budget), the exact items of each kind
// (call and hosted ids, values by seed and mode, texts by seed, model errors by index), the
// `valid` flag, the choice's normal form, and the BehaviourValueError of a value that cannot be
// made. A property re-answers the normal form: same items, same normal form.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ModelRequest } from '@openai/agents';
import { type Answer, answer, MODEL_ERRORS } from '../testing/explore/_explore_answer.ts';
import { BehaviourValueError } from '../testing/explore/model_behaviour_errors.ts';
import type {
  ChoiceTarget,
  ModelBehaviourOptions,
  ModelCallChoice,
} from '../testing/explore/model_behaviour_types.ts';
import {
  applyPatchCall,
  codeInterpreterCall,
  computerCall,
  fileSearchCall,
  imageGenerationCall,
  mcpApprovalRequest,
  mcpCall,
  shellCall,
  webSearchCall,
} from '../testing/model/output_item_builders.ts';
import { describe, test } from './_harness.ts';
import { checkAsyncProperty } from './_property.ts';
import { modelRequest } from './_model_fixtures.ts';

const ALL_MODES = ['valid', 'boundary', 'invalid'] as const;

/** A request with a text input and output and nothing to call, plus `extra`. */
function request(extra: Record<string, unknown> = {}): ModelRequest {
  return modelRequest({ input: 'Hi', ...extra } as Partial<ModelRequest>);
}

const choosing = (toolChoice: string, extra: Record<string, unknown> = {}) =>
  request({ modelSettings: { toolChoice }, ...extra });

function fn(name: string, parameters: unknown, extra: Record<string, unknown> = {}) {
  return {
    type: 'function',
    name,
    description: `The ${name} tool.`,
    strict: true,
    parameters,
    ...extra,
  };
}

function handoff(toolName: string, inputJsonSchema: unknown) {
  return {
    toolName,
    toolDescription: `Hands off via ${toolName}.`,
    inputJsonSchema,
    strictJsonSchema: true,
  };
}

function hosted(providerData: Record<string, unknown>) {
  return { type: 'hosted_tool', name: String(providerData.type), providerData };
}

function mcp(serverLabel: unknown, extra: Record<string, unknown> = {}) {
  return hosted({ type: 'mcp', server_label: serverLabel, ...extra });
}

function structured(name: string, schema: unknown) {
  return { type: 'json_schema', name, strict: true, schema };
}

const EMPTY = { type: 'object', properties: {}, required: [], additionalProperties: false };
const LOOKUP = {
  type: 'object',
  properties: {
    id: { type: 'integer', minimum: 1, maximum: 9 },
    note: { type: 'string', maxLength: 4 },
  },
  required: ['id'],
  additionalProperties: false,
};
const TRIP = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1, maxLength: 8 },
    days: { type: 'integer', minimum: 1, maximum: 3 },
  },
  required: ['city', 'days'],
  additionalProperties: false,
};
const SMALL = {
  type: 'object',
  properties: { n: { type: 'integer', minimum: 0, maximum: 3 } },
  required: ['n'],
  additionalProperties: false,
};
const BIG = {
  type: 'object',
  properties: { n: { type: 'integer', minimum: 50, maximum: 60 } },
  required: ['n'],
  additionalProperties: false,
};
/** A schema the request's check judges nothing by: any object passes it. */
const OPEN = { type: 'object', properties: {}, additionalProperties: true };
const WORD = { type: 'string', minLength: 2, maxLength: 5 };
/** A schema the value generator does not support. */
const ODD = { type: 'object', properties: { x: { not: { type: 'string' } } }, required: ['x'] };
const REPORT = {
  type: 'object',
  properties: { score: { type: 'integer', minimum: 0, maximum: 5 } },
  required: ['score'],
  additionalProperties: false,
};

const lookup = fn('lookup', LOOKUP);
const ping = fn('ping', EMPTY);
const desk = handoff('transfer_to_desk', TRIP);
const webSearch = hosted({ type: 'web_search' });

function call(name: string, args: string, callId: string, namespace?: string) {
  return {
    type: 'function_call',
    name,
    callId,
    id: callId,
    namespace,
    status: 'completed',
    arguments: args,
    providerData: undefined,
  };
}

function message(text: string) {
  return {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text }],
  };
}

const target = (index: number, value = 0, mode = 0): ChoiceTarget => ({ index, value, mode });
const choice = (option: number, ...targets: ChoiceTarget[]): ModelCallChoice => ({
  option,
  targets,
});

/** An answer that is not an error, with its items. */
async function items(
  chosen: ModelCallChoice | undefined,
  req: ModelRequest,
  callIndex = 0,
  options: ModelBehaviourOptions = {},
) {
  const got = await answer(chosen, req, callIndex, options);
  assert.ok(got.kind !== 'error', `an answer, not ${got.kind}`);
  return got;
}

/** The kind and normal option of each option from 0 to `count - 1`, with `targets`. */
async function kinds(
  req: ModelRequest,
  options: ModelBehaviourOptions,
  count: number,
  targets: ChoiceTarget[] = [],
): Promise<[string, number][]> {
  const seen: [string, number][] = [];
  for (let option = 0; option < count; option++) {
    const got = await answer({ option, targets }, req, 0, options);
    seen.push([got.kind, got.choice.option]);
  }
  return seen;
}

describe('the kinds a request allows', () => {
  test('are weighted answer 1, tools 3, handoff 1 by default, with errors and hosted calls off', async () => {
    const req = request({ tools: [lookup, webSearch], handoffs: [desk] });
    assert.deepEqual(await kinds(req, {}, 7), [
      ['answer', 0],
      ['tools', 1],
      ['tools', 1],
      ['tools', 1],
      ['handoff', 4],
      ['answer', 0],
      ['tools', 1],
    ]);
  });

  test('of a request with nothing to call are the final answer alone', async () => {
    assert.deepEqual(await kinds(request(), {}, 3), [['answer', 0], ['answer', 0], ['answer', 0]]);
    // Weights of kinds the request does not offer take no slot.
    assert.deepEqual(await kinds(request(), { weights: { hosted: 2 } }, 2), [
      ['answer', 0],
      ['answer', 0],
    ]);
  });

  test('take custom weights floored, keep the defaults of kinds not given, and drop weight 0', async () => {
    const req = request({ tools: [lookup, webSearch], handoffs: [desk] });
    const weights = { answer: 2, tools: 1.9, handoff: 0, error: 1, hosted: 2.5 };
    assert.deepEqual(await kinds(req, { weights }, 7), [
      ['answer', 0],
      ['answer', 0],
      ['tools', 2],
      ['error', 3],
      ['hosted', 4],
      ['hosted', 4],
      ['answer', 0],
    ]);
    assert.deepEqual(await kinds(req, { weights: { error: 1 } }, 7), [
      ['answer', 0],
      ['tools', 1],
      ['tools', 1],
      ['tools', 1],
      ['handoff', 4],
      ['error', 5],
      ['answer', 0],
    ]);
    // Floored, a weight of 2.5 is 2: the tools' slots end before option 3.
    assert.deepEqual(await kinds(req, { weights: { tools: 2.5 } }, 4), [
      ['answer', 0],
      ['tools', 1],
      ['tools', 1],
      ['handoff', 3],
    ]);
  });

  test('fall back to the first allowed kind when every weight floors to 0', async () => {
    const req = request({ tools: [lookup] });
    assert.deepEqual(await kinds(req, { weights: { answer: 0.5, tools: 0.5 } }, 2), [
      ['answer', 0],
      ['answer', 0],
    ]);
    // Where the tool choice rules out the answer, the first allowed kind is the tools'.
    assert.deepEqual(
      await kinds(choosing('required', { tools: [lookup] }), {
        weights: { tools: 0.5, error: 0.5 },
      }, 2),
      [['tools', 0], ['tools', 0]],
    );
  });

  test('with none weighted above 0 give the final answer its chosen target', async () => {
    const req = choosing('required', { tools: [lookup] });
    const weights = { answer: 0, tools: 0, handoff: 0, error: 0, hosted: 0 };
    const got = await items(choice(1, target(0, 2)), req, 0, { weights });
    assert.deepEqual(got, {
      kind: 'answer',
      items: [message('I could not complete that.')],
      valid: true,
      choice: { option: 0, targets: [target(0, 2)] },
    });
  });

  test('read a request without model settings as tool choice auto', async () => {
    const req = request({ tools: [lookup, webSearch], handoffs: [desk] });
    delete (req as { modelSettings?: unknown }).modelSettings;
    assert.deepEqual(await kinds(req, { weights: { hosted: 1 } }, 7), [
      ['answer', 0],
      ['tools', 1],
      ['tools', 1],
      ['tools', 1],
      ['handoff', 4],
      ['hosted', 5],
      ['answer', 0],
    ]);
  });
});

describe('the tool choice', () => {
  const everything = {
    tools: [lookup, webSearch, mcp('docs', { require_approval: 'always' })],
    handoffs: [desk],
  };

  test("'none' leaves only the answer (and errors): no tools, handoffs or hosted calls", async () => {
    const weights = { hosted: 1, error: 1 };
    assert.deepEqual(await kinds(choosing('none', everything), { weights }, 3), [
      ['answer', 0],
      ['error', 1],
      ['answer', 0],
    ]);
  });

  test("'required' with tools or handoffs rules out the answer", async () => {
    assert.deepEqual(await kinds(choosing('required', everything), {}, 5), [
      ['tools', 0],
      ['tools', 0],
      ['tools', 0],
      ['handoff', 3],
      ['tools', 0],
    ]);
    assert.deepEqual(await kinds(choosing('required', { tools: [lookup] }), {}, 2), [
      ['tools', 0],
      ['tools', 0],
    ]);
    assert.deepEqual(await kinds(choosing('required', { handoffs: [desk] }), {}, 2), [
      ['handoff', 0],
      ['handoff', 0],
    ]);
  });

  test("'required' keeps the answer when only hosted tools, or nothing, are offered", async () => {
    const req = choosing('required', { tools: [webSearch] });
    assert.deepEqual(await kinds(req, { weights: { hosted: 1 } }, 3), [
      ['answer', 0],
      ['hosted', 1],
      ['answer', 0],
    ]);
    assert.deepEqual(await kinds(choosing('required'), {}, 2), [['answer', 0], ['answer', 0]]);
  });

  test('naming a tool calls only it; an unknown name leaves every function tool', async () => {
    const search = fn('search', EMPTY);
    const named = await items(
      choice(1, target(0), target(1)),
      choosing('lookup', { tools: [search, lookup] }),
    );
    assert.deepEqual(named.items.map((item) => (item as { name: string }).name), [
      'lookup',
      'lookup',
    ]);
    assert.deepEqual(named.choice, { option: 1, targets: [target(0), target(0)] });
    const unknown = await items(
      choice(1, target(0), target(1)),
      choosing('nope', { tools: [search, lookup] }),
    );
    assert.deepEqual(unknown.items.map((item) => (item as { name: string }).name), [
      'search',
      'lookup',
    ]);
    // A named tool leaves the handoffs and hosted calls in.
    assert.deepEqual(
      await kinds(choosing('lookup', everything), { weights: { hosted: 1 } }, 6),
      [['answer', 0], ['tools', 1], ['tools', 1], ['tools', 1], ['handoff', 4], ['hosted', 5]],
    );
  });

  test("'auto' and 'required' are no tool names, even when a tool is called so", async () => {
    for (const name of ['auto', 'required']) {
      const got = await items(
        choice(1, target(1)),
        choosing(name, { tools: [fn(name, EMPTY), ping] }),
      );
      assert.deepEqual(got.items, [call('ping', '{}', 'call_explore_1_1')]);
    }
  });

  test('calls only function tools, never a hosted one', async () => {
    const got = await items(choice(1, target(0)), request({ tools: [webSearch, ping] }));
    assert.deepEqual(got.items, [call('ping', '{}', 'call_explore_1_1')]);
  });
});

describe('the call budget', () => {
  const req = request({ tools: [lookup] });

  test('is 8 calls by default; from then on every call answers simply', async () => {
    assert.equal((await answer(choice(1, target(0, 3)), req, 7, {})).kind, 'tools');
    assert.deepEqual(await answer(choice(1, target(0, 3)), req, 8, {}), {
      kind: 'answer',
      items: [message('Done.')],
      valid: true,
      choice: { option: 0, targets: [] },
    });
  });

  test('is maxCalls when given', async () => {
    assert.equal((await answer(choice(1), req, 1, { maxCalls: 2 })).kind, 'tools');
    assert.deepEqual(await answer(choice(1, target(0, 3)), req, 2, { maxCalls: 2 }), {
      kind: 'answer',
      items: [message('Done.')],
      valid: true,
      choice: { option: 0, targets: [] },
    });
    assert.equal((await answer(choice(1), req, 0, { maxCalls: 0 })).kind, 'answer');
  });

  test('past the behaviour, an undefined choice answers simply too', async () => {
    assert.deepEqual(await answer(undefined, req, 0, {}), {
      kind: 'answer',
      items: [message('Done.')],
      valid: true,
      choice: { option: 0, targets: [] },
    });
    const report = request({ outputType: structured('Report', REPORT) });
    assert.deepEqual(await answer(undefined, report, 0, { outputs: ALL_MODES }), {
      kind: 'answer',
      items: [message('{"score":4}')],
      valid: true,
      choice: { option: 0, targets: [] },
    });
  });
});

describe('function tool calls', () => {
  test('call the tool each target picks, by position, with the namespace where one is given', async () => {
    const refund = fn('refund', TRIP, { namespace: 'billing' });
    const find = fn('find', TRIP);
    const got = await items(
      choice(2, target(0, 1), target(3, 2), target(2)),
      request({ tools: [refund, find, lookup] }),
      4,
    );
    assert.deepEqual(got, {
      kind: 'tools',
      items: [
        call('refund', '{"city":"echo ta","days":3}', 'call_explore_5_1', 'billing'),
        call('refund', '{"city":"oscarx","days":2}', 'call_explore_5_2', 'billing'),
        call('lookup', '{"id":7}', 'call_explore_5_3'),
      ],
      valid: true,
      choice: { option: 1, targets: [target(0, 1), target(0, 2), target(2)] },
    });
  });

  test('with no targets call the first tool with its simplest value', async () => {
    assert.deepEqual(await items(choice(1), request({ tools: [lookup, ping] })), {
      kind: 'tools',
      items: [call('lookup', '{"id":7}', 'call_explore_1_1')],
      valid: true,
      choice: { option: 1, targets: [] },
    });
  });

  test('are at most maxToolsPerCall (default 3, at least 1)', async () => {
    const req = request({ tools: [lookup] });
    const four = choice(1, target(0, 1), target(0, 2), target(0, 3), target(0, 4));
    const counts: number[][] = [];
    for (const maxToolsPerCall of [undefined, 2, 1, 0, -1]) {
      const got = await items(four, req, 0, { maxToolsPerCall });
      counts.push([got.items.length, got.choice.targets.length]);
    }
    assert.deepEqual(counts, [[3, 3], [2, 2], [1, 1], [1, 1], [1, 1]]);
    const two = await items(four, req, 0, { maxToolsPerCall: 2 });
    assert.deepEqual(two.items, [
      call('lookup', '{"id":1}', 'call_explore_1_1'),
      call('lookup', '{"id":6}', 'call_explore_1_2'),
    ]);
  });

  test('keep a first simplest target when more follow, and each nonzero part of a lone one', async () => {
    const req = request({ tools: [lookup, ping] });
    const options = { arguments: ALL_MODES };
    const cases: [ModelCallChoice, ChoiceTarget[]][] = [
      [choice(1, target(0), target(1)), [target(0), target(1)]],
      [choice(1, target(1)), [target(1)]],
      [choice(1, target(0, 1)), [target(0, 1)]],
      [choice(1, target(0, 0, 1)), [target(0, 0, 1)]],
      [choice(1, target(2)), []],
    ];
    for (const [chosen, normal] of cases) {
      assert.deepEqual((await answer(chosen, req, 0, options)).choice.targets, normal);
    }
  });

  test('make arguments in the modes of options.arguments, rotating by target.mode', async () => {
    const req = request({ tools: [lookup] });
    const got = await items(
      choice(1, target(0, 1, 3), target(0, 2, 1), target(0, 3, 5)),
      req,
      0,
      { arguments: ALL_MODES },
    );
    assert.deepEqual(got, {
      kind: 'tools',
      items: [
        call('lookup', '{"id":1}', 'call_explore_1_1'),
        call('lookup', '{"id":1}', 'call_explore_1_2'),
        call('lookup', '{"id":2,"note":"not a undefined"}', 'call_explore_1_3'),
      ],
      valid: false,
      choice: { option: 1, targets: [target(0, 1), target(0, 2, 1), target(0, 3, 2)] },
    });
    // Without modes (or with an empty list), every mode is valid.
    for (const modes of [undefined, []]) {
      const plain = await items(choice(1, target(0, 3, 2)), req, 0, { arguments: modes });
      assert.equal(plain.valid, true);
      assert.deepEqual(plain.choice.targets, [target(0, 3)]);
    }
  });

  test("write a value that came out valid as the list's own 'valid', wherever it stands", async () => {
    // Mode 0 is the first listed mode: here 'invalid', so a valid value must keep pointing at
    // 'valid' (index 1), or its normal form would replay as a broken value.
    const req = request({ tools: [lookup] });
    const options = { arguments: ['invalid', 'valid'] } as const;
    const first = await items(choice(1, target(0, 1, 1)), req, 0, options);
    assert.deepEqual([first.valid, first.choice], [true, {
      option: 1,
      targets: [target(0, 1, 1)],
    }]);
    const again = await items(first.choice, req, 0, options);
    assert.deepEqual([again.items, again.valid], [first.items, true]);
    // Without 'valid' in the list, the index asked for falls back the same way on replay.
    const noValid = await items(choice(1, target(0, 1, 1)), request({ tools: [ping] }), 0, {
      arguments: ['invalid', 'boundary'],
    });
    assert.deepEqual(noValid.choice, { option: 1, targets: [target(0, 1, 1)] });
  });

  test('normalise a mode that changed nothing to 0, and stay valid', async () => {
    const req = request({ tools: [ping] });
    for (const mode of [1, 2]) {
      assert.deepEqual(
        await items(choice(1, target(0, 1, mode)), req, 0, { arguments: ALL_MODES }),
        {
          kind: 'tools',
          items: [call('ping', '{}', 'call_explore_1_1')],
          valid: true,
          choice: { option: 1, targets: [target(0, 1)] },
        },
      );
    }
  });

  test('send a value that is no object as JSON text', async () => {
    const got = await items(choice(1, target(0, 1)), request({ tools: [fn('word', WORD)] }));
    assert.deepEqual(got.items, [call('word', '"alp"', 'call_explore_1_1')]);
    const invalid = await items(
      choice(1, target(0, 1, 1)),
      request({ tools: [fn('word', WORD)] }),
      0,
      {
        arguments: ['valid', 'invalid'],
      },
    );
    assert.deepEqual(invalid.items, [call('word', '0', 'call_explore_1_1')]);
    assert.equal(invalid.valid, false);
  });

  test('take values from toolSchemas, and are invalid where the sent schema rejects them', async () => {
    const req = request({ tools: [fn('count', SMALL)] });
    assert.deepEqual(
      await items(choice(1, target(0, 1)), req, 0, { toolSchemas: { count: BIG } }),
      {
        kind: 'tools',
        items: [call('count', '{"n":52}', 'call_explore_1_1')],
        valid: false,
        choice: { option: 1, targets: [target(0, 1)] },
      },
    );
  });

  test('are invalid in the invalid mode even where the sent schema judges nothing', async () => {
    const req = request({ tools: [fn('count', OPEN), ping] });
    const options = { arguments: ALL_MODES, toolSchemas: { count: SMALL } };
    const got = await items(choice(1, target(0, 1, 2), target(1)), req, 0, options);
    assert.deepEqual(got, {
      kind: 'tools',
      items: [
        call('count', '{"n":4}', 'call_explore_1_1'),
        call('ping', '{}', 'call_explore_1_2'),
      ],
      valid: false,
      choice: { option: 1, targets: [target(0, 1, 2), target(1)] },
    });
    // Valid again once the invalid call is gone, after another one.
    const after = await items(choice(1, target(1), target(0, 1)), req, 0, options);
    assert.equal(after.valid, true);
  });

  test('raise BehaviourValueError for arguments that cannot be made', async () => {
    const error = await answer(choice(1), request({ tools: [fn('odd', ODD)] }), 2, {}).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof BehaviourValueError);
    assert.deepEqual(
      [error.callIndex, error.kind, error.toolName, error.schemaPath, error.message],
      [
        2,
        'tool',
        'odd',
        '#/properties/x/not',
        'BehaviourModel cannot generate arguments for tool "odd" at #/properties/x/not (call #3): ' +
        '"not" is not supported (at #/properties/x/not). Give a richer schema (toolSchemas, ' +
        'outputSchema) or set that weight to 0.',
      ],
    );
  });
});

describe('handoffs', () => {
  const other = handoff('transfer_to_other', TRIP);

  test('call the handoff the first target picks, with its values by seed and mode', async () => {
    const req = request({ handoffs: [other, desk] });
    const options = { arguments: ALL_MODES, weights: { answer: 0, tools: 0 } };
    assert.deepEqual(await items(choice(0, target(3, 1, 4), target(0)), req, 2, options), {
      kind: 'handoff',
      items: [call('transfer_to_desk', '{"city":"xxxxxxxx","days":1}', 'call_explore_3_1')],
      valid: true,
      choice: { option: 0, targets: [target(1, 1, 1)] },
    });
    assert.deepEqual(await items(choice(0, target(1, 2)), req, 0, options), {
      kind: 'handoff',
      items: [call('transfer_to_desk', '{"city":"delta br","days":3}', 'call_explore_1_1')],
      valid: true,
      choice: { option: 0, targets: [target(1, 2)] },
    });
    assert.deepEqual(await items(choice(0), req, 0, options), {
      kind: 'handoff',
      items: [call('transfer_to_other', '{"city":"zulu al","days":1}', 'call_explore_1_1')],
      valid: true,
      choice: { option: 0, targets: [] },
    });
  });

  test('are invalid in the invalid mode, though the strict schema proves no field required', async () => {
    const got = await items(choice(1, target(0, 2, 2)), request({ handoffs: [desk] }), 0, {
      arguments: ALL_MODES,
    });
    assert.deepEqual(got, {
      kind: 'handoff',
      items: [call('transfer_to_desk', '{"days":3}', 'call_explore_1_1')],
      valid: false,
      choice: { option: 1, targets: [target(0, 2, 2)] },
    });
  });

  test('normalise a mode that changed nothing to 0', async () => {
    const req = request({ handoffs: [handoff('transfer_to_desk', EMPTY)] });
    for (const mode of [1, 2]) {
      const got = await items(choice(1, target(0, 1, mode)), req, 0, { arguments: ALL_MODES });
      assert.deepEqual([got.items, got.valid, got.choice], [
        [call('transfer_to_desk', '{}', 'call_explore_1_1')],
        true,
        { option: 1, targets: [target(0, 1)] },
      ]);
    }
  });

  test("are invalid where the request's own check rejects the call", async () => {
    // Two handoffs of one tool name: the check judges by the last one's schema.
    const letters = {
      type: 'object',
      properties: { n: { type: 'string', enum: ['a'] } },
      required: ['n'],
      additionalProperties: false,
    };
    const req = request({
      handoffs: [handoff('transfer_to_desk', SMALL), handoff('transfer_to_desk', letters)],
    });
    const got = await items(choice(1, target(0, 1)), req);
    assert.deepEqual([got.items, got.valid], [
      [call('transfer_to_desk', '{"n":0}', 'call_explore_1_1')],
      false,
    ]);
  });

  test('send a value that is no object as JSON text', async () => {
    const got = await items(choice(1, target(0, 1)), request({ handoffs: [handoff('h', WORD)] }));
    assert.deepEqual(got.items, [call('h', '"bravo"', 'call_explore_1_1')]);
  });

  test('raise BehaviourValueError for an input that cannot be made', async () => {
    const error = await answer(
      choice(1),
      request({ handoffs: [handoff('transfer_to_odd', ODD)] }),
      0,
      {},
    )
      .then(() => undefined, (thrown: unknown) => thrown);
    assert.ok(error instanceof BehaviourValueError);
    assert.deepEqual(
      [error.callIndex, error.kind, error.toolName, error.schemaPath, error.message],
      [
        0,
        'handoff',
        'transfer_to_odd',
        '#/properties/x/not',
        'BehaviourModel cannot generate arguments for handoff "transfer_to_odd" at ' +
        '#/properties/x/not (call #1): "not" is not supported (at #/properties/x/not). Give a ' +
        'richer schema (toolSchemas, outputSchema) or set that weight to 0.',
      ],
    );
  });
});

describe('hosted calls', () => {
  const options = { weights: { answer: 0, tools: 0, handoff: 0, hosted: 1 } };

  test('are the offered hosted, computer, shell and patch calls, then MCP approval requests', async () => {
    const req = request({
      tools: [
        mcp('docs', { require_approval: 'always', allowed_tools: ['search'] }),
        webSearch,
        { type: 'computer', name: 'computer' },
        mcp('wiki', { require_approval: 'never' }),
        { type: 'shell', name: 'shell' },
        lookup,
        { type: 'apply_patch', name: 'apply_patch' },
        hosted({ type: 'code_interpreter' }),
        hosted({ type: 'file_search' }),
        hosted({ type: 'image_generation' }),
        hosted({ type: 'web_search_preview' }),
      ],
    });
    const id = 'explore_hosted_3_1';
    const expected = [
      mcpCall({ id, serverLabel: 'docs' }),
      webSearchCall({ id }),
      computerCall(undefined, { callId: id }),
      mcpCall({ id, serverLabel: 'wiki' }),
      shellCall(undefined, { callId: id }),
      applyPatchCall(undefined, { callId: id }),
      codeInterpreterCall({ id }),
      fileSearchCall({ id }),
      imageGenerationCall({ id }),
      webSearchCall({ id }),
      mcpApprovalRequest({ id, serverLabel: 'docs', name: 'search' }),
    ];
    const seen: Answer[] = [];
    for (let index = 0; index <= expected.length; index++) {
      seen.push(await answer(choice(0, target(index, 5, 2)), req, 2, options));
    }
    assert.deepEqual(
      seen,
      [...expected, expected[0]].map((item, index) => ({
        kind: 'hosted',
        items: [item],
        valid: true,
        choice: { option: 0, targets: index % expected.length === 0 ? [] : [target(index)] },
      })),
    );
  });

  test("ask approval for the first allowed tool's name, or echo", async () => {
    const cases: [unknown, string][] = [
      [['search', 'write'], 'search'],
      [{ tool_names: ['delete', 'read'] }, 'delete'],
      [undefined, 'echo'],
      [[], 'echo'],
      [[7], 'echo'],
      [{ tool_names: 'read' }, 'echo'],
      [{}, 'echo'],
    ];
    for (const [allowed, name] of cases) {
      const req = request({ tools: [mcp('docs', { allowed_tools: allowed })] });
      const got = await items(choice(0, target(1)), req, 0, options);
      assert.deepEqual(
        got.items,
        [mcpApprovalRequest({ id: 'explore_hosted_1_1', serverLabel: 'docs', name })],
      );
    }
  });

  test('ask approval unless the server never requires it, under its label as text', async () => {
    const req = request({
      tools: [mcp(7, { require_approval: { always: { tool_names: ['x'] } } }), mcp('b')],
    });
    const got: unknown[] = [];
    for (let index = 0; index < 5; index++) {
      got.push(...(await items(choice(0, target(index)), req, 0, options)).items);
    }
    const id = 'explore_hosted_1_1';
    assert.deepEqual(got, [
      mcpCall({ id, serverLabel: '7' }),
      mcpCall({ id, serverLabel: 'b' }),
      mcpApprovalRequest({ id, serverLabel: '7', name: 'echo' }),
      mcpApprovalRequest({ id, serverLabel: 'b', name: 'echo' }),
      mcpCall({ id, serverLabel: '7' }),
    ]);
  });

  test('come from hosted tools only: a function tool with MCP-like data asks no approval', async () => {
    const tool = fn('mcp_like', EMPTY, { providerData: { type: 'mcp', server_label: 'x' } });
    const req = request({ tools: [tool, webSearch] });
    const got: unknown[] = [];
    for (let index = 0; index < 2; index++) {
      got.push(...(await items(choice(0, target(index)), req, 0, options)).items);
    }
    const id = 'explore_hosted_1_1';
    assert.deepEqual(got, [webSearchCall({ id }), webSearchCall({ id })]);
  });
});

describe('model errors', () => {
  const options = { weights: { answer: 0, tools: 0, handoff: 0, error: 1 } };

  test('are a 500 and a 429, by target index', async () => {
    assert.deepEqual(MODEL_ERRORS, [
      { status: 500, message: '500 The server had an error while processing your request.' },
      { status: 429, message: '429 Rate limit reached for requests.' },
    ]);
    const seen: unknown[] = [];
    for (let index = 0; index < 4; index++) {
      const got = await answer(
        choice(3, target(index, 4, 2)),
        request({ tools: [lookup] }),
        0,
        options,
      );
      assert.equal(got.kind, 'error');
      assert.ok(got.kind === 'error' && got.error instanceof Error);
      seen.push([got.error.message, got.error.status, got.choice]);
    }
    assert.deepEqual(seen, [
      [MODEL_ERRORS[0].message, 500, { option: 0, targets: [] }],
      [MODEL_ERRORS[1].message, 429, { option: 0, targets: [target(1)] }],
      [MODEL_ERRORS[0].message, 500, { option: 0, targets: [] }],
      [MODEL_ERRORS[1].message, 429, { option: 0, targets: [target(1)] }],
    ]);
  });
});

describe('final answers', () => {
  test('are a short text by seed, the target reduced to its seed', async () => {
    const seen: Answer[] = [];
    for (let value = 0; value < 6; value++) {
      seen.push(await answer(choice(0, target(3, value, 2)), request(), 0, { outputs: ALL_MODES }));
    }
    const texts = ['Done.', 'All set.', 'I could not complete that.', 'Here is what I found.'];
    assert.deepEqual(
      seen,
      [0, 1, 2, 3, 0, 1].map((value) => ({
        kind: 'answer',
        items: [message(texts[value])],
        valid: true,
        choice: { option: 0, targets: value === 0 ? [] : [target(0, value)] },
      })),
    );
  });

  test('of a structured output are its JSON in the modes of options.outputs', async () => {
    const req = request({ outputType: structured('Report', REPORT) });
    const seen: unknown[] = [];
    for (const [value, mode] of [[0, 0], [0, 1], [0, 2], [1, 3], [1, 5], [2, 2], [7, 0]]) {
      const got = await items(choice(0, target(2, value, mode)), req, 0, { outputs: ALL_MODES });
      seen.push([
        (got.items[0] as ReturnType<typeof message>).content[0].text,
        got.valid,
        got.choice,
      ]);
    }
    assert.deepEqual(seen, [
      ['{"score":4}', true, { option: 0, targets: [] }],
      ['{"score":0}', true, { option: 0, targets: [target(0, 0, 1)] }],
      ['{"score":"not a number"}', false, { option: 0, targets: [target(0, 0, 2)] }],
      ['{"score":5}', true, { option: 0, targets: [target(0, 1)] }],
      ['{"score":6}', false, { option: 0, targets: [target(0, 1, 2)] }],
      // Left out a required field: invalid, though the check proves no field required.
      ['{}', false, { option: 0, targets: [target(0, 2, 2)] }],
      ['{"score":3}', true, { option: 0, targets: [target(0, 7)] }],
    ]);
  });

  test("write an output that came out valid as the list's own 'valid'", async () => {
    const req = request({ outputType: structured('Empty', EMPTY) });
    const got = await answer(choice(0, target(0, 1, 0)), req, 0, {
      outputs: ['boundary', 'invalid', 'valid'],
    });
    assert.deepEqual(got, {
      kind: 'answer',
      items: [message('{}')],
      valid: true,
      choice: { option: 0, targets: [target(0, 1, 2)] },
    });
  });

  test('normalise an output mode that changed nothing to 0', async () => {
    const req = request({ outputType: structured('Empty', EMPTY) });
    for (const mode of [1, 2]) {
      assert.deepEqual(
        await answer(choice(0, target(0, 1, mode)), req, 0, { outputs: ALL_MODES }),
        {
          kind: 'answer',
          items: [message('{}')],
          valid: true,
          choice: { option: 0, targets: [target(0, 1)] },
        },
      );
    }
  });

  test('take the output from outputSchema, and are invalid where the sent schema rejects it', async () => {
    const req = request({ outputType: structured('Count', SMALL) });
    assert.deepEqual(await answer(choice(0, target(0, 1)), req, 0, { outputSchema: BIG }), {
      kind: 'answer',
      items: [message('{"n":58}')],
      valid: false,
      choice: { option: 0, targets: [target(0, 1)] },
    });
    const open = request({ outputType: structured('Count', OPEN) });
    const got = await items(choice(0, target(0, 1, 2)), open, 0, {
      outputSchema: SMALL,
      outputs: ALL_MODES,
    });
    assert.deepEqual([got.items, got.valid], [[message('{"n":4}')], false]);
  });

  test('of a string output are its JSON text', async () => {
    const req = request({ outputType: structured('Word', WORD) });
    assert.deepEqual((await items(choice(0, target(0, 1)), req)).items, [message('"kilo"')]);
  });

  test('raise BehaviourValueError for an output that cannot be made', async () => {
    const req = request({ outputType: structured('Odd', ODD) });
    const error = await answer(choice(0), req, 1, {}).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof BehaviourValueError);
    assert.deepEqual(
      [error.callIndex, error.kind, error.toolName, error.schemaPath, error.message],
      [
        1,
        'output',
        'Odd',
        '#/properties/x/not',
        'BehaviourModel cannot generate the output "Odd" at #/properties/x/not (call #2): "not" ' +
        'is not supported (at #/properties/x/not). Give a richer schema (toolSchemas, ' +
        'outputSchema) or set that weight to 0.',
      ],
    );
  });
});

describe('the normal form', () => {
  const requests = [
    request(),
    request({ outputType: structured('Report', REPORT) }),
    request({
      tools: [lookup, fn('refund', TRIP, { namespace: 'billing' }), webSearch],
      handoffs: [desk],
    }),
    choosing('required', {
      tools: [ping, mcp('docs', { require_approval: 'always' })],
      handoffs: [desk, handoff('transfer_to_other', TRIP)],
    }),
    choosing('lookup', { tools: [ping, lookup], outputType: structured('Report', REPORT) }),
  ];
  // Mode lists in every order, with and without 'valid': a value that came out valid is written
  // as the list's 'valid' (or as the mode asked for, when the list has none).
  const optionSets: ModelBehaviourOptions[] = [
    {},
    { arguments: ALL_MODES, outputs: ALL_MODES, weights: { error: 1, hosted: 2 } },
    { arguments: ['valid', 'invalid'], maxToolsPerCall: 2, maxCalls: 3, weights: { hosted: 1 } },
    { arguments: ['invalid', 'valid'], outputs: ['boundary', 'invalid', 'valid'] },
    { arguments: ['boundary', 'invalid'], outputs: ['invalid'], maxToolsPerCall: 2 },
  ];
  const targets = fc.record({
    index: fc.nat({ max: 5 }),
    value: fc.nat({ max: 5 }),
    mode: fc.nat({ max: 3 }),
  });

  const outcome = (got: Answer) =>
    got.kind === 'error'
      ? { kind: got.kind, message: got.error.message, status: got.error.status }
      : { kind: got.kind, items: got.items, valid: got.valid };

  test('answers the same as the choice it came from, and is its own normal form', async () => {
    await checkAsyncProperty(
      60,
      fc.asyncProperty(
        fc.nat({ max: requests.length - 1 }),
        fc.nat({ max: optionSets.length - 1 }),
        fc.nat({ max: 9 }),
        fc.record({ option: fc.nat({ max: 20 }), targets: fc.array(targets, { maxLength: 4 }) }),
        async (which, optionsAt, callIndex, chosen) => {
          const req = requests[which];
          const options = optionSets[optionsAt];
          const first = await answer(chosen, req, callIndex, options);
          const again = await answer(first.choice, req, callIndex, options);
          assert.deepEqual(outcome(again), outcome(first));
          assert.deepEqual(again.choice, first.choice);
        },
      ),
    );
  });
});
