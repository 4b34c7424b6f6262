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
  /** The doubles a double hands out (a provider's models), by the double; see {@linkcode ownDoubles}. */
  owned?: WeakMap<object, readonly object[]>;
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

/**
 * Records that `owner` hands out `doubles` (a provider's routed models), so
 * {@linkcode settleUnused} can excuse them with it.
 */
export function ownDoubles(owner: object, doubles: Iterable<unknown>): void {
  const children = [...doubles].filter((double): double is object =>
    typeof double === 'object' && double !== null
  );
  (liveDoubleRegistry().owned ??= new WeakMap()).set(owner, children);
}

/**
 * Excuses a double that was given to something that never used it (a
 * cassette's recording provider during replay) from the runner's
 * verification, with every double it hands out: its script was never meant to
 * run, so its unconsumed steps are no finding.
 */
export function settleUnused(double: unknown): void {
  if (typeof double !== 'object' || double === null) return;
  const registry = liveDoubleRegistry();
  const pending: object[] = [double];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (registry.settled.has(next)) continue;
    registry.settled.add(next);
    pending.push(...(registry.owned?.get(next) ?? []));
  }
}
