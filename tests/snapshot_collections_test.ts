// Maps and Sets in what a double records: a snapshot copies them with what
// they hold at the time, so a recorded call shows what was sent then, however
// the map changes afterwards; and an object kept by identity (a class
// instance) never lets a cassette reuse what it converted for an earlier call.
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import { assistantMessage, functionCall, ScriptedModel } from 'scripted-agents/testing';
import { Cassette, CassetteMissError } from 'scripted-agents/cassette';
import { frozenSnapshot, snapshotValue } from '../_internal/snapshot.ts';
import { SnapshotStore } from '../_internal/snapshot_store.ts';
import { describe, test } from './_harness.ts';

/** A tool that bumps `counters.get('bumps')`, and a two-call tool loop around it. */
function bumpingRun(counters: { bump(): void }) {
  const bump = tool({
    name: 'bump',
    description: 'Bumps the counter.',
    parameters: z.object({}),
    execute: () => {
      counters.bump();
      return 'ok';
    },
  });
  const steps = () => [
    [functionCall('bump', {}, { callId: 'c1' })],
    [assistantMessage('done')],
  ];
  return { bump, steps };
}

describe('Recorded calls: a Map is recorded with what it held when it was sent', () => {
  test('ScriptedModel.calls through the Runner: [0, 1], not the map as it is now', async () => {
    const counters = new Map([['bumps', 0]]);
    const { bump, steps } = bumpingRun({
      bump: () => counters.set('bumps', counters.get('bumps')! + 1),
    });
    const model = new ScriptedModel(steps());
    const agent = new Agent({
      name: 'A',
      model,
      tools: [bump],
      modelSettings: { providerData: { counters } },
    });
    await new Runner({ tracingDisabled: true }).run(agent, 'go');
    const sent = model.calls.map((call) => {
      const map = call.request.modelSettings.providerData?.counters as Map<string, number>;
      assert.ok(map instanceof Map);
      assert.notEqual(map, counters);
      return map.get('bumps');
    });
    assert.deepEqual(sent, [0, 1]);
    assert.equal(counters.get('bumps'), 1);
    // Each read is a fresh copy: changing it reaches neither the record nor the map.
    (model.calls[0].request.modelSettings.providerData?.counters as Map<string, number>)
      .set('bumps', 9);
    assert.equal(
      (model.calls[0].request.modelSettings.providerData?.counters as Map<string, number>)
        .get('bumps'),
      0,
    );
  });

  test('a cassette records [0, 1] and replays the same run; a run that sends other counts misses', async () => {
    const counters = new Map([['bumps', 0]]);
    const { bump, steps } = bumpingRun({
      bump: () => counters.set('bumps', counters.get('bumps')! + 1),
    });
    const real = new ScriptedModel(steps());
    const recorder = new Cassette({ mode: 'record', provider: { getModel: () => real } });
    const agent = new Agent({
      name: 'A',
      model: 'm',
      tools: [bump],
      modelSettings: { providerData: { counters } },
    });
    await new Runner({ tracingDisabled: true, modelProvider: recorder }).run(agent, 'go');
    const stored = recorder.interactions.map((i) =>
      (i.request.modelSettings as { providerData: { counters: { bumps: number } } })
        .providerData.counters.bumps
    );
    assert.deepEqual(stored, [0, 1]);
    const text = JSON.stringify(recorder);

    counters.set('bumps', 0);
    const replay = Cassette.fromJSON(text);
    const result = await new Runner({ tracingDisabled: true, modelProvider: replay }).run(
      agent,
      'go',
    );
    assert.equal(result.finalOutput, 'done');
    await replay.close();
    // Not reset: the first call sends 1 bump, which nothing recorded.
    const again = Cassette.fromJSON(text);
    await assert.rejects(
      new Runner({ tracingDisabled: true, modelProvider: again }).run(agent, 'go'),
      CassetteMissError,
    );
    assert.equal(again.acknowledgeFailures().length, 1);
  });

  test('a class instance changed between calls is converted again for each call', async () => {
    class Counter {
      bumps = 0;
      bump(): void {
        this.bumps++;
      }
    }
    const counter = new Counter();
    const { bump } = bumpingRun(counter);
    const runner = (modelProvider: Cassette) =>
      new Runner({ tracingDisabled: true, modelProvider });
    type Held = { providerData: { counter: { bumps: number } } };
    const record = async (providerData: Held['providerData'] | undefined) => {
      counter.bumps = 0;
      const recorder = new Cassette({
        mode: 'record',
        provider: {
          getModel: () =>
            new ScriptedModel([
              [functionCall('bump', {}, { callId: 'c1', providerData })],
              [functionCall('bump', {}, { callId: 'c2' })],
              [assistantMessage('done')],
            ]),
        },
      });
      await runner(recorder).run(agent, 'go');
      return recorder;
    };
    const agent = new Agent({
      name: 'A',
      model: 'm',
      tools: [bump],
      modelSettings: { providerData: { counter } },
    });
    const recorder = await record(undefined);
    assert.deepEqual(
      recorder.interactions.map((i) =>
        (i.request.modelSettings as Held).providerData.counter.bumps
      ),
      [0, 1, 2],
    );
    counter.bumps = 0;
    const replay = Cassette.fromJSON(JSON.stringify(recorder));
    assert.equal((await runner(replay).run(agent, 'go')).finalOutput, 'done');
    await replay.close();
    // Not reset: the first call sends 2 bumps, which nothing recorded.
    const again = Cassette.fromJSON(JSON.stringify(recorder));
    await assert.rejects(runner(again).run(agent, 'go'), CassetteMissError);
    assert.equal(again.acknowledgeFailures().length, 1);

    // In an output item the next requests send back: the scripted output keeps
    // the instance, so the same item node holds it in both later requests.
    const items = await record({ counter } as unknown as Held['providerData']);
    assert.deepEqual(
      items.interactions.slice(1).map((i) =>
        (i.request.input[1] as Held).providerData.counter.bumps
      ),
      [1, 2],
    );
  });
});

describe('snapshotValue and SnapshotStore: Maps and Sets are copied', () => {
  const fixtures: [string, () => { value: unknown; map: Map<unknown, unknown> }][] = [
    ['a map of objects, keyed by an object', () => {
      const key = { id: 1 };
      const map = new Map<unknown, unknown>([[key, { n: 1 }], ['list', [1, 2]]]);
      return { value: { map, key }, map };
    }],
    ['a map that holds itself and its holder', () => {
      const map = new Map<unknown, unknown>();
      const holder = { map };
      map.set('self', map).set('holder', holder);
      return { value: holder, map };
    }],
  ];
  for (const [name, make] of fixtures) {
    test(`${name}: the copy holds what the map held, keys by identity, values detached`, () => {
      for (
        const snapshot of [
          snapshotValue,
          (v: unknown) => frozenSnapshot(new SnapshotStore().store(v)),
        ]
      ) {
        const { value, map } = make();
        const copy = snapshot(value) as { map: Map<unknown, unknown> };
        assert.ok(copy.map instanceof Map);
        assert.notEqual(copy.map, map);
        assert.deepEqual([...copy.map.keys()], [...map.keys()]);
        for (const [key, item] of map) {
          if (typeof item === 'object' && item !== null && item !== map && item !== value) {
            assert.notEqual(copy.map.get(key), item);
            assert.deepEqual(copy.map.get(key), item);
          }
        }
        if (map.has('self')) {
          assert.equal(copy.map.get('self'), copy.map);
          assert.equal(copy.map.get('holder'), copy);
        }
        map.set('late', 1);
        assert.equal(copy.map.has('late'), false);
      }
    });
  }

  test('a set keeps its members (looked up by identity); subclasses and other realms', () => {
    const member = { id: 1 };
    const set = new Set([member, 2]);
    const copy = snapshotValue({ set }).set;
    assert.ok(copy instanceof Set);
    assert.notEqual(copy, set);
    assert.ok(copy.has(member));
    set.add(3);
    assert.equal(copy.has(3), false);
    class Registry extends Map {}
    const registry = new Registry();
    assert.equal(snapshotValue({ registry }).registry, registry);
    const foreign = runInNewContext('new Map([["a", { b: 1 }]])');
    const foreignCopy = snapshotValue(foreign);
    assert.notEqual(foreignCopy, foreign);
    assert.equal(Object.getPrototypeOf(foreignCopy), Object.getPrototypeOf(foreign));
    assert.notEqual(foreignCopy.get('a'), foreign.get('a'));
    assert.equal(foreignCopy.get('a').b, 1);
    const stored = new SnapshotStore().store(foreign);
    assert.notEqual(stored, foreign);
    assert.equal(stored.get('a').b, 1);
  });

  test('the store never shares a map between snapshots, nor the objects holding it', () => {
    const store = new SnapshotStore();
    const map = new Map([['bumps', 0]]);
    const first = store.store({ settings: { map }, other: { x: 1 } });
    map.set('bumps', 1);
    const second = store.store({ settings: { map }, other: { x: 1 } });
    assert.notEqual(second.settings, first.settings);
    assert.equal(first.settings.map.get('bumps'), 0);
    assert.equal(second.settings.map.get('bumps'), 1);
    // What holds no map is still shared.
    assert.equal(second.other, first.other);
  });
});
