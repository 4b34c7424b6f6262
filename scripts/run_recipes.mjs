#!/usr/bin/env node
// deno-lint-ignore-file no-console
// `npm run recipes`: runs every recipe (tests/recipes/*_test.ts, complete tests
// written the way a user of the package writes them) under Deno, Bun and Node, and prints a recipe × runtime table with
// pass/fail and time, then a total. Exits non-zero if any recipe fails.
//
// Deno and Bun run the TypeScript sources (`scripted-agents/*` is mapped to the
// sources by deno.json / tsconfig.json). Node runs the recipes as compiled by
// scripts/build_npm.mjs into npm/esm/tests/recipes/, against the built package:
// the bare specifiers go through the package's real `exports` map. npm/ is
// (re)built first (`--build-only`) when it is missing or older than
// the sources.
//
// Recipes whose file name ends in `_loopback_test.ts` start a server on
// 127.0.0.1; Deno runs them with `--allow-net=127.0.0.1` and nothing wider.
//
// Options: --runtime=deno,bun,node (default: all)  --only=name,name (recipes by file name without
// `_test.ts`, e.g. --only=realtime_inline_transport; default: all)  --no-build  --rebuild

import fs from 'node:fs';
import path from 'node:path';
import {
  bin,
  denoTestArgs,
  exec as run,
  fail as failWith,
  junitCases,
  libraryDirs,
  root,
  seconds,
} from './_lib.mjs';

const recipesDir = path.join(root, 'tests', 'recipes');
const cacheDir = path.join(root, '.cache', 'recipes');

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runtimes = (option('runtime') ?? 'deno,bun,node').split(',').filter(Boolean);
for (const name of runtimes) {
  if (!['deno', 'bun', 'node'].includes(name)) fail(`unknown runtime "${name}"`);
}

const recipeName = (file) => path.basename(file).replace(/_test\.(ts|js)$/, '');
const only = option('only')?.split(',').filter(Boolean);
const allRecipeFiles = fs.readdirSync(recipesDir).filter((f) => f.endsWith('_test.ts')).sort();
if (allRecipeFiles.length === 0) fail(`no recipes found in ${recipesDir}`);
for (const name of only ?? []) {
  if (!allRecipeFiles.some((f) => recipeName(f) === name)) {
    fail(`--only: no recipe "${name}" in tests/recipes/ (names are file names without _test.ts)`);
  }
}
const recipeFiles = only === undefined
  ? allRecipeFiles
  : allRecipeFiles.filter((f) => only.includes(recipeName(f)));
const recipes = recipeFiles.map(recipeName);

fs.mkdirSync(cacheDir, { recursive: true });

/** @type {Map<string, Map<string, {passed: boolean, tests: number, ms: number, failures: string[]}>>} */
const results = new Map(runtimes.map((r) => [r, new Map()]));
const wall = new Map();
let buildMs = 0;
const notes = [];

for (const runtime of runtimes) {
  const started = performance.now();
  const run = { deno: runDeno, bun: runBun, node: runNode }[runtime];
  const byRecipe = run(recipeFiles);
  // A file that produced no report at all (e.g. a type-check error aborting the
  // whole Deno run) is rerun alone, so one broken recipe cannot hide the others.
  const missing = recipeFiles.filter((f) => !byRecipe.has(recipeName(f)));
  if (missing.length > 0 && missing.length < recipeFiles.length) {
    for (const file of missing) {
      for (const [name, result] of run([file])) byRecipe.set(name, result);
    }
  }
  results.set(runtime, byRecipe);
  // The npm build before the Node run is reported on its own line.
  wall.set(runtime, performance.now() - started - (runtime === 'node' ? buildMs : 0));
}

printTable();
const failed = [...results.values()].flatMap((m) => recipes.filter((r) => !m.get(r)?.passed));
process.exit(failed.length > 0 ? 1 : 0);

// ---------------------------------------------------------------------------

function runDeno(files) {
  // Deno's JUnit report names the module that called `Deno.test`. The recipes
  // register through tests/_node_test_shim.ts and the harness, so every test
  // would be attributed to the harness. One run per recipe file keeps the
  // attribution exact whatever module registers the tests.
  // One type-check of all of them first (the per-file runs would each repeat it);
  // should it fail, every file is checked again in its own run, so the error is
  // attributed to its recipe.
  const paths = files.map((file) => path.join('tests', 'recipes', file));
  const checked = exec(bin('deno'), ['check', ...paths]).status === 0;
  const byRecipe = new Map();
  for (const file of files) {
    const junit = path.join(cacheDir, `deno-${recipeName(file)}.xml`);
    fs.rmSync(junit, { force: true });
    const res = exec(bin('deno'), [
      // The suite's permissions and sanitizers: the recipes must pass with them on.
      ...denoTestArgs,
      ...(file.endsWith('_loopback_test.ts') ? ['--allow-net=127.0.0.1'] : []),
      ...(checked ? ['--no-check'] : []),
      `--junit-path=${junit}`,
      path.join('tests', 'recipes', file),
    ]);
    for (const [, result] of collectJunit(junit, res, 'deno', () => recipeName(file))) {
      byRecipe.set(recipeName(file), result);
    }
  }
  return byRecipe;
}

function runBun(files) {
  const junit = path.join(cacheDir, 'bun.xml');
  fs.rmSync(junit, { force: true });
  const res = exec(bin('bun'), [
    'test',
    // Bun's default 5 s per test is too tight on a loaded 2-core machine (the suite's own runs
    // use the same limit).
    '--timeout',
    '60000',
    '--reporter=junit',
    `--reporter-outfile=${junit}`,
    // A leading ./ makes bun treat the arguments as paths, not name filters.
    ...files.map((f) => `./${path.join('tests', 'recipes', f)}`),
  ]);
  return collectJunit(junit, res, 'bun');
}

function runNode(files) {
  ensureBuilt();
  // scripts/build_npm.mjs compiles tests/ into npm/esm/tests/, where the bare
  // `scripted-agents/*` specifiers resolve to the package itself (self-reference).
  const compiled = files.map((file) =>
    path.join(root, 'npm', 'esm', 'tests', 'recipes', file.replace(/\.ts$/, '.js'))
  );
  for (const file of compiled) {
    if (!fs.existsSync(file)) fail(`${path.relative(root, file)} was not built`);
  }
  const res = exec(process.execPath, [
    '--test',
    `--test-reporter=${path.join(root, 'scripts', '_node_json_reporter.mjs')}`,
    ...compiled,
  ]);
  const byRecipe = new Map();
  for (const line of res.stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const event = JSON.parse(line);
    const result = entry(byRecipe, recipeName(event.file));
    result.tests += 1;
    result.ms += event.ms;
    if (!event.passed) {
      result.passed = false;
      result.failures.push(`${event.name}: ${event.message}`);
    }
  }
  noteCrash(byRecipe, res, 'node');
  return byRecipe;
}

function collectJunit(junitPath, res, runtime, attribute = (file) => recipeName(file)) {
  const byRecipe = new Map();
  const xml = fs.existsSync(junitPath) ? fs.readFileSync(junitPath, 'utf8') : '';
  for (const testCase of junitCases(xml)) {
    if (!testCase.file) continue;
    const result = entry(byRecipe, attribute(testCase.file));
    result.tests += 1;
    result.ms += testCase.ms;
    if (!testCase.passed) {
      result.passed = false;
      result.failures.push(`${testCase.name}: ${testCase.message ?? 'failed'}`);
    }
  }
  noteCrash(byRecipe, res, runtime);
  return byRecipe;
}

function entry(map, name) {
  if (!map.has(name)) map.set(name, { passed: true, tests: 0, ms: 0, failures: [] });
  return map.get(name);
}

function noteCrash(byRecipe, res, runtime) {
  const everyPassed = [...byRecipe.values()].every((r) => r.passed);
  if (res.status !== 0 && everyPassed) {
    // The runner failed without attributing the failure to a recipe (a load or
    // type-check error): show its output so the table's "no result" is explained.
    notes.push(`${runtime} exited with ${res.status}:\n${tail(res.stdout + res.stderr, 40)}`);
  }
}

function ensureBuilt() {
  const pkg = path.join(root, 'npm', 'package.json');
  const sources = [
    'mod.ts',
    'deno.json',
    ...libraryDirs(),
    'tests',
    'tsconfig.build.json',
    'tsdown.config.mjs',
    'scripts/build_npm.mjs',
  ];
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  const stale = !fs.existsSync(pkg) || fs.statSync(pkg).mtimeMs < newest;
  if (args.includes('--no-build') || (!stale && !args.includes('--rebuild'))) {
    if (!fs.existsSync(pkg)) fail('npm/ is not built (run `npm run build`)');
    return;
  }
  const started = performance.now();
  // Only the build (no suite, smoke or consumer run): the recipes are the test here.
  const res = exec(process.execPath, ['scripts/build_npm.mjs', '--build-only']);
  if (res.status !== 0) fail(`npm build failed:\n${tail(res.stdout + res.stderr, 60)}`);
  buildMs = performance.now() - started;
  notes.push(`built npm/ in ${seconds(buildMs)} before the Node run (not in the node wall time)`);
}

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

// --- output -----------------------------------------------------------------

function printTable() {
  const nameWidth = Math.max(6, ...recipes.map((r) => r.length));
  const cellWidth = 16;
  const cell = (result) => {
    if (result === undefined) return 'FAIL no result'.padEnd(cellWidth);
    const status = result.passed ? 'pass' : 'FAIL';
    return `${status} ${String(Math.round(result.ms)).padStart(5)} ms`.padEnd(cellWidth);
  };
  const lines = [];
  lines.push(`${'recipe'.padEnd(nameWidth)}  ${runtimes.map((r) => r.padEnd(cellWidth)).join('')}`);
  lines.push(
    `${'-'.repeat(nameWidth)}  ${runtimes.map(() => '-'.repeat(cellWidth - 2) + '  ').join('')}`,
  );
  for (const recipe of recipes) {
    const cells = runtimes.map((r) => cell(results.get(r).get(recipe))).join('');
    lines.push(`${recipe.padEnd(nameWidth)}  ${cells}`);
  }
  lines.push(
    `${'wall (process)'.padEnd(nameWidth)}  ${
      runtimes.map((r) => `${seconds(wall.get(r)).padStart(13)}`.padEnd(cellWidth)).join('')
    }`,
  );
  console.log(lines.join('\n'));
  console.log();

  for (const runtime of runtimes) {
    for (const recipe of recipes) {
      const result = results.get(runtime).get(recipe);
      for (const failure of result?.failures ?? []) {
        console.log(`FAIL ${recipe} [${runtime}] ${failure}`);
      }
    }
  }
  for (const note of notes) console.log(note);
  const cells = runtimes.length * recipes.length;
  const passedCells = runtimes.reduce(
    (n, r) => n + recipes.filter((recipe) => results.get(r).get(recipe)?.passed).length,
    0,
  );
  const tests = runtimes.reduce(
    (n, r) => n + [...results.get(r).values()].reduce((m, x) => m + x.tests, 0),
    0,
  );
  const totalWall = [...wall.values()].reduce((a, b) => a + b, buildMs);
  console.log(
    `total: ${passedCells}/${cells} recipe runs passed (${recipes.length} recipes × ${runtimes.length} ` +
      `runtimes, ${tests} tests) in ${seconds(totalWall)}`,
  );
  // The plain closing line CI output readers look for.
  console.log(`recipes: ${passedCells} passed, ${cells - passedCells} failed`);
}

// --- helpers ----------------------------------------------------------------

function exec(command, commandArgs) {
  try {
    return run(command, commandArgs);
  } catch (error) {
    fail(error.message);
  }
}

function tail(text, lines) {
  return text.trimEnd().split('\n').slice(-lines).map((l) => `  ${l}`).join('\n');
}

function fail(message) {
  failWith('run_recipes', message, 2);
}
