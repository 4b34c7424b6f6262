#!/usr/bin/env node
// deno-lint-ignore-file no-console
// `npm test`: the whole suite, one step after another, on a fresh clone after `npm ci`.
//
//   static   deno fmt --check, deno lint, deno doc --lint of the entry points,
//            `deno publish --dry-run` (what JSR would get: type-checks the entry
//            points, no slow types), and that deno.json
//            `imports` and `publish.include` cover every entry point of its `exports`;
//            deno check of the browser cases (run by `npm run test:browser`)
//   doc      deno test --doc: every JSDoc @example of the library modules (mod.ts and
//            the entry folders and _internal/) and every code block of README.md and
//            docs/, env + read permission, sanitizers on
//            (static also runs scripts/check_docs.mjs: links and code-block kinds)
//   deno     deno test: type-checked, op/resource sanitizers on, env + read permission
//            and write permission in the temporary directory only (no network
//            permission, so any network attempt fails the test)
//   deno-net files named *_loopback_test.ts, with --allow-net=127.0.0.1 only (they
//            start their own server there); bun and node run them with the rest
//   bun      bun test
//   node     scripts/build_npm.mjs --test: builds npm/, runs the suite under
//            `node --test` against it, and a CommonJS smoke test of every entry point
//            (`npm run build` is the same build without the suite)
//   package  scripts/check_package.mjs on the built npm/: publint, attw, the types of
//            every entry point, node:test/Vitest/Jest consumer projects running recipes
//            from the packed tarball, the suite against the oldest supported SDK
//
// Test counts come from the runners' JUnit reports (.cache/test-logs/<step>.xml), never
// from their human output. Each step's output goes to .cache/test-logs/<step>.log and
// is printed in full only when the step fails. One summary line per step, then the
// plain total line `N passed, N failed`. Fails when any step fails or a runtime ran no
// test.
//
// Options: --only=static,doc,deno,deno-net,bun,node,package (default: all)
//          --verbose (print every log)

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { docPages } from './check_docs.mjs';
import { ensureRuntimes } from './_ensure_runtimes.mjs';
import {
  bin,
  denoTestArgs as denoSuiteArgs,
  denoTestConfig,
  entryPoints,
  junitCases,
  libraryModules,
  readJson,
  root,
  runnerSetupEntries,
  seconds,
  walk,
} from './_lib.mjs';

const logDir = path.join(root, '.cache', 'test-logs');
const entries = entryPoints().map((e) => e.source);
// A hung runner must not eat CI's budget: every step is killed after this long.
const stepTimeoutMs = 30 * 60 * 1000;

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const verbose = args.includes('--verbose');
for (const arg of args) {
  if (arg !== '--verbose' && !arg.startsWith('--only=')) usage(`unknown option ${arg}`);
}

const junit = (name) => path.join(logDir, `${name}.xml`);
const denoTestArgs = [
  ...denoSuiteArgs,
  // One worker per core; each test module still runs in its own isolate.
  '--parallel',
];
const testFiles = walk(path.join(root, 'tests'))
  .map((f) => path.relative(root, f).split(path.sep).join('/'))
  .filter((f) => f.endsWith('_test.ts') && !f.startsWith('tests/consumers/')).sort();
const loopbackTests = testFiles.filter((f) => f.endsWith('_loopback_test.ts'));
// The browser cases (run by `npm run test:browser`) are type-checked here with the rest.
const browserCases = fs.readdirSync(path.join(root, 'tests', 'browser'))
  .filter((f) => f.endsWith('.ts')).map((f) => `tests/browser/${f}`).sort();

const steps = [
  {
    name: 'static',
    checks: [
      ['fmt', 'deno', ['fmt', '--check']],
      ['lint', 'deno', ['lint']],
      ['check-browser', 'deno', ['check', ...browserCases]],
      ['doc-lint', 'deno', ['doc', '--lint', ...entries]],
      // What JSR would receive (deno.json `publish`): type-checks every entry point
      // (what `deno check` of the entries would do) and rejects slow types.
      ['publish', 'deno', ['publish', '--dry-run', '--allow-dirty']],
      ['config', checkConfig],
      // Links of README, guides, CONTRIBUTING and CHANGELOG resolve; every code block of
      // README and docs/ is run (doc step), a recipe excerpt, or type-checked here.
      ['docs', process.execPath, ['scripts/check_docs.mjs']],
    ],
  },
  {
    name: 'doc',
    command: 'deno',
    args: [
      ...denoTestArgs,
      '--doc',
      // Examples have no module level to switch off the SDK's default trace
      // exporter on: see tests/_no_default_trace_exporter.ts.
      '--preload=tests/_no_default_trace_exporter.ts',
      `--junit-path=${junit('doc')}`,
      // A setup entry's module loads only inside its runner (its examples are config).
      ...libraryModules().filter((f) => !runnerSetupEntries.some((dir) => f === `${dir}/mod.ts`)),
      // The code blocks of README.md and the guides are doc tests too.
      ...docPages().filter((page) => page === 'README.md' || page.startsWith('docs/')),
    ],
    report: junit('doc'),
  },
  {
    name: 'deno',
    command: 'deno',
    args: [
      ...denoTestArgs,
      `--junit-path=${junit('deno')}`,
      '--ignore=**/*_loopback_test.ts,tests/consumers/',
    ],
    report: junit('deno'),
  },
  // Tests that start a server on 127.0.0.1 (files named *_loopback_test.ts) get
  // that one address and nothing wider; every other test has no network at all.
  ...(loopbackTests.length === 0 ? [] : [{
    name: 'deno-net',
    command: 'deno',
    args: [
      ...denoTestArgs,
      '--allow-net=127.0.0.1',
      `--junit-path=${junit('deno-net')}`,
      ...loopbackTests,
    ],
    report: junit('deno-net'),
  }]),
  // bun's default 5 s per-test timeout is too tight for a loaded 2-core CI machine.
  // Its JUnit report names each test's file: every test file must have run.
  {
    name: 'bun',
    command: 'bun',
    // The files by name: the consumer projects' suites (tests/consumers/) run in their own
    // runners, from the packaging check.
    args: [
      'test',
      '--timeout',
      '60000',
      '--reporter=junit',
      `--reporter-outfile=${junit('bun')}`,
      ...testFiles.map((f) => `./${f}`),
    ],
    report: junit('bun'),
    files: testFiles,
  },
  // build_npm --test runs every compiled *_test.js (loopback files too) under node --test.
  {
    name: 'node',
    command: process.execPath,
    args: ['scripts/build_npm.mjs', '--test', `--junit=${junit('node')}`],
    report: junit('node'),
  },
  {
    name: 'package',
    command: process.execPath,
    args: ['scripts/check_package.mjs', '--no-build', `--junit=${junit('package')}`],
    report: junit('package'),
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
      const res = typeof command === 'function'
        ? command()
        : await exec(`${step.name}-${label}`, command, commandArgs);
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
  fs.rmSync(step.report, { force: true });
  const res = await exec(step.name, step.command, step.args);
  const cases = fs.existsSync(step.report) ? junitCases(fs.readFileSync(step.report, 'utf8')) : [];
  const counts = {
    passed: cases.filter((c) => c.passed && !c.skipped).length,
    failed: cases.filter((c) => !c.passed).length,
  };
  const problems = [];
  if (res.status !== 0) problems.push(`exit ${res.timedOut ? 'timeout' : res.status}`);
  if (!fs.existsSync(step.report)) problems.push('no JUnit report');
  if (counts.passed + counts.failed === 0) problems.push('ran no test');
  const skipped = cases.filter((c) => c.skipped).length;
  if (skipped > 0) problems.push(`${skipped} skipped`);
  if (step.files) {
    const ran = new Set(cases.map((c) => c.file.replace(/^\.\//, '')));
    const missing = step.files.filter((f) => !ran.has(f));
    if (missing.length > 0) problems.push(`did not run ${missing.join(', ')}`);
  }
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

// --- checks --------------------------------------------------------------------

/**
 * deno.json `exports` declares the entry points. Two other fields of deno.json must
 * follow: `imports` maps each npm name the tests and the bench import
 * (`scripted-agents/testing`) to its entry point, and `publish.include` gives JSR
 * each entry's folder. tests/deno.jsonc (a workspace member: it configures tests/
 * only and is never published) maps `node:test` to the shim.
 */
function checkConfig() {
  const deno = readJson(path.join(root, 'deno.json'));
  const imports = deno.imports ?? {};
  const include = deno.publish?.include ?? [];
  const problems = entryPoints().flatMap(({ specifier, source, dir }) => {
    const published = dir === undefined ? source : `${dir}/`;
    return [
      ...(imports[specifier] === `./${source}`
        ? []
        : [`deno.json imports must map "${specifier}": "./${source}"`]),
      ...(include.includes(published) ? [] : [`deno.json publish.include lacks "${published}"`]),
    ];
  });
  if (imports['node:test'] !== undefined) problems.push('deno.json must not map node:test');
  const jsonc = fs.readFileSync(path.join(root, denoTestConfig), 'utf8');
  const testImports = JSON.parse(jsonc.replace(/^\s*\/\/.*$/gm, '')).imports ?? {};
  if (testImports['node:test'] !== './_node_test_shim.ts') {
    problems.push(`${denoTestConfig} must map "node:test": "./_node_test_shim.ts"`);
  }
  const output = problems.length === 0
    ? `deno.json imports and publish.include cover all ${entries.length} entry points\n`
    : `${problems.join('\n')}\n`;
  return { status: problems.length === 0 ? 0 : 1, output, command: 'check the Deno configs' };
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

function usage(message) {
  console.error(`run_tests: ${message}`);
  process.exit(2);
}
