// The step queue every double uses (_internal/queue.ts) against a plain array:
// for arbitrary sequences of pushes, shifts, drains and reads, long enough to
// make the queue compact its consumed prefix, it is first in, first out.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Queue } from '../_internal/queue.ts';
import { describe, test } from './_harness.ts';
import { checkProperty } from './_property.ts';

type Op =
  | { readonly kind: 'push'; readonly count: number }
  | { readonly kind: 'shift'; readonly count: number }
  | { readonly kind: 'drain' }
  | { readonly kind: 'toArray' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('push' as const), count: fc.nat(80) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('shift' as const), count: fc.nat(80) }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'drain' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'toArray' as const }), weight: 1 },
);

describe('Queue properties', () => {
  test('behaves as a plain array queue, across compactions', () => {
    checkProperty(
      150,
      fc.property(fc.array(opArbitrary, { maxLength: 20 }), (ops) => {
        const queue = new Queue<number>();
        const model: number[] = [];
        let next = 0;
        for (const op of ops) {
          switch (op.kind) {
            case 'push': {
              const items = Array.from({ length: op.count }, () => next++);
              queue.push(...items);
              model.push(...items);
              break;
            }
            case 'shift':
              for (let i = 0; i < op.count; i++) assert.equal(queue.shift(), model.shift());
              break;
            case 'drain':
              assert.deepEqual(queue.drain(), model.splice(0));
              break;
            case 'toArray':
              assert.deepEqual(queue.toArray(), model);
              break;
          }
          assert.equal(queue.size, model.length);
        }
        assert.deepEqual(queue.toArray(), model);
      }),
    );
  });
});
