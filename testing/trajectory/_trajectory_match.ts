/**
 * Whether a trajectory step matches an expected step, and how whole
 * trajectories line up under each order mode. A step difference names the
 * path of the first field that differs, so a failure can say which argument
 * was wrong, not only which step.
 *
 * @module
 */

import type {
  TrajectoryArgsMode,
  TrajectoryArgsPredicate,
  TrajectoryJson,
  TrajectoryOrder,
  TrajectoryStep,
} from './trajectory_types.ts';

/** Where an actual value first differs from the expected one. */
export interface ValueDifference {
  /** The path (`args.items[0].sku`), from the step. */
  path: string;
  /** The expected value or pattern there (`undefined`: nothing was expected there). */
  expected: unknown;
  /** The actual value there (`undefined`: the actual value has nothing there). */
  actual: unknown;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

const isMatcher = (value: unknown): value is { asymmetricMatch(actual: unknown): boolean } =>
  isObject(value) && typeof value.asymmetricMatch === 'function';

const keyPath = (path: string, key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/**
 * The first difference between `actual` and the pattern `expected`, or
 * `undefined` when it matches. In `'contains'` mode an object may have more
 * keys and an array more elements (the expected ones in order).
 */
export function valueDifference(
  actual: unknown,
  expected: unknown,
  path: string,
  mode: 'exact' | 'contains' = 'exact',
): ValueDifference | undefined {
  const differ = { path, expected, actual };
  if (isMatcher(expected)) return expected.asymmetricMatch(actual) ? undefined : differ;
  if (expected instanceof RegExp) {
    if (typeof actual !== 'string') return differ;
    expected.lastIndex = 0;
    return expected.test(actual) ? undefined : differ;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return differ;
    if (mode === 'exact') {
      const length = Math.max(actual.length, expected.length);
      for (let index = 0; index < length; index++) {
        if (index >= actual.length || index >= expected.length) {
          return { path: `${path}[${index}]`, expected: expected[index], actual: actual[index] };
        }
        const difference = valueDifference(actual[index], expected[index], `${path}[${index}]`);
        if (difference !== undefined) return difference;
      }
      return undefined;
    }
    let from = 0;
    for (let index = 0; index < expected.length; index++) {
      let found = -1;
      for (let at = from; at < actual.length; at++) {
        if (valueDifference(actual[at], expected[index], path, mode) === undefined) {
          found = at;
          break;
        }
      }
      if (found === -1) {
        if (from >= actual.length) {
          return {
            path: `${path}[${actual.length}]`,
            expected: expected[index],
            actual: undefined,
          };
        }
        return valueDifference(actual[from], expected[index], `${path}[${from}]`, mode);
      }
      from = found + 1;
    }
    return undefined;
  }
  if (isObject(expected)) {
    if (!isObject(actual) || Array.isArray(actual)) return differ;
    for (const [key, value] of Object.entries(expected)) {
      if (value === undefined && !(key in actual)) continue;
      const difference = valueDifference(actual[key], value, keyPath(path, key), mode);
      if (difference !== undefined) return difference;
    }
    if (mode === 'exact') {
      for (const key of Object.keys(actual)) {
        if (!(key in expected) && actual[key] !== undefined) {
          return { path: keyPath(path, key), expected: undefined, actual: actual[key] };
        }
      }
    }
    return undefined;
  }
  return Object.is(actual, expected) ? undefined : differ;
}

/** How one comparison treats arguments. */
export interface ArgsRules {
  /** The default mode. */
  args: TrajectoryArgsMode;
  /** Per-tool modes or predicates. */
  toolArgs: Readonly<Record<string, TrajectoryArgsMode | TrajectoryArgsPredicate>>;
}

/**
 * The first difference between an actual step and an expected step in full
 * form, or `undefined` when it matches. Only the fields the expected step has
 * are compared (so ids and absent outputs do not count).
 */
export function stepDifference(
  actual: TrajectoryStep,
  expected: Loose,
  rules: ArgsRules,
): ValueDifference | undefined {
  const step = actual as unknown as Loose;
  if (step.kind !== expected.kind) {
    return { path: 'kind', expected: expected.kind, actual: step.kind };
  }
  // The name first: "a different tool" reads better than "different arguments".
  const order = ['tool', 'to', 'agent', ...Object.keys(expected)];
  for (const key of new Set(order)) {
    if (key === 'kind' || !(key in expected)) continue;
    const pattern = expected[key];
    if (key === 'args') {
      const difference = argsDifference(step, pattern, rules);
      if (difference !== undefined) return difference;
      continue;
    }
    if (pattern === undefined) continue;
    const difference = valueDifference(step[key], pattern, key);
    if (difference !== undefined) return difference;
  }
  return undefined;
}

function argsDifference(
  step: Loose,
  pattern: unknown,
  rules: ArgsRules,
): ValueDifference | undefined {
  if (pattern === undefined) return undefined;
  const rule = typeof step.tool === 'string' && Object.hasOwn(rules.toolArgs, step.tool)
    ? rules.toolArgs[step.tool]
    : rules.args;
  if (rule === 'ignore') return undefined;
  if (typeof rule === 'function') {
    return rule(step.args as TrajectoryJson, pattern)
      ? undefined
      : { path: 'args', expected: pattern, actual: step.args };
  }
  return valueDifference(step.args, pattern, 'args', rule);
}

/**
 * The fields of a step that differ between two runs of the same workflow
 * (call ids: generated by the model, or by a script per run).
 */
export const VOLATILE_FIELDS: readonly string[] = ['callId'];

/**
 * A full-form expected step without its volatile fields: a step as
 * `trajectory()` returns it (directly or after a JSON round trip) matches an
 * equivalent run whatever ids that run had.
 */
export function withoutVolatile(expected: Loose): Loose {
  const kept: Loose = {};
  for (const [key, value] of Object.entries(expected)) {
    if (!VOLATILE_FIELDS.includes(key)) kept[key] = value;
  }
  return kept;
}

/** Which expected step lines up with which actual step. */
export interface Alignment {
  /** Whether the order mode is satisfied. */
  ok: boolean;
  /** Pairs `[expectedIndex, actualIndex]`, by actual index. */
  pairs: Array<[number, number]>;
  /** Expected indexes no actual step satisfied (counted as missing by the mode). */
  missing: number[];
  /** Actual indexes the mode does not allow. */
  unexpected: number[];
}

/** Lines up `expected` with `actual` under `order`, given which pairs match. */
export function align(
  order: TrajectoryOrder,
  expectedCount: number,
  actualCount: number,
  matches: (expected: number, actual: number) => boolean,
): Alignment {
  const pairs = order === 'strict' || order === 'in_order'
    ? longestCommon(expectedCount, actualCount, matches)
    : maximumMatching(expectedCount, actualCount, matches);
  const pairedExpected = new Set(pairs.map(([e]) => e));
  const pairedActual = new Set(pairs.map(([, a]) => a));
  const missingAll = range(expectedCount).filter((e) => !pairedExpected.has(e));
  const unexpectedAll = range(actualCount).filter((a) => !pairedActual.has(a));
  const missing = order === 'subset' ? [] : missingAll;
  const unexpected = order === 'strict' || order === 'unordered' || order === 'subset'
    ? unexpectedAll
    : [];
  return { ok: missing.length === 0 && unexpected.length === 0, pairs, missing, unexpected };
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** The longest order-preserving pairing (an LCS over the match relation). */
function longestCommon(
  expectedCount: number,
  actualCount: number,
  matches: (expected: number, actual: number) => boolean,
): Array<[number, number]> {
  const table = Array.from(
    { length: expectedCount + 1 },
    () => new Array<number>(actualCount + 1).fill(0),
  );
  for (let e = expectedCount - 1; e >= 0; e--) {
    for (let a = actualCount - 1; a >= 0; a--) {
      table[e][a] = matches(e, a)
        ? table[e + 1][a + 1] + 1
        : Math.max(table[e + 1][a], table[e][a + 1]);
    }
  }
  const pairs: Array<[number, number]> = [];
  let e = 0;
  let a = 0;
  while (e < expectedCount && a < actualCount) {
    if (matches(e, a) && table[e][a] === table[e + 1][a + 1] + 1) {
      pairs.push([e, a]);
      e++;
      a++;
    } else if (table[e + 1][a] >= table[e][a + 1]) e++;
    else a++;
  }
  return pairs;
}

/** A maximum pairing regardless of order (augmenting paths: patterns may overlap). */
function maximumMatching(
  expectedCount: number,
  actualCount: number,
  matches: (expected: number, actual: number) => boolean,
): Array<[number, number]> {
  const owner = new Array<number>(actualCount).fill(-1);
  const tryAssign = (e: number, visited: boolean[]): boolean => {
    for (let a = 0; a < actualCount; a++) {
      if (visited[a] || !matches(e, a)) continue;
      visited[a] = true;
      if (owner[a] === -1 || tryAssign(owner[a], visited)) {
        owner[a] = e;
        return true;
      }
    }
    return false;
  };
  for (let e = 0; e < expectedCount; e++) tryAssign(e, new Array<boolean>(actualCount).fill(false));
  const pairs: Array<[number, number]> = [];
  owner.forEach((e, a) => {
    if (e !== -1) pairs.push([e, a]);
  });
  return pairs;
}

/** Whether a step (or an expected step in full form) takes part under `kinds`. */
export function kindSelected(
  step: { kind?: unknown; final?: unknown },
  kinds: ReadonlySet<string>,
): boolean {
  if (kinds.has(String(step.kind))) return true;
  return step.kind === 'message' && step.final === true && kinds.has('final_message');
}
