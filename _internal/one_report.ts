/**
 * One mistake, one report: what a teardown still reports after the test body
 * failed. A double's failure that the body itself failed with (or that caused
 * the body's failure) is reported once, by the body; what followed from it
 * (the steps the stopped run never reached) becomes one line of that report
 * instead of errors of their own. A failure the code under test swallowed is
 * still reported. Shared by the runner integrations and `doubleScope()`.
 *
 * @module
 */

import { DoubleFailuresError } from './double_failures_error.ts';
import { countOf } from './format.ts';
import { liveDoubleRegistry } from './live_doubles.ts';

const raisedKey = Symbol.for('scripted-agents.raised-failures');

/** The failures doubles raised, shared by every copy of the package in this global scope. */
function raised(): WeakSet<object> {
  const scope = globalThis as { [raisedKey]?: WeakSet<object> };
  return (scope[raisedKey] ??= new WeakSet());
}

/** Remembers that a double raised `failure` (a refusal of the script or of a call). */
export function noteRaised(failure: unknown): void {
  if (typeof failure !== 'object' || failure === null) return;
  raised().add(failure);
  liveDoubleRegistry().raised?.(failure);
}

/**
 * The key of a double's synchronous completeness check: what
 * `assertComplete()` checks, thrown at once where the double can tell (a
 * `ScriptedModelProvider` whose routed models check synchronously), a promise
 * only where it cannot. The matchers use it, so `toBeComplete()` needs no `await`.
 */
export const assertCompleteNow: unique symbol = Symbol.for('scripted-agents.assert-complete-now');

/** A `DoubleFailuresError`, of this copy of the package or another (Jest loads two). */
function isDoubleFailures(value: unknown): value is DoubleFailuresError {
  return value instanceof DoubleFailuresError ||
    ((value as { name?: unknown } | null)?.name === 'DoubleFailuresError' &&
      Array.isArray((value as { failures?: unknown }).failures));
}

/**
 * `error` and every error it wraps: its `cause` chain, an `AggregateError`'s
 * `errors`, a `SuppressedError`'s two, a `TeardownAlsoFailedError`'s body
 * and teardown errors, and the SDK's wrappers (`GuardrailExecutionError` and
 * `ToolCallError` keep the original as `error`, `InvalidToolInputError` as
 * `originalError`).
 */
export function errorChain(error: unknown): unknown[] {
  const found: unknown[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (value === undefined || value === null || seen.has(value)) return;
    seen.add(value);
    found.push(value);
    if (typeof value !== 'object') return;
    const wrapper = value as Record<string, unknown>;
    for (
      const key of ['cause', 'error', 'suppressed', 'originalError', 'bodyError', 'teardownError']
    ) {
      visit(wrapper[key]);
    }
    if (Array.isArray(wrapper.errors)) { for (const inner of wrapper.errors) visit(inner); }
  };
  visit(error);
  return found;
}

/**
 * Whether `a` and `b` are the same failure: the same object, or a runner's
 * copy of it (Vitest keeps a serialized copy of a test's error: the same
 * name, message and stack, which names where the original was created).
 */
export function sameFailure(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const x = a as { name?: unknown; message?: unknown; stack?: unknown };
  const y = b as { name?: unknown; message?: unknown; stack?: unknown };
  return typeof x.stack === 'string' && x.stack !== '' && x.stack === y.stack &&
    x.name === y.name && x.message === y.message;
}

/**
 * What a teardown reports, given what it found (`findings`), what the test
 * body failed with (`bodyErrors`, empty when it passed) and the failures the
 * doubles raised during the test (`raisedInTest`, to recognise a runner's
 * copy of one that no double's log keeps, such as a script refused at
 * construction).
 *
 * - When the body's failure is a double's failure, or was caused by one, the
 *   findings that repeat it are dropped, and the knock-on findings (steps
 *   the stopped run never reached) become one line appended to the body's
 *   error, which the runner reports.
 * - Otherwise, when the findings include raised failures (swallowed ones),
 *   the knock-on findings become one line of the first of them.
 * - Otherwise the findings are reported as they are.
 *
 * Returns the findings still to report as errors of their own.
 */
export function oneReport(
  findings: readonly unknown[],
  bodyErrors: readonly unknown[],
  raisedInTest: readonly unknown[] = [],
): unknown[] {
  const leaves = findings.flatMap(leavesOf);
  const primaries = leaves.filter(isDoubleFailures);
  const knockOn = leaves.filter(isKnockOn);
  const body = bodyErrors.flatMap(errorChain);
  const reportedByBody = (failure: unknown) => body.some((error) => sameFailure(error, failure));
  const bodyIsRaised = body.some((error) => typeof error === 'object' && raised().has(error!)) ||
    primaries.some((primary) => primary.failures.some(reportedByBody)) ||
    raisedInTest.some(reportedByBody);
  if (bodyIsRaised) {
    const kept: unknown[] = [];
    for (const leaf of leaves) {
      if (isKnockOn(leaf)) continue;
      if (!isDoubleFailures(leaf)) kept.push(leaf);
      else {
        const rest = leaf.failures.filter((failure) => !reportedByBody(failure));
        if (rest.length === leaf.failures.length) kept.push(leaf);
        else if (rest.length > 0) kept.push(new DoubleFailuresError(leaf.double, rest));
      }
    }
    if (knockOn.length > 0) appendLine(bodyErrors[0], knockOnLine(knockOn));
    return kept;
  }
  if (primaries.length > 0 && knockOn.length > 0) {
    appendLine(primaries[0], knockOnLine(knockOn));
    return leaves.filter((leaf) => !isKnockOn(leaf));
  }
  return [...findings];
}

/** The errors an `AggregateError` of findings collects (nested ones too), or the finding itself. */
function leavesOf(finding: unknown): unknown[] {
  return finding instanceof AggregateError ? finding.errors.flatMap(leavesOf) : [finding];
}

/**
 * Whether `finding` is a knock-on of a stopped run: steps that were never
 * reached (`Unconsumed…StepsError`, with its `remainingSteps`).
 */
function isKnockOn(finding: unknown): boolean {
  const { name, remainingSteps } = (finding ?? {}) as { name?: unknown; remainingSteps?: unknown };
  return typeof name === 'string' && name.startsWith('Unconsumed') &&
    typeof remainingSteps === 'number';
}

/** The knock-on findings as one line: "And so 2 scripted steps were not used …". */
function knockOnLine(knockOn: readonly unknown[]): string {
  let steps = 0;
  const doubles: string[] = [];
  for (const finding of knockOn) {
    steps += (finding as { remainingSteps: number }).remainingSteps;
    const message = String((finding as { message?: unknown }).message ?? '');
    const double = message.includes(' has ') ? message.slice(0, message.indexOf(' has ')) : '';
    if (double !== '' && !doubles.includes(double)) doubles.push(double);
  }
  const where = doubles.length === 0 ? '' : ` (${doubles.join(', ')})`;
  return `And so ${countOf(steps, 'scripted step')} ${steps === 1 ? 'was' : 'were'} not ` +
    `used${where}: the run stopped at this failure, so teardown reports them only here.`;
}

/**
 * Appends `line` to the message of `error` (an `Error`, or a runner's
 * serialized copy of one), and to the message its stack starts with.
 */
function appendLine(error: unknown, line: string): void {
  if (typeof error !== 'object' || error === null) return;
  const target = error as { message?: unknown; stack?: unknown };
  const message = target.message;
  if (typeof message !== 'string') return;
  const longer = `${message}\n${line}`;
  try {
    const stack = target.stack;
    target.message = longer;
    if (typeof stack === 'string' && message !== '' && stack.includes(message)) {
      target.stack = stack.replace(message, () => longer);
    }
  } catch {
    // A frozen error keeps its message: the finding is then only dropped, never thrown twice.
  }
}
