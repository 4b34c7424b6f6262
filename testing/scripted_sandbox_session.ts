/**
 * An in-memory `SandboxSession` for the real `SandboxAgent`: each scripted step
 * answers exactly one session method call, in one global order across the
 * synchronous methods (`supportsPty`, `registerPreStopHook`, ...) and the
 * asynchronous ones (`execCommand`, `readFile`, ...).
 *
 * ```ts
 * import { scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '/workspace\n' },
 * ]);
 * // Pass it to a run: `runner.run(agent, input, { sandbox: { session: sandbox } })`.
 * console.assert((await sandbox.execCommand({ cmd: 'pwd' })) === '/workspace\n');
 * sandbox.assertComplete();
 * ```
 *
 * @module
 */

import { cloneManifest, Manifest } from '@openai/agents-core/sandbox';
import { ordinal } from './_errors.ts';
import { FailureLog, runTeardownChecks } from './_failure_log.ts';
import { Queue } from './_queue.ts';
import type { SdkSandboxSession } from './_sdk_types.ts';
import { snapshotValue } from './_snapshot.ts';
import {
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from './sandbox_errors.ts';

export type { InvalidScriptedSandboxStepReason } from './sandbox_errors.ts';

/**
 * Every method name of the SDK's `SandboxSession`: each key whose value is a
 * function once `undefined` is removed (`state` is the only other key). In SDK
 * 0.20.0 these are 25 names, from `start` to `close`.
 */
export type ScriptedSandboxMethod = {
  [K in keyof SdkSandboxSession]-?: NonNullable<SdkSandboxSession[K]> extends
    (...args: never[]) => unknown ? K : never;
}[keyof SdkSandboxSession];

/** The parameter list of the session method `M`, e.g. `[args: ExecCommandArgs]`. */
export type ScriptedSandboxMethodArgs<M extends ScriptedSandboxMethod> = Parameters<
  Extract<NonNullable<SdkSandboxSession[M]>, (...args: never[]) => unknown>
>;

/** What the session method `M` returns: a promise for asynchronous methods. */
export type ScriptedSandboxMethodReturn<M extends ScriptedSandboxMethod> = ReturnType<
  Extract<NonNullable<SdkSandboxSession[M]>, (...args: never[]) => unknown>
>;

/**
 * One recorded session call: its position, method and detached arguments.
 *
 * @example
 * ```ts
 * import { type RecordedSandboxCall, scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([{ method: 'pathExists', result: true }]);
 * await sandbox.pathExists('/workspace/a.txt');
 * const [call]: readonly RecordedSandboxCall[] = sandbox.calls;
 * console.assert(call.index === 0 && call.method === 'pathExists');
 * console.assert(call.args[0] === '/workspace/a.txt');
 * ```
 */
export type RecordedSandboxCall = Readonly<{
  /** The zero-based position of this call in `calls`. */
  index: number;
  /** The called method; a `string` so that methods of newer SDKs still fit. */
  method: string;
  /** The arguments in parameter order, detached when the call was made. */
  args: readonly unknown[];
}>;

/**
 * The recorded call a `respond(call)` step receives, typed for its method.
 * It is frozen and detached: changing it changes neither `calls` nor the caller's values.
 *
 * @example
 * ```ts
 * import { type ScriptedSandboxCallFor, scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const echo = (call: ScriptedSandboxCallFor<'execCommand'>) => `${call.index}: ${call.args[0].cmd}`;
 * const sandbox = scriptedSandboxSession([{ method: 'execCommand', respond: echo }]);
 * console.assert((await sandbox.execCommand({ cmd: 'ls' })) === '0: ls');
 * ```
 */
export type ScriptedSandboxCallFor<M extends ScriptedSandboxMethod> = Readonly<{
  /** The zero-based position of this call in `calls`. */
  index: number;
  /** The called method. */
  method: M;
  /** The detached arguments in parameter order. */
  args: Readonly<ScriptedSandboxMethodArgs<M>>;
}>;

/**
 * One scripted step: a `method`, an optional `match(...args)`, and exactly one
 * of `result` (a fixed value, detached when the session is created),
 * `respond(call)` (computed from the recorded call) or `error` (thrown, or
 * rejected for asynchronous methods). `match` rejects the call by returning
 * `false` and may also assert by throwing; `undefined` and `true` pass.
 *
 * @example
 * ```ts
 * import { type ScriptedSandboxInput, scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const steps: ScriptedSandboxInput[] = [
 *   { method: 'readFile', match: ({ path }) => path === '/workspace/a.txt', result: 'A' },
 *   { method: 'pathExists', respond: ({ args: [path] }) => path.endsWith('.txt') },
 *   { method: 'execCommand', error: new Error('sandbox crashed') },
 * ];
 * console.assert(scriptedSandboxSession(steps).remainingSteps === 3);
 * ```
 */
export type ScriptedSandboxInput<M extends ScriptedSandboxMethod = ScriptedSandboxMethod> = {
  [K in M]:
    | {
      method: K;
      match?: (...args: ScriptedSandboxMethodArgs<K>) => boolean | void;
      result: Awaited<ScriptedSandboxMethodReturn<K>>;
      respond?: never;
      error?: never;
    }
    | {
      method: K;
      match?: (...args: ScriptedSandboxMethodArgs<K>) => boolean | void;
      // An asynchronous method may answer with a value or a promise of it; a
      // synchronous one returns exactly what the method returns.
      respond: (
        call: ScriptedSandboxCallFor<K>,
      ) => ScriptedSandboxMethodReturn<K> extends PromiseLike<unknown> ?
          | Awaited<ScriptedSandboxMethodReturn<K>>
          | PromiseLike<Awaited<ScriptedSandboxMethodReturn<K>>>
        : ScriptedSandboxMethodReturn<K>;
      result?: never;
      error?: never;
    }
    | {
      method: K;
      match?: (...args: ScriptedSandboxMethodArgs<K>) => boolean | void;
      error: unknown;
      result?: never;
      respond?: never;
    };
}[M];

/**
 * The object `scriptedSandboxSession()` returns: a `SandboxSession` whose
 * scripted methods `M` are present, plus the recording members of the SDK's
 * own double and this package's teardown members. The teardown members
 * (`failures`, `acknowledgeFailures`, `assertNoUnexpectedCalls`,
 * `[Symbol.dispose]`) are non-enumerable own properties defined after
 * `assertComplete`, so `Object.keys(session)` and `{ ...session }` see exactly
 * the SDK double's shape.
 *
 * @example
 * ```ts
 * import { type ScriptedSandboxSession, scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox: ScriptedSandboxSession<'execCommand'> = scriptedSandboxSession([
 *   { method: 'execCommand', result: 'ok' },
 * ]);
 * console.assert((await sandbox.execCommand({ cmd: 'true' })) === 'ok');
 * sandbox[Symbol.dispose]();
 * ```
 */
export type ScriptedSandboxSession<M extends ScriptedSandboxMethod = never> =
  & SdkSandboxSession
  & Required<Pick<SdkSandboxSession, M>>
  & {
    /** The calls so far, in call order: a new frozen array of frozen records on every read. */
    readonly calls: readonly RecordedSandboxCall[];
    /** The number of scripted steps not yet consumed. */
    readonly remainingSteps: number;
    /** Throws `UnconsumedSandboxStepsError` when scripted steps remain. */
    assertComplete(): void;
    /** The failures this session raised (unexpected calls, matcher rejections), caught or not. */
    readonly failures: readonly unknown[];
    /** Returns the recorded failures and forgets them, for tests that provoke one on purpose. */
    acknowledgeFailures(): readonly unknown[];
    /** Throws `DoubleFailuresError` if the session raised any failure. */
    assertNoUnexpectedCalls(): void;
    /** Teardown: runs `assertNoUnexpectedCalls()` and `assertComplete()`, reporting both. */
    [Symbol.dispose](): void;
  };

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

/** Validates one input in the reference order and captures what a call needs. */
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
 * import { scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'supportsPty', result: false },
 *   { method: 'execCommand', respond: ({ args: [{ cmd }] }) => `ran ${cmd}` },
 * ]);
 * console.assert(sandbox.supportsPty() === false);
 * console.assert((await sandbox.execCommand({ cmd: 'pwd' })) === 'ran pwd');
 * console.assert(!('writeStdin' in sandbox));
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
 * import { type ScriptedSandboxInput, scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const steps: ScriptedSandboxInput<'pathExists'>[] = [{ method: 'pathExists', result: true }];
 * const sandbox = scriptedSandboxSession(steps);
 * console.assert(await sandbox.pathExists('/workspace'));
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
 * import { scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession();
 * console.assert(sandbox.remainingSteps === 0 && !('execCommand' in sandbox));
 * ```
 */
export function scriptedSandboxSession(): ScriptedSandboxSession<never>;
export function scriptedSandboxSession(
  inputs: Iterable<ScriptedSandboxInput> = [],
): ScriptedSandboxSession<ScriptedSandboxMethod> {
  // Array.from also accepts array-likes, as the reference does.
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
    // Our additions come after the reference members and are non-enumerable, so
    // `Object.keys(session)` and spreads keep the reference shape.
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
