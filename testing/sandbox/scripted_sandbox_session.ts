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

import { loadSdkSandbox, requireSdkSandbox } from './_sdk_sandbox.ts';
import { ordinal } from '../../_internal/format.ts';
import { attempt } from '../../_internal/attempt.ts';
import { FailureLog } from '../../_internal/failure_log.ts';
import { type ScriptEntry, StepScript } from '../../_internal/step_script.ts';
import { snapshotValue } from '../../_internal/snapshot.ts';
import type { Assert, HasExactKeys } from '../_shared/_exact_keys.ts';
import { stepCount } from '../_shared/_step_count.ts';
import { scriptEntry, takeStep } from '../_shared/_script_steps.ts';
import {
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from './scripted_sandbox_session_errors.ts';

import type {
  RecordedSandboxCall,
  SandboxInputMethods,
  ScriptedSandboxInput,
  ScriptedSandboxMethod,
  ScriptedSandboxScriptInput,
  ScriptedSandboxSession,
  ScriptedSandboxSessionOptions,
} from './scripted_sandbox_session_types.ts';
import { announceDouble } from '../../_internal/live_doubles.ts';

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

export type { HasExactKeys } from '../_shared/_exact_keys.ts';

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

/** Validates one script input (a step or an `anyOrder` group) into a script entry. */
function normalizeEntry(input: unknown, inputIndex: number): ScriptEntry<Step> {
  return scriptEntry(
    input,
    (member) => normalizeCounted(member, inputIndex),
    (problem) =>
      invalidStep(
        'invalid_group',
        inputIndex,
        problem === 'empty'
          ? `Scripted sandbox step ${ordinal(inputIndex)} is an empty anyOrder() group.`
          : `Scripted sandbox step ${ordinal(inputIndex)} nests an anyOrder() group in another.`,
      ),
  );
}

/** A step with how often it may be used (`times`, `optional`). */
function normalizeCounted(input: unknown, inputIndex: number) {
  const step = normalizeStep(input, inputIndex);
  const count = stepCount(input as object);
  if (count === undefined) {
    throw invalidStep(
      'invalid_times',
      inputIndex,
      `Scripted sandbox step ${
        ordinal(inputIndex)
      } for ${step.method} has invalid times or optional.`,
      step.method,
    );
  }
  return { step, count };
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
  const sandbox = loadSdkSandbox().module;
  if (method === 'applyManifest' && sandbox && args[0] instanceof sandbox.Manifest) {
    copy[0] = sandbox.cloneManifest(args[0]);
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
 * Steps may bend where the SDK's call pattern is an implementation detail: a
 * step may repeat (`times`) or be `optional`, `anyOrder(...)` groups steps
 * that may happen in any order, `options.anytime` steps answer matching calls
 * at any point, any number of times, and `options.present` installs methods
 * the run may never call. `assertComplete()` stays strict about every
 * required use.
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
 * assert.equal(sandbox.supportsPty(), false);
 * assert.equal(await sandbox.execCommand({ cmd: 'pwd' }), 'ran pwd');
 * assert.ok(!('writeStdin' in sandbox)); // only scripted methods are installed
 * sandbox.assertComplete();
 * ```
 *
 * @example Steps that bend
 * ```ts
 * import assert from 'node:assert/strict';
 * import { anyOrder, scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'supportsPty', result: false, times: 'any' },
 *   anyOrder(
 *     { method: 'execCommand', match: ({ cmd }) => cmd === 'ls', result: 'a.txt' },
 *     { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '/workspace' },
 *   ),
 * ], {
 *   present: ['writeStdin'],
 *   anytime: [{ method: 'pathExists', result: false }],
 * });
 * assert.equal(await sandbox.execCommand({ cmd: 'pwd' }), '/workspace');
 * assert.equal(await sandbox.pathExists('memories/memory_summary.md'), false);
 * assert.equal(await sandbox.execCommand({ cmd: 'ls' }), 'a.txt');
 * assert.equal(typeof sandbox.writeStdin, 'function');
 * sandbox.assertComplete();
 * ```
 */
export function scriptedSandboxSession<
  const TInputs extends readonly ScriptedSandboxScriptInput[],
  const P extends ScriptedSandboxMethod = never,
  const A extends ScriptedSandboxMethod = never,
>(
  inputs: TInputs,
  options?: ScriptedSandboxSessionOptions<P, A>,
): ScriptedSandboxSession<SandboxInputMethods<TInputs[number]> | P | A>;
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
  options?: ScriptedSandboxSessionOptions<M, M>,
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
  inputs: Iterable<ScriptedSandboxScriptInput> = [],
  options: ScriptedSandboxSessionOptions<ScriptedSandboxMethod, ScriptedSandboxMethod> = {},
): ScriptedSandboxSession<ScriptedSandboxMethod> {
  const { Manifest } = requireSdkSandbox('scriptedSandboxSession');
  // Array.from also accepts array-likes, as the SDK's own double does.
  const entries = Array.from(inputs as Iterable<unknown>, normalizeEntry);
  const anytime = Array.from(options.anytime ?? [], (input: unknown, index) => {
    const step = normalizeStep(input, index);
    if (typeof input === 'object' && input !== null && ('times' in input || 'optional' in input)) {
      throw invalidStep(
        'invalid_times',
        index,
        `Anytime sandbox step ${
          ordinal(index)
        } for ${step.method} is already optional and unlimited.`,
        step.method,
      );
    }
    return step;
  });
  const present = Array.from(options.present ?? [], (method: unknown, index) => {
    if (typeof method !== 'string' || !hasOwn(sandboxMethodModes, method)) {
      throw invalidStep(
        'unknown_method',
        index,
        `Present sandbox method ${ordinal(index)} is not a SandboxSession method.`,
        typeof method === 'string' ? method : undefined,
      );
    }
    return method as ScriptedSandboxMethod;
  });
  const script = new StepScript<Step>((step) => step.method);
  script.push(entries);
  script.pushAnytime(anytime);
  const history: RecordedSandboxCall[] = [];
  const failures = new FailureLog('ScriptedSandboxSession');

  function invoke(method: ScriptedSandboxMethod, args: unknown[]): unknown {
    // Recorded before the script is consulted, so a rejected call is in `calls` too.
    const call = freezeCall(history.length, method, snapshotArgs(method, args));
    history.push(call);
    // A refused or displaced step is used up anyway: the script has drifted either way.
    const { outcome } = takeStep(script, method, {
      failures,
      // Called unbound: the test's matcher must not see this module's step record.
      matches: ({ match }) => match?.(...snapshotArgs(method, call.args)),
      mismatch: () => new SandboxCallMatcherError(call),
      unexpected: (expected) =>
        new UnexpectedSandboxCallError({
          callIndex: call.index,
          actualMethod: method,
          expectedMethod: expected?.method,
          remainingSteps: script.remaining,
        }),
    });
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
    // Asynchronous methods report every failure as a rejection, never a throw.
    return (...args) => attempt(() => invoke(method, args));
  }

  const session: Record<PropertyKey, unknown> = { state: { manifest: new Manifest() } };
  const methods = [
    ...entries.flatMap((entry) =>
      entry.kind === 'step' ? [entry.step.method] : entry.members.map(({ step }) => step.method)
    ),
    ...anytime.map((step) => step.method),
    ...present,
  ];
  for (const method of methods) {
    if (hasOwn(session, method)) continue;
    Object.defineProperty(session, method, {
      value: install(method),
      enumerable: true,
      writable: true,
      configurable: false,
    });
  }

  const assertComplete = (): void => {
    const pending = script.pending();
    if (pending.length > 0) {
      throw new UnconsumedSandboxStepsError(pending.map((step) => step.method));
    }
  };

  Object.defineProperties(session, {
    calls: {
      get: () => Object.freeze(history.map(freshCall)),
      enumerable: true,
      configurable: false,
    },
    remainingSteps: { get: () => script.remaining, enumerable: true, configurable: false },
    assertComplete: definedValue(assertComplete),
    // Our additions come after the SDK double's members and are non-enumerable,
    // so `Object.keys(session)` and spreads keep that double's shape.
    ...failures.members(() => [assertComplete]),
  });
  announceDouble(session);
  return session as unknown as ScriptedSandboxSession<ScriptedSandboxMethod>;
}
