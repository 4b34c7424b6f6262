// The scripted-agents command line tool, run in-process under each runtime (the
// same `run` that cli/main.ts binds to the process): every command on the
// repository's fixtures and on fresh recordings, its exit codes, its help, and
// clear errors for bad input.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from '../cli/_run.ts';
import { describe, test, type TestContext } from './_harness.ts';
import { FIXTURE, repositoryRoot } from './_cassette_scenarios.ts';
import { hostileCassette, recordToolLoop, transcript } from './_viewer_fixtures.ts';

const fixture = path.join(repositoryRoot(), FIXTURE);
const fixtureV1 = path.join(repositoryRoot(), 'tests/fixtures/cassette_agent_runs_v1.json');

async function cli(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env,
  });
  return { code, stdout, stderr };
}

async function scratch(t: TestContext): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scripted-agents-cli-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function write(dir: string, name: string, value: unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
}

describe('scripted-agents', () => {
  test('without a command it prints the commands (exit 2); --help prints them (exit 0)', async () => {
    const none = await cli([]);
    assert.equal(none.code, 2);
    assert.match(none.stdout, /^Usage: scripted-agents <command>/);
    for (const name of ['view', 'diff', 'check', 'to-ts']) {
      assert.match(none.stdout, new RegExp(`\\n  ${name} +\\S`));
    }
    assert.equal((await cli(['--help'])).code, 0);
    const unknown = await cli(['show']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "show"/);
  });

  test('every command has --help; a bad option is a usage error with the help', async () => {
    for (const name of ['view', 'diff', 'check', 'to-ts']) {
      const help = await cli([name, '--help']);
      assert.equal(help.code, 0);
      assert.match(help.stdout, new RegExp(`^Usage: scripted-agents ${name}`));
    }
    const bad = await cli(['view', '--colour', fixture]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^scripted-agents view: .*--colour/);
    assert.match(bad.stderr, /Usage: scripted-agents view/);
    const none = await cli(['view']);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /view needs at least one file/);
  });
});

describe('scripted-agents view', () => {
  test('writes one page for the fixtures (v2 and v1) and a fresh recording', async (t) => {
    const dir = await scratch(t);
    const fresh = await write(dir, 'fresh.json', await recordToolLoop());
    const out = path.join(dir, 'out.html');
    const result = await cli(['view', fixture, fixtureV1, fresh, '-o', out]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /^Wrote .*out\.html \(\d+ KiB\)\.\n$/);
    const html = await readFile(out, 'utf8');
    assert.equal(html.match(/<section class="file">/g)?.length, 3);
    assert.equal(html.match(/<section class="turn"/g)?.length, 16 + 16 + 3);
    const stdout = await cli(['view', fresh]);
    assert.match(stdout.stdout, /^<!doctype html>/);
  });

  test('a missing, malformed or foreign file is a clear error (exit 2), no page', async (t) => {
    const dir = await scratch(t);
    const missing = await cli(['view', path.join(dir, 'nope.json')]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.json: no such file\./);
    const broken = await cli(['view', await write(dir, 'broken.json', '{"format": ')]);
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /broken\.json is not JSON/);
    assert.equal(broken.stdout, '');
    const bad = { ...hostileCassette(), version: 9 };
    const invalid = await cli(['view', await write(dir, 'bad.json', bad)]);
    assert.equal(invalid.code, 2);
    assert.match(
      invalid.stderr,
      /bad\.json is invalid: version should be format version 3, 2 or 1/,
    );
  });
});

describe('scripted-agents diff', () => {
  test('the same file: exit 0 and "No difference."', async () => {
    const result = await cli(['diff', fixture, fixture]);
    assert.equal(result.code, 0);
    assert.match(result.stdout, /No difference\.\n$/);
  });

  test('a v1 file against its v2 recording has no difference', async () => {
    const result = await cli(['diff', fixtureV1, fixture]);
    assert.equal(result.code, 0, result.stdout);
  });

  test('a changed recording: exit 1, the interaction, the field, the changed window', async (t) => {
    const dir = await scratch(t);
    const a = await write(dir, 'a.json', await recordToolLoop());
    const b = await write(dir, 'b.json', await recordToolLoop({ city: 'Oslo' }));
    const result = await cli(['diff', a, b]);
    assert.equal(result.code, 1);
    assert.match(result.stdout, /~ interaction #1 changed: weather-model: tool call get_weather\n/);
    assert.match(
      result.stdout,
      /request\.input\[0\]\.content:\n {6}What is the weather in \[-Tokyo-\]\{\+Oslo\+\}\?\n/,
    );
    const html = path.join(dir, 'diff.html');
    assert.equal((await cli(['diff', a, b, '--html', '-o', html])).code, 1);
    assert.match(await readFile(html, 'utf8'), /<del>Tokyo<\/del><ins>Oslo<\/ins>\?/);
  });

  test('as a git diff driver (seven arguments): exit 0, names from the path, plain diff for other JSON', async (t) => {
    const dir = await scratch(t);
    const a = await write(dir, 'a.json', await recordToolLoop());
    const b = await write(dir, 'b.json', await recordToolLoop({ city: 'Oslo' }));
    const git = await cli(['diff', 'tests/c.json', a, 'abc', '100644', b, 'def', '100644']);
    assert.equal(git.code, 0);
    assert.match(
      git.stdout,
      /^--- a\/tests\/c\.json \(cassette, 3 interactions\)\n\+\+\+ b\/tests\/c\.json/,
    );
    const p = await write(dir, 'p.json', '{"name": "a"}\n');
    const q = await write(dir, 'q.json', '{"name": "b"}\n');
    const plain = await cli(['diff', 'package.json', p, 'abc', '100644', q, 'def', '100644']);
    assert.equal(plain.code, 0);
    assert.match(plain.stdout, /^-\{"name": "a"\}$/m);
    assert.match(plain.stdout, /^\+\{"name": "b"\}$/m);
    // Outside git a file that is not a recording is an input error.
    assert.equal((await cli(['diff', p, q])).code, 2);
  });

  test('two transcripts differ by event', async (t) => {
    const dir = await scratch(t);
    const changed = transcript() as { connections: { entries: unknown[] }[] };
    changed.connections[0].entries.pop();
    const result = await cli([
      'diff',
      await write(dir, 'a.json', transcript()),
      await write(dir, 'b.json', changed),
    ]);
    assert.equal(result.code, 1);
    assert.match(result.stdout, /- event #4 removed: connection 1 ← server response\.done/);
  });
});

describe('scripted-agents check', () => {
  test('the repository fixtures load; files without provenance are warnings, not violations', async () => {
    const result = await cli(['check', path.join(repositoryRoot(), 'tests', 'fixtures')]);
    assert.equal(result.code, 0, result.stdout);
    assert.match(
      result.stdout,
      /cassette_agent_runs\.json: provenance \(warning\): 16 of 16 interactions have no recording date/,
    );
    assert.match(result.stdout, /checked 2 cassettes: 0 violations, 2 warnings\n$/);
  });

  test("age against --max-age and against the cassette's own policy, size, format", async (t) => {
    const dir = await scratch(t);
    const old = await recordToolLoop({ now: () => new Date('2020-01-01T00:00:00.000Z') });
    await write(dir, 'old.json', old);
    await write(dir, 'fresh.json', await recordToolLoop({ now: () => new Date() }));
    await write(dir, 'own.json', { ...old, expiry: { maxAge: '1000000d' } });
    await write(dir, 'broken.json', '{"format": "scripted-agents/cassette", "version": 2}');
    await write(dir, 'other.json', { name: 'not a cassette' });
    const result = await cli(['check', dir, '--max-age', '30d']);
    assert.equal(result.code, 1);
    const lines = result.stdout.trim().split('\n');
    assert.deepEqual(lines.map((l) => l.replace(dir + path.sep, '')), [
      'broken.json: format: ' + lines[0].split(': format: ')[1],
      'old.json: age: 3 of 3 interactions were recorded more than 30d ago (the oldest on 2020-01-01T00:00:00.000Z); re-record with SCRIPTED_AGENTS_CASSETTE=update.',
      'checked 4 cassettes: 2 violations, 0 warnings',
    ]);
    assert.match(lines[0], /is invalid: interactions should be an array/);
    const hours = await cli(['check', dir, '--max-age', '12h', '--max-size', '1kb']);
    assert.match(hours.stdout, /fresh\.json: size: \d+ KiB, more than the 1kb allowed/);
    assert.match(hours.stdout, /old\.json: age: .* more than 12h ago/);
    assert.equal((await cli(['check', dir, '--max-age', 'soon'])).code, 2);
  });

  test('a warn policy makes age a warning; a usage list finds the cassettes no test opened', async (t) => {
    const dir = await scratch(t);
    const old = await recordToolLoop({ now: () => new Date('2020-01-01T00:00:00.000Z') });
    const warned = await write(dir, 'warned.json', {
      ...old,
      expiry: { maxAge: '30d', onExpired: 'warn' },
    });
    await write(dir, 'unused.json', { ...old, expiry: { maxAge: '1000000d' } });
    const usage = await write(dir, 'usage.txt', `${warned}\n`);
    const result = await cli(['check', dir], { SCRIPTED_AGENTS_CASSETTE_USAGE: usage });
    assert.equal(result.code, 1);
    assert.match(result.stdout, /warned\.json: age \(warning\): .*by the cassette's own policy/);
    assert.match(result.stdout, /unused\.json: unused: no test opened it in the last run/);
    assert.doesNotMatch(result.stdout, /warned\.json: unused/);
    const missing = await cli(['check', dir, '--usage', path.join(dir, 'none.txt')]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /the usage list .*none\.txt cannot be read/);
  });
});

describe('scripted-agents to-ts', () => {
  test('the fixture (two models) becomes a ScriptedModelProvider; output to a file', async (t) => {
    const result = await cli(['to-ts', fixture]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /export const provider = new ScriptedModelProvider\(\{/);
    assert.match(result.stdout, /"gpt-4\.1-mini": new ScriptedModel\(\[/);
    assert.match(result.stdout, /"gpt-4\.1-nano": new ScriptedModel\(\[/);
    assert.match(result.stdout, /functionCall\("get_weather", \{"city":"Tokyo"\}/);
    const dir = await scratch(t);
    const out = path.join(dir, 'model.ts');
    assert.equal((await cli(['to-ts', fixture, '-o', out])).code, 0);
    assert.equal(await readFile(out, 'utf8'), result.stdout);
    const notCassette = await cli(['to-ts', await write(dir, 'rt.json', transcript())]);
    assert.equal(notCassette.code, 2);
    assert.match(notCassette.stderr, /is a transcript; to-ts converts cassettes/);
  });

  test('an output that cannot be written: exit 2, the failure by name and message', async (t) => {
    const out = path.join(await scratch(t), 'no-such-folder', 'model.ts');
    const result = await cli(['to-ts', fixture, '-o', out]);
    assert.equal(result.code, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^scripted-agents to-ts: Error: ENOENT: .*model\.ts'?\n$/);
  });
});
