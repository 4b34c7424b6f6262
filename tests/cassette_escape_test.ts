// Recorded data that looks like a blob reference: a key of the data spelled
// `$blob` (or `$$blob`, …) is escaped on save and unescaped on replay, so every
// saved cassette loads and gives back exactly what was recorded; files written
// before the escaping (versions 1 and 2) keep their meaning.
import assert from 'node:assert/strict';
import { Agent, type ModelRequest, Runner, tool, Usage } from '@openai/agents';
import fc from 'fast-check';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  modelResponse,
  ScriptedModel,
} from 'scripted-agents/testing';
import { Cassette, type CassetteData, type JsonValue } from 'scripted-agents/cassette';
import { describe, test } from './_harness.ts';
import { checkAsyncProperty } from './_property.ts';

const LOOKS_LIKE_A_BLOB = {
  $blob: 'sha256-0000000000000000000000000000000000000000000000000000000000000000',
};

const lookup = tool({
  name: 'lookup',
  description: 'Looks a thing up.',
  parameters: z.object({ id: z.string() }),
  execute: () => 'found',
});

/** Records one tool-loop run whose model output carries `providerData` (it goes into the next request too). */
async function recordRun(providerData: Record<string, unknown>): Promise<string> {
  const real = new ScriptedModel([
    [functionCall('lookup', { id: 'a' }, { callId: 'c1', providerData })],
    modelResponse({
      output: [assistantMessage('Done.', { providerData })],
      usage: new Usage({ requests: 1 }),
      providerData,
    }),
  ]);
  const recorder = new Cassette({ mode: 'record', provider: { getModel: () => real } });
  const agent = new Agent({ name: 'A', model: 'm', tools: [lookup] });
  await new Runner({ modelProvider: recorder, tracingDisabled: true }).run(agent, 'Go');
  return JSON.stringify(await recorder.close());
}

describe('Cassette: data that looks like a blob reference', () => {
  test('a recorded { "$blob": … } object saves, loads and replays unchanged through the Runner', async () => {
    const providerData = { ref: LOOKS_LIKE_A_BLOB, $$blob: 'two', nested: [{ $blob: 5 }] };
    const text = await recordRun(providerData);
    const data = JSON.parse(text) as CassetteData;
    assert.equal(data.version, 3);
    assert.deepEqual(data.blobs, {});
    const cassette = Cassette.fromJSON(text);
    const agent = new Agent({ name: 'A', model: 'm', tools: [lookup] });
    const result = await new Runner({ modelProvider: cassette, tracingDisabled: true }).run(
      agent,
      'Go',
    );
    assert.equal(result.finalOutput, 'Done.');
    const last = result.rawResponses.at(-1)!;
    assert.deepEqual(last.providerData, providerData);
    assert.deepEqual(
      (last.output[0] as { providerData?: unknown }).providerData,
      providerData,
    );
    // The stored form shows the escaped keys; the replayed values the data's own.
    const stored = cassette.interactions[1].response!.providerData as Record<string, JsonValue>;
    assert.deepEqual(Object.keys(stored), ['$$$blob', 'nested', 'ref']);
    assert.deepEqual(stored.ref, { $$blob: LOOKS_LIKE_A_BLOB.$blob });
    await cassette.close();
  });

  test('a cassette without such keys is still written as version 2', async () => {
    const data = JSON.parse(await recordRun({ plain: { blob: 1, $other: 2 } })) as CassetteData;
    assert.equal(data.version, 2);
  });

  test('version 2 files keep their meaning: references stay references, other keys stay as written', async () => {
    const payload = 'A'.repeat(2048);
    const digest = 'sha256-' + '1'.repeat(64);
    const cassette = Cassette.fromJSON({
      format: 'scripted-agents/cassette',
      version: 2,
      models: {},
      interactions: [{
        model: 'm',
        streamed: false,
        request: { input: 'Hi', modelSettings: {}, tools: [], handoffs: [], outputType: 'text' },
        response: {
          output: [],
          usage: { requests: 1 },
          providerData: { image: { $blob: digest }, $$blob: 'kept', mixed: { $blob: 'x', a: 1 } },
        },
      }],
      blobs: { [digest]: payload },
    });
    const response = await cassette.model('m').getResponse({
      input: 'Hi',
      modelSettings: {},
      tools: [],
      handoffs: [],
      outputType: 'text',
      tracing: false,
    } as ModelRequest);
    assert.deepEqual(response.providerData, {
      image: payload,
      $$blob: 'kept',
      mixed: { $blob: 'x', a: 1 },
    });
    // Written again, the same data round-trips under version 3.
    const again = Cassette.fromJSON(JSON.stringify(cassette));
    assert.equal((JSON.parse(JSON.stringify(cassette)) as CassetteData).version, 3);
    assert.deepEqual(again.toScriptedModel().remainingSteps, 1);
    const replay = await again.toScriptedModel().getResponse({} as never);
    assert.deepEqual(replay.providerData, response.providerData);
    await cassette.close();
  });

  test('a version this code does not know is refused, naming the versions it reads', () => {
    assert.throws(
      () =>
        Cassette.fromJSON({
          format: 'scripted-agents/cassette',
          version: 4,
          interactions: [],
        }),
      (error: unknown) => {
        assert.equal((error as { path: string }).path, 'version');
        assert.equal((error as { expected: string }).expected, 'format version 3, 2 or 1');
        return true;
      },
    );
  });
});

/** Blob-like keys, escaped-looking keys and ordinary ones. */
const key = fc.oneof(
  fc.constantFrom('$blob', '$$blob', '$$$blob', '$blo', 'blob', '$', '$$', '$a', 'type', 'a'),
  fc.string({ maxLength: 6 }),
);
const digestLike = fc.stringMatching(/^[0-9a-f]{0,8}$/).map((h) => `sha256-${h}`);
const userData: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      fc.string({ maxLength: 8 }),
      digestLike,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    digestLike.map((digest) => ({ $blob: digest })),
  ),
})).value;

describe('Cassette: any JSON user data round-trips (property)', () => {
  test('user data in a request and its response saves, loads, matches and replays unchanged', async () => {
    await checkAsyncProperty(
      60,
      fc.asyncProperty(userData, async (data) => {
        const providerData = { data };
        const request = (): ModelRequest => ({
          input: [{ type: 'message', role: 'user', content: 'Hi', providerData }],
          modelSettings: { providerData },
          tools: [],
          handoffs: [],
          outputType: 'text',
          tracing: false,
        } as unknown as ModelRequest);
        const real = new ScriptedModel([
          modelResponse({ output: [], usage: new Usage({ requests: 1 }), providerData }),
        ]);
        const recorder = new Cassette({ mode: 'record', provider: { getModel: () => real } });
        await recorder.model('m').getResponse(request());
        const text = JSON.stringify(await recorder.close());
        const cassette = Cassette.fromJSON(text);
        const response = await cassette.model('m').getResponse(request());
        assert.deepEqual(response.providerData, JSON.parse(JSON.stringify(providerData)));
        // Saved again, the file is the same.
        assert.equal(JSON.stringify(cassette), text);
        await cassette.close();
      }),
    );
  });
});
