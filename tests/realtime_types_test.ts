// Type-level tests: `deno test` type-checks this file, so a broken expectation
// here fails the suite before anything runs. The runtime bodies only keep the
// type assertions from being optimised into nothing.
import assert from 'node:assert/strict';
import type { RealtimeTransportLayer } from '@openai/agents/realtime';
import {
  type ExactRealtimeCallDataMap,
  type RealtimeCallMatcher,
  type RealtimeMcpCallApprovalRequestItem,
  type RealtimeTransportCallData,
  type RealtimeTransportCallFor,
  type RealtimeTransportMethod,
  type RealtimeTransportStatus,
  type RealtimeUserInput,
  type ScriptedRealtimeScenarioContext,
  ScriptedRealtimeTransport,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true
  : false;
const assertType = <T extends true>(_proof: T): void => {};

type ThirteenMethods =
  | 'connect'
  | 'sendEvent'
  | 'requestResponse'
  | 'sendMessage'
  | 'addImage'
  | 'sendAudio'
  | 'updateSessionConfig'
  | 'close'
  | 'mute'
  | 'sendFunctionCallOutput'
  | 'interrupt'
  | 'resetHistory'
  | 'sendMcpResponse';

describe('realtime types', () => {
  test('RealtimeTransportMethod is exactly the thirteen outbound methods of the interface', () => {
    assertType<Equals<RealtimeTransportMethod, ThirteenMethods>>(true);
    assertType<Equals<keyof RealtimeTransportCallData, RealtimeTransportMethod>>(true);
    assert.ok(true);
  });

  test('the exact-keys guard turns a map with a missing or an extra method into never', () => {
    type Full = { [M in RealtimeTransportMethod]: object };
    assertType<Equals<ExactRealtimeCallDataMap<Full>, Full>>(true);
    // A method the SDK adds would be missing from the declared map.
    assertType<Equals<ExactRealtimeCallDataMap<Omit<Full, 'mute'>>, never>>(true);
    // A method the SDK removes would be extra.
    assertType<Equals<ExactRealtimeCallDataMap<Full & { retired: object }>, never>>(true);
    assert.ok(true);
  });

  test('call types carry each method fields, derived from the interface', () => {
    assertType<
      Equals<RealtimeTransportCallFor<'sendMessage'>['message'], RealtimeUserInput>
    >(true);
    assertType<
      Equals<RealtimeUserInput, Parameters<RealtimeTransportLayer['sendMessage']>[0]>
    >(true);
    assertType<
      Equals<
        RealtimeMcpCallApprovalRequestItem,
        Parameters<RealtimeTransportLayer['sendMcpResponse']>[0]
      >
    >(true);
    assertType<Equals<RealtimeTransportCallFor<'mute'>['muted'], boolean>>(true);
    assertType<Equals<RealtimeTransportCallFor<'connect'>['options']['apiKeyProvided'], boolean>>(
      true,
    );
    assertType<Equals<RealtimeTransportStatus, RealtimeTransportLayer['status']>>(true);
    // The key is never part of the recorded connect options.
    type ConnectOptions = RealtimeTransportCallFor<'connect'>['options'];
    assertType<Equals<'apiKey' extends keyof ConnectOptions ? true : false, false>>(true);
    assert.ok(true);
  });

  test('expectCall knows the shape of each call; emit is typed by the event map', async () => {
    const transport = new ScriptedRealtimeTransport();
    const layer: RealtimeTransportLayer = transport;
    assert.equal(layer, transport);

    const saysHello: RealtimeCallMatcher<'sendMessage'> = (call) => call.message === 'Hello';
    const expectation = transport.expectCall('sendMessage', (call) => {
      // @ts-expect-error a sendMessage call has no `muted` field
      void call.muted;
      return saysHello(call);
    });
    transport.sendMessage('Hello', {});
    const call = await expectation;
    assertType<Equals<typeof call, RealtimeTransportCallFor<'sendMessage'>>>(true);
    assert.equal(call.message, 'Hello');

    const emitOnly = (emit: ScriptedRealtimeScenarioContext['emit']) => {
      emit('audio_interrupted');
      // @ts-expect-error audio_interrupted carries no payload
      emit('audio_interrupted', 1);
      // @ts-expect-error item_update needs its item
      emit('item_update');
    };
    // Nobody listens: each typed emit simply reports that.
    emitOnly(transport.emit.bind(transport));

    // @ts-expect-error not a transport method
    void transport.expectCall('disconnect').catch(() => {});
  });
});
