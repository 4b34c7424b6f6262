#!/usr/bin/env node
/**
 * `npm run bench`: runs bench/main.ts under Node, Deno and Bun (one process per
 * runtime, all variants side by side inside it), measures cold import times in
 * fresh processes, and writes the table to bench/RESULTS.md.
 *
 * Options:
 *   --runtimes=node,deno,bun   which runtimes to run (default: all three)
 *   --only=loop200,realtime    scenarios of bench/main.ts (default: all; cassette200 is the
 *                              cassette replay against a hand-written ScriptedModel; explore is
 *                              explored runs against the same runs scripted by hand, plus
 *                              finding and shrinking a failure)
 *   --quick                    one repetition each: a smoke test, not a result
 *   --full                     also run the streamed 1,000-turn loop (several minutes more)
 *   --cold-samples=N           fresh processes per cold-import variant (default 10, 3 with --quick)
 *   --no-cold                  skip the cold-import measurement
 *   --build                    run `npm run build` first (Node measures the built package)
 *   --out=PATH                 where to write the table (default bench/RESULTS.md)
 *   --no-suite                 skip the suite rows (bench/suite.mjs: generated test files run by
 *                              Vitest, Jest and node:test as whole process trees; needs npm/)
 *   --suite-files=N            test files per generated suite (default 40; 4 with --quick)
 *   --suite-tests=N            tests per file (default 5)
 *   --no-viewer                skip the viewer row (bench/viewer.mjs: a 200-turn cassette's page
 *                              opened from file:// in Chromium)
 *   --instructions[=TURNS]     Node and Deno, with valgrind (on by default when valgrind is on the
 *                              PATH; --no-instructions skips it): also count the machine instructions
 *                              of one TURNS-turn loop (default 200) per contender, minus a 1-turn
 *                              run (start-up); deterministic, unlike CPU time on a shared machine;
 *                              the streamed loop too (contenders bare-stream, sdk-stream, ours-stream);
 *                              with voice1000 selected, also 100 voice turns at the wire, the wire
 *                              floor against ScriptedRealtimeServer (bench/one_voice.ts)
 *   --wire-turns=N             voice turns of that wire count (default 100)
 *
 * Under Node ours is the built npm package (npm/), linked into a scratch
 * node_modules next to the compiled bench. When npm/ is missing or older than
 * the sources, the sources are compiled instead, and the table says so.
 */

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin, entryPoints, libraryDirs, packageName, root } from './_lib.mjs';

const scratch = path.join(root, '.cache', 'bench-node');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit === undefined ? fallback : hit.slice(name.length + 3);
};
const runtimes = option('runtimes', 'node,deno,bun').split(',');
const quick = args.includes('--quick');
const only = option('only', undefined);
const coldSamples = Number(option('cold-samples', quick ? '3' : '10'));
const outFile = path.resolve(root, option('out', 'bench/RESULTS.md'));
const full = args.includes('--full');
const hasValgrind = () => spawnSync('valgrind', ['--version'], { stdio: 'ignore' }).status === 0;
// The instruction rows are the tool loop's regression guard, so a plain `npm run bench` counts
// them wherever valgrind is installed; --quick smoke runs leave them out unless asked.
const instructionTurns = args.includes('--no-instructions')
  ? 0
  : args.includes('--instructions')
  ? 200
  : Number(option('instructions', quick || !hasValgrind() ? '0' : '200'));
const benchArgs = [
  ...(quick ? ['--quick'] : []),
  ...(full ? ['--full'] : []),
  ...(only ? [`--only=${only}`] : []),
];

const log = (line) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------
// Node preparation: compile bench/*.ts, and link (or compile) our package.

function newestMtime(dir, filter) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !filter(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    newest = Math.max(newest, fs.statSync(file).mtimeMs);
  }
  return newest;
}

function transpileDir(ts, from, to, { recursive = false } = {}) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const name = entry.name;
    // A library folder's subfolders (testing/'s rooms) are part of it.
    if (entry.isDirectory()) {
      if (recursive) transpileDir(ts, path.join(from, name), path.join(to, name), { recursive });
      continue;
    }
    if (!name.endsWith('.ts') || name.endsWith('.d.ts')) continue;
    const source = fs.readFileSync(path.join(from, name), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      fileName: name,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        rewriteRelativeImportExtensions: true,
        verbatimModuleSyntax: true,
      },
    });
    fs.writeFileSync(path.join(to, name.replace(/\.ts$/, '.js')), outputText);
  }
}

async function prepareNode() {
  const ts = (await import(path.join(root, 'node_modules', 'typescript', 'lib', 'typescript.js')))
    .default;
  fs.rmSync(scratch, { recursive: true, force: true });
  transpileDir(ts, path.join(root, 'bench'), path.join(scratch, 'bench'));
  fs.writeFileSync(path.join(scratch, 'package.json'), '{ "type": "module", "private": true }\n');
  const linked = path.join(scratch, 'node_modules', 'scripted-agents');
  fs.mkdirSync(path.dirname(linked), { recursive: true });

  const isSource = (name) => name.endsWith('.ts') && !name.endsWith('_test.ts');
  const sourcesAt = Math.max(
    ...libraryDirs().map((dir) => newestMtime(path.join(root, dir), isSource)),
    fs.statSync(path.join(root, 'mod.ts')).mtimeMs,
  );
  const builtAt = newestMtime(path.join(root, 'npm', 'esm'), (name) => name.endsWith('.js'));
  if (builtAt >= sourcesAt && fs.existsSync(path.join(root, 'npm', 'package.json'))) {
    fs.symlinkSync(path.join(root, 'npm'), linked, 'dir');
    return 'the built npm package (npm/)';
  }
  log('npm/ is missing or older than the sources: compiling the sources for Node instead');
  for (const dir of libraryDirs()) {
    transpileDir(ts, path.join(root, dir), path.join(linked, dir), { recursive: true });
  }
  transpileDir(ts, root, linked);
  fs.writeFileSync(
    path.join(linked, 'package.json'),
    JSON.stringify({
      name: packageName,
      type: 'module',
      exports: Object.fromEntries(entryPoints().map((e) => [e.subpath, `./${e.name}.js`])),
    }),
  );
  return 'the sources compiled with tsc (npm/ was stale)';
}

// ---------------------------------------------------------------------------
// Running the in-process benchmark.

function command(runtime) {
  switch (runtime) {
    case 'node':
      return {
        cmd: process.execPath,
        argv: ['--expose-gc', path.join(scratch, 'bench', 'main.js'), ...benchArgs],
        cwd: scratch,
      };
    case 'deno':
      return {
        cmd: bin('deno'),
        argv: [
          'run',
          '--allow-read',
          '--allow-env',
          '--v8-flags=--expose-gc',
          'bench/main.ts',
          ...benchArgs,
        ],
        cwd: root,
      };
    case 'bun':
      return { cmd: bin('bun'), argv: ['bench/main.ts', ...benchArgs], cwd: root };
    default:
      throw new Error(`unknown runtime ${runtime}`);
  }
}

function runBench(runtime) {
  const { cmd, argv, cwd } = command(runtime);
  log(`\n== ${runtime}: ${path.basename(cmd)} ${argv.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (code !== 0 || line === undefined) {
        reject(new Error(`${runtime} bench failed (exit ${code})\n${stdout}`));
      } else {
        resolve(JSON.parse(line.slice('BENCH_RESULT '.length)));
      }
    });
  });
}

// ---------------------------------------------------------------------------
// Cold import: a fresh process per sample, the two entries interleaved.

/**
 * What each cold-import variant imports, in order. "ours" is the package as npm
 * ships it (the bundled entry) on every runtime when npm/ is fresh; Deno and Bun
 * also time the sources (what `deno.json`/JSR serve). "floor" is the two public SDK
 * entries our testing entry must import (`Usage`, `Manifest`), without our code.
 */
function importers(runtime, built) {
  const bundle = pathToFileURL(path.join(root, 'npm', 'esm', 'testing', 'mod.js')).href;
  const ours = runtime === 'node' || !built ? ['scripted-agents/testing'] : [bundle];
  return {
    sdk: ['@openai/agents/testing'],
    ours,
    ...(runtime !== 'node' && built ? { sources: ['scripted-agents/testing'] } : {}),
    floor: ['@openai/agents-core', '@openai/agents-core/sandbox'],
  };
}

/**
 * The code of one cold-import sample. Importing leaves work on other threads (V8 compiles
 * and collects garbage in the background, about 45 ms of it after `@openai/agents` on Node),
 * and a process's CPU counter counts every thread: timed right after a preload, an import
 * would be charged with the preload's leftovers. So the sample waits, before and after the
 * timed import, until the process is idle (a 50 ms window that spends under 1 ms of CPU), and
 * charges the import with every CPU millisecond from its start to the start of that idle
 * window, its own background work included. Wall time is the import's alone.
 */
function coldImportCode(specifiers, preload) {
  const pre = preload.map((p) => `await import('${p}');`).join(' ');
  return 'const cpuNow = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; }; ' +
    'const settle = async () => { for (let i = 0; ; i++) { const start = cpuNow(); ' +
    'await new Promise((r) => setTimeout(r, 50)); ' +
    `if (cpuNow() - start < 1 || i === ${settleWindows}) return start; } }; ` +
    `${pre} await settle(); const c = cpuNow(); const t = performance.now(); ` +
    specifiers.map((s) => `await import('${s}');`).join(' ') +
    ' const w = performance.now() - t; const end = await settle(); ' +
    "console.log('COLD ' + w + ' ' + (end - c));";
}

/** Windows of 50 ms a sample waits for idleness at most (then it times what it has). */
const settleWindows = 60;

function coldImportOnce(runtime, specifiers, preload) {
  const code = coldImportCode(specifiers, preload);
  const { cmd, argv, cwd } = {
    node: { cmd: process.execPath, argv: ['--input-type=module', '-e', code], cwd: scratch },
    deno: { cmd: bin('deno'), argv: ['eval', code], cwd: root },
    bun: { cmd: bin('bun'), argv: ['-e', code], cwd: root },
  }[runtime];
  const result = spawnSync(cmd, argv, { cwd, encoding: 'utf8' });
  const line = result.stdout.split('\n').find((l) => l.startsWith('COLD '));
  if (result.status !== 0 || line === undefined) {
    throw new Error(`cold import of ${specifiers} on ${runtime} failed:\n${result.stderr}`);
  }
  const [wall, cpu] = line.slice(5).split(' ').map(Number);
  return { wall, cpu };
}

function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p) => {
    const i = (sorted.length - 1) * p;
    const lo = Math.floor(i);
    const hi = Math.ceil(i);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (i - lo);
  };
  const median = at(0.5);
  return {
    median,
    min: sorted[0],
    max: sorted[sorted.length - 1],
    spreadPct: median === 0 ? 0 : ((at(0.75) - at(0.25)) / 2 / median) * 100,
    samples,
  };
}

function coldImport(runtime, variants, preload = [], baseline = 'sdk') {
  const names = Object.keys(variants);
  const wall = Object.fromEntries(names.map((n) => [n, []]));
  const cpu = Object.fromEntries(names.map((n) => [n, []]));
  // Two untimed rounds fill the runtime's compile/transpile caches.
  for (let round = 0; round < coldSamples + 2; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length];
      const sample = coldImportOnce(runtime, variants[name], preload);
      if (round < 2) continue;
      wall[name].push(sample.wall);
      cpu[name].push(sample.cpu);
    }
  }
  return names.map((name) => ({
    name,
    ms: summarize(wall[name]),
    cpuMs: summarize(cpu[name]),
    ratio: summarize(cpu[name].map((ms, i) => ms / cpu[baseline][i])),
    wallRatio: summarize(wall[name].map((ms, i) => ms / wall[baseline][i])),
  }));
}

/** The entries whose own import is timed against their floor (the runner-bound ones need their runner). */
const floorEntries = ['', 'testing', 'realtime_testing', 'cassette', 'cassette_fs', 'runner'];

/**
 * The public SDK entries an entry of the built package loads with it: the bare `@openai/`
 * specifiers its ES module graph imports statically or awaits at a module's top level (the
 * sandbox entry). What ours cannot go below: that entry's floor.
 */
function sdkEntriesOf(entry) {
  const seen = new Set();
  const sdk = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/^(?:import|export)\b[^;]*?["']([^"']+)["']/gm)) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else if (specifier.startsWith('@openai/')) sdk.add(specifier);
    }
    // A top-level await of an import (the column-0 statements of a bundled chunk).
    for (
      const [, specifier] of text.matchAll(/^\S.*\bawait import\(["'](@openai\/[^"']+)["']\)/gm)
    ) {
      sdk.add(specifier);
    }
  };
  visit(path.join(root, 'npm', 'esm', entry === '' ? 'mod.js' : `${entry}/mod.js`));
  return [...sdk].sort();
}

/** Ours and its floor, for each entry that can be imported outside a runner. */
function entryFloors(runtime) {
  return floorEntries.map((entry) => {
    const specifier = entry === '' ? packageName : `${packageName}/${entry}`;
    const bundle = pathToFileURL(
      path.join(root, 'npm', 'esm', entry === '' ? 'mod.js' : `${entry}/mod.js`),
    ).href;
    const floor = sdkEntriesOf(entry);
    return {
      specifier,
      floor,
      variants: { floor, ours: [runtime === 'node' ? specifier : bundle] },
    };
  });
}

// ---------------------------------------------------------------------------
// Instruction counts: valgrind's cachegrind counts every instruction the
// process executes (all threads, JIT code included), with no cache model.

const v8Determinism = ['--predictable', '--hash-seed=42', '--random-seed=42'];

/** The command that runs a bench script under `runtime`, with V8's determinism flags. */
function instructionTarget(runtime, script) {
  return runtime === 'node'
    ? [process.execPath, ...v8Determinism, path.join(scratch, 'bench', `${script}.js`)]
    : [
      bin('deno'),
      'run',
      '--allow-read',
      '--allow-env',
      `--v8-flags=${v8Determinism.join(',')}`,
      `bench/${script}.ts`,
    ];
}

/** A bench script's arguments: turns, contender, and the file it replays, if any. */
const scriptArgs = (turns, contender, file) => [
  String(turns),
  contender,
  ...(file === undefined ? [] : [file]),
];

/**
 * Runs each contender once for one turn, outside valgrind and uncounted. The
 * first Deno run after the sources changed transpiles them (about 1 G
 * instructions, 9.49 G instead of 8.52 G in one 200-turn count), and the
 * TURNS-turn and 1-turn counts run side by side, so without this whichever
 * came first would carry the transpiling into the loop's figure.
 */
function warmUp(runtime, contenders, { script = 'one_loop', fileOf = () => undefined } = {}) {
  const [command, ...args] = instructionTarget(runtime, script);
  for (const contender of contenders) {
    const res = spawnSync(
      command,
      [...args, ...scriptArgs(1, contender, fileOf(contender))],
      {
        cwd: runtime === 'node' ? scratch : root,
        stdio: ['ignore', 'ignore', 'pipe'],
        encoding: 'utf8',
      },
    );
    if (res.status !== 0) {
      throw new Error(
        `warm-up ${script} ${contender} 1 failed (exit ${res.status}):\n${res.stderr}`,
      );
    }
  }
}

function countInstructions(runtime, turns, contender, file, script = 'one_loop') {
  // V8 without background threads or timing-dependent heuristics, and with fixed
  // hash and random seeds (otherwise each process hashes strings and lays out its
  // heap differently): repeated counts then agree to about 10 M instructions in
  // 8 G (unseeded, about 35 M, with rare outliers of 160 M).
  const target = instructionTarget(runtime, script);
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', [
      '--tool=cachegrind',
      '--cache-sim=no',
      '--cachegrind-out-file=/dev/null',
      ...target,
      ...scriptArgs(turns, contender, file),
    ], { cwd: runtime === 'node' ? scratch : root, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const refs = stderr.match(/I\s+refs:\s+([\d,]+)/)?.[1];
      if (code !== 0 || refs === undefined) {
        reject(
          new Error(`valgrind ${script} ${contender} ${turns} failed (exit ${code}):\n${stderr}`),
        );
      } else {
        resolve(Number(refs.replaceAll(',', '')));
      }
    });
  });
}

/** The cassette files the `cassette` contender replays, recorded once under Node (not counted). */
function recordCassettes(turns) {
  const files = {};
  for (const n of new Set([turns, 1])) {
    files[n] = path.join(scratch, `cassette-${n}.json`);
    execFileSync(
      process.execPath,
      [path.join(scratch, 'bench', 'one_loop.js'), String(n), 'record', files[n]],
      { cwd: scratch, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return files;
}

/**
 * Loop instructions per contender: a TURNS-turn run minus a 1-turn run, two at a
 * time. The cassette contender replays a recorded TURNS-turn (or 1-turn) loop,
 * loading its file included.
 */
async function instructionCounts(runtime, turns) {
  // Only what the rows of the selected scenarios compare (see `--only`).
  const wanted = (id) => only === undefined || only.split(',').includes(id);
  const contenders = [
    ...(wanted('loop200') ? ['bare', 'sdk'] : []),
    'ours',
    ...(wanted('loop200_stream') ? ['bare-stream', 'sdk-stream', 'ours-stream'] : []),
    ...(wanted('cassette200') ? ['cassette'] : []),
  ];
  const cassettes = contenders.includes('cassette') ? recordCassettes(turns) : {};
  warmUp(runtime, contenders, { fileOf: (c) => (c === 'cassette' ? cassettes[1] : undefined) });
  const jobs = contenders.flatMap((c) => [[c, turns], [c, 1]]);
  const counts = {};
  for (let i = 0; i < jobs.length; i += 2) {
    const batch = jobs.slice(i, i + 2);
    log(`  valgrind: ${batch.map(([c, n]) => `${c} ${n}`).join(', ')}`);
    const results = await Promise.all(
      batch.map(([c, n]) =>
        countInstructions(runtime, n, c, c === 'cassette' ? cassettes[n] : undefined)
      ),
    );
    batch.forEach(([c, n], k) => (counts[`${c}:${n}`] = results[k]));
  }
  return contenders.map((name) => ({
    name,
    loop: counts[`${name}:${turns}`] - counts[`${name}:1`],
    startup: counts[`${name}:1`],
  }));
}

/** Voice turns per instruction count of the wire rows (valgrind runs them about 50× slower). */
const wireInstructionTurns = Number(option('wire-turns', '100'));

/**
 * Voice-turn instructions of the wire floor and of ScriptedRealtimeServer: a
 * TURNS-turn run minus a 1-turn run (start-up), two at a time. The floor replays
 * the frames the server sent, recorded once under Node (not counted).
 */
async function wireInstructionCounts(runtime) {
  const turns = wireInstructionTurns;
  const files = {};
  for (const n of [turns, 1]) {
    files[n] = path.join(scratch, `voice-frames-${n}.txt`);
    execFileSync(
      process.execPath,
      [path.join(scratch, 'bench', 'one_voice.js'), String(n), 'record', files[n]],
      { cwd: scratch, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  const counts = { turns };
  warmUp(runtime, ['floor', 'wire'], { script: 'one_voice', fileOf: () => files[1] });
  for (const name of ['floor', 'wire']) {
    log(`  valgrind: voice ${name} ${turns}, ${name} 1`);
    const [many, one] = await Promise.all(
      [turns, 1].map((n) => countInstructions(runtime, n, name, files[n], 'one_voice')),
    );
    counts[name] = { loop: many - one, startup: one };
  }
  return counts;
}

function instructionRow(turns, counts) {
  if (!counts) return [];
  const by = Object.fromEntries(counts.map((c) => [c.name, c]));
  const fmt = (c) => `${(c.loop / 1e9).toFixed(2)} G`;
  const ratio = (c) => c.loop / by.bare.loop;
  const rows = [];
  if (by.bare) {
    rows.push(
      `| Tool loop, ${turns} turns, machine instructions (valgrind) | ${fmt(by.bare)} | ${
        fmt(by.sdk)
      } · **${ratio(by.sdk).toFixed(3)}×** | ${fmt(by.ours)} · **${
        ratio(by.ours).toFixed(3)
      }×** | ${
        (by.ours.loop / by.sdk.loop).toFixed(2)
      }× | guard: ours ≤ 1.06× bare (the detached call-time snapshot costs the rest) |`,
    );
  }
  const bareStream = by['bare-stream'];
  if (bareStream) {
    const sdk = by['sdk-stream'];
    const ours = by['ours-stream'];
    rows.push(
      `| Tool loop, ${turns} turns, streamed, machine instructions (valgrind) | ${
        fmt(bareStream)
      } | ${fmt(sdk)} · **${(sdk.loop / bareStream.loop).toFixed(3)}×** | ${fmt(ours)} · **${
        (ours.loop / bareStream.loop).toFixed(3)
      }×** | ${(ours.loop / sdk.loop).toFixed(2)}× | guard: ours ≤ 1.06× bare |`,
    );
  }
  if (by.cassette) {
    rows.push(
      `| Cassette replay, ${turns}-turn tool loop, machine instructions (valgrind) (ours: ScriptedModel → cassette) | — | — | ${
        fmt(by.ours)
      } → ${fmt(by.cassette)} | **${
        (by.cassette.loop / by.ours.loop).toFixed(3)
      }×** | cassette ≤ 1.10× ScriptedModel |`,
    );
  }
  return rows;
}

// ---------------------------------------------------------------------------
// The table.

function cpuModel() {
  try {
    const info = fs.readFileSync('/proc/cpuinfo', 'utf8');
    const model = info.match(/^model name\s*:\s*(.+)$/m)?.[1];
    if (model) return model.trim();
  } catch {
    // Not Linux: fall back to what Node reports.
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

const fmtMs = (s) =>
  `${s.median >= 100 ? s.median.toFixed(0) : s.median.toFixed(1)} ms ±${s.spreadPct.toFixed(0)}%`;
const fmtRatio = (s) => `${s.median.toFixed(2)}×`;
const fmtMiB = (s) => `${(s.median / 2 ** 20).toFixed(1)} MiB`;

const targets = {
  loop1000: 'ours ≤ 1.10× bare',
  cassette200: 'cassette ≤ 1.10× ScriptedModel',
  explore: 'explored ≤ 1.10× scripted by hand; ≥ 1,000 runs/s on Node',
  explore_shrink: 'find and shrink ≤ 2 s',
  heap: 'ours ≤ 0.25× SDK',
  realtime: 'ours ≤ 1.00× SDK',
  cold: 'ours ≤ 1.00× SDK',
  entryFloor: 'ours ≤ 1.10× its floor',
  wire: 'ours ≤ 1.5× floor',
};

function cell(v, baseline) {
  if (!v) return '—';
  const time = fmtMs(v.cpuMs);
  return v.name === baseline
    ? time
    : `${time} · **${fmtRatio(v.ratio)}** (wall ${fmtRatio(v.wallRatio)})`;
}

function timeRows(result) {
  const rows = [];
  for (const scenario of result.results) {
    const by = Object.fromEntries(scenario.variants.map((v) => [v.name, v]));
    if (scenario.id.startsWith('cassette')) {
      // Ours twice: the cassette replay against the hand-written ScriptedModel.
      rows.push(
        `| ${scenario.title} (ours: ScriptedModel → cassette) | — | — | ${
          cell(by.scripted, 'scripted')
        } → ${cell(by.cassette, 'scripted')} | ${fmtRatio(by.cassette.ratio)} | ${
          targets[scenario.id] ?? ''
        } |`,
      );
      continue;
    }
    if (scenario.id === 'explore' || scenario.id === 'explore_built_once') {
      // The same behaviours played by a BehaviourModel and scripted by hand; then exploreAgent;
      // the bare column is the SDK's run with a hand-written model replaying the same answers.
      const runs = Number(scenario.title.match(/, (\d+) runs/)?.[1] ?? 0);
      const perSecond = (v) =>
        `${Math.round(runs / (v.cpuMs.median / 1000)).toLocaleString('en-US')} runs/s`;
      const bare = by.bare ? `${fmtMs(by.bare.cpuMs)} · ${perSecond(by.bare)}` : '—';
      rows.push(
        `| ${scenario.title} (ours: ScriptedModel → BehaviourModel) | ${bare} | — | ${
          cell(by.scripted, 'scripted')
        } → ${cell(by.explored, 'scripted')} | ${
          fmtRatio(by.explored.ratio)
        } | ${targets.explore} |`,
        `| exploreAgent(), ${runs} runs (generation, offline guard and check included) | — | — | ${
          cell(by.exploreAgent, 'scripted')
        } · ${perSecond(by.exploreAgent)} | ${fmtRatio(by.exploreAgent.ratio)} | |`,
      );
      continue;
    }
    if (scenario.id === 'explore_shrink') {
      rows.push(
        `| ${scenario.title} | — | — | ${fmtMs(by.shrink.cpuMs)} (wall ${
          fmtMs(by.shrink.ms)
        }) | — | ${targets.explore_shrink} |`,
      );
      continue;
    }
    const oursVsSdk = by.ours && by.sdk
      ? `${(by.ours.cpuMs.median / by.sdk.cpuMs.median).toFixed(2)}×`
      : '—';
    const target = scenario.id === 'realtime' ? targets.realtime : targets[scenario.id] ?? '';
    if (scenario.id === 'voice1000') {
      rows.push(...wireRows(scenario, by));
      continue;
    }
    rows.push(
      `| ${scenario.title} | ${cell(by.bare, scenario.baseline)} | ${
        cell(by.sdk, scenario.baseline)
      } | ${cell(by.ours, scenario.baseline)} | ${oursVsSdk} | ${target} |`,
    );
    if (by.ours_unchecked) {
      // Ours above runs with the script check on (the default); this row is the same double
      // with `validate: false`, so the difference is what the check costs.
      rows.push(
        `| ${scenario.title}, ours with the script check off | ${
          cell(by.bare, scenario.baseline)
        } | — | ${cell(by.ours_unchecked, scenario.baseline)} | check on/off ${
          (by.ours.cpuMs.median / by.ours_unchecked.cpuMs.median).toFixed(3)
        }× | |`,
      );
    }
    if (scenario.variants.some((v) => v.retained)) {
      const heap = (name) => (by[name]?.retained ? fmtMiB(by[name].retained) : '—');
      const ratio = by.ours?.retained && by.sdk?.retained
        ? `**${(by.ours.retained.median / by.sdk.retained.median).toFixed(3)}×**`
        : '—';
      rows.push(
        `| Retained heap after ${scenario.title.toLowerCase()} | ${heap('bare')} | ${
          heap('sdk')
        } | ${heap('ours')} | ${ratio} | ${targets.heap} |`,
      );
    }
  }
  return rows;
}

/**
 * The voice-turn rows: the transport doubles (SDK's, ours) and the server
 * double (`wire`: the SDK's real WebSocket transport over the fake socket),
 * with the cost per turn; ratios are to the SDK's transport double (the first variant).
 */
function wireRows(scenario, by) {
  const turns = Number(scenario.title.replace(/[^0-9]/g, ''));
  const perTurn = (v) => (v ? `${((v.cpuMs.median / turns) * 1000).toFixed(0)} µs/turn` : '—');
  const oursVsSdk = by.ours && by.sdk
    ? `${(by.ours.cpuMs.median / by.sdk.cpuMs.median).toFixed(2)}×`
    : '—';
  return [
    `| ${scenario.title}: transport doubles (${perTurn(by.sdk)} SDK, ${
      perTurn(by.ours)
    } ours) | — | ${cell(by.sdk, scenario.baseline)} | ${
      cell(by.ours, scenario.baseline)
    } | ${oursVsSdk} | |`,
    `| ${scenario.title}: \`ScriptedRealtimeServer\` through the real WebSocket transport (${
      perTurn(by.wire)
    }) | — | — | ${
      cell(by.wire, scenario.baseline)
    } | — | the cost of running the SDK's protocol code; ratio to the SDK's transport double |`,
    ...wireFloorRow(scenario, by, perTurn),
  ];
}

/**
 * The server against the wire floor (the same real transport over a socket that
 * replays the server's recorded frames): what is left is ours alone. The ratio is
 * the median of the per-repetition ratios, like every bold ratio.
 */
function wireFloorRow(scenario, by, perTurn) {
  if (!by.floor || !by.wire) return [];
  const ratio = summarize(by.wire.cpuMs.samples.map((ms, i) => ms / by.floor.cpuMs.samples[i]));
  const wall = summarize(by.wire.ms.samples.map((ms, i) => ms / by.floor.ms.samples[i]));
  return [
    `| ${scenario.title}: wire floor (a) vs \`ScriptedRealtimeServer\` (c), the same real transport (${
      perTurn(by.floor)
    } floor, ${perTurn(by.wire)} ours) | ${fmtMs(by.floor.cpuMs)} | — | ${
      fmtMs(by.wire.cpuMs)
    } · **${fmtRatio(ratio)}** (wall ${fmtRatio(wall)}) | — | ${targets.wire} |`,
  ];
}

/** The wire instruction row: ours (ScriptedRealtimeServer) against the wire floor. */
function wireInstructionRow(counts) {
  if (!counts) return [];
  const fmt = (c) => `${(c.loop / 1e9).toFixed(2)} G`;
  // The loop is a TURNS-turn run minus a 1-turn run: TURNS − 1 turns.
  const perTurn = (c) => `${(c.loop / (counts.turns - 1) / 1e6).toFixed(2)} M/turn`;
  return [
    `| Realtime voice turns, ${counts.turns}: wire floor (a) vs \`ScriptedRealtimeServer\` (c), machine instructions (valgrind; ${
      perTurn(counts.floor)
    } floor, ${perTurn(counts.wire)} ours) | ${fmt(counts.floor)} | — | ${fmt(counts.wire)} · **${
      (counts.wire.loop / counts.floor.loop).toFixed(3)
    }×** | — | ${targets.wire} |`,
  ];
}

function coldRows({ title, rows: cold, floorOf }) {
  if (!cold) return [];
  const by = Object.fromEntries(cold.map((v) => [v.name, v]));
  if (floorOf !== undefined) {
    return [
      `| ${title} | ${cell(by.floor, 'floor')} | — | ${cell(by.ours, 'floor')} | ${
        fmtRatio(by.ours.ratio)
      } | ${targets.entryFloor} |`,
    ];
  }
  const row = (label, name, target) =>
    `| ${label} | — | ${cell(by.sdk, 'sdk')} | ${cell(by[name], 'sdk')} | ${
      fmtRatio(by[name].ratio)
    } | ${target} |`;
  return [
    row(title, 'ours', targets.cold),
    ...(by.sources ? [row(`${title}: ours from the sources`, 'sources', '')] : []),
    ...(by.floor
      ? [
        row(
          `${title}: only the SDK entries ours imports (floor)`,
          'floor',
          'what ours cannot go below',
        ),
      ]
      : []),
  ];
}

function markdown(runs, nodeOurs, started, loads) {
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (scripts/run_bench.mjs) on ${started.toISOString()}` +
    `${quick ? ' in **--quick** mode (one repetition: a smoke test, not a result)' : ''}.`,
    '',
    `- Machine: ${cpuModel()}, ${os.cpus().length} cores, ${
      (os.totalmem() / 2 ** 30).toFixed(0)
    } GiB, ` +
    `${os.type()} ${os.release()}; load average ${loads.start} at start, ${loads.end} at the end ` +
    '(a shared machine: compare the ratios, not the absolute times).',
    `- Runtimes: ${
      runs.map(({ result }) =>
        `${result.runtime.name} ${result.runtime.version} (${result.runtime.engine})`
      ).join(', ')
    }.`,
    '- Contenders: **bare** = a hand-written `Model` returning precomputed responses, no recording ' +
    '(the floor); **sdk** = `ScriptedModel` / `ScriptedRealtimeTransport` from `@openai/agents` ' +
    '0.20.0 (competitor); **ours** = scripted-agents (Deno and Bun: the sources; Node: ' +
    `${nodeOurs}).`,
    '- Cells: median process CPU time (user + system, all threads, so GC and JIT count) ± half the ' +
    "interquartile range; **bold** = median of the per-repetition CPU-time ratios to the row's " +
    'baseline (bare for the tool loop, SDK for realtime and imports), the same ratio on wall-clock ' +
    'time in brackets. CPU time, because the machine is shared: wall time also counts the time other ' +
    'processes held the cores. Variants are interleaved in every repetition, each sample after a ' +
    'forced GC. "ours ÷ SDK" divides the CPU medians (heap: retained bytes).',
    '- Tool loop: the real `Runner` (`tracingDisabled`), one zod tool, N − 1 function calls and a ' +
    'final message; 200 turns: 1 warm-up + 5 repetitions, 1,000 turns: 5 repetitions (after the ' +
    '200-turn runs warmed the JIT). Streamed rows use automatic stream synthesis (the streamed ' +
    '1,000-turn row only with `--full`). Retained heap: bytes still reachable after the 1,000-turn run ' +
    'with the model (and its recorded calls) kept and the run result dropped, after a forced GC.',
    '- Realtime: one `runScenario` with connect, 10,000 `sendEvent`→`expectCall` (with matcher)→' +
    '`emit` round trips, close; 1 warm-up + 7 repetitions.',
    '- Cassette replay: the 200-turn tool loop recorded once (on our `ScriptedModel`, outside the ' +
    'timing), then each sample parses and loads the cassette text, replays the loop and closes the ' +
    'cassette, interleaved with the same loop on a hand-written `ScriptedModel`; 2 warm-ups + 11 ' +
    'repetitions. The instruction row replays the recorded file in a fresh process (its loading ' +
    'included), minus a replayed 1-turn cassette.',
    '- Realtime voice turns: a real `RealtimeSession`, 1,000 turns of "the user speaks, the ' +
    'assistant answers with 200 ms of audio", through a transport double (normalized events) and ' +
    'through `ScriptedRealtimeServer` (`userSpeaks` + `assistantAnswers`: 24 Realtime API events per ' +
    "turn over the fake socket, parsed by the SDK's `OpenAIRealtimeWebSocket`); 3 repetitions. " +
    'The wire floor runs the same real transport over the least socket it accepts, replaying the ' +
    'frames the server sent (recorded once, untimed) and ignoring what the client sends; it must end ' +
    'with the same history. What ours costs above it is ours alone.',
    '- Exploration: a support desk of 2 agents (Triage hands off to Billing) and 3 tools, two ' +
    'behind an approval, 200 generated behaviours of ≤ 5 model calls on the real `Runner`, ' +
    'approvals decided and resumed; 1 warm-up + 5 repetitions. **scripted**: each run on a ' +
    "hand-written `ScriptedModel` of the steps that behaviour recorded (the rows' baseline); " +
    '**bare**: the same runs on a hand-written `Model` that returns the very responses the ' +
    "behaviour gave and records nothing, so its runs/s is the SDK's own ceiling for this app; " +
    '**explored**: a `BehaviourModel` playing the behaviour; `exploreAgent()`: the same count of ' +
    'runs with generation, offline guard and check. "agents built once": the agents are defined ' +
    "once and each run passes its model as the runner's `modelProvider`, as an app with " +
    'module-level agents does.',
    `- Cold import: a fresh process per sample (${coldSamples} per variant after 2 untimed rounds), ` +
    "timing `await import(entry)` inside it. CPU is charged from the import's start until the " +
    'process is idle again (a 50 ms window under 1 ms of CPU), so the compiling and collecting ' +
    'it leaves to background threads count, and the sample first waits for the same idleness ' +
    "after its preload, so the preload's leftovers (about 45 ms after `@openai/agents` on Node) " +
    'do not. Ours is the published package (the bundled ESM entry) ' +
    'on every runtime; Deno and Bun also time the sources. "after …": the process has already ' +
    "imported what a test file imports first, so only the testing entry's own cost is timed. The " +
    '"floor" row imports only `@openai/agents-core` and `@openai/agents-core/sandbox`, the public ' +
    "entries that export `Usage` and `Manifest`: the SDK's double deep-imports smaller internal files, " +
    "which are not part of the SDK's public exports and so are off limits to a third party. The " +
    '"ours ÷ its floor" rows time each entry that loads outside a runner against the public SDK ' +
    'entries its module graph loads (read from the bundle: static imports and top-level awaits).',
    ...(instructionTurns > 0
      ? [
        '- Machine instructions: valgrind (cachegrind, no cache model) counts every instruction of ' +
        'one fresh process (all threads, JIT code included), minus a 1-turn run of the same ' +
        `contender (start-up). V8 runs with \`${v8Determinism.join(' ')}\` (Node's flags; Deno's ` +
        '`--v8-flags`), so two runs of one contender agree to about 10 M in 8 G; unseeded they ' +
        'differ by about 35 M. Each contender first runs once, uncounted, so that a Deno count ' +
        'never includes transpiling changed sources. The tool-loop rows are a regression guard (ours ≤ 1.06× bare): what ' +
        'ours costs above the floor there is the detached snapshot of every request at call time ' +
        'that the drop-in contract needs.',
      ]
      : []),
    '',
  ];
  for (const { result, cold, instructions, wireInstructions } of runs) {
    const rt = result.runtime;
    lines.push(
      `## ${rt.name} ${rt.version} (${rt.engine})${result.forcedGc ? '' : ' — no forced GC'}`,
    );
    lines.push('');
    lines.push('| Scenario | bare (a) | SDK double (b) | ours (c) | ours ÷ SDK | target |');
    lines.push('|---|---|---|---|---|---|');
    lines.push(...timeRows(result));
    lines.push(...instructionRow(instructionTurns, instructions));
    lines.push(...wireInstructionRow(wireInstructions));
    for (const item of cold ?? []) lines.push(...coldRows(item));
    lines.push('');
  }
  const baseline = path.join(root, 'bench', 'BASELINE.md');
  if (outFile !== baseline && fs.existsSync(baseline)) {
    lines.push(
      'The table measured before the optimisation work is kept in [BASELINE.md](BASELINE.md).',
    );
    lines.push('');
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------

const started = new Date();
// The viewer row comes last, after most of an hour of measuring: a missing browser fails now.
if (!args.includes('--no-viewer')) {
  const { chromium } = await import('../bench/viewer.mjs');
  if (chromium() === undefined) {
    process.stderr.write(
      'run_bench: the viewer row needs Chromium, and none was found. Install it ' +
        '(Debian: apt-get install chromium), point CHROMIUM_PATH at one, or pass --no-viewer.\n',
    );
    process.exit(2);
  }
}
const loads = { start: os.loadavg().map((l) => l.toFixed(1)).join(' '), end: '' };
if (args.includes('--build')) {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const nodeOurs = await prepareNode();
log(`Node measures ours from ${nodeOurs}`);

const runs = [];
for (const runtime of runtimes) {
  const result = await runBench(runtime);
  let cold;
  if (!args.includes('--no-cold')) {
    log(`${runtime}: cold import, ${coldSamples} fresh processes per variant`);
    const built = nodeOurs.startsWith('the built');
    cold = [
      {
        title: 'Cold import of the testing entry',
        rows: coldImport(runtime, importers(runtime, built)),
      },
      {
        title: 'Cold import after @openai/agents',
        rows: coldImport(runtime, importers(runtime, built), ['@openai/agents']),
      },
      {
        title: 'Cold import after @openai/agents and its sandbox entry',
        rows: coldImport(runtime, importers(runtime, built), [
          '@openai/agents',
          '@openai/agents/sandbox',
        ]),
      },
    ];
    if (built) {
      for (const { specifier, floor, variants } of entryFloors(runtime)) {
        cold.push({
          title: `Cold import after @openai/agents: \`${specifier}\`, ours ÷ its floor (${
            floor.map((f) => `\`${f}\``).join(', ')
          })`,
          floorOf: specifier,
          rows: coldImport(runtime, variants, ['@openai/agents'], 'floor'),
        });
      }
    }
    for (const { title, rows, floorOf } of cold) {
      for (const v of rows) {
        log(
          `  ${title}: ${v.name.padEnd(7)} cpu ${fmtMs(v.cpuMs)}  ${fmtRatio(v.ratio)} ${
            floorOf === undefined ? 'sdk' : 'floor'
          }`,
        );
      }
    }
  }
  let instructions;
  // JavaScriptCore has no deterministic mode, so Bun gets no instruction row.
  if (runtime !== 'bun' && instructionTurns > 0) {
    log(`${runtime}: instructions of one ${instructionTurns}-turn loop per contender (valgrind)`);
    instructions = await instructionCounts(runtime, instructionTurns);
    for (const c of instructions) {
      log(`  ${c.name.padEnd(5)} loop ${(c.loop / 1e9).toFixed(3)} G instructions`);
    }
  }
  let wireInstructions;
  if (
    runtime !== 'bun' && instructionTurns > 0 &&
    (only === undefined || only.split(',').includes('voice1000'))
  ) {
    log(
      `${runtime}: instructions of ${wireInstructionTurns} voice turns, floor and ours (valgrind)`,
    );
    wireInstructions = await wireInstructionCounts(runtime);
    for (const name of ['floor', 'wire']) {
      log(
        `  voice ${name.padEnd(5)} ${
          (wireInstructions[name].loop / 1e9).toFixed(3)
        } G instructions`,
      );
    }
  }
  runs.push({ result, cold, instructions, wireInstructions });
}
let viewer = '';
if (!args.includes('--no-viewer')) {
  log('viewer: a 200-turn cassette rendered by `scripted-agents view`, opened in Chromium');
  const { measureViewer, viewerSection } = await import('../bench/viewer.mjs');
  viewer = `\n${viewerSection(await measureViewer({ samples: quick ? 1 : 7 }))}`;
}
let suite = '';
if (!args.includes('--no-suite')) {
  log('suite: generated test files under Vitest, Jest and node:test, whole process trees');
  const { measureSuite, suiteSection } = await import('../bench/suite.mjs');
  suite = `\n${
    suiteSection(measureSuite({
      files: Number(option('suite-files', quick ? '4' : '40')),
      tests: Number(option('suite-tests', '5')),
      reps: quick ? 1 : 5,
      log,
    }))
  }`;
}
loads.end = os.loadavg().map((l) => l.toFixed(1)).join(' ');

fs.writeFileSync(outFile, `${markdown(runs, nodeOurs, started, loads)}${viewer}${suite}\n`);
// The repository's formatter checks Markdown too; write the table the way it wants it.
spawnSync(bin('deno'), ['fmt', '--quiet', outFile], { cwd: root, stdio: 'inherit' });
log(
  `\nwrote ${path.relative(root, outFile)} in ${
    ((Date.now() - started.getTime()) / 1000).toFixed(0)
  } s`,
);
