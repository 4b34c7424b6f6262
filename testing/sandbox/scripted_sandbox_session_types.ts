/**
 * The public types of `scriptedSandboxSession()`: the steps it consumes, the
 * calls it records and the session it returns.
 *
 * @module
 */

import type { SdkSandboxSession } from '../_shared/_sdk_types.ts';
import type { AnyOrderOf, StepRepeat } from '../step_bending/step_bending_types.ts';

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
 * import assert from 'node:assert/strict';
 * import { scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([{ method: 'execCommand', result: 'ok' }]);
 * const args = { cmd: 'ls', workdir: '/workspace' };
 * await sandbox.execCommand(args);
 * args.cmd = 'rm -rf /'; // changed after the call: the record keeps what was passed
 *
 * assert.deepEqual(sandbox.calls, [
 *   { index: 0, method: 'execCommand', args: [{ cmd: 'ls', workdir: '/workspace' }] },
 * ]);
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
 * import assert from 'node:assert/strict';
 * import { type ScriptedSandboxCallFor, scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const echo = (call: ScriptedSandboxCallFor<'execCommand'>) => `#${call.index + 1}: ${call.args[0].cmd}`;
 * const sandbox = scriptedSandboxSession([{ method: 'execCommand', respond: echo }]);
 * assert.equal(await sandbox.execCommand({ cmd: 'ls' }), '#1: ls');
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
 * @example The three kinds of outcome
 * ```ts
 * import assert from 'node:assert/strict';
 * import { scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'pathExists', match: (path) => path.startsWith('/workspace/'), result: true },
 *   { method: 'pathExists', respond: ({ args: [path] }) => path.endsWith('.txt') },
 *   { method: 'execCommand', error: new Error('sandbox crashed') },
 * ]);
 * assert.equal(await sandbox.pathExists('/workspace/a.md'), true);
 * assert.equal(await sandbox.pathExists('/workspace/a.md'), false);
 * await assert.rejects(sandbox.execCommand({ cmd: 'ls' }), /sandbox crashed/);
 * sandbox.assertComplete();
 * ```
 */
export type ScriptedSandboxInput<M extends ScriptedSandboxMethod = ScriptedSandboxMethod> = {
  [K in M]:
    & StepRepeat
    & (
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
      }
    );
}[M];

/**
 * What a sandbox script accepts: a step, or an `anyOrder(...)` group of
 * steps that may happen in any order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { anyOrder, type ScriptedSandboxScriptInput } from "scripted-agents/testing";
 *
 * const script: ScriptedSandboxScriptInput[] = [
 *   anyOrder({ method: "pathExists", result: true }, { method: "readFile", result: new Uint8Array() }),
 * ];
 * assert.equal(script.length, 1);
 * ```
 */
export type ScriptedSandboxScriptInput<M extends ScriptedSandboxMethod = ScriptedSandboxMethod> =
  | ScriptedSandboxInput<M>
  | AnyOrderOf<ScriptedSandboxInput<M>>;

/**
 * The methods a script input names (a step's method, or every member's).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { SandboxInputMethods } from "scripted-agents/testing";
 *
 * const method: SandboxInputMethods<{ method: "readFile"; result: Uint8Array }> = "readFile";
 * assert.equal(method, "readFile");
 * ```
 */
export type SandboxInputMethods<T> = T extends { readonly anyOrder: readonly (infer S)[] }
  ? S extends { method: infer K extends ScriptedSandboxMethod } ? K : never
  : T extends { method: infer K extends ScriptedSandboxMethod } ? K
  : never;

/**
 * Options of `scriptedSandboxSession()`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptedSandboxSession, type ScriptedSandboxSessionOptions } from "scripted-agents/testing";
 *
 * const options: ScriptedSandboxSessionOptions<"execCommand", "pathExists"> = {
 *   present: ["execCommand"],
 *   anytime: [{ method: "pathExists", result: false }],
 * };
 * const sandbox = scriptedSandboxSession([], options);
 * assert.equal(typeof sandbox.execCommand, "function");
 * sandbox.assertComplete();
 * ```
 */
export interface ScriptedSandboxSessionOptions<
  P extends ScriptedSandboxMethod = never,
  A extends ScriptedSandboxMethod = never,
> {
  /**
   * Methods to install although no step requires them, so a capability that
   * needs them (`shell()` needs `execCommand`) is available. A call to one
   * that no step takes is unexpected.
   */
  present?: readonly P[];
  /**
   * Steps that answer matching calls at any point, any number of times, and
   * are never required (the SDK's per-turn memory reads, for instance). The
   * ordered script is offered every call first. They take no `times` or
   * `optional`.
   */
  anytime?: Iterable<ScriptedSandboxInput<A>>;
}

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
 * import assert from 'node:assert/strict';
 * import { type ScriptedSandboxSession, scriptedSandboxSession } from 'scripted-agents/testing';
 *
 * const sandbox: ScriptedSandboxSession<'execCommand'> = scriptedSandboxSession([
 *   { method: 'execCommand', result: 'ok' },
 * ]);
 * assert.equal(await sandbox.execCommand({ cmd: 'true' }), 'ok');
 * // Teardown members are not enumerable: the session spreads like the SDK's own double.
 * assert.deepEqual(Object.keys(sandbox), [
 *   'state',
 *   'execCommand',
 *   'calls',
 *   'remainingSteps',
 *   'assertComplete',
 * ]);
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
