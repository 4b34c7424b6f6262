import assert from 'node:assert/strict';
import { Manifest } from '@openai/agents/sandbox';
import {
  scriptedSandboxClient,
  scriptedSandboxSession,
  UnexpectedSandboxClientCallError,
  UnusedSandboxSessionsError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

// Each error scriptedSandboxClient() raises, as the double raises it: the exact
// name, message and structured fields (own enumerable properties, name last).
describe('scriptedSandboxClient errors', () => {
  test('a call with no session left to hand out says so', async () => {
    const client = scriptedSandboxClient({ sessions: [] });
    await assert.rejects(client.create({ manifest: new Manifest() }), (error) => {
      assert(error instanceof UnexpectedSandboxClientCallError);
      assert.deepEqual({ ...error }, {
        callIndex: 0,
        method: 'create',
        reason: 'no_session_left',
        name: 'UnexpectedSandboxClientCallError',
      });
      assert.equal(
        error.message,
        'Scripted sandbox client received unexpected create call #1; ' +
          'no scripted session is left to hand out.',
      );
      return true;
    });
    assert.equal(client.acknowledgeFailures().length, 1);
    client[Symbol.dispose]();
  });

  test('a state none of its sessions produced says so', async () => {
    const client = scriptedSandboxClient({ sessions: [] });
    await assert.rejects(
      client.deserializeSessionState({ backendId: 'other', session: 0 }),
      (error) => {
        assert(error instanceof UnexpectedSandboxClientCallError);
        assert.deepEqual({ ...error }, {
          callIndex: 0,
          method: 'deserializeSessionState',
          reason: 'unknown_state',
          name: 'UnexpectedSandboxClientCallError',
        });
        assert.equal(
          error.message,
          'Scripted sandbox client received unexpected deserializeSessionState call #1; ' +
            'the state does not belong to any of its sessions.',
        );
        return true;
      },
    );
    assert.equal(client.acknowledgeFailures().length, 1);
    client[Symbol.dispose]();
  });

  test('teardown counts the sessions never handed out', () => {
    const client = scriptedSandboxClient({
      sessions: [scriptedSandboxSession(), scriptedSandboxSession()],
    });
    assert.throws(() => client.assertComplete(), (error) => {
      assert(error instanceof UnusedSandboxSessionsError);
      assert.deepEqual({ ...error }, {
        remainingSessions: 2,
        name: 'UnusedSandboxSessionsError',
      });
      assert.equal(
        error.message,
        'Scripted sandbox client has 2 sessions that no create() or resume() handed out.',
      );
      return true;
    });
    const single = scriptedSandboxClient({ sessions: [scriptedSandboxSession()] });
    assert.throws(() => single.assertComplete(), {
      name: 'UnusedSandboxSessionsError',
      message: 'Scripted sandbox client has 1 session that no create() or resume() handed out.',
    });
  });
});
