// Provenance and expiry: each recorded interaction says when and with which
// versions it was recorded; `update` keeps the date of what it keeps; an expiry
// policy (option or file) warns, fails or re-records past its maximum age; and
// openCassette writes a usage list and, on a miss, an HTML failure artifact.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cwd, env } from 'node:process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, Runner } from '@openai/agents';
import {
  Cassette,
  type CassetteData,
  CassetteExpiredError,
  CassetteMissError,
  InvalidCassetteError,
} from 'scripted-agents/cassette';
import {
  ARTIFACTS_VARIABLE,
  openCassette,
  writeFailureArtifact,
} from 'scripted-agents/cassette_fs';
import { writeMissArtifact } from '../cassette_fs/failure_artifact.ts';
import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
import { describe, test, type TestContext } from './_harness.ts';
import { expiredInteractions, parseDuration, recordedAt } from '../cassette/_expiry.ts';
import { repositoryRoot } from './_cassette_scenarios.ts';
import { RECORDED_AT, recordToolLoop } from './_viewer_fixtures.ts';

const agent = new Agent({ name: 'Greeter', model: 'm', instructions: 'Greet.' });
const at = (iso: string) => () => new Date(iso);

/** A provider answering each call with the next of `answers`, counting its calls. */
function provider(...answers: string[]) {
  const model = new ScriptedModel(answers.map((a) => [assistantMessage(a)]));
  return { model, provider: { getModel: () => model } };
}

async function record(inputs: string[], now: () => Date): Promise<CassetteData> {
  const { provider: real } = provider(...inputs.map((i) => `Hello, ${i}.`));
  const cassette = new Cassette({ mode: 'record', provider: real, now, sdkVersion: '0.20.0' });
  const runner = new Runner({ modelProvider: cassette, tracingDisabled: true });
  for (const input of inputs) await runner.run(agent, input);
  return JSON.parse(JSON.stringify(await cassette.close()));
}

async function scratch(t: TestContext): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scripted-agents-provenance-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('cassette provenance', () => {
  test('each recorded interaction records when, with which SDK and package version', async () => {
    const data = await record(['Ann'], at('2026-11-01T10:00:00.000Z'));
    const version = JSON.parse(await readFile(path.join(repositoryRoot(), 'deno.json'), 'utf8'))
      .version;
    assert.deepEqual(data.interactions[0].recorded, {
      at: '2026-11-01T10:00:00.000Z',
      package: version,
      sdk: '0.20.0',
    });
    // It loads back, and is kept in the stored key order (last).
    const again = Cassette.fromJSON(data).toJSON();
    assert.deepEqual(again.interactions[0].recorded, data.interactions[0].recorded);
    assert.equal(Object.keys(again.interactions[0]).at(-1), 'recorded');
  });

  test('update keeps the date of what still matches and dates only what it records', async () => {
    const old = await record(['Ann'], at('2026-10-01T00:00:00.000Z'));
    const { provider: real } = provider('Hello, Bob.');
    const cassette = Cassette.fromJSON(old, {
      mode: 'update',
      provider: real,
      now: at('2026-11-15T00:00:00.000Z'),
    });
    const runner = new Runner({ modelProvider: cassette, tracingDisabled: true });
    await runner.run(agent, 'Ann');
    await runner.run(agent, 'Bob');
    const data = await cassette.close();
    assert.deepEqual(data.interactions.map((i) => i.recorded?.at), [
      '2026-10-01T00:00:00.000Z',
      '2026-11-15T00:00:00.000Z',
    ]);
  });

  test('a bad provenance or expiry in a file is an InvalidCassetteError naming the field', async () => {
    const data = await record(['Ann'], at('2026-11-01T00:00:00.000Z'));
    const badDate = structuredClone(data);
    badDate.interactions[0].recorded = { at: 'yesterday' };
    assert.throws(() => Cassette.fromJSON(badDate), (error) => {
      assert.ok(error instanceof InvalidCassetteError);
      assert.equal(error.path, 'interactions[0].recorded.at');
      return true;
    });
    assert.throws(
      () => Cassette.fromJSON({ ...data, expiry: { maxAge: '30 days' } }),
      { name: 'InvalidCassetteError', path: 'expiry.maxAge' },
    );
    assert.throws(
      () => Cassette.fromJSON({ ...data, expiry: { maxAge: '30d', onExpired: 'panic' } }),
      { name: 'InvalidCassetteError', path: 'expiry.onExpired' },
    );
    assert.throws(() => new Cassette({ expiry: { maxAge: 'soon' } }), {
      name: 'TypeError',
      message: 'Cassette options.expiry.maxAge must be a duration such as "30d" or "12h".',
    });
  });
});

describe('cassette expiry', () => {
  const now = at('2026-12-01T00:00:00.000Z');

  test('fail: a replay of an interaction older than maxAge throws CassetteExpiredError', async () => {
    const data = await record(['Ann', 'Bob'], at('2026-10-01T00:00:00.000Z'));
    assert.throws(
      () =>
        Cassette.fromJSON(data, {
          label: 'greet.json',
          expiry: { maxAge: '30d', onExpired: 'fail' },
          now,
        }),
      (error) => {
        assert.ok(error instanceof CassetteExpiredError);
        assert.deepEqual(Object.keys(error), ['label', 'maxAge', 'expired', 'name']);
        assert.equal(error.maxAge, '30d');
        assert.deepEqual(error.expired.map((e) => e.index), [0, 1]);
        assert.match(
          error.message,
          /^Cassette greet\.json has 2 interactions recorded more than 30d ago \(the oldest, interaction #1, on 2026-10-01T00:00:00\.000Z\), and its expiry policy fails past that\. Re-record: /,
        );
        return true;
      },
    );
    // Within the age it replays.
    const young = Cassette.fromJSON(data, { expiry: { maxAge: '90d', onExpired: 'fail' }, now });
    await new Runner({ modelProvider: young, tracingDisabled: true }).run(agent, 'Ann');
    await new Runner({ modelProvider: young, tracingDisabled: true }).run(agent, 'Bob');
    await young.close();
  });

  test('the policy travels in the file and applies when the options give none', async () => {
    const data = await record(['Ann'], at('2026-10-01T00:00:00.000Z'));
    const withPolicy = Cassette.fromJSON(data, { expiry: { maxAge: '1000d', onExpired: 'fail' } })
      .toJSON();
    assert.deepEqual(withPolicy.expiry, { maxAge: '1000d', onExpired: 'fail' });
    assert.deepEqual(Object.keys(withPolicy).slice(0, 3), ['format', 'version', 'expiry']);
    const file = { ...withPolicy, expiry: { maxAge: '12h', onExpired: 'fail' as const } };
    assert.throws(() => Cassette.fromJSON(file, { now }), CassetteExpiredError);
    // An option overrides the file's policy.
    Cassette.fromJSON(file, { now, expiry: { maxAge: '1000d' } });
  });

  test('warn (the default action) replays and reports through onWarning', async () => {
    const data = await record(['Ann'], at('2026-10-01T00:00:00.000Z'));
    const warnings: string[] = [];
    const cassette = Cassette.fromJSON(data, {
      expiry: { maxAge: '30d' },
      now,
      onWarning: (message) => warnings.push(message),
    });
    assert.equal(warnings.length, 1);
    assert.match(
      warnings[0],
      /has 1 interaction recorded more than 30d ago .*its expiry policy warns\./,
    );
    const result = await new Runner({ modelProvider: cassette, tracingDisabled: true }).run(
      agent,
      'Ann',
    );
    assert.equal(result.finalOutput, 'Hello, Ann.');
    await cassette.close();
  });

  test('rerecord with a provider records the expired interactions again, the rest keep their date', async () => {
    const old = await record(['Ann'], at('2026-10-01T00:00:00.000Z'));
    const young = await record(['Bob'], at('2026-11-25T00:00:00.000Z'));
    const data = { ...old, interactions: [...old.interactions, ...young.interactions] };
    const { model, provider: real } = provider('Hello again, Ann.');
    const cassette = Cassette.fromJSON(data, {
      provider: real,
      expiry: { maxAge: '30d', onExpired: 'rerecord' },
      now,
    });
    assert.equal(cassette.mode, 'update');
    const runner = new Runner({ modelProvider: cassette, tracingDisabled: true });
    assert.equal((await runner.run(agent, 'Ann')).finalOutput, 'Hello again, Ann.');
    assert.equal((await runner.run(agent, 'Bob')).finalOutput, 'Hello, Bob.');
    assert.equal(model.remainingSteps, 0);
    const saved = await cassette.close();
    assert.deepEqual(saved.interactions.map((i) => i.recorded?.at), [
      '2026-12-01T00:00:00.000Z',
      '2026-11-25T00:00:00.000Z',
    ]);
  });

  test('rerecord without a provider fails, saying why', async () => {
    const data = await record(['Ann'], at('2026-10-01T00:00:00.000Z'));
    assert.throws(
      () => Cassette.fromJSON(data, { expiry: { maxAge: '30d', onExpired: 'rerecord' }, now }),
      {
        name: 'CassetteExpiredError',
        message: /fails past that \(no provider to record them again with\)/,
      },
    );
  });

  test('undated interactions (older files) have no known age and never expire', async () => {
    const data = await record(['Ann'], at('2026-10-01T00:00:00.000Z'));
    delete data.interactions[0].recorded;
    Cassette.fromJSON(data, { expiry: { maxAge: '1h', onExpired: 'fail' }, now });
  });
});

describe('openCassette: usage list, SDK version and failure artifacts', () => {
  test('the usage list gets each opened path; the SDK version comes from node_modules', async (t) => {
    const dir = await scratch(t);
    const usage = path.join(dir, 'usage.txt');
    const file = path.join(dir, 'greet.json');
    const { provider: real } = provider('Hello, Ann.');
    const recorder = await openCassette(file, { mode: 'record', provider: real, usageList: usage });
    await new Runner({ modelProvider: recorder, tracingDisabled: true }).run(agent, 'Ann');
    await recorder.close();
    const replay = await openCassette(file, { usageList: usage });
    await new Runner({ modelProvider: replay, tracingDisabled: true }).run(agent, 'Ann');
    await replay.close();
    assert.deepEqual((await readFile(usage, 'utf8')).split('\n'), [file, file, '']);
    // The SDK where the tests run (the nearest node_modules above the working folder): the
    // repository's own, or a project that pins another release around the built package.
    let sdkDir = cwd();
    while (!existsSync(path.join(sdkDir, 'node_modules/@openai/agents-core/package.json'))) {
      sdkDir = path.dirname(sdkDir);
    }
    const sdk = JSON.parse(
      await readFile(path.join(sdkDir, 'node_modules/@openai/agents-core/package.json'), 'utf8'),
    ).version;
    const saved = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(saved.interactions[0].recorded.sdk, sdk);
  });

  test('a miss writes an HTML diff to the artifacts folder and the message names it', async (t) => {
    const dir = await scratch(t);
    const file = path.join(dir, 'loop.json');
    await writeFile(file, JSON.stringify(await recordToolLoop()));
    const artifacts = path.join(dir, 'artifacts');
    const cassette = await openCassette(file, { artifacts });
    const weather = new Agent({
      name: 'W',
      model: 'translate-model',
      instructions: 'Translate to German.',
    });
    const error = await new Runner({ modelProvider: cassette, tracingDisabled: true })
      .run(weather, 'It is sunny.').catch((e) => e);
    assert.ok(error instanceof CassetteMissError);
    const named = /\nHTML diff: (.+\.html)$/.exec(error.message)?.[1];
    assert.ok(named !== undefined, error.message);
    assert.ok(error.stack?.includes(named));
    const html = await readFile(named, 'utf8');
    assert.match(
      html,
      /<div class="path">systemInstructions<\/div><pre class="text">Translate to <del>French<\/del><ins>German<\/ins>\./,
    );
    assert.match(html, /model call #1/);
    cassette.acknowledgeFailures();
    await cassette.close().catch(() => {});
  });

  test('writeFailureArtifact without a folder writes nothing and leaves the message', async () => {
    const error = new Error('Different.');
    assert.equal(await writeFailureArtifact(error, { expected: 1, actual: 2 }), undefined);
    assert.equal(error.message, 'Different.');
  });

  test("RECORDED_AT is the fixtures' clock", () => {
    assert.equal(RECORDED_AT.toISOString(), '2026-11-01T10:00:00.000Z');
  });
});

describe('expiry durations and ages', () => {
  test('a duration is a number and d or h, nothing before or between but spaces', () => {
    assert.equal(parseDuration('30d'), 30 * 86_400_000);
    assert.equal(parseDuration(' 12h '), 12 * 3_600_000);
    assert.equal(parseDuration('30 d'), 30 * 86_400_000);
    assert.equal(parseDuration('1.25d'), 1.25 * 86_400_000);
    for (const bad of ['x30d', '30xd', '1.d', '1.xd', '30', 'd', '30m', '-1d']) {
      assert.equal(parseDuration(bad), undefined, bad);
    }
  });

  test('the recording date must be a date string; an interaction exactly maxAge old has not expired', () => {
    const interaction = (at: unknown) =>
      ({ model: 'm', recorded: { at } }) as unknown as Parameters<typeof recordedAt>[0];
    assert.equal(recordedAt(interaction(0)), undefined);
    assert.equal(recordedAt(interaction('not a date')), undefined);
    assert.equal(
      recordedAt(interaction('2026-01-01T00:00:00.000Z'))?.getTime(),
      Date.UTC(2026, 0, 1),
    );
    const day = 86_400_000;
    const list = [interaction('2026-01-01T00:00:00.000Z'), interaction('2026-01-02T00:00:00.000Z')];
    assert.deepEqual(
      expiredInteractions(list, day, new Date('2026-01-03T00:00:00.000Z')),
      [{ index: 0, model: 'm', recordedAt: '2026-01-01T00:00:00.000Z' }],
    );
  });
});

describe('writeFailureArtifact: where, under which name, and what it adds to the error', () => {
  /** `file` without its folder, with its time stamp and counter as `<n>`. */
  const shape = (file: string, directory: string) => {
    assert.ok(file.startsWith(`${directory}/`), file);
    return file.slice(directory.length + 1).replace(/-\d+-\d+\.html$/, '-<n>.html');
  };

  test('the folder comes from the option, else from SCRIPTED_AGENTS_ARTIFACTS (an empty one is none)', async (t) => {
    assert.equal(ARTIFACTS_VARIABLE, 'SCRIPTED_AGENTS_ARTIFACTS');
    const dir = await scratch(t);
    const before = env[ARTIFACTS_VARIABLE];
    t.after(() => {
      if (before === undefined) delete env[ARTIFACTS_VARIABLE];
      else env[ARTIFACTS_VARIABLE] = before;
    });
    env[ARTIFACTS_VARIABLE] = dir;
    const error = new Error('Different.');
    const file = await writeFailureArtifact(error, { expected: 1, actual: 2 });
    assert.ok(file !== undefined);
    assert.equal(shape(file, dir), 'Error-<n>.html');
    assert.deepEqual(await readdir(dir), [path.basename(file)]);
    env[ARTIFACTS_VARIABLE] = '';
    const untouched = new Error('Different.');
    assert.equal(await writeFailureArtifact(untouched, { expected: 1, actual: 2 }), undefined);
    assert.equal(untouched.message, 'Different.');
  });

  test('the file name: the name option made safe (runs of other characters become one dash, 80 at most), a time and a counter', async (t) => {
    const dir = await scratch(t);
    const error = new TypeError('Different.');
    const named = async (name?: string) =>
      shape(
        (await writeFailureArtifact(error, {
          directory: `${dir}/`,
          expected: 1,
          actual: 2,
          name,
        }))!,
        dir,
      );
    assert.equal(await named(), 'TypeError-<n>.html');
    assert.equal(await named('a b//c: d_e.f-g'), 'a-b-c-d_e.f-g-<n>.html');
    assert.equal(await named('x'.repeat(100)), `${'x'.repeat(80)}-<n>.html`);
    const files = (await readdir(dir)).sort();
    assert.equal(files.length, 3);
    // Counted up from 1 within the process: never a negative number, never the same name twice.
    for (const file of files) assert.match(file, /-\d+-[1-9]\d*\.html$/);
  });

  test("the page: the error's name as title, its message, both values; a missing folder is created", async (t) => {
    const dir = await scratch(t);
    class CustomMismatchError extends Error {
      override name = 'CustomMismatchError';
    }
    const error = new CustomMismatchError('The steps differ.');
    // Read once, as a reporter may have: engines format the stack on first read, with the message then.
    assert.ok(error.stack?.includes('The steps differ.'));
    const file = await writeFailureArtifact(error, {
      directory: path.join(dir, 'a', 'b'),
      expected: { city: 'Zürich ✓' },
      actual: { city: 'Genève' },
    });
    assert.ok(file !== undefined);
    const html = await readFile(file, 'utf8');
    assert.match(html, /<title>CustomMismatchError · scripted-agents<\/title>/);
    assert.ok(html.includes('The steps differ.'));
    assert.ok(html.includes('Zürich ✓') && html.includes('Genève'), html);
    // The message and the stack (what runners print) both name the file.
    assert.equal(error.message, `The steps differ.\nHTML diff: ${file}`);
    assert.ok(error.stack?.includes(`The steps differ.\nHTML diff: ${file}`), error.stack);
  });

  test('a write that fails is said in the message, never thrown; an error without a stack string keeps none', async (t) => {
    const dir = await scratch(t);
    const blocker = path.join(dir, 'file');
    await writeFile(blocker, 'not a folder');
    const error = new Error('Different.');
    assert.equal(
      await writeFailureArtifact(error, {
        directory: path.join(blocker, 'sub'),
        expected: 1,
        actual: 2,
      }),
      undefined,
    );
    assert.match(
      error.message,
      new RegExp(
        `^Different\\.\\n\\(writing the failure artifact to ${blocker}/sub failed: .+\\)$`,
      ),
    );
    const stackless = new Error('No stack.');
    Object.defineProperty(stackless, 'stack', { value: undefined, writable: true });
    const file = await writeFailureArtifact(stackless, { directory: dir, expected: 1, actual: 2 });
    assert.equal(stackless.message, `No stack.\nHTML diff: ${file}`);
    assert.equal(stackless.stack, undefined);
  });

  test("a cassette miss: the nearest recording against the live request, named by the miss's call", async (t) => {
    const dir = await scratch(t);
    const miss = Object.assign(new Error('No recording.'), {
      name: 'CassetteMissError',
      callIndex: 2,
      nearest: { input: 'recorded text' },
      request: { input: 'live text' },
    });
    const file = await writeMissArtifact(miss, { directory: dir });
    assert.ok(file !== undefined);
    assert.equal(shape(file, dir), 'CassetteMissError-call-3-<n>.html');
    const html = await readFile(file, 'utf8');
    assert.ok(html.includes('recorded') && html.includes('live'), html);
    const first = await writeMissArtifact(new Error('No recording.'), { directory: dir });
    assert.equal(shape(first!, dir), 'Error-call-1-<n>.html');
  });
});
