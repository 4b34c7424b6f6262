// deno-lint-ignore-file no-console
// What the scripts share: the repository's layout as deno.json declares it, and a
// few small process and file helpers. Node built-ins only.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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
 * `deno test` with what every suite run gets, the tests' and the recipes' alike: the
 * environment, reading, writing only in the temporary directory (where the cassette
 * tests and recipes keep their files), and the op and resource sanitizers, which
 * Deno 2.9 makes opt-in. Network is per file (`*_loopback_test.ts`), so not here.
 */
export const denoTestArgs = [
  'test',
  '--allow-env',
  '--allow-read',
  `--allow-write=${os.tmpdir()}`,
  '--sanitize-ops',
  '--sanitize-resources',
];

/**
 * The SDK packages the published code may import at run time: peer dependencies
 * of the npm package. Everything else must be bundled or become a dependency first.
 */
export const peerPackages = ['@openai/agents-core', '@openai/agents-realtime'];

/**
 * Each double's floor: the oldest SDK release from which its group of the built
 * suite passes on every later release (scripts/_sdk_projects.mjs `doubleGroups`),
 * as `npm run compat` measured it; the run fails when a measurement disagrees.
 */
export const sdkFloors = {
  core: '0.0.17',
  model: '0.7.0',
  model_tool_failed: '0.19.0',
  model_ignore_abort: '0.14.0',
  model_retry: '0.7.2',
  // Not measured on older releases yet: the release the check was written against.
  strict: '0.20.0',
  messages: '0.20.0',
  trajectories: '0.20.0',
  viewer: '0.20.0',
  builders: '0.3.9',
  builders_search_program: '0.20.0',
  auto_model: '0.9.0',
  provider: '0.0.17',
  mcp: '0.4.15',
  computer: '0.6.0',
  traces: '0.14.3',
  cassette: '0.13.5',
  sandbox: '0.9.0',
  step_bending: '0.9.0',
  realtime: '0.12.1',
  realtime_wire: '0.15.0',
};

/**
 * The npm peer range of the SDK packages: from the oldest double's floor to the next
 * major release. No minor ceiling: a ceiling at the next minor made `npm install`
 * fail for every user on the day the SDK released it. A newer SDK whose interfaces
 * grew is caught by the doubles instead (ScriptedRealtimeTransport throws
 * UnknownSdkMembersError; the census tests catch Model and SandboxSession members
 * in CI, which also runs the newest published release). Deno's `npm:` specifiers
 * accept no comparator ranges, so deno.json says `0.x` (the same ceiling; the floor
 * is documented per double); {@link peerDependencies} checks that.
 */
export const sdkPeerRange = `>=${Object.values(sdkFloors).sort(compareVersions)[0]} <1.0.0`;

/** Orders `x.y.z` versions, oldest first (a `sort` comparator). */
export function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  return pa[0] - pb[0] || pa[1] - pb[1] || pa[2] - pb[2];
}

/** What the bundles never inline: any SDK package, and the SDK's own dependencies. */
export const externalPackages = ['@openai', 'openai', 'zod', ...Object.keys(runnerPeers())];

/**
 * The test runners the runner entries import, each an optional peer of the
 * package (only its own entry needs it): name → version range.
 */
export function runnerPeers() {
  return { vitest: '>=3.2.0', expect: '>=29.0.0' };
}

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

/**
 * The runner setup entries (deno.json `exports` folders): loading one registers its
 * runner's hooks, so it loads only inside that runner (the packaging check's
 * runner suites run them there), never as a plain module.
 */
export const runnerSetupEntries = ['vitest', 'jest', 'node_test', 'deno'];

/** The library's TypeScript modules, relative to the root, sorted. */
export function libraryModules() {
  return ['mod.ts', ...libraryDirs().flatMap((dir) => walk(path.join(root, dir)))]
    .map((f) => path.relative(root, path.resolve(root, f)).split(path.sep).join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('_test.ts'))
    .sort();
}

/**
 * The npm peer dependencies: {@link peerPackages} with {@link sdkPeerRange}, after
 * checking that deno.json imports each as `0.x` (the same ceiling, in the only form
 * of range Deno's specifiers accept).
 */
export function peerDependencies() {
  const imports = denoJson().imports ?? {};
  return Object.fromEntries(peerPackages.map((name) => {
    if (imports[name] !== `npm:${name}@0.x`) {
      fail(
        'lib',
        `deno.json must import "${name}": "npm:${name}@0.x" (the peer range ${sdkPeerRange} ` +
          `as Deno can say it); it has ${JSON.stringify(imports[name])}`,
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

/** The repository the npm package points at (package.json `repository`, links of its README). */
export const repository = {
  url: 'https://github.com/scripted-agents/scripted-agents',
  // Links from the packed README go to this branch: a version tag exists only once released.
  branch: 'main',
};

/**
 * Rewrites `markdown` link by link: `rewrite(target)` gets every link and image
 * target of the prose (not those inside code spans or fenced blocks) and returns
 * the new target, or the same one to keep it.
 */
export function mapMarkdownLinks(markdown, rewrite) {
  let fence;
  return markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker !== undefined) {
      fence = marker;
      return line;
    }
    if (fence !== undefined) {
      if (marker !== undefined && marker.startsWith(fence) && line.trim() === marker) {
        fence = undefined;
      }
      return line;
    }
    // Code spans are kept as they are; links are rewritten between them.
    return line.split(/(`+[^`]*`+)/).map((part) =>
      part.startsWith('`') ? part : part.replace(
        /(!?\[[^\]]*\]\()(\s*<?)([^)\s>]+)/g,
        (_, head, space, target) => `${head}${space}${rewrite(target)}`,
      )
    ).join('');
  }).join('\n');
}

/** Whether a link target is relative to the page (not a URL, not an in-page `#anchor`). */
export function isRelativeLink(target) {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#') &&
    !target.startsWith('//');
}
