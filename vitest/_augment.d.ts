// Appended to this entry's npm declarations by scripts/build_npm.mjs (JSR accepts no
// module augmentation): the matchers on Vitest's `expect(...)`.
declare module 'vitest' {
  // deno-lint-ignore no-explicit-any
  interface Matchers<T = any> extends ScriptedAgentsMatchers<void> {}
}
