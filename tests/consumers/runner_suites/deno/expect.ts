// The npm `expect` with the package's matchers and their types, as a Deno project
// sets it up once and imports it in its tests (scripts/check_package.mjs).
import { expect } from 'expect';
import { matchers, type ScriptedAgentsMatchers } from 'scripted-agents/runner';

declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown>
    extends ScriptedAgentsMatchers<R> {}
}

expect.extend(matchers);

export { expect };
