#!/usr/bin/env node
// deno-lint-ignore-file no-console
// `npm test`: the whole suite, one step after another, on a fresh clone after `npm ci`.
//
//   static  deno fmt --check, deno lint, deno check (entries, build script, browser
//           cases) and deno doc --lint of the entries
//   deno    deno test: type-checked, op/resource sanitizers on, env + read permission
//           only (no network permission, so any network attempt fails the test);
//           files named *_loopback_test.ts run in a second step with
//           --allow-net=127.0.0.1 only (they start their own server there)
//   bun     bun test
//   node    scripts/build_npm.ts: builds npm/, runs the suite under `node --test`
//           against it, a CommonJS smoke test, and installs `npm pack` into a
//           throwaway consumer project
//   package scripts/check_package.mjs on the built npm/: publint, attw, node:test/Vitest/
//           Jest consumer projects running recipes, the suite against the SDK range
//
// Each step's output goes to .cache/test-logs/<step>.log and is printed in full only
// when the step fails. One summary line per step, then the plain total line
// `N passed, N failed`. Fails when any step fails or a runtime ran no test.
//
// Options: --only=static,deno,deno-net,bun,node,package (default: all)  --verbose (print every log)

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { ensureRuntimes } from './_ensure_runtimes.mjs';
import { buildNpmArgs } from './_commands.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const logDir = path.join(root, '.cache', 'test-logs');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const entries = ['mod.ts', 'testing/mod.ts', 'realtime_testing/mod.ts'];
// A hung runner must not eat CI's budget: every step is killed after this long.
const stepTimeoutMs = 12 * 60 * 1000;

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const verbose = args.includes('--verbose');
for (const arg of args) {
  if (arg !== '--verbose' && !arg.startsWith('--only=')) usage(`unknown option ${arg}`);
}

const denoTestArgs = [
  'test',
  '--allow-env',
  '--allow-read',
  // Deno 2.9 makes the sanitizers opt-in.
  '--sanitize-ops',
  '--sanitize-resources',
  // One worker per core; each test module still runs in its own isolate.
  '--parallel',
];
// The browser cases (run by `npm run test:browser`) are type-checked here with the rest.
const browserCases = fs.readdirSync(path.join(root, 'tests', 'browser'))
  .filter((f) => f.endsWith('.ts')).map((f) => `tests/browser/${f}`).sort();
const loopbackTests = fs.readdirSync(path.join(root, 'tests'), { recursive: true })
  .map((f) => path.join('tests', String(f)))
  .filter((f) => f.endsWith('_loopback_test.ts')).sort();

const steps = [
  {
    name: 'static',
    checks: [
      ['fmt', 'deno', ['fmt', '--check']],
      ['lint', 'deno', ['lint']],
      ['check', 'deno', ['check', ...entries, 'scripts/build_npm.ts', ...browserCases]],
      ['doc-lint', 'deno', ['doc', '--lint', ...entries]],
    ],
  },
  {
    name: 'deno',
    command: 'deno',
    args: [...denoTestArgs, '--ignore=**/*_loopback_test.ts'],
    counts: denoCounts,
  },
  // Tests that start a server on 127.0.0.1 (files named *_loopback_test.ts) get
  // that one address and nothing wider; every other test has no network at all.
  ...(loopbackTests.length === 0 ? [] : [{
    name: 'deno-net',
    command: 'deno',
    args: [...denoTestArgs, '--allow-net=127.0.0.1', ...loopbackTests],
    counts: denoCounts,
  }]),
  // bun's default 5 s per-test timeout is too tight for a loaded 2-core CI machine.
  { name: 'bun', command: 'bun', args: ['test', '--timeout', '60000'], counts: bunCounts },
  {
    name: 'node',
    command: 'deno',
    args: [...buildNpmArgs],
    counts: nodeCounts,
  },
  {
    name: 'package',
    command: process.execPath,
    args: ['scripts/check_package.mjs', '--no-build'],
    counts: packageCounts,
  },
].filter((step) => only === undefined || only.includes(step.name));
if (only !== undefined && steps.length !== only.length) usage(`unknown step in --only`);

preflight();
fs.mkdirSync(logDir, { recursive: true });

const summary = [];
let passed = 0;
let failed = 0;
const runStarted = performance.now();
for (const step of steps) {
  if (step.checks) {
    const results = [];
    const t0 = performance.now();
    for (const [label, command, commandArgs] of step.checks) {
      const res = await exec(`${step.name}-${label}`, command, commandArgs);
      results.push({ label, ok: res.status === 0 });
      if (res.status !== 0 || verbose) printLog(`${step.name}: ${label}`, res);
    }
    const bad = results.filter((r) => !r.ok);
    failed += bad.length;
    summary.push(
      `${pad(step.name)} ${bad.length === 0 ? 'ok  ' : 'FAIL'} ${
        results.map((r) => `${r.label} ${r.ok ? 'ok' : 'FAILED'}`).join(', ')
      } (${seconds(performance.now() - t0)})`,
    );
    console.log(summary.at(-1));
    continue;
  }
  const t0 = performance.now();
  const res = await exec(step.name, step.command, step.args);
  // Runners may colour their output even with NO_COLOR (e.g. when FORCE_COLOR is set).
  const counts = step.counts(stripVTControlCharacters(res.output));
  const problems = [];
  if (res.status !== 0) problems.push(`exit ${res.timedOut ? 'timeout' : res.status}`);
  if (counts.passed + counts.failed === 0) problems.push('ran no test');
  const ok = problems.length === 0 && counts.failed === 0;
  passed += counts.passed;
  // A crash that the runner did not attribute to a test still counts as a failure.
  failed += ok ? 0 : Math.max(counts.failed, 1);
  summary.push(
    `${pad(step.name)} ${ok ? 'ok  ' : 'FAIL'} ${counts.passed} passed, ${counts.failed} failed` +
      `${problems.length > 0 ? ` [${problems.join(', ')}]` : ''} (${
        seconds(performance.now() - t0)
      })`,
  );
  if (!ok || verbose) printLog(step.name, res);
  console.log(summary.at(-1));
}

console.log('');
console.log(
  `summary (${seconds(performance.now() - runStarted)}, logs in ${path.relative(root, logDir)}/):`,
);
for (const line of summary) console.log(`  ${line}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

// --- runners' counts -----------------------------------------------------------

/** `ok | 12 passed (3 steps) | 0 failed (2s)` */
function denoCounts(output) {
  const lines = [...output.matchAll(/^(?:ok|FAILED) \| (\d+) passed[^|]*\| (\d+) failed/gm)];
  const last = lines.at(-1);
  return { passed: Number(last?.[1] ?? 0), failed: Number(last?.[2] ?? 0) };
}

/** ` 12 pass` / ` 0 fail` at the end of `bun test`. */
function bunCounts(output) {
  const pass = [...output.matchAll(/^\s*(\d+) pass$/gm)].at(-1);
  const fail = [...output.matchAll(/^\s*(\d+) fail$/gm)].at(-1);
  return { passed: Number(pass?.[1] ?? 0), failed: Number(fail?.[1] ?? 0) };
}

/** `ℹ pass 12` / `ℹ fail 0` / `ℹ cancelled 0` from node's spec reporter. */
function nodeCounts(output) {
  const count = (word) =>
    Number([...output.matchAll(new RegExp(`^ℹ ${word} (\\d+)$`, 'gm'))].at(-1)?.[1] ?? 0);
  return { passed: count('pass'), failed: count('fail') + count('cancelled') };
}

/** `packaging: 7 passed, 0 failed` at the end of scripts/check_package.mjs. */
function packageCounts(output) {
  const last = [...output.matchAll(/^packaging: (\d+) passed, (\d+) failed$/gm)].at(-1);
  return { passed: Number(last?.[1] ?? 0), failed: Number(last?.[2] ?? 0) };
}

// --- helpers -------------------------------------------------------------------

function preflight() {
  if (!fs.existsSync(path.join(root, 'node_modules'))) {
    usage('node_modules is missing: run `npm ci` first');
  }
  // Deno and Bun come from npm packages whose postinstall puts the binary in place.
  const problems = ensureRuntimes();
  if (problems.length > 0) usage(problems.join('\n'));
}

function exec(name, command, commandArgs) {
  const logFile = path.join(logDir, `${name}.log`);
  const chunks = [];
  return new Promise((resolve) => {
    const child = spawn(path.isAbsolute(command) ? command : bin(command), commandArgs, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a timeout can end the runner and its children.
      detached: true,
      env: { ...process.env, NO_COLOR: '1' },
    });
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, stepTimeoutMs);
    let finished = false;
    const finish = (status) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      const output = Buffer.concat(chunks).toString('utf8');
      fs.writeFileSync(logFile, `$ ${command} ${commandArgs.join(' ')}\n${output}`);
      resolve({ status, output, timedOut, command: `${command} ${commandArgs.join(' ')}` });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`could not start ${command}: ${error.message}\n`));
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

function printLog(title, res) {
  console.log(`----- ${title}: $ ${res.command} (exit ${res.status}) -----`);
  process.stdout.write(res.output.endsWith('\n') ? res.output : `${res.output}\n`);
  console.log(`----- end of ${title} -----`);
}

function pad(name) {
  return `${name}:`.padEnd(8);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function usage(message) {
  console.error(`run_tests: ${message}`);
  process.exit(2);
}
