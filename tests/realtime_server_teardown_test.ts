// A RealtimeSession left connected to a ScriptedRealtimeServer is reported at
// teardown, wherever the teardown runs (the server's own, doubleScope(),
// assertAllComplete(), a runner entry), naming the connection and what to do.
import assert from 'node:assert/strict';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  RealtimeServerConnectionOpenError,
  ScriptedRealtimeServer,
} from 'scripted-agents/realtime_testing';
import { withDoubles } from 'scripted-agents/runner';
import { assertAllComplete, doubleScope } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

const openMessage = (list: string) =>
  `ScriptedRealtimeServer ${list} still open at the end of the test: the RealtimeSession (or ` +
  'transport) connected to it was never closed. Call session.close() before the test ends ' +
  '(server.settled() then shows the connection closed).';

async function connected(server: ScriptedRealtimeServer): Promise<RealtimeSession> {
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), {
    transport: server.transport(),
  });
  await session.connect({ apiKey: 'test' });
  return session;
}

const newServer = () => new ScriptedRealtimeServer({ ignoreClientEvents: ['session.update'] });

function isOpenError(connections: number[], list: string) {
  return (error: unknown) => {
    assert.ok(error instanceof RealtimeServerConnectionOpenError, String(error));
    assert.deepEqual(Object.keys(error), ['connections', 'name']);
    assert.deepEqual(error.connections, connections);
    assert.ok(Object.isFrozen(error.connections));
    assert.equal(error.name, 'RealtimeServerConnectionOpenError');
    assert.equal(error.message, openMessage(list));
    return true;
  };
}

describe('ScriptedRealtimeServer: a session left connected', () => {
  test("the server's own teardown reports it", async () => {
    const server = newServer();
    const session = await connected(server);
    assert.throws(() => server.assertClosed(), isOpenError([0], 'connection #1 is'));
    await assert.rejects(server[Symbol.asyncDispose](), isOpenError([0], 'connection #1 is'));
    session.close();
  });

  test('doubleScope() and assertAllComplete() report it', async () => {
    const scope = doubleScope();
    const server = scope.track(newServer());
    const session = await connected(server);
    await assert.rejects(scope.finish(), isOpenError([0], 'connection #1 is'));
    session.close();

    const other = newServer();
    const second = await connected(other);
    await assert.rejects(assertAllComplete(other), isOpenError([0], 'connection #1 is'));
    second.close();
  });

  test('a runner entry reports it at the end of the test', async () => {
    let session: RealtimeSession | undefined;
    await assert.rejects(
      withDoubles(async () => {
        session = await connected(newServer());
      }, { titles: ['leaves a voice session open'] })({}),
      isOpenError([0], 'connection #1 is'),
    );
    session?.close();
  });

  test('several open connections are all named; closed ones are not', async () => {
    const server = newServer();
    const first = await connected(server);
    const second = await connected(server);
    const third = await connected(server);
    second.close();
    assert.throws(() => server.assertClosed(), isOpenError([0, 2], 'connections #1 and #3 are'));
    const fourth = await connected(server);
    assert.throws(
      () => server.assertClosed(),
      isOpenError([0, 2, 3], 'connections #1, #3 and #4 are'),
    );
    for (const session of [first, third, fourth]) session.close();
    server.assertClosed();
    await server[Symbol.asyncDispose]();
  });

  test('a closed session, or a connection the server closed, passes', async () => {
    const server = newServer();
    const session = await connected(server);
    session.close();
    // Closing: the client closed it, the close is not delivered yet.
    assert.equal(server.connections[0].state, 'closing');
    server.assertClosed();
    await server[Symbol.asyncDispose]();
    assert.equal(server.connections[0].state, 'closed');

    const closedByServer = newServer();
    const other = await connected(closedByServer);
    await closedByServer.closeConnection();
    closedByServer.assertClosed();
    await closedByServer[Symbol.asyncDispose]();
    other.close();
  });
});
