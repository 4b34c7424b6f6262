// The registry of live doubles: one per global scope (found by a registered
// symbol, so every copy of the package shares it), a collector that receives
// each announced double, and the set of doubles whose own teardown ran.
import assert from 'node:assert/strict';
import { announceDouble, liveDoubleRegistry, settleDouble } from '../_internal/live_doubles.ts';
import { describe, test } from './_harness.ts';

describe('liveDoubleRegistry', () => {
  test('is one object on the global scope under a registered symbol', () => {
    const registry = liveDoubleRegistry();
    assert.equal(liveDoubleRegistry(), registry);
    assert.equal(
      (globalThis as Record<symbol, unknown>)[Symbol.for('scripted-agents.live-doubles')],
      registry,
    );
    assert.ok(registry.settled instanceof WeakSet);
  });

  test('announced doubles reach the collector, and nothing breaks without one', () => {
    const registry = liveDoubleRegistry();
    const before = registry.collect;
    const seen: object[] = [];
    const double = {};
    try {
      registry.collect = (d) => seen.push(d);
      announceDouble(double);
      registry.collect = undefined;
      announceDouble({});
    } finally {
      registry.collect = before;
    }
    assert.deepEqual(seen, [double]);
    assert.equal(seen[0], double);
  });

  test('settled doubles are remembered; values that are not objects are ignored', () => {
    const registry = liveDoubleRegistry();
    const double = {};
    assert.equal(registry.settled.has(double), false);
    settleDouble(double);
    assert.equal(registry.settled.has(double), true);
    for (const value of [undefined, null, 'double', 1]) settleDouble(value);
    const fn = () => {};
    settleDouble(fn);
    assert.equal(registry.settled.has(fn), false);
  });

  test('before any registry exists, announcing and settling neither throw nor create one', () => {
    const key = Symbol.for('scripted-agents.live-doubles');
    const scope = globalThis as Record<symbol, unknown>;
    const descriptor = Object.getOwnPropertyDescriptor(scope, key);
    delete scope[key];
    try {
      announceDouble({});
      settleDouble({});
      assert.equal(key in scope, false);
    } finally {
      if (descriptor !== undefined) Object.defineProperty(scope, key, descriptor);
    }
  });
});
