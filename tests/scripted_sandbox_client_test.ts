import assert from 'node:assert/strict';
import { RunState, tool } from '@openai/agents';
import { Manifest, SandboxAgent, shell } from '@openai/agents/sandbox';
import { z } from 'zod';
import {
  assistantMessage,
  DoubleFailuresError,
  functionCall,
  ScriptedModel,
  scriptedSandboxClient,
  scriptedSandboxSession,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxClientCallError,
  UnusedSandboxSessionsError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';
import { runner } from './_model_fixtures.ts';

/** What the SDK's session lifecycle calls on a client-owned session: not this test's concern. */
const lifecycle = {
  anytime: [
    { method: 'running', result: true },
    { method: 'runPreStopHooks', result: undefined },
    { method: 'preStop', result: undefined },
    { method: 'stop', result: undefined },
    { method: 'shutdown', result: undefined },
    { method: 'delete', result: undefined },
  ],
} as const;

describe('scriptedSandboxClient through the SDK resume flows', () => {
  test('a client-owned sandbox survives a RunState round trip and is resumed', async () => {
    using client = scriptedSandboxClient({
      backendId: 'fake-cloud',
      sessions: [
        scriptedSandboxSession([
          { method: 'execCommand', match: ({ cmd }) => cmd === 'npm test', result: 'FAIL' },
        ], lifecycle),
        scriptedSandboxSession([
          { method: 'execCommand', match: ({ cmd }) => cmd === 'npm test', result: 'PASS' },
        ], lifecycle),
      ],
    });
    const deploy = tool({
      name: 'deploy',
      description: 'Deploys the workspace.',
      parameters: z.object({}),
      needsApproval: true,
      execute: () => 'deployed',
    });
    const model = new ScriptedModel([
      [functionCall('exec_command', { cmd: 'npm test' }, { callId: 'call_1' })],
      [functionCall('deploy', {}, { callId: 'call_2' })],
      [functionCall('exec_command', { cmd: 'npm test' }, { callId: 'call_3' })],
      [assistantMessage('Deployed; tests pass.')],
    ]);
    const agent = new SandboxAgent({
      name: 'Release manager',
      model,
      tools: [deploy],
      capabilities: [shell()],
    });

    const first = await runner().run(agent, 'Test, then deploy.', { sandbox: { client } });
    assert.equal(first.interruptions.length, 1);
    const saved = first.state.toString();
    // The serialized run carries the client's serialized sandbox state.
    assert.deepEqual(JSON.parse(saved).sandbox.sessionState.providerState, {
      backendId: 'fake-cloud',
      session: 0,
    });

    const state = await RunState.fromString(agent, saved);
    for (const interruption of state.getInterruptions()) state.approve(interruption);
    const second = await runner().run(agent, state, { sandbox: { client } });

    assert.equal(second.finalOutput, 'Deployed; tests pass.');
    assert.deepEqual(client.calls.map(({ method, session }) => [method, session]), [
      ['create', 0],
      ['serializeSessionState', 0],
      ['deserializeSessionState', 0],
      ['resume', 1],
      ['serializeSessionState', 1],
    ]);
    // The SDK hands the provider state back with its own envelope fields added.
    const [restored] = client.calls[2].args as [Record<string, unknown>];
    assert.equal(restored.backendId, 'fake-cloud');
    assert.equal(restored.session, 0);
    model.assertComplete();
  });

  test('the resume example: create, run, serialize, deserialize, resume, run again', async () => {
    const manifest = new Manifest({
      entries: { 'AGENTS.md': { type: 'file', content: '# Use node only.' } },
    });
    using client = scriptedSandboxClient({
      sessions: [
        scriptedSandboxSession([{ method: 'execCommand', result: 'server.mjs\n' }]),
        scriptedSandboxSession([
          { method: 'execCommand', match: ({ cmd }) => cmd === 'node --test', result: 'pass 3' },
          { method: 'execCommand', match: ({ cmd }) => cmd === 'node --test', result: 'pass 3' },
        ]),
      ],
    });
    const model = new ScriptedModel([
      [functionCall('exec_command', { cmd: 'ls' }, { callId: 'call_1' })],
      [assistantMessage('Built the server.')],
      [functionCall('exec_command', { cmd: 'node --test' }, { callId: 'call_2' })],
      [assistantMessage('Added tests.')],
    ]);
    const agent = new SandboxAgent({
      name: 'Vibe Coder',
      model,
      defaultManifest: manifest,
      capabilities: [shell()],
    });

    const initialSession = await client.create(manifest);
    const firstResult = await runner().run(agent, 'Build it.', {
      sandbox: { session: initialSession },
    });
    await RunState.fromString(agent, firstResult.state.toString());

    const serialized = await client.serializeSessionState(initialSession.state);
    const frozen = await client.deserializeSessionState(JSON.parse(JSON.stringify(serialized)));
    const resumedSession = await client.resume(frozen);
    const secondResult = await runner().run(
      agent,
      [...firstResult.history, { role: 'user', content: 'Now add tests.' }],
      { sandbox: { session: resumedSession } },
    );
    const verification = await resumedSession.execCommand!({ cmd: 'node --test' });

    assert.equal(secondResult.finalOutput, 'Added tests.');
    assert.equal(verification, 'pass 3');
    assert.deepEqual(Object.keys(resumedSession.state.manifest.entries), ['AGENTS.md']);
    assert.notEqual(resumedSession, initialSession);
    model.assertComplete();
  });
});

describe('scriptedSandboxClient drift and teardown', () => {
  test('no session left, and states it did not produce, are unexpected calls', async () => {
    const client = scriptedSandboxClient({ sessions: [] });
    await assert.rejects(client.resume({ manifest: new Manifest() }), (error) => {
      assert(error instanceof UnexpectedSandboxClientCallError);
      assert.deepEqual({ ...error }, {
        callIndex: 0,
        method: 'resume',
        reason: 'no_session_left',
        name: 'UnexpectedSandboxClientCallError',
      });
      return true;
    });
    await assert.rejects(
      client.serializeSessionState({ manifest: new Manifest() }),
      (error) =>
        error instanceof UnexpectedSandboxClientCallError && error.reason === 'unknown_state',
    );
    await assert.rejects(
      client.deserializeSessionState({ backendId: 'other', session: 0 }),
      (error) =>
        error instanceof UnexpectedSandboxClientCallError && error.reason === 'unknown_state',
    );
    assert.throws(() => client[Symbol.dispose](), DoubleFailuresError);
    assert.equal(client.acknowledgeFailures().length, 3);
    client[Symbol.dispose]();
  });

  test('teardown reports unused sessions and the handed-out sessions own problems', async () => {
    const client = scriptedSandboxClient({
      sessions: [
        scriptedSandboxSession([{ method: 'execCommand', result: 'never used' }]),
        scriptedSandboxSession(),
      ],
    });
    const session = await client.create({ manifest: { entries: {} } });
    await client.delete(session.state);
    assert.deepEqual(client.calls.map((call) => call.method), ['create', 'delete']);
    assert.equal(client.calls[1].session, 0);
    assert.throws(() => client[Symbol.dispose](), (error) => {
      assert(error instanceof AggregateError);
      const [unused, unconsumed] = error.errors;
      assert(unused instanceof UnusedSandboxSessionsError);
      assert.equal(unused.remainingSessions, 1);
      assert(unconsumed instanceof UnconsumedSandboxStepsError);
      return true;
    });
  });

  test('recorded arguments are detached copies', async () => {
    using client = scriptedSandboxClient({ sessions: [scriptedSandboxSession()] });
    const manifest = new Manifest({ entries: { 'a.txt': { type: 'file', content: 'a' } } });
    await client.create(manifest, { region: 'eu' });
    const [call] = client.calls;
    assert.notEqual(call.args[0], manifest);
    assert(call.args[0] instanceof Manifest);
    assert.deepEqual(call.args[1], { region: 'eu' });
    assert(Object.isFrozen(call) && Object.isFrozen(call.args));
  });
});

describe('scriptedSandboxClient called directly', () => {
  test('hands out sessions in order and records each call as it was made', async () => {
    const first = scriptedSandboxSession();
    // A session scripted with a manifest of its own keeps it when create() asks for none.
    first.state = {
      ...first.state,
      manifest: new Manifest({ entries: { 'keep.txt': { type: 'file', content: 'k' } } }),
    };
    const second = scriptedSandboxSession();
    const third = scriptedSandboxSession();
    const client = scriptedSandboxClient({ sessions: [first, second, third] });
    assert.equal(client.backendId, 'scripted');
    assert.deepEqual(Object.keys(client), [
      'backendId',
      'create',
      'resume',
      'serializeSessionState',
      'deserializeSessionState',
      'delete',
    ]);
    assert.equal(client.remainingSessions, 3);

    const created = await client.create();
    assert.equal(created, first);
    assert(created.state.manifest instanceof Manifest);
    assert.deepEqual(Object.keys(created.state.manifest.entries), ['keep.txt']);
    assert.equal(client.sessionOf(created.state), 0);
    assert.equal(client.remainingSessions, 2);

    const state = { manifest: new Manifest() };
    // Options are recorded whatever they are, even values the SDK's types do not allow.
    const resumed = await client.resume(state, 'warm' as never);
    assert.equal(resumed, second);
    assert.equal(resumed.state, state);
    assert.equal(client.sessionOf(state), 1);
    const other = { manifest: new Manifest() };
    assert.equal(await client.resume(other), third);
    assert.equal(client.remainingSessions, 0);
    client.assertComplete();

    assert.deepEqual(await client.serializeSessionState(state, null as never), {
      backendId: 'scripted',
      session: 1,
    });
    await client.serializeSessionState(created.state);
    await client.delete(state);
    const calls = client.calls;
    assert.deepEqual(calls.map((call) => [call.method, call.args.length, call.session]), [
      ['create', 1, 0],
      ['resume', 2, 1],
      ['resume', 1, 2],
      ['serializeSessionState', 2, 1],
      ['serializeSessionState', 1, 0],
      ['delete', 1, 1],
    ]);
    assert.equal(calls[0].args[0], undefined);
    assert.equal(calls[1].args[1], 'warm');
    assert.equal(calls[3].args[1], null);
    // A recorded state is a copy whose manifest is a clone (a Manifest still).
    const recorded = calls[5].args[0] as { manifest: unknown };
    assert.notEqual(recorded, state);
    assert(recorded.manifest instanceof Manifest);
    assert.notEqual(recorded.manifest, state.manifest);
    client[Symbol.dispose]();
  });

  test('deserializeSessionState accepts only records of sessions this client handed out', async () => {
    const client = scriptedSandboxClient({
      backendId: 'cloud',
      sessions: [scriptedSandboxSession(), scriptedSandboxSession()],
    });
    const session = await client.create();
    const records = [
      null,
      { session: 0 },
      { backendId: 'other', session: 0 },
      { backendId: 'cloud' },
      { backendId: 'cloud', session: '0' },
      { backendId: 'cloud', session: 1 }, // not handed out yet
    ];
    for (const record of records) {
      await assert.rejects(client.deserializeSessionState(record as never), (error) => {
        assert(error instanceof UnexpectedSandboxClientCallError);
        assert.equal(error.method, 'deserializeSessionState');
        assert.equal(error.reason, 'unknown_state');
        return true;
      });
    }
    const state = await client.deserializeSessionState({ backendId: 'cloud', session: 0 });
    assert.equal(client.sessionOf(state), 0);
    assert.deepEqual(state.manifest, session.state.manifest);
    await assert.rejects(client.serializeSessionState({ manifest: new Manifest() }), (error) => {
      assert(error instanceof UnexpectedSandboxClientCallError);
      assert.equal(error.method, 'serializeSessionState');
      return true;
    });
    assert.equal(client.acknowledgeFailures().length, records.length + 1);
    client.acknowledgeFailures();
    // Teardown: the session never handed out is unused, and is not disposed itself.
    assert.throws(() => client[Symbol.dispose](), UnusedSandboxSessionsError);
  });

  test('only sessions handed out are disposed with the client; failures name the client', async () => {
    const client = scriptedSandboxClient({
      sessions: [
        scriptedSandboxSession(),
        scriptedSandboxSession([{ method: 'execCommand', result: 'never handed out' }]),
      ],
    });
    await client.create();
    assert.throws(() => client.assertComplete(), UnusedSandboxSessionsError);
    assert.throws(() => client[Symbol.dispose](), (error) => {
      assert(error instanceof UnusedSandboxSessionsError);
      assert.equal(error.remainingSessions, 1);
      return true;
    });
    await client.create();
    await assert.rejects(client.create(), UnexpectedSandboxClientCallError);
    assert.throws(() => client.assertNoUnexpectedCalls(), (error) => {
      assert(error instanceof DoubleFailuresError);
      assert.equal(error.double, 'ScriptedSandboxClient');
      return true;
    });
    client.acknowledgeFailures();
  });

  test('sessions must be sandbox sessions; none given means none to hand out', () => {
    const cases: Array<[unknown[], number]> = [
      [[null], 1],
      [[scriptedSandboxSession(), 'session'], 2],
      [[{}], 1],
    ];
    for (const [sessions, position] of cases) {
      assert.throws(() => scriptedSandboxClient({ sessions: sessions as never }), {
        name: 'TypeError',
        message: `scriptedSandboxClient session #${position} is not a sandbox session.`,
      });
    }
    const empty = scriptedSandboxClient({} as never);
    assert.equal(empty.remainingSessions, 0);
    empty[Symbol.dispose]();
  });
});
