// Command lines the scripts share, spelled once.

/** `deno <buildNpmArgs> [flags]` runs the npm build with exactly the permissions it needs. */
export const buildNpmArgs = Object.freeze([
  'run',
  '--allow-read',
  '--allow-write',
  '--allow-env',
  '--allow-run',
  'scripts/build_npm.ts',
]);
