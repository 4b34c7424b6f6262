#!/usr/bin/env node
// deno-lint-ignore-file no-console
// Packaging checks on the built npm/ package, as a user installs it:
//
// This is the one place the packed tarball is installed and used as a user would.
//
// 1. publint (strict) and @arethetypeswrong/cli on the packed tarball: no
//    problem under node10, node16 (CJS and ESM) and bundler resolution; the
//    registry page: package.json links to the repository, and the packed README
//    links only to absolute URLs and its own headings.
// 2. The types a TypeScript user gets, in tests/consumers/types/ (every peer an
//    entry's declarations may import, the test runners included): a file importing
//    every entry point (deno.json `exports`) type-checks with `strict: true` and
//    `skipLibCheck: false` (TypeScript's default, so the package's own
//    declarations are checked too) in three projects: `nodenext` in an ESM
//    package, `nodenext` in a CommonJS package (the entries whose exports offer
//    `require`), and `bundler`.
// 3. Consumer projects made from tests/consumers/<name>/ (package.json and
//    lockfile): node:test (ESM), Vitest (ESM, TypeScript) and Jest (CommonJS,
//    `require`). Each installs the packed tarball and runs the fixed-response and
//    tool-workflow recipes, generated from tests/recipes/ at run time, against
//    the real SDK. In the node:test project, every entry point (deno.json `exports`)
//    imports under ESM and `require` with the same names.
// 3b. The runner entries in real runners (tests/consumers/runner_suites/): Vitest
//    (`setupFiles`), Jest under CommonJS and ESM (`setupFilesAfterEnv`),
//    node:test under tsx and Deno.test (`withDoubles`), node:test with the preload
//    (`--import scripted-agents/node_test`, no withDoubles), Deno.test with the preload
//    (`--preload` of a file importing scripted-agents/deno; Deno in a project whose
//    npm dependencies npm installed, tests/consumers/deno/) and Bun (`--preload`)
//    run a suite that must pass and one whose every test must fail with the
//    messages expected.json lists, in order, read from each runner's own JSON
//    (JUnit for node:test, Deno and Bun) report. An expectation may also be
//    { messages, reports, absent }: how many errors Vitest or Jest report for
//    the test (one mistake, one report), and patterns found neither in them
//    nor in what Vitest's default reporter printed for it (its own diffs). Deno also runs one test as
//    `deno test -- --update` outside CI, which must re-record its cassette.
// 3c. Installs as npm resolves them (`install`): the packed tarball next to
//    `@openai/agents-core` alone, and next to `@openai/agents@0.3` with zod 3, each
//    in a fresh project: the install succeeds (no ERESOLVE), the project holds
//    exactly one `@openai/agents-core` (the SDK peers are optional, so npm adds no
//    second copy) and, on core alone, no `@openai/agents-realtime`; a ScriptedModel
//    run through that project's Runner, and every entry that does not need the
//    realtime SDK, import there.
// 4. The supported SDK range: the built test suite (npm/esm/tests/) in a project
//    pinned to the package's floor (the oldest of `sdkFloors`, measured by
//    `npm run compat`), with the groups of tests whose doubles support that release
//    (the sandbox doubles' explanation included), in one pinned to the oldest
//    release every double supports (the newest floor), and in one
//    pinned to the newest published release (when it is not the development
//    version, which `npm test`'s node step covers); the recipes of those doubles
//    type-checked against that release's types.
//
// Installs are cached under .cache/ (keyed by the template's lockfile, or by the
// SDK version) and come from npm's cache where possible (--prefer-offline).
//
// Options: --no-build (fail instead of building a missing npm/),
//          --only=lint,types,consumers,runners,install,sdk
//          --sdk=0.16.0,0.20.0 (SDK versions to test instead of the floors and the newest)
//          --runners=deno,bun (only these of the runner suites: vitest, jest, jest_esm,
//          node_test, node_test_preload, deno, deno_preload, bun)
//          --junit=PATH (also write the results as a JUnit report, one case per check)

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  bin,
  compareVersions,
  entryPoints,
  exec as run,
  fail as failWith,
  isRelativeLink,
  lastLines,
  mapMarkdownLinks,
  readJson,
  root,
  runnerSetupEntries,
  sdkFloors,
  seconds,
  writeJson,
} from './_lib.mjs';
import {
  cacheDir,
  cachedProject,
  doubleGroups,
  groupTestFiles,
  publishedSdkVersions,
  runBuiltTests,
  sdkProject,
  typeCheckRecipes,
} from './_sdk_projects.mjs';

const npmDir = path.join(root, 'npm');
const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const only = new Set(
  (option('only') ?? 'lint,types,consumers,runners,install,sdk').split(','),
);
const consumerRecipes = ['fixed_response', 'tool_workflow'];
/** The core-alone install's release: a project on `@openai/agents-core` without `@openai/agents`. */
const coreAloneVersion = '0.14.0';
// tests/consumers/<name>/teardown_scope.template.*: two tests each.
const scopeTests = 2;
const results = [];

ensureBuilt();
const tarball = pack();

if (only.has('lint')) {
  check('publint (strict)', () => {
    const res = exec(bin('publint'), ['run', npmDir, '--strict']);
    return { ok: res.status === 0, detail: lastLines(res.stdout + res.stderr, 20) };
  });
  check(
    'registry page: repository, homepage and bugs; README links absolute',
    () => checkRegistryPage(),
  );
  check('attw: node10, node16 CJS, node16 ESM, bundler', () => {
    const res = exec(bin('attw'), [tarball, '--format', 'table-flipped', '--no-color']);
    return { ok: res.status === 0, detail: lastLines(res.stdout + res.stderr, 30) };
  });
}

if (only.has('types')) {
  check(
    'types: every entry point, strict, skipLibCheck: false (nodenext ESM, nodenext CommonJS, bundler)',
    () => checkTypes(),
  );
}

if (only.has('consumers')) {
  for (const consumer of ['node_test', 'vitest', 'jest']) {
    check(
      `consumer ${consumer}: ${consumerRecipes.join(', ')}, doubleScope teardown`,
      () => runConsumer(consumer),
    );
  }
}

if (only.has('runners')) {
  // The runner entries, in the runners themselves: a suite that must pass and one
  // whose every test must fail with the messages tests/consumers/runner_suites
  // lists, read from the runner's own JSON (or JUnit) report.
  const runners = [
    'vitest',
    'jest',
    'jest_esm',
    'node_test',
    'node_test_preload',
    'deno',
    'deno_preload',
    'bun',
  ];
  for (const runner of option('runners')?.split(',') ?? runners) {
    if (!runners.includes(runner)) {
      fail(`--runners: unknown runner ${runner} (${runners.join(', ')})`);
    }
    check(
      `consumer ${runner}: runner setup, passing and failing suites`,
      () => runRunnerSuites(runner),
    );
  }
}

if (only.has('install')) {
  check(
    'install next to @openai/agents-core alone: one SDK copy, no @openai/agents-realtime',
    () =>
      checkInstall('core-alone', { '@openai/agents-core': coreAloneVersion }, {
        sdk: '@openai/agents-core',
        realtime: false,
      }),
  );
  check(
    'install next to @openai/agents@0.3 and zod 3: no ERESOLVE, one SDK copy',
    () =>
      checkInstall('sdk-0.3-zod-3', { '@openai/agents': '0.3.9', zod: '^3.25.40' }, {
        sdk: '@openai/agents',
        realtime: true,
      }),
  );
}

if (only.has('sdk')) {
  for (const version of sdkVersions()) {
    check(`built suite against @openai/agents@${version}`, () => runSuiteAgainst(version));
  }
}

const failed = results.filter((r) => !r.ok);
const junit = option('junit');
if (junit) writeJunit(junit);
console.log();
for (const r of results) {
  console.log(`${r.ok ? 'pass' : 'FAIL'}  ${seconds(r.ms).padStart(7)}  ${r.name}`);
}
console.log(`packaging: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length > 0 ? 1 : 0);

// --- build and pack -----------------------------------------------------------

function ensureBuilt() {
  if (fs.existsSync(path.join(npmDir, 'package.json'))) return;
  if (args.includes('--no-build')) fail('npm/ is not built (run `npm run build`)');
  const res = exec(process.execPath, ['scripts/build_npm.mjs', '--build-only']);
  if (res.status !== 0) fail(`npm build failed:\n${lastLines(res.stdout + res.stderr, 60)}`);
}

function pack() {
  const dest = path.join(cacheDir, 'package');
  fs.rmSync(dest, { recursive: true, force: true });
  fs.mkdirSync(dest, { recursive: true });
  const res = exec('npm', ['pack', '--json', '--pack-destination', dest], { cwd: npmDir });
  if (res.status !== 0) fail(`npm pack failed:\n${lastLines(res.stderr, 30)}`);
  const [info] = JSON.parse(res.stdout);
  console.log(`packed ${info.filename} (${info.entryCount} files, ${info.size} bytes)`);
  return path.join(dest, info.filename);
}

/**
 * What the registry shows from the tarball: package.json links to the repository,
 * and the README (the tarball holds no other page, recipe or test) links only to
 * absolute URLs and to its own headings.
 */
function checkRegistryPage() {
  const dir = fs.mkdtempSync(path.join(cacheDir, 'tarball-'));
  try {
    const res = exec('tar', ['-xzf', tarball, '-C', dir]);
    if (res.status !== 0) return { ok: false, detail: `tar -xzf failed:\n${res.stderr}` };
    const manifest = readJson(path.join(dir, 'package', 'package.json'));
    const readme = fs.readFileSync(path.join(dir, 'package', 'README.md'), 'utf8');
    const problems = [];
    const url = /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+/;
    if (!url.test(manifest.repository?.url?.replace(/^git\+/, '') ?? '')) {
      problems.push(`package.json repository is ${JSON.stringify(manifest.repository)}`);
    }
    if (!url.test(manifest.homepage ?? '')) problems.push('package.json has no homepage');
    if (!url.test(manifest.bugs?.url ?? '')) problems.push('package.json has no bugs.url');
    const anchors = new Set(
      [...readme.matchAll(/^#{1,6}\s+(.*)$/gm)].map(([, heading]) => githubAnchor(heading)),
    );
    let links = 0;
    mapMarkdownLinks(readme, (target) => {
      links += 1;
      if (isRelativeLink(target)) {
        problems.push(`README.md links to ${target} (not in the tarball)`);
      } else if (target.startsWith('#') && !anchors.has(target.slice(1))) {
        problems.push(`README.md links to ${target}, which no heading has`);
      }
      return target;
    });
    return problems.length === 0
      ? { ok: true, detail: `${links} README links, none relative` }
      : { ok: false, detail: problems.join('\n') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** GitHub's (and npm's) anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function githubAnchor(heading) {
  return heading.replace(/`/g, '').trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

// --- consumers ----------------------------------------------------------------

function runConsumer(name) {
  const template = path.join(root, 'tests', 'consumers', name);
  const dir = cachedProject(`consumers/${name}`, template, (target) => {
    for (const file of ['package.json', 'package-lock.json']) {
      fs.copyFileSync(path.join(template, file), path.join(target, file));
    }
    return 'ci';
  });
  installTarball(dir);

  const testDir = path.join(dir, 'recipes');
  fs.rmSync(testDir, { recursive: true, force: true });
  fs.mkdirSync(testDir);
  const files = consumerRecipes.map((recipe) => {
    const source = fs.readFileSync(
      path.join(root, 'tests', 'recipes', `${recipe}_test.ts`),
      'utf8',
    );
    const [file, text] = {
      // The recipe exactly as documented, compiled to plain ESM.
      node_test: () => [`${recipe}_test.mjs`, transpile(source, 'esm')],
      // Vitest runs the TypeScript itself; only the test function comes from Vitest.
      vitest: () => [`${recipe}.test.ts`, swapTestImport(source, "import { test } from 'vitest';")],
      // CommonJS: every import becomes require(), the package's `require` condition.
      jest: () => [
        `${recipe}.test.js`,
        transpile(swapTestImport(source, "import { test } from '@jest/globals';"), 'cjs'),
      ],
    }[name]();
    if (name === 'jest' && !text.includes('require("scripted-agents/testing")')) {
      throw new Error('the CommonJS recipe does not require scripted-agents/testing');
    }
    fs.writeFileSync(path.join(testDir, file), text);
    return path.join('recipes', file);
  });
  // The README's one-scope-per-test pattern in this runner's own teardown idiom.
  const [scopeTemplate, scopeFile] = {
    node_test: ['teardown_scope.template.mjs', 'teardown_scope_test.mjs'],
    vitest: ['teardown_scope.template.ts', 'teardown_scope.test.ts'],
    jest: ['teardown_scope.template.cjs', 'teardown_scope.test.js'],
  }[name];
  fs.copyFileSync(path.join(template, scopeTemplate), path.join(testDir, scopeFile));
  files.push(path.join('recipes', scopeFile));

  const command = {
    node_test: [process.execPath, ['--test', ...files]],
    vitest: [path.join(dir, 'node_modules', '.bin', 'vitest'), ['run', ...files]],
    jest: [path.join(dir, 'node_modules', '.bin', 'jest'), ['--ci', ...files]],
  }[name];
  const res = exec(command[0], command[1], { cwd: dir });
  const output = res.stdout + res.stderr;
  // Each runner must report every test file's tests as passed, not merely exit 0.
  const passed = {
    node_test: /^# pass (\d+)/m,
    vitest: /Tests\s+(\d+) passed/,
    jest: /Tests:\s+(\d+) passed/,
  }[name].exec(stripAnsi(output))?.[1];
  const ok = res.status === 0 && Number(passed) === consumerRecipes.length + scopeTests;
  if (!ok) return { ok, detail: lastLines(output, 40) };
  if (name !== 'node_test') return { ok, detail: `${passed} tests passed` };
  const entries = checkEntryPoints(dir);
  return { ok: entries.ok, detail: `${passed} tests passed; ${entries.detail}` };
}

/**
 * The runner suites of tests/consumers/runner_suites/ in one consumer project:
 * the setup entry configured as its users would (Vitest `setupFiles`, Jest
 * `setupFilesAfterEnv` under CommonJS and ESM, `withDoubles` under node:test and
 * tsx and under Deno.test, `--preload` under Bun), run in CI mode, and judged
 * from the runner's report: every test of the passing files passed, and every
 * test of the failing files failed with the expected messages, in order (the
 * body's failure before the teardown's).
 */
function runRunnerSuites(runner) {
  const project = {
    jest_esm: 'jest',
    bun: 'node_test',
    node_test_preload: 'node_test',
    deno_preload: 'deno',
  }[runner] ?? runner;
  const template = path.join(root, 'tests', 'consumers', project);
  const dir = cachedProject(`consumers/${project}`, template, (target) => {
    for (const file of ['package.json', 'package-lock.json']) {
      fs.copyFileSync(path.join(template, file), path.join(target, file));
    }
    return 'ci';
  });
  installTarball(dir);
  const suites = path.join(root, 'tests', 'consumers', 'runner_suites');
  const work = path.join(dir, `runner_${runner}`);
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work);
  const forJest = (source) =>
    source.replaceAll("from 'vitest'", "from '@jest/globals'")
      .replaceAll("from 'scripted-agents/vitest'", "from 'scripted-agents/jest'");
  const { names, files, expected, make, support = [] } = {
    vitest: {
      names: [
        'pass',
        'fail',
        'concurrent',
        'unawaited',
        'testing_only',
        'inline_transport',
        'scope_finish',
        'realtime_mock',
      ],
      files: (name) => [`${name}.test.ts`, (source) => source],
      // The app modules inline_transport.test.ts and realtime_mock.test.ts mock the SDK for.
      support: ['voice.ts', 'realtime_mock_app.ts'],
    },
    jest: {
      names: ['pass', 'fail', 'testing_only'],
      files: (name) => [`${name}.test.js`, (source) => transpile(forJest(source), 'cjs')],
    },
    jest_esm: {
      names: ['pass', 'fail', 'testing_only'],
      files: (name) => [`${name}.test.mjs`, (source) => transpile(forJest(source), 'esm')],
    },
    node_test: {
      names: ['pass', 'fail'],
      files: (name) => [`${name}_test.ts`, (source) => source],
      expected: 'node_test/expected.json',
      make: (name) => path.join('node_test', `${name}_test.ts`),
    },
    node_test_preload: {
      names: ['pass', 'fail'],
      files: (name) => [`${name}_test.ts`, (source) => source],
      expected: 'node_test_preload/expected.json',
      make: (name) => path.join('node_test_preload', `${name}_test.ts`),
    },
    deno: {
      names: ['pass', 'fail'],
      files: (name) => [`${name}_test.ts`, (source) => source],
      expected: 'deno/expected.json',
      make: (name) => path.join('deno', `${name}_test.ts`),
    },
    deno_preload: {
      names: ['pass', 'fail'],
      files: (name) => [`${name}_test.ts`, (source) => source],
      expected: 'deno_preload/expected.json',
      make: (name) => path.join('deno_preload', `${name}_test.ts`),
    },
    bun: {
      names: ['pass', 'fail'],
      files: (name) => [`${name}.test.ts`, (source) => source],
      expected: 'bun/expected.json',
      make: (name) => path.join('bun', `${name}.test.ts`),
    },
  }[runner];
  const expectations = readJson(path.join(suites, expected ?? 'expected.json'));
  const written = {};
  for (const name of names) {
    const [file, convert] = files(name);
    const source = fs.readFileSync(path.join(suites, make?.(name) ?? `${name}.test.ts`), 'utf8');
    fs.writeFileSync(path.join(work, file), convert(source));
    written[name] = file;
  }
  for (const file of support) fs.copyFileSync(path.join(suites, file), path.join(work, file));
  // The recorded cassette and snapshot the passing suite replays (CI never writes them).
  const recorded = path.join(
    suites,
    '__cassettes__',
    runner === 'bun' || (project !== 'node_test' && project !== 'deno')
      ? 'pass.test.ts'
      : 'pass_test.ts',
  );
  // Bun does not name the running test, so its suite opens no cassette by name.
  if (runner !== 'bun') {
    fs.cpSync(recorded, path.join(work, '__cassettes__', written.pass), { recursive: true });
  }
  if (project === 'deno') {
    // The cassette a test step names after its test and itself, and the module that
    // extends the npm `expect` with the matchers (what a Deno project writes once).
    fs.cpSync(path.join(suites, 'deno', '__cassettes__'), path.join(work, '__cassettes__'), {
      recursive: true,
    });
    fs.copyFileSync(path.join(suites, 'deno', 'expect.ts'), path.join(work, 'expect.ts'));
  }
  const snapshot = path.join(suites, '__snapshots__', `${project}.snap`);
  if (fs.existsSync(snapshot)) {
    fs.mkdirSync(path.join(work, '__snapshots__'));
    fs.copyFileSync(snapshot, path.join(work, '__snapshots__', `${written.pass}.snap`));
  }
  const junit = project === 'node_test' || project === 'deno';
  const report = path.join(work, junit ? 'report.xml' : 'report.json');
  const jestConfig = (format) => {
    const config = JSON.stringify({
      rootDir: work,
      testEnvironment: 'node',
      setupFilesAfterEnv: ['scripted-agents/jest'],
      testMatch: [`**/*.test.${format === 'esm' ? 'mjs' : 'js'}`],
      transform: {},
    });
    const file = path.join(work, `jest.config.${format === 'esm' ? 'mjs' : 'cjs'}`);
    fs.writeFileSync(
      file,
      format === 'esm' ? `export default ${config};\n` : `module.exports = ${config};\n`,
    );
    return file;
  };
  const bin = (name) => path.join(dir, 'node_modules', '.bin', name);
  const jestJs = path.join(dir, 'node_modules', 'jest', 'bin', 'jest.js');
  const command = {
    vitest: () => {
      fs.writeFileSync(
        path.join(work, 'vitest.config.mjs'),
        "export default { test: { setupFiles: ['scripted-agents/vitest'] } };\n",
      );
      // The default reporter too: what Vitest prints (its own diffs) is checked per test.
      return [bin('vitest'), [
        'run',
        '--root',
        work,
        '--reporter=json',
        `--outputFile.json=${report}`,
        '--reporter=default',
      ]];
    },
    jest: () => [process.execPath, [
      jestJs,
      '--ci',
      '--config',
      jestConfig('cjs'),
      '--json',
      `--outputFile=${report}`,
    ]],
    jest_esm: () => [process.execPath, [
      '--experimental-vm-modules',
      jestJs,
      '--ci',
      '--config',
      jestConfig('esm'),
      '--json',
      `--outputFile=${report}`,
    ]],
    node_test_preload: () => {
      writeJson(path.join(dir, 'tsconfig.json'), {
        compilerOptions: { module: 'nodenext', target: 'es2022', strict: true },
      });
      // The one setup line: the entry preloaded beside tsx, for every test file.
      return [process.execPath, [
        '--import',
        'tsx',
        '--import',
        'scripted-agents/node_test',
        '--test',
        '--test-reporter=junit',
        `--test-reporter-destination=${report}`,
        ...names.map((name) => path.join(work, written[name])),
      ]];
    },
    node_test: () => {
      // tsx reads the nearest tsconfig.json; the repository's maps scripted-agents to
      // its sources, so the project gets its own, as a user's would have.
      writeJson(path.join(dir, 'tsconfig.json'), {
        compilerOptions: { module: 'nodenext', target: 'es2022', strict: true },
      });
      return [process.execPath, [
        '--import',
        'tsx',
        '--test',
        '--test-reporter=junit',
        `--test-reporter-destination=${report}`,
        ...names.map((name) => path.join(work, written[name])),
      ]];
    },
    deno_preload: () => {
      writeJson(path.join(dir, 'deno.json'), { nodeModulesDir: 'manual' });
      // The one setup line: a file importing the entry, preloaded before the test modules.
      fs.copyFileSync(path.join(suites, 'deno_preload', 'setup.ts'), path.join(work, 'setup.ts'));
      return [path.join(root, 'node_modules', '.bin', 'deno'), [
        'test',
        '--preload=./setup.ts',
        '--allow-env',
        '--allow-read',
        '--allow-net=127.0.0.1',
        '--sanitize-ops',
        '--sanitize-resources',
        '--no-prompt',
        '--reporter=junit',
        `--junit-path=${report}`,
        ...names.map((name) => `./${written[name]}`),
      ]];
    },
    deno: () => {
      // A Deno project whose npm dependencies npm installed (package.json, lockfile and
      // the tarball): `manual` makes Deno resolve bare specifiers from that node_modules
      // and fetch nothing itself. Its own deno.json also keeps the repository's (which
      // maps scripted-agents to its sources) out. Sanitizers on, as the repository runs
      // its own tests; the network is loopback only, which the passing suite's server uses.
      writeJson(path.join(dir, 'deno.json'), { nodeModulesDir: 'manual' });
      return [path.join(root, 'node_modules', '.bin', 'deno'), [
        'test',
        '--allow-env',
        '--allow-read',
        '--allow-net=127.0.0.1',
        '--sanitize-ops',
        '--sanitize-resources',
        '--no-prompt',
        '--reporter=junit',
        `--junit-path=${report}`,
        ...names.map((name) => `./${written[name]}`),
      ]];
    },
    bun: () => {
      // Bun reads the nearest tsconfig.json's paths too (see node_test).
      writeJson(path.join(dir, 'tsconfig.json'), {
        compilerOptions: { module: 'nodenext', target: 'es2022', strict: true },
      });
      fs.copyFileSync(path.join(suites, 'bun', 'setup.ts'), path.join(work, 'setup.ts'));
      // The matcher types a Bun project declares (bun:test's Matchers augmented).
      fs.copyFileSync(path.join(suites, 'bun', 'matchers.d.ts'), path.join(work, 'matchers.d.ts'));
      return [path.join(root, 'node_modules', '.bin', 'bun'), [
        'test',
        '--preload',
        './setup.ts',
        '--reporter=junit',
        `--reporter-outfile=${report}`,
        ...names.map((name) => `./${written[name]}`),
      ]];
    },
  }[runner]();
  if (runner === 'bun') {
    const typed = bunSuiteTypes(work, Object.values(written));
    if (typed !== undefined) return { ok: false, detail: typed };
  }
  const res = exec(command[0], command[1], {
    cwd: runner === 'bun' || project === 'deno' ? work : dir,
  });
  const output = res.stdout + res.stderr;
  if (!fs.existsSync(report)) return { ok: false, detail: `no report:\n${lastLines(output, 40)}` };
  const results = junit
    ? junitResults(
      fs.readFileSync(report, 'utf8'),
      {
        deno: { fileAttribute: 'classname', messageOnly: true },
        deno_preload: { fileAttribute: 'classname', messageOnly: true },
        // Node 20's reporter escapes the attribute twice (`&amp;quot;`).
        node_test: { messageOnly: true, escapedTwice: true },
        // The preload's findings after a failed body are the test's diagnostic.
        node_test_preload: { messageOnly: true, escapedTwice: true, diagnostics: true },
      }[runner] ?? {},
    )
    : jsonResults(readJson(report), written);
  // A JUnit report may not name the file: the failing suite's tests are the expected ones.
  for (const r of results) {
    r.file ??= Object.hasOwn(expectations, r.name) ? written.fail : written.pass;
  }
  const problems = [];
  const byName = new Map(results.map((r) => [r.name, r]));
  const passFile = results.filter((r) => r.file === written.pass);
  for (const r of passFile) {
    if (r.status !== 'passed') problems.push(`${r.name}: ${r.status}\n${r.messages.join('\n')}`);
  }
  if (passFile.length === 0) problems.push(`${written.pass}: no test ran`);
  for (const r of results.filter((r) => r.file !== written.pass)) {
    if (!Object.hasOwn(expectations, r.name)) problems.push(`${r.name}: not in the expectations`);
  }
  for (const [name, expect] of Object.entries(expectations)) {
    // Suites only Vitest runs (concurrent tests, an unawaited check, vi.mock, a scope's finish).
    if (
      /^(concurrent|unawaited|inline transport|scope finish|an app that makes its transport inline) › /
        .test(name) && runner !== 'vitest'
    ) continue;
    const r = byName.get(name);
    if (r === undefined) {
      problems.push(`${name}: not in the report`);
      continue;
    }
    if (expect === 'pass') {
      if (r.status !== 'passed') {
        problems.push(`${name}: ${r.status}, expected to pass\n${r.messages.join('\n')}`);
      }
      continue;
    }
    if (r.status !== 'failed') {
      problems.push(`${name}: ${r.status}, expected to fail`);
      continue;
    }
    // A list of patterns, or { messages, reports, absent }: how many errors the runner
    // reports for the test, and patterns found neither in them nor in what the runner
    // printed for the test (Vitest's own diff is only printed).
    const spec = Array.isArray(expect) ? { messages: expect } : expect;
    const text = r.messages.join('\n');
    const printed = runner === 'vitest' ? vitestBlock(output, name) : '';
    if (spec.reports !== undefined && !junit && r.messages.length !== spec.reports) {
      problems.push(
        `${name}: ${r.messages.length} errors reported, expected ${spec.reports}:\n` +
          text.slice(0, 3000),
      );
    }
    if (runner === 'vitest' && spec.absent !== undefined && printed === '') {
      problems.push(`${name}: Vitest printed no failure block for it`);
    }
    for (const pattern of spec.absent ?? []) {
      const where = new RegExp(pattern).test(text) ? text : printed;
      if (new RegExp(pattern).test(where)) {
        problems.push(`${name}: /${pattern}/ found in:\n${where.slice(0, 3000)}`);
      }
    }
    let from = 0;
    for (const pattern of spec.messages) {
      const match = new RegExp(pattern).exec(text.slice(from));
      if (match === null) {
        problems.push(`${name}: /${pattern}/ not found (in order) in:\n${text.slice(0, 3000)}`);
        break;
      }
      from += match.index + match[0].length;
    }
  }
  const failedCount = results.filter((r) => r.status === 'failed').length;
  let summary = `${results.length} tests reported, ${failedCount} failed as expected`;
  if (runner === 'deno' && problems.length === 0) {
    const seed = path.join(recorded, 'replays the recording named after the test.json');
    const update = runDenoUpdate(work, seed);
    if (update.problem !== undefined) return { ok: false, detail: update.problem };
    summary += `; ${update.detail}`;
  }
  return problems.length === 0
    ? { ok: true, detail: summary }
    : { ok: false, detail: `${problems.join('\n')}\n--- output:\n${lastLines(output, 30)}` };
}

/**
 * The Bun suite type-checked as a Bun user's editor checks it: bun:test's types
 * (the repository's bun-types) and the matcher augmentation of matchers.d.ts, so
 * `expect(result).toHaveCalledTool(...)` must type-check. A problem's text, or
 * `undefined`.
 */
function bunSuiteTypes(work, files) {
  const config = path.join(work, 'tsconfig.bun.json');
  writeJson(config, {
    compilerOptions: {
      module: 'nodenext',
      target: 'es2022',
      strict: true,
      noEmit: true,
      // The SDK's and Bun's own declarations are checked elsewhere (the types part).
      skipLibCheck: true,
      typeRoots: [path.join(root, 'node_modules')],
      types: ['bun-types'],
    },
    files: [...files, 'matchers.d.ts'],
  });
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const res = exec(process.execPath, [tsc, '-p', config, '--pretty', 'false'], { cwd: work });
  return res.status === 0
    ? undefined
    : `the Bun suite does not type-check with matchers.d.ts:\n${
      lastLines(res.stdout + res.stderr, 20)
    }`;
}

/**
 * The update flag as a Deno user passes it, `deno test ... -- --update`, outside CI:
 * the cassette named after the test, seeded with another recording, is re-recorded
 * from the test's provider (the update_test.ts suite), read back from the file.
 */
function runDenoUpdate(work, seed) {
  const file = 're-records the cassette under the update flag.json';
  const cassette = path.join(work, '__cassettes__', 'update_test.ts', file);
  fs.mkdirSync(path.dirname(cassette), { recursive: true });
  fs.copyFileSync(seed, cassette);
  const suites = path.join(root, 'tests', 'consumers', 'runner_suites');
  fs.copyFileSync(path.join(suites, 'deno', 'update_test.ts'), path.join(work, 'update_test.ts'));
  const report = path.join(work, 'update_report.xml');
  const res = run(path.join(root, 'node_modules', '.bin', 'deno'), [
    'test',
    '--allow-env',
    '--allow-read',
    '--allow-write=./__cassettes__',
    '--sanitize-ops',
    '--sanitize-resources',
    '--no-prompt',
    '--reporter=junit',
    `--junit-path=${report}`,
    './update_test.ts',
    '--',
    '--update',
  ], { cwd: work, env: { CI: '', SCRIPTED_AGENTS_CASSETTE: '' } });
  const output = `${res.stdout}${res.stderr}`;
  const results = fs.existsSync(report) ? junitResults(fs.readFileSync(report, 'utf8')) : [];
  if (res.status !== 0 || results.length !== 1 || results[0].status !== 'passed') {
    return { problem: `deno test -- --update (update_test.ts):\n${lastLines(output, 40)}` };
  }
  const text = fs.readFileSync(cassette, 'utf8');
  if (
    !text.includes('"Capital of Italy?"') || !text.includes('"Rome."') ||
    text.includes('"Capital?"')
  ) {
    return {
      problem: `deno test -- --update did not re-record ${cassette}:\n${text.slice(0, 2000)}`,
    };
  }
  return { detail: 'deno test -- --update re-recorded the cassette named after the test' };
}

/**
 * What Vitest's default reporter printed for the failed test `name` (`describe › test`):
 * from its ` FAIL ` heading to the next heading or separator line.
 */
function vitestBlock(output, name) {
  const heading = ` > ${name.split(' › ').join(' > ')}`;
  // deno-lint-ignore no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*FAIL\s/.test(lines[i]) || !lines[i].trimEnd().endsWith(heading)) continue;
    let end = i + 1;
    while (end < lines.length && !/^\s*FAIL\s/.test(lines[end]) && !/⎯{8,}/.test(lines[end])) {
      end++;
    }
    blocks.push(lines.slice(i, end).join('\n'));
  }
  return blocks.join('\n');
}

/** Vitest's and Jest's JSON report: one result per test, named `describe › test`. */
function jsonResults(report, written) {
  const files = new Set(Object.values(written));
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((a) => ({
      file: [...files].find((f) => file.name.endsWith(`/${f}`) || file.name.endsWith(`\\${f}`)),
      name: [...a.ancestorTitles, a.title].join(' › '),
      status: a.status,
      messages: a.failureMessages ?? [],
    }))
  );
}

/**
 * A JUnit report (node:test's, Deno's, Bun's): one result per `<testcase>` (Deno's
 * test steps are cases of their own, named `test > step`), its file read from the
 * attribute `fileAttribute` (Deno names the module in `classname`). With
 * `messageOnly`, a failure's text is its `message` attribute alone: Deno's and
 * node:test's element text repeat the message, then the stack and the whole
 * `cause` chain, where a teardown finding would be found even if the message lost
 * it, and the body's failure found again after it (out of order). (Bun's attribute
 * holds only the first of a test's errors.)
 */
function junitResults(
  xml,
  { fileAttribute = 'file', messageOnly = false, escapedTwice = false, diagnostics = false } = {},
) {
  const results = [];
  const unescape = (text) =>
    text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'")
      .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
  // node:test writes a test's diagnostics as comments after its case.
  const pattern = /<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)((?:\s*<!--[\s\S]*?-->)*)/g;
  for (const [, attributes, , body, comments] of xml.matchAll(pattern)) {
    const name = unescape(/\bname="([^"]*)"/.exec(attributes)?.[1] ?? '');
    const file = new RegExp(`\\b${fileAttribute}="([^"]*)"`).exec(attributes)?.[1];
    const failures = [
      ...(body ?? '').matchAll(/<failure\b([^>]*?)(?:\/>|>([\s\S]*?)<\/failure>)/g),
    ];
    results.push({
      file: file === undefined ? undefined : path.basename(unescape(file)),
      name,
      // A skipped (ignored) test did not run: it is neither a pass nor an expected failure.
      status: failures.length > 0 ? 'failed' : /<skipped\b/.test(body ?? '') ? 'skipped' : 'passed',
      messages: [
        ...failures.map(([, attrs, text]) => {
          const attribute = unescape(/\bmessage="([^"]*)"/.exec(attrs)?.[1] ?? '');
          const message = escapedTwice ? unescape(attribute) : attribute;
          // node:test names a failed hook only; what the hook threw is the `cause`, up to its stack.
          const cause = /\btype="hookFailed"/.test(attrs)
            ? /\n\s*cause: ([\s\S]*?)\n\s+at /.exec(unescape(text ?? ''))?.[1]
            : undefined;
          if (cause !== undefined) return `${message}\n${cause}`;
          return messageOnly ? message : `${message}\n${unescape(text ?? '')}`;
        }),
        ...(diagnostics && failures.length > 0
          ? [...(comments ?? '').matchAll(/<!--\s*([\s\S]*?)\s*-->/g)].map(([, text]) =>
            unescape(text)
          )
          : []),
      ],
    });
  }
  return results;
}

/**
 * Every entry point, in a project that installed the tarball: `import` and `require`
 * give the same names. (Their types: {@link checkTypes}.)
 */
function checkEntryPoints(dir) {
  // The runner setup entries register hooks of their runner when loaded, so they load only
  // inside it: the runner suites (runRunnerSuites) import and type-check them there.
  const setupEntries = new Set(runnerSetupEntries.map((name) => `scripted-agents/${name}`));
  const specifiers = entryPoints().map((e) => e.specifier).filter((s) => !setupEntries.has(s));
  const work = path.join(dir, 'entry_points');
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work);
  fs.writeFileSync(
    path.join(work, 'check.cjs'),
    `'use strict';\nconst assert = require('node:assert/strict');\n(async () => {\n` +
      specifiers.map((s) =>
        `  assert.deepEqual(Object.keys(require('${s}')).sort(), ` +
        `Object.keys(await import('${s}')).sort(), '${s}');\n`
      ).join('') + `})().catch((error) => { console.error(error); process.exit(1); });\n`,
  );
  const res = exec(process.execPath, ['check.cjs'], { cwd: work });
  if (res.status !== 0) {
    return { ok: false, detail: `import/require of the entry points:\n${res.stderr}` };
  }
  return { ok: true, detail: `${specifiers.length} entry points import and require` };
}

/**
 * A file importing every entry point, type-checked as a strict user compiles it:
 * `skipLibCheck: false`, so the package's declarations (every chunk they import
 * included) must check too, not only the names the file uses. Each setting is a
 * project of its own (its package.json `type` decides how `nodenext` reads the
 * file); tsc's incremental state stays in the cached project, so the SDK's and the
 * runners' declarations, which do not change between runs, are checked once.
 */
function checkTypes() {
  const template = path.join(root, 'tests', 'consumers', 'types');
  const dir = cachedProject('consumers/types', template, (target) => {
    for (const file of ['package.json', 'package-lock.json']) {
      fs.copyFileSync(path.join(template, file), path.join(target, file));
    }
    return 'ci';
  });
  installTarball(dir);
  // An entry may import a peer (a test runner): the project must have every one.
  const manifest = readJson(path.join(npmDir, 'package.json'));
  const missing = Object.keys(manifest.peerDependencies ?? {})
    .filter((name) => !fs.existsSync(path.join(dir, 'node_modules', name, 'package.json')));
  if (missing.length > 0) {
    return {
      ok: false,
      detail:
        `tests/consumers/types/package.json lacks the peer dependencies ${
          missing.join(', ')
        }: add them there (npm install --save-dev in a copy, then commit package.json and ` +
        `package-lock.json) so the entry points importing them are type-checked`,
    };
  }
  const tsc = path.join(dir, 'node_modules', 'typescript', 'bin', 'tsc');
  const details = [];
  for (const setting of typeSettings()) {
    // Only what the exports map offers under this condition (an ESM-only entry has no `require`).
    const entries = entryPoints().filter(({ subpath }) => {
      const target = manifest.exports?.[subpath];
      return typeof target === 'object' && target !== null && setting.condition in target;
    });
    const work = path.join(dir, setting.name);
    fs.mkdirSync(work, { recursive: true });
    writeJson(path.join(work, 'package.json'), { private: true, type: setting.packageType });
    writeJson(path.join(work, 'tsconfig.json'), {
      compilerOptions: {
        ...setting.compilerOptions,
        target: 'es2022',
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        incremental: true,
        tsBuildInfoFile: '.tsbuildinfo',
      },
      files: ['entry_points.ts'],
    });
    fs.writeFileSync(path.join(work, 'entry_points.ts'), entryPointsSource(entries));
    const res = exec(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
      cwd: work,
    });
    if (res.status !== 0) {
      return {
        ok: false,
        detail: `${setting.name} (${JSON.stringify(setting.compilerOptions)}, package type ` +
          `${setting.packageType}): tsc found errors:\n${lastLines(res.stdout + res.stderr, 40)}`,
      };
    }
    details.push(`${setting.name}: ${entries.length}`);
  }
  return { ok: true, detail: `entry points type-checked per setting: ${details.join(', ')}` };
}

/**
 * The settings under which a TypeScript user compiles against the package: module
 * resolution as Node applies it to an ESM and to a CommonJS package, and as
 * bundlers (Vite, esbuild, webpack) apply it.
 */
function typeSettings() {
  return [
    {
      name: 'nodenext-esm',
      packageType: 'module',
      condition: 'import',
      compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' },
    },
    {
      name: 'nodenext-cjs',
      packageType: 'commonjs',
      condition: 'require',
      compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' },
    },
    {
      name: 'bundler',
      packageType: 'module',
      condition: 'import',
      compilerOptions: { module: 'preserve', moduleResolution: 'bundler' },
    },
  ];
}

/**
 * Imports every entry point and checks that TypeScript resolved a typed module
 * for each: an unresolved or untyped import would be `any`, which this rejects.
 */
function entryPointsSource(entries) {
  return [
    '// Generated by scripts/check_package.mjs: every entry point of the package.',
    'type IsAny<T> = 0 extends 1 & T ? true : false;',
    'type Typed<T> = IsAny<T> extends true ? never : true;',
    ...entries.map(({ specifier }, i) => `import * as entry${i} from '${specifier}';`),
    ...entries.map((_, i) => `export const typed${i}: Typed<typeof entry${i}> = true;`),
    `export const entries: unknown[] = [${entries.map((_, i) => `entry${i}`).join(', ')}];`,
    '',
  ].join('\n');
}

function swapTestImport(source, replacement) {
  const original = "import test from 'node:test';";
  if (source.split(original).length !== 2) throw new Error(`recipe lacks "${original}"`);
  return source.replace(original, replacement);
}

function transpile(source, format) {
  const ts = createRequire(import.meta.url)(path.join(root, 'node_modules', 'typescript'));
  return ts.transpileModule(source, {
    compilerOptions: {
      module: format === 'esm' ? ts.ModuleKind.ESNext : ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
    },
  }).outputText;
}

/** Installs the packed tarball over the cached dependencies (it changes on every build). */
function installTarball(dir) {
  const res = exec('npm', [
    'install',
    '--no-save',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--loglevel=error',
    tarball,
  ], { cwd: dir });
  if (res.status !== 0) throw new Error(`npm install ${tarball} failed:\n${res.stderr}`);
}

// --- installs ---------------------------------------------------------------------

/**
 * A fresh project with `dependencies` and the packed tarball, installed as npm
 * resolves a user's install (peers included, no lockfile): it must succeed, hold
 * one `@openai/agents-core` and hold `@openai/agents-realtime` only when
 * `expected.realtime`, and run a ScriptedModel through the Runner of
 * `expected.sdk` and import every entry but the realtime ones.
 */
function checkInstall(name, dependencies, expected) {
  const dir = path.join(cacheDir, 'install', name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const manifest = {
    name: `scripted-agents-install-${name}`,
    private: true,
    type: 'module',
    dependencies: { ...dependencies, 'scripted-agents': `file:${tarball}` },
  };
  writeJson(path.join(dir, 'package.json'), manifest);
  const res = exec('npm', [
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--loglevel=error',
  ], { cwd: dir });
  const output = res.stdout + res.stderr;
  if (res.status !== 0 || /ERESOLVE/.test(output)) {
    return { ok: false, detail: `npm install failed:\n${lastLines(output, 30)}` };
  }
  const copies = packageCopies(path.join(dir, 'node_modules'));
  const problems = [];
  const cores = copies.get('@openai/agents-core') ?? [];
  if (cores.length !== 1) {
    problems.push(`${cores.length} copies of @openai/agents-core: ${cores.join(', ')}`);
  }
  const realtime = copies.get('@openai/agents-realtime') ?? [];
  if (!expected.realtime && realtime.length > 0) {
    problems.push(`npm added @openai/agents-realtime: ${realtime.join(', ')}`);
  }
  const entries = entryPoints()
    // Setup entries hook a runner when imported: they are checked by the runner suites.
    .filter(({ specifier }) =>
      !/realtime|^scripted-agents$|vitest|jest|node_test|\/deno$/.test(specifier)
    )
    .map(({ specifier }) => specifier);
  const script = [
    `import { Agent, Runner } from '${expected.sdk}';`,
    "import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';",
    "const model = new ScriptedModel([[assistantMessage('installed')]]);",
    "const agent = new Agent({ name: 'A', model });",
    "const result = await new Runner({ tracingDisabled: true }).run(agent, 'Hi');",
    "if (result.finalOutput !== 'installed') throw new Error(String(result.finalOutput));",
    'model.assertComplete();',
    ...entries.map((specifier) => `await import('${specifier}');`),
    "console.log('ran');",
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'smoke.mjs'), `${script}\n`);
  const smoke = exec(process.execPath, ['smoke.mjs'], { cwd: dir });
  if (smoke.status !== 0 || !smoke.stdout.includes('ran')) {
    problems.push(`the smoke script failed:\n${lastLines(smoke.stdout + smoke.stderr, 20)}`);
  }
  return {
    ok: problems.length === 0,
    detail: problems.length === 0
      ? `@openai/agents-core ${cores.join(', ')}; @openai/agents-realtime ${
        realtime.join(', ') || 'absent'
      }; ${entries.length} entries imported`
      : problems.join('\n'),
  };
}

/** Every installed copy of each `@openai/*` package: name → versions with their paths. */
function packageCopies(nodeModules) {
  const copies = new Map();
  const visit = (dir) => {
    const scoped = path.join(dir, '@openai');
    if (fs.existsSync(scoped)) {
      for (const name of fs.readdirSync(scoped)) {
        const pkg = path.join(scoped, name);
        const manifest = path.join(pkg, 'package.json');
        if (!fs.existsSync(manifest)) continue;
        const full = `@openai/${name}`;
        const where = path.relative(nodeModules, pkg);
        copies.set(full, [...(copies.get(full) ?? []), `${readJson(manifest).version} (${where})`]);
        visit(path.join(pkg, 'node_modules'));
      }
    }
    if (!fs.existsSync(dir)) return;
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith('.') || name === '@openai') continue;
      const child = path.join(dir, name);
      if (name.startsWith('@')) {
        for (const inner of fs.readdirSync(child)) visit(path.join(child, inner, 'node_modules'));
      } else visit(path.join(child, 'node_modules'));
    }
  };
  visit(nodeModules);
  return copies;
}

// --- SDK range ------------------------------------------------------------------

/**
 * The SDK releases this check runs the built suite against: the package's floor
 * (the oldest of scripts/_lib.mjs `sdkFloors`, measured by `npm run compat`, which
 * checks every double's own floor), the oldest release every double supports (the
 * newest floor), and the newest published release, which the peer range
 * (`<1.0.0`) lets users install the day it ships. The development version is
 * `npm test`'s node step, so it is left out here.
 */
function sdkVersions() {
  const explicit = option('sdk');
  if (explicit) return explicit.split(',');
  const dev = readJson(path.join(root, 'node_modules', '@openai', 'agents-core', 'package.json'));
  const newest = publishedSdkVersions().at(-1);
  const floors = Object.values(sdkFloors).sort(compareVersions);
  const versions = new Set([floors[0], floors.at(-1)]);
  if (newest !== dev.version) versions.add(newest);
  return [...versions].sort(compareVersions);
}

/**
 * The built suite in a project that pins the SDK release: the groups of test files
 * (one per double) whose floor is at or below it. Below 0.16 the SDK has no doubles
 * of its own, so the tests comparing ours with them stay out.
 */
function runSuiteAgainst(version) {
  const { dir, pkgDir } = sdkProject(version);
  const { groups, sdkComparisons } = groupTestFiles(path.join(pkgDir, 'esm', 'tests'));
  const agents = readJson(path.join(dir, 'node_modules', '@openai', 'agents', 'package.json'));
  const sdkDoubles = Object.hasOwn(agents.exports ?? {}, './testing');
  const included = doubleGroups.filter((g) => compareVersions(sdkFloors[g.id], version) <= 0);
  const files = included.flatMap((g) => groups[g.id])
    .filter((f) => sdkDoubles || !sdkComparisons.includes(f));
  const result = runBuiltTests(pkgDir, files);
  const summary = `${result.passed} passed, ${result.failed} failed in ${files.length} files ` +
    `(${included.map((g) => g.id).join(', ')})`;
  if (!result.ok) return { ok: false, detail: `${summary}\n${result.failures.join('\n')}` };
  const types = typeCheckRecipes(dir, included);
  const failing = Object.entries(types.errors);
  return failing.length === 0
    ? { ok: true, detail: `${summary}; ${types.recipes} recipes type-check` }
    : {
      ok: false,
      detail: `${summary}; recipes fail to type-check:\n${
        failing.map(([, errors]) => errors.join('\n')).join('\n')
      }`,
    };
}

// --- helpers ----------------------------------------------------------------------

function check(name, body) {
  const started = performance.now();
  let outcome;
  try {
    outcome = body();
  } catch (error) {
    outcome = { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
  const ms = performance.now() - started;
  results.push({ name, ok: outcome.ok, ms, detail: outcome.detail });
  console.log(`${outcome.ok ? 'pass' : 'FAIL'}  ${name} (${seconds(ms)})`);
  if (outcome.detail) console.log(indent(outcome.detail));
}

function exec(command, commandArgs, options = {}) {
  return run(command, commandArgs, { ...options, env: { CI: 'true' } });
}

/** One `<testcase>` per check, for scripts/run_tests.mjs to count. */
function writeJunit(file) {
  const escape = (text) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const cases = results.map((r) =>
    `  <testcase name="${escape(r.name)}" classname="check_package" time="${r.ms / 1000}"` +
    (r.ok ? '/>' : `>\n    <failure message="${escape(r.detail ?? 'failed')}"/>\n  </testcase>`)
  );
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(
    path.resolve(file),
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n<testsuite name="packaging" ` +
      `tests="${results.length}">\n${cases.join('\n')}\n</testsuite>\n</testsuites>\n`,
  );
}

function stripAnsi(text) {
  // deno-lint-ignore no-control-regex
  return text.replace(/\x1b\[[0-9;]*m/g, '');
}

function indent(text) {
  return text.split('\n').map((l) => `    ${l}`).join('\n');
}

function fail(message) {
  failWith('check_package', message, 2);
}
