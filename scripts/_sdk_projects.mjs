// The built package next to one SDK release, as a user who pinned that release has
// it: shared by `npm run compat` (every minor) and the packaging check (the floor).
//
// A project under .cache/sdk/<version>-<hash>/ depends on @openai/agents,
// @openai/agents-core and @openai/agents-realtime at exactly that version (and the
// zod its peer range asks for); npm/ is copied in as node_modules/scripted-agents, so
// the built tests' bare `@openai/*` imports resolve to that release and
// `scripted-agents/*` to the package itself. Installs are cached and prefer npm's
// cache, so a second run installs nothing.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { compareVersions, exec as run, lastLines, readJson, root, walk } from './_lib.mjs';

export const cacheDir = path.join(root, '.cache');
const npmDir = path.join(root, 'npm');
const sdkPackages = ['@openai/agents', '@openai/agents-core', '@openai/agents-realtime'];

/**
 * The built suite's test files by the double they test: the compatibility table's
 * columns. Every built test file belongs to exactly one group ({@link groupTestFiles}
 * fails otherwise), so a new test file is placed deliberately.
 */
export const doubleGroups = [
  group('core', 'teardown helpers (doubleScope, assertAllComplete, offlineGuard) and shared core', [
    'teardown',
    'failure_log\\w*',
    'offline_guard\\w*',
    'harness',
    'guards',
    'credentials',
    'snapshot\\w*',
    'queue_property',
    'property_helpers',
    'unknown_sdk_members\\w*',
    'sdk_sandbox_availability',
    'one_report',
    // The printer of output items shared by to-ts and the explorer's scripts.
    'typescript_items',
  ]),
  group('model', 'ScriptedModel', [
    'scripted_model',
    'scripted_model_mutants',
    'scripted_model_property',
    'model_(abort|differential|errors|hold|steps|streaming|stream_synthesis|boundary_census)',
    'model_error_stacks',
    'user_frame',
    'scripted_model_options',
    'model_(step_types|streamed_text|text_chunks|usage)',
    'recipes/(fixed_response|tool_workflow|request_aware_response|slow_model|workflow_drift)',
    'recipes/watchdog',
  ]),
  // Its own group: its exact texts are the SDK's default tool-failure words of 0.19 on,
  // which would otherwise raise the whole model double's floor.
  group('model_tool_failed', "ScriptedModel's tool_failed rule and expectToolError", [
    'model_tool_failed',
  ]),
  // Its own group: a run's own watchdog needs the SDK to drop a model answer that
  // arrives after the abort, which releases from 0.14 do.
  group('model_ignore_abort', 'modelHold({ ignoreAbort }) against the real Runner', [
    'model_hold_ignore_abort',
  ]),
  group('strict', 'strict scripts (scripted answers checked against their request)', [
    'script_check\\w*',
    'tool_outcome',
    'recipes/strict_scripts',
  ]),
  group(
    'messages',
    'failure messages (first-difference windows, nearest names, bare items, ' +
      'route and transcript), doubleScope().run() and model spans',
    [
      'difference_window',
      'describe_thrown',
      'nearest_name',
      'model_steps_bare_item',
      'model_failure_transcript',
      'double_scope_run',
      'trace_spans_loopback',
      // The first-call hint: the SDK makes that call beside the input guardrails.
      'guardrail_first_call',
    ],
  ),
  group('trajectories', 'trajectory(), formatTrajectory() and assertTrajectory()', [
    'trajectory\\w*',
    'recipes/trajectory\\w*',
  ]),
  group('viewer', 'the scripted-agents command line tool and the recording viewer', [
    'cli',
    'recording_view\\w*',
  ]),
  group('model_retry', "ScriptedModel's retry advice under the SDK's retry policies", [
    'model_retry',
    // withFaults' errors come with retry advice, and its tests retry them.
    'with_faults\\w*',
    'recipes/chaos',
  ]),
  group('builders', 'output item builders', [
    'output_item_builders(?!_search_program)\\w*',
    'recipes/(handoff_builder|hosted_tool_response)',
  ]),
  // Its own group: these tools are newer than the other builders' SDK floor.
  group('builders_search_program', 'output item builders of tool search and programs', [
    'output_item_builders_search_program',
  ]),
  group('auto_model', 'AutoModel', [
    'auto_model\\w*',
    'schema_values\\w*',
    'recipes/auto_model_smoke',
    // The hosted calls AutoModel and exploration's BehaviourModel make.
    'hosted_calls',
    // Exploration generates its behaviours with AutoModel's value and hosted-call code.
    'explore_agent\\w*',
    'explore_values',
    'explore_answer',
    'explore_shrink',
    'explore_script',
    'model_behaviour',
    'recipes/explore_\\w+',
  ]),
  group('provider', 'ScriptedModelProvider (model routing)', [
    'scripted_model_provider(_errors|_routes)?',
    'recipes/routed_agents',
  ]),
  group('mcp', 'ScriptedMcpServer', ['scripted_mcp_server(_errors)?', 'recipes/mcp_\\w+']),
  group('computer', 'scriptedComputer', ['scripted_computer(_errors)?', 'recipes/computer_use']),
  group('traces', 'TraceRecorder', ['trace_recorder(_errors)?', 'recipes/trace_assertions']),
  // The runner integrations open cassettes per test, so they share the cassette's floor.
  group('cassette', 'Cassette (record and replay) and the runner integrations', [
    'cassette\\w*',
    'recipes/cassette\\w*',
    'runner\\w*',
    'recipes/runner_\\w+',
  ]),
  group('sandbox', 'scriptedSandboxSession and scriptedSandboxClient', [
    'sandbox\\w*',
    'scripted_sandbox\\w*',
    'recipes/sandbox\\w*',
  ]),
  group('step_bending', 'anyOrder and repeated steps (model and sandbox)', ['step_bending\\w*']),
  group('realtime', 'ScriptedRealtimeTransport and scenarios', [
    'realtime_(?!server|turns|transcript)\\w+',
    'recipes/realtime_(?!wire)\\w+',
  ]),
  group(
    'realtime_wire',
    'ScriptedRealtimeServer, turn builders and transcripts behind the real WebSocket transport',
    [
      'scripted_realtime_server(_errors)?',
      'realtime_server_property',
      'realtime_server_teardown',
      'realtime_server_event_builder',
      'realtime_turns\\w*',
      'realtime_transcript\\w*',
      'recipes/realtime_wire_\\w+',
    ],
  ),
];

/** A group: built test files `<name>_test.js` whose name matches one of `names`. */
function group(id, title, names) {
  return { id, title, files: new RegExp(`^(${names.join('|')})_test\\.js$`) };
}

/**
 * The built test files (relative to npm/esm/tests, posix) by group id, plus the
 * ones that compare our doubles with the SDK's own (`sdkComparisons`): they import
 * `@openai/agents/testing` or `@openai/agents/realtime/testing` (directly or through
 * a `_`-helper), which only SDK releases from 0.16 have.
 */
export function groupTestFiles(testsDir = path.join(npmDir, 'esm', 'tests')) {
  const files = walk(testsDir)
    .map((f) => path.relative(testsDir, f).split(path.sep).join('/'))
    .filter((f) => f.endsWith('_test.js') && !f.startsWith('browser/'))
    .sort();
  if (files.length === 0) throw new Error(`${testsDir} has no built tests (run npm run build)`);
  const groups = Object.fromEntries(doubleGroups.map((g) => [g.id, []]));
  for (const file of files) {
    const owners = doubleGroups.filter((g) => g.files.test(file));
    if (owners.length !== 1) {
      throw new Error(
        `built test ${file} belongs to ${owners.length} compatibility groups ` +
          `(${owners.map((g) => g.id).join(', ') || 'none'}); place it in exactly one ` +
          '(scripts/_sdk_projects.mjs doubleGroups)',
      );
    }
    groups[owners[0].id].push(file);
  }
  const sdkComparisons = files.filter((f) => importsSdkTesting(path.join(testsDir, f)));
  return { groups, sdkComparisons };
}

/** Whether a built module imports an SDK `testing` entry, itself or through relative imports. */
function importsSdkTesting(file, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  if (/from ['"]@openai\/agents[\w-]*(\/realtime)?\/testing['"]/.test(text)) return true;
  return [...text.matchAll(/from ['"](\.{1,2}\/[^'"]+)['"]/g)].some(([, spec]) => {
    const target = path.resolve(path.dirname(file), spec);
    return fs.existsSync(target) && importsSdkTesting(target, seen);
  });
}

/** Every published SDK version, oldest first (from the npm registry). */
export function publishedSdkVersions() {
  const res = run('npm', ['view', '@openai/agents-core', 'versions', '--json'], {
    env: { CI: 'true' },
  });
  if (res.status !== 0) throw new Error(`npm view @openai/agents-core failed:\n${res.stderr}`);
  return JSON.parse(res.stdout).filter((v) => /^\d+\.\d+\.\d+$/.test(v)).sort(compareVersions);
}

/** The newest patch of every minor, oldest first. */
export function newestPatches(versions) {
  const byMinor = new Map();
  for (const v of versions) byMinor.set(v.split('.').slice(0, 2).join('.'), v);
  return [...byMinor.values()].sort(compareVersions);
}

/**
 * A cached project with the SDK at `version` and the built package in it. Returns
 * its directory and the package's directory inside it.
 */
export function sdkProject(version) {
  const zod = zodFor(version);
  const manifest = {
    name: `scripted-agents-sdk-${version}`,
    private: true,
    type: 'module',
    dependencies: { ...Object.fromEntries(sdkPackages.map((name) => [name, version])), zod },
  };
  const dir = cachedProject(`sdk/${version}`, manifest, (target) => {
    fs.writeFileSync(path.join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return 'install';
  });
  for (const name of sdkPackages) {
    const installed = readJson(path.join(dir, 'node_modules', name, 'package.json')).version;
    if (installed !== version) throw new Error(`${name} is ${installed}, expected ${version}`);
  }
  const pkgDir = path.join(dir, 'node_modules', 'scripted-agents');
  fs.rmSync(pkgDir, { recursive: true, force: true });
  fs.cpSync(npmDir, pkgDir, { recursive: true });
  return { dir, pkgDir };
}

/**
 * The zod the SDK release asks for: the development zod where its peer range allows
 * zod 4 (the tests are written against it), else the newest zod 3 it accepts.
 */
function zodFor(version) {
  const dev = readJson(path.join(root, 'node_modules', 'zod', 'package.json')).version;
  const [major, minor] = version.split('.').map(Number);
  // Releases before 0.3 declare `zod: ^3.25.40` only.
  return major === 0 && minor < 3 ? '^3.25.40' : dev;
}

/**
 * Runs built test files under `node --test` in the package's directory. Returns
 * `{ ok, passed, failed, ms, failures }` (failures: the first `not ok` lines).
 */
export function runBuiltTests(pkgDir, files) {
  const started = performance.now();
  const res = run(process.execPath, [
    '--test',
    '--test-reporter=tap',
    ...files.map((f) => path.join('esm', 'tests', f)),
  ], { cwd: pkgDir, env: { CI: 'true' } });
  const ms = performance.now() - started;
  const output = res.stdout + res.stderr;
  const count = (key) => Number(new RegExp(`^# ${key} (\\d+)`, 'm').exec(output)?.[1] ?? NaN);
  const failures = output.split('\n').filter((l) => /^\s*not ok /.test(l)).slice(0, 40);
  return {
    ok: res.status === 0,
    passed: count('pass'),
    failed: count('fail'),
    ms,
    failures: failures.length > 0 || res.status === 0 ? failures : [lastLines(output, 20)],
  };
}

/**
 * The recipes of `groups`, as user code, type-checked against the project's SDK
 * types and the published declarations (skipLibCheck, as most projects set it: the
 * SDK's own declarations do not all check against every @types/node). Returns the
 * number of recipes checked and the errors by recipe file (`recipes/<name>_test.js`,
 * the built name the groups match).
 */
export function typeCheckRecipes(dir, groups) {
  const checkDir = path.join(dir, 'typecheck');
  fs.rmSync(checkDir, { recursive: true, force: true });
  fs.mkdirSync(checkDir);
  const recipesDir = path.join(root, 'tests', 'recipes');
  const builtName = (f) => `recipes/${f.replace(/\.ts$/, '.js')}`;
  const recipes = fs.readdirSync(recipesDir).filter((f) =>
    f.endsWith('_test.ts') && groups.some((g) => g.files.test(builtName(f)))
  );
  for (const file of recipes) {
    fs.copyFileSync(path.join(recipesDir, file), path.join(checkDir, file));
  }
  const res = run(process.execPath, [
    path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
    '--noEmit',
    '--strict',
    '--skipLibCheck',
    '--pretty',
    'false',
    '--target',
    'es2022',
    '--module',
    'nodenext',
    '--types',
    'node',
    '--typeRoots',
    path.join(root, 'node_modules', '@types'),
    ...recipes.map((f) => path.join('typecheck', f)),
  ], { cwd: dir });
  const errors = {};
  for (const line of res.stdout.split('\n')) {
    const file = /^typecheck\/(\w+_test\.ts)\(/.exec(line)?.[1];
    if (file) (errors[builtName(file)] ??= []).push(line);
  }
  if (res.status !== 0 && Object.keys(errors).length === 0) {
    errors['(tsc)'] = [lastLines(res.stdout + res.stderr, 20)];
  }
  return { recipes: recipes.length, errors };
}

/**
 * A project directory under .cache/<kind>/ keyed by a hash of what defines its
 * install, installed once (`npm ci` / `npm install`, preferring npm's cache) and
 * reused by later runs. Stale siblings of the same kind are removed. `definition`
 * is a template directory (its package.json and lockfile) or a manifest object;
 * `write(dir)` fills the new directory and returns the npm command to run.
 */
export function cachedProject(kind, definition, write) {
  const key = typeof definition === 'string'
    ? hash(['package.json', 'package-lock.json'].map((f) => readText(path.join(definition, f))))
    : hash([JSON.stringify(definition)]);
  const parent = path.join(cacheDir, path.dirname(kind));
  const base = path.basename(kind);
  const dir = path.join(parent, `${base}-${key}`);
  const marker = path.join(dir, 'node_modules', '.scripted-agents-installed');
  if (fs.existsSync(marker)) return dir;
  fs.mkdirSync(parent, { recursive: true });
  for (const entry of fs.readdirSync(parent)) {
    if (entry.startsWith(`${base}-`)) fs.rmSync(path.join(parent, entry), { recursive: true });
  }
  fs.mkdirSync(dir, { recursive: true });
  const command = write(dir);
  const res = run('npm', [
    command,
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--loglevel=error',
  ], { cwd: dir, env: { CI: 'true' } });
  if (res.status !== 0) throw new Error(`npm ${command} in ${dir} failed:\n${res.stderr}`);
  fs.writeFileSync(marker, '');
  return dir;
}

function hash(parts) {
  return crypto.createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 12);
}

function readText(file) {
  return fs.readFileSync(file, 'utf8');
}
