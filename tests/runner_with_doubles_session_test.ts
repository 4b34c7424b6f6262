// When the context form opens and closes the session itself (nested and
// concurrent tests share it; a session a setup entry opened stays open), the
// advice its blocked attempts give, and the command-line flags that make
// cassettes update.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argv, env } from 'node:process';
import { currentTestRun, useCassette, withDoubles } from 'scripted-agents/runner';
import { existingSession, runnerSession } from '../runner/_session.ts';
import { describe, test } from './_harness.ts';

const advice = 'To allow it, call allowNetwork() from scripted-agents/runner inside the test ' +
  '(or pass withDoubles(fn, { network: true })), or call it at the top of the test file, ' +
  'outside any test, for the whole file.';

// Never asked for a model: the cassettes record nothing.
const unused = {
  getModel: () => {
    throw new Error('no model is asked for');
  },
};

describe('withDoubles and the session', () => {
  test('a nested test keeps the session open until the outer one ends', async () => {
    assert.equal(existingSession(), undefined, 'no session is open before this test');
    await withDoubles(async () => {
      const outer = existingSession();
      assert.notEqual(outer, undefined);
      await withDoubles(() => {
        assert.equal(existingSession(), outer);
      }, { titles: ['inner'] })({});
      assert.equal(existingSession(), outer, 'still open after the inner test');
    }, { titles: ['outer'] })({});
    assert.equal(existingSession(), undefined, 'closed with the outer test');
  });

  test('concurrent tests share one session, closed when the last ends', async () => {
    assert.equal(existingSession(), undefined, 'no session is open before this test');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withDoubles(() => held, { titles: ['first'] })({});
    let during: unknown;
    await withDoubles(() => {
      during = existingSession();
    }, { titles: ['second'] })({});
    assert.notEqual(during, undefined);
    assert.equal(existingSession(), during, 'the first test still runs');
    release();
    await first;
    assert.equal(existingSession(), undefined);
  });

  test('a session opened by a setup entry stays open after the test', async () => {
    assert.equal(existingSession(), undefined, 'no session is open before this test');
    const session = runnerSession({ advice: 'Allow it.', updating: () => false });
    try {
      await withDoubles(() => {}, { titles: ['in a set-up session'] })({});
      assert.equal(existingSession(), session);
    } finally {
      session.close();
    }
  });

  test('a blocked attempt says how to allow the network', async () => {
    let blocked: Error | undefined;
    await assert.rejects(
      withDoubles(async () => {
        await fetch('https://example.com/v1/responses').catch((error) => (blocked = error));
      }, { titles: ['blocked'] })({}),
      { name: 'DoubleFailuresError' },
    );
    assert.equal(blocked?.name, 'OfflineNetworkError');
    assert.ok(blocked?.message.includes(advice), blocked?.message);
  });
});

describe('withDoubles: the later of two tests', () => {
  test('a test that ends first leaves the session open for one still running', async () => {
    assert.equal(existingSession(), undefined, 'no session is open before this test');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const secondEntered = new Promise<void>((resolve) => (entered = resolve));
    const first = withDoubles(() => secondEntered, { titles: ['first'] })({});
    const second = withDoubles(() => {
      entered();
      return held;
    }, { titles: ['second'] })({});
    await first;
    const afterFirst = existingSession();
    release();
    await second;
    assert.notEqual(afterFirst, undefined, 'still open while the second test runs');
    assert.equal(existingSession(), undefined, 'closed when the second ends');
  });
});

describe('withDoubles: the main script', () => {
  test("without a file from the context or the options, the file is the runtime's main script", async () => {
    const saved = argv[1];
    const fileSeen = async () => {
      let file: string | undefined | null = null;
      await withDoubles(() => {
        file = currentTestRun()?.test.file;
      }, { titles: ['main script'] })({});
      return file;
    };
    try {
      argv[1] = '/app/tests/main_test.ts';
      assert.equal(await fileSeen(), '/app/tests/main_test.ts');
      argv[1] = 'file:///app/tests/url_test.ts';
      assert.equal(await fileSeen(), '/app/tests/url_test.ts');
      argv[1] = '';
      assert.equal(await fileSeen(), undefined, 'no main script: no file');
    } finally {
      argv[1] = saved;
    }
  });

  test("an update flag in the main script's place is not a flag", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'runner-main-flag-'));
    const saved = argv[1];
    const savedCi = env.CI;
    delete env.CI;
    try {
      argv[1] = '--update';
      let mode: string | undefined;
      await withDoubles(async () => {
        mode = (await useCassette({ dir, provider: unused })).mode;
      }, { titles: ['flag as script'], file: join(dir, 'a.test.ts') })({});
      assert.equal(mode, 'record');
    } finally {
      argv[1] = saved;
      if (savedCi !== undefined) env.CI = savedCi;
      await rm(dir, { recursive: true });
    }
  });
});

describe('withDoubles update flags', () => {
  test('-u, --update, --update-snapshots and --test-update-snapshots update cassettes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'runner-update-flags-'));
    const savedCi = env.CI;
    delete env.CI;
    try {
      const mode = async (flag: string | undefined, title: string) => {
        if (flag !== undefined) argv.push(flag);
        try {
          let seen: string | undefined;
          await withDoubles(async () => {
            seen = (await useCassette({ dir, provider: unused })).mode;
          }, { titles: [title], file: join(dir, 'a.test.ts') })({});
          return seen;
        } finally {
          if (flag !== undefined) argv.pop();
        }
      };
      assert.equal(await mode(undefined, 'no flag'), 'record');
      for (const flag of ['-u', '--update', '--update-snapshots', '--test-update-snapshots']) {
        assert.equal(await mode(flag, flag), 'update', flag);
      }
      assert.equal(await mode('--updates', 'look-alike'), 'record');
    } finally {
      if (savedCi !== undefined) env.CI = savedCi;
      await rm(dir, { recursive: true });
    }
  });
});
