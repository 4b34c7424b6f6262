#!/usr/bin/env node
// deno-lint-ignore-file no-console
// The documentation checks of `npm test` (step `docs`), also runnable alone:
//
//   node scripts/check_docs.mjs            links and code-block kinds, then type-checks
//                                          the blocks marked `check`
//   node scripts/check_docs.mjs --no-typecheck
//
// 1. Links: every relative link and image in README.md, CONTRIBUTING.md, CHANGELOG.md and
//    docs/**/*.md resolves to a file or folder of the repository, and a `#fragment` names
//    a heading of the target page (GitHub's anchor rules). External links are not fetched.
// 2. Code blocks: every TypeScript or JavaScript block of README.md and docs/**/*.md is one
//    of three kinds, so none can silently rot:
//      ```ts                          run as a test by `deno test --doc` (the `doc` step)
//      ```ts ignore recipe=PATH       an excerpt of the recipe PATH (a file under
//                                     tests/recipes/, run by `npm run recipes` and the suite,
//                                     or under tests/consumers/, run by the packaging check):
//                                     each line of the block stands in the recipe, in order
//                                     (blank lines and `// ...` elisions aside)
//      ```ts ignore check             type-checked here (`deno check`) but not run: for code
//                                     that needs a runner's globals, a network or a key
//    A block that is none of these (for example a bare ```ts ignore) fails the check.
//
// Exit 1 on any finding, each printed as `file:line: what is wrong`.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bin, root, walk } from './_lib.mjs';

/** The markdown pages a reader follows links between. */
export function docPages() {
  const pages = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md']
    .filter((f) => fs.existsSync(path.join(root, f)));
  const docsDir = path.join(root, 'docs');
  if (fs.existsSync(docsDir)) {
    for (const file of walk(docsDir)) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      // The generated API reference is checked by its generator, not here.
      if (rel.endsWith('.md') && !rel.startsWith('docs/api/')) pages.push(rel);
    }
  }
  return pages.sort();
}

/** GitHub's anchor for a heading text: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Splits a page into its fenced blocks and the prose lines outside them. */
export function parsePage(text) {
  const lines = text.split('\n');
  const blocks = [];
  const prose = [];
  let open;
  lines.forEach((line, i) => {
    const fence = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(line);
    if (open === undefined) {
      if (fence) {
        open = { fence: fence[2], info: fence[3].trim(), line: i + 1, body: [] };
      } else prose.push({ line: i + 1, text: line });
    } else if (fence && fence[2].startsWith(open.fence) && fence[3].trim() === '') {
      blocks.push({ ...open, body: open.body.join('\n') });
      open = undefined;
    } else open.body.push(line);
  });
  if (open) blocks.push({ ...open, body: open.body.join('\n'), unclosed: true });
  return { blocks, prose };
}

/** Every anchor a page offers, with GitHub's `-1`, `-2` suffixes for repeated headings. */
export function anchorsOf(text) {
  const seen = new Map();
  const anchors = new Set();
  for (const { text: line } of parsePage(text).prose) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    const explicit = [...line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)].map((m) => m[1]);
    for (const id of explicit) anchors.add(id);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const codeLanguages = new Set(['ts', 'typescript', 'js', 'javascript', 'mjs', 'tsx', 'jsx']);

/** What kind of block this is: 'run', 'recipe', 'check', 'other', or a problem string. */
export function blockKind(info) {
  const [language = '', ...attributes] = info.split(/\s+/).filter(Boolean);
  if (!codeLanguages.has(language.toLowerCase())) return { kind: 'other' };
  if (!attributes.includes('ignore')) return { kind: 'run' };
  const recipe = attributes.find((a) => a.startsWith('recipe='))?.slice('recipe='.length);
  if (recipe !== undefined) return { kind: 'recipe', recipe };
  if (attributes.includes('check')) return { kind: 'check' };
  return {
    kind: 'problem',
    problem: 'a code block marked `ignore` is neither run nor checked: run it (drop `ignore`), ' +
      'link the recipe that runs it (`ignore recipe=tests/recipes/<file>`), or type-check it ' +
      '(`ignore check`)',
  };
}

/**
 * The first line of an excerpt that does not stand, in order, in the source; undefined
 * when every line does. Lines compare trimmed; blank lines and elisions (`...`, `// ...`)
 * are skipped.
 */
export function excerptMismatch(excerpt, source) {
  const sourceLines = source.split('\n').map((l) => l.trim());
  let at = 0;
  const lines = excerpt.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trim();
    if (line === '' || /^(\/\/\s*)?(\.\.\.|…)$/.test(line)) continue;
    const found = sourceLines.indexOf(line, at);
    if (found === -1) return { index, line };
    at = found + 1;
  }
  return undefined;
}

function checkLinks(page, text, findings) {
  const dir = path.dirname(path.join(root, page));
  for (const { line, text: prose } of parsePage(text).prose) {
    // Inline code is not a link.
    const bare = prose.replace(/`[^`]*`/g, '');
    for (const match of bare.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [file, fragment] = target.split('#');
      const resolved = file === '' ? path.join(root, page) : path.resolve(dir, decodeURI(file));
      if (!resolved.startsWith(root + path.sep) && resolved !== root) {
        findings.push(`${page}:${line}: link ${target} leaves the repository`);
        continue;
      }
      if (!fs.existsSync(resolved)) {
        findings.push(
          `${page}:${line}: link ${target}: no such file ${path.relative(root, resolved)}`,
        );
        continue;
      }
      if (fragment !== undefined && fragment !== '' && resolved.endsWith('.md')) {
        const anchors = anchorsOf(fs.readFileSync(resolved, 'utf8'));
        if (!anchors.has(fragment)) {
          findings.push(
            `${page}:${line}: link ${target}: ${path.relative(root, resolved)} has no heading ` +
              `for #${fragment}`,
          );
        }
      }
    }
  }
}

function checkBlocks(page, text, findings, toCheck) {
  if (!(page === 'README.md' || page.startsWith('docs/'))) return;
  for (const block of parsePage(text).blocks) {
    if (block.unclosed) findings.push(`${page}:${block.line}: code block is never closed`);
    const kind = blockKind(block.info);
    if (kind.kind === 'problem') findings.push(`${page}:${block.line}: ${kind.problem}`);
    if (kind.kind === 'recipe') {
      const recipe = kind.recipe;
      const runnable = recipe.startsWith('tests/recipes/') || recipe.startsWith('tests/consumers/');
      if (!runnable || !fs.existsSync(path.join(root, recipe))) {
        findings.push(
          `${page}:${block.line}: recipe=${recipe} is not a file under tests/recipes/ or ` +
            'tests/consumers/',
        );
      } else {
        const missing = excerptMismatch(
          block.body,
          fs.readFileSync(path.join(root, recipe), 'utf8'),
        );
        if (missing !== undefined) {
          findings.push(
            `${page}:${
              block.line + 1 + missing.index
            }: the block is not an excerpt of ${recipe}: ` +
              `${JSON.stringify(missing.line)} does not follow in the recipe (copy the recipe's ` +
              'lines, or elide with `// ...`)',
          );
        }
      }
    }
    if (kind.kind === 'check') toCheck.push({ page, ...block });
  }
}

function typecheckBlocks(blocks, findings) {
  if (blocks.length === 0) return;
  // Inside the repository (and outside its excluded folders, which deno check would skip),
  // so the blocks resolve their imports through deno.json.
  const dir = fs.mkdtempSync(path.join(root, 'docs', '.blocks-'));
  try {
    const files = blocks.map((block, i) => {
      const name = `${block.page.replace(/[^\w]+/g, '_')}_${block.line}_${i}.ts`;
      fs.writeFileSync(path.join(dir, name), `${block.body}\nexport {};\n`);
      return { name, block };
    });
    const res = spawnSync(bin('deno'), ['check', '--quiet', ...files.map((f) => f.name)], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (res.status !== 0) {
      const output = `${res.stdout}${res.stderr}`;
      const named = files.filter((f) => output.includes(f.name));
      for (const { block } of named.length > 0 ? named : files) {
        findings.push(`${block.page}:${block.line}: the block does not type-check`);
      }
      console.error(output.replaceAll(dir + path.sep, ''));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const typecheck = !args.includes('--no-typecheck');
  for (const arg of args) {
    if (arg !== '--no-typecheck') {
      console.error(`check_docs: unknown option ${arg}`);
      process.exit(2);
    }
  }
  fs.mkdirSync(path.join(root, '.cache'), { recursive: true });
  const findings = [];
  const toCheck = [];
  const pages = docPages();
  for (const page of pages) {
    const text = fs.readFileSync(path.join(root, page), 'utf8');
    checkLinks(page, text, findings);
    checkBlocks(page, text, findings, toCheck);
  }
  if (typecheck) typecheckBlocks(toCheck, findings);
  for (const f of findings) console.error(f);
  console.log(
    `docs: ${pages.length} pages, ${toCheck.length} type-checked blocks, ` +
      `${findings.length} finding${findings.length === 1 ? '' : 's'}`,
  );
  process.exit(findings.length === 0 ? 0 : 1);
}
