/**
 * The matching key of a live call, computed from the snapshot of its request
 * without converting the whole request. The snapshot store shares the nodes a
 * request repeats from the previous one, and the runner sends the whole
 * conversation every turn, so a request's input is almost always the previous
 * input (the same nodes, position by position) plus a few new items: only
 * those are converted and looked up, and the rest of the request is keyed by
 * the number of the JSON text of its converted fields, computed again only
 * when they are other nodes than the previous call's. Used when no
 * `normalize` or `redact` hook could change the request.
 *
 * @module
 */

import type { ModelRequest } from '@openai/agents-core';
import { type BlobTable, Conversion, toJson } from './_json.ts';
import { EMPTY_LIST, type InteractionBook, listKey, UNKNOWN } from './_match.ts';
import { requestDefaults, requestKeys } from './_serialize.ts';
import type { JsonValue } from './cassette_types.ts';

/** The request fields besides the input, in the stored order. */
const restFields = requestKeys.filter((key) => key !== 'input');

/** Computes the keys of one cassette's live calls (see the module doc). */
export class LiveKeys {
  readonly #book: InteractionBook;
  readonly #blobs: BlobTable;
  /**
   * Snapshot item node → the number of the stored item equal to it (or
   * `UNKNOWN`), for inputs that do not continue the previous one (concurrent
   * runs). A `Map`, not a `WeakMap`: the snapshot store keeps the nodes alive
   * anyway, and weak entries whose keys are new objects make every young
   * garbage collection slower (about 3% of a replayed 200-turn loop).
   */
  readonly #itemIds = new Map<object, number>();
  /** The previous live input (snapshot nodes) and the list number after each of its items. */
  #previous: readonly unknown[] = [];
  #lists: number[] = [];
  /**
   * The other fields of the previous snapshot and the number of the JSON text
   * they make (see `InteractionBook.restId`):
   * the same nodes (a run sends the same tools and settings every turn)
   * make the same text.
   */
  #previousFields: readonly unknown[] | undefined;
  #previousRest = UNKNOWN;

  constructor(book: InteractionBook, blobs: BlobTable) {
    this.#book = book;
    this.#blobs = blobs;
  }

  /**
   * The key of a call of model `model` whose request snapshot (the stored
   * fields, from the cassette's snapshot store) is `snapshot`, or `undefined`
   * when its input is not a list or a new item holds an object kept by identity
   * (the caller then keys the converted request).
   */
  async key(model: string, snapshot: ModelRequest): Promise<string | undefined> {
    const input = snapshot.input ?? [];
    if (!Array.isArray(input)) return undefined;
    // Not cached: the other fields are converted only when they change, and
    // each new item once (see `#itemIds`).
    const conversion = new Conversion();
    const source = snapshot as unknown as Record<string, unknown>;
    const fields = restFields.map((key) => source[key]);
    const previousFields = this.#previousFields;
    let rest = this.#previousRest;
    let converted: [string, JsonValue][] | undefined;
    if (previousFields === undefined || fields.some((field, i) => field !== previousFields[i])) {
      converted = [];
      for (let i = 0; i < restFields.length; i++) {
        const key = restFields[i];
        const value = toJson(fields[i] ?? requestDefaults[key], conversion);
        if (value !== undefined) converted.push([key, value]);
      }
    }
    // Fields holding an object kept by identity may change inside the same
    // nodes: converted again next time.
    const restKept = conversion.kept;
    // Items after the part shared with the previous input, not looked up before.
    let shared = this.#shared(input);
    const fresh: [object, JsonValue][] = [];
    for (let i = shared; i < input.length; i++) {
      const node = input[i];
      // Input items are objects; anything else takes the general way.
      if (node === null || typeof node !== 'object') return undefined;
      if (!this.#itemIds.has(node)) fresh.push([node, toJson(node, conversion) ?? null]);
    }
    // An item holding such an object cannot be known by its node: the general way.
    if (conversion.kept !== restKept) return undefined;
    if (conversion.pending.length > 0) {
      await this.#blobs.resolve(conversion);
      // Another call may have moved the previous input meanwhile.
      shared = this.#shared(input);
    }
    for (const [node, item] of fresh) {
      this.#itemIds.set(node, this.#book.itemId(JSON.stringify(item)));
    }
    // From here on synchronous: no other call changes the previous input meanwhile.
    if (converted !== undefined) {
      // The JSON text of the converted fields, as `JSON.stringify` writes an object.
      let text = '{';
      for (let i = 0; i < converted.length; i++) {
        const [key, value] = converted[i];
        text += `${i === 0 ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(value)}`;
      }
      rest = this.#book.restId(`${text}}`);
      this.#previousFields = restKept === 0 ? fields : undefined;
      this.#previousRest = rest;
    }
    return listKey(model, this.#list(input, shared), rest);
  }

  /** How many leading items `input` shares (as the same nodes) with the previous input. */
  #shared(input: readonly unknown[]): number {
    const previous = this.#previous;
    const n = Math.min(previous.length, input.length);
    let i = 0;
    while (i < n && input[i] === previous[i]) i++;
    return i;
  }

  /** The list number of `input`, reusing the previous input's for its `shared` first items. */
  #list(input: readonly unknown[], shared: number): number {
    const lists = this.#lists;
    lists.length = shared;
    let list = shared === 0 ? EMPTY_LIST : lists[shared - 1];
    for (let i = shared; i < input.length; i++) {
      // Every item of an input keyed here is an object looked up before (see `key`).
      if (list !== UNKNOWN) list = this.#book.follow(list, this.#itemIds.get(input[i] as object)!);
      lists.push(list);
    }
    this.#previous = input;
    return list;
  }
}
