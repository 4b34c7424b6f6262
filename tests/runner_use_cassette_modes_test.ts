// How useCassette picks a cassette's mode (explicit, the environment, the
// runner's update flag, whether the file exists), that recording allows the
// network and replaying does not, numbered names in folders whose name holds
// ".json", the tests a shared cassette names, and where to call it.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env } from 'node:process';
import type { Cassette } from 'scripted-agents/cassette';
import {
  currentTestRun,
  useCassette,
  type UseCassetteOptions,
  withDoubles,
} from 'scripted-agents/runner';
import { existingSession, runnerSession } from '../runner/_session.ts';
import { describe, test } from './_harness.ts';

// Never asked for a model: the cassettes record nothing.
const unused = {
  getModel: () => {
    throw new Error('no model is asked for');
  },
};
const empty = JSON.stringify({
  format: 'scripted-agents/cassette',
  version: 2,
  models: {},
  interactions: [],
  blobs: {},
});

/** Runs `body` with the environment variables set (undefined: unset), then restores them. */
async function withEnv(
  values: Record<string, string | undefined>,
  body: () => Promise<void>,
): Promise<void> {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, env[key]]));
  const apply = (from: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(from)) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
  };
  apply(values);
  try {
    await body();
  } finally {
    apply(saved);
  }
}

async function withDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'runner-cassette-modes-'));
  try {
    await body(dir);
  } finally {
    await rm(dir, { recursive: true });
  }
}

/** Opens the test's cassette in `dir` (named `title`) and says its mode and the network's. */
async function open(
  dir: string,
  title: string,
  options: UseCassetteOptions = {},
): Promise<{ mode: string; network: boolean | undefined }> {
  let seen: { mode: string; network: boolean | undefined } | undefined;
  await withDoubles(async () => {
    const cassette: Cassette = await useCassette({ dir, provider: unused, ...options });
    seen = { mode: cassette.mode, network: currentTestRun()?.networkAllowed };
  }, { titles: [title], file: join(dir, 'a.test.ts') })({});
  assert.ok(seen !== undefined);
  return seen;
}

const base = { CI: undefined, SCRIPTED_AGENTS_CASSETTE: undefined };

describe('useCassette modes', () => {
  test('an existing file replays offline; a missing one records with the network', async () => {
    await withEnv(base, () =>
      withDir(async (dir) => {
        await writeFile(join(dir, 'kept.json'), empty);
        assert.deepEqual(await open(dir, 'kept'), { mode: 'replay', network: false });
        assert.deepEqual(await open(dir, 'new'), { mode: 'record', network: true });
      }));
  });

  test('an explicit mode wins over the file', async () => {
    await withEnv(base, () =>
      withDir(async (dir) => {
        await writeFile(join(dir, 'kept.json'), empty);
        assert.deepEqual(await open(dir, 'kept', { mode: 'record' }), {
          mode: 'record',
          network: true,
        });
      }));
  });

  test('the environment variable wins over the file; set but empty, it is unset', async () => {
    await withDir(async (dir) => {
      await writeFile(join(dir, 'kept.json'), empty);
      await withEnv({ ...base, SCRIPTED_AGENTS_CASSETTE: 'record' }, async () => {
        assert.equal((await open(dir, 'kept')).mode, 'record');
      });
      await withEnv({ ...base, SCRIPTED_AGENTS_CASSETTE: '' }, async () => {
        assert.equal((await open(dir, 'missing')).mode, 'record');
      });
    });
  });

  test("the runner's update flag updates, with a provider and outside CI only", async () => {
    assert.equal(existingSession(), undefined, 'no session is open before this test');
    const session = runnerSession({ advice: 'Allow it.', updating: () => true });
    try {
      await session.ready;
      const inTest = async (title: string, body: () => Promise<void>) => {
        const run = session.begin({ file: undefined, titles: [title] });
        try {
          await session.within(run, body);
        } finally {
          await session.end(run);
        }
      };
      await withDir(async (dir) => {
        await withEnv(base, () =>
          inTest('updates', async () => {
            assert.equal((await useCassette({ dir, provider: unused })).mode, 'update');
          }));
        await withEnv(base, () =>
          inTest('no provider', async () => {
            await assert.rejects(useCassette({ dir }), { name: 'MissingTestCassetteError' });
          }));
        await withEnv({ ...base, CI: 'true' }, () =>
          inTest('in CI', async () => {
            await assert.rejects(useCassette({ dir, provider: unused }), {
              name: 'MissingTestCassetteError',
            });
          }));
      });
    } finally {
      session.close();
    }
  });

  test('a path that cannot be looked at is an error of its own', async () => {
    await withEnv(base, () =>
      withDir(async (dir) => {
        const file = join(dir, 'not-a-folder');
        await writeFile(file, '');
        await assert.rejects(
          withDoubles(() => useCassette({ dir: file, provider: unused }), { titles: ['t'] })({}),
          { code: 'ENOTDIR' },
        );
      }));
  });
});

describe('useCassette names and claims', () => {
  test('numbering changes the file name only, even in a folder named like a cassette', async () => {
    await withEnv(base, () =>
      withDir(async (root) => {
        const dir = join(root, 'c.json-d');
        const other = join(root, 'c #2.json-d');
        await mkdir(dir);
        await mkdir(other);
        const labels: (string | undefined)[] = [];
        await withDoubles(async () => {
          for (const d of [dir, dir, other]) {
            labels.push((await useCassette({ mode: 'record', dir: d, provider: unused })).label);
          }
        }, { titles: ['numbered'], file: join(root, 'a.test.ts') })({});
        assert.deepEqual(labels, [
          join(dir, 'numbered.json'),
          join(dir, 'numbered #2.json'),
          join(other, 'numbered.json'),
        ]);
      }));
  });

  test('two tests on one cassette: the error names both', async () => {
    await withEnv(base, () =>
      withDir(async (dir) => {
        const options = { mode: 'record' as const, dir, name: 'shared', provider: unused };
        await withDoubles(() => useCassette(options), { titles: ['first'] })({});
        await assert.rejects(
          withDoubles(() => useCassette(options), { titles: ['second'] })({}),
          (error: Error & { tests?: readonly string[] }) => {
            assert.equal(error.name, 'SharedCassetteError');
            assert.deepEqual(error.tests, ['first', 'second']);
            return true;
          },
        );
      }));
  });

  test('outside a test, even with a session open, it says where to call it', async () => {
    const where = (error: Error) => {
      assert.equal(error.name, 'TypeError');
      assert.match(error.message, /no test is running/);
      assert.match(error.message, /scripted-agents\/vitest \(setupFiles\)/);
      assert.match(error.message, /\(setupFilesAfterEnv, bun test --preload\)/);
      assert.match(error.message, /inside withDoubles\(\.\.\.\) from scripted-agents\/runner\.$/);
      return true;
    };
    await assert.rejects(useCassette(), where);
    assert.equal(existingSession(), undefined, 'no session is open before this test');
    const session = runnerSession({ advice: 'Allow it.', updating: () => false });
    try {
      await session.ready;
      await assert.rejects(useCassette(), where);
    } finally {
      session.close();
    }
  });
});
