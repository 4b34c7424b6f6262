import assert from 'node:assert/strict';
import * as SdkDoubles from '@openai/agents/testing';
import { cloneManifest, file, Manifest } from '@openai/agents-core/sandbox';
import type { ExecCommandArgs, SandboxSession } from '@openai/agents-core/sandbox';
import {
  DoubleFailuresError,
  InvalidScriptedSandboxStepError,
  type RecordedSandboxCall,
  SandboxCallMatcherError,
  type ScriptedSandboxInput,
  type ScriptedSandboxMethod,
  scriptedSandboxSession,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from 'scripted-agents/testing';
import {
  type HasExactKeys,
  sandboxMethodModes,
} from '../testing/sandbox/scripted_sandbox_session.ts';
import { describe, test } from './_harness.ts';

const ALL_METHODS = [
  'start',
  'running',
  'registerPreStopHook',
  'runPreStopHooks',
  'preStop',
  'stop',
  'shutdown',
  'delete',
  'createEditor',
  'exec',
  'execCommand',
  'writeStdin',
  'viewImage',
  'readFile',
  'listDir',
  'pathExists',
  'directoryExists',
  'materializeEntry',
  'applyManifest',
  'persistWorkspace',
  'hydrateWorkspace',
  'setArchiveLimits',
  'resolveExposedPort',
  'supportsPty',
  'close',
] as const;
const SYNC_METHODS = ['registerPreStopHook', 'createEditor', 'setArchiveLimits', 'supportsPty'];

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true
  : false;
function assertType<_T extends true>(): void {}

/** Calls an arbitrary method of a session through an untyped view. */
function callMethod(session: object, method: string, ...args: unknown[]): unknown {
  return (session as Record<string, (...a: unknown[]) => unknown>)[method](...args);
}

/** Asserts that `value` is a promise (not a synchronous throw) and returns its rejection. */
async function rejectionOf(value: () => unknown): Promise<unknown> {
  let returned: unknown;
  try {
    returned = value();
  } catch (error) {
    assert.fail(`an asynchronous method threw synchronously: ${String(error)}`);
  }
  assert.ok(returned instanceof Promise, 'an asynchronous method returns a promise');
  try {
    await returned;
  } catch (error) {
    return error;
  }
  return assert.fail('expected a rejection');
}

describe('method table', () => {
  test('lists exactly the SDK SandboxSession methods (compile time)', () => {
    // A method added to (or removed from) the SDK's SandboxSession breaks these.
    assertType<Equals<keyof typeof sandboxMethodModes, ScriptedSandboxMethod>>();
    assertType<Equals<ScriptedSandboxMethod, typeof ALL_METHODS[number]>>();
    assertType<Equals<Exclude<keyof SandboxSession, ScriptedSandboxMethod>, 'state'>>();
    // The guard the table uses rejects a missing key and an extra key.
    assertType<Equals<HasExactKeys<{ a: 1; b: 1 }, 'a' | 'b'>, true>>();
    assertType<Equals<HasExactKeys<{ a: 1 }, 'a' | 'b'>, false>>();
    assertType<Equals<HasExactKeys<{ a: 1; b: 1; c: 1 }, 'a' | 'b'>, false>>();
    const missing = {
      start: 'async',
      // @ts-expect-error a table that misses methods does not satisfy the record type
    } as const satisfies Record<ScriptedSandboxMethod, 'sync' | 'async'>;
    const extra = {
      ...sandboxMethodModes,
      // @ts-expect-error a method the SDK does not have is rejected too
      teleport: 'async',
    } as const satisfies Record<ScriptedSandboxMethod, 'sync' | 'async'>;
    assert.ok(missing && extra);
  });

  test('marks the four synchronous methods and nothing else', () => {
    assert.deepEqual(Object.keys(sandboxMethodModes), [...ALL_METHODS]);
    assert.deepEqual(
      Object.entries(sandboxMethodModes).filter(([, mode]) => mode === 'sync').map(([m]) => m),
      SYNC_METHODS,
    );
    assert.ok(Object.isFrozen(sandboxMethodModes));
  });
});

describe('types', () => {
  test('a literal script installs its methods as non-optional, with typed steps', async () => {
    const sandbox = scriptedSandboxSession([
      {
        method: 'execCommand',
        match: ({ cmd }) => {
          const command: string = cmd;
          assert.equal(command, 'pwd');
        },
        result: '/workspace\n',
      },
      { method: 'pathExists', respond: ({ args: [path] }) => path.startsWith('/') },
    ]);
    const exec: (args: ExecCommandArgs) => Promise<string> = sandbox.execCommand;
    const exists: (path: string, runAs?: string) => Promise<boolean> = sandbox.pathExists;
    // @ts-expect-error readFile was not scripted, so it stays optional
    const read: NonNullable<SandboxSession['readFile']> = sandbox.readFile;
    assert.equal(read, undefined);
    assert.equal(await exec({ cmd: 'pwd' }), '/workspace\n');
    assert.equal(await exists('/a'), true);
    sandbox.assertComplete();
  });

  test('steps are checked against the method signatures', () => {
    const steps: ScriptedSandboxInput[] = [
      { method: 'supportsPty', result: true },
      { method: 'readFile', result: new Uint8Array([1]) },
      { method: 'execCommand', respond: () => Promise.resolve('ok') },
      { method: 'createEditor', error: new Error('no editor') },
      // @ts-expect-error pathExists resolves to a boolean
      { method: 'pathExists', result: 'yes' },
      // @ts-expect-error supportsPty is synchronous: a responder must not return a promise
      { method: 'supportsPty', respond: () => Promise.resolve(true) },
      // @ts-expect-error a step has exactly one outcome
      { method: 'pathExists', result: true, error: new Error('both') },
      // @ts-expect-error the method must be a SandboxSession method
      { method: 'state', result: undefined },
    ];
    assert.equal(steps.length, 8);
  });

  test('an iterable of steps for a method union installs those methods', async () => {
    function* steps(): Generator<ScriptedSandboxInput<'start' | 'stop'>> {
      yield { method: 'start', result: undefined };
      yield { method: 'stop', result: undefined };
    }
    const sandbox = scriptedSandboxSession(steps());
    const start: () => Promise<void> = sandbox.start;
    await start();
    await sandbox.stop();
    sandbox.assertComplete();
  });
});

describe('session object', () => {
  test("has the SDK double's properties in order, with the same descriptors", (t) => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', result: 'a' },
      { method: 'supportsPty', result: false },
      { method: 'execCommand', result: 'b' },
      { method: 'stop', result: undefined },
    ]);
    t.after(() => void sandbox.acknowledgeFailures());
    const enumerable = [
      'state',
      'execCommand',
      'supportsPty',
      'stop',
      'calls',
      'remainingSteps',
      'assertComplete',
    ];
    assert.deepEqual(Object.keys(sandbox), enumerable);
    // The teardown members follow, not enumerable.
    assert.deepEqual(Reflect.ownKeys(sandbox), [
      ...enumerable,
      'failures',
      'acknowledgeFailures',
      'assertNoUnexpectedCalls',
      Symbol.dispose,
    ]);
    const descriptor = (key: PropertyKey) => {
      const { value, get, set, ...rest } = Object.getOwnPropertyDescriptor(sandbox, key)!;
      return { ...rest, value: typeof value, get: typeof get, set: typeof set };
    };
    assert.deepEqual(descriptor('state'), {
      value: 'object',
      get: 'undefined',
      set: 'undefined',
      writable: true,
      enumerable: true,
      configurable: true,
    });
    for (const method of ['execCommand', 'supportsPty', 'stop']) {
      assert.deepEqual(descriptor(method), {
        value: 'function',
        get: 'undefined',
        set: 'undefined',
        writable: true,
        enumerable: true,
        configurable: false,
      });
    }
    for (const getter of ['calls', 'remainingSteps']) {
      assert.deepEqual(descriptor(getter), {
        value: 'undefined',
        get: 'function',
        set: 'undefined',
        enumerable: true,
        configurable: false,
      });
    }
    assert.deepEqual(descriptor('assertComplete'), {
      value: 'function',
      get: 'undefined',
      set: 'undefined',
      writable: false,
      enumerable: true,
      configurable: false,
    });
    // Teardown members are ours: non-enumerable so spreads and Object.keys keep the SDK double's shape.
    assert.deepEqual(descriptor('failures'), {
      value: 'undefined',
      get: 'function',
      set: 'undefined',
      enumerable: false,
      configurable: false,
    });
    for (const key of ['acknowledgeFailures', 'assertNoUnexpectedCalls', Symbol.dispose]) {
      assert.deepEqual(descriptor(key), {
        value: 'function',
        get: 'undefined',
        set: 'undefined',
        writable: false,
        enumerable: false,
        configurable: false,
      });
    }
    assert.equal(Object.getPrototypeOf(sandbox), Object.prototype);
    assert.ok(Object.isExtensible(sandbox));
    assert.ok(!Object.isFrozen(sandbox));
  });

  test('state holds a default Manifest per session', () => {
    const a = scriptedSandboxSession();
    const b = scriptedSandboxSession();
    assert.ok(a.state.manifest instanceof Manifest);
    assert.equal(a.state.manifest.root, '/workspace');
    assert.deepEqual(a.state.manifest, new Manifest());
    assert.notEqual(a.state.manifest, b.state.manifest);
    assert.deepEqual(Object.keys(a.state), ['manifest']);
    const replacement = new Manifest({ root: '/other' });
    a.state = { manifest: replacement };
    assert.equal(a.state.manifest, replacement);
  });

  test('an empty script installs no methods', () => {
    for (const sandbox of [scriptedSandboxSession(), scriptedSandboxSession(undefined as never)]) {
      assert.deepEqual(Object.keys(sandbox), [
        'state',
        'calls',
        'remainingSteps',
        'assertComplete',
      ]);
      assert.equal(sandbox.remainingSteps, 0);
      assert.deepEqual(sandbox.calls, []);
      sandbox.assertComplete();
    }
  });

  test('unscripted methods are absent, and calling one is a plain TypeError', () => {
    const sandbox = scriptedSandboxSession([{ method: 'execCommand', result: 'ok' }]);
    for (const method of ALL_METHODS.filter((m) => m !== 'execCommand')) {
      assert.ok(!(method in sandbox), `${method} is absent`);
    }
    assert.throws(() => callMethod(sandbox, 'writeStdin', { sessionId: 1 }), TypeError);
    assert.deepEqual(sandbox.calls, []);
    assert.equal(sandbox.remainingSteps, 1);
    assert.deepEqual(sandbox.failures, []);
  });

  test('installed methods can be wrapped in place and the object extended', async () => {
    const order: string[] = [];
    const sandbox = scriptedSandboxSession([
      { method: 'stop', respond: () => void order.push('scripted stop') },
    ]);
    const original = sandbox.stop.bind(sandbox);
    sandbox.stop = async (options) => {
      order.push('hook');
      await original(options);
    };
    (sandbox as { preStop?: () => Promise<void> }).preStop = async () => {};
    await sandbox.stop({ reason: 'cleanup' });
    assert.deepEqual(order, ['hook', 'scripted stop']);
    assert.ok('preStop' in sandbox);
    sandbox.assertComplete();
  });

  test('Array.from semantics: iterables and array-likes are accepted, null is not', () => {
    const set = new Set<ScriptedSandboxInput>([{ method: 'start', result: undefined }]);
    assert.equal(scriptedSandboxSession(set).remainingSteps, 1);
    const arrayLike = { length: 1, 0: { method: 'stop', result: undefined } };
    assert.deepEqual(Object.keys(scriptedSandboxSession(arrayLike as never)), [
      'state',
      'stop',
      'calls',
      'remainingSteps',
      'assertComplete',
    ]);
    assert.throws(() => scriptedSandboxSession(null as never), TypeError);
  });
});

describe('validation', () => {
  function invalid(inputs: unknown[]): InvalidScriptedSandboxStepError {
    try {
      scriptedSandboxSession(inputs as never);
    } catch (error) {
      assert.ok(error instanceof InvalidScriptedSandboxStepError);
      return error;
    }
    return assert.fail('expected InvalidScriptedSandboxStepError');
  }
  const fields = (error: InvalidScriptedSandboxStepError) => ({
    reason: error.reason,
    inputIndex: error.inputIndex,
    method: error.method,
    message: error.message,
  });

  test('a step that is not an object', () => {
    for (const input of [null, undefined, 'execCommand', 42, () => {}]) {
      assert.deepEqual(fields(invalid([{ method: 'start', result: undefined }, input])), {
        reason: 'invalid_input',
        inputIndex: 1,
        method: undefined,
        message: 'Scripted sandbox step #2 must be an object.',
      });
    }
  });

  test('an unknown method, including non-method keys and inherited names', () => {
    for (const method of ['teleport', 'state', 'toString', 'constructor', '__proto__']) {
      assert.deepEqual(fields(invalid([{ method, result: 1 }])), {
        reason: 'unknown_method',
        inputIndex: 0,
        method,
        message: 'Scripted sandbox step #1 has an unknown method.',
      });
    }
    for (const method of [undefined, 7, Symbol('execCommand')]) {
      const error = invalid([{ method, result: 1 }]);
      assert.equal(error.reason, 'unknown_method');
      assert.equal(error.method, undefined);
    }
  });

  test('a matcher that is not a function', () => {
    for (const match of [null, false, 'cmd', {}]) {
      assert.deepEqual(fields(invalid([{ method: 'execCommand', match, result: '' }])), {
        reason: 'invalid_matcher',
        inputIndex: 0,
        method: 'execCommand',
        message: 'Scripted sandbox step #1 for execCommand must use a function matcher.',
      });
    }
    // An explicit undefined matcher is no matcher.
    scriptedSandboxSession([{ method: 'execCommand', match: undefined, result: '' }]);
  });

  test('not exactly one own outcome', () => {
    const message = 'Scripted sandbox step #1 for stop must define exactly one of result, ' +
      'respond, or error.';
    const cases = [
      { method: 'stop' },
      { method: 'stop', result: undefined, error: undefined },
      { method: 'stop', result: 1, respond: () => {} },
      { method: 'stop', result: 1, respond: () => {}, error: 1 },
      Object.assign(Object.create({ result: undefined }), { method: 'stop' }),
    ];
    for (const step of cases) {
      assert.deepEqual(fields(invalid([step])), {
        reason: 'invalid_outcome',
        inputIndex: 0,
        method: 'stop',
        message,
      });
    }
    // `result: undefined` is an own key, so it counts as the one outcome.
    scriptedSandboxSession([{ method: 'stop', result: undefined }]);
    scriptedSandboxSession([{ method: 'stop', error: undefined }]);
  });

  test('a responder that is not a function', () => {
    assert.deepEqual(fields(invalid([{ method: 'stop', respond: 'later' }])), {
      reason: 'invalid_outcome',
      inputIndex: 0,
      method: 'stop',
      message: 'Scripted sandbox step #1 for stop must use a function responder.',
    });
  });

  test('checks run in order and stop at the first invalid step', () => {
    // unknown method wins over a bad matcher and a bad outcome
    assert.equal(invalid([{ method: 'nope', match: 1 }]).reason, 'unknown_method');
    // a bad matcher wins over a bad outcome
    assert.equal(invalid([{ method: 'stop', match: 1 }]).reason, 'invalid_matcher');
    let read = 0;
    const later = {
      get method() {
        read++;
        return 'stop';
      },
      result: undefined,
    };
    const error = invalid([{ method: 'stop', result: undefined }, { method: 'stop' }, later]);
    assert.equal(error.inputIndex, 1);
    assert.equal(read, 0, 'steps after the invalid one are not inspected');
  });
});

describe('sync and async methods', () => {
  test('each method is synchronous or asynchronous as the table says', async () => {
    for (const method of ALL_METHODS) {
      const sandbox = scriptedSandboxSession([
        { method, result: `${method} result` } as unknown as ScriptedSandboxInput,
      ]);
      const returned = callMethod(sandbox, method);
      if (SYNC_METHODS.includes(method)) {
        assert.equal(returned, `${method} result`, method);
      } else {
        assert.ok(returned instanceof Promise, method);
        assert.equal(await returned, `${method} result`, method);
      }
      sandbox.assertComplete();
    }
  });

  test('synchronous methods throw synchronously', (t) => {
    const scripted = new Error('no pty');
    const matcherFailure = new Error('matcher failed');
    const sandbox = scriptedSandboxSession([
      { method: 'supportsPty', error: scripted },
      { method: 'supportsPty', match: () => false, result: true },
      {
        method: 'supportsPty',
        match: () => {
          throw matcherFailure;
        },
        result: true,
      },
      { method: 'createEditor', error: 'not an Error' },
    ]);
    t.after(() => void sandbox.acknowledgeFailures());
    assert.throws(() => sandbox.supportsPty(), (error) => error === scripted);
    assert.throws(() => sandbox.supportsPty(), SandboxCallMatcherError);
    assert.throws(() => sandbox.supportsPty(), (error) => error === matcherFailure);
    assert.throws(() => sandbox.createEditor(), (error) => error === 'not an Error');
    assert.throws(() => sandbox.supportsPty(), UnexpectedSandboxCallError);
  });

  test('a synchronous responder’s value is returned unchanged, even a promise', () => {
    const promise = Promise.resolve(true);
    const editor = { createFile() {} };
    const sandbox = scriptedSandboxSession([
      { method: 'supportsPty', respond: () => promise as never },
      { method: 'createEditor', respond: () => editor as never },
    ]);
    assert.equal(sandbox.supportsPty(), promise);
    assert.equal(sandbox.createEditor(), editor);
  });

  test('asynchronous methods reject, never throw, for every failure', async (t) => {
    const scripted = new Error('disk full');
    const matcherFailure = new Error('wrong command');
    const responderFailure = new Error('responder broke');
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', error: scripted },
      { method: 'execCommand', match: () => false, result: '' },
      {
        method: 'execCommand',
        match: () => {
          throw matcherFailure;
        },
        result: '',
      },
      {
        method: 'execCommand',
        respond: () => {
          throw responderFailure;
        },
      },
      { method: 'readFile', result: 'x' },
    ]);
    t.after(() => void sandbox.acknowledgeFailures());
    const exec = () => sandbox.execCommand({ cmd: 'ls' });
    assert.equal(await rejectionOf(exec), scripted);
    assert.ok((await rejectionOf(exec)) instanceof SandboxCallMatcherError);
    assert.equal(await rejectionOf(exec), matcherFailure);
    assert.equal(await rejectionOf(exec), responderFailure);
    assert.ok((await rejectionOf(exec)) instanceof UnexpectedSandboxCallError);
    assert.ok((await rejectionOf(exec)) instanceof UnexpectedSandboxCallError);
  });

  test('an asynchronous method resolves as Promise.resolve(outcome) would', async () => {
    const pending = Promise.resolve('from responder');
    const thenable = {
      then: (resolve: (value: string) => void) => resolve('from thenable'),
    } as unknown as PromiseLike<string>;
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', respond: () => pending },
      { method: 'execCommand', respond: () => thenable },
      { method: 'execCommand', result: 'fixed' },
    ]);
    assert.equal(sandbox.execCommand({ cmd: 'a' }), pending);
    assert.equal(await sandbox.execCommand({ cmd: 'b' }), 'from thenable');
    assert.equal(await sandbox.execCommand({ cmd: 'c' }), 'fixed');
  });

  test('a call is recorded synchronously, before an asynchronous method settles', () => {
    const sandbox = scriptedSandboxSession([{ method: 'execCommand', result: 'ok' }]);
    const promise = sandbox.execCommand({ cmd: 'ls' });
    assert.deepEqual(sandbox.calls.map((call) => call.method), ['execCommand']);
    assert.equal(sandbox.remainingSteps, 0);
    return promise.then(() => undefined);
  });
});

describe('one global order', () => {
  test('synchronous and asynchronous methods consume one script', async () => {
    const hook = () => {};
    const sandbox = scriptedSandboxSession([
      { method: 'supportsPty', result: true },
      { method: 'execCommand', result: 'Process running with session ID 3' },
      { method: 'registerPreStopHook', respond: () => () => {} },
      { method: 'writeStdin', result: 'done' },
    ]);
    assert.equal(sandbox.supportsPty(), true);
    assert.equal(
      await sandbox.execCommand({ cmd: 'python', tty: true }),
      'Process running with session ID 3',
    );
    assert.equal(typeof sandbox.registerPreStopHook(hook), 'function');
    assert.equal(await sandbox.writeStdin({ sessionId: 3, chars: 'exit()\n' }), 'done');
    assert.deepEqual(
      sandbox.calls.map(({ index, method }) => [index, method]),
      [[0, 'supportsPty'], [1, 'execCommand'], [2, 'registerPreStopHook'], [3, 'writeStdin']],
    );
    sandbox.assertComplete();
  });

  test('a mismatched call consumes the step and is recorded', async (t) => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', result: 'a' },
      { method: 'readFile', result: 'b' },
      { method: 'stop', result: undefined },
    ]);
    t.after(() => void sandbox.acknowledgeFailures());
    const error = await rejectionOf(() => sandbox.readFile({ path: '/secret/token' }));
    assert.ok(error instanceof UnexpectedSandboxCallError);
    assert.deepEqual({ ...error }, {
      callIndex: 0,
      actualMethod: 'readFile',
      expectedMethod: 'execCommand',
      remainingSteps: 2,
      name: 'UnexpectedSandboxCallError',
    });
    assert.equal(
      error.message,
      'Scripted sandbox session received unexpected readFile call #1; expected execCommand.',
    );
    assert.ok(!error.message.includes('/secret/token'), 'messages never include arguments');
    assert.equal(sandbox.remainingSteps, 2);
    // The script has moved on: the next step is readFile.
    assert.equal(await sandbox.readFile({ path: '/a' }), 'b');
    assert.deepEqual(sandbox.calls.map((call) => call.method), ['readFile', 'readFile']);
  });

  test('a call after the script is exhausted', async (t) => {
    const sandbox = scriptedSandboxSession([{ method: 'stop', result: undefined }]);
    t.after(() => void sandbox.acknowledgeFailures());
    await sandbox.stop();
    const error = await rejectionOf(() => sandbox.stop());
    assert.ok(error instanceof UnexpectedSandboxCallError);
    assert.equal(error.callIndex, 1);
    assert.equal(error.expectedMethod, undefined);
    assert.ok(Object.hasOwn(error, 'expectedMethod'));
    assert.equal(error.remainingSteps, 0);
    assert.equal(
      error.message,
      'Scripted sandbox session received unexpected stop call #2; no scripted steps remain.',
    );
  });
});

describe('matchers', () => {
  test('only exactly false rejects; undefined, true and other values pass', async (t) => {
    const verdicts: unknown[] = [undefined, true, 0, '', null, false];
    const sandbox = scriptedSandboxSession(
      verdicts.map((verdict) => ({
        method: 'execCommand' as const,
        match: () => verdict as boolean,
        result: 'ok',
      })),
    );
    t.after(() => void sandbox.acknowledgeFailures());
    for (let i = 0; i < verdicts.length - 1; i++) {
      assert.equal(await sandbox.execCommand({ cmd: `c${i}` }), 'ok');
    }
    const error = await rejectionOf(() => sandbox.execCommand({ cmd: 'secret-value' }));
    assert.ok(error instanceof SandboxCallMatcherError);
    assert.deepEqual({ ...error }, {
      callIndex: 5,
      method: 'execCommand',
      name: 'SandboxCallMatcherError',
    });
    assert.equal(error.message, 'Scripted sandbox session matcher rejected execCommand call #6.');
    assert.ok(!error.message.includes('secret-value'));
  });

  test('a throwing matcher propagates its own error, so assertion diffs survive', async (t) => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', match: ({ cmd }) => assert.equal(cmd, 'pwd'), result: '' },
    ]);
    t.after(() => void sandbox.acknowledgeFailures());
    const error = await rejectionOf(() => sandbox.execCommand({ cmd: 'ls' }));
    assert.ok(error instanceof assert.AssertionError);
  });

  test('a matcher receives the positional arguments as a fresh detached copy', async () => {
    const seen: unknown[][] = [];
    const sandbox = scriptedSandboxSession([
      {
        method: 'execCommand',
        match: (...args) => {
          seen.push(args);
          (args[0] as { cmd: string }).cmd = 'changed by matcher';
        },
        respond: (call) => call.args[0].cmd,
      },
      {
        method: 'pathExists',
        match: (path, runAs) => {
          seen.push([path, runAs]);
        },
        result: true,
      },
    ]);
    const args = { cmd: 'ls' };
    assert.equal(await sandbox.execCommand(args), 'ls');
    assert.equal(args.cmd, 'ls');
    assert.notEqual(seen[0][0], args);
    assert.equal(sandbox.calls[0].args[0] !== undefined, true);
    assert.deepEqual(sandbox.calls[0].args, [{ cmd: 'ls' }]);
    await sandbox.pathExists('/workspace', 'builder');
    assert.deepEqual(seen[1], ['/workspace', 'builder']);
  });
});

describe('outcomes', () => {
  test('a result is detached when the session is created and returned as that copy', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const listing = [{ name: 'a', path: '/a', type: 'file' as const }];
    const sandbox = scriptedSandboxSession([
      { method: 'readFile', result: bytes },
      { method: 'listDir', result: listing },
    ]);
    bytes[0] = 9;
    listing.push({ name: 'b', path: '/b', type: 'file' });
    const got = await sandbox.readFile({ path: '/f' });
    assert.notEqual(got, bytes);
    assert.deepEqual(got, new Uint8Array([1, 2, 3]));
    const entries = await sandbox.listDir({ path: '/' });
    assert.notEqual(entries, listing);
    assert.deepEqual(entries, [{ name: 'a', path: '/a', type: 'file' }]);
  });

  test('an error step throws the very same value and is not recorded as a failure', async () => {
    const error = new Error('sandbox crashed');
    const sandbox = scriptedSandboxSession([{ method: 'execCommand', error }]);
    assert.equal(await rejectionOf(() => sandbox.execCommand({ cmd: 'ls' })), error);
    assert.deepEqual(sandbox.failures, []);
  });

  test('a responder receives a frozen, detached call snapshot', async () => {
    let received: unknown;
    const sandbox = scriptedSandboxSession([
      { method: 'supportsPty', result: false },
      {
        method: 'execCommand',
        respond: (call) => {
          received = call;
          assert.ok(Object.isFrozen(call));
          assert.ok(Object.isFrozen(call.args));
          assert.throws(() => {
            (call.args as unknown as unknown[]).push('x');
          }, TypeError);
          (call.args[0] as { cmd: string }).cmd = 'changed by responder';
          return `${call.index}:${call.method}`;
        },
      },
    ]);
    sandbox.supportsPty();
    const args = { cmd: 'pwd', workdir: '/workspace' };
    assert.equal(await sandbox.execCommand(args), '1:execCommand');
    assert.equal(args.cmd, 'pwd');
    assert.deepEqual(sandbox.calls[1].args, [{ cmd: 'pwd', workdir: '/workspace' }]);
    assert.deepEqual(Object.keys(received as object), ['index', 'method', 'args']);
  });
});

describe('calls', () => {
  test('each read is a new frozen array of frozen records with frozen, detached args', async () => {
    const hook = () => {};
    const sandbox = scriptedSandboxSession([
      { method: 'registerPreStopHook', result: undefined },
      { method: 'execCommand', result: 'ok' },
      { method: 'pathExists', result: true },
      { method: 'persistWorkspace', result: new Uint8Array() },
    ]);
    sandbox.registerPreStopHook(hook);
    const args = { cmd: 'ls', nested: { list: [1] } };
    await sandbox.execCommand(args as ExecCommandArgs);
    args.cmd = 'rm -rf /';
    args.nested.list.push(2);
    await sandbox.pathExists('/a', undefined);
    await sandbox.persistWorkspace();

    const first = sandbox.calls;
    const second = sandbox.calls;
    assert.notEqual(first, second);
    assert.ok(Object.isFrozen(first));
    assert.deepEqual(
      first.map(({ index, method, args }) => ({ index, method, args })),
      [
        { index: 0, method: 'registerPreStopHook', args: [hook] },
        { index: 1, method: 'execCommand', args: [{ cmd: 'ls', nested: { list: [1] } }] },
        { index: 2, method: 'pathExists', args: ['/a', undefined] },
        { index: 3, method: 'persistWorkspace', args: [] },
      ],
    );
    for (const call of first) {
      assert.ok(Object.isFrozen(call));
      assert.ok(Object.isFrozen(call.args));
      assert.deepEqual(Object.keys(call), ['index', 'method', 'args']);
    }
    assert.notEqual(first[1], second[1]);
    assert.equal(first[0].args[0], hook, 'functions keep their identity');
    assert.equal(first[2].args.length, 2, 'explicit trailing undefined is kept');
    const recorded = first[1].args[0] as { cmd: string };
    assert.ok(!Object.isFrozen(recorded), 'argument values are detached, not frozen');
    recorded.cmd = 'changed by reader';
    assert.deepEqual(second[1].args[0], { cmd: 'ls', nested: { list: [1] } });
    assert.deepEqual(sandbox.calls[1].args[0], { cmd: 'ls', nested: { list: [1] } });
  });

  test('class instances other than an applyManifest manifest keep their identity', async () => {
    const manifest = new Manifest();
    const date = new Date(0);
    const sandbox = scriptedSandboxSession([
      { method: 'hydrateWorkspace', result: undefined },
      { method: 'materializeEntry', result: undefined },
    ]);
    await sandbox.hydrateWorkspace('archive', { archiveLimits: null, when: date } as never);
    await sandbox.materializeEntry({ path: 'x', entry: file({ content: 'x' }), manifest } as never);
    const [hydrate, materialize] = sandbox.calls;
    assert.equal((hydrate.args[1] as { when: Date }).when, date);
    assert.equal((materialize.args[0] as { manifest: Manifest }).manifest, manifest);
  });
});

describe('applyManifest', () => {
  test('its manifest is cloned with cloneManifest at every snapshot', async () => {
    const manifest = new Manifest({ entries: { 'a.txt': file({ content: 'A' }) } });
    const matched: Manifest[] = [];
    const responded: Manifest[] = [];
    const sandbox = scriptedSandboxSession([
      {
        method: 'applyManifest',
        match: (received, runAs) => {
          assert.equal(runAs, 'builder');
          matched.push(received);
          (received as { root: string }).root = '/changed-by-matcher';
        },
        respond: ({ args: [received] }) => {
          responded.push(received);
          (received as { root: string }).root = '/changed-by-responder';
        },
      },
    ]);
    await sandbox.applyManifest(manifest, 'builder');
    (manifest.entries as Record<string, unknown>)['b.txt'] = file({ content: 'B' });

    const [call] = sandbox.calls;
    const recorded = call.args[0] as Manifest;
    assert.ok(recorded instanceof Manifest);
    assert.notEqual(recorded, manifest);
    assert.equal(call.args[1], 'builder');
    assert.deepEqual(
      recorded,
      cloneManifest(new Manifest({ entries: { 'a.txt': file({ content: 'A' }) } })),
    );
    for (const copy of [matched[0], responded[0]]) {
      assert.ok(copy instanceof Manifest);
      assert.notEqual(copy, manifest);
      assert.notEqual(copy, recorded);
    }
    (recorded as { root: string }).root = '/changed-by-reader';
    assert.notEqual(sandbox.calls[0].args[0], recorded);
    assert.equal((sandbox.calls[0].args[0] as Manifest).root, '/workspace');
    assert.deepEqual(Object.keys((sandbox.calls[0].args[0] as Manifest).entries), ['a.txt']);
  });

  test('the clone keeps the runtime-only mount-credential acknowledgement', async () => {
    const manifestModule = await import(
      new URL('./manifest.mjs', import.meta.resolve('@openai/agents-core/sandbox')).href
    );
    // The deep module must be the instance the SDK uses, or its WeakMap is another one.
    assert.equal(manifestModule.Manifest, Manifest);
    const acknowledges = (m: Manifest) =>
      manifestModule.manifestAcknowledgesInContainerMountCredentialExposure(
        m,
        '/workspace/data',
        'mount_scoped',
      ) as boolean;
    const manifest = new Manifest().withInContainerMountCredentialExposureAcknowledged(
      '/workspace/data',
    );
    assert.ok(acknowledges(manifest));
    assert.ok(!acknowledges(new Manifest()));

    const seen: Manifest[] = [];
    const sandbox = scriptedSandboxSession([
      {
        method: 'applyManifest',
        match: (m) => void seen.push(m),
        respond: ({ args: [m] }) => void seen.push(m),
      },
    ]);
    await sandbox.applyManifest(manifest);
    seen.push(sandbox.calls[0].args[0] as Manifest);
    assert.equal(seen.length, 3);
    for (const copy of seen) {
      assert.notEqual(copy, manifest);
      assert.ok(acknowledges(copy));
    }
  });

  test('a non-Manifest argument gets the generic snapshot', async () => {
    const init = { root: '/workspace', entries: {} };
    const sandbox = scriptedSandboxSession([{ method: 'applyManifest', result: undefined }]);
    await sandbox.applyManifest(init as unknown as Manifest);
    const recorded = sandbox.calls[0].args[0];
    assert.ok(!(recorded instanceof Manifest));
    assert.notEqual(recorded, init);
    assert.deepEqual(recorded, init);
  });
});

describe('assertComplete', () => {
  test('lists the unconsumed steps in order', async () => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', result: 'a' },
      { method: 'readFile', result: 'b' },
      { method: 'stop', result: undefined },
    ]);
    await sandbox.execCommand({ cmd: 'ls' });
    assert.throws(() => sandbox.assertComplete(), (error: unknown) => {
      assert.ok(error instanceof UnconsumedSandboxStepsError);
      assert.deepEqual({ ...error }, {
        remainingSteps: 2,
        pendingMethods: ['readFile', 'stop'],
        name: 'UnconsumedSandboxStepsError',
      });
      assert.ok(Object.isFrozen(error.pendingMethods));
      assert.equal(
        error.message,
        'Scripted sandbox session has 2 unconsumed steps: readFile, stop.',
      );
      return true;
    });
    await sandbox.readFile({ path: '/b' });
    await sandbox.stop();
    sandbox.assertComplete();
  });

  test("keeps the SDK double's behaviour: it does not look at failures", async (t) => {
    const sandbox = scriptedSandboxSession([{
      method: 'execCommand',
      match: () => false,
      result: '',
    }]);
    t.after(() => void sandbox.acknowledgeFailures());
    await rejectionOf(() => sandbox.execCommand({ cmd: 'ls' }));
    sandbox.assertComplete();
  });
});

describe('teardown', () => {
  test('records unexpected calls and matcher failures, even when the caller swallows them', async () => {
    const matcherFailure = new Error('asserted in matcher');
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', match: () => false, result: '' },
      {
        method: 'execCommand',
        match: () => {
          throw matcherFailure;
        },
        result: '',
      },
      { method: 'execCommand', error: new Error('scripted, not recorded') },
      {
        method: 'execCommand',
        respond: () => {
          throw new Error('responder, not recorded');
        },
      },
    ]);
    for (let i = 0; i < 5; i++) {
      await sandbox.execCommand({ cmd: 'ls' }).catch(() => {});
    }
    assert.throws(() => callMethod(sandbox, 'supportsPty'), TypeError);
    const failures = sandbox.failures;
    assert.ok(Object.isFrozen(failures));
    assert.equal(failures.length, 3);
    assert.ok(failures[0] instanceof SandboxCallMatcherError);
    assert.equal(failures[1], matcherFailure);
    assert.ok(failures[2] instanceof UnexpectedSandboxCallError);

    assert.throws(() => sandbox.assertNoUnexpectedCalls(), (error: unknown) => {
      assert.ok(error instanceof DoubleFailuresError);
      assert.equal(error.double, 'ScriptedSandboxSession');
      assert.deepEqual(error.failures, failures);
      return true;
    });
    assert.deepEqual(sandbox.acknowledgeFailures(), failures);
    assert.deepEqual(sandbox.failures, []);
    sandbox.assertNoUnexpectedCalls();
    sandbox[Symbol.dispose]();
  });

  test('dispose reports an early exit through assertComplete', () => {
    const sandbox = scriptedSandboxSession([{ method: 'stop', result: undefined }]);
    assert.throws(() => sandbox[Symbol.dispose](), UnconsumedSandboxStepsError);
  });

  test('dispose reports swallowed failures and unconsumed steps together', async () => {
    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', match: () => false, result: '' },
      { method: 'stop', result: undefined },
    ]);
    await sandbox.execCommand({ cmd: 'ls' }).catch(() => {});
    assert.throws(() => sandbox[Symbol.dispose](), (error: unknown) => {
      assert.ok(error instanceof AggregateError);
      assert.ok(error.errors[0] instanceof DoubleFailuresError);
      assert.ok(error.errors[1] instanceof UnconsumedSandboxStepsError);
      assert.match(error.message, /^ScriptedSandboxSession teardown found 2 problems/);
      return true;
    });
  });

  test('dispose passes for a completed, clean session', async () => {
    const sandbox = scriptedSandboxSession([{ method: 'stop', result: undefined }]);
    await sandbox.stop();
    sandbox[Symbol.dispose]();
  });
});

describe('side by side with the SDK double', () => {
  type Factory = (inputs?: unknown) => object;
  const ours = scriptedSandboxSession as unknown as Factory;
  const theirs = SdkDoubles.scriptedSandboxSession as unknown as Factory;
  const scriptedError = new Error('scripted');
  const matcherError = new Error('matcher threw');

  /** What a user can observe about a value, with our and their classes made comparable. */
  function describeValue(value: unknown): unknown {
    if (value === scriptedError) return 'the scripted error';
    if (value === matcherError) return 'the matcher error';
    if (value instanceof Manifest) return { manifest: JSON.parse(JSON.stringify(value)) };
    if (value instanceof Error) {
      return {
        name: value.name,
        message: value.message,
        fields: Object.keys(value).map((key) => [key, (value as never)[key]]),
        isTypeError: value instanceof TypeError,
      };
    }
    if (typeof value === 'function') return 'function';
    if (Array.isArray(value)) return value.map(describeValue);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, describeValue(v)]));
    }
    return value;
  }

  function describeShape(session: object): unknown {
    return Object.keys(session).map((key) => {
      const { value, get, ...rest } = Object.getOwnPropertyDescriptor(session, key)!;
      return [key, typeof value, typeof get, rest];
    });
  }

  async function transcript(
    factory: Factory,
    steps: () => unknown[],
    calls: Array<[string, ...unknown[]]>,
  ): Promise<unknown[]> {
    const log: unknown[] = [];
    let session: Record<string, unknown>;
    try {
      session = factory(steps()) as Record<string, unknown>;
    } catch (error) {
      return [['construction threw', describeValue(error)]];
    }
    log.push(['shape', describeShape(session)]);
    log.push(['extensible', Object.isExtensible(session)]);
    for (const [method, ...args] of calls) {
      let returned: unknown;
      try {
        returned = (session[method] as (...a: unknown[]) => unknown)(...args);
      } catch (error) {
        log.push([method, 'threw', describeValue(error)]);
        continue;
      }
      if (returned instanceof Promise) {
        try {
          log.push([method, 'resolved', describeValue(await returned)]);
        } catch (error) {
          log.push([method, 'rejected', describeValue(error)]);
        }
      } else {
        log.push([method, 'returned', describeValue(returned)]);
      }
      log.push(['remaining', session.remainingSteps]);
    }
    const recorded = session.calls as RecordedSandboxCall[];
    log.push(['calls', describeValue(recorded)]);
    log.push(['frozen', Object.isFrozen(recorded), recorded.map((c) => Object.isFrozen(c.args))]);
    try {
      (session.assertComplete as () => void)();
      log.push(['complete']);
    } catch (error) {
      log.push(['incomplete', describeValue(error)]);
    }
    return log;
  }

  async function compare(steps: () => unknown[], calls: Array<[string, ...unknown[]]>) {
    assert.deepEqual(
      await transcript(ours, steps, calls),
      await transcript(theirs, steps, calls),
    );
  }

  test('a mixed workflow: sync and async, every outcome, matchers, drift and exhaustion', async () => {
    const hook = () => {};
    await compare(
      () => [
        { method: 'supportsPty', result: true },
        { method: 'execCommand', match: ({ cmd }: ExecCommandArgs) => cmd === 'pwd', result: '/w' },
        { method: 'execCommand', match: () => false, result: 'never' },
        {
          method: 'execCommand',
          match: () => {
            throw matcherError;
          },
          result: 'never',
        },
        { method: 'readFile', respond: (call: unknown) => JSON.stringify(call) },
        { method: 'createEditor', error: scriptedError },
        { method: 'pathExists', error: scriptedError },
        { method: 'registerPreStopHook', respond: () => hook },
        { method: 'listDir', result: [{ name: 'a', path: '/a', type: 'file' }] },
        { method: 'stop', result: undefined },
        { method: 'close', result: undefined },
      ],
      [
        ['supportsPty'],
        ['execCommand', { cmd: 'pwd', secret: 'hunter2' }],
        ['execCommand', { cmd: 'ls' }],
        ['execCommand', { cmd: 'ls' }],
        ['readFile', { path: '/a', maxBytes: 3 }],
        ['createEditor', 'root'],
        ['pathExists', '/a', undefined],
        ['registerPreStopHook', hook],
        ['stop', { reason: 'drift' }],
        ['stop'],
        ['close'],
        ['close'],
      ],
    );
  });

  test('applyManifest detaching', async () => {
    const manifest = new Manifest({ entries: { 'a.txt': file({ content: 'A' }) } });
    await compare(
      () => [
        {
          method: 'applyManifest',
          match: (m: Manifest) => void ((m as { root: string }).root = '/m'),
          respond: ({ args }: { args: [Manifest] }) => args[0] === manifest,
        },
        { method: 'applyManifest', result: undefined },
      ],
      [['applyManifest', manifest, 'builder'], ['applyManifest', { root: '/plain' }]],
    );
  });

  test('every construction-time rejection', async () => {
    const invalidScripts: unknown[][] = [
      [null],
      ['execCommand'],
      [{ method: 'teleport', result: 1 }],
      [{ method: 'state', result: 1 }],
      [{ method: 'toString', result: 1 }],
      [{ method: 3, result: 1 }],
      [{ method: 'exec', match: null, result: 1 }],
      [{ method: 'exec' }],
      [{ method: 'exec', result: 1, error: 2 }],
      [{ method: 'exec', respond: 'x' }],
      [{ method: 'exec', result: undefined, respond: undefined }],
      [Object.assign(Object.create({ result: 1 }), { method: 'exec' })],
      [{ method: 'exec', result: 1 }, { method: 'stop', result: 1 }, 5],
      [],
    ];
    for (const script of invalidScripts) {
      await compare(() => script, []);
    }
  });

  test('a result is detached at creation in both', async () => {
    const bytes = new Uint8Array([1, 2]);
    const steps = [{ method: 'readFile', result: bytes }];
    const a = ours(steps) as { readFile(): Promise<Uint8Array> };
    const b = theirs(steps) as { readFile(): Promise<Uint8Array> };
    bytes[0] = 7;
    assert.deepEqual(await a.readFile(), await b.readFile());
  });
});

describe('the SDK lifecycle wrappers', () => {
  // `registerSandboxPreStopHook` is not a public export; the SDK's own
  // tests reach it through the SDK's dist folder, next to the public sandbox entry.
  const lifecycle = () =>
    import(
      new URL(
        './runtime/sessionLifecycle.mjs',
        import.meta.resolve('@openai/agents-core/sandbox'),
      ).href
    );

  test('wrap the scripted stop in place: the hook runs first, then the scripted stop', async () => {
    const { registerSandboxPreStopHook, cleanupSandboxSession } = await lifecycle();
    const order: string[] = [];
    const sandbox = scriptedSandboxSession([
      {
        method: 'stop',
        match: (options) => assert.equal(options?.reason, 'cleanup'),
        respond: () => void order.push('scripted stop'),
      },
    ]);
    const scriptedStop = sandbox.stop;
    registerSandboxPreStopHook(sandbox, () => void order.push('hook'));
    assert.notEqual(sandbox.stop, scriptedStop, 'stop was reassigned');
    assert.equal(typeof sandbox.preStop, 'function', 'preStop was added');
    assert.equal(typeof sandbox.runPreStopHooks, 'function', 'runPreStopHooks was added');
    await cleanupSandboxSession(sandbox);
    assert.deepEqual(order, ['hook', 'scripted stop']);
    assert.deepEqual(sandbox.calls.map((call) => call.method), ['stop']);
    sandbox[Symbol.dispose]();
  });

  test('a scripted registerPreStopHook receives the SDK’s hook and its unregister function is used', async () => {
    const { registerSandboxPreStopHook } = await lifecycle();
    let unregistered = 0;
    const sandbox = scriptedSandboxSession([
      { method: 'registerPreStopHook', respond: () => () => void unregistered++ },
    ]);
    const unregister = registerSandboxPreStopHook(sandbox, () => {});
    const [call] = sandbox.calls;
    assert.equal(call.method, 'registerPreStopHook');
    assert.equal(typeof call.args[0], 'function');
    unregister();
    assert.equal(unregistered, 1);
    sandbox[Symbol.dispose]();
  });
});

describe('scriptedSandboxSession: bending steps are validated where they are written', () => {
  const invalid = (reason: string, message: string, method?: string) => (error: unknown) => {
    assert.ok(error instanceof InvalidScriptedSandboxStepError);
    assert.equal(error.reason, reason);
    assert.equal(error.message, message);
    assert.equal(error.method, method);
    return true;
  };

  test('groups, counts, anytime steps and present methods', async () => {
    const { anyOrder } = await import('scripted-agents/testing');
    assert.throws(
      () => scriptedSandboxSession([anyOrder()]),
      invalid('invalid_group', 'Scripted sandbox step #1 is an empty anyOrder() group.'),
    );
    assert.throws(
      () =>
        scriptedSandboxSession([
          { method: 'running', result: true },
          anyOrder(anyOrder({ method: 'running', result: true }) as never),
        ]),
      invalid('invalid_group', 'Scripted sandbox step #2 nests an anyOrder() group in another.'),
    );
    assert.throws(
      () => scriptedSandboxSession([{ method: 'running', result: true, times: 0 }]),
      invalid(
        'invalid_times',
        'Scripted sandbox step #1 for running has invalid times or optional.',
        'running',
      ),
    );
    assert.throws(
      () =>
        scriptedSandboxSession([], {
          anytime: [{ method: 'running', result: true, optional: true }],
        }),
      invalid(
        'invalid_times',
        'Anytime sandbox step #1 for running is already optional and unlimited.',
        'running',
      ),
    );
    assert.throws(
      () => scriptedSandboxSession([], { present: ['execCommand', 'nope' as never] }),
      invalid(
        'unknown_method',
        'Present sandbox method #2 is not a SandboxSession method.',
        'nope',
      ),
    );
    // A name inside an array is not a method name, even though a property lookup would coerce it.
    assert.throws(
      () => scriptedSandboxSession([], { present: [['execCommand'] as never] }),
      invalid('unknown_method', 'Present sandbox method #1 is not a SandboxSession method.'),
    );
  });

  test('a method both scripted and present is installed once', async () => {
    using sandbox = scriptedSandboxSession([{ method: 'execCommand', result: 'ok' }], {
      present: ['execCommand'],
      anytime: [{ method: 'execCommand', match: () => false, result: 'never' }],
    });
    assert.equal(await sandbox.execCommand!({ cmd: 'ls' }), 'ok');
  });
});
