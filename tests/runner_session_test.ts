// The runner session's own decisions: which addresses count as this machine
// (always allowed, offline or not).
import assert from 'node:assert/strict';
import { isLoopback } from '../runner/_session.ts';
import { describe, test } from './_harness.ts';

describe('isLoopback', () => {
  test('localhost names, IPv6 ::1 and all of 127/8 are this machine', () => {
    for (
      const target of [
        'http://localhost:8080/v1',
        'http://LOCALHOST/',
        'ws://api.localhost/realtime',
        'http://[::1]:9000/',
        'http://127.0.0.1:1/',
        'http://127.255.10.200/',
        'http://127.1/',
      ]
    ) {
      assert.equal(isLoopback(target), true, target);
    }
  });

  test('other hosts, look-alikes and non-URLs are not', () => {
    for (
      const target of [
        'https://api.openai.com/v1',
        'http://notlocalhost/',
        'http://localhost.example.com/',
        'http://[::2]/',
        'http://[::ffff:8.8.8.8]/',
        'http://128.0.0.1/',
        'http://10.127.0.1/',
        'http://127.0.0.1.example.com/',
        'localhost',
        '',
      ]
    ) {
      assert.equal(isLoopback(target), false, target);
    }
  });
});
