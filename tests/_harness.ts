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
  register(fullName, async () => {
    const teardowns: Array<() => void | PromiseLike<void>> = [];
    const context: TestContext = {
      name: fullName,
      after(fn) {
        teardowns.push(fn);
      },
    };
    let failure: { error: unknown } | undefined;
    try {
      await body(context);
    } catch (error) {
      failure = { error };
    }
    for (const teardown of teardowns.reverse()) {
      try {
        await teardown();
      } catch (error) {
        // The body's failure stays primary; a teardown failure is attached to it.
        failure = failure === undefined
          ? { error }
          : { error: new SuppressedErrorLike(error, failure.error) };
      }
    }
    if (failure !== undefined) throw failure.error;
  });
}

/**
 * Mirrors the standard `SuppressedError` shape (not yet global in Node 20):
 * `error` is the teardown failure, `suppressed` the earlier one.
 */
class SuppressedErrorLike extends Error {
  readonly error: unknown;
  readonly suppressed: unknown;
  constructor(error: unknown, suppressed: unknown) {
    super(
      `A teardown failed (${describeError(error)}) after the test body failed (${
        describeError(suppressed)
      }).`,
    );
    this.name = 'SuppressedError';
    this.error = error;
    this.suppressed = suppressed;
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
