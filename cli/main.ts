#!/usr/bin/env node
/**
 * The `scripted-agents` command line tool (the npm package's `bin`): `npx
 * scripted-agents`, `bunx scripted-agents`, `deno run -A npm:scripted-agents`.
 * Arguments are parsed with `node:util`'s `parseArgs`, which Node.js, Deno
 * and Bun all provide.
 *
 * @module
 */

import process from 'node:process';
import { run } from './_run.ts';

process.exitCode = await run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
});
