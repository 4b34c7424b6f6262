// The npm package's JavaScript and declarations, built by tsdown (Rolldown, with
// rolldown-plugin-dts for the `.d.ts`). `npm run build` (scripts/build_npm.mjs) runs
// this config and adds what tsdown does not do: npm/package.json, the compiled test
// suite and the checks. `npx tsdown` alone builds the same JavaScript into npm/.
//
// The entry points are deno.json's `exports`, read here: adding an entry point there
// adds it to the bundle, the exports map and every check.
//
//   npm/esm/<entry>.js    + .d.ts   ES modules, one file per entry point
//   npm/script/<entry>.js + .d.ts   CommonJS (npm/script/package.json says so)
//   npm/{esm,script}/chunk-*.js     modules shared by several entries: a class such as
//                                   DoubleFailuresError keeps one identity across entries
//
// Not minified, names kept (stack traces read like the sources); the SDK is external.

import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsdown';
import { entryPoints, externalPackages } from './scripts/_lib.mjs';

// `./`: an entry such as vitest/mod.ts must not resolve as a package subpath.
const entry = Object.fromEntries(entryPoints().map(({ name, source }) => [name, `./${source}`]));

/**
 * The `scripted-agents` command line tool (package.json `bin`): ESM only, built
 * with the entries so it shares their chunks.
 */
const cliEntry = { 'cli/main': 'cli/main.ts' };

/**
 * Everything the SDK publishes stays an import of the user's SDK, and Node's
 * built-ins stay imports (only an entry made for Node, such as a file-system
 * store, may use them: tests/guards_test.ts keeps them out of the rest).
 */
const neverBundle = [
  /^node:/,
  // jsdiff, which the viewer renders diffs with, is a dependency of the package.
  /^diff(\/|$)/,
  ...externalPackages.map((name) =>
    name.startsWith('@') ? new RegExp(`^${name}/`) : new RegExp(`^${name}(/|$)`)
  ),
];

/**
 * testing/sandbox/_sdk_sandbox.ts loads the SDK's optional sandbox entry with a top-level
 * `await import()`, which CommonJS cannot express. In the CommonJS build the same
 * module is a `require` in a `try`/`catch`, with the same exports. A `require` is
 * synchronous, so it waits for the first call: a Jest file that creates no sandbox
 * double never loads the sandbox entry.
 */
const commonJsSdkSandbox = {
  name: 'scripted-agents:commonjs-sdk-sandbox',
  load: {
    filter: { id: /[\\/]testing[\\/]sandbox[\\/]_sdk_sandbox\.ts$/ },
    handler(id) {
      if (!/[\\/]testing[\\/]sandbox[\\/]_sdk_sandbox\.ts$/.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const loader =
        /^const loaded: SdkSandboxLoad = await import\([^;]*;\n\n(\/\*\*[^\n]*\*\/\n)export function loadSdkSandbox\(\): SdkSandboxLoad \{\n {2}return loaded;\n\}$/ms;
      if (!loader.test(source)) {
        throw new Error(`${id}: the sandbox loader no longer reads as the CommonJS build expects`);
      }
      return source.replace(
        loader,
        (_match, doc) =>
          [
            'declare const require: (id: string) => SdkSandbox;',
            'let loaded: SdkSandboxLoad | undefined;',
            '',
            `${doc}export function loadSdkSandbox(): SdkSandboxLoad {`,
            '  if (loaded) return loaded;',
            '  try {',
            "    loaded = { module: require('@openai/agents-core/sandbox') };",
            '  } catch (error) {',
            '    loaded = { error };',
            '  }',
            '  return loaded;',
            '}',
          ].join('\n'),
      );
    },
  },
};

/**
 * One build of the package. Declarations and JavaScript are separate builds:
 * rolldown-plugin-dts bundles declarations as stand-in JavaScript modules, so an
 * output option meant for the JavaScript reaches them too. `keepNames` is one: where
 * Rolldown renames a clashing function or class (two modules' `hasOwn`), it keeps the
 * original `.name` with a `__name(...)` call imported from its runtime chunk; in a
 * declaration build the call is dropped but the import stays, and every
 * `chunk-*.d.ts` then imported `__name` from a `.js` chunk with no declaration
 * (TS7016, and TS2552 under CommonJS, for any consumer with `skipLibCheck: false`).
 * A declaration has no run time, so its builds keep no names.
 *
 * @param {'esm' | 'cjs'} format
 * @param {string} outDir
 * @param {'js' | 'dts' | 'both'} output  what this config writes; for CommonJS tsdown
 *   itself splits `'both'` into a JavaScript build and a declaration build (`cjsDts`)
 */
// Node's module loader pays about half a millisecond per file (resolving, reading, linking),
// as much as 25 KB of code costs to compile, so the chunks follow what a test file imports
// together instead of every distinct set of importing entries (17 files for the testing entry
// before): the private helpers (which the Realtime entry shares), the testing doubles, the runner
// integration, and the cassette core.
// What loads on first use stays apart: the exploration's answer reader and value generator, the
// cassette viewer, and the cassette code behind useCassette().
const lazyModules =
  /[\\/]testing[\\/](explore[\\/]_explore_(answer|values)|_shared[\\/]_schema_values)\.ts$/;
const chunkGroups = [
  { name: 'internal', test: /[\\/]_internal[\\/]/, priority: 4 },
  {
    name: 'testing',
    test: (id) => /[\\/]testing[\\/]/.test(id) && !lazyModules.test(id),
    priority: 3,
    // Split by the entries that use each part, so the cassette entry, which replays through the
    // model doubles, does not also load the MCP, sandbox and exploration doubles; parts under
    // 80 KB join their nearest neighbour.
    entriesAware: true,
    entriesAwareMergeThreshold: 80_000,
  },
  { name: 'runner', test: /[\\/]runner[\\/]/, priority: 2 },
  { name: 'cassette', test: /[\\/]cassette[\\/](?!recording_view|_view_)/, priority: 1 },
];

function flavour(format, outDir, output) {
  return {
    entry: format === 'esm' ? { ...entry, ...cliEntry } : entry,
    format,
    outDir,
    // The sources are web-standard; CommonJS output is always `node` for tsdown.
    platform: format === 'esm' ? 'neutral' : 'node',
    target: 'es2022',
    tsconfig: 'tsconfig.build.json',
    plugins: format === 'cjs' ? [commonJsSdkSandbox] : [],
    deps: { neverBundle },
    // tsdown writes CommonJS declarations in a build of their own (its `cjsDts`
    // pass); ESM's would share the JavaScript's build, so they get their own config.
    dts: output === 'js'
      ? false
      : { tsconfig: 'tsconfig.build.json', emitDtsOnly: output === 'dts' },
    // `.js` and `.d.ts` in both directories: npm/script/package.json makes its
    // `.js` CommonJS, so TypeScript reads its declarations as CommonJS too.
    outExtensions: () => ({ js: '.js', dts: '.d.ts' }),
    hash: true,
    minify: false,
    sourcemap: false,
    treeshake: true,
    clean: false,
    report: false,
    logLevel: 'warn',
    failOnWarn: true,
    // Timing notes are not problems; CommonJS is a deliberate output.
    checks: { pluginTimings: false, legacyCjs: false },
    outputOptions: (_options, _format, { cjsDts }) => ({
      // Names are a run-time property: only the JavaScript keeps them (see above).
      keepNames: output !== 'dts' && !cjsDts,
      minifyInternalExports: false,
      // The documentation ships in the declarations; the JS keeps only what Rolldown
      // must keep (annotations such as /* @__PURE__ */).
      comments: { legal: false, annotation: true, jsdoc: false },
      chunkFileNames: 'chunk-[hash].js',
      ...(output !== 'dts' && !cjsDts ? { codeSplitting: { groups: chunkGroups } } : {}),
    }),
  };
}

export default defineConfig([
  flavour('esm', 'npm/esm', 'js'),
  flavour('esm', 'npm/esm', 'dts'),
  flavour('cjs', 'npm/script', 'both'),
]);
