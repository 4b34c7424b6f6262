// Each turn of the viewer names the agent its model call served: recorded by
// the cassette from the run, shown (escaped) beside the model, and absent for
// recordings made before agents were recorded.
import assert from 'node:assert/strict';
import { Agent, Runner } from '@openai/agents';
import { Cassette } from 'scripted-agents/cassette';
import { assistantMessage, handoffCall, ScriptedModel } from 'scripted-agents/testing';
import { cassetteHtml } from '../cassette/_view_cassette.ts';
import { diffRecordings, parseRecording } from '../cassette/recording_view.ts';
import { recordToolLoop } from './_viewer_fixtures.ts';
import { describe, test } from './_harness.ts';

const agentSpan = (name: string) =>
  `<span class="agent" title="the agent this call served">${name}</span>`;

describe('the agent of each turn', () => {
  test('recorded from the run, one per interaction, beside the model', async () => {
    const data = await recordToolLoop();
    assert.deepEqual(data.interactions.map((i) => [i.agent, i.model]), [
      ['Weather', 'weather-model'],
      ['Weather', 'weather-model'],
      ['Translator', 'translate-model'],
    ]);
    const { html } = cassetteHtml(Cassette.fromJSON(data).interactions, 0);
    assert.ok(
      html.includes(`#1</a> ${agentSpan('Weather')} <span class="model">weather-model</span>`),
      html.slice(0, 400),
    );
    assert.equal(html.split(agentSpan('Weather')).length - 1, 2);
    assert.equal(html.split(agentSpan('Translator')).length - 1, 1);
  });

  test('a handoff: the turn after it names the agent handed to', async () => {
    const billing = new Agent({ name: 'Billing' });
    const triage = new Agent({ name: 'Triage', handoffs: [billing] });
    const real = new ScriptedModel([[handoffCall(billing)], [assistantMessage('Paid.')]]);
    const cassette = new Cassette({ mode: 'record', provider: { getModel: () => real } });
    await new Runner({ modelProvider: cassette, tracingDisabled: true }).run(triage, 'Bill me');
    const data = await cassette.close();
    assert.deepEqual(data.interactions.map((i) => i.agent), ['Triage', 'Billing']);
    real.assertComplete();
  });

  test('streamed and failed calls are attributed too; a call outside a run is not', async () => {
    const failure = new Error('boom');
    const real = new ScriptedModel([[assistantMessage('Hi.')]]);
    const failing = { getModel: () => ({ ...real, getResponse: () => Promise.reject(failure) }) };
    const streamed = new Cassette({ mode: 'record', provider: { getModel: () => real } });
    const result = await new Runner({ modelProvider: streamed, tracingDisabled: true })
      .run(new Agent({ name: 'Streamer' }), 'Hi', { stream: true });
    for await (const _event of result) { /* drain */ }
    await result.completed;
    assert.equal((await streamed.close()).interactions[0].agent, 'Streamer');

    const failed = new Cassette({ mode: 'record', provider: failing as never });
    await assert.rejects(
      new Runner({ modelProvider: failed, tracingDisabled: true }).run(
        new Agent({ name: 'F' }),
        'Hi',
      ),
      (error) => error === failure,
    );
    const stored = (await failed.close()).interactions[0];
    assert.equal(stored.agent, 'F');
    assert.ok(stored.error !== undefined);

    const direct = new Cassette({
      mode: 'record',
      provider: { getModel: () => new ScriptedModel([[assistantMessage('x')]]) },
    });
    await (await direct.getModel('m')).getResponse({
      input: 'Hi',
      modelSettings: {},
      tools: [],
      outputType: 'text',
      handoffs: [],
      tracing: false,
    });
    const outside = (await direct.close()).interactions[0];
    assert.equal('agent' in outside, false);
  });

  test('an agent name is escaped; a recording without agents shows none', async () => {
    const data = await recordToolLoop();
    data.interactions[0].agent = '<b>Weather</b>';
    delete data.interactions[1].agent;
    const { html } = cassetteHtml(Cassette.fromJSON(data).interactions, 0);
    assert.ok(html.includes(agentSpan('&lt;b&gt;Weather&lt;/b&gt;')));
    assert.ok(html.includes('#2</a> <span class="model">weather-model</span>'));
  });

  test('a stored agent that is no string is refused when loading', () => {
    const interaction = {
      model: 'm',
      agent: 5,
      streamed: false,
      request: { input: 'Hi', modelSettings: {}, tools: [], handoffs: [], outputType: 'text' },
      response: { output: [], usage: { requests: 1 } },
    };
    assert.throws(
      () =>
        Cassette.fromJSON({
          format: 'scripted-agents/cassette',
          version: 2,
          interactions: [interaction],
          blobs: {},
        }),
      /interactions\[0\]\.agent/,
    );
  });

  test('diff: agents are compared only when both recordings record them', async () => {
    const withAgents = await recordToolLoop();
    const before = structuredClone(withAgents);
    for (const interaction of before.interactions) delete interaction.agent;
    const parse = (data: unknown, name: string) => parseRecording(JSON.stringify(data), name);
    assert.deepEqual(
      diffRecordings(parse(before, 'old.json'), parse(withAgents, 'new.json')).changes,
      [],
    );
    const moved = structuredClone(withAgents);
    moved.interactions[2].agent = 'Weather';
    const changes = diffRecordings(parse(withAgents, 'old.json'), parse(moved, 'new.json')).changes;
    assert.equal(changes.length, 1);
    assert.deepEqual(changes[0].fields.map((field) => field.path), ['agent']);
  });
});
