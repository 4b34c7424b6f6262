// The transport's listener registry (realtime_testing/_emitter.ts): removals
// made by a listener while an event is being delivered.
import assert from 'node:assert/strict';
import { ListenerRegistry } from '../realtime_testing/_emitter.ts';
import { describe, test } from './_harness.ts';

describe('ListenerRegistry', () => {
  test('a once listener removed during delivery removes no other listener', () => {
    const registry = new ListenerRegistry();
    const calls: string[] = [];
    const once = () => calls.push('once');
    registry.on('event', () => {
      calls.push('first');
      registry.off('event', once);
    });
    registry.once('event', once);
    registry.on('event', () => calls.push('last'));
    registry.emit('event', []);
    // The delivery in progress still reaches every listener it started with.
    assert.deepEqual(calls, ['first', 'once', 'last']);
    calls.length = 0;
    registry.emit('event', []);
    assert.deepEqual(calls, ['first', 'last']);
  });
});
