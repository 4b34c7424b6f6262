/**
 * A census of what the real SDK reads from a double: the double is handed to the
 * SDK behind a Proxy that notes every string-keyed property the SDK gets or tests
 * with `in`, and forwards everything to the double itself (methods are bound to
 * it, so private fields keep working). A member the SDK reads that the double
 * neither has nor knows to be absent is a boundary member this package does not
 * know: a newer SDK has grown the interface. The census tests run against every
 * SDK release `npm run compat` tries and against the newest in CI.
 *
 * @module
 */

/** A double behind a recording proxy, and the names the SDK read from it. */
export interface Census<T extends object> {
  /** Hand this to the SDK instead of the double. */
  readonly proxy: T;
  /** Every string key read (`get`) or probed (`in`) through the proxy, in first-read order. */
  readonly reads: ReadonlySet<string>;
}

/** Wraps `double` in a recording proxy. */
export function census<T extends object>(double: T): Census<T> {
  const reads = new Set<string>();
  const proxy = new Proxy(double, {
    get(target, key) {
      if (typeof key === 'string') reads.add(key);
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has(target, key) {
      if (typeof key === 'string') reads.add(key);
      return Reflect.has(target, key);
    },
  });
  return { proxy, reads };
}

/**
 * Reads that are JavaScript's own protocols, not the SDK's interface: `then`
 * (whether a value returned from an async function is a thenable) and `toJSON`.
 */
const protocolProbes = new Set(['then', 'toJSON']);

/**
 * The names read that are neither members of `double` (own or inherited), nor
 * JavaScript protocol probes, nor in `knownAbsent` (optional members the double
 * leaves out on purpose), sorted.
 */
export function unknownReads(
  double: object,
  reads: Iterable<string>,
  knownAbsent: Iterable<string> = [],
): string[] {
  const absent = new Set(knownAbsent);
  return [...reads]
    .filter((name) => !(name in double) && !absent.has(name) && !protocolProbes.has(name))
    .sort();
}
