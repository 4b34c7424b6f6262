/**
 * The compile-time check that a double's method table names exactly the
 * methods of the SDK type it stands in for. `satisfies Record<...>` catches a
 * missing key; this also catches an extra one, even if the table stops being a
 * plain literal (a spread, a widened type).
 *
 * @module
 */

/** `true` when `T` has exactly the keys `K`: no key missing and none extra. */
export type HasExactKeys<T, K extends PropertyKey> =
  [Exclude<keyof T, K>, Exclude<K, keyof T>] extends [never, never] ? true : false;

/** Compiles only when `T` is `true`: `type _Exact = Assert<HasExactKeys<typeof table, Keys>>`. */
export type Assert<T extends true> = T;
