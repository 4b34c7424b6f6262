/**
 * The hook every double of this package calls when it is created and when its
 * teardown runs, so a test-runner integration can verify, after each test, the
 * doubles that test created. Web-standard and runner-agnostic: the registry is
 * one object on the global scope (found through a registered symbol, so two
 * copies of the package, say an ES module and a CommonJS one, share it), and
 * nothing is kept unless a runner integration installed a collector.
 *
 * @module
 */

/** What a runner integration installs; the doubles only ever announce and settle. */
export interface LiveDoubleRegistry {
  /** Receives each double as it is created; `undefined` keeps nothing. */
  collect: ((double: object) => void) | undefined;
  /**
   * Receives each failure a double raises (a refused call or script), so the
   * running test can tell a runner's copy of it; `undefined` keeps nothing.
   */
  raised?: ((failure: object) => void) | undefined;
  /** Doubles whose own teardown already ran: verifying them again would repeat its findings. */
  readonly settled: WeakSet<object>;
  /**
   * The test each double belongs to, kept by a runner integration: a double
   * called after its test ended names that test. (Absent in a registry an
   * older copy of the package created.)
   */
  owners?: WeakMap<object, DoubleOwner>;
}

/** The test a double belongs to, as the doubles see it. */
export interface DoubleOwner {
  /** The test's name (describe blocks first, joined by ` › `). */
  readonly name: string;
  /** Whether the test has ended (its doubles were verified). */
  readonly ended: boolean;
}

const registryKey = Symbol.for('scripted-agents.live-doubles');

/** The registry shared by every copy of the package in this global scope. */
export function liveDoubleRegistry(): LiveDoubleRegistry {
  const scope = globalThis as { [registryKey]?: LiveDoubleRegistry };
  return (scope[registryKey] ??= { collect: undefined, settled: new WeakSet() });
}

/** Called by each double at the end of its construction. */
export function announceDouble(double: object): void {
  const scope = globalThis as { [registryKey]?: LiveDoubleRegistry };
  scope[registryKey]?.collect?.(double);
}

/** Called by each double when its own teardown (`close()`, `using`, `Symbol.dispose`) starts. */
export function settleDouble(double: unknown): void {
  if (typeof double !== 'object' || double === null) return;
  const scope = globalThis as { [registryKey]?: LiveDoubleRegistry };
  scope[registryKey]?.settled.add(double);
}
