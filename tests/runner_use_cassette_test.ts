// When a run counts as CI (cassettes are then never recorded), and the file
// names of a test's second and third cassette.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env } from 'node:process';
import { isCi, useCassette, withDoubles } from 'scripted-agents/runner';
import { describe, test } from './_harness.ts';

async function withCi(value: string | undefined, body: () => unknown): Promise<void> {
  const saved = env.CI;
  if (value === undefined) delete env.CI;
  else env.CI = value;
  try {
    await body();
  } finally {
    if (saved === undefined) delete env.CI;
    else env.CI = saved;
  }
}

describe('isCi', () => {
  test('CI set to anything but empty, 0 or false (any case) is CI', async () => {
    for (const value of ['true', '1', 'yes', 'False!']) {
      await withCi(value, () => assert.equal(isCi(), true, value));
    }
    for (const value of [undefined, '', '0', 'false', 'FALSE', 'False']) {
      await withCi(value, () => assert.equal(isCi(), false, String(value)));
    }
  });
});

// Never asked for a model: the cassettes record nothing.
const unused = {
  getModel: () => {
    throw new Error('no model is asked for');
  },
};

describe('useCassette names', () => {
  test("a test's second and third cassette are numbered", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'runner-cassettes-'));
    try {
      await withDoubles(async () => {
        const labels = [];
        for (let i = 0; i < 3; i++) {
          const cassette = await useCassette({ mode: 'record', dir, provider: unused });
          labels.push(cassette.label);
        }
        assert.deepEqual(labels, [
          join(dir, 'numbered.json'),
          join(dir, 'numbered #2.json'),
          join(dir, 'numbered #3.json'),
        ]);
      }, { titles: ['numbered'], file: join(dir, 'a.test.ts') })({});
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
