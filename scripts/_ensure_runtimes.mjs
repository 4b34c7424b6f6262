#!/usr/bin/env node
// deno-lint-ignore-file no-console
// Makes sure the Deno and Bun binaries that come as devDependencies run.
//
// Both npm packages put their binary in place in a postinstall script. npm 11
// runs dependency install scripts only while they are allowed (`allowScripts` in
// package.json covers both today); should an npm version or an
// `--ignore-scripts` install skip them, bun keeps a placeholder file and every
// `bun` call fails. Run as the root `postinstall` and before `npm test`, this
// re-runs the packages' own install step when, and only when, a binary does not
// start. It needs no network: the binaries come from the platform packages that
// npm already installed (@oven/bun-*, @deno/*).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './_lib.mjs';

/** The runtimes, how to probe them, and the package step that installs each binary. */
const runtimes = [
  { name: 'bun', installer: ['node_modules/bun', 'install.js'] },
  { name: 'deno', installer: ['node_modules/deno', 'install.cjs'] },
];

/** Returns a list of problems (empty when both runtimes start). */
export function ensureRuntimes({ quiet = false } = {}) {
  const problems = [];
  for (const { name, installer } of runtimes) {
    const binary = path.join(root, 'node_modules', '.bin', name);
    if (!fs.existsSync(binary)) {
      problems.push(`node_modules/.bin/${name} is missing: run \`npm ci\``);
      continue;
    }
    if (starts(binary)) continue;
    const [dir, script] = installer;
    if (!quiet) {
      console.log(`${name}'s binary does not start (install script skipped?): installing it`);
    }
    const install = spawnSync(process.execPath, [script], {
      cwd: path.join(root, dir),
      stdio: 'inherit',
    });
    if (install.status !== 0 || !starts(binary)) {
      problems.push(`could not install the ${name} binary (node ${path.join(dir, script)})`);
    }
  }
  return problems;
}

function starts(binary) {
  return spawnSync(binary, ['--version'], { stdio: 'ignore' }).status === 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = ensureRuntimes();
  for (const problem of problems) console.error(`ensure_runtimes: ${problem}`);
  process.exit(problems.length === 0 ? 0 : 1);
}
