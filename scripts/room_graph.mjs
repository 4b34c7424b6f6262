#!/usr/bin/env node
// deno-lint-ignore-file no-console
// The import graph of testing/ by room (one folder per double or capability):
// how many files and arrows, which rooms each room imports (run time or types only),
// any room that imports a sibling room's private (`_`) file, and any room cycle at
// run time. `testing/_shared/` is the private folder the rooms share.
//
//   node scripts/room_graph.mjs                 # the tree as it is
//   node scripts/room_graph.mjs --plan=moves.tsv  # as it would be after moving old<TAB>new
//   node scripts/room_graph.mjs --json          # the arrows, for other scripts
//
// Exits 1 when a room reaches a sibling's private file or rooms form a cycle at run time.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ts = createRequire(path.join(root, 'package.json'))('typescript');
const args = process.argv.slice(2);
const planArg = args.find((a) => a.startsWith('--plan='));
const plan = new Map(
  planArg
    ? readFileSync(planArg.slice('--plan='.length), 'utf8').split('\n').filter(Boolean)
      .map((line) => line.split('\t'))
    : [],
);

const walk = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(path.join(dir, entry.name))
        : entry.name.endsWith('.ts')
        ? [path.join(dir, entry.name)]
        : []
    )
    : [];
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/** The relative imports of one module, each marked run time or types only. */
function importsOf(file) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found = [];
  const add = (specifier, runtime) => {
    if (!specifier.startsWith('.')) return;
    found.push({ to: rel(path.resolve(path.dirname(file), specifier)), runtime });
  };
  const allTypes = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly = clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          allTypes(clause.namedBindings.elements));
      add(statement.moduleSpecifier.text, !typeOnly);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const typeOnly = statement.isTypeOnly ||
        (statement.exportClause && ts.isNamedExports(statement.exportClause) &&
          allTypes(statement.exportClause.elements));
      add(statement.moduleSpecifier.text, !typeOnly);
    }
  }
  const visit = (node) => {
    if (
      ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] && ts.isStringLiteral(node.arguments[0])
    ) add(node.arguments[0].text, true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const moved = (file) => plan.get(file) ?? file;
/** `testing/<room>/...` → room; `testing/mod.ts` (the entry) → '.'; a flat `testing/x.ts` → 'testing'. */
const roomOf = (file) => {
  const parts = file.split('/');
  if (file === 'testing/mod.ts') return '.';
  return parts.length > 2 ? parts[1] : 'testing';
};

const files = walk(path.join(root, 'testing')).map(rel).sort();
const arrows = files.flatMap((from) =>
  importsOf(path.join(root, from)).filter(({ to }) => to.startsWith('testing/')).map((
    { to, runtime },
  ) => ({ from: moved(from), to: moved(to), runtime }))
);
const roomEdges = new Map();
const privateReaches = [];
for (const { from, to, runtime } of arrows) {
  const a = roomOf(from);
  const b = roomOf(to);
  if (a === b || a === '.') continue;
  const edge = roomEdges.get(`${a}\t${b}`) ?? { from: a, to: b, runtime: 0, types: 0 };
  edge[runtime ? 'runtime' : 'types'] += 1;
  roomEdges.set(`${a}\t${b}`, edge);
  if (b !== '_shared' && path.basename(to).startsWith('_')) privateReaches.push(`${from} -> ${to}`);
}
const cycles = [];
const state = new Map();
const stack = [];
const visit = (room) => {
  state.set(room, 'visiting');
  stack.push(room);
  for (const edge of roomEdges.values()) {
    if (edge.from !== room) continue;
    if (state.get(edge.to) === 'visiting') {
      cycles.push([...stack.slice(stack.indexOf(edge.to)), edge.to].join(' -> '));
    } else if (!state.has(edge.to)) visit(edge.to);
  }
  stack.pop();
  state.set(room, 'done');
};
for (const edge of roomEdges.values()) if (!state.has(edge.from)) visit(edge.from);

if (args.includes('--json')) {
  console.log(
    JSON.stringify({ arrows, roomEdges: [...roomEdges.values()], privateReaches, cycles }, null, 1),
  );
} else {
  const rooms = new Map();
  for (const file of files.map(moved)) rooms.set(roomOf(file), (rooms.get(roomOf(file)) ?? 0) + 1);
  console.log(
    `${files.length} files, ${arrows.length} arrows inside testing/ (${
      arrows.filter((a) => a.runtime).length
    } at run time)`,
  );
  console.log(`rooms: ${[...rooms].map(([room, n]) => `${room} (${n})`).join(', ')}`);
  const crossing = arrows.filter(({ from, to }) =>
    roomOf(from) !== roomOf(to) && roomOf(from) !== '.'
  );
  console.log(`${crossing.length} arrows cross rooms:`);
  for (
    const edge of [...roomEdges.values()].sort((x, y) =>
      x.from.localeCompare(y.from) || x.to.localeCompare(y.to)
    )
  ) {
    console.log(
      `  ${edge.from} -> ${edge.to}: ${edge.runtime} at run time, ${edge.types} types only`,
    );
  }
  console.log(
    `private files reached across rooms: ${
      privateReaches.length ? '\n  ' + privateReaches.join('\n  ') : 'none'
    }`,
  );
  console.log(
    `room cycles (type imports included): ${cycles.length ? '\n  ' + cycles.join('\n  ') : 'none'}`,
  );
}
process.exitCode = privateReaches.length || cycles.length ? 1 : 0;
