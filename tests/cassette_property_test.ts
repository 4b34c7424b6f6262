// Properties of cassette matching and serialization, checked with fast-check:
// concurrent calls replay in any order, equal requests match whatever their
// key order, a normalizer makes volatile values irrelevant, and the JSON form
// round-trips.
import assert from 'node:assert/strict';
import type { ModelRequest } from '@openai/agents';
import fc from 'fast-check';
import { assistantMessage, modelResponder, ScriptedModel } from 'scripted-agents/testing';
import {
  Cassette,
  type CassetteData,
  type CassetteInteraction,
  type JsonValue,
} from 'scripted-agents/cassette';
import { orderedKeys } from '../cassette/_json.ts';
import { describe, test } from './_harness.ts';
import { propertyParameters } from './_property.ts';

const runs = propertyParameters(40);

function request(input: unknown, instructions = 'Be brief.'): ModelRequest {
  return {
    systemInstructions: instructions,
    input: input as ModelRequest['input'],
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
  };
}

/** A provider whose model answers each request with its own input, echoed. */
const echoProvider = {
  getModel: () =>
    new ScriptedModel(
      Array.from({ length: 64 }, () =>
        modelResponder((call) => [assistantMessage(JSON.stringify(call.request.input))])),
    ),
};

async function record(requests: ModelRequest[], model = 'm'): Promise<CassetteData> {
  const recorder = new Cassette({ mode: 'record', provider: echoProvider });
  for (const r of requests) await recorder.model(model).getResponse(r);
  return JSON.parse(JSON.stringify(await recorder.close()));
}

const textOf = (response: { output: unknown[] }) =>
  (response.output[0] as { content: { text: string }[] }).content[0].text;

/** JSON values without `$blob`-looking keys or huge strings. */
const json: fc.Arbitrary<JsonValue> = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonValue>;

/** The same JSON with every object's keys in reverse order. */
function reorder(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(reorder);
  return Object.fromEntries(Object.keys(value).reverse().map((key) => [key, reorder(value[key])]));
}

describe('cassette properties', () => {
  test('concurrent calls replay correctly whatever order they arrive in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 8 }),
        fc.func(fc.integer()),
        async (inputs, rank) => {
          const data = await record(inputs.map((input) => request(input)));
          const order = inputs.map((input, i) => ({ input, i })).sort((a, b) =>
            rank(a.input) - rank(b.input) || a.i - b.i
          );
          const cassette = Cassette.fromJSON(data);
          const model = cassette.model('m');
          const answers = await Promise.all(
            order.map(({ input }) => model.getResponse(request(input))),
          );
          answers.forEach((answer, k) => {
            assert.equal(textOf(answer), JSON.stringify(order[k].input));
          });
          await cassette.close();
        },
      ),
      runs,
    );
  });

  test('identical requests replay their recorded answers in recording order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), async (count) => {
        let n = 0;
        const provider = {
          getModel: () =>
            new ScriptedModel(
              Array.from({ length: count }, () =>
                modelResponder(() => [assistantMessage(`answer ${++n}`)])),
            ),
        };
        const recorder = new Cassette({ mode: 'record', provider });
        for (let i = 0; i < count; i++) await recorder.model('m').getResponse(request('same'));
        const cassette = Cassette.fromJSON(await recorder.close());
        for (let i = 1; i <= count; i++) {
          assert.equal(
            textOf(await cassette.model('m').getResponse(request('same'))),
            `answer ${i}`,
          );
        }
        await cassette.close();
      }),
      runs,
    );
  });

  test('equal requests match whatever the key order of their objects', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(json, { maxLength: 4 }), async (items) => {
        const input = items.map((content) => ({ role: 'user', content }));
        const data = await record([request(input)]);
        const cassette = Cassette.fromJSON(data);
        const answer = await cassette.model('m').getResponse(request(reorder(input)));
        assert.equal(textOf(answer), JSON.stringify(input));
        await cassette.close();
      }),
      runs,
    );
  });

  test('with a normalizer, requests equal after normalizing always match', async () => {
    const normalize = (r: { systemInstructions?: string }) => {
      r.systemInstructions = r.systemInstructions?.replace(/id=\w+/g, 'id=<id>');
    };
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 10 }),
        fc.stringMatching(/^\w{1,8}$/),
        fc.stringMatching(/^\w{1,8}$/),
        async (input, before, after) => {
          const recorder = new Cassette({ mode: 'record', provider: echoProvider, normalize });
          await recorder.model('m').getResponse(request(input, `Session id=${before}.`));
          const cassette = Cassette.fromJSON(await recorder.close(), { normalize });
          const answer = await cassette.model('m').getResponse(
            request(input, `Session id=${after}.`),
          );
          assert.equal(textOf(answer), JSON.stringify(input));
          await cassette.close();
        },
      ),
      runs,
    );
  });

  test('a file with its keys in any order loads to the same cassette', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(json, { minLength: 1, maxLength: 3 }), async (inputs) => {
        const data = await record(
          inputs.map((input) => request([{ role: 'user', content: input }])),
        );
        const reordered = JSON.stringify(reorder(data as unknown as JsonValue));
        assert.deepEqual(Cassette.fromJSON(reordered).toJSON(), data);
        assert.deepEqual(Cassette.fromJSON(JSON.parse(reordered)).toJSON(), data);
      }),
      runs,
    );
  });

  test('branching, interleaved conversations round-trip through continued inputs', async () => {
    const item = fc.oneof(
      json.map((content) => ({ role: 'user', content }) as JsonValue),
      fc.record({ type: fc.constant('function_call_result'), callId: fc.string(), output: json }),
    );
    const step = fc.record({
      base: fc.nat(),
      fresh: fc.boolean(),
      text: fc.option(fc.string({ maxLength: 4 }), { nil: undefined }),
      extra: fc.array(item, { maxLength: 3 }),
      model: fc.constantFrom('a', 'b'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 8 }),
        fc.func(fc.integer()),
        async (steps, rank) => {
          // Each request starts afresh (a string or a list) or extends an earlier one's list.
          const inputs: (string | JsonValue[])[] = [];
          for (const [i, { base, fresh, text, extra }] of steps.entries()) {
            const earlier = i === 0 || fresh ? undefined : inputs[base % i];
            if (earlier === undefined && text !== undefined) inputs.push(text);
            else inputs.push([...(Array.isArray(earlier) ? earlier : []), ...extra]);
          }
          const recorder = new Cassette({ mode: 'record', provider: echoProvider });
          for (const [i, { model }] of steps.entries()) {
            await recorder.model(model).getResponse(request(inputs[i]));
          }
          const data: CassetteData = JSON.parse(JSON.stringify(recorder));
          // As JSON: the in-memory recording may hold -0, which JSON writes as 0.
          const whole: CassetteInteraction[] = JSON.parse(
            JSON.stringify(recorder.interactions),
          );
          const items = (i: number) => whole[i].request.input;
          const startsWith = (list: JsonValue[], start: JsonValue) =>
            Array.isArray(start) && start.length > 0 && start.length <= list.length &&
            JSON.stringify(list.slice(0, start.length)) === JSON.stringify(start);
          data.interactions.forEach(({ request: stored }, i) => {
            const input = items(i);
            const longest = Math.max(
              0,
              ...whole.slice(0, i).map((_, j) =>
                Array.isArray(input) && startsWith(input, items(j)) ? items(j).length : 0
              ),
            );
            if (longest === 0) {
              // Nothing earlier to continue: the input is written out.
              assert.deepEqual(stored.input, input);
              assert.equal(stored.inputFrom, undefined);
              return;
            }
            // Otherwise it continues an earlier interaction with the longest such input.
            assert.ok(stored.inputFrom! < i);
            assert.equal(items(stored.inputFrom!).length, longest);
            assert.deepEqual([...items(stored.inputFrom!), ...stored.inputAppend!], input);
          });
          // Loading expands every input back, from this form and from version 1 alike.
          const loaded = Cassette.fromJSON(JSON.stringify(data));
          assert.deepEqual(loaded.interactions, whole);
          assert.deepEqual(loaded.toJSON(), data);
          const v1 = { ...data, version: 1, interactions: whole };
          assert.deepEqual(Cassette.fromJSON(JSON.stringify(v1)).toJSON(), data);
          assert.deepEqual(Cassette.fromJSON(v1).interactions, whole);
          // And every request replays its own answer, in any order.
          const order = steps.map((s, i) => ({ model: s.model, i }))
            .sort((x, y) => rank(x.i) - rank(y.i) || x.i - y.i);
          const answers = await Promise.all(
            order.map(({ model, i }) => loaded.model(model).getResponse(request(inputs[i]))),
          );
          answers.forEach((answer, k) => {
            assert.deepEqual(
              JSON.parse(textOf(answer)),
              JSON.parse(JSON.stringify(inputs[order[k].i])),
            );
          });
          await loaded.close();
        },
      ),
      runs,
    );
  });

  test('keys are ordered as a sort by code unit with `type` moved first, whatever their number', () => {
    const key = fc.oneof(
      fc.constant('type'),
      fc.string({ maxLength: 3 }),
      fc.string({ unit: 'binary', maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 40 }), (keys) => {
        const expected = [...keys].sort();
        if (expected.includes('type')) expected.splice(expected.indexOf('type'), 1);
        if (keys.includes('type')) expected.unshift('type');
        assert.deepEqual(orderedKeys([...keys]), expected);
      }),
      propertyParameters(200),
    );
  });

  test('the JSON form round-trips', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(json, fc.constantFrom('a', 'b', '')), { minLength: 1, maxLength: 5 }),
        async (calls) => {
          const recorder = new Cassette({ mode: 'record', provider: echoProvider });
          for (const [input, model] of calls) {
            await recorder.model(model).getResponse(request([{ role: 'user', content: input }]));
          }
          const data = recorder.toJSON();
          const text = JSON.stringify(data, null, 2);
          const loaded = Cassette.fromJSON(text);
          assert.deepEqual(loaded.toJSON(), JSON.parse(text));
          assert.equal(JSON.stringify(loaded, null, 2), text);
        },
      ),
      runs,
    );
  });
});
