#!/usr/bin/env node
// deno-lint-ignore-file no-console
/**
 * The suite benchmark: what a user's whole test run costs. A user does not run a
 * 200-turn loop; they run many small test files, each importing the SDK and the
 * doubles, each test a few turns, under their runner with this package's setup
 * entry. This generates such a suite (FILES files × TESTS tests, each test a 3-turn
 * tool loop with one zod tool over the real `Runner`) once per contender, runs it with
 * the real runner as a whole process tree, and measures the CPU time (user + system
 * of every process of the tree, from the shell's `times` of its waited children) and
 * the wall time. Contenders, per runner:
 *
 *   fake        a hand-written `Model` in the suite (the floor)
 *   sdk         the SDK's own `ScriptedModel` (`@openai/agents/testing`)
 *   ours        `scripted-agents/testing`'s `ScriptedModel`, no setup entry
 *   ours+entry  the same tests with the runner's setup entry (Vitest `setupFiles`,
 *               Jest `setupFilesAfterEnv`, node:test `--import scripted-agents/node_test`)
 *
 * Runners: Vitest (ESM), Jest (CommonJS), node:test (ESM). Each repetition runs every
 * contender of a runner once, in an order that rotates between repetitions (so a
 * machine that slows down or warms up over the run does not favour one contender);
 * the reported ratio is the median of the per-repetition ratios to the floor, with the
 * spread of those ratios (lowest–highest). The setup entry's cost per test is measured
 * apart, from suites of empty tests: with and without the entry, at 1 and at 21 tests
 * per file, so the per-file import cancels out of the slope.
 *
 * `node bench/suite.mjs [--files=40] [--tests=5] [--reps=5] [--runners=vitest,jest,node]`
 * prints the Markdown section; `npm run bench` appends it to bench/RESULTS.md (unless
 * `--no-suite`). Needs `npm run build` first: ours is the built package (npm/).
 *
 * @module
 */

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = path.join(root, '.cache', 'bench-suite');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// ---------------------------------------------------------------------------
// The generated suites.

/** The tool and the three model outputs of one test: two tool calls, then the answer. */
const FIXTURE = `
const cities = ['Tokyo', 'Paris'];
const outputs = [
  ...cities.map((city, i) => [{
    type: 'function_call',
    id: 'fc_' + (i + 1),
    callId: 'call_' + (i + 1),
    name: 'get_weather',
    status: 'completed',
    arguments: JSON.stringify({ city }),
  }]),
  [{
    type: 'message',
    id: 'msg_1',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: 'Tokyo: sunny. Paris: sunny.' }],
  }],
];
`;

/** The hand-written fake a user would write: precomputed outputs, nothing recorded. */
const FAKE = `
class FakeModel {
  constructor(outputs) {
    this.outputs = outputs;
    this.calls = 0;
  }
  async getResponse() {
    const output = this.outputs[this.calls++];
    if (output === undefined) throw new Error('FakeModel: no output left');
    return { output, usage: new Usage({ requests: 1 }), responseId: 'resp_' + this.calls };
  }
  async *getStreamedResponse() {
    throw new Error('FakeModel: not streamed');
  }
  get remainingSteps() {
    return this.outputs.length - this.calls;
  }
}
`;

/** Per contender: where the model class comes from. */
const MODEL_SOURCE = {
  fake: { specifier: './_fake', name: 'FakeModel' },
  sdk: { specifier: '@openai/agents/testing', name: 'ScriptedModel' },
  ours: { specifier: 'scripted-agents/testing', name: 'ScriptedModel' },
  'ours+entry': { specifier: 'scripted-agents/testing', name: 'ScriptedModel' },
};

/** The body of one test: the real Runner, a 3-turn loop, every step used. */
function testBody(empty) {
  if (empty) return '';
  return `
    const model = new Model(outputs);
    const agent = new Agent({ name: 'weather', instructions: 'Answer with the tool.', tools: [getWeather], model });
    const result = await runner.run(agent, 'Weather in Tokyo and Paris?');
    assert.equal(result.finalOutput, 'Tokyo: sunny. Paris: sunny.');
    assert.equal(model.remainingSteps, 0);`;
}

const TOOL = `
const getWeather = tool({
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => city + ': sunny',
});
const runner = new Runner({ tracingDisabled: true });
`;

/** One test file's source for `runner`, `contender` and `tests` tests. */
function testFile({ runner, contender, tests, empty, index }) {
  const source = MODEL_SOURCE[contender];
  const esm = runner !== 'jest';
  const ext = esm ? '.mjs' : '.cjs';
  const specifier = source.specifier.startsWith('./')
    ? `${source.specifier}${ext}`
    : source.specifier;
  const lines = [];
  if (esm) {
    lines.push(`import assert from 'node:assert/strict';`);
    if (runner === 'vitest') lines.push(`import { test } from 'vitest';`);
    else lines.push(`import { test } from 'node:test';`);
    if (!empty) {
      lines.push(`import { Agent, Runner, tool } from '@openai/agents';`);
      lines.push(`import { z } from 'zod';`);
      lines.push(`import { ${source.name} as Model } from '${specifier}';`);
      lines.push(`import { outputs } from './_fixture.mjs';`);
    }
  } else {
    lines.push(`const assert = require('node:assert/strict');`);
    if (!empty) {
      lines.push(`const { Agent, Runner, tool } = require('@openai/agents');`);
      lines.push(`const { z } = require('zod');`);
      lines.push(`const { ${source.name}: Model } = require('${specifier}');`);
      lines.push(`const { outputs } = require('./_fixture.cjs');`);
    }
  }
  if (!empty) lines.push(TOOL);
  for (let t = 1; t <= tests; t++) {
    lines.push(`test('file ${index} test ${t}', async () => {${testBody(empty)}\n});`);
  }
  return `${lines.join('\n')}\n`;
}

/** A module of the suite in the runner's module format, exporting `names`. */
function moduleText(esm, { imports, body, names }) {
  const [name, specifier] = imports ?? [];
  const head = name === undefined
    ? ''
    : esm
    ? `import { ${name} } from '${specifier}';\n`
    : `const { ${name} } = require('${specifier}');\n`;
  const tail = esm
    ? `export { ${names.join(', ')} };`
    : `module.exports = { ${names.join(', ')} };`;
  return `${head}${body}${tail}\n`;
}

/**
 * Links everything of the repository's node_modules, and copies the built
 * package in as `scripted-agents`, as an install would put it. A link to `npm/`
 * would not do: its real path is outside any node_modules, so Vitest takes the
 * package for the project's own source and transforms every module of it
 * (measured on one generated file: 1.28× the SDK's doubles linked, 1.06× copied).
 */
function installModules(dir) {
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(modules, { recursive: true });
  for (const name of fs.readdirSync(path.join(root, 'node_modules'))) {
    if (name.startsWith('.')) continue;
    fs.symlinkSync(path.join(root, 'node_modules', name), path.join(modules, name));
  }
  const built = path.join(root, 'npm');
  const ownTests = [path.join(built, 'tests'), path.join(built, 'esm', 'tests')];
  fs.cpSync(built, path.join(modules, 'scripted-agents'), {
    recursive: true,
    filter: (source) =>
      !ownTests.some((dir) => source === dir || source.startsWith(dir + path.sep)),
  });
}

/** Writes one suite project; returns the command that runs it. */
function writeSuite({ runner, contender, files, tests, empty }) {
  const dir = path.join(scratch, `${runner}-${contender}-${empty ? `empty${tests}` : 'loop'}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'test'), { recursive: true });
  installModules(dir);
  const esm = runner !== 'jest';
  const entry = contender === 'ours+entry';
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ private: true, type: esm ? 'module' : 'commonjs' }),
  );
  const ext = esm ? 'mjs' : 'cjs';
  fs.writeFileSync(
    path.join(dir, 'test', `_fixture.${ext}`),
    moduleText(esm, { body: FIXTURE, names: ['outputs'] }),
  );
  fs.writeFileSync(
    path.join(dir, 'test', `_fake.${ext}`),
    moduleText(esm, { imports: ['Usage', '@openai/agents'], body: FAKE, names: ['FakeModel'] }),
  );
  for (let i = 1; i <= files; i++) {
    const name = `suite_${String(i).padStart(3, '0')}.test.${ext}`;
    fs.writeFileSync(
      path.join(dir, 'test', name),
      testFile({ runner, contender, tests, empty, index: i }),
    );
  }
  const bin = (name) => path.join(root, 'node_modules', '.bin', name);
  if (runner === 'vitest') {
    fs.writeFileSync(
      path.join(dir, 'vitest.config.mjs'),
      `export default { test: { include: ['test/**/*.test.mjs'], ${
        entry ? "setupFiles: ['scripted-agents/vitest'], " : ''
      }} };\n`,
    );
    return { dir, command: [bin('vitest'), 'run', '--config', 'vitest.config.mjs'] };
  }
  if (runner === 'jest') {
    fs.writeFileSync(
      path.join(dir, 'jest.config.cjs'),
      `module.exports = ${
        JSON.stringify({
          testEnvironment: 'node',
          testMatch: ['<rootDir>/test/**/*.test.cjs'],
          transform: {},
          ...(entry ? { setupFilesAfterEnv: ['scripted-agents/jest'] } : {}),
        })
      };\n`,
    );
    return { dir, command: [bin('jest'), '--config', 'jest.config.cjs'] };
  }
  const files_ = fs.readdirSync(path.join(dir, 'test')).filter((f) => f.endsWith('.test.mjs'))
    .map((f) => `test/${f}`).sort();
  return {
    dir,
    command: [
      process.execPath,
      ...(entry ? ['--import', 'scripted-agents/node_test'] : []),
      '--test',
      ...files_,
    ],
  };
}

/** How many tests a runner's output says passed and failed. */
function counts(runner, output) {
  // NO_COLOR is set, but a runner that colours anyway must not hide its counts.
  // deno-lint-ignore no-control-regex
  const plain = output.replaceAll(/\x1b\[[0-9;]*m/g, '');
  if (runner === 'vitest') {
    const line = plain.match(/^\s*Tests\s+(.*)$/m)?.[1] ?? '';
    return {
      passed: Number(line.match(/(\d+) passed/)?.[1] ?? 0),
      failed: Number(line.match(/(\d+) failed/)?.[1] ?? 0),
    };
  }
  if (runner === 'jest') {
    const line = plain.match(/^Tests:\s+(.*)$/m)?.[1] ?? '';
    return {
      passed: Number(line.match(/(\d+) passed/)?.[1] ?? 0),
      failed: Number(line.match(/(\d+) failed/)?.[1] ?? 0),
    };
  }
  return {
    passed: Number(plain.match(/^# pass (\d+)$/m)?.[1] ?? 0),
    failed: Number(plain.match(/^# fail (\d+)$/m)?.[1] ?? 0),
  };
}

/**
 * Runs `command` in `dir` under a shell whose `times` reports the CPU of every process
 * the run waited for (the runner and its workers); returns seconds of CPU and wall.
 */
function measure(suite, runner, expected) {
  const quoted = suite.command.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const script = `${quoted} > run.log 2>&1; status=$?; times; exit $status`;
  const t0 = performance.now();
  const run = spawnSync('bash', ['-c', script], {
    cwd: suite.dir,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const wall = (performance.now() - t0) / 1000;
  const output = fs.readFileSync(path.join(suite.dir, 'run.log'), 'utf8');
  const seen = counts(runner, output);
  if (run.status !== 0 || seen.passed !== expected || seen.failed !== 0) {
    throw new Error(
      `suite bench: ${path.basename(suite.dir)} exited ${run.status} with ${seen.passed} passed, ` +
        `${seen.failed} failed (expected ${expected} passed):\n${output.slice(-3000)}`,
    );
  }
  // `times` prints the shell's own line, then its children's: "XmY.YYYs XmY.YYYs".
  const children = run.stdout.trim().split('\n').at(-1);
  const [user, system] = children.split(/\s+/).map((t) => {
    const [, m, s] = t.match(/^(\d+)m([\d.]+)s$/) ?? [];
    return Number(m) * 60 + Number(s);
  });
  return { cpu: user + system, wall };
}

/** Whether this checkout's built package has `entry` (an entry added later is skipped until built). */
function hasEntry(entry) {
  const manifest = path.join(root, 'npm', 'package.json');
  if (!fs.existsSync(manifest)) return false;
  const exports = JSON.parse(fs.readFileSync(manifest, 'utf8')).exports ?? {};
  return Object.hasOwn(exports, `./${entry}`);
}

const ENTRY_OF = { vitest: 'vitest', jest: 'jest', node: 'node_test' };

/**
 * Measures every runner's contenders side by side. Resolves to
 * `{ runners: [{ runner, rows: [{ contender, cpu, wall, ratio, low, high }], missing }], perTest }`.
 */
export function measureSuite(
  { files = 40, tests = 5, reps = 5, runners = ['vitest', 'jest', 'node'], log = () => {} } = {},
) {
  if (!fs.existsSync(path.join(root, 'npm', 'package.json'))) {
    throw new Error('suite bench: npm/ is missing; run `npm run build` first');
  }
  const results = [];
  for (const runner of runners) {
    const contenders = ['fake', 'sdk', 'ours', 'ours+entry'];
    const missing = hasEntry(ENTRY_OF[runner]) ? undefined : ENTRY_OF[runner];
    const measured = missing === undefined ? contenders : contenders.slice(0, 3);
    const suites = Object.fromEntries(
      measured.map((contender) => [
        contender,
        writeSuite({ runner, contender, files, tests, empty: false }),
      ]),
    );
    const samples = Object.fromEntries(measured.map((c) => [c, []]));
    // One unmeasured run each first: the runner's caches (Vitest's, Jest's) are warm for all.
    for (const contender of measured) measure(suites[contender], runner, files * tests);
    for (let rep = 0; rep < reps; rep++) {
      const order = measured.map((_, i) => measured[(i + rep) % measured.length]);
      for (const contender of order) {
        const sample = measure(suites[contender], runner, files * tests);
        samples[contender].push(sample);
        log(
          `suite ${runner} ${contender} rep ${rep + 1}/${reps}: ${sample.cpu.toFixed(2)} s CPU, ` +
            `${sample.wall.toFixed(2)} s wall`,
        );
      }
    }
    const rows = measured.map((contender) => {
      const ratios = samples[contender].map((s, i) => s.cpu / samples.fake[i].cpu);
      const wallRatios = samples[contender].map((s, i) => s.wall / samples.fake[i].wall);
      return {
        contender,
        cpu: median(samples[contender].map((s) => s.cpu)),
        wall: median(samples[contender].map((s) => s.wall)),
        ratio: median(ratios),
        low: Math.min(...ratios),
        high: Math.max(...ratios),
        wallRatio: median(wallRatios),
        vsSdk: median(samples[contender].map((s, i) => s.cpu / samples.sdk[i].cpu)),
      };
    });
    // Ten files are enough for the slope, and keep the empty suites' twenty runs short.
    const perTest = missing === undefined
      ? entryPerTest({ runner, files: Math.min(files, 10), reps, log })
      : undefined;
    results.push({ runner, rows, missing, perTest });
  }
  return { files, tests, reps, runners: results };
}

/**
 * The setup entry's CPU per test, in µs: suites of empty tests with and without the
 * entry, at 1 and 21 tests per file; the slope between the two sizes leaves out what
 * the entry costs once per file (its import).
 */
function entryPerTest({ runner, files, reps, log }) {
  const sizes = [1, 21];
  const suites = {};
  for (const tests of sizes) {
    for (const contender of ['ours', 'ours+entry']) {
      suites[`${contender}/${tests}`] = writeSuite({
        runner,
        contender,
        files,
        tests,
        empty: true,
      });
    }
  }
  const keys = Object.keys(suites);
  for (const key of keys) measure(suites[key], runner, files * Number(key.split('/')[1]));
  const slopes = [];
  const perFile = [];
  for (let rep = 0; rep < reps; rep++) {
    const cpu = {};
    const order = keys.map((_, i) => keys[(i + rep) % keys.length]);
    for (const key of order) {
      cpu[key] = measure(suites[key], runner, files * Number(key.split('/')[1])).cpu;
    }
    const extra = (tests) => cpu[`ours+entry/${tests}`] - cpu[`ours/${tests}`];
    slopes.push(((extra(21) - extra(1)) / (files * 20)) * 1e6);
    perFile.push((extra(1) / files) * 1e3);
    log(`suite ${runner} entry per test rep ${rep + 1}/${reps}: ${slopes.at(-1).toFixed(0)} µs`);
  }
  return {
    perTestUs: median(slopes),
    lowUs: Math.min(...slopes),
    highUs: Math.max(...slopes),
    perFileMs: median(perFile),
  };
}

const RUNNER_TITLE = {
  vitest: 'Vitest (ESM)',
  jest: 'Jest (CommonJS)',
  node: 'node:test (ESM)',
};
const ENTRY_TITLE = {
  vitest: '`scripted-agents/vitest` in `setupFiles`',
  jest: '`scripted-agents/jest` in `setupFilesAfterEnv`',
  node: '`--import scripted-agents/node_test`',
};

/** The Markdown section of a `measureSuite()` result. */
export function suiteSection(result) {
  const lines = [
    '## A whole test suite under its runner',
    '',
    `${result.files} generated test files × ${result.tests} tests, each test a 3-turn tool loop ` +
    '(two calls of one zod tool, then the answer) over the real `Runner`, run by the real ' +
    'runner as a whole process tree. CPU is user + system time of every process of the tree; ' +
    `${result.reps} repetitions, contenders interleaved (the order rotates each repetition). ` +
    'The ratio is the median of the per-repetition ratios to the hand-written fake, with the ' +
    'lowest and highest ratio. Targets: ours with the setup entry ≤ 1.05× the fake and ≤ 1.00× ' +
    "the SDK's doubles.",
    '',
    '| runner | contender | CPU (median) | ÷ fake (spread) | ÷ SDK doubles | wall ÷ fake |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const { runner, rows, missing } of result.runners) {
    for (const row of rows) {
      const name = row.contender === 'ours+entry' ? `ours + ${ENTRY_TITLE[runner]}` : {
        fake: 'hand-written fake (floor)',
        sdk: "the SDK's `ScriptedModel`",
        ours: 'ours, no setup entry',
      }[row.contender];
      lines.push(
        `| ${RUNNER_TITLE[runner]} | ${name} | ${row.cpu.toFixed(2)} s | ${
          row.ratio.toFixed(3)
        }× (${row.low.toFixed(3)}–${row.high.toFixed(3)}) | ${row.vsSdk.toFixed(3)}× | ${
          row.wallRatio.toFixed(3)
        }× |`,
      );
    }
    if (missing !== undefined) {
      lines.push(
        `| ${RUNNER_TITLE[runner]} | ours + setup entry | not measured: the built package has no ` +
          `\`${missing}\` entry | | | |`,
      );
    }
  }
  lines.push('');
  const perTest = result.runners.filter((r) => r.perTest !== undefined);
  if (perTest.length > 0) {
    lines.push(
      "The setup entry's own cost, from suites of empty tests with and without it (1 and 21 " +
        'tests per file; the per-test figure is the slope, so the per-file import is left out of it):',
      '',
      "| runner | per test (spread) | per file (the entry's import, with what it loads) |",
      '| --- | ---: | ---: |',
    );
    for (const { runner, perTest: p } of perTest) {
      lines.push(
        `| ${RUNNER_TITLE[runner]} | ${p.perTestUs.toFixed(0)} µs (${p.lowUs.toFixed(0)} to ${
          p.highUs.toFixed(0)
        }) | ${p.perFileMs.toFixed(1)} ms |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const option = (name, fallback) =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const result = measureSuite({
    files: Number(option('files', '40')),
    tests: Number(option('tests', '5')),
    reps: Number(option('reps', '5')),
    runners: option('runners', 'vitest,jest,node').split(','),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  console.log(suiteSection(result));
}
