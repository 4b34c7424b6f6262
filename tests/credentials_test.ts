import assert from 'node:assert/strict';
import {
  isCredentialName,
  mayContainCredentialText,
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

  test('the replacement text is [redacted]', () => {
    assert.equal(REDACTED, '[redacted]');
    assert.equal(redactCredentialText('key sk-abcdefgh1234'), 'key [redacted]');
  });

  test('every credential name, in header, camel and constant spellings', () => {
    const names = [
      ['authorization', 'Authorization', 'AUTHORIZATION'],
      ['proxy-authorization', 'proxyAuthorization', 'PROXY_AUTHORIZATION'],
      ['api-key', 'apiKey', 'API_KEY'],
      ['x-api-key', 'xApiKey', 'X_API_KEY'],
      ['openai-api-key', 'openaiApiKey', 'OPENAI_API_KEY'],
      ['azure-api-key', 'azureApiKey', 'AZURE_API_KEY'],
      ['api-key-header', 'apiKeyHeader', 'API_KEY_HEADER'],
      ['cookie', 'Cookie', 'COOKIE'],
      ['set-cookie', 'setCookie', 'SET_COOKIE'],
      ['client-secret', 'clientSecret', 'CLIENT_SECRET'],
      ['secret', 'Secret', 'SECRET'],
      ['access-token', 'accessToken', 'ACCESS_TOKEN'],
      ['refresh-token', 'refreshToken', 'REFRESH_TOKEN'],
      ['bearer-token', 'bearerToken', 'BEARER_TOKEN'],
      ['session-token', 'sessionToken', 'SESSION_TOKEN'],
      ['password', 'Password', 'PASSWORD'],
      ['ephemeral-key', 'ephemeralKey', 'EPHEMERAL_KEY'],
      ['openai-organization', 'OpenAI-Organization', 'OPENAI_ORGANIZATION'],
      ['openai-project', 'OpenAI-Project', 'OPENAI_PROJECT'],
    ].flat();
    for (const name of names) assert.equal(isCredentialName(name), true, name);
    for (const name of ['token', 'key', 'organization', 'project', 'session', 'secrets']) {
      assert.equal(isCredentialName(name), false, name);
    }
  });

  test('ephemeral keys and tokens need 8 characters; any whitespace may follow the scheme', () => {
    assert.equal(redactCredentialText('ek_abcdef12345 used'), `${REDACTED} used`);
    assert.equal(
      redactCredentialText('sk-1234567 ek_1234567 short'),
      'sk-1234567 ek_1234567 short',
    );
    assert.equal(
      redactCredentialText('Authorization: bearer \t  abcdefgh and Basic dXNlcjpwYXNz'),
      `Authorization: bearer ${REDACTED} and Basic ${REDACTED}`,
    );
    assert.equal(redactCredentialText('Bearer short'), 'Bearer short');
  });

  test('the pre-filter skips text shorter than 9 characters or without a key prefix or scheme', () => {
    assert.equal(mayContainCredentialText('sk-123456'), true);
    assert.equal(mayContainCredentialText('xx bearer'), true);
    assert.equal(mayContainCredentialText('sk-12345'), false);
    assert.equal(mayContainCredentialText('a long message without any'), false);
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
      empty: { apiKey: null, password: undefined },
    };
    const out = redactCredentials(source);
    assert.deepEqual(out, {
      headers: { authorization: REDACTED, 'x-request-id': 'req_1' },
      nested: [{ api_key: REDACTED, text: `key ${REDACTED}` }],
      empty: { apiKey: null, password: undefined },
    });
    assert.equal(source.headers.authorization, 'Bearer sk-live-1234567890');
  });

  test('cuts a cycle instead of following it', () => {
    const node: Record<string, unknown> = { a: 1 };
    node.self = node;
    assert.deepEqual(redactCredentials(node), { a: 1, self: REDACTED });
  });
});
