/**
 * `scripted-agents check [dir…]`: every cassette under the folders against
 * the rules a suite keeps: it loads (format), it says where it came from
 * (provenance), it is not older than its policy (age), it is not too large
 * (size), and a test opened it in the last run (unused).
 *
 * @module
 */

import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseRecording, type Recording } from '../cassette/recording_view.ts';
import { expiredInteractions, parseDuration, recordedAt } from '../cassette/_expiry.ts';
import { USAGE_LIST_VARIABLE } from '../cassette_fs/open_cassette.ts';
import { type Command, messageOf, UsageError } from './_command.ts';
import { defineCommand } from './_options.ts';

/** One finding: a violation fails the check, a warning is only printed. */
interface Finding {
  file: string;
  rule: 'format' | 'provenance' | 'age' | 'size' | 'unused';
  level: 'violation' | 'warning';
  message: string;
}

const skipped = new Set(['node_modules', '.git', 'npm', '.cache', 'reports', '.stryker-tmp']);

/** Every `.json` file under `dir`, sorted. */
async function jsonFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) out.push(...await jsonFiles(full));
    } else if (entry.isFile() && entry.name.endsWith('.json')) out.push(full);
  }
  return out;
}

function parseSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|k|mb|m)?\s*$/i.exec(text);
  if (match === null) return undefined;
  const unit = (match[2] ?? 'b').toLowerCase();
  return Number(match[1]) * (unit.startsWith('k') ? 1024 : unit.startsWith('m') ? 1024 * 1024 : 1);
}

/** The `check` command. */
export const check: Command = defineCommand({
  name: 'check',
  summary: 'check the cassettes under folders: format, provenance, age, size, unused',
  help: `Usage: scripted-agents check [dir…] [--max-age 30d] [--max-size 2mb] [--usage file]

Checks every cassette (*.json with "format": "scripted-agents/cassette") under the folders
(default: the current one; node_modules, .git and npm are skipped):
  format      it loads (format and version known, fields valid)
  provenance  each interaction says when it was recorded (a warning: files recorded
              before provenance have no dates; re-record them to add it)
  age         no interaction is older than the maximum age: the cassette's own expiry
              policy when it has one (a 'warn' policy makes this a warning), else
              --max-age (d = days, h = hours)
  size        the file is at most --max-size (default 2mb)
  unused      with a usage list (--usage, or $${USAGE_LIST_VARIABLE}): some test opened it.
              openCassette appends each file it opens to the list named by
              $${USAGE_LIST_VARIABLE}; run the suite with it set, then check.
Prints one line per finding (file: rule: message). Exit code 1 on a violation.

Options:
  --max-age <duration>  the maximum age where a cassette has no policy, e.g. 30d, 12h
  --max-size <size>     the maximum file size, e.g. 500kb, 2mb (default 2mb)
  --usage <file>        the usage list written by the last test run
  -h, --help            show this help
`,
  options: {
    'max-age': { type: 'string' },
    'max-size': { type: 'string' },
    usage: { type: 'string' },
  },
  async run({ values, positionals }, io) {
    const maxAgeText = values['max-age'];
    const maxAge = maxAgeText === undefined ? undefined : parseDuration(maxAgeText);
    if (maxAgeText !== undefined && maxAge === undefined) {
      throw new UsageError(
        `--max-age must be a number and d or h, e.g. 30d; got ${JSON.stringify(maxAgeText)}.`,
      );
    }
    const maxSize = parseSize(values['max-size'] ?? '2mb');
    if (maxSize === undefined) {
      throw new UsageError(
        `--max-size must be a size such as 500kb or 2mb; got ${
          JSON.stringify(values['max-size'])
        }.`,
      );
    }
    const usagePath = values.usage ?? (io.env[USAGE_LIST_VARIABLE] || undefined);
    let used: Set<string> | undefined;
    if (usagePath !== undefined) {
      let text: string;
      try {
        text = await readFile(usagePath, 'utf8');
      } catch {
        throw new UsageError(
          `the usage list ${usagePath} cannot be read; run the tests with ${USAGE_LIST_VARIABLE}=${usagePath} first.`,
        );
      }
      used = new Set(
        text.split('\n').filter((l) => l.trim() !== '').map((l) => path.resolve(l.trim())),
      );
    }
    const dirs = positionals.length === 0 ? ['.'] : positionals;
    const now = new Date();
    const findings: Finding[] = [];
    let cassettes = 0;
    for (const dir of dirs) {
      let files: string[];
      try {
        files = (await stat(dir)).isDirectory() ? await jsonFiles(dir) : [dir];
      } catch {
        throw new UsageError(`${dir}: no such folder.`);
      }
      for (const file of files) {
        const text = await readFile(file, 'utf8');
        // Only cassettes are checked; other JSON (package.json, transcripts) is not ours to judge.
        if (!text.includes('"scripted-agents/cassette"')) continue;
        cassettes++;
        const found = (rule: Finding['rule'], level: Finding['level'], message: string) =>
          findings.push({ file, rule, level, message });
        const size = new TextEncoder().encode(text).length;
        if (size > maxSize) {
          found(
            'size',
            'violation',
            `${Math.ceil(size / 1024)} KiB, more than the ${
              values['max-size'] ?? '2mb'
            } allowed; split the test or trim what it records.`,
          );
        }
        if (used !== undefined && !used.has(path.resolve(file))) {
          found(
            'unused',
            'violation',
            'no test opened it in the last run; delete it or the test that lost it.',
          );
        }
        let recording: Recording;
        try {
          recording = parseRecording(text, file);
        } catch (error) {
          found('format', 'violation', messageOf(error));
          continue;
        }
        if (recording.kind !== 'cassette') continue;
        const { interactions, header } = recording;
        const undated = interactions.filter((i) => recordedAt(i) === undefined).length;
        if (undated > 0) {
          found(
            'provenance',
            'warning',
            `${undated} of ${interactions.length} interactions have no recording date (recorded before provenance); re-record to add it.`,
          );
        }
        const policy = header.expiry as { maxAge: string; onExpired?: string } | undefined;
        const limit = policy === undefined ? maxAge : parseDuration(policy.maxAge);
        const limitText = policy === undefined ? maxAgeText : policy.maxAge;
        if (limit !== undefined) {
          const expired = expiredInteractions(interactions, limit, now);
          if (expired.length > 0) {
            const oldest = expired.map((e) => e.recordedAt).sort()[0];
            found(
              'age',
              policy?.onExpired === 'warn' ? 'warning' : 'violation',
              `${expired.length} of ${interactions.length} interactions were recorded more than ${limitText} ago (the oldest on ${oldest}${
                policy === undefined ? '' : ", by the cassette's own policy"
              }); re-record with SCRIPTED_AGENTS_CASSETTE=update.`,
            );
          }
        }
      }
    }
    for (const f of findings) {
      io.stdout(`${f.file}: ${f.rule}${f.level === 'warning' ? ' (warning)' : ''}: ${f.message}\n`);
    }
    const violations = findings.filter((f) => f.level === 'violation').length;
    const warnings = findings.length - violations;
    io.stdout(
      `checked ${cassettes} cassette${cassettes === 1 ? '' : 's'}: ${violations} violation${
        violations === 1 ? '' : 's'
      }, ${warnings} warning${warnings === 1 ? '' : 's'}\n`,
    );
    return violations > 0 ? 1 : 0;
  },
});
