import assert from 'node:assert/strict';
import fc from 'fast-check';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  assistantAnswers,
  assistantCallsTool,
  completeResponse,
  handshake,
  type RealtimeClientEventType,
  responseFails,
  ScriptedRealtimeServer,
  userInterrupts,
  userSpeaks,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';
import { propertyParameters } from './_property.ts';

const clientTypes: RealtimeClientEventType[] = [
  'session.update',
  'conversation.item.create',
  'response.create',
  'response.cancel',
  'conversation.item.truncate',
  'conversation.item.retrieve',
];

type Action =
  | { kind: 'expect'; type: RealtimeClientEventType; accept: boolean }
  | { kind: 'send'; valid: boolean }
  | { kind: 'builder'; which: number }
  | { kind: 'connect' }
  | { kind: 'sendMessage' }
  | { kind: 'interrupt' }
  | { kind: 'clientClose' }
  | { kind: 'serverClose'; code: number }
  | { kind: 'failHandshake' }
  | { kind: 'drop'; type: RealtimeClientEventType }
  | { kind: 'duplicate' }
  | { kind: 'pause' }
  | { kind: 'resume'; reverse: boolean }
  | { kind: 'tick' }
  | { kind: 'waitOpen' };

/** `[connections, client events]` seen per run, to check the runs reach the socket. */
const stats: Array<[number, number, number]> = [];

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('expect' as const),
    type: fc.constantFrom(...clientTypes),
    accept: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('send' as const), valid: fc.boolean() }),
  fc.record({ kind: fc.constant('builder' as const), which: fc.integer({ min: 0, max: 6 }) }),
  fc.constant({ kind: 'connect' as const }),
  fc.constant({ kind: 'sendMessage' as const }),
  fc.constant({ kind: 'interrupt' as const }),
  fc.constant({ kind: 'clientClose' as const }),
  fc.record({ kind: fc.constant('serverClose' as const), code: fc.constantFrom(1000, 1006, 4000) }),
  fc.constant({ kind: 'failHandshake' as const }),
  fc.record({ kind: fc.constant('drop' as const), type: fc.constantFrom(...clientTypes) }),
  fc.constant({ kind: 'duplicate' as const }),
  fc.constant({ kind: 'pause' as const }),
  fc.record({ kind: fc.constant('resume' as const), reverse: fc.boolean() }),
  fc.constant({ kind: 'tick' as const }),
);

/** Runs one interleaving; returns how many handed-out promises never settled. */
async function run(steps: readonly (readonly [Action, number])[]): Promise<number> {
  const server = new ScriptedRealtimeServer();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
    transport: server.transport(),
  });
  // The session reports transport errors as events; listening keeps them quiet.
  session.on('error', () => {});
  const promises: Promise<unknown>[] = [];
  let settled = 0;
  const track = (promise: Promise<unknown>) => {
    promises.push(promise);
    promise.then(() => settled++, () => settled++);
  };
  const attempt = (fn: () => unknown) => {
    try {
      const value = fn();
      if (value instanceof Promise) track(value);
    } catch {
      // A synchronous refusal (not connected, bad order) is a settled outcome.
    }
  };
  for (const [step, yields] of steps) {
    // Time passes between steps: some microtasks, so sockets open and events flow.
    for (let i = 0; i < yields; i++) await Promise.resolve();
    switch (step.kind) {
      case 'expect':
        attempt(() => server.expectClientEvent(step.type, () => step.accept));
        break;
      case 'send':
        attempt(() =>
          server.sendServerEvent(
            step.valid ? { type: 'input_audio_buffer.cleared' } : { type: 'response.dnoe' },
          )
        );
        break;
      case 'builder': {
        const builders = [
          () => handshake(server),
          () => userSpeaks(server, { transcript: 'hi' }),
          () => assistantAnswers(server, { transcript: 'hello', complete: false }),
          () => completeResponse(server),
          () => userInterrupts(server, { transcript: 'stop' }),
          () => assistantCallsTool(server, { name: 'missing_tool', arguments: {} }),
          () => responseFails(server),
        ];
        attempt(builders[step.which]);
        break;
      }
      case 'connect':
        attempt(() => session.connect({ apiKey: 'test' }));
        break;
      case 'sendMessage':
        attempt(() => session.sendMessage('hello'));
        break;
      case 'interrupt':
        attempt(() => session.interrupt());
        break;
      case 'clientClose':
        attempt(() => session.close());
        break;
      case 'serverClose':
        attempt(() => server.closeConnection({ code: step.code }));
        break;
      case 'failHandshake':
        server.failNextHandshake();
        break;
      case 'drop':
        server.dropClientEvent(step.type);
        break;
      case 'duplicate':
        server.duplicateServerEvent('input_audio_buffer.cleared');
        break;
      case 'pause':
        server.pauseDelivery();
        break;
      case 'resume':
        attempt(() =>
          server.resumeDelivery(
            step.reverse
              ? { order: server.pendingDeliveries.map((_, i, all) => all.length - 1 - i) }
              : {},
          )
        );
        break;
      case 'tick':
        await server.settled();
        break;
      case 'waitOpen':
        await server.waitForConnection(0);
        await server.settled();
        break;
    }
  }
  // The end of the test: the application closes, the server is torn down.
  session.close();
  await server[Symbol.asyncDispose]().catch(() => {});
  for (let i = 0; i < 200 && settled < promises.length; i++) await Promise.resolve();
  stats.push([promises.length, server.connections.length, server.clientEvents.length]);
  return promises.length - settled;
}

describe('ScriptedRealtimeServer under arbitrary interleavings', () => {
  test('expectations, events, faults and disconnects never leave a promise pending after teardown', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(action, fc.integer({ min: 0, max: 12 })), {
          minLength: 3,
          maxLength: 30,
        }),
        async (steps) => {
          // Most sessions connect first; the rest start anywhere.
          const connectFirst = steps.length % 4 !== 0;
          const all = connectFirst
            ? [
              [{ kind: 'connect' } as Action, 0] as const,
              [{ kind: 'waitOpen' } as Action, 0] as const,
              ...steps,
            ]
            : steps;
          assert.equal(await run(all), 0);
        },
      ),
      { seed: 20261130, ...propertyParameters(80) },
    );
    // The interleavings did reach the wire: connections opened, events flowed.
    assert.ok(stats.filter(([, connections]) => connections > 1).length > 3);
    assert.ok(stats.filter(([, , events]) => events >= 3).length > 10);
  });
});
