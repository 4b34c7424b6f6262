#!/usr/bin/env node
// deno-lint-ignore-file no-console
// `npm run screenshots`: the README's pictures of the viewer and of a diff,
// generated from the repository's own fixture by the command line tool and
// photographed in the system Chromium (headless, offline, from file://).
//
//   docs/images/viewer.png  `scripted-agents view tests/fixtures/cassette_agent_runs.json`
//   docs/images/diff.png    `scripted-agents diff --html` of that fixture against a copy
//                           whose weather agent has other instructions and a rainy tool
//
// Nothing is downloaded; CHROMIUM_PATH overrides the browser.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin, root } from './_lib.mjs';

const fixture = path.join(root, 'tests', 'fixtures', 'cassette_agent_runs.json');
const images = path.join(root, 'docs', 'images');
// Inside the repository (ignored), so the pages name the files by short relative paths.
const dir = path.join(root, '.cache', 'screenshots');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(path.join(dir, 're-recorded'), { recursive: true });

function tool(args) {
  const res = spawnSync(bin('deno'), ['run', '-A', 'cli/main.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  if (res.status !== 0 && res.status !== 1) {
    throw new Error(`scripted-agents ${args.join(' ')} failed:\n${res.stderr}`);
  }
}

function chromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  throw new Error('no Chromium found: install it or set CHROMIUM_PATH');
}

try {
  // The edited copy: what a re-recording after a prompt change would look like.
  const edited = JSON.parse(fs.readFileSync(fixture, 'utf8'));
  for (const interaction of edited.interactions.slice(0, 2)) {
    interaction.request.systemInstructions =
      'Answer weather questions with the get_weather tool, in one short sentence.';
  }
  const result = edited.interactions[1].request.inputAppend.at(-1);
  result.output.text = 'Tokyo: light rain';
  edited.interactions[1].response.output[0].content[0].text = 'Light rain in Tokyo.';
  const editedFile = path.relative(root, path.join(dir, 're-recorded', 'cassette_agent_runs.json'));
  fs.writeFileSync(path.join(root, editedFile), JSON.stringify(edited, null, 2));

  const viewHtml = path.join(dir, 'viewer.html');
  const diffHtml = path.join(dir, 'diff.html');
  tool(['view', 'tests/fixtures/cassette_agent_runs.json', '-o', viewHtml]);
  tool(['diff', 'tests/fixtures/cassette_agent_runs.json', editedFile, '--html', '-o', diffHtml]);

  const { chromium: driver } = await import('playwright-core');
  const browser = await driver.launch({
    executablePath: chromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const shoot = async (html, out, prepare) => {
      const context = await browser.newContext({
        offline: true,
        viewport: { width: 960, height: 720 },
        colorScheme: 'light',
      });
      const page = await context.newPage();
      await page.goto(pathToFileURL(html).href);
      await page.waitForSelector('html[data-ready="true"]');
      await prepare?.(page);
      await page.screenshot({ path: out });
      await context.close();
      console.log(
        `wrote ${path.relative(root, out)} (${Math.round(fs.statSync(out).size / 1024)} KiB)`,
      );
    };
    await shoot(viewHtml, path.join(images, 'viewer.png'), async (page) => {
      // The second turn: a tool result sent back, and the answer.
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await page.locator('section.turn').nth(1).evaluate((el) => el.scrollIntoView());
      await page.evaluate(() => globalThis.scrollBy(0, -110));
    });
    await shoot(diffHtml, path.join(images, 'diff.png'));
  } finally {
    await browser.close();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
