#!/usr/bin/env node
// deno-lint-ignore-file no-console
// `npm run compat`: which SDK releases each double works with, measured.
//
// For the newest patch of every SDK minor (from the registry) and each declared
// floor (`sdkFloors`, which may be an older patch of its minor), installs the built
// package next to that release (cached under .cache/sdk/, see _sdk_projects.mjs) and
// runs the built suite there, one group of test files per double, recipes included.
// Tests that compare our doubles with the SDK's own run only where the SDK has them
// (0.16 and later). Prints an SDK × double table (pass/fail, tests, time), writes it to
// docs/reports/compat.md, and derives each double's floor: the oldest release from which its whole
// group passes on every later release. It fails when a measured floor differs from
// the declared one (`sdkFloors` in scripts/_lib.mjs), which the peer range, the
// sandbox doubles' error and docs/compatibility.md state.
//
// Options: --sdk=0.3.9,0.20.0   only these releases (floors are then not checked)
//          --from=0.3           start at this minor (default: the oldest published)
//          --groups=model,cassette  only these groups of test files (floors are then not
//                               checked, no report written unless --out); with --sdk,
//                               what fails just below a floor
//          --out=PATH           where the table goes (default docs/reports/compat.md; '-' for none)
//          --no-build           fail instead of building a missing npm/
//          --types-only         only type-check the recipes (fast; no test runs)
//          --docs               also rewrite the compact table of docs/compatibility.md
//                               (between its <!-- compat:start --> and <!-- compat:end -->)

import fs from 'node:fs';
import path from 'node:path';
import {
  bin,
  compareVersions,
  exec,
  fail as failWith,
  readJson,
  root,
  sdkFloors,
  seconds,
} from './_lib.mjs';
import {
  doubleGroups,
  groupTestFiles,
  newestPatches,
  publishedSdkVersions,
  runBuiltTests,
  sdkProject,
  typeCheckRecipes,
} from './_sdk_projects.mjs';

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
for (const arg of args) {
  if (
    !/^--(sdk|from|out|groups)=/.test(arg) &&
    !['--no-build', '--docs', '--types-only'].includes(arg)
  ) {
    fail(`unknown option ${arg}`);
  }
}

const started = performance.now();
ensureBuilt();
const { groups, sdkComparisons } = groupTestFiles();
const explicit = option('sdk')?.split(',');
const groupIds = option('groups')?.split(',').filter(Boolean);
for (const id of groupIds ?? []) {
  if (!doubleGroups.some((g) => g.id === id)) {
    fail(`--groups: unknown group ${id} (${doubleGroups.map((g) => g.id).join(', ')})`);
  }
}
const chosenGroups = doubleGroups.filter((g) => groupIds === undefined || groupIds.includes(g.id));
const typesOnly = args.includes('--types-only');
const from = option('from');
// A declared floor can be an older patch than its minor's newest (found by bisecting
// patch releases): it runs too, so the floor derived below can be that release.
const versions = explicit ??
  [...new Set([...newestPatches(publishedSdkVersions()), ...Object.values(sdkFloors)])]
    .filter((v) => from === undefined || compareVersions(v, `${from}.0`) >= 0)
    .sort(compareVersions);

const rows = [];
for (const version of versions) {
  const row = { version, cells: {} };
  rows.push(row);
  let project;
  try {
    project = sdkProject(version);
  } catch (error) {
    row.installError = error instanceof Error ? error.message : String(error);
    console.log(`${version}: install failed\n${indent(row.installError)}`);
    continue;
  }
  const agents = readJson(
    path.join(project.dir, 'node_modules', '@openai', 'agents', 'package.json'),
  );
  row.sdkDoubles = Object.hasOwn(agents.exports ?? {}, './testing');
  // The recipes as TypeScript user code against this release's types: a double whose
  // recipes do not compile there is not usable there from TypeScript.
  const types = typeCheckRecipes(project.dir, chosenGroups);
  for (const group of chosenGroups) {
    const files = groups[group.id].filter((f) => row.sdkDoubles || !sdkComparisons.includes(f));
    const typeErrors = Object.entries(types.errors)
      .filter(([file]) => group.files.test(file))
      .flatMap(([, errors]) => errors);
    const result = typesOnly
      ? { ok: true, passed: NaN, failed: NaN, ms: 0, failures: [] }
      : runBuiltTests(project.pkgDir, files);
    const ok = result.ok && typeErrors.length === 0;
    row.cells[group.id] = { ...result, ok, typesOk: typeErrors.length === 0, files: files.length };
    console.log(
      `${version} ${group.id.padEnd(13)} ${ok ? 'pass' : 'FAIL'} ` +
        `${result.passed}/${result.passed + result.failed} tests, ${files.length} files ` +
        `(${seconds(result.ms)}), recipe types ${typeErrors.length === 0 ? 'ok' : 'FAIL'}`,
    );
    if (!result.ok) console.log(indent(result.failures.slice(0, 8).join('\n')));
    if (typeErrors.length > 0) console.log(indent(typeErrors.slice(0, 6).join('\n')));
  }
}

const measured = explicit || groupIds ? undefined : floors(rows);
const table = markdown(rows, measured);
// Some groups only: a measurement, not the report.
const out = option('out') ?? (groupIds ? '-' : 'docs/reports/compat.md');
if (out !== '-') fs.writeFileSync(path.resolve(root, out), table);
console.log(`\n${table}`);
if (args.includes('--docs')) updateDocsTable(rows, measured);

const problems = [];
if (measured) {
  for (const group of doubleGroups) {
    if (measured[group.id] !== sdkFloors[group.id]) {
      problems.push(
        `${group.id}: measured floor ${measured[group.id] ?? 'none'}, declared ` +
          `${sdkFloors[group.id]} (scripts/_lib.mjs sdkFloors)`,
      );
    }
  }
}
const newest = rows.at(-1);
for (const group of chosenGroups) {
  if (newest && !newest.cells[group.id]?.ok) {
    problems.push(`${group.id} fails on the newest release tried (${newest.version})`);
  }
}
console.log(`compat: ${rows.length} SDK releases in ${seconds(performance.now() - started)}`);
if (problems.length > 0) fail(problems.join('\n'));

// ---------------------------------------------------------------------------------

/**
 * Each group's floor: the oldest release from which it passes on every later
 * release tried (releases whose install failed count as failures).
 */
function floors(results) {
  const found = {};
  for (const group of doubleGroups) {
    let floor;
    for (const row of [...results].reverse()) {
      if (!row.cells[group.id]?.ok) break;
      floor = row.version;
    }
    found[group.id] = floor;
  }
  return found;
}

function markdown(results, measuredFloors) {
  const head = ['SDK', ...chosenGroups.map((g) => g.id)];
  const lines = [
    '# SDK compatibility',
    '',
    'Generated by `npm run compat` (scripts/run_compat.mjs): the built npm package installed',
    'next to the newest patch of every `@openai/agents` minor and each declared floor, and the',
    'built test suite',
    '(recipes included) run there under Node, one group of test files per double. A cell is',
    '`pass`/`FAIL`, the tests that passed out of those run, and the time; "types ✗" marks a',
    "group whose recipes do not type-check against that release's types (a cell passes only",
    'when both hold). Before 0.16 the SDK',
    `has no test doubles of its own, so the ${sdkComparisons.length} test files that compare`,
    'ours with them do not run there.',
    '',
    ...chosenGroups.map((g) => {
      const count = groups[g.id].length;
      return `- **${g.id}**: ${g.title} (${count} test file${count === 1 ? '' : 's'})`;
    }),
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
  ];
  for (const row of results) {
    const cells = chosenGroups.map((g) => {
      if (row.installError) return 'install failed';
      const c = row.cells[g.id];
      const tests = typesOnly
        ? ''
        : ` ${c.passed}/${c.passed + c.failed} · ${(c.ms / 1000).toFixed(0)} s`;
      return `${c.ok ? 'pass' : '**FAIL**'}${tests}${c.typesOk ? '' : ' · types ✗'}`;
    });
    lines.push(`| ${row.version} | ${cells.join(' | ')} |`);
  }
  if (measuredFloors) {
    lines.push(
      '',
      'Floors (the oldest release from which the group passes on every later one):',
      '',
      ...chosenGroups.map((g) => `- ${g.id}: ${measuredFloors[g.id] ?? 'none'}`),
    );
  }
  lines.push(
    '',
    `Measured on ${new Date().toISOString().slice(0, 10)} with Node ${process.version}, ` +
      `package built from commit ${commit()}.`,
    '',
  );
  return lines.join('\n');
}

/**
 * docs/compatibility.md's compact form of the table: one mark per cell (✓, or ✗ with
 * the number of failed tests), the floors in the last row.
 */
function updateDocsTable(results, measuredFloors) {
  const page = 'docs/compatibility.md';
  const file = path.join(root, page);
  const readme = fs.readFileSync(file, 'utf8');
  const start = '<!-- compat:start -->';
  const end = '<!-- compat:end -->';
  const [before, rest] = readme.split(start);
  if (rest === undefined || !rest.includes(end)) fail(`${page} lacks ${start} ... ${end}`);
  const after = rest.slice(rest.indexOf(end));
  const head = ['SDK', ...doubleGroups.map((g) => g.id)];
  const lines = [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...results.map((row) =>
      `| ${row.version} | ${
        doubleGroups.map((g) => {
          const c = row.cells[g.id];
          if (!c) return '—';
          if (c.ok) return '✓';
          const failed = Number.isNaN(c.failed) ? '' : c.failed > 0 ? ` ${c.failed}` : '';
          return `✗${failed}${c.typesOk ? '' : ' types'}`;
        }).join(' | ')
      } |`
    ),
  ];
  if (measuredFloors) {
    lines.push(
      `| **floor** | ${
        doubleGroups.map((g) => `**${measuredFloors[g.id] ?? '—'}**`).join(' | ')
      } |`,
    );
  }
  fs.writeFileSync(file, `${before}${start}\n\n${lines.join('\n')}\n\n${after}`);
  exec(bin('deno'), ['fmt', page]);
}

function commit() {
  const res = exec('git', ['rev-parse', '--short', 'HEAD']);
  return res.status === 0 ? res.stdout.trim() : 'unknown';
}

function ensureBuilt() {
  if (fs.existsSync(path.join(root, 'npm', 'package.json'))) return;
  if (args.includes('--no-build')) fail('npm/ is not built (run `npm run build`)');
  const res = exec(process.execPath, ['scripts/build_npm.mjs', '--build-only'], { inherit: true });
  if (res.status !== 0) fail('npm build failed');
}

function indent(text) {
  return text.split('\n').map((line) => `    ${line}`).join('\n');
}

function fail(message) {
  failWith('compat', message);
}
