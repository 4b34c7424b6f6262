#!/usr/bin/env node
// `npm run docs:api`: the API reference, generated from the JSDoc of every entry point
// of deno.json `exports` by `deno doc --html` (what JSR shows for the package), into
// docs/api/ (not committed: generated output). Open docs/api/index.html.

import fs from 'node:fs';
import path from 'node:path';
import { bin, entryPoints, exec, fail, root } from './_lib.mjs';

const out = path.join(root, 'docs', 'api');
fs.rmSync(out, { recursive: true, force: true });
const entries = entryPoints().map((e) => e.source);
const res = exec(bin('deno'), [
  'doc',
  '--html',
  '--name=scripted-agents',
  `--output=${path.relative(root, out)}`,
  ...entries,
]);
if (res.status !== 0) {
  fail('docs:api', `deno doc --html failed (exit ${res.status})\n${res.stderr}`);
}
process.stdout.write(`docs:api: wrote ${path.relative(root, out)}/index.html\n`);
