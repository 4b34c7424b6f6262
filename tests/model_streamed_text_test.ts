// `model.waitForStreamedText(match)`: a streamed test waits for text as its
// UI would, and a text that never comes fails with the package's message when
// the stream ends (StreamedTextNotFoundError), not with the runner's timeout.
import assert from 'node:assert/strict';
import { Agent, Runner, tool, Usage } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  modelError,
  modelStream,
  ScriptedModel,
  StreamedTextNotFoundError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const ping = () =>
  tool({ name: 'ping', description: 'Pings.', parameters: z.object({}), execute: () => 'pong' });

async function streamRun(model: ScriptedModel, options: { retry?: boolean } = {}) {
  const agent = new Agent({
    name: 'A',
    model,
    tools: [ping()],
    modelSettings: options.retry ? { retry: { maxRetries: 1, policy: () => true } } : undefined,
  });
  const result = await new Runner({ tracingDisabled: true }).run(agent, 'Hi', { stream: true });
  return {
    result,
    drain: async () => {
      for await (const _event of result) { /* the application reads the stream */ }
      await result.completed;
    },
  };
}

function notFound(
  expected: Partial<Pick<StreamedTextNotFoundError, 'callIndex' | 'expected' | 'reason'>> & {
    deltas?: string[];
  },
) {
  return (error: unknown) => {
    assert.ok(error instanceof StreamedTextNotFoundError, String(error));
    for (const [key, value] of Object.entries(expected)) {
      assert.deepEqual((error as unknown as Record<string, unknown>)[key], value, key);
    }
    return true;
  };
}

describe('waitForStreamedText', () => {
  test('resolves at the delta that completes the text, with the call, text and deltas', async () => {
    const model = new ScriptedModel([[
      assistantMessage('Your order has shipped.', { chunks: ['Your ', 'order ', 'has shipped.'] }),
    ]]);
    const { drain } = await streamRun(model);
    const waited = model.waitForStreamedText('order');
    const regex = model.waitForStreamedText(/has\s+shipped/);
    await drain();
    assert.deepEqual(await waited, {
      callIndex: 0,
      text: 'Your order ',
      deltas: ['Your ', 'order '],
    });
    assert.equal((await regex).text, 'Your order has shipped.');
    assert.ok(Object.isFrozen(await waited));
  });

  test('text already streamed resolves at once; a later call counts too', async () => {
    const model = new ScriptedModel([
      [assistantMessage('Checking.'), functionCall('ping', {})],
      [assistantMessage('Pong received.', { chunks: 2 })],
    ]);
    const { drain } = await streamRun(model);
    const later = model.waitForStreamedText('received');
    await drain();
    assert.deepEqual(await later, {
      callIndex: 1,
      text: 'Pong received.',
      deltas: ['Pong re', 'ceived.'],
    });
    assert.equal((await model.waitForStreamedText('Checking')).callIndex, 0);
  });

  test('a text that never comes: rejected when the final stream ends (script used up)', async () => {
    const model = new ScriptedModel([[assistantMessage('Hello there.', { chunks: 2 })]]);
    const { drain } = await streamRun(model);
    const waited = model.waitForStreamedText('Goodbye');
    await drain();
    await assert.rejects(
      waited,
      notFound({
        callIndex: 0,
        expected: '"Goodbye"',
        deltas: ['Hello ', 'there.'],
        reason: 'script_ended',
      }),
    );
    await assert.rejects(waited, {
      message: 'ScriptedModel call #1 ended its stream without the text the test waited for ' +
        '("Goodbye"): it streamed 2 text deltas ("Hello ", "there.") and no scripted step is ' +
        'left to stream it. Script that text (assistantMessage(text, { chunks })), or wait for ' +
        'what the run streams.',
    });
    // Asked after the end: rejected at once, naming the regular expression.
    await assert.rejects(
      model.waitForStreamedText(/bye/i),
      notFound({ expected: '/bye/i', reason: 'script_ended' }),
    );
  });

  test("steps left, but the response asked for no tool: the agent's turn ended", async () => {
    const model = new ScriptedModel([
      [assistantMessage('Done.')],
      [assistantMessage('For a later run.')],
    ]);
    const { drain } = await streamRun(model);
    const waited = model.waitForStreamedText('later');
    await drain();
    await assert.rejects(waited, notFound({ reason: 'turn_ended', deltas: ['Done.'] }));
    // Steps are left, so a later run may stream it: waiting again waits for that run.
    const again = model.waitForStreamedText('later');
    const second = await streamRun(model);
    await second.drain();
    assert.equal((await again).callIndex, 1);
    // Now the script is used up: asking for more is rejected at once.
    await assert.rejects(
      model.waitForStreamedText('more'),
      notFound({ callIndex: 1, reason: 'script_ended' }),
    );
  });

  test('a tool call keeps the wait going; a failure the runner retries too', async () => {
    const model = new ScriptedModel([
      modelError(new Error('rate limited')),
      [functionCall('ping', {})],
      [assistantMessage('All done.')],
    ]);
    const { drain } = await streamRun(model, { retry: true });
    const waited = model.waitForStreamedText('done');
    await drain();
    assert.equal((await waited).callIndex, 2);
  });

  test('raw streams: deltas are watched, a stream without response_done ends the wait', async () => {
    const done = {
      type: 'response_done' as const,
      response: { id: 'r', usage: new Usage({ requests: 1 }), output: [assistantMessage('Hi')] },
    };
    const model = new ScriptedModel([
      modelStream([{ type: 'output_text_delta', delta: 'H' }, {
        type: 'output_text_delta',
        delta: 'i',
      }, done]),
    ]);
    const first = await streamRun(model);
    const waited = model.waitForStreamedText('Hi');
    await first.drain();
    assert.deepEqual((await waited).deltas, ['H', 'i']);

    const broken = new ScriptedModel([modelStream([{ type: 'output_text_delta', delta: 'Par' }])]);
    const second = await streamRun(broken);
    const never = broken.waitForStreamedText('Paris');
    await second.drain().catch(() => undefined);
    await assert.rejects(never, notFound({ reason: 'script_ended', deltas: ['Par'] }));
  });

  test('what it takes: a string or a RegExp', async () => {
    const model = new ScriptedModel([]);
    await assert.rejects(model.waitForStreamedText(5 as never), {
      name: 'TypeError',
      message: 'waitForStreamedText() takes a string or a RegExp to wait for.',
    });
  });

  test('a global RegExp matches from the start every time', async () => {
    const model = new ScriptedModel([[assistantMessage('abc abc')]]);
    const { drain } = await streamRun(model);
    await drain();
    const sticky = /abc/g;
    assert.equal((await model.waitForStreamedText(sticky)).callIndex, 0);
    assert.equal((await model.waitForStreamedText(sticky)).callIndex, 0);
  });
});

describe('StreamedTextNotFoundError', () => {
  test('fields in order, frozen deltas, the turn_ended wording, no deltas at all', () => {
    const error = new StreamedTextNotFoundError({
      callIndex: 2,
      expected: '/x/',
      deltas: [],
      reason: 'turn_ended',
    });
    assert.deepEqual(Object.keys(error), ['callIndex', 'expected', 'deltas', 'reason', 'name']);
    assert.ok(Object.isFrozen(error.deltas));
    assert.equal(error.name, 'StreamedTextNotFoundError');
    assert.equal(
      error.message,
      'ScriptedModel call #3 ended its stream without the text the test waited for (/x/): it ' +
        "streamed 0 text deltas and its response asked for no tool, so the agent's turn ended " +
        'there. Script that text (assistantMessage(text, { chunks })), or wait for what the run ' +
        'streams.',
    );
  });
});
