/**
 * The few runtime-specific facts the benchmark needs (name, version, forced
 * GC, heap size), detected from globals so one source runs under Node, Deno
 * and Bun without importing runtime modules.
 *
 * @module
 */

// deno-lint-ignore no-explicit-any
const g = globalThis as any;

/** Which runtime executes the benchmark. */
export type RuntimeName = 'node' | 'deno' | 'bun';

/** Name and version strings of the current runtime. */
export interface RuntimeInfo {
  readonly name: RuntimeName;
  readonly version: string;
  readonly engine: string;
}

/** Describes the current runtime. */
export function runtimeInfo(): RuntimeInfo {
  if (typeof g.Bun !== 'undefined') {
    return { name: 'bun', version: g.Bun.version, engine: 'JavaScriptCore' };
  }
  if (typeof g.Deno !== 'undefined') {
    return { name: 'deno', version: g.Deno.version.deno, engine: `V8 ${g.Deno.version.v8}` };
  }
  return { name: 'node', version: g.process.versions.node, engine: `V8 ${g.process.versions.v8}` };
}

/** True when {@link forceGc} can actually collect. */
export function canForceGc(): boolean {
  return typeof g.Bun !== 'undefined' || typeof g.gc === 'function';
}

/** A full, synchronous garbage collection (or nothing when the runtime does not allow it). */
export function forceGc(): void {
  if (typeof g.Bun !== 'undefined') g.Bun.gc(true);
  else if (typeof g.gc === 'function') g.gc();
}

/** Bytes of live JS heap as the runtime reports them. */
export function heapUsed(): number {
  if (typeof g.Deno !== 'undefined') return g.Deno.memoryUsage().heapUsed;
  return g.process.memoryUsage().heapUsed;
}

/**
 * CPU time (user + system, all threads) the process has used, in ms. On a
 * shared machine this is steadier than wall time: it does not grow while
 * another process holds the cores.
 */
export function cpuTime(): number {
  const usage = g.process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The script's command-line arguments (after the script path). */
export function scriptArgs(): readonly string[] {
  if (typeof g.Deno !== 'undefined') return g.Deno.args;
  return g.process.argv.slice(2);
}

/** Node's (or Bun's) `fs` module, reached through the global process object. */
function nodeFs(): {
  readFileSync(path: string, encoding: 'utf8'): string;
  writeFileSync(path: string, text: string): void;
} {
  return g.process.getBuiltinModule('node:fs');
}

/** The text of a file (the cassette the instruction count replays). */
export function readTextFile(path: string): string {
  if (typeof g.Deno !== 'undefined') return g.Deno.readTextFileSync(path);
  return nodeFs().readFileSync(path, 'utf8');
}

/** Writes a text file (the cassette recorded before the instruction count). */
export function writeTextFile(path: string, text: string): void {
  if (typeof g.Deno !== 'undefined') g.Deno.writeTextFileSync(path, text);
  else nodeFs().writeFileSync(path, text);
}

/** Writes one line of progress to stderr, keeping stdout for the JSON result. */
export function progress(line: string): void {
  // deno-lint-ignore no-console
  console.error(line);
}

/** Writes one line to stdout. */
export function output(line: string): void {
  // deno-lint-ignore no-console
  console.log(line);
}
