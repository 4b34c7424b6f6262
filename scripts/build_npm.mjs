#!/usr/bin/env node
// deno-lint-ignore-file no-console
// `npm run build`: the npm package in npm/, from the Deno-first sources, then proof
// that its entry points load under Node.
//
// 1. `tsc -p tsconfig.build.json` type-checks the library and the test suite together
//    and emits both, module by module, into npm/esm (tests into npm/esm/tests). Inside
//    npm/, the tests' bare `scripted-agents/*` imports resolve to the built package
//    through its own `exports` (self-reference); the few tests that import a private
//    module (`../_internal/snapshot.js`) get the per-module file. Neither is published.
// 2. tsdown (tsdown.config.mjs) bundles every entry point of deno.json `exports` into
//    npm/esm (ESM) and npm/script (CommonJS), each with its `.d.ts`, shared chunks, the
//    SDK external. The ESM bundles replace the per-module entry files of step 1.
// 3. npm/package.json (exports map, typesVersions for node10, peer range, repository
//    links, the `scripted-agents` bin, jsdiff as the one dependency), README (relative
//    links made absolute: the tarball has none of their files), LICENSE; checks that
//    the published files import nothing but the SDK peers, jsdiff (the viewer's diffs)
//    and `node:` built-ins (which tests/guards_test.ts allows only where meant), and
//    inline nothing but the library.
// 4. Unless --build-only: a CommonJS smoke test of every entry point (a second or so).
//    With --test, first the built suite under `node --test` (what `npm test`'s node
//    step runs). Installing the packed tarball into consumer projects is
//    scripts/check_package.mjs's job.
//
// `npm run build` builds only; `npm run test:node` is the build with the suite.
//
// Options: --test (also run the built suite)  --build-only (no smoke test either)
//          --junit=PATH (with --test: also write the suite's JUnit report)
//          --no-test (the default; accepted for scripts written before --test)

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  bin,
  denoJson,
  entryPoints,
  exec,
  fail as failWith,
  isRelativeLink,
  libraryDirs,
  mapMarkdownLinks,
  packageName,
  peerDependencies,
  repository,
  root,
  runnerPeers,
  runnerSetupEntries,
  seconds,
  walk,
  writeJson,
} from './_lib.mjs';

const ts = createRequire(import.meta.url)('typescript');
const out = path.join(root, 'npm');
const esmDir = path.join(out, 'esm');
const scriptDir = path.join(out, 'script');
const testsOut = path.join(esmDir, 'tests');
const description =
  'Deterministic test doubles for the OpenAI Agents SDK: a scripted Model, SandboxSession ' +
  'and Realtime transport that drive the real Runner, SandboxAgent and RealtimeSession offline.';

const args = process.argv.slice(2);
const junit = args.find((a) => a.startsWith('--junit='))?.slice('--junit='.length);
for (const arg of args) {
  if (!['--build-only', '--no-test', '--test'].includes(arg) && !arg.startsWith('--junit=')) {
    fail(`unknown option ${arg}`);
  }
}

if (args.includes('--test') && (args.includes('--no-test') || args.includes('--build-only'))) {
  fail('--test runs the suite; --no-test and --build-only do not: give one');
}
if (junit !== undefined && !args.includes('--test')) fail('--junit needs --test');

const started = performance.now();
const entries = entryPoints();
const version = denoJson().version;
const peers = peerDependencies();
/**
 * The SDK peers are optional, so npm checks their range when a project has
 * them but never adds one itself. `@openai/agents-realtime` is imported only
 * by `scripted-agents/realtime_testing` (and the root entry that re-exports
 * it): a project on `@openai/agents-core` alone would get it, with its own
 * newer core. `@openai/agents-core` every entry imports, and every project
 * has it already, directly or as `@openai/agents`'s own dependency; as a
 * required peer npm puts the newest release beside an older `@openai/agents`
 * (0.3 with zod 3), a second SDK copy. `check_package.mjs --only=install`
 * proves both installs.
 */
const optionalSdkPeers = Object.keys(peers);
/** What the published code imports besides the SDK peers: jsdiff, for the viewer's diffs. */
const dependencies = { diff: readRootPackage().devDependencies.diff };
/** The command line tool (package.json `bin`), bundled by tsdown with the ESM entries. */
const cliFile = 'esm/cli/main.js';

fs.rmSync(out, { recursive: true, force: true });
compileWithTsc();
bundleWithTsdown();
writePackageFiles();
checkPublishedFiles();
checkImportLayout();
step(`built npm/ (${packageName}@${version}) in ${seconds(performance.now() - started)}`);

if (!args.includes('--build-only')) {
  if (args.includes('--test')) runNodeTests();
  smokeTest();
}

// --- build ----------------------------------------------------------------------

function compileWithTsc() {
  const t0 = performance.now();
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const res = exec(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--pretty', 'false']);
  if (res.status !== 0) fail(`tsc -p tsconfig.build.json failed:\n${res.stdout}${res.stderr}`);
  const emitted = walk(esmDir).filter((f) => f.endsWith('.js'));
  const tests = emitted.filter((f) => f.startsWith(testsOut + path.sep)).length;
  step(
    `tsc: type-checked and compiled ${emitted.length - tests} library and ${tests} test ` +
      `modules (${seconds(performance.now() - t0)})`,
  );
  copyTestCassettes();
}

/**
 * The recorded cassettes of tests that name their source file (`withDoubles(fn, { file })`
 * under node:test, which runs in npm/): tests/**\/__cassettes__ as npm/tests/**\/__cassettes__,
 * so the built suite replays what the sources do. Not published (package.json `files`).
 */
function copyTestCassettes() {
  const testsDir = path.join(root, 'tests');
  const dirs = walk(testsDir).map((f) => path.dirname(f))
    .filter((d) => path.basename(path.dirname(d)) === '__cassettes__')
    .map((d) => path.dirname(d))
    .filter((d) => !path.relative(testsDir, d).startsWith('consumers'));
  for (const dir of new Set(dirs)) {
    fs.cpSync(dir, path.join(out, path.relative(root, dir)), { recursive: true });
  }
}

function bundleWithTsdown() {
  const t0 = performance.now();
  const res = exec(bin('tsdown'), ['--config', 'tsdown.config.mjs']);
  const output = (res.stdout + res.stderr).split('\n')
    // tsdown's own notice on Node 20; the build is tested there.
    .filter((line) => !/Node\.js v20\.\S+ is deprecated/.test(line) && !/^ℹ /.test(line))
    .join('\n').trim();
  if (res.status !== 0) fail(`tsdown failed:\n${output}`);
  if (output !== '') console.log(output);
  // npm/script holds CommonJS with `.js` names; this tells Node and TypeScript.
  writeJson(path.join(scriptDir, 'package.json'), { type: 'commonjs' });
  appendTypeAugmentations();
  const chunks = (dir) => fs.readdirSync(dir).filter((f) => /^chunk-.*\.js$/.test(f)).length;
  step(
    `tsdown: ${entries.length} entry points as ESM (+${chunks(esmDir)} shared chunks) and ` +
      `CommonJS (+${chunks(scriptDir)}), with declarations (${seconds(performance.now() - t0)})`,
  );
}

/**
 * An entry folder's `_augment.d.ts` (the runner setup entries' matcher types for
 * Vitest's and Jest's `expect`) ends that entry's declarations. JSR accepts no
 * module augmentation, so the sources cannot hold them; the names they use are
 * the entry's own exports.
 */
function appendTypeAugmentations() {
  for (const { dir, name } of entries) {
    const augment = dir === undefined ? undefined : path.join(root, dir, '_augment.d.ts');
    if (augment === undefined || !fs.existsSync(augment)) continue;
    const text = fs.readFileSync(augment, 'utf8');
    for (const base of [esmDir, scriptDir]) {
      fs.appendFileSync(path.join(base, `${name}.d.ts`), `\n${text}`);
    }
  }
}

function writePackageFiles() {
  const exportsMap = {};
  const typesVersions = {};
  for (const { subpath, name } of entries) {
    exportsMap[subpath] = {
      import: { types: `./esm/${name}.d.ts`, default: `./esm/${name}.js` },
      require: { types: `./script/${name}.d.ts`, default: `./script/${name}.js` },
    };
    // node10 resolution ignores `exports`; this maps the subpaths' types for it.
    if (subpath !== '.') typesVersions[subpath.slice(2)] = [`./script/${name}.d.ts`];
  }
  exportsMap['./package.json'] = './package.json';
  if (!exportsMap['.']) fail('deno.json exports has no "." entry');
  writeJson(path.join(out, 'package.json'), {
    name: packageName,
    version,
    description,
    license: 'MIT',
    repository: { type: 'git', url: `git+${repository.url}.git` },
    homepage: `${repository.url}#readme`,
    bugs: { url: `${repository.url}/issues` },
    keywords: ['openai', 'agents', 'testing', 'test-double', 'mock', 'realtime', 'deno', 'bun'],
    type: 'module',
    main: './script/mod.js',
    module: './esm/mod.js',
    types: './script/mod.d.ts',
    exports: exportsMap,
    typesVersions: { '*': typesVersions },
    bin: { 'scripted-agents': `./${cliFile}` },
    files: [
      // The per-module files tsc emitted beside the bundles serve the tests only.
      ...entries.flatMap(({ name }) => [`esm/${name}.js`, `esm/${name}.d.ts`]),
      cliFile,
      'esm/chunk-*',
      'script/',
      'README.md',
      'LICENSE',
    ],
    // The runner setup entries register hooks when loaded; nothing else does anything on import.
    sideEffects: runnerSetupEntries.flatMap((
      name,
    ) => [`./esm/${name}/mod.js`, `./script/${name}/mod.js`]),
    engines: { node: '>=20' },
    dependencies,
    peerDependencies: { ...peers, ...runnerPeers() },
    // A peer only some entries import is optional, so npm neither adds it (with
    // its own SDK copy) nor fails the install when a project does not use them.
    peerDependenciesMeta: Object.fromEntries(
      [...optionalSdkPeers, ...Object.keys(runnerPeers())].map((
        name,
      ) => [name, { optional: true }]),
    ),
  });
  for (const file of ['README.md', 'LICENSE']) {
    if (!fs.existsSync(path.join(root, file))) fail(`${file} is missing`);
  }
  fs.copyFileSync(path.join(root, 'LICENSE'), path.join(out, 'LICENSE'));
  fs.writeFileSync(path.join(out, 'README.md'), packedReadme());
}

/**
 * The README as the registry page and the tarball show it: a relative link
 * (`tests/recipes/fixed_response_test.ts`, `CONTRIBUTING.md`) names a file of the
 * repository that the tarball does not hold, so each becomes an absolute link to
 * the repository (`…/blob/main/<file>`, `…/tree/main/<folder>`). A link to a file
 * that does not exist fails the build.
 */
function packedReadme() {
  const missing = [];
  const text = mapMarkdownLinks(fs.readFileSync(path.join(root, 'README.md'), 'utf8'), (target) => {
    if (!isRelativeLink(target)) return target;
    const [file, fragment] = target.split('#');
    const full = path.resolve(root, decodeURI(file));
    const relative = path.relative(root, full).split(path.sep).join('/');
    if (relative.startsWith('..') || !fs.existsSync(full)) {
      missing.push(target);
      return target;
    }
    const kind = fs.statSync(full).isDirectory() ? 'tree' : 'blob';
    const anchor = fragment === undefined ? '' : `#${fragment}`;
    return `${repository.url}/${kind}/${repository.branch}/${encodeURI(relative)}${anchor}`;
  });
  if (missing.length > 0) fail(`README.md links to files that do not exist: ${missing.join(', ')}`);
  return text;
}

/**
 * The published JavaScript imports only the SDK peers (anything else would be a
 * missing dependency) and inlines only library modules (Rolldown's `//#region
 * <source>` markers); the declarations need no runtime's types.
 */
function checkPublishedFiles() {
  const published = [
    ...walk(scriptDir),
    ...walk(esmDir).filter((f) => {
      const relative = path.relative(esmDir, f).split(path.sep).join('/');
      return relative.startsWith('chunk-') || `esm/${relative}` === cliFile ||
        entries.some(({ name }) => relative === `${name}.js` || relative === `${name}.d.ts`);
    }),
  ];
  const ours = (source) =>
    source === 'mod.ts' || source.startsWith('cli/') ||
    libraryDirs().some((dir) => source.startsWith(`${dir}/`));
  const problems = [];
  for (const file of published) {
    const relative = path.relative(out, file);
    const text = fs.readFileSync(file, 'utf8');
    // TypeScript's scanner: the imports, not the examples in the documentation.
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      if (specifier.startsWith('.')) {
        if (/\.ts$/.test(specifier) && !/\.d\.ts$/.test(specifier)) {
          problems.push(`${relative}: imports ${specifier}`);
        }
        // TypeScript reads `./chunk-x.js` from a declaration as `./chunk-x.d.ts`: a
        // JavaScript chunk without one is an untyped import (TS7016 under `strict`).
        const declaration = path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.d.ts'));
        if (file.endsWith('.d.ts') && !fs.existsSync(declaration)) {
          problems.push(`${relative}: imports ${specifier}, which has no declaration`);
        }
        continue;
      }
      const name = specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : specifier.split('/')[0];
      if (
        !(name in peers) && !(name in runnerPeers()) && !(name in dependencies) &&
        !specifier.startsWith('node:')
      ) {
        problems.push(`${relative}: imports ${specifier}`);
      }
    }
    for (const [, source] of text.matchAll(/^\/\/#region (\S+)$/gm)) {
      if (!ours(source) && !source.startsWith('\\0rolldown/')) {
        problems.push(`${relative}: inlines ${source}`);
      }
    }
    if (/reference types="(node|deno|bun)/.test(text) || /\bNodeJS\./.test(text)) {
      problems.push(`${relative}: depends on a runtime's types`);
    }
  }
  for (const { name } of entries) {
    for (const file of [`esm/${name}.js`, `esm/${name}.d.ts`, `script/${name}.js`]) {
      if (!fs.existsSync(path.join(out, file))) problems.push(`missing ${file}`);
    }
    if (!fs.existsSync(path.join(out, `script/${name}.d.ts`))) problems.push(`missing types`);
  }
  if (!fs.existsSync(path.join(out, cliFile))) problems.push(`missing ${cliFile}`);
  else if (!fs.readFileSync(path.join(out, cliFile), 'utf8').startsWith('#!/usr/bin/env node\n')) {
    problems.push(`${cliFile} does not start with #!/usr/bin/env node`);
  }
  // The tarball holds none of the files a relative link of its README would name.
  const readme = fs.readFileSync(path.join(out, 'README.md'), 'utf8');
  mapMarkdownLinks(readme, (target) => {
    if (isRelativeLink(target)) problems.push(`README.md: relative link ${target}`);
    return target;
  });
  if (problems.length > 0) {
    fail(`the built package is not self-contained:\n  ${problems.join('\n  ')}`);
  }
}

/**
 * What importing an entry loads (tsdown.config.mjs groups the chunks): Node's loader pays per
 * file, so the testing entry stays a handful of files, and code that loads on first use (the
 * value generator, the exploration's answer reader, the cassette code behind useCassette()) is
 * not among them.
 */
function checkImportLayout() {
  const loads = (entry) => {
    const seen = new Map();
    const pending = [path.join(esmDir, `${entry}.js`)];
    while (pending.length > 0) {
      const file = pending.pop();
      if (seen.has(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      seen.set(file, [...text.matchAll(/^\/\/#region (\S+)$/gm)].map(([, source]) => source));
      // Rolldown writes the static imports at the start of a line; `import(...)` never is.
      for (
        const [, specifier] of text.matchAll(/^(?:import|export)\b[^'"\n]*?["'](\.[^"']+)["'];$/gm)
      ) {
        pending.push(path.resolve(path.dirname(file), specifier));
      }
    }
    return { files: seen.size, modules: [...seen.values()].flat() };
  };
  const problems = [];
  const testing = loads('testing/mod');
  if (testing.files > 6) problems.push(`testing/mod.js loads ${testing.files} files (at most 6)`);
  const lazy = /^testing\/(_shared\/_schema_values|explore\/_explore_(answer|values))\.ts$/;
  for (const module of testing.modules.filter((m) => lazy.test(m))) {
    problems.push(`testing/mod.js loads ${module}, which loads on first use`);
  }
  for (const entry of ['vitest/mod', 'jest/mod', 'node_test/mod', 'runner/mod']) {
    for (const module of loads(entry).modules.filter((m) => /^cassette(_fs)?\//.test(m))) {
      problems.push(`${entry}.js loads ${module}, which useCassette() loads when called`);
    }
  }
  if (problems.length > 0) fail(`the import layout changed:\n  ${problems.join('\n  ')}`);
  step(`import layout: the testing entry loads ${testing.files} files`);
}

// --- verify ---------------------------------------------------------------------

function runNodeTests() {
  const files = walk(testsOut).filter((f) => f.endsWith('_test.js')).sort();
  if (files.length === 0) fail('no built test files in npm/esm/tests');
  // Every test module runs here, *_loopback_test.ts (own server on 127.0.0.1) included.
  const built = new Set(files.map((f) => path.relative(esmDir, f).replace(/\.js$/, '.ts')));
  const missing = walk(path.join(root, 'tests'))
    .map((f) => path.relative(root, f))
    .filter((f) => f.endsWith('_test.ts') && !f.startsWith(path.join('tests', 'consumers')))
    .filter((f) => !built.has(f));
  if (missing.length > 0) fail(`not compiled for node --test: ${missing.join(', ')}`);
  const t0 = performance.now();
  const reporters = [
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    ...(junit
      ? ['--test-reporter=junit', `--test-reporter-destination=${path.resolve(junit)}`]
      : []),
  ];
  const res = exec(process.execPath, [
    '--test',
    ...reporters,
    // Node's default is one file at a time on 2 cores; files are separate processes.
    '--test-concurrency=2',
    '--test-timeout=120000',
    ...files.map((f) => path.relative(out, f)),
  ], { cwd: out, inherit: true });
  if (res.status !== 0) fail(`node --test failed (exit ${res.status})`);
  step(`node --test: ${files.length} files in ${seconds(performance.now() - t0)}`);
}

/** Every entry under `require` and `import`, from inside the package (self-reference). */
function smokeTest() {
  // A runner setup entry registers its runner's hooks when loaded, so it loads only inside
  // that runner (the packaging check's runner suites run them there).
  const specifiers = entries.filter((e) => !runnerSetupEntries.includes(e.dir ?? ''))
    .map((e) => e.specifier);
  const script = `'use strict';
const assert = require('node:assert/strict');
const specifiers = ${JSON.stringify(specifiers)};
(async () => {
  // Under require, the SDK's sandbox entry loads with the first sandbox double, not before.
  const sandboxId = require.resolve('@openai/agents-core/sandbox');
  const testing = require('scripted-agents/testing');
  assert.ok(!(sandboxId in require.cache), 'scripted-agents/testing required the sandbox entry at load');
  const sandbox = testing.scriptedSandboxSession();
  assert.ok(sandboxId in require.cache, 'a sandbox double did not load the sandbox entry');
  assert.ok(sandbox.state.manifest instanceof require(sandboxId).Manifest);
  const keys = {};
  for (const specifier of specifiers) {
    const cjs = require(specifier);
    const esm = await import(specifier);
    const names = Object.keys(cjs).sort();
    assert.ok(names.length > 0, specifier + ' exports nothing under require');
    assert.deepEqual(names, Object.keys(esm).sort(), specifier + ': require and import differ');
    for (const name of names) {
      assert.notEqual(cjs[name], undefined, specifier + ': ' + name + ' is undefined');
      assert.equal(typeof cjs[name], typeof esm[name], specifier + ': ' + name + ' differs');
    }
    keys[specifier] = names;
  }
  // One class across entries: the shared chunks give every entry the same one.
  const withError = specifiers.filter((s) => keys[s].includes('DoubleFailuresError'));
  for (const specifier of withError) {
    assert.equal(require(specifier).DoubleFailuresError, require(withError[0]).DoubleFailuresError);
    assert.equal((await import(specifier)).DoubleFailuresError, (await import(withError[0])).DoubleFailuresError);
  }
  console.log('entry points: ' + specifiers.map((s) => s + ' (' + keys[s].length + ')').join(', '));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;
  const res = exec(process.execPath, ['--eval', script], { cwd: out, inherit: true });
  if (res.status !== 0) fail('the CommonJS smoke test failed');
  step('CommonJS smoke test: every entry point requires and matches its ESM exports');
  const cli = exec(process.execPath, [cliFile, '--help'], { cwd: out });
  if (cli.status !== 0 || !cli.stdout.startsWith('Usage: scripted-agents')) {
    fail(`${cliFile} --help failed (exit ${cli.status}):\n${cli.stdout}${cli.stderr}`);
  }
  step(`command line tool: ${cliFile} --help runs`);
}

function readRootPackage() {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
}

function step(message) {
  console.log(`build_npm: ${message}`);
}

function fail(message) {
  failWith('build_npm', message);
}
