// The exact message of UnknownSdkMembersError, the prototype walk's end at a null
// prototype, and the per-class cache of assertKnownSdkMembers.
import assert from 'node:assert/strict';
import {
  assertKnownSdkMembers,
  publicMembers,
  UnknownSdkMembersError,
} from '../_internal/unknown_sdk_members.ts';
import { describe, test } from './_harness.ts';

const names = { double: 'ScriptedX', sdkClass: 'XTransport', sdkPackage: '@openai/x' };

describe('UnknownSdkMembersError messages', () => {
  test('one member: "that member" and the whole way out', () => {
    const error = new UnknownSdkMembersError({ ...names, members: ['sendVideo'] });
    assert.equal(
      error.message,
      'ScriptedX does not know sendVideo of the installed @openai/x (XTransport): the SDK is ' +
        'newer than this release of scripted-agents, and the double would silently lack that ' +
        'member. Upgrade scripted-agents, or pin @openai/x to the newest release it lists as ' +
        'tested.',
    );
  });

  test('several members: "those members"', () => {
    const error = new UnknownSdkMembersError({ ...names, members: ['rewind', 'sendVideo'] });
    assert.equal(
      error.message,
      'ScriptedX does not know rewind, sendVideo of the installed @openai/x (XTransport): the ' +
        'SDK is newer than this release of scripted-agents, and the double would silently lack ' +
        'those members. Upgrade scripted-agents, or pin @openai/x to the newest release it ' +
        'lists as tested.',
    );
  });
});

describe('publicMembers', () => {
  test('stops at a prototype chain that ends in null without reaching Object.prototype', () => {
    function Bare(): void {}
    Bare.prototype = Object.assign(Object.create(null) as object, { send(): void {} });
    const type = Bare as unknown as abstract new () => unknown;
    assert.deepEqual(publicMembers(type), ['send']);
  });
});

describe('assertKnownSdkMembers', () => {
  test('answers once per known set and class: a member added later is not seen', () => {
    class Growing {
      connect(): void {}
    }
    const known = new Set(['connect']);
    assertKnownSdkMembers(Growing, known, names);
    Object.defineProperty(Growing.prototype, 'sendVideo', { value() {}, configurable: true });
    assert.deepEqual(publicMembers(Growing), ['connect', 'sendVideo']);
    // The cached answer stands for the same known set and class...
    assertKnownSdkMembers(Growing, known, names);
    // ...while another known set computes its own.
    assert.throws(
      () => assertKnownSdkMembers(Growing, new Set(['connect']), names),
      (error: unknown) => {
        assert.ok(error instanceof UnknownSdkMembersError);
        assert.deepEqual(error.members, ['sendVideo']);
        return true;
      },
    );
  });

  test('a second class against the same known set gets its own answer', () => {
    class Old {
      connect(): void {}
    }
    class New {
      connect(): void {}
      rewind(): void {}
    }
    const known = new Set(['connect']);
    assertKnownSdkMembers(Old, known, names);
    assert.throws(() => assertKnownSdkMembers(New, known, names), UnknownSdkMembersError);
    assertKnownSdkMembers(Old, known, names);
  });
});
