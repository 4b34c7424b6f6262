/**
 * How a scripted text is cut into the deltas a stream delivers: given pieces,
 * or a number of pieces as even as possible. Shared by the model doubles'
 * stream synthesis and the Realtime turn builders, so `chunks` means the same
 * in both.
 *
 * @module
 */

/** Explicit pieces, or how many pieces to cut the text into. */
export type TextChunks = number | readonly string[];

/**
 * The deltas of `text`. Pieces must join to the text; a number `n` (a positive
 * integer) cuts it into `n` pieces whose lengths differ by at most one code
 * point, fewer when the text has fewer code points, and one empty piece for an
 * empty text. Throws a `TypeError` naming `where` otherwise.
 */
export function textChunks(text: string, chunks: TextChunks, where: string): string[] {
  if (typeof chunks === 'number') {
    if (!Number.isSafeInteger(chunks) || chunks < 1) {
      throw new TypeError(
        `${where}: chunks must be a positive whole number or an array of pieces, got ${chunks}.`,
      );
    }
    return evenPieces(text, chunks);
  }
  if (!Array.isArray(chunks) || !chunks.every((piece) => typeof piece === 'string')) {
    throw new TypeError(`${where}: chunks must be a positive whole number or an array of pieces.`);
  }
  const joined = chunks.join('');
  if (joined !== text || chunks.length === 0) {
    throw new TypeError(
      `${where}: the chunks join to ${JSON.stringify(joined)}, not the text ${
        JSON.stringify(text)
      }. Give pieces that join to the text, or a number of pieces.`,
    );
  }
  return [...chunks];
}

function evenPieces(text: string, count: number): string[] {
  const points = Array.from(text);
  const pieces = Math.max(1, Math.min(count, points.length));
  const base = Math.floor(points.length / pieces);
  const longer = points.length % pieces;
  const result: string[] = [];
  let start = 0;
  for (let i = 0; i < pieces; i++) {
    const size = base + (i < longer ? 1 : 0);
    result.push(points.slice(start, start + size).join(''));
    start += size;
  }
  return result;
}

/** The pieces an item was built with (`assistantMessage(text, { chunks })`), by identity. */
const chunked = new WeakMap<object, readonly string[]>();

/** Remembers the pieces `item`'s text streams as. */
export function markChunks<T extends object>(item: T, pieces: readonly string[]): T {
  chunked.set(item, pieces);
  return item;
}

/** The pieces of each chunked item of `output`, by position; `undefined` when none is. */
export function chunkPlan(output: unknown): ReadonlyMap<number, readonly string[]> | undefined {
  if (!Array.isArray(output)) return undefined;
  let plan: Map<number, readonly string[]> | undefined;
  output.forEach((item, index) => {
    if (typeof item !== 'object' || item === null) return;
    const pieces = chunked.get(item);
    if (pieces !== undefined) (plan ??= new Map()).set(index, pieces);
  });
  return plan;
}
