// The matchers on bun:test's `expect(...)`, as a Bun project declares them once
// (docs/test_runners.md): scripts/check_package.mjs type-checks the suite with it.
import type { ScriptedAgentsMatchers } from 'scripted-agents/runner';

declare module 'bun:test' {
  interface Matchers<T = unknown> extends ScriptedAgentsMatchers<void> {}
}
