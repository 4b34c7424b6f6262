/**
 * A comparable description of any value, for the side-by-side conformance
 * tests of every double: the same program runs against this package's double
 * and the SDK's own, and the two descriptions must be deep-equal.
 *
 * @module
 */

/**
 * Records keep their key order, `undefined` members, prototype kind and
 * frozenness; buffers show their bytes; functions their name; errors their
 * class, name, message and own enumerable fields in order.
 */
export function describeValue(value: unknown, seen = new Set<object>()): unknown {
  if (value === undefined) return { undefined: true };
  if (typeof value === 'bigint' || typeof value === 'symbol') {
    return { [typeof value]: String(value) };
  }
  if (typeof value === 'function') return { function: value.name };
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return { cycle: true };
  seen.add(value);
  try {
    // A live runtime object both sides share; its internals are not under test.
    if (value instanceof AbortSignal) return { abortSignal: true };
    if (value instanceof Error) {
      return {
        error: value.constructor.name,
        name: value.name,
        message: value.message,
        keys: Object.keys(value),
        fields: Object.fromEntries(
          Object.keys(value).map((key) => [
            key,
            describeValue((value as unknown as Record<string, unknown>)[key], seen),
          ]),
        ),
      };
    }
    if (value instanceof ArrayBuffer) return { arrayBuffer: [...new Uint8Array(value)] };
    if (ArrayBuffer.isView(value)) {
      return {
        view: value.constructor.name,
        bytes: [...new Uint8Array(value.buffer, value.byteOffset, value.byteLength)],
      };
    }
    if (Array.isArray(value)) {
      return {
        array: value.map((item) => describeValue(item, seen)),
        frozen: Object.isFrozen(value),
      };
    }
    const proto = Object.getPrototypeOf(value);
    return {
      record: proto === null
        ? 'null prototype'
        : proto === Object.prototype
        ? 'plain'
        : proto.constructor?.name ?? 'unknown',
      frozen: Object.isFrozen(value),
      entries: Object.keys(value).map((key) => [
        key,
        describeValue((value as Record<string, unknown>)[key], seen),
      ]),
    };
  } finally {
    seen.delete(value);
  }
}
