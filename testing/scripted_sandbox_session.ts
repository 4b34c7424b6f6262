/**
 * An in-memory `SandboxSession` for the real `SandboxAgent`: each scripted step
 * answers exactly one session method call, in one global order across the
 * synchronous methods (`supportsPty`, `registerPreStopHook`, ...) and the
 * asynchronous ones (`execCommand`, `readFile`, ...).
 *
 * @example A `SandboxAgent` shell workflow without a real sandbox
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Runner } from '@openai/agents';
 * import { SandboxAgent, shell } from '@openai/agents/sandbox';
 * import {
 *   assistantMessage,
 *   functionCall,
 *   ScriptedModel,
 *   scriptedSandboxSession,
 * } from 'scripted-agents/testing';
 *
 * using sandbox = scriptedSandboxSession([
 *   // The shell tool has already validated the model's arguments when this runs.
 *   { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '/workspace\n' },
 * ]);
 * using model = new ScriptedModel([
 *   [functionCall('exec_command', { cmd: 'pwd' }, { callId: 'call_1' })],
 *   [assistantMessage('The workspace is /workspace.')],
 * ]);
 * const agent = new SandboxAgent({ name: 'Workspace assistant', model, capabilities: [shell()] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Where are you?', {
 *   // The real SandboxAgent runtime uses the in-memory session instead of starting one.
 *   sandbox: { session: sandbox },
 * });
 *
 * assert.equal(result.finalOutput, 'The workspace is /workspace.');
 * assert.deepEqual(sandbox.calls.map((call) => call.method), ['execCommand']);
 * // Leaving the scope runs both doubles' teardown checks.
 * ```
 *
 * @module
 */

import { cloneManifest, Manifest } from '@openai/agents-core/sandbox';
import { ordinal } from '../_internal/format.ts';
import { FailureLog, runTeardownChecks } from '../_internal/failure_log.ts';
import { Queue } from '../_internal/queue.ts';
import { snapshotValue } from '../_internal/snapshot.ts';
import {
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from './scripted_sandbox_session_errors.ts';

import type {
  RecordedSandboxCall,
  ScriptedSandboxInput,
  ScriptedSandboxMethod,
  ScriptedSandboxSession,
} from './scripted_sandbox_session_types.ts';

type MethodMode = 'sync' | 'async';

/**
 * Whether each `SandboxSession` method is synchronous or asynchronous. Also the
 * list of methods a step may name. It must name exactly the SDK's methods: a
 * method added to `SandboxSession` has to fail the type check here rather than
 * be rejected at run time as `unknown_method`.
 *
 * Internal to the package (not re-exported from `mod.ts`); exported for tests.
 */
export const sandboxMethodModes = Object.freeze(
  {
    start: 'async',
    running: 'async',
    registerPreStopHook: 'sync',
    runPreStopHooks: 'async',
    preStop: 'async',
    stop: 'async',
    shutdown: 'async',
    delete: 'async',
    createEditor: 'sync',
    exec: 'async',
    execCommand: 'async',
    writeStdin: 'async',
    viewImage: 'async',
    readFile: 'async',
    listDir: 'async',
    pathExists: 'async',
    directoryExists: 'async',
    materializeEntry: 'async',
    applyManifest: 'async',
    persistWorkspace: 'async',
    hydrateWorkspace: 'async',
    setArchiveLimits: 'sync',
    resolveExposedPort: 'async',
    supportsPty: 'sync',
    close: 'async',
  } as const satisfies Record<ScriptedSandboxMethod, MethodMode>,
);

/** `true` when `T` has exactly the keys `K`: no key missing and none extra. */
export type HasExactKeys<T, K extends PropertyKey> =
  [Exclude<keyof T, K>, Exclude<K, keyof T>] extends [never, never] ? true : false;

// `satisfies Record<...>` catches a missing method; this also catches an extra
// one even if the table stops being a plain literal (a spread, a widened type).
type Assert<T extends true> = T;
type _SandboxMethodModesAreExact = Assert<
  HasExactKeys<typeof sandboxMethodModes, ScriptedSandboxMethod>
>;

type Outcome =
  | { readonly kind: 'result'; readonly value: unknown }
  | { readonly kind: 'respond'; readonly respond: (call: RecordedSandboxCall) => unknown }
  | { readonly kind: 'error'; readonly error: unknown };

interface Step {
  readonly method: ScriptedSandboxMethod;
  readonly match: ((...args: unknown[]) => unknown) | undefined;
  readonly outcome: Outcome;
}

const hasOwn = (object: object, key: PropertyKey): boolean =>
  Object.prototype.hasOwnProperty.call(object, key);

function invalidStep(
  reason: InvalidScriptedSandboxStepError['reason'],
  inputIndex: number,
  message: string,
  method?: string,
): InvalidScriptedSandboxStepError {
  return new InvalidScriptedSandboxStepError({ reason, inputIndex, message, method });
}

/**
 * Validates one input, checking its rules in the order the SDK's own double
 * does (so both report the same reason), and captures what a call needs.
 */
function normalizeStep(input: unknown, inputIndex: number): Step {
  const step = `Scripted sandbox step ${ordinal(inputIndex)}`;
  if (typeof input !== 'object' || input === null) {
    throw invalidStep('invalid_input', inputIndex, `${step} must be an object.`);
  }
  const { method, match } = input as { method?: unknown; match?: unknown };
  if (typeof method !== 'string' || !hasOwn(sandboxMethodModes, method)) {
    throw invalidStep(
      'unknown_method',
      inputIndex,
      `${step} has an unknown method.`,
      typeof method === 'string' ? method : undefined,
    );
  }
  if (match !== undefined && typeof match !== 'function') {
    throw invalidStep(
      'invalid_matcher',
      inputIndex,
      `${step} for ${method} must use a function matcher.`,
      method,
    );
  }
  // Own keys only, so `result: undefined` is a result and an inherited one is not.
  const outcomes = ['result', 'respond', 'error'].filter((key) => hasOwn(input, key));
  if (outcomes.length !== 1) {
    throw invalidStep(
      'invalid_outcome',
      inputIndex,
      `${step} for ${method} must define exactly one of result, respond, or error.`,
      method,
    );
  }
  const source = input as { result?: unknown; respond?: unknown; error?: unknown };
  let outcome: Outcome;
  switch (outcomes[0]) {
    case 'respond':
      if (typeof source.respond !== 'function') {
        throw invalidStep(
          'invalid_outcome',
          inputIndex,
          `${step} for ${method} must use a function responder.`,
          method,
        );
      }
      outcome = {
        kind: 'respond',
        respond: source.respond as (call: RecordedSandboxCall) => unknown,
      };
      break;
    case 'error':
      outcome = { kind: 'error', error: source.error };
      break;
    default:
      // Detached now: a queued value the test mutates later must not change.
      outcome = { kind: 'result', value: snapshotValue(source.result) };
  }
  return {
    method: method as ScriptedSandboxMethod,
    match: match as Step['match'],
    outcome,
  };
}

/**
 * Detached arguments. `Manifest` is a class instance, which the generic
 * snapshot keeps by identity, so `applyManifest`'s manifest is cloned with the
 * SDK's `cloneManifest` (the only public way that also copies its
 * mount-credential acknowledgements).
 */
function snapshotArgs(method: string, args: readonly unknown[]): unknown[] {
  const copy = snapshotValue(args.slice());
  if (method === 'applyManifest' && args[0] instanceof Manifest) {
    copy[0] = cloneManifest(args[0]);
  }
  return copy;
}

function freezeCall(index: number, method: string, args: unknown[]): RecordedSandboxCall {
  return Object.freeze({ index, method, args: Object.freeze(args) });
}

function freshCall(call: RecordedSandboxCall): RecordedSandboxCall {
  return freezeCall(call.index, call.method, snapshotArgs(call.method, call.args));
}

const definedValue = (value: unknown, enumerable = true): PropertyDescriptor => ({
  value,
  enumerable,
  writable: false,
  configurable: false,
});

/**
 * Creates an in-memory `SandboxSession` that answers each call with the next
 * scripted step. Only the methods the script names are installed, so the SDK's
 * capability detection sees exactly those (script both `supportsPty` and
 * `writeStdin` to expose interactive shells). Installed methods stay writable
 * and the object extensible, because the SDK's lifecycle wraps `stop` and the
 * other cleanup methods in place.
 *
 * A literal array infers the installed methods, so `session.execCommand` is
 * typed as present.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'supportsPty', result: false },
 *   { method: 'execCommand', respond: ({ args: [{ cmd }] }) => `ran ${cmd}` },
 * ]);
 * assert.equal(sandbox.supportsPty(), false); // sync methods stay sync
 * assert.equal(await sandbox.execCommand({ cmd: 'pwd' }), 'ran pwd');
 * assert.ok(!('writeStdin' in sandbox)); // only scripted methods are installed
 * sandbox.assertComplete();
 * ```
 */
export function scriptedSandboxSession<const TInputs extends readonly ScriptedSandboxInput[]>(
  inputs: TInputs,
): ScriptedSandboxSession<TInputs[number]['method']>;
/**
 * Creates a session from any iterable of steps (a generator, a `Set`, an array
 * built elsewhere); `M` is the union of the methods it may name.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { type ScriptedSandboxInput, scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * function* probes(paths: string[]): Iterable<ScriptedSandboxInput<'pathExists'>> {
 *   for (const path of paths) {
 *     yield { method: 'pathExists', match: (p) => p === path, result: true };
 *   }
 * }
 * const sandbox = scriptedSandboxSession(probes(['/workspace/a', '/workspace/b']));
 * assert.equal(await sandbox.pathExists('/workspace/a'), true);
 * assert.equal(await sandbox.pathExists('/workspace/b'), true);
 * sandbox.assertComplete();
 * ```
 */
export function scriptedSandboxSession<M extends ScriptedSandboxMethod>(
  inputs: Iterable<ScriptedSandboxInput<M>>,
): ScriptedSandboxSession<M>;
/**
 * Creates a session with no steps and no methods: every optional method is
 * absent, so the SDK treats it as a session that supports nothing optional.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession();
 * assert.equal(sandbox.remainingSteps, 0);
 * assert.ok(!('execCommand' in sandbox));
 * ```
 */
export function scriptedSandboxSession(): ScriptedSandboxSession<never>;
export function scriptedSandboxSession(
  inputs: Iterable<ScriptedSandboxInput> = [],
): ScriptedSandboxSession<ScriptedSandboxMethod> {
  // Array.from also accepts array-likes, as the SDK's own double does.
  const steps = Array.from(inputs as Iterable<unknown>, normalizeStep);
  const queue = new Queue<Step>();
  for (const step of steps) queue.push(step);
  const history: RecordedSandboxCall[] = [];
  const failures = new FailureLog('ScriptedSandboxSession');

  function invoke(method: ScriptedSandboxMethod, args: unknown[]): unknown {
    // Recorded before the script is consulted, so a rejected call is in `calls` too.
    const call = freezeCall(history.length, method, snapshotArgs(method, args));
    history.push(call);
    // Consumed even when it does not match: the script has drifted either way.
    const step = queue.shift();
    if (step === undefined || step.method !== method) {
      throw failures.raise(
        new UnexpectedSandboxCallError({
          callIndex: call.index,
          actualMethod: method,
          expectedMethod: step?.method,
          remainingSteps: queue.size,
        }),
      );
    }
    const { match } = step;
    if (match !== undefined) {
      let verdict: unknown;
      try {
        // Called unbound: the test's matcher must not see this module's step record.
        verdict = match(...snapshotArgs(method, call.args));
      } catch (error) {
        throw failures.raise(error);
      }
      if (verdict === false) throw failures.raise(new SandboxCallMatcherError(call));
    }
    const { outcome } = step;
    switch (outcome.kind) {
      case 'error':
        throw outcome.error;
      case 'respond': {
        const { respond } = outcome;
        return respond(freshCall(call));
      }
      default:
        return outcome.value;
    }
  }

  function install(method: ScriptedSandboxMethod): (...args: unknown[]) => unknown {
    if (sandboxMethodModes[method] === 'sync') {
      return (...args) => invoke(method, args);
    }
    return (...args) => {
      // Asynchronous methods report every failure as a rejection, never a throw.
      try {
        return Promise.resolve(invoke(method, args));
      } catch (error) {
        return Promise.reject(error);
      }
    };
  }

  const session: Record<PropertyKey, unknown> = { state: { manifest: new Manifest() } };
  for (const { method } of steps) {
    if (hasOwn(session, method)) continue;
    Object.defineProperty(session, method, {
      value: install(method),
      enumerable: true,
      writable: true,
      configurable: false,
    });
  }

  const assertComplete = (): void => {
    if (queue.size > 0) {
      throw new UnconsumedSandboxStepsError(queue.toArray().map((step) => step.method));
    }
  };
  const assertNoUnexpectedCalls = (): void => failures.assertNone();

  Object.defineProperties(session, {
    calls: {
      get: () => Object.freeze(history.map(freshCall)),
      enumerable: true,
      configurable: false,
    },
    remainingSteps: { get: () => queue.size, enumerable: true, configurable: false },
    assertComplete: definedValue(assertComplete),
    // Our additions come after the SDK double's members and are non-enumerable,
    // so `Object.keys(session)` and spreads keep that double's shape.
    failures: { get: () => failures.failures, enumerable: false, configurable: false },
    acknowledgeFailures: definedValue(() => failures.take(), false),
    assertNoUnexpectedCalls: definedValue(assertNoUnexpectedCalls, false),
    [Symbol.dispose]: definedValue(
      () => runTeardownChecks('ScriptedSandboxSession', [assertNoUnexpectedCalls, assertComplete]),
      false,
    ),
  });
  return session as unknown as ScriptedSandboxSession<ScriptedSandboxMethod>;
}
