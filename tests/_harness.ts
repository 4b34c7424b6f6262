/**
 * A tiny cross-runtime test harness: the same test files run unchanged under
 * `deno test` (Deno.test, sanitizers on), `bun test` (bun:test) and
 * `node --test` (node:test).
 *
 * Teardown callbacks registered with `t.after()` are run by the harness itself,
 * in reverse registration order, after the test body settles, whatever the
 * runtime. (Deno 2.9's node:test silently ignores `t.after` inside `describe`,
 * so we never rely on a runtime's own after-hooks.) `describe` only prefixes
 * names; every test is registered flat, which every runtime supports.
 *
 * @module
 */

/** What a test body receives. */
export interface TestContext {
  /** The full name of the running test (suite prefixes included). */
  readonly name: string;
  /** Registers a teardown callback; it runs even when the body fails. */
  after(fn: () => void | PromiseLike<void>): void;
}

/** A test body. */
export type TestFn = (t: TestContext) => void | Promise<void>;

type Register = (name: string, fn: () => Promise<void>) => void;

// deno-lint-ignore no-explicit-any
const runtime = globalThis as any;

async function loadRegister(): Promise<Register> {
  if (typeof runtime.Deno?.test === 'function') {
    return (name, fn) => runtime.Deno.test(name, fn);
  }
  // The specifiers are held in variables so that Deno's type checker does not
  // try to resolve modules that only exist in the other runtimes.
  if (typeof runtime.Bun !== 'undefined') {
    const bunTestModule = 'bun:test';
    const bun = await import(bunTestModule);
    // A zero-arity wrapper: bun treats a one-parameter body as a `done` callback.
    return (name, fn) => bun.test(name, () => fn());
  }
  const nodeTestModule = 'node:test';
  const node = await import(nodeTestModule);
  return (name, fn) => node.test(name, () => fn());
}

const register: Register = await loadRegister();
const suiteStack: string[] = [];

/** The runtime executing the tests: `'deno'`, `'bun'` or `'node'`. */
export const runtimeName: 'deno' | 'bun' | 'node' = typeof runtime.Deno?.test === 'function'
  ? 'deno'
  : typeof runtime.Bun !== 'undefined'
  ? 'bun'
  : 'node';

/** Groups tests under a name prefix (`suite > test`). Synchronous only. */
export function describe(name: string, body: () => void): void {
  suiteStack.push(name);
  try {
    body();
  } finally {
    suiteStack.pop();
  }
}

/** Registers a test that runs with teardown support in all three runtimes. */
export function test(name: string, body: TestFn): void {
  const fullName = [...suiteStack, name].join(' > ');
  register(fullName, () => runTestBody(fullName, body));
}

/**
 * Runs `body` the way every registered test runs: the teardowns registered with
 * `t.after()` run after the body settles, in reverse registration order, each
 * one even when the body or an earlier teardown failed. Rejects with the body's
 * own error (so runners show its diff and stack), with any teardown failures
 * attached as `teardownErrors`; when only teardowns failed, with the first of
 * them. Exported so the harness's own tests can drive failing bodies.
 */
export async function runTestBody(
  name: string,
  body: TestFn,
  options: RunTestBodyOptions = {},
): Promise<void> {
  const teardowns: Array<() => void | PromiseLike<void>> = [];
  const context: TestContext = {
    name,
    after(fn) {
      teardowns.push(fn);
    },
  };
  const errors: unknown[] = [];
  try {
    await body(context);
  } catch (error) {
    errors.push(error);
  }
  for (const teardown of teardowns.reverse()) {
    try {
      await teardown();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length === 0) return;
  const [primary, ...later] = errors;
  if (later.length > 0) {
    attachTeardownErrors(primary, later);
    (options.reportLaterFailures ?? reportLaterFailures)(primary, later);
  }
  throw primary;
}

/** Options of {@linkcode runTestBody}. */
export interface RunTestBodyOptions {
  /**
   * Told about the failures that follow the primary one (by default they are
   * printed to stderr, because not every reporter prints `teardownErrors`).
   */
  reportLaterFailures?: (primary: unknown, later: readonly unknown[]) => void;
}

/** Keeps later failures on the primary one, without replacing it. */
function attachTeardownErrors(primary: unknown, later: unknown[]): void {
  if (typeof primary === 'object' && primary !== null && Object.isExtensible(primary)) {
    Object.defineProperty(primary, 'teardownErrors', {
      value: later,
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
}

function reportLaterFailures(primary: unknown, later: readonly unknown[]): void {
  // Node's reporter drops extra error properties, so the failures are also printed.
  // deno-lint-ignore no-console
  console.error(
    `${later.length} more failure(s) in teardown after ${describeError(primary)}:\n` +
      later.map((e) => `  ${e instanceof Error ? e.stack ?? describeError(e) : String(e)}`)
        .join('\n'),
  );
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
