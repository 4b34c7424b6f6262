import assert from 'node:assert/strict';
import {
  addTraceProcessor,
  Agent,
  createCustomSpan,
  getGlobalTraceProvider,
  InputGuardrailTripwireTriggered,
  NoopTrace,
  Runner,
  setTraceProcessors,
  setTracingDisabled,
  tool,
  type TracingProcessor,
  withTrace,
} from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  offlineGuard,
  ScriptedModel,
  TraceRecorder,
  UnendedTraceSpansError,
} from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

/** A processor that counts what it receives, to see whether it is installed. */
function sentinel() {
  const seen: string[] = [];
  const processor: TracingProcessor = {
    onTraceStart: (trace) => Promise.resolve(void seen.push(`trace ${trace.name}`)),
    onTraceEnd: () => Promise.resolve(),
    onSpanStart: (span) => Promise.resolve(void seen.push(`span ${span.spanData.type}`)),
    onSpanEnd: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
    forceFlush: () => Promise.resolve(void seen.push('flush')),
  };
  return { processor, seen };
}

const tracingDisabled = () => getGlobalTraceProvider().createTrace({}) instanceof NoopTrace;

function weatherTool() {
  return tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => {
      if (city === 'Atlantis') throw new Error('no such city');
      return `${city}: sunny`;
    },
  });
}

function triageWorkflow(tripwire = false) {
  const model = new ScriptedModel([
    [functionCall('get_weather', { city: 'Atlantis' }, { callId: 'call_1' })],
    [functionCall('transfer_to_Weather', {}, { callId: 'call_2' })],
    [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_3' })],
    [assistantMessage('It is sunny in Tokyo.')],
  ]);
  const weather = new Agent({ name: 'Weather', model, tools: [weatherTool()] });
  const triage = new Agent({
    name: 'Triage',
    model,
    tools: [weatherTool()],
    handoffs: [weather],
    inputGuardrails: [{
      name: 'polite',
      execute: () => Promise.resolve({ tripwireTriggered: tripwire, outputInfo: { tripwire } }),
    }],
  });
  return { model, triage };
}

// The first recorder replaces the SDK's default exporter, whose shutdown cancels the
// export-loop timer it started at import; take it out before any test, so Deno's op
// sanitizer does not attribute that timer to the test.
setTraceProcessors([]);

describe('TraceRecorder through the real Runner', () => {
  test('records tools, a handoff, a guardrail and a tool error, offline', async () => {
    using guard = offlineGuard();
    const before = sentinel();
    addTraceProcessor(before.processor);
    const after = sentinel();
    {
      using recorder = new TraceRecorder({ restore: [after.processor] });
      const { model, triage } = triageWorkflow();
      const result = await new Runner({ workflowName: 'Support', groupId: 'thread_1' }).run(
        triage,
        'Weather in Tokyo?',
      );
      assert.equal(result.finalOutput, 'It is sunny in Tokyo.');
      model.assertComplete();
      // Nothing else received the run: the previous processors were replaced.
      await getGlobalTraceProvider().forceFlush();
      assert.deepEqual(before.seen, []);

      assert.equal(
        recorder.outline(),
        [
          'trace: Support',
          '  task: Support',
          '    agent: Triage',
          '      turn: Triage #1',
          '        function: get_weather (error: Error running tool (non-fatal))',
          '      guardrail: polite',
          '      turn: Triage #2',
          '        handoff: Triage -> Weather',
          '    agent: Weather',
          '      turn: Weather #3',
          '        function: get_weather',
          '      turn: Weather #4',
        ].join('\n'),
      );
      assert.equal(recorder.traces.length, 1);
      const [trace] = recorder.traces;
      assert.equal(trace.name, 'Support');
      assert.equal(trace.groupId, 'thread_1');
      assert.equal(trace.ended, true);
      assert.deepEqual(recorder.paths({ omit: ['task', 'turn'] }), [
        'agent: Triage',
        'agent: Triage > guardrail: polite',
        'agent: Triage > function: get_weather',
        'agent: Triage > handoff: Triage -> Weather',
        'agent: Weather',
        'agent: Weather > function: get_weather',
      ]);

      const [failed, succeeded] = recorder.filter('function', 'get_weather');
      assert.equal(failed.data.type === 'function' && failed.data.input, '{"city":"Atlantis"}');
      assert.equal(failed.error?.message, 'Error running tool (non-fatal)');
      assert.equal(succeeded.data.type === 'function' && succeeded.data.output, 'Tokyo: sunny');
      assert.equal(succeeded.error, null);
      assert.deepEqual(recorder.find('guardrail')?.data, {
        type: 'guardrail',
        name: 'polite',
        triggered: false,
      });
      const handoff = recorder.find('handoff');
      assert.equal(handoff?.parentId, recorder.find('turn', 'Triage #2')?.spanId);
      assert.deepEqual(recorder.find('agent', 'Triage')?.data, {
        type: 'agent',
        name: 'Triage',
        handoffs: ['Weather'],
        tools: ['get_weather'],
        output_type: 'text',
      });
    }
    // Disposed: the restore list is installed, the recorder is gone.
    await getGlobalTraceProvider().forceFlush();
    assert.deepEqual(after.seen, ['flush']);
    assert.deepEqual(before.seen, []);
    assert.deepEqual(guard.failures, []);
  });
});

describe('TraceRecorder lifecycle', () => {
  test('a tripped guardrail fails the run: the spans end with the error', async () => {
    using recorder = new TraceRecorder();
    const { triage } = triageWorkflow(true);
    await assert.rejects(new Runner().run(triage, 'Hi'), InputGuardrailTripwireTriggered);
    assert.deepEqual(recorder.find('guardrail', 'polite')?.data, {
      type: 'guardrail',
      name: 'polite',
      triggered: true,
    });
    const agent = recorder.find('agent', 'Triage');
    assert.equal(agent?.error?.message, 'Error in agent run');
    assert.match(String(agent?.error?.data?.error), /^InputGuardrailTripwireTriggered/);
    assert.equal(
      recorder.outline({ omit: ['task'] }),
      [
        'trace: Agent workflow (not ended)',
        '  agent: Triage (error: Error in agent run)',
        '    turn: Triage #1 (error: Error in agent run)',
        '    guardrail: polite',
      ].join('\n'),
    );
    // The SDK leaves a failed run's trace open; every span ended.
    assert.equal(recorder.traces[0].ended, false);
    recorder.assertEnded();
  });

  test('a streamed run is recorded the same way', async () => {
    using recorder = new TraceRecorder();
    const model = new ScriptedModel([[assistantMessage('Hi')]]);
    const agent = new Agent({ name: 'Streamer', model });
    const result = await new Runner().run(agent, 'Hi', { stream: true });
    for await (const _event of result.toStream()) { /* drain */ }
    await result.completed;
    assert.deepEqual(recorder.paths({ omit: ['task', 'turn'] }), ['agent: Streamer']);
  });

  test('a run with tracingDisabled records nothing', async () => {
    using recorder = new TraceRecorder();
    const agent = new Agent({
      name: 'Quiet',
      model: new ScriptedModel([[assistantMessage('Hi')]]),
    });
    await new Runner({ tracingDisabled: true }).run(agent, 'Hi');
    assert.deepEqual(recorder.traces, []);
    assert.equal(recorder.outline(), '');
  });

  test('enables tracing while installed and restores the switch on dispose', () => {
    setTracingDisabled(true);
    try {
      const recorder = new TraceRecorder();
      assert.equal(recorder.installed, true);
      assert.equal(tracingDisabled(), false);
      recorder[Symbol.dispose]();
      assert.equal(recorder.installed, false);
      assert.equal(tracingDisabled(), true);
      // Idempotent.
      recorder[Symbol.dispose]();
      assert.equal(tracingDisabled(), true);
    } finally {
      setTracingDisabled(true);
    }
  });

  test('nested recorders: disposing the inner one re-installs the outer one', async () => {
    using outer = new TraceRecorder();
    {
      using inner = new TraceRecorder();
      await withTrace('Inner', () => Promise.resolve());
      assert.deepEqual(inner.traces.map((trace) => trace.name), ['Inner']);
    }
    await withTrace('Outer', () => Promise.resolve());
    assert.deepEqual(outer.traces.map((trace) => trace.name), ['Outer']);
    assert.equal(tracingDisabled(), false);
  });

  test('a recorder disposed out of order leaves the newest one installed', async () => {
    const first = new TraceRecorder();
    using second = new TraceRecorder();
    first[Symbol.dispose]();
    await withTrace('Still recorded', () => Promise.resolve());
    assert.deepEqual(second.traces.map((trace) => trace.name), ['Still recorded']);
    assert.deepEqual(first.traces, []);
  });

  test('assertEnded() lists spans that never ended', async () => {
    const restored = sentinel();
    const recorder = new TraceRecorder({ restore: [restored.processor] });
    await withTrace('Job', async () => {
      const span = createCustomSpan({ data: { name: 'open', data: {} } });
      span.start();
    });
    assert.match(recorder.outline(), /custom: open \(not ended\)/);
    assert.throws(() => recorder.assertEnded(), (error) => {
      assert(error instanceof UnendedTraceSpansError);
      assert.deepEqual(error.unendedSpans, ['custom: open']);
      assert.equal(error.message, 'TraceRecorder recorded 1 span that never ended: custom: open.');
      assert.deepEqual(Object.keys(error), ['unendedSpans', 'name']);
      return true;
    });
    // Teardown only uninstalls: open spans are not its business.
    recorder[Symbol.dispose]();
    assert.equal(recorder.installed, false);
    await getGlobalTraceProvider().forceFlush();
    assert.deepEqual(restored.seen, ['flush']);
  });

  test('reads are frozen snapshots; clear() forgets the recording', async () => {
    using recorder = new TraceRecorder();
    await withTrace('Job', async () => {
      const span = createCustomSpan({ data: { name: 'step', data: { list: [1] } } });
      span.start();
      span.end();
      span.spanData.data.list.push(2);
    });
    const [span] = recorder.spans;
    assert(Object.isFrozen(span) && Object.isFrozen(recorder.spans));
    assert.deepEqual(span.data, { type: 'custom', name: 'step', data: { list: [1] } });
    (span.data as { data: { list: number[] } }).data.list.push(3);
    assert.deepEqual(recorder.spans[0].data, { type: 'custom', name: 'step', data: { list: [1] } });
    assert.equal(span.path, 'custom: step');
    assert.deepEqual(span.children, []);
    recorder.clear();
    assert.deepEqual(recorder.spans, []);
    assert.deepEqual(recorder.traces, []);
  });
});
