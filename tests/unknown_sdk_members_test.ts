import assert from 'node:assert/strict';
import { OpenAIRealtimeWebSocket } from '@openai/agents-realtime';
import * as realtimeTesting from 'scripted-agents/realtime_testing';
// The module itself: under Node the built tests import this private module as its own
// file, while the entry point bundles it, so error identity is checked against it.
import {
  assertKnownSdkMembers,
  publicMembers,
  UnknownSdkMembersError,
} from '../_internal/unknown_sdk_members.ts';
import { describe, test } from './_harness.ts';

class Base {
  on(): void {}
  _private(): void {}
}
class Transport extends Base {
  get status(): string {
    return 'connected';
  }
  connect(): void {}
}
class NewerTransport extends Transport {
  sendVideo(): void {}
  rewind(): void {}
}

describe('the unknown SDK members check', () => {
  test('lists public members along the prototype chain, sorted, without _-members', () => {
    assert.deepEqual(publicMembers(Transport), ['connect', 'on', 'status']);
    assert.deepEqual(publicMembers(NewerTransport), [
      'connect',
      'on',
      'rewind',
      'sendVideo',
      'status',
    ]);
  });

  test('an SDK class with members the double does not know refuses the double', () => {
    const known = new Set(['connect', 'on', 'status']);
    const names = { double: 'ScriptedX', sdkClass: 'XTransport', sdkPackage: '@openai/x' };
    assertKnownSdkMembers(Transport, known, names);
    assert.throws(() => assertKnownSdkMembers(NewerTransport, known, names), (error: unknown) => {
      assert.ok(error instanceof UnknownSdkMembersError);
      assert.deepEqual(
        { ...error },
        {
          double: 'ScriptedX',
          sdkClass: 'XTransport',
          sdkPackage: '@openai/x',
          members: ['rewind', 'sendVideo'],
          name: 'UnknownSdkMembersError',
        },
      );
      assert.ok(Object.isFrozen(error.members));
      assert.match(error.message, /^ScriptedX does not know rewind, sendVideo of the installed /);
      assert.match(error.message, /Upgrade scripted-agents, or pin @openai\/x/);
      return true;
    });
    // The answer is cached per known set and class, and stays the same.
    assert.throws(
      () => assertKnownSdkMembers(NewerTransport, known, names),
      UnknownSdkMembersError,
    );
    assertKnownSdkMembers(NewerTransport, new Set([...known, 'rewind', 'sendVideo']), names);
  });

  test('the installed SDK transport has no member ScriptedRealtimeTransport does not know', () => {
    const members = publicMembers(OpenAIRealtimeWebSocket);
    assert.ok(members.includes('sendMessage') && members.includes('connect'));
    const transport = new realtimeTesting.ScriptedRealtimeTransport();
    assert.equal(transport.status, 'disconnected');
  });

  test('the error is exported by the Realtime entry', () => {
    assert.equal(realtimeTesting.UnknownSdkMembersError.name, 'UnknownSdkMembersError');
    const error = new realtimeTesting.UnknownSdkMembersError({
      double: 'ScriptedRealtimeTransport',
      sdkClass: 'OpenAIRealtimeWebSocket',
      sdkPackage: '@openai/agents-realtime',
      members: ['b', 'a'],
    });
    assert.deepEqual(error.members, ['b', 'a']);
    assert.equal(error.name, 'UnknownSdkMembersError');
  });
});
