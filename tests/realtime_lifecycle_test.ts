import assert from 'node:assert/strict';
import {
  RealtimeTransportNotClosedError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeTransport,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';

/** A transport whose `connection_change` and `error` notifications are logged. */
function observed() {
  const transport = new ScriptedRealtimeTransport();
  const log: unknown[] = [];
  transport.on('connection_change', (status) => log.push(status));
  transport.on('error', (event) => log.push(event));
  return { transport, log };
}

const supersededError = (error: unknown): boolean =>
  error instanceof ScriptedRealtimeConnectionSupersededError && error.operation === 'connect';

/** The places inside a connect attempt where application code can run `act`. */
const duringConnect = {
  matcher: (transport: ScriptedRealtimeTransport, act: () => void) =>
    transport.expectCall('connect', act).catch(() => {}),
  connecting: (transport: ScriptedRealtimeTransport, act: () => void) =>
    transport.once('connection_change', act),
  connected: (transport: ScriptedRealtimeTransport, act: () => void) =>
    transport.on('connection_change', (status) => {
      if (status === 'connected') act();
    }),
};

describe('connect', () => {
  test('starts disconnected and unmuted', () => {
    const transport = new ScriptedRealtimeTransport();
    assert.equal(transport.status, 'disconnected');
    assert.equal(transport.muted, false);
    transport.assertClosed();
  });

  test('runs synchronously: connecting, then connected, announced in that order', async () => {
    const { transport, log } = observed();
    let statusInMatcher: string | undefined;
    const expectation = transport.expectCall('connect', () => {
      statusInMatcher = transport.status;
    });
    const connecting = transport.connect({ apiKey: 'k' });
    // Settled before anything is awaited.
    assert.equal(transport.status, 'connected');
    assert.deepEqual(log, ['connecting', 'connected']);
    assert.equal(statusInMatcher, 'connecting');
    assert.equal(await connecting, undefined);
    await expectation;
  });

  test('does not guard against a second connect: it records and announces again', async () => {
    const { transport, log } = observed();
    await transport.connect({ apiKey: 'k' });
    await transport.connect({ apiKey: 'k' });
    assert.deepEqual(log, ['connecting', 'connected', 'connecting', 'connected']);
    assert.equal(transport.calls.length, 2);
  });

  test('an injected failure rejects it and falls back to disconnected', async () => {
    const { transport, log } = observed();
    const failure = new Error('connection failed');
    transport.failNextCall('connect', failure);
    await assert.rejects(transport.connect({ apiKey: 'k' }), (error) => error === failure);
    assert.equal(transport.status, 'disconnected');
    assert.deepEqual(log, ['disconnected']);
    assert.equal(transport.calls.length, 1);
  });

  test('a throwing connecting or connected listener rejects it and disconnects', async () => {
    for (const phase of ['connecting', 'connected']) {
      const { transport, log } = observed();
      const failure = new Error(`${phase} listener failed`);
      transport.on('connection_change', (status) => {
        if (status === phase) throw failure;
      });
      await assert.rejects(transport.connect({ apiKey: 'k' }), (error) => error === failure);
      assert.equal(transport.status, 'disconnected');
      assert.equal(log.at(-1), 'disconnected');
    }
  });

  test('the recovery notification cannot replace the original failure', async () => {
    const transport = new ScriptedRealtimeTransport();
    const failure = new Error('connect failed');
    transport.failNextCall('connect', failure);
    transport.on('connection_change', () => {
      throw new Error('listener failed while recovering');
    });
    await assert.rejects(transport.connect({ apiKey: 'k' }), (error) => error === failure);
    assert.equal(transport.status, 'disconnected');
  });

  test('is superseded by a close or disconnect from its matcher or notifications', async () => {
    for (const [where, install] of Object.entries(duringConnect)) {
      for (const operation of ['close', 'disconnect'] as const) {
        const transport = new ScriptedRealtimeTransport();
        install(transport, () => transport[operation]());
        await assert.rejects(
          transport.connect({ apiKey: 'k' }),
          supersededError,
          `${operation} in ${where}`,
        );
        assert.equal(transport.status, 'disconnected', `${operation} in ${where}`);
      }
    }
  });

  test('a nested connect wins: the outer attempt is superseded, the transport connected', async () => {
    const transport = new ScriptedRealtimeTransport();
    let inner: Promise<void> | undefined;
    let nested = false;
    transport.on('connection_change', (status) => {
      if (status !== 'connected' || nested) return;
      nested = true;
      inner = transport.connect({ apiKey: 'k' });
    });
    await assert.rejects(transport.connect({ apiKey: 'k' }), supersededError);
    await inner;
    assert.equal(transport.status, 'connected');
    assert.equal(transport.calls.length, 2);
  });

  test('a status changed by hand during the attempt also supersedes it', async () => {
    const transport = new ScriptedRealtimeTransport();
    transport.once('connection_change', () => {
      transport.status = 'disconnecting';
    });
    await assert.rejects(transport.connect({ apiKey: 'k' }), supersededError);
    // Nobody else took over the lifecycle, so the attempt falls back to disconnected.
    assert.equal(transport.status, 'disconnected');
  });

  test('a failed close during the attempt leaves it disconnected', async () => {
    for (const [where, install] of Object.entries(duringConnect)) {
      // Caught by the listener or matcher: the connect is superseded.
      const caught = new ScriptedRealtimeTransport();
      caught.failNextCall('close', new Error('close failed'));
      install(caught, () => {
        try {
          caught.close();
        } catch {
          // handled by the application
        }
      });
      await assert.rejects(caught.connect({ apiKey: 'k' }), supersededError, where);
      assert.equal(caught.status, 'disconnected', where);

      // Escaping it: the connect rejects with the close failure itself.
      const escaped = new ScriptedRealtimeTransport();
      const closeFailure = new Error('close failed');
      escaped.failNextCall('close', closeFailure);
      install(escaped, () => escaped.close());
      await assert.rejects(
        escaped.connect({ apiKey: 'k' }),
        (error) => error === closeFailure,
        where,
      );
      assert.equal(escaped.status, 'disconnected', where);
    }
  });
});

describe('close', () => {
  test('records the close and announces disconnected', async () => {
    const { transport, log } = observed();
    await transport.connect({ apiKey: 'k' });
    let statusInMatcher: string | undefined;
    void transport.expectCall('connect');
    const closed = transport.expectCall('close', () => {
      statusInMatcher = transport.status;
    });
    transport.close();
    await closed;
    assert.equal(statusInMatcher, 'disconnecting');
    assert.equal(transport.status, 'disconnected');
    assert.deepEqual(log, ['connecting', 'connected', 'disconnected']);
    transport.assertClosed();
  });

  test('is a no-op when already disconnected: nothing recorded, no failure used', async () => {
    const transport = new ScriptedRealtimeTransport();
    transport.failNextCall('close', new Error('unused'));
    transport.close();
    assert.equal(transport.calls.length, 0);
    await transport.connect({ apiKey: 'k' });
    assert.throws(() => transport.close(), /unused/);
    transport.close();
    transport.close();
    assert.deepEqual(transport.calls.map((call) => call.method), ['connect', 'close', 'close']);
  });

  test('closing twice records one close', async () => {
    const transport = new ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'k' });
    transport.close();
    transport.close();
    assert.deepEqual(transport.calls.map((call) => call.method), ['connect', 'close']);
  });

  test('a listener exception propagates, but the transport stays disconnected', async () => {
    const transport = new ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'k' });
    const failure = new Error('listener failed');
    transport.on('connection_change', () => {
      throw failure;
    });
    assert.throws(() => transport.close(), (error) => error === failure);
    assert.equal(transport.status, 'disconnected');
  });

  test('a failed close keeps an established connection', async () => {
    const { transport, log } = observed();
    await transport.connect({ apiKey: 'k' });
    const failure = new Error('close failed');
    transport.failNextCall('close', failure);
    assert.throws(() => transport.close(), (error) => error === failure);
    assert.equal(transport.status, 'connected');
    assert.deepEqual(log, ['connecting', 'connected']);
    assert.throws(() => transport.assertClosed(), RealtimeTransportNotClosedError);
  });

  test('a failed close drops a connection that was still being made', async () => {
    const { transport, log } = observed();
    transport.failNextCall('close', new Error('close failed'));
    transport.status = 'connecting';
    assert.throws(() => transport.close(), /close failed/);
    assert.equal(transport.status, 'disconnected');
    assert.deepEqual(log, ['disconnected']);
  });

  test('a reconnect started in its matcher keeps the newer state', async () => {
    const transport = new ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'k' });
    void transport.expectCall('connect');
    let reconnecting: Promise<void> | undefined;
    void transport.expectCall('close', () => {
      reconnecting = transport.connect({ apiKey: 'k' });
    });
    transport.close();
    await reconnecting;
    assert.equal(transport.status, 'connected');
    assert.deepEqual(transport.calls.map((call) => call.method), ['connect', 'close', 'connect']);
  });
});

describe('disconnect', () => {
  test('goes to disconnected with a notification and is not a recorded call', async () => {
    const { transport, log } = observed();
    await transport.connect({ apiKey: 'k' });
    transport.failNextCall('close', new Error('unused'));
    transport.disconnect();
    assert.equal(transport.status, 'disconnected');
    assert.deepEqual(log, ['connecting', 'connected', 'disconnected']);
    assert.equal(transport.calls.length, 1);
    transport.assertClosed();
    // Injected failures stay queued.
    assert.throws(() => transport.assertComplete(), /1 pending failure/);
  });

  test('emits the error event when given one, even when already disconnected', () => {
    const { transport, log } = observed();
    const remote = new Error('remote closed');
    transport.disconnect(remote);
    transport.disconnect(null);
    transport.disconnect();
    transport.disconnect(undefined);
    assert.deepEqual(log, [{ type: 'error', error: remote }, { type: 'error', error: null }]);
    assert.equal((log[0] as { error: unknown }).error, remote);
  });

  test('without an error listener a remote error does not throw', async () => {
    const transport = new ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'k' });
    transport.disconnect(new Error('remote failure'));
    assert.equal(transport.status, 'disconnected');
  });

  test('runs the error listener even when the status listener throws, then rethrows the first', async () => {
    for (const first of [new Error('status listener'), undefined, null]) {
      const transport = new ScriptedRealtimeTransport();
      await transport.connect({ apiKey: 'k' });
      const heard: unknown[] = [];
      transport.on('connection_change', () => {
        throw first;
      });
      transport.on('error', (event) => {
        heard.push(event.error);
        throw new Error('error listener');
      });
      assert.throws(() => transport.disconnect('remote'), (error) => error === first);
      assert.deepEqual(heard, ['remote']);
      assert.equal(transport.status, 'disconnected');
    }
  });

  test('an error listener exception is thrown when nothing failed before it', () => {
    const transport = new ScriptedRealtimeTransport();
    const failure = new Error('error listener');
    transport.on('error', () => {
      throw failure;
    });
    assert.throws(() => transport.disconnect('remote'), (error) => error === failure);
  });
});

describe('assertClosed and muted', () => {
  test('assertClosed names every status other than disconnected', () => {
    for (const status of ['connected', 'connecting', 'disconnecting'] as const) {
      const transport = new ScriptedRealtimeTransport();
      transport.status = status;
      assert.throws(() => transport.assertClosed(), (error: unknown) => {
        assert.ok(error instanceof RealtimeTransportNotClosedError);
        assert.equal(error.status, status);
        return true;
      });
    }
  });

  test('muted follows successful mute calls only', () => {
    const transport = new ScriptedRealtimeTransport();
    transport.mute(true);
    assert.equal(transport.muted, true);
    transport.failNextCall('mute', new Error('no'));
    assert.throws(() => transport.mute(false));
    assert.equal(transport.muted, true);
    transport.mute(false);
    assert.equal(transport.muted, false);
  });
});
