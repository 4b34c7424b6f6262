// The one nearest-name helper behind every "did you mean" of the package.
import assert from 'node:assert/strict';
import { nearestName } from '../_internal/nearest_name.ts';
import { describe, test } from './_harness.ts';

describe('nearestName', () => {
  test('suggests the nearest name within three edits, the first of equally near ones', () => {
    assert.equal(nearestName('lookupOrder', ['escalate', 'lookup_order']), 'lookup_order');
    assert.equal(nearestName('abcd', ['abxy', 'abcx', 'abyd']), 'abcx');
    assert.equal(nearestName('ab', ['xy', 'ay']), 'ay');
    assert.equal(nearestName('same', ['same', 'sam']), 'same');
    // Three edits away is still near; four is not.
    assert.equal(nearestName('abcdef', ['abcxyz']), 'abcxyz');
    assert.equal(nearestName('abcdefg', ['abcwxyz']), undefined);
    // Lengths alone can rule a name out.
    assert.equal(nearestName('a', ['abcde']), undefined);
    assert.equal(nearestName('abcd', ['a']), 'a');
    assert.equal(nearestName('x', []), undefined);
  });

  test('counts insertions, deletions and substitutions alike', () => {
    assert.equal(nearestName('order', ['orders']), 'orders');
    assert.equal(nearestName('orders', ['order']), 'order');
    assert.equal(nearestName('ordre', ['order']), 'order');
    assert.equal(nearestName('', ['abc']), 'abc');
    assert.equal(nearestName('', ['abcd']), undefined);
    // A nearer later name replaces an earlier near one.
    assert.equal(nearestName('kitten', ['sitting', 'kitchen', 'kitten!']), 'kitten!');
    // The last letter of the name counts: without it "abcz" would be nearer.
    assert.equal(nearestName('abcd', ['abxd', 'abcz']), 'abxd');
  });
});
