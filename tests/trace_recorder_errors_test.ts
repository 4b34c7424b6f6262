import assert from 'node:assert/strict';
import { createCustomSpan, setTraceProcessors, withTrace } from '@openai/agents';
import { TraceRecorder, UnendedTraceSpansError } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

// See trace_recorder_test.ts: take the default exporter out before any test.
setTraceProcessors([]);

// The error TraceRecorder raises, as the recorder raises it: the exact name,
// message and structured fields (own enumerable properties, name last).
describe('TraceRecorder errors', () => {
  test('assertEnded() lists every span that never ended, separated by semicolons', async () => {
    using recorder = new TraceRecorder({ restore: [] });
    await withTrace('Job', async () => {
      createCustomSpan({ data: { name: 'first', data: {} } }).start();
      createCustomSpan({ data: { name: 'second', data: {} } }).start();
    });
    assert.throws(() => recorder.assertEnded(), (error) => {
      assert(error instanceof UnendedTraceSpansError);
      assert.deepEqual({ ...error }, {
        unendedSpans: ['custom: first', 'custom: second'],
        name: 'UnendedTraceSpansError',
      });
      assert.equal(
        error.message,
        'TraceRecorder recorded 2 spans that never ended: custom: first; custom: second.',
      );
      return true;
    });
  });
});
