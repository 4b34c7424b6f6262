/**
 * Keeps credentials out of anything this package writes down: cassettes,
 * Realtime transcripts and failure messages. A recording is meant to be
 * committed and reviewed, so an API key must never reach it, even when a
 * recorded error or connection carries request headers.
 *
 * @module
 */

/** What a removed credential is replaced with in written data. */
export const REDACTED = '[redacted]';

// Header and field names that carry credentials, compared case-insensitively
// with `-` and `_` ignored, so `Authorization`, `x-api-key`, `apiKey` and
// `OPENAI_API_KEY` all match.
const credentialNames = new Set([
  'authorization',
  'proxyauthorization',
  'apikey',
  'xapikey',
  'openaiapikey',
  'azureapikey',
  'apikeyheader',
  'cookie',
  'setcookie',
  'clientsecret',
  'secret',
  'accesstoken',
  'refreshtoken',
  'bearertoken',
  'sessiontoken',
  'password',
  'ephemeralkey',
  'openaiorganization',
  'openaiproject',
]);

/** True when a header or field named `name` carries a credential. */
export function isCredentialName(name: string): boolean {
  return credentialNames.has(name.toLowerCase().replace(/[-_\s]/g, ''));
}

// OpenAI secret keys (`sk-…`, `sk-proj-…`), ephemeral Realtime keys (`ek_…`)
// and bearer tokens inside free text such as an error message.
const credentialPatterns: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{8,}/g,
  /\bek_[A-Za-z0-9_-]{8,}/g,
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
];

/** `text` with every credential-looking token replaced by {@linkcode REDACTED}. */
export function redactCredentialText(text: string): string {
  let out = text;
  for (const pattern of credentialPatterns) {
    out = out.replace(
      pattern,
      (_match, scheme?: string) =>
        typeof scheme === 'string' && /^(bearer|basic)$/i.test(scheme)
          ? `${scheme} ${REDACTED}`
          : REDACTED,
    );
  }
  return out;
}

/**
 * A deep copy of a JSON-safe `value` in which every field whose name is a
 * credential name has the value {@linkcode REDACTED}, and every string has its
 * credential-looking tokens redacted. Cycles are not expected in JSON data and
 * are cut with {@linkcode REDACTED} rather than followed forever.
 */
export function redactCredentials<T>(value: T): T {
  const seen = new WeakSet<object>();
  const visit = (node: unknown): unknown => {
    if (typeof node === 'string') return redactCredentialText(node);
    if (node === null || typeof node !== 'object') return node;
    if (seen.has(node)) return REDACTED;
    seen.add(node);
    let out: unknown;
    if (Array.isArray(node)) {
      out = node.map(visit);
    } else {
      const copy: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) {
        copy[key] = isCredentialName(key) && child !== undefined && child !== null
          ? REDACTED
          : visit(child);
      }
      out = copy;
    }
    seen.delete(node);
    return out;
  };
  return visit(value) as T;
}
