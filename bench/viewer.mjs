#!/usr/bin/env node
// deno-lint-ignore-file no-console
/**
 * The viewer benchmark: the 200-turn tool loop of bench/one_loop.ts recorded
 * into a cassette, rendered by `scripted-agents view` into one HTML file, and
 * opened from file:// in the system Chromium (playwright-core, headless, offline)
 * several times. Reported: the page size, the time the tool takes to write it,
 * and the time from navigation to the load event (HTML parsed, page script run)
 * and to the first contentful paint, medians over the samples. The target: the
 * page is ready in under a second.
 *
 * `node bench/viewer.mjs [--turns=200] [--samples=7]` prints the Markdown section;
 * `npm run bench` appends it to bench/RESULTS.md (unless `--no-viewer`).
 *
 * @module
 */

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deno = path.join(root, 'node_modules', '.bin', 'deno');

/** The Chromium the viewer row drives, or `undefined` when this machine has none. */
export function chromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return undefined;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Measures; resolves to `{ turns, bytes, writeMs, loadMs, paintMs, samples, browser }`. */
export async function measureViewer({ turns = 200, samples = 7 } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scripted-agents-viewer-bench-'));
  try {
    const cassette = path.join(dir, `cassette-${turns}.json`);
    const html = path.join(dir, `cassette-${turns}.html`);
    execFileSync(deno, ['run', '-A', 'bench/one_loop.ts', String(turns), 'record', cassette], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const t0 = performance.now();
    execFileSync(deno, ['run', '-A', 'cli/main.ts', 'view', cassette, '-o', html], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const writeMs = performance.now() - t0;
    const executablePath = chromium();
    if (executablePath === undefined) throw new Error('no Chromium (set CHROMIUM_PATH)');
    const { chromium: driver } = await import('playwright-core');
    const browser = await driver.launch({
      executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const loads = [];
    const paints = [];
    let turnsShown = 0;
    try {
      // One untimed round first: the browser's own start-up is not the page's cost.
      for (let i = 0; i <= samples; i++) {
        const context = await browser.newContext({ offline: true });
        const page = await context.newPage();
        await page.goto(pathToFileURL(html).href, { waitUntil: 'load' });
        await page.waitForSelector('html[data-ready="true"]');
        const timing = await page.evaluate(() => {
          const [navigation] = performance.getEntriesByType('navigation');
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          return {
            load: navigation.loadEventEnd,
            paint: paint?.startTime ?? navigation.loadEventEnd,
            turns: document.querySelectorAll('section.turn').length,
          };
        });
        turnsShown = timing.turns;
        if (i > 0) {
          loads.push(timing.load);
          paints.push(timing.paint);
        }
        await context.close();
      }
      return {
        turns: turnsShown,
        bytes: fs.statSync(html).size,
        writeMs,
        loadMs: median(loads),
        paintMs: median(paints),
        samples,
        browser: `Chromium ${browser.version()}`,
      };
    } finally {
      await browser.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The Markdown section of bench/RESULTS.md. */
export function viewerSection(result) {
  const ready = Math.max(result.loadMs, result.paintMs);
  return [
    `## Viewer (${result.browser}, headless, file://, offline)`,
    '',
    `The ${result.turns}-turn tool loop recorded into a cassette, rendered by \`scripted-agents ` +
    'view` and opened from file:// (bench/viewer.mjs); medians of ' +
    `${result.samples} page loads after one untimed load.`,
    '',
    '| Page | HTML | `view` writes it | load event | first contentful paint | target |',
    '|---|---|---|---|---|---|',
    `| ${result.turns} turns | ${(result.bytes / 1024).toFixed(0)} KiB | ${
      result.writeMs.toFixed(0)
    } ms (a fresh Deno process) | ${result.loadMs.toFixed(0)} ms | ${
      result.paintMs.toFixed(0)
    } ms | ready ≤ 1,000 ms: **${ready <= 1000 ? 'met' : 'missed'}** (${ready.toFixed(0)} ms) |`,
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const option = (name, fallback) =>
    Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const result = await measureViewer({
    turns: option('turns', 200),
    samples: option('samples', 7),
  });
  console.log(viewerSection(result));
  process.exitCode = Math.max(result.loadMs, result.paintMs) <= 1000 ? 0 : 1;
}
