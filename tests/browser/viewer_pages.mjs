// The viewer in a real browser: pages the command line tool generates from the
// repository's fixtures and from fresh recordings, opened from file:// with the
// network off, asserting what a person sees: the turns, a tool call's arguments,
// the highlighted change, search, keyboard navigation, stream events on demand,
// copying a step, a diff page, and hostile strings shown as text, never run.
//
// Run by scripts/run_browser_tests.mjs, which calls `pages()` with the browser it
// started; each page suite is a tests/browser/*_pages.mjs file (Node side, since
// file:// pages are opened by the driver rather than served).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Bundles the tool and the shared fixtures for Node (the sources are TypeScript). */
async function loadTool(root) {
  const esbuild = await import('esbuild');
  const outdir = path.join(root, '.cache', 'viewer-pages');
  const outfile = path.join(outdir, 'tool.mjs');
  await esbuild.build({
    stdin: {
      contents: [
        "export { run } from './cli/_run.ts';",
        "export * from './tests/_viewer_fixtures.ts';",
      ].join('\n'),
      resolveDir: root,
      sourcefile: 'viewer_pages_entry.ts',
      loader: 'ts',
    },
    bundle: true,
    outfile,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    alias: {
      'scripted-agents/testing': './testing/mod.ts',
      'scripted-agents/cassette': './cassette/mod.ts',
      'scripted-agents': './mod.ts',
    },
    logLevel: 'silent',
  });
  return await import(`${outfile}?${Date.now()}`);
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

function equal(actual, expected, what) {
  if (actual !== expected) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

// After a click or a key press the page changes in a later task (a <details> element's
// `toggle` event, an input's handler), so a read right after the interaction can see the
// old state. Every check of a state an interaction causes waits for that state instead:
// it reads again on each animation frame until the state holds, as Playwright's own
// web-first assertions do, and fails with the last value read if it never comes.
const settleMs = 10_000;

/** Reads `read()` until `holds(value)`; fails naming `what` and the last value. */
async function until(page, what, read, holds, describe = JSON.stringify) {
  const deadline = performance.now() + settleMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (performance.now() > deadline) {
      throw new Error(`${what}: the page still shows ${describe(value)} after ${settleMs} ms`);
    }
    // One frame: the page's pending tasks and its next render run before the next read.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
  }
}

/** Waits until `locator`'s text is `expected`. */
async function textIs(page, locator, expected, what) {
  const text = await until(page, what, () => locator.innerText(), (t) => t === expected);
  equal(text, expected, what);
}

/** Waits until `locator`'s text satisfies `holds`. */
function textWhere(page, locator, holds, what) {
  return until(page, what, () => locator.innerText(), holds);
}

/** Waits until `locator` is visible (Playwright's auto-waiting; fails after the same time). */
async function shown(locator, what) {
  await locator.first().waitFor({ state: 'visible', timeout: settleMs }).catch((error) => {
    throw new Error(`${what}: not visible after ${settleMs} ms (${error.message.split('\n')[0]})`);
  });
}

/** Runs the tool in-process; resolves to its exit code and output. */
async function cli(tool, args) {
  let stdout = '';
  let stderr = '';
  const code = await tool.run(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: {},
  });
  return { code, stdout, stderr };
}

/** Opens `file` offline; fails on any request that is not file:, a CSP violation or a page error. */
async function open(browser, file) {
  const context = await browser.newContext({
    offline: true,
    viewport: { width: 1100, height: 900 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {});
  const page = await context.newPage();
  const problems = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) problems.push(`request to ${request.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    dialog.dismiss();
  });
  await page.goto(`file://${file}`);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 10_000 });
  return {
    page,
    problems,
    async close() {
      await context.close();
      check(problems.length === 0, `the page misbehaved:\n  ${problems.join('\n  ')}`);
    },
  };
}

/** The page suites: `[{ name, run }]`, each run with a fresh page. */
export async function pages({ browser, root }) {
  const tool = await loadTool(root);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scripted-agents-viewer-'));
  const fixture = path.join(root, 'tests', 'fixtures', 'cassette_agent_runs.json');
  const write = (name, value) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    return file;
  };
  const view = async (inputs, name) => {
    const out = path.join(dir, name);
    const result = await cli(tool, ['view', ...inputs, '-o', out]);
    equal(result.code, 0, `view exit code (${result.stderr})`);
    return out;
  };

  const bin = (name) => path.join(root, 'node_modules', '.bin', name);
  const bundled = path.join(root, '.cache', 'viewer-pages', 'cli.mjs');
  const cliUnder = {
    node: (args) => [process.execPath, [bundled, ...args]],
    deno: (args) => [bin('deno'), ['run', '-A', 'cli/main.ts', ...args]],
    bun: (args) => [bin('bun'), ['cli/main.ts', ...args]],
  };
  const spawnCli = (runtime, args) => {
    const [command, argv] = cliUnder[runtime](args);
    return spawnSync(command, argv, { cwd: root, encoding: 'utf8' });
  };

  const cases = [
    {
      name: 'the tool, spawned under Node, Deno and Bun, writes the same page and exits alike',
      run: async () => {
        const esbuild = await import('esbuild');
        await esbuild.build({
          entryPoints: [path.join(root, 'cli', 'main.ts')],
          bundle: true,
          outfile: bundled,
          format: 'esm',
          platform: 'node',
          target: 'node20',
          packages: 'external',
          logLevel: 'silent',
        });
        const fresh = write('spawned.json', await tool.recordToolLoop());
        const pages = {};
        for (const runtime of ['node', 'deno', 'bun']) {
          const out = path.join(dir, `spawned-${runtime}.html`);
          const view = spawnCli(runtime, ['view', fixture, fresh, '-o', out]);
          equal(view.status, 0, `${runtime} view (${view.stderr})`);
          pages[runtime] = fs.readFileSync(out, 'utf8');
          const same = spawnCli(runtime, ['diff', fixture, fixture]);
          equal(same.status, 0, `${runtime} diff of a file with itself`);
          const differ = spawnCli(runtime, ['diff', fixture, fresh]);
          equal(differ.status, 1, `${runtime} diff of two recordings`);
          const checked = spawnCli(runtime, ['check', path.dirname(fixture)]);
          equal(checked.status, 0, `${runtime} check (${checked.stdout})`);
          const ts = spawnCli(runtime, ['to-ts', fresh]);
          check(ts.stdout.includes('new ScriptedModelProvider({'), `${runtime} to-ts`);
          const bad = spawnCli(runtime, ['view', path.join(dir, 'missing.json')]);
          equal(bad.status, 2, `${runtime} view of a missing file`);
        }
        equal(pages.deno, pages.node, 'Deno writes what Node writes');
        equal(pages.bun, pages.node, 'Bun writes what Node writes');
        const p = await open(browser, path.join(dir, 'spawned-bun.html'));
        equal(await p.page.locator('section.file').count(), 2, 'both files shown');
        await p.close();
      },
    },
    {
      name: 'viewer: the fixture cassette shows its turns and a tool call with its arguments',
      run: async () => {
        const p = await open(browser, await view([fixture], 'fixture.html'));
        const { page } = p;
        equal(await page.locator('section.turn').count(), 16, 'turns');
        const first = page.locator('section.turn').first();
        check(await first.getByText('gpt-4.1-mini', { exact: true }).isVisible(), 'model shown');
        const call = first.locator('.item.call');
        check((await call.locator('.tool').innerText()) === 'get_weather', 'tool name');
        const args = JSON.parse(await call.locator('pre.args').innerText());
        equal(args.city, 'Tokyo', 'tool call argument');
        check(await call.locator('.result').getByText('Tokyo: sunny').isVisible(), 'tool result');
        check(await page.getByText('The answer: Tokyo: sunny').first().isVisible(), 'answer shown');
        // The instructions are collapsed until asked for.
        const instructions = first.locator('details.instructions pre');
        check(!(await instructions.isVisible()), 'instructions collapsed');
        await first.locator('details.instructions summary').click();
        await shown(instructions, 'instructions open on click');
        const written = await textWhere(page, instructions, (t) => t !== '', 'instructions');
        // Unchanged instructions and a turn's step are filled in when opened.
        const second = page.locator('section.turn').nth(1);
        check(await second.getByText('unchanged since #1').isVisible(), 'unchanged badge');
        await second.locator('details.instructions summary').click();
        await textIs(
          page,
          second.locator('details.instructions pre'),
          written,
          'unchanged instructions shown on demand',
        );
        await first.locator('details.step summary').click();
        await textWhere(
          page,
          first.locator('details.step pre'),
          (t) => t.includes('functionCall("get_weather"'),
          'the step shown on demand',
        );
        // Errors are shown as such.
        check(
          await page.locator('.error .label').first().innerText().then((t) => /error/.test(t)),
          'error turn',
        );
        await p.close();
      },
    },
    {
      name: 'viewer: each turn names the agent its model call served',
      run: async () => {
        const data = await tool.recordToolLoop();
        const p = await open(browser, await view([write('agents.json', data)], 'agents.html'));
        const { page } = p;
        const agents = await page.locator('section.turn > header .agent').allInnerTexts();
        equal(agents.join(','), 'Weather,Weather,Translator', 'agent per turn');
        const third = page.locator('section.turn').nth(2);
        check(await third.getByText('translate-model', { exact: true }).isVisible(), 'model too');
        // A recording from before agents were recorded shows none.
        delete data.interactions[0].agent;
        const old = await open(
          browser,
          await view([write('no-agent.json', data)], 'no-agent.html'),
        );
        equal(await old.page.locator('section.turn').first().locator('.agent').count(), 0, 'none');
        await old.close();
        await p.close();
      },
    },
    {
      name: 'viewer: the words changed in the instructions since the previous turn are highlighted',
      run: async () => {
        const data = await tool.recordToolLoop();
        data.interactions[1].request.systemInstructions = 'Answer about the rain, briefly.';
        const p = await open(browser, await view([write('changed.json', data)], 'changed.html'));
        const { page } = p;
        const second = page.locator('section.turn').nth(1);
        check(await second.getByText('changed since #1').isVisible(), 'changed badge');
        await second.locator('details.instructions summary').click();
        await textIs(page, second.locator('details.instructions ins'), 'rain, briefly', 'inserted');
        await textIs(page, second.locator('details.instructions del'), 'weather', 'deleted');
        const color = await second.locator('details.instructions ins').evaluate(
          (el) => getComputedStyle(el).backgroundColor,
        );
        check(color !== 'rgba(0, 0, 0, 0)', `the insertion has a highlight (${color})`);
        check(
          await page.getByText('recorded 2026-11-01T10:00:00.000Z', { exact: false }).first()
            .isVisible(),
          'provenance',
        );
        await p.close();
      },
    },
    {
      name: 'viewer: search filters the turns; j/k move between them; stream events open on demand',
      run: async () => {
        const p = await open(browser, await view([fixture], 'search.html'));
        const { page } = p;
        await page.keyboard.press('/');
        await page.keyboard.type('Paris');
        const visible = page.locator('section.turn:visible');
        // Each input event filters at once, so once the box holds the whole query the count
        // line is the query's.
        await until(
          page,
          'the search box holds "Paris"',
          () => page.locator('#search').inputValue(),
          (value) => value === 'Paris',
        );
        const count = await textWhere(
          page,
          page.locator('#count'),
          (t) => t.endsWith(' of 16 match'),
          'the count after searching "Paris"',
        );
        const matching = await visible.count();
        check(matching > 0 && matching < 16, `search shows some turns (${matching})`);
        check(count.includes(`${matching} of 16`), `count (${count}, ${matching} shown)`);
        for (const text of await visible.allInnerTexts()) {
          check(/paris/i.test(text), 'every match mentions Paris');
        }
        await page.keyboard.press('Escape');
        await until(page, 'Escape clears the search', () => visible.count(), (n) => n === 16);
        await page.keyboard.press('j');
        await page.keyboard.press('j');
        await textIs(page, page.locator('section.turn.current .n'), '#2', 'j twice selects #2');
        await page.keyboard.press('k');
        await textIs(page, page.locator('section.turn.current .n'), '#1', 'k goes back');
        const events = page.locator('details.events').first();
        equal(await events.locator('pre').innerText(), '', 'events not rendered before asked');
        await events.locator('summary').click();
        await textWhere(
          page,
          events.locator('pre'),
          (t) => t.includes('response_done'),
          'events shown',
        );
        await p.close();
      },
    },
    {
      name: 'viewer: "Copy as step" copies the turn as a ScriptedModel step',
      run: async () => {
        const p = await open(
          browser,
          await view([write('fresh.json', await tool.recordToolLoop())], 'copy.html'),
        );
        const { page } = p;
        await page.locator('section.turn').first().getByRole('button', { name: 'Copy as step' })
          .click();
        await page.getByRole('status').waitFor();
        const copied = await page.evaluate(() => document.body.dataset.copied);
        equal(
          copied,
          '[functionCall("get_weather", {"city":"Tokyo"}, { callId: "call_1" })]',
          'step',
        );
        await p.close();
      },
    },
    {
      name: 'viewer: hostile strings in a recording are shown as text and never run',
      run: async () => {
        const p = await open(
          browser,
          await view([write('hostile.json', tool.hostileCassette())], 'hostile.html'),
        );
        const { page } = p;
        equal(await page.evaluate(() => globalThis.pwned), undefined, 'no injected script ran');
        equal(await page.locator('main img').count(), 0, 'no injected image');
        equal(await page.locator('script').count(), 2, "only the page's own scripts");
        check(
          await page.getByText(tool.HOSTILE.img).first().isVisible(),
          'the img markup is visible text',
        );
        await page.locator('details.instructions summary').click();
        await shown(page.getByText('Be safe. </script>', { exact: false }), 'script text shown');
        check(!(await page.content()).includes('sk-live-0123456789abcdef'), 'the key is redacted');
        await p.close();
      },
    },
    {
      name: 'viewer: a trace recording shows its span tree and a transcript its timeline',
      run: async () => {
        const out = await view([
          write('traces.json', await tool.recordTraces()),
          write('transcript.json', tool.transcript()),
        ], 'mixed.html');
        const p = await open(browser, out);
        const { page } = p;
        check(await page.getByText('custom: fetch').isVisible(), 'outer span');
        check(
          await page.locator('ul.tree ul').getByText('custom: parse').isVisible(),
          'nested span',
        );
        equal(await page.locator('details.event').count(), 4, 'timeline events');
        check(
          await page.locator('details.event.client').first().innerText().then((t) =>
            t.includes('session.update')
          ),
          'client event',
        );
        await p.close();
      },
    },
    {
      name: 'diff page: the changed interaction, the field and the inserted words',
      run: async () => {
        const a = write('old.json', await tool.recordToolLoop());
        const b = write(
          'new.json',
          await tool.recordToolLoop({ instructions: 'Answer about the weather, briefly.' }),
        );
        const out = path.join(dir, 'diff.html');
        const result = await cli(tool, ['diff', a, b, '--html', '-o', out]);
        equal(result.code, 1, 'diff exit code');
        const p = await open(browser, out);
        const { page } = p;
        check(await page.getByText('2 changed, 0 added, 0 removed').isVisible(), 'summary');
        const change = page.locator('section.change').first();
        check(await change.getByText('request.systemInstructions').isVisible(), 'field path');
        equal(await change.locator('ins').innerText(), ', briefly', 'inserted words');
        await p.close();
      },
    },
  ];
  return {
    cases,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
