import assert from 'node:assert/strict';
import {
  isCredentialName,
  redactCredentials,
  redactCredentialText,
  REDACTED,
} from '../_internal/credentials.ts';
import { describe, test } from './_harness.ts';

describe('credentials', () => {
  test('recognises credential header and field names in any spelling', () => {
    for (const name of ['Authorization', 'x-api-key', 'apiKey', 'OPENAI_API_KEY', 'Cookie']) {
      assert.equal(isCredentialName(name), true, name);
    }
    for (const name of ['model', 'input', 'tokens', 'x-request-id', 'content-type']) {
      assert.equal(isCredentialName(name), false, name);
    }
  });

  test('redacts keys and bearer tokens inside free text', () => {
    assert.equal(
      redactCredentialText('401: Incorrect API key provided: sk-proj-abcdef123456.'),
      `401: Incorrect API key provided: ${REDACTED}.`,
    );
    assert.equal(
      redactCredentialText('Authorization: Bearer abc.def-123456'),
      `Authorization: Bearer ${REDACTED}`,
    );
    assert.equal(redactCredentialText('no secret here'), 'no secret here');
  });

  test('deep-copies JSON data with credential fields redacted, leaving the source alone', () => {
    const source = {
      headers: { authorization: 'Bearer sk-live-1234567890', 'x-request-id': 'req_1' },
      nested: [{ api_key: 'k', text: 'key sk-abcdefghijkl' }],
      empty: { apiKey: null },
    };
    const out = redactCredentials(source);
    assert.deepEqual(out, {
      headers: { authorization: REDACTED, 'x-request-id': 'req_1' },
      nested: [{ api_key: REDACTED, text: `key ${REDACTED}` }],
      empty: { apiKey: null },
    });
    assert.equal(source.headers.authorization, 'Bearer sk-live-1234567890');
  });

  test('cuts a cycle instead of following it', () => {
    const node: Record<string, unknown> = { a: 1 };
    node.self = node;
    assert.deepEqual(redactCredentials(node), { a: 1, self: REDACTED });
  });
});
