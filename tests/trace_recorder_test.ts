import assert from 'node:assert/strict';
import {
  addTraceProcessor,
  Agent,
  createCustomSpan,
  createGenerationSpan,
  createHandoffSpan,
  createMCPListToolsSpan,
  createResponseSpan,
  createSpeechGroupSpan,
  createSpeechSpan,
  createTranscriptionSpan,
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
    // The weather tool throws for Atlantis: the tool error the trace records.
    [functionCall('get_weather', { city: 'Atlantis' }, {
      callId: 'call_1',
      expectToolError: true,
    })],
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

describe('TraceRecorder details', () => {
  test('every span type gets its label; a nameless span is labelled by its type', async () => {
    using recorder = new TraceRecorder();
    await withTrace('Labels', async () => {
      const spans = [
        createGenerationSpan({ data: { model: 'gpt-test' } }),
        createGenerationSpan(),
        createTranscriptionSpan({ data: { input: { data: '', format: 'pcm' }, model: 'whisper' } }),
        createSpeechSpan({ data: { output: { data: '', format: 'pcm' }, model: 'tts' } }),
        createSpeechSpan({ data: { output: { data: '', format: 'pcm' } } }),
        // createResponseSpan() drops the data it is given: the runner sets the id later.
        createResponseSpan(),
        createResponseSpan(),
        createSpeechGroupSpan(),
        createMCPListToolsSpan({ data: { server: 'files' } }),
        createMCPListToolsSpan(),
        createHandoffSpan({ data: { from_agent: 'Triage' } }),
        createHandoffSpan({ data: { to_agent: 'Billing' } }),
      ];
      (spans[5].spanData as { response_id?: string }).response_id = 'resp_1';
      for (const span of spans) {
        span.start();
        span.end();
      }
    });
    assert.deepEqual(recorder.paths(), [
      'generation: gpt-test',
      'generation',
      'transcription: whisper',
      'speech: tts',
      'speech',
      'response: resp_1',
      'response',
      'speech_group',
      'mcp_tools: files',
      'mcp_tools',
      'handoff: Triage -> ?',
      'handoff: ? -> Billing',
    ]);
    assert.deepEqual(recorder.spans.map((span) => span.name), [
      'gpt-test',
      '',
      'whisper',
      'tts',
      '',
      'resp_1',
      '',
      '',
      'files',
      '',
      'Triage -> ?',
      '? -> Billing',
    ]);
  });

  test('a span with an error that never ended shows both notes; a trace without spans has none', async () => {
    using recorder = new TraceRecorder();
    await withTrace('Empty', () => Promise.resolve());
    await withTrace('Broken', async () => {
      const span = createCustomSpan({ data: { name: 'load', data: {} } });
      // An error known when the span starts is recorded; a later one only when it ends.
      span.setError({ message: 'disk full' });
      span.start();
    });
    assert.equal(
      recorder.outline(),
      'trace: Empty\ntrace: Broken\n  custom: load (error: disk full) (not ended)',
    );
    assert.deepEqual(recorder.traces[0].spans, []);
  });

  test('a span seen before its trace: the trace is named once it starts', async () => {
    using recorder = new TraceRecorder();
    const span = (spanId: string) =>
      ({
        traceId: 'trace_1',
        spanId,
        parentId: null,
        spanData: { type: 'custom', name: spanId, data: {} },
        error: null,
      }) as never;
    await recorder.onSpanStart(span('early'));
    assert.deepEqual(recorder.traces.map(({ spans: _, ...trace }) => trace), [{
      traceId: 'trace_1',
      name: '',
      groupId: null,
      metadata: undefined,
      started: false,
      ended: false,
    }]);
    // The trace's own start fills in what the span could not tell.
    const trace = { traceId: 'trace_1', name: 'Job', groupId: 'group_1', metadata: { a: 1 } };
    await recorder.onTraceStart(trace as never);
    await recorder.onSpanEnd(span('early'));
    await recorder.onTraceEnd(trace as never);
    const [recorded] = recorder.traces;
    assert.equal(recorded.name, 'Job');
    assert.equal(recorded.groupId, 'group_1');
    assert.deepEqual(recorded.metadata, { a: 1 });
    assert.equal(recorded.started, true);
    assert.equal(recorded.ended, true);
    assert.deepEqual(recorded.spans.map((s) => [s.name, s.ended]), [['early', true]]);
  });

  test('a disposed recorder ignores the callbacks it still receives', async () => {
    const recorder = new TraceRecorder();
    recorder[Symbol.dispose]();
    const trace = { traceId: 'trace_1', name: 'Late', groupId: null, metadata: undefined };
    const span = {
      traceId: 'trace_1',
      spanId: 'span_1',
      parentId: null,
      spanData: { type: 'custom', name: 'late', data: {} },
      error: null,
    };
    await recorder.onTraceStart(trace as never);
    await recorder.onSpanStart(span as never);
    await recorder.onSpanEnd(span as never);
    await recorder.onTraceEnd(trace as never);
    assert.deepEqual(recorder.traces, []);
    assert.deepEqual(recorder.spans, []);
    // Nothing to flush or shut down, but both are promises, as the SDK expects.
    assert(recorder.forceFlush() instanceof Promise);
    assert(recorder.shutdown() instanceof Promise);
  });

  test('disposing an old recorder again, or out of order, leaves processors installed since alone', async () => {
    const restored = sentinel();
    const later = sentinel();
    const recorder = new TraceRecorder({ restore: [restored.processor] });
    recorder[Symbol.dispose]();
    setTraceProcessors([later.processor]);
    try {
      recorder[Symbol.dispose](); // idempotent: does not re-install `restore`
      await withTrace('After', () => Promise.resolve());
      assert.deepEqual(later.seen, ['trace After']);
      assert.deepEqual(restored.seen, []);
    } finally {
      setTraceProcessors([]);
    }

    const first = new TraceRecorder();
    using second = new TraceRecorder();
    const extra = sentinel();
    addTraceProcessor(extra.processor);
    // Not the newest: disposing it leaves the current processors as they are.
    first[Symbol.dispose]();
    await withTrace('Both', () => Promise.resolve());
    assert.deepEqual(extra.seen, ['trace Both']);
    assert.deepEqual(second.traces.map((trace) => trace.name), ['Both']);
  });

  test('disposing the inner recorder enables tracing for the outer one again', () => {
    const outer = new TraceRecorder();
    try {
      setTracingDisabled(true);
      const inner = new TraceRecorder(); // remembers tracing as disabled
      inner[Symbol.dispose]();
      // The outer recorder is installed again, and it records.
      assert.equal(tracingDisabled(), false);
    } finally {
      outer[Symbol.dispose]();
    }
  });
});
