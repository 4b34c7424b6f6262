// Differential conformance: seeded random programs of transport operations,
// re-entrant listeners and matchers run against this package's transport and the
// SDK's own; every observable effect (returns, throws, statuses, notifications,
// expectation outcomes, recorded calls, completeness) must be identical.
import assert from 'node:assert/strict';
import { describeValue } from './_describe_value.ts';
import { describe, test } from './_harness.ts';
import { type Implementation, seededRandom, traceBoth } from './_realtime_differential.ts';
import type { RealtimeTransportMethod } from 'scripted-agents/realtime_testing';

/**
 * `trace` with every `IncompleteRealtimeScenarioError` message cut to its
 * first sentence: that sentence is the SDK double's message word for word,
 * and the sentences after it (which leftovers, what to do next) are this
 * package's own, checked in realtime_errors_test.ts.
 */
function inSdkWording(trace: unknown): unknown {
  if (Array.isArray(trace)) return trace.map(inSdkWording);
  if (typeof trace !== 'object' || trace === null) return trace;
  const entries = Object.entries(trace).map(([key, value]) => [key, inSdkWording(value)]);
  const copy = Object.fromEntries(entries) as Record<string, unknown>;
  if (copy.error === 'IncompleteRealtimeScenarioError' && typeof copy.message === 'string') {
    copy.message = copy.message.slice(0, copy.message.indexOf('.') + 1);
  }
  return copy;
}

const METHODS: readonly RealtimeTransportMethod[] = [
  'connect',
  'sendEvent',
  'requestResponse',
  'sendMessage',
  'addImage',
  'sendAudio',
  'updateSessionConfig',
  'close',
  'mute',
  'sendFunctionCallOutput',
  'interrupt',
  'resetHistory',
  'sendMcpResponse',
];
// The methods a fuzzed program calls most: the lifecycle and a few plain ones.
const HOT_METHODS: readonly RealtimeTransportMethod[] = [
  'connect',
  'close',
  'mute',
  'interrupt',
  'sendMessage',
];
const EVENTS = ['connection_change', 'error', 'audio_interrupted', '*'] as const;

/** Runs one fuzzed program and returns its trace. */
async function fuzzProgram({ R }: Implementation, seed: number): Promise<unknown[]> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const chance = (p: number): boolean => random() < p;
  const trace: unknown[] = [];
  let pendingCount = 0;
  const transport = new R.ScriptedRealtimeTransport();
  // deno-lint-ignore no-explicit-any
  const listeners: Array<{ event: string; fn: (...args: any[]) => void }> = [];
  let label = 0;
  let nestedBudget = 0;

  const thrownValue = (): unknown =>
    pick([new Error(`boom ${label++}`), 'str', 0, null, undefined]);
  const state = () => ({ status: transport.status, muted: transport.muted });

  function observe(name: string, promise: Promise<unknown>): void {
    pendingCount++;
    promise.then(
      (value) => {
        pendingCount--;
        trace.push([name, 'fulfilled', describeValue(value)]);
      },
      (error) => {
        pendingCount--;
        trace.push([name, 'rejected', describeValue(error)]);
      },
    );
  }

  function callMethod(method: RealtimeTransportMethod): void {
    const t = transport;
    switch (method) {
      case 'connect': {
        const apiKey = pick<unknown>([undefined, 'key', null, '', () => 'k']);
        const promise = t.connect({
          apiKey: apiKey as string,
          model: pick([undefined, 'gpt-realtime']),
          initialSessionConfig: chance(0.3) ? { instructions: 'x' } : undefined,
        });
        observe(`connect#${label++}`, promise);
        return;
      }
      case 'sendEvent':
        return t.sendEvent({ type: 'response.cancel' });
      case 'requestResponse':
        return chance(0.5) ? t.requestResponse() : t.requestResponse({ instructions: 'r' });
      case 'sendMessage':
        return chance(0.5)
          ? t.sendMessage('hi', { a: [1] })
          : t.sendMessage('hi', {}, { triggerResponse: false });
      case 'addImage':
        return t.addImage('data:', chance(0.5) ? undefined : { triggerResponse: true });
      case 'sendAudio':
        return t.sendAudio(new Uint8Array([1, 2]).buffer, { commit: chance(0.5) });
      case 'updateSessionConfig':
        return t.updateSessionConfig({ instructions: 'u' });
      case 'close':
        return t.close();
      case 'mute':
        return t.mute(chance(0.5));
      case 'sendFunctionCallOutput':
        return t.sendFunctionCallOutput(
          { type: 'function_call', name: 'f', callId: 'c', arguments: '{}', responseId: 'r' },
          'out',
          chance(0.5),
        );
      case 'interrupt':
        return t.interrupt();
      case 'resetHistory': {
        const item = {
          itemId: 'i',
          type: 'message' as const,
          role: 'user' as const,
          status: 'completed' as const,
          content: [{ type: 'input_text' as const, text: 'x' }],
        };
        return t.resetHistory([item], [item]);
      }
      case 'sendMcpResponse':
        return t.sendMcpResponse(
          {
            itemId: 'm',
            type: 'mcp_approval_request',
            serverLabel: 's',
            name: 'n',
            arguments: { q: 1 },
          },
          chance(0.5),
          chance(0.5) ? 'because' : undefined,
        );
    }
  }

  /** One operation; nested ones come from listeners and matchers. */
  function operation(depth: number): void {
    const kind = depth > 0
      ? pick(['call', 'call', 'close', 'connect', 'disconnect', 'emit', 'expect'])
      : pick([
        'call',
        'call',
        'call',
        'connect',
        'close',
        'disconnect',
        'fail',
        'fail',
        'expect',
        'expect',
        'expect',
        'listen',
        'listen',
        'off',
        'emit',
        'assert',
        'status',
      ]);
    const name = `${'  '.repeat(depth)}${kind}#${label++}`;
    try {
      switch (kind) {
        case 'call': {
          const method = chance(0.8) ? pick(HOT_METHODS) : pick(METHODS);
          trace.push([name, method]);
          callMethod(method);
          break;
        }
        case 'connect':
          trace.push([name]);
          callMethod('connect');
          break;
        case 'close':
          trace.push([name]);
          transport.close();
          break;
        case 'disconnect': {
          const error = pick<unknown>([undefined, new Error(`remote ${label++}`), null, 'gone']);
          trace.push([name, describeValue(error)]);
          if (chance(0.2)) transport.disconnect();
          else transport.disconnect(error);
          break;
        }
        case 'fail': {
          const method = chance(0.7) ? pick(HOT_METHODS) : pick(METHODS);
          const error = thrownValue();
          trace.push([name, method, describeValue(error)]);
          transport.failNextCall(method, error);
          break;
        }
        case 'expect': {
          const method = chance(0.85) ? pick(HOT_METHODS) : pick(METHODS);
          const matcherKind = pick([
            'none',
            'none',
            'true',
            'false',
            'undefined',
            'throw',
            'react',
            'react',
            'react',
          ]);
          trace.push([name, method, matcherKind]);
          const matcher = matcherKind === 'none' ? undefined : (call: unknown) => {
            trace.push([`${name} matcher`, describeValue(call), state()]);
            // Mutating the matcher's copy must not leak into the history.
            const nested = (call as Record<string, unknown>).options;
            if (nested !== null && typeof nested === 'object' && !Object.isFrozen(nested)) {
              (nested as Record<string, unknown>).mutated = true;
            }
            switch (matcherKind) {
              case 'true':
                return true;
              case 'false':
                return false;
              case 'undefined':
                return undefined;
              case 'throw':
                throw thrownValue();
              default:
                react(depth + 1, `${name} matcher`);
                return chance(0.8);
            }
          };
          observe(name, transport.expectCall(method, matcher));
          break;
        }
        case 'listen': {
          const event = pick(EVENTS);
          const once = chance(0.4);
          const reaction = pick(['record', 'record', 'throw', 'react', 'react']);
          const fn = function (this: unknown, ...args: unknown[]) {
            trace.push([`${name} heard`, event, describeValue(args), typeof this, state()]);
            if (reaction === 'throw') throw thrownValue();
            if (reaction === 'react') react(depth + 1, `${name} listener`);
          };
          trace.push([name, event, once, reaction]);
          listeners.push({ event, fn });
          // deno-lint-ignore no-explicit-any
          const returned = once ? transport.once(event, fn as any) : transport.on(event, fn as any);
          trace.push([`${name} returns this`, returned === transport]);
          if (chance(0.2)) {
            // A duplicate registration of the same function.
            // deno-lint-ignore no-explicit-any
            transport.on(event, fn as any);
            trace.push([`${name} duplicated`]);
          }
          break;
        }
        case 'off': {
          if (listeners.length === 0) break;
          const { event, fn } = pick(listeners);
          // deno-lint-ignore no-explicit-any
          const returned = transport.off(event, fn as any);
          trace.push([name, event, returned === transport]);
          break;
        }
        case 'emit': {
          const event = pick(EVENTS);
          trace.push([name, event]);
          // deno-lint-ignore no-explicit-any
          const heard = (transport.emit as any)(
            event,
            pick(['connected', { type: 'error', error: 1 }]),
          );
          trace.push([`${name} heard by anyone`, heard]);
          break;
        }
        case 'assert': {
          for (const assertion of ['assertComplete', 'assertClosed'] as const) {
            try {
              transport[assertion]();
              trace.push([name, assertion, 'passed']);
            } catch (error) {
              trace.push([name, assertion, describeValue(error)]);
            }
          }
          break;
        }
        case 'status':
          // The status is a public writable field; operations must cope.
          transport.status = pick(['connected', 'disconnected', 'connecting', 'disconnecting']);
          trace.push([name, transport.status]);
          break;
      }
      trace.push([`${name} returned`, state()]);
    } catch (error) {
      trace.push([`${name} threw`, describeValue(error), state()]);
      if (depth > 0 && chance(0.5)) throw error;
    }
  }

  function react(depth: number, where: string): void {
    if (depth > 2 || nestedBudget <= 0) return;
    nestedBudget--;
    trace.push([`${where} reacts`]);
    operation(depth);
  }

  const steps = 6 + Math.floor(random() * 14);
  for (let i = 0; i < steps; i++) {
    nestedBudget = 4;
    operation(0);
    if (chance(0.3)) {
      // Let expectation and connect outcomes interleave with later steps.
      await Promise.resolve();
      trace.push(['yield']);
    }
  }
  // Expectations nothing called stay pending for good: drain the settled ones only.
  for (let i = 0; i < 20; i++) await Promise.resolve();
  trace.push(['still pending', pendingCount]);
  trace.push(['calls', describeValue(transport.calls)]);
  trace.push(['final', state()]);
  for (const assertion of ['assertComplete', 'assertClosed'] as const) {
    try {
      transport[assertion]();
      trace.push([assertion, 'passed']);
    } catch (error) {
      trace.push([assertion, describeValue(error)]);
    }
  }
  return trace;
}

describe('ScriptedRealtimeTransport conformance with the SDK double', () => {
  test('1000 seeded programs of operations, failures, listeners and matchers trace identically', async () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const { ours, sdk } = await traceBoth((impl) => fuzzProgram(impl, seed));
      assert.deepEqual(inSdkWording(ours), sdk, `seed ${seed} diverged`);
    }
  });
});

// --- runScenario ---------------------------------------------------------

type ScenarioStep =
  | { kind: 'expect'; method: RealtimeTransportMethod; matcher: string; awaited: boolean }
  | { kind: 'direct'; method: RealtimeTransportMethod }
  | { kind: 'ticks'; count: number }
  | { kind: 'emit' }
  | { kind: 'late'; method: RealtimeTransportMethod; after: number }
  | { kind: 'throw'; value: number };
type ExerciseStep =
  | { kind: 'call'; method: RealtimeTransportMethod; swallow: boolean }
  | { kind: 'ticks'; count: number }
  | { kind: 'late'; method: RealtimeTransportMethod; after: number }
  | { kind: 'throw'; value: number };
interface RunProgram {
  scenarioSync: boolean;
  exerciseSync: boolean;
  scenario: ScenarioStep[];
  exercise: ExerciseStep[];
  swallowScenarioFailures: boolean;
  buffered: RealtimeTransportMethod[];
  injected: RealtimeTransportMethod[];
  abortAt: number | 'before' | 'never';
  withSignal: boolean;
}

const RUN_METHODS: readonly RealtimeTransportMethod[] = ['mute', 'interrupt', 'sendMessage'];

function generateRunProgram(seed: number): RunProgram {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const chance = (p: number): boolean => random() < p;
  const ticks = () => ({ kind: 'ticks' as const, count: Math.floor(random() * 6) });
  const scenario: ScenarioStep[] = [];
  const exercise: ExerciseStep[] = [];
  const length = 1 + Math.floor(random() * 5);
  for (let i = 0; i < length; i++) {
    const roll = random();
    if (roll < 0.55) {
      scenario.push({
        kind: 'expect',
        method: pick(RUN_METHODS),
        matcher: pick(['none', 'none', 'none', 'false', 'throw']),
        awaited: chance(0.8),
      });
    } else if (roll < 0.8) scenario.push(ticks());
    else if (roll < 0.9) scenario.push({ kind: 'emit' });
    else if (roll < 0.95) scenario.push({ kind: 'direct', method: pick(RUN_METHODS) });
    else if (roll < 0.97) scenario.push({ kind: 'throw', value: Math.floor(random() * 3) });
    else {
      scenario.push({ kind: 'late', method: pick(RUN_METHODS), after: Math.floor(random() * 30) });
    }
  }
  const exerciseLength = Math.floor(random() * 5);
  for (let i = 0; i < exerciseLength; i++) {
    const roll = random();
    if (roll < 0.6) {
      exercise.push({ kind: 'call', method: pick(RUN_METHODS), swallow: chance(0.3) });
    } else if (roll < 0.93) exercise.push(ticks());
    else if (roll < 0.97) exercise.push({ kind: 'throw', value: Math.floor(random() * 3) });
    else {
      exercise.push({ kind: 'late', method: pick(RUN_METHODS), after: Math.floor(random() * 30) });
    }
  }
  return {
    scenarioSync: chance(0.1),
    exerciseSync: chance(0.1),
    scenario,
    exercise,
    swallowScenarioFailures: chance(0.3),
    buffered: chance(0.2) ? [pick(RUN_METHODS)] : [],
    injected: chance(0.15) ? [pick(RUN_METHODS)] : [],
    abortAt: chance(0.05)
      ? 'before'
      : chance(0.3)
      ? Math.floor(random() * 25)
      : chance(0.5)
      ? 'never'
      : 200,
    withSignal: chance(0.9),
  };
}

async function runProgram({ R }: Implementation, program: RunProgram): Promise<unknown[]> {
  const trace: unknown[] = [];
  const transport = new R.ScriptedRealtimeTransport();
  const controller = new AbortController();
  let tick = 0;
  let clockRunning = true;
  const clock = (): void => {
    if (!clockRunning) return;
    tick++;
    if (tick === program.abortAt) controller.abort();
    if (tick < 400) queueMicrotask(clock);
  };
  const observed: Array<{ name: string; outcome?: { ok: boolean; value: unknown } }> = [];
  const observe = (name: string, promise: Promise<unknown>): void => {
    const entry: { name: string; outcome?: { ok: boolean; value: unknown } } = { name };
    observed.push(entry);
    promise.then(
      (value) => {
        entry.outcome = { ok: true, value };
        trace.push([name, 'fulfilled', tick]);
      },
      (value) => {
        entry.outcome = { ok: false, value };
        trace.push([name, 'rejected', tick]);
      },
    );
  };
  transport.on('audio_interrupted', () => trace.push(['heard audio_interrupted', tick]));
  for (const method of program.buffered) {
    trace.push(['buffered call', method]);
    if (method === 'mute') transport.mute(true);
    else if (method === 'interrupt') transport.interrupt();
    else transport.sendMessage('early', {});
  }
  for (const method of program.injected) {
    transport.failNextCall(method, new Error(`injected ${method}`));
  }
  if (program.abortAt === 'before') controller.abort();

  const thrown = (side: string, value: number): unknown =>
    value === 0 ? new Error(`${side} threw`) : value === 1 ? undefined : `${side} string`;
  const call = (method: RealtimeTransportMethod): void => {
    if (method === 'mute') transport.mute(false);
    else if (method === 'interrupt') transport.interrupt();
    else transport.sendMessage('hello', { n: 1 });
  };

  const scenario = (
    context: import('scripted-agents/realtime_testing').ScriptedRealtimeScenarioContext,
  ) => {
    trace.push(['scenario started', tick]);
    const steps = program.scenario;
    let index = 0;
    const runSync = (): void => {
      for (; index < steps.length; index++) {
        const step = steps[index];
        if (step.kind === 'ticks') return;
        if (step.kind === 'throw') throw thrown('scenario', step.value);
        if (step.kind === 'late') {
          // A stale use of the context, possibly after the run has ended.
          void (async () => {
            for (let i = 0; i < step.after; i++) await null;
            observe(`late ${index}`, context.expectCall(step.method));
          })();
        }
        if (step.kind === 'emit') trace.push(['emit', context.emit('audio_interrupted')]);
        if (step.kind === 'direct') observe(`direct ${index}`, transport.expectCall(step.method));
        if (step.kind === 'expect') {
          const matcher = step.matcher === 'none' ? undefined : () => {
            trace.push([`matcher ${index}`, tick]);
            if (step.matcher === 'throw') throw new Error(`matcher ${index} threw`);
            return false;
          };
          const promise = context.expectCall(step.method, matcher);
          observe(`expect ${index}`, promise);
          if (step.awaited) return;
        }
      }
    };
    if (program.scenarioSync) {
      runSync();
      return;
    }
    return (async () => {
      while (index < steps.length) {
        runSync();
        if (index >= steps.length) break;
        const step = steps[index];
        index++;
        if (step.kind === 'ticks') {
          for (let i = 0; i < step.count; i++) await null;
        } else if (step.kind === 'expect') {
          try {
            // Re-fetched from `observed` so both awaited and observed see one promise.
            await new Promise<void>((resolve, reject) => {
              const entry = observed[observed.length - 1];
              const wait = (): void => {
                if (entry.outcome === undefined) queueMicrotask(wait);
                else if (entry.outcome.ok) resolve();
                else reject(entry.outcome.value);
              };
              wait();
            });
          } catch (error) {
            trace.push(['scenario caught', describeValue(error), tick]);
            if (!program.swallowScenarioFailures) throw error;
          }
        }
      }
      trace.push(['scenario finished', tick]);
    })();
  };
  const exercise = () => {
    trace.push(['exercise started', tick]);
    const steps = program.exercise;
    const runStep = (step: ExerciseStep): boolean => {
      if (step.kind === 'throw') throw thrown('exercise', step.value);
      if (step.kind === 'late') {
        // An application call that may arrive after the run has ended.
        void (async () => {
          for (let i = 0; i < step.after; i++) await null;
          try {
            call(step.method);
            trace.push(['late call', step.method, tick]);
          } catch (error) {
            trace.push(['late call threw', step.method, describeValue(error), tick]);
          }
        })();
      }
      if (step.kind === 'call') {
        try {
          call(step.method);
          trace.push(['called', step.method, tick]);
        } catch (error) {
          trace.push(['call threw', step.method, describeValue(error), tick]);
          if (!step.swallow) throw error;
        }
      }
      return step.kind === 'ticks';
    };
    if (program.exerciseSync) {
      for (const step of steps) runStep(step);
      return 'sync value';
    }
    return (async () => {
      for (const step of steps) {
        if (runStep(step) && step.kind === 'ticks') {
          for (let i = 0; i < step.count; i++) await null;
        }
      }
      trace.push(['exercise finished', tick]);
      return 'async value';
    })();
  };

  queueMicrotask(clock);
  let runOutcome: { ok: boolean; value: unknown };
  try {
    const value = await transport.runScenario({
      scenario,
      exercise,
      signal: program.withSignal ? controller.signal : undefined,
    });
    runOutcome = { ok: true, value };
  } catch (error) {
    runOutcome = { ok: false, value: error };
  }
  trace.push(['run settled', runOutcome.ok, describeValue(runOutcome.value), tick]);
  // Let late scenario steps and rejections play out, then stop the clock.
  for (let i = 0; i < 100; i++) await null;
  clockRunning = false;
  for (const entry of observed) {
    trace.push([
      entry.name,
      entry.outcome === undefined ? 'pending' : entry.outcome.ok ? 'fulfilled' : 'rejected',
      describeValue(entry.outcome?.value),
      entry.outcome !== undefined && !entry.outcome.ok && entry.outcome.value === runOutcome.value,
    ]);
  }
  trace.push(['calls', describeValue(transport.calls)]);
  try {
    transport.assertComplete();
    trace.push(['complete afterwards']);
  } catch (error) {
    trace.push(['incomplete afterwards', describeValue(error)]);
  }
  return trace;
}

describe('runScenario conformance with the SDK double', () => {
  test('800 seeded scenario/exercise programs settle identically, to the microtask', async () => {
    for (let seed = 1; seed <= 800; seed++) {
      const program = generateRunProgram(seed);
      const { ours, sdk } = await traceBoth((impl) => runProgram(impl, program));
      assert.deepEqual(
        inSdkWording(ours),
        sdk,
        `seed ${seed} diverged: ${JSON.stringify(program)}`,
      );
    }
  });
});

// --- named lifecycle programs ------------------------------------------------
// Rare branches the fuzzer seldom reaches, each traced side by side.

async function lifecycleProgram(
  { R }: Implementation,
  body: (
    t: InstanceType<typeof R.ScriptedRealtimeTransport>,
    log: (entry: unknown) => void,
  ) => Promise<void> | void,
): Promise<unknown[]> {
  const trace: unknown[] = [];
  const transport = new R.ScriptedRealtimeTransport();
  const log = (entry: unknown): void => {
    trace.push(describeValue(entry));
  };
  transport.on(
    'connection_change',
    (status) => log(['connection_change', status, transport.status]),
  );
  transport.on('error', (event) => log(['error event', event]));
  try {
    await body(transport, log);
    log('body finished');
  } catch (error) {
    log(['body threw', error]);
  }
  log(['final', transport.status, transport.muted, transport.calls]);
  for (const assertion of ['assertComplete', 'assertClosed'] as const) {
    try {
      transport[assertion]();
      log([assertion, 'passed']);
    } catch (error) {
      log([assertion, error]);
    }
  }
  return trace;
}

const attempt = (log: (entry: unknown) => void, name: string, fn: () => unknown): void => {
  try {
    const result = fn();
    log([name, 'returned']);
    if (result instanceof Promise) {
      result.then(() => log([name, 'fulfilled']), (error) => log([name, 'rejected', error]));
    }
  } catch (error) {
    log([name, 'threw', error]);
  }
};

const lifecyclePrograms: Record<
  string,
  (
    t: InstanceType<Implementation['R']['ScriptedRealtimeTransport']>,
    log: (e: unknown) => void,
  ) => Promise<void> | void
> = {
  'disconnect: both listeners throw, the first value wins': async (t, log) => {
    await t.connect({ apiKey: 'k' });
    t.on('connection_change', () => {
      throw 'status listener';
    });
    t.on('error', () => {
      throw 'error listener';
    });
    attempt(log, 'disconnect', () => t.disconnect('remote'));
  },
  'disconnect: a thrown undefined still counts as first': async (t, log) => {
    await t.connect({ apiKey: 'k' });
    t.once('connection_change', () => {
      throw undefined;
    });
    t.once('error', () => {
      throw 'second';
    });
    attempt(log, 'disconnect', () => t.disconnect(0));
  },
  'close: its matcher sets the status by hand': async (t, log) => {
    await t.connect({ apiKey: 'k' });
    void t.expectCall('connect');
    void t.expectCall('close', () => {
      t.status = 'connected';
    });
    attempt(log, 'close', () => t.close());
  },
  'close: a failure while its matcher disconnected': async (t, log) => {
    await t.connect({ apiKey: 'k' });
    t.failNextCall('close', 'close failed');
    void t.expectCall('connect');
    void t.expectCall('close', () => t.disconnect());
    attempt(log, 'close', () => t.close());
  },
  'close: failing from the connected notification of a second connect': async (t, log) => {
    await t.connect({ apiKey: 'k' });
    t.failNextCall('close', 'close failed');
    t.once('connection_change', () => {
      t.on('connection_change', (status) => {
        if (status === 'connected') {
          attempt(log, 'inner close', () => t.close());
        }
      });
    });
    attempt(log, 'second connect', () => t.connect({ apiKey: 'k' }));
    await null;
    await null;
  },
  'connect: superseded by a disconnect in its matcher, then reconnected': async (t, log) => {
    t.expectCall('connect', () => t.disconnect('dropped')).catch((e) => log(['expectation', e]));
    attempt(log, 'connect', () => t.connect({ apiKey: 'k' }));
    attempt(log, 'reconnect', () => t.connect({ apiKey: 'k' }));
    await null;
    await null;
  },
  'connect: an injected failure while a listener throws during recovery': async (t, log) => {
    t.failNextCall('connect', 'refused');
    t.on('connection_change', (status) => {
      if (status === 'disconnected') throw 'recovery listener';
    });
    attempt(log, 'connect', () => t.connect({ apiKey: undefined as never }));
    await null;
    await null;
  },
  'close: failing after a superseded connect, with the status set by hand': async (t, log) => {
    t.on('connection_change', (status) => {
      if (status === 'connected') t.disconnect();
    });
    attempt(log, 'connect', () => t.connect({ apiKey: 'k' }));
    await null;
    t.status = 'connected';
    t.failNextCall('close', 'close failed');
    attempt(log, 'close', () => t.close());
  },
  'mute: matcher re-enters mute with its own failure queued': (t, log) => {
    t.failNextCall('mute', 'outer');
    t.failNextCall('mute', 'inner');
    void t.expectCall('mute', () => attempt(log, 'inner mute', () => t.mute(false)));
    void t.expectCall('mute');
    attempt(log, 'outer mute', () => t.mute(true));
  },
};

describe('lifecycle corner cases side by side with the SDK double', () => {
  for (const [name, body] of Object.entries(lifecyclePrograms)) {
    test(name, async () => {
      const { ours, sdk } = await traceBoth((impl) => lifecycleProgram(impl, body as never));
      assert.deepEqual(inSdkWording(ours), sdk);
    });
  }
});

// --- named microtask probes ----------------------------------------------------
// Each probe logs, per microtask tick, when the sides start, when expectations
// settle and when the run settles; both doubles must log the same timeline.

type ProbeContext = import('scripted-agents/realtime_testing').ScriptedRealtimeScenarioContext;
type ProbeTransport = InstanceType<Implementation['R']['ScriptedRealtimeTransport']>;
interface Probe {
  scenario: (context: ProbeContext) => unknown;
  exercise: () => unknown;
  abortAt?: number;
}

const never = new Promise<never>(() => {});
const ticks = async (count: number): Promise<void> => {
  for (let i = 0; i < count; i++) await null;
};
const expectAndLog = (
  context: ProbeContext,
  log: (entry: string) => void,
  method: RealtimeTransportMethod,
  label = 'expectation',
  matcher?: () => boolean,
): Promise<unknown> => {
  const promise = context.expectCall(method, matcher);
  promise.then(
    () => log(`${label} fulfilled`),
    (error) => log(`${label} rejected ${error?.name ?? error}`),
  );
  return promise;
};

const probes: Record<string, (t: ProbeTransport, log: (entry: string) => void) => Probe> = {
  'both sides synchronous': () => ({ scenario: () => {}, exercise: () => 'v' }),
  'both sides asynchronous': () => ({ scenario: async () => {}, exercise: async () => 'v' }),
  'synchronous exercise ends with an expectation pending': (_, log) => ({
    scenario: (c) => {
      void expectAndLog(c, log, 'mute');
      return never;
    },
    exercise: () => 'v',
  }),
  'asynchronous exercise ends with an expectation pending': (_, log) => ({
    scenario: (c) => {
      void expectAndLog(c, log, 'mute');
      return never;
    },
    exercise: async () => 'v',
  }),
  ...Object.fromEntries([4, 5, 6, 7, 8, 9].map((abortAt) => [
    `an abort at tick ${abortAt} races the incomplete verdict`,
    (_: ProbeTransport, log: (entry: string) => void): Probe => ({
      scenario: (c) => {
        void expectAndLog(c, log, 'mute');
        return never;
      },
      exercise: async () => 'v',
      abortAt,
    }),
  ])),
  'the exercise throws synchronously': (_, log) => ({
    scenario: (c) => {
      void expectAndLog(c, log, 'mute');
      return never;
    },
    exercise: () => {
      throw 1;
    },
  }),
  'the scenario throws synchronously': (_, log) => ({
    scenario: (c) => {
      void expectAndLog(c, log, 'mute');
      throw 1;
    },
    exercise: () => never,
  }),
  'an expectation fails with two pending': (t, log) => ({
    scenario: (c) => {
      void expectAndLog(c, log, 'mute', 'first');
      void expectAndLog(c, log, 'close', 'second');
      return never;
    },
    exercise: () => {
      try {
        t.interrupt();
      } catch {
        // swallowed
      }
      return never;
    },
  }),
  'a buffered call fails the first expectation': (t, log) => {
    t.interrupt();
    return {
      scenario: (c) => {
        void expectAndLog(c, log, 'mute');
        return never;
      },
      exercise: () => never,
    };
  },
  'an abort, then a late expectation': (_, log) => ({
    scenario: async (c) => {
      void expectAndLog(c, log, 'mute', 'first');
      await ticks(2);
      log('registering the late one');
      void expectAndLog(c, log, 'close', 'late');
      return never;
    },
    exercise: () => never,
    abortAt: 2,
  }),
  'the scenario finishes first, the exercise three ticks later': () => ({
    scenario: () => {},
    exercise: async () => {
      await ticks(3);
      return 'v';
    },
  }),
  'the exercise finishes first, the scenario two ticks later': () => ({
    scenario: async () => {
      await ticks(2);
    },
    exercise: () => 'v',
  }),
  'after the exercise, a late expectation that has to wait': (_, log) => ({
    scenario: async (c) => {
      await ticks(8);
      log('expecting');
      await expectAndLog(c, log, 'mute');
    },
    exercise: () => 'v',
  }),
  'after the exercise, a late expectation meets a mismatching buffered call': (t, log) => ({
    scenario: async (c) => {
      await ticks(3);
      void expectAndLog(c, log, 'mute');
      for (let i = 0; i < 5; i++) {
        await null;
        void expectAndLog(c, log, 'close', `probe ${i}`);
      }
      return never;
    },
    exercise: async () => {
      t.interrupt();
    },
    abortAt: 50,
  }),
  'the scenario finishes first, then an expectation fails': (t, log) => ({
    scenario: (c) => {
      void expectAndLog(c, log, 'mute');
    },
    exercise: async () => {
      await ticks(3);
      try {
        t.interrupt();
      } catch {
        // swallowed
      }
      await never;
    },
  }),
  'the scenario finishes first, then an abort': () => ({
    scenario: () => {},
    exercise: () => never,
    abortAt: 10,
  }),
  ...Object.fromEntries([1, 2, 3, 4, 5].map((abortAt) => [
    `a rejecting matcher and an abort at tick ${abortAt}`,
    (t: ProbeTransport, log: (entry: string) => void): Probe => ({
      scenario: (c) => {
        void expectAndLog(c, log, 'mute', 'expectation', () => false);
      },
      exercise: async () => {
        t.mute(true);
      },
      abortAt,
    }),
  ])),
};

describe('runScenario microtask probes side by side with the SDK double', () => {
  for (const [name, make] of Object.entries(probes)) {
    test(name, async () => {
      const { ours, sdk } = await traceBoth(async ({ R }) => {
        const transport = new R.ScriptedRealtimeTransport();
        const events: string[] = [];
        let tick = 0;
        let running = true;
        const log = (entry: string): void => {
          events.push(`${entry} @${tick}`);
        };
        const probe = make(transport, log);
        const controller = new AbortController();
        const clock = (): void => {
          if (!running) return;
          tick++;
          if (tick === probe.abortAt) controller.abort();
          if (tick < 200) queueMicrotask(clock);
        };
        queueMicrotask(clock);
        try {
          const value = await transport.runScenario({
            signal: controller.signal,
            scenario: (context) => {
              log('scenario started');
              return probe.scenario(context) as void;
            },
            exercise: () => {
              log('exercise started');
              return probe.exercise();
            },
          });
          log(`run fulfilled ${value}`);
        } catch (error) {
          log(`run rejected ${(error as Error | undefined)?.name ?? error}`);
        }
        await ticks(60);
        running = false;
        return events;
      });
      assert.deepEqual(inSdkWording(ours), sdk);
    });
  }
});
