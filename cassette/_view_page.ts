/**
 * The shell of a viewer page: one self-contained HTML document with its
 * style, its script and its data inline, and a Content-Security-Policy that
 * allows exactly that inline style and script (by their SHA-256 digests) and
 * nothing from anywhere else. A recording is untrusted input, so every piece
 * of it enters the page either escaped as text or as JSON inside a
 * non-executed `application/json` script element with `<` escaped.
 *
 * @module
 */

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` as HTML text or attribute value: nothing in it can open a tag or end an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]);
}

/**
 * `value` as JSON for a `<script type="application/json">` element: `<`, `>`
 * and `&` escaped so no `</script>` or `<!--` inside a string ends the element,
 * and U+2028/U+2029 escaped for older parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value ?? null).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** What a page is made of. */
export interface PageParts {
  title: string;
  /** Trusted HTML built from escaped pieces. */
  body: string;
  style: string;
  script: string;
  /** Data for the script, embedded as inert JSON (`#data`). */
  data: unknown;
}

/** The whole document. */
export async function page(parts: PageParts): Promise<string> {
  const [styleHash, scriptHash] = await Promise.all([
    sha256Base64(parts.style),
    sha256Base64(parts.script),
  ]);
  // Nothing may load from anywhere: no connections, fonts, frames, forms or remote images.
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    `script-src 'sha256-${scriptHash}'`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<style>${parts.style}</style>`,
    '</head>',
    '<body>',
    parts.body,
    `<script type="application/json" id="data">${jsonForScript(parts.data)}</script>`,
    `<script>${parts.script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
