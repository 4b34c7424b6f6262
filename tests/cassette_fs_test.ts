// openCassette: the file adapter. Files go to a temporary directory removed
// after each test.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { Agent, type ModelProvider, Runner } from '@openai/agents';
import { assistantMessage, ScriptedModel } from 'scripted-agents/testing';
import {
  CASSETTE_MODE_VARIABLE,
  cassetteMode,
  InvalidCassetteError,
  MissingCassetteError,
  openCassette,
} from 'scripted-agents/cassette_fs';
import { describe, test, type TestContext } from './_harness.ts';

async function tempDir(t: TestContext): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scripted-agents-cassette-fs-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const agent = new Agent({ name: 'Greeter', instructions: 'Greet.', model: 'm' });
const provider = (text = 'Hello!'): ModelProvider => ({
  getModel: () => new ScriptedModel([[assistantMessage(text)]]),
});
const run = (modelProvider: ModelProvider, input = 'Hi') =>
  new Runner({ modelProvider, tracingDisabled: true }).run(agent, input);

// deno-lint-ignore no-explicit-any
const runtime = globalThis as any;
function setEnv(name: string, value: string | undefined): void {
  if (runtime.Deno !== undefined) {
    if (value === undefined) runtime.Deno.env.delete(name);
    else runtime.Deno.env.set(name, value);
  } else if (value === undefined) delete runtime.process.env[name];
  else runtime.process.env[name] = value;
}

describe('openCassette', () => {
  test('records into a new file, then replays it', async (t) => {
    const file = path.join(await tempDir(t), 'nested', 'greeting.json');
    const recorder = await openCassette(file, { mode: 'record', provider: provider() });
    await run(recorder);
    await recorder.close();
    const text = await readFile(file, 'utf8');
    assert.ok(text.endsWith('}\n'));
    assert.match(text, /^\{\n {2}"format": "scripted-agents\/cassette",\n {2}"version": 2,/);

    const cassette = await openCassette(file, { mode: 'replay' });
    assert.equal(cassette.label, file);
    assert.equal((await run(cassette)).finalOutput, 'Hello!');
    await cassette.close();
  });

  test('replay of a missing file names the path and how to record it', async (t) => {
    const file = path.join(await tempDir(t), 'missing.json');
    const error = await openCassette(file, { mode: 'replay' }).catch((e) => e);
    assert.ok(error instanceof MissingCassetteError);
    assert.equal(error.path, file);
    assert.match(error.message, /SCRIPTED_AGENTS_CASSETTE=record/);
  });

  test('auto records a missing file and replays an existing one', async (t) => {
    const file = path.join(await tempDir(t), 'auto.json');
    const first = await openCassette(file, { mode: 'auto', provider: provider() });
    assert.equal(first.mode, 'record');
    await run(first);
    await first.close();
    const second = await openCassette(file, { mode: 'auto', provider: provider('unused') });
    assert.equal(second.mode, 'replay');
    assert.equal((await run(second)).finalOutput, 'Hello!');
    await second.close();
  });

  test('nothing is written before close(), so a run that dies leaves the old file', async (t) => {
    const dir = await tempDir(t);
    const file = path.join(dir, 'kept.json');
    const recorder = await openCassette(file, { mode: 'record', provider: provider() });
    await run(recorder);
    await recorder.close();
    const before = await readFile(file, 'utf8');

    const updater = await openCassette(file, { mode: 'update', provider: provider('New') });
    await run(updater, 'Something new');
    // The process "dies" here: close() never runs.
    assert.equal(await readFile(file, 'utf8'), before);
    assert.deepEqual(await readdir(dir), ['kept.json']);
  });

  test('an invalid file fails to load and is never overwritten', async (t) => {
    const file = path.join(await tempDir(t), 'broken.json');
    await writeFile(file, '{"format": "scripted-agents/cassette", "version": 1, "interac');
    for (const mode of ['replay', 'auto', 'update'] as const) {
      const error = await openCassette(file, { mode, provider: provider() }).catch((e) => e);
      assert.ok(error instanceof InvalidCassetteError, `${mode}: ${error}`);
      assert.equal(error.label, file);
    }
    assert.match(await readFile(file, 'utf8'), /"interac$/);
  });

  test('update writes only when the cassette changes, through a renamed temporary file', async (t) => {
    const dir = await tempDir(t);
    const file = path.join(dir, 'stable.json');
    const recorder = await openCassette(file, { mode: 'record', provider: provider() });
    await run(recorder);
    await recorder.close();
    const { mtimeMs } = await stat(file);

    const same = await openCassette(file, { mode: 'update', provider: provider('unused') });
    await run(same);
    await same.close();
    assert.equal((await stat(file)).mtimeMs, mtimeMs);

    const grown = await openCassette(file, { mode: 'update', provider: provider('New') });
    await run(grown);
    await run(grown, 'Something new');
    await grown.close();
    const data = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(data.interactions.length, 2);
    assert.deepEqual(await readdir(dir), ['stable.json']);
  });

  test('the mode comes from SCRIPTED_AGENTS_CASSETTE unless the option says otherwise', async (t) => {
    const previous = cassetteMode() === 'replay' ? undefined : cassetteMode();
    t.after(() => setEnv(CASSETTE_MODE_VARIABLE, previous));
    setEnv(CASSETTE_MODE_VARIABLE, 'record');
    assert.equal(cassetteMode(), 'record');
    assert.equal(cassetteMode('replay'), 'replay');
    const file = path.join(await tempDir(t), 'env.json');
    const recorder = await openCassette(file, { provider: provider() });
    assert.equal(recorder.mode, 'record');
    await run(recorder);
    await recorder.close();
    for (const mode of ['replay', 'auto', 'update'] as const) {
      setEnv(CASSETTE_MODE_VARIABLE, mode);
      assert.equal(cassetteMode(), mode);
    }
    setEnv(CASSETTE_MODE_VARIABLE, 'rewind');
    assert.throws(() => cassetteMode(), {
      name: 'TypeError',
      message:
        'SCRIPTED_AGENTS_CASSETTE must be one of replay, record, auto, update; got "rewind".',
    });
    setEnv(CASSETTE_MODE_VARIABLE, undefined);
    assert.equal(cassetteMode(), 'replay');
  });

  test('an empty SCRIPTED_AGENTS_CASSETTE means replay', (t) => {
    const previous = cassetteMode() === 'replay' ? undefined : cassetteMode();
    t.after(() => setEnv(CASSETTE_MODE_VARIABLE, previous));
    setEnv(CASSETTE_MODE_VARIABLE, '');
    assert.equal(cassetteMode(), 'replay');
  });

  test('record never reads the old file, even an invalid one, and replaces it on close', async (t) => {
    const file = path.join(await tempDir(t), 'old.json');
    await writeFile(file, 'not a cassette');
    const recorder = await openCassette(file, { mode: 'record', provider: provider() });
    assert.equal(recorder.interactions.length, 0);
    await run(recorder);
    await recorder.close();
    assert.equal(JSON.parse(await readFile(file, 'utf8')).interactions.length, 1);
  });

  test('a file that cannot be read for another reason than its absence is an error', async (t) => {
    const dir = await tempDir(t);
    const error = await openCassette(dir, { mode: 'replay' }).catch((e) => e);
    assert.equal(error instanceof MissingCassetteError, false);
    assert.equal(error?.code, 'EISDIR');
  });

  test('closing again writes nothing when nothing changed since the last write', async (t) => {
    const file = path.join(await tempDir(t), 'once.json');
    const recorder = await openCassette(file, { mode: 'record', provider: provider() });
    await run(recorder);
    await recorder.close();
    await rm(file);
    await recorder.close();
    assert.equal(await stat(file).catch((e) => e.code), 'ENOENT');
  });

  test('a write that fails leaves no temporary file behind', async (t) => {
    const dir = await tempDir(t);
    // The target is a directory holding a file: the temporary file cannot be renamed over it.
    const target = path.join(dir, 'taken');
    await mkdir(target);
    await writeFile(path.join(target, 'inside'), 'x');
    const recorder = await openCassette(target, { mode: 'record', provider: provider() });
    await run(recorder);
    await assert.rejects(recorder.close());
    assert.deepEqual(await readdir(dir), ['taken']);
    assert.deepEqual(await readdir(target), ['inside']);
  });

  test('a temporary write that fails reports its own error, not the clean-up of a missing file', async (t) => {
    const dir = await tempDir(t);
    // A temporary name inside a folder that does not exist: the write fails before any file is
    // created, so the clean-up finds nothing to remove and must not replace the write's error.
    const uuid = crypto.randomUUID;
    crypto.randomUUID = () => 'missing-folder/name' as ReturnType<typeof uuid>;
    try {
      const recorder = await openCassette(path.join(dir, 'c.json'), {
        mode: 'record',
        provider: provider(),
      });
      await run(recorder);
      await assert.rejects(recorder.close(), (error: NodeJS.ErrnoException) => {
        assert.equal(error.code, 'ENOENT');
        assert.equal(error.syscall, 'open');
        return true;
      });
    } finally {
      crypto.randomUUID = uuid;
    }
    assert.deepEqual(await readdir(dir), []);
  });

  test('a path without a folder is written in the working directory, creating no folder', async (t) => {
    const dir = await tempDir(t);
    const before = process.cwd();
    process.chdir(dir);
    try {
      const recorder = await openCassette('plain.json', { mode: 'record', provider: provider() });
      await run(recorder);
      await recorder.close();
      // On POSIX a leading backslash is part of the file name, not a folder separator.
      const odd = await openCassette('\\odd.json', { mode: 'record', provider: provider() });
      await run(odd);
      await odd.close();
    } finally {
      process.chdir(before);
    }
    assert.deepEqual((await readdir(dir)).sort(), ['\\odd.json', 'plain.json']);
    assert.equal((await stat(path.join(dir, 'plain.json'))).isFile(), true);
  });
});
