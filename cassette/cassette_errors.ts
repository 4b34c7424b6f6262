/**
 * The errors of a {@linkcode Cassette}. Every structured field is an own
 * property, present even when `undefined`, so tests assert on fields rather
 * than parse messages.
 *
 * @module
 */

import { countOf, ordinal } from '../_internal/format.ts';
import { type JsonDifference, previewPair } from './_diff.ts';
import type { CassetteErrorRecord, CassetteRequest } from './cassette_types.ts';

export type { JsonDifference };

/** How a message tells the reader to re-record a cassette. */
export const RERECORD_HINT =
  "If the change is intended, re-record: run with SCRIPTED_AGENTS_CASSETTE=update (or mode: 'update') " +
  'to keep what still matches and record the rest, or SCRIPTED_AGENTS_CASSETTE=record to record ' +
  'everything again.';

/**
 * What {@linkcode CassetteMissError} is constructed from.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CassetteMissError, type CassetteMissErrorOptions } from "scripted-agents/cassette";
 *
 * const options: CassetteMissErrorOptions = {
 *   label: undefined,
 *   model: "gpt-4.1",
 *   callIndex: 0,
 *   streamed: false,
 *   request: { input: "Hi", modelSettings: {}, tools: [], handoffs: [], outputType: "text" },
 *   nearest: undefined,
 *   nearestIndex: undefined,
 *   nearestModel: undefined,
 *   nearestUsed: false,
 *   nearestUsedBy: undefined,
 *   differences: [],
 *   differenceCount: 0,
 * };
 * assert.match(new CassetteMissError(options).message, /model call #1/);
 * ```
 */
export interface CassetteMissErrorOptions {
  /** Names the cassette, e.g. its file path. */
  label: string | undefined;
  /** The model name of the call. */
  model: string;
  /** The zero-based number of the call among all calls the cassette answered. */
  callIndex: number;
  /** Whether the call was streamed. */
  streamed: boolean;
  /** The normalized request that matched nothing. */
  request: CassetteRequest;
  /** The nearest recorded request (an unused one when any is left). */
  nearest: CassetteRequest | undefined;
  /** The nearest interaction's zero-based position in the cassette. */
  nearestIndex: number | undefined;
  /** The model name of the nearest interaction. */
  nearestModel: string | undefined;
  /** Whether the nearest interaction was already used (no unused one is left). */
  nearestUsed: boolean;
  /** The zero-based call that used the nearest interaction, if it was used. */
  nearestUsedBy?: number | undefined;
  /** The first differences between the nearest recorded request and this one. */
  differences: readonly JsonDifference[];
  /** How many differing paths there are in all. */
  differenceCount: number;
  /** The last steps the call was answering, as indented transcript lines, if any. */
  transcript?: string;
}

/**
 * A model call matched no unused recorded interaction: the workflow now asks
 * something the recording never saw. The message shows where the nearest
 * unused recorded request differs (path, recorded value, current value) and
 * how to re-record.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Agent, Runner } from "@openai/agents";
 * import { Cassette, CassetteMissError } from "scripted-agents/cassette";
 *
 * const cassette = new Cassette();
 * const agent = new Agent({ name: "Assistant", model: cassette.model("gpt-4.1") });
 * const error = await new Runner({ tracingDisabled: true }).run(agent, "Hi").catch((e) => e);
 * assert.ok(error instanceof CassetteMissError);
 * assert.equal(error.model, "gpt-4.1");
 * assert.equal(error.callIndex, 0);
 * assert.equal(error.nearest, undefined);
 * cassette.acknowledgeFailures();
 * ```
 */
export class CassetteMissError extends Error {
  /** Names the cassette, e.g. its file path. */
  readonly label: string | undefined;
  /** The model name of the call. */
  readonly model: string;
  /** The zero-based number of the call among all calls the cassette answered. */
  readonly callIndex: number;
  /** Whether the call was streamed. */
  readonly streamed: boolean;
  /** The normalized request that matched nothing. */
  readonly request: CassetteRequest;
  /** The nearest recorded request (an unused one when any is left), or `undefined` for an empty cassette. */
  readonly nearest: CassetteRequest | undefined;
  /** The nearest interaction's zero-based position in the cassette. */
  readonly nearestIndex: number | undefined;
  /** The model name of the nearest interaction. */
  readonly nearestModel: string | undefined;
  /** Whether the nearest interaction was already used (no unused one is left). */
  readonly nearestUsed: boolean;
  /** The zero-based call that used the nearest interaction, if it was used. */
  readonly nearestUsedBy: number | undefined;
  /** The first differences between the nearest recorded request and this one. */
  readonly differences: readonly JsonDifference[];
  /** How many differing paths there are in all. */
  readonly differenceCount: number;
  /** Always `'CassetteMissError'`. */
  override readonly name: 'CassetteMissError';

  /** Builds the error and its message from the miss. */
  constructor(options: CassetteMissErrorOptions) {
    super(missMessage(options));
    this.label = options.label;
    this.model = options.model;
    this.callIndex = options.callIndex;
    this.streamed = options.streamed;
    this.request = options.request;
    this.nearest = options.nearest;
    this.nearestIndex = options.nearestIndex;
    this.nearestModel = options.nearestModel;
    this.nearestUsed = options.nearestUsed;
    this.nearestUsedBy = options.nearestUsedBy;
    this.differences = Object.freeze([...options.differences]);
    this.differenceCount = options.differenceCount;
    this.name = 'CassetteMissError';
  }
}

function named(label: string | undefined): string {
  return label === undefined ? 'Cassette' : `Cassette ${label}`;
}

/** `" by model call #N"` for the call that used the nearest interaction; `''` when unknown. */
function usedBy(options: CassetteMissErrorOptions): string {
  return options.nearestUsedBy === undefined
    ? ''
    : ` by model call ${ordinal(options.nearestUsedBy)}`;
}

function missMessage(options: CassetteMissErrorOptions): string {
  const lines = [
    `${named(options.label)} has no recorded interaction for ${
      options.streamed ? 'streaming' : 'non-streaming'
    } model call ${ordinal(options.callIndex)} (model ${JSON.stringify(options.model)}).`,
  ];
  if (options.nearestIndex === undefined) {
    lines.push('The cassette holds no recorded interaction.');
  } else if (options.nearestUsed && options.differenceCount === 0) {
    // An equal request: the run repeats a call the recording answered once.
    lines.push(
      `Recorded interaction ${
        ordinal(options.nearestIndex)
      } matches this request exactly but was already used${
        usedBy(options).replace(/^ /, ', ')
      }: the run now makes ` +
        'this call once more than when it was recorded.',
    );
  } else {
    const other = options.nearestModel !== options.model
      ? ` (model ${JSON.stringify(options.nearestModel)})`
      : '';
    lines.push(
      `The nearest ${
        options.nearestUsed
          ? `recorded interaction (already used${usedBy(options)}; none is left unused)`
          : 'unused recorded interaction'
      }, ${ordinal(options.nearestIndex)}${other}, differs at ${
        countOf(options.differenceCount, 'path')
      }:`,
    );
    for (const difference of options.differences) {
      const [recorded, now] = previewPair(difference.recorded, difference.actual);
      lines.push(`  ${difference.path}`);
      lines.push(`    recorded: ${recorded}`);
      lines.push(`    now:      ${now}`);
    }
    const more = options.differenceCount - options.differences.length;
    if (more > 0) lines.push(`  (and ${countOf(more, 'more difference')})`);
  }
  if (options.transcript) lines.push(options.transcript);
  lines.push(RERECORD_HINT);
  return lines.join('\n');
}

/**
 * One recorded interaction a replay never used.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { UnusedCassetteInteraction } from "scripted-agents/cassette";
 *
 * const unused: UnusedCassetteInteraction = { index: 2, model: "gpt-4.1", streamed: true };
 * assert.equal(unused.index, 2);
 * ```
 */
export interface UnusedCassetteInteraction {
  /** Its zero-based position in the cassette. */
  index: number;
  /** Its model name. */
  model: string;
  /** Whether it was a streamed call. */
  streamed: boolean;
}

/**
 * `close()` of a replaying cassette found recorded interactions the run never
 * used: the workflow made fewer (or other) model calls than when it was
 * recorded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Cassette, UnusedCassetteInteractionsError } from "scripted-agents/cassette";
 *
 * const cassette = Cassette.fromJSON({
 *   format: "scripted-agents/cassette",
 *   version: 2,
 *   models: {},
 *   interactions: [{
 *     model: "gpt-4.1",
 *     streamed: false,
 *     request: { input: "Hi", modelSettings: {}, tools: [], handoffs: [], outputType: "text" },
 *     response: { output: [], usage: { requests: 1 } },
 *   }],
 *   blobs: {},
 * });
 * const error = await cassette.close().catch((e) => e);
 * assert.ok(error instanceof UnusedCassetteInteractionsError);
 * assert.deepEqual(error.unused, [{ index: 0, model: "gpt-4.1", streamed: false }]);
 * ```
 */
export class UnusedCassetteInteractionsError extends Error {
  /** Names the cassette, e.g. its file path. */
  readonly label: string | undefined;
  /** The interactions no call used, in cassette order. */
  readonly unused: readonly UnusedCassetteInteraction[];
  /** How many interactions the cassette holds. */
  readonly total: number;
  /** Always `'UnusedCassetteInteractionsError'`. */
  override readonly name: 'UnusedCassetteInteractionsError';

  /** Lists the unused interactions in the message. */
  constructor(
    label: string | undefined,
    unused: readonly UnusedCassetteInteraction[],
    options: { total: number },
  ) {
    super(
      `${named(label)} has ${
        countOf(unused.length, 'unused recorded interaction')
      } (of ${options.total}): ${
        unused.map((u) => `${ordinal(u.index)} model ${JSON.stringify(u.model)}`).join(', ')
      }. The workflow made fewer or other model calls than when it was recorded. ${RERECORD_HINT}`,
    );
    this.label = label;
    this.unused = Object.freeze(unused.map((u) => Object.freeze({ ...u })));
    this.total = options.total;
    this.name = 'UnusedCassetteInteractionsError';
  }
}

/**
 * A cassette could not be loaded: bad JSON, an unknown format or version, or a
 * field of the wrong shape. `path` names the field and `expected` what it
 * should hold. A cassette that fails to load is never overwritten by
 * `openCassette()`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Cassette, InvalidCassetteError } from "scripted-agents/cassette";
 *
 * try {
 *   Cassette.fromJSON({ format: "scripted-agents/cassette", version: 9 });
 *   assert.fail("expected an error");
 * } catch (error) {
 *   assert.ok(error instanceof InvalidCassetteError);
 *   assert.equal(error.path, "version");
 *   assert.equal(error.expected, "format version 3, 2 or 1");
 * }
 * ```
 */
export class InvalidCassetteError extends Error {
  /** Names the cassette, e.g. its file path. */
  readonly label: string | undefined;
  /** Where the bad field is, e.g. `interactions[2].request.tools` (`''` for the whole value). */
  readonly path: string;
  /** What the field should hold. */
  readonly expected: string;
  /** A short rendering of what it holds. */
  readonly actual: string;
  /** Always `'InvalidCassetteError'`. */
  override readonly name: 'InvalidCassetteError';

  /**
   * `false`, so a runner that diffs a thrown error's `expected` and `actual` (Vitest) prints no
   * diff of its own: `expected` says in words what the field should hold, and `actual` is a short
   * rendering of it: not two values of one form.
   */
  get showDiff(): false {
    return false;
  }

  /** Describes the bad field. */
  constructor(
    label: string | undefined,
    options: { path: string; expected: string; actual: string },
  ) {
    super(
      `${named(label)} is invalid: ${
        options.path === '' ? 'the cassette' : options.path
      } should be ${options.expected}, but is ${options.actual}.`,
    );
    this.label = label;
    this.path = options.path;
    this.expected = options.expected;
    this.actual = options.actual;
    this.name = 'InvalidCassetteError';
  }
}

/**
 * The replay of an error a model call threw while recording. It carries the
 * recorded fields as own properties (`status`, `headers` as a `Headers`,
 * `code`, `type`, `error`, `cause`...), so the runner's retry policy and the
 * code under test see what they saw then. Unlike this package's other errors,
 * its `name` is the recorded error's `name` (cancellation and network checks
 * read it); `recordedClass` holds the original class name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RecordedModelError } from "scripted-agents/cassette";
 *
 * const error = new RecordedModelError({
 *   className: "RateLimitError",
 *   name: "Error",
 *   message: "429 slow down",
 *   status: 429,
 *   headers: { "retry-after-ms": "10" },
 *   fields: { code: "rate_limit_exceeded" },
 * });
 * assert.equal(error.status, 429);
 * assert.equal(error.headers?.get("retry-after-ms"), "10");
 * assert.equal(error.recordedClass, "RateLimitError");
 * ```
 */
export class RecordedModelError extends Error {
  /** The class name of the error that was recorded. */
  readonly recordedClass: string;
  /** The recorded HTTP status. */
  readonly status: number | undefined;
  /** The recorded response headers. */
  readonly headers: Headers | undefined;
  /** The recorded `name`. */
  override readonly name: string;

  /** Rebuilds the error from its record. */
  constructor(record: CassetteErrorRecord) {
    super(
      record.message,
      record.cause === undefined ? undefined : { cause: new RecordedModelError(record.cause) },
    );
    for (const [key, value] of Object.entries(record.fields)) {
      if (key in this) continue;
      Object.defineProperty(this, key, {
        value: structuredClone(value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    this.recordedClass = record.className;
    this.status = record.status;
    this.headers = record.headers === undefined ? undefined : new Headers(record.headers);
    this.name = record.name;
  }
}

/**
 * A cassette whose expiry policy fails (`onExpired: 'fail'`, or
 * `'rerecord'` with no provider to record with) holds interactions recorded
 * longer ago than its maximum age.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Cassette, CassetteExpiredError } from "scripted-agents/cassette";
 *
 * const data = {
 *   format: "scripted-agents/cassette",
 *   version: 2,
 *   expiry: { maxAge: "30d", onExpired: "fail" },
 *   models: {},
 *   interactions: [{
 *     model: "gpt-4.1",
 *     streamed: false,
 *     request: { input: "Hi", modelSettings: {}, tools: [], handoffs: [], outputType: "text" },
 *     response: { output: [], usage: {} },
 *     recorded: { at: "2020-01-01T00:00:00.000Z" },
 *   }],
 *   blobs: {},
 * };
 * const error = (() => {
 *   try {
 *     Cassette.fromJSON(data);
 *   } catch (e) {
 *     return e;
 *   }
 * })();
 * assert.ok(error instanceof CassetteExpiredError);
 * assert.equal(error.expired[0].index, 0);
 * ```
 */
export class CassetteExpiredError extends Error {
  /** Names the cassette, e.g. its file path. */
  readonly label: string | undefined;
  /** The policy's maximum age, e.g. `'30d'`. */
  readonly maxAge: string;
  /** The expired interactions: zero-based index, model name and recording date. */
  readonly expired: readonly { index: number; model: string; recordedAt: string }[];
  /** Always `'CassetteExpiredError'`. */
  override readonly name: 'CassetteExpiredError';

  /** Describes the expired interactions. */
  constructor(
    label: string | undefined,
    options: {
      maxAge: string;
      expired: readonly { index: number; model: string; recordedAt: string }[];
      /** Why it fails rather than re-records. */
      reason?: string;
    },
  ) {
    const oldest = [...options.expired].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt))[0];
    super(
      `${named(label)} has ${
        countOf(options.expired.length, 'interaction')
      } recorded more than ${options.maxAge} ago (the oldest, interaction #${
        oldest.index + 1
      }, on ${oldest.recordedAt}), and its expiry policy fails past that${
        options.reason === undefined ? '' : ` (${options.reason})`
      }. Re-record: run with SCRIPTED_AGENTS_CASSETTE=update (or mode: 'update') to record ` +
        "the calls again, or give the cassette a provider and onExpired: 'rerecord'.",
    );
    this.label = label;
    this.maxAge = options.maxAge;
    this.expired = options.expired;
    this.name = 'CassetteExpiredError';
  }
}
