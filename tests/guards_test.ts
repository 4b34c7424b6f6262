// Project rules that no type checker enforces, checked on the sources in every
// runtime (under Node the tests run from npm/esm/tests/, so the repository root
// is found by walking up to deno.json and the TypeScript sources are read there):
// - the library (mod.ts, _internal/, testing/, realtime_testing/, cassette/, cassette_fs/) uses
//   web-standard APIs only: no Node built-ins, no Deno/Bun/process/Buffer globals;
//   the one exception is cassette_fs/, the file adapter, which may import
//   node:fs/promises and node:process (Node.js, Deno and Bun all provide them);
// - it imports only the SDK's public entry points, never the SDK's own doubles;
// - testing/ never reaches realtime_testing/ (nor the realtime SDK), so the root
//   entry does not drag realtime code into testing's import graph;
// - testing/ and realtime_testing/ never import each other; code shared by
//   several entry points lives in _internal/, which imports no entry folder, and
//   no folder reaches into another folder's private (_-prefixed) files;
// - testing/ is mod.ts and one folder (room) per double or capability: no room imports a
//   sibling room's private file (testing/_shared/ holds what several rooms share, for testing/
//   alone), and the rooms import each other without a cycle at run time;
// - no import cycles at run time;
// - doc examples use real assertions (no console.assert), and every error class
//   follows the one error convention (see CONTRIBUTING.md);
// - no test is skipped, focused or left as a todo.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as testingEntry from 'scripted-agents/testing';
import ts from 'typescript';
import { describe, test } from './_harness.ts';

const root = findRoot(path.dirname(fileURLToPath(import.meta.url)));
const libraryDirs = [
  '_internal',
  'testing',
  'realtime_testing',
  'cassette',
  'cassette_fs',
  'runner',
  'vitest',
  'jest',
  'node_test',
  'deno',
];

/**
 * The packages the library may import: the SDK's public entry points, and
 * jsdiff (`diff`, a dependency of the npm package), which only the viewer's
 * rendering (cassette/recording_view.ts and its private modules) uses.
 */
const allowedPackages = new Set([
  '@openai/agents-core',
  '@openai/agents-core/sandbox',
  '@openai/agents-realtime',
  'diff',
]);
/**
 * Node built-ins the edges alone may import: the file adapter (cassette_fs/) and
 * the runner adapters (runner/, vitest/, jest/, node_test/, deno/; these also their own runner).
 */
const fileAdapterModules = new Set([
  'node:fs/promises',
  'node:process',
  'node:async_hooks',
  'vitest',
  'expect',
  'node:test',
]);
const isFileAdapter = (file: string) =>
  ['cassette_fs/', 'runner/', 'vitest/', 'jest/', 'node_test/', 'deno/'].some((dir) =>
    rel(file).startsWith(dir)
  );
/** Globals that tie code to one runtime. */
const runtimeGlobals = new Set([
  'Deno',
  'Bun',
  'process',
  'Buffer',
  'NodeJS',
  'require',
  '__dirname',
  '__filename',
]);

function findRoot(start: string): string {
  for (let dir = start;; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'deno.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no deno.json above ${start}`);
  }
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
    return entry.isFile() ? [full] : [];
  });
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

const libraryFiles = [
  path.join(root, 'mod.ts'),
  ...libraryDirs.flatMap((dir) => walk(path.join(root, dir))),
].filter((f) => f.endsWith('.ts') && !f.endsWith('_test.ts')).sort();

interface ModuleImport {
  specifier: string;
  /** False for `import type`, `export type` and imports whose every name is a type. */
  runtime: boolean;
  /** True for `import(...)`: loaded when the code runs, not when the module is imported. */
  dynamic?: boolean;
  line: number;
}

interface ParsedModule {
  file: string;
  imports: ModuleImport[];
  globals: Array<{ name: string; line: number }>;
  source: ts.SourceFile;
}

const parsed = new Map<string, ParsedModule>();
function parse(file: string): ParsedModule {
  const cached = parsed.get(file);
  if (cached) return cached;
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const module: ParsedModule = { file, imports: [], globals: [], source };
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      module.imports.push({
        specifier: node.moduleSpecifier.text,
        runtime: !typeOnly,
        line: line(node),
      });
    } else if (
      ts.isExportDeclaration(node) && node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const typeOnly = node.isTypeOnly ||
        (clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      module.imports.push({
        specifier: node.moduleSpecifier.text,
        runtime: !typeOnly,
        line: line(node),
      });
    } else if (
      ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
    ) {
      const [argument] = node.arguments;
      module.imports.push({
        specifier: argument && ts.isStringLiteralLike(argument) ? argument.text : '<computed>',
        runtime: true,
        dynamic: true,
        line: line(node),
      });
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) {
        module.imports.push({ specifier: argument.literal.text, runtime: false, line: line(node) });
      }
    } else if (ts.isImportEqualsDeclaration(node)) {
      module.imports.push({ specifier: '<import = require>', runtime: true, line: line(node) });
    } else if (ts.isIdentifier(node) && runtimeGlobals.has(node.text) && isFreeReference(node)) {
      module.globals.push({ name: node.text, line: line(node) });
    } else if (
      ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression) &&
      runtimeGlobals.has(node.argumentExpression.text)
    ) {
      module.globals.push({ name: `[${node.argumentExpression.text}]`, line: line(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  parsed.set(file, module);
  return module;
}

/** True unless the identifier names a property, member or key rather than a binding in scope. */
function isFreeReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) {
    // `globalThis.process` is still the global.
    return ts.isIdentifier(parent.expression) &&
      ['globalThis', 'self', 'window'].includes(parent.expression.text);
  }
  if (ts.isQualifiedName(parent) && parent.right === node) return false;
  if (
    (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) ||
      ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent) ||
      ts.isMethodSignature(parent) || ts.isGetAccessorDeclaration(parent) ||
      ts.isSetAccessorDeclaration(parent) || ts.isEnumMember(parent) ||
      ts.isPropertyAccessExpression(parent)) && parent.name === node
  ) {
    return false;
  }
  if (ts.isBindingElement(parent) && parent.propertyName === node) return false;
  if (ts.isLabeledStatement(parent) || ts.isBreakOrContinueStatement(parent)) return false;
  return true;
}

function resolveRelative(from: string, specifier: string): string {
  return path.resolve(path.dirname(from), specifier);
}

/**
 * Every library module reachable from `entry` through relative imports (type imports too;
 * `runtimeOnly`: none; `onImport`: neither type nor dynamic imports, so only what importing
 * `entry` loads).
 */
function reachable(entry: string, runtimeOnly = false, onImport = false): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { specifier, runtime, dynamic } of parse(file).imports) {
      if (!specifier.startsWith('.') || ((runtimeOnly || onImport) && !runtime)) continue;
      if (onImport && dynamic) continue;
      const target = resolveRelative(file, specifier);
      if (existsSync(target)) pending.push(target);
    }
  }
  return seen;
}

/** One relative import, by repository path. */
interface RoomArrow {
  from: string;
  to: string;
  line: number;
}

/**
 * The room of a testing/ module: `testing/<room>/...`; `_shared` is the private folder the
 * rooms share. Undefined outside testing/ and for testing/mod.ts.
 */
function roomOf(file: string): string | undefined {
  const parts = file.split('/');
  return parts[0] === 'testing' && parts.length > 2 ? parts[1] : undefined;
}

/**
 * Imports that break testing/'s rooms: a room (or testing/mod.ts) importing another room's
 * `_` file, and any folder outside testing/ importing testing/_shared/.
 */
function roomOffences(arrows: RoomArrow[]): string[] {
  const offences: string[] = [];
  for (const { from, to, line } of arrows) {
    const toRoom = roomOf(to);
    if (toRoom === undefined) continue;
    const fromRoom = roomOf(from);
    if (!from.startsWith('testing/')) {
      if (toRoom === '_shared') {
        offences.push(`${from}:${line} imports testing/'s private shared file ${to}`);
      }
      continue;
    }
    if (fromRoom === toRoom || toRoom === '_shared') continue;
    if (path.posix.basename(to).startsWith('_')) {
      offences.push(
        `${from}:${line} (room ${
          fromRoom ?? 'testing'
        }) imports room ${toRoom}'s private file ${to}`,
      );
    }
  }
  return offences;
}

/** Cycles between testing/'s rooms through run-time imports, each with one arrow per step. */
function roomCycles(arrows: RoomArrow[]): string[] {
  const edges = new Map<string, Map<string, string>>();
  for (const { from, to, line } of arrows) {
    const a = roomOf(from);
    const b = roomOf(to);
    // Type imports count too: the house has no back arrow of any kind.
    if (a === undefined || b === undefined || a === b) continue;
    const out = edges.get(a) ?? new Map<string, string>();
    if (!out.has(b)) out.set(b, `${from}:${line}`);
    edges.set(a, out);
  }
  const cycles: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (room: string): void => {
    state.set(room, 'visiting');
    stack.push(room);
    for (const next of edges.get(room)?.keys() ?? []) {
      if (state.get(next) === 'visiting') {
        const loop = [...stack.slice(stack.indexOf(next)), next];
        const via = loop.slice(1).map((to, i) => edges.get(loop[i])!.get(to)!);
        cycles.push(`${loop.join(' -> ')} (${via.join(', ')})`);
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(room, 'done');
  };
  for (const room of [...edges.keys()].sort()) if (!state.has(room)) visit(room);
  return cycles;
}

describe('guards: library', () => {
  test('the library sources exist where the guards look for them', () => {
    assert.ok(libraryFiles.includes(path.join(root, 'testing', 'mod.ts')));
    assert.ok(libraryFiles.includes(path.join(root, 'realtime_testing', 'mod.ts')));
    assert.ok(libraryFiles.length >= 3);
  });

  test('uses no Deno, Bun, process, Buffer or other runtime-specific global', () => {
    const offenders = libraryFiles.flatMap((file) =>
      parse(file).globals.map(({ name, line }) => `${rel(file)}:${line} uses ${name}`)
    );
    assert.deepEqual(offenders, []);
  });

  test('imports no node:* module (cassette_fs/: node:fs/promises and node:process only) and only public SDK entry points', () => {
    const offenders = libraryFiles.flatMap((file) =>
      parse(file).imports
        .filter(({ specifier }) => !specifier.startsWith('.') && !allowedPackages.has(specifier))
        .filter(({ specifier }) => !(isFileAdapter(file) && fileAdapterModules.has(specifier)))
        .map(({ specifier, line }) => `${rel(file)}:${line} imports ${specifier}`)
    );
    assert.deepEqual(offenders, []);
  });

  test('jsdiff stays in the viewer, which the cassette entry does not reach', () => {
    const viewer = (file: string) =>
      /^cassette\/(recording_view|_view_[a-z_]+)\.ts$/.test(rel(file));
    const offenders = libraryFiles.flatMap((file) =>
      parse(file).imports
        .filter(({ specifier }) => specifier === 'diff' && !viewer(file))
        .map(({ line }) => `${rel(file)}:${line} imports diff`)
    );
    assert.deepEqual(offenders, []);
    const fromEntry = [...reachable(path.join(root, 'cassette', 'mod.ts'))].filter(viewer).map(rel);
    assert.deepEqual(fromEntry, []);
  });

  test('relative imports name existing .ts files inside the library', () => {
    const offenders = libraryFiles.flatMap((file) =>
      parse(file).imports
        .filter(({ specifier }) => specifier.startsWith('.'))
        .filter(({ specifier }) => {
          const target = resolveRelative(file, specifier);
          return !specifier.endsWith('.ts') || !libraryFiles.includes(target);
        })
        .map(({ specifier, line }) => `${rel(file)}:${line} imports ${specifier}`)
    );
    assert.deepEqual(offenders, []);
  });

  test('testing/ never reaches realtime_testing/, the root entry or the realtime SDK', () => {
    const testingFiles = libraryFiles.filter((f) => rel(f).startsWith('testing/'));
    const offenders: string[] = [];
    for (const file of testingFiles) {
      for (const reached of reachable(file)) {
        const name = rel(reached);
        if (name.startsWith('realtime_testing/') || name === 'mod.ts') {
          offenders.push(`${rel(file)} reaches ${name}`);
        }
        for (const { specifier, line } of parse(reached).imports) {
          if (specifier.startsWith('@openai/agents-realtime')) {
            offenders.push(`${name}:${line} (reached from ${rel(file)}) imports ${specifier}`);
          }
        }
      }
    }
    assert.deepEqual([...new Set(offenders)], []);
  });

  test('the root entry re-exports both halves without linking them', () => {
    const rootImports = parse(path.join(root, 'mod.ts')).imports.map((i) => i.specifier).sort();
    assert.deepEqual(rootImports, ['./realtime_testing/mod.ts', './testing/mod.ts']);
    const testingGraph = reachable(path.join(root, 'testing', 'mod.ts'));
    assert.equal(testingGraph.has(path.join(root, 'mod.ts')), false);
    assert.deepEqual(
      [...testingGraph].map(rel).filter((f) => !/^(testing|_internal)\//.test(f)),
      [],
    );
  });

  test("no folder reaches another folder's private files, and _internal/ imports no entry", () => {
    // _internal/ holds what several entry points share; other folders may use
    // each other only through public (non-underscore) modules.
    const folderOf = (file: string) => {
      const parts = rel(file).split('/');
      return parts.length > 1 ? parts[0] : '';
    };
    const offenders: string[] = [];
    for (const file of libraryFiles) {
      const from = folderOf(file);
      for (const { specifier, line } of parse(file).imports) {
        if (!specifier.startsWith('.')) continue;
        const target = resolveRelative(file, specifier);
        const to = folderOf(target);
        if (from === to || from === '') continue;
        if (from === '_internal') {
          offenders.push(`${rel(file)}:${line}: _internal/ imports the entry file ${rel(target)}`);
        } else if (to !== '_internal' && path.basename(target).startsWith('_')) {
          offenders.push(`${rel(file)}:${line} imports the private file ${rel(target)}`);
        }
      }
    }
    assert.deepEqual(offenders, []);
  });

  test('testing/ is mod.ts and one folder per double or capability: its rooms', () => {
    const loose = libraryFiles.map(rel).filter((file) =>
      file.startsWith('testing/') && file !== 'testing/mod.ts' && file.split('/').length === 2
    );
    assert.deepEqual(loose, [], 'every testing/ module lives in a room (testing/<room>/)');
  });

  test("no room reaches a sibling room's private file, and the rooms have no cycle", () => {
    const arrows = libraryFiles.flatMap((file) =>
      parse(file).imports.filter(({ specifier }) => specifier.startsWith('.')).map((
        { specifier, line },
      ) => ({ from: rel(file), to: rel(resolveRelative(file, specifier)), line }))
    );
    assert.deepEqual(roomOffences(arrows), []);
    assert.deepEqual(roomCycles(arrows), []);
  });

  test('the room rules catch a reach into a sibling private file and a room cycle', () => {
    // The rules on made-up arrows, so a change that blinds them fails here.
    const arrows: RoomArrow[] = [
      { from: 'testing/mcp/scripted_mcp_server.ts', to: 'testing/model/_model_input.ts' },
      { from: 'testing/mcp/scripted_mcp_server.ts', to: 'testing/_shared/_script_steps.ts' },
      { from: 'testing/mcp/scripted_mcp_server.ts', to: 'testing/model/model_steps.ts' },
      { from: 'cassette/cassette.ts', to: 'testing/_shared/_sdk_types.ts' },
      { from: 'testing/model/model_steps.ts', to: 'testing/mcp/scripted_mcp_server_types.ts' },
      { from: 'testing/model/model_steps.ts', to: 'testing/trajectory/trajectory_types.ts' },
      { from: 'testing/trajectory/trajectory.ts', to: 'testing/model/model_calls.ts' },
    ].map((arrow, i) => ({ ...arrow, line: i + 1 }));
    assert.deepEqual(roomOffences(arrows), [
      "testing/mcp/scripted_mcp_server.ts:1 (room mcp) imports room model's private file " +
      'testing/model/_model_input.ts',
      "cassette/cassette.ts:4 imports testing/'s private shared file testing/_shared/_sdk_types.ts",
    ]);
    // Every import counts, a type import too: model -> trajectory -> model.
    assert.deepEqual(roomCycles(arrows), [
      'mcp -> model -> mcp (testing/mcp/scripted_mcp_server.ts:1, testing/model/model_steps.ts:5)',
      'model -> trajectory -> model (testing/model/model_steps.ts:6, testing/trajectory/trajectory.ts:7)',
    ]);
  });

  test('only cassette_fs/ reaches node:* modules: cassette/ stays web-standard', () => {
    const offenders: string[] = [];
    for (const file of libraryFiles.filter((f) => !isFileAdapter(f))) {
      for (const reached of reachable(file)) {
        if (isFileAdapter(reached)) offenders.push(`${rel(file)} reaches ${rel(reached)}`);
      }
    }
    assert.deepEqual([...new Set(offenders)], []);
  });

  test('testing/ and realtime_testing/ never import each other', () => {
    const offenders = libraryFiles.flatMap((file) => {
      const from = rel(file).split('/')[0];
      if (from !== 'testing' && from !== 'realtime_testing') return [];
      return parse(file).imports
        .filter(({ specifier }) => specifier.startsWith('.'))
        .map(({ specifier, line }) => ({ target: rel(resolveRelative(file, specifier)), line }))
        .filter(({ target }) =>
          target.startsWith(from === 'testing' ? 'realtime_testing/' : 'testing/')
        )
        .map(({ target, line }) => `${rel(file)}:${line} imports ${target}`);
    });
    assert.deepEqual(offenders, []);
  });

  test('has no import cycle at run time', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'visiting');
      stack.push(file);
      for (const { specifier, runtime } of parse(file).imports) {
        if (!runtime || !specifier.startsWith('.')) continue;
        const target = resolveRelative(file, specifier);
        if (!existsSync(target)) continue;
        if (state.get(target) === 'visiting') {
          cycles.push([...stack.slice(stack.indexOf(target)), target].map(rel).join(' -> '));
        } else if (!state.has(target)) {
          visit(target);
        }
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of libraryFiles) if (!state.has(file)) visit(file);
    assert.deepEqual(cycles, []);
  });

  test('the runner entries load the cassette code only when a test opens a cassette', () => {
    // Every test file under a setup entry imports it, and most of them open no cassette.
    const entries = ['vitest', 'jest', 'node_test', 'runner'].map((dir) =>
      path.join(root, dir, 'mod.ts')
    );
    const loaded = entries.flatMap((entry) =>
      [...reachable(entry, true, true)].map(rel).filter((file) => /^cassette(_fs)?\//.test(file))
        .map((file) => `${rel(entry)} loads ${file}`)
    );
    assert.deepEqual(loaded, []);
    // The guard itself: useCassette still reaches the cassette code, through its dynamic import.
    const useCassette = path.join(root, 'runner', 'use_cassette.ts');
    assert.equal(reachable(useCassette, true).has(path.join(root, 'cassette_fs', 'mod.ts')), true);
  });

  test('the testing entry loads the schema value generator and the answer reader on first use', () => {
    // Most test files import the testing entry without making a value or exploring.
    const lazy = [
      'testing/_shared/_schema_values.ts',
      'testing/explore/_explore_answer.ts',
      'testing/explore/_explore_values.ts',
    ];
    const entry = path.join(root, 'testing', 'mod.ts');
    const loaded = [...reachable(entry, true, true)].map(rel);
    assert.deepEqual(lazy.filter((file) => loaded.includes(file)), []);
    const reached = [...reachable(entry, true)].map(rel);
    assert.deepEqual(lazy.filter((file) => !reached.includes(file)), []);
  });

  // A static import: loading the SDK starts timers and signal listeners that
  // Deno's sanitizers would pin on whichever test imported it first.
  test('the testing entry does not expose the realtime double at run time', () => {
    assert.equal('ScriptedRealtimeTransport' in testingEntry, false);
    assert.equal('runScenario' in testingEntry, false);
  });
});

describe('guards: conventions', () => {
  test('doc examples assert for real: no console.assert in the library', () => {
    const offenders = libraryFiles.flatMap((file) =>
      readFileSync(file, 'utf8').split('\n').flatMap((text, i) =>
        text.includes('console.assert') ? [`${rel(file)}:${i + 1}`] : []
      )
    );
    assert.deepEqual(offenders, []);
  });

  test('every error class follows the error convention of CONTRIBUTING.md', () => {
    const offenders: string[] = [];
    let errorClasses = 0;
    for (const file of libraryFiles) {
      const { source } = parse(file);
      const where = (node: ts.Node) =>
        `${rel(file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const visit = (node: ts.Node): void => {
        if (ts.isClassDeclaration(node) && extendsError(node)) {
          errorClasses++;
          offenders.push(...errorConventionProblems(node).map((p) => `${where(node)} ${p}`));
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    assert.ok(errorClasses >= 12, `found ${errorClasses} error classes`);
    assert.deepEqual(offenders, []);
  });
});

function extendsError(node: ts.ClassDeclaration): boolean {
  return (node.heritageClauses ?? []).some((clause) =>
    clause.token === ts.SyntaxKind.ExtendsKeyword &&
    clause.types.some((t) => ts.isIdentifier(t.expression) && t.expression.text === 'Error')
  );
}

/**
 * Error classes whose `name` is the name of an error recorded elsewhere, not a
 * name of their own: the SDK's retry and cancellation checks read `name`, so a
 * replayed `AbortError` must still be called that. Every other rule applies.
 */
const replaysRecordedName = new Set(['RecordedModelError']);

/**
 * Fields declared without initialisers, `override readonly name` typed as a
 * string literal, and a constructor that assigns that literal to `this.name`
 * as its last statement: `Object.keys(error)` then lists the fields and `name`
 * in the same order under define and assign class-field semantics.
 */
function errorConventionProblems(node: ts.ClassDeclaration): string[] {
  const problems: string[] = [];
  const has = (member: ts.ClassElement, kind: ts.SyntaxKind) =>
    (ts.getModifiers(member as ts.HasModifiers) ?? []).some((m) => m.kind === kind);
  let literal: string | undefined;
  let declaresName = false;
  for (const member of node.members) {
    if (!ts.isPropertyDeclaration(member) || has(member, ts.SyntaxKind.StaticKeyword)) continue;
    const name = member.name.getText();
    if (member.initializer !== undefined) problems.push(`field ${name} has an initialiser`);
    if (name !== 'name') continue;
    declaresName = true;
    if (
      !has(member, ts.SyntaxKind.OverrideKeyword) || !has(member, ts.SyntaxKind.ReadonlyKeyword)
    ) {
      problems.push('name is not `override readonly`');
    }
    const type = member.type;
    if (type !== undefined && ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) {
      literal = type.literal.text;
    } else if (!replaysRecordedName.has(node.name?.text ?? '')) {
      problems.push('name has no string-literal type');
    }
  }
  if (!declaresName) problems.push('declares no name');
  if (literal === undefined) return problems;
  const constructor = node.members.find(ts.isConstructorDeclaration);
  const last = constructor?.body?.statements.at(-1);
  const assignsName = last !== undefined && ts.isExpressionStatement(last) &&
    ts.isBinaryExpression(last.expression) &&
    last.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    last.expression.left.getText() === 'this.name' &&
    ts.isStringLiteral(last.expression.right) && last.expression.right.text === literal;
  if (!assignsName) problems.push(`the constructor does not end with this.name = '${literal}'`);
  return problems;
}

describe('guards: configuration', () => {
  test("the sandbox doubles' stated SDK floor is the measured one", () => {
    // npm run compat measures each double's floor into scripts/_lib.mjs `sdkFloors`;
    // SandboxSdkUnavailableError tells users the sandbox one.
    const stated = /export const sandboxSdkFloor = '([\d.]+)';/.exec(
      readFileSync(path.join(root, 'testing', 'sandbox', '_sdk_sandbox.ts'), 'utf8'),
    )?.[1];
    const measured = /^\s+sandbox: '([\d.]+)',$/m.exec(
      readFileSync(path.join(root, 'scripts', '_lib.mjs'), 'utf8'),
    )?.[1];
    assert.ok(stated !== undefined && measured !== undefined);
    assert.equal(stated, measured);
  });

  test("deno.json's npm: imports use exactly package.json's version ranges", () => {
    const denoJson = JSON.parse(readFileSync(path.join(root, 'deno.json'), 'utf8'));
    const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const ranges: Record<string, string> = {
      ...packageJson.dependencies,
      ...packageJson.devDependencies,
    };
    const mismatches: string[] = [];
    let checked = 0;
    for (const [key, target] of Object.entries<string>(denoJson.imports ?? {})) {
      const match = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)/.exec(target);
      if (match === null) continue;
      const [, name, range] = match;
      checked += 1;
      if (ranges[name] !== range) {
        mismatches.push(`${key}: deno.json has ${name}@${range}, package.json ${ranges[name]}`);
      }
    }
    assert.ok(checked > 0, 'deno.json maps no npm: packages');
    assert.deepEqual(mismatches, []);
  });
});

describe('guards: tests', () => {
  const testFiles = walk(path.join(root, 'tests')).filter((f) => /\.(ts|mts|js|mjs)$/.test(f));
  const focusOrSkip = new Set(['skip', 'only', 'todo']);
  const testCallees = new Set(['test', 'it', 'describe', 'suite', 'step']);

  test('finds the test files', () => {
    assert.ok(testFiles.some((f) => rel(f) === 'tests/guards_test.ts'));
  });

  test('no test uses .skip, .only, .todo or their option forms', () => {
    const offenders: string[] = [];
    for (const file of testFiles) {
      const source = parse(file).source;
      const report = (node: ts.Node, what: string) => {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        offenders.push(`${rel(file)}:${line} ${what}`);
      };
      const visit = (node: ts.Node): void => {
        if (ts.isPropertyAccessExpression(node) && focusOrSkip.has(node.name.text)) {
          report(node, `.${node.name.text}`);
        }
        if (ts.isCallExpression(node) && isTestCall(node.expression, testCallees)) {
          for (const argument of node.arguments) {
            if (!ts.isObjectLiteralExpression(argument)) continue;
            for (const property of argument.properties) {
              const name = property.name && ts.isIdentifier(property.name)
                ? property.name.text
                : '';
              if (focusOrSkip.has(name) || name === 'ignore') report(property, `{ ${name} }`);
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    assert.deepEqual(offenders, []);
  });
});

/** `test(...)`, `Deno.test(...)`, `t.step(...)` and the like. */
function isTestCall(callee: ts.Expression, names: Set<string>): boolean {
  if (ts.isIdentifier(callee)) return names.has(callee.text);
  return ts.isPropertyAccessExpression(callee) && names.has(callee.name.text);
}
