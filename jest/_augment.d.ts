// Appended to this entry's npm declarations by scripts/build_npm.mjs (JSR accepts no
// module augmentation): the matchers on the `expect` of @jest/globals (the `expect`
// package's) and on the global `expect` of @types/jest.
import type {} from 'expect';

declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown>
    extends ScriptedAgentsMatchers<R> {}
}

declare global {
  namespace jest {
    // deno-lint-ignore ban-types
    interface Matchers<R, T = {}> extends ScriptedAgentsMatchers<R> {}
  }
}
