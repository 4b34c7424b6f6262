#!/usr/bin/env node
// deno-lint-ignore-file no-console
// `npm run mutation`: mutation testing of the library with StrykerJS (not part of `npm test`).
//
//   node scripts/run_mutation.mjs [--report-only] [--list] [--survivors] [--timeouts] [--property-runs=N]
//                                 [--chunks=N [--lines=A-B]] [file.ts ...]
//
// Stryker mutates the TypeScript sources themselves (in its sandbox copy under
// .stryker-tmp/) and, for each mutant, runs `bun test --bail` over the test files
// that exercise the mutated module (the command runner; Bun is the fastest of our
// runtimes and runs the TypeScript directly). One Stryker run per source file, at
// concurrency 1, so a long campaign can be done file by file and resumed: each
// file's result is committed in bench/mutation/<file>.json (the counts and every
// undetected mutant, so a clone can regenerate the report and re-run survivors), and
// docs/reports/mutation.md is regenerated from every kept result after each file (and with
// --report-only).
//
// Without file arguments it runs every library file in priority order (the doubles'
// cores first). --list prints the files and the test command each would use.
// --survivors re-runs only the source lines of a kept result's survivors (after tests
// were added to kill them, the source being unchanged) and merges the new statuses into
// that result; docs/reports/mutation.md shows when a file's survivors were re-run.
// --timeouts re-runs the mutants a kept result counted as detected only because a test run
// hit the time limit (a slow run on a loaded machine looks the same as a mutant that hangs)
// and merges their new statuses: one that survives now counts as undetected.
// --property-runs=N runs the property tests with N cases each (FC_NUM_RUNS) in a
// full-file run, for files whose survivors would otherwise spend most of the run in
// long property tests: a mutant killed with fewer cases is killed all the same, and
// a later --survivors run (always at the tests' own case counts) gives every
// survivor the full tests. docs/reports/mutation.md marks the files measured that way.
// --chunks=N measures a long file in N line ranges (split between top-level
// declarations, so no mutant spans two ranges), one Stryker run each, keeping the
// result after every range: an interrupted campaign resumes after the lines
// measured so far (for the same source), splitting the lines not yet measured into
// about N ranges, and docs/reports/mutation.md shows which lines a partial result covers.
// --lines=A-B limits a chunked run to those lines (to measure a changed part first).
// Surviving mutants that cannot be killed are explained in
// scripts/mutation_equivalents.json (data: file, mutator, original and replacement, or a
// line range, with the reason); docs/reports/mutation.md lists every other survivor.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const { equivalents, fileNotes } = JSON.parse(
  fs.readFileSync(new URL('./mutation_equivalents.json', import.meta.url), 'utf8'),
);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultDir = path.join(root, 'bench', 'mutation');
// Stryker's own JSON report is large and only read once, so it stays out of the repository.
const scratchDir = path.join(root, '.cache', 'mutation');
const reportFile = path.join(root, 'docs', 'reports', 'mutation.md');

/** The implementation file(s) of each double: the scope of the per-double target. */
export const cores = {
  ScriptedModel: ['testing/model/scripted_model.ts'],
  scriptedSandboxSession: ['testing/sandbox/scripted_sandbox_session.ts'],
  ScriptedRealtimeTransport: [
    'realtime_testing/scripted_realtime_transport.ts',
    'realtime_testing/scenario.ts',
  ],
  AutoModel: ['testing/auto_model/auto_model.ts', 'testing/_shared/_schema_values.ts'],
  ScriptedModelProvider: ['testing/provider/scripted_model_provider.ts'],
  modelHold: ['testing/model/model_hold.ts', 'testing/model/_model_hold.ts'],
  anyOrder: ['testing/step_bending/step_bending.ts'],
  ScriptedMcpServer: ['testing/mcp/scripted_mcp_server.ts'],
  scriptedComputer: ['testing/computer/scripted_computer.ts'],
  scriptedSandboxClient: ['testing/sandbox/scripted_sandbox_client.ts'],
  TraceRecorder: ['testing/tracing/trace_recorder.ts'],
  ScriptedRealtimeServer: ['realtime_testing/scripted_realtime_server.ts'],
  Cassette: [
    'cassette/cassette.ts',
    'cassette/_live_key.ts',
    'cassette/_match.ts',
    'cassette/_list_numbers.ts',
    'cassette/_delta.ts',
    'cassette/_serialize.ts',
    'cassette/_json.ts',
  ],
};

const libraryDirs = ['_internal', 'testing', 'realtime_testing', 'cassette', 'cassette_fs'];
const allTests = () =>
  fs.readdirSync(path.join(root, 'tests'))
    .filter((f) => f.endsWith('_test.ts'))
    // The guard reads the sources, which Stryker instruments with `process` checks.
    .filter((f) => f !== 'guards_test.ts')
    .sort();

/**
 * The test files that exercise a module: a prefix of the test file names. A new
 * double adds one line here (its folder or file prefix and its tests' prefixes).
 */
const testSets = [
  // More specific prefixes first: the first matching line wins.
  [/^testing\/auto_model\/auto_model/, ['auto_model', 'runner_ended_test_double']],
  // The viewer: rendering and diff (recording_view_test), the tool that uses them (cli_test).
  [/^cassette\/(recording_view|_view_)/, ['recording_view', 'cli']],
  [/^cassette\/_expiry/, ['cassette_provenance', 'cli']],
  // to-ts and the viewer's copy-as-step print steps; the CLI and viewer tests read what they print.
  [/^cassette\/_typescript/, ['cassette_', 'difference_window', 'cli', 'recording_view']],
  [/^testing\/_shared\/_schema_values/, ['schema_values', 'auto_model']],
  // The seeded numbers: the generator's golden values, then the behaviours and values drawn from them.
  [/^testing\/_shared\/_seeded_random/, [
    'schema_values',
    'model_behaviour',
    'explore_values',
    'auto_model',
    'output_item',
  ]],
  [/^testing\/provider\/scripted_model_provider/, ['scripted_model_provider']],
  [/^testing\/model\/(model_hold|_model_hold)/, ['model_hold']],
  [/^testing\/step_bending\/step_bending/, ['step_bending']],
  [/^testing\/mcp\/scripted_mcp_server/, ['scripted_mcp_server']],
  [/^testing\/computer\/scripted_computer/, ['scripted_computer']],
  [/^testing\/sandbox\/scripted_sandbox_client/, [
    'scripted_sandbox_client',
    'sdk_sandbox_availability',
  ]],
  [/^testing\/tracing\/trace_recorder/, ['trace_recorder']],
  // The builders' own tests, and AutoModel's, which answers with built items.
  [/^testing\/model\/output_item_builders/, ['output_item_builders', 'auto_model']],
  // The Realtime turn builders and transcript are used through the scripted server.
  [/^realtime_testing\/(realtime_turns|realtime_transcript)/, [
    'realtime_turns',
    'realtime_transcript',
    'scripted_realtime_server',
    // assistantCallsTool's check of the call against the session's tools.
    'script_check_realtime',
  ]],
  // The scripted server checks the events it sends against this catalog.
  [/^realtime_testing\/_server_event_catalog/, [
    'realtime_event_catalog',
    'scripted_realtime_server',
    'realtime_server_property',
  ]],
  [/^realtime_testing\/scripted_realtime_server/, [
    'difference_window',
    'scripted_realtime_server',
    'realtime_server_property',
    'realtime_transcript',
    'realtime_turns',
  ]],
  // The step scripts shared by the scripted doubles that take a list of steps.
  [/^(testing\/_shared\/_script_steps|_internal\/step_script)/, [
    'scripted_sandbox_session',
    'sandbox_',
    'scripted_computer',
    'scripted_mcp_server',
    'step_bending',
  ]],
  [/^_internal\/attempt/, [
    'scripted_mcp_server',
    'scripted_sandbox_client',
    'scripted_sandbox_session',
    'scripted_realtime_server',
  ]],
  // Route names are read by trajectories and failure transcripts, registered by the provider.
  [/^testing\/_shared\/_model_routes/, [
    'scripted_model_provider',
    'trajectory_',
    'model_failure_transcript',
  ]],
  [
    /^testing\/model\/(scripted_model|model_steps|output_items|_model_|model_calls|model_response|_stream|retry_advice)/,
    [
      'scripted_model',
      'model_',
    ],
  ],
  // step_bending tests the sandbox's times, optional, anyOrder, anytime and present steps.
  [/^testing\/sandbox\/scripted_sandbox_session/, [
    'scripted_sandbox_session',
    'sandbox_',
    'step_bending',
  ]],
  [/^testing\/scope\//, ['teardown', 'offline_guard']],
  // The server's check of the function calls it sends: the strict-script Realtime tests
  // (the \`realtime_\` prefix misses them) and the server's own, which switch it off.
  [/^realtime_testing\/_tool_call_check/, ['script_check_realtime', 'scripted_realtime_server']],
  // The turn events and the standalone builder: the tests of both users of the events.
  [/^realtime_testing\/(_turn_events|realtime_server_event_builder)/, [
    'realtime_server_event_builder',
    'realtime_turns',
    'scripted_realtime_server_errors',
    // The server's check of the tool calls it builds (a wrong call is refused before sending).
    'script_check_realtime',
  ]],
  [/^realtime_testing\//, ['realtime_']],
  [/^_internal\/snapshot/, ['snapshot', 'scripted_model', 'realtime_transport']],
  // The cassette entry and its file adapter: the cassette tests (cassette_fs tests included).
  [/^cassette(_fs)?\//, ['cassette_', 'difference_window']],
  // Shared by the doubles to come; today only its own tests use it.
  [/^_internal\/credentials/, ['credentials']],
  // The stream helpers of the model doubles: ScriptedModel, AutoModel and the cassette.
  [/^_internal\/stream/, ['scripted_model', 'model_', 'auto_model', 'cassette_']],
  [/^_internal\/unknown_sdk_members/, ['unknown_sdk_members', 'realtime_']],
  // The SDK's sandbox entry, loaded when present: the sandbox doubles' tests.
  [/^testing\/sandbox\/_sdk_sandbox/, [
    'scripted_sandbox_client',
    'scripted_sandbox_session',
    'sandbox_',
    'sdk_sandbox_availability',
  ]],
  // Step counting of the doubles that take a list of steps.
  [/^testing\/_shared\/_step_count/, [
    'scripted_mcp_server',
    'scripted_computer',
    'scripted_sandbox_session',
    'sandbox_',
    'step_bending',
  ]],
  // The nearest-name suggestion: AutoModel's unknown names and the server's unknown events.
  [/^_internal\/nearest_name/, [
    'nearest_name',
    'auto_model_names',
    'scripted_realtime_server_errors',
  ]],
  // The failure transcripts: every test that reads a model double's whole failure message
  // (unexpected calls, unused steps at teardown, provider routes).
  [/^testing\/model\/_transcript/, [
    'trajectory_',
    'model_failure_transcript',
    'model_errors',
    'scripted_model_provider_errors',
    'teardown',
    'failure_log',
  ]],
  // Trajectories.
  [/^testing\/(model\/_?trajectory_|trajectory\/)/, [
    'trajectory_',
    'model_failure_transcript',
  ]],
  // Message helpers and the teardown error: the tests that read whole failure messages.
  [/^_internal\/(format|double_failures_error)/, [
    'describe_thrown',
    'difference_window',
    'failure_log',
    'teardown',
    'model_errors',
    'sandbox_errors',
    'realtime_errors',
  ]],
  // The check of scripted answers against their request, and its suggestion helper.
  [/^_internal\/(script_check|nearest_name)/, ['script_check', 'recipes/strict_scripts']],
  // The one schema checker: the generator's tests and the script check's.
  [/^_internal\/schema_check/, ['schema_values', 'script_check']],
  // The tool-outcome book: its own tests, the model's tool_failed path, the strict check's.
  [/^_internal\/tool_outcome/, ['tool_outcome', 'model_tool_failed', 'script_check']],
  // One report per mistake: its own tests and the teardowns that use it.
  [/^_internal\/one_report/, [
    'one_report',
    'double_scope_run',
    'teardown',
    'runner_',
    'failure_log',
  ]],
  // A model test first: outside a runner session no double has an owner yet.
  [/^_internal\/ended_test_error/, ['model_steps', 'runner_']],
  // Exploration's value maker and answer reader: their own direct tests first.
  [/^testing\/explore\/_explore_values/, [
    'explore_values',
    'explore_answer',
    'model_behaviour',
    'explore_shrink',
    'explore_agent',
  ]],
  [/^testing\/explore\/_explore_answer/, [
    'explore_answer',
    'model_behaviour',
    'explore_shrink',
    'explore_script',
    'explore_agent',
  ]],
  // Exploration: its tests; the TypeScript printer is also to-ts's.
  [/^(testing\/explore\/|_internal\/exploration_seed)/, [
    'explore_values',
    'explore_answer',
    'explore_shrink',
    'explore_script',
    'model_behaviour',
    'explore_agent',
  ]],
  [/^_internal\/typescript_items/, [
    'typescript_items',
    'explore_agent',
    'cassette_typescript',
    'cli',
  ]],
  [/^testing\/auto_model\/hosted_calls/, ['hosted_calls', 'explore_agent', 'auto_model']],
  [/^testing\/faults\/with_faults/, ['with_faults']],
  // The stack taker of errors thrown straight to the test: its own test, then ScriptedModel's.
  [/^testing\/model\/_user_frame/, ['user_frame', 'model_error_stacks']],
  // The env edge of exploreAgent's default seed: the tests that set SCRIPTED_AGENTS_SEED.
  [/^runner\/explore_seed/, ['explore_agent_runner', 'explore_agent_errors']],
  // The runner integration's shared core (the per-runner entries run only inside their runners,
  // so the consumer suites of the packaging check judge those): its tests and the guards'.
  [/^(runner\/|_internal\/live_doubles)/, [
    'runner_',
    'guards',
    'recipes/runner_context',
    'teardown',
  ]],
  // The rest of _internal/ and the entries: the whole suite.
];

function testsFor(file) {
  const tests = allTests();
  const set = testSets.find(([pattern]) => pattern.test(file));
  // In the set's prefix order: bun test --bail stops at the first failing file, so the
  // focused tests listed first end a killed mutant's run before the slower end-to-end ones.
  const rank = (t) => set[1].findIndex((prefix) => t.startsWith(prefix));
  const picked = set === undefined
    ? tests
    : tests.filter((t) => rank(t) >= 0).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return picked.map((t) => `./tests/${t}`);
}

function libraryFiles() {
  const files = libraryDirs.flatMap((dir) =>
    fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.ts')).map((f) => `${dir}/${f}`)
  );
  const coreFiles = Object.values(cores).flat();
  // Cores first, then the private helpers they use, then the rest.
  const rank = (f) =>
    coreFiles.includes(f) ? 0 : f.startsWith('_internal/') ? 1 : f.endsWith('_types.ts') ? 3 : 2;
  return ['mod.ts', ...files].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const slug = (file) => file.replaceAll('/', '__');

// Absolute, because Stryker does not link a node_modules that is itself a symlink (a git
// worktree sharing the main checkout's) into its sandbox; the sandbox's imports still
// resolve through the parent directories.
const bunBin = path.join(root, 'node_modules', '.bin', 'bun');

async function mutate(
  file,
  { survivorsOnly = false, timeoutsOnly = false, propertyRuns, lines: range } = {},
) {
  const tests = testsFor(file);
  const command = `${
    propertyRuns === undefined ? '' : `FC_NUM_RUNS=${propertyRuns} `
  }${bunBin} test --bail --timeout 60000 ${tests.join(' ')}`;
  // What the result files and the report show: the same command, without this machine's path.
  const shownCommand = command.replace(bunBin, 'node_modules/.bin/bun');
  // Stryker runs the command through a shell and, at its time limit, ends that shell only: a
  // mutant that hangs kept its bun running for as long as the campaign lasted. `exec` makes bun
  // the shell's own process, so the time limit ends bun itself.
  const runCommand = `${
    propertyRuns === undefined ? '' : `FC_NUM_RUNS=${propertyRuns} `
  }exec ${bunBin} test --bail --timeout 60000 ${tests.join(' ')}`;
  const resultFile = path.join(resultDir, `${slug(file)}.json`);
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  let previous;
  let mutateSpec = range === undefined ? [file] : [`${file}:${range[0]}-${range[1]}`];
  if (timeoutsOnly) {
    previous = readResult(resultFile);
    if (previous?.timedOut === undefined) {
      throw new Error(`no earlier result with its timed-out mutants to re-run`);
    }
    if (previous.sourceDigest !== digest(source)) {
      throw new Error(`the source changed since ${previous.date}: measure the whole file again`);
    }
    if (previous.timedOut.length === 0) {
      console.log(`mutation: ${file}: no timed-out mutants to re-run`);
      return;
    }
    mutateSpec = [
      ...new Set(
        previous.timedOut.map((m) => `${file}:${m.location.start.line}-${m.location.end.line}`),
      ),
    ];
  }
  if (survivorsOnly) {
    previous = fs.existsSync(resultFile)
      ? JSON.parse(fs.readFileSync(resultFile, 'utf8'))
      : undefined;
    if (previous === undefined) throw new Error(`no earlier result to re-run the survivors of`);
    // The earlier statuses only stand for the same source: every mutant must still
    // replace the text it replaced then.
    const moved = previous.undetected.filter((m) =>
      originalText(source, m.location) !== m.original
    );
    if (moved.length > 0) {
      throw new Error(`the source changed since ${previous.date}: measure the whole file again`);
    }
    const lines = new Set(
      previous.undetected.map((m) => `${file}:${m.location.start.line}-${m.location.end.line}`),
    );
    if (previous.ranges !== undefined) {
      console.log(`mutation: ${file}: re-running the survivors of a partial result`);
    }
    if (lines.size === 0) {
      console.log(`mutation: ${file}: no survivors to re-run`);
      return;
    }
    mutateSpec = [...lines];
  }
  console.log(
    `mutation: ${file}${survivorsOnly ? " (survivors' lines)" : ''}${
      range === undefined ? '' : ` (lines ${range[0]}-${range[1]})`
    }: ${shownCommand}`,
  );
  const { Stryker } = await import('@stryker-mutator/core');
  fs.mkdirSync(scratchDir, { recursive: true });
  const jsonFile = path.join(scratchDir, `${slug(file)}.stryker.json`);
  const started = Date.now();
  const stryker = new Stryker({
    mutate: mutateSpec,
    testRunner: 'command',
    commandRunner: { command: runCommand },
    concurrency: 1,
    reporters: ['json', 'progress'],
    jsonReporter: { fileName: path.relative(root, jsonFile) },
    tempDirName: '.stryker-tmp',
    ignorePatterns: ['npm', '.cache', 'bench', 'reports', 'docs', '*.tgz'],
    // A mutant that hangs a test is detected (Timeout) after this much more than the dry run.
    timeoutMS: 30000,
    logLevel: 'warn',
    fileLogLevel: 'off',
    allowConsoleColors: false,
  });
  const results = await stryker.runMutationTest();
  const seconds = Math.round((Date.now() - started) / 1000);
  const mutants = results.map((m) => ({
    id: m.id,
    mutator: m.mutatorName,
    status: m.status,
    replacement: m.replacement,
    location: m.location,
    original: originalText(source, m.location),
  }));
  fs.rmSync(jsonFile, { force: true });
  const key = (m) =>
    `${m.mutator}|${m.location.start.line}:${m.location.start.column}|` +
    `${m.location.end.line}:${m.location.end.column}|${m.replacement}`;
  if (timeoutsOnly) {
    // Only the timed-out mutants' statuses change: one that now survives leaves the
    // detected count for the undetected list; one that times out again stays listed.
    const rerun = new Map(mutants.map((m) => [key(m), m]));
    const again = previous.timedOut.map((m) => ({
      ...m,
      status: rerun.get(key(m))?.status ?? m.status,
    }));
    const nowUndetected = again.filter((m) => undetected.has(m.status));
    writeResult(resultFile, {
      ...previous,
      detected: previous.detected - nowUndetected.length,
      undetected: [...previous.undetected, ...nowUndetected],
      timedOut: again.filter((m) => m.status === 'Timeout'),
      timeoutRerun: { seconds, date: new Date().toISOString(), mutants: again.length },
    });
    console.log(
      `mutation: ${file}: re-ran ${again.length} timed-out mutants in ${seconds} s: ` +
        `${nowUndetected.length} survive, ${
          again.filter((m) => m.status === 'Timeout').length
        } time out again`,
    );
    return;
  }
  if (previous !== undefined) {
    // Tests were only added since the full run, so a mutant detected then is still
    // detected: the re-run's statuses replace the earlier ones of the undetected
    // mutants, and the ones it detects now move into the detected count.
    const rerun = new Map(mutants.map((m) => [key(m), m]));
    const again = previous.undetected.map((m) => ({
      ...m,
      status: rerun.get(key(m))?.status ?? m.status,
    }));
    const stillUndetected = again.filter((m) => !detected.has(m.status));
    writeResult(resultFile, {
      ...previous,
      command: shownCommand,
      detected: previous.detected + again.length - stillUndetected.length,
      undetected: stillUndetected,
      // A survivor detected now only by the time limit is kept for --timeouts too.
      timedOut: [...(previous.timedOut ?? []), ...again.filter((m) => m.status === 'Timeout')],
      rerun: { seconds, date: new Date().toISOString(), mutants: mutants.length },
    });
    console.log(
      `mutation: ${file}: re-ran ${mutants.length} mutants on survivors' lines in ${seconds} s`,
    );
    return;
  }
  const measured = counts(mutants);
  const sourceDigest = digest(source);
  if (range !== undefined) {
    // One range of a chunked campaign: added to the ranges measured before (same source).
    const earlier = readResult(resultFile);
    const part = earlier?.ranges !== undefined && earlier.sourceDigest === sourceDigest
      ? earlier
      : undefined;
    writeResult(resultFile, {
      file,
      command: shownCommand,
      seconds: (part?.seconds ?? 0) + seconds,
      date: new Date().toISOString(),
      ...(propertyRuns === undefined ? {} : { propertyRuns }),
      sourceDigest,
      ranges: [...(part?.ranges ?? []), range].sort((a, b) => a[0] - b[0]),
      lineCount: source.split('\n').length,
      detected: (part?.detected ?? 0) + measured.detected,
      ignored: (part?.ignored ?? 0) + measured.ignored,
      undetected: [...(part?.undetected ?? []), ...measured.undetected],
      timedOut: [...(part?.timedOut ?? []), ...measured.timedOut],
    });
    console.log(
      `mutation: ${file}: lines ${range[0]}-${range[1]}: ${mutants.length} mutants in ${seconds} s`,
    );
    return;
  }
  writeResult(resultFile, {
    file,
    command: shownCommand,
    seconds,
    date: new Date().toISOString(),
    ...(propertyRuns === undefined ? {} : { propertyRuns }),
    sourceDigest,
    ...measured,
  });
  console.log(`mutation: ${file}: ${mutants.length} mutants in ${seconds} s`);
}

const digest = (text) => createHash('sha256').update(text).digest('hex');

/** Whether a kept result describes its source file as it is now. */
function freshness(run) {
  if (run.sourceDigest === undefined) return 'source not recorded';
  const file = path.join(root, run.file);
  if (!fs.existsSync(file)) return 'source removed';
  return run.sourceDigest === digest(fs.readFileSync(file, 'utf8')) ? 'fresh' : 'source changed';
}

function readResult(resultFile) {
  return fs.existsSync(resultFile) ? JSON.parse(fs.readFileSync(resultFile, 'utf8')) : undefined;
}

/**
 * The line ranges of a chunked run: `chunks` ranges of about equal length that
 * split the file only after a top-level closing brace followed by a blank line,
 * so every mutant (a statement or expression inside one declaration) lies in one
 * range.
 */
function lineRanges(source, chunks, first = 1, last = source.split('\n').length) {
  const lines = source.split('\n').slice(0, last);
  const cuts = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (/^[})]/.test(lines[i]) && lines[i + 1].trim() === '') cuts.push(i + 1);
  }
  const ranges = [];
  let start = first;
  for (let k = 1; k < chunks; k++) {
    const ideal = first + Math.round(((lines.length - first + 1) * k) / chunks);
    const cut = cuts.filter((c) => c >= start).reduce(
      (best, c) => (best === undefined || Math.abs(c - ideal) < Math.abs(best - ideal) ? c : best),
      undefined,
    );
    if (cut === undefined || cut >= lines.length) break;
    ranges.push([start, cut]);
    start = cut + 1;
  }
  ranges.push([start, lines.length]);
  return ranges;
}

/** The line ranges within [from, to] that no measured range covers. */
function unmeasured(done, from, to) {
  const gaps = [];
  let next = from;
  for (const [a, b] of [...done].sort((x, y) => x[0] - y[0])) {
    if (a > next && next <= to) gaps.push([next, Math.min(a - 1, to)]);
    next = Math.max(next, b + 1);
  }
  if (next <= to) gaps.push([next, to]);
  return gaps;
}

/** What a result keeps of Stryker's mutants: the counts and every undetected mutant. */
function counts(mutants) {
  const found = mutants.filter((m) => detected.has(m.status)).length;
  const missed = mutants.filter((m) => undetected.has(m.status));
  return {
    detected: found,
    ignored: mutants.length - found - missed.length,
    undetected: missed.map(({ mutator, status, replacement, location, original }) => ({
      mutator,
      status,
      replacement,
      location,
      original,
    })),
    // Detected by a time limit only: on a loaded machine a slow test run looks the same, so
    // they are kept to be re-run (--timeouts) when the machine is quiet.
    timedOut: mutants.filter((m) => m.status === 'Timeout').map(
      ({ mutator, status, replacement, location, original }) => ({
        mutator,
        status,
        replacement,
        location,
        original,
      }),
    ),
  };
}

function writeResult(resultFile, result) {
  fs.mkdirSync(resultDir, { recursive: true });
  const undetectedList = result.undetected.toSorted((a, b) =>
    a.location.start.line - b.location.start.line ||
    a.location.start.column - b.location.start.column
  );
  fs.writeFileSync(
    resultFile,
    JSON.stringify({ ...result, undetected: undetectedList }, null, 1) + '\n',
  );
}

/** The source text a mutant replaces (Stryker's result locations are 1-based lines and columns). */
function originalText(source, location) {
  const lines = source.split('\n');
  const { start, end } = location;
  const line = (n) => lines[n - 1];
  if (start.line === end.line) return line(start.line).slice(start.column - 1, end.column - 1);
  return [
    line(start.line).slice(start.column - 1),
    ...lines.slice(start.line, end.line - 1),
    line(end.line).slice(0, end.column - 1),
  ].join('\n');
}

// --- the report ------------------------------------------------------------------

const detected = new Set(['Killed', 'Timeout', 'RuntimeError', 'CompileError']);
const undetected = new Set(['Survived', 'NoCoverage']);

function equivalenceOf(file, mutant) {
  return equivalents.find((e) =>
    e.file === file &&
    (e.lines === undefined
      ? e.mutator === mutant.mutator && e.original === mutant.original &&
        e.replacement === mutant.replacement &&
        // `line` narrows an entry whose text also occurs elsewhere in the file.
        (e.line === undefined || e.line === mutant.location.start.line)
      // A whole line range, for code where every mutant is equivalent for one reason.
      : mutant.location.start.line >= e.lines[0] && mutant.location.start.line <= e.lines[1])
  );
}

function score(runs) {
  const killed = runs.reduce((sum, r) => sum + r.detected, 0);
  const survived = runs.flatMap((r) => r.undetected);
  const equivalent = survived.filter((m) => m.equivalent !== undefined).length;
  const valid = killed + survived.length;
  return {
    total: valid + runs.reduce((sum, r) => sum + r.ignored, 0),
    killed,
    survived: survived.length,
    equivalent,
    ignored: runs.reduce((sum, r) => sum + r.ignored, 0),
    score: valid === 0 ? undefined : (100 * killed) / valid,
    scoreWithoutEquivalent: valid - equivalent === 0 ? undefined : (100 * killed) /
      (valid - equivalent),
  };
}

/** " (lines 1-300, 420-600 of 982)" for a result that covers only part of its file. */
function partialNote(run) {
  if (run.ranges === undefined) return '';
  const covered = run.ranges.reduce((sum, [a, b]) => sum + b - a + 1, 0);
  if (covered >= run.lineCount) return '';
  // Adjacent ranges read as one.
  const merged = [];
  for (const [a, b] of run.ranges) {
    const last = merged.at(-1);
    if (last !== undefined && a === last[1] + 1) last[1] = b;
    else merged.push([a, b]);
  }
  return ` (lines ${merged.map(([a, b]) => `${a}–${b}`).join(', ')} of ${run.lineCount})`;
}

const pct = (n) => (n === undefined ? 'n/a' : `${n.toFixed(1)}%`);

function writeReport() {
  const runs = fs.existsSync(resultDir)
    ? fs.readdirSync(resultDir).filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(resultDir, f), 'utf8')))
    : [];
  const order = libraryFiles();
  runs.sort((a, b) => order.indexOf(a.file) - order.indexOf(b.file));
  for (const run of runs) {
    for (const m of run.undetected) m.equivalent = equivalenceOf(run.file, m)?.reason;
  }
  const byFile = new Map(runs.map((r) => [r.file, r]));
  const out = [];
  out.push('# Mutation testing');
  out.push('');
  out.push(
    'Generated by `npm run mutation` (scripts/run_mutation.mjs): StrykerJS mutates the TypeScript ' +
      'sources, and each mutant runs `bun test --bail` over the tests of the mutated module. ' +
      'Score = detected / (detected + undetected), where detected is killed, timed out or ' +
      'crashed and undetected is survived or not covered. "Without equivalent" leaves out the ' +
      'surviving mutants that are explained below as equivalent (no test can tell them apart). ' +
      '"By time limit": detected because a test run exceeded the time limit, which a slow run ' +
      'on a loaded machine can also cause; `--timeouts` re-runs them.',
  );
  out.push('');
  out.push(
    `StrykerJS ${strykerVersion()}, command test runner, concurrency 1, on a 2-core machine shared ` +
      'with other work (run times are wall-clock and only indicative). The property tests draw ' +
      'new random cases on every run, so a mutant that only they kill may be reported ' +
      'differently by another run. Run time is per file (instrumentation, dry run and every ' +
      'mutant); "Measured" is when that file\'s run ended (UTC).',
  );
  out.push('');
  out.push('## Per double (core files)');
  out.push('');
  out.push(
    '| Double | Files | Mutants | Detected | Survived (equivalent) | Score | Without equivalent |',
  );
  out.push('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [double, files] of Object.entries(cores)) {
    const measured = files.filter((f) => byFile.has(f));
    const missing = files.filter((f) => !byFile.has(f));
    const s = score(measured.map((f) => byFile.get(f)));
    out.push(
      `| ${double} | ${
        files.map((f) => `\`${f}\`${byFile.has(f) ? partialNote(byFile.get(f)) : ''}`).join(', ')
      }${
        missing.length > 0 ? ` (not measured: ${missing.join(', ')})` : ''
      } | ${s.total} | ${s.killed} | ${s.survived} (${s.equivalent}) | ${pct(s.score)} | ${
        pct(s.scoreWithoutEquivalent)
      } |`,
    );
  }
  out.push('');
  out.push('## Per file');
  out.push('');
  out.push(
    '| File | Mutants | Detected | Survived (equivalent) | Ignored | Score | Without equivalent | Run time | Tests | Measured |',
  );
  out.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (const run of runs) {
    const s = score([run]);
    const tests = run.command.split(' ').filter((w) => w.startsWith('./tests/')).length;
    out.push(
      `| \`${run.file}\`${partialNote(run)} | ${s.total} | ${s.killed}${
        run.timedOut?.length > 0 ? ` (${run.timedOut.length} by time limit)` : ''
      } | ${s.survived} (${s.equivalent}) | ${s.ignored} | ${pct(s.score)} | ${
        pct(s.scoreWithoutEquivalent)
      } | ${run.seconds} s${run.rerun ? ` + ${run.rerun.seconds} s` : ''} | ${tests} files${
        run.propertyRuns === undefined ? '' : `, properties ${run.propertyRuns} cases*`
      } | ${run.date.slice(0, 16).replace('T', ' ')}${
        run.rerun ? `, survivors' lines ${run.rerun.date.slice(11, 16)}` : ''
      }${freshness(run) === 'fresh' ? '' : ` (${freshness(run)}†)`} |`,
    );
  }
  const total = score(runs);
  const earlier = runs.filter((r) => freshness(r) !== 'fresh');
  if (earlier.length > 0) {
    out.push('');
    out.push(
      `† ${earlier.length} of these results were measured on an earlier version of their source: ` +
        '"source changed" where the kept digest differs from the file now, "source not recorded" ' +
        'for runs from before digests were kept. Their counts describe that earlier source; ' +
        '`npm run mutation -- <file>` measures the file as it is.',
    );
  }
  if (runs.some((r) => r.propertyRuns !== undefined)) {
    out.push('');
    out.push(
      '\\* Measured with `--property-runs`: the property tests ran with that many cases per ' +
        'property for every mutant, then (at "survivors\' lines") at their own counts for the ' +
        'lines of every survivor, so each survivor met the full tests.',
    );
  }
  out.push('');
  out.push(
    `Measured: ${runs.length} files, ${total.total} mutants, ${pct(total.score)} detected ` +
      `(${pct(total.scoreWithoutEquivalent)} without equivalent), ${
        Math.round(runs.reduce((sum, r) => sum + r.seconds, 0) / 60)
      } min of Stryker runs.`,
  );
  const notRun = order.filter((f) => !byFile.has(f));
  if (notRun.length > 0) {
    out.push('');
    out.push(
      "Not measured in this campaign (the doubles' cores and the private code they share came " +
        'first; `npm run mutation -- <file>` measures one): ' +
        `${notRun.map((f) => `\`${f}\``).join(', ')}.`,
    );
  }
  out.push('');
  out.push('## Surviving mutants');
  out.push('');
  for (const run of runs) {
    const survivors = run.undetected;
    if (survivors.length === 0) continue;
    out.push(`### \`${run.file}\``);
    out.push('');
    if (fileNotes[run.file]) {
      out.push(fileNotes[run.file]);
      out.push('');
    }
    for (const m of survivors.sort((a, b) => a.location.start.line - b.location.start.line)) {
      const where = `${run.file}:${m.location.start.line}:${m.location.start.column}`;
      const change = `\`${oneLine(m.original)}\` → \`${oneLine(m.replacement)}\``;
      out.push(
        `- ${where} ${m.mutator} (${m.status}): ${change}${
          m.equivalent ? `. Equivalent: ${m.equivalent}` : ''
        }`,
      );
    }
    out.push('');
  }
  fs.writeFileSync(reportFile, out.join('\n').replace(/\n+$/, '\n'));
  // Keep the committed report and results formatted like every other file.
  spawnSync(path.join(root, 'node_modules', '.bin', 'deno'), [
    'fmt',
    '--quiet',
    reportFile,
    resultDir,
  ], {
    cwd: root,
    stdio: 'inherit',
  });
  console.log(`mutation: wrote ${path.relative(root, reportFile)} (${runs.length} files)`);
}

function strykerVersion() {
  const file = path.join(root, 'node_modules', '@stryker-mutator', 'core', 'package.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).version : '?';
}

function oneLine(text) {
  const flat = String(text ?? '').replace(/\s+/g, ' ').trim();
  return (flat.length > 90 ? `${flat.slice(0, 87)}...` : flat).replaceAll('`', "'");
}

// --- main ------------------------------------------------------------------------

const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only');
const list = args.includes('--list');
// --survivors: re-run only the lines of the survivors of the kept result (after adding
// tests, with the source unchanged), and merge the new statuses into it.
const survivorsOnly = args.includes('--survivors');
const timeoutsOnly = args.includes('--timeouts');
const propertyRunsArg = args.find((a) => a.startsWith('--property-runs='));
const propertyRuns = propertyRunsArg === undefined
  ? undefined
  : Number(propertyRunsArg.slice('--property-runs='.length));
if (propertyRuns !== undefined && !(Number.isInteger(propertyRuns) && propertyRuns > 0)) {
  console.error(`run_mutation: --property-runs needs a positive whole number`);
  process.exit(2);
}
if (propertyRuns !== undefined && survivorsOnly) {
  console.error(`run_mutation: --survivors always runs the property tests at their own counts`);
  process.exit(2);
}
const linesArg = args.find((a) => a.startsWith('--lines='));
const lineWindow = linesArg === undefined
  ? undefined
  : linesArg.slice('--lines='.length).split('-').map(Number);
if (
  lineWindow !== undefined &&
  !(lineWindow.length === 2 && lineWindow.every((n) => Number.isInteger(n) && n > 0) &&
    lineWindow[0] <= lineWindow[1])
) {
  console.error(`run_mutation: --lines needs a line range such as --lines=700-1080`);
  process.exit(2);
}
const chunksArg = args.find((a) => a.startsWith('--chunks='));
const chunks = chunksArg === undefined ? undefined : Number(chunksArg.slice('--chunks='.length));
if (chunks !== undefined && !(Number.isInteger(chunks) && chunks > 1)) {
  console.error(`run_mutation: --chunks needs a whole number above 1`);
  process.exit(2);
}
if (lineWindow !== undefined && chunks === undefined) {
  console.error(`run_mutation: --lines picks the lines a chunked run measures: add --chunks=N`);
  process.exit(2);
}
if (timeoutsOnly && (survivorsOnly || chunks !== undefined || propertyRuns !== undefined)) {
  console.error(`run_mutation: --timeouts re-runs a kept result's timed-out mutants on its own`);
  process.exit(2);
}
if (chunks !== undefined && survivorsOnly) {
  console.error(`run_mutation: --survivors re-runs survivors' lines, which need no chunks`);
  process.exit(2);
}
const options = ['--report-only', '--list', '--survivors', '--timeouts'];
const unknown = args.filter((a) =>
  a.startsWith('--') && !options.includes(a) && !a.startsWith('--property-runs=') &&
  !a.startsWith('--chunks=') && !a.startsWith('--lines=')
);
if (unknown.length > 0) {
  console.error(`run_mutation: unknown option ${unknown.join(' ')}`);
  process.exit(2);
}
const files = args.filter((a) => !a.startsWith('--'));
for (const file of files) {
  if (!fs.existsSync(path.join(root, file))) {
    console.error(`run_mutation: no such file ${file}`);
    process.exit(2);
  }
}
const targets = files.length > 0 ? files : libraryFiles();
if (list) {
  for (const file of targets) console.log(`${file}: ${testsFor(file).join(' ')}`);
} else {
  fs.mkdirSync(resultDir, { recursive: true });
  if (!reportOnly) {
    const failedRuns = [];
    for (const file of targets) {
      try {
        if (chunks === undefined) {
          await mutate(file, { survivorsOnly, timeoutsOnly, propertyRuns });
        } else {
          const source = fs.readFileSync(path.join(root, file), 'utf8');
          const earlier = readResult(path.join(resultDir, `${slug(file)}.json`));
          const done = earlier?.ranges !== undefined && earlier.sourceDigest === digest(source)
            ? earlier.ranges
            : [];
          // Resuming: the lines not measured yet (within --lines) are split into about
          // `chunks` new ranges in all, each gap in proportion to its length.
          const lineCount = source.split('\n').length;
          const [from, to] = lineWindow ?? [1, lineCount];
          // The empty line after the final newline holds no code: a window that ends
          // on the last line of code covers the file.
          const end = to >= lineCount - 1 && source.endsWith('\n') ? lineCount : to;
          const gaps = unmeasured(done, from, Math.min(end, lineCount));
          if (done.length > 0) {
            console.log(
              `mutation: ${file}: lines ${done.map(([a, b]) => `${a}-${b}`).join(', ')} ` +
                `already measured`,
            );
          }
          const total = gaps.reduce((sum, [a, b]) => sum + b - a + 1, 0);
          for (const [a, b] of gaps) {
            const share = Math.max(1, Math.round((chunks * (b - a + 1)) / total));
            for (const range of lineRanges(source, share, a, b)) {
              await mutate(file, { propertyRuns, lines: range });
              writeReport();
            }
          }
        }
      } catch (error) {
        // One file's failed run (e.g. its dry run failed) must not end the campaign.
        console.error(`mutation: ${file}: Stryker failed: ${error?.stack ?? error}`);
        failedRuns.push(file);
      }
      writeReport();
    }
    if (failedRuns.length > 0) {
      console.error(`mutation: no result for ${failedRuns.join(', ')}`);
      process.exitCode = 1;
    }
  }
  writeReport();
}
