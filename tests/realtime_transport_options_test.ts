// ScriptedRealtimeTransport as a stand-in for a transport an app makes inline: it takes the SDK
// transports' options (kept, unused), and its connect() can be held in `connecting` until the
// test releases or fails it.
import assert from 'node:assert/strict';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeTransport,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';

describe('ScriptedRealtimeTransport options', () => {
  test('takes the options of the SDK transports and keeps them as given', () => {
    const changePeerConnection = (connection: unknown) => connection;
    const options = {
      baseUrl: 'https://example.test/v1/realtime',
      useInsecureApiKey: true,
      changePeerConnection: changePeerConnection as never,
      url: 'wss://example.test',
    };
    const transport = new ScriptedRealtimeTransport(options);
    assert.deepEqual(transport.options, options);
    assert.notEqual(transport.options, options);
    assert.ok(Object.isFrozen(transport.options));
    assert.equal(transport.options.changePeerConnection, changePeerConnection);
    assert.deepEqual(new ScriptedRealtimeTransport().options, {});
    assert.equal(transport.status, 'disconnected');
  });

  test('a subclass stands in for the SDK class an app constructs inline', async () => {
    // What a vi.mock/jest.mock factory returns for OpenAIRealtimeWebRTC.
    const made: ScriptedRealtimeTransport[] = [];
    class OpenAIRealtimeWebRTC extends ScriptedRealtimeTransport {
      constructor(options?: ConstructorParameters<typeof ScriptedRealtimeTransport>[0]) {
        super(options);
        made.push(this);
      }
    }
    // The app's own code, unchanged.
    const transport = new OpenAIRealtimeWebRTC({ baseUrl: 'https://example.test' });
    const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), { transport });
    await session.connect({ apiKey: 'ek_test' });
    assert.equal(made[0].status, 'connected');
    assert.equal(made[0].options.baseUrl, 'https://example.test');
    session.close();
    await made[0].expectCall('connect');
    await made[0].expectCall('close');
    made[0].assertComplete();
  });
});

describe('ScriptedRealtimeTransport holdConnect()', () => {
  test('the connect waits in connecting until released', async () => {
    const transport = new ScriptedRealtimeTransport();
    const changes: string[] = [];
    transport.on('connection_change', (status) => changes.push(status));
    const hold = transport.holdConnect();
    let settled = false;
    const connecting = transport.connect({ apiKey: 'test' }).finally(() => {
      settled = true;
    });
    await hold.reached;
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    assert.equal(settled, false);
    assert.equal(transport.status, 'connecting');
    assert.deepEqual(changes, ['connecting']);
    hold.release();
    hold.release();
    await connecting;
    assert.equal(transport.status, 'connected');
    assert.deepEqual(changes, ['connecting', 'connected']);
    // Only one connect was held: the next one passes.
    transport.close();
    await transport.connect({ apiKey: 'test' });
    assert.equal(transport.status, 'connected');
    transport.close();
    await transport.expectCall('connect');
    await transport.expectCall('close');
    await transport.expectCall('connect');
    await transport.expectCall('close');
    transport.assertComplete();
  });

  test('a failed hold rejects the connect and falls back to disconnected', async () => {
    const transport = new ScriptedRealtimeTransport();
    const hold = transport.holdConnect();
    const failure = new Error('handshake refused');
    const connecting = transport.connect({ apiKey: 'test' });
    await hold.reached;
    hold.fail(failure);
    hold.release(); // decided already: no effect
    await assert.rejects(connecting, (error) => error === failure);
    assert.equal(transport.status, 'disconnected');
    await transport.expectCall('connect');
  });

  test('a hold released before the connect lets it through; holds are taken in order', async () => {
    const transport = new ScriptedRealtimeTransport();
    const first = transport.holdConnect();
    const second = transport.holdConnect();
    first.release();
    await transport.connect({ apiKey: 'test' });
    await first.reached;
    transport.close();
    const connecting = transport.connect({ apiKey: 'test' });
    await second.reached;
    assert.equal(transport.status, 'connecting');
    second.release();
    await connecting;
    transport.close();
    assert.equal(transport.calls.length, 4);
  });

  test('a close while held supersedes the connect', async () => {
    const transport = new ScriptedRealtimeTransport();
    const hold = transport.holdConnect();
    const connecting = transport.connect({ apiKey: 'test' });
    await hold.reached;
    transport.close();
    hold.release();
    await assert.rejects(connecting, ScriptedRealtimeConnectionSupersededError);
    assert.equal(transport.status, 'disconnected');
    transport.assertClosed();
  });
});
