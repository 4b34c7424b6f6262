/**
 * The message parts both Realtime doubles' scenario errors share (the
 * transport's and the server's), so a cancelled or incomplete scenario reads
 * the same whichever double ran it.
 *
 * @module
 */

/** `#1 a, #2 b`: pending expectations by their 1-based order and what each waits for. */
export function listPending<P extends { readonly order: number }>(
  pending: readonly P[],
  awaited: (expectation: P) => string,
): string {
  return pending.map((expectation) => `#${expectation.order} ${awaited(expectation)}`).join(', ');
}

/** The message of a scenario run cancelled by its signal; `listed` names the pending expectations. */
export function cancelledMessage(double: string, listed: string): string {
  return listed !== ''
    ? `${double} scenario was cancelled with pending expectations: ${listed}.`
    : `${double} scenario was cancelled.`;
}
