// Properties of the snapshot store against the plain snapshot function: for
// arbitrary object graphs (nested objects and arrays, shared and cyclic
// references, symbols, class instances, frozen, null-prototype and other-realm
// objects, buffers and views) and arbitrary growing histories, every read of a
// stored snapshot is exactly the plain snapshot taken at store time (same
// values, same aliasing and cycles), and reads share nothing with the source or
// with each other.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { frozenSnapshot, snapshotValue } from '../_internal/snapshot.ts';
import { SnapshotStore } from '../_internal/snapshot_store.ts';
import { describe, test } from './_harness.ts';
import {
  assertSameGraph,
  copiedContainers,
  GraphBuilder,
  mutateGraph,
  Point,
  type Shape,
  shapeArbitrary,
} from './_graph.ts';
import { checkProperty } from './_property.ts';

/**
 * The doubles store objects (requests, call records), and `frozenSnapshot` of a
 * bare typed array cannot freeze its elements, so a binary root is wrapped.
 */
function root(shape: Shape): Shape {
  return shape.kind === 'binary' ? { kind: 'array', items: [shape], frozen: false } : shape;
}

/** Asserts that no container reachable from `a` is reachable from `b`. */
function assertDisjoint(a: unknown, b: unknown, what: string): void {
  const ours = copiedContainers(a);
  for (const container of copiedContainers(b)) {
    assert.ok(!ours.has(container), `${what}: a container is shared`);
  }
}

/** Structured-clonable data, often with the values equality is subtle for (0, -0, NaN). */
function plainData(maxDepth: number): fc.Arbitrary<unknown> {
  const subtle = fc.constantFrom(0, -0, NaN, undefined, null, 1n, '', 'x', true, 1.5);
  return fc.oneof(
    fc.anything({ maxDepth, withBigInt: true }),
    fc.anything({ maxDepth, values: [subtle] }),
  );
}

describe('SnapshotStore properties', () => {
  test('one value: a read is the plain snapshot, independent of the source and of other reads', () => {
    checkProperty(
      200,
      fc.property(shapeArbitrary(4).map(root), (shape) => {
        const source = new GraphBuilder().build(shape);
        const expected = frozenSnapshot(snapshotValue(source));
        const stored = new SnapshotStore().store(source);
        const read = frozenSnapshot(stored);
        assertSameGraph(read, expected);
        assertDisjoint(read, source, 'read and source');
        mutateGraph(source);
        const afterSourceChange = frozenSnapshot(stored);
        assertSameGraph(afterSourceChange, expected);
        mutateGraph(afterSourceChange);
        const afterReadChange = frozenSnapshot(stored);
        assertSameGraph(afterReadChange, expected);
        assertDisjoint(afterReadChange, afterSourceChange, 'two reads');
      }),
    );
  });

  /** One turn of a history: how it differs from the previous turn's request. */
  interface Turn {
    /** Items appended to the input. */
    readonly grow: number;
    /** Items dropped from the start (a trimmed history); usually none. */
    readonly drop: number;
    /** A fresh structured-clone-like request, or the previous source object itself. */
    readonly fresh: boolean;
    /** Whether the previous source is changed in place before this turn (not fresh only). */
    readonly mutate: boolean;
  }

  const turnArbitrary: fc.Arbitrary<Turn> = fc.record({
    grow: fc.nat(3),
    drop: fc.oneof({ arbitrary: fc.constant(0), weight: 4 }, { arbitrary: fc.nat(2), weight: 1 }),
    fresh: fc.boolean(),
    mutate: fc.boolean(),
  });

  test("growing histories: every read of every turn is that turn's plain snapshot", () => {
    checkProperty(
      100,
      fc.property(
        fc.array(shapeArbitrary(2), { minLength: 1, maxLength: 5 }),
        shapeArbitrary(2),
        fc.array(turnArbitrary, { minLength: 1, maxLength: 6 }),
        (pool: Shape[], settings: Shape, turns: Turn[]) => {
          const store = new SnapshotStore();
          const stored: unknown[] = [];
          const expected: unknown[] = [];
          const sources: unknown[] = [];
          let start = 0;
          let end = 1;
          let source: { input: unknown[]; modelSettings: unknown; tools: unknown } | undefined;
          let builder = new GraphBuilder();
          for (const turn of turns) {
            const previousStart = start;
            start = Math.min(start + turn.drop, end);
            end += turn.grow;
            if (turn.fresh || source === undefined) {
              // The Runner's way: every turn is a new deep copy of the whole history.
              builder = new GraphBuilder();
              const input: unknown[] = [];
              for (let i = start; i < end; i++) input.push(builder.build(pool[i % pool.length]));
              source = { input, modelSettings: builder.build(settings), tools: [] };
            } else {
              // The same live request, changed in place, then appended to.
              if (turn.mutate) { for (const item of source.input) mutateGraph(item); }
              source.input.splice(0, start - previousStart);
              const from = source.input.length + start;
              for (let i = from; i < end; i++) {
                source.input.push(builder.build(pool[i % pool.length]));
              }
            }
            expected.push(frozenSnapshot(snapshotValue(source)));
            stored.push(store.store(source));
            sources.push(source);
          }
          // Every turn still reads as it was stored, whatever happened since.
          const reads = stored.map((s) => frozenSnapshot(s));
          reads.forEach((read, i) => assertSameGraph(read, expected[i]));
          for (let i = 0; i < reads.length; i++) {
            for (const live of sources) assertDisjoint(reads[i], live, `read ${i} and a source`);
            for (let j = i + 1; j < reads.length; j++) {
              assertDisjoint(reads[i], reads[j], `reads ${i} and ${j}`);
            }
          }
          // Changing sources and reads reaches no other read.
          for (const live of sources) mutateGraph(live);
          for (const read of reads) mutateGraph(read);
          stored.forEach((s, i) => assertSameGraph(frozenSnapshot(s), expected[i]));
        },
      ),
    );
  });

  test('one store, unrelated values: each read is its own plain snapshot', () => {
    checkProperty(
      100,
      fc.property(
        fc.array(shapeArbitrary(3).map(root), { minLength: 2, maxLength: 6 }),
        (shapes) => {
          const store = new SnapshotStore();
          // Built by one builder, so later values reference earlier ones (shared across calls).
          const builder = new GraphBuilder();
          const sources = shapes.map((shape) => builder.build(shape));
          const expected: unknown[] = [];
          const stored: unknown[] = [];
          for (const source of sources) {
            expected.push(frozenSnapshot(snapshotValue(source)));
            stored.push(store.store(source));
          }
          stored.forEach((s, i) => assertSameGraph(frozenSnapshot(s), expected[i]));
        },
      ),
    );
  });
  test('growing histories of plain data share every earlier item node', () => {
    // The store's promise for the Runner's traffic: a turn that appends to a
    // structured-cloned history stores only what is new; earlier items, and the
    // settings, are the very nodes stored before, and an unchanged request is
    // the previous snapshot itself.
    checkProperty(
      100,
      fc.property(
        // Structured-clonable data: JSON plus undefined, NaN, -0 and bigints.
        fc.array(plainData(3), { minLength: 1, maxLength: 6 }),
        plainData(2),
        fc.array(fc.nat(2), { minLength: 1, maxLength: 6 }),
        (items, settings, growth) => {
          const store = new SnapshotStore();
          const kept = new Point(1, 2);
          let length = 0;
          let previous: { settings: unknown; input: unknown[]; kept: Point } | undefined;
          for (const grow of growth) {
            length = Math.min(length + grow, items.length);
            // Settings first: a node equal to one stored before is found by content too,
            // so a new item visited before the settings could take over an equal settings
            // node (reads are right either way; only which node is shared differs).
            const request = {
              ...structuredClone({ settings, input: items.slice(0, length) }),
              // One object kept by identity, the same in every turn (like a Usage).
              kept,
            };
            const stored = store.store(request);
            assertSameGraph(frozenSnapshot(stored), frozenSnapshot(snapshotValue(request)));
            if (previous !== undefined) {
              if (previous.input.length === length) assert.equal(stored, previous);
              previous.input.forEach((item, i) => assert.equal(stored.input[i], item, `item ${i}`));
              assert.equal(stored.settings, previous.settings);
              assert.equal(stored.kept, kept);
            }
            previous = stored;
          }
        },
      ),
    );
  });
});
