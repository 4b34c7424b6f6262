// deno-lint-ignore-file no-console
// What the scripts share: the repository's layout as deno.json declares it, and a
// few small process and file helpers. Node built-ins only.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `node_modules/.bin/<name>` of the repository (deno, bun, tsc...). */
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** The npm package's name; JSR's is deno.json's `name`. */
export const packageName = 'scripted-agents';

/** The test-only Deno configuration: a workspace member for tests/ that maps `node:test`. */
export const denoTestConfig = 'tests/deno.jsonc';

/**
 * The SDK packages the published code may import at run time: peer dependencies
 * of the npm package. Everything else must be bundled or become a dependency first.
 */
export const peerPackages = ['@openai/agents-core', '@openai/agents-realtime'];

/**
 * The SDK versions the package supports. The floor is the oldest SDK the whole built
 * suite passes against (0.16.0, the first release with the SDK's own doubles;
 * scripts/check_package.mjs tests it); the ceiling stops before the next minor,
 * whose SandboxSession/RealtimeTransportLayer may grow methods the doubles' method
 * tables do not know. Deno's `npm:` specifiers accept only `^`, `~` and exact
 * versions, so deno.json (and JSR) carries the newest part of this range,
 * `^<ceiling minor - 1>.0` with the same ceiling; {@link peerDependencies} checks that.
 */
export const sdkPeerRange = '>=0.16.0 <0.21.0';

/** What the bundles never inline: any SDK package, and the SDK's own dependencies. */
export const externalPackages = ['@openai', 'openai', 'zod'];

/** deno.json, parsed. */
export function denoJson() {
  return readJson(path.join(root, 'deno.json'));
}

/**
 * The published entry points, from deno.json's `exports` (the one place they are
 * declared): `{ subpath: './testing', specifier: 'scripted-agents/testing',
 * name: 'testing/mod', source: 'testing/mod.ts', dir: 'testing' }`.
 */
export function entryPoints() {
  return Object.entries(denoJson().exports).map(([subpath, target]) => {
    const source = target.replace(/^\.\//, '');
    if (!/^([a-z_]+\/)?mod\.ts$/.test(source)) {
      fail('lib', `deno.json export ${subpath} → ${target}: entries are mod.ts or <folder>/mod.ts`);
    }
    return {
      subpath,
      specifier: path.posix.join(packageName, subpath),
      name: source.replace(/\.ts$/, ''),
      source,
      dir: path.posix.dirname(source) === '.' ? undefined : path.posix.dirname(source),
    };
  });
}

/**
 * The library's source folders: every entry point's folder plus `_internal/`
 * (private code the entries share). Root `mod.ts` is library code too.
 */
export function libraryDirs() {
  const dirs = entryPoints().flatMap((e) => (e.dir ? [e.dir] : []));
  return ['_internal', ...dirs];
}

/** The library's TypeScript modules, relative to the root, sorted. */
export function libraryModules() {
  return ['mod.ts', ...libraryDirs().flatMap((dir) => walk(path.join(root, dir)))]
    .map((f) => path.relative(root, path.resolve(root, f)).split(path.sep).join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('_test.ts'))
    .sort();
}

/**
 * The npm peer dependencies: {@link peerPackages} with {@link sdkPeerRange}, after
 * checking that deno.json imports each with a `^` range inside it, ending at the
 * same ceiling (the one range Deno's specifiers can say).
 */
export function peerDependencies() {
  const imports = denoJson().imports ?? {};
  const [, floor, ceiling] = /^>=(\d+\.\d+\.\d+) <(\d+\.\d+\.\d+)$/.exec(sdkPeerRange);
  const number = (v) => v.split('.').reduce((n, part) => n * 1000 + Number(part), 0);
  return Object.fromEntries(peerPackages.map((name) => {
    const range = /^npm:(?:@[^/@]+\/)?[^/@]+@\^(\d+)\.(\d+)\.(\d+)$/.exec(imports[name] ?? '');
    const [major, minor] = range ? [Number(range[1]), Number(range[2])] : [];
    // `^0.m.p` ends before 0.(m+1).0; `^M.m.p` (M > 0) before (M+1).0.0.
    const end = major === 0 ? `0.${minor + 1}.0` : `${major + 1}.0.0`;
    const start = range ? `${range[1]}.${range[2]}.${range[3]}` : '';
    if (!range || end !== ceiling || number(start) < number(floor)) {
      fail(
        'lib',
        `deno.json must import "${name}": "npm:${name}@^x.y.z" inside ${sdkPeerRange}, ` +
          `ending at ${ceiling}; it has ${JSON.stringify(imports[name])}`,
      );
    }
    return [name, sdkPeerRange];
  }));
}

/** Every file under `dir` (recursively, skipping node_modules), absolute paths. */
export function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
    return entry.isFile() ? [full] : [];
  });
}

/**
 * Runs a command to completion and captures its output (no shell). A command that
 * cannot start throws.
 */
export function exec(command, args, options = {}) {
  const res = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: options.inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
  });
  if (res.error) throw new Error(`could not run ${command}: ${res.error.message}`);
  return { status: res.status ?? 1, stdout: res.stdout ?? '', stderr: res.stderr ?? '' };
}

export function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** The last `count` lines of `text`. */
export function lastLines(text, count) {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

/** `1234` ms → `'1.2 s'`. */
export function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Prints `<script>: <message>` to stderr and exits with `code`. */
export function fail(script, message, code = 1) {
  console.error(`${script}: ${message}`);
  process.exit(code);
}

/**
 * Test results from JUnit XML (Deno's `--junit-path`, Bun's `--reporter=junit`,
 * Node's `--test-reporter=junit`): one `{ name, file, passed, ms, message }` per
 * `<testcase>`.
 */
export function junitCases(xml) {
  const cases = [];
  // Attribute values may hold an unescaped `>` (Node writes test names as they are).
  const testcase = /<testcase((?:\s+[\w:-]+="[^"]*")*)\s*(\/>|>([\s\S]*?)<\/testcase>)/g;
  for (const match of xml.matchAll(testcase)) {
    const attrs = Object.fromEntries(
      [...match[1].matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k, unescapeXml(v)]),
    );
    const body = match[3] ?? '';
    const failure = body.match(/<(failure|error)((?:\s+[\w:-]+="[^"]*")*)/);
    const message = failure ? /message="([^"]*)"/.exec(failure[2])?.[1] : undefined;
    cases.push({
      name: attrs.name ?? '',
      file: attrs.file || attrs.classname || '',
      passed: failure === null,
      skipped: /<skipped\b/.test(body),
      ms: Number(attrs.time ?? 0) * 1000,
      message: message === undefined ? undefined : unescapeXml(message),
    });
  }
  return cases;
}

function unescapeXml(s) {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'").replace(/&#10;/g, '\n').replace(/&amp;/g, '&');
}
