// deno-lint-ignore-file no-console
/**
 * `npm run build`: turns the Deno-first sources into the npm package in `npm/`
 * (dnt's job; dnt itself cannot be installed here), then proves the package works.
 *
 * 1. One TypeScript program (the compiler API of the `typescript` devDependency,
 *    project `tsconfig.build.json`) type-checks the library and the test suite
 *    together and emits:
 *    - `npm/esm/**.js`: the library as ES modules (`.ts` imports rewritten to `.js`);
 *    - `npm/types/**.d.ts`: declarations for `import` (ESM, like `npm/`'s `type`);
 *    - `npm/esm/tests/**.js`: the test suite. Inside `npm/`, bare `scripted-agents/*`
 *      imports resolve to the built package through its own `exports`
 *      (self-reference), and relative imports of private modules
 *      (`../_internal/snapshot.js`) hit the very same `npm/esm` files, so there is
 *      one instance of every module. The tests are not in `files`: never published.
 * 2. `npm/script/**.js` (+ `.d.ts`): the ESM output transpiled to CommonJS, with
 *    the declarations copied beside it so `require` gets CommonJS-flavoured types.
 * 3. The published ESM entry points are bundled (`deno bundle`, esbuild inside; comments
 *    stripped, the documentation ships in the declarations):
 *    `npm/esm/{mod,testing/mod,realtime_testing/mod}.js` plus shared
 *    `npm/esm/chunk-*.js`, the SDK left external. Importing `scripted-agents/testing`
 *    then loads three of our files instead of twenty. The per-module ESM stays in
 *    `npm/esm` for the tests that import private modules; it is not published.
 * 4. `npm/package.json`, README.md and LICENSE.
 * 5. Unless `--build-only`: `node --test` on the built tests (skipped by
 *    `--no-test`), a CommonJS smoke test of every entry point, and (unless
 *    `--no-consumer`) `npm pack` installed into a separate temporary consumer
 *    project, whose entry points must import under Node ESM and CommonJS and
 *    type-check under node16 and bundler resolution.
 *
 * @module
 */

import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'npm');
const esmDir = path.join(out, 'esm');
const scriptDir = path.join(out, 'script');
const typesDir = path.join(out, 'types');
const testsOut = path.join(esmDir, 'tests');

/** The published entry points: subpath → source file (relative to the root, no extension). */
const entries: Record<string, string> = {
  '.': 'mod',
  './testing': 'testing/mod',
  './realtime_testing': 'realtime_testing/mod',
  './cassette': 'cassette/mod',
  './cassette_fs': 'cassette_fs/mod',
};
const libraryDirs = ['_internal', 'testing', 'realtime_testing', 'cassette', 'cassette_fs'];
/** The file adapter's Node built-ins (Node.js, Deno and Bun provide them); nothing else may import one. */
const fileAdapterImports = new Set(['node:fs/promises', 'node:process']);
/**
 * Runtime imports the library may make; anything else must become a dependency first.
 * The floor is the oldest SDK the whole built suite passes against (0.16.0, the first
 * release with the SDK's own doubles; scripts/check_package.mjs tests it); the ceiling
 * stops before the next minor, whose SandboxSession/RealtimeTransportLayer may grow
 * methods the compiled method tables do not know.
 */
const peerDependencies: Record<string, string> = {
  '@openai/agents-core': '>=0.16.0 <0.21.0',
  '@openai/agents-realtime': '>=0.16.0 <0.21.0',
};
const description =
  'Deterministic test doubles for the OpenAI Agents SDK: a scripted Model, SandboxSession ' +
  'and Realtime transport that drive the real Runner, SandboxAgent and RealtimeSession offline.';

const flags = new Set(Deno.args);
for (const flag of flags) {
  if (!['--build-only', '--no-test', '--no-consumer'].includes(flag)) fail(`unknown flag ${flag}`);
}

const started = performance.now();
const denoJson = JSON.parse(await fs.readFile(path.join(root, 'deno.json'), 'utf8'));
const version: string = denoJson.version;

await fs.rm(out, { recursive: true, force: true });
const project = readProject();
compile(project.options, project.library, project.tests);
await writeCommonJs();
await bundleEsm();
await checkDeclarations();
await writePackageFiles();
step(`built npm/ (scripted-agents@${version}) in ${seconds(performance.now() - started)}`);

if (!flags.has('--build-only')) {
  if (!flags.has('--no-test')) await runNodeTests();
  await smokeTest();
  if (!flags.has('--no-consumer')) await consumerTest();
}

// --- compile ------------------------------------------------------------------

/** The build's TypeScript project: its options, and its files split into library and tests. */
function readProject(): { options: ts.CompilerOptions; library: string[]; tests: string[] } {
  const configPath = path.join(root, 'tsconfig.build.json');
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) fail(formatDiagnostics([error]));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath);
  if (parsed.errors.length > 0) fail(formatDiagnostics(parsed.errors));
  const isLibrary = (file: string) => {
    const relative = path.relative(root, file).split(path.sep).join('/');
    return !relative.endsWith('_test.ts') &&
      (relative === 'mod.ts' || libraryDirs.some((dir) => relative.startsWith(`${dir}/`)));
  };
  const { outDir, declarationDir } = parsed.options;
  if (path.resolve(outDir ?? '') !== esmDir || path.resolve(declarationDir ?? '') !== typesDir) {
    fail('tsconfig.build.json must emit to npm/esm (outDir) and npm/types (declarationDir)');
  }
  const files = parsed.fileNames.map((f) => path.resolve(f)).sort();
  const library = files.filter(isLibrary);
  for (const source of Object.values(entries)) {
    if (!library.includes(path.join(root, `${source}.ts`))) {
      fail(`${source}.ts is not in the build`);
    }
  }
  return { options: parsed.options, library, tests: files.filter((f) => !isLibrary(f)) };
}

function compile(options: ts.CompilerOptions, library: string[], tests: string[]): void {
  const program = ts.createProgram([...library, ...tests], options);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    fail(`TypeScript reported ${diagnostics.length} error(s):\n${formatDiagnostics(diagnostics)}`);
  }
  const librarySet = new Set(library.map((f) => path.resolve(f)));
  let written = 0;
  const writeFile: ts.WriteFileCallback = (fileName, text, _bom, _onError, sourceFiles) => {
    const source = sourceFiles?.[0]?.fileName;
    const isLibrary = source !== undefined && librarySet.has(path.resolve(source));
    // Declarations are published for the library only; tests only need JS.
    if (fileName.endsWith('.d.ts') && !isLibrary) return;
    if (!isLibrary && !path.resolve(fileName).startsWith(esmDir + path.sep)) return;
    Deno.mkdirSync(path.dirname(fileName), { recursive: true });
    Deno.writeTextFileSync(fileName, text);
    written += 1;
  };
  // rewriteRelativeImportExtensions covers the JS only; declarations keep `.ts`.
  const result = program.emit(undefined, writeFile, undefined, false, {
    afterDeclarations: [rewriteDeclarationImports],
  });
  if (result.emitSkipped || result.diagnostics.length > 0) {
    fail(`TypeScript emit failed:\n${formatDiagnostics(result.diagnostics)}`);
  }
  step(
    `compiled ${library.length} library and ${tests.length} test modules (${written} files)`,
  );
}

/** `from './x.ts'` → `from './x.js'` in emitted declarations (and `import('./x.ts')` types). */
function rewriteDeclarationImports(
  context: ts.TransformationContext,
): (node: ts.SourceFile | ts.Bundle) => ts.SourceFile | ts.Bundle {
  const { factory } = context;
  const rewrite = (specifier: ts.Expression): ts.Expression =>
    ts.isStringLiteral(specifier) && /^\.\.?\//.test(specifier.text) &&
      /\.ts$/.test(specifier.text) && !/\.d\.ts$/.test(specifier.text)
      ? factory.createStringLiteral(specifier.text.replace(/\.ts$/, '.js'))
      : specifier;
  const visit = (node: ts.Node): ts.Node => {
    if (ts.isImportDeclaration(node)) {
      return factory.updateImportDeclaration(
        node,
        node.modifiers,
        node.importClause,
        rewrite(node.moduleSpecifier),
        node.attributes,
      );
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      return factory.updateExportDeclaration(
        node,
        node.modifiers,
        node.isTypeOnly,
        node.exportClause,
        rewrite(node.moduleSpecifier),
        node.attributes,
      );
    }
    if (
      ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      return factory.updateImportTypeNode(
        node,
        factory.updateLiteralTypeNode(
          node.argument,
          rewrite(node.argument.literal) as ts.StringLiteral,
        ),
        node.attributes,
        node.qualifier,
        node.typeArguments,
        node.isTypeOf,
      );
    }
    return ts.visitEachChild(node, visit, context);
  };
  return (node) => ts.isSourceFile(node) ? ts.visitEachChild(node, visit, context) : node;
}

function formatDiagnostics(diagnostics: readonly ts.Diagnostic[]): string {
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  };
  return Deno.stderr.isTerminal()
    ? ts.formatDiagnosticsWithColorAndContext(diagnostics, host)
    : ts.formatDiagnostics(diagnostics, host);
}

/** CommonJS from the already type-elided ESM output: plain JS, so no import is a type. */
async function writeCommonJs(): Promise<void> {
  const problems: string[] = [];
  for (const { relative, source } of await libraryModules()) {
    const result = ts.transpileModule(source, {
      fileName: relative,
      reportDiagnostics: true,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        allowJs: true,
        esModuleInterop: true,
        newLine: ts.NewLineKind.LineFeed,
      },
    });
    for (const d of result.diagnostics ?? []) {
      problems.push(`${relative}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    }
    // Neither has a CommonJS equivalent; transpiling would leave a broken module.
    if (/\bimport\.meta\b/.test(source)) problems.push(`${relative}: uses import.meta`);
    if (/^(await\b|(const|let|var)\s[^=\n]*=\s*await\b)/m.test(source)) {
      problems.push(`${relative}: uses top-level await`);
    }
    await writeIn(scriptDir, relative, result.outputText);
  }
  if (problems.length > 0) fail(`cannot produce CommonJS:\n  ${problems.join('\n  ')}`);
  // The same declarations, but in a "type": "commonjs" scope, so TypeScript sees
  // `require` targets as CommonJS (no "masquerading as ESM").
  for (const file of await walk(typesDir)) {
    const target = path.join(scriptDir, path.relative(typesDir, file));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(file, target);
  }
  await writeJson(path.join(scriptDir, 'package.json'), { type: 'commonjs' });
}

/** The compiled library modules in `npm/esm` (tests excluded), paths relative to it. */
async function libraryModules(): Promise<{ relative: string; source: string }[]> {
  const modules = [];
  for (const file of await walk(esmDir)) {
    if (file.startsWith(testsOut + path.sep) || !file.endsWith('.js')) continue;
    modules.push({
      relative: path.relative(esmDir, file),
      source: await fs.readFile(file, 'utf8'),
    });
  }
  return modules;
}

async function writeIn(dir: string, relative: string, text: string): Promise<void> {
  const target = path.join(dir, relative);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, text);
}

/**
 * Replaces each ESM entry point with a bundle of its modules. Shared modules
 * land in shared chunks (code splitting), so an export re-exported by two
 * entries (`DoubleFailuresError`) keeps one identity. Only our own compiled
 * library modules may end up inside a bundle: every peer is external.
 */
async function bundleEsm(): Promise<void> {
  const staging = path.join(out, '.bundle');
  // The bundle's input: the library's ESM without comments. The documentation
  // ships in the declarations; in the JS it only costs parse time on every import.
  const input = path.join(out, '.bundle-input');
  for (const { relative, source } of await libraryModules()) {
    const { outputText } = ts.transpileModule(source, {
      fileName: relative,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        allowJs: true,
        verbatimModuleSyntax: true,
        removeComments: true,
        newLine: ts.NewLineKind.LineFeed,
      },
    });
    await writeIn(input, relative, outputText);
  }
  const externals = [
    ...Object.keys(peerDependencies).flatMap((
      name,
    ) => ['--external', name, '--external', `${name}/*`]),
    ...[...fileAdapterImports].flatMap((name) => ['--external', name]),
  ];
  const inputs = Object.values(entries).map((source) => path.join(input, `${source}.js`));
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      'bundle',
      '--quiet',
      '--no-config',
      '--code-splitting',
      '--format=esm',
      '--platform=browser',
      '--keep-names',
      ...externals,
      '--outdir',
      staging,
      ...inputs,
    ],
    cwd: root,
    stdout: 'null',
    stderr: 'piped',
  }).output();
  if (code !== 0) fail(`deno bundle failed:\n${new TextDecoder().decode(stderr)}`);
  const expected = new Set(Object.values(entries).map((source) => `${source}.js`));
  const problems: string[] = [];
  let chunks = 0;
  for (const file of await walk(staging)) {
    const relative = path.relative(staging, file).split(path.sep).join('/');
    const isChunk = /^chunk-[A-Z0-9]+\.js$/.test(relative);
    if (!expected.delete(relative) && !isChunk) problems.push(`unexpected output ${relative}`);
    if (isChunk) chunks += 1;
    // esbuild marks each inlined module with a `// path` comment line.
    for (const [, module] of (await fs.readFile(file, 'utf8')).matchAll(/^\/\/ (\S+\.js)$/gm)) {
      const inside = path.relative(input, path.resolve(root, module)).split(path.sep).join('/');
      const ours = inside === 'mod.js' || libraryDirs.some((dir) => inside.startsWith(`${dir}/`));
      if (!ours) problems.push(`${relative} inlines ${module}`);
    }
  }
  for (const missing of expected) problems.push(`missing bundle ${missing}`);
  if (problems.length > 0) fail(`unexpected ESM bundle:\n  ${problems.join('\n  ')}`);
  for (const file of await walk(staging)) {
    const target = path.join(esmDir, path.relative(staging, file));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(file, target);
  }
  await fs.rm(staging, { recursive: true, force: true });
  await fs.rm(input, { recursive: true, force: true });
  step(`bundled ${Object.keys(entries).length} ESM entry points (+${chunks} shared chunks)`);
}

/** The published types must stand on their own, without Node's or Deno's globals. */
async function checkDeclarations(): Promise<void> {
  const problems: string[] = [];
  for (const file of await walk(typesDir)) {
    const text = await fs.readFile(file, 'utf8');
    const relative = path.relative(out, file);
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (/\.ts$/.test(fileName)) problems.push(`${relative}: still imports ${fileName}`);
    }
    if (/reference types="(node|deno|bun)/.test(text) || /\bNodeJS\./.test(text)) {
      problems.push(`${relative}: depends on a runtime's types`);
    }
  }
  for (const file of await walk(esmDir)) {
    if (file.startsWith(testsOut + path.sep) || !file.endsWith('.js')) continue;
    const text = await fs.readFile(file, 'utf8');
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      if (specifier.startsWith('.')) continue;
      const inAdapter = path.relative(esmDir, file).split(path.sep)[0] === 'cassette_fs';
      if (inAdapter && fileAdapterImports.has(specifier)) continue;
      const name = specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : specifier.split('/')[0];
      if (!(name in peerDependencies)) {
        problems.push(`${path.relative(out, file)}: imports ${specifier} at run time`);
      }
    }
  }
  if (problems.length > 0) {
    fail(`the built package is not self-contained:\n  ${problems.join('\n  ')}`);
  }
}

async function writePackageFiles(): Promise<void> {
  const exportsMap: Record<string, unknown> = {};
  const typesVersions: Record<string, string[]> = {};
  for (const [subpath, source] of Object.entries(entries)) {
    exportsMap[subpath] = {
      import: { types: `./types/${source}.d.ts`, default: `./esm/${source}.js` },
      require: { types: `./script/${source}.d.ts`, default: `./script/${source}.js` },
    };
    // node10 resolution ignores `exports`; this maps the subpaths' types for it.
    if (subpath !== '.') typesVersions[subpath.slice(2)] = [`./script/${source}.d.ts`];
  }
  exportsMap['./package.json'] = './package.json';
  const pkg = {
    name: 'scripted-agents',
    version,
    description,
    license: 'MIT',
    keywords: ['openai', 'agents', 'testing', 'test-double', 'mock', 'realtime', 'deno', 'bun'],
    type: 'module',
    main: './script/mod.js',
    module: './esm/mod.js',
    types: './script/mod.d.ts',
    exports: exportsMap,
    typesVersions: { '*': typesVersions },
    files: [
      ...Object.values(entries).map((source) => `esm/${source}.js`),
      'esm/chunk-*.js',
      'script/',
      'types/',
      'README.md',
      'LICENSE',
    ],
    sideEffects: false,
    engines: { node: '>=20' },
    peerDependencies,
  };
  await writeJson(path.join(out, 'package.json'), pkg);
  for (const file of ['README.md', 'LICENSE']) {
    if (!existsSync(path.join(root, file))) fail(`${file} is missing`);
    await fs.copyFile(path.join(root, file), path.join(out, file));
  }
}

// --- verify -------------------------------------------------------------------

async function runNodeTests(): Promise<void> {
  const files = existsSync(testsOut)
    ? (await walk(testsOut)).filter((f) => /_test\.js$/.test(f)).sort()
    : [];
  if (files.length === 0) fail('no built test files in npm/esm/tests');
  const t0 = performance.now();
  const status = await run('node', [
    '--test',
    '--test-reporter=spec',
    // Node's default is one file at a time on 2 cores; files are separate processes.
    '--test-concurrency=2',
    '--test-timeout=120000',
    ...files.map((f) => path.relative(out, f)),
  ], { cwd: out });
  if (status !== 0) fail(`node --test failed (exit ${status})`);
  step(`node --test: ${files.length} files in ${seconds(performance.now() - t0)}`);
}

/** Every entry under `require` and `import`, from inside the package (self-reference). */
async function smokeTest(): Promise<void> {
  const status = await run('node', ['--eval', entryCheckScript()], { cwd: out });
  if (status !== 0) fail('the CommonJS smoke test failed');
  step('CommonJS smoke test: every entry point requires and matches its ESM exports');
}

/** Source of a CommonJS script asserting what every entry exports, both ways. */
function entryCheckScript(): string {
  const specifiers = Object.keys(entries).map((s) => path.posix.join('scripted-agents', s));
  return `'use strict';
const assert = require('node:assert/strict');
const specifiers = ${JSON.stringify(specifiers)};
(async () => {
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
  const union = [...new Set([...keys['scripted-agents/testing'], ...keys['scripted-agents/realtime_testing']])].sort();
  assert.deepEqual(keys['scripted-agents'], union, 'the root entry must re-export both halves');
  assert.equal('ScriptedRealtimeTransport' in require('scripted-agents/testing'), false);
  assert.equal('ScriptedRealtimeTransport' in (await import('scripted-agents/testing')), false);
  console.log('entry points: ' + specifiers.map((s) => s + ' (' + keys[s].length + ')').join(', '));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;
}

/**
 * `npm pack`, installed into a throwaway project outside the repository (so
 * nothing resolves from the dev node_modules), with the SDK peers at the versions
 * of the dev install, preferring npm's cache. Then: import and require every
 * entry, and type-check imports under node16 (ESM + CJS) and bundler resolution.
 */
async function consumerTest(): Promise<void> {
  const t0 = performance.now();
  const work = await Deno.makeTempDir({ prefix: 'scripted-agents-consumer-' });
  const packed = await capture('npm', ['pack', '--json', '--pack-destination', work], out);
  const [info] = JSON.parse(packed);
  const packedFiles: string[] = info.files.map((f: { path: string }) => f.path);
  const leaked = packedFiles.filter((f) => /(^|\/)tests\//.test(f) || /_test\.js$/.test(f));
  if (leaked.length > 0) fail(`the tarball contains tests: ${leaked.join(', ')}`);
  for (const source of Object.values(entries)) {
    for (const file of [`esm/${source}.js`, `script/${source}.js`, `types/${source}.d.ts`]) {
      if (!packedFiles.includes(file)) fail(`the tarball lacks ${file}`);
    }
  }

  const consumer = path.join(work, 'consumer');
  await fs.mkdir(consumer);
  const dependencies: Record<string, string> = {
    'scripted-agents': `file:${path.join(work, info.filename)}`,
  };
  for (const name of Object.keys(peerDependencies)) {
    const installed = JSON.parse(
      await fs.readFile(path.join(root, 'node_modules', name, 'package.json'), 'utf8'),
    );
    dependencies[name] = installed.version;
  }
  await writeJson(path.join(consumer, 'package.json'), {
    name: 'consumer',
    private: true,
    type: 'commonjs',
    dependencies,
  });
  await capture('npm', [
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--loglevel=error',
  ], consumer);

  await fs.writeFile(path.join(consumer, 'check.cjs'), entryCheckScript());
  await fs.writeFile(
    path.join(consumer, 'check.mjs'),
    Object.keys(entries).map((s, i) =>
      `import * as m${i} from '${path.posix.join('scripted-agents', s)}';\n` +
      `if (typeof m${i}.DoubleFailuresError !== 'function') throw new Error('${s}');\n`
    ).join('') + `console.log('ESM import of ${Object.keys(entries).length} entry points: ok');\n`,
  );
  for (const script of ['check.cjs', 'check.mjs']) {
    const status = await run('node', [script], { cwd: consumer });
    if (status !== 0) fail(`the installed package fails ${script}`);
  }

  // Types: one file per module flavour; each resolves every entry and uses an export.
  const typeUse = (kind: 'import' | 'require') =>
    Object.keys(entries).map((s, i) => {
      const specifier = path.posix.join('scripted-agents', s);
      return kind === 'import'
        ? `import * as m${i} from '${specifier}';\nexport const e${i}: Error = new m${i}.DoubleFailuresError('x', []);\n`
        : `import m${i} = require('${specifier}');\nexport const e${i}: Error = new m${i}.DoubleFailuresError('x', []);\n`;
    }).join('');
  await fs.writeFile(path.join(consumer, 'esm_types.mts'), typeUse('import'));
  await fs.writeFile(path.join(consumer, 'cjs_types.cts'), typeUse('require'));
  await fs.writeFile(path.join(consumer, 'bundler_types.ts'), typeUse('import'));
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const configs: Record<string, [Record<string, unknown>, string[]]> = {
    node16: [{ module: 'node16', moduleResolution: 'node16' }, ['esm_types.mts', 'cjs_types.cts']],
    bundler: [{ module: 'esnext', moduleResolution: 'bundler' }, ['bundler_types.ts']],
  };
  for (const [name, [options, files]] of Object.entries(configs)) {
    await writeJson(path.join(consumer, `tsconfig.${name}.json`), {
      compilerOptions: {
        ...options,
        target: 'es2022',
        lib: ['es2022', 'dom', 'esnext.disposable'],
        types: [],
        strict: true,
        noEmit: true,
        // The SDK's own declarations are not ours to check; ours are, via their use.
        skipLibCheck: true,
      },
      files,
    });
    const status = await run('node', [tsc, '-p', `tsconfig.${name}.json`], { cwd: consumer });
    if (status !== 0) fail(`the installed package's types fail under ${name} resolution`);
  }
  await fs.rm(work, { recursive: true, force: true });
  step(
    `consumer project: npm pack (${packedFiles.length} files, no tests) installs; ESM import, ` +
      `CommonJS require and node16/bundler types ok (${seconds(performance.now() - t0)})`,
  );
}

// --- helpers ------------------------------------------------------------------

async function walk(dir: string): Promise<string[]> {
  const files: string[] = [];
  if (!existsSync(dir)) return files;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...await walk(full));
    } else if (entry.isFile()) files.push(full);
  }
  return files;
}

async function writeJson(file: string, value: unknown): Promise<void> {
  await fs.writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

async function run(command: string, args: string[], options: { cwd: string }): Promise<number> {
  const child = new Deno.Command(command, {
    args,
    cwd: options.cwd,
    stdin: 'null',
    stdout: 'inherit',
    stderr: 'inherit',
  }).spawn();
  return (await child.status).code;
}

async function capture(command: string, args: string[], cwd: string): Promise<string> {
  const result = await new Deno.Command(command, { args, cwd, stdin: 'null' }).output();
  const stdout = new TextDecoder().decode(result.stdout);
  if (!result.success) {
    fail(
      `${command} ${args.join(' ')} failed (exit ${result.code}):\n${stdout}${
        new TextDecoder().decode(result.stderr)
      }`,
    );
  }
  return stdout;
}

function step(message: string): void {
  console.log(`build_npm: ${message}`);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function fail(message: string): never {
  console.error(`build_npm: ${message}`);
  Deno.exit(1);
}
