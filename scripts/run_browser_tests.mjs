#!/usr/bin/env node
// deno-lint-ignore-file no-console
// `npm run test:browser`: the doubles in a real browser.
//
// 1. Bundles every tests/browser/*_case.ts (with tests/browser/_page.ts, which runs
//    them) for the browser with esbuild: `scripted-agents/*` map to this
//    repository's sources, the SDK resolves through its `browser` conditions, as
//    in an application's bundle. Adding a case is adding one *_case.ts file.
// 2. Serves the page and the bundle from a loopback HTTP server on 127.0.0.1
//    (random port), which also receives the page's results (POST /report).
// 3. Drives the system Chromium headless with playwright-core (which never
//    downloads a browser): $CHROMIUM_PATH, else chromium / chromium-browser /
//    google-chrome on the PATH. Without one it fails and says what to install.
//
// 4. Runs the page suites (tests/browser/*_pages.mjs, Node side): pages opened from
//    file:// by the driver itself, such as the viewer's generated HTML.
//
// Prints one line per case, then `browser: N passed, N failed`. Fails when a case
// fails, when no case ran, or when the page does not report within the time limit.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const casesDir = path.join(root, 'tests', 'browser');
// A hung case must not hang CI: the page has this long to report.
const reportTimeoutMs = 120_000;

function fail(message) {
  console.error(`test:browser: ${message}`);
  console.log('browser: 0 passed, 1 failed');
  process.exit(1);
}

function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) fail(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    const file = found.stdout.trim();
    if (found.status === 0 && file) return file;
  }
  fail(
    "no Chromium found. Install Debian's package (`apt-get update && apt-get install -y " +
      'chromium`, which provides /usr/bin/chromium) or point CHROMIUM_PATH at a Chromium or ' +
      'Chrome executable. Nothing is downloaded by this script.',
  );
}

async function bundle(caseFiles) {
  const esbuild = await import('esbuild');
  const imports = caseFiles.map((file, i) =>
    `import { cases as cases${i} } from ${JSON.stringify(`./tests/browser/${file}`)};`
  );
  const list = caseFiles.map((file, i) => `{ file: ${JSON.stringify(file)}, cases: cases${i} }`);
  const entry = [
    `import { runBrowserCases } from './tests/browser/_page.ts';`,
    ...imports,
    `await runBrowserCases([${list.join(', ')}]);`,
  ].join('\n');
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: root, sourcefile: 'browser_entry.ts', loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    sourcemap: 'inline',
    alias: {
      'scripted-agents/testing': './testing/mod.ts',
      'scripted-agents/realtime_testing': './realtime_testing/mod.ts',
      'scripted-agents/cassette': './cassette/mod.ts',
      'scripted-agents': './mod.ts',
    },
    logLevel: 'silent',
  }).catch((error) => fail(`bundling failed:\n${error.message}`));
  return result.outputFiles[0].text;
}

function serve(script, onReport) {
  const page = '<!doctype html><meta charset="utf-8"><title>scripted-agents browser tests</title>' +
    // No icon to fetch: a request the server cannot answer is a page error below.
    '<link rel="icon" href="data:,">' +
    '<script type="module" src="/bundle.js"></script>';
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    } else if (req.method === 'GET' && req.url === '/bundle.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    } else if (req.method === 'POST' && req.url === '/report') {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(204).end();
        onReport(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      });
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** The cases of every tests/browser/*_pages.mjs, run one after the other. */
async function runPageSuites(browser) {
  const results = [];
  const files = fs.readdirSync(casesDir).filter((f) => f.endsWith('_pages.mjs')).sort();
  for (const file of files) {
    const { pages } = await import(path.join(casesDir, file));
    const suite = await pages({ browser, root });
    try {
      for (const { name, run } of suite.cases) {
        const t0 = performance.now();
        try {
          await run();
          results.push({ file, name, ok: true, ms: performance.now() - t0 });
        } catch (error) {
          const text = `${error?.name}: ${error?.message}\n${error?.stack ?? ''}`;
          results.push({ file, name, ok: false, error: text, ms: performance.now() - t0 });
        }
      }
    } finally {
      suite.cleanup();
    }
  }
  return results;
}

const started = performance.now();
const executablePath = findChromium();
const caseFiles = fs.readdirSync(casesDir)
  .filter((f) => f.endsWith('_case.ts') && !f.startsWith('_')).sort();
if (caseFiles.length === 0) fail('no tests/browser/*_case.ts file');
const script = await bundle(caseFiles);

let resolveReport;
const reported = new Promise((resolve) => (resolveReport = resolve));
const server = await serve(script, resolveReport);
const { port } = server.address();

const { chromium } = await import('playwright-core');
let browser;
let exitCode = 1;
try {
  browser = await chromium.launch({
    executablePath,
    headless: true,
    // Running as root (CI, containers) needs --no-sandbox.
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  }).catch((error) => fail(`could not start ${executablePath}: ${error.message}`));
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  // The console line of a failed load says no address: name it here.
  page.on('response', (response) => {
    if (response.status() >= 400) pageErrors.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`http://127.0.0.1:${port}/`);
  let timer;
  const report = await Promise.race([
    reported,
    new Promise((resolve) => (timer = setTimeout(() => resolve(undefined), reportTimeoutMs))),
  ]);
  clearTimeout(timer);
  if (report === undefined) {
    fail(
      `the page did not report within ${reportTimeoutMs / 1000} s (a case hangs?)` +
        (pageErrors.length > 0 ? `\npage errors:\n  ${pageErrors.join('\n  ')}` : ''),
    );
  }
  const version = browser.version();
  const results = [...report.results, ...await runPageSuites(browser)];
  let passed = 0;
  let failed = 0;
  for (const result of results) {
    if (result.ok) passed++;
    else failed++;
    console.log(
      `${result.ok ? 'ok  ' : 'FAIL'} ${result.file} > ${result.name} (${result.ms.toFixed(0)} ms)`,
    );
    if (!result.ok) console.log(`     ${result.error.replaceAll('\n', '\n     ')}`);
  }
  if (pageErrors.length > 0) {
    console.log(`page errors:\n  ${pageErrors.join('\n  ')}`);
  }
  console.log(
    `Chromium ${version}, ${caseFiles.length} case files, ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s in all`,
  );
  if (passed + failed === 0) failed++;
  console.log(`browser: ${passed} passed, ${failed} failed`);
  exitCode = failed === 0 ? 0 : 1;
} finally {
  await browser?.close();
  server.close();
}
process.exit(exitCode);
